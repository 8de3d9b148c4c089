//! Real third-party rule engines checked through the protocol, each behind
//! its adapter in `fixtures/adapters/`, all in one conformance matrix:
//!
//! - Python: pydraughts and py-draughts (both imported as `draughts`),
//!   dame-rs (Rust international draughts with Python bindings) and OpenSpiel
//!   (its `checkers` and `chinese_checkers`), each installed with pip into a
//!   virtual environment of its own under `target/adapters/` (once; reused
//!   while `fixtures/adapters/requirements.txt` is unchanged);
//! - Node: rapid-draughts and draughts.js, installed with `npm ci` from
//!   `fixtures/adapters/node/package-lock.json`;
//! - Rust: cgt's Konane, the adapter crate `fixtures/adapters/cgt-adapter/`
//!   built with cargo from its own lock file.
//!
//! One `rulecheck matrix fixtures/adapters/engines.yaml` runs the whole spec
//! against all of them at once, and the tests read its JSON: every engine
//! fails exactly the scenarios of its expected-failures list (so a change in
//! either direction shows), breaks on none (a scenario it cannot be set up
//! for is skipped with its reason, never guessed), and its known deviations
//! are caught by clause; `docs/conformance.md` is the matrix's Markdown.
//!
//! A missing tool (python3's venv, node, npm) skips the tests with a
//! message, except under `CI`, where every engine must run. A failing
//! install or build is a failure. `RULECHECK_BLESS_ADAPTERS=1` rewrites the
//! expected-failures lists and `docs/conformance.md` from the run.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use rulecheck::catalog::Catalog;
use rulecheck::runner;

use crate::support::process;

mod fingerprints;
use process::{rulecheck, ROOT};

const REQUIREMENTS: &str = "fixtures/adapters/requirements.txt";
const ENGINES: &str = "fixtures/adapters/engines.yaml";
const CONFORMANCE: &str = "docs/conformance.md";
const NODE_PACKAGE: &str = "fixtures/adapters/node/package.json";
const NODE_LOCK: &str = "fixtures/adapters/node/package-lock.json";
const CGT_MANIFEST: &str = "fixtures/adapters/cgt-adapter/Cargo.toml";

/// The Python libraries: the venv's directory under target/adapters/ and the
/// package pip installs (pinned in REQUIREMENTS).
const PYTHON: [(&str, &str); 4] = [
    ("pydraughts", "pydraughts"),
    ("py-draughts", "py-draughts"),
    ("dame-rs", "dame-rs"),
    ("open_spiel", "open_spiel"),
];

/// `target/` (or `$CARGO_TARGET_DIR`): two levels above the binary.
pub(crate) fn target_dir() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_rulecheck"));
    bin.parent().and_then(Path::parent).expect("the binary lives in <target>/<profile>/").to_path_buf()
}

pub(crate) fn output(cmd: &mut Command) -> Result<std::process::Output, String> {
    cmd.current_dir(ROOT).output().map_err(|e| format!("cannot run {cmd:?}: {e}"))
}

pub(crate) fn show(out: &std::process::Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Said on the real standard error, past the test harness's capture, so
/// that a first `cargo test` shows why it waits.
pub(crate) fn say(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// A tool is missing: the tests are skipped, except under CI.
pub(crate) fn missing(what: &str) -> Option<()> {
    assert!(std::env::var_os("CI").is_none(), "CI must run every real-engine test, but {what}");
    say(&format!("SKIPPED: {what}"));
    None
}

/// Runs `tool --version`: `None` (after [`missing`]) when it does not.
pub(crate) fn have(tool: &str, args: &[&str]) -> Option<()> {
    match output(Command::new(tool).args(args)) {
        Ok(out) if out.status.success() => Some(()),
        Ok(out) => {
            missing(&format!("`{tool} {}` fails, the real engines are not checked:\n{}", args.join(" "), show(&out)))
        }
        Err(e) => missing(&format!("{tool} is not available ({e}), the real engines are not checked")),
    }
}

/// The library's virtual environment, created and installed unless it is
/// there with the current pins. One install at a time: the referee's tests
/// take py-draughts' environment too, and may run beside the matrix.
pub(crate) fn venv(name: &str, package: &str) -> Option<()> {
    static INSTALLING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = INSTALLING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = target_dir().join("adapters").join(name);
    let python = dir.join("bin").join("python");
    let marker = dir.join("rulecheck-requirements.txt");
    let pins = std::fs::read_to_string(Path::new(ROOT).join(REQUIREMENTS)).expect("the requirements file");
    if python.exists() && std::fs::read_to_string(&marker).ok().as_deref() == Some(pins.as_str()) {
        return Some(());
    }
    let pin = pins.lines().find(|l| l.trim_start().starts_with(package)).unwrap_or(package).trim().to_string();
    say(&format!(
        "adapters: installing {pin} from PyPI into {} (once, while {REQUIREMENTS} is unchanged)",
        dir.display()
    ));
    let started = std::time::Instant::now();
    let created = output(Command::new("python3").args(["-m", "venv", "--clear"]).arg(&dir)).expect("python3 runs");
    if !created.status.success() {
        // Debian's python3 without python3-venv: the module is there, ensurepip is not.
        return missing(&format!("`python3 -m venv` cannot create an environment:\n{}", show(&created)));
    }
    let installed = output(
        Command::new(&python)
            .args(["-m", "pip", "install", "--disable-pip-version-check", "--no-input", "-c", REQUIREMENTS])
            .arg(package),
    )
    .expect("the venv's python runs");
    assert!(installed.status.success(), "pip could not install {package}:\n{}", show(&installed));
    std::fs::write(&marker, pins).expect("write the install marker");
    say(&format!("adapters: {pin} installed in {:.0}s", started.elapsed().as_secs_f64()));
    Some(())
}

/// `target/adapters/node/node_modules`, installed with `npm ci` unless it is
/// there from the current lock file.
fn node_modules() -> Option<()> {
    have("node", &["--version"])?;
    have("npm", &["--version"])?;
    let dir = target_dir().join("adapters").join("node");
    let marker = dir.join("rulecheck-package-lock.json");
    let lock = std::fs::read_to_string(Path::new(ROOT).join(NODE_LOCK)).expect("the package lock");
    if dir.join("node_modules").is_dir() && std::fs::read_to_string(&marker).ok().as_deref() == Some(lock.as_str()) {
        return Some(());
    }
    say(&format!("adapters: npm ci from {NODE_LOCK} into {} (once, while the lock is unchanged)", dir.display()));
    let _ = std::fs::remove_file(&marker);
    std::fs::create_dir_all(&dir).expect("create target/adapters/node");
    std::fs::copy(Path::new(ROOT).join(NODE_PACKAGE), dir.join("package.json")).expect("copy package.json");
    std::fs::copy(Path::new(ROOT).join(NODE_LOCK), dir.join("package-lock.json")).expect("copy package-lock.json");
    let installed =
        output(Command::new("npm").args(["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefix"]).arg(&dir))
            .expect("npm runs");
    assert!(installed.status.success(), "npm ci could not install {NODE_LOCK}:\n{}", show(&installed));
    std::fs::write(&marker, lock).expect("write the install marker");
    Some(())
}

/// The cgt adapter's binary, built (or found up to date) by cargo.
fn cgt_adapter() -> PathBuf {
    let dir = target_dir().join("adapters").join("cgt");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let bin = dir.join("release").join(format!("cgt-adapter{}", std::env::consts::EXE_SUFFIX));
    if !bin.exists() {
        say(&format!("adapters: building {CGT_MANIFEST} into {} (once; cargo keeps it)", dir.display()));
    }
    let built = output(
        Command::new(cargo)
            .args(["build", "--release", "--locked", "--manifest-path", CGT_MANIFEST, "--target-dir"])
            .arg(&dir)
            // The outer `cargo test` sets these for its own crate; the
            // adapter is another build.
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_BUILD_TARGET_DIR"),
    )
    .expect("cargo runs");
    assert!(built.status.success(), "cargo could not build {CGT_MANIFEST}:\n{}", show(&built));
    bin
}

/// The matrix run of every adapter.
struct Matrix {
    code: Option<i32>,
    json: serde_json::Value,
    /// The Markdown, with the engines file named as the committed one.
    markdown: String,
    all: String,
}

impl Matrix {
    fn engine(&self, name: &str) -> &serde_json::Value {
        self.json["engines"]
            .as_array()
            .and_then(|es| es.iter().find(|e| e["name"] == name))
            .unwrap_or_else(|| panic!("no engine '{name}' in the matrix:\n{}", self.all))
    }

    /// The scenario ids of an engine with one of the outcomes.
    fn with(&self, name: &str, outcomes: &[&str]) -> BTreeSet<String> {
        let e = self.engine(name);
        e["scenarios"]
            .as_object()
            .map(|m| {
                m.iter()
                    .filter(|(_, o)| outcomes.iter().any(|w| o["outcome"] == *w))
                    .map(|(id, _)| id.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn failing(&self, name: &str) -> BTreeSet<String> {
        self.with(name, &["fail", "expected-fail"])
    }

    /// The scenarios the engine said it cannot be set up for, with its reasons.
    fn unsupported(&self, name: &str) -> BTreeMap<String, String> {
        let e = self.engine(name);
        e["scenarios"]
            .as_object()
            .map(|m| {
                m.iter()
                    .filter_map(|(id, o)| {
                        let reason = o["reason"].as_str()?;
                        reason.strip_prefix("the engine cannot set this up: ").map(|r| (id.clone(), r.to_string()))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Every install, then one matrix over all the adapters; `None` when a tool
/// is missing outside CI.
fn matrix() -> Option<&'static Matrix> {
    static MATRIX: OnceLock<Option<Matrix>> = OnceLock::new();
    MATRIX.get_or_init(make_matrix).as_ref()
}

fn make_matrix() -> Option<Matrix> {
    have("python3", &["-m", "venv", "--help"])?;
    for (name, package) in PYTHON {
        venv(name, package)?;
    }
    node_modules()?;
    cgt_adapter();
    // The committed engines file finds the installs under ./target; with
    // another target directory the test runs a copy that points there.
    let target = target_dir();
    let engines = if target == Path::new(ROOT).join("target") {
        ENGINES.to_string()
    } else {
        let text = std::fs::read_to_string(Path::new(ROOT).join(ENGINES)).expect("the engines file");
        let copy = target.join("adapters").join("engines.yaml");
        let fixtures = Path::new(ROOT).join("fixtures/adapters");
        let text = text
            .replace("../../target/", &format!("{}/", target.display()))
            .replace("expected-failures: ", &format!("expected-failures: {}/", fixtures.display()))
            .replace("engines:\n", &format!("engines:\n  # run in {}\n", fixtures.display()));
        let text = text.replace("    args: [", &format!("    dir: {}\n    args: [", fixtures.display()));
        std::fs::write(&copy, text).expect("write the engines file's copy");
        copy.to_string_lossy().into_owned()
    };
    let out = target.join("adapters");
    let (json, md) = (out.join("matrix.json"), out.join("conformance.md"));
    let started = std::time::Instant::now();
    let o = rulecheck(&[
        "matrix",
        &engines,
        "--jobs",
        "2",
        "--json",
        &json.to_string_lossy(),
        "--markdown",
        &md.to_string_lossy(),
    ]);
    say(&format!("adapters: the matrix of every adapter took {:.0}s", started.elapsed().as_secs_f64()));
    let all = o.all();
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap_or_default())
        .unwrap_or_else(|e| panic!("the matrix JSON does not parse ({e}):\n{all}"));
    let markdown = std::fs::read_to_string(&md).unwrap_or_else(|e| panic!("no Markdown matrix ({e}):\n{all}"));
    let markdown = markdown.replace(&engines, ENGINES);
    Some(Matrix { code: o.code, json, markdown, all })
}

/// Every scenario id of the spec with the clauses it cites.
fn clauses_by_scenario() -> BTreeMap<String, Vec<String>> {
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let (files, errors) = runner::load_all(&[Path::new(ROOT).join("spec")], &catalog, &Default::default());
    assert!(errors.is_empty(), "the spec loads: {errors:?}");
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

/// An engine's column of the matrix: its failing scenarios, with the
/// clauses every scenario of the spec cites.
struct Failing {
    matrix: &'static Matrix,
    name: &'static str,
    ids: BTreeSet<String>,
    clauses: BTreeMap<String, Vec<String>>,
}

impl Failing {
    /// The engine's run checked as [`check`] does; `None` where the matrix
    /// cannot be made (a tool is missing, and the tests are skipped).
    fn of(name: &'static str, min_passed: usize) -> Option<Failing> {
        let matrix = matrix()?;
        Some(Failing { matrix, name, ids: check(matrix, name, min_passed), clauses: clauses_by_scenario() })
    }

    /// The scenarios the engine cannot be set up for, with the reason.
    fn unsupported(&self) -> BTreeMap<String, String> {
        self.matrix.unsupported(self.name)
    }

    /// Whether a failing scenario cites the clause.
    fn cite(&self, clause: &str) -> bool {
        self.ids.iter().any(|id| self.clauses.get(id.as_str()).is_some_and(|cs| cs.iter().any(|c| c == clause)))
    }

    /// A failing scenario cites the clause.
    fn cites(&self, clause: &str) {
        assert!(self.cite(clause), "no {clause} scenario fails: {:#?}", self.ids);
    }

    /// The scenario `id` fails.
    fn has(&self, id: &str) {
        assert!(self.ids.contains(id), "{id} does not fail: {:#?}", self.ids);
    }
}

fn blessing() -> bool {
    std::env::var_os("RULECHECK_BLESS_ADAPTERS").is_some()
}

/// Both Python draughts libraries play Brazilian by their Russian draw
/// rules: thirty quiet king plies draw (the page: forty), the readings of
/// the endgame count that are not theirs fail, and the rest of the
/// Brazilian scenarios pass, but for those named in `also`.
fn brazilian_fails_only_its_draws(failing: &Failing, also: &[&str]) {
    failing.cites("brazilian.draw.twenty");
    let mut brazilian =
        failing.ids.iter().filter(|id| id.starts_with("spec/brazilian/") && !also.contains(&id.as_str()));
    let draws = |id: &String| {
        id.starts_with("spec/brazilian/draws.yaml") || id.starts_with("spec/brazilian/readings.yaml::endgame-count=")
    };
    assert!(brazilian.all(draws), "{:#?}", failing.ids);
}

/// The engine's run: no engine error, at least `min_passed` passes, and its
/// failures exactly its expected-failures list (rewritten when blessing).
/// Returns the failing ids.
fn check(m: &Matrix, name: &str, min_passed: usize) -> BTreeSet<String> {
    let e = m.engine(name);
    assert!(e["failure"].is_null(), "{name} did not start: {}\n{}", e["failure"], m.all);
    let errors = m.with(name, &["error"]);
    assert!(
        errors.is_empty(),
        "{name}: engine errors (a crash, a hang, an answer out of protocol):\n{errors:#?}\n{}",
        m.all
    );
    let passed = m.with(name, &["pass", "unexpected-pass"]).len();
    assert!(passed >= min_passed, "{name}: {passed} scenarios pass, fewer than {min_passed}");
    let failing = m.failing(name);
    let list = e["expected_failures"].as_str().expect("every adapter has an expected-failures list");
    let path = Path::new(ROOT).join(list.strip_prefix(&format!("{ROOT}/")).unwrap_or(list));
    if blessing() {
        let mut text = format!(
            "# The scenarios {name} fails through its adapter ({ENGINES};\n\
             # RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test cross_checks adapters:: rewrites this list).\n"
        );
        for id in &failing {
            text.push_str(id);
            text.push('\n');
        }
        std::fs::write(&path, text).expect("write the expected-failures list");
        return failing;
    }
    let expected: BTreeSet<String> = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let new: Vec<&String> = failing.difference(&expected).collect();
    let fixed: Vec<&String> = expected.difference(&failing).collect();
    assert!(
        new.is_empty() && fixed.is_empty(),
        "{name}: the failures differ from {}\nnew failures:\n  {}\nno longer failing:\n  {}\n\
         (RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test cross_checks adapters:: rewrites the list)",
        path.display(),
        new.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  "),
        fixed.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  "),
    );
    failing
}

#[test]
fn docs_conformance_is_the_matrix_of_every_adapter() {
    let Some(m) = matrix() else { return };
    let path = Path::new(ROOT).join(CONFORMANCE);
    if blessing() {
        std::fs::create_dir_all(path.parent().expect("docs/")).expect("docs/");
        std::fs::write(&path, &m.markdown).expect("write docs/conformance.md");
    } else {
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == m.markdown,
            "{CONFORMANCE} is stale: RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test cross_checks adapters:: rewrites it\n{}",
            rulecheck::oracle::diff(&committed, &m.markdown)
        );
        // With every list current, the matrix has nothing unexpected.
        assert_eq!(m.code, Some(0), "every failure is an expected one and no engine broke:\n{}", m.all);
    }
    for name in ["pydraughts 0.6.7", "OpenSpiel 2.0.2", "rapid-draughts 1.0.6", "cgt 0.11.0"] {
        assert!(m.markdown.contains(&format!("| {name} |")), "{name} has its row");
    }
}

/// The engine takes every position but those carrying a count of one
/// king's successive moves (Frisian's wk=/bk=), which it cannot be given.
fn takes_all_but_frisian_king_counts(failing: &Failing) {
    let unsupported = failing.unsupported();
    assert!(
        unsupported.iter().all(|(id, why)| id.starts_with("spec/frisian/") && why.contains("successive moves")),
        "{unsupported:#?}"
    );
}

#[test]
fn pydraughts_fails_its_known_failures() {
    let Some(failing) = Failing::of("pydraughts 0.6.7", 200) else { return };
    takes_all_but_frisian_king_counts(&failing);
    // pydraughts draws English games after 80 quiet king plies, not 40.
    failing.cites("english.draw.forty");
    // Its only counter restarts on a man move; the FMJD sixteen-move count does not.
    failing.has("spec/international/draws.yaml::a man move by the stronger side does not stop the sixteen-move count");
    // Its Italian board draws at the third repetition, not the fourth.
    failing.has("spec/italian/draws.yaml::kings back on their squares for the third time play on");
    // Its Frisian count of two kings against one runs 14 plies, one past the
    // seventh move of the side with two kings when that side moves first.
    failing.cites("frisian.draw.two-kings");
    // Its Turkish kings step along a column past pieces, it draws a piece
    // each only four plies after the last capture, and it knows no mutual
    // block.
    failing.has("spec/turkish/kings.yaml::a king crowned on the back row cannot run its column past a piece");
    failing.cites("turkish.draw.one-piece-each");
    failing.cites("turkish.draw.mutual-block");
    // ... and lists a king's two captures along one diagonal once per
    // touchdown square, as on its other boards.
    let route = "spec/brazilian/kings.yaml::a king's two captures along one diagonal are listed once whichever square it touched between them";
    failing.has(route);
    brazilian_fails_only_its_draws(&failing, &[route]);
}

#[test]
fn py_draughts_makes_captures_optional_and_white_move_first() {
    let Some(failing) = Failing::of("py-draughts 1.10.1", 200) else { return };
    takes_all_but_frisian_king_counts(&failing);
    // The American board lets a player decline a capture.
    failing.cites("english.capture.mandatory");
    failing.has("spec/english/captures.yaml::a black man that can jump must jump and no plain move is allowed");
    // ... and has white move first from its start position.
    failing.cites("english.setup.first");
    // Its international board passes everything, perft included.
    assert!(!failing.ids.iter().any(|id| id.starts_with("spec/international/")), "{:#?}", failing.ids);
    // Its Frisian board draws two kings against one after 14 plies, one past
    // the seventh move of the side with two kings when that side moves first.
    failing.has("spec/frisian/draws.yaml::two kings that have not taken the lone king in seven moves draw");
    brazilian_fails_only_its_draws(&failing, &[]);
}

#[test]
fn dame_rs_restarts_its_count_at_a_crowning() {
    let Some(failing) = Failing::of("dame-rs 0.2.0", 90) else { return };
    // A man crowned inside the sixteen- or five-move count restarts the
    // engine's count; the FMJD count runs on from the balance.
    failing.cites("international.draw.sixteen");
    failing.has("spec/international/draws-by-play.yaml::a man crowned during the sixteen moves does not restart the count, played from no count");
    // Its counters cannot be set: only positions with np or eg are skipped as unsupported.
    let unsupported = failing.unsupported();
    assert!(!unsupported.is_empty(), "{}", failing.matrix.all);
    assert!(unsupported.keys().all(|id| id.starts_with("spec/international/draws")), "{unsupported:#?}");
    assert!(failing.ids.iter().all(|id| id.starts_with("spec/international/")), "{:#?}", failing.ids);
}

#[test]
fn open_spiel_draws_forty_plies_after_a_capture_whatever_the_men_did() {
    let Some(failing) = Failing::of("OpenSpiel 2.0.2", 20) else { return };
    failing.cites("english.draw.forty");
    failing.has(
        "spec/english/draws-by-play.yaml::forty plies from the start without a capture but with man moves are no draw",
    );
    // Neither game can be given a position: every scenario with one is
    // skipped as unsupported, in both variants, and none from the start.
    let unsupported = failing.unsupported();
    for variant in ["spec/english/", "spec/chinese-checkers/"] {
        assert!(unsupported.keys().any(|id| id.starts_with(variant)), "nothing unsupported in {variant}");
    }
    let start = "spec/english/setup.yaml::the start position has seven black moves and the known perft counts";
    assert!(!unsupported.contains_key(start) && !failing.ids.contains(start), "perft from the start is the spec's");
    let others = |id: &&String| !id.starts_with("spec/english/") && !id.starts_with("spec/chinese-checkers/");
    assert_eq!(failing.ids.iter().filter(others).count(), 0, "{:#?}", failing.ids);
    assert!(unsupported.keys().filter(others).all(|id| id.starts_with("spec/compare/")), "{unsupported:#?}");
}

#[test]
fn rapid_draughts_keeps_the_forty_ply_count_through_man_moves() {
    let Some(failing) = Failing::of("rapid-draughts 1.0.6", 60) else { return };
    // A man move does not restart the library's forty-ply count.
    failing.has("spec/english/draws.yaml::a man move instead of the fortieth quiet ply starts the count again");
    // It has no repetition draw.
    failing.cites("english.draw.repetition");
    // A king cannot jump back onto the square it started from.
    failing.has("spec/english/kings.yaml::the king's circuit played one way round takes all four men");
    // Its captures, chains and free choice among captures are right.
    assert!(!failing.cite("english.capture.mandatory"), "{:#?}", failing.ids);
}

#[test]
fn draughts_js_kings_step_one_square_and_it_has_no_draws() {
    let Some(failing) = Failing::of("draughts.js 0.2.1", 60) else { return };
    failing.has("spec/international/kings.yaml::a king flies any number of empty squares along its four diagonals");
    failing.has(
        "spec/international/captures.yaml::after the circle the four men are gone and the man is back on its square",
    );
    for clause in ["international.draw.twenty-five", "international.draw.sixteen", "international.draw.five"] {
        failing.cites(clause);
    }
    assert!(!failing.ids.iter().any(|id| id.starts_with("spec/international/majority.yaml")), "{:#?}", failing.ids);
}

#[test]
fn cgt_passes_what_it_can_be_asked_and_skips_the_opening() {
    let Some(m) = matrix() else { return };
    let name = "cgt 0.11.0";
    let failing = check(m, name, 15);
    assert!(failing.is_empty(), "{failing:#?}");
    let unsupported = m.unsupported(name);
    assert!(unsupported.values().all(|why| why.contains("has no Konane opening")), "{unsupported:#?}");
    assert!(unsupported.keys().all(|id| id.starts_with("spec/konane/")), "{unsupported:#?}");
    assert!(unsupported.contains_key("spec/konane/opening.yaml::black opens by taking its stone off the corner a1"));
    assert!(!unsupported
        .contains_key("spec/konane/jumps.yaml::a double jump may stop after its first jump and both stops are moves"));
}

/// The 8x8 start with the named cells emptied, black to move.
fn after_removals(holes: &[&str]) -> String {
    let mut ranks = Vec::new();
    for rank in (1..=8).rev() {
        let mut text = String::new();
        let mut run = 0;
        for (file, letter) in "abcdefgh".chars().enumerate() {
            if holes.contains(&format!("{letter}{rank}").as_str()) {
                run += 1;
                continue;
            }
            if run > 0 {
                text.push_str(&run.to_string());
                run = 0;
            }
            // a1 is black: file + rank - 1 even.
            text.push(if (file + rank - 1) % 2 == 0 { 'b' } else { 'w' });
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        ranks.push(text);
    }
    format!("{} b", ranks.join("/"))
}

/// The jumps of cgt after each of the twelve openings of the 8x8 board
/// (four removals by black, each answered by each of white's), counted to
/// depth 5 against the reference's perft.
#[test]
fn cgt_perft_agrees_with_the_reference_after_every_opening() {
    let engine = format!("'{}'", cgt_adapter().display());
    let openings: &[(&str, &[&str])] = &[
        ("a1", &["a2", "b1"]),
        ("h8", &["h7", "g8"]),
        ("d4", &["c4", "d3", "d5", "e4"]),
        ("e5", &["e4", "e6", "d5", "f5"]),
    ];
    for (black, whites) in openings {
        for white in *whites {
            let position = after_removals(&[black, white]);
            let o = rulecheck(&["perft", "--engine", &engine, "konane", &position, "5"]);
            assert_eq!(o.code, Some(0), "-{black} -{white}: {position}\n{}", o.all());
            assert!(o.stdout.contains("the engine and the reference agree"), "-{black} -{white}: {}", o.all());
        }
    }
}

/// Turkish random play against pydraughts: seeded games of twelve moves on
/// the library and the reference side by side (`rulecheck fuzz`). The two
/// part in every run, always the same way: the library's kings step along a column past
/// pieces standing on it (a king on d1 "moves" to d8 over men on d7). So
/// each run must find a disagreement, and every move the library adds
/// there must be one the reference refuses as `path-blocked`, and it may
/// leave out none.
#[test]
fn pydraughts_turkish_random_play_parts_only_where_its_kings_pass_pieces() {
    use rulecheck::draughts::game::{Action, Match};
    use rulecheck::draughts::notation::parse_move;
    use rulecheck::draughts::Generator;
    use rulecheck::draughts::Position;
    use rulecheck::draughts::Rules;
    use rulecheck::draughts::{explain, matches};

    if have("python3", &["-m", "venv", "--help"]).and_then(|()| venv("pydraughts", "pydraughts")).is_none() {
        return;
    }
    let python = target_dir().join("adapters/pydraughts/bin/python");
    let engine = format!("'{}' '{ROOT}/fixtures/adapters/pydraughts_adapter.py'", python.display());
    let rules = Rules::turkish();
    let g = &rules.geometry;
    for seed in 1..=2 {
        let seed = seed.to_string();
        let o = rulecheck(&["fuzz", "turkish", "--engine", &engine, "--games", "10", "--plies", "12", "--seed", &seed]);
        assert_eq!(o.code, Some(1), "seed {seed}: no disagreement found:\n{}", o.all());
        let line = o.stderr.lines().find_map(|l| l.split_once("moves: ").filter(|_| l.starts_with("disagreement")));
        let (_, played) = line.unwrap_or_else(|| panic!("seed {seed}: no shrunk game:\n{}", o.all()));
        let mut game = Match::new(&rules, Position::<u64>::start(&rules));
        let mut moves = Vec::new();
        for text in played.split_whitespace() {
            let written = parse_move(text, g).unwrap_or_else(|e| panic!("seed {seed}: {text}: {e}"));
            Generator::new(&rules).legal_moves(game.position(), &mut moves);
            let m = moves.iter().find(|m| matches(&written, m, g)).copied();
            let m = m.unwrap_or_else(|| panic!("seed {seed}: {text} is not legal in the reference"));
            game.play(Action::Move(m)).expect("a legal move plays");
        }
        let diff: Vec<&str> = o.stderr.lines().collect();
        assert!(!diff.iter().any(|l| l.starts_with('-') && !l.starts_with("---")), "seed {seed}: {}", o.all());
        let added: Vec<&str> =
            diff.iter().filter(|l| l.starts_with('+') && !l.starts_with("+++")).map(|l| &l[1..]).collect();
        assert!(!added.is_empty(), "seed {seed}: {}", o.all());
        for text in added {
            let written = parse_move(text, g).unwrap_or_else(|e| panic!("seed {seed}: {text}: {e}"));
            assert_eq!(explain(&game, &written), Some("path-blocked"), "seed {seed}: {text}\n{}", o.all());
        }
    }
}
