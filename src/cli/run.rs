//! `rulecheck run`: the spec's scenarios, selected by path, id, name or
//! clause and cut into shards, replayed against the reference or an
//! external engine, with the report in the format asked, an HTML report
//! beside it, and the expected failures written or judged against.

use std::path::PathBuf;

use super::input::{catalog, catalog_files, engine_files, parse_shard, run_overrides, scenarios, stop_on_signals};
use super::output::{bad, check_outputs, note, out, write_file, Fail};
use super::{jobs_count, Limits};
use rulecheck::engine::{self, process::EngineSpec, process::ProcessEngine};
use rulecheck::report;
use rulecheck::runner;

/// Report formats of `run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
    Junit,
    Baseline,
}

/// The arguments of `rulecheck run`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// Scenario files, directories, file globs ('spec/*/kings.yaml') or scenario ids as reports print
    /// them ('spec/english/kings.yaml::a king steps backward') [default: ./spec, else the built-in spec]
    paths: Vec<PathBuf>,
    /// Run only the scenarios whose name matches (`*` for any run of characters; repeatable).
    #[arg(long, value_name = "PATTERN")]
    name: Vec<String>,
    /// Run only the scenarios citing a matching clause, e.g. 'english.king.*' (repeatable).
    #[arg(long, value_name = "PATTERN")]
    clause: Vec<String>,
    /// Write the run's failures to this expected-failures file, each pinned to the expectations that
    /// failed, and judge the run against it (exit 0 unless an engine broke).
    #[arg(long, value_name = "FILE", conflicts_with = "expected_failures")]
    bless: Option<PathBuf>,
    /// An external engine: its command line, run directly (no shell), e.g. 'python3 adapter.py'.
    #[arg(long, value_name = "CMD ARGS", conflicts_with = "engine_config")]
    engine: Option<String>,
    /// An engine config file (YAML: command, args, dir, timeout, startup-timeout, perft-timeout, expected-failures).
    #[arg(long, value_name = "FILE")]
    engine_config: Option<PathBuf>,
    #[command(flatten)]
    limits: Limits,
    /// Scenario ids (file::scenario, one a line) the engine is known to fail.
    #[arg(long, value_name = "FILE")]
    expected_failures: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Engines to run in parallel (one process each for an external engine).
    #[arg(long, short = 'j', default_value_t = 1, value_parser = jobs_count)]
    jobs: usize,
    /// Run only the K-th of N parts of the spec (1-based), e.g. 2/4: a CI matrix spreads the spec over N machines.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Also write a self-contained HTML report (boards drawn, failing moves marked) to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// List every skipped scenario under its reason (the human report counts them by reason).
    #[arg(long)]
    list_skipped: bool,
    /// Also write a Markdown summary to this file, for a CI job's page ($GITHUB_STEP_SUMMARY): the
    /// counts, the failures by clause with each clause's rule, the skips by reason.
    #[arg(long, value_name = "FILE")]
    summary: Option<PathBuf>,
}

pub(super) fn run(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args {
        paths,
        name,
        clause,
        bless,
        engine,
        engine_config,
        limits,
        expected_failures,
        format,
        jobs,
        shard,
        report: html_out,
        list_skipped,
        summary,
    } = args;
    let (paths, ids) = runner::split_args(&paths);
    let selection = runner::Selection { ids, names: name, clauses: clause };
    let overrides = run_overrides(raw_options)?;
    let cat = catalog()?;
    let spec = match (&engine, &engine_config) {
        (Some(line), _) => Some(EngineSpec::from_command_line(line).map_err(bad)?),
        (None, Some(file)) => Some(EngineSpec::from_file(file).map_err(bad)?),
        (None, None) => None,
    };
    let spec = spec.map(|s| limits.apply(s));
    let expected_file = expected_failures.or_else(|| spec.as_ref().and_then(|s| s.expected_failures.clone()));
    let mut expected = match &expected_file {
        Some(f) => report::ExpectedFailures::load(f).map_err(bad)?,
        None => report::ExpectedFailures::default(),
    };
    let source = scenarios(paths);
    let (mut files, mut errors) = source.load(&cat, &overrides);
    if !selection.is_empty() {
        let (kept, unknown) = selection.select(files);
        files = kept;
        errors.extend(unknown);
    }
    // No output replaces a file the run reads, and one that cannot be
    // written is said now, not after the run. `--bless` rewrites the engine's
    // own expected-failures list, which is what blessing is for; the HTML
    // report never does.
    let mut inputs: Vec<PathBuf> = files
        .iter()
        .map(|f| f.path.clone())
        .chain(errors.iter().map(|e| e.file.clone()))
        .chain(engine_config.iter().cloned())
        .chain(catalog_files())
        .chain(spec.iter().flat_map(engine_files))
        .collect();
    let outputs: Vec<(&str, &std::path::Path)> =
        [("--report", &html_out), ("--bless", &bless), ("--summary", &summary)]
            .into_iter()
            .filter_map(|(option, path)| path.as_deref().map(|p| (option, p)))
            .collect();
    check_outputs(&outputs, &inputs, "this run")?;
    inputs.extend(expected_file.iter().cloned());
    for (option, target) in [("--report", &html_out), ("--summary", &summary)] {
        if let Some(target) = target {
            check_outputs(&[(option, target.as_path())], &inputs, "this run")?;
        }
    }
    // What a blessed list keeps of the files this run could not judge.
    let kept = match &bless {
        Some(file) => {
            // A file with an input error, not one whose scenarios loaded.
            let loaded: std::collections::BTreeSet<String> = files.iter().map(|f| runner::id_path(&f.path)).collect();
            let unjudged: std::collections::BTreeSet<String> =
                errors.iter().map(|e| runner::id_path(&e.file)).filter(|id| !loaded.contains(id)).collect();
            report::ExpectedFailures::load(file).map(|old| old.entries_of(&unjudged)).unwrap_or_default()
        }
        None => Vec::new(),
    };
    if let Some(sh) = shard {
        let (k, n) = parse_shard(&sh)?;
        files = runner::shard(files, k, n);
    }
    let name = spec.as_ref().map(|s| s.name.clone()).unwrap_or_else(|| "reference".to_string());
    stop_on_signals()?;
    // The engine started to see that it starts is the first worker's.
    let started: std::sync::Mutex<Option<ProcessEngine>> = std::sync::Mutex::new(None);
    if let Some(s) = &spec {
        // An engine that cannot even start is reported once, not per
        // scenario; a stop meanwhile is reported below, as any stopped run.
        let mut probe = ProcessEngine::new(s.clone());
        if let Err(e) = probe.start().map(|_| ()).or_else(|e| match rulecheck::interrupt::requested() {
            Some(_) => Ok(()),
            None => Err(e),
        }) {
            let message = format!("engine '{}': {e}", s.name);
            let stderr = engine::Engine::stderr(&mut probe);
            // CI reads the machine-readable report: it says so too.
            let failure = report::EngineFailure { message: message.clone(), stderr: stderr.clone() };
            let text = match format {
                Format::Json => Some(report::json_engine_failed(&name, &failure, &errors)),
                Format::Junit => Some(report::junit_engine_failed(&name, &failure, &errors)),
                Format::Human | Format::Baseline => None,
            };
            note(&format!("error: {message}"));
            if let Some(err) = &stderr {
                note(err);
            }
            if let Some(file) = &summary {
                write_file(file, &report::summary_engine_failed(&name, &failure))?;
            }
            if let Some(text) = text {
                out(&text)?;
            }
            return Ok(3);
        }
        if let Ok(mut slot) = started.lock() {
            *slot = Some(probe);
        }
    }
    let make = |spec: &Option<EngineSpec>| -> Box<dyn engine::Engine> {
        match spec {
            Some(s) => match started.lock().ok().and_then(|mut slot| slot.take()) {
                Some(probe) => Box::new(probe),
                None => Box::new(ProcessEngine::new(s.clone())),
            },
            None => Box::new(engine::reference()),
        }
    };
    let total: u64 = files.iter().map(|f| f.scenarios.len() as u64).sum();
    let bar = crate::progress::bar(total, "scenarios", crate::progress::wanted() && format == Format::Human);
    let mut runs = runner::run_all_observed(&files, &|| make(&spec), jobs, &|| bar.inc(1));
    bar.finish_and_clear();
    // A stopped run reports the scenarios that have a verdict, and says it
    // is incomplete.
    let stopped = rulecheck::interrupt::requested().map(|signal| report::Stopped {
        signal: signal.to_string(),
        done: runs.iter().map(|r| r.verdicts.len()).sum(),
        selected: files.iter().map(|f| f.scenarios.len()).sum(),
    });
    if stopped.is_some() {
        runner::keep_judged(&mut files, &mut runs);
    }
    let stopped = stopped.as_ref();
    if let Some(file) = &bless {
        // A stopped run would write a list missing what it did not run.
        if stopped.is_none() {
            let header = format!(
                "The scenarios {name} fails, each with the expectations that fail.\nWritten by `rulecheck run --bless`; a scenario failing on another expectation fails the run again."
            );
            let text = report::ExpectedFailures::written_keeping(&runs, &header, kept);
            write_file(file, &text)?;
            expected = report::ExpectedFailures::parse(&text);
            note(&format!("rulecheck: wrote {}", file.display()));
        }
    } else if expected_file.is_some() {
        let (stale, elsewhere) = expected.unmatched(&files);
        for id in &stale {
            note(&format!("warning: the expected-failures list names '{id}', which is no scenario of its file"));
        }
        if !stale.is_empty() && elsewhere > 0 {
            note(&format!("({} of the list are for files this run did not load)", report::count(elsewhere, "entry")));
        }
    }
    let text = match format {
        Format::Human => report::human_with(&runs, &errors, &expected, stopped, list_skipped),
        Format::Json => report::json_of(
            &report::Run { engine: &name, runs: &runs, errors: &errors, expected: &expected, stopped },
            Some(source.json()),
        ),
        Format::Junit => report::junit_of(
            &report::Run { engine: &name, runs: &runs, errors: &errors, expected: &expected, stopped },
            Some(&source.describe()),
        ),
        Format::Baseline => report::baseline(&runs, &errors, &expected, stopped),
    };
    // The HTML report is written even when standard output is closed.
    let printed = out(&text);
    if let Some(s) = stopped {
        note(&format!("rulecheck: {}; its engines were ended", s.describe()));
    }
    if let Some(file) = &summary {
        let run = report::Run { engine: &name, runs: &runs, errors: &errors, expected: &expected, stopped };
        write_file(file, &report::summary(&run, &cat))?;
    }
    if let Some(file) = html_out {
        let page = report::html::html(&name, &files, &runs, &errors, &expected, &cat, stopped);
        write_file(&file, &page)?;
    }
    printed?;
    Ok(report::exit_code(&report::Totals::with(&runs, &errors, &expected), stopped) as u8)
}
