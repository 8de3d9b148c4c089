//! `rulecheck matrix --index I --count N` and `matrix merge`: a matrix run
//! in shares, as the workers of a Slurm array, a Kubernetes Indexed Job or
//! a CI matrix run it, and merged back. The merge must be the whole run's
//! matrix byte for byte, and must refuse, naming them, parts or cells that
//! are missing, doubled or of another matrix.

use std::path::{Path, PathBuf};

use crate::support::process;
use process::{rulecheck, ROOT};

fn dir(name: &str) -> PathBuf {
    let d = Path::new(ROOT).join("target").join("matrix-split-test").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("test directory");
    d
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// An engines file in `d`: the reference and the served reference with
/// `extra` (more entries).
fn engines_file(d: &Path, extra: &str) -> String {
    let body = format!(
        "engines:\n  - builtin: reference\n  - name: flipped\n    command: {}\n    args: [serve, --deviate, flying-kings-flipped]\n{extra}",
        env!("CARGO_BIN_EXE_rulecheck")
    );
    let f = d.join("engines.yaml");
    std::fs::write(&f, body).expect("engines file");
    s(&f)
}

/// An engine entry that plays `no-progress=wcdf`, in `lineage` if given.
fn wcdf(name: &str, lineage: Option<&str>) -> String {
    let lineage = lineage.map(|l| format!("    lineage: {l}\n")).unwrap_or_default();
    format!(
        "  - name: {name}\n    command: {}\n    args: [serve, -o, no-progress=wcdf]\n{lineage}",
        env!("CARGO_BIN_EXE_rulecheck")
    )
}

/// Part `index` of `count` of the matrix over `spec`, written to
/// `d/part-INDEX-of-COUNT.json`: its file, and what the run did.
fn part(d: &Path, engines: &str, spec: &[&str], index: usize, count: usize) -> (PathBuf, process::Outcome) {
    let file = d.join(format!("part-{index}-of-{count}.json"));
    let (i, n) = (index.to_string(), count.to_string());
    let mut args = vec!["matrix", engines];
    args.extend(spec);
    args.extend(["--index", &i, "--count", &n]);
    let file_arg = s(&file);
    args.extend(["--part", &file_arg]);
    let o = rulecheck(&args);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    (file, o)
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn a_matrix_run_in_three_parts_and_merged_is_the_whole_run_byte_for_byte() {
    let d = dir("whole");
    let extra = format!("{}{}{}", wcdf("one", None), wcdf("fork", Some("one")), wcdf("two", None));
    let engines = engines_file(&d, &extra);
    let spec = ["spec/english/kings.yaml", "spec/english/draws.yaml"];
    let outputs = |prefix: &str| ["md", "json", "html"].map(|x| d.join(format!("{prefix}.{x}")));
    let whole = outputs("whole");
    let mut args = vec!["matrix", &engines];
    args.extend(spec);
    let [md, json, html] = whole.clone().map(|p| s(&p));
    args.extend(["--markdown", &md, "--json", &json, "--html", &html]);
    let w = rulecheck(&args);
    assert_eq!(w.code, Some(1), "the flipped engine fails:\n{}", w.all());
    let mut parts = Vec::new();
    for i in 0..3 {
        let (file, o) = part(&d, &engines, &spec, i, 3);
        // A part holding failures is still a part done: the verdict is the merge's.
        assert_eq!(o.code, Some(0), "{}", o.all());
        assert!(o.stderr.contains(&format!("part {i} of 3")), "{}", o.all());
        parts.push(s(&file));
    }
    // Parts are given in any order.
    let merged = outputs("merged");
    let [mmd, mjson, mhtml] = merged.clone().map(|p| s(&p));
    let o = rulecheck(&[
        "matrix",
        "merge",
        &parts[2],
        &parts[0],
        &parts[1],
        "--markdown",
        &mmd,
        "--json",
        &mjson,
        "--html",
        &mhtml,
    ]);
    assert_eq!(o.code, w.code, "the merge exits as the whole run did:\n{}", o.all());
    for (a, b) in whole.iter().zip(&merged) {
        assert!(read(a) == read(b), "{} and {} differ", a.display(), b.display());
    }
    let text = read(&merged[0]);
    assert!(text.contains("## Readings") && text.contains("**For review**"), "the readings are merged too:\n{text}");
    // Without an output file the Markdown goes to standard output.
    let o = rulecheck(&["matrix", "merge", &parts[0], &parts[1], &parts[2]]).exits(1);
    assert_eq!(o.stdout, read(&whole[0]));
}

#[test]
fn the_parts_of_a_split_share_every_cell_once_in_blocks_by_engine() {
    let d = dir("shares");
    let engines = engines_file(&d, "");
    let spec = ["spec/english/kings.yaml"];
    let mut seen = std::collections::BTreeMap::new();
    let mut homes = 0;
    for i in 0..3 {
        let (file, _) = part(&d, &engines, &spec, i, 3);
        let p: serde_json::Value = serde_json::from_str(&read(&file)).expect("a part is JSON");
        assert_eq!((p["index"].as_u64(), p["count"].as_u64()), (Some(i as u64), Some(3)));
        assert!(p["inputs"].as_str().is_some_and(|h| h.starts_with("sha256:")), "{p}");
        let scenarios = p["frame"]["scenarios"].as_array().expect("the frame lists the scenarios").len();
        for e in p["engines"].as_array().expect("engines") {
            homes += usize::from(!e["readings"].is_null());
            for c in e["cells"].as_array().expect("cells") {
                let key = (e["name"].to_string(), c["scenario"].to_string());
                *seen.entry(key).or_insert(0) += 1;
                assert!(c["outcome"].is_string(), "every cell has its outcome: {c}");
            }
        }
        assert!(scenarios > 10, "{p}");
    }
    assert!(seen.values().all(|&n| n == 1), "{seen:?}");
    assert_eq!(homes, 2, "each engine's readings are found once");
}

#[test]
fn a_merge_names_each_part_or_cell_missing_doubled_or_foreign() {
    let d = dir("refused");
    let engines = engines_file(&d, "");
    let spec = ["spec/english/kings.yaml"];
    let parts: Vec<String> = (0..3).map(|i| s(&part(&d, &engines, &spec, i, 3).0)).collect();
    let merged = d.join("merged.json");
    let merged_arg = s(&merged);
    let merge = |files: &[&str]| {
        let mut args = vec!["matrix", "merge"];
        args.extend(files);
        args.extend(["--json", &merged_arg]);
        let o = rulecheck(&args).exits(1);
        assert!(o.stderr.contains("nothing was written"), "{}", o.all());
        assert!(!merged.exists(), "no matrix is written from a part of one");
        o
    };

    let o = merge(&[&parts[0], &parts[2]]);
    o.stderr_has("part 1 of 3 is missing").stderr_has("engine 'reference'").stderr_has("engine 'flipped'");

    let o = merge(&[&parts[0], &parts[1], &parts[2], &parts[1]]);
    o.stderr_has("part 1 of 3 is given more than once");

    // A part of a matrix over another spec, and one of another count.
    let other = dir("refused-other");
    let (men, _) = part(&other, &engines, &["spec/english/men.yaml"], 1, 3);
    let o = merge(&[&parts[0], &s(&men), &parts[2]]);
    o.stderr_has("refused-other/part-1-of-3.json: a part of another matrix").stderr_has("part 1 of 3 is missing");
    let (halves, _) = part(&other, &engines, &spec, 1, 2);
    merge(&[&parts[0], &parts[1], &parts[2], &s(&halves)]).stderr_has("share their --count");

    // A cell written into a second part, and a cell of no scenario of the matrix.
    let mut p0: serde_json::Value = serde_json::from_str(&read(Path::new(&parts[0]))).expect("part");
    let p1: serde_json::Value = serde_json::from_str(&read(Path::new(&parts[1]))).expect("part");
    let moved = p1["engines"][0]["cells"][0].clone();
    let id = moved["scenario"].as_str().expect("id").to_string();
    let mut stray = moved.clone();
    stray["scenario"] = serde_json::json!("spec/english/kings.yaml::no such scenario");
    let cells = p0["engines"][0]["cells"].as_array_mut().expect("cells");
    cells.push(moved);
    cells.push(stray);
    let edited = d.join("edited.json");
    std::fs::write(&edited, p0.to_string()).expect("edited part");
    let o = merge(&[&s(&edited), &parts[1], &parts[2]]);
    let engine = p1["engines"][0]["name"].as_str().expect("name");
    o.stderr_has(&format!("cell doubled: engine '{engine}', scenario '{id}' is in "));
    o.stderr_has("refused/edited.json, ").stderr_has("refused/part-1-of-3.json");
    o.stderr_has("scenario 'spec/english/kings.yaml::no such scenario' is not a cell of this matrix");

    // A count no one could give every part of is named, not walked.
    let huge: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let mut p: serde_json::Value = serde_json::from_str(&read(Path::new(file))).expect("part");
            p["count"] = serde_json::json!(1_000_000_000_000_000_000u64);
            s(&process::write_file(&d, &format!("huge-{i}.json"), &p.to_string()))
        })
        .collect();
    let o = merge(&huge.iter().map(String::as_str).collect::<Vec<_>>());
    o.stderr_has("part 3 of 1000000000000000000 is missing").stderr_has("and 999999999999999977 more parts missing");
}

#[test]
fn a_file_that_is_no_part_is_bad_input_naming_it() {
    let d = dir("bad");
    let cases = [
        ("not-json.json", "engines:\n", "not a part written by `matrix --index I --count N`"),
        ("other.json", "{\"matrix\": 1}", "it has no `matrix_part`"),
        ("future.json", "{\"matrix_part\": 99}", "a part of format 99"),
        ("short.json", "{\"matrix_part\": 1, \"index\": 0}", "missing field"),
    ];
    for (name, text, says) in cases {
        let f = process::write_file(&d, name, text);
        let o = rulecheck(&["matrix", "merge", &s(&f)]).bad_input();
        o.stderr_has(&f.display().to_string()).stderr_has(says);
    }
    let o = rulecheck(&["matrix", "merge", &s(&d.join("absent.json"))]).bad_input();
    o.stderr_has("absent.json");
}

#[test]
fn an_index_out_of_range_or_without_its_count_is_refused_before_any_run() {
    let d = dir("index");
    let engines = engines_file(&d, "");
    let cases: [(&[&str], &str); 4] = [
        (&["--index", "3", "--count", "3"], "index 3 is out of range, not below the 3 workers (0 to 2)"),
        (&["--index", "1"], "--index 1 gives the index but not the number of workers: give --count N"),
        (&["--index", "0", "--count", "0"], "--count 0"),
        (&["--index", "first", "--count", "2"], "neither an index (0, 1, ...) nor `auto`"),
    ];
    for (extra, says) in cases {
        let mut args = vec!["matrix", &engines, "spec/english/men.yaml"];
        args.extend(extra);
        let o = rulecheck(&args).bad_input();
        o.stderr_has(says);
        assert!(o.stdout.is_empty(), "{}", o.all());
    }
    // The whole matrix's outputs are not a part's.
    rulecheck(&["matrix", &engines, "--index", "0", "--count", "2", "--json", "m.json"]).bad_input();
}

/// `matrix ... --index auto` with only `vars` of the batch systems' set.
fn auto(engines: &str, out: &Path, extra: &[&str], vars: &[(&str, &str)]) -> process::Outcome {
    let mut args = vec!["matrix", engines, "spec/english/men.yaml", "--index", "auto"];
    args.extend(extra);
    let out_arg = s(out);
    args.extend(["--part", &out_arg]);
    let mut cmd = process::piped(&args);
    for var in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_STEP",
        "JOB_COMPLETION_INDEX",
        "CI_NODE_INDEX",
        "CI_NODE_TOTAL",
        "RULECHECK_INDEX",
        "RULECHECK_COUNT",
    ] {
        cmd.env_remove(var);
    }
    cmd.envs(vars.iter().copied());
    let o = cmd.output().expect("rulecheck runs");
    process::Outcome {
        code: o.status.code(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

fn index_and_count(part: &Path) -> (u64, u64) {
    let p: serde_json::Value = serde_json::from_str(&read(part)).expect("part");
    (p["index"].as_u64().expect("index"), p["count"].as_u64().expect("count"))
}

#[test]
fn index_auto_reads_a_slurm_array_or_a_kubernetes_indexed_job() {
    let d = dir("auto");
    let engines = engines_file(&d, "");
    let out = d.join("part.json");

    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_MAX", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "2"),
    ];
    let o = auto(&engines, &out, &[], &slurm);
    assert_eq!(o.code, Some(0), "{}", o.all());
    assert_eq!(index_and_count(&out), (1, 2));
    auto(&engines, &out, &["--count", "3"], &slurm).bad_input().stderr_has("SLURM_ARRAY_TASK_COUNT=2");
    // A task submitted again alone (`--array=1`) keeps its index; the
    // count of the whole array is given, since Slurm's is 1.
    let again = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "1"),
    ];
    auto(&engines, &out, &["--count", "2"], &again).ok();
    assert_eq!(index_and_count(&out), (1, 2));
    auto(&engines, &out, &[], &again).bad_input().stderr_has("give --count N");
    // `--array=1-4` is refused: the indices are 0 to 3.
    let from_one = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "4"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ];
    auto(&engines, &out, &["--count", "4"], &from_one).bad_input().stderr_has("submit --array=0-3");

    let k8s = [("JOB_COMPLETION_INDEX", "2")];
    auto(&engines, &out, &["--count", "3"], &k8s).ok();
    assert_eq!(index_and_count(&out), (2, 3));
    auto(&engines, &out, &[], &k8s).bad_input().stderr_has("give --count N (the Job's completions)");
    auto(&engines, &out, &["--count", "2"], &k8s).bad_input().stderr_has("index 2 is out of range");

    auto(&engines, &out, &["--count", "2"], &[])
        .bad_input()
        .stderr_has("none of SLURM_ARRAY_TASK_ID (a Slurm job array), JOB_COMPLETION_INDEX");
    auto(&engines, &out, &[], &[("JOB_COMPLETION_INDEX", "x")]).bad_input().stderr_has("JOB_COMPLETION_INDEX='x'");
}

#[test]
fn more_workers_than_cells_leave_some_parts_empty_and_the_merge_whole() {
    let d = dir("empty");
    let f = d.join("engines.yaml");
    std::fs::write(&f, "engines:\n  - builtin: reference\n").expect("engines");
    let engines = s(&f);
    let spec = ["fixtures/good/minimal.yaml"];
    let whole = rulecheck(&["matrix", &engines, spec[0]]);
    let n = 40;
    let mut parts = Vec::new();
    for i in 0..n {
        let (file, o) = part(&d, &engines, &spec, i, n);
        assert_eq!(o.code, Some(0), "an empty share has nothing to fail:\n{}", o.all());
        parts.push(s(&file));
    }
    let mut args = vec!["matrix", "merge"];
    args.extend(parts.iter().map(String::as_str));
    let o = rulecheck(&args);
    assert_eq!((o.code, &o.stdout), (whole.code, &whole.stdout), "{}", o.all());
}

#[test]
fn an_engine_that_does_not_start_is_reported_alike_whole_and_merged() {
    let d = dir("missing");
    let engines = engines_file(&d, "  - name: missing\n    command: /nonexistent/engine\n");
    let spec = ["spec/english/men.yaml"];
    let whole = d.join("whole.json");
    let w = rulecheck(&["matrix", &engines, spec[0], "--json", &s(&whole)]).exits(3);
    w.stderr_has("engine 'missing'");
    let parts: Vec<String> = (0..4)
        .map(|i| {
            let (file, o) = part(&d, &engines, &spec, i, 4);
            assert_eq!(o.code, Some(0), "{}", o.all());
            s(&file)
        })
        .collect();
    let merged = d.join("merged.json");
    let merged_arg = s(&merged);
    let mut args = vec!["matrix", "merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--json", &merged_arg]);
    rulecheck(&args).exits(3).stderr_has("engine 'missing'");
    assert!(read(&whole) == read(&merged), "the merged matrix differs from the whole run's");
}
