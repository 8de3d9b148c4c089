//! Where two rule sets part at one state of a game: the reference under
//! the first (`a`) and under the second (`b`) asked the same question, and
//! their answers compared as the scenario kinds compare them (moves by
//! identity, positions with the counters the first reads, the result as
//! written). The bottom of `separate`: the search and the shrinking ask it
//! alone.

use std::collections::BTreeMap;

use rulecheck_game::{Action, Game, GameError, MoveKey, Replay};

/// A state of a game: a position and the actions played from it (the
/// history repetition reads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Case {
    pub from: String,
    pub play: Vec<Action>,
}

/// What parts, by kind: shrinking keeps the kind it started with, so that
/// a difference in the moves is not traded for one in a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The second rule set refuses an action of the play.
    Refused,
    /// The legal moves differ.
    Moves,
    /// The position after the play differs.
    Position,
    /// The result differs.
    Result,
}

/// What parts at a state, with the first rule set's answer.
#[derive(Clone, Debug)]
pub(super) struct Parting {
    pub kind: Kind,
    /// The first rule set's answer there.
    pub ours: Replay,
    /// Moves only the second lists, and only the first, in canonical
    /// notation and natural order.
    pub extra: Vec<String>,
    pub missing: Vec<String>,
    /// What differs, in words.
    pub detail: String,
}

/// The moves of a list by identity, read in `position` under `game`.
fn keyed(game: &dyn Game, position: &str, moves: &[String]) -> Option<BTreeMap<String, String>> {
    let (set, _) = rulecheck::oracle::listed_keys(game, position, moves).ok()?;
    Some(set.into_iter().map(|(k, m): (String, MoveKey)| (k, m.display)).collect())
}

/// The moves as written, where a list cannot be read by identity.
fn written(moves: &[String]) -> BTreeMap<String, String> {
    moves.iter().map(|m| (m.clone(), m.clone())).collect()
}

fn only_in(of: &BTreeMap<String, String>, other: &BTreeMap<String, String>) -> Vec<String> {
    let mut v: Vec<String> = of.iter().filter(|(k, _)| !other.contains_key(*k)).map(|(_, m)| m.clone()).collect();
    v.sort_by_key(|m| rulecheck_text::natural(m));
    v
}

/// A position as the `after` kind compares it under `game`: the counters
/// no rule in force reads cleared, and the turn cleared once the game is
/// over.
fn compared(game: &dyn Game, position: &str, over: bool) -> Option<String> {
    let unread = game.unread_counters();
    let p = if unread.is_empty() {
        game.normalize_position(position).ok()?
    } else {
        game.clear_counters(position, &unread).ok()?
    };
    if over {
        game.turn_cleared(&p).ok()
    } else {
        Some(p)
    }
}

/// Where `a` and `b` part at `case`, if they do; `None` also where `a`
/// itself cannot play the case (it is no state of the first rule set).
pub(super) fn parting(a: &dyn Game, b: &dyn Game, case: &Case) -> Option<Parting> {
    let ours = a.replay(&case.from, &case.play).ok()?;
    let theirs = match b.replay(&case.from, &case.play) {
        Ok(t) => t,
        Err(GameError::Rejected(r)) => {
            let detail = format!("the second rule set refuses action {} of the play ({})", r.index + 1, r.reason);
            return Some(Parting { kind: Kind::Refused, ours, extra: Vec::new(), missing: Vec::new(), detail });
        }
        // A position the second rule set cannot read is no state of it.
        Err(GameError::Notation(_)) => return None,
    };
    if ours.result != theirs.result {
        let detail = format!("the result differs: '{}' against '{}'", ours.result, theirs.result);
        return Some(Parting { kind: Kind::Result, ours, extra: Vec::new(), missing: Vec::new(), detail });
    }
    // Each list read by its own rules in its own position: read by the
    // first, a move of the second may pass for a shorthand of another (a
    // capture stopped halfway for the whole capture).
    let (want, got) = match (keyed(a, &ours.position, &ours.moves), keyed(b, &theirs.position, &theirs.moves)) {
        (Some(w), Some(g)) => (w, g),
        _ => (written(&ours.moves), written(&theirs.moves)),
    };
    if want.keys().ne(got.keys()) {
        let (extra, missing) = (only_in(&got, &want), only_in(&want, &got));
        let mut detail = String::from("the legal moves differ");
        if !missing.is_empty() {
            detail.push_str(&format!("; only the first lists {}", missing.join(", ")));
        }
        if !extra.is_empty() {
            detail.push_str(&format!("; only the second lists {}", extra.join(", ")));
        }
        return Some(Parting { kind: Kind::Moves, ours, extra, missing, detail });
    }
    let over = ours.result != "ongoing";
    let (p, q) = (compared(a, &ours.position, over), compared(a, &theirs.position, over));
    if p != q {
        let detail = format!("the position after the play differs: '{}' against '{}'", ours.position, theirs.position);
        return Some(Parting { kind: Kind::Position, ours, extra: Vec::new(), missing: Vec::new(), detail });
    }
    None
}
