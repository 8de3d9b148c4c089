//! The perft of the jumping phase under the standard rules on the boards of
//! 12x12 and more, with the last ply counted incrementally so that its work
//! does not grow with the board.
//!
//! A move changes cells of one line only: the jumper's start, the stones
//! it takes and its landing. The moves the opponent has after it differ
//! from those it would have before only along the lines through those
//! cells: the line of the move itself, and the crossing line of each
//! changed cell. So the count of each child of a node two plies above the
//! leaves is the opponent's count at that node, plus what those few lines
//! count after the move, less what they count before. What they count
//! before is read from sums of the opponent's moves by line, made once at
//! the node; only their count after the move is made for each child.
//!
//! To read a line as a few bits, every row is padded to 16 bits (cell
//! (r, c) at bit 16r + c), and the walk keeps a second copy of the board
//! with rows and columns exchanged (cell (r, c) at bit 16c + r): a row is
//! then 16 bits of the first copy, a column 16 bits of the second, and the
//! crossing lines of a move are adjacent in the other copy. Up to four
//! lines fit a word, where the same shifts as on the board count their
//! moves.

use super::super::board::{Bits, Wide};
use children::each_move;

mod children;

/// A board side known at compile time: the masks of the padded layout
/// (the same in both copies, the board being square).
pub(super) trait Side {
    const N: u32;
    const CELLS: Wide;
    const EAST: Wide;
    const WEST: Wide;
    const EAST2: Wide;
    const WEST2: Wide;
    /// Four lines of the side in one word, and the steps within them.
    const LINE: u64;
    const LINE_EAST: u64;
    const LINE_WEST: u64;
    const LINE_EAST2: u64;
    const LINE_WEST2: u64;
}

/// The cells of the padded n x n layout on the files `first..=last`.
const fn padded(n: u32, first: u32, last: u32) -> Wide {
    let mut w = [0u64; 4];
    let mut r = 0;
    while r < n {
        let mut c = first;
        while c <= last {
            let i = 16 * r + c;
            w[(i / 64) as usize] |= 1 << (i % 64);
            c += 1;
        }
        r += 1;
    }
    Wide(w)
}

/// Four lines of `first..=last` in a word.
const fn line(first: u32, last: u32) -> u64 {
    let one = ((1u64 << (last + 1)) - 1) & !((1u64 << first) - 1);
    one * 0x0001_0001_0001_0001
}

macro_rules! sides {
    ($($name:ident: $n:literal;)*) => {$(
        pub(super) struct $name;
        impl Side for $name {
            const N: u32 = $n;
            const CELLS: Wide = padded($n, 0, $n - 1);
            const EAST: Wide = padded($n, 1, $n - 1);
            const WEST: Wide = padded($n, 0, $n - 2);
            const EAST2: Wide = padded($n, 2, $n - 1);
            const WEST2: Wide = padded($n, 0, $n - 3);
            const LINE: u64 = line(0, $n - 1);
            const LINE_EAST: u64 = line(1, $n - 1);
            const LINE_WEST: u64 = line(0, $n - 2);
            const LINE_EAST2: u64 = line(2, $n - 1);
            const LINE_WEST2: u64 = line(0, $n - 3);
        }
    )*};
}

sides! {
    L12: 12;
    L14: 14;
    L16: 16;
}

/// The walk for a dense board of side `n` (cell (r, c) at bit n r + c).
pub(super) fn walk_dense<S: Side, B: Bits>(own: B, opp: B, depth: u32) -> u64 {
    walk::<S>(padded_pos::<S, B>(own, opp), depth)
}

/// Both padded copies of a dense board of side `n`.
fn padded_pos<S: Side, B: Bits>(own: B, opp: B) -> Pos {
    let n = S::N as usize;
    let mut p = Pos { me: Wide::ZERO, op: Wide::ZERO, me_t: Wide::ZERO, op_t: Wide::ZERO };
    for r in 0..n {
        for c in 0..n {
            let (a, t) = (Wide::bit(16 * r + c), Wide::bit(16 * c + r));
            if own.has(n * r + c) {
                p.me = p.me | a;
                p.me_t = p.me_t | t;
            }
            if opp.has(n * r + c) {
                p.op = p.op | a;
                p.op_t = p.op_t | t;
            }
        }
    }
    p
}

/// A position in both copies: the side to move's stones and the others'.
#[derive(Clone, Copy)]
struct Pos {
    me: Wide,
    op: Wide,
    me_t: Wide,
    op_t: Wide,
}

const EAST: u8 = 0;
const WEST: u8 = 1;
const NORTH: u8 = 2;
const SOUTH: u8 = 3;

/// Every cell of `b` one step in `d` (in the other copy, `d ^ 2` is the
/// same step).
#[inline(always)]
fn step<S: Side>(b: Wide, d: u8) -> Wide {
    match d {
        EAST => b.shl(1) & S::EAST,
        WEST => b.shr(1) & S::WEST,
        NORTH => b.shl(16) & S::CELLS,
        _ => b.shr(16),
    }
}

#[inline(always)]
fn step2<S: Side>(b: Wide, d: u8) -> Wide {
    match d {
        EAST => b.shl(2) & S::EAST2,
        WEST => b.shr(2) & S::WEST2,
        NORTH => b.shl(32) & S::CELLS,
        _ => b.shr(32),
    }
}

#[inline(always)]
fn jumpers<S: Side>(op: Wide, empty: Wide, d: u8) -> Wide {
    step::<S>(op & step::<S>(empty, d ^ 1), d ^ 1)
}

fn walk<S: Side>(p: Pos, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(count::<S>(p.me, p.op)),
        _ => deeper::<S>(p, depth),
    }
}

/// The number of moves of the side with stones `me` (see
/// `fixed::count_line`: the stones with a first jump and the landings with
/// one more, disjoint, one population count a direction).
#[inline(always)]
fn count<S: Side>(me: Wide, op: Wide) -> u32 {
    let empty = S::CELLS & !(me | op);
    marks::<S, EAST>(me, op, empty).count()
        + marks::<S, WEST>(me, op, empty).count()
        + marks::<S, NORTH>(me, op, empty).count()
        + marks::<S, SOUTH>(me, op, empty).count()
}

/// The moves in direction `D` of the side with stones `me` as marks: each
/// move marks its start or, after the first jump, the cell it lands on
/// before the last.
#[inline(always)]
fn marks<S: Side, const D: u8>(me: Wide, op: Wide, empty: Wide) -> Wide {
    let t = jumpers::<S>(op, empty, D);
    let mut more = me & t;
    let mut all = more;
    // Two rounds without a test (a loop's exit is mispredicted where a
    // count is not), then the rare longer lines.
    for _ in 0..2 {
        more = step2::<S>(more, D) & t;
        all = all | more;
    }
    while !more.is_empty() {
        more = step2::<S>(more, D) & t;
        all = all | more;
    }
    all
}

/// The moves along the rows of a copy of the side with stones `me`, as
/// sums: entry `r` counts those on the rows below `r`, so that any band of
/// rows is a difference of two entries.
#[inline(never)]
fn row_sums<S: Side>(me: Wide, op: Wide) -> [i32; 17] {
    let empty = S::CELLS & !(me | op);
    let (e, w) = (marks::<S, EAST>(me, op, empty), marks::<S, WEST>(me, op, empty));
    let mut sums = [0; 17];
    // A word's four rows in two words, each row's east marks beside its
    // west ones (rows 0 and 2 in one, 1 and 3 in the other), so that a row
    // is one population count of 32 bits: a count a row, where the east and
    // west marks took one each.
    const EVEN: u64 = 0x0000_ffff_0000_ffff;
    for q in 0..S::N.div_ceil(4) as usize {
        let (e, w) = (e.0[q], w.0[q]);
        let x = (e & EVEN) | (w & EVEN) << 16;
        let y = (e >> 16 & EVEN) | (w & !EVEN);
        let r = 4 * q;
        sums[r + 1] = sums[r] + (x as u32).count_ones() as i32;
        sums[r + 2] = sums[r + 1] + (y as u32).count_ones() as i32;
        sums[r + 3] = sums[r + 2] + (x >> 32).count_ones() as i32;
        sums[r + 4] = sums[r + 3] + (y >> 32).count_ones() as i32;
    }
    sums
}

fn deeper<S: Side>(p: Pos, depth: u32) -> u64 {
    if depth == 2 {
        return last_two::<S>(p);
    }
    let next = |c: Pos| deeper::<S>(c, depth - 1);
    each_move::<S, EAST>(&p, next)
        + each_move::<S, WEST>(&p, next)
        + each_move::<S, NORTH>(&p, next)
        + each_move::<S, SOUTH>(&p, next)
}

/// The last two plies: each child's count is the opponent's count here
/// plus the change along the lines the move touches. Every move is read
/// along a row: east and west in the first copy, north and south as east
/// and west in the second. What those lines count before the move is read
/// from the opponent's sums of moves by row, in both copies, made once
/// here; only their count after the move is made for each child.
fn last_two<S: Side>(p: Pos) -> u64 {
    let (first, second) = (Lines::new(&p.me, &p.op), Lines::new(&p.me_t, &p.op_t));
    let rows = row_sums::<S>(p.op, p.me);
    let cols = row_sums::<S>(p.op_t, p.me_t);
    let base = u64::from((rows[S::N as usize] + cols[S::N as usize]) as u32);
    let swapped = Pos { me: p.me_t, op: p.op_t, me_t: p.me, op_t: p.op };
    along_rows::<S>(&p, &second, base, &rows, &cols) + along_rows::<S>(&swapped, &first, base, &cols, &rows)
}

/// Both sides' stones of a copy as bytes, two a line, with an empty line
/// before the first and a word of zeros past the last, so that the four
/// lines from any line on are one unaligned read. Made once two plies
/// above the leaves (early, so that the reads do not wait on the stores):
/// read from the words instead, every group of lines straddling two took
/// a double shift and a test for the last word.
struct Lines {
    me: [u8; 42],
    op: [u8; 42],
}

impl Lines {
    fn new(me: &Wide, op: &Wide) -> Lines {
        let bytes = |w: &Wide| {
            let mut b = [0; 42];
            for (q, word) in w.0.iter().enumerate() {
                b[2 + 8 * q..10 + 8 * q].copy_from_slice(&word.to_le_bytes());
            }
            b
        };
        Lines { me: bytes(me), op: bytes(op) }
    }
}

/// The four lines of `b` from line `first` on, in one word.
#[inline(always)]
fn four(b: &[u8; 42], first: u32) -> u64 {
    read(b, 2 * (first & 15) as usize + 2)
}

/// The four lines of `b` from line `first - 1` on (empty before line 0).
#[inline(always)]
fn four_before(b: &[u8; 42], first: u32) -> u64 {
    read(b, 2 * (first & 15) as usize)
}

/// The eight bytes of `b` from byte `i` on, as a word.
#[inline(always)]
fn read(b: &[u8; 42], i: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&b[i..i + 8]);
    u64::from_le_bytes(w)
}

/// The leaves below the moves east and west of `p`, given the opponent's
/// sums of moves by row of `p` (`rows`) and of the other copy (`cols`).
///
/// Not inlined, nor is [`local`]: measured, the walk runs fewer
/// instructions with each its own function (fewer registers spilled).
#[inline(never)]
fn along_rows<S: Side>(p: &Pos, other: &Lines, base: u64, rows: &[i32; 17], cols: &[i32; 17]) -> u64 {
    let empty = S::CELLS & !(p.me | p.op);
    along::<S, EAST>(p, other, empty, base, rows, cols) + along::<S, WEST>(p, other, empty, base, rows, cols)
}

/// [`along_rows`] in direction `D`, a constant: as a loop over the two
/// directions, the direction was read from memory at each turn and every
/// choice by it was made at each move.
#[inline(always)]
fn along<S: Side, const D: u8>(
    p: &Pos,
    other: &Lines,
    empty: Wide,
    base: u64,
    rows: &[i32; 17],
    cols: &[i32; 17],
) -> u64 {
    let t = jumpers::<S>(p.op, empty, D);
    let mut total = 0;
    // The stones that can jump, word by word (four rows a word, only the
    // words that hold rows of the board).
    let words = S::N.div_ceil(4) as usize;
    for (q, mut from) in (p.me & t).0.into_iter().enumerate().take(words) {
        while from != 0 {
            let i = from.trailing_zeros();
            from &= from - 1;
            let (r, c) = (4 * q as u32 + i / 16, i % 16);
            // The stone's row, from the word it was found in.
            let row = |w: &Wide| (w.0[q] >> (i & 48)) & 0xffff;
            let (row_me, row_op, row_t) = (row(&p.me), row(&p.op), row(&t));
            let ri = (r & 15) as usize;
            let row_before = base as i64 - i64::from(rows[ri + 1] - rows[ri]);
            // The single jump, which every stone found has, counted with
            // no loop; the longer ones apart (most stones have none).
            let (lo, at) = if D == EAST { (c, c + 2) } else { (c - 2, c - 2) };
            // Lines are below 16 (masked so that the reads need no bounds
            // checks).
            let before = cols[((lo + 2) & 15) as usize + 1] - cols[(lo & 15) as usize];
            total += (row_before + i64::from(single::<S>(other, row_me, row_op, r, lo) - before)) as u64;
            if row_t & (1 << at) != 0 {
                total += longer::<S, D>(other, (row_me, row_op, row_t), (r, c), row_before, cols);
            }
        }
    }
    total
}

/// The leaves below the moves of the stone on row `r`, file `c` that take
/// two stones or more, in [`along`]'s terms; its row as three sets: the
/// mover's stones, the opponent's, and the cells a jump that way starts
/// from. Out of line: most stones make none, and the loop inlined cost
/// the single jump's count instructions and mispredicted branches.
#[inline(never)]
fn longer<S: Side, const D: u8>(
    other: &Lines,
    (row_me, row_op, row_t): (u64, u64, u64),
    (r, c): (u32, u32),
    row_before: i64,
    cols: &[i32; 17],
) -> u64 {
    let mut total = 0;
    let mut k = 2;
    loop {
        k += 2;
        let (lo, hi, at) = if D == EAST { (c, c + k, c + k) } else { (c - k, c, c - k) };
        let (lo_i, hi_i) = ((lo & 15) as usize, (hi & 15) as usize);
        let before = cols[hi_i + 1] - cols[lo_i];
        let after = if k == 4 {
            double::<S>(other, row_me, row_op, r, lo)
        } else {
            local::<S>(other, row_me, row_op, r, lo, hi)
        };
        total += (row_before + i64::from(after - before)) as u64;
        if row_t & (1 << at) == 0 {
            return total;
        }
    }
}

/// What [`local`] counts for a single jump, the most common move: the row
/// and the three columns in one word, the row in the lowest quarter (the
/// columns read with the line before them, which the row replaces: a
/// mask that is one instruction, and the row in place). A function of its
/// own, apart from the longer lines': it needs few registers, so that its
/// calls save and restore few.
#[inline(never)]
fn single<S: Side>(other: &Lines, row_me: u64, row_op: u64, r: u32, lo: u32) -> i32 {
    let bit = 1u64 << r;
    let (child_op, child_me) = (row_op & !(2 << lo), row_me ^ (5 << lo));
    let (pm, po) = (four_before(&other.me, lo) & !0xffff, four_before(&other.op, lo) & !0xffff);
    count_lines::<S>(po & !(bit << 32) | child_op, (pm ^ (bit << 16 | bit << 48)) | child_me)
}

/// What [`local`] counts for a double jump, the most common of the longer
/// moves, in two words where [`local`] takes three: the row and the
/// columns `lo..lo + 3` as in [`single`] (the middle column, passed over,
/// unchanged), then the columns `lo + 3` and `lo + 4`. Whichever way the
/// jump goes, its ends change the mover's stones and the cells `lo + 1`
/// and `lo + 3` the opponent's, so the masks do not depend on the
/// direction.
#[inline(never)]
fn double<S: Side>(other: &Lines, row_me: u64, row_op: u64, r: u32, lo: u32) -> i32 {
    let bit = 1u64 << r;
    let (child_op, child_me) = (row_op & !(0xa << lo), row_me ^ (0x11 << lo));
    let (pm, po) = (four_before(&other.me, lo) & !0xffff, four_before(&other.op, lo) & !0xffff);
    let near = count_lines::<S>(po & !(bit << 32) | child_op, (pm ^ bit << 16) | child_me);
    let (pm, po) = (four(&other.me, lo + 3) & 0xffff_ffff, four(&other.op, lo + 3) & 0xffff_ffff);
    near + count_lines::<S>(po & !bit, pm ^ bit << 16)
}

/// The taken cells of a line jumped over from `lo` to `hi`: every other
/// cell between, by the parity of the first.
const PARITY: [u64; 2] = [0x5555, 0xaaaa];

/// The opponent's moves, after the move from one end of `lo..=hi` on row
/// `r` to the other, along that row (its stones `row_me`, `row_op` before)
/// and on the columns `lo..=hi`, rows of the second copy (each changed at
/// cell `r`).
#[inline(never)]
fn local<S: Side>(other: &Lines, row_me: u64, row_op: u64, r: u32, lo: u32, hi: u32) -> i32 {
    let bit = 1u64 << r;
    let span = hi - lo + 1;
    let ends = (1u64 << lo) | (1u64 << hi);
    let taken = (((1u64 << span) - 1) << lo) & PARITY[((lo + 1) & 1) as usize];
    // The child's mover is the opponent here: its stones less those taken;
    // the mover's stones here lose the start and gain the landing.
    let (child_op, child_me) = (row_op & !taken, row_me ^ ends);
    let mut d = count_lines::<S>(child_op, child_me);
    let mut first = lo;
    while first <= hi {
        let n = (hi + 1 - first).min(4);
        let group = if n == 4 { !0 } else { (1u64 << (16 * n)) - 1 };
        let (pm, po) = (four(&other.me, first) & group, four(&other.op, first) & group);
        let tk = (0x0001_0000_0001_0000u64 << r) & group;
        let mut en = 0;
        if first == lo {
            en |= bit;
        }
        if hi < first + 4 {
            en |= bit << (16 * (hi - first));
        }
        d += count_lines::<S>(po & !tk, pm ^ en);
        first += n;
    }
    d
}

/// The moves, both ways along, of the side with stones `me` on the lines
/// packed in a word.
#[inline(always)]
fn count_lines<S: Side>(me: u64, op: u64) -> i32 {
    let empty = S::LINE & !(me | op);
    let e = |b: u64| (b << 1) & S::LINE_EAST;
    let w = |b: u64| (b >> 1) & S::LINE_WEST;
    let te = w(op & w(empty));
    let tw = e(op & e(empty));
    let (mut me_e, mut me_w) = (me & te, me & tw);
    let (mut all_e, mut all_w) = (me_e, me_w);
    let mut round = || {
        me_e = ((me_e << 2) & S::LINE_EAST2) & te;
        me_w = ((me_w >> 2) & S::LINE_WEST2) & tw;
        all_e |= me_e;
        all_w |= me_w;
        me_e | me_w
    };
    round();
    while round() != 0 {}
    (all_e.count_ones() + all_w.count_ones()) as i32
}

#[cfg(test)]
mod tests;
