//! The expected-failures list of an engine: the scenarios it is known to
//! fail, each optionally pinned to the expectations that fail, read from
//! and written to a one-id-a-line file. Every report weighs verdicts
//! against it; kept apart because it is also a file format of its own.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::scenario_id;
use crate::oracle::{Status, Verdict};
use crate::runner::FileRun;

/// Largest expected-failures list read.
const MAX_LIST_BYTES: u64 = 16 << 20;

/// Scenario ids (`file::scenario`) an engine is known to fail, each
/// optionally pinned to the expectations that fail (`id [moves, after]`):
/// a pinned scenario that starts failing on another expectation is a
/// failure again, so a list stays honest about why a scenario fails.
#[derive(Clone, Debug, Default)]
pub struct ExpectedFailures {
    ids: BTreeMap<String, Option<BTreeSet<String>>>,
}

impl ExpectedFailures {
    /// One id a line; blank lines and `#` comments are skipped.
    pub fn load(path: &Path) -> Result<ExpectedFailures, String> {
        let text = rulecheck_files::read_text(path, MAX_LIST_BYTES)?;
        Ok(ExpectedFailures::parse(&text))
    }

    pub fn parse(text: &str) -> ExpectedFailures {
        let mut ids = BTreeMap::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let pinned = line.strip_suffix(']').and_then(|l| l.rsplit_once(" [")).map(|(id, list)| {
                (id, list.split(',').map(|e| e.trim().to_string()).filter(|e| !e.is_empty()).collect())
            });
            match pinned {
                Some((id, exps)) => ids.insert(id.trim().to_string(), Some(exps)),
                None => ids.insert(line.to_string(), None),
            };
        }
        ExpectedFailures { ids }
    }

    pub fn contains(&self, id: &str) -> bool {
        self.ids.contains_key(id)
    }

    /// Whether the verdict's failures are the ones the list expects of it.
    pub fn expects(&self, id: &str, v: &Verdict) -> bool {
        match self.ids.get(id) {
            None => false,
            Some(None) => true,
            Some(Some(pinned)) => v.failures.iter().all(|f| pinned.contains(f.expectation)),
        }
    }

    /// Entries naming no scenario of the run's files (a renamed or removed
    /// scenario), and how many entries are for files the run did not load.
    pub fn unmatched(&self, files: &[crate::scenario::ScenarioFile]) -> (Vec<String>, usize) {
        let loaded: BTreeMap<String, BTreeSet<&str>> = files
            .iter()
            .map(|f| (crate::runner::id_path(&f.path), f.scenarios.iter().map(|s| s.name.as_str()).collect()))
            .collect();
        let mut stale = Vec::new();
        let mut elsewhere = 0;
        for id in self.ids.keys() {
            let (file, name) = id.rsplit_once("::").unwrap_or((id.as_str(), ""));
            match loaded.get(file) {
                Some(names) if names.contains(name) => {}
                Some(_) => stale.push(id.clone()),
                None => elsewhere += 1,
            }
        }
        (stale, elsewhere)
    }

    /// This list's entries for the given files (by their id path), each as
    /// a line of the list: what a blessed list keeps of a file the run
    /// could not judge (one with an input error), rather than dropping it.
    pub fn entries_of(&self, files: &BTreeSet<String>) -> Vec<String> {
        self.ids
            .iter()
            .filter(|(id, _)| id.rsplit_once("::").is_some_and(|(file, _)| files.contains(file)))
            .map(|(id, pinned)| match pinned {
                Some(exps) => format!("{id} [{}]", exps.iter().map(String::as_str).collect::<Vec<_>>().join(", ")),
                None => id.clone(),
            })
            .collect()
    }

    /// The list a run's failures make, each pinned to what failed.
    pub fn written(runs: &[FileRun], header: &str) -> String {
        ExpectedFailures::written_keeping(runs, header, Vec::new())
    }

    /// [`ExpectedFailures::written`], with `kept` lines of the old list
    /// (see [`ExpectedFailures::entries_of`]) among them.
    pub fn written_keeping(runs: &[FileRun], header: &str, kept: Vec<String>) -> String {
        let mut lines: Vec<String> = kept;
        for r in runs {
            for v in &r.verdicts {
                if v.status() == Status::Fail {
                    let exps: BTreeSet<&str> = v.failures.iter().map(|f| f.expectation).collect();
                    let exps: Vec<&str> = exps.into_iter().collect();
                    lines.push(format!("{} [{}]", scenario_id(r, v), exps.join(", ")));
                }
            }
        }
        lines.sort();
        lines.dedup();
        let mut out = String::new();
        for l in header.lines() {
            out.push_str(&format!("# {l}\n"));
        }
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }
}
