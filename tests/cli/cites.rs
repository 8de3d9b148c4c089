//! `rulecheck check --cites`: each scenario's clauses held to the rules it
//! reaches, by the single-rule deviations each clause names. A fixture of
//! three scenarios (`fixtures/cites/english.yaml`) gives its warning and
//! its lists to the letter, as text and as JSON; the whole spec is judged
//! with counts that add up.

use crate::support::process::rulecheck;

const FIXTURE: &str = "fixtures/cites/english.yaml";

#[test]
fn a_clause_cited_and_never_reached_is_warned_of_and_one_reached_uncited_is_listed() {
    let o = rulecheck(&["check", "--cites", "--no-coverage", FIXTURE]).ok();
    assert_eq!(
        o.stdout,
        "fixtures/cites/english.yaml:20:33: 'a man steps forward' cites english.king.crown-ends-turn but no change of \
         that rule changes its answers\n\
         english.capture.mandatory is reached only by scenarios that cite other clauses:\n  \
         fixtures/cites/english.yaml:28:11: 'a man jumps a king'\n\
         english.variant.optional-capture is reached only by scenarios that cite other clauses:\n  \
         fixtures/cites/english.yaml:28:11: 'a man jumps a king'\n\
         not judged: no deviation stands for 2 clauses: english.turn.no-pass, english.end.no-pieces\n\
         cites: 5 citations: 4 reached, 1 not reached\n\
         checked 1 file, 3 scenarios: 0 input errors, 0 uncovered clauses\n",
        "{}",
        o.all()
    );
}

#[test]
fn the_judged_citations_as_json_say_the_same() {
    let o = rulecheck(&["check", "--cites", "--json", "--no-coverage", FIXTURE]).ok();
    let v = o.json();
    let c = &v["cites"];
    assert_eq!(c["counts"]["citations"], 5);
    assert_eq!(c["counts"]["reached"], 4);
    assert_eq!(c["counts"]["unreached"], 1);
    assert_eq!(
        c["unreached"],
        serde_json::json!([{
            "file": FIXTURE, "line": 20, "col": 33, "scenario": "a man steps forward", "variant": "english",
            "clause": "english.king.crown-ends-turn",
            "deviations": [
                "mid-capture promotion: the next of the three rules",
                "mid-capture promotion: the other of the three rules",
            ],
        }])
    );
    let uncited: Vec<&str> = c["uncited"].as_array().unwrap().iter().map(|u| u["clause"].as_str().unwrap()).collect();
    assert_eq!(uncited, ["english.capture.mandatory", "english.variant.optional-capture"]);
    assert_eq!(c["uncited"][0]["scenarios"][0]["scenario"], "a man jumps a king");
    assert_eq!(c["unjudged"], serde_json::json!(["english.turn.no-pass", "english.end.no-pieces"]));
    assert_eq!(c["unnamed"], serde_json::json!([]));
    assert_eq!((v["files"].clone(), v["scenarios"].clone()), (1.into(), 3.into()));
    // Without --cites nothing is judged.
    let v = rulecheck(&["check", "--json", "--no-coverage", FIXTURE]).ok().json();
    assert_eq!(v["cites"], serde_json::Value::Null);
    assert_eq!(v["errors"], serde_json::json!([]));
}

#[test]
fn deny_cites_makes_a_warning_fail_and_needs_cites() {
    rulecheck(&["check", "--cites", "--deny-cites", "--no-coverage", FIXTURE])
        .exits(1)
        .stdout_has("cites english.king.crown-ends-turn");
    // A file whose citations are all reached passes with it.
    rulecheck(&["check", "--cites", "--deny-cites", "--no-coverage", "fixtures/good/minimal.yaml"])
        .ok()
        .stdout_has("cites: 1 citation: 1 reached, 0 not reached");
    let o = rulecheck(&["check", "--deny-cites", FIXTURE]).exits(2);
    assert!(o.stderr.contains("--cites"), "{}", o.all());
}

#[test]
fn a_spec_with_input_errors_is_not_judged() {
    let o = rulecheck(&["check", "--cites", "--no-coverage", FIXTURE, "fixtures/no-such-file.yaml"]).exits(2);
    o.stdout_has("cites: not judged, the spec has input errors");
}

/// The whole spec, as the book shows it: every citation is counted once,
/// the reference passes every scenario, each warning is one of the counted
/// citations not reached, and a variant given alone is judged alone.
#[test]
fn the_whole_spec_is_judged_and_its_counts_add_up() {
    let o = rulecheck(&["check", "--cites", "--json", "spec"]).ok();
    let v = o.json();
    let n = &v["cites"]["counts"];
    let count = |k: &str| n[k].as_u64().unwrap_or_else(|| panic!("count {k}: {n}"));
    let parts = ["reached", "unreached", "no_deviation", "unchanged", "other_variant", "failing"];
    assert_eq!(count("citations"), parts.iter().map(|k| count(k)).sum::<u64>(), "{n}");
    assert_eq!(count("failing"), 0, "{n}");
    assert_eq!(v["cites"]["unreached"].as_array().map(Vec::len), Some(count("unreached") as usize));
    assert!(count("reached") > count("unreached"), "{n}");
    let text = rulecheck(&["check", "--cites", "spec/konane"]).ok();
    let warnings =
        text.stdout.lines().filter(|l| l.ends_with("but no change of that rule changes its answers")).count();
    assert!(text.stdout.lines().all(|l| !l.contains("spec/english")), "{}", text.all());
    let konane = v["cites"]["unreached"].as_array().unwrap().iter().filter(|u| u["variant"] == "konane").count();
    assert_eq!(warnings, konane, "{}", text.all());
}
