//! The conformance matrix: the spec run over several engines at once, one
//! column per engine, one row per clause of each variant, each cell saying
//! whether the engine passed, failed, skipped or broke on the scenarios that
//! cite the clause. It is what a user comparing engines reads first, and
//! what `docs/conformance.md` is generated from.
//!
//! The engines are named in an engines file (YAML) so that a matrix is
//! reproducible from a file in the repository; each runs in its own threads,
//! and one engine that crashes, hangs or does not start never stops the
//! others: its column says so.

pub mod merge;
pub mod part;
pub mod readings;
pub mod render;
pub mod split;
mod table;

pub use table::{rows, rows_of, scenario_outcomes, scenario_outcomes_of, Cell, CellStatus, Listed, Row};

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::process::{EngineFile, EngineSpec, ProcessEngine};
use crate::engine::{self, Engine};
use crate::report::{self, ExpectedFailures, Outcome, Totals};
use crate::runner::{self, FileRun};
use crate::scenario::ScenarioFile;

/// Largest engines file read.
const MAX_ENGINES_BYTES: u64 = 1 << 20;

/// The engines file: `engines:`, a list of engine configs (the keys of an
/// `--engine-config` file) or `builtin: reference` entries.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnginesFile {
    engines: Vec<EngineFile>,
}

/// One engine of the matrix.
#[derive(Clone, Debug)]
pub enum Entry {
    /// The built-in reference engine, under the name given.
    Reference { name: String },
    /// An external engine, and its lineage: the code it shares with other
    /// engines of the file (its own name unless the file says otherwise).
    Process { spec: EngineSpec, lineage: String },
}

impl Entry {
    pub fn name(&self) -> &str {
        match self {
            Entry::Reference { name } => name,
            Entry::Process { spec, .. } => &spec.name,
        }
    }

    /// Engines of one lineage share code: where they read a rule alike,
    /// that is one engine's reading, not two. `None` for the reference,
    /// whose readings are the defaults by definition.
    pub fn lineage(&self) -> Option<&str> {
        match self {
            Entry::Reference { .. } => None,
            Entry::Process { lineage, .. } => Some(lineage),
        }
    }

    fn expected_failures(&self) -> Option<&Path> {
        match self {
            Entry::Reference { .. } => None,
            Entry::Process { spec, .. } => spec.expected_failures.as_deref(),
        }
    }
}

/// Read an engines file. Relative paths in it (commands excepted, which are
/// looked up as the shell would) are relative to the file.
pub fn load_engines(path: &Path) -> Result<Vec<Entry>, String> {
    let text = rulecheck_files::read_text(path, MAX_ENGINES_BYTES)?;
    let file: EnginesFile = serde_saphyr::from_str(&text).map_err(|e| {
        let loc = e.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
        format!("{}{loc}: {}", path.display(), e.to_string().lines().next().unwrap_or(""))
    })?;
    if file.engines.is_empty() {
        return Err(format!("{}: `engines` lists no engine", path.display()));
    }
    let base = path.parent().unwrap_or(Path::new("."));
    let mut entries = Vec::new();
    for (i, f) in file.engines.into_iter().enumerate() {
        let origin = format!("{}: engine {}", path.display(), i + 1);
        let entry = match f.builtin.as_deref() {
            Some("reference") => {
                if f.command.is_some() || !f.args.is_empty() || f.expected_failures.is_some() || f.lineage.is_some() {
                    return Err(format!(
                        "{origin}: `builtin: reference` is the built-in engine; it takes a `name` and nothing else"
                    ));
                }
                Entry::Reference { name: f.name.unwrap_or_else(|| "reference".to_string()) }
            }
            Some(other) => {
                return Err(format!(
                    "{origin}: `builtin: {}`: the only built-in engine is `reference`",
                    rulecheck_text::shown(other)
                ))
            }
            None => {
                let lineage = f.lineage.clone();
                let spec = f.into_spec(base, &origin)?;
                let lineage = lineage.unwrap_or_else(|| spec.name.clone());
                Entry::Process { spec, lineage }
            }
        };
        if let Some(dup) = entries.iter().find(|e: &&Entry| e.name() == entry.name()) {
            return Err(format!("{origin}: the name '{}' is taken by another engine of the file", dup.name()));
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// One engine's run.
#[derive(Clone, Debug)]
pub struct Column {
    pub name: String,
    /// What the engine says it is in its handshake (name and version).
    pub about: Option<String>,
    /// Why nothing could be run (the engine did not start), if so.
    pub failure: Option<String>,
    /// The outcome of every scenario with a verdict, in spec order.
    pub scenarios: Vec<Scored>,
    /// The expected-failures file, as given.
    pub expected_file: Option<PathBuf>,
    /// What the engine was found to follow on each disputed rule asked,
    /// in their order.
    pub readings: Vec<readings::Found>,
}

/// One scenario's outcome under one engine: all the matrix keeps of a
/// verdict, so that a matrix run in parts and merged renders as one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    /// The scenario's id (`path::name`).
    pub id: String,
    pub outcome: Outcome,
    /// Why it was skipped, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The outcomes of a run's verdicts, judged against an expected-failures
/// list, in the run's order.
pub fn scored(runs: &[FileRun], expected: &ExpectedFailures) -> Vec<Scored> {
    runs.iter()
        .flat_map(|r| {
            r.verdicts.iter().map(move |v| Scored {
                id: report::scenario_id(r, v),
                outcome: report::outcome(r, v, expected),
                reason: v.skipped.clone(),
            })
        })
        .collect()
}

impl Column {
    pub fn totals(&self) -> Totals {
        let mut t = Totals::default();
        for s in &self.scenarios {
            t.add(s.outcome);
        }
        t
    }

    /// The exit code of this engine's run alone.
    fn exit_code(&self) -> i32 {
        if self.failure.is_some() {
            3
        } else {
            self.totals().exit_code()
        }
    }
}

/// What one engine is run on: some scenarios (every one, or a share's),
/// and whether its readings of the disputed rules are found too.
#[derive(Clone, Debug)]
pub struct Task<'a> {
    /// The engine, by its place in the engines file.
    pub engine: usize,
    /// The whole spec, borrowed, or a share's scenarios.
    pub files: Cow<'a, [ScenarioFile]>,
    pub readings: bool,
}

/// Run the spec over every engine, `jobs` engine processes at a time in all
/// (each engine gets a share, at least one), and find the reading each
/// follows of the `disputed` rules.
pub fn run(
    files: &[ScenarioFile],
    entries: &[Entry],
    jobs: usize,
    disputed: &[readings::Disputed],
) -> Result<Vec<Column>, String> {
    let tasks: Vec<Task> =
        (0..entries.len()).map(|engine| Task { engine, files: Cow::Borrowed(files), readings: true }).collect();
    run_tasks(files, entries, &tasks, jobs, disputed)
}

/// Run each task, one column each, in the tasks' order. `files` is the
/// whole spec: an engine's readings are found over all of it, whatever
/// share of its scenarios it is run on.
pub fn run_tasks(
    files: &[ScenarioFile],
    entries: &[Entry],
    tasks: &[Task<'_>],
    jobs: usize,
    disputed: &[readings::Disputed],
) -> Result<Vec<Column>, String> {
    let mut lists = Vec::new();
    for t in tasks {
        let entry = entries.get(t.engine).ok_or_else(|| format!("no engine {} in the engines file", t.engine + 1))?;
        lists.push(match entry.expected_failures() {
            Some(f) => ExpectedFailures::load(f)?,
            None => ExpectedFailures::default(),
        });
    }
    let share = (jobs / tasks.len().max(1)).max(1);
    let columns = std::thread::scope(|scope| {
        // An engine whose thread cannot be started runs on this one, after
        // the others are started: slower, never left out.
        let handles: Vec<_> = tasks
            .iter()
            .zip(lists)
            .map(|(task, expected)| {
                let entry = &entries[task.engine];
                let mine = expected.clone();
                let spawned = std::thread::Builder::new()
                    .spawn_scoped(scope, move || run_one(files, entry, task, mine, share, disputed));
                (spawned.ok(), task, expected)
            })
            .collect();
        handles
            .into_iter()
            .map(|(h, task, expected)| {
                let entry = &entries[task.engine];
                let column = match h {
                    Some(h) => h.join().ok(),
                    None => Some(run_one(files, entry, task, expected, share, disputed)),
                };
                column.unwrap_or_else(|| Column {
                    name: entry.name().to_string(),
                    about: None,
                    failure: Some("the run of this engine ended unexpectedly".to_string()),
                    scenarios: Vec::new(),
                    expected_file: None,
                    readings: not_asked(disputed, "the run of this engine ended unexpectedly"),
                })
            })
            .collect()
    });
    Ok(columns)
}

/// Every disputed rule unanswered, and why.
fn not_asked(disputed: &[readings::Disputed], why: &str) -> Vec<readings::Found> {
    disputed.iter().map(|_| readings::Found::Error { why: why.to_string() }).collect()
}

fn run_one(
    all: &[ScenarioFile],
    entry: &Entry,
    task: &Task<'_>,
    expected: ExpectedFailures,
    jobs: usize,
    disputed: &[readings::Disputed],
) -> Column {
    let mut column = Column {
        name: entry.name().to_string(),
        about: None,
        failure: None,
        scenarios: Vec::new(),
        expected_file: entry.expected_failures().map(Path::to_path_buf),
        readings: Vec::new(),
    };
    let files = &task.files;
    match entry {
        Entry::Reference { .. } => {
            column.about = Some(format!("rulecheck {} (built-in reference)", env!("CARGO_PKG_VERSION")));
            column.scenarios = scored(&runner::run_all(files, &|| Box::new(engine::reference()), jobs), &expected);
            if task.readings {
                column.readings = readings::of_reference(disputed);
            }
        }
        Entry::Process { spec, .. } => {
            // An engine that cannot start is reported once, for its column.
            let mut probe = ProcessEngine::new(spec.clone());
            match probe.start() {
                Ok(hello) => {
                    column.about = match (&hello.name, &hello.version) {
                        (Some(n), Some(v)) => Some(format!("{n} {v}")),
                        (Some(n), None) => Some(n.clone()),
                        (None, Some(v)) => Some(v.clone()),
                        (None, None) => None,
                    };
                }
                Err(e) => {
                    let mut why = e.to_string();
                    if let Some(err) = probe.stderr() {
                        why.push_str(&format!(" ({})", err.trim_end()));
                    }
                    if task.readings {
                        column.readings = not_asked(disputed, "the engine did not start");
                    }
                    column.failure = Some(why);
                    return column;
                }
            }
            drop(probe);
            let runs = runner::run_all(files, &|| Box::new(ProcessEngine::new(spec.clone())), jobs);
            column.scenarios = scored(&runs, &expected);
            if task.readings {
                column.readings = match crate::interrupt::requested() {
                    None => readings::find(&mut ProcessEngine::new(spec.clone()), disputed, all),
                    Some(_) => not_asked(disputed, "the matrix was stopped before it was asked"),
                };
            }
        }
    }
    column
}

/// The exit code of a matrix: the worst of its engines' (2 bad input, 3 an
/// engine failed, 1 an unexpected failure or pass), 4 when nothing ran.
pub fn exit_code(columns: &[Column], input_errors: usize) -> i32 {
    if input_errors > 0 {
        return 2;
    }
    let codes: Vec<i32> = columns.iter().map(Column::exit_code).collect();
    for worst in [3, 1] {
        if codes.contains(&worst) {
            return worst;
        }
    }
    if codes.iter().all(|&c| c == 4) {
        4
    } else {
        0
    }
}
