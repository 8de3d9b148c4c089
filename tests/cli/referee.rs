//! `rulecheck referee` against a scripted Hub engine
//! (`fixtures/engines/hub_scripted.py`), which answers each position with
//! the lines a test gives it: a game played to the reference's result, each
//! kind of violation caught with its clause and written as PDN and a
//! scenario that loads and holds against the reference, a repetition seen
//! through the `moves` the engine is sent, engine failures reported while
//! the run goes on, the reports' formats, and bad arguments refused.

use std::path::{Path, PathBuf};

use crate::support::process::{rulecheck, temp_dir, write_file, Outcome};
use rulecheck_referee::board::Board;
use rulecheck_referee::hub::notation;

/// White takes black's last man: the game ends at once.
const LAST_MAN: &str = "W:W28:B23";
/// White must take 23 with 28; black's man on 3 is left.
const MUST_TAKE: &str = "W:W28,45:B23,3";
/// A king each, on no common diagonal.
const KINGS: &str = "W:WK46:BK1";

/// The Hub position of a FEN.
fn hub(fen: &str) -> String {
    notation::position(&Board::from_fen(fen).unwrap())
}

/// A script for the scripted engine: its answers by position (and moves),
/// and any other keys of `extra`.
fn script(dir: &Path, name: &str, answers: &[(String, Vec<&str>)], extra: serde_json::Value) -> PathBuf {
    let mut s = serde_json::json!({
        "answers": answers.iter().map(|(k, v)| (k.clone(), serde_json::json!(v))).collect::<serde_json::Map<_, _>>(),
    });
    if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
        s.extend(extra.clone());
    }
    write_file(dir, name, &serde_json::to_string_pretty(&s).unwrap())
}

/// A PDN file of one game that starts from `fen` and has no moves.
fn from(dir: &Path, fen: &str) -> String {
    let path = write_file(dir, "from.pdn", &format!("[FEN \"{fen}\"]\n*\n"));
    path.display().to_string()
}

fn engine(script: &Path) -> String {
    format!("python3 fixtures/engines/hub_scripted.py {}", script.display())
}

/// `rulecheck referee` with the engine scripted, from `fen`, writing into
/// `dir/out`.
fn referee(dir: &Path, script: &Path, fen: &str, more: &[&str]) -> Outcome {
    let hub = engine(script);
    let pdn = from(dir, fen);
    let out = dir.join("out").display().to_string();
    let mut args = vec!["referee", "--hub", &hub, "--from", &pdn, "--out", &out, "--depth", "2"];
    if !more.contains(&"--games") {
        args.extend(["--games", "1"]);
    }
    args.extend_from_slice(more);
    rulecheck(&args)
}

#[test]
fn a_game_is_played_to_the_references_result_and_every_move_checked() {
    let dir = temp_dir("referee-clean");
    let s = script(
        &dir,
        "s.json",
        &[(hub(LAST_MAN), vec!["info depth=1 pv=\"28x19x23\"", "done move=28x19x23"])],
        // A complaint about `new-game` is no answer to the search after it.
        serde_json::json!({"new-game": ["error message=\"unknown command\""]}),
    );
    let o = referee(&dir, &s, LAST_MAN, &[]).ok();
    o.stdout_has("referee: Scripted 1 against itself, international, depth 2")
        .stdout_has("game 1: Scripted 1 - Scripted 1: white wins: no-pieces after 1 move")
        .stdout_has("checked: 1 move the engines played, 1 move of their principal variations")
        .stdout_has("every move held");
    assert!(o.stdout.contains("time: ") && o.stdout.contains("waiting for the engines"), "{}", o.all());
    assert!(!o.stdout.contains("violations' clauses"), "no violation, no share for one: {}", o.all());
    let j = referee(&dir, &s, LAST_MAN, &["--format", "json"]).ok().json();
    assert_eq!(j["games"][0]["result"], "white wins: no-pieces");
    assert_eq!(j["games"][0]["moves"], serde_json::json!(["28x19"]));
    assert_eq!(j["totals"]["moves_checked"], 1);
    assert_eq!(j["totals"]["pv_moves_checked"], 1);
    assert_eq!(j["exit_code"], 0);
    let t = &j["time"];
    let parts = t["engine_seconds"].as_f64().unwrap() + t["check_seconds"].as_f64().unwrap();
    assert!(parts <= t["seconds"].as_f64().unwrap() + 1e-9, "{t}");
    assert!(!dir.join("out").exists(), "nothing is written when every move held");
}

/// The scenario written for a violation loads, holds against the
/// reference, and says `expect`; the PDN replays.
fn written_files_hold(dir: &Path, expect: &str) -> String {
    let yaml = dir.join("out/game-001.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap_or_else(|e| panic!("{}: {e}", yaml.display()));
    assert!(text.contains(expect), "{text}");
    let y = yaml.display().to_string();
    rulecheck(&["check", "--no-coverage", &y]).ok();
    rulecheck(&["run", &y]).ok().stdout_has("1 passed");
    let pdn = dir.join("out/game-001.pdn").display().to_string();
    rulecheck(&["replay", "international", &pdn]).ok();
    text
}

#[test]
fn a_missed_capture_is_a_violation_with_its_clause_and_a_scenario_that_reproduces_it() {
    let dir = temp_dir("referee-missed");
    let s = script(&dir, "s.json", &[(hub(MUST_TAKE), vec!["done move=45-40"])], serde_json::json!({}));
    let o = referee(&dir, &s, MUST_TAKE, &[]).exits(1);
    o.stdout_has("game 1: Scripted 1 - Scripted 1: VIOLATION by Scripted 1 (white) after 0 moves: 45-40 is illegal (must-capture)")
        .stdout_has("international.capture.mandatory")
        .stdout_has("finding the violations' clauses and writing their files, ")
        .stdout_has("a rule was broken");
    let text = written_files_hold(&dir, "illegal: [\"45-40: must-capture\"]");
    assert!(text.contains("clauses: [international.capture.mandatory"), "{text}");
    assert!(text.contains("position: \"W:W28,45:B3,23\""), "{text}");
    let pdn = std::fs::read_to_string(dir.join("out/game-001.pdn")).unwrap();
    assert!(pdn.contains("[FEN \"W:W28,45:B3,23\"]") && pdn.contains("must-capture"), "{pdn}");
    let j = referee(&dir, &s, MUST_TAKE, &["--format", "json"]).exits(1).json();
    let v = &j["games"][0]["violation"];
    assert_eq!(v["reason"], "must-capture");
    assert_eq!(v["move"], "45-40");
    assert!(v["scenario"].as_str().unwrap().ends_with("game-001.yaml"), "{v}");
}

#[test]
fn a_false_claim_of_no_move_breaks_the_rule_of_a_player_without_a_move() {
    for (name, said) in [("empty", "done"), ("quoted", "done move=\"\""), ("error", "error message=\"no legal move\"")]
    {
        let dir = temp_dir(&format!("referee-nomove-{name}"));
        let s = script(&dir, "s.json", &[(hub(MUST_TAKE), vec![said])], serde_json::json!({}));
        let o = referee(&dir, &s, MUST_TAKE, &[]).exits(1);
        o.stdout_has("it claims no move").stdout_has("where 1 move is legal").stdout_has("international.end.no-moves");
        let text = written_files_hold(&dir, "result: ongoing");
        assert!(text.contains("moves: [\"28x19\"]"), "{text}");
    }
}

#[test]
fn an_illegal_move_of_a_principal_variation_is_a_violation_where_it_was_played() {
    let dir = temp_dir("referee-pv");
    let lines = vec!["info depth=2 pv=\"28x19x23 3-14\"", "done move=28x19x23"];
    let s = script(&dir, "s.json", &[(hub(MUST_TAKE), lines)], serde_json::json!({}));
    let o = referee(&dir, &s, MUST_TAKE, &[]).exits(1);
    o.stdout_has("3-14 is illegal (too-far), in its principal variation '28x19x23 3-14' after 1 move");
    let text = written_files_hold(&dir, "illegal: [\"3-14: too-far\"]");
    assert!(text.contains("position: \"B:W19,45:B3\""), "the position the variation reached:\n{text}");
    // A variation that goes on past the end of the game is not flagged.
    let lines = vec!["info pv=\"28x19x23 6-1 7-2\"", "done move=28x19x23"];
    let s = script(&dir, "t.json", &[(hub(LAST_MAN), lines)], serde_json::json!({}));
    referee(&dir, &s, LAST_MAN, &[]).ok();
}

#[test]
fn a_repetition_is_seen_through_the_king_moves_the_engine_is_sent() {
    let dir = temp_dir("referee-repetition");
    let cycle = ["46-41", "1-6", "41-46", "6-1"];
    let start = hub(KINGS);
    let mut answers = vec![(start.clone(), vec!["done move=46-41"])];
    let mut played: Vec<&str> = Vec::new();
    for i in 0..8 {
        played.push(cycle[i % 4]);
        let next = format!("done move={}", cycle[(i + 1) % 4]);
        answers.push((format!("{start} {}", played.join(" ")), vec![Box::leak(next.into_boxed_str())]));
    }
    let s = script(&dir, "s.json", &answers, serde_json::json!({}));
    referee(&dir, &s, KINGS, &[]).ok().stdout_has("draw: repetition after 8 moves");
    referee(&dir, &s, KINGS, &["--max-plies", "3"]).ok().stdout_has("unfinished after 3 moves (--max-plies)");
}

#[test]
fn an_engine_that_crashes_hangs_or_garbles_is_an_engine_error_and_the_run_goes_on() {
    let dir = temp_dir("referee-failures");
    let crash = script(&dir, "crash.json", &[(hub(MUST_TAKE), vec!["@exit 3"])], serde_json::json!({}));
    let o = referee(&dir, &crash, MUST_TAKE, &["--games", "2"]).exits(3);
    o.stdout_has("game 1: Scripted 1 - Scripted 1: ENGINE ERROR of Scripted 1 after 0 moves: the engine exited")
        .stdout_has("game 2: Scripted 1 - Scripted 1: ENGINE ERROR")
        .stdout_has("crashing")
        .stdout_has("2 engine errors")
        .stdout_has("an engine failed");
    let garbage = script(&dir, "garbage.json", &[(hub(MUST_TAKE), vec!["done move=28x19"])], serde_json::json!({}));
    referee(&dir, &garbage, MUST_TAKE, &[]).exits(3).stdout_has("out of protocol: done: '28x19' is no Hub move");
    let pv = script(&dir, "pv.json", &[(hub(MUST_TAKE), vec!["info pv=\"28x19x23 zz\""])], serde_json::json!({}));
    referee(&dir, &pv, MUST_TAKE, &[]).exits(3).stdout_has("out of protocol: info pv");
    let quote = script(&dir, "quote.json", &[(hub(MUST_TAKE), vec!["done move=\"28x19x23"])], serde_json::json!({}));
    referee(&dir, &quote, MUST_TAKE, &[]).exits(3).stdout_has("never closed");
    // The hang guard: the engine never answers its search.
    let hang = script(&dir, "hang.json", &[(hub(MUST_TAKE), vec!["@hang"])], serde_json::json!({}));
    referee(&dir, &hang, MUST_TAKE, &["--timeout", "1"])
        .exits(3)
        .stdout_has("no `done` after `go think` within 1.0s (--timeout)");
    // One that fails its handshake is not started: exit 3 at once.
    let mute = script(&dir, "mute.json", &[], serde_json::json!({"init": ["@exit 4"]}));
    referee(&dir, &mute, MUST_TAKE, &[]).exits(3).stderr_has("waiting for `ready` after `init`");
}

#[test]
fn two_engines_take_white_in_turn_and_the_random_mover_plays_one() {
    let dir = temp_dir("referee-pairs");
    let win = vec!["done move=28x19x23"];
    let a = script(&dir, "a.json", &[(hub(LAST_MAN), win.clone())], serde_json::json!({"id": "id name=A version=1"}));
    let b = script(&dir, "b.json", &[(hub(LAST_MAN), win)], serde_json::json!({"id": "id name=B"}));
    let pdn = from(&dir, LAST_MAN);
    let out = dir.join("out").display().to_string();
    let (ea, eb) = (engine(&a), engine(&b));
    let o = rulecheck(&["referee", "--hub", &ea, "--hub", &eb, "--from", &pdn, "--out", &out, "--games", "2"]).ok();
    o.stdout_has("referee: A 1 against B, international")
        .stdout_has("game 1: A 1 - B: white wins")
        .stdout_has("game 2: B - A 1: white wins")
        .stdout_has("2 games: 2 white wins");
    let o = rulecheck(&["referee", "--hub", &ea, "--random", "--from", &pdn, "--out", &out, "--games", "2"]).ok();
    o.stdout_has("game 1: A 1 - random mover: white wins")
        .stdout_has("game 2: random mover - A 1: white wins")
        .stdout_has("checked: 1 move the engines played");
}

#[test]
fn the_junit_report_has_a_test_case_a_game() {
    let dir = temp_dir("referee-junit");
    let s = script(&dir, "s.json", &[(hub(MUST_TAKE), vec!["done move=45-40"])], serde_json::json!({}));
    let o = referee(&dir, &s, MUST_TAKE, &["--format", "junit", "--games", "2"]).exits(1);
    let doc = roxmltree::Document::parse(&o.stdout).unwrap_or_else(|e| panic!("{e}\n{}", o.stdout));
    let cases: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("testcase")).collect();
    assert_eq!(cases.len(), 2, "{}", o.stdout);
    for c in cases {
        let failure = c.children().find(|n| n.has_tag_name("failure")).expect("a failure");
        assert_eq!(failure.attribute("message"), Some("must-capture"));
        assert!(c.descendants().any(|n| n.attribute("value") == Some("international.capture.mandatory")));
    }
}

#[test]
fn games_start_from_the_spec_positions_in_progress() {
    let dir = temp_dir("referee-spec");
    // It claims no move anywhere: each game ends at its first search.
    let s = script(&dir, "s.json", &[], serde_json::json!({}));
    let out = dir.join("out").display().to_string();
    let e = engine(&s);
    let o = rulecheck(&["referee", "--hub", &e, "--from", "spec", "--out", &out, "--games", "3"]).exits(1);
    o.stdout_has("3 violations");
    let pdn = std::fs::read_to_string(dir.join("out/game-002.pdn")).unwrap();
    assert!(pdn.contains("[FEN \""), "{pdn}");
}

#[test]
fn a_pdn_games_start_is_where_it_got_to_or_where_it_began() {
    let dir = temp_dir("referee-pdn-at");
    let pdn = write_file(&dir, "game.pdn", &format!("[FEN \"{MUST_TAKE}\"]\n1. 28x19 *\n")).display().to_string();
    // The engine has a move for each of the two positions: the game's
    // first move says which it started from.
    let after = "B:W19,45:B3";
    let s = script(
        &dir,
        "s.json",
        &[(hub(after), vec!["done move=3-9"]), (hub(MUST_TAKE), vec!["done move=28x19x23"])],
        serde_json::json!({}),
    );
    let e = engine(&s);
    let out = dir.join("out").display().to_string();
    let base = ["referee", "--hub", &e, "--from", &pdn, "--out", &out, "--games", "1", "--max-plies", "1"];
    let o = rulecheck(&base).ok();
    o.stdout_has("unfinished after 1 move");
    let j = rulecheck(&[&base[..], &["--format", "json"]].concat()).ok().json();
    assert_eq!(j["games"][0]["start"], after, "{j}");
    assert_eq!(j["games"][0]["moves"], serde_json::json!(["3-9"]));
    let j = rulecheck(&[&base[..], &["--pdn-at", "start", "--format", "json"]].concat()).ok().json();
    assert_eq!(j["games"][0]["start"], "W:W28,45:B3,23", "{j}");
    assert_eq!(j["games"][0]["moves"], serde_json::json!(["28x19"]));
}

#[test]
fn a_start_is_played_as_the_engine_is_told_it_with_its_counters_at_their_defaults() {
    let dir = temp_dir("referee-counters");
    let s = script(&dir, "s.json", &[(hub(LAST_MAN), vec!["done move=28x19x23"])], serde_json::json!({}));
    let o = referee(&dir, &s, "W:W28:B23:np=5", &["--format", "json"]).ok();
    o.stderr_has("1 start position carried counters");
    assert_eq!(o.json()["games"][0]["start"], LAST_MAN, "{}", o.all());
}

#[cfg(unix)]
#[test]
fn a_signal_stops_the_run_ends_the_engine_and_still_reports() {
    use std::time::{Duration, Instant};
    let dir = temp_dir("referee-signal");
    let pids = dir.join("engine.pids");
    let pid_line = format!("@pid {}", pids.display());
    let s = script(&dir, "s.json", &[(hub(MUST_TAKE), vec![pid_line.as_str(), "@hang"])], serde_json::json!({}));
    let (e, pdn) = (engine(&s), from(&dir, MUST_TAKE));
    let out = dir.join("out").display().to_string();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(["referee", "--hub", &e, "--from", &pdn, "--out", &out, "--games", "3"])
        .current_dir(crate::support::process::ROOT)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A hang guard only: the engine writes its pid as its search begins.
    let started = Instant::now();
    while crate::support::process::pids_in(&pids).is_empty() {
        assert!(started.elapsed() < Duration::from_secs(300), "the engine never searched");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap());
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM).unwrap();
    let o = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(5), "{stdout}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout.contains("game 1: Scripted 1 - Scripted 1: stopped by SIGTERM"), "{stdout}");
    assert!(stdout.contains("incomplete: stopped by SIGTERM after 1 of 3 games"), "{stdout}");
    let engines = crate::support::process::pids_in(&pids);
    assert!(crate::support::process::left_running(&engines).is_empty(), "the engine was ended");
}

#[test]
fn bad_arguments_and_unplayable_variants_are_refused_naming_what_is_wrong() {
    let dir = temp_dir("referee-bad");
    let s = script(&dir, "s.json", &[], serde_json::json!({}));
    let e = engine(&s);
    let only_normal = script(
        &dir,
        "normal.json",
        &[],
        serde_json::json!({"params": ["param name=variant value=normal type=enum values=\"normal\""]}),
    );
    let n = engine(&only_normal);
    let bt = script(
        &dir,
        "bt.json",
        &[],
        serde_json::json!({"params": ["param name=variant value=bt type=enum values=\"bt\""]}),
    );
    let b = engine(&bt);
    rulecheck(&["referee", "--hub", &e, "--variant", "bt"]).bad_input().stderr_has("'bt' (breakthrough draughts");
    rulecheck(&["referee", "--hub", &e, "--variant", "english"]).bad_input().stderr_has("normal (international)");
    rulecheck(&["referee", "--hub", &b]).bad_input().stderr_has("it declares variant=bt").stderr_has("--variant");
    rulecheck(&["referee", "--hub", &e, "--hub", &e, "--random"]).bad_input().stderr_has("--random");
    rulecheck(&["referee", "--hub", &e, "--hub", &e, "--hub", &e]).bad_input().stderr_has("--hub given 3 times");
    rulecheck(&["referee", "--hub", &e, "--games", "0"]).exits(2);
    rulecheck(&["referee", "--hub", &e, "--depth", "2", "--move-time", "1"]).exits(2);
    rulecheck(&["referee", "--hub", &e, "-o", "king-move=diagonal"]).bad_input().stderr_has("king-move");
    rulecheck(&["referee", "--hub", &e, "--from", "missing.pdn"]).bad_input().stderr_has("missing.pdn");
    rulecheck(&["referee", "--hub", &e, "--hub-param", "book"]).bad_input().stderr_has("NAME=VALUE");
    let file = write_file(&dir, "a-file", "x").display().to_string();
    rulecheck(&["referee", "--hub", &e, "--out", &file]).bad_input().stderr_has("not a directory");
    rulecheck(&["referee", "--hub", "no-such-engine-anywhere"])
        .exits(3)
        .stderr_has("cannot start 'no-such-engine-anywhere'");
    rulecheck(&["referee", "--hub", &n, "--variant", "killer"])
        .exits(4)
        .stderr_has("offers variant=normal and not killer");
    rulecheck(&["referee", "--hub", &e, "--hub-param", "hash=1"]).exits(4).stderr_has("no such parameter");
    let o = rulecheck(&["referee", "--help"]).ok();
    o.stdout_has("--hub <CMD ARGS>").stdout_has("--move-time").stdout_has("--from");
}
