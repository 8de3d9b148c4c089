//! Shrinking a disagreement to the smallest scenario that shows it: the
//! position one ply before the parting and its last move, where the engine
//! parts there too. Proptest has already shortened the game; this is the
//! last step, which needs the comparison but not the random run.

use super::against::Against;
use super::compare::{compare, Found, Learned, Parting};
use rulecheck::engine::{Engine, EngineError, Explanation, Setup};
use rulecheck_game::Action;

/// The smallest scenario showing a disagreement after `moves`: from the
/// position one ply before it with the last move, when the engine parts
/// there too (for an illegal move it accepted: accepts it there too), else
/// the whole game from `start`.
pub(super) fn smallest(
    against: &Against<'_>,
    engine: &mut dyn Engine,
    start: &str,
    moves: &[String],
    whole: bool,
    found: &Found,
    learned: &Learned,
) -> Result<(String, Vec<String>), Parting> {
    let Some((last, before)) = moves.split_last() else {
        return Ok((start.to_string(), Vec::new()));
    };
    if !whole && !learned.whole_games {
        let actions: Vec<Action> = before.iter().cloned().map(Action::Move).collect();
        let at = against.reference.replay(start, &actions).map_err(|e| Parting::Reference(e.to_string()))?;
        let one = [last.clone()];
        if let Some((m, reason)) = &found.accepted {
            let played = [Action::Move(last.clone())];
            let asked = Action::Move(m.clone());
            let refused = against.reference.explain(&at.position, &played, &asked).ok().flatten();
            let setup = Setup { variant: against.variant, options: against.options, position: Some(&at.position) };
            match engine.explain(&setup, &played, &asked) {
                Ok(Explanation::Accepted) if refused.as_ref() == Some(reason) => {
                    return Ok((at.position, one.to_vec()))
                }
                Ok(_) | Err(EngineError::Rejected(_)) => {}
                Err(e) => return Err(Parting::Engine { at: moves.len(), error: e.to_string() }),
            }
        } else {
            let mut quiet = Learned::default();
            match compare(against, engine, &at.position, &one, &mut quiet) {
                Err(Parting::Differs { at: 1, .. }) => return Ok((at.position, one.to_vec())),
                Err(Parting::Engine { error, .. }) => return Err(Parting::Engine { at: moves.len(), error }),
                _ => {}
            }
        }
    }
    Ok((start.to_string(), moves.to_vec()))
}
