//! The book's route for a Python engine author (`docs/src/engine/ci.md`),
//! followed as it is written, with nothing of this repository at hand but
//! the wheel: the shell lines of its first part run as they stand in a directory
//! holding only the author's adapter (`pip install rulecheck-cli` is
//! answered from the wheel `wheel` builds, by pip's own `PIP_FIND_LINKS`
//! with no index, so the command is not rewritten); then the workflow step
//! the page shows is run through the action's steps (`action`) with the
//! inputs it gives, in that directory with the list the first part wrote.
//! The page's step must be green there and its summary on the job's page.
//!
//! The adapter stands for the author's own: `little_english.py`, written
//! against `rulecheck.protocol` alone, which knows no draw.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::action::run_steps;
use crate::adapters::{say, show};
use crate::support::docs::{block_after, page};
use crate::support::process::ROOT;
use crate::wheel::wheel;

const MARKER: &str = "An engine in Python needs nothing but Python.";

/// The page of the book the route is written on, under docs/src/.
const PAGE: &str = "engine/ci.md";

/// PATH without any directory that holds a `rulecheck`, so that only the
/// environment's can answer.
fn path_without_rulecheck() -> std::ffi::OsString {
    let dirs = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .filter(|d| !d.join("rulecheck").exists())
        .collect::<Vec<_>>();
    std::env::join_paths(dirs).expect("PATH")
}

#[cfg(unix)]
#[test]
fn from_pip_install_to_a_green_action_step_as_the_book_says() {
    let Some(wheel) = wheel() else { return };
    let text = page(PAGE);
    let shell = block_after(&text, MARKER, "sh");
    assert!(shell.contains("pip install rulecheck-cli\n"), "the book installs the wheel's distribution:\n{shell}");
    let temp = tempfile::tempdir().expect("temp dir");
    let mine = temp.path().join("my-engine");
    std::fs::create_dir(&mine).expect("the author's checkout");
    std::fs::copy(Path::new(ROOT).join("fixtures/engines/little_english.py"), mine.join("my_adapter.py"))
        .expect("the adapter");
    let links = wheel.parent().expect("the wheel's directory").to_string_lossy().into_owned();
    let pip = [
        ("PIP_NO_INDEX", "1".to_string()),
        ("PIP_FIND_LINKS", links),
        ("PIP_DISABLE_PIP_VERSION_CHECK", "1".to_string()),
    ];

    // The shell lines, as one script: each must succeed.
    let script = format!("set -e\n{shell}command -v rulecheck\n");
    let o = Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &script])
        .current_dir(&mine)
        .env("PATH", path_without_rulecheck())
        .envs(pip.iter().map(|(k, v)| (*k, v)))
        .env_remove("PYTHONPATH")
        .env_remove("VIRTUAL_ENV")
        .output()
        .expect("bash runs");
    let out = show(&o);
    assert_eq!(o.status.code(), Some(0), "the book's lines run as written:\n{out}");
    assert!(out.contains("every check passed"), "the smoke test passes:\n{out}");
    let stdout = String::from_utf8_lossy(&o.stdout);
    let found = stdout.lines().last().unwrap_or_default();
    assert!(Path::new(found).starts_with(mine.join(".venv")), "rulecheck is the environment's: {found}\n{out}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("reading the built-in spec"), "{out}");
    let list = std::fs::read_to_string(mine.join("rulecheck.expected-failures")).expect("the list the run wrote");
    assert!(list.lines().any(|l| l.starts_with("spec/english/draws.yaml::")), "the engine knows no draw:\n{list}");
    say(&format!("pip walkthrough: {} known failures listed", list.lines().filter(|l| l.starts_with("spec/")).count()));

    // The workflow step, as the book gives it.
    let workflow = block_after(&text, MARKER, "yaml");
    let steps: serde_json::Value = serde_saphyr::from_str(&workflow).expect("the book's workflow is YAML");
    let ours = steps
        .as_array()
        .expect("a list of steps")
        .iter()
        .find(|s| s["uses"].as_str().is_some_and(|u| u.contains("/rulecheck@")))
        .expect("a step uses the rulecheck action");
    let version = env!("CARGO_PKG_VERSION");
    assert!(ours["uses"].as_str().is_some_and(|u| u.ends_with(&format!("@v{version}"))), "{ours}");
    let with = ours["with"].as_object().expect("the step's inputs");
    assert_eq!(with["version"], version, "the book pins this version");
    let mut inputs: BTreeMap<&str, String> = ["variant", "paths", "expected-failures", "version", "wheel", "args"]
        .into_iter()
        .map(|k| (k, String::new()))
        .collect();
    for (k, v) in with {
        let name = inputs.keys().copied().chain(["engine"]).find(|n| n == k).unwrap_or_else(|| panic!("input {k}"));
        inputs.insert(name, v.as_str().expect("a text input").to_string());
    }
    inputs.insert("working-directory", mine.to_string_lossy().into_owned());
    // Nothing of the first part's environment is used: the action installs
    // rulecheck-cli==VERSION afresh, from the same links.
    let ran = run_steps(temp.path(), &mine, &inputs, &pip);
    let [(_, installed, install_out), (_, code, run_out)] = &ran.steps[..] else {
        panic!("two run steps: {:?}", ran.steps)
    };
    assert_eq!(*installed, Some(0), "{install_out}");
    assert!(install_out.contains(&format!("rulecheck {version}")), "{install_out}");
    assert_eq!(*code, Some(0), "the step is green on the committed list:\n{run_out}");
    assert_eq!(ran.outputs.get("exit-code").map(String::as_str), Some("0"), "{:?}", ran.outputs);
    let summary = &ran.summary;
    for part in
        ["## rulecheck: python3 my\\_adapter.py: passed", "| expected failures |", "### Expected failures by clause"]
    {
        assert!(summary.contains(part), "the summary says {part:?}:\n{summary}");
    }
    let junit = std::fs::read_to_string(&ran.outputs["junit"]).expect("the JUnit report");
    assert!(!junit.contains("<failure") && !junit.contains("<error"), "{junit}");
}
