//! The shipped adapters' fingerprints: each engine fingerprinted on every
//! variant it plays (`rulecheck fingerprint --json`), held to the findings
//! the book's "Real engines" (docs/src/real-engines/index.md) records that a single-rule deviation or a
//! reading's value names, and written as `docs/fingerprints.md`, which must
//! be the run's text (`RULECHECK_BLESS_ADAPTERS=1` rewrites it).

use std::path::Path;

use rulecheck::fingerprint::Fingerprint;

use super::{blessing, cgt_adapter, matrix, say, target_dir};
use crate::support::process::{rulecheck, ROOT};

const FINGERPRINTS: &str = "docs/fingerprints.md";

/// Each adapter: its name as the matrix gives it, how it is run (the
/// Python ones by their venv's directory and script, the Node ones by
/// their script), and the variants it plays.
enum Run {
    Python(&'static str, &'static str),
    Node(&'static str),
    Cgt,
}

const ADAPTERS: &[(&str, Run, &[&str])] = &[
    (
        "pydraughts 0.6.7",
        Run::Python("pydraughts", "pydraughts_adapter.py"),
        &["english", "russian", "international", "brazilian", "italian", "frisian", "turkish"],
    ),
    (
        "py-draughts 1.10.1",
        Run::Python("py-draughts", "py_draughts_adapter.py"),
        &["english", "russian", "international", "brazilian", "frisian"],
    ),
    ("dame-rs 0.2.0", Run::Python("dame-rs", "dame_adapter.py"), &["international"]),
    ("OpenSpiel 2.0.2", Run::Python("open_spiel", "open_spiel_adapter.py"), &["english", "chinese-checkers"]),
    ("rapid-draughts 1.0.6", Run::Node("rapid_draughts_adapter.js"), &["english"]),
    ("draughts.js 0.2.1", Run::Node("draughts_adapter.js"), &["international"]),
    ("cgt 0.11.0", Run::Cgt, &["konane"]),
];

/// The book's findings a fingerprint names: engine, variant, and the
/// deviation (by its slug, or the name of another of the very same
/// rules) or the reading's `option=value` it follows.
const FINDINGS: &[(&str, &str, &str)] = &[
    // Forty plies counted from the last capture, whatever the men did.
    ("OpenSpiel 2.0.2", "english", "the-no-progress-count-restarted-only-by-a-capture"),
    ("rapid-draughts 1.0.6", "english", "the-no-progress-count-restarted-only-by-a-capture"),
    ("rapid-draughts 1.0.6", "english", "repetition-off"),
    // Turkish kings' moves along a row or column past pieces.
    ("pydraughts 0.6.7", "turkish", "flying-kings-plain-moves-pass-over-pieces"),
    ("pydraughts 0.6.7", "turkish", "a-mutual-block-loses-for-the-side-to-move"),
    ("pydraughts 0.6.7", "turkish", "endgame-draw-rule-off"),
    // One move listed once per route.
    ("pydraughts 0.6.7", "turkish", "a-capture-listed-once-per-route"),
    ("pydraughts 0.6.7", "russian", "a-capture-listed-once-per-route"),
    ("pydraughts 0.6.7", "international", "a-capture-listed-once-per-route"),
    ("pydraughts 0.6.7", "english", "a-capture-listed-once-per-route"),
    ("pydraughts 0.6.7", "brazilian", "a-capture-listed-once-per-route"),
    ("pydraughts 0.6.7", "italian", "a-capture-listed-once-per-route"),
    ("pydraughts 0.6.7", "frisian", "a-capture-listed-once-per-route"),
    ("draughts.js 0.2.1", "international", "a-capture-listed-once-per-route"),
    // The first player: white moves first on the American board.
    ("py-draughts 1.10.1", "english", "the-other-side-moves-first"),
    // Eighty quiet plies, not forty.
    ("pydraughts 0.6.7", "english", "automatic-no-progress-limit-doubled"),
    // Italian repetition at the third occurrence, not the fourth.
    ("pydraughts 0.6.7", "italian", "repetition-draws-one-occurrence-sooner"),
    // No Frisian repetition draw; py-draughts has no same-king limit.
    ("pydraughts 0.6.7", "frisian", "repetition-off"),
    ("py-draughts 1.10.1", "frisian", "same-king-move-limit-off"),
    // The adapters refuse a declared draw.
    ("pydraughts 0.6.7", "russian", "declared-draws-flipped"),
    ("py-draughts 1.10.1", "russian", "declared-draws-flipped"),
];

/// The command line that runs an adapter from any directory.
fn command(run: &Run) -> String {
    let adapters = target_dir().join("adapters");
    let fixtures = format!("{ROOT}/fixtures/adapters");
    match run {
        Run::Python(venv, script) => {
            format!("'{}' '{fixtures}/{script}'", adapters.join(venv).join("bin/python").display())
        }
        Run::Node(script) => {
            format!("node '{fixtures}/node/{script}' --modules '{}'", adapters.join("node/node_modules").display())
        }
        Run::Cgt => format!("'{}'", cgt_adapter().display()),
    }
}

/// The fingerprints of one adapter, named by its name rather than by the
/// command line (which holds this machine's paths).
fn fingerprints(name: &str, run: &Run, variants: &[&str]) -> Vec<Fingerprint> {
    let engine = command(run);
    let mut args = vec!["fingerprint", "--engine", &engine, "--json"];
    args.extend_from_slice(variants);
    let o = rulecheck(&args);
    assert!(matches!(o.code, Some(0 | 1)), "{name}: the fingerprint did not run:\n{}", o.all());
    let mut found: Vec<Fingerprint> = serde_json::from_str(&o.stdout)
        .unwrap_or_else(|e| panic!("{name}: the JSON does not parse ({e}):\n{}", o.all()));
    for f in &mut found {
        f.engine = name.to_string();
    }
    found
}

/// Whether a fingerprint names a finding: a deviation (or one of the very
/// same rules), or the value a rule follows.
fn names(f: &Fingerprint, finding: &str) -> bool {
    let deviation =
        f.deviations.iter().any(|d| d.deviation == finding || d.alike.same_rules.iter().any(|n| n == finding));
    let value = f.rules.iter().any(|r| r.follows.as_ref().is_some_and(|v| format!("{}={v}", r.option) == finding));
    deviation || value
}

#[test]
fn the_adapters_fingerprints_name_what_the_book_records() {
    let Some(_) = matrix() else { return };
    let started = std::time::Instant::now();
    // Two engines at a time, as the matrix runs.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut runs: Vec<(usize, Vec<Fingerprint>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        let Some((name, run, variants)) = ADAPTERS.get(k) else { break };
                        out.push((k, fingerprints(name, run, variants)));
                    }
                    out
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a fingerprint thread")).collect()
    });
    runs.sort_by_key(|(k, _)| *k);
    say(&format!("adapters: the fingerprints of every adapter took {:.0}s", started.elapsed().as_secs_f64()));
    let all: Vec<Fingerprint> = runs.into_iter().flat_map(|(_, f)| f).collect();
    let mut missing = Vec::new();
    for (engine, variant, finding) in FINDINGS {
        let f = all.iter().find(|f| f.engine == *engine && f.variant == *variant);
        let f = f.unwrap_or_else(|| panic!("no fingerprint of {engine} on {variant}"));
        if !names(f, finding) {
            missing.push(format!("{engine}, {variant}: {finding}\n{}", f.text()));
        }
    }
    assert!(missing.is_empty(), "findings the fingerprints do not name:\n{}", missing.join("\n"));

    let mut text = String::from(
        "# What the shipped adapters play: fingerprints\n\n\
         `rulecheck fingerprint` of each engine of `fixtures/adapters/engines.yaml` on every variant it plays\n\
         (`RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test cross_checks adapters::` rewrites this file;\n\
         the book's \"Real engines\", docs/src/real-engines/index.md, says what each finding is).\n",
    );
    for f in &all {
        text.push_str("\n```text\n");
        text.push_str(&f.text());
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str("```\n");
    }
    let path = Path::new(ROOT).join(FINGERPRINTS);
    if blessing() {
        std::fs::write(&path, &text).expect("write docs/fingerprints.md");
    } else {
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == text,
            "{FINGERPRINTS} is stale: RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test cross_checks adapters:: rewrites it\n{}",
            rulecheck::oracle::diff(&committed, &text)
        );
    }
}
