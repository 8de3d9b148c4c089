//! What an engine author meets first: config files named bare, a smoke
//! test of the handshake and the protocol's requests, the spec's mutation
//! score, and the book's example of the spec in a Rust engine's tests.

use std::path::Path;
use std::process::Command;

use crate::support::process;
use process::{rulecheck, write_file, ROOT};

fn scratch(name: &str) -> std::path::PathBuf {
    let d = Path::new(ROOT).join("target").join("engine-author-test").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

/// `rulecheck run` over the scenario file `name`, written with `text` in
/// the scratch directory `dir`.
fn run_written(dir: &str, name: &str, text: &str) -> process::Outcome {
    let f = write_file(&scratch(dir), name, text);
    rulecheck(&["run", &f.to_string_lossy()])
}

/// `--engine-config engine.yaml`, named bare from its own directory, starts
/// its engine; a command with a slash is relative to the file, as `dir` and
/// `expected-failures` are.
#[test]
fn an_engine_config_named_bare_starts_its_engine() {
    let d = scratch("bare");
    let script = d.join("engine.sh");
    std::fs::write(&script, format!("#!/bin/sh\nexec '{}' serve\n", env!("CARGO_BIN_EXE_rulecheck"))).expect("script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    std::fs::write(d.join("engine.yaml"), "command: ./engine.sh\n").expect("config");
    let scenario = Path::new(ROOT).join("fixtures/good/minimal.yaml");
    let o = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(["run", "--engine-config", "engine.yaml"])
        .arg(&scenario)
        .current_dir(&d)
        .output()
        .expect("rulecheck runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}{}", String::from_utf8_lossy(&o.stdout));
    // From elsewhere, the same file finds the same script.
    let o =
        rulecheck(&["run", "--engine-config", &d.join("engine.yaml").to_string_lossy(), "fixtures/good/minimal.yaml"]);
    assert_eq!(o.code, Some(0), "{}", o.all());
}

fn served(args: &str) -> String {
    format!("{} serve {args}", env!("CARGO_BIN_EXE_rulecheck"))
}

/// `smoke` passes the reference, names a wrong answer check by check, and
/// stops at an engine that fails.
#[test]
fn smoke_says_check_by_check_what_is_wrong() {
    let o = rulecheck(&["smoke", "--engine", &served("")]).ok();
    for line in
        ["ok    hello: rulecheck", "ok    english: the 7 legal moves at the start", "ok    konane: perft 3 = 28"]
    {
        assert!(o.stdout.contains(line), "{line}:\n{}", o.all());
    }
    o.stdout_has("every check passed");
    let twice = format!("python3 {ROOT}/fixtures/engines/rewrite.py twice {}", served(""));
    let o = rulecheck(&["smoke", "--engine", &twice]).exits(1);
    o.stdout_has("FAIL  english: the legal moves at the start differ");
    o.stdout_has("checks wrong");
    let o = rulecheck(&["smoke", "--engine", &served("-o mandatory-capture=off")]);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    for (mode, says) in [("crash", "the engine failed"), ("version2", "protocol")] {
        let engine = format!("python3 {ROOT}/fixtures/engines/faulty.py {mode}");
        let o = rulecheck(&["smoke", "--engine", &engine]);
        assert_eq!(o.code, Some(3), "{mode}: {}", o.all());
        assert!(o.stdout.contains("FAIL") && o.stdout.contains(says), "{mode}: {}", o.all());
    }
}

/// `smoke` compares the move lists by identity and shows their diff in
/// natural order, as `run` does: an engine that lists the moves in reverse
/// and leaves one out shows that one move, not every move out of order.
#[test]
fn smoke_diffs_the_moves_in_natural_order() {
    let reorder = format!("python3 {ROOT}/fixtures/engines/rewrite.py reorder {}", served(""));
    let o = rulecheck(&["smoke", "--engine", &reorder]).exits(1);
    let block: Vec<&str> = o
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("FAIL  english: the legal moves at the start differ"))
        .skip(1)
        .take_while(|l| l.starts_with("        "))
        .collect();
    let removed: Vec<&&str> =
        block.iter().filter(|l| l.starts_with("        -") && !l.starts_with("        ---")).collect();
    let added: Vec<&&str> =
        block.iter().filter(|l| l.starts_with("        +") && !l.starts_with("        +++")).collect();
    assert_eq!(removed, [&"        -9-13"], "{}", o.all());
    assert!(added.is_empty(), "{}", o.all());
}

/// `smoke` holds results and refusal reasons to the vocabulary of
/// `spec/reasons.yaml`, as a run does.
#[test]
fn smoke_fails_answers_outside_the_vocabulary() {
    for (mode, says) in [
        ("bad-result", "english: the result at the start: out of protocol"),
        ("bad-reason", "english: 9-13 played twice is refused for the reason 'nonsense'"),
    ] {
        let engine = format!("python3 {ROOT}/fixtures/engines/rewrite.py {mode} {}", served(""));
        let o = rulecheck(&["smoke", "--engine", &engine]);
        assert_eq!(o.code, Some(1), "{mode}: {}", o.all());
        assert!(o.stdout.contains(&format!("FAIL  {says}")), "{mode}: {}", o.all());
    }
}

/// `mutants` scores the spec: the whole spec catches every deviation, a
/// single file leaves holes, named, with exit 1.
#[test]
fn mutants_names_the_deviations_no_scenario_catches() {
    let o = rulecheck(&["mutants", "konane"]).ok();
    assert!(
        o.stdout.contains("mutation score, konane") && o.stdout.contains("score: 4/4 deviations caught"),
        "{}",
        o.all()
    );
    let o = rulecheck(&["mutants", "english", "--spec", "spec/english/setup.yaml"]).exits(1);
    o.stdout_has("SURVIVED: no scenario fails");
    rulecheck(&["mutants", "konane", "--spec", "spec/english"]).exits(4);
    rulecheck(&["mutants", "chess"]).bad_input();
}

/// A catalog edited in a copy of `spec/rules` is read with `--catalog`,
/// without rebuilding: a scenario citing a new clause loads under it and
/// is refused without it.
#[test]
fn an_edited_catalog_is_read_with_catalog_dir() {
    let d = scratch("catalog");
    let rules = d.join("rules");
    std::fs::create_dir_all(&rules).expect("rules dir");
    for e in std::fs::read_dir(Path::new(ROOT).join("spec/rules")).expect("spec/rules") {
        let p = e.expect("entry").path();
        std::fs::copy(&p, rules.join(p.file_name().expect("name"))).expect("copy");
    }
    let english = rules.join("english.yaml");
    let mut text = std::fs::read_to_string(&english).expect("english catalog");
    text = text.replacen(
        "clauses:\n",
        "clauses:\n  - id: english.setup.house-note\n    rule: A clause added by a rule author for this test.\n",
        1,
    );
    std::fs::write(&english, text).expect("edited catalog");
    let scenario = write_file(&d, "new.yaml", "variant: english\npage: checkers.hi\nscenarios:\n  - name: the new clause\n    clauses: [english.setup.house-note]\n    expect:\n      to-move: black\n");
    let (dir, file) = (rules.to_string_lossy().into_owned(), scenario.to_string_lossy().into_owned());
    let o = rulecheck(&["check", &file]).exits(2);
    assert!(
        o.stderr.contains("english.setup.house-note") || o.stdout.contains("english.setup.house-note"),
        "{}",
        o.all()
    );
    rulecheck(&["--catalog", &dir, "run", &file]).ok();
    // A broken catalog is refused with its file and place.
    std::fs::write(rules.join("broken.yaml"), "page: x\nlanguage: hi\ngame: g\nvariants: [chess]\nclauses: []\n")
        .expect("broken");
    let o = rulecheck(&["--catalog", &dir, "run", &file]).bad_input();
    assert!(o.stderr.contains("broken.yaml") && o.stderr.contains("unknown variant 'chess'"), "{}", o.all());
    std::fs::write(rules.join("broken.yaml"), "page: [\n").expect("broken");
    let o = rulecheck(&["--catalog", &dir, "run", &file]).bad_input();
    o.stderr_has("broken.yaml:");
}

/// `--bless` writes the failures pinned to what failed; the list matches
/// from another directory; a pinned scenario failing on another
/// expectation fails again; a stale entry is a warning.
#[test]
fn blessed_lists_stay_honest() {
    let d = scratch("bless");
    let list = d.join("known.txt");
    let list_arg = list.to_string_lossy().into_owned();
    let engine = served("--deviate flying-kings-flipped");
    rulecheck(&["run", "--engine", &engine, "spec/english/kings.yaml", "--bless", &list_arg]).exits(0);
    let text = std::fs::read_to_string(&list).expect("the list");
    assert!(text.contains("spec/english/kings.yaml::a black king captures backward up the board [moves]"), "{text}");
    // From another directory, with the path typed another way.
    let o = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(["run", "--engine", &engine, "--expected-failures", &list_arg])
        .arg(Path::new(ROOT).join("spec/english/kings.yaml"))
        .current_dir(&d)
        .output()
        .expect("rulecheck runs");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
    // Pinned to another expectation: the failure is new.
    let repinned = text.replace("backward up the board [moves]", "backward up the board [result]");
    std::fs::write(&list, repinned + "spec/english/kings.yaml::a scenario that is no more\n").expect("list");
    let o =
        rulecheck(&["run", "--engine", &engine, "spec/english/kings.yaml", "--expected-failures", &list_arg]).exits(1);
    o.stdout_has("fails for another reason too");
    o.stderr_has("warning: the expected-failures list names 'spec/english/kings.yaml::a scenario that is no more'");
}

/// A run takes scenario ids as reports print them, name and clause
/// patterns, and file globs; an id that names nothing is an input error.
#[test]
fn a_run_selects_by_id_name_clause_and_glob() {
    let o = rulecheck(&["run", "spec/english/kings.yaml::a black king captures backward up the board"]).ok();
    o.stdout_has("1 file, 1 scenario: 1 passed");
    let o = rulecheck(&["run", "--clause", "english.king.*", "spec/english", "--format", "json"]).ok();
    let report: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
    let scenarios = report["scenarios"].as_array().expect("scenarios");
    let all = rulecheck(&["run", "spec/english", "--format", "json"]).ok();
    let every: serde_json::Value = serde_json::from_str(&all.stdout).expect("JSON");
    assert!(!scenarios.is_empty() && scenarios.len() < every["scenarios"].as_array().map_or(0, Vec::len));
    for s in scenarios {
        let cites = s["clauses"].as_array().expect("clauses");
        assert!(cites.iter().any(|c| c.as_str().is_some_and(|c| c.starts_with("english.king."))), "{s}");
    }
    let o = rulecheck(&["run", "--name", "*circuit*", "spec/english", "--format", "json"]).ok();
    let report: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
    let names: Vec<&str> =
        report["scenarios"].as_array().expect("scenarios").iter().filter_map(|s| s["scenario"].as_str()).collect();
    assert!(!names.is_empty() && names.iter().all(|n| n.contains("circuit")), "{names:?}");
    let o = rulecheck(&["run", "spec/*/kings.yaml"]).ok();
    // As many files as the shell's glob would match.
    let kings = std::fs::read_dir("spec")
        .expect("spec/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("kings.yaml").is_file())
        .count();
    assert!(kings >= 5 && o.stdout.contains(&format!("{kings} files")), "{kings} files:\n{}", o.all());
    let o = rulecheck(&["run", "spec/english/kings.yaml::no such scenario"]).exits(2);
    o.stdout_has("no scenario named 'no such scenario'");
    let o = rulecheck(&["run", "--clause", "chess.*"]);
    assert_eq!(o.code, Some(4), "nothing selected: {}", o.all());
}

/// A wrong perft count is reported at its own depth's line.
#[test]
fn a_perft_mismatch_is_located_at_its_depth() {
    let o = run_written("perft-line", "perft.yaml", "variant: english\npage: checkers.hi\nscenarios:\n  - name: a wrong count\n    clauses: [english.setup.board]\n    expect:\n      perft:\n        1: 7\n        2: 48\n").exits(1);
    assert!(o.stdout.contains("perft.yaml:9:9):"), "the count of depth 2 is on line 9:\n{}", o.all());
}

/// One bad scenario does not stop its file: the others load and run, and
/// every error of the file is reported at once (exit 2 all the same).
#[test]
fn one_bad_scenario_does_not_stop_its_file() {
    let o = run_written("partial", "three.yaml", "variant: english\npage: checkers.hi\nscenarios:\n  - name: first\n    clauses: [english.setup.first]\n    expect:\n      to-move: black\n  - name: broken\n    clauses: [english.no.such]\n    expect:\n      to-move: black\n  - name: also broken\n    clauses: [english.setup.first]\n    position: \"B:W99:B1\"\n    expect:\n      to-move: black\n  - name: last\n    clauses: [english.setup.board]\n    expect:\n      moves: [9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16]\n").exits(2);
    assert!(o.stdout.contains("three.yaml: 2 passed"), "the two good scenarios ran:\n{}", o.all());
    assert!(o.stdout.contains("'broken'") && o.stdout.contains("'also broken'"), "both errors at once:\n{}", o.all());
}

/// The book's conformance-test example (docs/src/engine/rust.md) is the
/// harness's doctest, which `cargo test` compiles (its hidden lines
/// aside): the example cannot drift from the library.
#[test]
fn the_books_harness_example_is_the_compiled_doctest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |p: &str| std::fs::read_to_string(root.join(p)).expect(p);
    let harness = read("crates/rulecheck/src/harness.rs");
    let example: String = harness
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .skip_while(|l| *l != "```no_run")
        .skip(1)
        .take_while(|l| *l != "```")
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(example.contains("rulecheck::harness::cases"), "the harness's example is found:\n{example}");
    assert!(
        read("docs/src/engine/rust.md").contains(&format!("```rust\n{example}```")),
        "the book's harness example differs from the doctest in crates/rulecheck/src/harness.rs:\n{example}"
    );
}

/// `fingerprint` exits 0 for an engine that plays as the reference does
/// under the values it is sent, 1 naming the deviation it plays (in JSON
/// too), and 3 for an engine that cannot be started.
#[test]
fn fingerprint_exits_by_what_it_finds() {
    let o = rulecheck(&["fingerprint", "--engine", &served(""), "konane"]).ok();
    o.stdout_has("it plays every rule as the reference does under the values it is sent");
    let o = rulecheck(&["fingerprint", "--engine", &served("--deviate chains-may-stop"), "english", "--json"]).exits(1);
    let prints: serde_json::Value = serde_json::from_str(&o.stdout).expect("json");
    assert_eq!(prints[0]["deviations"][0]["deviation"], "chains-may-stop", "{}", o.stdout);
    assert_eq!(prints[0]["unexplained"].as_array().map(Vec::len), Some(0), "{}", o.stdout);
    let o = rulecheck(&["fingerprint", "--engine", "/nonexistent/engine", "english"]).exits(3);
    o.stderr_has("the engine cannot be started");
}
