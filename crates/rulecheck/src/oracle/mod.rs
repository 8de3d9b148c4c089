//! The oracle: replays a scenario against an engine and checks each of its
//! expectations, producing a verdict, a diff for every failure, and a
//! transcript of what the engine answered (snapshotted in the tests).
//!
//! Moves are compared by identity (start, end and captured set, as the game
//! family defines it), never by spelling; positions by their canonical form.

use std::fmt::Write as _;

use similar::TextDiff;

use crate::engine::{Engine, Plan};
use crate::game::Action;
use crate::scenario::{Loc, Scenario};

mod adapt;
mod moves;
mod outcome;
mod perft;
mod replayed;
mod watch;

use adapt::adapted;
/// Shared with the commands that hold an engine to the spec outside a
/// scenario (`smoke`, `fuzz`, `perft --engine`), so that they read its
/// answers exactly as a run does.
pub use outcome::unknown_refusal;
pub use replayed::{displays, listed_keys, result_out_of_protocol};
use watch::Watch;

/// One expectation that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Which expectation (`moves`, `after`, `illegal`, ...).
    pub expectation: String,
    pub loc: Loc,
    /// What went wrong, with a unified diff where two texts differ.
    pub detail: String,
    /// Whether the engine failed (crashed, hung, answered out of protocol)
    /// rather than answered wrongly.
    pub engine: bool,
}

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

/// A unified diff of expected against actual text.
pub fn diff(expected: &str, actual: &str) -> String {
    unified(expected, actual, ("expected", "actual"))
}

/// A unified diff of two texts under the names given, three lines of
/// context: every diff rulecheck prints of whole texts is this one.
pub fn unified(old: &str, new: &str, (old_name, new_name): (&str, &str)) -> String {
    TextDiff::from_lines(old, new).unified_diff().context_radius(3).header(old_name, new_name).to_string()
}

/// Check one scenario against an engine.
pub fn check(scenario: &Scenario, engine: &mut dyn Engine) -> Verdict {
    let started = std::time::Instant::now();
    let mut v = check_timed(scenario, engine);
    v.seconds = started.elapsed().as_secs_f64();
    v
}

/// What [`check`] is going to ask of `engine` for `scenario`, for the
/// engine to ask ahead ([`Engine::ask_ahead`]): the play, every `illegal`
/// action, and the perft depths from the reference's position after the
/// play. `None` for a scenario under house rules the engine does not play:
/// it is skipped, or run under other values, and asked as it comes.
pub fn plan(scenario: &Scenario, engine: &mut dyn Engine) -> Option<Plan> {
    engine.supports(&scenario.variant, &scenario.options).ok()?;
    let played: Vec<Action> = scenario.play.iter().map(|p| p.value.clone()).collect();
    let ex = &scenario.expect;
    let perft = if ex.perft.is_empty() {
        None
    } else {
        let game = crate::registry::configure(&scenario.variant, &scenario.options).ok()?;
        let start = scenario.position.clone().unwrap_or_else(|| game.start_position());
        let after = game.replay(&start, &played).ok()?;
        Some((after.position, ex.perft.iter().map(|&(depth, _)| depth).collect()))
    };
    Some(Plan {
        variant: scenario.variant.clone(),
        options: scenario.options.clone(),
        position: scenario.position.clone(),
        explain: ex.illegal.iter().map(|r| r.value.action.clone()).collect(),
        played,
        perft,
    })
}

fn check_timed(scenario: &Scenario, engine: &mut dyn Engine) -> Verdict {
    let mut v = Verdict {
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
    // An engine that cannot be started (again) is an engine error, never a
    // reason to skip.
    if let Err(e) = engine.ready() {
        let detail = format!("the engine could not be started: {e}");
        let _ = writeln!(v.transcript, "scenario: {}\nerror: {detail}", scenario.name);
        v.failures.push(Failure { expectation: "engine".into(), loc: scenario.loc, detail, engine: true });
        v.stderr = engine.stderr();
        return v;
    }
    if let Err(reason) = engine.supports(&scenario.variant, &scenario.options) {
        match adapted(scenario, engine, reason) {
            Ok((alt, changed)) => {
                let mut watched = Watch { inner: &mut *engine, unsupported: None };
                let v = check_supported(&alt, &mut watched, v);
                let mut v = unsupported_skips(v, watched.unsupported);
                v.transcript = v.transcript.replacen(
                    "\nposition: ",
                    &format!("\nrun under the engine's {changed}: the reference gives the same answers\nposition: "),
                    1,
                );
                v.run_under = Some(changed);
                v.stderr = engine.stderr();
                return printable(v);
            }
            Err(why) => {
                v.skipped = Some(why);
                return v;
            }
        }
    }
    let mut watched = Watch { inner: &mut *engine, unsupported: None };
    let v = check_supported(scenario, &mut watched, v);
    let mut v = unsupported_skips(v, watched.unsupported);
    v.stderr = engine.stderr();
    printable(v)
}

/// What the engine said it cannot set up is not a wrong answer, and no
/// answer it gave meanwhile is judged: the scenario is skipped, with the
/// engine's reason.
fn unsupported_skips(mut v: Verdict, unsupported: Option<String>) -> Verdict {
    if let Some(why) = unsupported {
        v.failures.clear();
        let why = format!("{} cannot set this up: {why}", v.answerer());
        if let Some(at) = v.transcript.rfind("verdict: ") {
            if v.transcript[at..].lines().count() == 1 {
                v.transcript.truncate(at);
            }
        }
        let _ = writeln!(v.transcript, "verdict: skip ({why})");
        v.skipped = Some(why);
    }
    v
}

/// What an engine answered reaches reports and terminals: control
/// characters escaped, overlong lines cut.
fn printable(mut v: Verdict) -> Verdict {
    for f in &mut v.failures {
        f.detail = rulecheck_text::clean_lines(&f.detail);
    }
    v.transcript = rulecheck_text::clean_lines(&v.transcript);
    v
}

fn check_supported(scenario: &Scenario, engine: &mut dyn Engine, mut v: Verdict) -> Verdict {
    let Some(r) = replayed::replay(scenario, engine, &mut v) else { return v };
    moves::listed(&r, &mut v);
    moves::legal(&r, &mut v);
    moves::illegal(&r, engine, &mut v);
    outcome::after(&r, &mut v);
    outcome::to_move(&r, &mut v);
    outcome::result(&r, &mut v);
    if let Some(why) = perft::counts(&r, engine, &mut v) {
        let _ = writeln!(v.transcript, "verdict: skip ({why})");
        v.skipped = Some(why);
        return v;
    }
    let _ = writeln!(v.transcript, "verdict: {}", if v.failures.is_empty() { "pass" } else { "FAIL" });
    v
}
