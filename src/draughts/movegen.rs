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
use super::rules::{CaptureDuty, Chain, KingLanding, MidCapturePromotion, Precedence, Removal, Rules, Side};

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
}

/// The forward directions of a side's men.
fn forward(side: Side) -> [Dir; 2] {
    match side {
        Side::Black => [Dir::DownLeft, Dir::DownRight],
        Side::White => [Dir::UpLeft, Dir::UpRight],
    }
}

fn man_dirs(side: Side, backward: bool) -> &'static [Dir] {
    match (side, backward) {
        (_, true) => &Dir::ALL,
        (Side::Black, false) => &[Dir::DownLeft, Dir::DownRight],
        (Side::White, false) => &[Dir::UpLeft, Dir::UpRight],
    }
}

/// Move generation under one rule set.
pub struct Generator<'r> {
    rules: &'r Rules,
}

/// State of a capture search that does not change along the path.
struct Search<'a> {
    g: &'a Geometry,
    rules: &'a Rules,
    side: Side,
    from: u8,
    /// Occupied squares with the moving piece lifted off its start.
    occupied: Bits,
    /// Enemy pieces.
    enemy: Bits,
    promotion_row: Bits,
    /// Whether the moving piece was a man when the move began: if it is a
    /// king when the move ends, it was crowned on the way.
    started_as_man: bool,
}

impl<'r> Generator<'r> {
    pub fn new(rules: &'r Rules) -> Generator<'r> {
        Generator { rules }
    }

    /// Every legal move, distinct by start, end and captured set (the first
    /// path found stands for the others).
    pub fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, false);
    }

    /// Every legal move with every distinct path of a capture sequence.
    pub fn legal_paths(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, true);
    }

    fn generate(&self, pos: &Position, out: &mut Vec<Move>, paths: bool) {
        out.clear();
        self.captures(pos, out);
        if self.rules.precedence == Precedence::Majority && !out.is_empty() {
            let most = out.iter().map(|m| m.captured.count_ones()).max().unwrap_or(0);
            out.retain(|m| m.captured.count_ones() == most);
        }
        if !paths {
            dedup_moves(out);
        }
        if out.is_empty() || self.rules.capture == CaptureDuty::Optional {
            self.plain_moves(pos, out);
        }
    }

    /// The pieces of the side to move that can make a first jump as a short
    /// (non-flying) piece, by whole-board shifts.
    fn short_jumpers(&self, pos: &Position) -> Bits {
        let g = &self.rules.geometry;
        let side = pos.turn;
        let own = pos.pieces(side);
        let enemy = pos.pieces(side.other());
        let empty = pos.empty(g);
        let kings = own & pos.kings;
        let short = if self.rules.flying_kings { own & !pos.kings } else { own };
        let mut found = 0;
        for dir in Dir::ALL {
            let movers =
                if self.rules.men_capture_backward || forward(side).contains(&dir) { short } else { short & kings };
            let back = dir.opposite();
            found |= movers & g.shift(g.shift(empty, back) & enemy, back);
        }
        found
    }

    /// Whether the side to move has any capture.
    pub fn can_capture(&self, pos: &Position) -> bool {
        if self.short_jumpers(pos) != 0 {
            return true;
        }
        if self.rules.flying_kings {
            let kings = pos.pieces(pos.turn) & pos.kings;
            let mut out = Vec::new();
            for k in Geometry::bits(kings) {
                self.captures_from(pos, k, true, &mut out);
                if !out.is_empty() {
                    return true;
                }
            }
        }
        false
    }

    /// The number of legal moves, counted without listing plain moves where
    /// the rules allow it. Used at the leaves of perft.
    pub fn count_moves(&self, pos: &Position, buf: &mut Vec<Move>, paths: bool) -> u64 {
        let capture_first = self.rules.capture == CaptureDuty::Mandatory;
        if capture_first && !self.can_capture(pos) {
            return self.count_plain(pos);
        }
        self.generate(pos, buf, paths);
        buf.len() as u64
    }

    fn count_plain(&self, pos: &Position) -> u64 {
        let g = &self.rules.geometry;
        let side = pos.turn;
        let own = pos.pieces(side);
        let empty = pos.empty(g);
        let kings = own & pos.kings;
        // Flying kings slide: count every empty square along each ray, one
        // whole-board shift at a time.
        let (steppers, sliders) = if self.rules.flying_kings { (own & !pos.kings, kings) } else { (own, 0) };
        let mut n = 0;
        for dir in Dir::ALL {
            let movers =
                if self.rules.men_move_backward || forward(side).contains(&dir) { steppers } else { steppers & kings };
            n += u64::from((g.shift(movers, dir) & empty).count_ones());
            let mut ray = g.shift(sliders, dir) & empty;
            while ray != 0 {
                n += u64::from(ray.count_ones());
                ray = g.shift(ray, dir) & empty;
            }
        }
        n
    }

    /// Plain (non-capturing) moves, appended to `out`.
    pub fn plain_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let g = &self.rules.geometry;
        let side = pos.turn;
        let own = pos.pieces(side);
        let empty = pos.empty(g);
        let men = own & !pos.kings;
        let kings = own & pos.kings;
        let crown_row = self.rules.promotion_row(side);
        for &dir in man_dirs(side, self.rules.men_move_backward) {
            for to in Geometry::bits(g.shift(men, dir) & empty) {
                let from = g.step(to, dir.opposite()).expect("a shifted square has a source");
                out.push(Move::plain(from, to, (1 << to) & crown_row != 0));
            }
        }
        for from in Geometry::bits(kings) {
            for dir in Dir::ALL {
                let mut at = from;
                while let Some(next) = g.step(at, dir) {
                    if (1 << next) & empty == 0 {
                        break;
                    }
                    out.push(Move::plain(from, next, false));
                    if !self.rules.flying_kings {
                        break;
                    }
                    at = next;
                }
            }
        }
    }

    /// Every capture sequence of the side to move, one entry per path.
    fn captures(&self, pos: &Position, out: &mut Vec<Move>) {
        let side = pos.turn;
        let mut starters = self.short_jumpers(pos);
        if self.rules.flying_kings {
            starters |= pos.pieces(side) & pos.kings;
        }
        for from in Geometry::bits(starters) {
            let king = pos.kings & (1 << from) != 0;
            self.captures_from(pos, from, king, out);
        }
    }

    /// Every capture sequence of the piece on `from`, one entry per path.
    pub fn captures_from(&self, pos: &Position, from: u8, king: bool, out: &mut Vec<Move>) {
        let side = pos.turn;
        let search = Search {
            g: &self.rules.geometry,
            rules: self.rules,
            side,
            from,
            occupied: pos.occupied() & !(1 << from),
            enemy: pos.pieces(side.other()),
            promotion_row: self.rules.promotion_row(side),
            started_as_man: !king,
        };
        let mut path = [0u8; MAX_PATH];
        search.extend(from, king, 0, &mut path, 0, out);
    }
}

/// One jump found from a square: the piece jumped and a landing square.
#[derive(Clone, Copy, Default)]
struct Jump {
    over: u8,
    land: u8,
}

/// The jumps from one square: at most four directions, each with at most
/// one landing square per empty square beyond the jumped piece.
struct Jumps {
    items: [Jump; 4 * 9],
    len: usize,
}

impl Jumps {
    fn new() -> Jumps {
        Jumps { items: [Jump::default(); 36], len: 0 }
    }
    fn push(&mut self, j: Jump) {
        if self.len < self.items.len() {
            self.items[self.len] = j;
            self.len += 1;
        }
    }
    fn clear(&mut self) {
        self.len = 0;
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
    fn as_slice(&self) -> &[Jump] {
        &self.items[..self.len]
    }
}

impl Search<'_> {
    /// Squares currently blocking the way (captured pieces stay until the end
    /// of the move unless removal is immediate).
    fn blockers(&self, captured: Bits) -> Bits {
        match self.rules.removal {
            Removal::EndOfMove => self.occupied,
            Removal::Immediate => self.occupied & !captured,
        }
    }

    /// The jumps available to the piece on `at`, with `captured` taken so far.
    fn jumps(&self, at: u8, king: bool, captured: Bits, out: &mut Jumps) {
        let g = self.g;
        let blockers = self.blockers(captured);
        let jumpable = self.enemy & !captured;
        let dirs: &[Dir] = if king { &Dir::ALL } else { man_dirs(self.side, self.rules.men_capture_backward) };
        for &dir in dirs {
            if king && self.rules.flying_kings {
                let mut sq = at;
                let over = loop {
                    match g.step(sq, dir) {
                        Some(next) if (1 << next) & blockers == 0 => sq = next,
                        Some(next) => break Some(next),
                        None => break None,
                    }
                };
                let Some(over) = over else { continue };
                if (1 << over) & jumpable == 0 {
                    continue;
                }
                let mut land = over;
                while let Some(next) = g.step(land, dir) {
                    if (1 << next) & blockers != 0 {
                        break;
                    }
                    out.push(Jump { over, land: next });
                    land = next;
                }
            } else {
                let Some(over) = g.step(at, dir) else {
                    continue;
                };
                if (1 << over) & jumpable == 0 {
                    continue;
                }
                let Some(land) = g.step(over, dir) else {
                    continue;
                };
                if (1 << land) & blockers == 0 {
                    out.push(Jump { over, land });
                }
            }
        }
    }

    /// Follow every continuation of a sequence that has reached `at`.
    fn extend(&self, at: u8, king: bool, captured: Bits, path: &mut [u8; MAX_PATH], depth: usize, out: &mut Vec<Move>) {
        let mut jumps = Jumps::new();
        self.jumps(at, king, captured, &mut jumps);
        if self.rules.king_landing == KingLanding::MustContinue && king && self.rules.flying_kings {
            self.keep_continuing_landings(king, captured, &mut jumps);
        }
        for &jump in jumps.as_slice() {
            let taken = captured | (1 << jump.over);
            path[depth] = jump.land;
            let on_crown_row = (1 << jump.land) & self.promotion_row != 0;
            if !king && on_crown_row {
                match self.rules.promotion {
                    MidCapturePromotion::EndsMove => {
                        self.record(path, depth + 1, taken, true, out);
                        continue;
                    }
                    MidCapturePromotion::ContinuesAsKing => {
                        self.continue_or_record(jump.land, true, taken, path, depth + 1, true, out);
                        continue;
                    }
                    MidCapturePromotion::ContinuesAsMan => {}
                }
            }
            self.continue_or_record(jump.land, king, taken, path, depth + 1, !king && on_crown_row, out);
        }
    }

    /// After a jump: go on if the piece can, record the move where it ends
    /// (or where it may stop, if the rules let sequences stop).
    #[allow(clippy::too_many_arguments)]
    fn continue_or_record(
        &self,
        at: u8,
        king: bool,
        captured: Bits,
        path: &mut [u8; MAX_PATH],
        len: usize,
        crowns_if_ends: bool,
        out: &mut Vec<Move>,
    ) {
        let before = out.len();
        if len < MAX_PATH {
            self.extend(at, king, captured, path, len, out);
        }
        let continued = out.len() > before;
        if !continued || self.rules.chain == Chain::MayStop {
            let crowned_on_the_way = king && self.started_as_man;
            self.record(path, len, captured, crowns_if_ends || crowned_on_the_way, out);
        }
    }

    fn record(&self, path: &[u8; MAX_PATH], len: usize, captured: Bits, crowns: bool, out: &mut Vec<Move>) {
        out.push(Move { from: self.from, to: path[len - 1], path: *path, path_len: len as u8, captured, crowns });
    }

    /// Keep only landing squares from which the capture goes on, per jumped
    /// piece, when there is at least one such square for it.
    fn keep_continuing_landings(&self, king: bool, captured: Bits, jumps: &mut Jumps) {
        let mut can_go_on = [false; 36];
        let mut probe = Jumps::new();
        for (i, j) in jumps.as_slice().iter().enumerate() {
            probe.clear();
            self.jumps(j.land, king, captured | (1 << j.over), &mut probe);
            can_go_on[i] = !probe.is_empty();
        }
        let all = jumps.as_slice().to_vec();
        jumps.clear();
        for (i, j) in all.iter().enumerate() {
            let any_for_piece = all.iter().zip(&can_go_on).any(|(o, &c)| o.over == j.over && c);
            if !any_for_piece || can_go_on[i] {
                jumps.push(*j);
            }
        }
    }
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
