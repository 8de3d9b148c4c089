//! `rulecheck check`: the scenario files validated (notation, clauses,
//! reasons, play) and the clause coverage counted, with no engine run, so a
//! rule author hears of a mistake in the spec before any engine is blamed;
//! with `--cites`, each citation held to what the scenario reaches (see
//! `cites`).

use std::path::PathBuf;

use super::cites;
use super::input::{catalog, run_overrides, scenarios};
use super::output::Fail;
use rulecheck::report;
use rulecheck::runner;

/// The arguments of `rulecheck check`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// Scenario files or directories [default: ./spec, else the built-in spec]
    paths: Vec<PathBuf>,
    /// Do not require every clause of the touched rule pages to be cited.
    #[arg(long)]
    no_coverage: bool,
    /// Also hold each scenario's clauses to the rules it reaches: warn of each clause it cites whose
    /// single-rule deviations (the catalog's `deviations:`) change none of its answers, and list the
    /// clauses reached only by scenarios citing others and those no deviation stands for.
    #[arg(long)]
    cites: bool,
    /// With --cites, exit 1 when a scenario cites a clause it does not reach.
    #[arg(long, requires = "cites")]
    deny_cites: bool,
    /// Print JSON: the counts, the input errors, the uncovered clauses and (--cites) the citations judged.
    #[arg(long)]
    json: bool,
    /// Threads running the deviations of --cites [default: the number of CPUs].
    #[arg(long, short = 'j', value_parser = super::jobs_count)]
    jobs: Option<usize>,
}

pub(super) fn check(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args { paths, no_coverage, cites, deny_cites, json, jobs } = args;
    let overrides = run_overrides(raw_options)?;
    let cat = catalog()?;
    let (files, errors) = scenarios(paths).load(&cat, &overrides);
    let scenarios: usize = files.iter().map(|f| f.scenarios.len()).sum();
    let uncovered = if no_coverage { Vec::new() } else { runner::uncovered(&cat, &files) };
    // Citations are judged only over a spec that loads whole: a file left
    // out would leave its clauses reached by the others alone.
    let judged = (cites && errors.is_empty()).then(|| {
        let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
        rulecheck::mutation::cites::cites(&cat, &files, jobs)
    });
    let warned = judged.as_ref().is_some_and(|c| !c.unreached.is_empty());
    if json {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        let doc = serde_json::json!({
            "files": files.len(),
            "scenarios": scenarios,
            "errors": errors,
            "uncovered": uncovered,
            "cites": judged.as_ref().map(cites::json),
        });
        outln!("{doc}")?;
    } else {
        for e in &errors {
            outln!("error: {e}")?;
        }
        for c in &uncovered {
            outln!("uncovered: clause {c} is cited by no scenario")?;
        }
        if cites && !errors.is_empty() {
            outln!("cites: not judged, the spec has input errors (citations are judged over a spec that loads whole)")?;
        }
        if let Some(c) = &judged {
            cites::human(c)?;
        }
        outln!(
            "checked {}, {}: {}, {}",
            report::count(files.len(), "file"),
            report::count(scenarios, "scenario"),
            report::count(errors.len(), "input error"),
            report::count(uncovered.len(), "uncovered clause"),
        )?;
    }
    Ok(if !errors.is_empty() {
        2
    } else if !uncovered.is_empty() || (deny_cites && warned) {
        1
    } else {
        0
    })
}
