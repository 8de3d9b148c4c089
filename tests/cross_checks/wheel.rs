//! `pip install rulecheck` as an engine author meets it: the wheel built
//! with maturin (pinned in python/constraints.txt, installed once into
//! target/python-tools/) from pyproject.toml, into cargo's own target
//! directory, so that after the test build it only links and packs;
//! installed into a fresh virtual environment; and, in an empty directory,
//! `rulecheck smoke` and `rulecheck run` against a Python engine that
//! imports `rulecheck.protocol` from the wheel
//! (fixtures/engines/little_english.py).
//!
//! Skipped with a message where `python3 -m venv` or PyPI cannot be had,
//! except under `CI`, where it must run. The action's test (`action`)
//! installs the same wheel.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

use crate::adapters::{have, missing, output, say, show, target_dir};
use crate::support::process::ROOT;

const CONSTRAINTS: &str = "python/constraints.txt";

/// maturin in its own virtual environment under target/python-tools/,
/// installed unless it is there with the current pin.
fn maturin() -> Option<PathBuf> {
    let dir = target_dir().join("python-tools").join("maturin");
    let bin = dir.join("bin").join("maturin");
    let marker = dir.join("rulecheck-constraints.txt");
    let pins = std::fs::read_to_string(Path::new(ROOT).join(CONSTRAINTS)).expect("the constraints file");
    if bin.exists() && std::fs::read_to_string(&marker).ok().as_deref() == Some(pins.as_str()) {
        return Some(bin);
    }
    say(&format!("wheel: installing maturin ({CONSTRAINTS}) into {} (once)", dir.display()));
    let created = output(Command::new("python3").args(["-m", "venv", "--clear"]).arg(&dir)).expect("python3 runs");
    if !created.status.success() {
        return missing(&format!("`python3 -m venv` cannot create an environment:\n{}", show(&created)))
            .map(|()| bin.clone());
    }
    let installed = output(Command::new(dir.join("bin").join("python")).args([
        "-m",
        "pip",
        "install",
        "--disable-pip-version-check",
        "--no-input",
        "-c",
        CONSTRAINTS,
        "maturin",
    ]))
    .expect("the venv's python runs");
    if !installed.status.success() {
        // No network to PyPI: skipped, as a missing tool is.
        return missing(&format!("pip cannot install maturin:\n{}", show(&installed))).map(|()| bin.clone());
    }
    std::fs::write(&marker, pins).expect("write the install marker");
    Some(bin)
}

/// The wheel, built once for the test binary: its path.
pub(crate) fn wheel() -> Option<&'static Path> {
    static WHEEL: OnceLock<Option<PathBuf>> = OnceLock::new();
    WHEEL.get_or_init(build).as_deref()
}

fn build() -> Option<PathBuf> {
    have("python3", &["-m", "venv", "--help"])?;
    let maturin = maturin()?;
    let out = target_dir().join("wheels").join("test");
    let _ = std::fs::remove_dir_all(&out);
    let started = Instant::now();
    let built = output(
        Command::new(&maturin)
            .args(["build", "--release", "--manifest-path", "Cargo.toml", "--out"])
            .arg(&out)
            // The release profile's own directory, where the tests' binary
            // was built: only the link and the packing are left to do.
            .env("CARGO_TARGET_DIR", target_dir()),
    )
    .expect("maturin runs");
    assert!(built.status.success(), "maturin could not build the wheel:\n{}", show(&built));
    say(&format!("wheel: built in {:.1}s", started.elapsed().as_secs_f64()));
    let wheels: Vec<PathBuf> = std::fs::read_dir(&out)
        .expect("the wheel's directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "whl"))
        .collect();
    assert_eq!(wheels.len(), 1, "one wheel: {wheels:?}");
    wheels.into_iter().next()
}

/// A fresh virtual environment in `dir` with the wheel installed from its
/// file (no index): its bin/ directory.
pub(crate) fn install(wheel: &Path, dir: &Path) -> PathBuf {
    let created = output(Command::new("python3").args(["-m", "venv"]).arg(dir)).expect("python3 runs");
    assert!(created.status.success(), "{}", show(&created));
    let bin = dir.join("bin");
    let installed = output(
        Command::new(bin.join("python"))
            .args(["-m", "pip", "install", "--no-index", "--disable-pip-version-check", "--no-input"])
            .arg(wheel),
    )
    .expect("pip runs");
    assert!(installed.status.success(), "pip could not install {}:\n{}", wheel.display(), show(&installed));
    bin
}

/// PATH with the environment's bin/ first, as an activated environment has it.
pub(crate) fn path_with(bin: &Path) -> std::ffi::OsString {
    let mut dirs = vec![bin.to_path_buf()];
    dirs.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()));
    std::env::join_paths(dirs).expect("PATH")
}

#[test]
fn the_wheel_puts_rulecheck_on_path_and_its_protocol_module_serves_an_engine() {
    let Some(wheel) = wheel() else { return };
    let temp = tempfile::tempdir().expect("temp dir");
    let started = Instant::now();
    let bin = install(wheel, &temp.path().join("venv"));
    say(&format!("wheel: installed into a fresh environment in {:.1}s", started.elapsed().as_secs_f64()));
    // The engine author's directory holds their adapter; rulecheck runs in
    // an empty one.
    let mine = temp.path().join("mine");
    std::fs::create_dir(&mine).expect("a directory");
    let adapter = mine.join("my_adapter.py");
    std::fs::copy(Path::new(ROOT).join("fixtures/engines/little_english.py"), &adapter).expect("copy the adapter");
    let empty = temp.path().join("empty");
    std::fs::create_dir(&empty).expect("an empty directory");
    let engine = format!("python3 '{}'", adapter.display());
    let run = |args: &[&str]| {
        let o = Command::new("rulecheck")
            .args(args)
            .current_dir(&empty)
            .env("PATH", path_with(&bin))
            .env_remove("PYTHONPATH")
            .output()
            .expect("the installed rulecheck runs");
        (o.status.code(), format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)))
    };
    let (code, all) = run(&["--version"]);
    assert_eq!(code, Some(0), "{all}");
    assert!(all.starts_with(&format!("rulecheck {}", env!("CARGO_PKG_VERSION"))), "{all}");
    // The helper comes from the wheel, not from this repository.
    let o = Command::new(bin.join("python"))
        .args(["-c", "import rulecheck.protocol as p; print(p.__file__)"])
        .current_dir(&empty)
        .env_remove("PYTHONPATH")
        .output()
        .expect("python runs");
    let file = String::from_utf8_lossy(&o.stdout);
    assert!(file.trim().starts_with(&temp.path().to_string_lossy().into_owned()), "{}", show(&o));
    let (code, all) = run(&["smoke", "--engine", &engine]);
    assert_eq!(code, Some(0), "{all}");
    assert!(all.contains("every check passed"), "{all}");
    let started = Instant::now();
    // The English files of the spec the binary carries: nothing of this
    // repository is at hand in that directory.
    let o = Command::new("rulecheck")
        .args(["run", "--engine", &engine, "spec/english", "--format", "json"])
        .current_dir(&empty)
        .env("PATH", path_with(&bin))
        .env_remove("PYTHONPATH")
        .output()
        .expect("the installed rulecheck runs");
    say(&format!("wheel: the English spec against the adapter took {:.1}s", started.elapsed().as_secs_f64()));
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(stderr.contains("reading the built-in spec"), "{}", show(&o));
    // The engine knows no draw: its draw scenarios fail, the rest pass.
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let all = stdout.into_owned();
    let report: serde_json::Value = serde_json::from_str(&all).unwrap_or_else(|e| panic!("{e}: {all}"));
    let totals = &report["totals"];
    assert_eq!(totals["errors"], 0, "{totals}");
    assert!(totals["passed"].as_u64().is_some_and(|n| n >= 60), "{totals}");
    let failing: Vec<&str> = report["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .filter(|s| s["outcome"] == "fail")
        .flat_map(|s| s["clauses"].as_array().into_iter().flatten().filter_map(|c| c.as_str()))
        .collect();
    assert!(failing.contains(&"english.draw.repetition"), "{failing:?}");
}
