//! Bad catalog pages: every directory under `fixtures/bad-catalog/` is a
//! catalog (`--catalog DIR`) whose one page holds one defect of its
//! `readings:`, of a clause's `sentences:` or of its `deviations:`. Each
//! must be refused when the catalog loads, with exit code 2, naming the
//! page and the `line:column` of the defect; the messages are snapshotted,
//! one named snapshot per fixture.

use std::path::Path;

use crate::support::process;
use process::{rulecheck, ROOT};

/// Each fixture with the text its error must point at.
const FIXTURES: &[(&str, &str)] = &[
    ("anchor-malformed", "4@abc"),
    ("anchor-twice", "3@0123456789ab]"),
    ("anchor-unknown-page", "dama.tk"),
    ("deviation-twice", "\"men move backward\"\n"),
    ("deviation-unknown", "\"men move backwards\""),
    ("reading-no-source", "[]"),
    ("reading-numeric-option", "players"),
    ("reading-twice", "mid-capture-promotion\n"),
    ("reading-unknown-clause", "turkish.promotion.midcapture"),
    ("reading-unknown-key", "source:"),
    ("reading-unknown-option", "mid-capture-promotoin"),
    ("reading-unknown-value", "stop"),
    ("reading-value-missing", "- value: man"),
    (
        "reading-value-twice",
        "man\n        reading: The rule read as man.\n        sources:\n          - \"a source\"\n",
    ),
    ("reading-wrong-default", "king\n"),
];

/// The one page of a fixture's catalog, relative to the crate root.
fn page_of(stem: &str) -> String {
    let dir = Path::new(ROOT).join("fixtures/bad-catalog").join(stem);
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .expect("fixture directory")
        .map(|e| format!("fixtures/bad-catalog/{stem}/{}", e.expect("entry").file_name().to_string_lossy()))
        .collect();
    assert_eq!(pages.len(), 1, "{stem}: one page a fixture");
    pages.remove(0)
}

/// The byte offset of `line:column` (1-based, columns in characters).
fn offset(src: &str, line: usize, col: usize) -> usize {
    let start: usize = src.split_inclusive('\n').take(line - 1).map(str::len).sum();
    start + src[start..].chars().take(col - 1).map(char::len_utf8).sum::<usize>()
}

#[test]
fn every_bad_reading_is_refused_at_its_place() {
    let on_disk: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("fixtures/bad-catalog"))
        .expect("fixtures/bad-catalog")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    for stem in &on_disk {
        assert!(FIXTURES.iter().any(|(s, _)| s == stem), "fixtures/bad-catalog/{stem} has no entry in FIXTURES");
    }
    for (stem, needle) in FIXTURES {
        let page = page_of(stem);
        let o = rulecheck(&["--catalog", &format!("fixtures/bad-catalog/{stem}"), "readings"]).bad_input();
        let place = o.stderr.strip_prefix(&format!("error: {page}:")).unwrap_or_else(|| panic!("{stem}: {}", o.all()));
        let mut nums = place.splitn(3, ':').map(|n| n.parse::<usize>());
        let (Some(Ok(line)), Some(Ok(col))) = (nums.next(), nums.next()) else {
            panic!("{stem}: no line:column after the page's name:\n{}", o.all())
        };
        let src = std::fs::read_to_string(Path::new(ROOT).join(&page)).expect("page");
        let at = &src[offset(&src, line, col)..];
        assert!(at.starts_with(needle), "{stem}: the error points at {:?}, not at {needle:?}", &at[..at.len().min(40)]);
        insta::assert_snapshot!(*stem, o.stderr);
    }
}
