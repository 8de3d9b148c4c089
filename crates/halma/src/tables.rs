//! The star's steps and hops as lookup tables, built once, and the open
//! hops of every hole (which directions a man could hop in from there),
//! kept up to date move by move: most pieces of a position have no hop at
//! all, and the walk learns that from one byte instead of six lookups.

use std::sync::OnceLock;

use super::board::{Board, Holes, DIRECTIONS, HOLES};

/// A hole number past the board: its bit is never set in any set of holes,
/// so a lookup that lands there fails without a test of its own.
pub(crate) const OFF: u8 = 127;

/// Every hole of the board, as a set.
pub(crate) const ALL: Holes = (1 << HOLES) - 1;

/// The hop from a hole in one direction: the hole jumped and the hole
/// landed in, both [`OFF`] where the board ends first.
#[derive(Clone, Copy)]
pub(crate) struct Jump {
    pub over: u8,
    pub land: u8,
}

const NO_JUMP: Jump = Jump { over: OFF, land: OFF };

/// The open hops of every hole, one byte a hole (index [`OFF`] is a
/// scratch byte, always left 0): bit `d` is set when a hop from the hole
/// in direction `d` goes over a piece a man may jump (not a king) into an
/// empty hole. The piece on the hole itself plays no part, so a piece
/// lifted off its start finds its first hops here too.
pub(crate) type OpenHops = [u8; 128];

/// The star's steps and hops, built once.
pub(crate) struct Tables {
    /// The neighbours of each hole.
    pub steps: [Holes; HOLES],
    /// The neighbour in each direction, [`OFF`] past the edge.
    pub next: [[u8; 6]; HOLES],
    /// The hop in each direction.
    pub jump: [[Jump; 6]; HOLES],
    /// The hops that stay on the board, first `hops[h]` entries of
    /// `jumps[h]`: a hole at the edge has fewer than six.
    pub jumps: [[Jump; 6]; HOLES],
    pub hops: [u8; HOLES],
    /// For each hole `x` and direction `d`, the holes whose hop in
    /// direction `d` goes over `x` (`over`) and lands in `x` (`land`):
    /// the open hops a change on `x` can alter.
    behind: [[Jump; 6]; HOLES],
    /// `over_from[s][h]`: the directions in which a hop from `h` goes over
    /// `s`, closed to the piece that left `s` (it is not there to jump).
    pub over_from: [[u8; 128]; HOLES],
}

pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let b = Board::get();
        let mut t = Box::new(Tables {
            steps: [0; HOLES],
            next: [[OFF; 6]; HOLES],
            jump: [[NO_JUMP; 6]; HOLES],
            jumps: [[NO_JUMP; 6]; HOLES],
            hops: [0; HOLES],
            behind: [[NO_JUMP; 6]; HOLES],
            over_from: [[0; 128]; HOLES],
        });
        for h in 0..HOLES as u8 {
            let i = usize::from(h);
            for d in 0..DIRECTIONS.len() {
                let Some(n) = b.step(h, d) else { continue };
                t.steps[i] |= 1 << n;
                t.next[i][d] = n;
                t.behind[usize::from(n)][d].over = h;
                t.over_from[usize::from(n)][i] |= 1 << d;
                if let Some(land) = b.step(n, d) {
                    let j = Jump { over: n, land };
                    t.jump[i][d] = j;
                    t.jumps[i][usize::from(t.hops[i])] = j;
                    t.hops[i] += 1;
                    t.behind[usize::from(land)][d].land = h;
                }
            }
        }
        t
    })
}

#[inline(always)]
pub(crate) fn has(set: Holes, hole: u8) -> bool {
    (set >> hole) & 1 != 0
}

#[inline(always)]
pub(crate) fn bit(hole: u8) -> Holes {
    1 << hole
}

impl Tables {
    /// The open hops of every hole, from scratch: `over` holds the pieces
    /// a man may jump, `occupied` every piece.
    pub fn open_hops(&self, over: Holes, occupied: Holes) -> OpenHops {
        let free = ALL & !occupied;
        let mut open = [0; 128];
        for (h, jumps) in self.jump.iter().enumerate() {
            for (d, j) in jumps.iter().enumerate() {
                open[h] |= u8::from(has(over, j.over) && has(free, j.land)) << d;
            }
        }
        open
    }

    /// Bring the open hops up to date after the content of hole `x`
    /// changed: only the hops over `x` and those into `x` can have.
    #[inline(always)]
    pub fn touch(&self, open: &mut OpenHops, over: Holes, occupied: Holes, x: u8) {
        let free = ALL & !occupied;
        let xi = usize::from(x);
        let jumped = u8::from(has(over, x));
        let empty = u8::from(has(free, x));
        for d in 0..DIRECTIONS.len() {
            let b = self.behind[xi][d];
            let beyond = u8::from(has(free, self.next[xi][d]));
            let first = &mut open[usize::from(b.over)];
            *first = *first & !(1 << d) | (jumped & beyond) << d;
            let before = u8::from(has(over, b.over));
            let second = &mut open[usize::from(b.land)];
            *second = *second & !(1 << d) | (before & empty) << d;
        }
        open[usize::from(OFF)] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::super::bitboard::{State, Walk};
    use super::super::position::Position;
    use super::super::rules::Rules;
    use super::*;

    /// The open hops kept move by move are those counted from scratch,
    /// down a long game of each table, kings included.
    #[test]
    fn open_hops_kept_move_by_move_are_those_counted_afresh() {
        let t = tables();
        let tables = [Rules::international(2), Rules::international(6), Rules::japanese(3)];
        for rules in &tables {
            let walk = Walk::new(rules);
            let mut st = State::new(&Position::start(rules));
            let mut moves = Vec::new();
            for ply in 0..200usize {
                walk.legal_moves(&st, &mut moves);
                let Some(&m) = moves.get((ply * 7 + 3) % moves.len().max(1)) else { break };
                st = walk.play(&st, m);
                let afresh = t.open_hops(st.occupied & !st.kings, st.occupied);
                assert_eq!(st.open, afresh, "{} players, ply {ply}", rules.players);
            }
        }
    }
}
