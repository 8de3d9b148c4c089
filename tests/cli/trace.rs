//! `rulecheck trace`: a rule page traced sentence by sentence. Always on
//! the test page `fixtures/pages/four-scripts.txt` with its catalog
//! (`--catalog fixtures/pages/catalog`, whose clauses name deviations) and
//! its scenarios (`fixtures/pages/spec`, one per clause): each sentence's
//! status; the only scenario of a clause deleted from a copy of the spec
//! turns its sentences uncovered; a sentence edited on a copy of the page
//! is outdated; a matrix with `rulecheck serve --deviate men-move-backward`
//! marks the sentences of the clause that deviation stands for, and no
//! other, as failed by it. And on the seed rule pages beside the
//! repository when they are there: every sentence with a status, the same
//! deletion, and a deviant engine's failures.

use std::collections::BTreeSet;
use std::path::Path;

use crate::pages::{seed_pages, SEED_PAGES};
use crate::support::process::{rulecheck, rulecheck_in, temp_dir, write_file, Outcome, ROOT};

const CATALOG: &str = "fixtures/pages/catalog";
const PAGE: &str = "fixtures/pages/four-scripts.txt";
const SPEC: &str = "fixtures/pages/spec";

/// A generous bound for a command: a hang guard only.
const HANG_SECS: u64 = 300;

/// `trace` of the test page against its catalog and `spec`, as JSON.
fn traced(spec: &str, page: &str) -> serde_json::Value {
    let catalog = format!("{ROOT}/{CATALOG}");
    let o = rulecheck(&["--catalog", &catalog, "trace", "--page", page, "--spec", spec, "--json", "-j", "2"]).ok();
    o.json()
}

/// The ordinals of a page's sentences with `status`, from a JSON trace.
fn with_status(trace: &serde_json::Value, page: usize, status: &str) -> Vec<u64> {
    let sentences = trace["pages"][page]["sentences"].as_array().expect("sentences");
    sentences.iter().filter(|s| s["status"] == status).map(|s| s["n"].as_u64().expect("n")).collect()
}

/// The ordinals of a page's sentences failed by `engine`.
fn failed_by(trace: &serde_json::Value, page: usize, engine: &str) -> Vec<u64> {
    let sentences = trace["pages"][page]["sentences"].as_array().expect("sentences");
    let failed = |s: &&serde_json::Value| s["failed-by"].as_array().expect("failed-by").iter().any(|e| e == engine);
    sentences.iter().filter(failed).map(|s| s["n"].as_u64().expect("n")).collect()
}

/// The ordinals of a page's sentences anchored by `clause`.
fn sentences_of(trace: &serde_json::Value, page: usize, clause: &str) -> Vec<u64> {
    let sentences = trace["pages"][page]["sentences"].as_array().expect("sentences");
    let anchored = |s: &&serde_json::Value| s["clauses"].as_array().expect("clauses").iter().any(|c| c == clause);
    sentences.iter().filter(anchored).map(|s| s["n"].as_u64().expect("n")).collect()
}

#[test]
fn the_test_page_has_a_status_for_every_sentence() {
    let o = rulecheck(&["--catalog", CATALOG, "trace", "--page", PAGE, "--spec", SPEC]).ok();
    insta::assert_snapshot!(o.stdout);
    let t = traced(SPEC, PAGE);
    assert_eq!(with_status(&t, 0, "covered"), [9, 10, 11, 13, 14, 15, 17, 18]);
    assert_eq!(with_status(&t, 0, "thin"), [4, 5, 6, 7]);
    assert_eq!(t["clauses"]["sample.setup"]["survivors"][0]["deviation"], "one row of men fewer");
    assert_eq!(with_status(&t, 0, "out-of-scope"), [1, 2, 3, 8, 12, 16, 19, 20]);
    assert_eq!(t["pages"][0]["dir"], "ltr");
}

#[test]
fn deleting_the_only_scenario_of_a_clause_turns_its_sentences_uncovered() {
    let dir = temp_dir("trace-deleted");
    let text = std::fs::read_to_string(Path::new(ROOT).join(SPEC).join("english/sample.yaml")).expect("sample.yaml");
    let cut = text.find("  - name: white blocks black's last man and wins").expect("the scenario of sample.end");
    std::fs::create_dir_all(dir.join("spec/english")).expect("spec dir");
    write_file(&dir.join("spec/english"), "sample.yaml", &text[..cut]);
    let spec = dir.join("spec").to_string_lossy().into_owned();
    let t = traced(&spec, PAGE);
    assert_eq!(with_status(&t, 0, "uncovered"), [11, 18]);
    assert_eq!(with_status(&t, 0, "covered"), [9, 10, 13, 14, 15, 17]);
    assert_eq!(t["clauses"]["sample.end"]["cited-by"], serde_json::json!([]));
}

#[test]
fn a_sentence_edited_on_a_copy_of_the_page_is_outdated() {
    let dir = temp_dir("trace-edited");
    let text = std::fs::read_to_string(Path::new(ROOT).join(PAGE)).expect("the test page");
    let edited = text.replacen("Each has six stones!", "Each has seven stones!", 1);
    assert_ne!(edited, text);
    let page = write_file(&dir, "four-scripts.txt", &edited);
    let t = traced(&format!("{ROOT}/{SPEC}"), &page.to_string_lossy());
    assert_eq!(with_status(&t, 0, "outdated"), [5]);
    assert_eq!(with_status(&t, 0, "thin"), [4, 6, 7]);
}

/// `rulecheck matrix` over `spec` with the reference and `rulecheck serve
/// --deviate DEVIATION` (named `deviant`), written as JSON in `dir`.
fn deviant_matrix(dir: &Path, spec: &str, deviation: &str, catalog: Option<&str>) -> String {
    let engines = format!(
        "engines:\n  - builtin: reference\n  - name: deviant\n    command: {}\n    args: [serve, --deviate, {deviation}]\n",
        env!("CARGO_BIN_EXE_rulecheck")
    );
    write_file(dir, "engines.yaml", &engines);
    let json = dir.join("matrix.json").to_string_lossy().into_owned();
    let engines = dir.join("engines.yaml").to_string_lossy().into_owned();
    let mut args: Vec<&str> = Vec::new();
    if let Some(c) = catalog {
        args.extend(["--catalog", c]);
    }
    args.extend(["matrix", &engines, spec, "--json", &json, "-j", "2"]);
    let o = rulecheck(&args);
    assert!(matches!(o.code, Some(0 | 1)), "{}", o.all());
    json
}

#[test]
fn a_deviant_engines_matrix_marks_the_sentences_of_its_clause_failed() {
    let dir = temp_dir("trace-deviant");
    let catalog = format!("{ROOT}/{CATALOG}");
    let spec = format!("{ROOT}/{SPEC}");
    let matrix = deviant_matrix(&dir, &spec, "men-move-backward", Some(&catalog));
    let args = ["--catalog", &catalog, "trace", "--page", PAGE, "--spec", &spec, "--matrix", &matrix, "--json"];
    let t = rulecheck(&args).ok().json();
    let engines = serde_json::json!([
        {"name": "reference", "plays": []},
        {"name": "deviant", "plays": ["men move backward"]},
    ]);
    assert_eq!(t["engines"], engines);
    assert_eq!(failed_by(&t, 0, "deviant"), sentences_of(&t, 0, "sample.move"));
    assert_eq!(failed_by(&t, 0, "deviant"), [9, 10, 13, 14, 15, 17]);
    assert_eq!(failed_by(&t, 0, "reference"), [] as [u64; 0]);
    let text = rulecheck(&["--catalog", &catalog, "trace", "--page", PAGE, "--spec", &spec, "--matrix", &matrix]).ok();
    text.stdout_has("four-scripts.txt:12: sentence 14: covered: sample.move; failed by deviant\n")
        .stdout_has("engine deviant: plays men move backward (it fails exactly the scenarios that deviation fails)\n");
    let report = dir.join("trace.html");
    let report_arg = report.to_string_lossy().into_owned();
    let args =
        ["--catalog", &catalog, "trace", "--page", PAGE, "--spec", &spec, "--matrix", &matrix, "--report", &report_arg];
    rulecheck(&args).ok();
    let html = std::fs::read_to_string(&report).expect("the report");
    assert_eq!(html.matches("data-failed=\"deviant\"").count(), 6, "{html}");
    assert!(html.contains("<span class=\"v fail\">deviant: fail</span>"), "{html}");
}

#[test]
fn bad_input_is_refused_where_it_is() {
    let o = rulecheck(&["--catalog", CATALOG, "trace", "--page", "fixtures/pages/missing.txt", "--spec", SPEC]);
    o.bad_input().stderr_has("fixtures/pages/missing.txt");
    let o = rulecheck(&["--catalog", CATALOG, "trace", "--page", PAGE, "--page-id", "elsewhere", "--spec", SPEC]);
    o.bad_input().stderr_has("no catalog names the page 'elsewhere'");
    let dir = temp_dir("trace-bad-matrix");
    let bad = write_file(&dir, "matrix.json", "{\"engines\": [\n  {\"name\": \"e\", \"scenarios\": 3}]}");
    let bad = bad.to_string_lossy().into_owned();
    let o = rulecheck(&["--catalog", CATALOG, "trace", "--page", PAGE, "--spec", SPEC, "--matrix", &bad]).bad_input();
    o.stderr_has(&format!("--matrix {bad}:2:")).stderr_has("not the JSON of `rulecheck matrix --json`");
    let o = rulecheck(&["--catalog", CATALOG, "trace", "--page", PAGE, "--spec", SPEC, "--report", PAGE]).bad_input();
    o.stderr_has("--report");
    assert_eq!(rulecheck(&["trace"]).code, Some(2));
}

#[test]
fn two_pages_are_set_side_by_side_a_row_per_clause() {
    let dir = temp_dir("trace-two");
    let text = std::fs::read_to_string(Path::new(ROOT).join(PAGE)).expect("the test page");
    let copy = write_file(&dir, "four-scripts.txt", &text.replacen("Play now.", "Play later.", 1));
    let report = dir.join("two.html");
    let (copy, report_arg) = (copy.to_string_lossy().into_owned(), report.to_string_lossy().into_owned());
    let args =
        ["--catalog", CATALOG, "trace", "--page", PAGE, "--page", &copy, "--spec", SPEC, "--report", &report_arg];
    rulecheck(&args).ok();
    let html = std::fs::read_to_string(&report).expect("the report");
    assert!(html.contains("<table class=\"aligned\">"), "{html}");
    // A row per clause and per out-of-scope entry, a column per page.
    assert_eq!(html.matches("<tr><th class=\"clause\"><code>").count(), 5, "{html}");
    assert_eq!(html.matches("class=\"s outdated\"").count(), 1, "{html}");
}

/// A seed page's trace as JSON, over `spec`.
fn seed_trace(dir: &Path, page: &str, spec: &str) -> Outcome {
    let file = dir.join(format!("{page}.txt")).to_string_lossy().into_owned();
    rulecheck_in(Path::new(ROOT), &["trace", "--page", &file, "--spec", spec, "--json", "-j", "2"], HANG_SECS)
}

#[test]
fn every_sentence_of_every_seed_page_has_a_status() {
    let Some(dir) = seed_pages() else { return };
    for id in SEED_PAGES {
        let t = seed_trace(&dir, id, "spec").ok().json();
        let sentences = t["pages"][0]["sentences"].as_array().expect("sentences");
        let statuses: BTreeSet<&str> = sentences.iter().map(|s| s["status"].as_str().expect("status")).collect();
        for bad in ["outdated", "not-anchored"] {
            assert!(!statuses.contains(bad), "{id}: {statuses:?}");
        }
        eprintln!("{id}: {}", t["pages"][0]["counts"]);
        let dir_expected = if id.ends_with(".ur") { "rtl" } else { "ltr" };
        assert_eq!(t["pages"][0]["dir"], dir_expected, "{id}");
    }
}

#[test]
fn deleting_the_scenarios_of_a_clause_of_a_seed_page_turns_its_sentence_uncovered() {
    let Some(dir) = seed_pages() else { return };
    let copy = temp_dir("trace-seed-deleted");
    let spec = copy.join("spec/russian");
    std::fs::create_dir_all(&spec).expect("spec dir");
    for entry in std::fs::read_dir(Path::new(ROOT).join("spec/russian")).expect("spec/russian") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("a scenario file");
        // Every scenario citing the clause left out: the blocks of the
        // `scenarios:` list are its lines from one `  - name:` to the next.
        let mut blocks = text.split("\n  - name: ");
        let head = blocks.next().unwrap_or_default().to_string();
        let kept: Vec<&str> = blocks.filter(|b| !b.contains("russian.draw.dead")).collect();
        let name = path.file_name().expect("a name").to_string_lossy().into_owned();
        let body = if kept.is_empty() { String::new() } else { format!("\n  - name: {}", kept.join("\n  - name: ")) };
        if !kept.is_empty() {
            write_file(&spec, &name, &format!("{head}{body}"));
        }
    }
    let before = seed_trace(&dir, "checkers-online.ur", "spec/russian").ok().json();
    let n = sentences_of(&before, 0, "russian.draw.dead");
    assert!(!n.is_empty() && n.iter().all(|s| !with_status(&before, 0, "uncovered").contains(s)));
    let after = seed_trace(&dir, "checkers-online.ur", &copy.join("spec").to_string_lossy()).ok().json();
    assert_eq!(with_status(&after, 0, "uncovered"), n);
}

#[test]
fn a_deviant_engine_fails_exactly_the_sentences_of_its_deviations_clauses_on_a_seed_page() {
    let Some(dir) = seed_pages() else { return };
    let out = temp_dir("trace-seed-deviant");
    let matrix = deviant_matrix(&out, "spec/english", "men-move-backward", None);
    let page = dir.join("checkers.hi.txt").to_string_lossy().into_owned();
    let args = ["trace", "--page", &page, "--spec", "spec/english", "--matrix", &matrix, "--json"];
    let t = rulecheck_in(Path::new(ROOT), &args, HANG_SECS).ok().json();
    // The engine is found to play the deviation it was served with, and
    // the sentences that fail are exactly those of the clauses naming it;
    // not those of every clause its failing scenarios cite, as the
    // matrix's rows fail (the scenarios listing every move cite the board
    // and the setup too).
    assert_eq!(t["engines"][1]["plays"], serde_json::json!(["men move backward"]), "{}", t["engines"]);
    let clauses = t["clauses"].as_object().expect("clauses");
    let naming: Vec<&str> = clauses
        .iter()
        .filter(|(_, c)| c["deviations"].as_array().is_some_and(|d| d.iter().any(|d| d == "men move backward")))
        .map(|(id, _)| id.as_str())
        .collect();
    assert!(naming.contains(&"english.move.man"), "{naming:?}");
    let expected: BTreeSet<u64> = naming.iter().flat_map(|c| sentences_of(&t, 0, c)).collect();
    let got: BTreeSet<u64> = failed_by(&t, 0, "deviant").into_iter().collect();
    assert_eq!(got, expected);
    let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&matrix).expect("matrix")).expect("JSON");
    let rows = m["rows"].as_array().expect("rows");
    let matrix_fails: BTreeSet<&str> =
        rows.iter().filter(|r| r["cells"][1]["status"] == "fail").map(|r| r["clause"].as_str().expect("id")).collect();
    let by_rows: BTreeSet<u64> = matrix_fails.iter().flat_map(|c| sentences_of(&t, 0, c)).collect();
    assert!(by_rows.len() > got.len(), "the rows' clauses {matrix_fails:?} would mark more: {by_rows:?}");
    assert_eq!(failed_by(&t, 0, "reference"), [] as [u64; 0]);
}
