//! `rulecheck card`: a variant's rules as a Markdown card, snapshotted for
//! the default English rules, Czech under another reading, Chinese
//! checkers, and English beside an engine's fingerprint (a fixture, and
//! one taken from a deviating engine in the test); written to a file as
//! other outputs are; and the bad fingerprint files refused by name.

use std::path::Path;

use crate::support::process::{file_and_link, rulecheck, write_file};

/// The default English card, Czech under a reading that is not the
/// default (said at the house rules and at the clause it reads), and
/// Chinese checkers.
#[test]
fn the_cards_of_three_variants() {
    for (name, args) in [
        ("card_english", &["card", "english"][..]),
        ("card_czech_king_landing_any", &["card", "czech", "-o", "king-landing=any"][..]),
        ("card_chinese_checkers", &["card", "chinese-checkers"][..]),
    ] {
        let o = rulecheck(args).ok();
        insta::assert_snapshot!(name, o.stdout);
    }
    let o = rulecheck(&["card", "czech", "-o", "king-landing=any"]).ok();
    o.stdout_has("- `king-landing=any` (the default is `continuing`)");
    o.stdout_has("Read here as `king-landing=any`, not the default `continuing`");
}

/// A clause no scenario shows has no example: none is made up for it.
#[test]
fn a_clause_without_a_scenario_gets_no_example() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = write_file(
        dir.path(),
        "one.yaml",
        "variant: english\npage: checkers.hi\nscenarios:\n  - name: a man steps forward\n    clauses: [english.move.man]\n    expect:\n      legal: [9-13]\n",
    );
    let o = rulecheck(&["card", "english", "--spec", &spec.to_string_lossy()]).ok();
    let lines: Vec<&str> = o.stdout.lines().filter(|l| l.starts_with("- ") && l.contains("`english.")).collect();
    let with: Vec<&&str> = lines.iter().filter(|l| l.contains("e.g.")).collect();
    assert_eq!(with.len(), 1, "{}", o.stdout);
    assert!(with[0].contains("`english.move.man`; e.g. `9-13`[^1]"), "{}", o.stdout);
    o.stdout_has("one.yaml::a man steps forward`");
}

#[test]
fn the_card_beside_a_fingerprint_says_where_the_engine_differs() {
    let o = rulecheck(&["card", "english", "--fingerprint", "fixtures/fingerprint/english.json"]).ok();
    o.stdout_has("- It follows `no-progress=wcdf`, not this card's `site`");
    o.stdout_has("- Unexplained: 1 scenario.");
    insta::assert_snapshot!("card_english_fingerprint", differs(&o.stdout));
}

/// The fingerprint `rulecheck fingerprint --json` writes of an engine whose
/// chains may stop, read back by the card.
#[test]
fn the_card_reads_what_fingerprint_writes() {
    let bin = env!("CARGO_BIN_EXE_rulecheck");
    let engine = format!("{bin} serve --deviate chains-may-stop");
    let print = rulecheck(&["fingerprint", "--engine", &engine, "english", "--json"]).exits(1);
    let dir = tempfile::tempdir().expect("temp dir");
    let file = write_file(dir.path(), "print.json", &print.stdout);
    let o = rulecheck(&["card", "english", "--fingerprint", &file.to_string_lossy()]).ok();
    insta::assert_snapshot!("card_english_chains_may_stop", differs(&o.stdout).replace(bin, "rulecheck"));
}

/// The section "Where this engine differs", without the footnotes after it.
fn differs(card: &str) -> String {
    let from = card.find("## Where this engine differs").expect("the section");
    let to = card[from..].find("\n[^").map_or(card.len(), |i| from + i);
    card[from..to].to_string()
}

/// `-O` writes the card as other outputs are written: the same text as on
/// standard output, a file replaced whole (its other link keeps the old
/// text), and never over an input of the card.
#[test]
fn the_card_written_to_a_file() {
    let printed = rulecheck(&["card", "english"]).ok().stdout;
    let dir = tempfile::tempdir().expect("temp dir");
    let (card, link) = file_and_link(dir.path(), "card.md", "old card");
    let o = rulecheck(&["card", "english", "-O", &card.to_string_lossy()]).ok();
    assert_eq!(o.stdout, "");
    assert_eq!(std::fs::read_to_string(&card).expect("card"), printed);
    assert_eq!(std::fs::read_to_string(&link).expect("old"), "old card");
    let print = dir.path().join("print.json");
    std::fs::copy(Path::new("fixtures/fingerprint/english.json"), &print).expect("copy");
    let path = print.to_string_lossy().into_owned();
    let o = rulecheck(&["card", "english", "--fingerprint", &path, "--output", &path]).bad_input();
    o.stderr_has("an input of this card");
    assert_eq!(
        std::fs::read_to_string(&print).expect("read"),
        std::fs::read_to_string("fixtures/fingerprint/english.json").expect("read")
    );
}

#[test]
fn bad_fingerprint_files_are_refused_naming_the_file() {
    for (name, variant, file) in [
        ("card_bad_fingerprint_not_json", "english", "fixtures/fingerprint/text-not-json.txt"),
        ("card_bad_fingerprint_wrong_shape", "english", "fixtures/fingerprint/wrong-shape.json"),
        ("card_bad_fingerprint_no_entry", "russian", "fixtures/fingerprint/english.json"),
        ("card_bad_fingerprint_missing", "english", "fixtures/fingerprint/missing.json"),
    ] {
        let o = rulecheck(&["card", variant, "--fingerprint", file]).bad_input();
        o.stderr_has(file);
        insta::assert_snapshot!(name, o.stderr);
    }
}

#[test]
fn an_unknown_variant_is_refused_with_a_suggestion() {
    let o = rulecheck(&["card", "englsh"]).bad_input();
    o.stderr_has("unknown variant 'englsh' (did you mean 'english'?)");
    rulecheck(&["card", "english", "-o", "no-progress=never"]).bad_input().stderr_has("no-progress");
}
