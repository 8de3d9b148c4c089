//! Konane move generation on bitboards: the two opening removals, then
//! jumps. A jump in a straight line is found for every stone of a side at
//! once: the stones with an enemy stone next to them in a direction and an
//! empty cell beyond are `step(step(own) & enemy) & empty`, and each further
//! jump along the line is the same two steps again from the landing cells.
//! Counting the last ply of a perft is then a population count per line,
//! with no move made.
//!
//! The deviations the mutation tests use (turning chains, diagonal jumps,
//! forced full-length jumps) are switches of the same generator.

use super::board::{cells, Bits, Dir, Geometry, Wide, DIAGONAL, ORTHOGONAL};
use super::rules::{Opening, Rules};
use super::{Position, BLACK, EMPTY, WHITE};
use fixed::Fixed;
use rulecheck_game::walk::Walk;

/// A move: a removal of the opening or a jump from one cell to another in a
/// straight line (each cell passed over holding an enemy stone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    Remove(usize),
    Jump { from: usize, to: usize },
}

/// A position as two sets: the stones of the side to move and the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Node<B: Bits> {
    own: B,
    opp: B,
    black_to_move: bool,
}

/// The rules and the board shape for one set type.
struct Gen<'r, B: Bits> {
    g: Geometry<B>,
    rules: &'r Rules,
    /// The cells black may empty to open the game.
    opening: B,
    /// The jump directions: orthogonal, and diagonal under that deviation.
    dirs: &'static [Dir],
    /// Whether the quick line-by-line count holds (no turning chains).
    straight: bool,
    /// The walk of the jumping phase fixed at compile time for this size,
    /// under the standard rules (no deviation of the jumps).
    fixed: Option<fn(B, B, u32) -> u64>,
}

const ORTHOGONAL_ONLY: &[Dir] = &ORTHOGONAL;
const ALL_DIRECTIONS: &[Dir] =
    &[ORTHOGONAL[0], ORTHOGONAL[1], ORTHOGONAL[2], ORTHOGONAL[3], DIAGONAL[0], DIAGONAL[1], DIAGONAL[2], DIAGONAL[3]];

impl<'r, B: Fixed> Gen<'r, B> {
    fn new(rules: &'r Rules) -> Gen<'r, B> {
        let n = u32::from(rules.size);
        let g = Geometry::<B>::new(n);
        let mut opening = B::ZERO;
        for i in opening_cells(n, rules.opening) {
            opening = opening | B::bit(i);
        }
        let dirs = if rules.diagonal { ALL_DIRECTIONS } else { ORTHOGONAL_ONLY };
        let standard = !rules.turns && !rules.diagonal && !rules.full_length;
        let fixed = if standard { B::fixed_walk(n) } else { None };
        Gen { g, rules, opening, dirs, straight: !rules.turns, fixed }
    }

    fn node(&self, pos: &Position) -> Node<B> {
        let (mut black, mut white) = (B::ZERO, B::ZERO);
        for (i, &c) in pos.cells.iter().enumerate() {
            match c {
                BLACK => black = black | B::bit(i),
                WHITE => white = white | B::bit(i),
                _ => {}
            }
        }
        if pos.to_move == BLACK {
            Node { own: black, opp: white, black_to_move: true }
        } else {
            Node { own: white, opp: black, black_to_move: false }
        }
    }

    fn position(&self, node: &Node<B>) -> Position {
        let (black, white) = if node.black_to_move { (node.own, node.opp) } else { (node.opp, node.own) };
        let n = self.g.n as usize;
        let cells = (0..n * n)
            .map(|i| {
                if black.has(i) {
                    BLACK
                } else if white.has(i) {
                    WHITE
                } else {
                    EMPTY
                }
            })
            .collect();
        Position { size: self.rules.size, cells, to_move: if node.black_to_move { BLACK } else { WHITE } }
    }

    #[inline(always)]
    fn empty(&self, node: &Node<B>) -> B {
        self.g.cells & !(node.own | node.opp)
    }

    /// The landing cells of the next jump along a line from `from` cells.
    #[inline(always)]
    fn hop(&self, from: B, opp: B, empty: B, d: Dir) -> B {
        self.g.step(self.g.step(from, d) & opp, d) & empty
    }

    /// The landing cells of the k-th jump along each line in `d` that do
    /// not go on (for forced full-length jumps).
    #[inline(always)]
    fn final_stops(&self, lands: B, next: B, d: Dir) -> B {
        let back = d.back();
        lands & !self.g.step(self.g.step(next, back), back)
    }

    /// The removals of the opening, if the game is in it.
    fn removals(&self, node: &Node<B>, out: &mut Vec<Move>) -> bool {
        let empty = self.empty(node);
        match empty.count() {
            0 => {
                let black = if node.black_to_move { node.own } else { node.opp };
                out.extend(cells(self.opening & black).map(Move::Remove));
                true
            }
            1 => {
                let hole = empty;
                let mut next = B::ZERO;
                for d in ORTHOGONAL {
                    next = next | self.g.step(hole, d);
                }
                out.extend(cells(next & node.own).map(Move::Remove));
                true
            }
            _ => false,
        }
    }

    /// Every legal move, sorted.
    fn moves(&self, node: &Node<B>) -> Vec<Move> {
        let mut out = Vec::new();
        if self.removals(node, &mut out) {
            out.sort();
            return out;
        }
        let empty = self.empty(node);
        if self.straight {
            for &d in self.dirs {
                let off = self.g.offset(d);
                self.each_line(node, empty, d, |k, stops| {
                    out.extend(cells(stops).map(|to| Move::Jump { from: (to as isize - 2 * k * off) as usize, to }));
                });
            }
        } else {
            for from in cells(node.own) {
                for &d in self.dirs {
                    let mut stops = Vec::new();
                    self.turning(node, from, from, d, B::ZERO, &mut stops);
                    out.extend(stops.into_iter().map(|(to, _)| Move::Jump { from, to }));
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// A chain that may turn (a deviation): every stop reached from `at`,
    /// first going in `d`, with the stones taken so far, each stop with the
    /// stones its route takes.
    fn turning(&self, node: &Node<B>, from: usize, at: usize, d: Dir, taken: B, out: &mut Vec<(usize, B)>) {
        let off = self.g.offset(d);
        let mut here = at;
        let mut taken = taken;
        loop {
            let over = self.g.step(B::bit(here), d);
            let land = self.g.step(over, d);
            if over.is_empty() || land.is_empty() {
                return;
            }
            let free = (self.empty(node) | B::bit(from)) & !B::bit(here);
            if (over & node.opp & !taken).is_empty() || (land & (free | taken)).is_empty() {
                return;
            }
            taken = taken | over;
            here = (here as isize + 2 * off) as usize;
            out.push((here, taken));
            for t in ORTHOGONAL.into_iter().filter(|&t| t != d && t != d.back()) {
                self.turning(node, from, here, t, taken, out);
            }
        }
    }

    /// The position after a move.
    fn play(&self, node: &Node<B>, m: Move) -> Node<B> {
        match m {
            Move::Remove(i) => {
                Node { own: node.opp & !B::bit(i), opp: node.own & !B::bit(i), black_to_move: !node.black_to_move }
            }
            Move::Jump { from, to } => Self::after_jump(node, from, to, self.taken(node, from, to)),
        }
    }

    /// The stones a jump from `from` to `to` takes: those passed over on the
    /// straight line, or (turning chains) on the first route the search
    /// finds, directions in their order.
    fn taken(&self, node: &Node<B>, from: usize, to: usize) -> B {
        if !self.straight {
            for &d in self.dirs {
                let mut stops = Vec::new();
                self.turning(node, from, from, d, B::ZERO, &mut stops);
                if let Some((_, taken)) = stops.into_iter().find(|(s, _)| *s == to) {
                    return taken;
                }
            }
            return B::ZERO;
        }
        for &d in self.dirs {
            let mut at = B::bit(from);
            let mut over = B::ZERO;
            loop {
                let o = self.g.step(at, d);
                let l = self.g.step(o, d);
                if l.is_empty() || (o & node.opp).is_empty() {
                    break;
                }
                over = over | o;
                at = l;
                if at.has(to) {
                    return over;
                }
            }
        }
        B::ZERO
    }

    /// Every straight line of jumps in `d` at once: `f(k, stops)` for the
    /// cells where the k-th jump of a line lands and the move may stop
    /// (every jump, or under forced full-length jumps only the last).
    #[inline(always)]
    fn each_line(&self, node: &Node<B>, empty: B, d: Dir, mut f: impl FnMut(isize, B)) {
        let mut lands = self.hop(node.own, node.opp, empty, d);
        let mut k = 1;
        while !lands.is_empty() {
            let next = self.hop(lands, node.opp, empty, d);
            f(k, if self.rules.full_length { self.final_stops(lands, next, d) } else { lands });
            lands = next;
            k += 1;
        }
    }

    /// The node after a jump from `from` to `to` that takes `taken`.
    #[inline(always)]
    fn after_jump(node: &Node<B>, from: usize, to: usize, taken: B) -> Node<B> {
        Node { own: node.opp & !taken, opp: node.own ^ B::bit(from) ^ B::bit(to), black_to_move: !node.black_to_move }
    }

    /// The leaves below a node of the jumping phase, counting the last ply
    /// line by line and playing no move there.
    fn count(&self, node: &Node<B>, depth: u32) -> u64 {
        let empty = self.empty(node);
        let mut total = 0;
        if depth == 1 {
            // The hot loop: population counts along each line, no move made.
            for &d in self.dirs {
                let mut lands = self.hop(node.own, node.opp, empty, d);
                if self.rules.full_length {
                    // One stop per line: the stones with a first jump.
                    total += u64::from(lands.count());
                    continue;
                }
                while !lands.is_empty() {
                    total += u64::from(lands.count());
                    lands = self.hop(lands, node.opp, empty, d);
                }
            }
            return total;
        }
        for &d in self.dirs {
            let off = self.g.offset(d);
            self.each_line(node, empty, d, |k, stops| {
                for to in cells(stops) {
                    let from = (to as isize - 2 * k * off) as usize;
                    let mut taken = B::ZERO;
                    for j in 0..k {
                        taken = taken | B::bit((from as isize + (2 * j + 1) * off) as usize);
                    }
                    total += self.perft(&Self::after_jump(node, from, to, taken), depth - 1);
                }
            });
        }
        total
    }

    fn perft(&self, node: &Node<B>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.straight && self.empty(node).count() >= 2 {
            if let Some(walk) = self.fixed {
                return walk(node.own, node.opp, depth);
            }
            return self.count(node, depth);
        }
        let moves = self.moves(node);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|m| self.perft(&self.play(node, m), depth - 1)).sum()
    }
}

/// The cells black may empty first, on an n x n board.
fn opening_cells(n: u32, opening: Opening) -> Vec<usize> {
    let n = n as i32;
    let black = |f: i32, r: i32| (f + r) % 2 == 0;
    let index = |f: i32, r: i32| (r * n + f) as usize;
    match opening {
        Opening::AnyBlackStone => (0..n * n).filter(|i| black(i % n, i / n)).map(|i| index(i % n, i / n)).collect(),
        Opening::CornersAndCentre => {
            let mid = n / 2;
            let candidates = [
                (0, 0),
                (n - 1, n - 1),
                (0, n - 1),
                (n - 1, 0),
                (mid - 1, mid - 1),
                (mid, mid),
                (mid - 1, mid),
                (mid, mid - 1),
            ];
            let mut v: Vec<usize> =
                candidates.iter().filter(|&&(f, r)| black(f, r)).map(|&(f, r)| index(f, r)).collect();
            v.sort_unstable();
            v.dedup();
            v
        }
    }
}

/// Run `f` with the generator of the set type that holds the board.
macro_rules! by_width {
    ($rules:expr, |$gen:ident| $body:expr) => {{
        let n = usize::from($rules.size);
        if n * n <= 64 {
            let $gen = Gen::<u64>::new($rules);
            $body
        } else if n * n <= 128 {
            let $gen = Gen::<u128>::new($rules);
            $body
        } else {
            let $gen = Gen::<Wide>::new($rules);
            $body
        }
    }};
}

mod fixed;
pub mod hash;
mod lanes;

/// The legal moves of the side to move, sorted.
pub fn legal_moves(pos: &Position, rules: &Rules) -> Vec<Move> {
    by_width!(rules, |gen| gen.moves(&gen.node(pos)))
}

/// The position after a move.
pub fn apply(pos: &Position, rules: &Rules, m: Move) -> Position {
    by_width!(rules, |gen| gen.position(&gen.play(&gen.node(pos), m)))
}

/// Leaves of the move tree.
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    by_width!(rules, |gen| gen.perft(&gen.node(pos), depth))
}

/// The count below each legal move.
pub fn divide(pos: &Position, rules: &Rules, depth: u32) -> Vec<(Move, u64)> {
    Plain(rules).divide_observed(pos, depth, &|| {})
}

/// The plain walk ([`perft`], and [`divide`] observed) under some rules,
/// as the contract counts with it.
pub struct Plain<'r>(pub &'r Rules);

impl Walk<Position, Move> for Plain<'_> {
    fn count(&mut self, pos: &Position, depth: u32) -> u64 {
        perft(pos, self.0, depth)
    }
    fn divide_observed(&mut self, pos: &Position, depth: u32, done: &dyn Fn()) -> Vec<(Move, u64)> {
        by_width!(self.0, |gen| {
            let node = gen.node(pos);
            gen.moves(&node)
                .into_iter()
                .map(|m| {
                    let row = (m, gen.perft(&gen.play(&node, m), depth.saturating_sub(1)));
                    done();
                    row
                })
                .collect()
        })
    }
}
