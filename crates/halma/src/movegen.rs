//! Moves of Chinese checkers: a step to a neighbouring empty hole, or a
//! chain of hops over single pieces (a Japanese king: over a whole line of
//! pieces at once) into the empty hole beyond, stopping anywhere. A move is
//! identified by its start and end holes.

use super::board::{Board, Holes, DIRECTIONS};
use super::position::{is_king, seat_of, Cell, Position, EMPTY};
use super::rules::{ForeignCamps, Rules};

/// A move: start and end holes (a pass, where the rules allow one, is
/// `from == to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    pub fn is_pass(&self) -> bool {
        self.from == self.to
    }
}

/// The holes a seat's pieces may not stop in, and those they may not even
/// pass through: the camps of every colour but the seat's own (its home
/// and its goal), as the form has its camps. A corner hole of the hexagon
/// belongs to the two 15-hole camps that meet there, and is open to a seat
/// when one of them is its own.
pub fn closed_holes(rules: &Rules, seat: u8) -> (Holes, Holes) {
    let b = Board::get();
    let own = rules.camp(seat);
    let goal = rules.goal(seat);
    let allowed = b.big_camps[own] | b.big_camps[goal];
    let mut closed = 0;
    for c in 0..6 {
        if c != own && c != goal {
            closed |= match rules.foreign_camps {
                ForeignCamps::Open => 0,
                ForeignCamps::Closed | ForeignCamps::PassThrough => rules.camp_holes(c),
                ForeignCamps::TrianglesClosed => b.triangles[c],
            };
        }
    }
    let closed = closed & !allowed;
    let no_pass = if rules.foreign_camps == ForeignCamps::PassThrough { 0 } else { closed };
    (closed, no_pass)
}

/// Why the piece `jumper` may not jump the piece in `cell`, if it may not:
/// a king (unless the rules let it), or a piece of its own seat when hops
/// go over other players' pieces only.
fn unjumpable(rules: &Rules, jumper: Cell, cell: Cell) -> Option<&'static str> {
    if !rules.hop_own && seat_of(cell) == seat_of(jumper) {
        return Some("jump-own-piece");
    }
    let may = !is_king(cell) || if is_king(jumper) { rules.king_jumps_king } else { rules.men_jump_kings };
    (!may).then_some("jump-king")
}

/// Where a hop from `at` in direction `d` lands, for the piece on `from`
/// (lifted off the board): over one piece, or for a king with the long jump
/// over every piece in an unbroken line, into the first empty hole beyond.
pub fn hop(pos: &Position, rules: &Rules, from: u8, at: u8, d: usize) -> Result<u8, &'static str> {
    let b = Board::get();
    let jumper = pos.cells[usize::from(from)];
    let king = is_king(jumper);
    let occupied = |h: u8| h != from && pos.cells[usize::from(h)] != EMPTY;
    let mut over = b.step(at, d).ok_or("off-board")?;
    if !occupied(over) {
        return Err("no-hop");
    }
    let long = king && rules.king_long_jump;
    loop {
        if let Some(reason) = unjumpable(rules, jumper, pos.cells[usize::from(over)]) {
            return Err(reason);
        }
        let beyond = b.step(over, d).ok_or("off-board")?;
        if !occupied(beyond) {
            return Ok(beyond);
        }
        if !long {
            return Err("occupied");
        }
        over = beyond;
    }
}

/// Every end hole the piece on `from` can reach by hops.
fn hop_ends(pos: &Position, rules: &Rules, from: u8, closed: Holes, no_pass: Holes, out: &mut Vec<u8>) {
    let mut seen: Holes = 1 << from;
    // (hole, direction the chain must keep, if chains cannot turn)
    let mut stack: Vec<(u8, Option<usize>)> = vec![(from, None)];
    while let Some((at, keep)) = stack.pop() {
        for d in 0..DIRECTIONS.len() {
            if keep.is_some_and(|k| k != d) {
                continue;
            }
            let Ok(land) = hop(pos, rules, from, at, d) else { continue };
            let bit = 1u128 << land;
            if no_pass & bit != 0 || seen & bit != 0 {
                continue;
            }
            seen |= bit;
            if closed & bit == 0 {
                out.push(land);
            }
            stack.push((land, if rules.chains_turn { None } else { Some(d) }));
        }
    }
    out.retain(|&h| h != from);
}

/// The legal moves of the seat to move, distinct by start and end.
pub fn legal_moves(pos: &Position, rules: &Rules) -> Vec<Move> {
    let b = Board::get();
    let seat = pos.to_move;
    let (closed, no_pass) = closed_holes(rules, seat);
    let mut out = Vec::new();
    let mut ends = Vec::new();
    for from in 0..super::board::HOLES as u8 {
        let c = pos.cells[usize::from(from)];
        if c == EMPTY || seat_of(c) != seat {
            continue;
        }
        ends.clear();
        for d in 0..DIRECTIONS.len() {
            if let Some(n) = b.step(from, d) {
                if pos.cells[usize::from(n)] == EMPTY && closed & (1 << n) == 0 {
                    ends.push(n);
                }
            }
        }
        hop_ends(pos, rules, from, closed, no_pass, &mut ends);
        ends.sort_unstable();
        ends.dedup();
        out.extend(ends.iter().map(|&to| Move { from, to }));
    }
    if rules.voluntary_pass && !out.is_empty() {
        out.push(Move { from: 0, to: 0 });
    }
    out
}

/// Move a piece (a pass moves nothing).
pub fn apply_piece(pos: &mut Position, m: Move) {
    if m.is_pass() {
        return;
    }
    let piece = pos.cells[usize::from(m.from)];
    pos.cells[usize::from(m.from)] = EMPTY;
    pos.cells[usize::from(m.to)] = piece;
}

/// Why a path written hop by hop (start, then every landing hole) is not a
/// legal move for the seat to move; `None` when it is.
pub fn check_path(pos: &Position, rules: &Rules, path: &[u8]) -> Option<&'static str> {
    let b = Board::get();
    let (&from, rest) = path.split_first()?;
    let c = pos.cells[usize::from(from)];
    if c == EMPTY {
        return Some("empty-square");
    }
    if seat_of(c) != pos.to_move {
        return Some("not-your-piece");
    }
    let (closed, no_pass) = closed_holes(rules, pos.to_move);
    let last = *rest.last()?;
    if last == from {
        return Some("returns-to-start");
    }
    if pos.cells[usize::from(last)] != EMPTY {
        return Some("occupied");
    }
    // A single step.
    if rest.len() == 1 && b.adjacent(from, last) {
        return (closed & (1 << last) != 0).then_some("foreign-camp");
    }
    let mut at = from;
    let mut first_dir = None;
    for &to in rest {
        if b.adjacent(at, to) {
            return Some("step-and-hop");
        }
        let Some((d, _)) = b.line(at, to) else { return Some("not-in-line") };
        if !rules.chains_turn && first_dir.is_some_and(|f| f != d) {
            return Some("chain-turns");
        }
        first_dir.get_or_insert(d);
        match hop(pos, rules, from, at, d) {
            Ok(land) if land == to => {}
            Ok(_) => return Some("too-far"),
            Err(reason) => return Some(reason),
        }
        let bit = 1u128 << to;
        if no_pass & bit != 0 || (to == last && closed & bit != 0) {
            return Some("foreign-camp");
        }
        at = to;
    }
    None
}
