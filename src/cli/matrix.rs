//! `rulecheck matrix`: the spec over several engines, one conformance matrix.

use std::path::PathBuf;

use super::input::{catalog, catalog_files, engine_files, run_overrides, scenarios, stop_on_signals};
use super::output::{bad, check_outputs, note, out, write_file, Fail};
use rulecheck::matrix;
use rulecheck::report;
use rulecheck::runner;

/// The arguments of `rulecheck matrix`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The engines file (YAML): `engines:`, a list of engine configs (the keys of an --engine-config
    /// file: name, command, args, dir, timeout, startup-timeout, perft-timeout, expected-failures) or `builtin: reference`.
    engines: PathBuf,
    /// Scenario files or directories [default: ./spec, else the built-in spec]
    paths: Vec<PathBuf>,
    /// Write the Markdown matrix to this file (without --markdown, --json or --html it goes to standard output).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Write the JSON matrix to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the HTML matrix (rows open onto their scenarios) to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Engine processes to run at once, shared among the engines [default: the number of CPUs].
    #[arg(long, short = 'j', value_parser = super::jobs_count)]
    jobs: Option<usize>,
}

pub(super) fn matrix(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args { engines, paths, markdown, json, html, jobs } = args;
    let overrides = run_overrides(raw_options)?;
    let cat = catalog()?;
    let entries = rulecheck::matrix::load_engines(&engines).map_err(bad)?;
    let given_paths = paths.clone();
    let (files, errors) = scenarios(paths).load(&cat, &overrides);
    // A matrix over part of the spec would read as a verdict on all of it.
    if !errors.is_empty() {
        for e in &errors {
            note(&format!("error: {e}"));
        }
        return Err(bad(format!(
            "{} of the spec could not be read: no matrix is made over part of it",
            report::count(errors.len(), "file")
        )));
    }
    let outputs: Vec<(&str, &std::path::Path)> = [("--markdown", &markdown), ("--json", &json), ("--html", &html)]
        .into_iter()
        .filter_map(|(option, path)| path.as_deref().map(|p| (option, p)))
        .collect();
    let inputs: Vec<PathBuf> = files
        .iter()
        .map(|f| f.path.clone())
        .chain(std::iter::once(engines.clone()))
        .chain(entries.iter().flat_map(|e| match e {
            rulecheck::matrix::Entry::Process { spec: s, .. } => {
                s.expected_failures.iter().cloned().chain(engine_files(s)).collect()
            }
            rulecheck::matrix::Entry::Reference { .. } => Vec::new(),
        }))
        .chain(catalog_files())
        .collect();
    check_outputs(&outputs, &inputs, "this matrix")?;
    stop_on_signals()?;
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let disputed = disputed_rules(&cat, &files);
    let columns = rulecheck::matrix::run(&files, &entries, jobs, &disputed).map_err(bad)?;
    let rows = rulecheck::matrix::rows(&files, &columns);
    let found: Vec<_> = columns.iter().map(|c| c.readings.clone()).collect();
    let readings = rulecheck::matrix::readings::rows(&disputed, &entries, &found);
    let mut command = format!("rulecheck matrix {}", runner::display_path(&engines));
    for p in &given_paths {
        command.push(' ');
        command.push_str(&runner::display_path(p));
    }
    for col in &columns {
        if let Some(why) = &col.failure {
            note(&format!("error: engine '{}': {why}", col.name));
        }
    }
    // A matrix stopped part way says so in every file it writes.
    let stopped = rulecheck::interrupt::requested().map(|signal| report::Stopped {
        signal: signal.to_string(),
        done: columns.iter().flat_map(|c| &c.runs).map(|r| r.verdicts.len()).sum(),
        selected: files.iter().map(|f| f.scenarios.len()).sum::<usize>() * columns.len(),
    });
    let stopped = stopped.as_ref();
    let made = matrix::render::Made { command: &command, columns: &columns, rows: &rows, readings: &readings, stopped };
    let md = matrix::render::markdown(&made);
    if let Some(f) = &markdown {
        write_file(f, &md)?;
    }
    if let Some(f) = &json {
        write_file(f, &matrix::render::json(&made))?;
    }
    if let Some(f) = &html {
        let outcomes = rulecheck::matrix::scenario_outcomes(&files, &columns);
        write_file(f, &matrix::render::html(&made, &outcomes, &cat))?;
    }
    if outputs.is_empty() {
        out(&md)?;
    }
    if let Some(signal) = stopped.map(|s| &s.signal) {
        note(&format!("rulecheck: stopped by {signal}; the matrix covers what finished and its engines were ended"));
        return Ok(report::EXIT_STOPPED as u8);
    }
    Ok(rulecheck::matrix::exit_code(&columns, 0) as u8)
}

/// The readings of the catalog for the variants the scenarios cover: the
/// disputed rules the matrix finds each engine's reading of.
fn disputed_rules(
    cat: &rulecheck::catalog::Catalog,
    files: &[rulecheck::scenario::ScenarioFile],
) -> Vec<rulecheck::matrix::readings::Disputed> {
    let mut out = Vec::new();
    for v in rulecheck::registry::variants() {
        let id = v.info().id;
        if !files.iter().any(|f| f.scenarios.iter().any(|s| s.variant == id)) {
            continue;
        }
        for (_, r) in cat.readings(id) {
            out.push(rulecheck::matrix::readings::Disputed {
                variant: id.to_string(),
                option: r.option.value.clone(),
                clause: r.clause.value.clone(),
                default: r.default.value.clone(),
            });
        }
    }
    out
}
