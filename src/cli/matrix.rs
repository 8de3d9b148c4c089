//! `rulecheck matrix`: the spec over several engines, one conformance matrix;
//! or one worker's share of it (`--index I --count N`), written as a part
//! for `matrix merge`.

use std::path::{Path, PathBuf};

use super::input::{catalog, catalog_files, engine_files, run_overrides, scenarios, stop_on_signals};
use super::matrix_merge::{self, Written};
use super::output::{bad, check_outputs, note, out, write_file, Fail};
use rulecheck::batch::IndexArg;
use rulecheck::matrix::{self, part, Entry};
use rulecheck::report;
use rulecheck::runner;
use rulecheck::scenario::ScenarioFile;

/// Largest scenario file, expected-failures list or catalog file read for
/// the inputs hash (the loader's own limits are lower).
const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The arguments of `rulecheck matrix`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct Args {
    #[command(subcommand)]
    action: Option<Action>,
    /// The engines file (YAML): `engines:`, a list of engine configs (the keys of an --engine-config
    /// file: name, command, args, dir, timeout, startup-timeout, perft-timeout, expected-failures) or `builtin: reference`.
    #[arg(required = true)]
    engines: Option<PathBuf>,
    /// Scenario files or directories [default: ./spec, else the built-in spec]
    paths: Vec<PathBuf>,
    /// Write the Markdown matrix to this file (without --markdown, --json or --html it goes to standard output).
    #[arg(long, value_name = "FILE", conflicts_with = "index")]
    markdown: Option<PathBuf>,
    /// Write the JSON matrix to this file.
    #[arg(long, value_name = "FILE", conflicts_with = "index")]
    json: Option<PathBuf>,
    /// Write the HTML matrix (rows open onto their scenarios) to this file.
    #[arg(long, value_name = "FILE", conflicts_with = "index")]
    html: Option<PathBuf>,
    /// Run only share I (0 to N-1) of the matrix's cells, one per engine and scenario, and write it
    /// as a part for `matrix merge`; `auto` reads it from a Slurm job array (SLURM_ARRAY_TASK_ID, the
    /// count from a whole array 0 to N-1), a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with
    /// --count), GitLab (CI_NODE_INDEX) or RULECHECK_INDEX and RULECHECK_COUNT.
    #[arg(long, value_name = "I|auto")]
    index: Option<IndexArg>,
    /// How many shares the matrix is split into (with --index).
    #[arg(long, value_name = "N", requires = "index")]
    count: Option<usize>,
    /// Write the part (JSON) to this file [default: standard output] (with --index).
    #[arg(long, value_name = "FILE", requires = "index")]
    part: Option<PathBuf>,
    /// Engine processes to run at once, shared among the engines [default: the number of CPUs].
    #[arg(long, short = 'j', value_parser = super::jobs_count)]
    jobs: Option<usize>,
}

#[derive(clap::Subcommand, Debug)]
enum Action {
    /// Merge the parts of a matrix run in shares (`matrix --index I --count N`) into the whole matrix.
    ///
    /// The files written are byte for byte those a single run writes. Every cell must be in exactly
    /// one part, and every part of the same inputs and count: each part or cell missing, doubled or
    /// foreign is named and nothing is written (exit 1). Otherwise it exits as the matrix would.
    Merge(matrix_merge::Args),
}

pub(super) fn matrix(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args { action, engines, paths, markdown, json, html, index, count, part, jobs } = args;
    if let Some(Action::Merge(args)) = action {
        return matrix_merge::merge(args);
    }
    let Some(engines) = engines else {
        return Err(bad("no engines file given"));
    };
    // A worker given no share it can take says so before any work.
    let share = index.map(|i| rulecheck::batch::resolve(i, count).map_err(|e| bad(e.to_string()))).transpose()?;
    let overrides = run_overrides(raw_options)?;
    let cat = catalog()?;
    let entries = matrix::load_engines(&engines).map_err(bad)?;
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
    let outputs: Vec<(&str, &Path)> =
        [("--markdown", &markdown), ("--json", &json), ("--html", &html), ("--part", &part)]
            .into_iter()
            .filter_map(|(option, path)| path.as_deref().map(|p| (option, p)))
            .collect();
    let inputs: Vec<PathBuf> = files
        .iter()
        .map(|f| f.path.clone())
        .chain(std::iter::once(engines.clone()))
        .chain(entries.iter().flat_map(|e| match e {
            Entry::Process { spec: s, .. } => s.expected_failures.iter().cloned().chain(engine_files(s)).collect(),
            Entry::Reference { .. } => Vec::new(),
        }))
        .chain(catalog_files())
        .collect();
    check_outputs(&outputs, &inputs, "this matrix")?;
    stop_on_signals()?;
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let disputed = disputed_rules(&cat, &files);
    let mut command = format!("rulecheck matrix {}", runner::display_path(&engines));
    for p in &given_paths {
        command.push(' ');
        command.push_str(&runner::display_path(p));
    }
    if let Some(share) = share {
        let frame = part::Frame::new(
            &command,
            &entries,
            &files,
            matrix::render::rules(&matrix::Listed::all(&files), &cat),
            &disputed,
        );
        let hash = inputs_hash(raw_options, &command, &engines, &entries, &files)?;
        return run_part(&files, &entries, jobs, frame, hash, share, part.as_deref());
    }
    let columns = matrix::run(&files, &entries, jobs, &disputed).map_err(bad)?;
    let listed = matrix::Listed::all(&files);
    let named: Vec<(&str, Option<&str>)> = entries.iter().map(|e| (e.name(), e.lineage())).collect();
    // A matrix stopped part way says so in every file it writes.
    let stopped = rulecheck::interrupt::requested().map(|signal| report::Stopped {
        signal: signal.to_string(),
        done: columns.iter().map(|c| c.scenarios.len()).sum(),
        selected: listed.len() * columns.len(),
    });
    let rules = |clause: &str| cat.clause(clause).map(|(_, c)| c.rule.clone());
    let written = Written {
        command: &command,
        listed: &listed,
        engines: &named,
        disputed: &disputed,
        rule: &rules,
        merged: false,
    };
    matrix_merge::write(&written, &columns, stopped.as_ref(), [markdown, json, html])
}

/// Run this worker's share and write its part: exit 0 once it is written
/// (whatever its cells' outcomes), 5 when it was stopped.
fn run_part(
    files: &[ScenarioFile],
    entries: &[Entry],
    jobs: usize,
    frame: part::Frame,
    hash: String,
    (index, count): (usize, usize),
    to: Option<&Path>,
) -> Result<u8, Fail> {
    let (cells, total) = (frame.scenarios.len(), frame.scenarios.len() * frame.engines.len());
    let (p, columns) = part::run(files, entries, jobs, frame, hash, (index, count)).map_err(bad)?;
    let mine: usize = p.engines.iter().map(|e| e.cells.len()).sum();
    let names: Vec<&str> = p.engines.iter().filter(|e| !e.cells.is_empty()).map(|e| e.name.as_str()).collect();
    note(&format!(
        "rulecheck: part {index} of {count}: {mine} of {total} cells ({} scenarios x {} engines){}",
        cells,
        entries.len(),
        if names.is_empty() { String::new() } else { format!(", of {}", names.join(", ")) }
    ));
    for col in &columns {
        if let Some(why) = &col.failure {
            note(&format!("error: engine '{}': {why}", col.name));
        }
    }
    let text = serde_json::to_string_pretty(&p).map_err(|e| bad(format!("the part cannot be written: {e}")))? + "\n";
    match to {
        Some(f) => write_file(f, &text)?,
        None => out(&text)?,
    }
    if let Some(signal) = &p.incomplete {
        note(&format!("rulecheck: stopped by {signal}; the part covers what finished and its engines were ended"));
        return Ok(report::EXIT_STOPPED as u8);
    }
    // The verdict is the merge's, which exits as the whole matrix does: a
    // worker whose part is written has done its work, and a batch system
    // must neither retry it nor hold the merge back for an engine's failure.
    Ok(0)
}

/// The hash of what makes the matrix: rulecheck itself (its version and
/// built-in spec), the command, the house rules given, the engines file,
/// each expected-failures list, each scenario file and each catalog file.
/// The engines' programs are not in it: a CI job that builds its engine
/// builds it anew, and the parts are still of one matrix.
fn inputs_hash(
    raw_options: &[String],
    command: &str,
    engines: &Path,
    entries: &[Entry],
    files: &[ScenarioFile],
) -> Result<String, Fail> {
    let read =
        |p: &Path| rulecheck_files::read_bounded(p, MAX_INPUT_BYTES).map_err(|e| bad(format!("{}: {e}", p.display())));
    let mut items: Vec<(String, Vec<u8>)> = vec![
        ("rulecheck".to_string(), rulecheck::builtin::VERSION_LINE.as_bytes().to_vec()),
        ("command".to_string(), command.as_bytes().to_vec()),
        ("options".to_string(), raw_options.join("\n").into_bytes()),
        ("engines".to_string(), read(engines)?),
    ];
    for e in entries {
        if let Entry::Process { spec, .. } = e {
            if let Some(f) = &spec.expected_failures {
                items.push((format!("expected-failures {}", spec.name), read(f)?));
            }
        }
    }
    let builtin: Vec<(PathBuf, &[u8])> = rulecheck::builtin::scenarios().collect();
    for f in files {
        let bytes = match builtin.iter().find(|(p, _)| !f.path.is_file() && *p == f.path) {
            Some((_, b)) => b.to_vec(),
            None => read(&f.path)?,
        };
        items.push((format!("scenario {}", runner::id_path(&f.path)), bytes));
    }
    for f in catalog_files() {
        items.push((format!("catalog {}", f.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()), read(&f)?));
    }
    Ok(part::inputs_hash(&items))
}

/// The readings of the catalog for the variants the scenarios cover: the
/// disputed rules the matrix finds each engine's reading of.
fn disputed_rules(cat: &rulecheck::catalog::Catalog, files: &[ScenarioFile]) -> Vec<matrix::readings::Disputed> {
    let mut out = Vec::new();
    for v in rulecheck::registry::variants() {
        let id = v.info().id;
        if !files.iter().any(|f| f.scenarios.iter().any(|s| s.variant == id)) {
            continue;
        }
        for (_, r) in cat.readings(id) {
            out.push(matrix::readings::Disputed {
                variant: id.to_string(),
                option: r.option.value.clone(),
                clause: r.clause.value.clone(),
                default: r.default.value.clone(),
            });
        }
    }
    out
}
