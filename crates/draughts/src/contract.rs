//! A draughts variant behind the contract every family keeps: positions,
//! moves, actions and results as text, replays, refusals explained, perft
//! with or without a table. Apart from `Draughts` itself, which speaks the
//! family's own types, so that each reads on its own.

use crate::{
    explain, geometry, notation, perft, Counting, Dispatch, Draughts, Generator, Move, Perft, Position, SquareStyle,
};
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::TableError;
use rulecheck_game::walk::{Counted, Notated};
use rulecheck_game::{Action, Counter, Game, GameError, MoveKey, Replay};

impl<B: Dispatch> Game for Draughts<B> {
    fn variant(&self) -> &'static str {
        self.variant
    }

    fn players(&self) -> Vec<String> {
        let first = self.rules.first;
        vec![first.name().to_string(), first.other().name().to_string()]
    }

    fn start_position(&self) -> String {
        self.fen(&Position::<B>::start(&self.rules))
    }

    fn normalize_position(&self, text: &str) -> Result<String, NotationError> {
        let pos = self.parse(text)?;
        Ok(self.fen(&notation::normalize(&pos, &self.rules)))
    }

    fn diagram(&self, position: &str) -> Result<String, NotationError> {
        Ok(notation::write_diagram(&self.parse(position)?, &self.rules, self.style))
    }

    fn turn_cleared(&self, position: &str) -> Result<String, NotationError> {
        let mut pos = notation::normalize(&self.parse(position)?, &self.rules);
        pos.turn = self.rules.first;
        Ok(self.fen(&pos))
    }

    /// The size, and what else makes one square number another place: a
    /// board of every cell (Turkish) and the federations' numberings
    /// (Italian, Portuguese) read the same numbers as other squares than
    /// PDN's dark-square board does.
    fn board(&self) -> String {
        let g = self.g();
        let kind = if g.is_full() {
            ", every cell a square"
        } else {
            match g.numbering() {
                geometry::Numbering::Pdn => "",
                geometry::Numbering::Fid => ", Italian numbering",
                geometry::Numbering::Fpd => ", Portuguese numbering",
            }
        };
        format!("{0}x{0} draughts{kind}", g.size())
    }

    fn counters(&self, position: &str) -> Result<Vec<(&'static str, String)>, NotationError> {
        let pos = notation::normalize(&self.parse(position)?, &self.rules);
        Ok(notation::counters(&pos, &self.rules)
            .into_iter()
            .filter(|&(_, v)| v != 0)
            .map(|(n, v)| (n, v.to_string()))
            .chain(notation::king_run_counters(&pos, &self.rules, self.style))
            .collect())
    }

    fn clear_counters(&self, position: &str, names: &[&str]) -> Result<String, NotationError> {
        let mut pos = notation::normalize(&self.parse(position)?, &self.rules);
        for name in names {
            match *name {
                "np" => pos.quiet_plies = 0,
                "nm" => pos.plies_since_man_move = 0,
                "eg" => pos.endgame_plies = 0,
                "wk" => pos.king_runs[1] = Default::default(),
                "bk" => pos.king_runs[0] = Default::default(),
                _ => {}
            }
        }
        Ok(self.fen(&pos))
    }

    fn move_cells(&self, text: &str) -> Vec<usize> {
        notation::parse_move(text, self.g())
            .map(|t| t.squares.into_iter().map(usize::from).collect())
            .unwrap_or_default()
    }

    fn draw(&self, position: &str, mark: &dyn Fn(usize) -> Option<&'static str>) -> Result<String, NotationError> {
        use rulecheck_game::svg::{square_board, Piece, BLACK, WHITE};
        let pos = self.parse(position)?;
        let g = self.g();
        let cells = |r: usize, c: usize| {
            let sq = g.at(r as u8, c as u8)?;
            let king = g.holds(pos.kings, sq);
            if g.holds(pos.black, sq) {
                Some(Piece { fill: BLACK, king })
            } else if g.holds(pos.white, sq) {
                Some(Piece { fill: WHITE, king })
            } else {
                None
            }
        };
        let dark = |r: usize, c: usize| g.at(r as u8, c as u8).is_some();
        let labels = |r: usize, c: usize| g.at(r as u8, c as u8).map(|sq| notation::square_name(sq, g, self.style));
        let marks = |r: usize, c: usize| mark(usize::from(g.at(r as u8, c as u8)?));
        Ok(square_board(usize::from(g.size()), &cells, &dark, &labels, &marks))
    }

    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        self.style = match name {
            "numeric" => SquareStyle::Numeric,
            "algebraic" => SquareStyle::Algebraic,
            other => return Err(format!("unknown notation '{other}' (notations: numeric, algebraic)")),
        };
        Ok(())
    }

    fn move_examples(&self) -> &'static str {
        match self.style {
            SquareStyle::Numeric => "11-15, 15x24, 22x15x6 (or algebraic c3-d4, c3:e5)",
            SquareStyle::Algebraic => "c3-d4, c3:e5, c3:e5:g3 (or numeric 22-18, 22x15)",
        }
    }

    fn check_move(&self, text: &str) -> Result<(), NotationError> {
        notation::parse_move(text, self.g()).map(|_| ())
    }

    fn replay(&self, position: &str, actions: &[Action]) -> Result<Replay, GameError> {
        let game = self.play_out(position, actions)?;
        let pos = notation::normalize(game.position(), &self.rules);
        Ok(Replay {
            position: self.fen(&pos),
            to_move: pos.turn.name().to_string(),
            result: game.outcome().to_string(),
            moves: game.legal_moves().iter().map(|m| self.write(m)).collect(),
        })
    }

    fn move_key(&self, position: &str, text: &str) -> Result<MoveKey, NotationError> {
        let pos = self.parse(position)?;
        let parsed = notation::parse_move(text, self.g())?;
        let mut legal = Vec::new();
        Generator::new(&self.rules).legal_moves(&pos, &mut legal);
        let found = self.candidates(&pos, &legal, &parsed);
        match found.as_slice() {
            [one] => return Ok(self.key(one)),
            [] => {}
            many => {
                let options: Vec<String> = many.iter().map(|m| self.write(m)).collect();
                return Err(NotationError::whole(format!(
                    "'{text}' is ambiguous here: it may be {}; write every landing square",
                    options.join(" or ")
                )));
            }
        }
        // Not a legal move: its identity as written, with the captured set
        // read off the board along the written hops.
        let g = self.g();
        let enemy = pos.pieces(pos.turn.other());
        let mut captured = Vec::new();
        for pair in parsed.squares.windows(2) {
            let (ra, ca) = g.coords(pair[0]);
            let (rb, cb) = g.coords(pair[1]);
            let (dr, dc) = (i16::from(rb) - i16::from(ra), i16::from(cb) - i16::from(ca));
            if dr.abs() == dc.abs() {
                for k in 1..dr.abs() {
                    let r = (i16::from(ra) + dr.signum() * k) as u8;
                    let c = (i16::from(ca) + dc.signum() * k) as u8;
                    if let Some(s) = g.at(r, c) {
                        if g.holds(enemy, s) && parsed.capture {
                            captured.push(s);
                        }
                    }
                }
            }
        }
        captured.sort_unstable();
        captured.dedup();
        let from = parsed.squares[0];
        let to = *parsed.squares.last().unwrap_or(&from);
        let display = notation::write_move(from, &parsed.squares[1..], parsed.capture, g, self.style);
        Ok(MoveKey { key: self.key_of(from, to, &captured), display })
    }

    fn explain(&self, position: &str, played: &[Action], action: &Action) -> Result<Option<String>, GameError> {
        let game = self.play_out(position, played)?;
        if let Action::Move(text) = action {
            let parsed = notation::parse_move(text, self.g())?;
            return Ok(explain::explain(&game, &parsed).map(str::to_string));
        }
        let mut probe = game.clone();
        Ok(match self.to_action(&game, action)? {
            Ok(a) => probe.play(a).err().map(|r| r.code().to_string()),
            Err(code) => Some(code.to_string()),
        })
    }

    fn counter(&self, paths: bool) -> Box<dyn Counter + '_> {
        Box::new(Counted::new(self, Perft::<B>::new(&self.rules, counting(paths))))
    }

    fn hashed(&self, paths: bool, bytes: usize) -> Result<Box<dyn Counter + '_>, TableError> {
        Ok(Box::new(Counted::new(self, perft::hash::Hashed::<B>::new(&self.rules, counting(paths), bytes)?)))
    }
}

/// How `perft` asks to count capture paths.
fn counting(paths: bool) -> Counting {
    if paths {
        Counting::Paths
    } else {
        Counting::DistinctMoves
    }
}

/// Positions as the family reads them, moves as it writes them, for the
/// counts of [`Counted`].
impl<B: Dispatch> Notated for Draughts<B> {
    type Position = Position<B>;
    type Move = Move<B>;
    fn parse_position(&self, text: &str) -> Result<Position<B>, NotationError> {
        self.parse(text)
    }
    fn write_move(&self, _pos: &Position<B>, m: &Move<B>) -> String {
        self.write(m)
    }
}
