//! A hand check of a DXP follower that listens (Scan's `scan dxp` listens
//! on 127.0.0.1:27531): request a game from the initial position with the
//! follower black, play 32-28, read its answer, end the game with no next
//! one, and print the transcript.
//!
//! ```text
//! cargo run --release -p rulecheck-dxp --example probe -- 127.0.0.1:27531
//! ```

use std::process::ExitCode;
use std::time::Duration;

use rulecheck_dxp::{connect, Colour, ConnectionError, EndReason, GameRequest, Limits, Message, Move, Start, StopCode};

fn main() -> ExitCode {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:27531".to_string());
    let limits = Limits { read_timeout: Duration::from_secs(120), ..Limits::default() };
    let mut c = match connect(addr.as_str(), limits) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("probe: {e}");
            return ExitCode::from(2);
        }
    };
    let result = play(&mut c);
    print!("{}", c.transcript());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("probe: {e}");
            ExitCode::FAILURE
        }
    }
}

fn play(c: &mut rulecheck_dxp::Connection<std::net::TcpStream>) -> Result<(), ConnectionError> {
    c.send(&Message::GameRequest(GameRequest {
        version: 1,
        initiator: "rulecheck probe".into(),
        follower_colour: Colour::Black,
        minutes: 1,
        moves: 75,
        start: Start::Initial,
    }))?;
    println!("answer: {:?}", c.receive()?);
    c.send(&Message::Move(Move { seconds: 0, from: 32, to: 28, captured: vec![] }))?;
    // A CHAT may come before the move.
    loop {
        let m = c.receive()?;
        println!("answer: {m:?}");
        if !matches!(m, Message::Chat { .. }) {
            break;
        }
    }
    c.send(&Message::GameEnd { reason: EndReason::Unknown, stop: StopCode::NoMoreGames })?;
    println!("answer: {:?}", c.receive()?);
    match c.receive_within(Duration::from_secs(5)) {
        Err(ConnectionError::Closed) => println!("the follower closed the connection"),
        other => println!("after the end: {other:?}"),
    }
    Ok(())
}
