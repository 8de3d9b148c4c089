//! Scenarios: the declarative cases of the spec. A scenario file names its
//! variant and rule page, default house rules, and a list of scenarios; each
//! scenario gives a position, actions to play from it and what must hold
//! afterwards, and cites the clauses it tests.
//!
//! [`loader`] reads the YAML into this model, parsing every notation inside
//! it and keeping the file, line and column of every value for errors.

pub mod expect;
pub mod loader;

use std::any::Any;
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

/// One expectation of a scenario, as its kind read it: the kinds of
/// expectation are defined where they are checked (a loader is given them,
/// [`loader::Kinds`]), and each keeps its own type, found again by it
/// ([`Expectations::get`]).
pub trait Expected: Any + fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn Expected>;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + fmt::Debug + Clone + Send + Sync> Expected for T {
    fn clone_box(&self) -> Box<dyn Expected> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Clone for Box<dyn Expected> {
    fn clone(&self) -> Self {
        // Through the box to its content: the box itself is `Expected` too.
        (**self).clone_box()
    }
}

/// What must hold after the play: one expectation of each kind at most,
/// in the order of the kinds.
#[derive(Clone, Debug, Default)]
pub struct Expectations(Vec<Box<dyn Expected>>);

impl Expectations {
    pub fn push(&mut self, e: Box<dyn Expected>) {
        self.0.push(e);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The expectation of type `T`, if the scenario has one.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.iter().find_map(|e| (**e).as_any().downcast_ref::<T>())
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
