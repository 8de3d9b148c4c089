//! Konane (Hawaiian checkers), from the page `konane.hi`: a board filled with
//! alternating black and white stones, an opening of two removals, then
//! orthogonal jumps over enemy stones, possibly several in one straight
//! line. A player who starts a turn with no jump loses; there are no draws.
//!
//! Cells are algebraic (`a1` at the bottom left). Black stands on a1 (and on
//! every cell whose file and rank indices add up to an even number), so the
//! black corners are a1 and the opposite corner, and the two black central
//! cells lie on the same diagonal as a1.

mod notation;

use crate::game::{Action, Game, GameError, MoveKey, OptionSpec, Options, Rejection, Replay, Variant};
use crate::notation::NotationError;

pub use self::notation::MoveText;

/// Largest board side.
pub const MAX_SIZE: usize = 16;

/// A cell's content.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

fn other(side: u8) -> u8 {
    3 - side
}

fn side_name(side: u8) -> &'static str {
    if side == BLACK {
        "black"
    } else {
        "white"
    }
}

/// Which cells black may empty to open the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A black corner or one of the two black central cells.
    CornersAndCentre,
    /// Any black stone (not a rule; a deviation the spec must catch).
    AnyBlackStone,
}

/// The rules as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub size: u8,
    pub opening: Opening,
    /// Whether a multi-jump may turn (not a rule; a deviation).
    pub turns: bool,
    /// Whether jumps may go diagonally (not a rule; a deviation).
    pub diagonal: bool,
    /// Whether a jump must go as far as it can (not a rule; a deviation).
    pub full_length: bool,
    /// Whether a player without a jump draws instead of losing (not a rule;
    /// a deviation).
    pub no_jump_draws: bool,
}

impl Rules {
    pub fn new(size: u8) -> Rules {
        Rules {
            size,
            opening: Opening::CornersAndCentre,
            turns: false,
            diagonal: false,
            full_length: false,
            no_jump_draws: false,
        }
    }
}

/// A position: the cells (row-major from a1) and the side to move. The
/// phase of the game follows from the number of empty cells: none, black
/// removes; one, white removes; more, the players jump.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub size: u8,
    pub cells: Vec<u8>,
    pub to_move: u8,
}

impl Position {
    pub fn start(size: u8) -> Position {
        let n = usize::from(size);
        let cells = (0..n * n).map(|i| if (i % n + i / n) % 2 == 0 { BLACK } else { WHITE }).collect();
        Position { size, cells, to_move: BLACK }
    }

    fn idx(&self, file: i32, rank: i32) -> Option<usize> {
        let n = i32::from(self.size);
        ((0..n).contains(&file) && (0..n).contains(&rank)).then(|| (rank * n + file) as usize)
    }

    fn coords(&self, i: usize) -> (i32, i32) {
        let n = usize::from(self.size);
        ((i % n) as i32, (i / n) as i32)
    }

    pub fn empties(&self) -> usize {
        self.cells.iter().filter(|&&c| c == EMPTY).count()
    }

    pub fn name(&self, i: usize) -> String {
        let (f, r) = self.coords(i);
        format!("{}{}", char::from(b'a' + f as u8), r + 1)
    }

    /// The colour a cell had at the start.
    pub(crate) fn home_colour(&self, i: usize) -> u8 {
        let (f, r) = self.coords(i);
        if (f + r) % 2 == 0 {
            BLACK
        } else {
            WHITE
        }
    }
}

/// A move: a removal of the opening or a jump from one cell to another in a
/// straight line (each cell passed over holding an enemy stone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    Remove(usize),
    Jump { from: usize, to: usize },
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The cells black may empty first.
fn opening_cells(pos: &Position, rules: &Rules) -> Vec<usize> {
    let n = i32::from(pos.size);
    match rules.opening {
        Opening::AnyBlackStone => (0..pos.cells.len()).filter(|&i| pos.home_colour(i) == BLACK).collect(),
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
            let mut v: Vec<usize> = candidates
                .iter()
                .filter_map(|&(f, r)| pos.idx(f, r))
                .filter(|&i| pos.home_colour(i) == BLACK)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        }
    }
}

/// The legal moves of the side to move.
pub fn legal_moves(pos: &Position, rules: &Rules) -> Vec<Move> {
    let empties = pos.empties();
    let side = pos.to_move;
    if empties == 0 {
        return opening_cells(pos, rules).into_iter().filter(|&i| pos.cells[i] == BLACK).map(Move::Remove).collect();
    }
    if empties == 1 {
        let hole = pos.cells.iter().position(|&c| c == EMPTY).unwrap_or(0);
        let (f, r) = pos.coords(hole);
        let mut v: Vec<Move> = ORTHOGONAL
            .iter()
            .filter_map(|&(df, dr)| pos.idx(f + df, r + dr))
            .filter(|&i| pos.cells[i] == side)
            .map(Move::Remove)
            .collect();
        v.sort();
        return v;
    }
    let mut out = Vec::new();
    let dirs: Vec<(i32, i32)> =
        if rules.diagonal { ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect() } else { ORTHOGONAL.to_vec() };
    for from in 0..pos.cells.len() {
        if pos.cells[from] != side {
            continue;
        }
        let (f, r) = pos.coords(from);
        for &(df, dr) in &dirs {
            let mut stops = Vec::new();
            jumps_from(pos, rules, from, f, r, (df, dr), &mut stops);
            if rules.full_length {
                // Only the farthest stop of the line.
                if let Some(&last) = stops.last() {
                    stops = vec![last];
                }
            }
            out.extend(stops.into_iter().map(|to| Move::Jump { from, to }));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The landing cells of a jump from (f, r) starting in a direction: each
/// stopping point in turn (with turning allowed, the chain may bend).
fn jumps_from(pos: &Position, rules: &Rules, from: usize, f: i32, r: i32, d: (i32, i32), out: &mut Vec<usize>) {
    let side = pos.to_move;
    let (mut cf, mut cr) = (f, r);
    let mut taken: Vec<usize> = Vec::new();
    loop {
        let over = pos.idx(cf + d.0, cr + d.1);
        let land = pos.idx(cf + 2 * d.0, cr + 2 * d.1);
        let (Some(over), Some(land)) = (over, land) else { return };
        let free = |i: usize| pos.cells[i] == EMPTY || i == from;
        if pos.cells[over] != other(side) || taken.contains(&over) || !free(land) {
            return;
        }
        taken.push(over);
        out.push(land);
        (cf, cr) = pos.coords(land);
        if rules.turns {
            // A turning chain: try the other orthogonal directions from here.
            for &t in ORTHOGONAL.iter().filter(|&&t| t != d && t != (-d.0, -d.1)) {
                let mut more = Vec::new();
                let mut p = pos.clone();
                for &o in &taken {
                    p.cells[o] = EMPTY;
                }
                p.cells[from] = EMPTY;
                p.cells[land] = side;
                jumps_from(&p, rules, land, cf, cr, t, &mut more);
                out.extend(more);
            }
        }
    }
}

/// Play a move.
pub fn apply(pos: &Position, m: Move) -> Position {
    let mut p = pos.clone();
    match m {
        Move::Remove(i) => p.cells[i] = EMPTY,
        Move::Jump { from, to } => {
            let (f0, r0) = pos.coords(from);
            let (f1, r1) = pos.coords(to);
            let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
            let (mut f, mut r) = (f0, r0);
            while (f, r) != (f1, r1) {
                f += df;
                r += dr;
                if let Some(i) = pos.idx(f, r) {
                    if i != to && pos.cells[i] == other(pos.to_move) {
                        p.cells[i] = EMPTY;
                    }
                }
            }
            p.cells[to] = pos.cells[from];
            p.cells[from] = EMPTY;
        }
    }
    p.to_move = other(pos.to_move);
    p
}

/// Leaves of the move tree.
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.into_iter().map(|m| perft(&apply(pos, m), rules, depth - 1)).sum()
}

/// Why a written move is refused.
pub fn explain(pos: &Position, rules: &Rules, text: &MoveText) -> Option<&'static str> {
    let legal = legal_moves(pos, rules);
    if legal.is_empty() {
        return Some("game-over");
    }
    let empties = pos.empties();
    match text {
        MoveText::Removal(i) => {
            if legal.contains(&Move::Remove(*i)) {
                return None;
            }
            if empties > 1 {
                return Some("opening-over");
            }
            if pos.cells[*i] == EMPTY {
                return Some("empty-square");
            }
            if pos.cells[*i] != pos.to_move {
                return Some("not-your-piece");
            }
            Some("removal-not-allowed")
        }
        MoveText::Jump(path) => {
            if empties <= 1 {
                return Some("must-remove");
            }
            let from = path[0];
            if pos.cells[from] == EMPTY {
                return Some("empty-square");
            }
            if pos.cells[from] != pos.to_move {
                return Some("not-your-piece");
            }
            let mut dir = None;
            let mut at = from;
            for &to in &path[1..] {
                let (f0, r0) = pos.coords(at);
                let (f1, r1) = pos.coords(to);
                let (df, dr) = (f1 - f0, r1 - r0);
                if df != 0 && dr != 0 {
                    return Some(if rules.diagonal && df.abs() == dr.abs() { "illegal" } else { "diagonal" });
                }
                let step = (df.signum(), dr.signum());
                let len = df.abs().max(dr.abs());
                if dir.is_some_and(|d| d != step) && !rules.turns {
                    return Some("turns");
                }
                dir = Some(step);
                if len == 1 {
                    return Some("not-a-jump");
                }
                if len % 2 != 0 {
                    return Some("not-a-jump");
                }
                // Every other cell an enemy stone, the others empty.
                for k in 1..=len {
                    let i = pos.idx(f0 + step.0 * k, r0 + step.1 * k).unwrap_or(0);
                    let c = if i == from { EMPTY } else { pos.cells[i] };
                    if k % 2 == 1 {
                        if c == EMPTY {
                            return Some("nothing-to-capture");
                        }
                        if c == pos.to_move {
                            return Some("jump-own-piece");
                        }
                    } else if c != EMPTY {
                        return Some("occupied");
                    }
                }
                at = to;
            }
            let to = *path.last().unwrap_or(&from);
            if legal.contains(&Move::Jump { from, to }) {
                None
            } else if rules.full_length {
                Some("must-jump-farther")
            } else {
                Some("illegal")
            }
        }
    }
}

/// Konane, registered.
pub struct Konane;

pub static KONANE: Konane = Konane;

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "size",
    values: &["6", "8", "10", "12", "14", "16"],
    default: "8",
    help: "the side of the square board (even)",
}];

impl Variant for Konane {
    fn id(&self) -> &'static str {
        "konane"
    }
    fn family(&self) -> &'static str {
        "konane"
    }
    fn page(&self) -> &'static str {
        "konane.hi"
    }
    fn title(&self) -> &'static str {
        "Konane (Hawaiian checkers: a full board, two removals, orthogonal jumps in a straight line)"
    }
    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }
    fn configure(&self, options: &Options) -> Box<dyn Game> {
        let size = options.get("size").and_then(|s| s.parse().ok()).unwrap_or(8);
        Box::new(KonaneGame { rules: Rules::new(size) })
    }
}

/// Konane under fixed rules, speaking text.
pub struct KonaneGame {
    rules: Rules,
}

impl KonaneGame {
    pub fn new(rules: Rules) -> KonaneGame {
        KonaneGame { rules }
    }

    fn parse(&self, text: &str) -> Result<Position, NotationError> {
        notation::parse_position(text, self.rules.size)
    }

    fn write(pos: &Position, m: Move) -> String {
        match m {
            Move::Remove(i) => format!("-{}", pos.name(i)),
            Move::Jump { from, to } => format!("{}-{}", pos.name(from), pos.name(to)),
        }
    }

    fn side(&self, name: &str) -> Result<u8, NotationError> {
        match name {
            "black" => Ok(BLACK),
            "white" => Ok(WHITE),
            other => Err(NotationError::whole(format!(
                "unknown player '{}' (players: black, white)",
                crate::text::shown(other)
            ))),
        }
    }

    /// Replay, returning the final position and the result.
    fn play_out(&self, position: &str, actions: &[Action]) -> Result<(Position, Option<String>), GameError> {
        let mut pos = self.parse(position)?;
        let mut result = None;
        for (index, action) in actions.iter().enumerate() {
            let refuse = |reason: &str, pos: &Position| {
                GameError::Rejected(Rejection {
                    index,
                    reason: reason.to_string(),
                    position: notation::write_position(pos),
                })
            };
            if result.is_some() || legal_moves(&pos, &self.rules).is_empty() {
                return Err(refuse("game-over", &pos));
            }
            match action {
                Action::Move(text) => {
                    let parsed = notation::parse_move(text, pos.size)?;
                    if let Some(reason) = explain(&pos, &self.rules, &parsed) {
                        return Err(refuse(reason, &pos));
                    }
                    let m = match parsed {
                        MoveText::Removal(i) => Move::Remove(i),
                        MoveText::Jump(p) => Move::Jump { from: p[0], to: *p.last().unwrap_or(&p[0]) },
                    };
                    pos = apply(&pos, m);
                }
                Action::Resign(p) => {
                    let s = self.side(p)?;
                    result = Some(format!("{} wins: resign", side_name(other(s))));
                }
                Action::OfferDraw(p) | Action::AcceptDraw(p) | Action::ClaimDraw(p) => {
                    self.side(p)?;
                    return Err(refuse("no-draw-agreement", &pos));
                }
                Action::DeclareDraw(_) => return Err(refuse("no-draw-declaration", &pos)),
            }
        }
        Ok((pos, result))
    }

    fn result(&self, pos: &Position, decided: Option<String>) -> String {
        if let Some(r) = decided {
            return r;
        }
        if legal_moves(pos, &self.rules).is_empty() {
            if self.rules.no_jump_draws {
                return "draw: no-moves".to_string();
            }
            return format!("{} wins: no-moves", side_name(other(pos.to_move)));
        }
        "ongoing".to_string()
    }
}

impl Game for KonaneGame {
    fn variant(&self) -> &'static str {
        "konane"
    }
    fn players(&self) -> Vec<String> {
        vec!["black".into(), "white".into()]
    }
    fn start_position(&self) -> String {
        notation::write_position(&Position::start(self.rules.size))
    }
    fn normalize_position(&self, text: &str) -> Result<String, NotationError> {
        Ok(notation::write_position(&self.parse(text)?))
    }
    fn diagram(&self, position: &str) -> Result<String, NotationError> {
        Ok(notation::write_diagram(&self.parse(position)?))
    }
    fn svg_marked(
        &self,
        position: &str,
        expected_only: &[String],
        actual_only: &[String],
    ) -> Result<String, NotationError> {
        use crate::svg::{mark, square_board, Piece, BLACK as DARK_STONE, WHITE as LIGHT_STONE};
        let pos = self.parse(position)?;
        let n = usize::from(pos.size);
        let cells_of = |moves: &[String]| -> Vec<usize> {
            moves
                .iter()
                .filter_map(|m| notation::parse_move(m, pos.size).ok())
                .flat_map(|t| match t {
                    MoveText::Removal(i) => vec![i],
                    MoveText::Jump(p) => p,
                })
                .collect()
        };
        let (want, got) = (cells_of(expected_only), cells_of(actual_only));
        let index = |r: usize, c: usize| (n - 1 - r) * n + c;
        let cells = |r: usize, c: usize| match pos.cells[index(r, c)] {
            BLACK => Some(Piece { fill: DARK_STONE, king: false }),
            WHITE => Some(Piece { fill: LIGHT_STONE, king: false }),
            _ => None,
        };
        let dark = |r: usize, c: usize| (r + c) % 2 == 1;
        let labels = |r: usize, c: usize| Some(pos.name(index(r, c)));
        let marks = |r: usize, c: usize| mark(&index(r, c), &want, &got);
        Ok(square_board(n, &cells, &dark, &labels, &marks))
    }

    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        match name {
            "algebraic" => Ok(()),
            other => Err(format!("unknown notation '{other}' (Konane has one: algebraic)")),
        }
    }
    fn move_examples(&self) -> &'static str {
        "-d4 (an opening removal), d6-d4 or d6-d4-d2 (jumps)"
    }

    fn check_move(&self, text: &str) -> Result<(), NotationError> {
        notation::parse_move(text, self.rules.size).map(|_| ())
    }
    fn replay(&self, position: &str, actions: &[Action]) -> Result<Replay, GameError> {
        let (pos, decided) = self.play_out(position, actions)?;
        let result = self.result(&pos, decided);
        let moves = if result == "ongoing" {
            legal_moves(&pos, &self.rules).into_iter().map(|m| Self::write(&pos, m)).collect()
        } else {
            Vec::new()
        };
        Ok(Replay { position: notation::write_position(&pos), to_move: side_name(pos.to_move).into(), result, moves })
    }
    fn move_key(&self, position: &str, text: &str) -> Result<MoveKey, NotationError> {
        let pos = self.parse(position)?;
        let m = match notation::parse_move(text, pos.size)? {
            MoveText::Removal(i) => Move::Remove(i),
            MoveText::Jump(p) => Move::Jump { from: p[0], to: *p.last().unwrap_or(&p[0]) },
        };
        let display = Self::write(&pos, m);
        Ok(MoveKey { key: display.clone(), display })
    }
    fn explain(&self, position: &str, played: &[Action], action: &Action) -> Result<Option<String>, GameError> {
        let mut all = played.to_vec();
        all.push(action.clone());
        match self.play_out(position, &all) {
            Ok(_) => Ok(None),
            Err(GameError::Rejected(r)) if r.index == played.len() => Ok(Some(r.reason)),
            Err(e) => Err(e),
        }
    }
    fn perft(&self, position: &str, depth: u32, _paths: bool) -> Result<u64, NotationError> {
        Ok(perft(&self.parse(position)?, &self.rules, depth))
    }
    fn divide(&self, position: &str, depth: u32, _paths: bool) -> Result<Vec<(String, u64)>, NotationError> {
        let pos = self.parse(position)?;
        Ok(legal_moves(&pos, &self.rules)
            .into_iter()
            .map(|m| (Self::write(&pos, m), perft(&apply(&pos, m), &self.rules, depth.saturating_sub(1))))
            .collect())
    }
}
