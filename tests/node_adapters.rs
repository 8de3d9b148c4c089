//! Two real third-party JavaScript draughts libraries checked through the
//! protocol: rapid-draughts (English checkers) and draughts, draughts.js
//! (international draughts), each behind its adapter in
//! `fixtures/adapters/node/`. The test installs both with `npm ci` from
//! `fixtures/adapters/node/package-lock.json` into `target/adapters/node/`
//! (once; reused while the lock file is unchanged), runs the whole spec
//! against each, and checks that
//!
//! - the run completes with failures and no engine errors (exit 1),
//! - the scenarios that fail are exactly those listed in
//!   `fixtures/adapters/node/<library>.expected-failures`, so a change in
//!   either direction (a new failure, or one that now passes) shows here,
//! - a run with that list as `--expected-failures` exits 0,
//! - the libraries' known rule deviations are caught, by clause.
//!
//! A machine without `node` and `npm` skips the tests, except under CI (`CI`
//! set), where they must run; a failing `npm ci` is a failure.
//! `RULECHECK_BLESS_ADAPTERS=1` rewrites the expected-failures lists from
//! the run instead of comparing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

#[path = "support/process.rs"]
mod process;
#[path = "support/real_engines.rs"]
mod real_engines;
use process::ROOT;
use real_engines::{citing, clauses_by_scenario, missing, output, quoted, say, show, target_dir};

const PACKAGE: &str = "fixtures/adapters/node/package.json";
const LOCK: &str = "fixtures/adapters/node/package-lock.json";

struct Adapter {
    /// The npm package, and the stem of its expected-failures file.
    package: &'static str,
    script: &'static str,
}

const RAPID_DRAUGHTS: Adapter =
    Adapter { package: "rapid-draughts", script: "fixtures/adapters/node/rapid_draughts_adapter.js" };
const DRAUGHTS: Adapter = Adapter { package: "draughts", script: "fixtures/adapters/node/draughts_adapter.js" };

/// The two tests share one install: the first to get here makes it.
static INSTALL: Mutex<Option<Option<PathBuf>>> = Mutex::new(None);

/// `target/adapters/node/node_modules`, installed with `npm ci` if it is not
/// there from the current lock file; `None` when node or npm is missing.
fn node_modules() -> Option<PathBuf> {
    let mut done = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(result) = done.as_ref() {
        return result.clone();
    }
    let result = install();
    *done = Some(result.clone());
    result
}

fn install() -> Option<PathBuf> {
    for tool in ["node", "npm"] {
        match output(Command::new(tool).arg("--version")) {
            Ok(out) if out.status.success() => {}
            Ok(out) => {
                missing(&format!("`{tool} --version` fails, the npm libraries are not checked:\n{}", show(&out)));
                return None;
            }
            Err(e) => {
                missing(&format!("{tool} is not available ({e}), the npm libraries are not checked"));
                return None;
            }
        }
    }
    let dir = target_dir().join("adapters").join("node");
    let modules = dir.join("node_modules");
    let marker = dir.join("rulecheck-package-lock.json");
    let lock = std::fs::read_to_string(Path::new(ROOT).join(LOCK)).expect("the package lock");
    if modules.is_dir() && std::fs::read_to_string(&marker).ok().as_deref() == Some(lock.as_str()) {
        return Some(modules);
    }
    say(&format!("node adapters: npm ci from {LOCK} into {} (once, while the lock is unchanged)", dir.display()));
    let started = std::time::Instant::now();
    let _ = std::fs::remove_file(&marker);
    std::fs::create_dir_all(&dir).expect("create target/adapters/node");
    std::fs::copy(Path::new(ROOT).join(PACKAGE), dir.join("package.json")).expect("copy package.json");
    std::fs::copy(Path::new(ROOT).join(LOCK), dir.join("package-lock.json")).expect("copy package-lock.json");
    let installed =
        output(Command::new("npm").args(["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefix"]).arg(&dir))
            .expect("npm runs");
    assert!(installed.status.success(), "npm ci could not install {LOCK}:\n{}", show(&installed));
    std::fs::write(&marker, lock).expect("write the install marker");
    say(&format!("node adapters: installed in {:.0}s", started.elapsed().as_secs_f64()));
    Some(modules)
}

fn engine(a: &Adapter, modules: &Path) -> String {
    format!("node {} --modules {}", a.script, quoted(modules))
}

fn list(a: &Adapter) -> String {
    format!("fixtures/adapters/node/{}.expected-failures", a.package)
}

/// The installed version of the package, from its package.json.
fn version(a: &Adapter, modules: &Path) -> String {
    let meta = std::fs::read_to_string(modules.join(a.package).join("package.json")).unwrap_or_default();
    serde_json::from_str::<serde_json::Value>(&meta)
        .ok()
        .and_then(|m| m["version"].as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Run the whole spec against the adapter; check the run and its failures
/// against the expected-failures list. Returns the failing scenario ids.
fn check_adapter(a: &Adapter, modules: &Path) -> BTreeSet<String> {
    let engine = engine(a, modules);
    let run = real_engines::run_spec(a.package, &engine);
    let errors = run.with("error");
    assert!(errors.is_empty(), "{}: engine errors in {} scenarios:\n{}", a.package, errors.len(), run.all);
    assert_eq!(run.code, Some(1), "{}: the run completes with some failures:\n{}", a.package, run.all);
    assert!(run.with("pass").len() > 60, "{}: most scenarios of its variant pass:\n{}", a.package, run.all);
    let failing = run.with("fail");
    let header = [
        format!(
            "The scenarios {} {} fails through {} (tests/node_adapters.rs;",
            a.package,
            version(a, modules),
            a.script
        ),
        "RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test node_adapters rewrites this list).".to_string(),
    ];
    real_engines::matches_list(a.package, &failing, &list(a), &header, "node_adapters");
    real_engines::passes_with_list(a.package, &engine, &list(a), failing.len(), 0);
    failing
}

#[test]
fn rapid_draughts_runs_the_spec_with_its_known_failures() {
    let Some(modules) = node_modules() else { return };
    let failing = check_adapter(&RAPID_DRAUGHTS, &modules);
    let clauses = clauses_by_scenario();
    // A man move does not restart the library's forty-ply count.
    assert!(!citing(&failing, &clauses, "english.draw.forty").is_empty(), "{failing:#?}");
    assert!(failing
        .contains("spec/english/draws.yaml::a man move instead of the fortieth quiet ply starts the count again"));
    // It has no repetition draw.
    assert!(!citing(&failing, &clauses, "english.draw.repetition").is_empty(), "{failing:#?}");
    // A king cannot jump back onto the square it started from.
    assert!(failing.contains("spec/english/kings.yaml::the king's circuit played one way round takes all four men"));
    // Its captures, chains and majority-free choice are right.
    assert!(citing(&failing, &clauses, "english.capture.mandatory").is_empty(), "{failing:#?}");
}

#[test]
fn draughts_runs_the_spec_with_its_known_failures() {
    let Some(modules) = node_modules() else { return };
    let failing = check_adapter(&DRAUGHTS, &modules);
    let clauses = clauses_by_scenario();
    // A king's plain move goes one square only.
    assert!(failing
        .contains("spec/international/kings.yaml::a king flies any number of empty squares along its four diagonals"));
    // A man that captures round a circle back to its own square disappears.
    assert!(failing.contains(
        "spec/international/captures.yaml::after the circle the four men are gone and the man is back on its square"
    ));
    // It has no draw rule at all.
    for clause in ["international.draw.twenty-five", "international.draw.sixteen", "international.draw.five"] {
        assert!(!citing(&failing, &clauses, clause).is_empty(), "no {clause} scenario fails: {failing:#?}");
    }
    // Its majority capture is right.
    assert!(!failing.iter().any(|id| id.starts_with("spec/international/majority.yaml")), "{failing:#?}");
}
