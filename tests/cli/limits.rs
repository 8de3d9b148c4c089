//! Numbers and sizes that a user or an engine controls, everywhere they
//! arrive: on the command line, in `serve` requests, and in an engine's
//! answers. Each one out of range is refused with a message that says what
//! to write, never a panic or an abort. And the parsers' work stays linear
//! in their input: the line index that locates errors and moves counts the
//! work it does, and the tests bound that count (no test here times
//! anything).

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use rulecheck::catalog::Catalog;
use rulecheck::engine::{self, Engine, EngineError, Explanation, Setup};
use rulecheck::game::{Action, Options, Rejection, Replay};
use rulecheck::oracle;
use rulecheck::scenario::loader;
use rulecheck_text::line_index_work;

use crate::support::inputs::{english_scenarios, pdn_games};
use crate::support::process;
use process::{piped, rulecheck, ROOT};

// ---- the command line ------------------------------------------------------

#[test]
fn konane_run_lengths_on_the_command_line_are_bounded() {
    for run in ["18446744073709551615", "99999999999", "17", "0"] {
        let position = format!("{run} b");
        for cmd in ["show", "moves"] {
            let o = rulecheck(&[cmd, "konane", &position]).bad_input();
            assert!(o.stderr.contains(&format!("{run} empty cells in a row")), "{cmd} {position}:\n{}", o.all());
            assert!(o.stderr.contains("1 to 16"), "{}", o.all());
        }
    }
}

#[test]
fn numbers_in_positions_on_the_command_line_are_bounded() {
    let cases = [
        ("english", "B:W99999999999999999999999:B9", "square 99999999999999999999999 is not on the board"),
        ("english", "B:W21-4294967296:B9", "range 21-4294967296 is not an ascending range"),
        ("english", "B:W21:B9:np=65536", "np=65536: a counter is a whole number of plies from 0 to 65535"),
        ("english", "B:W21:Bc99999999999:np=1", "c99999999999 is not on a 8x8 board"),
        ("chinese-checkers", "1/1:q99999999999/2:a1", "q99999999999 is not a hole"),
        ("chinese-checkers", "1/1:q1/2:a1/quiet=99999999999", "quiet is a whole number of turns from 0 to 1000000000"),
        (
            "chinese-checkers",
            "1/1:q1/2:a1/turns=99999999999.0",
            "turns: '99999999999' is not a whole number from 0 to 1000000000",
        ),
        ("chinese-checkers", "1/1:q1/2:a1/best=256.0", "best: '256' is not a whole number from 0 to 10"),
    ];
    for (variant, position, words) in cases {
        let o = rulecheck(&["show", variant, position]).bad_input();
        assert!(o.stderr.contains(words), "{variant} {position}:\n{}", o.all());
    }
}

#[test]
fn a_huge_position_is_quoted_shortened() {
    let position = format!("B:W{}", "1,".repeat(5000));
    let o = rulecheck(&["show", "english", &position]).bad_input();
    assert!(o.stderr.len() < 1000, "the message quotes the whole position:\n{}", o.all());
    assert!(o.stderr.contains("characters)"), "{}", o.all());
    let o = rulecheck(&["show", "english", "B:W21\u{1b}[2J"]).bad_input();
    assert!(!o.stderr.contains('\u{1b}'), "a raw escape reached the terminal:\n{:?}", o.stderr);
    assert!(o.stderr.contains("\\u{1b}[2J"), "{}", o.all());
}

#[test]
fn perft_depths_and_run_options_are_bounded() {
    let o = rulecheck(&["perft", "english", "4000000000"]).bad_input();
    assert!(o.stderr.contains("depth 4000000000 is beyond 64"), "{}", o.all());
    let o = rulecheck(&["perft", "konane", "99999999999999999999"]).bad_input();
    assert!(o.stderr.contains("beyond 64"), "{}", o.all());
    let o = rulecheck(&["perft", "english", "abc"]).bad_input();
    assert!(o.stderr.contains("is not a whole number"), "{}", o.all());
    for bad in ["0", "100000", "-3"] {
        let o = rulecheck(&["run", &format!("--jobs={bad}"), "fixtures/good/minimal.yaml"]).bad_input();
        assert!(o.stderr.contains("number of jobs from 1 to 256"), "--jobs={bad}:\n{}", o.all());
    }
}

// ---- serve -----------------------------------------------------------------

/// Feed `rulecheck serve` some input and read its answers, one JSON value a
/// line.
fn serve(input: &[u8]) -> (Option<i32>, Vec<serde_json::Value>, String) {
    let mut child = piped(&["serve"]).stdin(Stdio::piped()).spawn().expect("rulecheck serve starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("rulecheck serve ends");
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let answers = stdout.lines().map(|l| serde_json::from_str(l).expect("every answer is JSON")).collect();
    (out.status.code(), answers, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn serve_bounds_what_a_request_controls() {
    let mut input = Vec::new();
    input.extend_from_slice(
        br#"{"request":"play","id":1,"variant":"konane","position":"18446744073709551615 b"}
{"request":"perft","id":2,"variant":"english","depth":4000000000}
"#,
    );
    input.extend_from_slice(b"{\"request\":\"moves\",\"id\":3,\"variant\":\"english\",\"position\":\"B:W21\xff\"}\n");
    input.extend_from_slice(
        format!("{{\"request\":\"moves\",\"id\":4,\"variant\":\"{}\"}}\n", "x".repeat(5000)).as_bytes(),
    );
    input.extend_from_slice(
        br#"{"request":"play","id":5,"variant":"english","actions":["11-99999999999999999999"]}
{"request":"moves","id":6,"variant":"konane"}
{"request":"quit","id":7}
"#,
    );
    let (code, answers, stderr) = serve(&input);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(answers.len(), 7, "one answer a request: {answers:?}");
    let error = |i: usize| answers[i]["error"].as_str().unwrap_or_default().to_string();
    assert!(error(0).contains("18446744073709551615 empty cells in a row"), "{}", answers[0]);
    assert!(error(1).contains("depth 4000000000 is beyond 64"), "{}", answers[1]);
    assert!(error(2).contains("not UTF-8"), "{}", answers[2]);
    assert!(error(3).contains("unknown variant"), "{}", answers[3]);
    assert!(error(3).len() < 400, "the error quotes the whole request: {}", error(3));
    assert!(error(4).contains("square 99999999999999999999 is not on the board"), "{}", answers[4]);
    assert_eq!(answers[5]["moves"].as_array().map(Vec::len), Some(4), "serve goes on after bad lines");
}

// ---- an engine's answers -----------------------------------------------------

fn run_against(mode: &str, spec: &str) -> process::Outcome {
    rulecheck(&["run", "--engine", &format!("python3 fixtures/engines/faulty.py {mode}"), "--timeout", "20", spec])
}

#[test]
fn numbers_in_an_engines_answers_are_bounded() {
    let o = run_against("konane-overflow", "spec/konane/opening.yaml");
    assert!(!o.stderr.contains("panicked") && !o.stdout.contains("panicked"), "{}", o.all());
    // A position that cannot be read is out of protocol: an engine error.
    assert_eq!(o.code, Some(3), "the engine's answers are engine errors:\n{}", o.all());
    assert!(o.stdout.contains("empty cells in a row"), "{}", o.all());
    let o = run_against("bad-index", "spec/english/men.yaml");
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    assert_eq!(o.code, Some(3), "a refusal past the actions sent is out of protocol:\n{}", o.all());
    assert!(o.stdout.contains("out of protocol: the refused action's index is 18446744073709551615"), "{}", o.all());
}

/// An in-process engine that answers whatever it is given.
struct Liar {
    replay: Replay,
    refusal_index: Option<usize>,
    perft: u64,
}

impl Engine for Liar {
    fn name(&self) -> String {
        "liar".into()
    }
    fn replay(&mut self, _: &Setup<'_>, _: &[Action]) -> Result<Replay, EngineError> {
        match self.refusal_index {
            Some(index) => Err(EngineError::Rejected(Rejection { index, reason: "x".into(), position: String::new() })),
            None => Ok(self.replay.clone()),
        }
    }
    fn explain(&mut self, _: &Setup<'_>, _: &[Action], _: &Action) -> Result<Explanation, EngineError> {
        Ok(Explanation::Refused(Some("\u{1b}[2J".repeat(1000))))
    }
    fn perft(&mut self, _: &Setup<'_>, _: u32) -> Result<Option<u64>, EngineError> {
        Ok(Some(self.perft))
    }
}

#[test]
fn the_oracle_survives_any_answer() {
    let catalog = Catalog::builtin().unwrap();
    let text = std::fs::read_to_string(Path::new(ROOT).join("spec/konane/opening.yaml")).unwrap();
    let file =
        loader::load_str(Path::new("opening.yaml"), &text, &catalog, &Options::new(), &rulecheck::oracle::REGISTRY)
            .unwrap();
    let answers = [
        ("18446744073709551615 b", "black", "ongoing", vec!["-a1".to_string()]),
        ("8/8/8/8/8/8/8/8 b", "seat 9", "nobody wins: \u{7}", vec!["99999999999-a1".into(), "-q99".into()]),
        ("", "", "", vec![String::new(); 3]),
    ];
    for (position, to_move, result, moves) in answers {
        for refusal_index in [None, Some(usize::MAX), Some(0)] {
            let mut liar = Liar {
                replay: Replay {
                    position: position.into(),
                    to_move: to_move.into(),
                    result: result.into(),
                    moves: moves.clone(),
                },
                refusal_index,
                perft: u64::MAX,
            };
            let failed = file.scenarios.iter().filter(|s| !oracle::check(s, &mut liar).passed()).count();
            assert!(failed > 0, "a liar passes every scenario: {position:?} {refusal_index:?}");
        }
    }
    // The reference engine, for contrast, passes.
    let mut reference = engine::reference();
    assert!(file.scenarios.iter().all(|s| oracle::check(s, &mut reference).passed()));
}

// ---- linear work ---------------------------------------------------------------

/// Line-index work per byte of input while `f` runs.
fn work_per_byte(bytes: usize, f: impl FnOnce()) -> f64 {
    let before = line_index_work();
    f();
    (line_index_work() - before) as f64 / bytes as f64
}

#[test]
fn pdn_parsing_locates_every_move_in_linear_work() {
    let small = pdn_games(500);
    let large = pdn_games(8000);
    let mut counts = (0, 0);
    let a = work_per_byte(small.len(), || counts.0 = rulecheck::pdn::parse(&small).map(|g| g.len()).unwrap_or(0));
    let b = work_per_byte(large.len(), || counts.1 = rulecheck::pdn::parse(&large).map(|g| g.len()).unwrap_or(0));
    assert_eq!(counts, (500, 8000));
    // Every move and tag is located, yet the work per byte stays flat as
    // the file grows sixteen-fold (a scan from the start for each place
    // would grow with the file: thousands of units a byte here).
    assert!(b < 40.0, "{b} units of work a byte");
    assert!(b < a * 1.5, "work per byte grows with the file: {a} then {b}");
}

#[test]
fn replaying_many_games_reads_the_file_once() {
    let text = pdn_games(2000);
    let reports = rulecheck::pdn::replay_str("english", &Options::new(), &text).unwrap();
    assert_eq!(reports.len(), 2000);
    assert!(reports.iter().all(|r| r.ok()), "{}", reports[0]);
    assert_eq!(reports[1999].moves.len(), 5, "the variation's moves are skipped");
    assert_eq!((reports[1999].moves[4].loc.line, reports[1999].moves[4].loc.col), (1999 * 4 + 3, 61));
}

#[test]
fn unclosed_variations_are_read_in_one_pass() {
    // Each '(' used to start a search to the end of the file for its ')':
    // 100,000 of them never finished.
    let text = format!("[Event \"x\"]\n1. 11-15 {}\n", "(".repeat(100_000));
    let problems = match rulecheck::pdn::parse(&text) {
        Err(p) => p,
        Ok(_) => panic!("an unclosed variation parses"),
    };
    assert_eq!(problems.len(), 1, "{:?}", &problems[..problems.len().min(3)]);
    assert_eq!((problems[0].loc.line, problems[0].loc.col), (2, 10));
    assert!(problems[0].message.contains("never closed"));
    let text = format!("1. 11-15 {}{}{} *", "(".repeat(50_000), "{", ")".repeat(50_000));
    assert!(rulecheck::pdn::parse(&text).is_err());
}

/// A scenario file of `n` scenarios, each with an error in a move (located
/// inside its scalar) and one in a perft depth (located at its key).
fn erroneous_scenarios(n: usize) -> String {
    english_scenarios(n, "    expect: {moves: [\"9-99\"], perft: {x: 1}}\n")
}

#[test]
fn checking_many_erroneous_scenarios_is_linear() {
    let catalog = Catalog::builtin().unwrap();
    let check = |text: &str| {
        let errors =
            loader::load_str(Path::new("many.yaml"), text, &catalog, &Options::new(), &rulecheck::oracle::REGISTRY)
                .err()
                .unwrap_or_default();
        errors.len()
    };
    let small = erroneous_scenarios(300);
    let large = erroneous_scenarios(6000);
    let mut counts = (0, 0);
    let a = work_per_byte(small.len(), || counts.0 = check(&small));
    let b = work_per_byte(large.len(), || counts.1 = check(&large));
    assert_eq!(counts, (600, 12000), "one error for each move and each perft key");
    assert!(b < 40.0, "{b} units of work a byte");
    assert!(b < a * 1.5, "work per byte grows with the file: {a} then {b}");
    // The places are right at the end of the file too.
    let errors =
        loader::load_str(Path::new("many.yaml"), &large, &catalog, &Options::new(), &rulecheck::oracle::REGISTRY)
            .unwrap_err();
    let last = errors.last().unwrap();
    assert_eq!((last.loc.line, last.loc.col), (3 + 5999 * 3 + 3, 39), "{last}");
}
