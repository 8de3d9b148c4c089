//! `rulecheck readings` and the readings `rulecheck variants` marks: the
//! built-in catalog's readings as text and JSON, snapshotted, and the
//! refusals of a variant rulecheck does not know and of `--option`.

use crate::support::process::rulecheck;

#[test]
fn readings_lists_each_value_with_its_sources_and_the_default() {
    let o = rulecheck(&["readings"]).ok();
    insta::assert_snapshot!("readings", o.stdout);
    assert!(o.stdout.contains("turkish: --option mid-capture-promotion, a reading of turkish.promotion.mid-capture"));
    assert!(o.stdout.contains("  man (the default): "), "{}", o.stdout);
}

#[test]
fn readings_json_gives_the_same_readings() {
    let o = rulecheck(&["readings", "--json"]).ok();
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("valid JSON");
    insta::assert_snapshot!("readings_json", serde_json::to_string_pretty(&v).expect("JSON"));
    let turkish = v
        .as_array()
        .and_then(|a| a.iter().find(|r| r["variant"] == "turkish"))
        .unwrap_or_else(|| panic!("no turkish reading in {v}"));
    assert_eq!(turkish["option"], "mid-capture-promotion");
    assert_eq!(turkish["default"], "man");
    let defaults: Vec<&serde_json::Value> = turkish["values"]
        .as_array()
        .expect("values")
        .iter()
        .filter(|x| x["default"] == true)
        .map(|x| &x["value"])
        .collect();
    assert_eq!(defaults, vec!["man"]);
}

#[test]
fn readings_of_one_variant_and_of_one_without_any() {
    let o = rulecheck(&["readings", "english"]).ok();
    assert!(o.stdout.starts_with("english: --option no-progress,"), "{}", o.stdout);
    assert!(!o.stdout.contains("turkish"), "{}", o.stdout);
    let o = rulecheck(&["readings", "russian"]).ok();
    assert_eq!(o.stdout, "russian: no readings (none of its options reads a disputed rule)\n");
}

#[test]
fn readings_of_an_unknown_variant_is_refused_with_a_suggestion() {
    let o = rulecheck(&["readings", "turkihs"]).bad_input();
    o.stderr_has("unknown variant 'turkihs' (did you mean 'turkish'?)");
    rulecheck(&["-o", "no-progress=wcdf", "readings"]).bad_input().stderr_has("it takes no --option");
}

#[test]
fn variants_marks_the_options_that_are_readings() {
    let o = rulecheck(&["variants"]).ok();
    insta::assert_snapshot!("variants", o.stdout);
    assert!(
        o.stdout.contains(
            "  mid-capture-promotion is a reading of a disputed rule: `rulecheck readings turkish` gives the sources\n"
        ),
        "{}",
        o.stdout
    );
    let o = rulecheck(&["variants", "--json"]).ok();
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("valid JSON");
    let english = v.as_array().and_then(|a| a.iter().find(|x| x["id"] == "english")).expect("english");
    let reading = |name: &str| {
        english["options"].as_array().and_then(|a| a.iter().find(|o| o["name"] == name)).expect("option")["reading"]
            .clone()
    };
    assert_eq!(reading("no-progress"), true);
    assert_eq!(reading("mandatory-capture"), false);
}
