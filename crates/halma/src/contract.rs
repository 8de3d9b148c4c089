//! Chinese checkers behind the contract every family keeps: positions,
//! moves, actions and results as text, replays, refusals explained, perft
//! with or without a table. Apart from `Halma` itself, which speaks the
//! family's own types, so that each reads on its own.

use crate::notation::MoveText;
use crate::{board, game, hash, notation, position, Halma, Position};
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::TableError;
use rulecheck_game::walk::{Counted, Notated};
use rulecheck_game::{Action, Counter, Game, GameError, MoveKey, Replay};

impl Game for Halma {
    fn variant(&self) -> &'static str {
        "chinese-checkers"
    }

    fn players(&self) -> Vec<String> {
        (1..=self.rules.players).map(|s| format!("seat {s}")).collect()
    }

    fn start_position(&self) -> String {
        notation::write_position(&Position::start(&self.rules), &self.rules)
    }

    fn normalize_position(&self, text: &str) -> Result<String, NotationError> {
        Ok(notation::write_position(&self.parse_position(text)?, &self.rules))
    }

    fn diagram(&self, position: &str) -> Result<String, NotationError> {
        Ok(notation::write_diagram(&self.parse_position(position)?, &self.rules))
    }

    fn turn_cleared(&self, position: &str) -> Result<String, NotationError> {
        let mut pos = self.parse_position(position)?;
        pos.to_move = 1;
        Ok(notation::write_position(&pos, &self.rules))
    }

    fn board(&self) -> String {
        format!("the star, {} seats", self.rules.players)
    }

    /// `turns`, `quiet` and `best`; who has finished or resigned is the
    /// state of the table, not a counter.
    fn counters(&self, position: &str) -> Result<Vec<(&'static str, String)>, NotationError> {
        let pos = self.parse_position(position)?;
        let seats = usize::from(self.rules.players);
        let dotted = |v: Vec<String>| v.join(".");
        let mut out = Vec::new();
        if pos.turns[..seats].iter().any(|&t| t != 0) {
            out.push(("turns", dotted(pos.turns[..seats].iter().map(u32::to_string).collect())));
        }
        if pos.quiet != 0 {
            out.push(("quiet", pos.quiet.to_string()));
        }
        if pos.best[..seats].iter().any(|&b| b != 0) {
            out.push(("best", dotted(pos.best[..seats].iter().map(u8::to_string).collect())));
        }
        Ok(out)
    }

    /// `turns` feeds only the move limit, `quiet` and `best` only the
    /// no-progress limit.
    fn unread_counters(&self) -> Vec<&'static str> {
        let mut unread = Vec::new();
        if self.rules.move_limit.is_none() {
            unread.push("turns");
        }
        if self.rules.no_progress.is_none() {
            unread.extend(["quiet", "best"]);
        }
        unread
    }

    fn clear_counters(&self, position: &str, names: &[&str]) -> Result<String, NotationError> {
        let mut pos = self.parse_position(position)?;
        for name in names {
            match *name {
                "turns" => pos.turns = [0; 6],
                "quiet" => pos.quiet = 0,
                "best" => pos.best = [0; 6],
                _ => {}
            }
        }
        Ok(notation::write_position(&pos, &self.rules))
    }

    fn move_cells(&self, text: &str) -> Vec<usize> {
        match notation::parse_move(text) {
            Ok(MoveText::Path(p)) => p.into_iter().map(usize::from).collect(),
            Ok(MoveText::Pass) | Err(_) => Vec::new(),
        }
    }

    fn draw(&self, position: &str, mark: &dyn Fn(usize) -> Option<&'static str>) -> Result<String, NotationError> {
        use rulecheck_game::svg::{star, Piece, SEAT_COLOURS};
        let pos = self.parse_position(position)?;
        let b = board::Board::get();
        let holes: Vec<_> = (0..board::HOLES)
            .map(|h| {
                let (x, y) = b.coords[h];
                let c = pos.cells[h];
                let piece = (c != position::EMPTY).then(|| Piece {
                    fill: SEAT_COLOURS[usize::from(position::seat_of(c) - 1)],
                    king: position::is_king(c),
                });
                (x, y, piece, mark(h))
            })
            .collect();
        Ok(star(&holes))
    }

    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        rulecheck_game::notation::only_notation(name, "holes", "Chinese checkers")
    }

    fn move_examples(&self) -> &'static str {
        "q1-p1 (a step), p2-n2-l2 (hops, every landing hole) or p2-l2 (a chain by its ends)"
    }

    fn check_move(&self, text: &str) -> Result<(), NotationError> {
        notation::parse_move(text).map(|_| ())
    }

    fn replay(&self, position: &str, actions: &[Action]) -> Result<Replay, GameError> {
        let game = self.play_out(position, actions)?;
        let pos = game.position();
        Ok(Replay {
            position: notation::write_position(pos, &self.rules),
            to_move: format!("seat {}", pos.to_move),
            result: game.outcome().to_string(),
            moves: game.legal_moves().iter().map(|m| notation::write_move(m.from, m.to)).collect(),
        })
    }

    fn move_key(&self, position: &str, text: &str) -> Result<MoveKey, NotationError> {
        self.parse_position(position)?;
        Ok(match notation::parse_move(text)? {
            MoveText::Pass => MoveKey { key: "pass".into(), display: "pass".into() },
            MoveText::Path(p) => {
                let (from, to) = (p[0], p[p.len() - 1]);
                MoveKey { key: format!("{from}>{to}"), display: notation::write_move(from, to) }
            }
        })
    }

    fn explain(&self, position: &str, played: &[Action], action: &Action) -> Result<Option<String>, GameError> {
        let game = self.play_out(position, played)?;
        let mut probe = game.clone();
        Ok(match self.to_action(&game, action)? {
            Ok(a) => probe.play(a).err().map(str::to_string),
            Err(code) => Some(code.to_string()),
        })
    }

    fn counter(&self, _paths: bool) -> Box<dyn Counter + '_> {
        Box::new(Counted::new(self, game::Plain(&self.rules)))
    }

    fn hashed(&self, _paths: bool, bytes: usize) -> Result<Box<dyn Counter + '_>, TableError> {
        Ok(Box::new(Counted::new(self, hash::Hashed::new(&self.rules, bytes)?)))
    }
}
