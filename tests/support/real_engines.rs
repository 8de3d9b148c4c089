//! What the tests of real third-party engines behind adapters share
//! (tests/node_adapters.rs, tests/cgt_adapter.rs): where their installs go,
//! when a missing tool may skip a test, one run of the whole spec read from
//! its JSON report, and the lists of known failures that a run must match
//! exactly (rewritten from the run under `RULECHECK_BLESS_ADAPTERS=1`).
//!
//! Needs `mod process;` (tests/support/process.rs) beside it in the test crate.

#![allow(dead_code)] // each test uses its own part of this module

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use rulecheck::catalog::Catalog;
use rulecheck::runner;

use crate::process::{rulecheck, ROOT};

/// `target/` (or `$CARGO_TARGET_DIR`): two levels above the binary.
pub fn target_dir() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_rulecheck"));
    bin.parent().and_then(Path::parent).expect("the binary lives in <target>/<profile>/").to_path_buf()
}

pub fn output(cmd: &mut Command) -> Result<std::process::Output, String> {
    cmd.current_dir(ROOT).output().map_err(|e| format!("cannot run {cmd:?}: {e}"))
}

pub fn show(out: &std::process::Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A tool the test needs is missing: the test is skipped with the message,
/// except under CI (`CI` set), where every real-engine test must run and a
/// missing tool is a failure.
pub fn missing(what: &str) {
    assert!(std::env::var_os("CI").is_none(), "CI must run every real-engine test, but {what}");
    eprintln!("SKIPPED: {what}");
}

/// Said on the real standard error, past the test harness's capture, so
/// that a first `cargo test` shows why it waits.
pub fn say(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Single-quoted for rulecheck's shell-like splitting of `--engine`.
pub fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

/// Every scenario id of the spec (`spec/<file>::<name>`) with the clauses it cites.
pub fn clauses_by_scenario() -> BTreeMap<String, Vec<String>> {
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let spec = Path::new(ROOT).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Default::default());
    assert!(
        errors.is_empty(),
        "the spec loads: {}",
        errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    );
    let mut out = BTreeMap::new();
    for f in &files {
        let rel = f.path.strip_prefix(ROOT).unwrap_or(&f.path);
        let rel = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/");
        for s in &f.scenarios {
            out.insert(format!("{rel}::{}", s.name), s.clauses.iter().map(|c| c.value.clone()).collect());
        }
    }
    out
}

/// The scenarios of `ids` that cite the clause.
pub fn citing<'a>(ids: &'a BTreeSet<String>, clauses: &BTreeMap<String, Vec<String>>, clause: &str) -> Vec<&'a str> {
    ids.iter()
        .filter(|id| clauses.get(id.as_str()).is_some_and(|cs| cs.iter().any(|c| c == clause)))
        .map(|s| s.as_str())
        .collect()
}

/// One run of the whole spec against an engine, from its JSON report.
pub struct SpecRun {
    pub code: Option<i32>,
    /// Scenario id -> outcome (`pass`, `fail`, `skip`, `error`, ...).
    pub outcomes: BTreeMap<String, String>,
    /// Scenario id -> the details of its failures, one a line.
    pub details: BTreeMap<String, String>,
    pub all: String,
}

impl SpecRun {
    pub fn with(&self, outcome: &str) -> BTreeSet<String> {
        self.outcomes.iter().filter(|(_, o)| o.as_str() == outcome).map(|(id, _)| id.clone()).collect()
    }
}

pub fn run_spec(name: &str, engine: &str) -> SpecRun {
    let started = std::time::Instant::now();
    let run = rulecheck(&["run", "--engine", engine, "--format", "json", "--jobs", "2"]);
    eprintln!("{name}: the spec ran in {:.1}s", started.elapsed().as_secs_f64());
    let report: serde_json::Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{name}: the JSON report reads ({e}):\n{}", run.all()));
    let mut outcomes = BTreeMap::new();
    let mut details = BTreeMap::new();
    for s in report["scenarios"].as_array().unwrap_or_else(|| panic!("{name}: no scenarios in:\n{}", run.all())) {
        let id = s["id"].as_str().expect("a scenario id").to_string();
        let text: Vec<&str> =
            s["failures"].as_array().into_iter().flatten().filter_map(|f| f["detail"].as_str()).collect();
        details.insert(id.clone(), text.join("\n"));
        outcomes.insert(id, s["outcome"].as_str().expect("an outcome").to_string());
    }
    SpecRun { code: run.code, outcomes, details, all: run.all() }
}

/// The ids listed in a file of scenario ids (one a line, `#` comments).
pub fn read_list(list: &str) -> BTreeSet<String> {
    std::fs::read_to_string(Path::new(ROOT).join(list))
        .unwrap_or_else(|e| panic!("{list}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Check that `got` is exactly the list in `list`; under
/// `RULECHECK_BLESS_ADAPTERS=1`, first rewrite the list from `got` with the
/// header's lines as comments.
pub fn matches_list(name: &str, got: &BTreeSet<String>, list: &str, header: &[String], test: &str) {
    if std::env::var_os("RULECHECK_BLESS_ADAPTERS").is_some() {
        let mut text: String = header.iter().map(|l| format!("# {l}\n")).collect();
        for id in got {
            text.push_str(id);
            text.push('\n');
        }
        std::fs::write(Path::new(ROOT).join(list), text).unwrap_or_else(|e| panic!("write {list}: {e}"));
    }
    let expected = read_list(list);
    let new: Vec<&str> = got.difference(&expected).map(String::as_str).collect();
    let gone: Vec<&str> = expected.difference(got).map(String::as_str).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "{name}: the scenarios differ from {list}\nnew:\n  {}\nno longer there:\n  {}\n\
         (RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test {test} rewrites the list)",
        new.join("\n  "),
        gone.join("\n  "),
    );
}

/// A run with the expected-failures list: every failure is an expected one.
/// The exit code is 0, or 3 when the engine refuses some scenarios with an
/// `error` (`refused` of them), which no list can expect.
pub fn passes_with_list(name: &str, engine: &str, list: &str, failing: usize, refused: usize) {
    let o = rulecheck(&["run", "--engine", engine, "--jobs", "2", "--expected-failures", list]);
    let code = if refused == 0 { 0 } else { 3 };
    assert_eq!(o.code, Some(code), "{name}: every failure is an expected one:\n{}", o.all());
    let summary = o.stdout.lines().last().unwrap_or("");
    assert!(summary.contains(" 0 failed"), "{name}: {summary}\n{}", o.all());
    if failing > 0 {
        assert!(o.stdout.contains(&format!("{failing} expected failure")), "{}", o.all());
    }
    if refused > 0 {
        assert!(summary.contains(&format!("{refused} engine error")), "{name}: {summary}\n{}", o.all());
    }
}
