//! Comparing an engine with the reference along one game: at every ply the
//! legal moves, the position (with all counters, or those the engine
//! writes) and the result, and where the two part. Apart from the driver
//! so that the proptest run and the shrinking both ask the same question.

use super::Counters;
use crate::engine::{Engine, EngineError, Setup};
use crate::game::{Action, Game, Options, Replay};

/// What a game is compared against: the reference under the run's variant
/// and house rules, and how positions are compared.
pub(super) struct Against<'a> {
    pub reference: &'a dyn Game,
    pub variant: &'a str,
    pub options: &'a Options,
    pub counters: Counters,
}

/// Where a game leaves the reference's answers.
pub(super) enum Parting {
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
pub(super) struct Learned {
    /// The engine gave another answer from a set position than after the
    /// game replayed from its start: each step replays the game from then on.
    pub whole_games: bool,
    /// Counters the reference keeps and the engine never wrote, with the
    /// number of positions where they were left out.
    pub left_out: std::collections::BTreeMap<&'static str, usize>,
}

/// The reference's answer and the engine's after the same request.
fn differ(
    against: &Against<'_>,
    ours: &Replay,
    theirs: &Replay,
    k: usize,
    learned: &mut Learned,
) -> Option<(String, Vec<String>)> {
    let reference = against.reference;
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
    let (want, got) = match against.counters {
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
pub(super) fn compare(
    against: &Against<'_>,
    engine: &mut dyn Engine,
    start: &str,
    moves: &[String],
    learned: &mut Learned,
) -> Result<(), Parting> {
    let Against { reference, variant, options, .. } = *against;
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
            Ok(t) => differ(against, &ours, t, k, learned),
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
                    if let Some((detail, extra)) = differ(against, &whole_ours, &t, k, learned) {
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
    match differ(against, &ours, &theirs, moves.len(), learned) {
        Some((detail, extra)) => Err(Parting::Differs { at: moves.len(), detail, extra, whole: true }),
        None => Ok(()),
    }
}
