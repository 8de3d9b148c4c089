//! Which share of a split job this worker takes: `--index I --count N`
//! given on the command line, or `--index auto` read from what a batch
//! system tells each of its workers. Slurm job arrays, Kubernetes Indexed
//! Jobs and CI matrices all hand a worker an integer; every command that
//! splits its work reads it here, so that each spells and checks it alike.
//!
//! `auto` reads, in this order:
//!
//! - `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_COUNT` (`sbatch
//!   --array=0-3`). An array that does not start at 0 or steps (`--array=1-8:2`)
//!   is counted from its first task by its step, read from
//!   `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_STEP` when set, so that
//!   its tasks are still the indices 0 to N-1.
//! - `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job), whose count is not
//!   in the environment: it is the Job's `completions`, given as `--count`.
//!
//! Anything else is refused rather than guessed: a worker that took the
//! wrong share would leave another's cells undone, or do them twice.

use std::fmt;
use std::str::FromStr;

/// Slurm's index of this task in its array.
pub const SLURM_ID: &str = "SLURM_ARRAY_TASK_ID";
/// Slurm's number of tasks in the array.
pub const SLURM_COUNT: &str = "SLURM_ARRAY_TASK_COUNT";
/// Slurm's first task id of the array (`--array=1-4` starts at 1).
pub const SLURM_MIN: &str = "SLURM_ARRAY_TASK_MIN";
/// Slurm's step between task ids (`--array=0-6:2` steps by 2).
pub const SLURM_STEP: &str = "SLURM_ARRAY_TASK_STEP";
/// A Kubernetes Indexed Job's index of this pod.
pub const K8S_INDEX: &str = "JOB_COMPLETION_INDEX";

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
        text.parse()
            .map(IndexArg::Given)
            .map_err(|_| format!("'{}' is neither an index (0, 1, ...) nor `auto`", rulecheck_text::shown(text)))
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

/// Why no share could be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    #[error("--index {index} needs --count N, the number of workers the work is split over")]
    NoCount { index: usize },
    #[error("--count 0: the work cannot be split over no worker")]
    ZeroCount,
    #[error("index {index} is out of range for a count of {count}: the indices are 0 to {}", count.saturating_sub(1))]
    OutOfRange { index: usize, count: usize },
    #[error(
        "--index auto: neither {SLURM_ID} (a Slurm job array) nor {K8S_INDEX} (a Kubernetes Indexed Job) is set; \
         give --index I --count N"
    )]
    NoEnvironment,
    #[error("--index auto: {var}='{value}' is not a whole number")]
    NotANumber { var: &'static str, value: String },
    #[error("--index auto: {SLURM_ID} is set but not {SLURM_COUNT}, the number of tasks of the array")]
    NoSlurmCount,
    #[error(
        "--index auto: {K8S_INDEX}={index} gives the index but not the count: give --count N (the Job's completions)"
    )]
    NoK8sCount { index: usize },
    #[error("--count {given}, but {SLURM_COUNT}={env}: the array has {env} tasks")]
    CountMismatch { given: usize, env: usize },
    #[error("--index auto: {SLURM_ID}={id} is not a task of the array ({SLURM_MIN}={min}, {SLURM_STEP}={step})")]
    NotATask { id: usize, min: usize, step: usize },
}

/// The share `(index, count)` this worker takes: `index` from the command
/// line or, for `auto`, from the environment; `count` from `--count` or
/// the environment.
pub fn resolve(index: IndexArg, count: Option<usize>) -> Result<(usize, usize), IndexError> {
    resolve_with(index, count, &|name| std::env::var(name).ok())
}

/// [`resolve`], reading the environment through `lookup` (so that it can
/// be tested without changing the process's environment).
pub fn resolve_with(
    index: IndexArg,
    count: Option<usize>,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<(usize, usize), IndexError> {
    match index {
        IndexArg::Given(index) => check(index, count.ok_or(IndexError::NoCount { index })?),
        IndexArg::Auto => index_from(count, lookup),
    }
}

/// `--index auto`: the share the batch system gave this worker, from the
/// process's environment.
pub fn index_from_env(count: Option<usize>) -> Result<(usize, usize), IndexError> {
    index_from(count, &|name| std::env::var(name).ok())
}

/// [`index_from_env`], reading the environment through `lookup`.
pub fn index_from(count: Option<usize>, lookup: &dyn Fn(&str) -> Option<String>) -> Result<(usize, usize), IndexError> {
    let number = |var: &'static str| -> Result<Option<usize>, IndexError> {
        match lookup(var) {
            None => Ok(None),
            Some(v) => v.trim().parse().map(Some).map_err(|_| IndexError::NotANumber { var, value: v }),
        }
    };
    if let Some(id) = number(SLURM_ID)? {
        let env = number(SLURM_COUNT)?.ok_or(IndexError::NoSlurmCount)?;
        if let Some(given) = count.filter(|&c| c != env) {
            return Err(IndexError::CountMismatch { given, env });
        }
        let min = number(SLURM_MIN)?.unwrap_or(0);
        let step = number(SLURM_STEP)?.unwrap_or(1).max(1);
        let offset = id.checked_sub(min).filter(|o| o % step == 0).ok_or(IndexError::NotATask { id, min, step })?;
        return check(offset / step, env);
    }
    if let Some(index) = number(K8S_INDEX)? {
        return check(index, count.ok_or(IndexError::NoK8sCount { index })?);
    }
    Err(IndexError::NoEnvironment)
}

/// `(index, count)` when the index is one of the count's.
pub fn check(index: usize, count: usize) -> Result<(usize, usize), IndexError> {
    if count == 0 {
        Err(IndexError::ZeroCount)
    } else if index >= count {
        Err(IndexError::OutOfRange { index, count })
    } else {
        Ok((index, count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn an_index_given_needs_its_count_and_must_be_in_range() {
        let none = env(&[]);
        assert_eq!(resolve_with(IndexArg::Given(2), Some(3), &none), Ok((2, 3)));
        assert_eq!(resolve_with(IndexArg::Given(2), None, &none), Err(IndexError::NoCount { index: 2 }));
        assert_eq!(
            resolve_with(IndexArg::Given(3), Some(3), &none),
            Err(IndexError::OutOfRange { index: 3, count: 3 })
        );
        assert_eq!(resolve_with(IndexArg::Given(0), Some(0), &none), Err(IndexError::ZeroCount));
        let msg = IndexError::OutOfRange { index: 3, count: 3 }.to_string();
        assert!(msg.contains("0 to 2"), "{msg}");
    }

    #[test]
    fn the_index_argument_is_a_number_or_auto() {
        assert_eq!("auto".parse(), Ok(IndexArg::Auto));
        assert_eq!(" 7 ".parse(), Ok(IndexArg::Given(7)));
        assert!("-1".parse::<IndexArg>().is_err());
        assert!("first".parse::<IndexArg>().unwrap_err().contains("nor `auto`"));
    }

    #[test]
    fn slurm_gives_the_index_and_the_count() {
        let slurm = env(&[(SLURM_ID, "3"), (SLURM_COUNT, "4")]);
        assert_eq!(index_from(None, &slurm), Ok((3, 4)));
        assert_eq!(index_from(Some(4), &slurm), Ok((3, 4)), "a --count that agrees is taken");
        assert_eq!(index_from(Some(5), &slurm), Err(IndexError::CountMismatch { given: 5, env: 4 }));
        let no_count = env(&[(SLURM_ID, "3")]);
        assert_eq!(index_from(Some(4), &no_count), Err(IndexError::NoSlurmCount));
    }

    #[test]
    fn a_slurm_array_from_one_or_with_a_step_is_counted_from_its_first_task() {
        let from_one = env(&[(SLURM_ID, "4"), (SLURM_COUNT, "4"), (SLURM_MIN, "1"), (SLURM_STEP, "1")]);
        assert_eq!(index_from(None, &from_one), Ok((3, 4)));
        let stepped = env(&[(SLURM_ID, "6"), (SLURM_COUNT, "4"), (SLURM_MIN, "0"), (SLURM_STEP, "2")]);
        assert_eq!(index_from(None, &stepped), Ok((3, 4)));
        let between = env(&[(SLURM_ID, "5"), (SLURM_COUNT, "4"), (SLURM_MIN, "0"), (SLURM_STEP, "2")]);
        assert_eq!(index_from(None, &between), Err(IndexError::NotATask { id: 5, min: 0, step: 2 }));
        let beyond = env(&[(SLURM_ID, "4"), (SLURM_COUNT, "4")]);
        assert_eq!(index_from(None, &beyond), Err(IndexError::OutOfRange { index: 4, count: 4 }));
    }

    #[test]
    fn a_kubernetes_indexed_job_gives_the_index_and_the_count_is_given() {
        let k8s = env(&[(K8S_INDEX, "1")]);
        assert_eq!(index_from(Some(3), &k8s), Ok((1, 3)));
        assert_eq!(index_from(None, &k8s), Err(IndexError::NoK8sCount { index: 1 }));
        assert_eq!(index_from(Some(1), &k8s), Err(IndexError::OutOfRange { index: 1, count: 1 }));
    }

    #[test]
    fn slurm_is_read_before_kubernetes_and_nothing_is_guessed() {
        let both = env(&[(SLURM_ID, "0"), (SLURM_COUNT, "2"), (K8S_INDEX, "1")]);
        assert_eq!(index_from(None, &both), Ok((0, 2)));
        assert_eq!(index_from(Some(2), &env(&[])), Err(IndexError::NoEnvironment));
        let bad = env(&[(K8S_INDEX, "one")]);
        assert_eq!(index_from(Some(2), &bad), Err(IndexError::NotANumber { var: K8S_INDEX, value: "one".to_string() }));
        assert!(IndexError::NoEnvironment.to_string().contains("--index I --count N"));
    }
}
