//! Fuzzing that reaches where bugs are: from a given position or from the
//! positions a scenario file reaches, against engines that keep other
//! counters, with shrunk finds written from one ply before the parting, and
//! at a cost that grows with a game's length, not its square.

use std::cell::Cell;
use std::path::Path;

use rulecheck::engine::{self, Engine, EngineError, Explanation, Setup};
use rulecheck::game::{Action, Options, Replay};
use rulecheck_fuzz::{self as fuzz, Counters, Fuzzed, Plan};

use crate::support::process;
use process::{piped, rulecheck, ROOT};

fn served(args: &str) -> String {
    format!("{} serve {args}", env!("CARGO_BIN_EXE_rulecheck"))
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = Path::new(ROOT).join("target").join("fuzzing-test").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

/// The scenario file fuzz printed, written to a scratch file: it loads,
/// the reference passes it, and the engine fuzzed fails it.
fn passes_the_reference_and_catches(scenario: &str, engine: &str, name: &str) {
    let file = scratch(name).join("found.yaml");
    std::fs::write(&file, scenario).expect("write");
    let path = file.to_string_lossy().into_owned();
    rulecheck(&["run", &path]).ok();
    rulecheck(&["run", "--engine", engine, &path]).exits(1);
}

/// A draw rule that only shows forty plies into a quiet ending is out of
/// reach of games from the opening, and found at once from the ending; the
/// scenario written starts one ply before the parting, counters and all,
/// and the reference passes it while the engine fails it.
#[test]
fn fuzzing_from_an_ending_finds_what_games_from_the_opening_cannot() {
    let engine = served("--deviate automatic-no-progress-limit-doubled");
    let args = ["fuzz", "english", "--engine", &engine, "--games", "30", "--plies", "10"];
    rulecheck(&args).ok();
    let mut from = args.to_vec();
    from.extend(["--from", "W:WK1,K3:BK30,K32:np=36"]);
    let o = rulecheck(&from).exits(1);
    assert!(o.stderr.contains("the scenario starts one ply before it"), "{}", o.all());
    assert!(o.stdout.contains("    position: \"") && o.stdout.contains(":np=39\""), "{}", o.all());
    assert!(o.stdout.contains("    play: [\""), "{}", o.all());
    assert!(o.stdout.contains("draw: forty-move"), "{}", o.all());
    passes_the_reference_and_catches(&o.stdout, &engine, "ending");
}

/// `--from-file` fuzzes from every position the scenarios of a file reach.
#[test]
fn fuzzing_from_a_scenario_file_starts_where_its_scenarios_are() {
    let engine = served("--deviate automatic-no-progress-limit-doubled");
    let o = rulecheck(&[
        "fuzz",
        "english",
        "--engine",
        &engine,
        "--games",
        "60",
        "--plies",
        "12",
        "--from-file",
        "spec/english/draws-by-play.yaml",
    ]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    assert!(o.stderr.contains("fuzzing from ") && o.stderr.contains("reached by the scenarios"), "{}", o.all());
    let o = rulecheck(&["fuzz", "english", "--engine", &engine, "--from-file", "spec/russian/men.yaml"]).bad_input();
    assert!(o.stderr.contains("no scenario of these files is a english game"), "{}", o.all());
    let o = rulecheck(&["fuzz", "english", "--engine", &engine, "--from", "W:W99:B1"]).bad_input();
    assert!(o.stderr.contains("--from"), "{}", o.all());
}

/// An engine that writes no counters parts from the reference on every
/// position with one, unless only the counters it writes are compared: then
/// the counters left out are named.
#[test]
fn an_engine_without_counters_is_compared_on_what_both_keep() {
    let engine = format!("python3 {ROOT}/fixtures/engines/rewrite.py no-counters {}", served(""));
    let base =
        ["fuzz", "english", "--engine", &engine, "--games", "5", "--plies", "8", "--from", "W:WK1,K3:BK30,K32:np=6"];
    let o = rulecheck(&base).exits(1);
    assert!(o.stderr.contains("the position differs"), "{}", o.all());
    let mut common = base.to_vec();
    common.extend(["--counters", "common"]);
    let o = rulecheck(&common).ok();
    assert!(o.stdout.contains("agree"), "{}", o.all());
    assert!(o.stderr.contains("counter 'np' left out of the comparison at "), "{}", o.all());
}

/// `games` games of up to `plies` moves from the variant's start, every
/// counter compared, no deviation known.
fn plan<'a>(variant: &'a str, options: &'a Options, games: u32, seed: u64, plies: usize) -> Plan<'a> {
    Plan { variant, options, starts: Vec::new(), games, seed, plies, counters: Counters::All, known: Vec::new() }
}

/// The reference, counting the moves it is asked to replay.
struct Tally<'a> {
    inner: engine::InProcess,
    actions: &'a Cell<usize>,
    requests: &'a Cell<usize>,
}

impl Engine for Tally<'_> {
    fn name(&self) -> String {
        "tally".into()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        self.actions.set(self.actions.get() + actions.len());
        self.requests.set(self.requests.get() + 1);
        self.inner.replay(setup, actions)
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        self.inner.explain(setup, played, action)
    }
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        self.inner.perft(setup, depth)
    }
}

/// A game of n moves costs the engine about 3n moves replayed (one request
/// a step of one move, and the whole game once), not n²/2: a slow adapter
/// can be fuzzed with long games.
#[test]
fn the_cost_of_a_game_grows_with_its_length_not_its_square() {
    let actions = Cell::new(0);
    let requests = Cell::new(0);
    let mut e = Tally { inner: engine::reference(), actions: &actions, requests: &requests };
    let options = Options::new();
    let plies = 400;
    let plan = plan("international", &options, 4, 7, plies);
    let report = fuzz::fuzz(&mut e, &plan, &|| {}).expect("fuzzing runs");
    assert!(matches!(report.outcome, Fuzzed::Agree), "{:?}", report.outcome);
    let per_game = actions.get() / 4;
    assert!(requests.get() > 4 * 20, "the games are long: {} requests", requests.get());
    assert!(per_game <= 3 * plies + 8, "{per_game} moves replayed a game of at most {plies} moves");
}

/// An engine whose men capture backward in English checkers and that
/// writes every move and position in algebraic notation: the diff printed
/// names only the moves that differ, each once, in the reference's
/// notation; a move written two ways is one move.
#[test]
fn moves_are_compared_and_printed_by_identity_not_spelling() {
    let make = rulecheck::mutation::deviant("men-capturing-backward-flipped").expect("a deviation");
    let mut e = engine::InProcess::new(
        "algebraic",
        Box::new(move |variant, options| {
            let mut g = make(variant, options).ok()?;
            g.set_notation("algebraic").ok()?;
            Some(g)
        }),
    );
    let options = Options::new();
    let plan = plan("english", &options, 50, 1, 60);
    let report = fuzz::fuzz(&mut e, &plan, &|| {}).expect("fuzzing runs");
    let Fuzzed::Disagree(d) = report.outcome else { panic!("{:?}", report.outcome) };
    let changed: Vec<&str> = d
        .detail
        .lines()
        .filter(|l| (l.starts_with('+') || l.starts_with('-')) && !l.starts_with("+++") && !l.starts_with("---"))
        .collect();
    assert!(!d.extra.is_empty(), "{}", d.detail);
    assert_eq!(changed.len(), d.extra.len() + d.missing.len(), "{}", d.detail);
    assert!(
        changed.iter().all(|l| l[1..].bytes().all(|b| b.is_ascii_digit() || b == b'x' || b == b'-')),
        "{}",
        d.detail
    );
}

/// An engine whose Russian men cannot capture backward lacks moves: the
/// scenario cites the clause of the rule that makes them legal (found as
/// the reference's rule whose single deviation refuses them), not a
/// placeholder, and it loads and catches the engine.
#[test]
fn a_scenario_for_missing_moves_cites_their_clauses() {
    let engine = served("--deviate men-capturing-backward-flipped");
    let o = rulecheck(&["fuzz", "russian", "--engine", &engine, "--games", "50", "--seed", "1"]).exits(1);
    assert!(!o.stdout.contains("TO CITE"), "{}", o.all());
    assert!(o.stdout.contains("russian.capture.man-backward"), "{}", o.all());
    passes_the_reference_and_catches(&o.stdout, &engine, "missing");
}

/// An engine that lists the right moves but, asked, accepts a man's
/// backward step: games of legal moves alone never see it; the illegal
/// moves offered at each ply do, and the scenario written expects the move
/// `illegal`, loads, passes the reference and fails the engine.
#[test]
fn an_engine_that_accepts_an_illegal_move_is_caught() {
    let engine = format!("python3 {ROOT}/fixtures/engines/lenient.py man-backward {}", served(""));
    let o = rulecheck(&["fuzz", "english", "--engine", &engine, "--games", "30", "--seed", "1"]).exits(1);
    assert!(o.stderr.contains("which the reference refuses (man-backward)"), "{}", o.all());
    assert!(o.stdout.contains("      illegal: [\"") && o.stdout.contains(": man-backward\"]"), "{}", o.all());
    passes_the_reference_and_catches(&o.stdout, &engine, "lenient");
    // The honest engine refuses every move offered, and says so.
    let o = rulecheck(&["fuzz", "english", "--engine", &served(""), "--games", "5", "--seed", "1"]).ok();
    assert!(o.stderr.contains("the engine refused every move the reference refuses"), "{}", o.all());
}

/// A move the reference cannot read is the engine out of protocol (exit
/// 3), in fuzz and in perft --engine, not a rule disagreement.
#[test]
fn unreadable_moves_are_engine_errors() {
    let engine = format!("python3 {ROOT}/fixtures/engines/rewrite.py unreadable {}", served(""));
    let o = rulecheck(&["fuzz", "english", "--engine", &engine, "--games", "3"]).exits(3);
    assert!(o.stderr.contains("cannot be read") && o.stdout.is_empty(), "{}", o.all());
    let o = rulecheck(&["perft", "english", "3", "--engine", &engine]).exits(3);
    assert!(o.stderr.contains("cannot be read"), "{}", o.all());
}

/// What fuzz writes loads: an engine's refusal whose reason holds a
/// carriage return is quoted in the file's comments escaped, and a
/// disagreement whose scenario would not load is refused, not written.
#[test]
fn fuzz_writes_only_scenarios_that_load() {
    let engine = format!("python3 {ROOT}/fixtures/engines/rewrite.py refuse-at 5 {}", served(""));
    let o = rulecheck(&["fuzz", "english", "--engine", &engine, "--games", "5"]).exits(1);
    let d = scratch("loads");
    let file = d.join("found.yaml");
    std::fs::write(&file, &o.stdout).expect("write");
    rulecheck(&["check", "--no-coverage", &file.to_string_lossy()]).ok();
    let options = Options::new();
    let bogus = fuzz::Disagreement {
        start: "B:W21-32:B1-12".into(),
        moves: Vec::new(),
        detail: "the engine accepts 9-14".into(),
        extra: Vec::new(),
        missing: Vec::new(),
        accepted: Some(("9-14".into(), "no-such-reason".into())),
        from: "B:W21-32:B1-12".into(),
        play: Vec::new(),
    };
    let err = fuzz::scenario("english", &options, &bogus, None).expect_err("a file that does not load");
    assert!(err.contains("does not load"), "{err}");
}

/// SIGTERM stops fuzzing with exit code 5 (not 3: the engine ended by the
/// stop did not fail), saying how many games agreed before it.
#[test]
fn a_signal_stops_fuzzing_with_exit_code_5() {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    let d = scratch("signal");
    let marker = d.join("engine.pid");
    let engine = format!("python3 {ROOT}/fixtures/engines/rewrite.py stall-at 150 {} {}", marker.display(), served(""));
    let mut child = piped(&["fuzz", "english", "--engine", &engine, "--games", "100", "--timeout", "1000"])
        .spawn()
        .expect("rulecheck starts");
    let hang = std::time::Duration::from_secs(300);
    let started = std::time::Instant::now();
    while !marker.exists() {
        if started.elapsed() > hang || child.try_wait().ok().flatten().is_some() {
            let _ = child.kill();
            panic!("the engine never stalled: {:?}", child.wait_with_output());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let pid = Pid::from_raw(i32::try_from(child.id()).expect("a pid"));
    kill(pid, Signal::SIGTERM).expect("signal rulecheck");
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(hang);
        let _ = kill(pid, Signal::SIGKILL);
    });
    let out = child.wait_with_output().expect("rulecheck ends");
    drop(watchdog);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(5), "{stderr}");
    let agreed: u32 = stderr
        .split("stopped by SIGTERM after ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count of games: {stderr}"));
    assert!(agreed >= 1 && stderr.contains(&format!("after {agreed} of 100 games agreed")), "{stderr}");
}

/// A Czech engine whose flying king lands on any square beyond the piece
/// it jumps: random play shows the reading within a few games when the
/// reference plays the default. Served declaring that reading alone
/// (`serve -o king-landing=any`), it is fuzzed under it: the reference
/// takes what the engine declares, names the reading, and the two agree;
/// `-o` on fuzz sets the reference's value, which that engine does not play.
#[test]
fn the_reference_plays_the_readings_the_engine_declares() {
    let mut e = engine::InProcess::new(
        "any landing",
        Box::new(|variant, options| {
            let mut o = options.clone();
            o.insert("king-landing".into(), "any".into());
            rulecheck::registry::configure(variant, &o).ok()
        }),
    );
    let options = Options::new();
    let plan = plan("czech", &options, 30, 1, 60);
    let report = fuzz::fuzz(&mut e, &plan, &|| {}).expect("fuzzing runs");
    assert!(matches!(report.outcome, Fuzzed::Disagree(_)), "{:?}", report.outcome);
    let engine = served("-o king-landing=any");
    let o = rulecheck(&["fuzz", "czech", "--engine", &engine, "--games", "30"]).ok();
    assert!(o.stdout.contains("agree"), "{}", o.all());
    assert!(o.stderr.contains("king-landing=any (a reading of czech.king.flying)"), "{}", o.all());
    rulecheck(&["fuzz", "czech", "-o", "king-landing=continuing", "--engine", &engine, "--games", "3"]).exits(4);
    // A house rule as a reading: English checkers without the capture duty.
    let o = rulecheck(&["fuzz", "english", "--engine", &served("-o mandatory-capture=off"), "--games", "30"]).ok();
    assert!(o.stderr.contains("mandatory-capture=off"), "{}", o.all());
}

/// An engine's expected-failures list (`run --bless` over the spec's
/// English scenarios) stands for the one deviation the engine plays: fuzz
/// takes it as known, says so, and goes past the difference. A list of one
/// file's run stands for no deviation, since the deviation fails scenarios
/// beside it: fuzz says which listed scenarios nothing explains and the
/// nearest miss, and stops at the difference as without a list. A list
/// is judged over the built-in spec where there is no spec/.
#[test]
fn fuzzing_goes_past_the_deviations_an_expected_failures_list_stands_for() {
    let engine = served("--deviate capture-duty-flipped");
    let list = scratch("expected-failures").join("engine.expected-failures");
    let l = list.to_string_lossy().into_owned();
    rulecheck(&["run", "--engine", &engine, "spec/english", "spec/compare", "--bless", &l]).ok();
    let args = ["fuzz", "english", "--engine", &engine, "--games", "30", "--expected-failures", &l];
    let o = rulecheck(&args).ok();
    assert!(o.stdout.contains("the engine and the reference agree"), "{}", o.all());
    o.stderr_has("--expected-failures: capture-duty-flipped taken as known: it fails ");
    o.stderr_has("known difference (capture-duty-flipped)");
    assert!(!o.stderr.contains("explained by no deviation"), "{}", o.all());
    rulecheck(&["run", "--engine", &engine, "spec/english/captures.yaml", "--bless", &l]).ok();
    let o = rulecheck(&args).exits(1);
    o.stderr_has("--expected-failures: 4 of 4 listed english scenarios explained by no deviation");
    o.stderr_has("--expected-failures: capture-duty-flipped fails 4 scenarios listed, but also ");
    o.stderr_has("the legal moves differ");
    // With no spec/ here, the list is judged over the built-in spec alike.
    let elsewhere = process::rulecheck_in(&scratch("expected-failures-no-spec"), &args, 60);
    assert_eq!(elsewhere.code, Some(1), "{}", elsewhere.all());
    elsewhere.stderr_has("--expected-failures: 4 of 4 listed english scenarios explained by no deviation");
}

/// The readings fuzz names are those of the run's catalog: under a
/// `--catalog` whose Czech page keeps no readings, the rule the reference
/// takes from the engine is named as a house rule alone.
#[test]
fn fuzzing_names_the_readings_of_the_catalog_given() {
    let rules = scratch("catalog-readings").join("rules");
    std::fs::create_dir_all(&rules).expect("rules dir");
    for e in std::fs::read_dir(Path::new(ROOT).join("spec/rules")).expect("spec/rules") {
        let p = e.expect("entry").path();
        std::fs::copy(&p, rules.join(p.file_name().expect("name"))).expect("copy");
    }
    let czech = rules.join("czech.yaml");
    let text = std::fs::read_to_string(&czech).expect("czech catalog");
    let cut = text.split("\nreadings:\n").next().expect("a page").to_string() + "\n";
    std::fs::write(&czech, cut).expect("edited catalog");
    let engine = served("-o king-landing=any");
    let dir = rules.to_string_lossy().into_owned();
    let o = rulecheck(&["--catalog", &dir, "fuzz", "czech", "--engine", &engine, "--games", "3"]).ok();
    o.stderr_has("the reference plays what the engine declares alone: king-landing=any");
    assert!(!o.stderr.contains("a reading of"), "{}", o.all());
}

/// An engine known to play one deviation stops at it unless told so with
/// `--known`: then the difference is reported once as known, the games go
/// on past it, and no new disagreement is found. A name that is no
/// deviation of the variant is refused.
#[test]
fn fuzzing_goes_past_a_known_deviation() {
    let engine = served("--deviate capture-duty-flipped");
    let args = ["fuzz", "english", "--engine", &engine, "--games", "30"];
    let o = rulecheck(&args).exits(1);
    assert!(o.stderr.contains("the legal moves differ"), "{}", o.all());
    let mut known = args.to_vec();
    known.extend(["--known", "capture-duty-flipped"]);
    let o = rulecheck(&known).ok();
    assert!(
        o.stdout.contains("30 games of up to 60 moves (seed 1): the engine and the reference agree"),
        "{}",
        o.all()
    );
    assert_eq!(
        o.stderr.matches("known difference (capture-duty-flipped), first seen after ").count(),
        1,
        "{}",
        o.all()
    );
    let o = rulecheck(&["fuzz", "english", "--engine", &served(""), "--known", "no-such-rule"]).bad_input();
    assert!(o.stderr.contains("--known no-such-rule: not a deviation of english"), "{}", o.all());
}
