//! What a refereed game came to, as data every report renders: its
//! players, start and moves, how it ended (the reference's result, the
//! move limit, a violation, an engine error, a stop), what was checked,
//! and where the time went.

use std::path::PathBuf;

use crate::board::WireMove;
use crate::judge::Refusal;
use crate::player::Claimed;

/// One refereed game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based.
    pub number: usize,
    pub white: String,
    pub black: String,
    /// The position it started from (the reference's FEN), and whether
    /// that is the variant's start position.
    pub start: String,
    pub initial: bool,
    /// The moves played, in the reference's notation.
    pub moves: Vec<String>,
    pub end: End,
    /// Moves engines played, each checked against the reference.
    pub moves_checked: usize,
    /// Moves of principal variations checked.
    pub pv_checked: usize,
    /// Seconds in all, waiting for engines, and in rulecheck's own checks.
    pub seconds: f64,
    pub engine_seconds: f64,
    pub check_seconds: f64,
    /// Seconds finding a violation's clauses and writing its files.
    pub violation_seconds: f64,
    /// What each engine wrote on standard error during the game, by name.
    pub stderr: Vec<(String, String)>,
    /// What was said with the engines over the game, a line a message (a
    /// DXP transcript), kept for a game that ended in a violation or an
    /// engine error.
    pub transcript: Vec<String>,
}

impl GameRecord {
    /// A game about to be played (or one that never was), nothing of it
    /// counted yet.
    pub fn new(number: usize, white: String, black: String, start: String, initial: bool, end: End) -> GameRecord {
        GameRecord {
            number,
            white,
            black,
            start,
            initial,
            moves: Vec::new(),
            end,
            moves_checked: 0,
            pv_checked: 0,
            seconds: 0.0,
            engine_seconds: 0.0,
            check_seconds: 0.0,
            violation_seconds: 0.0,
            stderr: Vec::new(),
            transcript: Vec::new(),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug)]
pub enum End {
    /// The reference says the game is over: `white wins: no-moves`,
    /// `draw: repetition`, ...
    Over(String),
    /// It reached the move limit still going on.
    Unfinished,
    /// A player ended it while the reference has it going on, claiming no
    /// result (`said`, its message): at the moves agreed with its engine
    /// (`agreed`), or else of its own accord.
    EndedBy { player: String, said: String, agreed: bool },
    /// A player broke a rule; the game ended there.
    Violation(Box<Violation>),
    /// An engine failed (crashed, hung, answered out of protocol).
    EngineError { player: String, message: String },
    /// The run was stopped (by the signal named) during the game.
    Stopped(String),
}

impl End {
    /// The outcome in one word, as the reports count it.
    pub fn word(&self) -> &'static str {
        match self {
            End::Over(r) if r.starts_with("draw") => "draw",
            End::Over(r) if r.starts_with("white") => "white-wins",
            End::Over(_) => "black-wins",
            End::Unfinished | End::EndedBy { .. } => "unfinished",
            End::Violation(_) => "violation",
            End::EngineError { .. } => "engine-error",
            End::Stopped(_) => "stopped",
        }
    }
}

/// A rule broken by a player.
#[derive(Clone, Debug)]
pub struct Violation {
    pub player: String,
    /// `white` or `black`.
    pub side: String,
    /// Moves played before the player was asked.
    pub ply: usize,
    /// The position the wrong move or claim was made in (the reference's
    /// FEN): inside a principal variation, the position it reached.
    pub position: String,
    /// Where in a principal variation, if it was in one.
    pub pv: Option<PvPlace>,
    pub wrong: Wrong,
    /// The clauses it breaks; `placeholder` when nothing pointed to one and
    /// the first clause of the variant's page stands in.
    pub clauses: Vec<String>,
    pub placeholder: bool,
    /// How the clauses were found, in words.
    pub cited_by: String,
    /// The files written for it, or why they could not be.
    pub written: Result<Written, String>,
}

/// A move of a principal variation.
#[derive(Clone, Debug)]
pub struct PvPlace {
    /// Which of the search's lines (1-based), as written.
    pub line: usize,
    pub text: String,
    /// The legal moves of the line before the wrong one, in the
    /// reference's notation.
    pub before: Vec<String>,
}

/// What was wrong.
#[derive(Clone, Debug)]
pub enum Wrong {
    /// A move no legal move is, and why the reference refuses it.
    Illegal { wire: WireMove, refusal: Refusal },
    /// The player said it had no move (in its words) where the reference
    /// has these.
    NoMove { said: String, legal: Vec<String> },
    /// The player ended the game claiming a result (in its message, `said`)
    /// where the reference has it going on with these moves.
    Claim { claimed: Claimed, said: String, legal: Vec<String> },
    /// The game is over by the reference (`result`), and the player claimed
    /// another result.
    WrongResult { claimed: Claimed, said: String, result: String },
    /// The game is over by the reference (`result`), and the player moved.
    AfterEnd { wire: WireMove, result: String },
}

impl Wrong {
    /// The reason code: the reference's refusal, `no-move-claimed`, the
    /// result claimed while the game goes on (`win-claimed`,
    /// `loss-claimed`, `draw-claimed`, `end-claimed`), `wrong-result`, or
    /// `moved-after-end`.
    pub fn reason(&self) -> &str {
        match self {
            Wrong::Illegal { refusal, .. } => &refusal.reason,
            Wrong::NoMove { .. } => "no-move-claimed",
            Wrong::Claim { claimed: Claimed::Win, .. } => "win-claimed",
            Wrong::Claim { claimed: Claimed::Loss, .. } => "loss-claimed",
            Wrong::Claim { claimed: Claimed::Draw, .. } => "draw-claimed",
            Wrong::Claim { claimed: Claimed::Nothing, .. } => "end-claimed",
            Wrong::WrongResult { .. } => "wrong-result",
            Wrong::AfterEnd { .. } => "moved-after-end",
        }
    }

    /// The reference's result where the game was over, if it was.
    pub fn result(&self) -> Option<&str> {
        match self {
            Wrong::WrongResult { result, .. } | Wrong::AfterEnd { result, .. } => Some(result),
            _ => None,
        }
    }
}

/// "1 move is", "2 moves are".
fn are(legal: &[String]) -> String {
    match legal.len() {
        1 => "1 move is".to_string(),
        n => format!("{n} moves are"),
    }
}

impl Violation {
    /// In words: `28-22 is illegal (must-capture)`, with where it was.
    pub fn describe(&self) -> String {
        let what = match &self.wrong {
            Wrong::Illegal { wire, refusal } => {
                let written = match &refusal.written {
                    Some(w) if *w != wire.to_string() => format!(" (as {w})"),
                    _ => String::new(),
                };
                format!("{wire}{written} is illegal ({})", refusal.reason)
            }
            Wrong::NoMove { said, legal } => {
                format!("it claims no move ('{}') where {} legal", rulecheck_text::shown_at_most(said, 120), are(legal))
            }
            Wrong::Claim { claimed, said, legal } => format!(
                "it ends the game claiming {} ('{}') where the game goes on and {} legal",
                claimed.words(),
                rulecheck_text::shown_at_most(said, 120),
                are(legal)
            ),
            Wrong::WrongResult { claimed, said, result } => format!(
                "it claims {} ('{}') where the game is over: {result}",
                claimed.words(),
                rulecheck_text::shown_at_most(said, 120)
            ),
            Wrong::AfterEnd { wire, result } => format!("it plays {wire} where the game is over: {result}"),
        };
        let place = match &self.pv {
            Some(pv) => format!(
                ", in its principal variation '{}' after {}",
                rulecheck_text::shown_at_most(&pv.text, 200),
                match pv.before.len() {
                    1 => "1 move".to_string(),
                    n => format!("{n} moves"),
                }
            ),
            None => String::new(),
        };
        format!("{} ({}) after {} moves: {what}{place}", self.player, self.side, self.ply)
    }
}

/// The files written for a violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The game so far.
    pub pdn: PathBuf,
    /// The scenario that pins the rule at the position.
    pub scenario: PathBuf,
}

/// A whole refereeing run.
#[derive(Clone, Debug)]
pub struct Run {
    pub variant: String,
    /// The house rules given for the reference.
    pub options: rulecheck_game::Options,
    /// Who played: `Scan 3.1 against itself`, `A against B`.
    pub pairing: String,
    /// The limit of each search, in words (`depth 6`).
    pub level: String,
    pub games: Vec<GameRecord>,
    /// Games asked for (more than were played when the run was stopped).
    pub planned: usize,
    /// The longest game asked for, in moves.
    pub max_plies: usize,
    /// Said on standard error: starts left out, and the like.
    pub notes: Vec<String>,
    /// The signal that stopped the run, if one did.
    pub stopped: Option<String>,
    /// Seconds the run took in all.
    pub seconds: f64,
    /// Where the files of violations are written.
    pub out: PathBuf,
}
