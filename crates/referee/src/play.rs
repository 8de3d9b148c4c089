//! One refereed game: rulecheck keeps it. Before each move the reference
//! says whether the game is over (its result under the variant's draw
//! rules: the counters the position carries, and a repetition, for which
//! the whole game is replayed whenever a position comes back); the player
//! to move is asked; its move and every move of every principal variation
//! it gave are checked against the reference from the position each was
//! played in. The first violation ends the game, as does an engine error
//! or the move limit.
//!
//! A player that keeps its own game (a DXP engine) is asked where the game
//! ends on its turn too, and its answer judged: the end it claims against
//! the reference's result (a win, a loss or a draw claimed while the game
//! goes on, or a result other than the reference's, is a violation; an end
//! without a result, or any at the moves agreed with its engine, is not),
//! and a move after the end is a violation. Every player is then told how
//! the game ended.

use std::time::Instant;

use crate::board::{board_key, Board, WireMove};
use crate::judge::{Judge, Verdict};
use crate::player::{Asked, Chosen, Claimed, Ending, Failure, Played, Player, Seat};
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
    /// No game follows in the run (the players' engines are told so).
    pub last: bool,
}

/// Play one game. `Err` is the reference failing on its own game, which
/// is rulecheck's fault and ends the run.
pub fn play(mut t: Table<'_>) -> Result<GameRecord, String> {
    let began = Instant::now();
    let mut rec = GameRecord::new(
        t.number,
        t.players[t.white].name(),
        t.players[t.black].name(),
        t.start.to_string(),
        t.initial,
        End::Unfinished,
    );
    let seats: Vec<usize> = if t.white == t.black { vec![t.white] } else { vec![t.white, t.black] };
    let board = Board::from_fen(t.start)?;
    let mut end = None;
    for &s in &seats {
        // An engine starting a game (clearing its tables, started again
        // after a failure) is waited for too.
        let asking = Instant::now();
        let (white, black) = (s == t.white, s == t.black);
        let seat = Seat { number: t.number, start: t.start, board: &board, initial: t.initial, white, black };
        let ready = t.players[s].new_game(&seat);
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
    let mut end = match end {
        Some(e) => e,
        None => moves(&mut t, &mut rec)?,
    };
    // Players that keep their own game end it with their engines; one
    // that fails to is the game's engine error, unless a player broke a
    // rule or failed first.
    let result = match &end {
        End::Over(r) => Some(r.clone()),
        _ => None,
    };
    let ending = Ending { result: result.as_deref(), last: t.last };
    for &s in &seats {
        let asking = Instant::now();
        let ended = t.players[s].end_game(&ending);
        if !t.players[s].is_reference() {
            rec.engine_seconds += asking.elapsed().as_secs_f64();
        }
        if let Err(f) = ended {
            if matches!(end, End::Over(_) | End::Unfinished | End::EndedBy { .. }) {
                end = failed(t.players[s].as_ref(), f);
            }
        }
    }
    if matches!(end, End::Violation(_) | End::EngineError { .. }) {
        for &s in &seats {
            rec.transcript.extend(t.players[s].transcript());
        }
    }
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
    // The moves agreed with an engine end the game too, without a result.
    let agreed = [t.white, t.black].iter().filter_map(|&s| t.players[s].agreed_plies()).min();
    let limit = t.max_plies.min(agreed.unwrap_or(usize::MAX));
    loop {
        if let Some(signal) = rulecheck::interrupt::requested() {
            return Ok(End::Stopped(signal.to_string()));
        }
        let over = at.result != "ongoing";
        let at_limit = played.len() >= limit;
        let white = at.to_move == "white";
        let seat = if white { t.white } else { t.black };
        if (over || at_limit) && !t.players[seat].keeps_game() {
            return Ok(if over { End::Over(at.result) } else { End::Unfinished });
        }
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
        // A claim of the game's end is checked, but is no move.
        if !player.is_reference() && !matches!(answer.chosen, Chosen::End { .. }) {
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
        // Where the game is over, whatever the player answers ends it.
        if over {
            rec.check_seconds += clock.elapsed().as_secs_f64();
            let result = at.result.clone();
            return Ok(match &answer.chosen {
                Chosen::Move(wire) => violation(Wrong::AfterEnd { wire: wire.clone(), result }, &at.position, None),
                Chosen::End { claimed, said } if !claimed.agrees(&result, &side) => {
                    let wrong = Wrong::WrongResult { claimed: *claimed, said: said.clone(), result };
                    violation(wrong, &at.position, None)
                }
                Chosen::End { .. } | Chosen::NoMove { .. } => End::Over(result),
            });
        }
        let (wire, notation, after) = match &answer.chosen {
            Chosen::NoMove { said } => {
                let wrong = Wrong::NoMove { said: said.clone(), legal: at.moves.clone() };
                rec.check_seconds += clock.elapsed().as_secs_f64();
                return Ok(violation(wrong, &at.position, None));
            }
            Chosen::End { claimed, said } => {
                rec.check_seconds += clock.elapsed().as_secs_f64();
                // No result claimed, or any at the moves agreed: the game
                // ends there, unjudged.
                let at_agreed = agreed.is_some_and(|a| played.len() >= a);
                if *claimed == Claimed::Nothing || at_agreed {
                    return Ok(End::EndedBy { player: name.clone(), said: said.clone(), agreed: at_agreed });
                }
                let wrong = Wrong::Claim { claimed: *claimed, said: said.clone(), legal: at.moves.clone() };
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
        // At the limit, the move of a player that keeps its own game is
        // checked, and the game ends before it.
        if at_limit {
            rec.check_seconds += clock.elapsed().as_secs_f64();
            return Ok(End::Unfinished);
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
