//! The GitHub Action (action.yml) run here as a runner would run it: its
//! `run:` steps, in order, with bash as GitHub starts it (`--noprofile
//! --norc -eo pipefail`), the runner's files and variables set
//! (GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_PATH, RUNNER_TEMP, ...) and
//! each step's `env` given the test's inputs. Its `uses:` steps (Python,
//! the pip cache) are the runner's and are left out; the install step
//! installs the wheel that `wheel` builds, given as the `wheel` input.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::adapters::{say, show};
use crate::support::process::ROOT;
use crate::wheel::wheel;

fn action() -> serde_json::Value {
    let text = std::fs::read_to_string(Path::new(ROOT).join("action.yml")).expect("action.yml");
    serde_saphyr::from_str(&text).expect("action.yml parses as YAML")
}

#[test]
fn the_action_declares_its_inputs_and_is_composite() {
    let a = action();
    for input in ["engine", "variant", "paths", "expected-failures", "version", "wheel"] {
        assert!(a["inputs"][input]["description"].is_string(), "input {input}: {}", a["inputs"]);
    }
    assert_eq!(a["inputs"]["engine"]["required"], true);
    for output in ["junit", "summary", "exit-code"] {
        assert!(a["outputs"][output]["value"].is_string(), "output {output}");
    }
    assert_eq!(a["runs"]["using"], "composite");
    let steps = a["runs"]["steps"].as_array().expect("steps");
    let uses: Vec<&str> = steps.iter().filter_map(|s| s["uses"].as_str()).collect();
    assert!(uses.iter().any(|u| u.starts_with("actions/setup-python@")), "{uses:?}");
    assert!(uses.iter().any(|u| u.starts_with("actions/cache@")), "{uses:?}");
    for s in steps.iter().filter(|s| s["run"].is_string()) {
        assert_eq!(s["shell"], "bash", "a composite step names its shell: {s}");
    }
}

/// A step's value with the test's inputs and the runner's contexts put in
/// for `${{ inputs.NAME }}` and `${{ runner.temp }}`.
fn expand(value: &str, inputs: &BTreeMap<&str, String>, temp: &Path) -> String {
    let mut out = value.replace("${{ runner.temp }}", &temp.to_string_lossy());
    for (name, v) in inputs {
        out = out.replace(&format!("${{{{ inputs.{name} }}}}"), v);
    }
    assert!(!out.contains("${{"), "an expression the test does not know: {out}");
    out
}

/// What running the action's steps left: each `run:` step's name, exit
/// code and output, in order; the step outputs (GITHUB_OUTPUT); and the
/// job's summary (GITHUB_STEP_SUMMARY).
pub(crate) struct Ran {
    pub(crate) steps: Vec<(String, Option<i32>, String)>,
    pub(crate) outputs: BTreeMap<String, String>,
    pub(crate) summary: String,
}

/// The action's `run:` steps, in order, as a runner runs them: in a
/// runner directory under `dir`, with the workspace `work`, the given
/// inputs, and `env` added to every step (pip's settings, say).
pub(crate) fn run_steps(dir: &Path, work: &Path, inputs: &BTreeMap<&str, String>, env: &[(&str, String)]) -> Ran {
    let runner = dir.join("runner");
    std::fs::create_dir_all(&runner).expect("RUNNER_TEMP");
    let files: BTreeMap<&str, std::path::PathBuf> =
        ["GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_ENV"]
            .into_iter()
            .map(|name| (name, runner.join(name.to_lowercase())))
            .collect();
    for file in files.values() {
        std::fs::write(file, "").expect("a runner file");
    }
    std::fs::write(&files["GITHUB_STEP_SUMMARY"], "an earlier step's summary\n").expect("the step summary");
    let a = action();
    let mut added_path: Vec<String> = Vec::new();
    let mut steps = Vec::new();
    for step in a["runs"]["steps"].as_array().expect("steps").iter().filter(|s| s["run"].is_string()) {
        let script = runner.join("step.sh");
        std::fs::write(&script, step["run"].as_str().expect("run")).expect("the step's script");
        let cwd = step["working-directory"].as_str().map_or(work.to_path_buf(), |d| expand(d, inputs, &runner).into());
        let mut path: Vec<std::path::PathBuf> = added_path.iter().rev().map(Into::into).collect();
        path.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()));
        let mut cmd = Command::new("bash");
        cmd.args(["--noprofile", "--norc", "-eo", "pipefail"])
            .arg(&script)
            .current_dir(&cwd)
            .envs(files.iter().map(|(k, v)| (*k, v)))
            .env("RUNNER_TEMP", &runner)
            .env("RUNNER_OS", "Linux")
            .env("GITHUB_ACTION_PATH", ROOT)
            .env("GITHUB_WORKSPACE", work)
            .env("CI", "true")
            .env("PATH", std::env::join_paths(path).expect("PATH"))
            .envs(env.iter().map(|(k, v)| (*k, v)))
            .env_remove("PYTHONPATH");
        if let Some(step_env) = step["env"].as_object() {
            for (k, v) in step_env {
                cmd.env(k, expand(v.as_str().unwrap_or_default(), inputs, &runner));
            }
        }
        let started = std::time::Instant::now();
        let out = cmd.output().expect("bash runs");
        let name = step["name"].as_str().unwrap_or("?").to_string();
        say(&format!("action: step '{name}' took {:.1}s", started.elapsed().as_secs_f64()));
        steps.push((name, out.status.code(), show(&out)));
        added_path =
            std::fs::read_to_string(&files["GITHUB_PATH"]).expect("GITHUB_PATH").lines().map(str::to_string).collect();
    }
    let outputs = std::fs::read_to_string(&files["GITHUB_OUTPUT"]).expect("GITHUB_OUTPUT");
    let outputs =
        outputs.lines().filter_map(|l| l.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let summary = std::fs::read_to_string(&files["GITHUB_STEP_SUMMARY"]).expect("the step summary");
    Ran { steps, outputs, summary }
}

#[test]
fn the_actions_steps_install_the_wheel_run_the_spec_and_write_the_summary() {
    let Some(wheel) = wheel() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let work = dir.path().join("work");
    std::fs::create_dir_all(&work).expect("the workspace");
    std::fs::copy(Path::new(ROOT).join("fixtures/engines/little_english.py"), work.join("my_adapter.py"))
        .expect("copy the adapter");
    let listed = "spec/english/draws.yaml::kings shuffling back to the starting position for the third time draw";
    std::fs::write(work.join("known.txt"), format!("{listed}\n")).expect("the expected-failures list");
    let inputs: BTreeMap<&str, String> = [
        ("engine", "python3 my_adapter.py".to_string()),
        ("variant", "english".to_string()),
        // The spec's English files, named by their path in this repository.
        ("paths", format!("{ROOT}/spec/english/draws.yaml {ROOT}/spec/english/kings.yaml")),
        ("expected-failures", "known.txt".to_string()),
        ("version", String::new()),
        ("wheel", wheel.to_string_lossy().into_owned()),
        ("args", "--jobs 2".to_string()),
        ("working-directory", work.to_string_lossy().into_owned()),
    ]
    .into_iter()
    .collect();
    let ran = run_steps(dir.path(), &work, &inputs, &[("PIP_NO_INDEX", "1".to_string())]);
    let [(install, installed, install_out), (run, code, run_out)] = &ran.steps[..] else {
        panic!("two run steps: {:?}", ran.steps)
    };
    assert_eq!((install.as_str(), *installed), ("Install rulecheck", Some(0)), "{install_out}");
    assert!(install_out.contains(&format!("rulecheck {}", env!("CARGO_PKG_VERSION"))), "{install_out}");
    // The engine knows no draw: failures off the list fail the step.
    assert_eq!((run.as_str(), *code), ("Run the spec", Some(1)), "{run_out}");
    assert_eq!(ran.outputs.get("exit-code").map(String::as_str), Some("1"), "{:?}", ran.outputs);
    let junit = std::fs::read_to_string(&ran.outputs["junit"]).expect("the JUnit report");
    let doc = roxmltree::Document::parse(&junit).unwrap_or_else(|e| panic!("not XML: {e}\n{junit}"));
    assert!(doc.descendants().any(|n| n.has_tag_name("failure")), "{junit}");
    let summary = &ran.summary;
    assert!(
        summary.starts_with("an earlier step's summary\n## rulecheck: python3 my\\_adapter.py: failed\n"),
        "{summary}"
    );
    for part in [
        "| passed | 16 |",
        "| expected failures | 1 |",
        "### Failures by clause",
        "#### `english.draw.repetition` (2 scenarios)",
        "> The game is drawn when the same position occurs for the third time.",
        "### Expected failures by clause",
        "### Skipped, by reason",
        "this engine keeps no counters",
    ] {
        assert!(summary.contains(part), "the summary says {part:?}:\n{summary}");
    }
    assert!(run_out.contains("### Failures by clause"), "the log shows the summary too: {run_out}");
}
