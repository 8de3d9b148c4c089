//! `rulecheck check`: the scenario files validated (notation, clauses,
//! reasons, play) and the clause coverage counted, with no engine run, so a
//! rule author hears of a mistake in the spec before any engine is blamed.

use std::path::PathBuf;

use super::input::{catalog, run_overrides, scenarios};
use super::output::Fail;
use rulecheck::report;
use rulecheck::runner;

pub(super) fn check(raw_options: &[String], paths: Vec<PathBuf>, no_coverage: bool) -> Result<u8, Fail> {
    let overrides = run_overrides(raw_options)?;
    let cat = catalog()?;
    let (files, errors) = scenarios(paths).load(&cat, &overrides);
    for e in &errors {
        outln!("error: {e}")?;
    }
    let scenarios: usize = files.iter().map(|f| f.scenarios.len()).sum();
    let uncovered = if no_coverage { Vec::new() } else { runner::uncovered(&cat, &files) };
    for c in &uncovered {
        outln!("uncovered: clause {c} is cited by no scenario")?;
    }
    outln!(
        "checked {}, {}: {}, {}",
        report::count(files.len(), "file"),
        report::count(scenarios, "scenario"),
        report::count(errors.len(), "input error"),
        report::count(uncovered.len(), "uncovered clause"),
    )?;
    Ok(if !errors.is_empty() {
        2
    } else if !uncovered.is_empty() {
        1
    } else {
        0
    })
}
