//! A perft held to a budget of leaves inside the walk, for `serve`: a
//! request past the budget stops a moment after the count passes it, not
//! once a whole depth (which may be a hundred times the budget) is counted.
//!
//! The depths are counted one after another, as [`crate::game::perft_within`]
//! does, so that the count of the depth above the one being counted is
//! known to be within the budget. A depth is then counted subtree by
//! subtree, the running total checked after each: a subtree whose count
//! one ply shallower is small is counted whole by the game's own perft
//! (its work is bounded by that small count), a larger one is divided into
//! its moves' subtrees.

use crate::game::{Action, Game, OverBudget, MAX_PERFT_DEPTH};
use rulecheck_game::notation::NotationError;

/// The count at `depth`, or where it passed `budget`: the depth and the
/// leaves counted there when counting stopped (more than the budget, and
/// at most the depth's whole count).
pub fn perft_budgeted(
    game: &dyn Game,
    position: &str,
    depth: u32,
    paths: bool,
    budget: u64,
) -> Result<Result<u64, OverBudget>, NotationError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(NotationError::whole(format!(
            "perft depth {depth} is beyond {MAX_PERFT_DEPTH}, the deepest rulecheck counts"
        )));
    }
    // Subtrees whose count a ply shallower is at most this are counted
    // whole: a small share of the budget, so that one of them cannot
    // carry the count far past it.
    let whole = (budget / 16).max(1);
    let mut nodes = 1;
    for d in 1..=depth {
        let mut total = 0;
        if !within(game, position, d, paths, budget, whole, &mut total)? {
            return Ok(Err(OverBudget { depth: d, nodes: total }));
        }
        nodes = total;
    }
    Ok(Ok(nodes))
}

/// Add the count of `position` to `depth` to `total`, stopping (`false`)
/// as soon as the total passes `budget`. The count one ply shallower is
/// within the budget (the depths are counted in turn).
fn within(
    game: &dyn Game,
    position: &str,
    depth: u32,
    paths: bool,
    budget: u64,
    whole: u64,
    total: &mut u64,
) -> Result<bool, NotationError> {
    let shallower = if depth <= 1 { 1 } else { game.perft(position, depth - 1, paths)? };
    if depth <= 1 || shallower <= whole {
        *total = total.saturating_add(game.perft(position, depth, paths)?);
        return Ok(*total <= budget);
    }
    let mut children = Vec::new();
    for (m, _) in game.divide(position, 1, paths)? {
        match game.replay(position, &[Action::Move(m)]) {
            Ok(child) => children.push(child.position),
            // A move the game cannot replay on its own (a draw count that
            // ends the game where perft goes on): the whole subtree at once.
            Err(_) => {
                *total = total.saturating_add(game.perft(position, depth, paths)?);
                return Ok(*total <= budget);
            }
        }
    }
    for child in children {
        if !within(game, &child, depth - 1, paths, budget, whole, total)? {
            return Ok(false);
        }
    }
    Ok(*total <= budget)
}
