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
        out.clear();
        self.captures(pos, out, listing);
        if self.rules.precedence == Precedence::Majority && !out.is_empty() {
            let most = out.iter().map(|m| m.captured.count_ones()).max().unwrap_or(0);
            out.retain(|m| m.captured.count_ones() == most);
        }
        if listing == Listing::Moves {
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
                self.captures_from(pos, k, true, Listing::Moves, &mut out);
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
        self.generate(pos, buf, if paths { Listing::Paths } else { Listing::Moves });
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

    /// Every capture sequence of the side to move: one entry per route, or
    /// per path under [`Listing::Paths`].
    fn captures(&self, pos: &Position, out: &mut Vec<Move>, listing: Listing) {
        let side = pos.turn;
        let mut starters = self.short_jumpers(pos);
        if self.rules.flying_kings {
            starters |= pos.pieces(side) & pos.kings;
        }
        for from in Geometry::bits(starters) {
            let king = pos.kings & (1 << from) != 0;
            self.captures_from(pos, from, king, listing, out);
        }
    }

    /// Every capture sequence of the piece on `from`: one entry per route, or
    /// per path under [`Listing::Paths`] (duplicates are not removed here).
    pub fn captures_from(&self, pos: &Position, from: u8, king: bool, listing: Listing, out: &mut Vec<Move>) {
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
        match listing {
            Listing::Paths => search.extend::<true>(from, king, 0, None, &mut path, 0, out),
            Listing::Moves | Listing::Routes => search.extend::<false>(from, king, 0, None, &mut path, 0, out),
        };
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
    /// Drop the jumps from `at` along the diagonal of `dir` (either way);
    /// whether any was dropped.
    fn drop_diagonal(&mut self, g: &Geometry, at: u8, dir: Dir) -> bool {
        let back = Some(dir.opposite());
        let before = self.len;
        let mut kept = 0;
        for i in 0..self.len {
            let j = self.items[i];
            let d = direction(g, at, j.over);
            if d != Some(dir) && d != back {
                self.items[kept] = j;
                kept += 1;
            }
        }
        self.len = kept;
        kept < before
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
    ///
    /// `PATHS` is whether the search lists [`Listing::Paths`]; otherwise it
    /// follows every touchdown square and `skip` is always `None`.
    ///
    /// Under `PATHS`, `skip` is the direction a flying king came in by when it
    /// touched down on a square of its run beyond the piece it jumped that is
    /// not the first square of the run kept. Whatever it can jump along that
    /// diagonal from here it can jump the same way from that first square,
    /// which the search has followed already, so those jumps are left out: a
    /// path does not branch on where the king touched down between two pieces
    /// on one diagonal. Returns whether any was left out, meaning the sequence
    /// goes on from here all the same and does not end here.
    #[allow(clippy::too_many_arguments)]
    fn extend<const PATHS: bool>(
        &self,
        at: u8,
        king: bool,
        captured: Bits,
        skip: Option<Dir>,
        path: &mut [u8; MAX_PATH],
        depth: usize,
        out: &mut Vec<Move>,
    ) -> bool {
        let mut jumps = Jumps::new();
        self.jumps(at, king, captured, &mut jumps);
        let left_out = match skip {
            Some(dir) if PATHS => jumps.drop_diagonal(self.g, at, dir),
            _ => false,
        };
        if self.rules.king_landing == KingLanding::MustContinue && king && self.rules.flying_kings {
            self.keep_continuing_landings(king, captured, &mut jumps);
        }
        // The previous jump: landings over the same piece are the squares of
        // one straight run, the first of them kept first.
        let mut previous = Jump { over: u8::MAX, land: u8::MAX };
        for &jump in jumps.as_slice() {
            let taken = captured | (1 << jump.over);
            path[depth] = jump.land;
            let on_crown_row = (1 << jump.land) & self.promotion_row != 0;
            if !king && on_crown_row {
                if !self.rules.crown_by_capture {
                    // Not crowned: it goes on as a man if it can and stays a
                    // man where the move ends.
                    self.continue_or_record::<PATHS>(jump.land, false, taken, None, path, depth + 1, false, out);
                    continue;
                }
                match self.rules.promotion {
                    MidCapturePromotion::EndsMove => {
                        self.record(path, depth + 1, taken, true, out);
                        continue;
                    }
                    MidCapturePromotion::ContinuesAsKing => {
                        self.continue_or_record::<PATHS>(jump.land, true, taken, None, path, depth + 1, true, out);
                        continue;
                    }
                    MidCapturePromotion::ContinuesAsMan => {}
                }
            }
            let mut skip = None;
            if PATHS {
                if jump.over == previous.over {
                    skip = direction(self.g, previous.land, jump.land);
                }
                previous = jump;
            }
            self.continue_or_record::<PATHS>(jump.land, king, taken, skip, path, depth + 1, !king && on_crown_row, out);
        }
        left_out
    }

    /// After a jump: go on if the piece can, record the move where it ends
    /// (or where it may stop, if the rules let sequences stop).
    #[allow(clippy::too_many_arguments)]
    fn continue_or_record<const PATHS: bool>(
        &self,
        at: u8,
        king: bool,
        captured: Bits,
        skip: Option<Dir>,
        path: &mut [u8; MAX_PATH],
        len: usize,
        crowns_if_ends: bool,
        out: &mut Vec<Move>,
    ) {
        let before = out.len();
        let mut goes_on_elsewhere = false;
        if len < MAX_PATH {
            goes_on_elsewhere = self.extend::<PATHS>(at, king, captured, skip, path, len, out);
        }
        let continued = goes_on_elsewhere || out.len() > before;
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
