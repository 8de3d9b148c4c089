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

pub mod readings;
pub mod render;

use std::collections::{BTreeMap, HashMap};
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
    pub runs: Vec<FileRun>,
    pub expected: ExpectedFailures,
    /// The expected-failures file, as given.
    pub expected_file: Option<PathBuf>,
    /// What the engine was found to follow on each disputed rule asked,
    /// in their order.
    pub readings: Vec<readings::Found>,
}

impl Column {
    pub fn totals(&self) -> Totals {
        Totals::with(&self.runs, &[], &self.expected)
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

/// Run the spec over every engine, `jobs` engine processes at a time in all
/// (each engine gets a share, at least one), and find the reading each
/// follows of the `disputed` rules.
pub fn run(
    files: &[ScenarioFile],
    entries: &[Entry],
    jobs: usize,
    disputed: &[readings::Disputed],
) -> Result<Vec<Column>, String> {
    let mut lists = Vec::new();
    for e in entries {
        lists.push(match e.expected_failures() {
            Some(f) => ExpectedFailures::load(f)?,
            None => ExpectedFailures::default(),
        });
    }
    let share = (jobs / entries.len().max(1)).max(1);
    let columns = std::thread::scope(|scope| {
        // An engine whose thread cannot be started runs on this one, after
        // the others are started: slower, never left out.
        let handles: Vec<_> = entries
            .iter()
            .zip(lists)
            .map(|(entry, expected)| {
                let mine = expected.clone();
                let spawned = std::thread::Builder::new()
                    .spawn_scoped(scope, move || run_one(files, entry, mine, share, disputed));
                (spawned.ok(), entry, expected)
            })
            .collect();
        handles
            .into_iter()
            .zip(entries)
            .map(|((h, entry, expected), e)| {
                let column = match h {
                    Some(h) => h.join().ok(),
                    None => Some(run_one(files, entry, expected, share, disputed)),
                };
                column.unwrap_or_else(|| Column {
                    name: e.name().to_string(),
                    about: None,
                    failure: Some("the run of this engine ended unexpectedly".to_string()),
                    runs: Vec::new(),
                    expected: ExpectedFailures::default(),
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
    files: &[ScenarioFile],
    entry: &Entry,
    expected: ExpectedFailures,
    jobs: usize,
    disputed: &[readings::Disputed],
) -> Column {
    let mut column = Column {
        name: entry.name().to_string(),
        about: None,
        failure: None,
        runs: Vec::new(),
        expected,
        expected_file: entry.expected_failures().map(Path::to_path_buf),
        readings: Vec::new(),
    };
    match entry {
        Entry::Reference { .. } => {
            column.about = Some(format!("rulecheck {} (built-in reference)", env!("CARGO_PKG_VERSION")));
            column.runs = runner::run_all(files, &|| Box::new(engine::reference()), jobs);
            column.readings = readings::of_reference(disputed);
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
                    column.readings = not_asked(disputed, "the engine did not start");
                    column.failure = Some(why);
                    return column;
                }
            }
            drop(probe);
            column.runs = runner::run_all(files, &|| Box::new(ProcessEngine::new(spec.clone())), jobs);
            column.readings = match crate::interrupt::requested() {
                None => readings::find(&mut ProcessEngine::new(spec.clone()), disputed, files),
                Some(_) => not_asked(disputed, "the matrix was stopped before it was asked"),
            };
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

/// A cell's verdict, from the outcomes of the scenarios citing the clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellStatus {
    /// Every scenario run passed.
    Pass,
    /// A scenario failed (listed as expected or not).
    Fail,
    /// No scenario was run: the engine does not play the variant or house rules.
    Skip,
    /// The engine crashed, hung or answered out of protocol, or never started.
    Error,
}

impl CellStatus {
    pub fn word(self) -> &'static str {
        match self {
            CellStatus::Pass => "pass",
            CellStatus::Fail => "fail",
            CellStatus::Skip => "skip",
            CellStatus::Error => "error",
        }
    }
}

/// One engine on one clause.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub status: CellStatus,
    pub passed: usize,
    /// Failing scenarios (ids).
    pub failed: Vec<String>,
    /// Of those, the ones the engine's expected-failures list names.
    pub expected: Vec<String>,
    pub skipped: usize,
    /// Scenarios on which the engine broke (ids).
    pub errors: Vec<String>,
}

/// One clause of one variant.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub variant: String,
    pub clause: String,
    /// The scenarios citing the clause (ids), in spec order.
    pub scenarios: Vec<String>,
    /// One per engine, in the engines file's order.
    pub cells: Vec<Cell>,
}

/// The outcome of every scenario for one engine, by scenario id.
fn outcomes(column: &Column) -> HashMap<String, Outcome> {
    let mut map = HashMap::new();
    for r in &column.runs {
        for v in &r.verdicts {
            map.insert(report::scenario_id(r, v), report::outcome(r, v, &column.expected));
        }
    }
    map
}

/// The outcome of each scenario under each engine, `None` where it has no
/// verdict (the engine never started, or the run was stopped).
pub fn scenario_outcomes(files: &[ScenarioFile], columns: &[Column]) -> Vec<(String, Vec<Option<Outcome>>)> {
    let maps: Vec<_> = columns.iter().map(outcomes).collect();
    files
        .iter()
        .flat_map(|f| f.scenarios.iter().map(move |s| format!("{}::{}", runner::id_path(&f.path), s.name)))
        .map(|id| {
            let row = maps.iter().map(|m| m.get(&id).copied()).collect();
            (id, row)
        })
        .collect()
}

/// The rows of the matrix: every clause a scenario cites, by variant then
/// clause id.
pub fn rows(files: &[ScenarioFile], columns: &[Column]) -> Vec<Row> {
    let maps: Vec<_> = columns.iter().map(outcomes).collect();
    let mut by_clause: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for f in files {
        for s in &f.scenarios {
            let id = format!("{}::{}", runner::id_path(&f.path), s.name);
            for c in &s.clauses {
                let ids = by_clause.entry((s.variant.clone(), c.value.clone())).or_default();
                if !ids.contains(&id) {
                    ids.push(id.clone());
                }
            }
        }
    }
    by_clause
        .into_iter()
        .map(|((variant, clause), scenarios)| {
            let cells = columns.iter().zip(&maps).map(|(col, map)| cell(col, map, &scenarios)).collect();
            Row { variant, clause, scenarios, cells }
        })
        .collect()
}

fn cell(column: &Column, map: &HashMap<String, Outcome>, scenarios: &[String]) -> Cell {
    let mut c = Cell {
        status: CellStatus::Skip,
        passed: 0,
        failed: Vec::new(),
        expected: Vec::new(),
        skipped: 0,
        errors: Vec::new(),
    };
    for id in scenarios {
        match map.get(id) {
            Some(Outcome::Pass | Outcome::UnexpectedPass) => c.passed += 1,
            Some(Outcome::Fail) => c.failed.push(id.clone()),
            Some(Outcome::ExpectedFail) => {
                c.failed.push(id.clone());
                c.expected.push(id.clone());
            }
            Some(Outcome::Skip) => c.skipped += 1,
            Some(Outcome::Error) => c.errors.push(id.clone()),
            None if column.failure.is_some() => c.errors.push(id.clone()),
            None => {}
        }
    }
    c.status = if !c.errors.is_empty() {
        CellStatus::Error
    } else if !c.failed.is_empty() {
        CellStatus::Fail
    } else if c.passed > 0 {
        CellStatus::Pass
    } else {
        CellStatus::Skip
    };
    c
}
