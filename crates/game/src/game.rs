//! What every game family provides, so that the oracle, the engines and the
//! CLI can treat all games alike: the [`Variant`] and [`Game`] traits and the
//! values that cross them. Which families and variants exist is the
//! registry's business (`crate::registry`), so this module names no family.
//!
//! The boundary is text: positions, moves, actions and results travel in the
//! spec's notations, exactly as they do between rulecheck and an external
//! engine. Each family parses and prints its own notations.

use std::collections::BTreeMap;
use std::fmt;

use crate::notation::NotationError;
use crate::table::{Stats, TableError};

/// House-rule settings, by option name.
pub type Options = BTreeMap<String, String>;

/// One house rule of a variant.
#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    /// The values it takes; an entry `A..B` stands for every whole number
    /// from A to B.
    pub values: &'static [&'static str],
    pub default: &'static str,
    pub help: &'static str,
    /// Whether the option says which game is played (the number of
    /// players, the board, the set of pieces) rather than a rule of that
    /// game. A scenario set to a value of it that an engine does not
    /// declare is skipped, never run under a value the engine declares:
    /// a five-player game is not a six-player game with a seat left empty,
    /// whatever the reference answers in it.
    pub never_adapted: bool,
}

impl OptionSpec {
    /// Whether a value is one the option takes.
    pub fn accepts(&self, value: &str) -> bool {
        self.values.iter().any(|v| match v.split_once("..") {
            Some((lo, hi)) => match (lo.parse::<u32>(), hi.parse::<u32>(), value.parse::<u32>()) {
                (Ok(lo), Ok(hi), Ok(n)) => (lo..=hi).contains(&n) && value == n.to_string(),
                _ => false,
            },
            None => *v == value,
        })
    }
}

/// What a variant is, as data: the facts the catalog, the listings and the
/// scenario files show, the same for every family.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The id used everywhere (`english`, `russian`, ...).
    pub id: &'static str,
    /// The game family folder it belongs to.
    pub family: &'static str,
    /// The rule page the variant is written from.
    pub page: &'static str,
    pub title: &'static str,
    /// The house rules it offers.
    pub options: &'static [OptionSpec],
}

/// A variant: a family's rules under a name, with the house rules it offers.
/// Its facts are a [`VariantInfo`]; the trait holds what differs in kind.
/// A family implements it through [`crate::Configure`].
pub trait Variant: Sync {
    /// Its id, family, page, title and options.
    fn info(&self) -> &VariantInfo;
    /// Check a complete set of options for combinations the rules forbid.
    fn validate(&self, _options: &Options) -> Result<(), String> {
        Ok(())
    }
    /// The game under validated options (every option present).
    fn configure(&self, options: &Options) -> Box<dyn Game>;
    /// The names of the single-rule deviations of its family's rules.
    fn deviations(&self) -> Vec<&'static str>;
    /// The game under validated options with the named deviation applied
    /// (the variant's own where its family has no such deviation), and
    /// whether the deviation changed its rules.
    fn deviant(&self, options: &Options, deviation: &str) -> (Box<dyn Game>, bool);
    /// Why a deviation cannot change this variant's play, if it cannot.
    fn inert(&self, deviation: &str) -> Option<&'static str>;
    /// Whether two deviations make the very same rules under validated
    /// options (two ways to one game, which no scenario can tell apart).
    fn same_rules(&self, options: &Options, a: &str, b: &str) -> bool;
}

/// Something a player does: a move in the game's notation, or an action at
/// the board by a named player (`black`, `white`, later `seat 3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Move(String),
    Resign(String),
    OfferDraw(String),
    AcceptDraw(String),
    ClaimDraw(String),
    /// A draw declared because neither side can win, by a player or by
    /// `arbiter`.
    DeclareDraw(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => f.write_str(m),
            Action::Resign(p) => write!(f, "resign by {p}"),
            Action::OfferDraw(p) => write!(f, "offer-draw by {p}"),
            Action::AcceptDraw(p) => write!(f, "accept-draw by {p}"),
            Action::ClaimDraw(p) => write!(f, "claim-draw by {p}"),
            Action::DeclareDraw(p) => write!(f, "declare-draw by {p}"),
        }
    }
}

/// How the game stands after a sequence of actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The final position, in the family's canonical position notation.
    pub position: String,
    /// The player to move.
    pub to_move: String,
    /// `ongoing`, `<player> wins: <reason>` or `draw: <reason>`.
    pub result: String,
    /// The legal moves in the final position (none once the game is over),
    /// in canonical notation.
    pub moves: Vec<String>,
}

/// An action of a sequence that could not be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// Index of the action in the sequence (0-based).
    pub index: usize,
    /// The reason code.
    pub reason: String,
    /// The position it was refused in.
    pub position: String,
}

/// A move's identity: two notations denote the same move when they have the
/// same start, end and set of captured pieces (or whatever the family's
/// identity is). `display` is its canonical notation.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveKey {
    pub key: String,
    pub display: String,
}

/// Errors of a request to a game that are the request's fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A position, move or player that does not parse or does not exist.
    Notation(NotationError),
    /// An action of the sequence was refused.
    Rejected(Rejection),
}

impl From<NotationError> for GameError {
    fn from(e: NotationError) -> Self {
        GameError::Notation(e)
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Notation(e) => write!(f, "{}", e.message),
            GameError::Rejected(r) => write!(f, "action {} refused: {}", r.index + 1, r.reason),
        }
    }
}

/// A variant under a fixed set of house rules: the reference rules of one
/// game, spoken in text.
pub trait Game: Send + Sync {
    fn variant(&self) -> &'static str;
    /// The players' names, in turn order from the first.
    fn players(&self) -> Vec<String>;
    fn start_position(&self) -> String;
    /// Parse a position (FEN-like string or diagram) into canonical form.
    fn normalize_position(&self, text: &str) -> Result<String, NotationError>;
    /// Draw a position as a diagram the position parser reads back.
    fn diagram(&self, position: &str) -> Result<String, NotationError>;
    /// Draw a position as an SVG picture.
    fn svg(&self, position: &str) -> Result<String, NotationError> {
        self.svg_marked(position, &[], &[])
    }
    /// Draw a position with the squares of some moves marked: those only
    /// the spec expects, and those only the engine gave.
    fn svg_marked(
        &self,
        position: &str,
        expected_only: &[String],
        actual_only: &[String],
    ) -> Result<String, NotationError> {
        let cells = |moves: &[String]| -> Vec<usize> { moves.iter().flat_map(|m| self.move_cells(m)).collect() };
        let (want, got) = (cells(expected_only), cells(actual_only));
        self.draw(position, &|cell| crate::svg::mark(&cell, &want, &got))
    }
    /// The cells a written move touches (its start, landings and removals),
    /// by the family's own index of the cells [`Game::draw`] marks; none for
    /// a move that does not parse.
    fn move_cells(&self, text: &str) -> Vec<usize>;
    /// Draw a position as an SVG picture, each cell marked as `mark` says
    /// (by the index of [`Game::move_cells`]).
    fn draw(&self, position: &str, mark: &dyn Fn(usize) -> Option<&'static str>) -> Result<String, NotationError>;
    /// Choose how positions and moves are written on output (input accepts
    /// every notation of the family).
    fn set_notation(&mut self, name: &str) -> Result<(), String>;
    /// How moves are written, for error messages: a few examples.
    fn move_examples(&self) -> &'static str;
    /// Check that a move is well-formed notation on this board.
    fn check_move(&self, text: &str) -> Result<(), NotationError>;
    /// Play a sequence of actions from a position.
    fn replay(&self, position: &str, actions: &[Action]) -> Result<Replay, GameError>;
    /// The identity of a move written in a position; a shorthand is resolved
    /// against the legal moves (an ambiguous one is an error).
    fn move_key(&self, position: &str, text: &str) -> Result<MoveKey, NotationError>;
    /// Why an action is refused after a sequence, as a reason code; `None`
    /// when it would be accepted.
    fn explain(&self, position: &str, played: &[Action], action: &Action) -> Result<Option<String>, GameError>;
    /// The board positions are written on, in words (its size and family): two
    /// games on the same board read one position alike.
    fn board(&self) -> String;
    /// A square as moves write it, in the notation moves are written in:
    /// two spellings of one square (`22` and `c3` on an 8x8 draughts
    /// board) compare equal this way.
    fn normalize_square(&self, text: &str) -> Result<String, NotationError>;
    /// The squares whose pieces the move from `before` to `after` took:
    /// those that held a piece of an opponent of the player to move in
    /// `before` and hold none of that opponent's pieces in `after`, written
    /// as [`Game::normalize_square`] writes them, in natural order. None
    /// for a move that took nothing, and for a family without captures.
    fn captured(&self, before: &str, after: &str) -> Result<Vec<String>, NotationError>;
    /// The squares pieces stand on, as [`Game::normalize_square`] writes
    /// them, in natural order, each with its owner's name.
    fn pieces(&self, position: &str) -> Result<Vec<(String, String)>, NotationError>;
    /// The position, in canonical form, with the piece on `square` taken
    /// off; an error when no piece stands there or the position left is
    /// not one the notation reads.
    fn without_piece(&self, position: &str, square: &str) -> Result<String, NotationError>;
    /// The counters a position carries, by name with their values as
    /// written, those at their defaults left out: the numbers that draw and
    /// move-limit rules keep beside the board (`np`, `turns`, ...). Fuzzing
    /// an engine that keeps other counters compares only those both keep.
    fn counters(&self, position: &str) -> Result<Vec<(&'static str, String)>, NotationError> {
        self.normalize_position(position).map(|_| Vec::new())
    }
    /// The position in canonical form with the named counters at their
    /// defaults.
    fn clear_counters(&self, position: &str, _names: &[&str]) -> Result<String, NotationError> {
        self.normalize_position(position)
    }
    /// The counters of [`Game::counters`] that no rule of these house rules
    /// reads (Chinese checkers' `turns` without a move limit): an engine
    /// that plays those rules off has no reason to keep them, so the oracle
    /// leaves them out when it compares positions.
    fn unread_counters(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// The position in canonical form with the first player to move. Two
    /// positions of a finished game are compared this way: nobody moves in
    /// them, and the rule pages do not say whose turn a finished game is.
    fn turn_cleared(&self, position: &str) -> Result<String, NotationError> {
        self.normalize_position(position)
    }
    /// A perft without a table, for one thread (`paths` counts every path
    /// of a capture): the count behind [`Game::perft`] and
    /// [`Game::divide_observed`]. A family builds it from its walk and its
    /// notation (`walk::Counted`).
    fn counter(&self, paths: bool) -> Box<dyn Counter + '_>;
    /// `threads` perfts (at least one, one a thread of a count) that keep
    /// one transposition table of about `bytes` between them across their
    /// counts (`perft --hash`, `perft -j N --hash`): what one stores, the
    /// others find. Their counts are [`Game::counter`]'s.
    fn hashed(&self, paths: bool, bytes: usize, threads: usize) -> Result<Vec<Box<dyn Counter + '_>>, TableError>;
    /// Leaf nodes of the move tree; `paths` counts every path of a capture.
    fn perft(&self, position: &str, depth: u32, paths: bool) -> Result<u64, NotationError> {
        self.counter(paths).perft(position, depth)
    }
    /// The leaf count below each legal move, in canonical notation.
    fn divide(&self, position: &str, depth: u32, paths: bool) -> Result<Vec<(String, u64)>, NotationError> {
        self.divide_observed(position, depth, paths, &|| {})
    }
    /// [`Game::divide`], calling `done` as each move's count is finished (for
    /// a progress bar).
    fn divide_observed(
        &self,
        position: &str,
        depth: u32,
        paths: bool,
        done: &dyn Fn(),
    ) -> Result<Vec<(String, u64)>, NotationError> {
        self.counter(paths).divide_observed(position, depth, done)
    }
}

/// A perft for one thread: the counts of [`Game::perft`] and
/// [`Game::divide_observed`], with what it counted kept from one count to
/// the next where it keeps a transposition table.
pub trait Counter: Send {
    fn perft(&mut self, position: &str, depth: u32) -> Result<u64, NotationError>;
    fn divide_observed(
        &mut self,
        position: &str,
        depth: u32,
        done: &dyn Fn(),
    ) -> Result<Vec<(String, u64)>, NotationError>;
    fn stats(&self) -> Stats;
}

/// The deepest perft rulecheck counts: far beyond what any tree that has
/// more than one move a ply can be counted to, and shallow enough that no
/// count runs out of memory or stack on its depth alone.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A perft stopped because the tree is larger than its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The first depth whose leaf count passes the budget.
    pub depth: u32,
    /// Its leaf count.
    pub nodes: u64,
}

/// The leaf counts at depths 1 to `depth`, counted one depth after another
/// and stopped at the first whose count passes `budget` leaves. Counting a
/// depth generates the moves of every position one ply above it, which is
/// the previous depth's count, so the work stays within about `depth *
/// budget` positions however large the tree below is.
pub fn perft_within(
    game: &dyn Game,
    position: &str,
    depth: u32,
    paths: bool,
    budget: u64,
) -> Result<Result<Vec<u64>, OverBudget>, NotationError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(NotationError::whole(format!(
            "perft depth {depth} is beyond {MAX_PERFT_DEPTH}, the deepest rulecheck counts"
        )));
    }
    let mut counts = Vec::new();
    for d in 1..=depth {
        let nodes = game.perft(position, d, paths)?;
        if nodes > budget {
            return Ok(Err(OverBudget { depth: d, nodes }));
        }
        counts.push(nodes);
    }
    Ok(Ok(counts))
}

/// A perft depth given as text, checked against [`MAX_PERFT_DEPTH`].
pub fn perft_depth(text: &str) -> Result<u32, String> {
    let t = text.trim();
    match t.parse::<u32>() {
        Ok(d) if d <= MAX_PERFT_DEPTH => Ok(d),
        _ if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("depth {} is beyond {MAX_PERFT_DEPTH}, the deepest rulecheck counts", rulecheck_text::shown(t)))
        }
        _ => Err(format!("depth '{}' is not a whole number (0 to {MAX_PERFT_DEPTH})", rulecheck_text::shown(t))),
    }
}
