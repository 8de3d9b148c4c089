//! Every report of a run counts the same verdicts alike: the human report,
//! JSON, JUnit, the baseline, the HTML report (its totals and its tables by
//! variant and by clause) and the conformance matrix (Markdown, JSON and
//! HTML). The same mix of outcomes goes through every format and each
//! count is read back out of the text; and a run in which nothing ran
//! shows no pass anywhere.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rulecheck::catalog::Catalog;
use rulecheck::engine::{self, Engine, EngineError, Explanation, Setup};
use rulecheck::game::{Action, Options, Replay};
use rulecheck::matrix::{self, Column};
use rulecheck::oracle::{Difference, Failure};
use rulecheck::report::{self, ExpectedFailures, Outcome, Run};
use rulecheck::runner::{self, FileRun};
use rulecheck::scenario::ScenarioFile;

use crate::support::process;
use process::{rulecheck, ROOT};

const OUTCOMES: [Outcome; 6] =
    [Outcome::Pass, Outcome::Fail, Outcome::Error, Outcome::Skip, Outcome::ExpectedFail, Outcome::UnexpectedPass];

/// Counts by outcome word.
type Counts = BTreeMap<&'static str, usize>;

fn zero() -> Counts {
    OUTCOMES.iter().map(|o| (o.word(), 0)).collect()
}

fn load(paths: &[&str]) -> Vec<ScenarioFile> {
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let paths: Vec<PathBuf> = paths.iter().map(|p| PathBuf::from(ROOT).join(p)).collect();
    let (files, errors) = runner::load_all(&paths, &catalog, &Options::new());
    assert!(errors.is_empty(), "{errors:?}");
    files
}

/// The outcome the mix gives the i-th scenario of the run: every kind, in
/// unequal numbers, so that two counts swapped would show.
fn planned(i: usize) -> Outcome {
    match i % 11 {
        0 | 7 => Outcome::Fail,
        1 | 5 | 9 => Outcome::Skip,
        3 => Outcome::Error,
        4 => Outcome::ExpectedFail,
        8 if i.is_multiple_of(2) => Outcome::UnexpectedPass,
        _ => Outcome::Pass,
    }
}

/// The reference's verdicts on `files`, each then made into the outcome
/// [`planned`] gives it, and the expected-failures list that makes them so.
fn mixed(files: &[ScenarioFile]) -> (Vec<FileRun>, ExpectedFailures, Vec<Outcome>) {
    let mut runs = runner::run_all(files, &|| Box::new(engine::reference()), 1);
    let mut listed = String::new();
    let mut plan = Vec::new();
    let mut i = 0;
    for r in &mut runs {
        let path = r.path.clone();
        for v in &mut r.verdicts {
            assert!(v.passed(), "the reference passes {}", v.scenario);
            let o = planned(i);
            i += 1;
            let moves = Failure {
                expectation: "moves",
                loc: v.loc,
                difference: Difference::Moves { expected: vec!["9-13".into()], actual: vec!["9-14".into()] },
                engine: false,
            };
            match o {
                Outcome::Pass => {}
                Outcome::Fail => v.failures.push(moves),
                Outcome::ExpectedFail => {
                    v.failures.push(moves);
                    listed.push_str(&format!("{}::{} [moves]\n", runner::id_path(&path), v.scenario));
                }
                Outcome::UnexpectedPass => listed.push_str(&format!("{}::{}\n", runner::id_path(&path), v.scenario)),
                Outcome::Skip => v.skipped = Some("the engine does not play this".into()),
                Outcome::Error => v.failures.push(Failure {
                    expectation: "engine",
                    loc: v.loc,
                    difference: Difference::Said("the engine exited (exit status: 3)".into()),
                    engine: true,
                }),
            }
            plan.push(o);
        }
    }
    (runs, ExpectedFailures::parse(&listed), plan)
}

fn tally(outcomes: impl IntoIterator<Item = Outcome>) -> Counts {
    let mut c = zero();
    for o in outcomes {
        *c.entry(o.word()).or_default() += 1;
    }
    c
}

/// What the human report's summary line says: `2 files, 9 scenarios: 3
/// passed, 1 failed, 1 engine error, ...`.
fn human_summary(text: &str) -> Counts {
    let line = text.lines().last().expect("a summary line");
    let (_, counts) = line.split_once(": ").expect("the summary's counts");
    summary_counts(counts, &["engine error", "engine errors", "reference error", "reference errors"], &[])
}

/// The nouns of the outcomes other than errors, whose nouns each report
/// names its own way: each outcome's word, its noun for one, its noun for
/// several.
const NOUNS: [(&str, &str, &str); 5] = [
    ("pass", "passed", "passed"),
    ("fail", "failed", "failed"),
    ("skip", "skipped", "skipped"),
    ("expected-fail", "expected failure", "expected failures"),
    ("unexpected-pass", "unexpected pass", "unexpected passes"),
];

/// The counts of `3 passed, 1 failed, ...` in `what`, each noun read as its
/// outcome's word: `plural` where every count is written plural, `errors`
/// this line's nouns for errors, and `uncounted` nouns that count something
/// other than the outcomes.
fn read_counts(
    counts: &str,
    plural: bool,
    errors: &[&str],
    uncounted: &[&str],
    what: &str,
) -> Vec<(&'static str, usize)> {
    let mut read = Vec::new();
    for part in counts.split(", ") {
        let (n, noun) = part.split_once(' ').expect("a count and its noun");
        let word = NOUNS
            .iter()
            .find(|(_, one, several)| noun == *several || (!plural && noun == *one))
            .map(|(word, ..)| *word)
            .or_else(|| errors.contains(&noun).then_some("error"));
        match word {
            Some(word) => read.push((word, n.parse().expect("a number"))),
            None if uncounted.contains(&noun) => {}
            None => panic!("an unknown count in {what}: {noun} in {counts}"),
        }
    }
    read
}

/// The counts of a summary's `3 passed, 1 failed, ...`: `errors` are this
/// format's nouns for errors, and `uncounted` nouns that count something
/// other than the outcomes.
fn summary_counts(counts: &str, errors: &[&str], uncounted: &[&str]) -> Counts {
    let mut c = zero();
    for (word, n) in read_counts(counts, false, errors, uncounted, "the summary") {
        c.insert(word, n);
    }
    c
}

/// The human report's file lines, added up: a file's line writes every
/// count plural.
fn human_files(text: &str) -> Counts {
    let mut c = zero();
    for line in text.lines().filter(|l| ["FAIL ", "ok   ", "skip "].iter().any(|t| l.starts_with(t))) {
        let (_, counts) = line.split_once(": ").expect("a file's counts");
        for (word, n) in read_counts(counts, true, &["errors"], &[], "a file's line") {
            *c.entry(word).or_default() += n;
        }
    }
    c
}

fn json_totals(value: &serde_json::Value) -> Counts {
    counts_in(&value["totals"], "expected_failures")
}

/// The six counts of a JSON object keyed as the reports key them; the
/// matrix names expected failures `expected_failed`, the run's report
/// `expected_failures`.
fn counts_in(t: &serde_json::Value, expected_key: &str) -> Counts {
    let n = |k: &str| t[k].as_u64().unwrap_or_else(|| panic!("{k} in {t}")) as usize;
    [
        ("pass", n("passed")),
        ("fail", n("failed")),
        ("error", n("errors")),
        ("skip", n("skipped")),
        ("expected-fail", n(expected_key)),
        ("unexpected-pass", n("unexpected_passes")),
    ]
    .into_iter()
    .collect()
}

fn json_scenarios(value: &serde_json::Value) -> Counts {
    let mut c = zero();
    for s in value["scenarios"].as_array().expect("scenarios") {
        let word = s["outcome"].as_str().expect("an outcome");
        *c.get_mut(word).unwrap_or_else(|| panic!("an unknown outcome {word}")) += 1;
    }
    c
}

/// Each JUnit test case by what it holds: an unexpected pass is a failure
/// saying so, an expected failure a skip saying so.
fn junit_cases(xml: &str) -> Counts {
    let mut c = zero();
    for case in xml.split("<testcase ").skip(1) {
        let case = &case[..case.find("</testcase>").expect("a closed test case")];
        let word = if case.contains("<failure message=\"listed as an expected failure, but passes\"") {
            "unexpected-pass"
        } else if case.contains("<failure ") {
            "fail"
        } else if case.contains("<error ") {
            "error"
        } else if case.contains("<skipped message=\"expected failure\"") {
            "expected-fail"
        } else if case.contains("<skipped ") {
            "skip"
        } else {
            "pass"
        };
        *c.entry(word).or_default() += 1;
    }
    c
}

fn attribute(tag: &str, name: &str) -> usize {
    let key = format!(" {name}=\"");
    let at = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    tag[at..].split('"').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{name} in {tag}"))
}

fn baseline_words(text: &str) -> Counts {
    let mut c = zero();
    for line in text.lines() {
        let (word, _) = line.split_once('\t').expect("outcome<TAB>id");
        *c.get_mut(word).unwrap_or_else(|| panic!("an unknown outcome {word}")) += 1;
    }
    c
}

/// The rows of an HTML summary table, by their first cell (the clause, or
/// `game variant`), each with its count cells by outcome.
fn html_table(page: &str, id: &str) -> BTreeMap<String, Counts> {
    let start = page.find(&format!("<table id=\"{id}\">")).unwrap_or_else(|| panic!("table {id}"));
    let table = &page[start..start + page[start..].find("</table>").expect("a closed table")];
    let mut rows = BTreeMap::new();
    for row in table.split("<tr>").skip(2) {
        let cells: Vec<&str> =
            row.split("<td").skip(1).map(|c| c.split_once('>').map(|(_, t)| t).unwrap_or("")).collect();
        let text = |c: &str| c.split("</td>").next().unwrap_or("").to_string();
        let key = if id == "by-variant" { format!("{} {}", text(cells[0]), text(cells[1])) } else { text(cells[0]) };
        let mut c = Counts::new();
        for cell in row.split("data-outcome=\"").skip(1) {
            let (word, rest) = cell.split_once("\">").expect("a counted cell");
            let n: usize = rest.split('<').next().and_then(|n| n.parse().ok()).expect("a count");
            let word = OUTCOMES.iter().map(|o| o.word()).find(|w| *w == word).expect("an outcome word");
            c.insert(word, n);
        }
        assert_eq!(c.len(), OUTCOMES.len(), "a count for every outcome in {row}");
        rows.insert(key, c);
    }
    rows
}

fn add(into: &mut Counts, more: &Counts) {
    for (k, n) in more {
        *into.entry(k).or_default() += n;
    }
}

/// The HTML report's totals paragraph.
fn html_totals(page: &str) -> Counts {
    let start = page.find("<p id=\"totals\">").expect("the totals");
    let p = &page[start..start + page[start..].find("</p>").expect("a closed paragraph")];
    let plain: String = {
        let mut out = String::new();
        let mut tag = false;
        for ch in p.chars() {
            match ch {
                '<' => tag = true,
                '>' => tag = false,
                c if !tag => out.push(c),
                _ => {}
            }
        }
        out
    };
    let (_, counts) = plain.split_once(": ").expect("counts");
    summary_counts(counts, &["error", "errors"], &["input error", "input errors"])
}

/// Each clause's counts, from the plan (every scenario citing the clause),
/// keyed by `clause` alone (the HTML report's table) or, with `variants`,
/// by `variant clause` (the matrix's rows, one table per variant).
fn by_clause(files: &[ScenarioFile], plan: &[Outcome], variants: bool) -> BTreeMap<String, Counts> {
    let mut out: BTreeMap<String, Counts> = BTreeMap::new();
    let scenarios = files.iter().flat_map(|f| &f.scenarios);
    for (s, o) in scenarios.zip(plan) {
        for c in &s.clauses {
            let key = if variants { format!("{} {}", s.variant, c.value) } else { c.value.clone() };
            *out.entry(key).or_insert_with(zero).entry(o.word()).or_default() += 1;
        }
    }
    out
}

/// The Markdown matrix's line for an engine: passed, failed, skipped,
/// errors.
fn markdown_engine(md: &str, name: &str) -> [usize; 4] {
    let line = md.lines().find(|l| l.starts_with(&format!("| {name} |"))).expect("the engine's line");
    let cells: Vec<usize> = line.split('|').skip(3).filter_map(|c| c.trim().parse().ok()).collect();
    cells.try_into().unwrap_or_else(|c| panic!("four counts in {line}: {c:?}"))
}

/// Every format of a run's report, and the matrix over its one column,
/// each checked against the plan: the outcome of every scenario in order.
fn check_every_format(files: &[ScenarioFile], runs: &[FileRun], expected: &ExpectedFailures, plan: &[Outcome]) {
    let want = &tally(plan.iter().copied());
    let clauses = &by_clause(files, plan, false);
    let variant_clauses = &by_clause(files, plan, true);
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let scenarios: usize = want.values().sum();
    let t = report::Totals::with(runs, &[], expected);
    assert_eq!(t.scenarios, scenarios);

    let human = report::human_with(runs, &[], expected, None, false);
    assert_eq!(&human_summary(&human), want, "the human summary line:\n{human}");
    assert_eq!(&human_files(&human), want, "the human report's file lines:\n{human}");

    let run = Run { engine: "mixed", runs, errors: &[], expected, stopped: None };
    let json: serde_json::Value = serde_json::from_str(&report::json(&run)).expect("JSON");
    assert_eq!(&json_totals(&json), want, "the JSON totals");
    assert_eq!(&json_scenarios(&json), want, "the JSON scenarios' outcomes");

    let junit = report::junit(&run);
    assert_eq!(&junit_cases(&junit), want, "the JUnit test cases:\n{junit}");
    let root = junit.lines().find(|l| l.starts_with("<testsuites ")).expect("the root");
    assert_eq!(attribute(root, "tests"), scenarios);
    assert_eq!(attribute(root, "failures"), want["fail"] + want["unexpected-pass"]);
    assert_eq!(attribute(root, "errors"), want["error"]);
    assert_eq!(attribute(root, "skipped"), want["skip"] + want["expected-fail"]);
    let suites: Vec<&str> = junit.lines().filter(|l| l.trim_start().starts_with("<testsuite ")).collect();
    for (name, sum) in [("tests", scenarios), ("failures", want["fail"] + want["unexpected-pass"])] {
        assert_eq!(suites.iter().map(|s| attribute(s, name)).sum::<usize>(), sum, "the suites' {name}");
    }

    assert_eq!(&baseline_words(&report::baseline(runs, &[], expected, None)), want, "the baseline");

    let page = report::html::html("mixed", files, runs, &[], expected, &catalog, None);
    assert_eq!(&html_totals(&page), want, "the HTML totals");
    let mut variants = Counts::new();
    for row in html_table(&page, "by-variant").values() {
        add(&mut variants, row);
    }
    assert_eq!(&variants, want, "the HTML table by variant, added up");
    assert_eq!(&html_table(&page, "by-clause"), clauses, "the HTML table by clause");

    let column = Column {
        name: "mixed".into(),
        about: None,
        failure: None,
        scenarios: matrix::scored(runs, expected),
        expected_file: None,
        readings: Vec::new(),
    };
    let columns = [column];
    let rows = matrix::rows(files, &columns);
    let made = |command| matrix::render::Made { command, columns: &columns, rows: &rows, readings: &[], stopped: None };
    let md = matrix::render::markdown(&made("rulecheck matrix engines.yaml"));
    // The matrix counts an unexpected pass with the passes (it passed) and
    // an expected failure with the failures (it failed): never a skip or
    // an expected failure as a pass.
    let merged =
        [want["pass"] + want["unexpected-pass"], want["fail"] + want["expected-fail"], want["skip"], want["error"]];
    assert_eq!(markdown_engine(&md, "mixed"), merged, "the Markdown matrix's engine line:\n{md}");
    let mjson: serde_json::Value = serde_json::from_str(&matrix::render::json(&made("m"))).expect("matrix JSON");
    let e = &mjson["engines"][0];
    let counts = counts_in(e, "expected_failed");
    assert_eq!(&counts, want, "the JSON matrix's engine");
    let mut outcomes = zero();
    for s in e["scenarios"].as_object().expect("scenarios").values() {
        *outcomes.get_mut(s["outcome"].as_str().expect("an outcome")).expect("a known outcome") += 1;
    }
    assert_eq!(&outcomes, want, "the JSON matrix's scenarios");
    for row in &rows {
        let want = &variant_clauses[&format!("{} {}", row.variant, row.clause)];
        let cell = &row.cells[0];
        assert_eq!(cell.passed, want["pass"] + want["unexpected-pass"], "{}", row.clause);
        assert_eq!(cell.failed.len(), want["fail"] + want["expected-fail"], "{}", row.clause);
        assert_eq!(cell.expected.len(), want["expected-fail"], "{}", row.clause);
        assert_eq!(cell.skipped, want["skip"], "{}", row.clause);
        assert_eq!(cell.errors.len(), want["error"], "{}", row.clause);
        let ran = want["pass"] + want["unexpected-pass"] + want["fail"] + want["expected-fail"] + want["error"];
        if ran == 0 {
            assert_eq!(cell.status, matrix::CellStatus::Skip, "{}", row.clause);
        }
    }
    let outcomes = matrix::scenario_outcomes(files, &columns);
    let mhtml = matrix::render::html(&made("m"), &outcomes, &catalog);
    let engine_row = mhtml.lines().find(|l| l.starts_with("<tr><td>mixed</td>")).expect("the engine's row");
    let numbers: Vec<usize> = engine_row.split("<td>").filter_map(|c| c.split('<').next()?.parse().ok()).collect();
    assert_eq!(numbers, merged, "the HTML matrix's engine row: {engine_row}");
}

#[test]
fn every_format_counts_a_mix_of_outcomes_alike() {
    let files = load(&["spec/english/kings.yaml", "spec/chinese-checkers/intl-moves.yaml", "spec/konane"]);
    let (runs, expected, plan) = mixed(&files);
    let verdicts = runs.iter().flat_map(|r| r.verdicts.iter().map(move |v| (r, v)));
    for ((r, v), o) in verdicts.zip(&plan) {
        assert_eq!(report::outcome(r, v, &expected), *o, "{}", v.scenario);
    }
    let want = tally(plan.iter().copied());
    assert!(want.values().all(|&n| n > 0), "every outcome is in the mix: {want:?}");
    check_every_format(&files, &runs, &expected, &plan);
}

/// An engine that plays nothing: every scenario is skipped.
struct Declines;

impl Engine for Declines {
    fn name(&self) -> String {
        "declines".into()
    }
    fn replay(&mut self, _: &Setup<'_>, _: &[Action]) -> Result<Replay, EngineError> {
        Err(EngineError::Unsupported("nothing".into()))
    }
    fn explain(&mut self, _: &Setup<'_>, _: &[Action], _: &Action) -> Result<Explanation, EngineError> {
        Err(EngineError::Unsupported("nothing".into()))
    }
    fn perft(&mut self, _: &Setup<'_>, _: u32) -> Result<Option<u64>, EngineError> {
        Err(EngineError::Unsupported("nothing".into()))
    }
    fn supports(&mut self, variant: &str, _: &Options) -> Result<(), String> {
        Err(format!("the engine does not play {variant}"))
    }
}

#[test]
fn a_run_of_the_whole_spec_where_nothing_runs_shows_no_pass_in_any_format() {
    let files = load(&["spec"]);
    let runs = runner::run_all(&files, &|| Box::new(Declines), 2);
    let plan: Vec<Outcome> = runs.iter().flat_map(|r| r.verdicts.iter().map(|_| Outcome::Skip)).collect();
    assert!(plan.len() > 1000, "the whole spec: {} scenarios", plan.len());
    check_every_format(&files, &runs, &ExpectedFailures::default(), &plan);
}

/// The same from the command line, with an engine that declares no
/// variant: exit code 4, and neither the JSON report nor the HTML report
/// beside it shows a pass.
#[test]
fn the_command_line_reports_no_pass_for_an_engine_that_declares_no_variant() {
    let dir = PathBuf::from(ROOT).join("target/report-counts-test");
    std::fs::create_dir_all(&dir).expect("output dir");
    let html = dir.join("none.html");
    let engine = format!("python3 {ROOT}/fixtures/engines/faulty.py none");
    let o = rulecheck(&["run", "--engine", &engine, "--format", "json", "--report", &html.to_string_lossy()]);
    assert_eq!(o.code, Some(4), "nothing ran:\n{}", &o.stderr);
    let json: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
    let totals = json_totals(&json);
    assert_eq!(totals["pass"], 0);
    assert!(totals["skip"] > 1000, "{totals:?}");
    let page = std::fs::read_to_string(&html).expect("the HTML report");
    assert_eq!(html_totals(&page), totals);
    for id in ["by-variant", "by-clause"] {
        let rows = html_table(&page, id);
        assert!(rows.len() > 10, "{id} has its rows");
        for (key, row) in &rows {
            assert_eq!(row["pass"], 0, "{id}: {key} shows no pass");
            assert!(row["skip"] > 0, "{id}: {key} counts its skips");
        }
    }
}
