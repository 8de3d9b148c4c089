//! Konane (Hawaiian checkers), from the page `konane.hi`: a board filled with
//! alternating black and white stones, an opening of two removals, then
//! orthogonal jumps over enemy stones, possibly several in one straight
//! line. A player who starts a turn with no jump loses; there are no draws.
//!
//! Cells are algebraic (`a1` at the bottom left). Black stands on a1 (and on
//! every cell whose file and rank indices add up to an even number), so the
//! black corners are a1 and the opposite corner, and the two black central
//! cells lie on the same diagonal as a1.

//!
//! As a library: [`Rules`] (the board's size, the opening), [`Position`],
//! [`legal_moves`], [`apply`] and [`perft`], positions and moves as text
//! ([`parse_position`], [`write_position`], [`parse_move`]), and
//! [`explain`] for why a move is refused; [`KONANE`] is the variant as a
//! `rulecheck_game::Variant`, and [`Rules`] the game as a
//! `rulecheck_game::Family` (text-speaking through `rulecheck_game::Text`).
//! It is not a playing engine (no search, no evaluation), and knows nothing of scenarios, engines or reports.
//!
//! ```
//! use rulecheck_konane::{apply, legal_moves, parse_position, perft, write_position, Move, Position, Rules};
//!
//! // The full 8x8 board, black to remove a stone, through its text.
//! let rules = Rules::new(8);
//! let text = write_position(&Position::start(8));
//! let start = parse_position(&text, 8).expect("a position");
//!
//! // Black removes a corner or a central stone of its colour.
//! let moves = legal_moves(&start, &rules);
//! let names: Vec<String> = moves
//!     .iter()
//!     .map(|m| match *m {
//!         Move::Remove(cell) => format!("-{}", start.name(cell)),
//!         Move::Jump { from, to } => format!("{}-{}", start.name(from), start.name(to)),
//!     })
//!     .collect();
//! assert_eq!(names, ["-a1", "-d4", "-e5", "-h8"]);
//!
//! // d4 removed: white to remove a stone next to it.
//! let after = apply(&start, &rules, moves[1]);
//! assert_eq!(after.empties(), 1);
//! assert_eq!(perft(&start, &rules, 3), 28);
//! ```
//!
//! The rooms: `board` (cell sets as bitboards of every width the sizes
//! need), `moves` (generation, play and perft on them), `rules` (the rules
//! as data), `explain` (reason codes for refused moves), `notation`
//! (positions, diagrams and moves as text), `deviations` (the single-rule
//! deviations the mutation tests flip) and `game` (a game in progress, and
//! the family of the contract).

mod board;
mod deviations;
mod explain;
mod game;
mod moves;
mod notation;
mod rules;

pub use self::deviations::DEVIATIONS;
pub use self::explain::explain;
pub use self::game::{Action, Konane, Match, KONANE};
pub use self::moves::{apply, divide, legal_moves, perft, Move};
pub use self::notation::{parse_move, parse_position, write_diagram, write_position, MoveText};
pub use self::rules::{Opening, Rules};

/// Largest board side.
pub const MAX_SIZE: usize = 16;

/// A cell's content.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

fn other(side: u8) -> u8 {
    3 - side
}

/// A cell's name on a board of `size` (row-major from a1).
fn cell_name(i: usize, size: u8) -> String {
    let n = usize::from(size).max(1);
    let (f, r) = (i % n, i / n);
    format!("{}{}", char::from(b'a' + f as u8), r + 1)
}

fn side_name(side: u8) -> &'static str {
    if side == BLACK {
        "black"
    } else {
        "white"
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
        cell_name(i, self.size)
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
