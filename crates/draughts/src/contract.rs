//! A draughts variant as a family of the contract: positions, moves,
//! sides, matches and perft walks in the family's own types, which
//! `rulecheck_game::Text` speaks as text. Apart from `Draughts` itself,
//! which speaks the family's own types, so that each reads on its own.

use crate::notation::MoveText;
use crate::{
    explain, game, geometry, notation, perft, Counting, Dispatch, Draughts, Generator, KingRun, Match, Move, Perft,
    Position, Side, SquareStyle,
};
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::TableError;
use rulecheck_game::walk::Notated;
use rulecheck_game::{probe, Action, Family, MoveKey};

impl<B: Dispatch> Family for Draughts<B> {
    type Player = Side;
    type Written = MoveText;
    type Action = game::Action<B>;
    type State<'a> = Match<'a, B>;
    type Perft<'a> = Perft<'a, B>;
    type Hashed<'a> = perft::hash::Hashed<'a, B>;

    fn variant(&self) -> &'static str {
        self.variant
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

    fn players(&self) -> Vec<Side> {
        let first = self.rules.first;
        vec![first, first.other()]
    }

    fn player_name(&self, side: Side) -> String {
        side.name().to_string()
    }

    fn start(&self) -> Position<B> {
        Position::start(&self.rules)
    }

    fn write_position(&self, pos: &Position<B>) -> String {
        self.fen(pos)
    }

    /// The counters the rules do not use dropped.
    fn normalize(&self, pos: Position<B>) -> Position<B> {
        notation::normalize(&pos, &self.rules)
    }

    fn turn(&self, pos: &Position<B>) -> Side {
        pos.turn
    }

    fn set_turn(&self, pos: &mut Position<B>, side: Side) {
        pos.turn = side;
    }

    fn diagram(&self, pos: &Position<B>) -> String {
        notation::write_diagram(pos, &self.rules, self.style)
    }

    fn draw(&self, pos: &Position<B>, mark: &dyn Fn(usize) -> Option<&'static str>) -> String {
        use rulecheck_game::svg::{square_board, Piece, BLACK, WHITE};
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
        square_board(usize::from(g.size()), &cells, &dark, &labels, &marks)
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

    fn parse_move(&self, text: &str) -> Result<MoveText, NotationError> {
        notation::parse_move(text, self.g())
    }

    fn cells(&self, written: &MoveText) -> Vec<usize> {
        written.squares.iter().map(|&s| usize::from(s)).collect()
    }

    fn move_key(&self, pos: &Position<B>, parsed: &MoveText, text: &str) -> Result<MoveKey, NotationError> {
        let mut legal = Vec::new();
        Generator::new(&self.rules).legal_moves(pos, &mut legal);
        let found = self.candidates(pos, &legal, parsed);
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

    fn parse_square(&self, text: &str) -> Result<usize, NotationError> {
        notation::parse_square_text(text, self.g()).map(usize::from)
    }

    fn write_square(&self, cell: usize) -> String {
        u8::try_from(cell).map(|sq| notation::square_name(sq, self.g(), self.style)).unwrap_or_default()
    }

    /// Men and kings alike: a man crowned on the way is still its side's.
    fn occupied(&self, pos: &Position<B>) -> Vec<(usize, Side)> {
        let g = self.g();
        let of = |set: B, side: Side| g.squares_of(set).into_iter().map(move |sq| (usize::from(sq), side));
        of(pos.black, Side::Black).chain(of(pos.white, Side::White)).collect()
    }

    /// A same-king run on the square is ended with its king.
    fn remove(&self, pos: &mut Position<B>, cell: usize) {
        let Ok(square) = u8::try_from(cell) else { return };
        let bit = self.g().bit(square);
        let keep = !B::bit(bit);
        pos.black &= keep;
        pos.white &= keep;
        pos.kings &= keep;
        for run in &mut pos.king_runs {
            if run.moves > 0 && run.square == bit {
                *run = KingRun::NONE;
            }
        }
    }

    fn begin(&self, pos: Position<B>) -> Match<'_, B> {
        Match::new(&self.rules, pos)
    }

    fn position<'s>(&self, state: &'s Match<'_, B>) -> &'s Position<B> {
        state.position()
    }

    fn outcome(&self, state: &Match<'_, B>) -> String {
        state.outcome().to_string()
    }

    fn legal_moves<'s>(&self, state: &'s Match<'_, B>) -> &'s [Move<B>] {
        state.legal_moves()
    }

    fn action(
        &self,
        state: &Match<'_, B>,
        action: &Action,
    ) -> Result<Result<game::Action<B>, &'static str>, NotationError> {
        Ok(Ok(match action {
            Action::Move(text) => {
                let parsed = notation::parse_move(text, self.g())?;
                let found = self.candidates(state.position(), state.legal_moves(), &parsed);
                match found.as_slice() {
                    [one] => game::Action::Move(*one),
                    [] => return Ok(Err(explain::explain(state, &parsed).unwrap_or("illegal"))),
                    _ => return Ok(Err("ambiguous")),
                }
            }
            Action::Resign(p) => game::Action::Resign(self.player(p)?),
            Action::OfferDraw(p) => game::Action::OfferDraw(self.player(p)?),
            Action::AcceptDraw(p) => game::Action::AcceptDraw(self.player(p)?),
            Action::ClaimDraw(p) => game::Action::ClaimDraw(self.player(p)?),
            Action::DeclareDraw(p) if p == "arbiter" => game::Action::DeclareDraw(None),
            Action::DeclareDraw(p) => game::Action::DeclareDraw(Some(self.player(p)?)),
        }))
    }

    fn play(&self, state: &mut Match<'_, B>, action: game::Action<B>) -> Result<(), &'static str> {
        state.play(action).map_err(|r| r.code())
    }

    /// A move is explained as written, read against every route of every
    /// legal move: a shorthand that stands for more than one legal move is
    /// not refused here, though playing it is.
    fn explain(&self, state: &Match<'_, B>, action: &Action) -> Result<Option<&'static str>, NotationError> {
        match action {
            Action::Move(text) => Ok(explain::explain(state, &self.parse_move(text)?)),
            _ => probe(self, state, action),
        }
    }

    fn counters(&self, pos: &Position<B>) -> Vec<(&'static str, String)> {
        notation::counters(pos, &self.rules)
            .into_iter()
            .filter(|&(_, v)| v != 0)
            .map(|(n, v)| (n, v.to_string()))
            .chain(notation::king_run_counters(pos, &self.rules, self.style))
            .collect()
    }

    fn clear_counter(&self, pos: &mut Position<B>, name: &str) {
        match name {
            "np" => pos.quiet_plies = 0,
            "nm" => pos.plies_since_man_move = 0,
            "eg" => pos.endgame_plies = 0,
            "wk" => pos.king_runs[1] = Default::default(),
            "bk" => pos.king_runs[0] = Default::default(),
            _ => {}
        }
    }

    fn perft(&self, paths: bool) -> Perft<'_, B> {
        Perft::new(&self.rules, counting(paths))
    }

    fn hashed(&self, paths: bool, bytes: usize, threads: usize) -> Result<Vec<perft::hash::Hashed<'_, B>>, TableError> {
        let mut first = perft::hash::Hashed::new(&self.rules, counting(paths), bytes)?;
        let others: Vec<_> = (1..threads).map(|_| first.share()).collect();
        Ok(std::iter::once(first).chain(others).collect())
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
/// counts of `rulecheck_game::walk::Counted`.
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
