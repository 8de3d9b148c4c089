//! The illegal moves fuzzing offers an engine at each ply: a game played
//! only through legal moves never learns whether the engine refuses what it
//! must, and an engine that accepts a man's backward step when asked (but
//! never lists it) would agree with the reference over any number of games.
//!
//! The moves come from two sources, so that they are the mistakes an
//! engine makes rather than noise: the moves the family's single-rule
//! deviations play here and the reference does not (a man's backward step,
//! a flying king's long move, a step where a capture is due, a jump that
//! turns, a removal the rules do not allow, as the family has them), and
//! the moves of the two plies before, which belong to the other side, start
//! from a square a move emptied or land on one a move filled. A few are picked, the same ones for
//! the same position, so that the shrinking finds them again.

use super::against::Against;
use rulecheck_game::{Action, Replay};

/// Most illegal moves offered a ply.
const PER_PLY: usize = 3;

/// A stable hash of a position (FNV-1a), to pick the same moves for it in
/// every game and every shrinking step.
fn hash(text: &str) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    usize::try_from(h >> 16).unwrap_or(usize::MAX)
}

/// A few moves the reference refuses in `ours` (its reading of the position
/// reached, legal moves and all), each with the reference's reason: at most
/// one from each source picked, [`PER_PLY`] in all. `earlier` are the
/// positions of the plies before, whose moves are the other side's (or the
/// same side's, now landing where a piece stands or starting from a square
/// left empty).
pub(super) fn offered(against: &Against<'_>, ours: &Replay, earlier: &[Replay]) -> Vec<(String, String)> {
    let reference = against.reference;
    let position = &ours.position;
    // A finished game refuses everything for that alone.
    if ours.result != "ongoing" {
        return Vec::new();
    }
    // Candidates by source, each a list of moves the reference does not
    // list here. Deviant games write moves in the family's notation, as the
    // reference does, so most are told apart by their text at once; the
    // reference's key decides the rest.
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut take = |moves: Vec<String>| {
        let mut fresh: Vec<String> = moves.into_iter().filter(|m| !ours.moves.contains(m)).collect();
        fresh.sort_by_key(|m| rulecheck_text::natural(m));
        fresh.dedup();
        if !fresh.is_empty() {
            groups.push(fresh);
        }
    };
    for (_, deviant) in against.deviants {
        if let Ok(r) = deviant.replay(position, &[]) {
            take(r.moves);
        }
    }
    for p in earlier {
        take(p.moves.clone());
    }
    if groups.is_empty() {
        return Vec::new();
    }
    let h = hash(position);
    let mut out: Vec<(String, String)> = Vec::new();
    for i in 0..groups.len().min(PER_PLY) {
        let group = &groups[(h + i) % groups.len()];
        let m = &group[(h / 7 + i) % group.len()];
        if out.iter().any(|(x, _)| x == m) {
            continue;
        }
        // The reference must refuse it, and name why: the reason goes
        // into the scenario written if the engine accepts it.
        if let Ok(Some(reason)) = reference.explain(position, &[], &Action::Move(m.clone())) {
            out.push((m.clone(), reason));
        }
    }
    out
}
