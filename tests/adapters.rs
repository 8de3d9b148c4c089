//! Real third-party rule engines checked through the protocol, each behind
//! its adapter in `fixtures/adapters/`: the draughts libraries pydraughts and
//! py-draughts (both Python, both imported as `draughts`), dame-rs (Rust
//! international draughts with Python bindings) and OpenSpiel (its
//! `checkers` and `chinese_checkers` games). The test installs each library
//! with pip into its own virtual environment under `target/adapters/` (once;
//! reused while `fixtures/adapters/requirements.txt` is unchanged), runs the
//! whole spec against it, and checks that
//!
//! - the run completes with failures and no engine errors (exit 1), except
//!   the adapter's loud refusals of what its library cannot be set up for
//!   (a position it cannot be given, an action it cannot play: an `error`
//!   starting `cannot set up:`; then exit 3),
//! - the scenarios that fail are exactly those listed in
//!   `fixtures/adapters/<library>.expected-failures`, so a change in either
//!   direction (a new failure, or one that now passes) shows here,
//! - a run with that list as `--expected-failures` has nothing failing
//!   (exit 0, or 3 with the refusals alone),
//! - the library's known deviations are caught (py-draughts' American board
//!   makes captures optional: `english.capture.mandatory`).
//!
//! Only a missing `python3 -m venv` skips the test; a failing pip install is
//! a failure. `RULECHECK_BLESS_ADAPTERS=1` rewrites the expected-failures
//! lists from the run instead of comparing.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use rulecheck::catalog::Catalog;
use rulecheck::runner;

#[path = "support/process.rs"]
mod process;
use process::{rulecheck, Outcome, ROOT};

const REQUIREMENTS: &str = "fixtures/adapters/requirements.txt";

struct Adapter {
    /// The venv's directory under target/adapters/ and the expected-failures
    /// file's stem.
    name: &'static str,
    /// The package pip installs (its version pinned in REQUIREMENTS).
    package: &'static str,
    /// The module it installs, whose `__version__` heads a blessed list.
    module: &'static str,
    script: &'static str,
    /// The fewest scenarios that must pass: most of those of its variants.
    min_passed: usize,
}

const PYDRAUGHTS: Adapter = Adapter {
    name: "pydraughts",
    package: "pydraughts",
    module: "draughts",
    script: "fixtures/adapters/pydraughts_adapter.py",
    min_passed: 200,
};
const PY_DRAUGHTS: Adapter = Adapter {
    name: "py-draughts",
    package: "py-draughts",
    module: "draughts",
    script: "fixtures/adapters/py_draughts_adapter.py",
    min_passed: 200,
};
const DAME_RS: Adapter = Adapter {
    name: "dame-rs",
    package: "dame-rs",
    module: "dame",
    script: "fixtures/adapters/dame_adapter.py",
    min_passed: 90,
};
const OPEN_SPIEL: Adapter = Adapter {
    name: "open_spiel",
    package: "open_spiel",
    module: "pyspiel",
    script: "fixtures/adapters/open_spiel_adapter.py",
    min_passed: 20,
};

/// `target/` (or `$CARGO_TARGET_DIR`): two levels above the binary.
fn target_dir() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_rulecheck"));
    bin.parent().and_then(Path::parent).expect("the binary lives in <target>/<profile>/").to_path_buf()
}

fn output(cmd: &mut Command) -> Result<std::process::Output, String> {
    cmd.current_dir(ROOT).output().map_err(|e| format!("cannot run {cmd:?}: {e}"))
}

fn show(out: &std::process::Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The adapter's virtual environment, created and installed if it is not
/// there with the current pins: the path of its Python, or `None` (with a
/// message) when `python3 -m venv` is not available here.
fn venv(a: &Adapter) -> Option<PathBuf> {
    let dir = target_dir().join("adapters").join(a.name);
    let python = dir.join("bin").join("python");
    let marker = dir.join("rulecheck-requirements.txt");
    let pins = std::fs::read_to_string(Path::new(ROOT).join(REQUIREMENTS)).expect("the requirements file");
    if python.exists() && std::fs::read_to_string(&marker).ok().as_deref() == Some(pins.as_str()) {
        return Some(python);
    }
    match output(Command::new("python3").args(["-m", "venv", "--help"])) {
        Ok(out) if out.status.success() => {}
        Ok(out) => {
            eprintln!("SKIPPED: `python3 -m venv` is not available, {} is not checked:\n{}", a.package, show(&out));
            return None;
        }
        Err(e) => {
            eprintln!("SKIPPED: python3 is not available ({e}), {} is not checked", a.package);
            return None;
        }
    }
    // Said on the real standard error, past the test harness's capture, so
    // that a first `cargo test` shows why it waits.
    let pin = pins.lines().find(|l| l.trim_start().starts_with(a.package)).unwrap_or(a.package).trim().to_string();
    let _ = writeln!(
        std::io::stderr(),
        "adapters: installing {pin} from PyPI into {} (once, while {REQUIREMENTS} is unchanged)",
        dir.display()
    );
    let started = std::time::Instant::now();
    let created = output(Command::new("python3").args(["-m", "venv", "--clear"]).arg(&dir)).expect("python3 runs");
    if !created.status.success() {
        // Debian's python3 without python3-venv: the module is there, ensurepip is not.
        eprintln!(
            "SKIPPED: `python3 -m venv` cannot create an environment, {} is not checked:\n{}",
            a.package,
            show(&created)
        );
        return None;
    }
    let installed = output(
        Command::new(&python)
            .args(["-m", "pip", "install", "--disable-pip-version-check", "--no-input", "-c", REQUIREMENTS])
            .arg(a.package),
    )
    .expect("the venv's python runs");
    assert!(installed.status.success(), "pip could not install {}:\n{}", a.package, show(&installed));
    std::fs::write(&marker, pins).expect("write the install marker");
    let _ = writeln!(std::io::stderr(), "adapters: {pin} installed in {:.0}s", started.elapsed().as_secs_f64());
    Some(python)
}

/// Every scenario id of the spec (`spec/<file>::<name>`) with the clauses it cites.
fn clauses_by_scenario() -> BTreeMap<String, Vec<String>> {
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let spec = Path::new(ROOT).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Default::default());
    assert!(
        errors.is_empty(),
        "the spec loads: {}",
        errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    );
    let mut out = BTreeMap::new();
    for f in &files {
        let rel = f.path.strip_prefix(ROOT).unwrap_or(&f.path);
        let rel = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/");
        for s in &f.scenarios {
            out.insert(format!("{rel}::{}", s.name), s.clauses.iter().map(|c| c.value.clone()).collect());
        }
    }
    out
}

fn engine(a: &Adapter, python: &Path) -> String {
    // rulecheck splits the command like a shell; quote the path in case.
    format!("'{}' {}", python.display(), a.script)
}

fn expected_failures_file(a: &Adapter) -> String {
    format!("fixtures/adapters/{}.expected-failures", a.name)
}

/// The adapter's answer for a scenario it cannot set up in its library: an
/// `error` response (spec_protocol.py's `CannotSetUp`).
const CANNOT_SET_UP: &str = "the engine reports an error: cannot set up: ";

/// Run the whole spec against the adapter; check the run and its failures
/// against the expected-failures list. Returns the failing scenario ids and
/// the ids of the scenarios the adapter refused to set up.
fn check_adapter(a: &Adapter, python: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    let engine = engine(a, python);
    let started = std::time::Instant::now();
    let run = rulecheck(&["run", "--engine", &engine, "--format", "json", "--jobs", "2"]);
    eprintln!("{}: the spec ran in {:.1}s", a.name, started.elapsed().as_secs_f64());
    let report: serde_json::Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{}: the JSON report does not parse ({e}):\n{}", a.name, run.all()));
    let scenarios = report["scenarios"].as_array().expect("the report lists its scenarios");
    let with = |outcome: &str| -> BTreeSet<String> {
        scenarios
            .iter()
            .filter(|s| s["outcome"] == outcome)
            .map(|s| s["id"].as_str().expect("a scenario id").to_string())
            .collect()
    };
    // The only engine errors allowed are the adapter's loud refusals of what
    // its library cannot be set up for; a crash or a timeout fails here.
    let mut refused = BTreeSet::new();
    for s in scenarios.iter().filter(|s| s["outcome"] == "error") {
        let failures = s["failures"].as_array().map(Vec::as_slice).unwrap_or_default();
        let loud = !failures.is_empty()
            && failures.iter().all(|f| f["detail"].as_str().is_some_and(|d| d.contains(CANNOT_SET_UP)));
        assert!(loud, "{}: an engine error that is not a refusal to set up:\n{s:#}", a.name);
        refused.insert(s["id"].as_str().expect("a scenario id").to_string());
    }
    let expected_code = if refused.is_empty() { 1 } else { 3 };
    assert_eq!(run.code, Some(expected_code), "{}: the run completes with some failures:\n{}", a.name, run.all());
    let passed = with("pass").len();
    assert!(passed >= a.min_passed, "{}: {passed} scenarios pass, fewer than {}:\n{}", a.name, a.min_passed, run.all());
    let failing = with("fail");

    let list = expected_failures_file(a);
    let path = Path::new(ROOT).join(&list);
    if std::env::var_os("RULECHECK_BLESS_ADAPTERS").is_some() {
        let version = Command::new(python)
            .args(["-c", &format!("import {0}; print({0}.__version__)", a.module)])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default();
        let mut text = format!(
            "# The scenarios {} {version} fails through {} (tests/adapters.rs;\n\
             # RULECHECK_BLESS_ADAPTERS=1 cargo test --test adapters rewrites this list).\n",
            a.package, a.script
        );
        for id in &failing {
            text.push_str(id);
            text.push('\n');
        }
        std::fs::write(&path, text).expect("write the expected-failures list");
    }
    let expected: BTreeSet<String> = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{list}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let new: Vec<&String> = failing.difference(&expected).collect();
    let fixed: Vec<&String> = expected.difference(&failing).collect();
    assert!(
        new.is_empty() && fixed.is_empty(),
        "{}: the failures differ from {list}\nnew failures:\n  {}\nno longer failing:\n  {}\n\
         (RULECHECK_BLESS_ADAPTERS=1 cargo test --test adapters rewrites the list)",
        a.name,
        new.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  "),
        fixed.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  "),
    );

    // With the list, nothing fails: exit 0, or 3 for the refusals alone.
    let o: Outcome =
        rulecheck(&["run", "--engine", &engine, "--jobs", "2", "--format", "json", "--expected-failures", &list]);
    assert_eq!(
        o.code,
        Some(if refused.is_empty() { 0 } else { 3 }),
        "{}: every failure is an expected one:\n{}",
        a.name,
        o.all()
    );
    let totals: serde_json::Value = serde_json::from_str::<serde_json::Value>(&o.stdout)
        .map(|r| r["totals"].clone())
        .unwrap_or_else(|e| panic!("{}: the JSON report does not parse ({e}):\n{}", a.name, o.all()));
    assert_eq!(totals["failed"], 0, "{}: {totals}", a.name);
    assert_eq!(totals["unexpected_passes"], 0, "{}: {totals}", a.name);
    assert_eq!(totals["expected_failures"], failing.len(), "{}: {totals}", a.name);
    assert_eq!(totals["errors"], refused.len(), "{}: {totals}", a.name);
    (failing, refused)
}

/// The failing scenarios that cite the clause.
fn citing<'a>(failing: &'a BTreeSet<String>, clauses: &BTreeMap<String, Vec<String>>, clause: &str) -> Vec<&'a str> {
    failing
        .iter()
        .filter(|id| clauses.get(id.as_str()).is_some_and(|cs| cs.iter().any(|c| c == clause)))
        .map(|s| s.as_str())
        .collect()
}

#[test]
fn pydraughts_runs_the_spec_with_its_known_failures() {
    let Some(python) = venv(&PYDRAUGHTS) else { return };
    let (failing, refused) = check_adapter(&PYDRAUGHTS, &python);
    assert!(refused.is_empty(), "pydraughts takes every position: {refused:#?}");
    let clauses = clauses_by_scenario();
    // pydraughts draws English games after 80 quiet king plies, not 40.
    assert!(!citing(&failing, &clauses, "english.draw.forty").is_empty(), "{failing:#?}");
    // Its only counter restarts on a man move; the FMJD sixteen-move count does not.
    assert!(failing.contains(
        "spec/international/draws.yaml::a man move by the stronger side does not stop the sixteen-move count"
    ));
}

#[test]
fn py_draughts_runs_the_spec_and_its_optional_captures_are_caught() {
    let Some(python) = venv(&PY_DRAUGHTS) else { return };
    let (failing, refused) = check_adapter(&PY_DRAUGHTS, &python);
    assert!(refused.is_empty(), "py-draughts takes every position: {refused:#?}");
    let clauses = clauses_by_scenario();
    // The American board lets a player decline a capture.
    let mandatory = citing(&failing, &clauses, "english.capture.mandatory");
    assert!(!mandatory.is_empty(), "no english.capture.mandatory scenario fails: {failing:#?}");
    assert!(failing
        .contains("spec/english/captures.yaml::a black man that can jump must jump and no plain move is allowed"));
    // ... and has white move first from its start position.
    assert!(!citing(&failing, &clauses, "english.setup.first").is_empty(), "{failing:#?}");
    // Its international board passes everything, perft included.
    assert!(!failing.iter().any(|id| id.starts_with("spec/international/")), "{failing:#?}");
}

#[test]
fn dame_rs_runs_the_spec_and_its_crowning_restart_is_caught() {
    let Some(python) = venv(&DAME_RS) else { return };
    let (failing, refused) = check_adapter(&DAME_RS, &python);
    let clauses = clauses_by_scenario();
    // A man crowned inside the sixteen- or five-move count restarts the
    // engine's count; the FMJD count runs on from the balance.
    assert!(!citing(&failing, &clauses, "international.draw.sixteen").is_empty(), "{failing:#?}");
    assert!(failing.contains(
        "spec/international/draws-by-play.yaml::a man crowned during the sixteen moves does not restart the count, played from no count"
    ));
    // Its counters cannot be set: only positions with np or eg refused.
    assert!(!refused.is_empty() && refused.iter().all(|id| id.starts_with("spec/international/draws")), "{refused:#?}");
    // It plays international draughts only; nothing else fails or is refused.
    assert!(failing.iter().chain(&refused).all(|id| id.starts_with("spec/international/")), "{failing:#?}");
}

#[test]
fn open_spiel_runs_the_spec_from_its_start_positions_and_its_forty_move_count_is_caught() {
    let Some(python) = venv(&OPEN_SPIEL) else { return };
    let (failing, refused) = check_adapter(&OPEN_SPIEL, &python);
    let clauses = clauses_by_scenario();
    // Its checkers draws after forty plies without a capture, man moves or not.
    assert!(!citing(&failing, &clauses, "english.draw.forty").is_empty(), "{failing:#?}");
    assert!(failing.contains(
        "spec/english/draws-by-play.yaml::forty plies from the start without a capture but with man moves are no draw"
    ));
    // Neither game can be given a position: every scenario with one is
    // refused, in both variants, and none of those from the start.
    for variant in ["spec/english/", "spec/chinese-checkers/"] {
        assert!(refused.iter().any(|id| id.starts_with(variant)), "nothing refused in {variant}: {refused:#?}");
    }
    let start = "spec/english/setup.yaml::the start position has seven black moves and the known perft counts";
    assert!(!refused.contains(start) && !failing.contains(start), "perft from the start is the spec's");
    let others = |id: &&String| !id.starts_with("spec/english/") && !id.starts_with("spec/chinese-checkers/");
    // The compare file's English scenarios are refused too: each has a position.
    assert!(failing.iter().filter(others).count() == 0, "{failing:#?}");
    assert!(refused.iter().filter(others).all(|id| id.starts_with("spec/compare/")), "{refused:#?}");
}
