//! How a Rust engine runs the spec in-process from its own `cargo test`:
//! implement `rulecheck::engine::Engine` for it and hand it to the runner.
//!
//! The engine here is a stand-in: it answers through the library's own
//! English rules, as an engine author's crate would answer through its own
//! move generator. Copy this file into your engine's `tests/`, replace the
//! bodies of the four methods with calls into your engine, and point
//! `SPEC` at a checkout of the spec.

use std::path::Path;

use rulecheck::catalog::Catalog;
use rulecheck::engine::{Engine, EngineError, Explanation, Setup};
use rulecheck::game::{self, Action, Options, Replay};
use rulecheck::registry;
use rulecheck::{report, runner};

/// Where the spec lives.
const SPEC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/spec/english");

/// The engine under test.
struct MyEnglishEngine;

impl MyEnglishEngine {
    fn game(&self, setup: &Setup<'_>) -> Result<(Box<dyn game::Game>, String), EngineError> {
        let g =
            registry::configure(setup.variant, setup.options).map_err(|e| EngineError::Unsupported(e.to_string()))?;
        let position = setup.position.map(str::to_string).unwrap_or_else(|| g.start_position());
        Ok((g, position))
    }
}

impl Engine for MyEnglishEngine {
    fn name(&self) -> String {
        "my-english-engine".into()
    }

    /// Only English checkers, and both settings of its house rules.
    fn supports(&mut self, variant: &str, _options: &Options) -> Result<(), String> {
        if variant == "english" {
            Ok(())
        } else {
            Err(format!("plays english only, not {variant}"))
        }
    }

    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let (g, position) = self.game(setup)?;
        g.replay(&position, actions).map_err(EngineError::from)
    }

    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        let (g, position) = self.game(setup)?;
        Ok(match g.explain(&position, played, action).map_err(EngineError::from)? {
            None => Explanation::Accepted,
            Some(reason) => Explanation::Refused(Some(reason)),
        })
    }

    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        let (g, position) = self.game(setup)?;
        g.perft(&position, depth, false).map(Some).map_err(|e| EngineError::Failed(e.message))
    }
}

#[test]
fn my_engine_passes_the_english_spec() {
    let catalog = Catalog::builtin().expect("catalog");
    let (files, errors) = runner::load_all(&[Path::new(SPEC).to_path_buf()], &catalog, &Options::new());
    assert!(errors.is_empty(), "{errors:?}");
    let runs = runner::run_all(&files, &|| Box::new(MyEnglishEngine), 1);
    let totals = report::Totals::of(&runs, &[]);
    assert!(totals.passed > 60, "{}", report::human(&runs, &[]));
    assert_eq!(totals.exit_code(), 0, "{}", report::human(&runs, &[]));
}

/// The same spec as one case per scenario (`rulecheck::harness`), as an
/// engine's own `harness = false` test target turns into a test each.
#[test]
fn every_case_of_the_english_spec_passes_one_by_one() {
    let cases = rulecheck::harness::cases(&[Path::new(SPEC)]).expect("the spec loads");
    assert!(cases.len() > 60);
    assert!(cases.iter().all(|c| c.name.starts_with("spec/english/") && c.name.contains(".yaml::")));
    let failures: Vec<String> = cases.iter().filter_map(|c| c.check(&mut MyEnglishEngine).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // A broken engine fails a case with the report of what differed.
    let mut broken = rulecheck::engine::InProcess::new(
        "crowning off",
        Box::new(|id, options| {
            use rulecheck::game::Variant as _;
            let v = rulecheck::draughts::variant(id)?;
            let mut rules = v.rules(options);
            rules.crown_by_capture = false;
            rules.men_move_backward = true;
            Some(rulecheck::draughts::game(v.info().id, rules, v.notation()))
        }),
    );
    let failed = cases.iter().filter_map(|c| c.check(&mut broken).err()).count();
    assert!(failed > 0, "the broken engine fails cases");
}

/// English with men that move backward: an engine with a known bug.
fn backward_men() -> rulecheck::engine::InProcess {
    rulecheck::engine::InProcess::new(
        "backward men",
        Box::new(|id, options| {
            use rulecheck::game::Variant as _;
            let v = rulecheck::draughts::variant(id)?;
            let mut rules = v.rules(options);
            rules.men_move_backward = true;
            Some(rulecheck::draughts::game(v.info().id, rules, v.notation()))
        }),
    )
}

/// An engine's known failures, listed as `--expected-failures` lists them,
/// are expected failures of the harness, not failures; a listed scenario
/// that passes is an unexpected pass, as CI reports a stale list.
#[test]
fn the_harness_weighs_cases_against_an_expected_failures_list() {
    use rulecheck::report::{ExpectedFailures, Outcome};
    let cases = rulecheck::harness::cases(&[Path::new(SPEC)]).expect("the spec loads");
    let none = ExpectedFailures::default();
    let mut buggy = backward_men();
    let failing = cases
        .iter()
        .find(|c| c.verdict(&mut buggy, &none).outcome == Outcome::Fail)
        .expect("men moving backward fail some English scenario");
    let passing = cases
        .iter()
        .find(|c| c.verdict(&mut buggy, &none).outcome == Outcome::Pass)
        .expect("men moving backward pass some English scenario");

    let unlisted = failing.verdict(&mut buggy, &none);
    assert!(!unlisted.is_ok());
    assert!(unlisted.report.contains(&failing.scenario.name), "{}", unlisted.report);
    assert_eq!(failing.check_expecting(&mut buggy, &none), Err(unlisted.report.clone()));

    let expected = ExpectedFailures::parse(&format!("# known bugs\n{}\n{}\n", failing.name, passing.name));
    let listed = failing.verdict(&mut buggy, &expected);
    assert_eq!(listed.outcome, Outcome::ExpectedFail, "{}", listed.report);
    assert!(listed.is_ok());
    assert_eq!(failing.check_expecting(&mut buggy, &expected), Ok(()));

    let stale = passing.verdict(&mut buggy, &expected);
    assert_eq!(stale.outcome, Outcome::UnexpectedPass, "{}", stale.report);
    assert!(stale.report.contains("unexpected-pass"), "{}", stale.report);
    assert!(passing.check_expecting(&mut buggy, &expected).is_err());
    // Unlisted, the same pass is a pass.
    assert_eq!(passing.verdict(&mut buggy, &none).outcome, Outcome::Pass);
}
