//! A Chinese checkers game state: every hole's piece, the seat to move, and
//! the counters and standings the end of the game depends on.

use super::board::{Board, Holes, HOLES};
use super::rules::{Form, Rules};

/// A hole's content: 0 for empty, else the seat (1..=6), with [`KING`] set
/// for a king.
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub const KING: Cell = 0x10;

pub fn seat_of(c: Cell) -> u8 {
    c & 0x0f
}

pub fn is_king(c: Cell) -> bool {
    c & KING != 0
}

/// A complete game state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub cells: [Cell; HOLES],
    /// The seat (1-based) to move.
    pub to_move: u8,
    /// Turns each seat has taken so far, moves and automatic passes alike.
    pub turns: [u32; 6],
    /// Turns since the last progress.
    pub quiet: u32,
    /// The most pieces each seat has had in its goal.
    pub best: [u8; 6],
    /// Seats in the order they completed their goals.
    pub finished: Vec<u8>,
    /// Seats in the order they resigned.
    pub resigned: Vec<u8>,
}

impl Position {
    pub fn empty(to_move: u8) -> Position {
        Position {
            cells: [EMPTY; HOLES],
            to_move,
            turns: [0; 6],
            quiet: 0,
            best: [0; 6],
            finished: Vec::new(),
            resigned: Vec::new(),
        }
    }

    /// The start position: each seat's pieces fill its camp, a Japanese
    /// king on the camp's apex; the opening seat of this game to move.
    pub fn start(rules: &Rules) -> Position {
        let b = Board::get();
        let mut p = Position::empty(rules.opening_seat());
        for seat in 1..=rules.players {
            let camp = rules.camp(seat);
            let area = match rules.form {
                Form::International => b.triangles[camp],
                Form::Japanese => b.big_camps[camp],
            };
            for h in super::board::holes(area) {
                p.cells[usize::from(h)] = seat;
            }
            if rules.form == Form::Japanese {
                p.cells[usize::from(b.apex[camp])] = seat | KING;
            }
        }
        p
    }

    /// The holes holding a seat's pieces.
    pub fn pieces(&self, seat: u8) -> Holes {
        let mut set = 0;
        for (h, &c) in self.cells.iter().enumerate() {
            if c != EMPTY && seat_of(c) == seat {
                set |= 1 << h;
            }
        }
        set
    }

    pub fn occupied(&self) -> Holes {
        let mut set = 0;
        for (h, &c) in self.cells.iter().enumerate() {
            if c != EMPTY {
                set |= 1 << h;
            }
        }
        set
    }

    /// Whether a seat still plays: neither finished nor resigned.
    pub fn active(&self, seat: u8) -> bool {
        !self.finished.contains(&seat) && !self.resigned.contains(&seat)
    }

    /// Why this could not be a position of the game, if it could not.
    pub fn validate(&self, rules: &Rules) -> Result<(), String> {
        if !(1..=rules.players).contains(&self.to_move) {
            return Err(format!("seat {} is not at the table ({} players)", self.to_move, rules.players));
        }
        for seat in 1..=rules.players {
            let count = self.pieces(seat).count_ones();
            let most = rules.pieces_per_player();
            if count > most {
                return Err(format!("seat {seat} has {count} pieces; a player has {most}"));
            }
            let kings = self.cells.iter().filter(|&&c| c == seat | KING).count();
            match rules.form {
                Form::International if kings > 0 => {
                    return Err(format!("seat {seat} has a king; kings belong to the Japanese form"))
                }
                Form::Japanese if kings > 1 => return Err(format!("seat {seat} has {kings} kings; a player has one")),
                _ => {}
            }
        }
        for &c in &self.cells {
            if c != EMPTY && seat_of(c) > rules.players {
                return Err(format!("a piece of seat {} is on the board ({} players)", seat_of(c), rules.players));
            }
        }
        for (name, list) in [("finished", &self.finished), ("resigned", &self.resigned)] {
            if let Some((_, s)) = list.iter().enumerate().find(|(i, s)| list[..*i].contains(s)) {
                return Err(format!("seat {s} is listed twice in {name}"));
            }
        }
        if let Some(s) = self.finished.iter().find(|s| self.resigned.contains(s)) {
            return Err(format!("seat {s} is both finished and resigned"));
        }
        if let Some(s) = self.resigned.iter().find(|&&s| self.pieces(s) != 0) {
            return Err(format!("seat {s} has resigned but has pieces on the board: a resigner's pieces leave it"));
        }
        if self.finished.len() + self.resigned.len() >= usize::from(rules.players) {
            return Err(format!(
                "all {} seats have finished or resigned: the game ends while one is still playing",
                rules.players
            ));
        }
        Ok(())
    }
}
