//! Which worker this is (`perft-work --index`): a number given, or `auto`,
//! read from the environment a batch system gives its workers. A worker
//! that counts the wrong share counts units twice and leaves others out, so
//! an index that cannot be told for sure is refused, never guessed.
//!
//! Read under `auto`, one source at most:
//!
//! - Slurm job arrays: `SLURM_ARRAY_TASK_ID` as it is, so the array is
//!   numbered from 0 (`--array=0-63`). Not made relative to
//!   `SLURM_ARRAY_TASK_MIN`, nor the workers taken from
//!   `SLURM_ARRAY_TASK_COUNT`: a failed task submitted again alone
//!   (`--array=5`) has a minimum of 5 and a count of 1, and must still
//!   count index 5's units of all the workers. `SLURM_ARRAY_TASK_MAX` is
//!   checked against the number of workers, so that an array numbered from
//!   1, or longer than the workers, is refused in every task.
//! - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX`; the number of
//!   workers (the Job's `completions`) is in no variable, so `--count` must
//!   give it.
//! - GitLab's `parallel:`: `CI_NODE_INDEX` (from 1) of `CI_NODE_TOTAL`.
//! - Anything else: `RULECHECK_INDEX` (from 0), with `RULECHECK_COUNT`.
//!
//! A CI matrix passes its value on the command line (`--index ${{
//! matrix.index }}`).

/// The index resolved: this worker's share and the number of workers, if
/// the source gave it, and where they were read (for the log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Index {
    pub index: usize,
    pub count: Option<usize>,
    pub source: String,
    /// The highest index of the batch (a Slurm array's last task), checked
    /// against the number of workers.
    pub last: Option<usize>,
}

/// The variables `auto` reads, with what each means.
const SOURCES: [(&str, &str); 4] = [
    ("SLURM_ARRAY_TASK_ID", "a Slurm job array"),
    ("JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job"),
    ("CI_NODE_INDEX", "GitLab's parallel jobs"),
    ("RULECHECK_INDEX", "RULECHECK_INDEX"),
];

/// A whole number read from a variable, or why it is not one.
fn number(env: &dyn Fn(&str) -> Option<String>, name: &str) -> Result<Option<usize>, String> {
    match env(name) {
        None => Ok(None),
        Some(v) => v
            .trim()
            .parse::<usize>()
            .map(Some)
            .map_err(|_| format!("{name}={} is not a whole number from 0", rulecheck_text::shown(&v))),
    }
}

/// The index `given` (a number, or `auto`), the environment read through
/// `env` (`std::env::var` but for tests).
pub fn resolve(given: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Index, String> {
    if given != "auto" {
        let index = given.trim().parse::<usize>().map_err(|_| {
            format!(
                "--index '{}': give a whole number from 0, or `auto` to read it from the batch system",
                rulecheck_text::shown(given)
            )
        })?;
        return Ok(Index { index, count: None, source: "--index".into(), last: None });
    }
    let set: Vec<(&str, &str)> = SOURCES.iter().copied().filter(|(name, _)| env(name).is_some()).collect();
    match set.as_slice() {
        [] => Err(format!(
            "--index auto: none of {} is set; give --index N, or run under a batch system that sets one",
            SOURCES.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
        )),
        [(name, _)] => from(name, env),
        many => Err(format!(
            "--index auto: {} are all set, so which index this is cannot be told; give --index N",
            many.iter()
                .map(|(name, what)| format!("{name}={} ({what})", env(name).unwrap_or_default()))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The index from the one source set.
fn from(name: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Index, String> {
    let got = |n: &str| number(env, n);
    let value = got(name)?.unwrap_or_default();
    match name {
        "SLURM_ARRAY_TASK_ID" => Ok(Index {
            index: value,
            count: None,
            source: format!("SLURM_ARRAY_TASK_ID={value}"),
            last: got("SLURM_ARRAY_TASK_MAX")?,
        }),
        "CI_NODE_INDEX" => {
            let index = value.checked_sub(1).ok_or("CI_NODE_INDEX=0: GitLab counts its jobs from 1")?;
            Ok(Index { index, count: got("CI_NODE_TOTAL")?, source: format!("CI_NODE_INDEX={value}"), last: None })
        }
        "RULECHECK_INDEX" => Ok(Index {
            index: value,
            count: got("RULECHECK_COUNT")?,
            source: format!("RULECHECK_INDEX={value}"),
            last: None,
        }),
        _ => Ok(Index { index: value, count: None, source: format!("{name}={value}"), last: None }),
    }
}

/// The number of workers: `--count` if given (it must agree with the
/// source's), else the source's, else — for a number given on the command
/// line — `default` (one unit each); Kubernetes gives none, so there
/// `--count` is needed.
pub fn workers(found: &Index, given: Option<usize>, default: usize) -> Result<usize, String> {
    let count = match (given, found.count) {
        (Some(g), Some(s)) if g != s => {
            return Err(format!("--count {g}, but {} says there are {s} workers", found.source));
        }
        (Some(g), _) => g,
        (None, Some(s)) => s,
        (None, None) if found.source.starts_with("JOB_COMPLETION_INDEX") => {
            return Err(format!(
                "{}: Kubernetes does not say how many workers there are; give --count (the Job's completions)",
                found.source
            ));
        }
        (None, None) => default,
    };
    if count == 0 {
        return Err("--count 0: there is at least one worker".into());
    }
    if let Some(last) = found.last.filter(|&l| l >= count) {
        return Err(format!(
            "the array's last task is {last}, but there are {count} workers (indices 0 to {}): submit --array=0-{} (or give --count)",
            count - 1,
            count - 1
        ));
    }
    if found.index >= count {
        return Err(format!("index {} ({}) is not below the {count} workers", found.index, found.source));
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        move |name| vars.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn each_batch_system_gives_its_index() {
        // A task submitted again alone keeps its index among all workers.
        let again = [("SLURM_ARRAY_TASK_ID", "7"), ("SLURM_ARRAY_TASK_MIN", "7"), ("SLURM_ARRAY_TASK_COUNT", "1")];
        let i = resolve("auto", &env(&again)).expect("slurm");
        assert_eq!((i.index, i.count), (7, None));
        assert_eq!(workers(&i, None, 16), Ok(16));
        assert!(workers(&i, Some(4), 16).is_err(), "index 7 of 4");
        let from_one = env(&[("SLURM_ARRAY_TASK_ID", "1"), ("SLURM_ARRAY_TASK_MAX", "16")]);
        let e = workers(&resolve("auto", &from_one).expect("slurm"), None, 16).expect_err("0-15");
        assert!(e.contains("--array=0-15"), "{e}");
        let slurm = env(&[("SLURM_ARRAY_TASK_ID", "7")]);
        let k8s = env(&[("JOB_COMPLETION_INDEX", "3")]);
        let i = resolve("auto", &k8s).expect("k8s");
        assert!(workers(&i, None, 8).is_err(), "Kubernetes needs --count");
        assert_eq!(workers(&i, Some(8), 99), Ok(8));
        assert!(workers(&i, Some(3), 99).is_err(), "index 3 of 3");
        let gitlab = env(&[("CI_NODE_INDEX", "1"), ("CI_NODE_TOTAL", "2")]);
        assert_eq!(resolve("auto", &gitlab).map(|i| (i.index, i.count)), Ok((0, Some(2))));
        let given = resolve("5", &slurm).expect("a number");
        assert_eq!((given.index, workers(&given, None, 8)), (5, Ok(8)));
    }

    #[test]
    fn no_source_or_two_are_refused() {
        let e = resolve("auto", &env(&[])).expect_err("none");
        assert!(e.contains("SLURM_ARRAY_TASK_ID"), "{e}");
        let e = resolve("auto", &env(&[("SLURM_ARRAY_TASK_ID", "1"), ("RULECHECK_INDEX", "2")])).expect_err("two");
        assert!(e.contains("SLURM_ARRAY_TASK_ID=1") && e.contains("RULECHECK_INDEX=2"), "{e}");
        assert!(resolve("auto", &env(&[("RULECHECK_INDEX", "x")])).is_err());
        assert!(resolve("-1", &env(&[])).is_err());
    }
}
