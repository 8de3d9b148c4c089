//! `rulecheck perft-work PLAN --index I`: one worker's share of a plan
//! counted, each unit's record appended to the records file as the unit
//! finishes, so that the worker started again on the same index counts
//! only what is not recorded (`rulecheck::perft::work`).
//!
//! Exit codes a retry policy can tell apart: 0 the share is recorded; 2 a
//! bad plan, index or records file (retrying cannot help); 5 stopped by
//! SIGINT or SIGTERM (retry: what was recorded stays).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::jobs_count;
use super::output::{bad, note, Fail};
use super::perft_plan::{plan_game, read_plan};
use rulecheck::batch::{self, IndexArg};
use rulecheck::perft::work;

/// The arguments of `rulecheck perft-work`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The plan file (`perft-plan --output`).
    plan: PathBuf,
    /// This worker's index from 0, or `auto`: read from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX (with --count), CI_NODE_INDEX or RULECHECK_INDEX.
    #[arg(long, value_name = "I|auto")]
    index: IndexArg,
    /// The number of workers [default: CI_NODE_TOTAL or RULECHECK_COUNT under --index auto, else one a unit]; worker I counts the units whose id is I modulo N.
    #[arg(long, value_name = "N")]
    count: Option<usize>,
    /// The records file to append to, or a directory (records-I.jsonl in it); a worker started again skips what it recorded.
    #[arg(short = 'O', long = "output", value_name = "DIR|FILE")]
    output: PathBuf,
    /// Count on N threads, a unit each at a time.
    #[arg(long, short = 'j', default_value_t = 1, value_parser = jobs_count)]
    jobs: usize,
    /// Keep counts in a transposition table of SIZE in all (512K, 64M, 1G, or bytes), one table shared by all -j threads.
    #[arg(long, value_name = "SIZE", value_parser = rulecheck_game::table::parse_size)]
    hash: Option<usize>,
}

/// The records file of index `i` under `output`: the file given, or
/// records-I.jsonl in the directory given (made if it ends with `/`).
fn records_file(output: &Path, i: usize) -> Result<PathBuf, Fail> {
    let dir = output.is_dir() || output.as_os_str().to_string_lossy().ends_with('/');
    if !dir {
        return Ok(output.to_path_buf());
    }
    std::fs::create_dir_all(output)
        .map_err(|e| bad(format!("{}: cannot make the directory: {e}", output.display())))?;
    Ok(output.join(format!("records-{i}.jsonl")))
}

pub(super) fn perft_work(args: Args) -> Result<u8, Fail> {
    let plan = read_plan(&args.plan)?;
    let found = batch::find(args.index, &|name| std::env::var(name).ok()).map_err(|e| bad(e.to_string()))?;
    let count = found.workers(args.count, Some(plan.units.len())).map_err(|e| bad(e.to_string()))?;
    let path = records_file(&args.output, found.index)?;
    let game = plan_game(&plan)?;
    // Each record is on disk as its unit finishes: a stop ends the process
    // at once, exit 5, and the worker started again goes on from there.
    crate::signals::exit_on_signals(rulecheck::report::EXIT_STOPPED).map_err(bad)?;
    let journal = work::Journal::open(&path, &plan).map_err(bad)?;
    let share = work::share(&plan, found.index, count);
    let pending: Vec<&rulecheck::perft::plan::Unit> =
        share.iter().copied().filter(|u| !journal.done.contains(&u.id)).collect();
    let mut said = format!(
        "index {} of {count} ({}): {} of the plan's {} units, {} recorded before, {} to count, into {}",
        found.index,
        found.source,
        share.len(),
        plan.units.len(),
        share.len() - pending.len(),
        pending.len(),
        path.display()
    );
    if let Some(line) = journal.torn {
        said.push_str(&format!(" (its line {line}, cut off by a stop while it was written, is cut off the file)"));
    }
    note(&said);
    let journal = Mutex::new(journal);
    let append = |r: rulecheck::perft::records::Record| -> Result<(), String> {
        let mut j = journal.lock().map_err(|_| "the records file's lock was poisoned".to_string())?;
        j.append(&r)
    };
    let threads = work::Threads { jobs: args.jobs, hash: args.hash };
    work::count(game.as_ref(), &plan, &pending, threads, found.index, &append).map_err(bad)?;
    let units = if share.len() == 1 { "unit" } else { "units" };
    note(&format!("index {}: its {} {units} recorded in {}", found.index, share.len(), path.display()));
    Ok(0)
}
