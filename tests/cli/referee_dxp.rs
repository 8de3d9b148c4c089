//! `rulecheck referee` over DXP against engines the test plays itself over
//! loopback TCP, message by message (no Python): engines that send a
//! malformed message, close the connection or go silent are engine errors
//! of their game and the run goes on; as the initiator, rulecheck requests
//! a game from a given board and ends it saying its own side's result; as
//! the follower, it refuses a
//! request in another version or from a finished position with the code
//! that says why, and a win claimed while the game goes on is a violation
//! whose scenario holds; as a proxy it forwards what it found legal, as it
//! was sent, and ends a game the referee ended with both engines; and bad
//! arguments are refused. Every time limit here is a hang guard of a
//! minute or more, or the limit under test against a peer that never
//! answers.

use std::net::TcpStream;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::support::process::{rulecheck, rulecheck_within, temp_dir};
use rulecheck_dxp::{
    Acceptance, Colour, Connection, ConnectionError, EndReason, GameRequest, Limits, Listener, Message, Start, StopCode,
};

/// The hang guard of a whole run.
const RUN: Duration = Duration::from_secs(300);

fn limits() -> Limits {
    Limits { read_timeout: Duration::from_secs(120), connect_timeout: Duration::from_secs(120), ..Limits::default() }
}

/// The next message that is no CHAT.
fn next(c: &mut Connection<TcpStream>) -> Message {
    loop {
        match c.receive() {
            Ok(Message::Chat { .. }) => {}
            Ok(m) => return m,
            Err(e) => panic!("the peer: {e}"),
        }
    }
}

fn accept(name: &str) -> Message {
    Message::GameAccept { follower: name.into(), acceptance: Acceptance::Accepted }
}

fn request(version: u8, follower_colour: Colour, start: Start) -> Message {
    Message::GameRequest(GameRequest {
        version,
        initiator: "test initiator".into(),
        follower_colour,
        minutes: 1,
        moves: 50,
        start,
    })
}

fn game_end(reason: EndReason, stop: StopCode) -> Message {
    Message::GameEnd { reason, stop }
}

/// A follower engine played by the test: it listens, and serves its
/// connections in turn, each with the next script.
fn follower(scripts: Vec<Box<dyn FnOnce(Connection<TcpStream>) + Send>>) -> (String, JoinHandle<()>) {
    let listener = Listener::bind("127.0.0.1:0").unwrap();
    let addr = listener.addr().to_string();
    let serve = thread::spawn(move || {
        for script in scripts {
            let (c, _) = listener.accept(limits()).unwrap();
            script(c);
        }
    });
    (addr, serve)
}

/// Reads until the connection ends (rulecheck drops it).
fn until_closed(c: &mut Connection<TcpStream>) {
    loop {
        match c.receive() {
            Ok(_) => {}
            Err(ConnectionError::Closed | ConnectionError::ClosedMidway { .. }) => return,
            Err(e) => panic!("the peer: {e}"),
        }
    }
}

#[test]
fn a_malformed_a_closing_and_a_silent_engine_are_engine_errors_and_the_run_goes_on() {
    let dir = temp_dir("referee-dxp-failures");
    let (addr, serve) = follower(vec![
        Box::new(|mut c| {
            // Game 1, the engine white: a MOVE cut short, then the end
            // rulecheck sends acknowledged.
            assert!(matches!(next(&mut c), Message::GameRequest(r) if r.follower_colour == Colour::White));
            c.send(&accept("broken")).unwrap();
            c.send_raw(b"M12").unwrap();
            let Message::GameEnd { stop, .. } = next(&mut c) else { panic!("the end of game 1") };
            c.send(&game_end(EndReason::Unknown, stop)).unwrap();
            // Game 2, the engine black: it leaves.
            assert!(matches!(next(&mut c), Message::GameRequest(r) if r.follower_colour == Colour::Black));
            c.send(&accept("broken")).unwrap();
        }),
        Box::new(|mut c| {
            // Game 3, connected again: silent.
            assert!(matches!(next(&mut c), Message::GameRequest(_)));
            c.send(&accept("broken")).unwrap();
            until_closed(&mut c);
        }),
    ]);
    let out = dir.join("out").display().to_string();
    let args = ["referee", "--dxp-connect", &addr, "--games", "3", "--timeout", "1", "--out", &out, "--format", "json"];
    let o = rulecheck_within(&args, RUN).exits(3);
    serve.join().unwrap();
    let j = o.json();
    let games = j["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "{}", o.all());
    let error = |i: usize| games[i]["engine_error"]["message"].as_str().unwrap_or_default().to_string();
    assert!(error(0).starts_with("out of protocol: DXP MOVE message, time at offset 1"), "{}", error(0));
    assert!(error(1).contains("closed the connection"), "{}", error(1));
    assert!(
        error(2).contains("no whole message from the peer within 1.0 s") && error(2).contains("--timeout"),
        "{}",
        error(2)
    );
    let transcript: Vec<&str> = games[0]["transcript"].as_array().unwrap().iter().filter_map(|l| l.as_str()).collect();
    assert!(transcript.iter().any(|l| l.ends_with("<  M12")), "{transcript:?}");
    assert!(transcript.iter().any(|l| l.contains(">  R01rulecheck referee")), "{transcript:?}");
    assert_eq!(j["totals"]["engine_errors"], 3);
    // The human report shows the transcript under the error.
    assert!(!dir.join("out").exists(), "no violation, no file");
}

#[test]
fn as_the_initiator_rulecheck_sends_a_given_start_and_its_own_sides_result() {
    let dir = temp_dir("referee-dxp-start");
    let (addr, serve) = follower(vec![Box::new(|mut c| {
        // White to move, its man on 28 and black's on 23: the engine is
        // white and takes black's last man.
        let Message::GameRequest(r) = next(&mut c) else { panic!("a request") };
        let Start::Position { to_move, squares } = &r.start else { panic!("a position: {r:?}") };
        assert_eq!((*to_move, r.follower_colour, r.moves), (Colour::White, Colour::White, 5));
        let white = rulecheck_dxp::Piece::Man(Colour::White);
        let black = rulecheck_dxp::Piece::Man(Colour::Black);
        assert_eq!((squares[27], squares[22], squares.iter().flatten().count()), (Some(white), Some(black), 2));
        c.send(&accept("taker")).unwrap();
        c.send_raw(b"M000028190123").unwrap();
        // Black has lost, and rulecheck, black, says so: no next game.
        assert_eq!(next(&mut c), game_end(EndReason::ILose, StopCode::NoMoreGames));
        c.send(&game_end(EndReason::Unknown, StopCode::NoMoreGames)).unwrap();
    })]);
    let pdn = crate::support::process::write_file(&dir, "from.pdn", "[FEN \"W:W28:B23\"]\n*\n").display().to_string();
    let out = dir.join("out").display().to_string();
    let args = [
        "referee",
        "--dxp-connect",
        &addr,
        "--from",
        &pdn,
        "--games",
        "1",
        "--max-plies",
        "10",
        "--out",
        &out,
        "--format",
        "json",
    ];
    let o = rulecheck_within(&args, RUN).ok();
    serve.join().unwrap();
    let j = o.json();
    assert_eq!(j["games"][0]["result"], "white wins: no-pieces", "{}", o.all());
    assert_eq!(j["games"][0]["moves"], serde_json::json!(["28x19"]));
    assert_eq!(j["level"], "DXP 1 min for 5 moves");
}

/// A free port on the loopback interface.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// An initiator engine played by the test: it connects to rulecheck at
/// `port` (once it listens) and plays `script`.
fn initiator(port: u16, script: impl FnOnce(Connection<TcpStream>) + Send + 'static) -> JoinHandle<()> {
    thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(120);
        let c = loop {
            match rulecheck_dxp::connect(("127.0.0.1", port), limits()) {
                Ok(c) => break c,
                Err(e) if Instant::now() < deadline => {
                    let _ = e;
                    thread::sleep(Duration::from_millis(20));
                }
                Err(e) => panic!("rulecheck never listened: {e}"),
            }
        };
        script(c);
    })
}

#[test]
fn as_the_follower_rulecheck_refuses_what_it_cannot_referee_and_catches_a_false_win() {
    let dir = temp_dir("referee-dxp-follower");
    let port = free_port();
    let engine = initiator(port, |mut c| {
        // Another version: code 1.
        c.send(&request(2, Colour::White, Start::Initial)).unwrap();
        let Message::GameAccept { follower, acceptance } = next(&mut c) else { panic!("an answer") };
        assert_eq!((follower.as_str(), acceptance), ("rulecheck referee", Acceptance::WrongVersion));
        // A game over before it begins (black has no piece): code 2.
        let mut squares = [None; 50];
        squares[27] = Some(rulecheck_dxp::Piece::Man(Colour::White));
        c.send(&request(1, Colour::White, Start::Position { to_move: Colour::Black, squares })).unwrap();
        assert!(matches!(next(&mut c), Message::GameAccept { acceptance: Acceptance::NotThisGame, .. }));
        // The start position, rulecheck white: it moves first, and the
        // engine claims a win in reply.
        c.send(&request(1, Colour::White, Start::Initial)).unwrap();
        assert!(matches!(next(&mut c), Message::GameAccept { acceptance: Acceptance::Accepted, .. }));
        assert!(matches!(next(&mut c), Message::Move(_)));
        c.send(&game_end(EndReason::IWin, StopCode::NextGame)).unwrap();
        // Acknowledged, with no next game: the run plays one.
        assert_eq!(next(&mut c), game_end(EndReason::Unknown, StopCode::NoMoreGames));
    });
    let listen = format!("127.0.0.1:{port}");
    let out = dir.join("out").display().to_string();
    let args = ["referee", "--dxp-listen", &listen, "--games", "1", "--out", &out, "--format", "json"];
    let o = rulecheck_within(&args, RUN).exits(1);
    engine.join().unwrap();
    o.stderr_has(&format!("listening on 127.0.0.1:{port}"));
    let j = o.json();
    let v = &j["games"][0]["violation"];
    assert_eq!(v["reason"], "win-claimed", "{}", o.all());
    assert_eq!(v["said"], "E30");
    assert_eq!(v["clauses"], serde_json::json!(["international.end.no-moves"]));
    assert_eq!(
        (j["games"][0]["white"].as_str(), j["games"][0]["black"].as_str()),
        (Some("random mover"), Some("test initiator"))
    );
    let scenario = v["scenario"].as_str().unwrap();
    let text = std::fs::read_to_string(scenario).unwrap();
    assert!(text.contains("result: ongoing") && text.contains("a win claimed"), "{text}");
    rulecheck(&["run", scenario]).ok().stdout_has("1 passed");
}

#[test]
fn as_a_proxy_rulecheck_forwards_what_it_found_legal_and_ends_a_broken_game_with_both() {
    let dir = temp_dir("referee-dxp-proxy");
    let (addr, serve) = follower(vec![Box::new(|mut c| {
        // The request comes as the initiator sent it; a chat is passed on.
        let Message::GameRequest(r) = next(&mut c) else { panic!("a request") };
        assert_eq!((r.initiator.as_str(), r.follower_colour, r.moves), ("test initiator", Colour::Black, 50));
        c.send(&Message::Chat { text: "hello".into() }).unwrap();
        c.send(&accept("test follower")).unwrap();
        // White's legal first move, forwarded with its time as sent.
        let Ok(bytes) = c.receive_raw() else { panic!("a move") };
        assert_eq!(bytes, b"M0007322800");
        // An illegal reply: 25-30, from an empty square. It never reaches
        // white; rulecheck ends the game with each engine.
        c.send_raw(b"M0000253000").unwrap();
        assert_eq!(next(&mut c), game_end(EndReason::Unknown, StopCode::NoMoreGames));
        c.send(&game_end(EndReason::Unknown, StopCode::NoMoreGames)).unwrap();
    })]);
    let port = free_port();
    let white = initiator(port, |mut c| {
        c.send(&request(1, Colour::Black, Start::Initial)).unwrap();
        assert_eq!(next(&mut c), accept("test follower"), "the chat came first, then the acceptance");
        c.send_raw(b"M0007322800").unwrap();
        // Not black's illegal move: the end.
        assert_eq!(next(&mut c), game_end(EndReason::Unknown, StopCode::NoMoreGames));
        c.send(&game_end(EndReason::Unknown, StopCode::NoMoreGames)).unwrap();
    });
    let listen = format!("127.0.0.1:{port}");
    let out = dir.join("out").display().to_string();
    let args =
        ["referee", "--dxp-listen", &listen, "--dxp-connect", &addr, "--games", "1", "--out", &out, "--format", "json"];
    let o = rulecheck_within(&args, RUN).exits(1);
    white.join().unwrap();
    serve.join().unwrap();
    let j = o.json();
    assert_eq!(j["pairing"], "test initiator against test follower", "{}", o.all());
    let v = &j["games"][0]["violation"];
    assert_eq!(
        (v["player"].as_str(), v["move"].as_str(), v["ply"].as_u64()),
        (Some("test follower"), Some("25-30"), Some(1))
    );
    let transcript: Vec<&str> =
        j["games"][0]["transcript"].as_array().unwrap().iter().filter_map(|l| l.as_str()).collect();
    assert!(transcript.iter().any(|l| l.starts_with("initiator") && l.ends_with(">  Chello")), "{transcript:?}");
    assert!(!transcript.iter().any(|l| l.starts_with("initiator") && l.contains("M0000253000")), "{transcript:?}");
}

#[test]
fn bad_dxp_arguments_are_refused_naming_what_is_wrong() {
    let e = "python3 engine.py {port}";
    rulecheck(&["referee", "--dxp", e, "--dxp", e, "--dxp", e]).bad_input().stderr_has("--dxp given 3 times");
    rulecheck(&["referee", "--dxp-listen", "127.0.0.1:0", "--dxp-connect", "127.0.0.1:1", "--dxp", e])
        .bad_input()
        .stderr_has("give both their commands");
    rulecheck(&["referee", "--dxp", e, "--dxp", e, "--random"]).bad_input().stderr_has("a DXP proxy");
    rulecheck(&["referee", "--dxp", e, "--random", "--hub", "x"]).bad_input().stderr_has("give one");
    rulecheck(&["referee", "--dxp-listen", "127.0.0.1:0", "--from", "spec"]).bad_input().stderr_has("--from");
    rulecheck(&["referee", "--dxp-connect", "nowhere"]).bad_input().stderr_has("HOST:PORT");
    rulecheck(&["referee", "--dxp-listen", "127.0.0.1:x"]).bad_input().stderr_has("HOST:PORT");
    rulecheck(&["referee", "--dxp-connect", "127.0.0.1:1", "--variant", "english"]).bad_input().stderr_has("--variant");
    rulecheck(&["referee"]).bad_input().stderr_has("--dxp CMD");
    // No engine where it should be: an engine error, within the allowance.
    let o =
        rulecheck_within(&["referee", "--dxp-connect", "127.0.0.1:1", "--startup-timeout", "1", "--games", "2"], RUN);
    o.exits(3).stdout_has("could not connect to 127.0.0.1:1 within 1.0 s").stdout_has("it is not tried again");
    let o = rulecheck(&["referee", "--help"]).ok();
    o.stdout_has("--dxp <CMD ARGS>").stdout_has("--dxp-listen").stdout_has("--dxp-connect").stdout_has("--dxp-time");
}
