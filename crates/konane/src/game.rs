//! Konane behind the [`Game`] contract: positions, moves and actions as
//! text, replay, outcome, explanations and perft.

use super::explain::explain;
use super::moves::{self, apply, legal_moves, Move};
use super::notation::{self, MoveText};
use super::rules::Rules;
use super::{other, side_name, Position, BLACK, WHITE};
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::TableError;
use rulecheck_game::walk::{Counted, Notated};
use rulecheck_game::{
    Action, Counter, Game, GameError, MoveKey, OptionSpec, Options, Rejection, Replay, Variant, VariantInfo,
};

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

impl Variant for Konane {
    fn info(&self) -> &VariantInfo {
        &INFO
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
                rulecheck_text::shown(other)
            ))),
        }
    }

    /// Replay, returning the final position and the result.
    fn play_out(&self, position: &str, actions: &[Action]) -> Result<(Position, Option<String>), GameError> {
        let mut pos = self.parse_position(position)?;
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
                    pos = apply(&pos, &self.rules, m);
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

/// Positions as the family reads them, moves as it writes them, for the
/// counts of [`Counted`].
impl Notated for KonaneGame {
    type Position = Position;
    type Move = Move;
    fn parse_position(&self, text: &str) -> Result<Position, NotationError> {
        notation::parse_position(text, self.rules.size)
    }
    fn write_move(&self, pos: &Position, m: &Move) -> String {
        Self::write(pos, *m)
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
    fn board(&self) -> String {
        format!("{0}x{0} konane", self.rules.size)
    }

    fn normalize_position(&self, text: &str) -> Result<String, NotationError> {
        Ok(notation::write_position(&self.parse_position(text)?))
    }
    fn diagram(&self, position: &str) -> Result<String, NotationError> {
        Ok(notation::write_diagram(&self.parse_position(position)?))
    }
    fn turn_cleared(&self, position: &str) -> Result<String, NotationError> {
        let mut pos = self.parse_position(position)?;
        pos.to_move = BLACK;
        Ok(notation::write_position(&pos))
    }
    fn move_cells(&self, text: &str) -> Vec<usize> {
        match notation::parse_move(text, self.rules.size) {
            Ok(MoveText::Removal(i)) => vec![i],
            Ok(MoveText::Jump(p)) => p,
            Err(_) => Vec::new(),
        }
    }
    fn draw(&self, position: &str, mark: &dyn Fn(usize) -> Option<&'static str>) -> Result<String, NotationError> {
        use rulecheck_game::svg::{square_board, Piece, BLACK as DARK_STONE, WHITE as LIGHT_STONE};
        let pos = self.parse_position(position)?;
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
        Ok(square_board(n, &cells, &dark, &labels, &marks))
    }

    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        rulecheck_game::notation::only_notation(name, "algebraic", "Konane")
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
        let pos = self.parse_position(position)?;
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
    fn counter(&self, _paths: bool) -> Box<dyn Counter + '_> {
        Box::new(Counted::new(self, moves::Plain(&self.rules)))
    }
    fn hashed(&self, _paths: bool, bytes: usize) -> Result<Box<dyn Counter + '_>, TableError> {
        Ok(Box::new(Counted::new(self, moves::hash::hashed(&self.rules, bytes)?)))
    }
}
