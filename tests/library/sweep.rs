//! The sweep of endings and refusals (`spec/sweep.md`) held to the spec,
//! and the engines it was written against: each faulty engine below makes
//! a mistake real engines made, and passed the spec before the scenarios
//! that catch it were written. The oracle's rules for a finished game's
//! turn and for counters no rule reads are checked here too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rulecheck::catalog::Catalog;
use rulecheck::engine::{self, Engine, Explanation, Setup};
use rulecheck::game::{Action, Options, Replay, Variant};
use rulecheck::oracle;
use rulecheck::oracle::kinds::ToMove;
use rulecheck::scenario::{Scenario, ScenarioFile};

use crate::support::declaring::spec;
use crate::support::faulty::Faulty;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `<dir>/<file>.yaml::<name>`, as the sweep table and the spec test name
/// scenarios.
fn key(file: &ScenarioFile, s: &Scenario) -> String {
    let rel = file.path.strip_prefix(root().join("spec")).unwrap_or(&file.path);
    let rel: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    format!("{}::{}", rel.join("/"), s.name)
}

/// The scenarios of some variants an engine fails, by key.
fn failed(files: &[ScenarioFile], variants: &[&str], engine: &mut dyn Engine) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for f in files {
        for s in f.scenarios.iter().filter(|s| variants.contains(&s.variant.as_str())) {
            if !oracle::check(s, engine).passed() {
                out.insert(key(f, s));
            }
        }
    }
    out
}

fn missing<'a>(caught: &BTreeSet<String>, wanted: &[&'a str]) -> Vec<&'a str> {
    wanted.iter().copied().filter(|w| !caught.contains(*w)).collect()
}

/// The spec's scenarios of `variants` run against `engine` fail every one
/// of `wanted` (the scenarios that did fail are printed, to see which
/// others caught it).
fn assert_caught(variants: &[&str], engine: &mut dyn Engine, wanted: &[&str]) {
    let caught = failed(&spec(), variants, engine);
    println!("caught by: {caught:#?}");
    assert_eq!(missing(&caught, wanted), Vec::<&str>::new());
}

// ---------------------------------------------------------------------------
// The sweep table.

/// One row of the sweep table: the case, the scenario that asks it, and
/// the clause it cites for it.
struct Row {
    line: usize,
    case: String,
    scenario: String,
    clause: String,
}

/// The rows of every table in `spec/sweep.md` with the columns case,
/// scenario, clause; the scenario and the clause in backticks.
fn sweep_rows() -> Vec<Row> {
    let text = std::fs::read_to_string(root().join("spec/sweep.md")).expect("spec/sweep.md");
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if !line.starts_with('|') || line.starts_with("|---") || line.starts_with("| case") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 3, "spec/sweep.md:{}: a row has three cells: {line}", i + 1);
        let ticked = |c: &str| c.strip_prefix('`').and_then(|c| c.strip_suffix('`')).map(str::to_string);
        let (Some(scenario), Some(clause)) = (ticked(cells[1]), ticked(cells[2])) else {
            panic!("spec/sweep.md:{}: the scenario and the clause go in backticks: {line}", i + 1)
        };
        rows.push(Row { line: i + 1, case: cells[0].to_string(), scenario, clause });
    }
    rows
}

/// Every row names a scenario of the spec that cites the row's clause, a
/// clause of the catalog; every case is asked once.
#[test]
fn the_sweep_table_names_scenarios_that_exist_and_cite_its_clauses() {
    let files = spec();
    let catalog = Catalog::builtin().expect("catalog");
    let cited: BTreeMap<String, Vec<String>> = files
        .iter()
        .flat_map(|f| f.scenarios.iter().map(move |s| (key(f, s), s.clauses.iter().map(|c| c.value.clone()).collect())))
        .collect();
    let rows = sweep_rows();
    assert!(rows.len() >= 100, "the sweep has {} rows", rows.len());
    let mut problems = Vec::new();
    let mut cases = BTreeMap::new();
    for r in &rows {
        if let Some(first) = cases.insert(r.case.clone(), r.line) {
            problems.push(format!("line {}: the case '{}' is asked twice (line {first})", r.line, r.case));
        }
        if catalog.clause(&r.clause).is_none() {
            problems.push(format!("line {}: no clause '{}' in spec/rules", r.line, r.clause));
        }
        match cited.get(&r.scenario) {
            None => problems.push(format!("line {}: no scenario '{}'", r.line, r.scenario)),
            Some(clauses) if !clauses.contains(&r.clause) => problems.push(format!(
                "line {}: '{}' cites {} but not {}",
                r.line,
                r.scenario,
                clauses.join(", "),
                r.clause
            )),
            Some(_) => {}
        }
    }
    assert!(problems.is_empty(), "spec/sweep.md:\n{}", problems.join("\n"));
}

/// Once the game is over the oracle does not compare whose turn it is, so
/// a scenario that expects one there would hold nothing.
#[test]
fn no_scenario_expects_a_turn_after_the_game_is_over() {
    let mut dead = Vec::new();
    for f in spec() {
        for s in &f.scenarios {
            if s.expect.get::<ToMove>().is_none() {
                continue;
            }
            let game = rulecheck::registry::configure(&s.variant, &s.options).expect("a variant");
            let start = s.position.clone().unwrap_or_else(|| game.start_position());
            let played: Vec<Action> = s.play.iter().map(|p| p.value.clone()).collect();
            let r = game.replay(&start, &played).expect("the play is legal");
            if r.result != "ongoing" {
                dead.push(key(&f, s));
            }
        }
    }
    assert!(dead.is_empty(), "to-move after the end of the game, never compared: {dead:#?}");
}

// ---------------------------------------------------------------------------
// Faulty engines.

/// The position with the other side to move (draughts FEN and Konane).
fn other_to_move(variant: &str, position: &str) -> Option<String> {
    if variant == "konane" {
        let (board, side) = position.rsplit_once(' ')?;
        return Some(format!("{board} {}", if side == "b" { "w" } else { "b" }));
    }
    let rest = position.strip_prefix("W:").map(|r| format!("B:{r}"));
    rest.or_else(|| position.strip_prefix("B:").map(|r| format!("W:{r}")))
}

/// The mistake of two engines: after each move they look at the side that
/// has just moved, and a side without a move loses even when it is not its
/// turn, while the opponent can still move.
fn mover_blocked_loses(inner: &mut engine::InProcess, setup: &Setup<'_>, r: Replay) -> Replay {
    if r.result != "ongoing" {
        return r;
    }
    let Some(flipped) = other_to_move(setup.variant, &r.position) else { return r };
    let other = Setup { variant: setup.variant, options: setup.options, position: Some(&flipped) };
    match inner.replay(&other, &[]) {
        Ok(o) if o.moves.is_empty() && o.result.ends_with("wins: no-moves") => {
            Replay { result: format!("{} wins: no-moves", r.to_move), moves: Vec::new(), ..r }
        }
        _ => r,
    }
}

const MOVER_BLOCKED: &[&str] = &[
    "english/endings.yaml::a move that leaves the mover's own men blocked does not lose while the opponent can move",
    "pool/endings.yaml::a move that leaves the mover's own men blocked does not lose while the opponent can move",
    "russian/endings.yaml::a move that leaves the mover's own men blocked does not lose while the opponent can move",
    "international/endings.yaml::a move that leaves the mover's own men blocked does not lose while the opponent can move",
    "turkish/endings.yaml::a move that leaves the mover's own men blocked does not lose while the opponent can move",
    "konane/endings.yaml::a jump that leaves the mover without a jump does not lose while the opponent can jump",
];

#[test]
fn an_engine_that_makes_a_blocked_mover_lose_fails_the_sweep() {
    let mut engine = Faulty { replay: mover_blocked_loses, ..Faulty::new("mover blocked loses") };
    let variants = ["english", "pool", "russian", "international", "turkish", "konane"];
    assert_caught(&variants, &mut engine, MOVER_BLOCKED);
}

const MUTUAL_BLOCK: &[&str] = &[
    "english/endings.yaml::both sides blocked with black to move, black has lost",
    "english/endings.yaml::both sides blocked with white to move, white has lost",
    "english/endings.yaml::a move that blocks both sides wins for the mover",
    "pool/endings.yaml::both sides blocked with black to move, black has lost",
    "pool/endings.yaml::both sides blocked with white to move, white has lost",
    "pool/endings.yaml::a move that blocks both sides wins for the mover",
    "russian/endings.yaml::both sides blocked with black to move, black has lost",
    "russian/endings.yaml::both sides blocked with white to move, white has lost",
    "russian/endings.yaml::a move that blocks both sides wins for the mover",
    "international/endings.yaml::both sides blocked with black to move, black has lost",
    "international/endings.yaml::both sides blocked with white to move, white has lost",
    "international/endings.yaml::a move that blocks both sides wins for the mover",
];

/// The other engine's mistake: when both sides are blocked it draws, as
/// Turkish draughts does, in variants where the side to move loses.
#[test]
fn an_engine_that_draws_a_mutual_block_fails_the_sweep() {
    use rulecheck::draughts::Blocked;
    let mut engine = engine::InProcess::new(
        "mutual block draws",
        Box::new(|id, options| {
            let v = rulecheck::draughts::variant(id)?;
            let mut rules = v.rules(options);
            if rules.blocked == Blocked::Loses {
                rules.blocked = Blocked::LosesUnlessMutual;
            }
            Some(rulecheck::draughts::game(v.info().id, rules, v.notation()))
        }),
    );
    assert_caught(&["english", "pool", "russian", "international"], &mut engine, MUTUAL_BLOCK);
}

/// An engine that never ends a Chinese checkers game as blocked: it asks
/// whether anyone at the table can move, finished seats included, whose
/// men still could, so it passes the walled-in seats on and on and reports
/// the game as going on.
fn never_blocked(_: &mut engine::InProcess, _: &Setup<'_>, r: Replay) -> Replay {
    if r.result == "draw: blocked" {
        Replay { result: "ongoing".into(), ..r }
    } else {
        r
    }
}

const CC_BLOCKED: &[&str] = &[
    "chinese-checkers/intl-turns.yaml::when nobody still playing can move the game is drawn",
    "chinese-checkers/intl-turns.yaml::the same walled-in table with seat 2 to move is drawn as well",
    "chinese-checkers/intl-turns.yaml::a move that finishes a seat and walls in everyone still playing draws the game",
];

#[test]
fn an_engine_that_never_draws_a_blocked_chinese_checkers_table_fails_the_sweep() {
    let mut engine = Faulty { replay: never_blocked, ..Faulty::new("never blocked") };
    assert_caught(&["chinese-checkers"], &mut engine, CC_BLOCKED);
}

/// A Konane cell's content in a position string: `b`, `w` or `.`.
fn konane_cell(position: &str, file: i32, rank: i32) -> Option<char> {
    let board = position.split(' ').next()?;
    let ranks: Vec<&str> = board.split('/').collect();
    let row = ranks.get(ranks.len().checked_sub(usize::try_from(rank).ok()?)?)?;
    let mut cells = Vec::new();
    let mut run = 0;
    for c in row.chars() {
        match c.to_digit(10) {
            Some(d) => run = run * 10 + d as usize,
            None => {
                cells.extend(std::iter::repeat_n('.', std::mem::take(&mut run)));
                cells.push(c);
            }
        }
    }
    cells.extend(std::iter::repeat_n('.', run));
    cells.get(usize::try_from(file).ok()?.checked_sub(1)?).copied()
}

/// `d4` as (4, 4).
fn konane_square(text: &str) -> Option<(i32, i32)> {
    let mut chars = text.chars();
    let file = i32::from(u8::try_from(chars.next()?).ok()?) - i32::from(b'a') + 1;
    Some((file, chars.as_str().parse().ok()?))
}

/// The Konane engine that plays a jump of an odd length: a move of three
/// (or five...) cells in a line over an enemy stone into an empty cell is
/// taken, the stone next to the start deleted.
fn odd_jumps(
    inner: &mut engine::InProcess,
    setup: &Setup<'_>,
    played: &[Action],
    action: &Action,
) -> Option<Explanation> {
    let Action::Move(m) = action else { return None };
    let (from, to) = m.split_once('-')?;
    let ((f0, r0), (f1, r1)) = (konane_square(from)?, konane_square(to)?);
    let len = (f1 - f0).abs().max((r1 - r0).abs());
    if (f1 != f0 && r1 != r0) || len < 3 || len % 2 == 0 {
        return None;
    }
    let position = inner.replay(setup, played).ok()?.position;
    let me = if position.ends_with(" b") { 'b' } else { 'w' };
    let next = konane_cell(&position, f0 + (f1 - f0).signum(), r0 + (r1 - r0).signum())?;
    let start = konane_cell(&position, f0, r0)?;
    let landing = konane_cell(&position, f1, r1)?;
    (start == me && next != me && next != '.' && landing == '.').then_some(Explanation::Accepted)
}

#[test]
fn an_engine_that_plays_odd_length_konane_jumps_fails_the_sweep() {
    let mut engine = Faulty { explain: odd_jumps, ..Faulty::new("odd-length jumps") };
    let wanted = [
        "konane/jumps.yaml::a stone jumps two cells in all four directions, and a move of three cells is no jump",
        "konane/jumps.yaml::a move of three cells over an enemy stone and an own stone is no jump",
    ];
    assert_caught(&["konane"], &mut engine, &wanted);
}

// ---------------------------------------------------------------------------
// The oracle: a finished game's turn, counters no rule reads.

fn scenario_file(src: &str) -> ScenarioFile {
    let catalog = Catalog::builtin().expect("catalog");
    rulecheck::scenario::loader::load_str(
        Path::new("inline.yaml"),
        src,
        &catalog,
        &Options::new(),
        &rulecheck::oracle::REGISTRY,
    )
    .unwrap_or_else(|e| panic!("{e:?}"))
}

fn verdicts(file: &ScenarioFile, engine: &mut dyn Engine) -> Vec<(String, bool)> {
    file.scenarios.iter().map(|s| (s.name.clone(), oracle::check(s, engine).passed())).collect()
}

/// The replay with the other side to move, in `to_move` and in the position.
fn turn_flipped(setup: &Setup<'_>, r: Replay) -> Replay {
    let to_move = if r.to_move == "black" { "white" } else { "black" }.to_string();
    let position = other_to_move(setup.variant, &r.position).expect("a position with a side to move");
    Replay { to_move, position, ..r }
}

/// An engine that, once the game is over, keeps the turn with the side
/// that made the last move.
fn turn_kept_at_the_end(_: &mut engine::InProcess, setup: &Setup<'_>, r: Replay) -> Replay {
    if r.result == "ongoing" {
        r
    } else {
        turn_flipped(setup, r)
    }
}

/// An engine that gives the turn to the wrong side all the time.
fn turn_always_wrong(_: &mut engine::InProcess, setup: &Setup<'_>, r: Replay) -> Replay {
    turn_flipped(setup, r)
}

#[test]
fn whose_turn_it_is_is_compared_only_while_the_game_goes_on() {
    let file = scenario_file(
        r#"variant: english
page: checkers.hi
scenarios:
  - name: black blocks white's last man, and the turn is white's
    clauses: [english.end.no-moves]
    position: "B:W29:B21,22"
    play: [21-25]
    expect:
      result: "black wins: no-moves"
      to-move: white
      after: "W:W29:B22,25"
  - name: the other step leaves white a move, and the turn is white's
    clauses: [english.end.no-moves]
    position: "B:W29:B21,22"
    play: [22-26]
    expect:
      result: ongoing
      to-move: white
      after: "W:W29:B21,26"
"#,
    );
    let mut reference = engine::reference();
    assert!(verdicts(&file, &mut reference).iter().all(|(_, ok)| *ok));
    let mut at_the_end = Faulty { replay: turn_kept_at_the_end, ..Faulty::new("turn kept at the end") };
    assert_eq!(
        verdicts(&file, &mut at_the_end),
        [
            ("black blocks white's last man, and the turn is white's".to_string(), true),
            ("the other step leaves white a move, and the turn is white's".to_string(), true),
        ]
    );
    let mut always = Faulty { replay: turn_always_wrong, ..Faulty::new("turn always wrong") };
    assert_eq!(
        verdicts(&file, &mut always),
        [
            ("black blocks white's last man, and the turn is white's".to_string(), true),
            ("the other step leaves white a move, and the turn is white's".to_string(), false),
        ]
    );
}

/// A Chinese checkers engine that keeps no counters of its own.
fn no_counters(inner: &mut engine::InProcess, setup: &Setup<'_>, r: Replay) -> Replay {
    let _ = inner;
    let game = rulecheck::registry::configure(setup.variant, setup.options).expect("a variant");
    let position = game.clear_counters(&r.position, &["turns", "quiet", "best"]).expect("its own position");
    Replay { position, ..r }
}

#[test]
fn chinese_checkers_counters_are_compared_only_under_the_rules_that_read_them() {
    let file = scenario_file(
        r#"variant: chinese-checkers
page: chinese-checkers.hi
scenarios:
  - name: no move limit and no no-progress limit
    clauses: [cc.end.move-limit]
    options: {move-limit: "off", no-progress: "off"}
    play: [n1-m5, d1-e5]
    expect:
      after: "1/1:m5,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5/turns=1.1,quiet=2"
  - name: a move limit reads the turns
    clauses: [cc.end.move-limit]
    options: {move-limit: 10, no-progress: "off"}
    play: [n1-m5, d1-e5]
    expect:
      after: "1/1:m5,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5/turns=1.1,quiet=2"
  - name: a no-progress limit reads the quiet turns
    clauses: [cc.end.no-progress]
    options: {move-limit: "off", no-progress: 100}
    play: [n1-m5, d1-e5]
    expect:
      after: "1/1:m5,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5/turns=1.1,quiet=2"
"#,
    );
    let mut reference = engine::reference();
    assert!(verdicts(&file, &mut reference).iter().all(|(_, ok)| *ok), "{:?}", verdicts(&file, &mut reference));
    let mut forgetful = Faulty { replay: no_counters, ..Faulty::new("no counters") };
    let got: Vec<bool> = verdicts(&file, &mut forgetful).into_iter().map(|(_, ok)| ok).collect();
    assert_eq!(got, [true, false, false]);
}
