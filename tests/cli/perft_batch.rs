//! A perft planned for a batch system, as its workers and its adder run it:
//! `perft-plan`, `perft-work` by index (given, or read from the
//! environment), `perft-add --plan` with its divide table, its refusals and
//! its certificate, `perft-verify`, and totals past 2^64 added without
//! wrapping. The same plan run on a real Slurm cluster and by local
//! processes, one killed, is in the cross checks (`batch`).

use std::path::Path;
use std::process::Command;

use crate::support::process::{piped, rulecheck, write_file, Outcome, ROOT};

/// `perft-work` run with the environment given, in the crate's root.
fn work_with(env: &[(&str, &str)], args: &[&str]) -> Outcome {
    let mut c = Command::new(env!("CARGO_BIN_EXE_rulecheck"));
    c.arg("perft-work").args(args).current_dir(ROOT);
    for v in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "CI_NODE_INDEX", "RULECHECK_INDEX"] {
        c.env_remove(v);
    }
    c.envs(env.iter().copied());
    let out = c.output().expect("the rulecheck binary runs");
    Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Two parts of 18,446,744,073,709,551,000 leaves each add up to
/// 36,893,488,147,419,102,000, past 2^64, not wrapped round it.
#[test]
fn perft_add_carries_a_total_past_2_to_the_64() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut files = Vec::new();
    for k in 1..=2 {
        let part = format!(
            r#"{{"variant":"english","options":{{}},"position":"start","depth":40,"paths":false,"shard":{k},"of":2,"units":2,"counted":1,"nodes":18446744073709551000}}"#
        );
        files.push(s(&write_file(dir.path(), &format!("part{k}.json"), &format!("{part}\n"))));
    }
    let o = rulecheck(&["perft-add", &files[0], &files[1]]).ok();
    assert_eq!(o.stdout, "36893488147419102000\n", "{}", o.all());
}

/// A plan counted by index, one worker at a time, adds up to the plain
/// walk with its divide table; every fault of the records is named.
#[test]
fn a_plan_counted_by_index_adds_up_to_the_plain_walk() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plan = s(&dir.path().join("plan.json"));
    let records = dir.path().join("records");
    let out = format!("{}/", s(&records));
    let p = rulecheck(&["perft-plan", "english", "7", "--paths", "--frontier", "3", "--units", "6", "-O", &plan]).ok();
    p.stderr_has("302 lines 3 plies below the root reach");
    let plain = rulecheck(&["perft", "english", "7", "--paths", "--divide"]).ok();
    // Three workers: the index read from a number, Slurm and Kubernetes.
    work_with(&[], &["--index", "0", "--count", "3", &plan, "-O", &out]).ok();
    // Slurm: a task submitted again alone (an array of 1 to 1) keeps index 1.
    work_with(
        &[("SLURM_ARRAY_TASK_ID", "1"), ("SLURM_ARRAY_TASK_MIN", "1"), ("SLURM_ARRAY_TASK_COUNT", "1")],
        &["--index", "auto", "--count", "3", &plan, "-O", &out],
    )
    .ok()
    .stderr_has("index 1 of 3 (SLURM_ARRAY_TASK_ID=1)");
    let k8s = [("JOB_COMPLETION_INDEX", "2")];
    work_with(&k8s, &["--index", "auto", &plan, "-O", &out]).bad_input().stderr_has("give --count");
    work_with(&k8s, &["--index", "auto", "--count", "3", &plan, "-O", &out]).ok();
    let cert = s(&dir.path().join("cert.json"));
    let sum = rulecheck(&["perft-add", "--plan", &plan, &s(&records), "--certificate", &cert]).ok();
    assert_eq!(sum.stdout, plain.stdout, "the root's divide table and the total");
    let c: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&cert).expect("cert")).expect("json");
    assert_eq!(c["total"], 179740);
    // Started again, a worker finds its units recorded and counts nothing.
    work_with(&[], &["--index", "0", "--count", "3", &plan, "-O", &out])
        .ok()
        .stderr_has("2 recorded before, 0 to count");
    // A record twice, a record lost, one edited and one of another plan.
    let r0 = std::fs::read_to_string(records.join("records-0.jsonl")).expect("records");
    let r1 = std::fs::read_to_string(records.join("records-1.jsonl")).expect("records");
    let first = r1.lines().next().expect("a record");
    let other = rulecheck(&["perft-plan", "english", "7", "--frontier", "3", "--units", "6"]).ok();
    let other_hash = other.json()["sha256"].as_str().expect("hash").to_string();
    let mut bad = r0.clone();
    bad.push_str(&r0);
    let wrong = first.replacen("\"count\":", "\"count\":1", 1);
    let foreign = first.replace(&c["plan"].as_str().expect("plan hash").to_string(), &other_hash);
    bad.push_str(&format!("{wrong}\n{foreign}\n"));
    let bad_file = s(&write_file(dir.path(), "bad.jsonl", &bad));
    let o = rulecheck(&["perft-add", "--plan", &plan, &bad_file]).exits(1);
    o.stderr_has("unit 0 is recorded 2 times").stderr_has("corrupted record: unit 1").stderr_has("foreign record");
    o.stderr_has("units missing (3 of 6): 2, 4, 5");
    assert!(o.stdout.is_empty(), "no total for records that are not the whole work:\n{}", o.all());
    // A bad plan is bad input: a retry cannot help.
    let edited = std::fs::read_to_string(&plan).expect("plan").replacen("\"depth\": 7", "\"depth\": 8", 1);
    let edited = s(&write_file(dir.path(), "edited.json", &edited));
    rulecheck(&["perft-add", "--plan", &edited, &s(&records)]).bad_input().stderr_has("does not match its hash");
    work_with(&[], &["--index", "0", &edited, "-O", &out]).bad_input();
    work_with(&[], &["--index", "auto", &plan, "-O", &out]).bad_input().stderr_has("none of");
    work_with(&[], &["--index", "6", &plan, "-O", &out]).bad_input().stderr_has("not below the 6 workers");
}

/// `perft-verify` counts sampled units again and names a record whose
/// counts were changed consistently (leaf and total), which adding cannot
/// see.
#[test]
fn perft_verify_finds_a_count_changed_consistently() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plan = s(&dir.path().join("plan.json"));
    rulecheck(&["perft-plan", "russian", "6", "--frontier", "2", "--units", "3", "-O", &plan]).ok();
    let file = dir.path().join("all.jsonl");
    for i in 0..3 {
        work_with(
            &[("RULECHECK_INDEX", &i.to_string()), ("RULECHECK_COUNT", "3")],
            &["--index", "auto", &plan, "-O", &s(&file)],
        )
        .ok();
    }
    rulecheck(&["perft-verify", &plan, &s(&file), "--sample", "3", "--seed", "1"]).ok().stdout_has("unit 2: ok");
    // Unit 0's first leaf counted one more, and its total with it.
    let text = std::fs::read_to_string(&file).expect("records");
    let mut lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    let r = lines.iter_mut().find(|r| r["unit"] == 0).expect("unit 0");
    let leaf = r["leaves"][0]["count"].as_u64().expect("count");
    let m = r["leaves"][0]["multiplicity"].as_u64().expect("multiplicity");
    r["leaves"][0]["count"] = (leaf + 1).into();
    r["count"] = (r["count"].as_u64().expect("total") + m).into();
    let changed: String = lines.iter().map(|v| format!("{v}\n")).collect();
    let changed = s(&write_file(dir.path(), "changed.jsonl", &changed));
    rulecheck(&["perft-add", "--plan", &plan, &changed]).ok();
    let o = rulecheck(&["perft-verify", &plan, &changed, "--sample", "3", "--seed", "1"]).exits(1);
    o.stdout_has("unit 0: DIFFERS")
        .stdout_has(&format!("recorded {}, plain walk {leaf}, with the table {leaf}", leaf + 1));
}

/// A worker stopped by SIGTERM ends at once with exit 5 (retry), its
/// finished units on disk.
#[cfg(unix)]
#[test]
fn a_worker_stopped_by_sigterm_exits_5() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plan = s(&dir.path().join("plan.json"));
    // Deep enough that the worker is still counting when the signal comes.
    rulecheck(&["perft-plan", "international", "12", "--frontier", "1", "--units", "2", "-O", &plan]).ok();
    let records = s(&dir.path().join("r.jsonl"));
    let mut child =
        piped(&["perft-work", &plan, "--index", "0", "--count", "1", "-O", &records]).spawn().expect("runs");
    // The worker has opened its records file: its handler is installed.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !Path::new(&records).exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let pid = i32::try_from(child.id()).expect("pid");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGTERM).expect("signalled");
    let status = child.wait().expect("ends");
    assert_eq!(status.code(), Some(5), "{status:?}");
}

/// Every rulecheck command line of the batch examples (examples/batch/:
/// perft and the matrix under Slurm, Kubernetes, GitHub Actions) is one
/// this build reads: lines a shell continues joined, a CI matrix's
/// `${{ ... }}` read as an index, a Kubernetes `command:` as its JSON list;
/// commands shown in comments too, but not a remark after one.
#[test]
fn the_batch_examples_command_lines_are_rulechecks() {
    let dir = Path::new(ROOT).join("examples/batch");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("examples/batch") {
        let file = entry.expect("entry").path();
        let text = std::fs::read_to_string(&file).expect("text").replace("\\\n", " ");
        for (i, line) in text.lines().enumerate() {
            let json = line
                .trim()
                .strip_prefix("command: ")
                .and_then(|j| serde_json::from_str::<Vec<String>>(j.split(" #").next().unwrap_or(j)).ok());
            let words: Vec<String> = if let Some(words) = json {
                words
            } else if let Some(at) = line.find("rulecheck ").filter(|&at| !line[..at].contains(" #")) {
                let rest = line[at..].split(" #").next().unwrap_or_default().trim_end().trim_end_matches('\'');
                let rest = ci_values(rest);
                shlex::split(&rest).unwrap_or_else(|| panic!("{}:{}: quotes do not close", file.display(), i + 1))
            } else {
                continue;
            };
            if words.first().map(String::as_str) != Some("rulecheck") || words.len() < 2 {
                continue;
            }
            let mut args = vec!["parse-args"];
            args.extend(words[1..].iter().map(String::as_str));
            let o = rulecheck(&args);
            assert_eq!(o.code, Some(0), "{}:{}: {}\n{}", file.display(), i + 1, words.join(" "), o.all());
            seen += 1;
        }
    }
    assert!(seen >= 14, "only {seen} command lines found");
}

/// A CI matrix's `${{ expression }}` as the index it stands for, and a
/// shell's `${NAME:-default}` as its default.
fn ci_values(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let Some(end) = rest[at..].find('}') else { break };
        let inner = &rest[at + 2..at + end];
        if inner.starts_with('{') {
            out.push('0');
            rest = rest[at + end..].strip_prefix("}}").unwrap_or_default();
        } else {
            out.push_str(inner.split_once(":-").map_or("1", |(_, default)| default));
            rest = &rest[at + end + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// Under --paths a king's circuit taken either way round is two routes: a
/// plan cut at any frontier below it gives the plain walk's divide table
/// and total.
#[test]
fn a_plan_counts_capture_routes_as_perft_paths_does() {
    let dir = tempfile::tempdir().expect("temp dir");
    let circuit = "W:WKc3:Bb4,b6,d6,d4,h8";
    let plain = rulecheck(&["perft", "russian", circuit, "6", "--paths", "--divide"]).ok();
    for frontier in ["1", "2", "3"] {
        let plan = s(&dir.path().join(format!("plan{frontier}.json")));
        let records = s(&dir.path().join(format!("r{frontier}.jsonl")));
        rulecheck(&[
            "perft-plan",
            "russian",
            circuit,
            "6",
            "--paths",
            "--frontier",
            frontier,
            "--units",
            "2",
            "-O",
            &plan,
        ])
        .ok();
        work_with(&[], &[&plan, "--index", "0", "--count", "1", "-O", &records]).ok();
        let sum = rulecheck(&["perft-add", "--plan", &plan, &records]).ok();
        assert_eq!(sum.stdout, plain.stdout, "frontier {frontier}");
    }
}
