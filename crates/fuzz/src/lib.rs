//! Differential fuzzing: random games (proptest strategies) played on the
//! reference and on an engine side by side, comparing at every ply the legal
//! moves, the position after the move and the result, and offering the
//! engine a few moves the reference refuses, which it must refuse too. A disagreement is
//! shrunk to the shortest move sequence that still shows it and written out
//! as a scenario file to add to the spec. An engine that fails (crashes,
//! hangs, answers an `error` or out of protocol) ends fuzzing at once: that
//! is an engine error, not a disagreement, and no scenario is made of it.
//!
//! `declared` sets the reference to the rules the engine declares it
//! plays, `expected` finds the deviations an expected-failures list stands
//! for, `games` picks the random games and the start positions, `against` holds
//! what a game is compared against, `compare` plays
//! one game on both sides and finds where they part, `illegal` picks the
//! moves offered to be refused, `shrink` cuts a
//! disagreement to its smallest scenario and `scenario` writes that out;
//! this file holds the plan, the outcome and the proptest run that drives
//! them. `separate` asks no engine: it tells two rule sets of the reference
//! apart and writes the scenario that does.

mod against;
mod cite;
mod compare;
mod declared;
mod expected;
mod games;
mod illegal;
mod scenario;
pub mod separate;
mod shrink;

pub use cite::rule_clauses;
pub use compare::Known;
pub use declared::{under_declared, Taken};
pub use expected::{known_from, FromList, Near};
pub use games::starts_from;
pub use scenario::scenario;

use std::cell::{Cell, RefCell};

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use against::Against;
use compare::{compare, Found, Learned, Parting};
use games::game_of;
use shrink::smallest;

use rulecheck::engine::Engine;
use rulecheck_game::Options;

/// What was found.
#[derive(Debug)]
pub struct Disagreement {
    /// The position the game started from.
    pub start: String,
    /// The moves from there that lead to it.
    pub moves: Vec<String>,
    /// What differs, in words and as a diff.
    pub detail: String,
    /// Moves the engine lists that the reference does not, where the move
    /// lists differ: the reference's reasons for refusing them point to the
    /// clauses the scenario tests.
    pub extra: Vec<String>,
    /// Moves the reference lists that the engine does not: the rules that
    /// make them legal (the deviations that refuse them) point to the
    /// clauses the scenario tests.
    pub missing: Vec<String>,
    /// A move the reference refuses, and its reason, that the engine
    /// accepted when asked: the scenario expects it `illegal`.
    pub accepted: Option<(String, String)>,
    /// Where the smallest scenario showing it starts and what it plays:
    /// the position one ply before the parting (counters and all) and the
    /// last move, when the engine parts there too; else `start` and every
    /// move, when the game's history matters (a repetition).
    pub from: String,
    pub play: Vec<String>,
}

/// How positions are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counters {
    /// Board, turn and every counter.
    All,
    /// Board, turn and the counters the engine writes: for an engine that
    /// keeps fewer counters, or none. The counters left out are reported.
    Common,
}

/// What to fuzz.
#[derive(Clone, Debug)]
pub struct Plan<'a> {
    pub variant: &'a str,
    pub options: &'a Options,
    /// Positions the games start from, in turn (the variant's start when
    /// empty).
    pub starts: Vec<String>,
    pub games: u32,
    pub seed: u64,
    /// Longest game, in moves.
    pub plies: usize,
    pub counters: Counters,
    /// Deviations (by slug, as `rulecheck mutants` names them) the engine is
    /// known to play: a difference one of them gives is reported as known,
    /// not as a disagreement, and the game goes on.
    pub known: Vec<String>,
}

/// What fuzzing came to.
#[derive(Debug)]
pub enum Fuzzed {
    /// Every game agrees.
    Agree,
    /// A disagreement, shrunk.
    Disagree(Disagreement),
    /// The engine failed: fuzzing stops at its first failure, and no
    /// scenario is made of it (an engine error is no rule disagreement).
    EngineFailed {
        /// The position the game started from and the moves after which it failed.
        start: String,
        moves: Vec<String>,
        error: String,
    },
    /// A stop was requested ([`rulecheck::interrupt`]) after `agreed` games
    /// had agreed (the game under way, cut short, is not counted).
    Stopped { signal: &'static str, agreed: u32 },
}

/// What fuzzing came to, and what the user should know of how it compared.
#[derive(Debug)]
pub struct Report {
    pub outcome: Fuzzed,
    /// Said on standard error: counters left out, whole games asked.
    pub notes: Vec<String>,
    /// The known deviations that explained a difference, each with the
    /// first difference it explained.
    pub known: Vec<(String, Known)>,
}

/// Play random games of up to `plan.plies` moves, each from one of the
/// plan's start positions (with `plies` 0, only the start positions are
/// compared).
pub fn fuzz(engine: &mut dyn Engine, plan: &Plan<'_>, each_game: &dyn Fn()) -> Result<Report, String> {
    let variant = plan.variant;
    let reference = rulecheck::registry::configure(variant, plan.options).map_err(|e| e.to_string())?;
    let starts: Vec<String> = if plan.starts.is_empty() {
        vec![reference.start_position()]
    } else {
        plan.starts
            .iter()
            .map(|p| reference.normalize_position(p).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?
    };
    let options = rulecheck::registry::resolve_options(
        rulecheck::registry::variant(variant).map_err(|e| e.to_string())?,
        plan.options,
    )
    .map_err(|e| e.to_string())?;
    let mut deviants = rulecheck::mutation::deviants(variant, &options);
    let mut known = Vec::new();
    for name in &plan.known {
        match deviants.iter().position(|(slug, _)| slug == name) {
            Some(i) => known.push(deviants.remove(i)),
            None => return Err(format!("--known {name}: not a deviation of {variant} under these house rules")),
        }
    }
    let against = Against {
        reference: reference.as_ref(),
        deviants: &deviants,
        known: &known,
        variant,
        options: &options,
        counters: plan.counters,
    };
    let engine = RefCell::new(engine);
    let learned = RefCell::new(Learned::default());
    // The first engine failure (or reference failure) ends the work: every
    // game after it, and every shrinking step, passes at once untouched.
    let halted: RefCell<Option<Result<Fuzzed, String>>> = RefCell::new(None);
    let halt = |start: &str, moves: &[String], parting: Parting| -> Option<Result<Fuzzed, String>> {
        match parting {
            Parting::Engine { at, error } => Some(Ok(Fuzzed::EngineFailed {
                start: start.to_string(),
                moves: moves[..at.min(moves.len())].to_vec(),
                error,
            })),
            Parting::Reference(e) => Some(Err(format!("the reference cannot replay its own game: {e}"))),
            Parting::Differs { .. } => None,
        }
    };
    // Games that agreed before any disagreement: the games proptest replays
    // while it shrinks one are not counted.
    let agreed = Cell::new(0u32);
    let shrinking = Cell::new(false);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&plan.seed.to_le_bytes());
    let config = Config { cases: plan.games, failure_persistence: None, max_shrink_iters: 4096, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes));
    // Each game picks its start position at random; shrinking may move it
    // to an earlier one.
    let strategy = (0..starts.len(), vec(any::<u16>(), 0..=plan.plies));
    let outcome = runner.run(&strategy, |(which, choices)| {
        if halted.borrow().is_some() || rulecheck::interrupt::requested().is_some() {
            return Ok(());
        }
        each_game();
        let start = &starts[which];
        let moves = game_of(reference.as_ref(), start, &choices);
        let mut e = engine.borrow_mut();
        match compare(&against, &mut **e, start, &moves, &mut learned.borrow_mut()) {
            // A game cut short by a signal is no agreement.
            Ok(()) if rulecheck::interrupt::requested().is_some() => Ok(()),
            Ok(()) => {
                if !shrinking.get() {
                    agreed.set(agreed.get().saturating_add(1));
                }
                Ok(())
            }
            Err(_) if rulecheck::interrupt::requested().is_some() => Ok(()),
            Err(Parting::Differs { found, .. }) => {
                shrinking.set(true);
                Err(TestCaseError::fail(found.detail))
            }
            Err(other) => {
                *halted.borrow_mut() = halt(start, &moves, other);
                Ok(())
            }
        }
    });
    let notes = |l: &Learned| {
        let mut notes = Vec::new();
        if l.refused > 0 {
            notes.push(format!(
                "the engine refused every move the reference refuses that it was offered ({} in all)",
                l.refused
            ));
        }
        if l.whole_games {
            notes.push(
                "the engine answered a set position otherwise than the same game replayed from its start: \
                 from then on each step replayed the game from its start"
                    .to_string(),
            );
        }
        for (name, n) in &l.left_out {
            notes.push(format!(
                "counter '{name}' left out of the comparison at {}: the engine never wrote it",
                rulecheck::report::count(*n, "position")
            ));
        }
        notes
    };
    let report = |outcome: Fuzzed| -> Result<Report, String> {
        let l = learned.borrow();
        let known = l.known.iter().map(|(name, k)| (name.clone(), k.clone())).collect();
        Ok(Report { outcome, notes: notes(&l), known })
    };
    // A signal ends the engine, so that its requests fail: the stop is
    // what happened, not an engine failure.
    if let Some(signal) = rulecheck::interrupt::requested() {
        return report(Fuzzed::Stopped { signal, agreed: agreed.get() });
    }
    if let Some(h) = halted.borrow_mut().take() {
        return report(h?);
    }
    match outcome {
        Ok(()) => report(Fuzzed::Agree),
        Err(TestError::Fail(_, (which, choices))) => {
            let start = starts.get(which).ok_or("the disagreement names no start position")?.clone();
            let moves = game_of(reference.as_ref(), &start, &choices);
            let mut e = engine.borrow_mut();
            let mut l = learned.borrow_mut();
            // Keep the moves up to the ply where the two part.
            match compare(&against, &mut **e, &start, &moves, &mut l) {
                Err(Parting::Differs { at, found, whole }) => {
                    let moves = moves[..at.min(moves.len())].to_vec();
                    let shrunk = smallest(&against, &mut **e, &start, &moves, whole, &found, &l);
                    let (from, play) = match shrunk {
                        Ok(s) => s,
                        Err(Parting::Engine { at, error }) => {
                            drop(l);
                            let moves = moves[..at.min(moves.len())].to_vec();
                            return report(Fuzzed::EngineFailed { start, moves, error });
                        }
                        Err(Parting::Reference(e)) => {
                            return Err(format!("the reference cannot replay its own game: {e}"))
                        }
                        Err(Parting::Differs { found, .. }) => return Err(found.detail),
                    };
                    drop(l);
                    let Found { detail, extra, missing, accepted } = *found;
                    report(Fuzzed::Disagree(Disagreement {
                        start,
                        moves,
                        detail,
                        extra,
                        missing,
                        accepted,
                        from,
                        play,
                    }))
                }
                Err(other) => match halt(&start, &moves, other) {
                    Some(h) => {
                        drop(l);
                        report(h?)
                    }
                    None => Err("the disagreement did not repeat".into()),
                },
                Ok(()) => Err("the disagreement did not repeat: the engine answers differently each time".into()),
            }
        }
        Err(TestError::Abort(why)) => Err(format!("fuzzing stopped: {why}")),
    }
}
