//! `run --summary FILE`: the Markdown summary a CI job shows on its page,
//! from a run of a small Python engine (fixtures/engines/little_english.py,
//! which knows no draw) over two of the English files, one of its failures
//! listed as expected: the counts, each failure under its clause with the
//! clause's rule, the expected failures by clause, and the skips by reason.

use std::path::Path;
use std::process::Command;

use crate::support::process::ROOT;

#[test]
fn the_summary_groups_failures_by_clause_with_their_rules() {
    let dir = tempfile::tempdir().expect("temp dir");
    let summary = dir.path().join("summary.md");
    let expected = dir.path().join("expected");
    std::fs::write(
        &expected,
        "spec/english/draws.yaml::kings shuffling back to the starting position for the third time draw\n",
    )
    .expect("the expected-failures list");
    let out = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(["run", "--engine", "python3 fixtures/engines/little_english.py", "--summary"])
        .arg(&summary)
        .arg("--expected-failures")
        .arg(&expected)
        .args(["spec/english/draws.yaml", "spec/english/kings.yaml"])
        .env("PYTHONPATH", Path::new(ROOT).join("python"))
        .current_dir(ROOT)
        .output()
        .expect("rulecheck runs");
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{all}");
    let text = std::fs::read_to_string(&summary).expect("the summary is written");
    insta::assert_snapshot!("summary-little-english", text);
}
