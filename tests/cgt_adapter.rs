//! A real third-party Rust library checked through the protocol: the Konane
//! of cgt (crates.io `cgt`, combinatorial game theory), behind the adapter
//! crate `fixtures/adapters/cgt-adapter/`. The test builds that crate with
//! `cargo build --release --manifest-path fixtures/adapters/cgt-adapter/Cargo.toml
//! --target-dir target/adapters/cgt` (cargo's own caching makes later builds
//! immediate), runs the whole spec against it, and checks that
//!
//! - the scenarios that fail are exactly those listed in
//!   `fixtures/adapters/cgt-adapter/cgt.expected-failures`,
//! - the scenarios it refuses are exactly those listed in
//!   `fixtures/adapters/cgt-adapter/cgt.refused`, each with the adapter's
//!   error that cgt has no opening (cgt's Konane starts after the two
//!   removals; a scenario that plays them, or asks for moves before them, is
//!   an engine error, not a wrong answer),
//! - no other scenario is an engine error, and a run with the
//!   expected-failures list has no failure,
//! - cgt's jumps agree with the reference's perft after each opening of the
//!   8x8 board.
//!
//! A failing build is a failure (the crate comes from crates.io through
//! `fixtures/adapters/cgt-adapter/Cargo.lock`). `RULECHECK_BLESS_ADAPTERS=1`
//! rewrites both lists from the run instead of comparing.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

#[path = "support/process.rs"]
mod process;
#[path = "support/real_engines.rs"]
mod real_engines;
use process::rulecheck;
use real_engines::{output, quoted, say, show, target_dir};

const MANIFEST: &str = "fixtures/adapters/cgt-adapter/Cargo.toml";
const FAILURES: &str = "fixtures/adapters/cgt-adapter/cgt.expected-failures";
const REFUSED: &str = "fixtures/adapters/cgt-adapter/cgt.refused";
/// The adapter's refusal of the opening, in every refused scenario's error.
const NO_OPENING: &str = "has no Konane opening";

/// The adapter's binary, built (or found up to date) by cargo, once for
/// both tests.
fn adapter() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(build).clone()
}

fn build() -> PathBuf {
    let dir = target_dir().join("adapters").join("cgt");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let started = std::time::Instant::now();
    let bin = dir.join("release").join(format!("cgt-adapter{}", std::env::consts::EXE_SUFFIX));
    if !bin.exists() {
        say(&format!("cgt adapter: building {MANIFEST} into {} (once; cargo keeps it)", dir.display()));
    }
    let built = output(
        Command::new(cargo)
            .args(["build", "--release", "--locked", "--manifest-path", MANIFEST, "--target-dir"])
            .arg(&dir)
            // The outer `cargo test` sets these for its own crate; the
            // adapter is another build.
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_BUILD_TARGET_DIR"),
    )
    .expect("cargo runs");
    assert!(built.status.success(), "cargo could not build {MANIFEST}:\n{}", show(&built));
    if started.elapsed().as_secs() >= 5 {
        say(&format!("cgt adapter: built in {:.0}s", started.elapsed().as_secs_f64()));
    }
    bin
}

#[test]
fn cgt_runs_the_spec_refusing_the_opening() {
    let bin = adapter();
    let engine = quoted(&bin);
    let run = real_engines::run_spec("cgt", &engine);
    assert!(run.with("pass").len() >= 15, "cgt: its konane scenarios after the opening pass:\n{}", run.all);

    let refused = run.with("error");
    for id in &refused {
        let detail = &run.details[id];
        assert!(detail.contains(NO_OPENING), "cgt: {id} is an engine error other than the opening's:\n{detail}");
    }
    let header = |what: &str| {
        [
            format!("The scenarios cgt 0.11.0 {what} through fixtures/adapters/cgt-adapter (tests/cgt_adapter.rs;"),
            "RULECHECK_BLESS_ADAPTERS=1 cargo test --release --test cgt_adapter rewrites this list).".to_string(),
        ]
    };
    real_engines::matches_list(
        "cgt",
        &refused,
        REFUSED,
        &header("refuses, with an error that it has no Konane opening,"),
        "cgt_adapter",
    );
    let failing = run.with("fail");
    real_engines::matches_list("cgt", &failing, FAILURES, &header("fails"), "cgt_adapter");
    assert_eq!(
        run.code,
        Some(if refused.is_empty() { i32::from(!failing.is_empty()) } else { 3 }),
        "cgt: the run's exit code:\n{}",
        run.all
    );
    real_engines::passes_with_list("cgt", &engine, FAILURES, failing.len(), refused.len());
    // Every Konane scenario that starts after the opening and never plays a
    // removal runs; those before it are refused, not failed.
    assert!(refused.iter().all(|id| id.starts_with("spec/konane/")), "{refused:#?}");
    assert!(refused.contains("spec/konane/opening.yaml::black opens by taking its stone off the corner a1"));
    assert!(!refused
        .contains("spec/konane/jumps.yaml::a double jump may stop after its first jump and both stops are moves"));
}

/// The jumps of cgt after each of the twelve openings of the 8x8 board
/// (four removals by black, each answered by each of white's), counted to
/// depth 5 against the reference's perft.
#[test]
fn cgt_perft_agrees_with_the_reference_after_every_opening() {
    let engine = quoted(&adapter());
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
