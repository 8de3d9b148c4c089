//! The oracle: replays a scenario against an engine and checks each of its
//! expectations, producing a verdict, a diff for every failure, and a
//! transcript of what the engine answered (snapshotted in the tests).
//!
//! Moves are compared by identity (start, end and captured set, as the game
//! family defines it), never by spelling; positions by their canonical form.

use crate::engine::{Engine, Plan};
use crate::scenario::{Loc, Scenario};

mod adapt;
mod failure;
pub mod kinds;
mod replayed;
mod transcript;
mod watch;

use adapt::adapted;
pub use failure::{diff, unified, Difference, Failure, Mark};
/// Shared with the commands that hold an engine to the spec outside a
/// scenario (`smoke`, `fuzz`, `perft --engine`), so that they read its
/// answers exactly as a run does.
pub use kinds::REGISTRY;
pub use replayed::{displays, listed_keys, result_out_of_protocol, unknown_refusal};
use transcript::{Checking, Transcript};
use watch::Watch;

/// The verdict on one scenario.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub scenario: String,
    pub loc: Loc,
    pub failures: Vec<Failure>,
    /// Why the scenario was not run (the engine does not play its variant or
    /// house rules).
    pub skipped: Option<String>,
    /// The engine's own house-rule values the scenario was run under instead
    /// of its own (`name=value` words), where the reference gives the same
    /// answers under them.
    pub run_under: Option<String>,
    /// What the engine wrote to its error stream meanwhile.
    pub stderr: Option<String>,
    /// The position the expectations are read in, as the reference has it.
    pub position: Option<String>,
    /// What the engine answered, in a stable text form.
    pub transcript: String,
    /// The clauses the scenario cites, so every report can say which rule
    /// a failure breaks.
    pub clauses: Vec<String>,
    /// How long the check took, in seconds (for JUnit's `time`; kept out of
    /// every text a test snapshots).
    pub seconds: f64,
    /// Whether the answers judged are the built-in reference's: then a
    /// failure is a disagreement between the scenario and the reference,
    /// and every message says so rather than blame "the engine".
    pub reference: bool,
}

/// The verdict's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Pass,
    Fail,
    Skip,
    /// The engine crashed, hung or answered out of protocol.
    Error,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Skip => "skip",
            Status::Error => "error",
        }
    }
}

impl Verdict {
    /// Who gave the answers judged, as messages name it: "the engine", or
    /// "the reference" when the built-in rules were checked.
    pub fn answerer(&self) -> &'static str {
        if self.reference {
            "the reference"
        } else {
            "the engine"
        }
    }

    pub fn passed(&self) -> bool {
        self.status() == Status::Pass
    }

    pub fn status(&self) -> Status {
        if self.skipped.is_some() {
            Status::Skip
        } else if self.failures.iter().any(|f| f.engine) {
            Status::Error
        } else if self.failures.is_empty() {
            Status::Pass
        } else {
            Status::Fail
        }
    }
}

/// The reason code of `spec/reasons.yaml` for a refusal whose reason the
/// engine does not name.
pub const UNNAMED_REASON: &str = "illegal";

/// Check one scenario against an engine.
pub fn check(scenario: &Scenario, engine: &mut dyn Engine) -> Verdict {
    let started = std::time::Instant::now();
    let mut v = check_timed(scenario, engine);
    v.seconds = started.elapsed().as_secs_f64();
    v
}

/// What [`check`] is going to ask of `engine` for `scenario`, for the
/// engine to ask ahead ([`Engine::ask_ahead`]): the play, and what each
/// kind of expectation asks after it (the `illegal` actions, the perft
/// depths from the reference's position after the play, the play without
/// its last move for `captured`). `None` for a scenario under house rules
/// the engine does not play: it is skipped, or run under other values, and
/// asked as it comes.
pub fn plan(scenario: &Scenario, engine: &mut dyn Engine) -> Option<Plan> {
    engine.supports(&scenario.variant, &scenario.options).ok()?;
    let plan = Plan {
        variant: scenario.variant.clone(),
        options: scenario.options.clone(),
        position: scenario.position.clone(),
        played: scenario.play.iter().map(|p| p.value.clone()).collect(),
        replays: Vec::new(),
        explain: Vec::new(),
        perft: None,
    };
    kinds::plan(scenario, plan)
}

fn check_timed(scenario: &Scenario, engine: &mut dyn Engine) -> Verdict {
    let v = Verdict {
        scenario: scenario.name.clone(),
        loc: scenario.loc,
        failures: Vec::new(),
        skipped: None,
        run_under: None,
        stderr: None,
        position: None,
        transcript: String::new(),
        clauses: scenario.clauses.iter().map(|c| c.value.clone()).collect(),
        seconds: 0.0,
        reference: engine.is_reference(),
    };
    let mut c = Checking { v, t: Transcript::default() };
    // An engine that cannot be started (again) is an engine error, never a
    // reason to skip.
    if let Err(e) = engine.ready() {
        c.t.head.push(format!("scenario: {}", scenario.name));
        c.error(Failure {
            expectation: "engine",
            loc: scenario.loc,
            difference: Difference::Said(format!("the engine could not be started: {e}")),
            engine: true,
        });
        c.v.stderr = engine.stderr();
        return printable(c);
    }
    if let Err(reason) = engine.supports(&scenario.variant, &scenario.options) {
        match adapted(scenario, engine, reason) {
            Ok((alt, changed)) => {
                let mut watched = Watch { inner: &mut *engine, unsupported: None };
                check_supported(&alt, &mut watched, &mut c);
                unsupported_skips(&mut c, watched.unsupported);
                c.v.run_under = Some(changed);
                c.v.stderr = engine.stderr();
                return printable(c);
            }
            Err(why) => {
                c.v.skipped = Some(why);
                return c.v;
            }
        }
    }
    let mut watched = Watch { inner: &mut *engine, unsupported: None };
    check_supported(scenario, &mut watched, &mut c);
    unsupported_skips(&mut c, watched.unsupported);
    c.v.stderr = engine.stderr();
    printable(c)
}

/// What the engine said it cannot set up is not a wrong answer, and no
/// answer it gave meanwhile is judged: the scenario is skipped, with the
/// engine's reason.
fn unsupported_skips(c: &mut Checking, unsupported: Option<String>) {
    if let Some(why) = unsupported {
        c.v.failures.clear();
        let why = format!("{} cannot set this up: {why}", c.answerer());
        c.skip(why);
    }
}

/// The verdict with its transcript written: what an engine answered
/// reaches reports and terminals with control characters escaped and
/// overlong lines cut (a failure's detail is made so as it is rendered).
fn printable(c: Checking) -> Verdict {
    let Checking { mut v, t } = c;
    v.transcript = rulecheck_text::clean_lines(&t.render(v.run_under.as_deref()));
    v
}

fn check_supported(scenario: &Scenario, engine: &mut dyn Engine, c: &mut Checking) {
    let places = kinds::places(&scenario.expect);
    let Some(r) = replayed::replay(scenario, engine, c, places) else { return };
    kinds::check(&r, engine, c);
    if c.v.skipped.is_none() {
        c.t.verdict = Some(if c.v.failures.is_empty() { "pass" } else { "FAIL" }.to_string());
    }
}
