//! The book's path for an engine author, followed as it is written: the
//! engine config file and the CI job's command are taken from the book's
//! pages themselves (`docs/src/engine/running.md` and `ci.md`), so that the
//! book cannot drift from what works. An engine with a bug (the reference
//! served with one rule changed, behind the command name the book uses)
//! goes from its first smoke test to a CI job that passes on a committed
//! list of known failures, and fails again once the engine changes.

use std::path::{Path, PathBuf};
use std::process::Command;

// Only the repository root is taken from the shared support: every step
// here runs through a shell, as a CI job would.
use crate::support::docs::{block_after, page};
use crate::support::process;
use process::ROOT;

/// A shell command run in `dir`, its exit code and output.
fn sh(dir: &Path, command: &str) -> (Option<i32>, String) {
    let o = Command::new("sh").arg("-c").arg(command).current_dir(dir).output().expect("sh runs");
    let all = format!("$ {command}\n{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    (o.status.code(), all)
}

/// A directory laid out as the book's CI job has it: the engine's own
/// checkout, with rulecheck's beside it in `rulecheck/`, and the engine
/// built as `./target/release/my-engine`, here the reference served with
/// `deviation` (ignoring the `--protocol` flag the book passes).
fn engine_checkout(name: &str, deviation: &str) -> PathBuf {
    let dir = Path::new(ROOT).join("target").join("walkthrough").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).expect("dir");
    let engine = dir.join("target/release/my-engine");
    let serve = format!("#!/bin/sh\nexec '{}' serve --deviate {deviation}\n", env!("CARGO_BIN_EXE_rulecheck"));
    std::fs::write(&engine, serve).expect("engine");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        std::os::unix::fs::symlink(ROOT, dir.join("rulecheck")).expect("rulecheck beside the engine");
    }
    dir
}

/// The book's `rulecheck` as this build's binary.
fn local(command: &str) -> String {
    let bin = format!("'{}'", env!("CARGO_BIN_EXE_rulecheck"));
    command.strip_prefix("rulecheck ").map(|rest| format!("{bin} {rest}")).expect("a rulecheck command")
}

#[cfg(unix)]
#[test]
fn from_the_first_smoke_test_to_a_green_ci_job_as_the_book_says() {
    let dir = engine_checkout("author", "men-move-backward");

    // Smoke first: the handshake is right, and the check names what it asks.
    let smoke = local("rulecheck smoke --engine './target/release/my-engine --protocol'");
    let (code, out) = sh(&dir, &smoke);
    assert!(matches!(code, Some(0) | Some(1)), "{out}");
    assert!(out.contains("ok    hello: "), "{out}");

    // The config file, as the book gives it.
    let config =
        block_after(&page("engine/running.md"), "a\nbare command name (`python3`) is looked up on `PATH`", "yaml");
    assert!(config.contains("command: ./target/release/my-engine"), "{config}");
    std::fs::write(dir.join("my-engine.yaml"), &config).expect("config");

    // The CI job's command, as the book gives it: red, the engine's bug
    // shows.
    let job = block_after(&page("engine/ci.md"), "From source instead, a GitHub Actions job", "yaml");
    let ci = job
        .lines()
        .find_map(|l| l.trim().strip_prefix("- run: ").filter(|c| c.starts_with("rulecheck run ")))
        .expect("the job runs rulecheck");
    let (code, out) = sh(&dir, &local(ci));
    assert_eq!(code, Some(1), "the bug fails the job:\n{out}");
    let xml = std::fs::read_to_string(dir.join("rulecheck.xml")).expect("the JUnit report");
    assert!(xml.contains("<failure"), "{xml}");

    // The known failures, written by --bless to the file the config names;
    // the run is then judged against the list it wrote.
    let (code, out) = sh(&dir, &format!("{} --bless known-failures.txt", local(ci).replace(" > rulecheck.xml", "")));
    assert_eq!(code, Some(0), "{out}");
    let list = std::fs::read_to_string(dir.join("known-failures.txt")).expect("the list");
    assert!(list.lines().any(|l| l.starts_with("spec/english/")), "{list}");

    // Green with the committed list, by the config file and on the command
    // line, and from another directory too (ids do not depend on the path).
    let (code, out) = sh(&dir, &local("rulecheck run rulecheck/spec --engine-config my-engine.yaml"));
    assert_eq!(code, Some(0), "the config's list makes the job green:\n{out}");
    let (code, out) = sh(&dir, &format!("{} --expected-failures known-failures.txt", local(ci)));
    assert_eq!(code, Some(0), "{out}");
    let xml = std::fs::read_to_string(dir.join("rulecheck.xml")).expect("the JUnit report");
    assert!(!xml.contains("<failure") && !xml.contains("<error"), "{xml}");
    std::fs::create_dir_all(dir.join("elsewhere")).expect("dir");
    let (code, out) = sh(
        &dir.join("elsewhere"),
        &local("rulecheck run ../rulecheck/spec --engine '../target/release/my-engine' --expected-failures ../known-failures.txt"),
    );
    assert_eq!(code, Some(0), "{out}");
    // With no path where there is no spec/, the built-in spec runs, and
    // the list written against the checkout's holds for it.
    let (code, out) = sh(
        &dir.join("elsewhere"),
        &local("rulecheck run --engine '../target/release/my-engine' --expected-failures ../known-failures.txt"),
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("reading the built-in spec"), "{out}");

    // The engine changes: a new bug fails the job again.
    let changed = engine_checkout("author-changed", "flying-kings-flipped");
    std::fs::copy(dir.join("known-failures.txt"), changed.join("known-failures.txt")).expect("the list");
    let (code, out) = sh(&changed, &format!("{} --expected-failures known-failures.txt", local(ci)));
    assert_eq!(code, Some(1), "a new failure is not hidden by the list:\n{out}");
}
