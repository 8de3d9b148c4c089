//! `rulecheck matrix`: several engines over one spec, one table. The
//! engines here are the reference, `rulecheck serve` with a rule broken on
//! purpose, and faulty engines that crash, hang or do not start: each
//! column must say what its engine did, and no engine may stop another.

use std::path::{Path, PathBuf};

use crate::support::browser::{chromium_for, headless};
use crate::support::process;
use process::{rulecheck, ROOT};

fn dir(name: &str) -> PathBuf {
    let d = Path::new(ROOT).join("target").join("matrix-test").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("test directory");
    d
}

fn engines_file(d: &Path, body: &str) -> String {
    let f = d.join("engines.yaml");
    std::fs::write(&f, body).expect("engines file");
    f.to_string_lossy().into_owned()
}

/// The engines file's entry for `rulecheck serve` with the flying-kings rule
/// flipped: an engine that fails the kings' clauses and no other.
fn flipped() -> String {
    format!(
        "  - name: flipped\n    command: {}\n    args: [serve, --deviate, flying-kings-flipped]\n",
        env!("CARGO_BIN_EXE_rulecheck")
    )
}

/// The engines file's entry for the faulty fixture engine run in `mode`
/// (`crash`, `hang`, ...) under `name`.
fn faulty(name: &str, mode: &str) -> String {
    format!("  - name: {name}\n    command: python3\n    args: [{ROOT}/fixtures/engines/faulty.py, {mode}]\n")
}

/// `rulecheck matrix` over `spec` with the engines file `body` in `d`,
/// writing one output (`flag`: `--json`, `--html`, ...) to `d/name`: what it
/// did and where that output is.
fn matrix_to(d: &Path, body: &str, spec: &str, flag: &str, name: &str) -> (process::Outcome, PathBuf) {
    let engines = engines_file(d, body);
    let out = d.join(name);
    (rulecheck(&["matrix", &engines, spec, flag, &out.to_string_lossy()]), out)
}

/// The matrix written as JSON to `file`.
fn read_json(file: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(file).expect("json")).expect("JSON")
}

#[test]
fn each_engine_gets_a_column_and_a_broken_one_stops_no_other() {
    let d = dir("columns");
    let engines = engines_file(
        &d,
        &format!(
            "engines:\n  - builtin: reference\n{}{}  - name: missing\n    command: /nonexistent/engine\n",
            flipped(),
            faulty("crashing", "crash")
        ),
    );
    let json = d.join("m.json");
    let md = d.join("m.md");
    let o = rulecheck(&[
        "matrix",
        &engines,
        "spec/english/kings.yaml",
        "spec/english/men.yaml",
        "--json",
        &json.to_string_lossy(),
        "--markdown",
        &md.to_string_lossy(),
    ]);
    assert_eq!(o.code, Some(3), "an engine failed, so exit 3:\n{}", o.all());
    assert!(o.stderr.contains("engine 'missing'"), "{}", o.all());
    let m = read_json(&json);
    let engines = m["engines"].as_array().expect("engines");
    assert_eq!(engines.len(), 4);
    assert_eq!(engines[0]["failed"], 0, "the reference passes its own spec");
    assert!(engines[0]["passed"].as_u64().unwrap_or(0) > 20);
    assert!(engines[1]["failed"].as_u64().unwrap_or(0) > 0, "the broken rule is caught");
    assert!(engines[2]["errors"].as_u64().unwrap_or(0) > 0, "the crashes are errors");
    assert!(engines[3]["failure"].as_str().unwrap_or("").contains("cannot start"));
    let rows = m["rows"].as_array().expect("rows");
    let king = rows.iter().find(|r| r["clause"] == "english.king.move").expect("a row per clause");
    let cells = king["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 4, "a cell per engine");
    let status: Vec<&str> = cells.iter().map(|c| c["status"].as_str().unwrap_or("")).collect();
    assert_eq!(status, ["pass", "fail", "error", "error"]);
    assert!(!cells[1]["failed"].as_array().expect("failing ids").is_empty());
    assert!(king["scenarios"].as_array().expect("ids")[0].as_str().unwrap_or("").contains("::"));
    for r in rows {
        assert_eq!(r["cells"][0]["status"], "pass", "the reference passes {}", r["clause"]);
    }
    let text = std::fs::read_to_string(&md).expect("markdown");
    assert!(text.contains("| `english.king.move` | pass"), "{text}");
    assert!(text.contains("## Failing scenarios") && text.contains("### flipped"), "{text}");
    assert!(!text.contains(ROOT), "no absolute paths of the machine in the Markdown but the engines': {text}");
}

#[test]
fn a_hanging_engine_times_out_while_the_others_finish() {
    let d = dir("hang");
    let engines =
        engines_file(&d, &format!("engines:\n  - builtin: reference\n{}    timeout: 1\n", faulty("hanging", "hang")));
    let o =
        rulecheck(&["matrix", &engines, "fixtures/good/forced-capture.yaml", "fixtures/good/minimal.yaml"]).exits(3);
    assert!(o.stdout.contains("| reference | rulecheck"), "{}", o.all());
    assert!(o.stdout.contains("**error"), "the hanging engine's cells are errors:\n{}", o.all());
}

#[test]
fn listed_failures_make_a_clean_exit_and_the_cells_still_show_them() {
    let d = dir("expected");
    let (o, json) = matrix_to(&d, &format!("engines:\n{}", flipped()), "spec/english/kings.yaml", "--json", "m.json");
    assert_eq!(o.code, Some(1), "{}", o.all());
    let m = read_json(&json);
    let mut ids: Vec<String> = m["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r["cells"][0]["failed"].as_array().cloned().unwrap_or_default())
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    ids.sort();
    ids.dedup();
    assert!(!ids.is_empty());
    std::fs::write(d.join("flipped.expected-failures"), ids.join("\n") + "\n").expect("list");
    let listed =
        engines_file(&d, &format!("engines:\n{}    expected-failures: flipped.expected-failures\n", flipped()));
    let o = rulecheck(&["matrix", &listed, "spec/english/kings.yaml"]);
    assert_eq!(o.code, Some(0), "every failure is listed:\n{}", o.all());
    assert!(o.stdout.contains("**fail"), "the matrix still shows the failures:\n{}", o.all());
}

#[test]
fn a_bad_engines_file_is_refused_with_its_place() {
    let d = dir("bad");
    let cases = [
        ("engines:\n  - builtin: reference\n    colour: red\n", "engines.yaml:3"),
        ("engines:\n  - builtin: stockfish\n", "the only built-in engine is `reference`"),
        ("engines: []\n", "lists no engine"),
        ("engines:\n  - builtin: reference\n  - builtin: reference\n", "is taken by another engine"),
        ("engines:\n  - name: nothing to run\n", "no `command`"),
        ("engines:\n  - command: x\n    timeout: -1\n", "timeout"),
    ];
    for (body, says) in cases {
        let f = engines_file(&d, body);
        let o = rulecheck(&["matrix", &f, "spec/english/men.yaml"]).bad_input();
        assert!(o.stderr.contains(says), "{body:?} should say {says:?}:\n{}", o.all());
    }
    let f = engines_file(&d, "engines:\n  - builtin: reference\n");
    let o = rulecheck(&["matrix", &f, "fixtures/bad"]).bad_input();
    assert!(o.stderr.contains("no matrix is made over part of it"), "{}", o.all());
    let o = rulecheck(&["matrix", &f, "spec/english/men.yaml", "--markdown", &f]).bad_input();
    assert!(o.stderr.contains("an input of this matrix"), "{}", o.all());
}

#[test]
fn the_html_matrix_opens_a_clause_onto_its_scenarios_in_a_browser() {
    let d = dir("html");
    let engines = format!("engines:\n  - builtin: reference\n{}", flipped());
    let (o, html) = matrix_to(&d, &engines, "spec/english/kings.yaml", "--html", "m.html");
    assert_eq!(o.code, Some(1), "{}", o.all());
    let page = std::fs::read_to_string(&html).expect("html");
    assert!(page.contains("<details>") && page.contains("class=\"scenario\""), "rows open onto scenarios");
    assert!(page.contains("<td class=\"fail\">"), "failing cells are marked");
    let Some(browser) = chromium_for("the matrix") else { return };
    let profile = d.join("chromium-profile");
    let dom = headless(&browser, &profile)
        .arg("--dump-dom")
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.contains("<summary>") && dom.matches("class=\"scenario\"").count() >= 5,
        "{}",
        &dom[..dom.len().min(600)]
    );
    assert!(dom.contains("flipped: fail"), "each scenario says each engine's outcome");
}

/// An engine of the matrix that plays `no-progress=wcdf` in English, in
/// its own lineage or in `lineage`.
fn wcdf(name: &str, lineage: Option<&str>) -> String {
    let lineage = lineage.map(|l| format!("    lineage: {l}\n")).unwrap_or_default();
    format!(
        "  - name: {name}\n    command: {}\n    args: [serve, -o, no-progress=wcdf]\n{lineage}",
        env!("CARGO_BIN_EXE_rulecheck")
    )
}

#[test]
fn the_readings_table_flags_a_reading_shared_by_independent_engines() {
    let d = dir("readings");
    let body = format!("engines:\n  - builtin: reference\n{}{}", wcdf("one", None), wcdf("fork", Some("one")));
    let (o, json) = matrix_to(&d, &body, "spec/english/draws.yaml", "--json", "m.json");
    assert_eq!(o.code, Some(0), "{}", o.all());
    let m = read_json(&json);
    let rows = m["readings"].as_array().expect("readings");
    let row = rows.iter().find(|r| r["option"] == "no-progress").expect("the English no-progress reading");
    assert_eq!(row["clause"], "english.draw.forty");
    assert_eq!(row["cells"][0]["status"], "declares", "the reference plays each value as sent: {row}");
    for cell in [&row["cells"][1], &row["cells"][2]] {
        assert_eq!(cell["status"], "one-way", "{row}");
        assert_eq!(cell["follows"], "wcdf", "{row}");
        assert!(cell["separating"].as_u64().is_some_and(|n| n > 0), "{row}");
    }
    assert_eq!(row["review"], serde_json::json!([]), "one lineage is one engine's reading: {row}");

    let body = format!("{body}{}", wcdf("two", None));
    let (o, md) = matrix_to(&d, &body, "spec/english/draws.yaml", "--markdown", "m.md");
    assert_eq!(o.code, Some(0), "{}", o.all());
    let text = std::fs::read_to_string(md).expect("markdown");
    assert!(text.contains("## Readings"), "{text}");
    assert!(text.contains("| english | `no-progress` (`english.draw.forty`) | site | plays each as sent: site, wcdf | wcdf (not the default) |"), "{text}");
    assert!(
        text.contains("- `english.draw.forty` (english): one, fork, two (2 lineages) follow `no-progress=wcdf`, not the default site"),
        "{text}"
    );
}

#[test]
fn a_lineage_belongs_to_an_engines_file() {
    let d = dir("lineage");
    let f = engines_file(&d, "engines:\n  - builtin: reference\n    lineage: x\n");
    let o = rulecheck(&["matrix", &f, "spec/english/men.yaml"]).bad_input();
    assert!(o.stderr.contains("it takes a `name` and nothing else"), "{}", o.all());
    let config = d.join("engine.yaml");
    std::fs::write(&config, "command: x\nlineage: y\n").expect("config");
    let o = rulecheck(&["run", "--engine-config", &config.to_string_lossy(), "spec/english/men.yaml"]).bad_input();
    assert!(o.stderr.contains("`lineage` groups engines of an engines file"), "{}", o.all());
}
