use super::*;

fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let vars: Vec<(String, String)> = vars.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    move |name| vars.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
}

fn slurm(id: &str, min: &str, max: &str, count: &str) -> impl Fn(&str) -> Option<String> {
    env(&[
        ("SLURM_ARRAY_TASK_ID", id),
        ("SLURM_ARRAY_TASK_MIN", min),
        ("SLURM_ARRAY_TASK_MAX", max),
        ("SLURM_ARRAY_TASK_COUNT", count),
    ])
}

#[test]
fn an_index_given_needs_its_count_where_the_work_has_none() {
    let none = env(&[]);
    assert_eq!(resolve_with(IndexArg::Given(2), Some(3), &none), Ok((2, 3)));
    let e = resolve_with(IndexArg::Given(2), None, &none).unwrap_err().to_string();
    assert!(e.contains("give --count N, the number of workers"), "{e}");
    let e = resolve_with(IndexArg::Given(3), Some(3), &none).unwrap_err().to_string();
    assert!(e.contains("index 3 is out of range") && e.contains("0 to 2"), "{e}");
    assert_eq!(resolve_with(IndexArg::Given(0), Some(0), &none), Err(IndexError::ZeroCount));
    // Work with a count of its own (a plan's units) takes it.
    assert_eq!(find(IndexArg::Given(5), &none).unwrap().workers(None, Some(8)), Ok(8));
}

#[test]
fn the_index_argument_is_a_number_or_auto() {
    assert_eq!("auto".parse(), Ok(IndexArg::Auto));
    assert_eq!(" 7 ".parse(), Ok(IndexArg::Given(7)));
    assert!("-1".parse::<IndexArg>().is_err());
    assert!("first".parse::<IndexArg>().unwrap_err().contains("nor `auto`"));
}

#[test]
fn a_whole_slurm_array_from_zero_gives_the_index_and_the_count() {
    assert_eq!(resolve_with(IndexArg::Auto, None, &slurm("3", "0", "3", "4")), Ok((3, 4)));
    assert_eq!(resolve_with(IndexArg::Auto, Some(4), &slurm("3", "0", "3", "4")), Ok((3, 4)));
    let e = resolve_with(IndexArg::Auto, Some(5), &slurm("3", "0", "3", "4")).unwrap_err().to_string();
    assert!(e.contains("SLURM_ARRAY_TASK_COUNT=4"), "{e}");
    // Work with a count of its own keeps it, whole array or task alone,
    // so that a task submitted again takes the share it took before.
    let whole = find(IndexArg::Auto, &slurm("3", "0", "3", "4")).unwrap();
    let alone = find(IndexArg::Auto, &slurm("3", "3", "3", "1")).unwrap();
    assert_eq!(whole.workers(None, Some(16)), alone.workers(None, Some(16)));
    assert_eq!(whole.workers(None, Some(16)), Ok(16));
}

#[test]
fn a_slurm_task_submitted_again_alone_keeps_its_index_among_all_workers() {
    let again = slurm("7", "7", "7", "1");
    let found = find(IndexArg::Auto, &again).unwrap();
    assert_eq!((found.index, &found.count), (7, &None));
    assert_eq!(found.workers(Some(16), None), Ok(16));
    assert_eq!(found.workers(None, Some(16)), Ok(16), "a plan's own count");
    let e = found.workers(None, None).unwrap_err().to_string();
    assert!(e.contains("give --count N (the workers of the whole array"), "{e}");
    assert!(found.workers(Some(4), None).is_err(), "index 7 of 4");
}

#[test]
fn a_slurm_array_from_one_or_past_the_workers_is_refused_in_every_task() {
    let from_one = slurm("1", "1", "16", "16");
    let e = find(IndexArg::Auto, &from_one).unwrap().workers(Some(16), None).unwrap_err().to_string();
    assert!(e.contains("--array=0-15"), "{e}");
}

#[test]
fn kubernetes_needs_the_count_and_gitlab_counts_from_one() {
    let k8s = env(&[("JOB_COMPLETION_INDEX", "3")]);
    let e = resolve_with(IndexArg::Auto, None, &k8s).unwrap_err().to_string();
    assert!(e.contains("give --count N (the Job's completions)"), "{e}");
    assert!(find(IndexArg::Auto, &k8s).unwrap().workers(None, Some(8)).is_err(), "not even with a plan");
    assert_eq!(resolve_with(IndexArg::Auto, Some(8), &k8s), Ok((3, 8)));
    let gitlab = env(&[("CI_NODE_INDEX", "1"), ("CI_NODE_TOTAL", "2")]);
    assert_eq!(resolve_with(IndexArg::Auto, None, &gitlab), Ok((0, 2)));
    assert_eq!(find(IndexArg::Auto, &env(&[("CI_NODE_INDEX", "0")])), Err(IndexError::GitLabZero));
    let other = env(&[("RULECHECK_INDEX", "2"), ("RULECHECK_COUNT", "3")]);
    assert_eq!(resolve_with(IndexArg::Auto, None, &other), Ok((2, 3)));
}

#[test]
fn no_source_or_two_are_refused_and_nothing_is_guessed() {
    let e = find(IndexArg::Auto, &env(&[])).unwrap_err().to_string();
    assert!(e.contains("none of SLURM_ARRAY_TASK_ID (a Slurm job array), JOB_COMPLETION_INDEX"), "{e}");
    let two = env(&[("SLURM_ARRAY_TASK_ID", "1"), ("RULECHECK_INDEX", "2")]);
    let e = find(IndexArg::Auto, &two).unwrap_err().to_string();
    assert!(e.contains("SLURM_ARRAY_TASK_ID=1") && e.contains("RULECHECK_INDEX=2"), "{e}");
    let e = find(IndexArg::Auto, &env(&[("JOB_COMPLETION_INDEX", "x")])).unwrap_err().to_string();
    assert!(e.contains("JOB_COMPLETION_INDEX='x'"), "{e}");
}
