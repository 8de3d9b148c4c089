//! A run of the spec: load the scenario files under some paths, check every
//! scenario against an engine, and collect the verdicts per file.

use std::path::{Path, PathBuf};

use crate::catalog::Catalog;
use crate::engine::Engine;
use crate::game::Options;
use crate::oracle::{self, Verdict};
use crate::scenario::{loader, InputError, ScenarioFile};

/// The verdicts of one scenario file.
#[derive(Clone, Debug)]
pub struct FileRun {
    pub path: PathBuf,
    pub variant: String,
    pub verdicts: Vec<Verdict>,
}

impl FileRun {
    pub fn passed(&self) -> usize {
        self.verdicts.iter().filter(|v| v.passed()).count()
    }

    pub fn failed(&self) -> usize {
        self.verdicts.len() - self.passed()
    }

    /// The transcript of the whole file, as snapshotted.
    pub fn transcript(&self) -> String {
        let mut out = format!("file: {}\nvariant: {}\n", self.path.display(), self.variant);
        for v in &self.verdicts {
            out.push('\n');
            out.push_str(&v.transcript);
        }
        out
    }
}

/// Load every scenario file under the paths; the files that load, and every
/// input error of those that do not.
pub fn load_all(paths: &[PathBuf], catalog: &Catalog, overrides: &Options) -> (Vec<ScenarioFile>, Vec<InputError>) {
    let (files, mut errors) = loader::collect(paths);
    let mut loaded = Vec::new();
    for f in files {
        // One bad scenario does not stop its file: the rest load and run.
        let (sf, mut es) = loader::load_partial(&f, catalog, overrides, &oracle::REGISTRY);
        loaded.extend(sf);
        errors.append(&mut es);
    }
    (loaded, errors)
}

/// Check every scenario of a file against an engine.
pub fn run_file(file: &ScenarioFile, engine: &mut dyn Engine) -> FileRun {
    FileRun {
        path: file.path.clone(),
        variant: file.variant.clone(),
        verdicts: file
            .scenarios
            .chunks(AHEAD)
            .flat_map(|run| {
                let plans: Vec<crate::engine::Plan> = run.iter().filter_map(|s| oracle::plan(s, engine)).collect();
                engine.ask_ahead(&plans);
                let verdicts: Vec<Verdict> = run.iter().map(|s| oracle::check(s, engine)).collect();
                engine.ask_ahead(&[]);
                verdicts
            })
            .collect(),
    }
}

/// How many scenarios an engine is asked about at once ([`Engine::ask_ahead`]):
/// enough that an engine behind a pipe answers a run of them per wake-up,
/// few enough that `--jobs` still shares the scenarios out evenly.
const AHEAD: usize = 16;

/// Check every scenario of every file, spreading the scenarios over `jobs`
/// engines (each made by `make`, e.g. one process each) working in
/// parallel; the verdicts come back in file and scenario order.
pub fn run_all(files: &[ScenarioFile], make: &(dyn Fn() -> Box<dyn Engine> + Sync), jobs: usize) -> Vec<FileRun> {
    run_all_observed(files, make, jobs, &|| {})
}

/// [`run_all`], calling `done` after each scenario (for a progress bar).
/// Once a stop is requested ([`crate::interrupt`]) no scenario is started,
/// and the verdict of one under way is left out: the files then hold only
/// the verdicts of the scenarios finished before the stop.
pub fn run_all_observed(
    files: &[ScenarioFile],
    make: &(dyn Fn() -> Box<dyn Engine> + Sync),
    jobs: usize,
    done: &(dyn Fn() + Sync),
) -> Vec<FileRun> {
    let work: Vec<(usize, usize)> =
        files.iter().enumerate().flat_map(|(f, file)| (0..file.scenarios.len()).map(move |s| (f, s))).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<Option<oracle::Verdict>>> = std::sync::Mutex::new(vec![None; work.len()]);
    // One worker is the calling thread: a thread that cannot be started
    // only means fewer engines at once, never scenarios left unrun.
    let worker = || {
        let mut engine = make();
        'run: loop {
            let first = next.fetch_add(AHEAD, std::sync::atomic::Ordering::Relaxed);
            let run = work.get(first..work.len().min(first.saturating_add(AHEAD))).unwrap_or_default();
            if run.is_empty() || crate::interrupt::requested().is_some() {
                break;
            }
            let plans: Vec<crate::engine::Plan> =
                run.iter().filter_map(|&(f, s)| oracle::plan(&files[f].scenarios[s], engine.as_mut())).collect();
            engine.ask_ahead(&plans);
            for (i, &(f, s)) in (first..).zip(run) {
                if crate::interrupt::requested().is_some() {
                    break 'run;
                }
                let v = oracle::check(&files[f].scenarios[s], engine.as_mut());
                // A scenario that a stop cut short has no verdict.
                if crate::interrupt::requested().is_some() {
                    break 'run;
                }
                done();
                if let Ok(mut r) = results.lock() {
                    r[i] = Some(v);
                }
            }
        }
        engine.ask_ahead(&[]);
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs.max(1).min(work.len().max(1)) {
            let worker = &worker;
            let _ = std::thread::Builder::new().spawn_scoped(scope, worker);
        }
        worker();
    });
    let mut verdicts = results.into_inner().unwrap_or_default().into_iter();
    files
        .iter()
        .map(|file| FileRun {
            path: file.path.clone(),
            variant: file.variant.clone(),
            verdicts: (0..file.scenarios.len()).filter_map(|_| verdicts.next().flatten()).collect(),
        })
        .collect()
}

/// A pattern of scenario names or clause ids: `*` stands for any run of
/// characters (`english.king.*`); without one it must match whole.
pub fn matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// What to run of the loaded files: scenarios named by id
/// (`file::scenario`), by name pattern, or citing a clause pattern. A
/// scenario is kept when it matches every kind of filter given.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    pub ids: Vec<String>,
    pub names: Vec<String>,
    pub clauses: Vec<String>,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty() && self.names.is_empty() && self.clauses.is_empty()
    }

    /// The files with only the selected scenarios, and the ids asked for
    /// that name no scenario.
    pub fn apply(&self, files: Vec<ScenarioFile>) -> (Vec<ScenarioFile>, Vec<String>) {
        let mut found = vec![false; self.ids.len()];
        let kept = files
            .into_iter()
            .filter_map(|mut f| {
                let path = id_path(&f.path);
                let shown = display_path(&f.path);
                let canonical = std::fs::canonicalize(&f.path).ok();
                // The ids whose file is this one, however it was written.
                let here: Vec<(usize, &str)> = self
                    .ids
                    .iter()
                    .enumerate()
                    .filter_map(|(i, id)| {
                        let (file, name) = id.rsplit_once("::")?;
                        // A built-in file has no canonical path: it is
                        // named by its id alone.
                        let same = file == path
                            || file == shown
                            || canonical.as_ref().is_some_and(|c| std::fs::canonicalize(file).ok().as_ref() == Some(c));
                        same.then_some((i, name))
                    })
                    .collect();
                f.scenarios.retain(|s| {
                    let mut by_id = self.ids.is_empty();
                    for &(i, name) in &here {
                        if name == s.name {
                            found[i] = true;
                            by_id = true;
                        }
                    }
                    let by_name = self.names.is_empty() || self.names.iter().any(|p| matches(p, &s.name));
                    let by_clause = self.clauses.is_empty()
                        || self.clauses.iter().any(|p| s.clauses.iter().any(|c| matches(p, &c.value)));
                    by_id && by_name && by_clause
                });
                (!f.scenarios.is_empty()).then_some(f)
            })
            .collect();
        let missing = self.ids.iter().zip(found).filter(|(_, f)| !f).map(|(id, _)| id.clone()).collect();
        (kept, missing)
    }

    /// [`Selection::apply`], with each id that names no scenario made an
    /// input error of its file: such an id is a typo, not an empty
    /// selection.
    pub fn select(&self, files: Vec<ScenarioFile>) -> (Vec<ScenarioFile>, Vec<InputError>) {
        let (kept, missing) = self.apply(files);
        let errors = missing
            .iter()
            .map(|id| {
                let (file, name) = id.rsplit_once("::").unwrap_or((id.as_str(), ""));
                InputError {
                    file: PathBuf::from(file),
                    scenario: Some(name.to_string()),
                    loc: crate::scenario::Loc { line: 1, col: 1 },
                    message: format!("no scenario named '{}' in this file", rulecheck_text::shown(name)),
                }
            })
            .collect();
        (kept, errors)
    }
}

/// After a run stopped part way: only the scenarios that have a verdict
/// are kept in `files`, and only the files and runs with any, so that a
/// report over them covers what finished and nothing else. `runs` is in
/// the order of `files`, as [`run_all_observed`] returns it.
pub fn keep_judged(files: &mut Vec<ScenarioFile>, runs: &mut Vec<FileRun>) {
    for (f, r) in files.iter_mut().zip(runs.iter()) {
        f.scenarios.retain(|s| r.verdicts.iter().any(|v| v.scenario == s.name && v.loc == s.loc));
    }
    files.retain(|f| !f.scenarios.is_empty());
    runs.retain(|r| !r.verdicts.is_empty());
}

/// Split run arguments into paths and scenario ids (`file::scenario`): an
/// id's file is loaded and the id selects its scenario. An argument with
/// `*`, `?` or `[` that is no existing path is a file glob (`spec/*/kings.yaml`),
/// for shells that leave it unexpanded; one that matches nothing is kept
/// as given, to be reported missing.
pub fn split_args(args: &[PathBuf]) -> (Vec<PathBuf>, Vec<String>) {
    let mut paths = Vec::new();
    let mut ids = Vec::new();
    for a in args {
        let text = a.to_string_lossy();
        if let Some((file, _)) = text.rsplit_once("::").filter(|_| !a.exists()) {
            paths.push(PathBuf::from(file));
            ids.push(text.into_owned());
            continue;
        }
        if !a.exists() && text.contains(['*', '?', '[']) {
            let mut hits: Vec<PathBuf> =
                glob::glob(&text).map(|g| g.filter_map(Result::ok).collect()).unwrap_or_default();
            if !hits.is_empty() {
                hits.sort();
                paths.extend(hits);
                continue;
            }
        }
        paths.push(a.clone());
    }
    (paths, ids)
}

/// The K-th of N parts of the scenarios (1-based): every scenario falls in
/// exactly one part, chosen by a hash of its id, so the parts are stable as
/// the spec grows and their union is the whole spec.
pub fn shard(files: Vec<ScenarioFile>, k: usize, n: usize) -> Vec<ScenarioFile> {
    // FNV-1a: stable across builds and platforms, unlike the std hasher.
    let part = |id: &str| {
        let mut h: u64 = 0xcbf29ce484222325;
        for b in id.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x100000001b3);
        }
        (h % n as u64) as usize + 1
    };
    files
        .into_iter()
        .filter_map(|mut f| {
            let path = id_path(&f.path);
            f.scenarios.retain(|s| part(&format!("{path}::{}", s.name)) == k);
            (!f.scenarios.is_empty()).then_some(f)
        })
        .collect()
}

/// Which clauses the scenarios of a spec cite with each refusal reason, by
/// variant: loaded once for a command that explains many refusals (reading
/// the whole spec is most of the cost of one lookup).
#[derive(Debug, Default)]
pub struct ReasonIndex {
    /// Citations of each clause by (variant, reason code).
    counts: std::collections::BTreeMap<(String, String), std::collections::BTreeMap<String, usize>>,
    /// How many files of the spec did not load (their scenarios are left out).
    pub unread: usize,
}

impl ReasonIndex {
    /// The index of a spec's scenarios, `unread` of its files having not
    /// loaded ([`crate::source::Source::reason_index`] reads a spec whole).
    pub fn of(files: &[ScenarioFile], unread: usize) -> ReasonIndex {
        let mut index = ReasonIndex { unread, ..ReasonIndex::default() };
        for s in files.iter().flat_map(|f| &f.scenarios) {
            let illegal = s.expect.get::<oracle::kinds::Illegal>().map(|i| i.0.as_slice()).unwrap_or_default();
            let mut codes: Vec<&str> = illegal.iter().filter_map(|r| r.value.reason.as_deref()).collect();
            codes.sort_unstable();
            codes.dedup();
            for code in codes {
                let counts = index.counts.entry((s.variant.clone(), code.to_string())).or_default();
                for c in &s.clauses {
                    *counts.entry(c.value.clone()).or_default() += 1;
                }
            }
        }
        index
    }

    /// The clauses cited most often with the reason in the variant's
    /// scenarios: at most three, each cited at least half as often as the
    /// first.
    pub fn clauses(&self, variant: &str, code: &str) -> Vec<String> {
        let Some(counts) = self.counts.get(&(variant.to_string(), code.to_string())) else { return Vec::new() };
        let mut ranked: Vec<(&String, usize)> = counts.iter().map(|(c, n)| (c, *n)).collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let top = ranked.first().map(|r| r.1).unwrap_or(0);
        ranked.into_iter().filter(|r| r.1 * 2 >= top).take(3).map(|r| r.0.clone()).collect()
    }
}

/// Clauses of the catalog pages that the files' variants belong to and that
/// no scenario cites.
pub fn uncovered(catalog: &Catalog, files: &[ScenarioFile]) -> Vec<String> {
    let mut out = Vec::new();
    for page in &catalog.pages {
        let touched = files.iter().any(|f| page.variants.contains(&f.variant));
        if !touched {
            continue;
        }
        for c in &page.clauses {
            let cited = files.iter().flat_map(|f| &f.scenarios).any(|s| s.clauses.iter().any(|k| k.value == c.id));
            if !cited {
                out.push(c.id.clone());
            }
        }
    }
    out
}

/// The path of a file in scenario ids (`spec/english/kings.yaml::...`):
/// from the nearest directory named `spec` above it (that directory
/// included), else from the nearest one holding `.git`, else as
/// [`display_path`] shows it. So the ids, and the expected-failures lists
/// written with them, are the same from whatever directory rulecheck is
/// run and however the path was typed.
pub fn id_path(p: &Path) -> String {
    let Ok(full) = std::fs::canonicalize(p) else { return display_path(p) };
    let rel = |root: &Path| {
        full.strip_prefix(root)
            .ok()
            .map(|r| r.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/"))
    };
    let mut dir = full.parent();
    while let Some(d) = dir {
        if d.file_name().is_some_and(|n| n == "spec") {
            if let Some(r) = d.parent().and_then(rel) {
                return r;
            }
        }
        dir = d.parent();
    }
    let mut dir = full.parent();
    while let Some(d) = dir {
        if d.join(".git").exists() {
            if let Some(r) = rel(d) {
                return r;
            }
        }
        dir = d.parent();
    }
    display_path(p)
}

/// A path shown relative to the working directory where it is below it.
pub fn display_path(p: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| p.strip_prefix(cwd).ok().map(|r| r.display().to_string()))
        .unwrap_or_else(|| p.display().to_string())
}
