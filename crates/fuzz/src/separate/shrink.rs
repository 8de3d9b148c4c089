//! Shrinking a state where two rule sets part to the smallest that still
//! shows the same kind of difference: the play started as late as it can
//! be (the position reached set, the moves before it dropped), then the
//! pieces taken off one at a time while the position stays one both rule
//! sets read and the difference holds, and again until neither helps.

use super::differ::{parting, Case, Kind, Parting};
use rulecheck_game::Game;

/// The difference at `case`, if it is still of `kind`.
fn holds(a: &dyn Game, b: &dyn Game, case: &Case, kind: Kind) -> Option<Parting> {
    parting(a, b, case).filter(|p| p.kind == kind)
}

/// The case started at the latest state of its play from which the
/// difference still holds: its position set, the moves before dropped.
/// The position is tried as each rule set writes it: a counter only the
/// second keeps (an endgame count the first does not have) is written by
/// the second alone, and the first reads past it.
fn later(a: &dyn Game, b: &dyn Game, case: &Case, kind: Kind) -> Option<(Case, Parting)> {
    for cut in (1..=case.play.len()).rev() {
        let Ok(at) = a.replay(&case.from, &case.play[..cut]) else { continue };
        let theirs = b.replay(&case.from, &case.play[..cut]).ok().map(|r| r.position);
        for from in std::iter::once(at.position).chain(theirs) {
            if a.normalize_position(&from).is_err() || b.normalize_position(&from).is_err() {
                continue;
            }
            let shorter = Case { from, play: case.play[cut..].to_vec() };
            if let Some(p) = holds(a, b, &shorter, kind) {
                return Some((shorter, p));
            }
        }
    }
    None
}

/// The case with one piece fewer on its position, the first square (in
/// natural order) whose piece can go: never a player's last piece, and
/// the position left must be one both rule sets read and a game not yet
/// over (a board with one side's pieces all gone shows nothing of the
/// rules).
fn fewer(a: &dyn Game, b: &dyn Game, case: &Case, kind: Kind) -> Option<(Case, Parting)> {
    let pieces = a.pieces(&case.from).ok()?;
    let last = |owner: &str| pieces.iter().filter(|(_, o)| o == owner).count() == 1;
    pieces.iter().filter(|(_, owner)| !last(owner)).find_map(|(sq, _)| {
        let from = a.without_piece(&case.from, sq).ok()?;
        b.normalize_position(&from).ok()?;
        if a.replay(&from, &[]).ok()?.result != "ongoing" {
            return None;
        }
        let smaller = Case { from, play: case.play.clone() };
        holds(a, b, &smaller, kind).map(|p| (smaller, p))
    })
}

/// An action the second rule set refuses is a move it does not list:
/// said of the state before it, the difference is in the moves there,
/// which a smaller case (fewer pieces) may show where the first did not.
fn listed_before(a: &dyn Game, b: &dyn Game, case: &Case, kind: Kind) -> Option<(Case, Parting)> {
    if kind != Kind::Refused {
        return None;
    }
    (0..case.play.len()).rev().find_map(|cut| {
        let shorter = Case { from: case.from.clone(), play: case.play[..cut].to_vec() };
        parting(a, b, &shorter).filter(|p| p.kind != Kind::Refused).map(|p| (shorter, p))
    })
}

/// How far shrinking went: the pieces on the board before and after.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shrunk {
    pub pieces_before: usize,
    pub pieces_after: usize,
    pub plies_before: usize,
    pub plies_after: usize,
}

/// The smallest case found from `case`, with its difference; with
/// `before`, an action the second refuses may be traded for the moves it
/// lists before it. Each step removes a ply or a piece, so it ends.
pub(super) fn smallest(
    a: &dyn Game,
    b: &dyn Game,
    case: Case,
    found: Parting,
    before: bool,
) -> (Case, Parting, Shrunk) {
    let count = |c: &Case| a.pieces(&c.from).map(|p| p.len()).unwrap_or(0);
    let mut shrunk = Shrunk { pieces_before: count(&case), plies_before: case.play.len(), ..Shrunk::default() };
    let (mut case, mut found) = (case, found);
    let mut kind = found.kind;
    loop {
        if let Some((c, p)) = later(a, b, &case, kind) {
            (case, found) = (c, p);
            continue;
        }
        if let Some((c, p)) = fewer(a, b, &case, kind) {
            (case, found) = (c, p);
            continue;
        }
        match listed_before(a, b, &case, kind).filter(|_| before) {
            Some((c, p)) => {
                kind = p.kind;
                (case, found) = (c, p);
            }
            None => break,
        }
    }
    shrunk.pieces_after = count(&case);
    shrunk.plies_after = case.play.len();
    (case, found, shrunk)
}
