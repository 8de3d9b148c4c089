//! Differential fuzzing: random games (proptest strategies) played on the
//! reference and on an engine side by side, comparing at every ply the legal
//! moves, the position after the move and the result. A disagreement is
//! shrunk to the shortest move sequence that still shows it and written out
//! as a scenario file to add to the spec. An engine that fails (crashes,
//! hangs, answers an `error` or out of protocol) ends fuzzing at once: that
//! is an engine error, not a disagreement, and no scenario is made of it.

use std::cell::{Cell, RefCell};

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use crate::engine::{Engine, EngineError, Setup};
use crate::game::{Action, Game, Options, Replay};
use crate::registry;

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
}

/// The moves a list of choices picks (each taken modulo the number of legal
/// moves), stopping where the game ends. Each move is played from the
/// position before it, so a game costs as many replays as it has moves.
fn game_of(reference: &dyn Game, start: &str, choices: &[u16]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    let mut at = match reference.replay(start, &[]) {
        Ok(r) => r,
        Err(_) => return moves,
    };
    for &c in choices {
        if at.moves.is_empty() {
            break;
        }
        let m = at.moves[usize::from(c) % at.moves.len()].clone();
        moves.push(m.clone());
        // The game's history decides some results (a repetition): the whole
        // game is replayed only where that could end it.
        match reference.replay(&at.position, &[Action::Move(m)]) {
            Ok(r) => at = r,
            Err(_) => break,
        }
    }
    // The whole game once more, for the results only its history gives.
    while !moves.is_empty() {
        let actions: Vec<Action> = moves.iter().cloned().map(Action::Move).collect();
        match reference.replay(start, &actions) {
            Ok(_) => break,
            Err(_) => {
                moves.pop();
            }
        }
    }
    moves
}

/// Where a game leaves the reference's answers.
enum Parting {
    /// The engine answers differently after `at` moves; `whole` when only
    /// the replay of the whole game shows it.
    Differs { at: usize, detail: String, extra: Vec<String>, whole: bool },
    /// The engine failed after `at` moves: crashed, hung, answered an
    /// `error` or out of protocol.
    Engine { at: usize, error: String },
    /// The reference itself could not replay its own game.
    Reference(String),
}

/// What one fuzzing run learns about the engine besides disagreements.
#[derive(Debug, Default)]
struct Learned {
    /// The engine gave another answer from a set position than after the
    /// game replayed from its start: each step replays the game from then on.
    whole_games: bool,
    /// Counters the reference keeps and the engine never wrote, with the
    /// number of positions where they were left out.
    left_out: std::collections::BTreeMap<&'static str, usize>,
}

/// The reference's answer and the engine's after the same request.
fn differ(
    reference: &dyn Game,
    ours: &Replay,
    theirs: &Replay,
    k: usize,
    counters: Counters,
    learned: &mut Learned,
) -> Option<(String, Vec<String>)> {
    let key = |m: &str| reference.move_key(&ours.position, m).map(|k| k.key).unwrap_or_else(|_| format!("?{m}"));
    let mut a: Vec<String> = ours.moves.iter().map(|m| key(m)).collect();
    let mut b: Vec<String> = theirs.moves.iter().map(|m| key(m)).collect();
    a.sort();
    b.sort();
    if a != b {
        let lines = |v: &[String]| {
            let mut v = v.to_vec();
            v.sort_by_key(|m| crate::oracle::natural(m));
            v.iter().map(|m| format!("{m}\n")).collect::<String>()
        };
        let d = crate::oracle::diff(&lines(&ours.moves), &lines(&theirs.moves));
        let extra = theirs.moves.iter().filter(|m| !a.contains(&key(m))).cloned().collect();
        return Some((format!("after {k} moves the legal moves differ\n{d}"), extra));
    }
    let (want, got) = match counters {
        Counters::All => (ours.position.clone(), reference.normalize_position(&theirs.position).ok()),
        Counters::Common => {
            // Compare the counters the engine writes; those it leaves out
            // are set to their defaults on both sides, and reported.
            let kept: Vec<&str> = reference
                .counters(&theirs.position)
                .map(|c| c.into_iter().map(|(n, _)| n).collect())
                .unwrap_or_default();
            let ours_kept = reference.counters(&ours.position).unwrap_or_default();
            let dropped: Vec<&'static str> = ours_kept.iter().map(|&(n, _)| n).filter(|n| !kept.contains(n)).collect();
            for n in &dropped {
                *learned.left_out.entry(n).or_default() += 1;
            }
            (
                reference.clear_counters(&ours.position, &dropped).unwrap_or_else(|_| ours.position.clone()),
                reference.clear_counters(&theirs.position, &dropped).ok(),
            )
        }
    };
    if got.as_deref() != Some(want.as_str()) {
        let d = crate::oracle::diff(&format!("{}\n", ours.position), &format!("{}\n", theirs.position));
        return Some((format!("after {k} moves the position differs\n{d}"), Vec::new()));
    }
    if ours.result != theirs.result {
        let d = crate::oracle::diff(&format!("{}\n", ours.result), &format!("{}\n", theirs.result));
        return Some((format!("after {k} moves the result differs\n{d}"), Vec::new()));
    }
    None
}

/// Compare reference and engine after each prefix of `moves`. Each step
/// sets the position before it and plays one move, so a game costs the
/// engine as many requests as it has moves, each of one move; the whole
/// game is replayed once at the end, for what only its history decides.
/// An engine that answers a set position otherwise than the replayed game
/// is from then on asked for whole games from the start.
fn compare(
    reference: &dyn Game,
    engine: &mut dyn Engine,
    variant: &str,
    options: &Options,
    start: &str,
    moves: &[String],
    counters: Counters,
    learned: &mut Learned,
) -> Result<(), Parting> {
    let whole_setup = Setup { variant, options, position: Some(start) };
    let all: Vec<Action> = moves.iter().cloned().map(Action::Move).collect();
    let mut before = start.to_string();
    for k in 0..=moves.len() {
        let step: Vec<Action> = if k == 0 { Vec::new() } else { vec![all[k - 1].clone()] };
        let from_start = learned.whole_games;
        let (ours, theirs) = if from_start {
            (reference.replay(start, &all[..k]), engine.replay(&whole_setup, &all[..k]))
        } else {
            let setup = Setup { variant, options, position: Some(&before) };
            (reference.replay(&before, &step), engine.replay(&setup, &step))
        };
        let ours = ours.map_err(|e| Parting::Reference(e.to_string()))?;
        let theirs = match theirs {
            Ok(t) => Ok(t),
            // A refusal of a move the reference plays is a disagreement.
            Err(e @ EngineError::Rejected(_)) => Err(format!("after {k} moves the engine refuses: {e}")),
            Err(e) => return Err(Parting::Engine { at: k, error: e.to_string() }),
        };
        let parted = match &theirs {
            Ok(t) => differ(reference, &ours, t, k, counters, learned),
            Err(d) => Some((d.clone(), Vec::new())),
        };
        if let Some((detail, extra)) = parted {
            if from_start || k == 0 {
                return Err(Parting::Differs { at: k, detail, extra, whole: from_start && k > 0 });
            }
            // Is it the set position? Ask for the whole game: the same
            // answer is a disagreement, another means the engine takes set
            // positions otherwise, and whole games are asked from now on.
            let whole_ours = reference.replay(start, &all[..k]).map_err(|e| Parting::Reference(e.to_string()))?;
            match engine.replay(&whole_setup, &all[..k]) {
                Ok(t) => {
                    if let Some((detail, extra)) = differ(reference, &whole_ours, &t, k, counters, learned) {
                        return Err(Parting::Differs { at: k, detail, extra, whole: false });
                    }
                    learned.whole_games = true;
                }
                Err(e @ EngineError::Rejected(_)) => {
                    return Err(Parting::Differs {
                        at: k,
                        detail: format!("after {k} moves the engine refuses: {e}"),
                        extra: Vec::new(),
                        whole: false,
                    })
                }
                Err(e) => return Err(Parting::Engine { at: k, error: e.to_string() }),
            }
        }
        before = ours.position;
    }
    if learned.whole_games || moves.is_empty() {
        return Ok(());
    }
    let ours = reference.replay(start, &all).map_err(|e| Parting::Reference(e.to_string()))?;
    let theirs = match engine.replay(&whole_setup, &all) {
        Ok(t) => t,
        Err(e @ EngineError::Rejected(_)) => {
            return Err(Parting::Differs {
                at: moves.len(),
                detail: format!("after the whole game of {} moves the engine refuses: {e}", moves.len()),
                extra: Vec::new(),
                whole: true,
            })
        }
        Err(e) => return Err(Parting::Engine { at: moves.len(), error: e.to_string() }),
    };
    match differ(reference, &ours, &theirs, moves.len(), counters, learned) {
        Some((detail, extra)) => Err(Parting::Differs { at: moves.len(), detail, extra, whole: true }),
        None => Ok(()),
    }
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
    /// A stop was requested ([`crate::interrupt`]) after `games` games.
    Stopped { signal: &'static str, games: u32 },
}

/// What fuzzing came to, and what the user should know of how it compared.
#[derive(Debug)]
pub struct Report {
    pub outcome: Fuzzed,
    /// Said on standard error: counters left out, whole games asked.
    pub notes: Vec<String>,
}

/// Play random games of up to `plan.plies` moves, each from one of the
/// plan's start positions (with `plies` 0, only the start positions are
/// compared).
pub fn fuzz(engine: &mut dyn Engine, plan: &Plan<'_>, each_game: &dyn Fn()) -> Result<Report, String> {
    let variant = plan.variant;
    let reference = registry::configure(variant, plan.options).map_err(|e| e.to_string())?;
    let starts: Vec<String> = if plan.starts.is_empty() {
        vec![reference.start_position()]
    } else {
        plan.starts
            .iter()
            .map(|p| reference.normalize_position(p).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?
    };
    let options = registry::resolve_options(registry::variant(variant).map_err(|e| e.to_string())?, plan.options)
        .map_err(|e| e.to_string())?;
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
    let played = Cell::new(0u32);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&plan.seed.to_le_bytes());
    let config = Config { cases: plan.games, failure_persistence: None, max_shrink_iters: 4096, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes));
    // Each game picks its start position at random; shrinking may move it
    // to an earlier one.
    let strategy = (0..starts.len(), vec(any::<u16>(), 0..=plan.plies));
    let outcome = runner.run(&strategy, |(which, choices)| {
        if halted.borrow().is_some() || crate::interrupt::requested().is_some() {
            return Ok(());
        }
        each_game();
        played.set(played.get().saturating_add(1));
        let start = &starts[which];
        let moves = game_of(reference.as_ref(), start, &choices);
        let mut e = engine.borrow_mut();
        match compare(
            reference.as_ref(),
            &mut **e,
            variant,
            &options,
            start,
            &moves,
            plan.counters,
            &mut learned.borrow_mut(),
        ) {
            Ok(()) => Ok(()),
            Err(Parting::Differs { detail, .. }) => Err(TestCaseError::fail(detail)),
            Err(other) => {
                *halted.borrow_mut() = halt(start, &moves, other);
                Ok(())
            }
        }
    });
    let notes = |l: &Learned| {
        let mut notes = Vec::new();
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
                crate::report::count(*n, "position")
            ));
        }
        notes
    };
    let report =
        |outcome: Fuzzed| -> Result<Report, String> { Ok(Report { outcome, notes: notes(&learned.borrow()) }) };
    if let Some(h) = halted.borrow_mut().take() {
        return report(h?);
    }
    if let Some(signal) = crate::interrupt::requested() {
        return report(Fuzzed::Stopped { signal, games: played.get() });
    }
    match outcome {
        Ok(()) => report(Fuzzed::Agree),
        Err(TestError::Fail(_, (which, choices))) => {
            let start = starts.get(which).ok_or("the disagreement names no start position")?.clone();
            let moves = game_of(reference.as_ref(), &start, &choices);
            let mut e = engine.borrow_mut();
            let mut l = learned.borrow_mut();
            // Keep the moves up to the ply where the two part.
            match compare(reference.as_ref(), &mut **e, variant, &options, &start, &moves, plan.counters, &mut l) {
                Err(Parting::Differs { at, detail, extra, whole }) => {
                    let moves = moves[..at.min(moves.len())].to_vec();
                    let (from, play) = smallest(
                        reference.as_ref(),
                        &mut **e,
                        variant,
                        &options,
                        &start,
                        &moves,
                        whole,
                        plan.counters,
                        &mut l,
                    )
                    .map_err(|p| match p {
                        Parting::Reference(e) => format!("the reference cannot replay its own game: {e}"),
                        Parting::Engine { error, .. } => error,
                        Parting::Differs { detail, .. } => detail,
                    })?;
                    drop(l);
                    report(Fuzzed::Disagree(Disagreement { start, moves, detail, extra, from, play }))
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

/// The smallest scenario showing a disagreement after `moves`: from the
/// position one ply before it with the last move, when the engine parts
/// there too, else the whole game from `start`.
#[allow(clippy::too_many_arguments)]
fn smallest(
    reference: &dyn Game,
    engine: &mut dyn Engine,
    variant: &str,
    options: &Options,
    start: &str,
    moves: &[String],
    whole: bool,
    counters: Counters,
    learned: &mut Learned,
) -> Result<(String, Vec<String>), Parting> {
    let Some((last, before)) = moves.split_last() else {
        return Ok((start.to_string(), Vec::new()));
    };
    if !whole && !learned.whole_games {
        let actions: Vec<Action> = before.iter().cloned().map(Action::Move).collect();
        let at = reference.replay(start, &actions).map_err(|e| Parting::Reference(e.to_string()))?;
        let one = [last.clone()];
        let mut quiet = Learned::default();
        if let Err(Parting::Differs { at: 1, .. }) =
            compare(reference, engine, variant, options, &at.position, &one, counters, &mut quiet)
        {
            return Ok((at.position, one.to_vec()));
        }
    }
    Ok((start.to_string(), moves.to_vec()))
}

/// A scenario file that pins the reference's reading of the disagreement:
/// the moves up to it played from the start, and what must hold there.
///
/// It cites the clauses that the reference's reasons for refusing the
/// engine's extra moves point to in the spec under `spec_dir` (as
/// `rulecheck explain` finds them). Where nothing points to a clause, the
/// file says plainly that its clause is a placeholder for the author to
/// replace.
pub fn scenario(
    variant: &str,
    options: &Options,
    found: &Disagreement,
    spec_dir: Option<&std::path::Path>,
) -> Result<String, String> {
    let v = registry::variant(variant).map_err(|e| e.to_string())?;
    let reference = registry::configure(variant, options).map_err(|e| e.to_string())?;
    let start = &found.start;
    let catalog = crate::catalog::Catalog::builtin()?;
    let before: Vec<Action> = found.moves.iter().cloned().map(Action::Move).collect();
    let mut cited: Vec<String> = Vec::new();
    if let Some(dir) = spec_dir {
        for m in &found.extra {
            if let Ok(Some(code)) = reference.explain(start, &before, &Action::Move(m.clone())) {
                for c in crate::runner::clauses_for_reason(&catalog, dir, variant, &code) {
                    if !cited.contains(&c) {
                        cited.push(c);
                    }
                }
            }
        }
    }
    let placeholder = cited.is_empty();
    if placeholder {
        cited.extend(
            catalog
                .pages
                .iter()
                .find(|p| p.variants.iter().any(|x| x == variant))
                .and_then(|p| p.clauses.first().map(|c| c.id.clone())),
        );
    }
    let clause = cited.join(", ");
    let played: Vec<String> = found.play.clone();
    let actions: Vec<Action> = played.iter().cloned().map(Action::Move).collect();
    let r = reference.replay(&found.from, &actions).map_err(|e| e.to_string())?;
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let mut out = String::new();
    out.push_str("# Found by rulecheck fuzz: the engine and the reference disagreed here.\n");
    if found.play.len() < found.moves.len() {
        out.push_str(&format!(
            "# The game parted after {} moves; the scenario starts one ply before.\n",
            found.moves.len()
        ));
    }
    for line in found.detail.lines() {
        out.push_str(&format!("#   {line}\n"));
    }
    if placeholder {
        out.push_str(&format!(
            "# TO CITE: nothing that differs points to a clause. `{clause}` below is a\n# placeholder: replace it with the clauses this scenario tests.\n"
        ));
    } else {
        let dir = spec_dir.map(crate::runner::display_path).unwrap_or_default();
        out.push_str(&format!(
            "# The clauses are those the reference's reasons for refusing the engine's\n# extra moves point to in the spec in {dir}: check them.\n",
        ));
    }
    out.push_str(&format!("variant: {variant}\npage: {}\n", v.info().page));
    if !options.is_empty() {
        let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        out.push_str(&format!("options: {{{}}}\n", list.join(", ")));
    }
    out.push_str("scenarios:\n");
    let todo = if placeholder { " (clause to cite)" } else { "" };
    out.push_str(&format!("  - name: found by fuzzing after {} moves{todo}\n", found.moves.len()));
    out.push_str(&format!("    clauses: [{clause}]\n"));
    if found.from != reference.start_position() {
        out.push_str(&format!("    position: {}\n", quote(&found.from)));
    }
    if !played.is_empty() {
        out.push_str(&format!("    play: [{}]\n", played.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", ")));
    }
    out.push_str("    expect:\n");
    out.push_str(&format!("      moves: [{}]\n", r.moves.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", ")));
    out.push_str(&format!("      after: {}\n", quote(&r.position)));
    out.push_str(&format!("      result: {}\n", quote(&r.result)));
    Ok(out)
}

/// The positions the scenarios of `files` reach (their position, then their
/// `play`) for fuzzing from, one each, under `variant` with `options` (as
/// the reference has them, duplicates left out, finished games too), and
/// how many scenarios were of another variant or other house rules.
pub fn starts_from(
    files: &[crate::scenario::ScenarioFile],
    variant: &str,
    options: &Options,
) -> Result<(Vec<String>, usize), String> {
    let complete = registry::resolve_options(registry::variant(variant).map_err(|e| e.to_string())?, options)
        .map_err(|e| e.to_string())?;
    let reference = registry::configure(variant, options).map_err(|e| e.to_string())?;
    let mut starts: Vec<String> = Vec::new();
    let mut other = 0;
    for f in files {
        for s in &f.scenarios {
            if s.variant != variant || s.options != complete {
                other += 1;
                continue;
            }
            let from = s.position.clone().unwrap_or_else(|| reference.start_position());
            let play: Vec<Action> = s.play.iter().map(|a| a.value.clone()).collect();
            // A scenario whose play is refused tests the refusal: its start
            // position is still a position to fuzz from.
            let reached = reference.replay(&from, &play).or_else(|_| reference.replay(&from, &[]));
            if let Ok(r) = reached {
                if !r.moves.is_empty() && !starts.contains(&r.position) {
                    starts.push(r.position);
                }
            }
        }
    }
    Ok((starts, other))
}
