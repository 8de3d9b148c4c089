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

/// The open hops of every hole, one byte a hole: bit `d` (of [`DIRS`]) is
/// set when a hop from the hole in direction `d` goes over a piece a man
/// may jump (not a king) into an empty hole. The piece on the hole itself
/// plays no part, so a piece lifted off its start finds its first hops
/// here too. The two high bits say what is on the hole ([`HELD`],
/// [`JUMPABLE`]), so that bringing the hops up to date reads bytes of the
/// same array, not bits of sets. Index [`OFF`], past the board, reads as
/// held by a piece no one may jump (a hop never lands past the edge); its
/// direction bits are scratch, left 0.
pub(crate) type OpenHops = [u8; 128];

/// The direction bits of an [`OpenHops`] byte.
pub(crate) const DIRS: u8 = 0x3f;
/// The hole holds a piece.
pub(crate) const HELD: u8 = 0x40;
/// The hole holds a man, which a man may jump.
pub(crate) const JUMPABLE: u8 = 0x80;

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
    /// `land_into[s][h]`: the directions in which a hop from `h` lands in
    /// `s`.
    pub land_into: [[u8; 128]; HOLES],
    /// `lands[h][dirs]`: the holes the hops from `h` in the directions of
    /// `dirs` land in, so that a hole's open hops are followed with one
    /// lookup.
    pub lands: [[Holes; 64]; HOLES],
    /// The holes a man's moves from a hole look at: its neighbours (steps,
    /// and the pieces hopped) and the holes two away in a line (landings).
    pub zone: [Holes; HOLES],
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
            land_into: [[0; 128]; HOLES],
            lands: [[0; 64]; HOLES],
            zone: [0; HOLES],
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
                    t.land_into[usize::from(land)][i] |= 1 << d;
                }
            }
            for dirs in 0..64usize {
                let jumps = t.jump[i].iter().enumerate().filter(|&(d, _)| dirs & 1 << d != 0);
                t.lands[i][dirs] = jumps.fold(0, |set, (_, j)| set | bit(j.land) & ALL);
            }
            t.zone[i] = t.steps[i] | t.lands[i][63];
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
            let h = h as u8;
            open[usize::from(h)] |= if has(over, h) { HELD | JUMPABLE } else { HELD * u8::from(has(occupied, h)) };
        }
        open[usize::from(OFF)] = HELD;
        open
    }

    /// Bring the open hops up to date after the piece on `from` moved to
    /// `to` (`jumpable`: whether it is a man): only the hops over either
    /// hole and those into either can have changed.
    #[inline(always)]
    pub fn carry(&self, open: &mut OpenHops, from: u8, to: u8, jumpable: bool) {
        open[usize::from(from & OFF)] &= DIRS;
        open[usize::from(to & OFF)] |= HELD | if jumpable { JUMPABLE } else { 0 };
        self.touch(open, from);
        self.touch(open, to);
        open[usize::from(OFF)] = HELD;
    }

    /// Bring the open hops up to date after the content of hole `x`
    /// changed (its high bits already say what is there now).
    #[inline(always)]
    fn touch(&self, open: &mut OpenHops, x: u8) {
        let xi = usize::from(x & OFF);
        let jumped = open[xi] >> 7;
        let empty = !open[xi] >> 6 & 1;
        for d in 0..DIRECTIONS.len() {
            let b = self.behind[xi][d];
            let beyond = !open[usize::from(self.next[xi][d] & OFF)] >> 6 & 1;
            let first = &mut open[usize::from(b.over & OFF)];
            *first = *first & !(1 << d) | (jumped & beyond) << d;
            // The hole a hop into `x` goes over: `first` again.
            let before = *first >> 7;
            let second = &mut open[usize::from(b.land & OFF)];
            *second = *second & !(1 << d) | (before & empty) << d;
        }
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
