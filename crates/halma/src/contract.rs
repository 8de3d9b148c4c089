//! Chinese checkers as a family of the contract: its positions, moves,
//! seats, games and perft walks in its own types, which
//! `rulecheck_game::Text` speaks as text. Apart from the rules' own
//! methods, which speak the family's own types, so that each reads on its own.

use crate::notation::MoveText;
use crate::{board, game, hash, notation, position, Match, Move, Position, Rules};
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::TableError;
use rulecheck_game::{unknown_player, Action, Family, MoveKey};

impl Family for Rules {
    type Player = u8;
    type Written = MoveText;
    type Action = game::Action;
    type State<'a> = Match<'a>;
    type Perft<'a> = game::Plain<'a>;
    type Hashed<'a> = hash::Hashed<'a>;

    fn variant(&self) -> &'static str {
        "chinese-checkers"
    }

    fn board(&self) -> String {
        format!("the star, {} seats", self.players)
    }

    fn players(&self) -> Vec<u8> {
        (1..=self.players).collect()
    }

    fn player_name(&self, seat: u8) -> String {
        format!("seat {seat}")
    }

    /// `seat N`, the number read as a number.
    fn player(&self, name: &str) -> Result<u8, NotationError> {
        name.strip_prefix("seat ")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=self.players).contains(n))
            .ok_or_else(|| unknown_player(self, name))
    }

    fn start(&self) -> Position {
        Position::start(self)
    }

    fn write_position(&self, pos: &Position) -> String {
        notation::write_position(pos, self)
    }

    fn turn(&self, pos: &Position) -> u8 {
        pos.to_move
    }

    fn set_turn(&self, pos: &mut Position, seat: u8) {
        pos.to_move = seat;
    }

    fn diagram(&self, pos: &Position) -> String {
        notation::write_diagram(pos, self)
    }

    fn draw(&self, pos: &Position, mark: &dyn Fn(usize) -> Option<&'static str>) -> String {
        use rulecheck_game::svg::{star, Piece, SEAT_COLOURS};
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
        star(&holes)
    }

    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        rulecheck_game::notation::only_notation(name, "holes", "Chinese checkers")
    }

    fn move_examples(&self) -> &'static str {
        "q1-p1 (a step), p2-n2-l2 (hops, every landing hole) or p2-l2 (a chain by its ends)"
    }

    fn parse_move(&self, text: &str) -> Result<MoveText, NotationError> {
        notation::parse_move(text)
    }

    fn cells(&self, written: &MoveText) -> Vec<usize> {
        match written {
            MoveText::Path(p) => p.iter().map(|&h| usize::from(h)).collect(),
            MoveText::Pass => Vec::new(),
        }
    }

    fn move_key(&self, _pos: &Position, written: &MoveText, _text: &str) -> Result<MoveKey, NotationError> {
        Ok(match written {
            MoveText::Pass => MoveKey { key: "pass".into(), display: "pass".into() },
            MoveText::Path(p) => {
                let (from, to) = (p[0], p[p.len() - 1]);
                MoveKey { key: format!("{from}>{to}"), display: notation::write_move(from, to) }
            }
        })
    }

    fn parse_square(&self, text: &str) -> Result<usize, NotationError> {
        notation::parse_hole_text(text).map(usize::from)
    }

    fn write_square(&self, hole: usize) -> String {
        u8::try_from(hole).map(|h| board::Board::get().name(h)).unwrap_or_default()
    }

    /// Chinese checkers has no captures: a move only carries a piece from
    /// one hole to another, so no hole ever loses another seat's piece, and
    /// what a move captured is always nothing.
    fn occupied(&self, pos: &Position) -> Vec<(usize, u8)> {
        let holes = pos.cells.iter().enumerate();
        holes.filter(|&(_, &c)| c != position::EMPTY).map(|(h, &c)| (h, position::seat_of(c))).collect()
    }

    fn remove(&self, pos: &mut Position, cell: usize) {
        if let Some(c) = pos.cells.get_mut(cell) {
            *c = position::EMPTY;
        }
    }

    fn begin(&self, pos: Position) -> Match<'_> {
        Match::new(self, pos)
    }

    fn position<'s>(&self, state: &'s Match<'_>) -> &'s Position {
        state.position()
    }

    fn outcome(&self, state: &Match<'_>) -> String {
        state.outcome().to_string()
    }

    fn legal_moves<'s>(&self, state: &'s Match<'_>) -> &'s [Move] {
        state.legal_moves()
    }

    /// A declared draw is refused whoever declares it, so its player is
    /// not read.
    fn action(&self, state: &Match<'_>, action: &Action) -> Result<Result<game::Action, &'static str>, NotationError> {
        Ok(Ok(match action {
            Action::Move(text) => match self.resolve(state, &notation::parse_move(text)?) {
                Ok(m) => game::Action::Move(m),
                Err(reason) => return Ok(Err(reason)),
            },
            Action::Resign(p) => game::Action::Resign(self.player(p)?),
            Action::OfferDraw(p) => game::Action::OfferDraw(self.player(p)?),
            Action::AcceptDraw(p) => game::Action::AcceptDraw(self.player(p)?),
            Action::ClaimDraw(p) => game::Action::ClaimDraw(self.player(p)?),
            Action::DeclareDraw(_) => game::Action::DeclareDraw,
        }))
    }

    fn play(&self, state: &mut Match<'_>, action: game::Action) -> Result<(), &'static str> {
        state.play(action)
    }

    /// `turns`, `quiet` and `best`; who has finished or resigned is the
    /// state of the table, not a counter.
    fn counters(&self, pos: &Position) -> Vec<(&'static str, String)> {
        let seats = usize::from(self.players);
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
        out
    }

    fn clear_counter(&self, pos: &mut Position, name: &str) {
        match name {
            "turns" => pos.turns = [0; 6],
            "quiet" => pos.quiet = 0,
            "best" => pos.best = [0; 6],
            _ => {}
        }
    }

    /// `turns` feeds only the move limit, `quiet` and `best` only the
    /// no-progress limit.
    fn unread_counters(&self) -> Vec<&'static str> {
        let mut unread = Vec::new();
        if self.move_limit.is_none() {
            unread.push("turns");
        }
        if self.no_progress.is_none() {
            unread.extend(["quiet", "best"]);
        }
        unread
    }

    fn perft(&self, _paths: bool) -> game::Plain<'_> {
        game::Plain(self)
    }

    fn hashed(&self, _paths: bool, bytes: usize, threads: usize) -> Result<Vec<hash::Hashed<'_>>, TableError> {
        let mut first = hash::Hashed::new(self, bytes)?;
        let others: Vec<_> = (1..threads).map(|_| first.share()).collect();
        Ok(std::iter::once(first).chain(others).collect())
    }
}
