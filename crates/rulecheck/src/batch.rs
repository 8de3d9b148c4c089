//! Which share of a split job this worker takes (`perft-work --index`,
//! `matrix --index`): a number given on the command line, or `auto`, read
//! from what a batch system tells each of its workers. Slurm job arrays,
//! Kubernetes Indexed Jobs and CI matrices all hand a worker an integer;
//! every command that splits its work reads it here, so that each spells
//! and checks it alike. A worker that took the wrong share would leave
//! another's work undone or do it twice, so an index or a count that
//! cannot be told for sure is refused, never guessed.
//!
//! `auto` reads one source, and refuses when none or several are set:
//!
//! - Slurm job arrays: `SLURM_ARRAY_TASK_ID` as it is, so the array is
//!   numbered from 0 (`--array=0-63`). Not made relative to
//!   `SLURM_ARRAY_TASK_MIN`: a failed task submitted again alone
//!   (`--array=5`) has a minimum of 5 and a count of 1, and must still
//!   take index 5's share of all the workers. So `SLURM_ARRAY_TASK_COUNT`
//!   is the number of workers only for a whole array from 0 (its minimum
//!   0, its maximum the count less one); otherwise `--count` gives it.
//!   `SLURM_ARRAY_TASK_MAX` is checked against the number of workers, so
//!   that an array numbered from 1, or longer than the workers, is refused
//!   in every task.
//! - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX`; the number of
//!   workers (the Job's `completions`) is in no variable: `--count`.
//! - GitLab's `parallel:`: `CI_NODE_INDEX` (from 1) of `CI_NODE_TOTAL`.
//! - Anything else: `RULECHECK_INDEX` (from 0), with `RULECHECK_COUNT`.
//!
//! A CI matrix passes its value on the command line (`--index ${{
//! matrix.index }}`).

use std::fmt;
use std::str::FromStr;

/// `--index` as given: a number, or `auto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexArg {
    Auto,
    Given(usize),
}

impl FromStr for IndexArg {
    type Err = String;

    fn from_str(text: &str) -> Result<IndexArg, String> {
        let text = text.trim();
        if text == "auto" {
            return Ok(IndexArg::Auto);
        }
        text.parse().map(IndexArg::Given).map_err(|_| {
            format!(
                "'{}' is neither an index (0, 1, ...) nor `auto` (read from the batch system)",
                rulecheck_text::shown(text)
            )
        })
    }
}

impl fmt::Display for IndexArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexArg::Auto => f.write_str("auto"),
            IndexArg::Given(i) => write!(f, "{i}"),
        }
    }
}

/// Why no share could be taken; each says what to give instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    #[error(
        "--index auto: none of {} is set; give --index I (and --count N), or run under a batch system that sets one",
        sources()
    )]
    NoEnvironment,
    #[error("--index auto: {0} are all set, so which index this is cannot be told; give --index I")]
    Several(String),
    #[error("--index auto: {var}='{value}' is not a whole number from 0")]
    NotANumber { var: &'static str, value: String },
    #[error("--index auto: CI_NODE_INDEX=0, but GitLab counts its jobs from 1")]
    GitLabZero,
    #[error("{from} gives the index but not the number of workers: give --count N{hint}")]
    NoCount { from: String, hint: &'static str },
    #[error("--count {given}, but {said}: the count must be the same")]
    CountMismatch { given: usize, said: String },
    #[error("--count 0: the work cannot be split over no worker")]
    ZeroCount,
    #[error(
        "the array's last task is {last}, but there are {count} workers (indices 0 to {}): submit --array=0-{} (or give --count)",
        count - 1,
        count - 1
    )]
    ArrayTooLong { last: usize, count: usize },
    #[error("index {index} is out of range, not below the {count} workers (0 to {}); from {from}", count - 1)]
    OutOfRange { index: usize, count: usize, from: String },
}

/// The variables `auto` reads, with what each is.
const SOURCES: [(&str, &str); 4] = [
    ("SLURM_ARRAY_TASK_ID", "a Slurm job array"),
    ("JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job"),
    ("CI_NODE_INDEX", "GitLab's parallel jobs"),
    ("RULECHECK_INDEX", "any other system"),
];

fn sources() -> String {
    SOURCES.iter().map(|(name, what)| format!("{name} ({what})")).collect::<Vec<_>>().join(", ")
}

/// The index found: this worker's share, the number of workers if the
/// source says it (and where it said so), where the index was read (for
/// the log), and the highest index of the batch (a Slurm array's last
/// task), checked against the number of workers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub index: usize,
    pub count: Option<(usize, String)>,
    pub source: String,
    pub last: Option<usize>,
}

/// The index `given`, the environment read through `env`
/// (`std::env::var`, but for tests).
pub fn find(given: IndexArg, env: &dyn Fn(&str) -> Option<String>) -> Result<Found, IndexError> {
    if let IndexArg::Given(index) = given {
        return Ok(Found { index, count: None, source: format!("--index {index}"), last: None });
    }
    let set: Vec<&(&str, &str)> = SOURCES.iter().filter(|(name, _)| env(name).is_some()).collect();
    let name = match set.as_slice() {
        [] => return Err(IndexError::NoEnvironment),
        [(name, _)] => *name,
        many => {
            let shown = many
                .iter()
                .map(|(n, what)| format!("{n}={} ({what})", rulecheck_text::shown(&env(n).unwrap_or_default())))
                .collect::<Vec<_>>();
            return Err(IndexError::Several(shown.join(", ")));
        }
    };
    let number = |var: &'static str| -> Result<Option<usize>, IndexError> {
        match env(var) {
            None => Ok(None),
            Some(v) => v.trim().parse().map(Some).map_err(|_| IndexError::NotANumber { var, value: v }),
        }
    };
    let said = |var: &str, n: usize| Some((n, format!("{var}={n}")));
    let (index, count, last) = match name {
        "SLURM_ARRAY_TASK_ID" => {
            let id = number("SLURM_ARRAY_TASK_ID")?.unwrap_or_default();
            let (min, max) = (number("SLURM_ARRAY_TASK_MIN")?, number("SLURM_ARRAY_TASK_MAX")?);
            let tasks = number("SLURM_ARRAY_TASK_COUNT")?;
            let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1);
            // Only a whole array from 0 says how many workers there are.
            let whole = match (min, max, tasks) {
                (Some(0), Some(max), Some(n)) if step == 1 && max + 1 == n => said("SLURM_ARRAY_TASK_COUNT", n),
                _ => None,
            };
            (id, whole, max)
        }
        "CI_NODE_INDEX" => {
            let i = number("CI_NODE_INDEX")?.unwrap_or_default().checked_sub(1).ok_or(IndexError::GitLabZero)?;
            (i, number("CI_NODE_TOTAL")?.and_then(|n| said("CI_NODE_TOTAL", n)), None)
        }
        "RULECHECK_INDEX" => {
            let i = number("RULECHECK_INDEX")?.unwrap_or_default();
            (i, number("RULECHECK_COUNT")?.and_then(|n| said("RULECHECK_COUNT", n)), None)
        }
        _ => (number("JOB_COMPLETION_INDEX")?.unwrap_or_default(), None, None),
    };
    Ok(Found { index, count, source: format!("{name}={}", env(name).unwrap_or_default().trim()), last })
}

impl Found {
    /// The number of workers: `--count` if given (it must agree with the
    /// source's), else the source's, else `default` where the work has
    /// one (a plan's units, one each), which also goes before a Slurm
    /// array's count; the index checked against it.
    pub fn workers(&self, given: Option<usize>, default: Option<usize>) -> Result<usize, IndexError> {
        let count = match (given, &self.count) {
            (Some(g), Some((s, said))) if g != *s => {
                return Err(IndexError::CountMismatch { given: g, said: said.clone() });
            }
            (Some(g), _) => g,
            // Work with a count of its own keeps it under Slurm: a task
            // submitted again alone sees no whole array, and must take the
            // share it took the first time.
            (None, Some((_, said))) if default.is_some() && said.starts_with("SLURM") => default.unwrap_or(1),
            (None, Some((s, _))) => *s,
            (None, None) => match default {
                Some(d) if !self.source.starts_with("JOB_COMPLETION_INDEX") => d,
                _ => return Err(IndexError::NoCount { from: self.source.clone(), hint: self.count_hint() }),
            },
        };
        if count == 0 {
            return Err(IndexError::ZeroCount);
        }
        if let Some(last) = self.last.filter(|&l| l >= count) {
            return Err(IndexError::ArrayTooLong { last, count });
        }
        if self.index >= count {
            return Err(IndexError::OutOfRange { index: self.index, count, from: self.source.clone() });
        }
        Ok(count)
    }

    fn count_hint(&self) -> &'static str {
        match self.source.split('=').next() {
            Some("JOB_COMPLETION_INDEX") => " (the Job's completions)",
            Some("SLURM_ARRAY_TASK_ID") => " (the workers of the whole array: this one is not an array 0 to N-1)",
            Some(s) if s.starts_with("--index") => ", the number of workers the work is split over",
            _ => "",
        }
    }
}

/// The share `(index, count)` this worker takes, where the work has no
/// count of its own: `--count` or the source's.
pub fn resolve(index: IndexArg, count: Option<usize>) -> Result<(usize, usize), IndexError> {
    resolve_with(index, count, &|name| std::env::var(name).ok())
}

/// [`resolve`], reading the environment through `env`.
pub fn resolve_with(
    index: IndexArg,
    count: Option<usize>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<(usize, usize), IndexError> {
    let found = find(index, env)?;
    Ok((found.index, found.workers(count, None)?))
}

#[cfg(test)]
mod tests;
