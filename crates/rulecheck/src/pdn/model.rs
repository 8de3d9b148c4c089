//! The model of a PDN file and of its replay: the games as read (tags,
//! moves, terminator, each with its place), the recorded result, and the
//! report of each game's replay (its status, the first illegal move, how
//! the recorded result compares with the board). The reader, the replay
//! and the writers all speak these types, so they live apart from each.

use std::fmt;
use std::path::PathBuf;

use crate::registry::SetupError;
use crate::scenario::Loc;

/// A problem in the text of a PDN file, at a place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub loc: Loc,
    pub message: String,
}

/// Most problems of a file that are printed; the rest are counted.
const MAX_PROBLEMS_SHOWN: usize = 100;

/// Why a PDN file could not be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnError {
    /// The variant or its options do not exist.
    Setup(SetupError),
    /// The file could not be read.
    Io { file: PathBuf, message: String },
    /// The file is not PDN: every problem found, located.
    Parse { file: PathBuf, problems: Vec<Problem> },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::Setup(e) => write!(f, "{e}"),
            PdnError::Io { file, message } => write!(f, "{}: {message}", file.display()),
            PdnError::Parse { file, problems } => {
                for (i, p) in problems.iter().take(MAX_PROBLEMS_SHOWN).enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{}:{}:{}: {}", file.display(), p.loc.line, p.loc.col, p.message)?;
                }
                if problems.len() > MAX_PROBLEMS_SHOWN {
                    write!(f, "\n{}: and {} more problems", file.display(), problems.len() - MAX_PROBLEMS_SHOWN)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for PdnError {}

/// A move as written in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnMove {
    pub text: String,
    pub loc: Loc,
}

/// A game as read from the file, before any replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Where the game starts.
    pub loc: Loc,
    /// Tag pairs in file order, with the place of each value.
    pub tags: Vec<(String, String, Loc)>,
    pub moves: Vec<PdnMove>,
    /// The game terminator written after the moves, if any.
    pub terminator: Option<(String, Loc)>,
}

impl PdnGame {
    /// The value of a tag (the first one of that name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _, _)| n == name).map(|(_, v, _)| v.as_str())
    }
}

/// A result as recorded in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// A named player won.
    Win(String),
    Draw,
    /// `*`, or no result given at all.
    Unknown,
    /// `0-0` (both lost) or a result string rulecheck does not know.
    Other,
}

/// Read a PDN result string; the left score is the first player's.
pub fn recorded_result(text: &str, players: &[String]) -> Recorded {
    let first = players.first().cloned().unwrap_or_default();
    let second = players.get(1).cloned().unwrap_or_default();
    match text.trim() {
        "2-0" | "1-0" => Recorded::Win(first),
        "0-2" | "0-1" => Recorded::Win(second),
        "1-1" | "1/2-1/2" | "½-½" => Recorded::Draw,
        "*" | "" | "?" => Recorded::Unknown,
        _ => Recorded::Other,
    }
}

/// How the recorded result compares with the reference's result after the
/// last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultCheck {
    /// The game ended on the board as recorded.
    Agrees,
    /// The record gives a result the board has not reached: the game is
    /// still going on after the last move (a resignation, an agreed draw, an
    /// adjudication). This does not contradict the record.
    NotReached,
    /// No result recorded (`*` or none), or one rulecheck cannot compare.
    NotRecorded,
    /// The board says otherwise.
    Contradicts,
}

/// The first move of a game the reference refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// Ply index in the game (0-based).
    pub ply: usize,
    /// The move number as PDN writes it: `23.` or `23...`.
    pub number: String,
    pub text: String,
    /// The reason code the reference gives (`must-capture`, ...).
    pub reason: String,
    /// The position the move was refused in (canonical FEN).
    pub position: String,
    pub loc: Loc,
}

/// What became of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every move replayed.
    Replayed(ResultCheck),
    /// The game ended on the board (a draw rule, a side without moves)
    /// before the record does: `next` is the first recorded move after the
    /// end, and the recorded result is compared with the board's then.
    EndedEarly { next: IllegalMove, check: ResultCheck },
    /// The reference refused a move.
    Illegal(IllegalMove),
    /// The game cannot be replayed: its FEN or a move does not read on this
    /// board.
    Unreadable(Problem),
}

/// The replay of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    pub number: usize,
    /// The variant's players in turn order (`black`, `white` in English).
    pub players: Vec<String>,
    pub loc: Loc,
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (canonical), and whether a `[FEN]`
    /// tag gave it.
    pub start: String,
    pub from_fen: bool,
    /// The side to move first.
    pub first_to_move: String,
    pub moves: Vec<PdnMove>,
    /// The moves as handed to the reference (as written, but for separator
    /// quirks read the other way; see the notes).
    pub played: Vec<String>,
    /// Moves replayed before the first illegal one (all when none is).
    pub replayed: usize,
    /// The result as recorded (the Result tag, else the terminator).
    pub recorded_text: Option<String>,
    pub recorded: Recorded,
    /// The reference's result after the replayed moves, and the position.
    pub reference: Option<String>,
    pub final_position: Option<String>,
    pub status: Status,
    /// Remarks that do not change the status (a GameType for another
    /// variant, a terminator that differs from the Result tag).
    pub notes: Vec<String>,
}

impl GameReport {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// A tag's value, or `None` when absent or a PDN "unknown" value.
    fn known_tag(&self, name: &str) -> Option<&str> {
        self.tag(name).map(str::trim).filter(|v| !v.is_empty() && !v.chars().all(|c| matches!(c, '?' | '.' | '-')))
    }

    /// `Event, First - Second, Date` from the tags that are known, the
    /// players in turn order (`White - Black` in Russian draughts, `Black -
    /// White` in English checkers).
    pub fn title(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = self.known_tag("Event") {
            parts.push(e.to_string());
        }
        let names: Vec<Option<&str>> = self.players.iter().map(|p| self.known_tag(&tag_name(p))).collect();
        if names.iter().any(Option::is_some) {
            let shown: Vec<&str> = names.iter().map(|n| n.unwrap_or("?")).collect();
            parts.push(shown.join(" - "));
        }
        if let Some(d) = self.known_tag("Date") {
            parts.push(d.to_string());
        }
        parts.join(", ")
    }

    /// Whether the game replays and its record does not contradict the board.
    pub fn ok(&self) -> bool {
        match &self.status {
            Status::Replayed(c) | Status::EndedEarly { check: c, .. } => *c != ResultCheck::Contradicts,
            Status::Illegal(_) | Status::Unreadable(_) => false,
        }
    }
}

/// The PDN tag naming a player: `White` for `white`.
fn tag_name(player: &str) -> String {
    let mut chars = player.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
