//! An engine's life around rulecheck's: every engine (and whatever it
//! started) ends however rulecheck ends, a second Ctrl-C and SIGKILL
//! included; a stopped matrix says it is incomplete; what an engine writes
//! is kept only up to a bound, which the reports say; rulecheck's own
//! exhausted file descriptors are its own failure, not the engine's; an
//! engine that cannot start again is not started for every scenario left;
//! and perft has a time limit of its own.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

use crate::support::process;
use process::{left_running, pids_in, rulecheck_within, temp_dir, Outcome, ROOT};

/// The limit for anything that must not hang: for hangs only, generous.
const HANG: Duration = Duration::from_secs(300);

fn faulty(mode: &str) -> String {
    format!("python3 fixtures/engines/faulty.py {mode}")
}

/// Start rulecheck with `args` in the crate's root, its output captured.
fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulecheck starts")
}

/// Wait (for hangs only) until `file` lists `n` pids.
fn wait_for_pids(child: &mut Child, file: &Path, n: usize) {
    let started = Instant::now();
    while pids_in(file).len() < n {
        if started.elapsed() > HANG || child.try_wait().ok().flatten().is_some() {
            let _ = child.kill();
            panic!(
                "the engines never got going: {:?}",
                std::mem::replace(child, start(&["--version"])).wait_with_output()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Wait for rulecheck to end (killing it after [`HANG`]), its output.
fn finish(child: Child) -> Outcome {
    let pid = i32::try_from(child.id()).expect("a pid");
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(HANG);
        let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
    });
    let out = child.wait_with_output().expect("rulecheck ends");
    drop(watchdog);
    Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// An engine that hangs on its first request, started behind a shell
/// wrapper that also starts a grandchild: the command, and the files the
/// wrappers (with their grandchildren) and the engines write their pids to.
fn wrapped_hanging_engine(dir: &Path) -> (String, PathBuf, PathBuf) {
    let wrappers = dir.join("wrappers.pids");
    let engines = dir.join("engines.pids");
    let engine = format!(
        "sh fixtures/engines/forking.sh {} {}",
        wrappers.display(),
        faulty(&format!("hang {}", engines.display()))
    );
    (engine, wrappers, engines)
}

/// Six engines behind shell wrappers, each with a grandchild, all hanging
/// on a request; then a Ctrl-C and a second one 15 ms later, before the
/// first one's stop is done. rulecheck ends at once, and so does every
/// engine, wrapper and grandchild.
#[test]
fn a_second_sigint_still_ends_every_engine() {
    let dir = temp_dir("second-sigint");
    let (engine, wrappers, engines) = wrapped_hanging_engine(&dir);
    let mut child = start(&["run", "-j", "6", "--engine", &engine, "--timeout", "1000", "spec/english"]);
    wait_for_pids(&mut child, &engines, 6);
    let pid = Pid::from_raw(i32::try_from(child.id()).expect("a pid"));
    kill(pid, Signal::SIGINT).expect("the first SIGINT");
    std::thread::sleep(Duration::from_millis(15));
    let _ = kill(pid, Signal::SIGINT);
    let o = finish(child);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    let mut pids = pids_in(&wrappers);
    pids.extend(pids_in(&engines));
    assert_eq!(pids.len(), 18, "six wrappers, grandchildren and engines: {pids:?}");
    assert_eq!(left_running(&pids), Vec::<i32>::new(), "processes left running:\n{}", o.all());
    let _ = std::fs::remove_dir_all(&dir);
}

/// SIGKILL leaves rulecheck no moment to end anything: its engine, the
/// wrapper in front of it and the wrapper's grandchild end all the same.
#[test]
fn killing_rulecheck_ends_its_engines_and_what_they_started() {
    let dir = temp_dir("sigkill");
    let (engine, wrappers, engines) = wrapped_hanging_engine(&dir);
    let mut child = start(&["run", "--engine", &engine, "--timeout", "1000", "spec/english/setup.yaml"]);
    wait_for_pids(&mut child, &engines, 1);
    kill(Pid::from_raw(i32::try_from(child.id()).expect("a pid")), Signal::SIGKILL).expect("SIGKILL");
    let o = finish(child);
    assert_eq!(o.code, None, "killed by a signal");
    let mut pids = pids_in(&wrappers);
    pids.extend(pids_in(&engines));
    assert_eq!(pids.len(), 3, "the wrapper, its grandchild and the engine: {pids:?}");
    assert_eq!(left_running(&pids), Vec::<i32>::new(), "processes left running after SIGKILL");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engines file in `dir` of the reference and an engine that hangs,
/// writing its process id into the marker file: (marker, engines file).
fn hanging_engines(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let marker = dir.join("engine.pids");
    let engines = dir.join("engines.yaml");
    std::fs::write(
        &engines,
        format!(
            "engines:\n  - builtin: reference\n  - name: hanging\n    command: python3\n    args: [{ROOT}/fixtures/engines/faulty.py, hang, {}]\n    timeout: 1000\n",
            marker.display()
        ),
    )
    .expect("engines file");
    (marker, engines)
}

/// A matrix stopped by SIGTERM while an engine hangs: every file it writes
/// says it is incomplete, and it exits 5.
#[test]
fn a_stopped_matrix_marks_its_files_incomplete() {
    let dir = temp_dir("matrix-stop");
    let (marker, engines) = hanging_engines(&dir);
    let (md, js, html) = (dir.join("m.md"), dir.join("m.json"), dir.join("m.html"));
    let args = [
        "matrix",
        &engines.to_string_lossy(),
        "spec/english/setup.yaml",
        "--markdown",
        &md.to_string_lossy(),
        "--json",
        &js.to_string_lossy(),
        "--html",
        &html.to_string_lossy(),
    ]
    .map(|a| a.to_string());
    let mut child = start(&args.iter().map(String::as_str).collect::<Vec<_>>());
    wait_for_pids(&mut child, &marker, 1);
    kill(Pid::from_raw(i32::try_from(child.id()).expect("a pid")), Signal::SIGTERM).expect("SIGTERM");
    let o = finish(child);
    assert_eq!(o.code, Some(5), "{}", o.all());
    let text = std::fs::read_to_string(&md).expect("markdown");
    assert!(text.contains("**Incomplete**: stopped by SIGTERM after 7 of 14 scenario runs"), "{text}");
    let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&js).expect("json")).expect("JSON");
    assert_eq!(m["incomplete"]["signal"], "SIGTERM", "{m}");
    assert_eq!(m["incomplete"]["scenarios_run"], 7, "the reference's seven: {m}");
    assert_eq!(m["incomplete"]["scenarios_selected"], 14, "{m}");
    let page = std::fs::read_to_string(&html).expect("html");
    assert!(page.contains("<p id=\"incomplete\" class=\"error\">incomplete: stopped by SIGTERM"), "{page}");
    assert_eq!(left_running(&pids_in(&marker)), Vec::<i32>::new(), "the hanging engine was left running");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A worker of a split matrix stopped by SIGTERM while its engine hangs:
/// its part says so and it exits 5; the merge writes the matrix marked
/// incomplete, as a whole run stopped there would be, and exits 5 too.
#[test]
fn a_stopped_part_makes_an_incomplete_merged_matrix() {
    let dir = temp_dir("matrix-part-stop");
    let (marker, engines) = hanging_engines(&dir);
    let engines = engines.to_string_lossy().into_owned();
    let part = |i: usize| dir.join(format!("part-{i}.json")).to_string_lossy().into_owned();
    let (p0, p1) = (part(0), part(1));
    // Two engines of seven scenarios over two workers: the reference's
    // cells are part 0, the hanging engine's part 1.
    let args = |i: &'static str, to: &str| {
        ["matrix", &engines, "spec/english/setup.yaml", "--index", i, "--count", "2", "--part", to].map(str::to_string)
    };
    let o = rulecheck_within(&args("0", &p0).iter().map(String::as_str).collect::<Vec<_>>(), HANG);
    assert_eq!(o.code, Some(0), "{}", o.all());
    let mut child = start(&args("1", &p1).iter().map(String::as_str).collect::<Vec<_>>());
    wait_for_pids(&mut child, &marker, 1);
    kill(Pid::from_raw(i32::try_from(child.id()).expect("a pid")), Signal::SIGTERM).expect("SIGTERM");
    let o = finish(child);
    assert_eq!(o.code, Some(5), "{}", o.all());
    let p: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&p1).expect("part")).expect("JSON");
    assert_eq!(p["incomplete"], "SIGTERM", "{p}");
    let o = rulecheck_within(&["matrix", "merge", &p0, &p1], HANG);
    assert_eq!(o.code, Some(5), "{}", o.all());
    assert!(o.stdout.contains("**Incomplete**: stopped by SIGTERM after 7 of 14 scenario runs"), "{}", o.all());
    assert!(o.stderr.contains("a part was stopped by SIGTERM"), "{}", o.all());
    assert_eq!(left_running(&pids_in(&marker)), Vec::<i32>::new(), "the hanging engine was left running");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine that answers every scenario with a reason of 3 MB and 40 KB
/// of standard error: the report keeps a few kilobytes of each, and says
/// what was cut.
#[test]
fn what_an_engine_writes_is_kept_up_to_a_bound_that_the_report_states() {
    let o =
        rulecheck_within(&["run", "--engine", &faulty("huge"), "--format", "json", "spec/english/setup.yaml"], HANG);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    assert_eq!(o.code, Some(4), "every scenario is skipped:\n{}", short(&o.all()));
    assert!(o.stdout.len() < 400_000, "the report keeps {} bytes", o.stdout.len());
    let report = o.json();
    let scenarios = report["scenarios"].as_array().expect("scenarios");
    assert_eq!(scenarios.len(), 7);
    for s in scenarios {
        let why = s["skipped"].as_str().unwrap_or_default();
        assert!(why.ends_with("[cut: 3145728 bytes in all, the first 4096 kept]"), "{}", short(why));
        let err = s["stderr"].as_str().unwrap_or_default();
        assert!(err.len() <= 20 * 1024, "{} bytes of stderr kept", err.len());
    }
    // 280 KB were written to standard error; what was cut is said.
    let cut = |s: &serde_json::Value| {
        s["stderr"].as_str().unwrap_or_default().contains("bytes of standard error cut: the last 16384 kept]")
    };
    assert!(scenarios.iter().any(cut), "{}", short(&o.stdout));
}

/// The first thousand characters of a text, for a message.
fn short(text: &str) -> String {
    text.chars().take(1000).collect()
}

/// rulecheck with too few file descriptors to open an engine's pipes: that
/// is rulecheck's own failure, reported (the JSON report is written, marked
/// incomplete with the reason), not an engine that cannot start, and no
/// panic.
#[test]
fn rulecheck_out_of_file_descriptors_is_its_own_failure() {
    let bin = env!("CARGO_BIN_EXE_rulecheck");
    let script = "ulimit -n 7 && exec \"$0\" \"$@\"";
    let out = Command::new("sh")
        .args(["-c", script, bin, "run", "--engine", &faulty("crash"), "--format", "json", "spec/english/setup.yaml"])
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let o = Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    assert_eq!(o.code, Some(5), "{}", o.all());
    assert!(!o.stderr.contains("error: engine"), "the engine is blamed:\n{}", o.all());
    let report = o.json();
    let message = report["incomplete"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("stopped by rulecheck's own failure (cannot start"), "{}", o.all());
    assert!(message.contains("Too many open files"), "{}", o.all());
    assert!(report["engine_error"].is_null(), "{}", o.all());
}

/// An engine that crashes at its first request and then fails to start:
/// started twice in all, not once per scenario, and every scenario after
/// the crash is an engine error saying why.
#[test]
fn an_engine_that_fails_to_start_again_is_not_started_for_every_scenario() {
    let dir = temp_dir("second-start");
    let starts = dir.join("starts");
    let o = rulecheck_within(
        &[
            "run",
            "--engine",
            &faulty(&format!("second-start {}", starts.display())),
            "--format",
            "json",
            "spec/english/setup.yaml",
        ],
        HANG,
    );
    assert_eq!(o.code, Some(3), "{}", o.all());
    assert_eq!(std::fs::read_to_string(&starts).expect("starts").trim(), "2", "{}", o.all());
    let report = o.json();
    let scenarios = report["scenarios"].as_array().expect("scenarios");
    assert_eq!(scenarios.len(), 7);
    assert!(scenarios.iter().all(|s| s["outcome"] == "error"), "{}", o.stdout);
    for s in &scenarios[2..] {
        let detail = s["failures"][0]["detail"].as_str().unwrap_or_default();
        assert!(detail.contains("it is not started again for the rest of the run"), "{detail}");
        assert!(detail.contains("exit status: 1"), "the first failure to start is named: {detail}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine that answers everything but never a perft: the perft request
/// has its own limit (on the command line and in a config file), short
/// here while the other requests' is long.
#[test]
fn perft_has_a_time_limit_of_its_own() {
    let dir = temp_dir("perft-limit");
    let engine = format!("python3 fixtures/engines/rewrite.py hang-perft {} serve", env!("CARGO_BIN_EXE_rulecheck"));
    let id = "spec/english/setup.yaml::the start position has seven black moves and the known perft counts";
    let o = rulecheck_within(
        &["run", "--engine", &engine, "--timeout", "100", "--perft-timeout", "1", "--format", "json", id],
        HANG,
    );
    let check = |o: &Outcome| {
        assert_eq!(o.code, Some(3), "{}", o.all());
        let report = o.json();
        let detail = report["scenarios"][0]["failures"][0]["detail"].as_str().unwrap_or_default().to_string();
        assert!(detail.contains("no answer within 1.0s"), "{detail}");
        assert!(
            detail.contains("the perft limit: --perft-timeout, or perft-timeout in an engine config file"),
            "{detail}"
        );
        assert!(detail.contains("perft"), "{detail}");
    };
    check(&o);
    let config = dir.join("engine.yaml");
    std::fs::write(
        &config,
        format!(
            "command: python3\nargs: [{ROOT}/fixtures/engines/rewrite.py, hang-perft, {}, serve]\ntimeout: 100\nperft-timeout: 1\n",
            env!("CARGO_BIN_EXE_rulecheck")
        ),
    )
    .expect("config");
    let o = rulecheck_within(&["run", "--engine-config", &config.to_string_lossy(), "--format", "json", id], HANG);
    check(&o);
    let _ = std::fs::remove_dir_all(&dir);
}

/// rulecheck that may start no thread and no process (run as an
/// unprivileged user with its process limit at one, as a loaded machine or
/// a container's pids limit leaves it): with the reference, the worker
/// threads it cannot start are not needed and the run passes on the one
/// thread it has; with an engine it cannot start, the failure is
/// rulecheck's own, reported with the report written, not the engine's.
/// Root is needed to drop to the other user, so elsewhere this says why
/// and checks nothing.
#[test]
fn rulecheck_that_can_start_no_thread_or_process_says_so() {
    use std::os::unix::process::CommandExt as _;
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: dropping to another user, whose process limit is kept, needs root");
        return;
    }
    let limited = |args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_rulecheck"));
        cmd.args(args).current_dir(ROOT).stdin(Stdio::null()).uid(65534).gid(65534);
        // SAFETY: setrlimit is async-signal-safe; nothing is allocated.
        unsafe {
            cmd.pre_exec(|| {
                let one = libc::rlimit { rlim_cur: 1, rlim_max: 1 };
                if libc::setrlimit(libc::RLIMIT_NPROC, &one) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
        let out = cmd.output().expect("rulecheck starts");
        Outcome {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    };
    let o = limited(&["run", "--jobs", "4", "--format", "json", "spec/english/setup.yaml"]);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    assert_eq!(o.code, Some(0), "no worker thread is needed:\n{}", o.all());
    assert!(o.json()["totals"]["passed"].as_u64().unwrap_or(0) > 0, "{}", o.all());
    let o = limited(&["run", "--engine", &faulty("crash"), "--format", "json", "spec/english/setup.yaml"]);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    assert_eq!(o.code, Some(5), "{}", o.all());
    let report = o.json();
    let message = report["incomplete"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("stopped by rulecheck's own failure (cannot start"), "{}", o.all());
    assert!(report["engine_error"].is_null(), "the engine is blamed:\n{}", o.all());
}
