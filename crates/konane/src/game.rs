//! Konane as a family of the contract: a game in progress ([`Match`]: the
//! position, a resignation), the variant's options, and positions, moves
//! and actions in the family's own types, which `rulecheck_game::Text`
//! speaks as text.

use super::explain::explain;
use super::moves::{self, apply, legal_moves, Move};
use super::notation::{self, MoveText};
use super::rules::Rules;
use super::{other, side_name, Position, BLACK, EMPTY, WHITE};
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::TableError;
use rulecheck_game::walk::{Notated, Walk};
use rulecheck_game::{Action as TextAction, Configure, Family, MoveKey, OptionSpec, Options, VariantInfo};

/// Konane, registered.
pub struct Konane;

pub static KONANE: Konane = Konane;

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "size",
    values: &["6", "8", "10", "12", "14", "16"],
    default: "8",
    help: "the side of the square board (even)",
    never_adapted: true,
}];

static INFO: VariantInfo = VariantInfo {
    id: "konane",
    family: "konane",
    page: "konane.hi",
    title: "Konane (Hawaiian checkers: a full board, two removals, orthogonal jumps in a straight line)",
    options: OPTIONS,
};

impl Configure for Konane {
    type Rules = Rules;
    fn info(&self) -> &VariantInfo {
        &INFO
    }
    fn rules(&self, options: &Options) -> Rules {
        Rules::new(options.get("size").and_then(|s| s.parse().ok()).unwrap_or(8))
    }
}

/// Something a player does that Konane knows: there are no draws.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    Move(Move),
    /// A resignation, by a side.
    Resign(u8),
}

/// A game from a given position on: the position, its legal moves, and
/// the side that resigned, if one did.
#[derive(Clone, Debug)]
pub struct Match<'r> {
    rules: &'r Rules,
    position: Position,
    legal: Vec<Move>,
    resigned: Option<u8>,
}

impl<'r> Match<'r> {
    pub fn new(rules: &'r Rules, position: Position) -> Match<'r> {
        let legal = legal_moves(&position, rules);
        Match { rules, position, legal, resigned: None }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Over by a resignation, or because the side to move has no jump.
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.legal.is_empty()
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> &[Move] {
        if self.resigned.is_some() {
            &[]
        } else {
            &self.legal
        }
    }

    /// `ongoing`, `<side> wins: <reason>` or `draw: no-moves`.
    pub fn outcome(&self) -> String {
        if let Some(side) = self.resigned {
            return format!("{} wins: resign", side_name(other(side)));
        }
        if self.legal.is_empty() {
            if self.rules.no_jump_draws {
                return "draw: no-moves".to_string();
            }
            return format!("{} wins: no-moves", side_name(other(self.position.to_move)));
        }
        "ongoing".to_string()
    }

    /// Take an action: a move the caller has found legal, or a
    /// resignation.
    pub fn play(&mut self, action: Action) {
        match action {
            Action::Move(m) => {
                self.position = apply(&self.position, self.rules, m);
                self.legal = legal_moves(&self.position, self.rules);
            }
            Action::Resign(side) => self.resigned = Some(side),
        }
    }
}

/// The move a written move names.
fn named(written: &MoveText) -> Move {
    match written {
        MoveText::Removal(i) => Move::Remove(*i),
        MoveText::Jump(p) => Move::Jump { from: p[0], to: *p.last().unwrap_or(&p[0]) },
    }
}

/// Positions as the family reads them, moves as it writes them, for the
/// counts of `rulecheck_game::walk::Counted`.
/// Konane under fixed rules is a `rulecheck_game::Family`: the rules are
/// the game.
impl Notated for Rules {
    type Position = Position;
    type Move = Move;
    fn parse_position(&self, text: &str) -> Result<Position, NotationError> {
        notation::parse_position(text, self.size)
    }
    fn write_move(&self, pos: &Position, m: &Move) -> String {
        match *m {
            Move::Remove(i) => format!("-{}", pos.name(i)),
            Move::Jump { from, to } => format!("{}-{}", pos.name(from), pos.name(to)),
        }
    }
}

impl Family for Rules {
    type Player = u8;
    type Written = MoveText;
    type Action = Action;
    type State<'a> = Match<'a>;
    type Perft<'a> = moves::Plain<'a>;
    type Hashed<'a> = Box<dyn Walk<Position, Move> + 'a>;

    fn variant(&self) -> &'static str {
        "konane"
    }
    fn board(&self) -> String {
        format!("{0}x{0} konane", self.size)
    }
    fn players(&self) -> Vec<u8> {
        vec![BLACK, WHITE]
    }
    fn player_name(&self, side: u8) -> String {
        side_name(side).to_string()
    }

    fn start(&self) -> Position {
        Position::start(self.size)
    }
    fn write_position(&self, pos: &Position) -> String {
        notation::write_position(pos)
    }
    fn turn(&self, pos: &Position) -> u8 {
        pos.to_move
    }
    fn set_turn(&self, pos: &mut Position, side: u8) {
        pos.to_move = side;
    }
    fn diagram(&self, pos: &Position) -> String {
        notation::write_diagram(pos)
    }
    fn draw(&self, pos: &Position, mark: &dyn Fn(usize) -> Option<&'static str>) -> String {
        use rulecheck_game::svg::{square_board, Piece, BLACK as DARK_STONE, WHITE as LIGHT_STONE};
        let n = usize::from(pos.size);
        let index = |r: usize, c: usize| (n - 1 - r) * n + c;
        let cells = |r: usize, c: usize| match pos.cells[index(r, c)] {
            BLACK => Some(Piece { fill: DARK_STONE, king: false }),
            WHITE => Some(Piece { fill: LIGHT_STONE, king: false }),
            _ => None,
        };
        let dark = |r: usize, c: usize| (r + c) % 2 == 1;
        let labels = |r: usize, c: usize| Some(pos.name(index(r, c)));
        let marks = |r: usize, c: usize| mark(index(r, c));
        square_board(n, &cells, &dark, &labels, &marks)
    }
    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        rulecheck_game::notation::only_notation(name, "algebraic", "Konane")
    }
    fn move_examples(&self) -> &'static str {
        "-d4 (an opening removal), d6-d4 or d6-d4-d2 (jumps)"
    }

    fn parse_move(&self, text: &str) -> Result<MoveText, NotationError> {
        notation::parse_move(text, self.size)
    }
    fn cells(&self, written: &MoveText) -> Vec<usize> {
        match written {
            MoveText::Removal(i) => vec![*i],
            MoveText::Jump(p) => p.clone(),
        }
    }
    fn move_key(&self, pos: &Position, written: &MoveText, _text: &str) -> Result<MoveKey, NotationError> {
        let display = self.write_move(pos, &named(written));
        Ok(MoveKey { key: display.clone(), display })
    }

    fn parse_square(&self, text: &str) -> Result<usize, NotationError> {
        notation::parse_cell_text(text, self.size)
    }
    fn write_square(&self, cell: usize) -> String {
        super::cell_name(cell, self.size)
    }
    /// The removals of the opening take the mover's own stones: only a
    /// jump takes the other side's.
    fn occupied(&self, pos: &Position) -> Vec<(usize, u8)> {
        pos.cells.iter().enumerate().filter(|&(_, &c)| c != EMPTY).map(|(i, &c)| (i, c)).collect()
    }

    fn remove(&self, pos: &mut Position, cell: usize) {
        if let Some(c) = pos.cells.get_mut(cell) {
            *c = EMPTY;
        }
    }

    fn begin(&self, pos: Position) -> Match<'_> {
        Match::new(self, pos)
    }
    fn position<'s>(&self, state: &'s Match<'_>) -> &'s Position {
        state.position()
    }
    fn outcome(&self, state: &Match<'_>) -> String {
        state.outcome()
    }
    fn legal_moves<'s>(&self, state: &'s Match<'_>) -> &'s [Move] {
        state.legal_moves()
    }
    /// A finished game refuses every action before it is read; a move is
    /// refused with the reason [`explain`] gives, a draw with the rules'
    /// want of one.
    fn action(&self, state: &Match<'_>, action: &TextAction) -> Result<Result<Action, &'static str>, NotationError> {
        if state.is_over() {
            return Ok(Err("game-over"));
        }
        Ok(match action {
            TextAction::Move(text) => {
                let parsed = self.parse_move(text)?;
                match explain(state.position(), self, &parsed) {
                    Some(reason) => Err(reason),
                    None => Ok(Action::Move(named(&parsed))),
                }
            }
            TextAction::Resign(p) => Ok(Action::Resign(self.player(p)?)),
            TextAction::OfferDraw(p) | TextAction::AcceptDraw(p) | TextAction::ClaimDraw(p) => {
                self.player(p)?;
                Err("no-draw-agreement")
            }
            TextAction::DeclareDraw(_) => Err("no-draw-declaration"),
        })
    }
    fn play(&self, state: &mut Match<'_>, action: Action) -> Result<(), &'static str> {
        state.play(action);
        Ok(())
    }

    fn perft(&self, _paths: bool) -> moves::Plain<'_> {
        moves::Plain(self)
    }
    fn hashed(
        &self,
        _paths: bool,
        bytes: usize,
        threads: usize,
    ) -> Result<Vec<Box<dyn Walk<Position, Move> + '_>>, TableError> {
        moves::hash::hashed(self, bytes, threads)
    }
}
