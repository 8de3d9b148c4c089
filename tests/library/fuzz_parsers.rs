//! Fuzzing every parser on the stable toolchain, with proptest: scenario
//! files (YAML loading and every notation inside), each family's positions,
//! diagrams and moves, the play, illegal and result notations, PDN files,
//! and the engine protocol both ways (requests to `serve`, an engine's
//! answers to the oracle).
//!
//! Inputs are arbitrary strings and bytes, and valid inputs mutated: the
//! spec's own files, positions, diagrams, moves, PDN games and protocol
//! lines, with bytes flipped, replaced, inserted, deleted and duplicated,
//! and tokens that have broken parsers before (huge numbers, brackets,
//! aliases, escapes, bytes that are not UTF-8) spliced in. Every target
//! checks that nothing panics and that errors are located and printable:
//! a place inside the text, a message without raw control characters and
//! of bounded length. Positions must also round-trip through their
//! canonical form and their diagram.
//!
//! `cargo test` runs a short fixed-seed pass (a few seconds). A longer run:
//!
//! ```sh
//! RULECHECK_FUZZ_CASES=200000 cargo test --test library fuzz_parsers:: -- --nocapture
//! ```
//!
//! (tests build optimised, with overflow checks kept) sets the cases per
//! target (the scenario-file and PDN targets, which replay whole files,
//! take a twentieth and a tenth of that), and
//! `RULECHECK_FUZZ_SEED` another seed. Each target prints how many inputs
//! it ran. A failure is shrunk to a small input and printed; its fix keeps
//! that input in the target's list of regressions below.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

use rulecheck::catalog::Catalog;
use rulecheck::engine::protocol::Response;
use rulecheck::engine::{serve, Engine, EngineError, Explanation, Setup};
use rulecheck::game::notation::NotationError;
use rulecheck::game::{Action, Game, Options, Rejection, Replay};
use rulecheck::oracle;
use rulecheck::oracle::kinds::Perft;
use rulecheck::registry;
use rulecheck::scenario::{expect, loader, Scenario};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Cases per target in the short run of `cargo test`, before a target's
/// share.
const SHORT_RUN: u32 = 384;

/// The cases of a target that takes `share` parts of the full count: the
/// expensive targets (which load or replay whole files) take fewer.
fn cases(share: u32) -> u32 {
    match std::env::var("RULECHECK_FUZZ_CASES").ok().and_then(|v| v.parse::<u32>().ok()) {
        Some(per_target) => (per_target / share).max(1),
        None => (SHORT_RUN / share.min(6)).max(1),
    }
}

fn seed() -> [u8; 32] {
    let n: u64 = std::env::var("RULECHECK_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(20_240_601);
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&n.to_le_bytes());
    s
}

/// Run one target for its number of cases from the fixed seed, and say how
/// many inputs it ran.
fn fuzz<S: Strategy>(name: &str, share: u32, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let n = cases(share);
    let config = Config { cases: n, failure_persistence: None, max_shrink_iters: 2048, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed()));
    if let Err(e) = runner.run(&strategy, test) {
        panic!("fuzz target {name}: {e}");
    }
    println!("fuzz target {name}: {n} inputs, no failure");
}

// ---- mutations -------------------------------------------------------------

/// Tokens spliced into inputs: each broke, or could break, some parser.
const TOKENS: &[&str] = &[
    "18446744073709551615",
    "99999999999",
    "4294967296",
    "65536",
    "0",
    "-1",
    "1e300",
    "NaN",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "'",
    ":",
    ",",
    "/",
    "-",
    "x",
    ".",
    "=",
    "\n",
    "\r\n",
    "\t",
    " ",
    "&a ",
    "*a",
    "!!binary ",
    "---\n",
    "- ",
    "\u{1b}[2J",
    "\u{0}",
    "\u{feff}",
    "é",
    "日本",
    "K",
    "np=",
    "eg=",
    "turns=",
    "best=",
    "finished=",
    "seat 9",
    "by black",
    "resign by white",
    ": must-capture",
    "1-0",
    "*",
    "%",
    ";",
    "$1",
];

/// One edit of a byte string, applied at a place chosen by `at`.
#[derive(Clone, Debug)]
enum Edit {
    Flip(usize, u8),
    Replace(usize, u8),
    Insert(usize, u8),
    Token(usize, usize),
    Delete(usize, usize),
    Duplicate(usize, usize),
    RepeatToken(usize, usize, u16),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(a, b)| Edit::Flip(a, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Edit::Replace(a, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Edit::Insert(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, t)| Edit::Token(a, t)),
        (any::<usize>(), 1usize..16).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), 1usize..64).prop_map(|(a, n)| Edit::Duplicate(a, n)),
        (any::<usize>(), any::<usize>(), 1u16..2000).prop_map(|(a, t, n)| Edit::RepeatToken(a, t, n)),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let len = bytes.len();
        let at = |a: usize| if len == 0 { 0 } else { a % (len + 1) };
        match *e {
            Edit::Flip(a, bit) if len > 0 => bytes[a % len] ^= 1 << bit,
            Edit::Replace(a, b) if len > 0 => bytes[a % len] = b,
            Edit::Insert(a, b) => bytes.insert(at(a), b),
            Edit::Token(a, t) => {
                let p = at(a);
                bytes.splice(p..p, TOKENS[t % TOKENS.len()].bytes());
            }
            Edit::Delete(a, n) if len > 0 => {
                let p = a % len;
                bytes.drain(p..(p + n).min(len));
            }
            Edit::Duplicate(a, n) if len > 0 => {
                let p = a % len;
                let piece = bytes[p..(p + n).min(len)].to_vec();
                bytes.splice(p..p, piece);
            }
            Edit::RepeatToken(a, t, n) => {
                let p = at(a);
                let token = TOKENS[t % TOKENS.len()].repeat(usize::from(n));
                bytes.splice(p..p, token.bytes());
            }
            _ => {}
        }
    }
    bytes
}

/// A seed, mutated by up to eight edits (none a sixteenth of the time, so
/// that valid inputs are checked too).
fn mutated(seeds: &'static [String]) -> impl Strategy<Value = Vec<u8>> {
    (0..seeds.len(), prop::collection::vec(edit_strategy(), 0..8))
        .prop_map(move |(i, edits)| apply(seeds[i].clone().into_bytes(), &edits))
}

/// Mutated seeds as text (what is not UTF-8 is replaced), or arbitrary
/// text from an alphabet of the notations, or any text at all.
fn text_input(seeds: &'static [String], alphabet: &'static str) -> impl Strategy<Value = String> {
    prop_oneof![
        6 => mutated(seeds).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        2 => proptest::string::string_regex(alphabet).unwrap_or_else(|_| proptest::string::string_regex(".*").unwrap()),
        1 => any::<String>(),
    ]
}

// ---- what every error must be ----------------------------------------------

fn check_message(text: &str, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{what}: a raw control character in the message: {text:?}"
    );
    prop_assert!(text.chars().count() <= 3000, "{what}: a message of {} characters", text.chars().count());
    for internal in [
        "Option<",
        "DuplicateKeyPolicy",
        "budget breached",
        "Spanned<",
        "struct FileDoc",
        "struct ScenarioDoc",
        "struct ExpectDoc",
    ] {
        prop_assert!(!text.contains(internal), "{what}: the message shows `{internal}`: {text}");
    }
    Ok(())
}

/// A notation error is placed inside its text (or just past its end).
fn check_notation_error(e: &NotationError, text: &str) -> Result<(), TestCaseError> {
    prop_assert!(e.line >= 1 && e.col >= 1, "{e:?}");
    let lines = text.split('\n').count();
    prop_assert!(e.line <= lines + 1, "error on line {} of a text of {lines} lines: {e:?}", e.line);
    let line = text.split('\n').nth(e.line - 1).unwrap_or("");
    prop_assert!(
        e.col <= line.chars().count() + 2,
        "error at column {} of a line of {}: {e:?} in {text:?}",
        e.col,
        line.chars().count()
    );
    check_message(&e.message, "notation")
}

// ---- seeds -------------------------------------------------------------------

fn files_under(dir: &str, ext: &str) -> Vec<PathBuf> {
    fn walk(p: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        if let Ok(entries) = std::fs::read_dir(p) {
            let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for e in entries {
                if e.is_dir() {
                    walk(&e, ext, out);
                } else if e.extension().is_some_and(|x| x == ext) {
                    out.push(e);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(ROOT).join(dir), ext, &mut out);
    out
}

fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| Catalog::builtin().expect("the built-in catalog"))
}

/// The spec's scenarios, loaded once.
fn spec_scenarios() -> &'static [Scenario] {
    static S: OnceLock<Vec<Scenario>> = OnceLock::new();
    S.get_or_init(|| {
        let mut out = Vec::new();
        for f in files_under("spec", "yaml") {
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            if let Ok(file) = loader::load_str(&f, &text, catalog(), &Options::new(), &rulecheck::oracle::REGISTRY) {
                out.extend(file.scenarios);
            }
        }
        out
    })
}

/// Scenario files to mutate: the small ones of the spec and every fixture.
fn scenario_seeds() -> &'static [String] {
    static S: OnceLock<Vec<String>> = OnceLock::new();
    S.get_or_init(|| {
        let mut paths = files_under("fixtures/good", "yaml");
        paths.extend(files_under("fixtures/bad", "yaml"));
        paths.extend(files_under("spec", "yaml").into_iter().filter(|p| {
            !p.components().any(|c| c.as_os_str() == "rules")
                && std::fs::metadata(p).map(|m| m.len() < 6_000).unwrap_or(false)
        }));
        paths.iter().filter_map(|p| std::fs::read(p).ok()).map(|b| String::from_utf8_lossy(&b).into_owned()).collect()
    })
}

/// A game under some house rules, by variant.
struct Setting {
    variant: &'static str,
    options: Options,
    game: Box<dyn Game>,
}

fn settings() -> &'static [Setting] {
    static S: OnceLock<Vec<Setting>> = OnceLock::new();
    S.get_or_init(|| {
        let mut out = Vec::new();
        let with =
            |pairs: &[(&str, &str)]| -> Options { pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect() };
        let mut all: Vec<(&'static str, Options)> =
            registry::variants().iter().map(|v| (v.info().id, Options::new())).collect();
        all.push(("english", with(&[("no-progress", "wcdf")])));
        all.push(("chinese-checkers", with(&[("players", "3")])));
        all.push(("chinese-checkers", with(&[("players", "6")])));
        all.push(("chinese-checkers", with(&[("form", "japanese"), ("players", "3")])));
        all.push(("konane", with(&[("size", "6")])));
        all.push(("konane", with(&[("size", "16")])));
        for (variant, options) in all {
            if let Ok(game) = registry::configure(variant, &options) {
                out.push(Setting { variant, options, game });
            }
        }
        out
    })
}

/// Positions of each setting: its start, the spec's positions of its
/// variant (those it reads), and their diagrams.
fn position_seeds() -> &'static [Vec<String>] {
    static S: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    S.get_or_init(|| {
        settings()
            .iter()
            .map(|s| {
                let mut v = vec![s.game.start_position()];
                for sc in spec_scenarios().iter().filter(|sc| sc.variant == s.variant) {
                    if let Some(p) = &sc.position {
                        if s.game.normalize_position(p).is_ok() && !v.contains(p) && v.len() < 40 {
                            v.push(p.clone());
                        }
                    }
                }
                let diagrams: Vec<String> = v.iter().filter_map(|p| s.game.diagram(p).ok()).take(12).collect();
                v.extend(diagrams);
                v
            })
            .collect()
    })
}

/// Moves of each setting: the legal moves of its positions and the moves
/// the spec writes.
fn move_seeds() -> &'static [Vec<String>] {
    static S: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    S.get_or_init(|| {
        settings()
            .iter()
            .zip(position_seeds())
            .map(|(s, positions)| {
                let mut v: Vec<String> = Vec::new();
                for p in positions.iter().take(20) {
                    if let Ok(r) = s.game.replay(p, &[]) {
                        v.extend(r.moves.into_iter().take(6));
                    }
                }
                for sc in spec_scenarios().iter().filter(|sc| sc.variant == s.variant).take(40) {
                    v.extend(sc.play.iter().map(|a| a.value.to_string()).take(4));
                }
                v.extend(["resign by black".to_string(), "claim-draw by white".into(), "pass".into()]);
                v.sort();
                v.dedup();
                v
            })
            .collect()
    })
}

fn leak<T>(v: Vec<T>) -> &'static [T] {
    Box::leak(v.into_boxed_slice())
}

// ---- targets -----------------------------------------------------------------

/// Inputs that failed once, kept for every run.
const SCENARIO_REGRESSIONS: &[&[u8]] = &[
    b"variant: konane\npage: konane.hi\nscenarios:\n  - name: a\n    clauses: [konane.move.jump]\n    position: \"18446744073709551615 b\"\n    expect: {moves: [a1-a3]}\n",
    b"variant: english\npage: checkers.hi\nscenarios:\n  - name: a\n    clauses: [english.setup.first]\n    expect: {perft: {99999999999: 1}}\n",
    b"variant: english\npage: checkers.hi\nscenarios:\n  - name: \xff\n",
    b"",
    b"variant: english\npage: checkers.hi\nscenarios:\n  - name: a\n    clauses: [english.setup.first]\n    expect: {moves: [9-13]}\n    variants: {\"russian\": {moves: [c3-d4]}}\n",
];

fn check_scenario_bytes(bytes: &[u8]) -> Result<(), TestCaseError> {
    let lines = bytes.split(|&b| b == b'\n').count();
    match loader::load_bytes(Path::new("fuzzed.yaml"), bytes, catalog(), &Options::new(), &rulecheck::oracle::REGISTRY)
    {
        Ok(file) => {
            for s in &file.scenarios {
                prop_assert!(s.loc.line >= 1 && s.loc.line <= lines, "scenario placed at {:?}", s.loc);
            }
        }
        Err(errors) => {
            prop_assert!(!errors.is_empty());
            for e in &errors {
                prop_assert!(e.loc.line >= 1 && e.loc.col >= 1, "{e:?}");
                prop_assert!(e.loc.line <= lines + 1, "an error on line {} of {lines}: {e}", e.loc.line);
                check_message(&e.to_string(), "scenario file")?;
            }
        }
    }
    Ok(())
}

#[test]
fn fuzz_scenario_files() {
    for r in SCENARIO_REGRESSIONS {
        check_scenario_bytes(r).unwrap_or_else(|e| panic!("regression {:?}: {e}", String::from_utf8_lossy(r)));
    }
    let seeds = scenario_seeds();
    let strategy = prop_oneof![
        8 => mutated(seeds),
        1 => prop::collection::vec(any::<u8>(), 0..300),
    ];
    fuzz("scenario files", 20, strategy, |bytes| check_scenario_bytes(&bytes));
}

const POSITION_REGRESSIONS: &[(&str, &str)] = &[
    ("konane", "18446744073709551615 b"),
    ("konane", "99999999999 b"),
    ("konane", "0/8/8/8/8/8/8/8 b"),
    ("english", "B:W1-4294967296"),
    ("english", "B:W99999999999999999999999"),
    ("english", "B:W21:B9:np=99999999999999999999"),
    ("chinese-checkers", "1/1:q1/2:a1/turns=4294967295.4294967295"),
    ("chinese-checkers", "1/1:q1/2:a1/best=256.0"),
    ("chinese-checkers", "1/1:q1/2:a1/finished=1.1.1.1.1.1.1.1"),
];

fn check_position(s: &Setting, text: &str) -> Result<(), TestCaseError> {
    match s.game.normalize_position(text) {
        Ok(canonical) => {
            let again = s.game.normalize_position(&canonical);
            prop_assert_eq!(again.as_ref(), Ok(&canonical), "{}: not idempotent for {:?}", s.variant, text);
            let diagram = s.game.diagram(&canonical);
            prop_assert!(diagram.is_ok(), "{}: no diagram of {canonical}", s.variant);
            let diagram = diagram.unwrap_or_default();
            let back = s.game.normalize_position(&diagram);
            prop_assert_eq!(
                back.as_ref(),
                Ok(&canonical),
                "{}: the diagram does not read back:\n{}",
                s.variant,
                diagram
            );
            prop_assert!(s.game.svg(&canonical).is_ok());
            let _ = s.game.replay(&canonical, &[]);
        }
        Err(e) => check_notation_error(&e, text)?,
    }
    Ok(())
}

#[test]
fn fuzz_positions_and_diagrams() {
    for (variant, text) in POSITION_REGRESSIONS {
        for s in settings().iter().filter(|s| s.variant == *variant) {
            check_position(s, text).unwrap_or_else(|e| panic!("regression {variant} {text:?}: {e}"));
        }
    }
    for (i, s) in settings().iter().enumerate() {
        let seeds = leak(position_seeds()[i].clone());
        let alphabet = "[BWKbw0-9a-q:,\\-./= \\n_]{0,60}";
        fuzz(&format!("positions of {} {:?}", s.variant, s.options), 1, text_input(seeds, alphabet), |text| {
            check_position(s, &text)
        });
    }
}

const MOVE_REGRESSIONS: &[(&str, &str)] = &[
    ("konane", "a99999999999-a1"),
    ("konane", "-z1"),
    ("english", "11-99999999999999999999"),
    ("english", "1x5x1x5x1x5x1x5x1x5x1x5x1x5x1x5"),
    ("chinese-checkers", "q99999999999-p1"),
    (
        "chinese-checkers",
        "resign by seat 18446744073709551615184467440737095516151844674407370955161518446744073709551615",
    ),
    ("english", "resign by blackblackblackblackblackblackblackblackblackblackblackblackblackblackblack"),
];

fn check_move(s: &Setting, position: &str, text: &str) -> Result<(), TestCaseError> {
    if let Err(e) = s.game.check_move(text) {
        check_notation_error(&e, text.trim())?;
    }
    if let Err(e) = s.game.move_key(position, text) {
        check_message(&e.message, "move key")?;
    }
    let action = expect::parse_play(text).map(|st| st.action).unwrap_or_else(|_| Action::Move(text.to_string()));
    match s.game.replay(position, std::slice::from_ref(&action)) {
        Ok(r) => prop_assert!(s.game.normalize_position(&r.position).is_ok(), "{}: {}", s.variant, r.position),
        Err(e) => check_message(&e.to_string(), "replay")?,
    }
    if let Err(e) = s.game.explain(position, &[], &action) {
        check_message(&e.to_string(), "explain")?;
    }
    Ok(())
}

#[test]
fn fuzz_moves() {
    for (variant, text) in MOVE_REGRESSIONS {
        for s in settings().iter().filter(|s| s.variant == *variant) {
            check_move(s, &s.game.start_position(), text)
                .unwrap_or_else(|e| panic!("regression {variant} {text}: {e}"));
        }
    }
    for (i, s) in settings().iter().enumerate() {
        let positions = leak(position_seeds()[i].iter().filter(|p| !p.contains('\n')).cloned().collect());
        let moves = leak(move_seeds()[i].clone());
        let strategy = (
            0..positions.len(),
            text_input(moves, "[a-q0-9x:\\- ]{0,24}|(resign|offer-draw|claim-draw) by [a-z0-9 ]{0,8}"),
        );
        fuzz(&format!("moves of {} {:?}", s.variant, s.options), 2, strategy, |(p, text)| {
            check_move(s, &positions[p], &text)
        });
    }
}

/// Notation texts that failed once, kept for every run.
const NOTATION_REGRESSIONS: &[&str] = &[
    "1st: seat 2, 2nd: seat 3, 18446744073709551615184467440737095516151844674407370955161518446744073709551615184467440737095516151844674407370955161518446744073709551615th: seat 1",
];

fn check_notation(text: &str) -> Result<(), TestCaseError> {
    for r in [
        expect::parse_play(text).err(),
        expect::parse_illegal(text).err(),
        expect::parse_result(text).err(),
        expect::parse_player(text).err(),
    ]
    .into_iter()
    .flatten()
    {
        check_notation_error(&r, text)?;
    }
    if let Ok((r, _)) = expect::parse_result(text) {
        prop_assert!(expect::parse_result(&r.to_string()).is_ok(), "{r} does not read back");
    }
    Ok(())
}

#[test]
fn fuzz_play_illegal_and_result_notation() {
    for r in NOTATION_REGRESSIONS {
        check_notation(r).unwrap_or_else(|e| panic!("regression {r:?}: {e}"));
    }
    let seeds = leak(vec![
        "11-15".to_string(),
        "resign by black".into(),
        "9-5: man-backward".into(),
        "claim-draw by black: no-draw-claim".into(),
        "black wins: no-moves".into(),
        "draw: repetition".into(),
        "1st: seat 2, 2nd: seat 3, 3rd: seat 1 (no-progress)".into(),
        "seat 2".into(),
        "ongoing".into(),
    ]);
    fuzz("play, illegal, result and player notation", 1, text_input(seeds, ".{0,40}"), |text| check_notation(&text));
}

/// PDN games to mutate: every game of the real files on its own, and the
/// malformed fixtures.
fn pdn_seeds() -> &'static [(String, String)] {
    static S: OnceLock<Vec<(String, String)>> = OnceLock::new();
    S.get_or_init(|| {
        let mut out = Vec::new();
        for (file, variant) in
            [("english.pdn", "english"), ("russian.pdn", "russian"), ("international.pdn", "international")]
        {
            let text = std::fs::read_to_string(Path::new(ROOT).join("fixtures/pdn").join(file)).unwrap_or_default();
            for game in text.split("\n[Event").skip(1).take(8) {
                out.push((variant.to_string(), format!("[Event{game}")));
            }
        }
        for f in files_under("fixtures/pdn/bad", "pdn") {
            out.push((
                "english".to_string(),
                String::from_utf8_lossy(&std::fs::read(f).unwrap_or_default()).into_owned(),
            ));
        }
        out
    })
}

const PDN_REGRESSIONS: &[&str] = &[
    "[Result \"0-1\"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n1. 11-15 *",
    "1. 11-15 ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((",
    "[Black Anderson] [Result \"*\"] ) 1. 11-15 *",
    "1. 11-15 (2. 9-14 {open ) *",
    "[FEN \"18446744073709551615 b\"]\n1. 11-15 *",
    "[Result \"- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -\"]\n1. 11-15 *",
    "1. 11-15 23-18 2. 184467440737095516151844674407370955161518446744073709551615184467440737095516151844674407370955161518446744073709551615-1 *",
    "1. 11-15 23-18 2. 9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14x9x14 *",
    "[Event \"\u{e}\u{1b}[2J\"]\n[GameType \"\u{7}\"]\n1. 11-15 *",
];

fn check_pdn(variant: &str, text: &str) -> Result<(), TestCaseError> {
    match rulecheck::pdn::replay_str(variant, &Options::new(), text) {
        Ok(reports) => {
            for r in &reports {
                check_message(&r.to_string(), "PDN report")?;
                for m in &r.moves {
                    prop_assert!(m.loc.line >= 1 && m.loc.col >= 1);
                }
            }
        }
        Err(e) => {
            let text = e.to_string();
            prop_assert!(text.lines().count() <= 101, "{} lines of problems", text.lines().count());
            for line in text.lines() {
                check_message(line, "PDN error")?;
            }
        }
    }
    Ok(())
}

#[test]
fn fuzz_pdn() {
    for r in PDN_REGRESSIONS {
        check_pdn("english", r).unwrap_or_else(|e| panic!("regression {r:?}: {e}"));
    }
    let seeds = pdn_seeds();
    let texts = leak(seeds.iter().map(|(_, t)| t.clone()).collect());
    let strategy = (0..seeds.len(), mutated(texts).prop_map(|b| String::from_utf8_lossy(&b).into_owned()));
    fuzz("PDN games", 10, strategy, |(i, text)| check_pdn(&seeds[i].0, &text));
}

/// Protocol requests to mutate: every kind but perft (whose depth a
/// mutation could make astronomically deep; its bound has its own test),
/// for every setting, from its positions and with its moves.
fn request_seeds() -> &'static [String] {
    static S: OnceLock<Vec<String>> = OnceLock::new();
    S.get_or_init(|| {
        let mut out =
            vec![r#"{"request":"hello","id":1,"protocol":1}"#.to_string(), r#"{"request":"quit","id":9}"#.into()];
        for (i, s) in settings().iter().enumerate() {
            let position = position_seeds()[i].get(1).cloned();
            let moves: Vec<String> = move_seeds()[i].iter().take(2).cloned().collect();
            let setup = serde_json::json!({"variant": s.variant, "options": s.options, "position": position});
            for (kind, extra) in [
                ("moves", serde_json::json!({"actions": []})),
                ("play", serde_json::json!({"actions": moves})),
                ("explain", serde_json::json!({"actions": [], "action": moves.first().cloned().unwrap_or_default()})),
            ] {
                let mut req = setup.clone();
                req["request"] = kind.into();
                req["id"] = (i + 2).into();
                if let (Some(r), Some(e)) = (req.as_object_mut(), extra.as_object()) {
                    r.extend(e.clone());
                }
                out.push(req.to_string());
            }
        }
        out
    })
}

fn check_serve(input: &[u8]) -> Result<(), TestCaseError> {
    // A mutated perft request could ask for a count that takes forever:
    // the bound of 64 plies is its own test; here depths stay small.
    let text = String::from_utf8_lossy(input);
    if text.contains("perft") {
        return Ok(());
    }
    let mut out = Vec::new();
    let result = serve::serve(
        input,
        &mut out,
        "fuzz",
        &serve::reference_games,
        &serve::Served::default(),
        serve::DEFAULT_PERFT_BUDGET,
    );
    prop_assert!(result.is_ok(), "{result:?}");
    let answers = String::from_utf8_lossy(&out).into_owned();
    let requests = input.split(|&b| b == b'\n').filter(|l| !String::from_utf8_lossy(l).trim().is_empty()).count();
    let mut n = 0;
    for line in answers.lines() {
        n += 1;
        let r: Result<Response, _> = serde_json::from_str(line);
        prop_assert!(r.is_ok(), "an answer that is not a response: {line}");
        if let Some(e) = r.ok().and_then(|r| r.error) {
            check_message(&e, "serve")?;
        }
    }
    // One answer a request, up to a quit.
    prop_assert!(n <= requests, "{n} answers to {requests} requests");
    Ok(())
}

#[test]
fn fuzz_protocol_requests() {
    check_serve(
        b"{\"request\":\"play\",\"id\":1,\"variant\":\"konane\",\"position\":\"18446744073709551615 b\"}\n\xff\xfe\n",
    )
    .unwrap_or_else(|e| panic!("regression: {e}"));
    let seeds = request_seeds();
    let lines = (prop::collection::vec(mutated(seeds), 1..4)).prop_map(|ls| ls.join(&b'\n'));
    fuzz("protocol requests", 2, lines, |input| check_serve(&input));
}

/// An engine answering with fuzzed responses.
struct Fuzzed {
    replay: Result<Replay, EngineError>,
    explain: Explanation,
    perft: Option<u64>,
}

impl Engine for Fuzzed {
    fn name(&self) -> String {
        "fuzzed".into()
    }
    fn replay(&mut self, _: &Setup<'_>, _: &[Action]) -> Result<Replay, EngineError> {
        self.replay.clone()
    }
    fn explain(&mut self, _: &Setup<'_>, _: &[Action], _: &Action) -> Result<Explanation, EngineError> {
        Ok(self.explain.clone())
    }
    fn perft(&mut self, _: &Setup<'_>, _: u32) -> Result<Option<u64>, EngineError> {
        Ok(self.perft)
    }
}

/// Engine answers to mutate: the reference's own answers to the spec.
fn response_seeds() -> &'static [String] {
    static S: OnceLock<Vec<String>> = OnceLock::new();
    S.get_or_init(|| {
        let mut out = Vec::new();
        for sc in spec_scenarios().iter().step_by(7) {
            let Ok(g) = registry::configure(&sc.variant, &sc.options) else { continue };
            let start = sc.position.clone().unwrap_or_else(|| g.start_position());
            let actions: Vec<Action> = sc.play.iter().map(|a| a.value.clone()).collect();
            if let Ok(r) = g.replay(&start, &actions) {
                let resp = Response {
                    id: 1,
                    position: Some(r.position),
                    to_move: Some(r.to_move),
                    result: Some(r.result),
                    moves: Some(r.moves),
                    accepted: Some(false),
                    reason: Some("must-capture".into()),
                    nodes: Some(7),
                    ..Response::default()
                };
                out.push(serde_json::to_string(&resp).unwrap_or_default());
            }
        }
        out.push(r#"{"id":1,"refused":{"index":0,"reason":"illegal"}}"#.into());
        out
    })
}

fn check_answer(scenario: &Scenario, line: &[u8]) -> Result<(), TestCaseError> {
    let Ok(text) = std::str::from_utf8(line) else { return Ok(()) };
    let Ok(r) = serde_json::from_str::<Response>(text) else { return Ok(()) };
    let replay = match (&r.refused, r.position, r.to_move, r.result, r.moves) {
        (Some(f), ..) => {
            Err(EngineError::Rejected(Rejection { index: f.index, reason: f.reason.clone(), position: String::new() }))
        }
        (None, Some(position), Some(to_move), Some(result), Some(moves)) => {
            Ok(Replay { position, to_move, result, moves })
        }
        _ => Err(EngineError::Failed("out of protocol".into())),
    };
    let explain = match r.accepted {
        Some(true) => Explanation::Accepted,
        _ => Explanation::Refused(r.reason),
    };
    let mut engine = Fuzzed { replay, explain, perft: r.nodes };
    let v = oracle::check(scenario, &mut engine);
    for f in &v.failures {
        for line in f.detail().lines() {
            prop_assert!(!line.chars().any(|c| c.is_control()), "oracle: a raw control character in {line:?}");
            prop_assert!(line.chars().count() <= 4010, "oracle: a line of {} characters", line.chars().count());
        }
    }
    Ok(())
}

#[test]
fn fuzz_engine_answers() {
    let scenarios = spec_scenarios();
    // Scenarios without deep perft, so that each check stays quick.
    let cheap = leak(
        scenarios
            .iter()
            .filter(|s| s.expect.get::<Perft>().is_none_or(|p| p.counts.iter().all(|&(d, _)| d <= 3)))
            .step_by(3)
            .cloned()
            .collect::<Vec<_>>(),
    );
    let strategy = (0..cheap.len(), mutated(response_seeds()));
    fuzz("engine answers", 4, strategy, |(i, line)| check_answer(&cheap[i], &line));
}
