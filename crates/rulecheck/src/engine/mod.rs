//! The one contract every engine meets, so that the oracle never knows which
//! engine it is checking: the built-in reference rules, an external program,
//! or a Rust engine run in-process.
//!
//! Requests carry complete game states in the spec's notations: the variant
//! and house rules, a starting position, and the actions played from it.

pub mod in_process;
pub mod process;
pub mod protocol;
pub mod serve;

use std::collections::BTreeMap;

use crate::game::{Action, GameError, Options, Rejection, Replay};
use crate::registry;

pub use in_process::InProcess;

/// The built-in reference engine: every variant by the registry's own rules.
pub fn reference() -> InProcess {
    InProcess::new("reference", Box::new(|variant, options| registry::configure(variant, options).ok()))
        .into_reference()
}

/// Where a request starts: a variant under house rules, and a position in the
/// variant's notation, or `None` for the variant's start position as the
/// engine itself sets it up (so that the set-up rules are tested too).
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    pub variant: &'a str,
    pub options: &'a Options,
    pub position: Option<&'a str>,
}

/// What the oracle is going to ask of one scenario, known before it is
/// checked: an engine behind a pipe may then be asked ahead for several
/// scenarios at once, in one exchange, rather than waiting for each
/// question's answer before the next is written ([`Engine::ask_ahead`]).
/// A plan is a hint, never an answer: what the oracle judges is always the
/// answer to the request it makes.
#[derive(Clone, Debug)]
pub struct Plan {
    pub variant: String,
    pub options: Options,
    pub position: Option<String>,
    /// The actions played.
    pub played: Vec<Action>,
    /// Other plays from the same setup that are replayed too (the play
    /// without its last move, whose position `captured` reads).
    pub replays: Vec<Vec<Action>>,
    /// Actions asked about after the play (`explain`).
    pub explain: Vec<Action>,
    /// The perft depths, and the position they will most likely be counted
    /// from: the reference's position after the play. The oracle counts
    /// from the engine's own position; when that is written otherwise, the
    /// count asked ahead is not used.
    pub perft: Option<(String, Vec<u32>)>,
}

/// An engine's answer to "would you accept this move or action here?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    Accepted,
    /// Refused, with a reason code if the engine gives one.
    Refused(Option<String>),
}

/// The answers to several requests of one kind asked together
/// ([`Engine::explain_all`], [`Engine::perft_all`]), in the order asked,
/// each standing or failing on its own.
pub type Answers<T> = Vec<Result<T, EngineError>>;

/// Why an engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The engine refused an action of the sequence it was asked to play.
    #[error("refused step {} ({})", .0.index.saturating_add(1), .0.reason)]
    Rejected(Rejection),
    /// The engine does not play this variant or these house rules.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The engine failed: it crashed, hung, or answered out of protocol.
    #[error("{0}")]
    Failed(String),
}

/// A `Game`'s answer as an engine's: a refused action is refused, a
/// position or move the game cannot read is a failure. What an engine
/// built on the contract (`InProcess`, a Rust engine's own) answers.
impl From<GameError> for EngineError {
    fn from(e: GameError) -> EngineError {
        match e {
            GameError::Rejected(r) => EngineError::Rejected(r),
            GameError::Notation(n) => EngineError::Failed(n.message),
        }
    }
}

/// A rules engine under test.
pub trait Engine {
    /// A name for reports.
    fn name(&self) -> String;

    /// Play `actions` from the setup's position: the final position, side to
    /// move, result and legal moves.
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError>;

    /// Whether `action` would be accepted after `played`, and if not, why.
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError>;

    /// Perft from the setup's position; `None` if the engine does not count
    /// (a scenario that expects perft is then skipped, unless another of its
    /// expectations fails).
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError>;

    /// [`Engine::explain`] for each of `actions` after the same play, the
    /// answers in order. An engine may ask them all at once; the answers
    /// are those of asking them one by one.
    fn explain_all(&mut self, setup: &Setup<'_>, played: &[Action], actions: &[&Action]) -> Answers<Explanation> {
        actions.iter().map(|a| self.explain(setup, played, a)).collect()
    }

    /// [`Engine::perft`] for each of `depths` from the same position, the
    /// answers in order, as [`Engine::explain_all`] is to `explain`.
    fn perft_all(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Answers<Option<u64>> {
        depths.iter().map(|&d| self.perft(setup, d)).collect()
    }

    /// Told what the next scenarios will ask, in order, an engine may ask
    /// it all ahead and answer the requests that follow from what it got,
    /// provided every answer is the one asking then would have given. The
    /// default asks nothing ahead.
    fn ask_ahead(&mut self, _plans: &[Plan]) {}

    /// Whether the engine is up and has shaken hands, starting it if need
    /// be: `Err` when it cannot be started, an engine error for the
    /// scenario at hand (never a reason to skip it).
    fn ready(&mut self) -> Result<(), EngineError> {
        Ok(())
    }

    /// Whether the engine plays the variant under these (complete) house
    /// rules; `Err` with the reason to skip the scenario.
    fn supports(&mut self, _variant: &str, _options: &crate::game::Options) -> Result<(), String> {
        Ok(())
    }

    /// The house-rule values the engine declares for a variant it plays
    /// (`None` if it does not play it or declares nothing), one entry each
    /// time it lists the variant: see [`Declared`].
    fn declared(&mut self, _variant: &str) -> Option<Declared> {
        None
    }

    /// What the engine wrote to its error stream since the last call.
    fn stderr(&mut self) -> Option<String> {
        None
    }

    /// Whether this is the built-in reference itself: then a scenario it
    /// fails is one the spec and the reference disagree on, and the
    /// verdict says so rather than blame an engine.
    fn is_reference(&self) -> bool {
        false
    }
}

/// One combination of house-rule values an engine plays a variant under:
/// every listed value of a rule with every listed value of each other, a
/// rule left out played at its default only, and a value may be a range
/// `lo..hi`.
pub type Entry = BTreeMap<String, Vec<String>>;

/// What an engine declares of a variant: an entry each time its handshake
/// lists the variant. Values that depend on another rule are declared as
/// entries of their own (`first-seat` 2 where `players` is 4, 1 elsewhere:
/// two entries), and a scenario is played when one entry covers all of
/// its settings.
pub type Declared = Vec<Entry>;

/// The entry of a declaration that comes closest to covering `options`:
/// the fewest settings left out that say which game is played, then the
/// fewest left out in all, the first listed on a tie; with what it leaves
/// out, as [`undeclared_by`] names them. `None` for an empty declaration.
pub fn closest<'d>(
    declared: &'d Declared,
    variant: &str,
    options: &Options,
) -> Option<(&'d Entry, Vec<(String, String)>)> {
    declared.iter().map(|e| (e, undeclared_by(e, variant, options))).min_by_key(|(_, missing)| {
        (missing.iter().filter(|(name, _)| never_adapted(variant, name)).count(), missing.len())
    })
}

/// The settings of `options` that no entry of a declaration covers, as
/// the closest entry leaves them out ([`closest`]); none when an entry
/// covers them all.
pub fn undeclared(declared: &Declared, variant: &str, options: &Options) -> Vec<(String, String)> {
    closest(declared, variant, options).map(|(_, missing)| missing).unwrap_or_default()
}

/// Whether an entry of a declaration (as [`Engine::declared`] gives them)
/// covers `name=value` for the variant: a listed value, a value inside a
/// listed range `lo..hi`, or the rule's default when the rule is not listed.
pub fn declares(entry: &Entry, variant: &str, name: &str, value: &str) -> bool {
    match entry.get(name) {
        Some(values) => values.iter().any(|x| x == value || in_range(x, value)),
        None => default_of(variant, name).as_deref() == Some(value),
    }
}

fn in_range(range: &str, value: &str) -> bool {
    range.split_once("..").is_some_and(|(lo, hi)| {
        matches!((lo.parse::<u64>(), hi.parse::<u64>(), value.parse::<u64>()), (Ok(l), Ok(h), Ok(n)) if l <= n && n <= h)
    })
}

/// The default value of a variant's house rule.
pub fn default_of(variant: &str, name: &str) -> Option<String> {
    let v = registry::variant(variant).ok()?;
    registry::resolve_options(v, &Options::new()).ok()?.get(name).cloned()
}

/// Whether a variant's house rule says which game is played (the number of
/// players, the board), so that a scenario is never run under another value
/// of it ([`crate::game::OptionSpec::never_adapted`]).
pub fn never_adapted(variant: &str, name: &str) -> bool {
    registry::variant(variant)
        .map(|v| v.info().options.iter().any(|o| o.name == name && o.never_adapted))
        .unwrap_or(false)
}

/// The `name=value` settings of `options` that an entry of a declaration
/// does not cover: those that say which game is played first, then the
/// others, each group in name order.
pub fn undeclared_by(entry: &Entry, variant: &str, options: &Options) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = options
        .iter()
        .filter(|(name, value)| !declares(entry, variant, name, value))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    out.sort_by_key(|(name, _)| !never_adapted(variant, name));
    out
}

/// The values an entry of a declaration offers for a house rule, as
/// concrete values to try: every listed value, the bounds of a listed
/// range, or the default when the rule is not listed.
pub fn offered(entry: &Entry, variant: &str, name: &str) -> Vec<String> {
    match entry.get(name) {
        Some(values) => {
            let mut out = Vec::new();
            for x in values {
                match x.split_once("..") {
                    Some((lo, hi)) if lo.parse::<u64>().is_ok() && hi.parse::<u64>().is_ok() => {
                        out.push(lo.to_string());
                        out.push(hi.to_string());
                    }
                    _ => out.push(x.clone()),
                }
            }
            out.dedup();
            out
        }
        None => default_of(variant, name).into_iter().collect(),
    }
}
