//! Output files (`--report`, `--bless`, `matrix --markdown/--json/--html`,
//! `fuzz --out`) as a user meets them: a report replaces the old file
//! whole, a device, a FIFO or `/dev/stdout` is written through, a symbolic
//! link is kept and its target replaced, an output that is an input of the
//! run is refused before the run, an output that cannot be written is found
//! before the run, and `--bless` keeps the entries of a file it could not
//! judge.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::support::process;
use process::{file_and_link, rulecheck, rulecheck_in, Outcome, ROOT};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_rulecheck")
}

fn copy_in(dir: &Path, from: &str, name: &str) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(Path::new(ROOT).join(from), &to).expect("copy");
    to
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// `args`, run in `dir`, are refused as bad input for an output that is an
/// input of the run, and leave that input, `input`, as it was: what the run
/// printed.
fn refused_over(input: &Path, dir: &Path, args: &[&str]) -> Outcome {
    let before = std::fs::read_to_string(input).expect("read");
    let o = rulecheck_in(dir, args, 120).bad_input();
    o.stderr_has("an input of this run");
    assert_eq!(std::fs::read_to_string(input).expect("read"), before);
    o
}

/// A report replaces the old one by renaming a finished file over it: a
/// second link to the old report keeps the old text, which writing over
/// the file in place would have changed (and a kill or a full disk in the
/// middle would have left half written).
#[test]
fn the_html_report_replaces_the_old_one_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (report, link) = file_and_link(dir.path(), "report.html", "old report");
    rulecheck(&["run", "fixtures/good/minimal.yaml", "--report", &s(&report)]).ok();
    assert!(std::fs::read_to_string(&report).expect("report").contains("<html"), "a new report");
    assert_eq!(std::fs::read_to_string(&link).expect("old"), "old report");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "no temporary file is left: {names:?}");
}

#[cfg(unix)]
#[test]
fn a_report_to_a_fifo_reaches_its_reader_and_the_fifo_stays() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("report.pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let (send, got) = std::sync::mpsc::channel();
    {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let _ = send.send(std::fs::read_to_string(fifo).map_err(|e| e.to_string()));
        });
    }
    let o = rulecheck(&["run", "fixtures/good/minimal.yaml", "--report", &s(&fifo)]).ok();
    // A generous guard: the reader has its text as soon as the run ends,
    // and never would if the FIFO had been replaced.
    let text = got.recv_timeout(Duration::from_secs(60)).expect("the reader got the report").expect("read");
    assert!(text.contains("<html"), "{}", o.all());
    assert!(std::fs::symlink_metadata(&fifo).expect("fifo").file_type().is_fifo(), "still a FIFO");
}

#[cfg(unix)]
#[test]
fn a_report_to_dev_stdout_is_printed() {
    // The binary's standard output is a pipe here: /dev/stdout leads to it.
    let o = rulecheck(&["run", "fixtures/good/minimal.yaml", "--report", "/dev/stdout"]).ok();
    assert!(o.stdout.contains("<!DOCTYPE html>") && o.stdout.contains("</html>"), "{}", o.all());
    assert!(o.stdout.contains("1 file, 1 scenario"), "the report as well: {}", o.all());
}

#[cfg(unix)]
#[test]
fn a_report_through_a_link_keeps_the_link() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("reports")).expect("dir");
    let target = dir.path().join("reports/2026.html");
    std::fs::write(&target, "old").expect("write");
    let link = dir.path().join("latest.html");
    std::os::unix::fs::symlink("reports/2026.html", &link).expect("symlink");
    rulecheck(&["run", "fixtures/good/minimal.yaml", "--report", &s(&link)]).ok();
    assert!(std::fs::symlink_metadata(&link).expect("link").file_type().is_symlink(), "still a link");
    assert!(std::fs::read_to_string(&target).expect("target").contains("<html"), "the target has the report");
    // The matrix's outputs go the same way.
    let md = dir.path().join("matrix.md");
    std::os::unix::fs::symlink("reports/matrix.md", &md).expect("symlink");
    let engines = dir.path().join("engines.yaml");
    std::fs::write(&engines, "engines:\n  - builtin: reference\n").expect("engines");
    rulecheck(&["matrix", &s(&engines), "fixtures/good/minimal.yaml", "--markdown", &s(&md)]).ok();
    assert!(std::fs::symlink_metadata(&md).expect("link").file_type().is_symlink(), "still a link");
    let text = std::fs::read_to_string(dir.path().join("reports/matrix.md")).expect("target");
    assert!(text.starts_with("# Conformance matrix"), "{text}");
}

/// Neither the report nor `--bless` writes over an input of the run: a
/// scenario file, the engine's config, or the engine's own program.
#[test]
fn the_report_and_bless_never_overwrite_the_scenario_file_or_the_engine_config() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = copy_in(dir.path(), "fixtures/good/minimal.yaml", "minimal.yaml");
    let o = refused_over(&scenario, dir.path(), &["run", ".", "--report", "minimal.yaml"]);
    o.stderr_has("--report minimal.yaml: that is ");
    let o = refused_over(&scenario, dir.path(), &["run", "minimal.yaml", "--bless", "minimal.yaml"]);
    o.stderr_has("--bless minimal.yaml: that is ");
    assert_eq!(o.stdout, "", "refused before the run: {}", o.all());
    let config = dir.path().join("engine.yaml");
    std::fs::write(&config, format!("command: {}\nargs: [serve]\n", bin())).expect("config");
    let args = ["run", "--engine-config", "engine.yaml", "minimal.yaml", "--bless", "./engine.yaml"];
    refused_over(&config, dir.path(), &args);
    // Nor the engine's own program, named as an argument of its command.
    let script = copy_in(dir.path(), "fixtures/engines/rewrite.py", "adapter.py");
    let engine = format!("python3 {} twice {} serve", s(&script), bin());
    refused_over(&script, dir.path(), &["run", "--engine", &engine, "minimal.yaml", "--report", "adapter.py"]);
    // Nor may two outputs be one file.
    let o = rulecheck_in(dir.path(), &["run", "minimal.yaml", "--bless", "out.txt", "--report", "out.txt"], 120)
        .bad_input();
    o.stderr_has("writes that file too");
}

#[test]
fn the_report_never_overwrites_a_catalog_page() {
    let dir = tempfile::tempdir().expect("temp dir");
    let catalog = dir.path().join("catalog");
    std::fs::create_dir(&catalog).expect("dir");
    let page = copy_in(&catalog, "spec/rules/english.yaml", "english.yaml");
    let args = ["--catalog", &s(&catalog), "run", "fixtures/good/minimal.yaml", "--report", &s(&page)];
    refused_over(&page, Path::new(ROOT), &args);
}

#[test]
fn an_output_that_cannot_be_written_is_refused_before_the_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let nowhere = s(&dir.path().join("no-such-dir/report.html"));
    let o = rulecheck(&["run", "fixtures/good/minimal.yaml", "--report", &nowhere]).bad_input();
    assert!(o.stderr.contains("--report ") && o.stderr.contains("does not exist"), "{}", o.all());
    assert_eq!(o.stdout, "", "nothing ran: {}", o.all());
    let o = rulecheck(&["run", "fixtures/good/minimal.yaml", "--bless", &nowhere]).bad_input();
    o.stderr_has("--bless ");
    assert_eq!(o.stdout, "", "nothing ran: {}", o.all());
    let engines = dir.path().join("engines.yaml");
    std::fs::write(&engines, "engines:\n  - builtin: reference\n").expect("engines");
    let o = rulecheck(&["matrix", &s(&engines), "fixtures/good/minimal.yaml", "--json", &nowhere]).bad_input();
    o.stderr_has("--json ");
    let o = rulecheck(&["run", "fixtures/good/minimal.yaml", "--report", &s(dir.path())]).bad_input();
    o.stderr_has("it is a directory");
    assert_eq!(o.stdout, "", "nothing ran: {}", o.all());
    // A directory no file can be made in, even by root (a test run as root
    // passes a directory's mode bits by).
    if cfg!(target_os = "linux") {
        let o =
            rulecheck(&["run", "fixtures/good/minimal.yaml", "--report", "/proc/rulecheck-report.html"]).bad_input();
        o.stderr_has("no file can be made in /proc");
        assert_eq!(o.stdout, "", "nothing ran: {}", o.all());
    }
    // fuzz says so before its games, not after them.
    let o = rulecheck(&["fuzz", "english", "--engine", &format!("{} serve", bin()), "--games", "1", "--out", &nowhere])
        .bad_input();
    assert!(o.stderr.contains("--out ") && o.stderr.contains("does not exist"), "{}", o.all());
}

/// A file with an input error keeps its entries in a blessed list: the run
/// could not judge its scenarios, so it has nothing to say against them.
#[test]
fn bless_keeps_the_entries_of_a_file_with_an_input_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_in(dir.path(), "spec/english/kings.yaml", "kings.yaml");
    let other = copy_in(dir.path(), "spec/english/kings.yaml", "other.yaml");
    let engine = format!("{} serve --deviate flying-kings-flipped", bin());
    rulecheck_in(dir.path(), &["run", "--engine", &engine, ".", "--bless", "known.txt"], 120).exits(0);
    let first = std::fs::read_to_string(dir.path().join("known.txt")).expect("list");
    let of_other: Vec<&str> = first.lines().filter(|l| l.contains("other.yaml::")).collect();
    assert!(!of_other.is_empty(), "{first}");
    let text = std::fs::read_to_string(&other).expect("read");
    std::fs::write(&other, text.replacen("variant: english", "variant: no-such-variant", 1)).expect("break");
    let o = rulecheck_in(dir.path(), &["run", "--engine", &engine, ".", "--bless", "known.txt"], 120);
    assert_eq!(o.code, Some(2), "an input error: {}", o.all());
    let second = std::fs::read_to_string(dir.path().join("known.txt")).expect("list");
    for line in &of_other {
        assert!(second.lines().any(|l| l == *line), "{line} was dropped:\n{second}");
    }
    assert!(second.lines().any(|l| l.contains("kings.yaml::")), "{second}");
}

/// The matrix refuses, before running any engine, an output that is an
/// engine's script or its engines file.
#[test]
fn the_matrix_never_overwrites_an_engine_script_or_its_engines_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = copy_in(dir.path(), "fixtures/engines/rewrite.py", "adapter.py");
    let program = std::fs::read_to_string(&script).expect("read");
    let engines = dir.path().join("engines.yaml");
    let text = format!(
        "engines:\n  - name: wrapped\n    command: python3\n    args: [{}, twice, {}, serve]\n",
        s(&script),
        bin()
    );
    std::fs::write(&engines, &text).expect("engines");
    for output in [&script, &engines] {
        let o =
            rulecheck(&["matrix", &s(&engines), "fixtures/good/minimal.yaml", "--markdown", &s(output)]).bad_input();
        o.stderr_has("an input of this matrix");
    }
    assert_eq!(std::fs::read_to_string(&script).expect("read"), program);
    assert_eq!(std::fs::read_to_string(&engines).expect("read"), text);
}
