//! A refereeing run: the games played in turn, each from the next start
//! position, the colours alternating between two players, or each as a
//! player's engine proposes it (a DXP initiator: its start and its side);
//! after each game with a violation, its clauses found and its PDN and
//! scenario written; the run ended early where an engine asks for no more
//! games; the players finished at the end, however it ends.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cite::Citer;
use crate::found;
use crate::judge::Judge;
use crate::play::{play, Table};
use crate::player::{Failure, Player, Proposed};
use crate::record::{End, GameRecord, Run, Written};
use crate::starts::Start;
use rulecheck::catalog::Catalog;
use rulecheck::source::Source;

/// What to play.
pub struct Plan<'a> {
    pub judge: &'a Judge,
    pub catalog: &'a Catalog,
    /// The spec whose scenarios say which clauses a refusal breaks.
    pub spec: &'a Source,
    pub starts: &'a [Start],
    pub games: usize,
    pub max_plies: usize,
    /// Where the files of violations go (made if missing).
    pub out: &'a Path,
    /// The limit of each search, in words, for the report.
    pub level: String,
}

/// Where the next game starts and who plays which side.
enum Seating {
    Game {
        start: String,
        initial: bool,
        white: usize,
        black: usize,
    },
    /// A player's engine asks for no more games, in words.
    NoMore(String),
    /// A player's engine failed while proposing the game.
    Failed {
        player: usize,
        failure: Failure,
    },
}

/// The `i`th game (0-based): as a player's engine proposes it, else from
/// the plan's starts, one player playing itself or two taking white in
/// turn, each start position played once with each colour.
fn seating(plan: &Plan<'_>, players: &mut [Box<dyn Player>], i: usize) -> Seating {
    let n = players.len();
    for (k, p) in players.iter_mut().enumerate() {
        match p.propose() {
            Proposed::Nothing => {}
            Proposed::Game(g) => {
                let other = if n == 2 { 1 - k } else { k };
                let (white, black) = if g.white { (k, other) } else { (other, k) };
                let initial = g.start == plan.judge.game().start_position();
                return Seating::Game { start: g.start, initial, white, black };
            }
            Proposed::NoMore(why) => return Seating::NoMore(why),
            Proposed::Failed(failure) => return Seating::Failed { player: k, failure },
        }
    }
    let (start, white, black) = match n {
        1 => (&plan.starts[i % plan.starts.len()], 0, 0),
        _ => (&plan.starts[(i / 2) % plan.starts.len()], i % 2, 1 - i % 2),
    };
    Seating::Game { start: start.position.clone(), initial: start.initial, white, black }
}

/// The record of a game a player's engine failed to propose.
fn unplayed(number: usize, players: &[Box<dyn Player>], player: usize, failure: Failure) -> GameRecord {
    let name = players[player].name();
    let other = if players.len() == 2 { players[1 - player].name() } else { name.clone() };
    let end = match failure {
        Failure::Engine(message) => End::EngineError { player: name.clone(), message },
        Failure::Stopped(signal) => End::Stopped(signal),
    };
    GameRecord::new(number, name, other, String::new(), false, end)
}

/// Play the plan's games between the players: one player plays itself;
/// two take white in turn, each start position played once with each
/// colour; or each game as a player's engine proposes it. `each_game` is
/// told of every game as it ends. `Err` is rulecheck's own failure (the
/// reference failing on its own game), which ends the run.
pub fn referee(
    plan: &Plan<'_>,
    players: &mut [Box<dyn Player>],
    each_game: &mut dyn FnMut(&GameRecord),
) -> Result<Run, String> {
    let began = Instant::now();
    if players.is_empty() || players.len() > 2 {
        return Err("a game needs one player (against itself) or two".into());
    }
    if plan.starts.is_empty() {
        return Err("no position to start a game from".into());
    }
    let citer = Citer::new(plan.catalog, plan.spec);
    let mut games = Vec::new();
    let mut stopped = None;
    let mut notes = Vec::new();
    let result = (|| -> Result<(), String> {
        for i in 0..plan.games {
            if let Some(signal) = rulecheck::interrupt::requested() {
                stopped = Some(signal.to_string());
                break;
            }
            // Waiting for an engine's request is waiting for the engine.
            let asking = Instant::now();
            let seated = seating(plan, players, i);
            let proposing = asking.elapsed().as_secs_f64();
            let (start, initial, white, black) = match seated {
                Seating::Game { start, initial, white, black } => (start, initial, white, black),
                Seating::NoMore(why) => {
                    notes.push(why);
                    break;
                }
                Seating::Failed { player, failure } => {
                    let mut rec = unplayed(i + 1, players, player, failure);
                    (rec.seconds, rec.engine_seconds) = (proposing, proposing);
                    rec.transcript = players[player].transcript();
                    rec.stderr = vec![(players[player].name(), players[player].stderr())];
                    rec.stderr.retain(|(_, t)| !t.trim().is_empty());
                    if let End::Stopped(signal) = &rec.end {
                        stopped = Some(signal.clone());
                    }
                    each_game(&rec);
                    games.push(rec);
                    if stopped.is_some() {
                        break;
                    }
                    continue;
                }
            };
            let table = Table {
                judge: plan.judge,
                players,
                white,
                black,
                start: &start,
                initial,
                number: i + 1,
                max_plies: plan.max_plies,
                last: i + 1 == plan.games,
            };
            let mut rec = play(table)?;
            rec.seconds += proposing;
            rec.engine_seconds += proposing;
            // The violation is taken out of the record while its files are
            // written from the rest of it, then put back with them.
            match std::mem::replace(&mut rec.end, End::Unfinished) {
                End::Violation(mut v) => {
                    let began = std::time::Instant::now();
                    let cited = citer.clauses(plan.judge, &v.position, &v.wrong);
                    v.clauses = cited.clauses;
                    v.placeholder = cited.placeholder;
                    v.cited_by = cited.why;
                    v.written = write(plan, &rec, &v);
                    rec.end = End::Violation(v);
                    rec.violation_seconds = began.elapsed().as_secs_f64();
                }
                end => rec.end = end,
            }
            if let End::Stopped(signal) = &rec.end {
                stopped = Some(signal.clone());
            }
            each_game(&rec);
            games.push(rec);
            if stopped.is_some() {
                break;
            }
            if let Some(why) = players.iter().find_map(|p| p.stops()) {
                if i + 1 < plan.games {
                    notes.push(why);
                }
                break;
            }
        }
        Ok(())
    })();
    for p in players.iter_mut() {
        p.finish();
    }
    result?;
    // The names engines gave themselves over the games.
    let pairing = match players {
        [one] => format!("{} against itself", one.name()),
        [a, b] => format!("{} against {}", a.name(), b.name()),
        _ => String::new(),
    };
    Ok(Run {
        variant: plan.judge.variant().to_string(),
        options: plan.judge.options().clone(),
        pairing,
        level: plan.level.clone(),
        games,
        planned: plan.games,
        max_plies: plan.max_plies,
        notes,
        stopped,
        seconds: began.elapsed().as_secs_f64(),
        out: plan.out.to_path_buf(),
    })
}

/// Write a violation's PDN and scenario files into the plan's directory.
fn write(plan: &Plan<'_>, rec: &GameRecord, v: &crate::record::Violation) -> Result<Written, String> {
    let scenario = found::scenario(plan.judge, plan.catalog, rec, v)?;
    let pdn = found::pdn(rec, plan.judge.variant(), v);
    std::fs::create_dir_all(plan.out).map_err(|e| format!("cannot make {}: {e}", plan.out.display()))?;
    let stem = format!("game-{:03}", rec.number);
    let paths: (PathBuf, PathBuf) = (plan.out.join(format!("{stem}.pdn")), plan.out.join(format!("{stem}.yaml")));
    rulecheck_files::write_output(&paths.0, pdn.as_bytes())?;
    rulecheck_files::write_output(&paths.1, scenario.as_bytes())?;
    Ok(Written { pdn: paths.0, scenario: paths.1 })
}
