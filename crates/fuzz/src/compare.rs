//! Comparing an engine with the reference along one game: at every ply the
//! legal moves (by identity, never by spelling), the position (with all
//! counters, or those the engine writes) and the result, a few moves the
//! reference refuses (which the engine must refuse too), and where the two
//! part. Apart from the driver so that the proptest run and the shrinking
//! both ask the same question.

use std::collections::BTreeMap;

use super::against::Against;
use super::illegal::offered;
use super::Counters;
use rulecheck::engine::{Engine, EngineError, Explanation, Setup};
use rulecheck_game::{Action, MoveKey, Replay};

/// What differs at a ply, and the moves it concerns (in the reference's
/// canonical notation).
#[derive(Clone, Debug, Default)]
pub(super) struct Found {
    /// What differs, in words and as a diff.
    pub detail: String,
    /// Moves the engine lists that the reference does not.
    pub extra: Vec<String>,
    /// Moves the reference lists that the engine does not.
    pub missing: Vec<String>,
    /// A move the reference refuses, with its reason, that the engine
    /// accepts when asked.
    pub accepted: Option<(String, String)>,
}

impl Found {
    fn said(detail: String) -> Found {
        Found { detail, ..Found::default() }
    }
}

/// Where a game leaves the reference's answers.
pub(super) enum Parting {
    /// The engine answers differently after `at` moves; `whole` when only
    /// the replay of the whole game shows it. What differs is boxed: it is
    /// the rare outcome, and the common ones stay small to pass back.
    Differs { at: usize, found: Box<Found>, whole: bool },
    /// The engine failed after `at` moves: crashed, hung, answered an
    /// `error` or out of protocol (a move, position or result that cannot
    /// be read is out of protocol, not a rule disagreement).
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
    /// Illegal moves offered to the engine, and refused by it.
    pub refused: usize,
    /// Each known deviation that explained a difference, with the first
    /// difference it explained.
    pub known: BTreeMap<String, Known>,
    /// The game under way met a known difference.
    pub deviated: bool,
}

/// A difference a known deviation explains: where it was first seen.
#[derive(Clone, Debug)]
pub struct Known {
    /// The position the game started from and the moves to the difference.
    pub start: String,
    pub moves: Vec<String>,
    /// What differs, in words.
    pub detail: String,
}

/// The known deviation (by slug) whose game gives the engine's answer to
/// the same request, if one does: both refuse the play, or both answer
/// alike, compared as the reference's answer is.
fn explained(
    against: &Against<'_>,
    from: &str,
    play: &[Action],
    theirs: &Result<Replay, EngineError>,
    k: usize,
) -> Option<String> {
    against.known.iter().find_map(|(name, game)| {
        let alike = match (game.replay(from, play), theirs) {
            (Ok(d), Ok(t)) => matches!(differ(against, &d, t, k, &mut Learned::default()), Ok(None)),
            (Err(_), Err(EngineError::Rejected(_))) => true,
            _ => false,
        };
        alike.then(|| name.clone())
    })
}

/// Whether a known deviation accepts `m` where the reference refuses it.
fn accepted_by_known(against: &Against<'_>, position: &str, played: &[Action], m: &str) -> bool {
    let asked = Action::Move(m.to_string());
    against.known.iter().any(|(_, game)| matches!(game.explain(position, played, &asked), Ok(None)))
}

fn out_of_protocol(k: usize, what: String) -> Parting {
    Parting::Engine { at: k, error: format!("out of protocol: {what}") }
}

/// The moves of a set in natural order and canonical notation, one a line.
fn lines(set: &BTreeMap<String, MoveKey>) -> String {
    rulecheck::oracle::displays(set).iter().map(|m| format!("{m}\n")).collect()
}

/// The moves of `of` that `other` lacks, in natural order.
fn only_in(of: &BTreeMap<String, MoveKey>, other: &BTreeMap<String, MoveKey>) -> Vec<String> {
    let mut v: Vec<String> =
        of.iter().filter(|(k, _)| !other.contains_key(*k)).map(|(_, m)| m.display.clone()).collect();
    v.sort_by_key(|m| rulecheck_text::natural(m));
    v
}

/// The reference's answer and the engine's after the same request: `None`
/// when they agree. An answer the reference cannot read (a move, position
/// or result outside the notation or the vocabulary) is an engine error.
fn differ(
    against: &Against<'_>,
    ours: &Replay,
    theirs: &Replay,
    k: usize,
    learned: &mut Learned,
) -> Result<Option<Found>, Parting> {
    let reference = against.reference;
    let (want, _) = rulecheck::oracle::listed_keys(reference, &ours.position, &ours.moves)
        .map_err(|e| Parting::Reference(format!("a move of its own cannot be read: {e}")))?;
    let (got, twice) = rulecheck::oracle::listed_keys(reference, &ours.position, &theirs.moves).map_err(|e| {
        out_of_protocol(k, format!("after {k} moves the engine listed a move that cannot be read: {e}"))
    })?;
    if want.keys().ne(got.keys()) {
        let d = rulecheck::oracle::diff(&lines(&want), &lines(&got));
        return Ok(Some(Found {
            detail: format!("after {k} moves the legal moves differ\n{d}"),
            extra: only_in(&got, &want),
            missing: only_in(&want, &got),
            accepted: None,
        }));
    }
    if !twice.is_empty() {
        return Ok(Some(Found::said(format!(
            "after {k} moves the engine lists moves more than once: {}",
            twice.join("; ")
        ))));
    }
    let theirs_position = reference.normalize_position(&theirs.position).map_err(|e| {
        out_of_protocol(
            k,
            format!(
                "after {k} moves the position '{}' cannot be read: {}",
                rulecheck_text::shown(&theirs.position),
                e.message
            ),
        )
    })?;
    let (want, got) = match against.counters {
        Counters::All => (ours.position.clone(), theirs_position),
        Counters::Common => {
            // Compare the counters the engine writes; those it leaves out
            // are set to their defaults on both sides, and reported.
            let kept: Vec<&str> = reference
                .counters(&theirs_position)
                .map(|c| c.into_iter().map(|(n, _)| n).collect())
                .unwrap_or_default();
            let ours_kept = reference.counters(&ours.position).unwrap_or_default();
            let dropped: Vec<&'static str> = ours_kept.iter().map(|&(n, _)| n).filter(|n| !kept.contains(n)).collect();
            for n in &dropped {
                *learned.left_out.entry(n).or_default() += 1;
            }
            (
                reference.clear_counters(&ours.position, &dropped).unwrap_or_else(|_| ours.position.clone()),
                reference.clear_counters(&theirs_position, &dropped).unwrap_or(theirs_position),
            )
        }
    };
    if got != want {
        let d = rulecheck::oracle::diff(&format!("{}\n", ours.position), &format!("{}\n", theirs.position));
        return Ok(Some(Found::said(format!("after {k} moves the position differs\n{d}"))));
    }
    if let Some(why) = rulecheck::oracle::result_out_of_protocol(reference, &theirs.result) {
        return Err(out_of_protocol(k, format!("after {k} moves {why}")));
    }
    if ours.result != theirs.result {
        let d = rulecheck::oracle::diff(&format!("{}\n", ours.result), &format!("{}\n", theirs.result));
        return Ok(Some(Found::said(format!("after {k} moves the result differs\n{d}"))));
    }
    Ok(None)
}

/// Offer the engine a few moves the reference refuses in `ours` (the
/// reference's reading of the engine's `setup` after `played`): each must
/// be refused. `earlier` are the positions of the plies before.
// The state of one step of [`compare`], its only caller, passed as it is
// there; a struct would hold borrows of that loop's locals and nothing more.
#[allow(clippy::too_many_arguments)]
fn refuses(
    against: &Against<'_>,
    engine: &mut dyn Engine,
    setup: &Setup<'_>,
    played: &[Action],
    ours: &Replay,
    earlier: &[Replay],
    k: usize,
    learned: &mut Learned,
) -> Result<Option<Found>, Parting> {
    let offers = offered(against, ours, earlier);
    if offers.is_empty() {
        return Ok(None);
    }
    let actions: Vec<Action> = offers.iter().map(|(m, _)| Action::Move(m.clone())).collect();
    let asked: Vec<&Action> = actions.iter().collect();
    let answers = engine.explain_all(setup, played, &asked);
    for ((m, reason), answer) in offers.into_iter().zip(answers) {
        match answer {
            Ok(Explanation::Accepted) if accepted_by_known(against, &ours.position, &[], &m) => {}
            Ok(Explanation::Accepted) => {
                return Ok(Some(Found {
                    detail: format!("after {k} moves the engine accepts {m}, which the reference refuses ({reason})"),
                    accepted: Some((m, reason)),
                    ..Found::default()
                }))
            }
            Ok(Explanation::Refused(Some(code)))
                if code != rulecheck::oracle::UNNAMED_REASON && rulecheck::oracle::unknown_refusal(&code) =>
            {
                return Err(out_of_protocol(
                    k,
                    format!(
                        "after {k} moves {m} is refused for the reason '{}', which is not a refusal reason of spec/reasons.yaml",
                        rulecheck_text::shown(&code)
                    ),
                ))
            }
            Ok(Explanation::Refused(_)) => learned.refused += 1,
            Err(e @ EngineError::Rejected(_)) => {
                return Ok(Some(Found::said(format!(
                    "after {k} moves the engine, asked about {m}, refuses a move it played: {e}"
                ))))
            }
            // An engine that cannot set the question up is not asked it.
            Err(EngineError::Unsupported(_)) => {}
            Err(e) => return Err(Parting::Engine { at: k, error: e.to_string() }),
        }
    }
    Ok(None)
}

/// Compare reference and engine after each prefix of `moves`. Each step
/// sets the position before it and plays one move, so a game costs the
/// engine as many requests as it has moves, each of one move; the whole
/// game is replayed once at the end, for what only its history decides.
/// An engine that answers a set position otherwise than the replayed game
/// is from then on asked for whole games from the start. At every ply the
/// engine is also asked about a few moves the reference refuses.
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
    learned.deviated = false;
    let mut before = start.to_string();
    // The reference's positions of the last two plies, newest last.
    let mut earlier: Vec<Replay> = Vec::new();
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
        let parted = match &theirs {
            Ok(t) => differ(against, &ours, t, k, learned)?,
            // A refusal of a move the reference plays is a disagreement.
            Err(e @ EngineError::Rejected(_)) => Some(Found::said(format!("after {k} moves the engine refuses: {e}"))),
            Err(e) => return Err(Parting::Engine { at: k, error: e.to_string() }),
        };
        // A difference a known deviation gives is noted once, and the game
        // goes on along the reference's moves, each step set from the
        // reference's position; asked for whole games, the engine's own
        // history from here is its deviation's, so the game ends here.
        let (from, play) = if from_start { (start, &all[..k]) } else { (before.as_str(), &step[..]) };
        let known = parted.as_ref().and_then(|_| explained(against, from, play, &theirs, k));
        if let (Some(name), Some(found)) = (known, &parted) {
            let first = Known { start: start.to_string(), moves: moves[..k].to_vec(), detail: found.detail.clone() };
            learned.known.entry(name).or_insert(first);
            learned.deviated = true;
            if from_start {
                return Ok(());
            }
            before = ours.position.clone();
            continue;
        }
        if let Some(found) = parted {
            if from_start || k == 0 {
                return Err(Parting::Differs { at: k, found: Box::new(found), whole: from_start && k > 0 });
            }
            // Is it the set position? Ask for the whole game: the same
            // answer is a disagreement, another means the engine takes set
            // positions otherwise, and whole games are asked from now on.
            let whole_ours = reference.replay(start, &all[..k]).map_err(|e| Parting::Reference(e.to_string()))?;
            match engine.replay(&whole_setup, &all[..k]) {
                Ok(t) => {
                    if let Some(found) = differ(against, &whole_ours, &t, k, learned)? {
                        return Err(Parting::Differs { at: k, found: Box::new(found), whole: false });
                    }
                    learned.whole_games = true;
                }
                Err(e @ EngineError::Rejected(_)) => {
                    return Err(Parting::Differs {
                        at: k,
                        found: Box::new(Found::said(format!("after {k} moves the engine refuses: {e}"))),
                        whole: false,
                    })
                }
                Err(e) => return Err(Parting::Engine { at: k, error: e.to_string() }),
            }
        }
        let whole = learned.whole_games;
        let (setup, played): (Setup<'_>, &[Action]) =
            if whole { (whole_setup, &all[..k]) } else { (Setup { variant, options, position: Some(&before) }, &step) };
        if let Some(found) = refuses(against, engine, &setup, played, &ours, &earlier, k, learned)? {
            return Err(Parting::Differs { at: k, found: Box::new(found), whole: whole && k > 0 });
        }
        before = ours.position.clone();
        if earlier.len() == 2 {
            earlier.remove(0);
        }
        earlier.push(ours);
    }
    // After a known difference the engine's whole game is its deviation's.
    if learned.whole_games || moves.is_empty() || std::mem::take(&mut learned.deviated) {
        return Ok(());
    }
    let ours = reference.replay(start, &all).map_err(|e| Parting::Reference(e.to_string()))?;
    let theirs = match engine.replay(&whole_setup, &all) {
        Ok(t) => t,
        Err(e @ EngineError::Rejected(_)) => {
            return Err(Parting::Differs {
                at: moves.len(),
                found: Box::new(Found::said(format!(
                    "after the whole game of {} moves the engine refuses: {e}",
                    moves.len()
                ))),
                whole: true,
            })
        }
        Err(e) => return Err(Parting::Engine { at: moves.len(), error: e.to_string() }),
    };
    match differ(against, &ours, &theirs, moves.len(), learned)? {
        Some(found) => Err(Parting::Differs { at: moves.len(), found: Box::new(found), whole: true }),
        None => Ok(()),
    }
}
