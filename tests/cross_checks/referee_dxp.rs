//! `rulecheck referee` over DXP against a real search: the DXP fixture
//! engine over py-draughts (`fixtures/engines/dxp_py_draughts.py`, in
//! py-draughts' environment as the Hub fixture's tests install it), in each
//! of rulecheck's three places: the initiator of the engine as a follower,
//! the follower of the engine as an initiator (its port said on standard
//! error), and a proxy between two. Its clean games hold move for move;
//! each of its deliberate bugs is caught as a violation citing the clause
//! it breaks, and the scenario written for it loads, passes against the
//! reference, and expects exactly what the engine did wrong.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::referee::{python, reproduces, violation};
use crate::support::process::{rulecheck_within, temp_dir, Outcome, ROOT};

/// The hang guard of a whole run.
const RUN: Duration = Duration::from_secs(600);

/// The fixture engine's command, its arguments after the script's.
fn engine(python: &Path, args: &str) -> String {
    format!("{} fixtures/engines/dxp_py_draughts.py {args}", python.display())
}

/// `rulecheck referee` with a JSON report, writing into `dir/out`.
fn referee(dir: &Path, args: &[&str]) -> Outcome {
    let out = dir.join("out").display().to_string();
    let mut all = vec!["referee", "--out", out.as_str(), "--format", "json"];
    all.extend_from_slice(args);
    rulecheck_within(&all, RUN)
}

/// No violation and no engine error; the report's JSON.
fn clean(o: &Outcome) -> serde_json::Value {
    let j = o.json();
    assert_eq!(j["totals"]["violations"], 0, "{}", o.all());
    assert_eq!(j["totals"]["engine_errors"], 0, "{}", o.all());
    j
}

fn clauses(v: &serde_json::Value) -> Vec<&str> {
    v["clauses"].as_array().unwrap().iter().filter_map(|c| c.as_str()).collect()
}

#[test]
fn as_the_initiator_the_fixtures_games_hold_against_the_random_mover_and_a_hub_engine() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-dxp-initiator");
    let follower = engine(&python, "--listen {port} --seed 3");
    let j = clean(&referee(&dir, &["--dxp", &follower, "--games", "2", "--max-plies", "40"]).ok());
    assert_eq!(j["totals"]["games"], 2);
    assert!(j["totals"]["moves_checked"].as_u64().unwrap() >= 20, "{j}");
    assert_eq!(j["games"][0]["white"], "py-draughts 1.10.1", "the engine white in the first game: {j}");
    // Against the Hub fixture: both engines' moves checked, and the Hub
    // engine's variations.
    let hub = format!("{} fixtures/engines/hub_py_draughts.py", python.display());
    let j = clean(
        &referee(&dir, &["--dxp", &follower, "--hub", &hub, "--depth", "1", "--games", "1", "--max-plies", "20"]).ok(),
    );
    assert_eq!(j["totals"]["moves_checked"], 20, "{j}");
    assert!(j["totals"]["pv_moves_checked"].as_u64().unwrap() > 0, "{j}");
}

#[test]
fn as_the_follower_rulecheck_says_its_port_and_plays_the_games_the_engine_asks_for() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-dxp-follower");
    let out = dir.join("out").display().to_string();
    let mut run = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(["referee", "--dxp-listen", "127.0.0.1:0", "--games", "5", "--out", &out, "--format", "json"])
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(run.stderr.take().unwrap());
    let mut said = String::new();
    stderr.read_line(&mut said).unwrap();
    let port = said
        .trim()
        .strip_prefix("rulecheck: listening on 127.0.0.1:")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("the port said: {said:?}"));
    let mut initiator = Command::new(&python)
        .args(["fixtures/engines/dxp_py_draughts.py", "--connect", &format!("127.0.0.1:{port}")])
        .args(["--games", "2", "--moves", "15", "--seed", "5"])
        .current_dir(ROOT)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let rest = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    // A hang guard only.
    let began = Instant::now();
    while run.try_wait().unwrap().is_none() {
        assert!(began.elapsed() < RUN, "the run never ended");
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = run.wait_with_output().unwrap();
    let o = Outcome {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: rest.join().unwrap(),
    };
    let _ = initiator.wait();
    let j = clean(&o.ok());
    assert_eq!(j["totals"]["games"], 2, "the engine asked for two: {j}");
    assert!(j["notes"].to_string().contains("asked for no more games"), "{j}");
    assert_eq!(j["games"][0]["white"], "py-draughts 1.10.1", "the initiator white in its first game: {j}");
    assert_eq!(j["games"][0]["outcome"], "unfinished", "ended at the 15 moves agreed: {j}");
}

#[test]
fn as_a_proxy_rulecheck_referees_two_engines_games() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-dxp-proxy");
    let initiator = engine(&python, "--connect 127.0.0.1:{port} --games 2 --moves 20 --seed 2");
    let follower = engine(&python, "--listen {port} --seed 9");
    let j = clean(&referee(&dir, &["--dxp", &initiator, "--dxp", &follower, "--games", "4"]).ok());
    assert_eq!(j["totals"]["games"], 2, "{j}");
    assert_eq!(j["totals"]["moves_checked"], 80, "twenty moves each side, both games: {j}");
}

#[test]
fn a_missed_capture_is_caught_as_the_initiator_citing_the_capture_duty() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-dxp-missed");
    let follower = engine(&python, "--listen {port} --bug missed-capture");
    let o = referee(&dir, &["--dxp", &follower, "--games", "1"]).exits(1);
    let v = violation(&o);
    assert_eq!(v["reason"], "must-capture", "{v}");
    assert_eq!(clauses(&v).first(), Some(&"international.capture.mandatory"), "{v}");
    reproduces(&v);
}

#[test]
fn a_king_that_does_not_fly_is_caught_as_the_follower_citing_the_flying_king() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-dxp-no-fly");
    // White king on 46 (it can take 23 only by flying), man on 35; black
    // men on 5 and 23; white to move.
    let position: String = std::iter::once('W')
        .chain((1..=50).map(|n| match n {
            46 => 'W',
            35 => 'w',
            5 | 23 => 'z',
            _ => 'e',
        }))
        .collect();
    let initiator = engine(&python, &format!("--connect 127.0.0.1:{{port}} --position {position} --bug king-no-fly"));
    let o = referee(&dir, &["--dxp-listen", "127.0.0.1:0", "--dxp", &initiator, "--games", "1"]).exits(1);
    let v = violation(&o);
    assert_eq!(v["reason"], "must-capture", "{v}");
    assert_eq!(v["position"], "W:W35,K46:B5,23", "{v}");
    let cited = clauses(&v);
    assert_eq!(cited.first(), Some(&"international.king.flying"), "{v}");
    assert!(cited.contains(&"international.capture.mandatory"), "{v}");
    reproduces(&v);
}

#[test]
fn a_win_claimed_while_the_game_goes_on_is_caught_in_the_proxy() {
    let Some(python) = python() else { return };
    let dir = temp_dir("referee-dxp-claim");
    let initiator = engine(&python, "--connect 127.0.0.1:{port} --games 1 --moves 30");
    let follower = engine(&python, "--listen {port} --bug wrong-result --bug-after 3");
    let o = referee(&dir, &["--dxp", &initiator, "--dxp", &follower, "--games", "1"]).exits(1);
    let v = violation(&o);
    assert_eq!((v["reason"].as_str(), v["said"].as_str()), (Some("win-claimed"), Some("E30")), "{v}");
    assert_eq!(v["clauses"], serde_json::json!(["international.end.no-moves"]), "{v}");
    assert_eq!((v["player"].as_str(), v["side"].as_str()), (Some("py-draughts wrong-result"), Some("black")), "{v}");
    assert_eq!(v["ply"], 7, "black's fourth turn, after its three moves: {v}");
    reproduces(&v);
    let j = o.json();
    let transcript = j["games"][0]["transcript"].to_string();
    assert!(transcript.contains("follower") && transcript.contains("E30"), "{transcript}");
}
