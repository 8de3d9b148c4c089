//! `rulecheck referee` against a real search: the Hub fixture engine over
//! py-draughts (`fixtures/engines/hub_py_draughts.py`, in py-draughts'
//! environment under `target/adapters/`, installed as the adapters' tests
//! install it). Its clean games hold move for move and variation for
//! variation; each of its deliberate bugs is caught as a violation citing
//! the clause it breaks, and the scenario written for it loads, passes
//! against the reference, and expects exactly what the engine did wrong.

use std::path::{Path, PathBuf};

use crate::adapters::{have, target_dir, venv};
use crate::support::process::{rulecheck, temp_dir, write_file, Outcome};

/// A white king on 46 can take 23 only by flying to it; the man on 35
/// can step.
const FLYING_CAPTURE: &str = "W:WK46,35:B23,5";

/// py-draughts' Python, installed once; `None` (skipped with a message,
/// a failure under CI) without python3's venv.
pub(crate) fn python() -> Option<PathBuf> {
    have("python3", &["-m", "venv", "--help"])?;
    venv("py-draughts", "py-draughts")?;
    Some(target_dir().join("adapters").join("py-draughts").join("bin").join("python"))
}

/// The referee's run of the fixture engine, with its arguments after the
/// script's, writing into `dir/out`.
fn referee(python: &Path, dir: &Path, engine_args: &str, args: &[&str]) -> Outcome {
    let hub = format!("{} fixtures/engines/hub_py_draughts.py {engine_args}", python.display());
    let out = dir.join("out").display().to_string();
    let mut all = vec!["referee", "--hub", hub.as_str(), "--out", out.as_str(), "--depth", "2", "--format", "json"];
    all.extend_from_slice(args);
    rulecheck(&all)
}

#[test]
fn the_fixture_engines_games_hold_move_for_move_and_variation_for_variation() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-fixture-clean");
    let o = referee(&python, &dir, "--seed 3", &["--games", "2", "--max-plies", "60"]).ok();
    let j = o.json();
    assert_eq!(j["totals"]["violations"], 0, "{}", o.all());
    assert_eq!(j["totals"]["engine_errors"], 0, "{}", o.all());
    assert!(j["totals"]["moves_checked"].as_u64().unwrap() >= 60, "{}", o.all());
    assert!(j["totals"]["pv_moves_checked"].as_u64().unwrap() > 0, "{}", o.all());
    // Against the random mover too, from the spec's positions.
    let o = referee(&python, &dir, "", &["--random", "--from", "spec", "--games", "2", "--max-plies", "40"]).ok();
    assert_eq!(o.json()["totals"]["games"], 2, "{}", o.all());
}

/// The violation of the run's first game: it must have one.
pub(crate) fn violation(o: &Outcome) -> serde_json::Value {
    let j = o.json();
    let v = j["games"][0]["violation"].clone();
    assert!(v.is_object(), "a violation in game 1:\n{}", o.all());
    v
}

/// The scenario written for a violation loads, passes against the
/// reference, and expects what the engine did wrong: its move refused for
/// the reason found, or the game going on.
pub(crate) fn reproduces(v: &serde_json::Value) {
    let path = v["scenario"].as_str().unwrap_or_else(|| panic!("a scenario written: {v}"));
    rulecheck(&["check", "--no-coverage", path]).ok();
    rulecheck(&["run", path]).ok().stdout_has("1 passed");
    let text = std::fs::read_to_string(path).unwrap();
    match v["move"].as_str() {
        Some(played) => {
            let written =
                v["as_written"].as_str().unwrap_or_else(|| panic!("the move as the reference writes it: {v}"));
            // The Hub writes start x end x each square taken; the
            // reference start x each landing x end: the same start, and the
            // same end.
            let squares = |m: &str| m.split(['-', 'x']).map(str::to_string).collect::<Vec<_>>();
            let (hub, reference) = (squares(played), squares(written));
            assert_eq!(hub[0], reference[0], "{v}");
            assert_eq!(Some(&hub[1]), reference.last(), "{v}");
            let expected = format!("illegal: [\"{written}: {}\"]", v["reason"].as_str().unwrap());
            assert!(text.contains(&expected), "{expected}:\n{text}");
        }
        None => assert!(text.contains("result: ongoing"), "{text}"),
    }
}

#[test]
fn a_missed_capture_is_caught_citing_the_capture_duty() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-fixture-missed");
    let o = referee(&python, &dir, "--bug missed-capture", &["--games", "1"]).exits(1);
    let v = violation(&o);
    assert_eq!(v["reason"], "must-capture", "{v}");
    let clauses: Vec<&str> = v["clauses"].as_array().unwrap().iter().filter_map(|c| c.as_str()).collect();
    assert_eq!(clauses.first(), Some(&"international.capture.mandatory"), "{v}");
    reproduces(&v);
}

#[test]
fn a_king_that_does_not_fly_is_caught_citing_the_flying_king() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-fixture-no-fly");
    let pdn = write_file(&dir, "from.pdn", &format!("[FEN \"{FLYING_CAPTURE}\"]\n*\n")).display().to_string();
    let o = referee(&python, &dir, "--bug king-no-fly", &["--games", "1", "--from", &pdn]).exits(1);
    let v = violation(&o);
    assert_eq!(v["reason"], "must-capture", "{v}");
    let clauses: Vec<&str> = v["clauses"].as_array().unwrap().iter().filter_map(|c| c.as_str()).collect();
    assert_eq!(clauses.first(), Some(&"international.king.flying"), "{v}");
    assert!(clauses.contains(&"international.capture.mandatory"), "{v}");
    reproduces(&v);
}

#[test]
fn a_false_end_of_the_game_is_caught_citing_the_rule_of_a_player_without_a_move() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-fixture-result");
    let o = referee(&python, &dir, "--bug wrong-result --bug-after 3", &["--games", "1"]).exits(1);
    let v = violation(&o);
    assert_eq!(v["reason"], "no-move-claimed", "{v}");
    assert_eq!(v["clauses"], serde_json::json!(["international.end.no-moves"]), "{v}");
    assert_eq!(v["ply"], 3, "the engine's fourth search (it plays both sides): {v}");
    reproduces(&v);
}
