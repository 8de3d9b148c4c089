//! The spec as tests of a Rust engine's own: one case per scenario, named
//! as the reports name it, checked in-process against any implementation
//! of [`Engine`]. With `libtest-mimic` (a `harness = false` test target)
//! each case becomes a test of its own, as `tests/spec.rs` does for the
//! reference engine. The dozen lines it takes, as the book shows them
//! (`MyEngine` is the engine under test; here, the reference):
//!
//! ```no_run
//! # struct MyEngine;
//! # impl MyEngine {
//! #     fn new() -> rulecheck::engine::InProcess {
//! #         rulecheck::engine::reference()
//! #     }
//! # }
//! fn main() {
//!     let args = libtest_mimic::Arguments::from_args();
//!     let cases = rulecheck::harness::cases(&["../rulecheck/spec/english".as_ref()]).expect("the spec loads");
//!     let trials = cases
//!         .into_iter()
//!         .map(|c| libtest_mimic::Trial::test(c.name.clone(), move || Ok(c.check(&mut MyEngine::new())?)))
//!         .collect();
//!     libtest_mimic::run(&args, trials).exit();
//! }
//! ```
//!
//! [`builtin_cases`] gives every scenario of the spec built into rulecheck
//! instead, with no checkout of the spec beside the engine.
//!
//! An engine with known failures holds the spec as CI does with
//! `--expected-failures`: [`Case::check_expecting`] takes the same list,
//! and [`Case::verdict`] gives the typed [`Outcome`] (an expected failure,
//! an unexpected pass, ...) with its report.

use std::path::{Path, PathBuf};

use crate::catalog::Catalog;
use crate::engine::Engine;
use crate::oracle;
use crate::report::{self, ExpectedFailures, Outcome};
use crate::runner::{self, FileRun};
use crate::scenario::Scenario;
use crate::source::Source;

/// One scenario of the spec.
#[derive(Clone, Debug)]
pub struct Case {
    /// `spec/english/kings.yaml::a king steps backward`, the id of every
    /// report and expected-failures list.
    pub name: String,
    pub file: PathBuf,
    pub scenario: Scenario,
}

impl Case {
    /// Check the scenario against the engine: `Err` with the report of what
    /// differed when it fails or the engine breaks; a scenario the engine
    /// does not play (a skip) is `Ok`, as it is no failure.
    pub fn check(&self, engine: &mut dyn Engine) -> Result<(), String> {
        self.check_expecting(engine, &ExpectedFailures::default())
    }

    /// [`Case::check`] weighed against an engine's expected-failures list,
    /// as `rulecheck run --expected-failures` weighs it: a listed failure
    /// is `Ok`, a listed scenario that passes is `Err` (the list is stale).
    pub fn check_expecting(&self, engine: &mut dyn Engine, expected: &ExpectedFailures) -> Result<(), String> {
        let verdict = self.verdict(engine, expected);
        if verdict.is_ok() {
            Ok(())
        } else {
            Err(verdict.report)
        }
    }

    /// The scenario's outcome against the engine, weighed against the
    /// expected-failures list, with the report the command line would
    /// print for it: for a test that wants to tell an expected failure
    /// from a pass, or a stale entry from a failure, rather than only
    /// whether CI would go red.
    pub fn verdict(&self, engine: &mut dyn Engine, expected: &ExpectedFailures) -> CaseVerdict {
        let v = oracle::check(&self.scenario, engine);
        let run = FileRun { path: self.file.clone(), variant: self.scenario.variant.clone(), verdicts: vec![v] };
        let outcome = report::outcome(&run, &run.verdicts[0], expected);
        let report = report::human_with(std::slice::from_ref(&run), &[], expected, None, false);
        CaseVerdict { outcome, report }
    }
}

/// What one scenario came to: one of the outcomes every report uses, and
/// the human report of it (the diff of what differed, for a failure).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseVerdict {
    pub outcome: Outcome,
    pub report: String,
}

impl CaseVerdict {
    /// Whether CI would stay green on it ([`Outcome::is_ok`]).
    pub fn is_ok(&self) -> bool {
        self.outcome.is_ok()
    }
}

/// Every scenario under `paths` (files or directories), with the built-in
/// catalog; `Err` with every input error when any file does not load.
pub fn cases(paths: &[&Path]) -> Result<Vec<Case>, String> {
    cases_of(&Source::Paths(paths.iter().map(|p| p.to_path_buf()).collect()))
}

/// Every scenario of the spec built into this version of rulecheck
/// ([`crate::builtin`]), under the ids a checkout's `spec/` gives them: an
/// engine's tests need no copy of the spec beside them.
pub fn builtin_cases() -> Result<Vec<Case>, String> {
    cases_of(&Source::Builtin)
}

fn cases_of(source: &Source) -> Result<Vec<Case>, String> {
    let catalog = Catalog::builtin()?;
    let (files, errors) = source.load(&catalog, &Default::default());
    if !errors.is_empty() {
        return Err(errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"));
    }
    Ok(files
        .iter()
        .flat_map(|f| {
            f.scenarios.iter().map(move |s| Case {
                name: format!("{}::{}", runner::id_path(&f.path), s.name),
                file: f.path.clone(),
                scenario: s.clone(),
            })
        })
        .collect())
}
