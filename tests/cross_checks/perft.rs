//! The reference engine against the perft tables of `spec/perft/`: the
//! published tables of the draughts variants, and self-computed counts
//! where no table is published (Chinese checkers and Konane: regression
//! values, cross-checked by plain generators, not outside truth), each
//! file naming its sources. Rows beyond `TEST_NODES` leaves are measured
//! in `cargo bench` instead. Then `rulecheck perft-table`, which holds an
//! engine to the same files, and perft's own properties.

use std::path::{Path, PathBuf};

use rulecheck::game;
use rulecheck::perft::tables::{self, Answer, Verdict, TEST_NODES};
use rulecheck::registry;

use crate::support::process;
use process::rulecheck;

/// The perft tables, `spec/perft/<variant>.yaml`: every row of at most
/// [`TEST_NODES`] leaves is counted by the reference and held to the
/// table; the rows above are measured, and checked, by `cargo bench`.
fn check_tables(file: &str) {
    let path = spec_perft().join(file);
    let tables = tables::load(&path).unwrap_or_else(|e| panic!("{}", e[0]));
    let checked = tables::check(&tables, TEST_NODES, &mut |t, depth| t.reference_count(depth).map(Answer::Count));
    assert!(checked.broke.is_none(), "{file}: {:?}", checked.broke);
    let failed: Vec<String> = checked
        .rows
        .iter()
        .filter(|r| r.verdict == Verdict::Fail)
        .map(|r| format!("{}, depth {}: {:?} against {}", tables[r.table].name, r.depth, r.got, r.expected))
        .collect();
    assert!(failed.is_empty(), "{file}: {failed:#?}");
    assert!(checked.rows.iter().any(|r| r.verdict == Verdict::Pass), "{file}: no row within the test budget");
}

fn spec_perft() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/perft")
}

/// One test a table file, so that they count side by side.
macro_rules! table_tests {
    ($($name:ident: $file:literal),* $(,)?) => {
        $(#[test] fn $name() { check_tables($file); })*
        /// Every file of spec/perft has its test above.
        const TABLE_FILES: &[&str] = &[$($file),*];
    };
}

table_tests! {
    english_tables: "english.yaml",
    russian_tables: "russian.yaml",
    pool_tables: "pool.yaml",
    brazilian_tables: "brazilian.yaml",
    thai_tables: "thai.yaml",
    canadian_tables: "canadian.yaml",
    killer_tables: "killer.yaml",
    international_tables: "international.yaml",
    czech_tables: "czech.yaml",
    spanish_tables: "spanish.yaml",
    italian_tables: "italian.yaml",
    frisian_tables: "frisian.yaml",
    turkish_tables: "turkish.yaml",
    chinese_checkers_tables: "chinese-checkers.yaml",
    konane_tables: "konane.yaml",
}

#[test]
fn every_table_file_is_checked() {
    let mut on_disk: Vec<String> = tables::files(&[spec_perft()])
        .expect("spec/perft")
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = TABLE_FILES.iter().map(|f| f.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "add a line to table_tests! for each file of spec/perft");
}

/// The Thai three-row table is counted from a start the Thai rules cannot
/// set up: a FEN with twelve men a side is refused, which is why the table
/// says `start-rows: 3` rather than giving a position.
#[test]
fn the_thai_three_row_start_is_no_thai_position() {
    let g = registry::configure("thai", &game::Options::new()).expect("variant");
    assert!(g.perft("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", 1, false).is_err());
    let tables = tables::load(&spec_perft().join("thai.yaml")).expect("thai.yaml");
    let three = tables.iter().find(|t| t.start_rows == Some(3)).expect("a three-row table");
    assert_eq!(three.reference_count(4), Ok(1469));
    assert!(three.protocol_skip().is_some());
}

/// The tables are not scenarios: the run of the whole spec directory
/// leaves spec/perft out, rather than failing on files that are not
/// scenario files.
#[test]
fn a_run_of_the_spec_leaves_the_tables_out() {
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let catalog = rulecheck::catalog::Catalog::builtin().expect("catalog");
    let (files, errors) = rulecheck::runner::load_all(std::slice::from_ref(&spec), &catalog, &Default::default());
    let perft = spec_perft();
    assert!(errors.iter().all(|e| !e.file.starts_with(&perft)), "{:?}", errors.first().map(ToString::to_string));
    assert!(!files.is_empty());
    assert!(files.iter().all(|f| !f.path.starts_with(&perft)));
}

// ---- rulecheck perft-table ----------------------------------------------

fn served() -> String {
    format!("'{}' serve", env!("CARGO_BIN_EXE_rulecheck"))
}

fn rewritten(mode: &str) -> String {
    format!("python3 '{}/fixtures/engines/rewrite.py' {mode} {}", env!("CARGO_MANIFEST_DIR"), served())
}

/// The reference against the tables: one line a row, the rows over the
/// budget skipped and said to be, exit 0.
#[test]
fn perft_table_passes_the_reference_and_skips_rows_over_the_budget() {
    let o = rulecheck(&["perft-table", "spec/perft/english.yaml", "--max-nodes", "10000"]).exits(0);
    o.stdout_has("pass  english: start, distinct moves, depth 5: expected 7361, got 7361\n");
    o.stdout_has("pass  english: start, capture paths, depth 4: expected 1469, got 1469\n");
    o.stdout_has("skip  english: start, distinct moves, depth 6: expected 36768: over the budget of 10000 nodes\n");
    assert!(o.stdout.ends_with("24 rows against reference: 10 passed, 0 failed, 14 skipped\n"), "{}", o.stdout);
}

/// The served reference through the protocol passes every row it can be
/// asked; capture-path tables are skipped with the reason (the protocol
/// counts distinct moves), as is a start no position of the variant can
/// give.
#[test]
fn perft_table_passes_the_served_reference_and_says_what_the_protocol_cannot_ask() {
    let engine = served();
    let o = rulecheck(&["perft-table", "spec/perft/thai.yaml", "spec/perft/konane.yaml", "--engine", &engine]).exits(0);
    o.stdout_has("pass  konane: start, 8x8, removals included, depth 6: expected 7124, got 7124\n");
    o.stdout_has("pass  thai: start, distinct moves, depth 6: expected 218695, got 218695\n");
    o.stdout_has("skip  thai: start, capture paths, depth 1: expected 7: counts capture paths; the protocol's perft counts distinct moves\n");
    o.stdout_has(
        "thai: twelve men a side on three rows, distinct moves, depth 1: expected 7: counted from a start of 3 rows",
    );
    assert!(!o.stdout.contains("FAIL"), "{}", o.stdout);
}

/// An engine that miscounts from depth 4 on fails those rows and only
/// those, with what it counted; exit 1. The JSON says the same row by row.
#[test]
fn perft_table_names_the_rows_an_engine_miscounts() {
    let engine = rewritten("miscount 4");
    let o =
        rulecheck(&["perft-table", "spec/perft/russian.yaml", "--engine", &engine, "--max-nodes", "10000"]).exits(1);
    o.stdout_has("pass  russian: start, distinct moves, depth 3: expected 302, got 302\n");
    o.stdout_has("FAIL  russian: start, distinct moves, depth 4: expected 1469, got 1470\n");
    o.stdout_has("FAIL  russian: start, distinct moves, depth 5: expected 7482, got 7483\n");
    o.stdout_has(": 3 passed, 2 failed, ");

    let o =
        rulecheck(&["perft-table", "spec/perft/russian.yaml", "--engine", &engine, "--max-nodes", "10000", "--json"])
            .exits(1);
    let v: serde_json::Value = serde_json::from_str(o.stdout.trim()).expect("one JSON document");
    let rows = v["rows"].as_array().expect("rows");
    let row = |depth: u64, counting: &str| {
        rows.iter().find(|r| r["depth"] == depth && r["counting"] == counting).expect("row").clone()
    };
    assert_eq!(row(4, "moves")["result"], "fail");
    assert_eq!(row(4, "moves")["expected"], 1469);
    assert_eq!(row(4, "moves")["got"], 1470);
    assert_eq!(row(3, "moves")["result"], "pass");
    assert_eq!(row(6, "moves")["result"], "skip");
    assert_eq!(row(6, "moves")["reason"], "over the budget of 10000 nodes");
    assert_eq!(row(1, "paths")["result"], "skip");
}

/// An engine that stops answering is an engine failure (exit 3); one that
/// plays none of the tables' variants has nothing checked (exit 4).
#[test]
fn perft_table_exits_3_when_the_engine_breaks_and_4_when_nothing_is_checked() {
    let engine = rewritten("hang-perft");
    let o =
        rulecheck(&["perft-table", "spec/perft/english.yaml", "--engine", &engine, "--perft-timeout", "1"]).exits(3);
    assert!(o.stderr.contains("no answer within"), "{}", o.stderr);
    let faulty = format!("python3 '{}/fixtures/engines/faulty.py' pool", env!("CARGO_MANIFEST_DIR"));
    let o = rulecheck(&["perft-table", "spec/perft/english.yaml", "--engine", &faulty]).exits(4);
    o.stdout_has("expected 7: the engine does not play english\n");
}

/// A bad table file exits 2 with its place: file, table, line:column.
#[test]
fn perft_table_refuses_a_bad_file_with_its_place() {
    let dir = std::env::temp_dir().join(format!("rulecheck-perft-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let cases: &[(&str, &str)] = &[
        ("variant: englsh\ntables: []\n", ":1:10: unknown variant"),
        (
            "variant: english\ntables:\n  - name: a\n    counting: moves\n    source: s\n    position: \"W:W99:B1\"\n    rows: {1: 1}\n",
            ":6:15: table 'a': the position does not read",
        ),
        (
            "variant: english\ntables:\n  - name: a\n    counting: sideways\n    source: s\n    rows: {1: 1}\n",
            ":4:15: invalid perft table file",
        ),
        (
            "variant: english\ntables:\n  - name: a\n    counting: moves\n    source: s\n    rows: {0: 1}\n",
            ":6:11: table 'a': depth 0 is outside 1..64",
        ),
        (
            "variant: konane\ntables:\n  - name: a\n    counting: moves\n    source: s\n    start-rows: 2\n    rows: {1: 1}\n",
            ":6:17: table 'a': start-rows is for draughts",
        ),
    ];
    for (i, (text, said)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{i}.yaml"));
        std::fs::write(&file, text).expect("write");
        let o = rulecheck(&["perft-table", file.to_str().expect("path")]).bad_input();
        assert!(o.stderr.contains(&format!("bad{i}.yaml{said}")), "{i}: {}", o.stderr);
    }
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("dir");
    let o = rulecheck(&["perft-table", empty.to_str().expect("path")]).bad_input();
    assert!(o.stderr.contains("no perft table file (*.yaml) under"), "{}", o.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `rulecheck schema perft-table` is what spec/perft-table.schema.json keeps.
#[test]
fn the_perft_table_schema_in_spec_is_not_stale() {
    let o = rulecheck(&["schema", "perft-table"]).ok();
    let kept = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/perft-table.schema.json"))
        .unwrap_or_default();
    assert!(o.stdout == kept, "run `rulecheck schema perft-table > spec/perft-table.schema.json`");
    o.stdout_has("\"rows\"");
}

#[test]
fn divide_sums_to_perft() {
    let g = registry::configure("english", &game::Options::new()).expect("variant");
    let start = g.start_position();
    for depth in 1..=5 {
        let rows = g.divide(&start, depth, false).expect("divide");
        assert_eq!(rows.len(), 7);
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), g.perft(&start, depth, false).expect("perft"));
    }
}

/// A king circuit: the white king on 6 can take the four men around 14 going
/// either way round and lands back on 6. One move (same start, end and
/// captured set), two paths.
#[test]
fn a_king_circuit_is_one_move_with_two_paths() {
    let g = registry::configure("english", &game::Options::new()).expect("variant");
    let pos = "W:WK6:B9,10,17,18";
    assert_eq!(g.perft(pos, 1, false).expect("perft"), 1);
    assert_eq!(g.perft(pos, 1, true).expect("perft"), 2);
    let r = g.replay(pos, &[]).expect("replay");
    assert_eq!(r.moves.len(), 1);
    let one = g.move_key(pos, "6x15x22x13x6").expect("key");
    let other = g.move_key(pos, "6x13x22x15x6").expect("key");
    assert_eq!(one.key, other.key);
}

/// Every player has 14 moves from the start, whatever the number of
/// players. With 2 or 3 players the first two seats sit in camps that do not
/// touch, so the second ply never depends on the first; from 4 players on,
/// seat 2's camp borders seat 1's and the first move can open a hop.
#[test]
fn chinese_checkers_every_table_starts_with_14_moves_each() {
    for players in 2..=6 {
        let options: game::Options = [("players".to_string(), players.to_string())].into_iter().collect();
        let g = registry::configure("chinese-checkers", &options).expect("variant");
        let start = g.start_position();
        assert_eq!(g.perft(&start, 1, false).expect("perft"), 14, "{players} players");
        let second = g.perft(&start, 2, false).expect("perft");
        if players <= 3 {
            assert_eq!(second, 196, "{players} players");
        } else {
            assert!(second > 196, "{players} players: {second}");
        }
    }
}

/// Leaves of the game tree counted the slow, plain way: from the legal
/// moves the game lists after each sequence of moves, replayed from the
/// position every time.
fn tree_leaves(g: &dyn game::Game, position: &str, played: &mut Vec<game::Action>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = g.replay(position, played).expect("replay").moves;
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in moves {
        played.push(game::Action::Move(m));
        total += tree_leaves(g, position, played, depth - 1);
        played.pop();
    }
    total
}

/// The fast perft of Chinese checkers agrees with the game tree as the game
/// lists its moves: finished and resigned seats are skipped, a passed seat
/// adds no level, and a game that has ended (by goals, the move limit or the
/// no-progress limit) has nothing below it.
#[test]
fn chinese_checkers_perft_follows_the_turn_rules() {
    // Three players, seat 1 finished; seat 2's i9-j10 ends the game.
    const SEAT_1_FINISHED: &str = "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:i9,k10,k11,l10,l11,l12,m10,m11,m12,m13/3:g4,h3,j1,k1,k2,l1,l2,l3,m1,m2/best=10.9.8,finished=1";
    // Four players, seat 1 finished and seat 3 resigned.
    const FINISHED_AND_RESIGNED: &str = "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:e10,e11,e12,e13,f10,f11,f12,g10,g11,h9/3:/4:j1,k1,k2,l1,l2,f4,g4,h4,i4,j4/best=10.9.0.5,finished=1,resigned=3";
    // Three players, seat 2 resigned.
    const SEAT_2_RESIGNED: &str =
        "1/1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:/3:e10,e11,e12,e13,f10,f11,f12,g10,g11,h10/resigned=2";
    // Three players, seat 2 walled in and passed.
    const SEAT_2_PASSED: &str =
        "1/1:j2,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1/3:e5,e6,f4,f5,g3,g4,h2,h3,i1,i2";
    // A won game: nothing to count.
    const WON: &str = "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:m7,n1,n2,n4,o1,o2,o3,p1,p2,q1/best=10.9,finished=1";
    /// Options, a position (empty for the start) and the counts from depth 1.
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a [u64]);
    let cases: &[Case] = &[
        (&[("players", "3")], SEAT_1_FINISHED, &[23, 660, 18390]),
        (&[("players", "4")], FINISHED_AND_RESIGNED, &[23, 1056, 29280]),
        (&[("players", "3")], SEAT_2_RESIGNED, &[14, 196, 4760]),
        (&[("players", "3")], SEAT_2_PASSED, &[19, 427, 11549]),
        (&[], WON, &[0, 0]),
        // The move limit and the no-progress limit end the game in the tree.
        (&[("move-limit", "1")], "", &[14, 196, 0]),
        (&[("no-progress", "2")], "", &[14, 196, 0]),
        // The Japanese form, two players in the south and north-west camps.
        (&[("form", "japanese")], "", &[14, 196, 4984]),
        (&[("form", "japanese"), ("players", "3")], "", &[14, 196, 2744]),
    ];
    for (options, position, want) in cases {
        let options: game::Options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let g = registry::configure("chinese-checkers", &options).expect("variant");
        let position = if position.is_empty() { g.start_position() } else { position.to_string() };
        for (depth, &want) in (1..).zip(want.iter()) {
            let slow = tree_leaves(g.as_ref(), &position, &mut Vec::new(), depth);
            let fast = g.perft(&position, depth, false).expect("perft");
            assert_eq!(slow, want, "game tree, {options:?} {position} depth {depth}");
            assert_eq!(fast, want, "perft, {options:?} {position} depth {depth}");
            let divided: u64 = g.divide(&position, depth, false).expect("divide").iter().map(|r| r.1).sum();
            assert_eq!(divided, want, "divide, {options:?} {position} depth {depth}");
        }
    }
}

/// The divide that long perft counts with a progress bar reports each root
/// move as its count is done, and gives the same rows as divide.
#[test]
fn an_observed_divide_reports_each_root_move_and_gives_the_same_rows() {
    for (variant, options, depth) in [
        ("english", vec![], 4),
        ("international", vec![], 3),
        ("chinese-checkers", vec![("players", "3")], 2),
        ("konane", vec![], 5),
    ] {
        let options: game::Options = options.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let g = registry::configure(variant, &options).expect("variant");
        let start = g.start_position();
        for paths in [false, true] {
            let done = std::cell::Cell::new(0);
            let rows = g.divide_observed(&start, depth, paths, &|| done.set(done.get() + 1)).expect("divide");
            assert_eq!(rows, g.divide(&start, depth, paths).expect("divide"), "{variant}");
            assert_eq!(done.get(), rows.len(), "{variant}: once a root move");
            let total: u64 = rows.iter().map(|r| r.1).sum();
            assert_eq!(total, g.perft(&start, depth, paths).expect("perft"), "{variant}");
        }
    }
}

/// `serve`'s perft budget is checked inside the walk: a depth a few times
/// past the budget is stopped soon after the count passes it, not counted
/// whole first; a count within the budget is the plain count.
#[test]
fn a_budgeted_perft_stops_inside_the_depth_that_passes_the_budget() {
    use rulecheck::perft::budget::perft_budgeted;
    let g = registry::configure("international", &game::Options::new()).expect("variant");
    let start = g.start_position();
    let whole = g.perft(&start, 6, false).expect("perft");
    let five = g.perft(&start, 5, false).expect("perft");
    assert_eq!(perft_budgeted(g.as_ref(), &start, 5, false, five), Ok(Ok(five)));
    match perft_budgeted(g.as_ref(), &start, 6, false, five) {
        Ok(Err(over)) => {
            assert_eq!(over.depth, 6);
            assert!(over.nodes > five && over.nodes < whole / 2, "stopped at {} of {whole}", over.nodes);
        }
        other => panic!("{other:?}"),
    }
    let g = registry::configure("russian", &game::Options::new()).expect("variant");
    let start = g.start_position();
    for paths in [false, true] {
        let n = g.perft(&start, 5, paths).expect("perft");
        assert_eq!(perft_budgeted(g.as_ref(), &start, 5, paths, n), Ok(Ok(n)), "paths {paths}");
    }
}

/// A perft within a budget gives every depth's count, and stops at the
/// first depth past the budget.
#[test]
fn a_perft_within_a_budget_stops_at_the_first_depth_past_it() {
    let g = registry::configure("english", &game::Options::new()).expect("variant");
    let start = g.start_position();
    assert_eq!(game::perft_within(g.as_ref(), &start, 4, false, 1469), Ok(Ok(vec![7, 49, 302, 1469])));
    assert_eq!(
        game::perft_within(g.as_ref(), &start, 60, false, 1000),
        Ok(Err(game::OverBudget { depth: 4, nodes: 1469 }))
    );
    assert!(game::perft_within(g.as_ref(), &start, 65, false, 1000).is_err(), "deeper than any perft");
}
