//! One refereed game: rulecheck keeps it. Before each move the reference
//! says whether the game is over (its result under the variant's draw
//! rules: the counters the position carries, and a repetition, for which
//! the whole game is replayed whenever a position comes back); the player
//! to move is asked; its move and every move of every principal variation
//! it gave are checked against the reference from the position each was
//! played in. The first violation ends the game, as does an engine error
//! or the move limit.

use std::time::Instant;

use crate::board::{board_key, Board, WireMove};
use crate::judge::{Judge, Verdict};
use crate::player::{Asked, Chosen, Failure, Played, Player};
use crate::record::{End, GameRecord, PvPlace, Violation, Wrong};
use rulecheck_game::Replay;

/// Who plays and from where.
pub struct Table<'a> {
    pub judge: &'a Judge,
    /// The players, and which of them is white and which black (indices).
    pub players: &'a mut [Box<dyn Player>],
    pub white: usize,
    pub black: usize,
    pub start: &'a str,
    /// Whether `start` is the variant's start position.
    pub initial: bool,
    pub number: usize,
    pub max_plies: usize,
}

/// Play one game. `Err` is the reference failing on its own game, which
/// is rulecheck's fault and ends the run.
pub fn play(mut t: Table<'_>) -> Result<GameRecord, String> {
    let began = Instant::now();
    let mut rec = GameRecord {
        number: t.number,
        white: t.players[t.white].name(),
        black: t.players[t.black].name(),
        start: t.start.to_string(),
        initial: t.initial,
        moves: Vec::new(),
        end: End::Unfinished,
        moves_checked: 0,
        pv_checked: 0,
        seconds: 0.0,
        engine_seconds: 0.0,
        check_seconds: 0.0,
        stderr: Vec::new(),
    };
    let seats: Vec<usize> = if t.white == t.black { vec![t.white] } else { vec![t.white, t.black] };
    let mut end = None;
    for &s in &seats {
        // An engine starting a game (clearing its tables, started again
        // after a failure) is waited for too.
        let asking = Instant::now();
        let ready = t.players[s].new_game();
        if !t.players[s].is_reference() {
            rec.engine_seconds += asking.elapsed().as_secs_f64();
        }
        if let Err(f) = ready {
            end = Some(failed(t.players[s].as_ref(), f));
            break;
        }
    }
    rec.white = t.players[t.white].name();
    rec.black = t.players[t.black].name();
    let end = match end {
        Some(e) => e,
        None => moves(&mut t, &mut rec)?,
    };
    rec.end = end;
    for &s in &seats {
        let text = t.players[s].stderr();
        if !text.trim().is_empty() {
            rec.stderr.push((t.players[s].name(), text));
        }
    }
    rec.seconds = began.elapsed().as_secs_f64();
    Ok(rec)
}

fn failed(player: &dyn Player, f: Failure) -> End {
    match f {
        Failure::Engine(message) => End::EngineError { player: player.name(), message },
        Failure::Stopped(signal) => End::Stopped(signal),
    }
}

/// The moves of the game, until it ends.
fn moves(t: &mut Table<'_>, rec: &mut GameRecord) -> Result<End, String> {
    let clock = Instant::now();
    let mut at = t.judge.at(t.start)?;
    let mut played: Vec<Played> = Vec::new();
    let mut keys = vec![board_key(&at.position)];
    rec.check_seconds += clock.elapsed().as_secs_f64();
    loop {
        if let Some(signal) = rulecheck::interrupt::requested() {
            return Ok(End::Stopped(signal.to_string()));
        }
        if at.result != "ongoing" {
            return Ok(End::Over(at.result));
        }
        if played.len() >= t.max_plies {
            return Ok(End::Unfinished);
        }
        let white = at.to_move == "white";
        let seat = if white { t.white } else { t.black };
        let board = Board::from_fen(&at.position)?;
        let plain = t.judge.plain(&at.position);
        let asked =
            Asked { start: t.start, played: &played, position: &at.position, board: &board, legal: &at.moves, plain };
        let player = &mut t.players[seat];
        let asking = Instant::now();
        let answer = player.play(&asked);
        // The time an engine takes is waiting; the random mover's is the
        // reference's own, and neither checks nor waits.
        if !player.is_reference() {
            rec.engine_seconds += asking.elapsed().as_secs_f64();
        }
        let answer = match answer {
            Ok(a) => a,
            Err(f) => return Ok(failed(player.as_ref(), f)),
        };
        let name = player.name();
        if !player.is_reference() {
            rec.moves_checked += 1;
        }
        let clock = Instant::now();
        let (side, ply) = (at.to_move.clone(), played.len());
        let violation = |wrong: Wrong, position: &str, pv: Option<PvPlace>| {
            End::Violation(Box::new(Violation {
                player: name.clone(),
                side: side.clone(),
                ply,
                position: position.to_string(),
                pv,
                wrong,
                clauses: Vec::new(),
                placeholder: false,
                cited_by: String::new(),
                written: Err("not written yet".into()),
            }))
        };
        let (wire, notation, after) = match &answer.chosen {
            Chosen::NoMove { said } => {
                let wrong = Wrong::NoMove { said: said.clone(), legal: at.moves.clone() };
                rec.check_seconds += clock.elapsed().as_secs_f64();
                return Ok(violation(wrong, &at.position, None));
            }
            Chosen::Move(wire) => match t.judge.resolve(&at, wire)? {
                Verdict::Legal { notation, after } => (wire.clone(), notation, after),
                Verdict::Illegal(refusal) => {
                    rec.check_seconds += clock.elapsed().as_secs_f64();
                    let wrong = Wrong::Illegal { wire: wire.clone(), refusal };
                    return Ok(violation(wrong, &at.position, None));
                }
            },
        };
        for (i, line) in answer.lines.iter().enumerate() {
            let walked = walk(t.judge, t.start, &at, &rec.moves, &keys, line)?;
            rec.pv_checked += walked.checked;
            if let Some((wrong, position, before)) = walked.wrong {
                rec.check_seconds += clock.elapsed().as_secs_f64();
                let text = line.iter().map(WireMove::to_string).collect::<Vec<_>>().join(" ");
                return Ok(violation(wrong, &position, Some(PvPlace { line: i + 1, text, before })));
            }
        }
        rec.moves.push(notation.clone());
        played.push(Played { before: at.position.clone(), board, wire, notation, plain });
        let key = board_key(&after.position);
        at = if keys.contains(&key) { t.judge.replay(t.start, &rec.moves)? } else { after };
        keys.push(key);
        rec.check_seconds += clock.elapsed().as_secs_f64();
    }
}

/// What checking a principal variation came to.
struct Walked {
    checked: usize,
    /// The wrong move, the position it was played in, and the line's
    /// legal moves before it.
    wrong: Option<(Wrong, String, Vec<String>)>,
}

/// Check a principal variation move by move from `at`, stopping (without
/// a word) where the game is over.
fn walk(
    judge: &Judge,
    start: &str,
    at: &Replay,
    history: &[String],
    keys: &[String],
    line: &[WireMove],
) -> Result<Walked, String> {
    let mut cur = at.clone();
    let mut before: Vec<String> = Vec::new();
    let mut seen: Vec<String> = keys.to_vec();
    let mut checked = 0;
    for wire in line {
        if cur.result != "ongoing" {
            break;
        }
        checked += 1;
        match judge.resolve(&cur, wire)? {
            Verdict::Legal { notation, after } => {
                before.push(notation);
                let key = board_key(&after.position);
                cur = if seen.contains(&key) {
                    let all: Vec<String> = history.iter().chain(&before).cloned().collect();
                    judge.replay(start, &all)?
                } else {
                    after
                };
                seen.push(key);
            }
            Verdict::Illegal(refusal) => {
                let wrong = Wrong::Illegal { wire: wire.clone(), refusal };
                return Ok(Walked { checked, wrong: Some((wrong, cur.position, before)) });
            }
        }
    }
    Ok(Walked { checked, wrong: None })
}
