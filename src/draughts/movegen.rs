//! Move generation for every configuration of the draughts family.
//!
//! Plain moves and the question "can anything capture?" are answered with
//! whole-board shifts. Capture sequences are enumerated square by square with
//! a depth-first search that follows the configured rules: which directions
//! men may jump, flying or short kings, when jumped pieces leave the board,
//! what a man does on the crowning row mid-sequence, where a flying king may
//! land, and whether a sequence may stop early.

use super::geometry::{Bits, Dir, Geometry};
use super::position::Position;
use super::rules::{MidCapturePromotion, Rules, Side};
use super::ruleset::{opposite, Configured, Fixed, Kind, Rays, RuleSet, DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT};

/// Longest path a capture sequence can have: a piece cannot jump more pieces
/// than the opponent has (20 on the largest board).
pub const MAX_PATH: usize = 24;

/// One move: a plain move or a complete capture sequence.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    /// Bit index of the starting square.
    pub from: u8,
    /// Bit index of the final square.
    pub to: u8,
    /// Every square the piece stops on, in order, ending with `to`.
    path: [u8; MAX_PATH],
    path_len: u8,
    /// The pieces captured.
    pub captured: Bits,
    /// Whether the moving man is crowned at the end of the move.
    pub crowns: bool,
}

impl Move {
    fn plain(from: u8, to: u8, crowns: bool) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = to;
        Move { from, to, path, path_len: 1, captured: 0, crowns }
    }

    /// The landing squares, in order.
    pub fn path(&self) -> &[u8] {
        &self.path[..usize::from(self.path_len)]
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Two moves are the same move when they have the same start, end and set
    /// of captured pieces, whatever path the piece took.
    pub fn same_move(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }

    /// The captured pieces (bit indices) in the order they were jumped: on
    /// each hop from one stop to the next, the piece taken between them.
    pub fn captured_in_order(&self, g: &Geometry) -> Vec<u8> {
        let mut order = Vec::with_capacity(usize::from(self.path_len));
        if self.captured == 0 {
            return order;
        }
        // A square already taken may be crossed again when jumped pieces
        // leave the board at once; each hop takes one piece not taken before.
        let mut taken: Bits = 0;
        let mut at = self.from;
        for &stop in self.path() {
            if let Some(dir) = direction(g, at, stop) {
                let mut sq = at;
                while let Some(next) = g.step(sq, dir) {
                    if next == stop {
                        break;
                    }
                    if (1 << next) & self.captured & !taken != 0 {
                        taken |= 1 << next;
                        order.push(next);
                    }
                    sq = next;
                }
            }
            at = stop;
        }
        order
    }

    /// Two entries are the same capture path when they are the same move and
    /// jump the captured pieces in the same order (see [`Listing::Paths`]).
    pub fn same_path(&self, other: &Move, g: &Geometry) -> bool {
        self.same_move(other) && self.captured_in_order(g) == other.captured_in_order(g)
    }
}

/// Which entries a move list holds for capture sequences that take the same
/// pieces from the same square to the same square in more than one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// One entry per move: start, end and captured set (the first path found
    /// stands for the others).
    Moves,
    /// One entry per capture path. A path is the start square, the captured
    /// pieces in the order they are jumped, and the final square. The squares
    /// the piece stops on follow from those, except where a flying king takes
    /// two pieces one after the other on the same diagonal: it may touch down
    /// on any empty square between them, and every such touchdown is the same
    /// path. So a circuit taken clockwise and the same circuit taken
    /// anticlockwise are two paths of one move, and a king's straight run
    /// over two pieces is one path whichever square it touched between them.
    /// This is what the published keep-duplicates perft tables count.
    Paths,
    /// Every route: every path with every choice of touchdown square. Used to
    /// read a written move, which may name any of them.
    Routes,
}

/// The directions (as a mask of [`super::ruleset`] direction bits) a side's
/// men move and capture in when they may not go backward.
#[inline(always)]
fn forward_dirs(side: Side) -> u8 {
    match side {
        Side::Black => (1 << DOWN_LEFT) | (1 << DOWN_RIGHT),
        Side::White => (1 << UP_LEFT) | (1 << UP_RIGHT),
    }
}

const ALL_DIRS: u8 = 0b1111;

/// Both directions of the diagonal a direction lies on.
#[inline(always)]
fn axis(dir: usize) -> u8 {
    (1 << dir) | (1 << opposite(dir))
}

/// The nearest square of a non-empty set along a ray in a direction: the
/// lowest bit going down, the highest going up.
#[inline(always)]
fn nearest(set: Bits, dir: usize) -> u8 {
    if dir == UP_LEFT || dir == UP_RIGHT {
        (63 - set.leading_zeros()) as u8
    } else {
        set.trailing_zeros() as u8
    }
}

/// Take the nearest square off a non-empty set along a ray.
#[inline(always)]
fn pop_nearest(set: &mut Bits, dir: usize) -> u8 {
    let b = nearest(*set, dir);
    *set ^= 1 << b;
    b
}

/// The empty run beyond `over` in a direction, up to the next blocker.
#[inline(always)]
fn run_beyond(rays: &Rays, dir: usize, over: u8, blockers: Bits) -> Bits {
    let beyond = rays[dir][usize::from(over)];
    let hit = beyond & blockers;
    if hit == 0 {
        beyond
    } else {
        let n = nearest(hit, dir);
        beyond & !(rays[dir][usize::from(n)] | (1 << n))
    }
}

/// Whether a flying king on `at` can jump anything, with `taken` captured.
#[inline(always)]
fn flying_can_jump<R: RuleSet>(r: R, at: u8, occupied: Bits, enemy: Bits, taken: Bits) -> bool {
    let blockers = if r.immediate_removal() { occupied & !taken } else { occupied };
    let jumpable = enemy & !taken;
    let free = r.valid() & !blockers;
    let rays = r.rays();
    for d in 0..4 {
        let hit = rays[d][usize::from(at)] & blockers;
        if hit == 0 {
            continue;
        }
        let over = nearest(hit, d);
        if jumpable & (1 << over) != 0 && r.step(1 << over, d) & free != 0 {
            return true;
        }
    }
    false
}

/// Move generation under one rule set. The standard variants are served by
/// the generator compiled with their rules fixed; any other configuration by
/// the same code reading its rules at run time.
pub struct Generator<'r> {
    rules: &'r Rules,
    kind: Kind,
    configured: Configured,
}

/// Run `$body` with `$r` the generator's rules in their compiled form.
macro_rules! with_rules {
    ($gen:expr, $r:ident => $body:expr) => {
        match $gen.kind {
            Kind::English => {
                let $r = Fixed::<0>;
                $body
            }
            Kind::Russian => {
                let $r = Fixed::<1>;
                $body
            }
            Kind::International => {
                let $r = Fixed::<2>;
                $body
            }
            Kind::Pool => {
                let $r = Fixed::<3>;
                $body
            }
            Kind::Configured => {
                let $r = $gen.configured;
                $body
            }
        }
    };
}

impl<'r> Generator<'r> {
    pub fn new(rules: &'r Rules) -> Generator<'r> {
        Generator { rules, kind: Kind::of(rules), configured: Configured::new(rules) }
    }

    /// The rule set generated for.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// Every legal move, distinct by start, end and captured set (the first
    /// path found stands for the others).
    pub fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, Listing::Moves);
    }

    /// Every legal move with every path of a capture sequence, one entry
    /// per path as [`Listing::Paths`] defines it.
    pub fn legal_paths(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, Listing::Paths);
    }

    /// Every legal move with every route a capture sequence can be written
    /// by, touchdown squares included ([`Listing::Routes`]).
    pub fn legal_routes(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, Listing::Routes);
    }

    /// The legal moves, listed as asked.
    pub fn generate(&self, pos: &Position, out: &mut Vec<Move>, listing: Listing) {
        with_rules!(self, r => generate(r, pos, out, listing))
    }

    /// Whether the side to move has any capture.
    pub fn can_capture(&self, pos: &Position) -> bool {
        with_rules!(self, r => can_capture(r, pos))
    }

    /// The number of legal moves, counted without listing them: plain moves
    /// by whole-board shifts, capture sequences as the search finds them.
    /// `buf` is scratch space. Used at the leaves of perft.
    pub fn count_moves(&self, pos: &Position, buf: &mut Vec<Move>, paths: bool) -> u64 {
        with_rules!(self, r => count_moves(r, pos, buf, paths))
    }

    /// The leaves two plies below the position (perft 2), counted without
    /// listing the moves. `buf` is scratch space.
    pub fn count_children(&self, pos: &Position, buf: &mut Vec<Move>, paths: bool) -> u64 {
        with_rules!(self, r => count_children(r, pos, buf, paths))
    }

    /// Plain (non-capturing) moves, appended to `out`.
    pub fn plain_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        with_rules!(self, r => plain_moves(r, pos, out))
    }

    /// Every capture sequence of the piece on `from`: one entry per route, or
    /// per path under [`Listing::Paths`] (duplicates are not removed here).
    pub fn captures_from(&self, pos: &Position, from: u8, king: bool, listing: Listing, out: &mut Vec<Move>) {
        with_rules!(self, r => {
            let mut sink = MoveSink::new(out, false, false);
            if listing == Listing::Paths {
                search_from::<_, _, true>(r, pos, from, king, &mut sink);
            } else {
                search_from::<_, _, false>(r, pos, from, king, &mut sink);
            }
        })
    }
}

#[inline(always)]
fn generate<R: RuleSet>(r: R, pos: &Position, out: &mut Vec<Move>, listing: Listing) {
    out.clear();
    let starters = capture_starters(r, pos);
    if starters != 0 {
        let mut sink = MoveSink::new(out, r.majority(), listing == Listing::Moves);
        // Touchdowns that make no path of their own are left out for the
        // moves listing too: every move they would give has been found
        // through the first square of the run, with the same first path.
        if listing == Listing::Routes {
            search_captures::<R, _, false>(r, pos, starters, &mut sink);
        } else {
            search_captures::<R, _, true>(r, pos, starters, &mut sink);
        }
    }
    if out.is_empty() || !r.capture_mandatory() {
        plain_moves(r, pos, out);
    }
}

/// The pieces of the side to move that can make a first jump as a short
/// (non-flying) piece, by whole-board shifts.
#[inline(always)]
fn short_jumpers<R: RuleSet>(r: R, pos: &Position) -> Bits {
    let side = pos.turn;
    let own = pos.pieces(side);
    let enemy = pos.pieces(side.other());
    let empty = r.valid() & !pos.occupied();
    let kings = own & pos.kings;
    let short = if r.flying_kings() { own & !pos.kings } else { own };
    let fwd = forward_dirs(side);
    let mut found = 0;
    for d in 0..4 {
        let movers = if r.men_capture_backward() || fwd & (1 << d) != 0 { short } else { short & kings };
        if movers == 0 {
            continue;
        }
        let back = opposite(d);
        found |= movers & r.shift(r.shift(empty, back) & enemy, back);
    }
    found
}

/// The pieces a capture search must start from: every short piece that can
/// jump, and every flying king.
#[inline(always)]
fn capture_starters<R: RuleSet>(r: R, pos: &Position) -> Bits {
    let mut starters = short_jumpers(r, pos);
    if r.flying_kings() {
        starters |= pos.pieces(pos.turn) & pos.kings;
    }
    starters
}

#[inline(always)]
fn can_capture<R: RuleSet>(r: R, pos: &Position) -> bool {
    if short_jumpers(r, pos) != 0 {
        return true;
    }
    if r.flying_kings() {
        let side = pos.turn;
        let kings = pos.pieces(side) & pos.kings;
        let enemy = pos.pieces(side.other());
        for k in Geometry::bits(kings) {
            if flying_can_jump(r, k, pos.occupied() & !(1 << k), enemy, 0) {
                return true;
            }
        }
    }
    false
}

/// The first jumps of the side to move's short pieces, split by shifts
/// into those that are whole moves by themselves and the pieces whose
/// capture must be searched.
struct ShortJumps {
    /// By direction, the pieces whose single jump that way is a whole move:
    /// the piece cannot jump again from where it lands, and lands as what it
    /// was or crowned where crowning ends the move. None of them is in
    /// `search`.
    single: [Bits; 4],
    /// The pieces with a jump that may go on (or that crowns the piece and
    /// lets it go on as a king): every capture of these is searched.
    search: Bits,
}

impl ShortJumps {
    /// How many single jumps there are.
    #[inline(always)]
    fn count(&self) -> u64 {
        self.single.iter().map(|s| u64::from(s.count_ones())).sum()
    }
}

#[inline(always)]
fn short_jumps<R: RuleSet>(r: R, pos: &Position, side: Side) -> ShortJumps {
    let own = pos.pieces(side);
    let enemy = pos.pieces(side.other());
    let empty = r.valid() & !pos.occupied();
    let short = if r.flying_kings() { own & !pos.kings } else { own };
    let men = short & !pos.kings;
    let kings = short & pos.kings;
    let man_dirs = if r.men_capture_backward() { ALL_DIRS } else { forward_dirs(side) };
    let crown = r.promotion_row(side);
    // The squares from which a short piece could jump each way. After a
    // first jump the start square is empty and the piece jumped stays or is
    // gone, but neither is on the way of a second jump unless that one goes
    // straight back, which would jump the same piece again: so a second
    // jump, in any other direction, is seen in the position as it stands.
    let mut from_jumps = [0; 4];
    let mut jumping = [0; 4];
    let mut any = 0;
    for d in 0..4 {
        let back = opposite(d);
        from_jumps[d] = r.shift(r.shift(empty, back) & enemy, back);
        jumping[d] = (if man_dirs & (1 << d) != 0 { short } else { kings }) & from_jumps[d];
        any |= jumping[d];
    }
    if any == 0 {
        return ShortJumps { single: [0; 4], search: 0 };
    }
    // A man landing on its crowning row that is crowned and goes on as a
    // king must be searched; one whose move ends on crowning cannot go on.
    let (crown_ends, crown_goes_on_as_king) = match (r.crown_by_capture(), r.promotion()) {
        (false, _) => (0, 0),
        (true, MidCapturePromotion::EndsMove) => (crown, 0),
        (true, MidCapturePromotion::ContinuesAsKing) => (0, crown),
        (true, MidCapturePromotion::ContinuesAsMan) => (0, 0),
    };
    // Where each way's jump lands, a second jump is any but straight back:
    // the squares a king could jump again from, after a jump each way, and
    // a man.
    let f = from_jumps;
    let (f01, f23) = (f[0] | f[1], f[2] | f[3]);
    let king_again = [f01 | f[2], f01 | f[3], f[0] | f23, f[1] | f23];
    let m = |d: usize| if man_dirs & (1 << d) != 0 { f[d] } else { 0 };
    let (m01, m23) = (m(0) | m(1), m(2) | m(3));
    let man_again = [m01 | m(2), m01 | m(3), m(0) | m23, m(1) | m23];
    let mut search = 0;
    let mut goes_on = |d: usize| {
        let men_land = r.shift(r.shift(jumping[d] & men, d), d);
        let kings_land = r.shift(r.shift(jumping[d] & kings, d), d);
        let on = (men_land & ((man_again[d] & !crown_ends) | crown_goes_on_as_king)) | (kings_land & king_again[d]);
        let back = opposite(d);
        search |= r.shift(r.shift(on, back), back);
    };
    goes_on(0);
    goes_on(1);
    goes_on(2);
    goes_on(3);
    let single = jumping.map(|j| j & !search);
    ShortJumps { single, search }
}

#[inline(always)]
fn count_moves<R: RuleSet>(r: R, pos: &Position, buf: &mut Vec<Move>, paths: bool) -> u64 {
    // Compiled once for each side to move, so that the directions men move
    // in are constants.
    match pos.turn {
        Side::Black => count_moves_of(r, pos, Side::Black, buf, paths),
        Side::White => count_moves_of(r, pos, Side::White, buf, paths),
    }
}

#[inline(always)]
fn count_moves_of<R: RuleSet>(r: R, pos: &Position, side: Side, buf: &mut Vec<Move>, paths: bool) -> u64 {
    let jumps = short_jumps(r, pos, side);
    let mut starters = jumps.search;
    if r.flying_kings() {
        starters |= pos.pieces(side) & pos.kings;
    }
    let mut captures = jumps.count();
    if starters != 0 {
        let mut sink = CountSink::new(r.majority(), !paths);
        search_captures::<R, _, true>(r, pos, starters, &mut sink);
        if sink.overflow {
            // More routes of one piece than the counter keeps apart:
            // list them instead.
            generate(r, pos, buf, if paths { Listing::Paths } else { Listing::Moves });
            return buf.len() as u64;
        }
        // Under the majority rule single jumps count only if nothing takes more.
        captures = if r.majority() && sink.best > 1 { sink.count } else { sink.count + captures };
    }
    if captures == 0 || !r.capture_mandatory() {
        captures + count_plain(r, pos, side)
    } else {
        captures
    }
}

/// The leaves two plies below a position (perft 2), the moves played on
/// the pieces only, without listing them.
#[inline(always)]
fn count_children<R: RuleSet>(r: R, pos: &Position, buf: &mut Vec<Move>, paths: bool) -> u64 {
    let side = pos.turn;
    let jumps = short_jumps(r, pos, side);
    let mut starters = jumps.search;
    if r.flying_kings() {
        starters |= pos.pieces(side) & pos.kings;
    }
    let mut total = 0;
    let mut captures = 0;
    let mut best = 0;
    if starters != 0 {
        let mut sink = ChildSink {
            r,
            pos,
            paths,
            majority: r.majority(),
            best: 0,
            moves: 0,
            leaves: 0,
            keys: [0; COUNT_KEYS],
            len: 0,
            overflow: false,
            scratch: Vec::new(),
        };
        search_captures::<R, _, true>(r, pos, starters, &mut sink);
        if sink.overflow {
            generate(r, pos, buf, if paths { Listing::Paths } else { Listing::Moves });
            let mut scratch = Vec::new();
            return buf.iter().map(|m| count_moves(r, &apply(pos, m), &mut scratch, paths)).sum();
        }
        captures = sink.moves;
        total = sink.leaves;
        best = sink.best;
    }
    let mut scratch = Vec::new();
    if !(r.majority() && best > 1) {
        let crown = if r.crown_by_capture() { r.promotion_row(side) } else { 0 };
        for d in 0..4 {
            let mut rest = jumps.single[d];
            while rest != 0 {
                let from = rest & rest.wrapping_neg();
                rest ^= from;
                let over = r.step(from, d);
                let to = r.step(over, d);
                let mut next = *pos;
                *next.pieces_mut(side) ^= from | to;
                *next.pieces_mut(side.other()) &= !over;
                next.kings &= !over;
                if pos.kings & from != 0 {
                    next.kings ^= from | to;
                } else {
                    next.kings |= to & crown;
                }
                next.turn = side.other();
                captures += 1;
                total += count_moves(r, &next, &mut scratch, paths);
            }
        }
    }
    if captures != 0 && r.capture_mandatory() {
        return total;
    }
    let own = pos.pieces(side);
    let empty = r.valid() & !pos.occupied();
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let crown_row = r.promotion_row(side);
    let dirs = if r.men_move_backward() { ALL_DIRS } else { forward_dirs(side) };
    let mut child = |from: Bits, to: Bits, king: bool| {
        let mut next = *pos;
        *next.pieces_mut(side) ^= from | to;
        if king {
            next.kings ^= from | to;
        } else if to & crown_row != 0 {
            next.kings |= to;
        }
        next.turn = side.other();
        count_moves(r, &next, &mut scratch, paths)
    };
    for d in 0..4 {
        if dirs & (1 << d) == 0 {
            continue;
        }
        let back = opposite(d);
        let mut tos = r.shift(men, d) & empty;
        while tos != 0 {
            let to = tos & tos.wrapping_neg();
            tos ^= to;
            total += child(r.step(to, back), to, false);
        }
    }
    let rays = r.rays();
    let mut rest = kings;
    while rest != 0 {
        let from = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        for d in 0..4 {
            let mut run = if r.flying_kings() {
                let ray = rays[d][usize::from(from)];
                let hit = ray & !empty;
                if hit == 0 {
                    ray
                } else {
                    let n = nearest(hit, d);
                    ray & !(rays[d][usize::from(n)] | (1 << n))
                }
            } else {
                r.shift(1 << from, d) & empty
            };
            while run != 0 {
                let to = run & run.wrapping_neg();
                run ^= to;
                total += child(1 << from, to, true);
            }
        }
    }
    total
}

/// Counts the leaves below each capture sequence as the search finds it
/// (see [`count_children`]).
struct ChildSink<'p, R: RuleSet> {
    r: R,
    pos: &'p Position,
    paths: bool,
    majority: bool,
    best: u32,
    /// Moves counted (distinct, or paths).
    moves: u64,
    /// Leaves below them.
    leaves: u64,
    keys: [u64; COUNT_KEYS],
    len: usize,
    overflow: bool,
    scratch: Vec<Move>,
}

impl<R: RuleSet> Sink for ChildSink<'_, R> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    fn record(&mut self, from: u8, path: &[u8; MAX_PATH], len: usize, captured: Bits, crowns: bool) {
        if self.majority {
            let n = captured.count_ones();
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.moves = 0;
                self.leaves = 0;
                self.len = 0;
            }
        }
        let to = path[len - 1];
        if !self.paths {
            let key = captured | (u64::from(to) << 58);
            if self.keys[..self.len].contains(&key) {
                return;
            }
            if self.len == COUNT_KEYS {
                self.overflow = true;
                return;
            }
            self.keys[self.len] = key;
            self.len += 1;
        }
        self.moves += 1;
        let pos = self.pos;
        let side = pos.turn;
        let (from, to) = (1u64 << from, 1u64 << to);
        let mut next = *pos;
        // A sequence may end where it began.
        let own = next.pieces_mut(side);
        *own = (*own & !from) | to;
        *next.pieces_mut(side.other()) &= !captured;
        next.kings &= !captured;
        if pos.kings & from != 0 {
            next.kings = (next.kings & !from) | to;
        } else if crowns {
            next.kings |= to;
        }
        next.turn = side.other();
        self.leaves += count_moves(self.r, &next, &mut self.scratch, self.paths);
    }
}

#[inline(always)]
fn count_plain<R: RuleSet>(r: R, pos: &Position, side: Side) -> u64 {
    let own = pos.pieces(side);
    let empty = r.valid() & !pos.occupied();
    let kings = own & pos.kings;
    let men = own & !pos.kings;
    let fwd = if r.men_move_backward() { ALL_DIRS } else { forward_dirs(side) };
    let mut n = 0;
    for d in 0..4 {
        // Men step where they may; short kings step every way; flying kings
        // are counted below.
        let movers = match (fwd & (1 << d) != 0, r.flying_kings()) {
            (true, true) => men,
            (true, false) => own,
            (false, true) => 0,
            (false, false) => kings,
        };
        n += u64::from((r.shift(movers, d) & empty).count_ones());
    }
    if r.flying_kings() && kings != 0 {
        let rays = r.rays();
        let occupied = pos.occupied();
        for k in Geometry::bits(kings) {
            for d in 0..4 {
                let ray = rays[d][usize::from(k)];
                let hit = ray & occupied;
                let run = if hit == 0 {
                    ray
                } else {
                    let stop = nearest(hit, d);
                    ray & !(rays[d][usize::from(stop)] | (1 << stop))
                };
                n += u64::from(run.count_ones());
            }
        }
    }
    n
}

/// The bit-index offset of one step in a direction.
#[inline(always)]
fn step_offset(dir: usize, half: u32) -> i32 {
    let h = half as i32;
    match dir {
        UP_LEFT => -(h + 1),
        UP_RIGHT => -h,
        DOWN_LEFT => h,
        _ => h + 1,
    }
}

#[inline(always)]
fn plain_moves<R: RuleSet>(r: R, pos: &Position, out: &mut Vec<Move>) {
    let side = pos.turn;
    let own = pos.pieces(side);
    let empty = r.valid() & !pos.occupied();
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let crown_row = r.promotion_row(side);
    let dirs = if r.men_move_backward() { ALL_DIRS } else { forward_dirs(side) };
    for d in 0..4 {
        if dirs & (1 << d) == 0 {
            continue;
        }
        let off = step_offset(d, r.half());
        let mut tos = r.shift(men, d) & empty;
        while tos != 0 {
            let to = tos.trailing_zeros() as u8;
            tos &= tos - 1;
            let from = (i32::from(to) - off) as u8;
            out.push(Move::plain(from, to, (1 << to) & crown_row != 0));
        }
    }
    let rays = r.rays();
    for from in Geometry::bits(kings) {
        for d in 0..4 {
            if r.flying_kings() {
                let ray = rays[d][usize::from(from)];
                let hit = ray & !empty;
                let mut run = if hit == 0 {
                    ray
                } else {
                    let n = nearest(hit, d);
                    ray & !(rays[d][usize::from(n)] | (1 << n))
                };
                while run != 0 {
                    out.push(Move::plain(from, pop_nearest(&mut run, d), false));
                }
            } else {
                let to = r.shift(1 << from, d) & empty;
                if to != 0 {
                    out.push(Move::plain(from, to.trailing_zeros() as u8, false));
                }
            }
        }
    }
}

/// Every capture sequence of the pieces on `starters`, into `sink`.
/// `PRUNE` leaves out the touchdowns that make no path of their own (see
/// [`Search::extend`]).
#[inline(always)]
fn search_captures<R: RuleSet, S: Sink, const PRUNE: bool>(r: R, pos: &Position, starters: Bits, sink: &mut S) {
    let mut rest = starters;
    while rest != 0 {
        let from = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let king = pos.kings & (1 << from) != 0;
        search_from::<R, S, PRUNE>(r, pos, from, king, sink);
    }
}

#[inline(always)]
fn search_from<R: RuleSet, S: Sink, const PRUNE: bool>(r: R, pos: &Position, from: u8, king: bool, sink: &mut S) {
    let side = pos.turn;
    sink.begin_piece();
    let mut search = Search {
        r,
        from,
        occupied: pos.occupied() & !(1 << from),
        enemy: pos.pieces(side.other()),
        crown: r.promotion_row(side),
        man_dirs: if r.men_capture_backward() { ALL_DIRS } else { forward_dirs(side) },
        started_as_man: !king,
        path: [0; MAX_PATH],
        sink,
    };
    search.extend::<PRUNE>(from, king, 0, 0, 0);
}

/// Where the capture search puts the sequences it finds.
trait Sink {
    /// The search goes on to the next starting piece.
    fn begin_piece(&mut self);
    /// A complete sequence: the landing squares are `path[..len]`.
    fn record(&mut self, from: u8, path: &[u8; MAX_PATH], len: usize, captured: Bits, crowns: bool);
}

/// Lists the sequences as moves.
struct MoveSink<'a> {
    out: &'a mut Vec<Move>,
    /// Keep only the sequences taking the most pieces.
    majority: bool,
    /// Keep one entry per move (start, end, captured set): the first found.
    dedup: bool,
    best: u32,
    /// Where the current piece's entries begin (a move repeats only moves of
    /// the same piece).
    piece_start: usize,
}

impl<'a> MoveSink<'a> {
    fn new(out: &'a mut Vec<Move>, majority: bool, dedup: bool) -> MoveSink<'a> {
        let piece_start = out.len();
        MoveSink { out, majority, dedup, best: 0, piece_start }
    }
}

impl Sink for MoveSink<'_> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.piece_start = self.out.len();
    }

    #[inline(always)]
    fn record(&mut self, from: u8, path: &[u8; MAX_PATH], len: usize, captured: Bits, crowns: bool) {
        if self.majority {
            let n = captured.count_ones();
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.out.clear();
                self.piece_start = 0;
            }
        }
        let to = path[len - 1];
        if self.dedup && self.out[self.piece_start..].iter().any(|m| m.to == to && m.captured == captured) {
            return;
        }
        self.out.push(Move { from, to, path: *path, path_len: len as u8, captured, crowns });
    }
}

/// How many moves one piece's sequences the counter keeps apart; beyond it
/// the position is listed instead.
const COUNT_KEYS: usize = 16;

/// Counts the sequences, or the distinct moves among them.
struct CountSink {
    majority: bool,
    dedup: bool,
    best: u32,
    count: u64,
    /// The current piece's moves counted so far, as end square and captured
    /// set in one word.
    keys: [u64; COUNT_KEYS],
    len: usize,
    overflow: bool,
}

impl CountSink {
    #[inline(always)]
    fn new(majority: bool, dedup: bool) -> CountSink {
        CountSink { majority, dedup, best: 0, count: 0, keys: [0; COUNT_KEYS], len: 0, overflow: false }
    }
}

impl Sink for CountSink {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    fn record(&mut self, _from: u8, path: &[u8; MAX_PATH], len: usize, captured: Bits, _crowns: bool) {
        if self.majority {
            let n = captured.count_ones();
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.count = 0;
                self.len = 0;
            }
        }
        if self.dedup {
            // Squares are below bit 58 on every board, so the end square fits
            // in the top six bits.
            let key = captured | (u64::from(path[len - 1]) << 58);
            if self.keys[..self.len].contains(&key) {
                return;
            }
            if self.len == COUNT_KEYS {
                self.overflow = true;
                return;
            }
            self.keys[self.len] = key;
            self.len += 1;
        }
        self.count += 1;
    }
}

/// State of the capture search of one piece.
struct Search<'s, R: RuleSet, S: Sink> {
    r: R,
    from: u8,
    /// Occupied squares with the moving piece lifted off its start.
    occupied: Bits,
    /// Enemy pieces.
    enemy: Bits,
    /// The moving side's crowning row.
    crown: Bits,
    /// The directions a man captures in.
    man_dirs: u8,
    /// Whether the moving piece was a man when the move began: if it is a
    /// king when the move ends, it was crowned on the way.
    started_as_man: bool,
    /// The landing squares so far.
    path: [u8; MAX_PATH],
    sink: &'s mut S,
}

impl<R: RuleSet, S: Sink> Search<'_, R, S> {
    /// Follow every continuation of a sequence that has reached `at`, with
    /// `captured` taken so far; whether the piece can jump from here at all.
    ///
    /// Under `PRUNE`, `skip` holds the two directions of the diagonal a flying
    /// king came in by when it touched down on a square of its run beyond the
    /// piece it jumped that is not the first square of the run kept.
    /// Whatever it can jump along that diagonal from here it can jump the
    /// same way from that first square, which the search has followed
    /// already, so those jumps are left out: a path does not branch on where
    /// the king touched down between two pieces on one diagonal. A jump left
    /// out still means the sequence goes on and does not end here. Without
    /// `PRUNE` every touchdown square is followed and `skip` is always empty.
    fn extend<const PRUNE: bool>(&mut self, at: u8, king: bool, captured: Bits, skip: u8, depth: usize) -> bool {
        let r = self.r;
        let blockers = if r.immediate_removal() { self.occupied & !captured } else { self.occupied };
        let jumpable = self.enemy & !captured;
        let free = r.valid() & !blockers;
        if king && r.flying_kings() {
            let rays = r.rays();
            let mut overs = [0u8; 4];
            let mut lands: [Bits; 4] = [0; 4];
            let mut any = false;
            for d in 0..4 {
                let hit = rays[d][usize::from(at)] & blockers;
                if hit == 0 {
                    continue;
                }
                let over = nearest(hit, d);
                if jumpable & (1 << over) == 0 {
                    continue;
                }
                let land = run_beyond(rays, d, over, blockers);
                if land == 0 {
                    continue;
                }
                any = true;
                if PRUNE && skip & (1 << d) != 0 {
                    continue;
                }
                overs[d] = over;
                lands[d] = land;
            }
            if !any {
                return false;
            }
            if r.must_continue_landing() {
                // Only landing squares from which the capture goes on, where
                // there is one.
                for d in 0..4 {
                    let run = lands[d];
                    if run & run.wrapping_sub(1) == 0 {
                        continue;
                    }
                    let taken = captured | (1 << overs[d]);
                    let mut keep = 0;
                    for l in Geometry::bits(run) {
                        if flying_can_jump(r, l, self.occupied, self.enemy, taken) {
                            keep |= 1 << l;
                        }
                    }
                    if keep != 0 {
                        lands[d] = keep;
                    }
                }
            }
            for d in 0..4 {
                let mut run = lands[d];
                let taken = captured | (1 << overs[d]);
                let mut next_skip = 0;
                while run != 0 {
                    let land = pop_nearest(&mut run, d);
                    self.path[depth] = land;
                    self.continue_or_record::<PRUNE>(land, true, taken, next_skip, depth + 1, false);
                    if PRUNE {
                        next_skip = axis(d);
                    }
                }
            }
            return true;
        }
        let dirs = if king { ALL_DIRS } else { self.man_dirs };
        let at_bit: Bits = 1 << at;
        let mut any = false;
        for d in 0..4 {
            if dirs & (1 << d) == 0 {
                continue;
            }
            let over = r.step(at_bit, d) & jumpable;
            if over == 0 {
                continue;
            }
            let land_bit = r.step(over, d) & free;
            if land_bit == 0 {
                continue;
            }
            any = true;
            let taken = captured | over;
            let land = land_bit.trailing_zeros() as u8;
            self.path[depth] = land;
            if !king && land_bit & self.crown != 0 {
                if !r.crown_by_capture() {
                    // Not crowned: it goes on as a man if it can and stays a
                    // man where the move ends.
                    self.continue_or_record::<PRUNE>(land, false, taken, 0, depth + 1, false);
                    continue;
                }
                match r.promotion() {
                    MidCapturePromotion::EndsMove => self.record(depth + 1, taken, true),
                    MidCapturePromotion::ContinuesAsKing => {
                        self.continue_or_record::<PRUNE>(land, true, taken, 0, depth + 1, true)
                    }
                    MidCapturePromotion::ContinuesAsMan => {
                        self.continue_or_record::<PRUNE>(land, false, taken, 0, depth + 1, true)
                    }
                }
                continue;
            }
            self.continue_or_record::<PRUNE>(land, king, taken, 0, depth + 1, false);
        }
        any
    }

    /// After a jump: go on if the piece can, record the move where it ends
    /// (or where it may stop, if the rules let sequences stop).
    #[inline(always)]
    fn continue_or_record<const PRUNE: bool>(
        &mut self,
        at: u8,
        king: bool,
        captured: Bits,
        skip: u8,
        len: usize,
        crowns_if_ends: bool,
    ) {
        // A short piece's next jump is tested by shifts first: most
        // sequences end after a jump or two, and the test is cheaper than the
        // search it saves.
        let continued = len < MAX_PATH
            && ((king && self.r.flying_kings()) || self.short_can_jump(at, king, captured))
            && self.extend::<PRUNE>(at, king, captured, skip, len);
        if !continued || self.r.may_stop() {
            let crowned_on_the_way = king && self.started_as_man;
            self.record(len, captured, crowns_if_ends || crowned_on_the_way);
        }
    }

    #[inline(always)]
    fn record(&mut self, len: usize, captured: Bits, crowns: bool) {
        self.sink.record(self.from, &self.path, len, captured, crowns);
    }

    /// Whether a short piece on `at` can jump, with `captured` taken.
    #[inline(always)]
    fn short_can_jump(&self, at: u8, king: bool, captured: Bits) -> bool {
        let r = self.r;
        let blockers = if r.immediate_removal() { self.occupied & !captured } else { self.occupied };
        let jumpable = self.enemy & !captured;
        let free = r.valid() & !blockers;
        let dirs = if king { ALL_DIRS } else { self.man_dirs };
        let b: Bits = 1 << at;
        let mut found = 0;
        for d in 0..4 {
            if dirs & (1 << d) != 0 {
                found |= r.step(r.step(b, d) & jumpable, d) & free;
            }
        }
        found != 0
    }
}

/// The direction from one square to another on a common diagonal (bit
/// indices), if they are on one.
fn direction(g: &Geometry, from: u8, to: u8) -> Option<Dir> {
    let (ra, ca) = g.coords(g.square(from)?);
    let (rb, cb) = g.coords(g.square(to)?);
    let (dr, dc) = (i16::from(rb) - i16::from(ra), i16::from(cb) - i16::from(ca));
    if dr == 0 || dr.abs() != dc.abs() {
        return None;
    }
    Some(match (dr > 0, dc > 0) {
        (false, false) => Dir::UpLeft,
        (false, true) => Dir::UpRight,
        (true, false) => Dir::DownLeft,
        (true, true) => Dir::DownRight,
    })
}

/// Remove moves that repeat an earlier one's start, end and captured set.
pub fn dedup_moves(moves: &mut Vec<Move>) {
    if moves.len() < 2 {
        return;
    }
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for m in moves.iter() {
        if !kept.iter().any(|k| k.same_move(m)) {
            kept.push(*m);
        }
    }
    *moves = kept;
}

/// Play a move on a position: pieces, crowning, counters and turn.
pub fn apply(pos: &Position, m: &Move) -> Position {
    let side = pos.turn;
    let from = 1u64 << m.from;
    let to = 1u64 << m.to;
    let was_king = pos.kings & from != 0;
    let mut next = *pos;
    let own = next.pieces_mut(side);
    *own = (*own & !from) | to;
    *next.pieces_mut(side.other()) &= !m.captured;
    next.kings &= !m.captured;
    if was_king {
        next.kings = (next.kings & !from) | to;
    } else if m.crowns {
        next.kings |= to;
    }
    if was_king {
        next.plies_since_man_move = next.plies_since_man_move.saturating_add(1);
        next.quiet_plies = if m.is_capture() { 0 } else { next.quiet_plies.saturating_add(1) };
    } else {
        next.plies_since_man_move = 0;
        next.quiet_plies = 0;
    }
    next.turn = side.other();
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::notation::{parse_fen, write_fen, SquareStyle};
    use crate::draughts::rules::CaptureDuty;

    fn listed(rules: &Rules, fen: &str, listing: Listing) -> Vec<Move> {
        let pos = parse_fen(fen, rules).expect("test FEN parses");
        let mut out = Vec::new();
        Generator::new(rules).generate(&pos, &mut out, listing);
        out
    }

    /// 1-based square numbers of bit indices.
    fn numbers(g: &Geometry, bits: &[u8]) -> Vec<u8> {
        bits.iter().map(|&b| g.square(b).expect("a square") + 1).collect()
    }

    /// The white king on 22 goes round the four men and comes back, either
    /// way round: one move, two paths (two orders of capture), two routes.
    #[test]
    fn a_circuit_is_one_move_with_a_path_each_way_round() {
        let rules = Rules::english();
        let g = &rules.geometry;
        let fen = "W:WK22:B18,10,9,17";
        assert_eq!(listed(&rules, fen, Listing::Moves).len(), 1);
        let paths = listed(&rules, fen, Listing::Paths);
        assert_eq!(paths.len(), 2);
        assert!(paths[0].same_move(&paths[1]));
        assert!(!paths[0].same_path(&paths[1], g));
        let mut orders: Vec<Vec<u8>> = paths.iter().map(|m| numbers(g, &m.captured_in_order(g))).collect();
        orders.sort();
        assert_eq!(orders, [vec![17, 9, 10, 18], vec![18, 10, 9, 17]]);
        assert_eq!(listed(&rules, fen, Listing::Routes).len(), 2);
    }

    /// The king on 46 takes 28 and then 14 further up the same diagonal,
    /// touching down on 23 or 19 between them, and ends on 10 or 5: two
    /// moves, two paths (the touchdown makes no path of its own), four
    /// routes.
    #[test]
    fn a_straight_run_over_two_pieces_is_one_path_whatever_the_touchdown() {
        let rules = Rules::international();
        let g = &rules.geometry;
        let fen = "W:WK46:B3,14,28";
        assert_eq!(listed(&rules, fen, Listing::Moves).len(), 2);
        let paths = listed(&rules, fen, Listing::Paths);
        assert_eq!(paths.len(), 2);
        for m in &paths {
            assert_eq!(numbers(g, &m.captured_in_order(g)), [28, 14]);
        }
        let mut routes: Vec<Vec<u8>> =
            listed(&rules, fen, Listing::Routes).iter().map(|m| numbers(g, m.path())).collect();
        routes.sort();
        assert_eq!(routes, [vec![19, 5], vec![19, 10], vec![23, 5], vec![23, 10]]);
    }

    /// A king that may land on any square of a run before turning still
    /// branches on where it turns: those are different pieces taken.
    #[test]
    fn a_turn_from_each_square_of_a_run_is_a_path_of_its_own() {
        let rules = Rules::russian();
        // a1 takes c3 and may stop on d4 (then over f2 to g1) or on e5
        // (then over d6 to c7 or b8): three paths, three moves.
        let fen = "W:WKa1:Bc3,d6,f2";
        assert_eq!(listed(&rules, fen, Listing::Paths).len(), 3);
        assert_eq!(listed(&rules, fen, Listing::Moves).len(), 3);
    }

    /// Every path of the paths listing is a different path; every route of
    /// the routes listing is one of them; over seeded random positions of
    /// every variant with many kings.
    #[test]
    fn paths_are_the_distinct_paths_of_the_routes() {
        let mut seed = 0x5EED_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for rules in [Rules::english(), Rules::russian(), Rules::international(), Rules::pool()] {
            let g = &rules.geometry;
            let gen = Generator::new(&rules);
            let (mut routes, mut paths) = (Vec::new(), Vec::new());
            let mut checked = 0;
            for _ in 0..3000 {
                let mut pos = Position::new(0, 0, 0, Side::White);
                for s in 0..g.squares() {
                    let r = next() % 100;
                    let m = g.mask(s);
                    if r < 20 {
                        pos.black |= m;
                    } else if r < 40 {
                        pos.white |= m;
                    }
                    let side = if pos.black & m != 0 { Side::Black } else { Side::White };
                    if (r < 40 && next() % 2 == 0) || m & rules.promotion_row(side) != 0 {
                        pos.kings |= m & pos.occupied();
                    }
                }
                gen.legal_routes(&pos, &mut routes);
                gen.legal_paths(&pos, &mut paths);
                let key = |m: &Move| (m.from, m.captured_in_order(g), m.to);
                let mut distinct: Vec<_> = routes.iter().map(key).collect();
                distinct.sort();
                distinct.dedup();
                let mut listed: Vec<_> = paths.iter().map(key).collect();
                listed.sort();
                assert_eq!(listed, distinct, "at {}", write_fen(&pos, &rules, SquareStyle::Numeric));
                checked += usize::from(routes.len() > paths.len());
            }
            if rules.flying_kings {
                assert!(checked > 50, "too few positions where routes and paths differ: {checked}");
            }
        }
    }

    /// The counts perft takes at its last two plies, without listing moves,
    /// are the lengths of the listings: under every standard rule set, each
    /// of its single-rule deviations (the same code reading its rules at run
    /// time) and the English house rule, in both counting conventions, over
    /// seeded random positions with many kings and positions of play.
    #[test]
    fn counting_without_listing_agrees_with_the_listings() {
        let mut seed = 0xC0_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut configs = Vec::new();
        for base in [Rules::english(), Rules::russian(), Rules::international(), Rules::pool()] {
            for m in crate::mutation::draughts::DEVIATIONS {
                let mut r = base.clone();
                (m.apply)(&mut r);
                configs.push(r);
            }
            configs.push(base);
        }
        let mut optional = Rules::english();
        optional.capture = CaptureDuty::Optional;
        configs.push(optional);
        let (mut moves, mut replies, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        for rules in &configs {
            let g = &rules.geometry;
            let gen = Generator::new(rules);
            let mut positions = Vec::new();
            for _ in 0..150 {
                let mut pos = Position::new(0, 0, 0, if next() % 2 == 0 { Side::White } else { Side::Black });
                for s in 0..g.squares() {
                    let r = next() % 100;
                    let m = g.mask(s);
                    if r < 18 {
                        pos.black |= m;
                    } else if r < 36 {
                        pos.white |= m;
                    }
                    let side = if pos.black & m != 0 { Side::Black } else { Side::White };
                    if (r < 36 && next() % 3 == 0) || m & rules.promotion_row(side) != 0 {
                        pos.kings |= m & pos.occupied();
                    }
                }
                positions.push(pos);
            }
            let mut pos = Position::start(rules);
            for _ in 0..60 {
                positions.push(pos);
                gen.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = apply(&pos, &moves[next() as usize % moves.len()]);
            }
            for pos in &positions {
                for (listing, paths) in [(Listing::Moves, false), (Listing::Paths, true)] {
                    gen.generate(pos, &mut moves, listing);
                    let fen = write_fen(pos, rules, SquareStyle::Numeric);
                    assert_eq!(
                        gen.count_moves(pos, &mut scratch, paths),
                        moves.len() as u64,
                        "{fen} {:?}",
                        crate::draughts::ruleset::GenRules::of(rules)
                    );
                    let mut two = 0;
                    for m in &moves {
                        gen.generate(&apply(pos, m), &mut replies, listing);
                        two += replies.len() as u64;
                    }
                    assert_eq!(
                        gen.count_children(pos, &mut scratch, paths),
                        two,
                        "{fen} {:?}",
                        crate::draughts::ruleset::GenRules::of(rules)
                    );
                }
            }
        }
    }

    /// Under the deviation, a man that captures onto the crowning row stays
    /// a man; a plain move onto it still crowns.
    #[test]
    fn without_crowning_by_capture_the_man_stays_a_man() {
        let mut rules = Rules::english();
        rules.crown_by_capture = false;
        let capture = listed(&rules, "B:W26:B22", Listing::Moves);
        assert_eq!(capture.len(), 1);
        assert!(!capture[0].crowns);
        let step = listed(&rules, "B:W1:B27", Listing::Moves);
        assert!(step.iter().all(|m| m.crowns));

        // Russian: the man on d6 takes e7 and reaches f8. Crowned, it takes
        // g7 and then f4 from a distance as a king (d6:f8:h6:e3, d2 or c1);
        // under the deviation it takes g7 as a man and stops on h6, a man.
        let mut rules = Rules::russian();
        let fen = "W:Wd6:Be7,g7,f4";
        let crowned = listed(&rules, fen, Listing::Moves);
        rules.crown_by_capture = false;
        let uncrowned = listed(&rules, fen, Listing::Moves);
        let g = &rules.geometry;
        let ends = |ms: &[Move]| -> Vec<(String, bool)> {
            let mut v: Vec<(String, bool)> =
                ms.iter().map(|m| (g.algebraic(g.square(m.to).unwrap()), m.crowns)).collect();
            v.sort();
            v
        };
        let own = |v: &[(&str, bool)]| -> Vec<(String, bool)> { v.iter().map(|&(s, c)| (s.to_string(), c)).collect() };
        assert_eq!(ends(&crowned), own(&[("c1", true), ("d2", true), ("e3", true)]));
        assert_eq!(ends(&uncrowned), own(&[("h6", false)]));
    }
}
