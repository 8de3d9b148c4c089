//! A worker's share of a plan counted (`perft-work --index I`): the units
//! whose id is I modulo the number of workers, each recorded as it
//! finishes, one JSON line appended, flushed and synced to disk, so that a
//! worker killed and started again on the same index counts only what it
//! had not recorded. A last line cut off by the kill is cut off the file
//! and its unit counted again.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::counters;
use super::plan::{Plan, Unit};
use super::records::{self, Record};
use crate::game::Game;

/// The units of the plan that are index `index`'s of `count` workers.
pub fn share(plan: &Plan, index: usize, count: usize) -> Vec<&Unit> {
    plan.units.iter().filter(|u| count > 0 && u.id % count == index).collect()
}

/// The file of records a worker appends to.
pub struct Journal {
    file: std::fs::File,
    path: PathBuf,
    /// The units recorded before this run.
    pub done: BTreeSet<usize>,
    /// The line cut off a run killed while writing it, if one was.
    pub torn: Option<usize>,
}

impl Journal {
    /// The records file at `path` for `plan`, opened to append: made if
    /// there is none; read if there is, where every line must be a record
    /// of this plan (a torn last line is cut off).
    pub fn open(path: &Path, plan: &Plan) -> Result<Journal, String> {
        let shown = path.display();
        // A FIFO or a device would block or swallow the records: only a
        // regular file is read back and appended to.
        if let Some(why) = std::fs::metadata(path).ok().and_then(|m| rulecheck_files::not_regular(&m)) {
            return Err(format!("{shown}: {why}; the records go to a regular file"));
        }
        let mut journal =
            Journal { file: open_append(path)?, path: path.to_path_buf(), done: BTreeSet::new(), torn: None };
        let text = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
        let text = String::from_utf8(text).map_err(|_| format!("{shown}: not UTF-8 text, not a records file"))?;
        let read = records::read(&shown.to_string(), &text);
        if let Some((at, why)) = read.unreadable.first() {
            return Err(format!("{at}: {why}; this is no records file of `perft-work`: give another --output"));
        }
        for (at, r) in &read.records {
            if let Some(why) = r.foreign_to(plan).or_else(|| r.corrupted(plan)) {
                return Err(format!("{at}: a record of unit {} {why}; give another --output for this plan", r.unit));
            }
            journal.done.insert(r.unit);
        }
        if let Some(at) = read.torn {
            journal.file.set_len(read.whole as u64).map_err(|e| format!("{shown}: cutting off a torn line: {e}"))?;
            journal.torn = Some(at.line);
        }
        Ok(journal)
    }

    /// Append one record: the line written whole, flushed and synced, so
    /// that a kill after this returns loses nothing of it.
    pub fn append(&mut self, r: &Record) -> Result<(), String> {
        let mut line = serde_json::to_string(r).map_err(|e| format!("unit {}: {e}", r.unit))?;
        line.push('\n');
        let shown = self.path.display();
        self.file.write_all(line.as_bytes()).map_err(|e| format!("{shown}: {e}"))?;
        self.file.flush().map_err(|e| format!("{shown}: {e}"))?;
        self.file.sync_data().map_err(|e| format!("{shown}: {e}"))
    }
}

fn open_append(path: &Path) -> Result<std::fs::File, String> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: cannot open to append records: {e}", path.display()))
}

/// The leaves' counts of one unit, in its order.
pub fn count_unit(counter: &mut dyn crate::game::Counter, plan: &Plan, unit: &Unit) -> Result<Vec<u64>, String> {
    let below = plan.depth - plan.frontier;
    unit.leaves
        .iter()
        .map(|leaf| {
            counter
                .perft(&leaf.position, below)
                .map_err(|e| format!("unit {}: '{}': {}", unit.id, leaf.position, e.message))
        })
        .collect()
}

/// How a share is counted: on `jobs` threads, sharing one table of `hash`
/// bytes if given.
#[derive(Clone, Copy, Debug)]
pub struct Threads {
    pub jobs: usize,
    pub hash: Option<usize>,
}

/// Count `units` of `plan`, each record handed to `done` as its unit is
/// finished (in the order they finish). The first error ends the count. A
/// stop needs no care here: what `done` was given is on disk, and the
/// command ends the process at a signal.
pub fn count(
    game: &dyn Game,
    plan: &Plan,
    units: &[&Unit],
    threads: Threads,
    index: usize,
    done: &(dyn Fn(Record) -> Result<(), String> + Sync),
) -> Result<(), String> {
    let n = threads.jobs.min(units.len()).max(1);
    let counters = counters(game, plan.paths, threads.hash, n).map_err(|e| e.message)?;
    let next = AtomicUsize::new(0);
    let error: Mutex<Option<String>> = Mutex::new(None);
    let failed = || error.lock().map(|e| e.is_some()).unwrap_or(true);
    let work = |mut c: Box<dyn crate::game::Counter + '_>| {
        while !failed() {
            let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
            let started = Instant::now();
            let result = count_unit(c.as_mut(), plan, unit).and_then(|counts| {
                let mut r = Record::of(plan, unit, &counts)?;
                r.index = Some(index);
                r.millis = Some(u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX));
                done(r)
            });
            if let Err(e) = result {
                if let Ok(mut slot) = error.lock() {
                    slot.get_or_insert(e);
                }
            }
        }
    };
    super::each_on_a_thread(counters, &work);
    match error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
