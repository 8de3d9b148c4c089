//! A perft plan worked as batch systems work it, with a worker lost
//! mid-way and started again: on a single-node Slurm cluster started from
//! the system's packages (`batch/slurm.rs`; skipped, saying why, where
//! Slurm or root is missing: nothing is installed here, `.ci/run` installs
//! slurm-wlm and munge as root), and always by a local stand-in, the same
//! per-index commands as parallel processes, one killed with SIGKILL after
//! its first record. Both must give the plain walk's total and one
//! certificate: the certificate depends on the plan and the counts alone,
//! never on who ran the units, in what order, or how often.

mod slurm;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::process::rulecheck;

/// The plan of the test: small, so that `cargo test` stays quick, with
/// four units a worker so that one can be lost between two records.
const PLAN: [&str; 10] =
    ["perft-plan", "english", "11", "--paths", "--frontier", "3", "--units", "16", "-O", "plan.json"];
const WORKERS: usize = 4;
/// The worker that is lost mid-way.
const VICTIM: usize = 2;
/// A hang guard only: the whole plan counts in well under a second.
const HANG: Duration = Duration::from_secs(600);

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// The whole lines of a records file (0 if there is none yet).
fn records_in(file: &Path) -> usize {
    std::fs::read_to_string(file).map_or(0, |t| t.matches('\n').count())
}

/// Wait for `child`, killing it and failing past the hang guard.
fn wait(mut child: Child, what: &str) -> std::process::ExitStatus {
    let deadline = Instant::now() + HANG;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what} did not end within {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `perft-work` of one index as a batch system starts it: `--index auto`,
/// the index in the environment.
fn worker(dir: &Path, index: usize) -> Child {
    let mut c = Command::new(env!("CARGO_BIN_EXE_rulecheck"));
    c.args(["perft-work", "plan.json", "--index", "auto", "-O", "records/"]).current_dir(dir);
    for v in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "CI_NODE_INDEX"] {
        c.env_remove(v);
    }
    c.env("RULECHECK_INDEX", index.to_string()).env("RULECHECK_COUNT", WORKERS.to_string());
    c.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
    c.spawn().expect("perft-work starts")
}

/// The local stand-in: the workers as processes side by side, the victim
/// stopped after its first record and killed with SIGKILL, then started
/// again. Its records are then cut to the first one and half a line (a
/// kill in the middle of a write) and the victim started once more, which
/// must count the rest again. Returns the records directory.
fn local(dir: &Path) -> PathBuf {
    let records = dir.join("records");
    let victim_file = records.join(format!("records-{VICTIM}.jsonl"));
    let mut others = Vec::new();
    for i in (0..WORKERS).filter(|&i| i != VICTIM) {
        others.push(worker(dir, i));
    }
    let victim = worker(dir, VICTIM);
    let deadline = Instant::now() + HANG;
    while records_in(&victim_file) == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(1));
    }
    let pid = nix::unistd::Pid::from_raw(i32::try_from(victim.id()).expect("pid"));
    let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGSTOP);
    let at_kill = records_in(&victim_file);
    let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL);
    let status = wait(victim, "the victim");
    eprintln!("local stand-in: worker {VICTIM} killed ({status}) with {at_kill} of its 4 units recorded");
    let again = wait(worker(dir, VICTIM), "the victim started again");
    assert!(again.success(), "the victim started again: {again}");
    for (i, c) in others.into_iter().enumerate() {
        let status = wait(c, "a worker");
        assert!(status.success(), "worker {i}: {status}");
    }
    assert_eq!(records_in(&victim_file), 4, "the victim's units, each recorded once");
    // A kill in the middle of a write: one record and half of the next.
    let text = std::fs::read_to_string(&victim_file).expect("records");
    let first = text.find('\n').expect("a line") + 1;
    let torn = &text[..first + (text.len() - first) / 2];
    std::fs::write(&victim_file, torn).expect("torn");
    let again = wait(worker(dir, VICTIM), "the victim after a torn write");
    assert!(again.success(), "the victim after a torn write: {again}");
    assert_eq!(records_in(&victim_file), 4, "the torn line cut off and its unit counted again");
    records
}

/// The certificate of a plan's records, after checking that they add up
/// to the plain walk (its divide table too).
fn certificate(dir: &Path, records: &Path, plain: &str) -> serde_json::Value {
    let cert = dir.join(format!("{}.cert.json", records.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()));
    let o = rulecheck(&["perft-add", "--plan", &s(&dir.join("plan.json")), &s(records), "--certificate", &s(&cert)]);
    let o = o.ok();
    assert_eq!(o.stdout, plain, "{}", o.all());
    serde_json::from_str(&std::fs::read_to_string(&cert).expect("certificate")).expect("JSON")
}

#[test]
fn a_plan_worked_by_slurm_and_by_local_processes_gives_one_certificate() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let o = Command::new(env!("CARGO_BIN_EXE_rulecheck")).args(PLAN).current_dir(dir).output().expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let plain = rulecheck(&["perft", "english", "11", "--paths", "--divide"]).ok().stdout;
    let local_records = local(dir);
    let local = certificate(dir, &local_records, &plain);
    assert_eq!(local["total"], 85_242_128u64);
    eprintln!("local stand-in: certificate {local}");
    match slurm::Cluster::start(&dir.join("slurm")) {
        Err(why) => eprintln!("Slurm skipped: {why}; the local stand-in ran in its place"),
        Ok(cluster) => {
            let records = cluster.work(dir, env!("CARGO_BIN_EXE_rulecheck"), WORKERS, VICTIM).unwrap_or_else(|e| {
                panic!("the plan on Slurm: {e}\n{}", cluster.logs());
            });
            let on_slurm = certificate(dir, &records, &plain);
            assert_eq!(on_slurm, local, "one plan, one certificate, whoever ran it");
            eprintln!("Slurm: the same certificate");
        }
    }
}
