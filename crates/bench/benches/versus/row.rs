//! One row measured: its two commands made from their templates, each run
//! once unmeasured (its count read and checked), then timed in pairs,
//! interleaved, the counts held equal on every run, to each other and to
//! spec/perft's tables.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rulecheck::perft::tables::{self, Counting, Table as Perft};
use rulecheck_bench::record::{median, Row as Measured, Side};
use rulecheck_bench::rows::{self, Measure, Row, Rows, RULECHECK};
use serde::Deserialize;

use crate::measure;

/// A native engine as the natives file gives it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NativeAt {
    /// Its executable, built outside the repository.
    pub path: PathBuf,
    /// What the tables say of its build (version, commit, compiler flags).
    #[serde(default)]
    pub about: Option<String>,
}

/// Where the programs of the rows are.
pub struct Programs {
    pub rulecheck: PathBuf,
    /// How records show rulecheck's path: from the workspace's top when it
    /// is below it, so that a record names no one's home.
    pub rulecheck_shown: String,
    pub natives: BTreeMap<String, NativeAt>,
    /// spec/perft's tables.
    pub perft: Vec<Perft>,
    pub limit: Duration,
}

/// A path as it may stand in a command line unquoted.
fn plain(path: &Path) -> Result<String, String> {
    let text = path.to_string_lossy();
    if text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c)) {
        Ok(text.into_owned())
    } else {
        Err(format!("{text}: a path with spaces or quotes cannot be put into a command line here"))
    }
}

impl Programs {
    /// The argument vector of a template, or why it cannot be run (a
    /// native the natives file does not give).
    /// `shown` puts rulecheck's path as records show it.
    fn command(&self, template: &str, shown: bool) -> Result<Vec<String>, Skip> {
        let mut missing = None;
        let mut bad = None;
        let line = rows::fill(template, |name| {
            let path = if name == RULECHECK {
                Some(if shown { Path::new(&self.rulecheck_shown) } else { self.rulecheck.as_path() })
            } else {
                self.natives.get(name).map(|n| n.path.as_path())
            };
            match path.map(plain) {
                Some(Ok(p)) => p,
                Some(Err(e)) => {
                    bad = Some(e);
                    String::new()
                }
                None => {
                    missing = Some(name.to_string());
                    String::new()
                }
            }
        });
        if let Some(name) = missing {
            return Err(Skip::NotGiven(format!("native {name} not given (--natives FILE)")));
        }
        if let Some(e) = bad {
            return Err(Skip::Failed(e));
        }
        shlex::split(&line).ok_or_else(|| Skip::Failed(format!("{template}: unbalanced quotes")))
    }

    fn about(&self, template: &str) -> Option<String> {
        let name = rows::placeholders(template).ok()?.into_iter().next()?;
        self.natives.get(&name)?.about.clone()
    }

    /// spec/perft's count of the tree a `rulecheck perft VARIANT DEPTH`
    /// command counts from the variant's start, if it has one: `None` for
    /// other commands and untabled trees; an error if the tables hold
    /// counts of that tree and `count` is none of them.
    fn tabled(&self, argv: &[String], count: u64) -> Result<Option<u64>, String> {
        let args = &argv[1..];
        if args.first().map(String::as_str) != Some("perft")
            || args.iter().any(|a| a.starts_with("-o") || a.starts_with("--option") || a.starts_with("--catalog"))
        {
            return Ok(None);
        }
        let (Some(variant), Some(Ok(depth))) = (args.get(1), args.get(2).map(|d| d.parse::<u32>())) else {
            return Ok(None);
        };
        let counting = if args.iter().any(|a| a == "--paths") { Counting::Paths } else { Counting::Moves };
        let counts: Vec<u64> = self
            .perft
            .iter()
            .filter(|t| {
                &t.variant == variant && t.position.is_none() && t.start_rows.is_none() && t.counting == counting
            })
            .filter_map(|t| t.rows.iter().find(|r| r.0 == depth).map(|r| r.1))
            .collect();
        match counts.contains(&count) {
            true => Ok(Some(count)),
            false if counts.is_empty() => Ok(None),
            false => Err(format!("{}: counted {count}, spec/perft's tables say {counts:?}", argv.join(" "))),
        }
    }
}

/// Why a row was not measured.
pub enum Skip {
    /// Its native is not given: a note, not a failure.
    NotGiven(String),
    /// A command failed or a count disagreed.
    Failed(String),
}

impl From<String> for Skip {
    fn from(e: String) -> Skip {
        Skip::Failed(e)
    }
}

/// A side's count from one run's output: an engine that prints none fails
/// the row, its output's end shown.
fn read(row: &Row, argv: &[String], stdout: &str) -> Result<u64, String> {
    rows::count(stdout, row.count_after.as_deref()).ok_or_else(|| {
        let what = row.count_after.as_ref().map_or("an integer".to_string(), |a| format!("an integer after {a:?}"));
        let text = stdout.trim();
        let end = text.char_indices().rev().nth(200).map_or(0, |(i, _)| i);
        format!("{}: no count in its output ({what} was looked for): {:?}", argv.join(" "), &text[end..])
    })
}

/// Measures `row` of `table` in `pairs` interleaved pairs.
pub fn measure(
    programs: &Programs,
    rows: &Rows,
    table: &str,
    measure_by: Measure,
    row: &Row,
    pairs: usize,
) -> Result<Measured, Skip> {
    let argv = [programs.command(&row.a, false)?, programs.command(&row.b, false)?];
    let shown = [programs.command(&row.a, true)?, programs.command(&row.b, true)?];
    // One run of each unmeasured: the caches filled, the counts read.
    let mut counts = [0u64; 2];
    for (i, cmd) in argv.iter().enumerate() {
        let run = measure::run(cmd, programs.limit)?;
        counts[i] = read(row, cmd, &run.stdout)?;
    }
    if row.counts_differ.is_none() && counts[0] != counts[1] {
        return Err(Skip::Failed(format!(
            "the counts disagree: {} counted {}, {} counted {}",
            argv[0].join(" "),
            counts[0],
            argv[1].join(" "),
            counts[1]
        )));
    }
    if let Some(expected) = row.b_count.filter(|&e| e != counts[1]) {
        return Err(Skip::Failed(format!(
            "{}: counted {}, the rows file says {expected}",
            argv[1].join(" "),
            counts[1]
        )));
    }
    let mut tabled = None;
    for (cmd, &count) in argv.iter().zip(&counts) {
        tabled = tabled.or(programs.tabled(cmd, count)?);
    }
    let mut samples: [(Vec<f64>, Vec<f64>); 2] = Default::default();
    for _ in 0..pairs {
        for (i, cmd) in argv.iter().enumerate() {
            let run = measure::run(cmd, programs.limit)?;
            let count = read(row, cmd, &run.stdout)?;
            if count != counts[i] {
                return Err(Skip::Failed(format!("{}: counted {count}, and {} before", cmd.join(" "), counts[i])));
            }
            samples[i].0.push(run.cpu);
            samples[i].1.push(run.wall);
        }
    }
    let side = |i: usize, template: &str| {
        let (cpu, wall) = samples[i].clone();
        Side {
            program: rows.program_name(template),
            about: programs.about(template),
            template: template.to_string(),
            command: shown[i].clone(),
            count: Some(counts[i]),
            median_cpu: median(&cpu),
            median_wall: median(&wall),
            cpu,
            wall,
        }
    };
    let mut measured = Measured {
        id: row.id.clone(),
        table: table.to_string(),
        measure: measure_by,
        a: side(0, &row.a),
        b: side(1, &row.b),
        tabled,
        ratio: 0.0,
    };
    measured.ratio = median(&measured.pair_ratios());
    Ok(measured)
}

/// spec/perft's tables.
pub fn perft_tables(workspace: &Path) -> Result<Vec<Perft>, String> {
    tables::load_all(&[workspace.join("spec/perft")])
        .map_err(|e| e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n"))
}
