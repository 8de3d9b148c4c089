//! Scenarios: the declarative cases of the spec. A scenario file names its
//! variant and rule page, default house rules, and a list of scenarios; each
//! scenario gives a position, actions to play from it and what must hold
//! afterwards, and cites the clauses it tests.
//!
//! [`loader`] reads the YAML into this model, parsing every notation inside
//! it and keeping the file, line and column of every value for errors.

pub mod expect;
pub mod loader;

use std::fmt;
use std::path::PathBuf;

pub use expect::ResultExp;
use rulecheck_game::{Action, Options};

/// A place in a scenario file (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Loc {
    pub line: usize,
    pub col: usize,
}

/// A value and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub loc: Loc,
}

/// A file of scenarios, loaded and checked.
#[derive(Clone, Debug)]
pub struct ScenarioFile {
    pub path: PathBuf,
    pub variant: String,
    pub page: String,
    pub scenarios: Vec<Scenario>,
}

/// One scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: String,
    pub loc: Loc,
    pub variant: String,
    pub clauses: Vec<Located<String>>,
    /// Every house rule, defaults filled in.
    pub options: Options,
    /// The starting position in canonical notation; `None` for the variant's
    /// start position, which each engine sets up by its own rules.
    pub position: Option<String>,
    pub play: Vec<Located<Action>>,
    pub expect: Expectations,
}

/// A move or action that must be refused, optionally with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub action: Action,
    pub reason: Option<String>,
}

/// What must hold after the play.
#[derive(Clone, Debug, Default)]
pub struct Expectations {
    /// The complete set of legal moves.
    pub moves: Option<Vec<Located<String>>>,
    pub legal: Vec<Located<String>>,
    pub illegal: Vec<Located<Refused>>,
    /// The position, canonical.
    pub after: Option<Located<String>>,
    pub to_move: Option<Located<String>>,
    pub result: Option<Located<ResultExp>>,
    /// Depth and leaf count.
    pub perft: Vec<(u32, u64)>,
    /// Where each depth of `perft` is written, so that a wrong count is
    /// reported at its own line.
    pub perft_at: std::collections::BTreeMap<u32, Loc>,
}

impl Expectations {
    pub fn is_empty(&self) -> bool {
        self.moves.is_none()
            && self.legal.is_empty()
            && self.illegal.is_empty()
            && self.after.is_none()
            && self.to_move.is_none()
            && self.result.is_none()
            && self.perft.is_empty()
    }
}

/// Something wrong with the input: a file that does not load, a value that
/// does not parse, a name that does not exist. Always located.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub file: PathBuf,
    pub scenario: Option<String>,
    pub loc: Loc,
    pub message: String,
}

/// Most characters of a scenario name an error message repeats.
const SHOWN_NAME_CHARS: usize = 200;
/// Most characters of one error message.
const MAX_MESSAGE_CHARS: usize = 2000;

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file.display(), self.loc.line, self.loc.col)?;
        if let Some(s) = &self.scenario {
            write!(f, "scenario '{}': ", rulecheck_text::shown_at_most(s, SHOWN_NAME_CHARS))?;
        }
        // What a message quotes was shortened where it was made; escaping
        // here keeps any control character off the terminal.
        f.write_str(&rulecheck_text::clean_message(&self.message, MAX_MESSAGE_CHARS))
    }
}

impl std::error::Error for InputError {}
