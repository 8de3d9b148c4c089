//! rulecheck against native engines and against itself, whole processes
//! timed: each row of `docs/speed/rows.yaml` runs its two commands once
//! unmeasured, then in interleaved pairs (a, b, a, b, ...), by CPU time of
//! the whole process (or wall time where the table says), the counts held
//! equal; `--record FILE` writes every sample, the machine and its load,
//! the commit and the exact commands to a JSON record, from which the
//! book's tables are rendered. Rows whose native engine is not given are
//! skipped with a note, so that the run needs none.
//!
//! ```text
//! cargo bench --bench versus -- [--natives FILE] [--pairs N] [--record FILE]
//!     [--only ID]... [--rows FILE] [--rulecheck PATH] [--limit SECONDS] [FILTER]
//! ```
//!
//! Relative paths are taken from the workspace's top (cargo runs a
//! benchmark in its package's folder).
//!
//! The natives file (YAML, kept outside the repository; also
//! `RULECHECK_NATIVES`) gives each native of the rows file its built
//! executable and a line on its build:
//!
//! ```yaml
//! darkhorse:
//!   path: /opt/natives/darkhorse-perft
//!   about: DarkHorse 8f07eb9, g++ 12.2 -O3 -march=native -flto
//! ```

mod machine;
mod measure;
mod row;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use rulecheck_bench::record::{Record, Skipped};
use rulecheck_bench::rows::Rows;

use row::{Programs, Skip};

/// The workspace's top folder.
fn workspace() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).to_path_buf()
}

/// What the command line asks.
struct Args {
    natives: Option<PathBuf>,
    pairs: usize,
    record: Option<PathBuf>,
    only: Vec<String>,
    filter: Option<String>,
    rows: PathBuf,
    rulecheck: Option<PathBuf>,
    limit: Duration,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        natives: std::env::var_os("RULECHECK_NATIVES").filter(|v| !v.is_empty()).map(PathBuf::from),
        pairs: 5,
        record: None,
        only: Vec::new(),
        filter: None,
        rows: workspace().join("docs/speed/rows.yaml"),
        rulecheck: None,
        limit: Duration::from_secs(3600),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            // What cargo bench passes to every benchmark.
            "--bench" => {}
            "--natives" => args.natives = Some(value("--natives")?.into()),
            "--pairs" => {
                args.pairs = value("--pairs")?.parse().map_err(|e| format!("--pairs: {e}"))?;
                if args.pairs == 0 {
                    return Err("--pairs: at least 1".into());
                }
            }
            "--record" => args.record = Some(value("--record")?.into()),
            "--only" => args.only.push(value("--only")?),
            "--rows" => args.rows = value("--rows")?.into(),
            "--rulecheck" => args.rulecheck = Some(value("--rulecheck")?.into()),
            "--limit" => {
                let secs: u64 = value("--limit")?.parse().map_err(|e| format!("--limit: {e}"))?;
                args.limit = Duration::from_secs(secs);
            }
            a if a.starts_with('-') => return Err(format!("unknown option {a}")),
            a => args.filter = Some(a.to_string()),
        }
    }
    Ok(args)
}

/// The release binary beside this benchmark's own (target/release/), or
/// the one given.
fn rulecheck_binary(given: Option<PathBuf>) -> Result<PathBuf, String> {
    let path = match given {
        Some(p) => p,
        None => {
            let me = std::env::current_exe().map_err(|e| format!("where this benchmark is: {e}"))?;
            // target/release/deps/versus-HASH
            let release = me.parent().and_then(Path::parent).ok_or("this benchmark is not in a target directory")?;
            release.join("rulecheck")
        }
    };
    match path.is_file() {
        true => Ok(path),
        false => Err(format!("{}: no rulecheck binary there; build it with `cargo build --release`", path.display())),
    }
}

fn natives(file: Option<&Path>) -> Result<BTreeMap<String, row::NativeAt>, String> {
    let Some(file) = file else { return Ok(BTreeMap::new()) };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    serde_saphyr::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// A path of the command line: cargo runs a benchmark in its package's
/// folder, so a relative path is taken from the workspace's top.
fn at_top(workspace: &Path, path: Option<PathBuf>) -> Option<PathBuf> {
    path.map(|p| if p.is_relative() { workspace.join(p) } else { p })
}

fn run() -> Result<bool, String> {
    let mut args = parse_args()?;
    let workspace = workspace();
    args.natives = at_top(&workspace, args.natives);
    args.record = at_top(&workspace, args.record);
    args.rulecheck = at_top(&workspace, args.rulecheck);
    args.rows = at_top(&workspace, Some(args.rows)).unwrap_or_default();
    let rows = Rows::load(&args.rows)?;
    let rulecheck = rulecheck_binary(args.rulecheck)?;
    if machine::stale(&workspace, &rulecheck) {
        eprintln!("note: {} is older than the last commit; `cargo build --release` first", rulecheck.display());
    }
    let top = workspace.canonicalize().unwrap_or_else(|_| workspace.clone());
    let real = rulecheck.canonicalize().unwrap_or_else(|_| rulecheck.clone());
    let rulecheck_shown = real.strip_prefix(&top).unwrap_or(&real).to_string_lossy().into_owned();
    let programs = Programs {
        rulecheck: rulecheck.clone(),
        rulecheck_shown: rulecheck_shown.clone(),
        natives: natives(args.natives.as_deref())?,
        perft: row::perft_tables(&workspace)?,
        limit: args.limit,
    };
    let load_before = machine::load();
    let mut record = Record {
        date: machine::now(),
        rulecheck: machine::build(&workspace, &rulecheck, rulecheck_shown),
        machine: machine::machine(load_before),
        pairs: args.pairs,
        rows: Vec::new(),
        skipped: Vec::new(),
        failed: Vec::new(),
    };
    println!("versus: {} pairs a row, load average {:.2}", args.pairs, load_before[0]);
    for table in &rows.tables {
        for r in &table.rows {
            let wanted = (args.only.is_empty() || args.only.iter().any(|o| *o == r.id || *o == table.id))
                && args.filter.as_ref().is_none_or(|f| r.id.contains(f.as_str()) || table.id.contains(f.as_str()));
            if !wanted {
                continue;
            }
            match row::measure(&programs, &rows, &table.id, table.measure, r, args.pairs) {
                Ok(m) => {
                    println!(
                        "{:<28} {:>9.3} s {:>9.3} s  ratio {:.3}",
                        r.id,
                        m.a.median(table.measure),
                        m.b.median(table.measure),
                        m.ratio
                    );
                    record.rows.push(m);
                }
                Err(Skip::NotGiven(why)) => {
                    println!("{:<28} skipped: {why}", r.id);
                    record.skipped.push(Skipped { id: r.id.clone(), why });
                }
                Err(Skip::Failed(why)) => {
                    eprintln!("{:<28} FAILED: {why}", r.id);
                    record.failed.push(Skipped { id: r.id.clone(), why });
                }
            }
        }
    }
    record.machine.load_after = machine::load();
    if let Some(path) = &args.record {
        let json = serde_json::to_string_pretty(&record).map_err(|e| format!("the record: {e}"))?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(path, json + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
        println!("recorded {}", path.display());
    }
    Ok(record.failed.is_empty())
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("versus: {e}");
            ExitCode::from(2)
        }
    }
}
