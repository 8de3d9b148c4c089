//! Shrinking a disagreement to the smallest scenario that shows it: the
//! position one ply before the parting and its last move, where the engine
//! parts there too. Proptest has already shortened the game; this is the
//! last step, which needs the comparison but not the random run.

use super::compare::{compare, Against, Learned, Parting};
use crate::engine::Engine;
use crate::game::Action;

/// The smallest scenario showing a disagreement after `moves`: from the
/// position one ply before it with the last move, when the engine parts
/// there too, else the whole game from `start`.
pub(super) fn smallest(
    against: &Against<'_>,
    engine: &mut dyn Engine,
    start: &str,
    moves: &[String],
    whole: bool,
    learned: &Learned,
) -> Result<(String, Vec<String>), Parting> {
    let Some((last, before)) = moves.split_last() else {
        return Ok((start.to_string(), Vec::new()));
    };
    if !whole && !learned.whole_games {
        let actions: Vec<Action> = before.iter().cloned().map(Action::Move).collect();
        let at = against.reference.replay(start, &actions).map_err(|e| Parting::Reference(e.to_string()))?;
        let one = [last.clone()];
        let mut quiet = Learned::default();
        if let Err(Parting::Differs { at: 1, .. }) = compare(against, engine, &at.position, &one, &mut quiet) {
            return Ok((at.position, one.to_vec()));
        }
    }
    Ok((start.to_string(), moves.to_vec()))
}
