//! Differential fuzzing: random games (proptest strategies) played on the
//! reference and on an engine side by side, comparing at every ply the legal
//! moves, the position after the move and the result. A disagreement is
//! shrunk to the shortest move sequence that still shows it and written out
//! as a scenario file to add to the spec.

use std::cell::RefCell;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use crate::engine::{Engine, Setup};
use crate::game::{self, Action, Game, Options};

/// What was found.
#[derive(Debug)]
pub struct Disagreement {
    /// The moves from the start that lead to it.
    pub moves: Vec<String>,
    /// What differs, in words and as a diff.
    pub detail: String,
    /// Moves the engine lists that the reference does not, where the move
    /// lists differ: the reference's reasons for refusing them point to the
    /// clauses the scenario tests.
    pub extra: Vec<String>,
}

/// The moves a list of choices picks (each taken modulo the number of legal
/// moves), stopping where the game ends.
fn game_of(reference: &dyn Game, start: &str, choices: &[u16]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for &c in choices {
        let actions: Vec<Action> = moves.iter().cloned().map(Action::Move).collect();
        let Ok(r) = reference.replay(start, &actions) else { break };
        if r.moves.is_empty() {
            break;
        }
        moves.push(r.moves[usize::from(c) % r.moves.len()].clone());
    }
    moves
}

/// Compare reference and engine after each prefix of `moves`.
fn compare(
    reference: &dyn Game,
    engine: &mut dyn Engine,
    setup: &Setup<'_>,
    start: &str,
    moves: &[String],
) -> Result<(), (usize, String, Vec<String>)> {
    for k in 0..=moves.len() {
        let actions: Vec<Action> = moves[..k].iter().cloned().map(Action::Move).collect();
        let ours = reference.replay(start, &actions).map_err(|e| (k, e.to_string(), Vec::new()))?;
        let theirs = match engine.replay(setup, &actions) {
            Ok(t) => t,
            Err(e) => return Err((k, format!("after {k} moves the engine fails: {e}"), Vec::new())),
        };
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
            return Err((k, format!("after {k} moves the legal moves differ\n{d}"), extra));
        }
        let same_position = reference.normalize_position(&theirs.position).is_ok_and(|p| p == ours.position);
        if !same_position {
            let d = crate::oracle::diff(&format!("{}\n", ours.position), &format!("{}\n", theirs.position));
            return Err((k, format!("after {k} moves the position differs\n{d}"), Vec::new()));
        }
        if ours.result != theirs.result {
            let d = crate::oracle::diff(&format!("{}\n", ours.result), &format!("{}\n", theirs.result));
            return Err((k, format!("after {k} moves the result differs\n{d}"), Vec::new()));
        }
    }
    Ok(())
}

/// Play `games` random games of up to `plies` moves from the variant's start
/// (with `plies` 0, only the start position is compared).
pub fn fuzz(
    engine: &mut dyn Engine,
    variant: &str,
    options: &Options,
    games: u32,
    seed: u64,
    plies: usize,
    each_game: &dyn Fn(),
) -> Result<Option<Disagreement>, String> {
    let reference = game::configure(variant, options).map_err(|e| e.to_string())?;
    let start = reference.start_position();
    let options = game::resolve_options(game::variant(variant).map_err(|e| e.to_string())?, options)
        .map_err(|e| e.to_string())?;
    let setup = Setup { variant, options: &options, position: Some(&start) };
    let engine = RefCell::new(engine);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config { cases: games, failure_persistence: None, max_shrink_iters: 4096, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes));
    let outcome = runner.run(&vec(any::<u16>(), 0..=plies), |choices| {
        each_game();
        let moves = game_of(reference.as_ref(), &start, &choices);
        let mut e = engine.borrow_mut();
        compare(reference.as_ref(), &mut **e, &setup, &start, &moves).map_err(|(_, d, _)| TestCaseError::fail(d))
    });
    match outcome {
        Ok(()) => Ok(None),
        Err(TestError::Fail(_, choices)) => {
            let moves = game_of(reference.as_ref(), &start, &choices);
            let mut e = engine.borrow_mut();
            // Keep the moves up to the ply where the two part.
            match compare(reference.as_ref(), &mut **e, &setup, &start, &moves) {
                Err((k, detail, extra)) => {
                    Ok(Some(Disagreement { moves: moves[..k.min(moves.len())].to_vec(), detail, extra }))
                }
                Ok(()) => Err("the disagreement did not repeat: the engine answers differently each time".into()),
            }
        }
        Err(TestError::Abort(why)) => Err(format!("fuzzing stopped: {why}")),
    }
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
    let v = game::variant(variant).map_err(|e| e.to_string())?;
    let reference = game::configure(variant, options).map_err(|e| e.to_string())?;
    let start = reference.start_position();
    let catalog = crate::catalog::Catalog::builtin()?;
    let before: Vec<Action> = found.moves.iter().cloned().map(Action::Move).collect();
    let mut cited: Vec<String> = Vec::new();
    if let Some(dir) = spec_dir {
        for m in &found.extra {
            if let Ok(Some(code)) = reference.explain(&start, &before, &Action::Move(m.clone())) {
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
    let played: Vec<String> = found.moves.clone();
    let actions: Vec<Action> = played.iter().cloned().map(Action::Move).collect();
    let r = reference.replay(&start, &actions).map_err(|e| e.to_string())?;
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let mut out = String::new();
    out.push_str("# Found by rulecheck fuzz: the engine and the reference disagreed here.\n");
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
    out.push_str(&format!("variant: {variant}\npage: {}\n", v.page()));
    if !options.is_empty() {
        let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        out.push_str(&format!("options: {{{}}}\n", list.join(", ")));
    }
    out.push_str("scenarios:\n");
    let todo = if placeholder { " (clause to cite)" } else { "" };
    out.push_str(&format!("  - name: found by fuzzing after {} moves{todo}\n", played.len()));
    out.push_str(&format!("    clauses: [{clause}]\n"));
    if !played.is_empty() {
        out.push_str(&format!("    play: [{}]\n", played.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", ")));
    }
    out.push_str("    expect:\n");
    out.push_str(&format!("      moves: [{}]\n", r.moves.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", ")));
    out.push_str(&format!("      after: {}\n", quote(&r.position)));
    out.push_str(&format!("      result: {}\n", quote(&r.result)));
    Ok(out)
}
