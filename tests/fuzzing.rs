//! Fuzzing that reaches where bugs are: from a given position or from the
//! positions a scenario file reaches, against engines that keep other
//! counters, with shrunk finds written from one ply before the parting, and
//! at a cost that grows with a game's length, not its square.

use std::cell::Cell;
use std::path::Path;

use rulecheck::engine::{self, Engine, EngineError, Explanation, Setup};
use rulecheck::fuzz::{self, Counters, Fuzzed, Plan};
use rulecheck::game::{Action, Options, Replay};

#[path = "support/process.rs"]
mod process;
use process::{rulecheck, ROOT};

fn served(args: &str) -> String {
    format!("{} serve {args}", env!("CARGO_BIN_EXE_rulecheck"))
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = Path::new(ROOT).join("target").join("fuzzing-test").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
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
    let o = rulecheck(&from);
    assert_eq!(o.code, Some(1), "{}", o.all());
    assert!(o.stderr.contains("the scenario starts one ply before it"), "{}", o.all());
    assert!(o.stdout.contains("    position: \"") && o.stdout.contains(":np=39\""), "{}", o.all());
    assert!(o.stdout.contains("    play: [\""), "{}", o.all());
    assert!(o.stdout.contains("draw: forty-move"), "{}", o.all());
    let d = scratch("ending");
    let file = d.join("found.yaml");
    std::fs::write(&file, &o.stdout).expect("write");
    let path = file.to_string_lossy().into_owned();
    rulecheck(&["run", &path]).ok();
    let caught = rulecheck(&["run", "--engine", &engine, &path]);
    assert_eq!(caught.code, Some(1), "{}", caught.all());
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
    let o = rulecheck(&base);
    assert_eq!(o.code, Some(1), "{}", o.all());
    assert!(o.stderr.contains("the position differs"), "{}", o.all());
    let mut common = base.to_vec();
    common.extend(["--counters", "common"]);
    let o = rulecheck(&common).ok();
    assert!(o.stdout.contains("agree"), "{}", o.all());
    assert!(o.stderr.contains("counter 'np' left out of the comparison at "), "{}", o.all());
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
    let plan = Plan {
        variant: "international",
        options: &options,
        starts: Vec::new(),
        games: 4,
        seed: 7,
        plies,
        counters: Counters::All,
    };
    let report = fuzz::fuzz(&mut e, &plan, &|| {}).expect("fuzzing runs");
    assert!(matches!(report.outcome, Fuzzed::Agree), "{:?}", report.outcome);
    let per_game = actions.get() / 4;
    assert!(requests.get() > 4 * 20, "the games are long: {} requests", requests.get());
    assert!(per_game <= 3 * plies + 8, "{per_game} moves replayed a game of at most {plies} moves");
}
