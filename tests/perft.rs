//! The reference engine against published perft tables (the draughts
//! variants; each table's source is named where it is used), and against
//! self-computed counts where no table is published (Chinese checkers and
//! Konane: regression values, cross-checked by plain generators, not outside
//! truth). Depths beyond a few tens of millions of leaves are measured in
//! `cargo bench` instead.

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use rulecheck::game;
use rulecheck::registry;

fn counts(variant: &str, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let g = registry::configure(variant, &game::Options::new()).expect("variant");
    let start = g.start_position();
    depths.map(|d| g.perft(&start, d, false).expect("perft")).collect()
}

/// The "Standard validation generator moves" thread of the Shashki forum
/// (shashki.com, topic 627), as collected in the dctl draughts library's
/// test suite (`initial/board_08x08.cpp`).
#[test]
fn english_start_matches_published_counts_to_depth_8() {
    assert_eq!(counts("english", 1..=8), [7, 49, 302, 1469, 7361, 36768, 179740, 845931]);
}

/// The "Standard validation generator moves" thread of the Shashki forum
/// (shashki.com, topic 627), as collected in the dctl draughts library's
/// test suite (`initial/board_08x08.cpp`).
#[test]
fn russian_start_matches_published_counts_to_depth_8() {
    assert_eq!(counts("russian", 1..=8), [7, 49, 302, 1469, 7482, 37986, 190146, 929899]);
}

/// The "Standard validation generator moves" thread of the Shashki forum
/// (shashki.com, topic 627), as collected in the dctl draughts library's
/// test suite (`initial/board_08x08.cpp`).
#[test]
fn pool_start_matches_published_counts_to_depth_8() {
    assert_eq!(counts("pool", 1..=8), [7, 49, 302, 1469, 7482, 37986, 190146, 929896]);
}

fn counts_from(variant: &str, position: Option<&str>, depths: std::ops::RangeInclusive<u32>, paths: bool) -> Vec<u64> {
    let g = registry::configure(variant, &game::Options::new()).expect("variant");
    let pos = position.map(str::to_string).unwrap_or_else(|| g.start_position());
    depths.map(|d| g.perft(&pos, d, paths).expect("perft")).collect()
}

// The published tables below come in pairs: the count of distinct moves
// (dctl's "drop duplicates") and the count of capture paths (dctl's "keep
// duplicates", `perft --paths`): a path is the start square, the captured
// pieces in the order they are jumped, and the final square, so a circuit
// taken either way round counts twice and a flying king's straight run over
// two pieces once, whichever square it touched down on between them. The
// tables are the ones posted in the "Standard validation generator moves"
// thread of the shashki.com forum (topic 627) and collected in the test suite
// of Rein Halbersma's dctl draughts library
// (test/src/algo/traversal/initial/board_08x08.cpp and board_10x10.cpp,
// test/src/algo/traversal/international/shashki.cpp). Deeper entries of the
// same tables are checked in `cargo bench` (perft/keep-duplicates).

/// Russian from the start: "Standard validation generator moves", shashki.com
/// topic 627 (page starting at post 126), in dctl's board_08x08.cpp. The
/// counts part at depth 8, where a man first reaches the crowning row in the
/// middle of a capture.
#[test]
fn russian_start_matches_the_published_tables_to_depth_10() {
    assert_eq!(counts_from("russian", None, 8..=10, false), [929_899, 4_570_586, 22_444_032]);
    assert_eq!(counts_from("russian", None, 8..=10, true), [929_905, 4_570_667, 22_450_628]);
}

/// Pool checkers from the start: "Standard validation generator moves",
/// shashki.com topic 627 (page starting at post 57), in dctl's
/// board_08x08.cpp.
#[test]
fn pool_start_matches_the_published_tables_to_depth_10() {
    assert_eq!(counts_from("pool", None, 8..=10, false), [929_896, 4_570_534, 22_435_955]);
    assert_eq!(counts_from("pool", None, 8..=10, true), [929_902, 4_570_615, 22_442_551]);
}

/// Brazilian draughts from the start: "Standard validation generator moves",
/// shashki.com topic 627 (page starting at post 78), reposted in the
/// "Perft for all recognized draughts variants" thread of the FMJD forum
/// (damforum.nl, topic 2822), in dctl's board_08x08.cpp. The international
/// rules on 8x8: the counts part from Russian and pool at depth 5, and the
/// two conventions at depth 8.
#[test]
fn brazilian_start_matches_the_published_tables_to_depth_10() {
    assert_eq!(
        counts_from("brazilian", None, 1..=10, false),
        [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830, 4_431_766, 21_560_022]
    );
    assert_eq!(
        counts_from("brazilian", None, 1..=10, true),
        [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_836, 4_431_847, 21_566_606]
    );
}

/// Thai draughts from a start of twelve men a side on three rows, not the
/// Thai start of eight men on two: the only published Thai table ("Perft for
/// all recognized draughts variants", FMJD forum, damforum.nl topic 2822,
/// in dctl's board_08x08.cpp, which sets it up with three rows) counts from
/// there, so `rows_of_men: 3` is configured here on purpose. The Thai rules
/// part from English and Czech only at depth 9, once kings exist.
#[test]
fn thai_on_three_rows_matches_the_published_tables_to_depth_10() {
    use rulecheck::draughts::perft::{Counting, Perft};
    use rulecheck::draughts::position::Position;
    use rulecheck::draughts::rules::Rules;
    let rules = Rules { rows_of_men: 3, ..Rules::thai() };
    let start = Position::<u64>::start(&rules);
    for (counting, expect) in [
        (Counting::DistinctMoves, [7u64, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_648, 18_363_523]),
        (Counting::Paths, [7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_648, 18_363_523]),
    ] {
        let mut p = Perft::new(&rules, counting);
        let got: Vec<u64> = (1..=10).map(|d| p.count(&start, d)).collect();
        assert_eq!(got, expect, "{counting:?}");
    }
}

/// The Thai start itself, eight men a side on two rows, for which no table
/// is published: the counts are those of another engine, dctl's Thai rules
/// from its two-row start (`initial(4)`, commit de565a1), the same both
/// ways to depth 10 (861,842,812; depth 9 and 10 are too slow for the
/// test suite).
#[test]
fn thai_start_matches_dctl_to_depth_8() {
    let table = [7, 49, 392, 3_136, 26_592, 218_695, 1_820_189, 14_533_014];
    assert_eq!(counts_from("thai", None, 1..=8, false), table);
    assert_eq!(counts_from("thai", None, 1..=8, true), table);
}

/// Canadian draughts (the international rules on 12x12) from the start:
/// the "Perft on large boards" thread of the FMJD forum (laatste.info,
/// topic 4563), collected in dctl's `initial/board_large.cpp` (its
/// `Board12x12` case, the same table for Canadian and Sri Lankan rules),
/// which publishes the distinct-move count only. Captures of more than one
/// piece cannot arise before depth 7, so the paths convention agrees with
/// it to depth 6 here. Depths 7 to 9 are checked in `cargo bench`
/// (perft/canadian).
#[test]
fn canadian_start_matches_the_published_table_to_depth_6() {
    let expect = [11, 121, 1_222, 10_053, 79_049, 584_100];
    assert_eq!(counts_from("canadian", None, 1..=6, false), expect);
    assert_eq!(counts_from("canadian", None, 1..=6, true), expect);
}

/// Killer draughts from the start: dctl's board_10x10.cpp (`killer<international>`),
/// the same counts as the international table, since no king can yet take a
/// king at these depths.
#[test]
fn killer_start_matches_the_published_tables_to_depth_7() {
    let expect = [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442];
    assert_eq!(counts_from("killer", None, 1..=7, false), expect);
    assert_eq!(counts_from("killer", None, 1..=7, true), expect);
}

/// Killer draughts from the two positions Fabien Letouzey computed, as
/// collected in dctl's killer/letouzey.cpp (distinct moves only). They are
/// the positions of dctl's international fmjd.cpp, so the international
/// counts beside them show where the killer rule first tells: at depth 4
/// from Random178 and at depth 10 from Woldouby.
#[test]
fn killer_letouzey_positions_match_the_published_counts() {
    let random178 = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    assert_eq!(
        counts_from("killer", Some(random178), 1..=7, false),
        [14, 55, 1_168, 5_165, 84_326, 573_965, 8_476_150]
    );
    assert_eq!(counts_from("international", Some(random178), 1..=5, false), [14, 55, 1_168, 5_432, 87_195]);
    let woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    assert_eq!(
        counts_from("killer", Some(woldouby), 1..=12, false),
        [6, 12, 30, 73, 215, 590, 1_944, 6_269, 22_369, 88_043, 377_339, 1_908_829]
    );
    assert_eq!(counts_from("international", Some(woldouby), 9..=11, false), [22_369, 88_050, 377_436]);
}

/// Czech draughts from the start: "Perft for all recognized draughts
/// variants", FMJD forum (damforum.nl, topic 2822), in dctl's
/// board_08x08.cpp. English to depth 8, where no king can have been made;
/// the two conventions part at depth 12.
#[test]
fn czech_start_matches_the_published_tables_to_depth_11() {
    let table = [7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_671, 18_368_918, 84_967_210];
    assert_eq!(counts_from("czech", None, 1..=11, false), table);
    assert_eq!(counts_from("czech", None, 1..=11, true), table);
}

/// Spanish draughts from the start: "Perft for all recognized draughts
/// variants", FMJD forum (damforum.nl, topic 2822), in dctl's
/// board_08x08.cpp. The board numbered from white's side gives the same
/// counts, the start being symmetric.
#[test]
fn spanish_start_matches_the_published_tables_to_depth_11() {
    let table = [7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783, 3_860_866, 17_743_464, 81_383_200];
    assert_eq!(counts_from("spanish", None, 1..=11, false), table);
    assert_eq!(counts_from("spanish", None, 1..=11, true), table);
}

/// Italian draughts from the start: "Perft for all recognized draughts
/// variants", FMJD forum (damforum.nl, topic 2822), in dctl's
/// board_08x08.cpp. Spanish to depth 8; the men that may not take kings
/// part them at depth 9.
#[test]
fn italian_start_matches_the_published_tables_to_depth_11() {
    let table = [7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783, 3_860_875, 17_761_384, 81_647_058];
    assert_eq!(counts_from("italian", None, 1..=11, false), table);
    assert_eq!(counts_from("italian", None, 1..=11, true), table);
}

/// Ed Gilbert's Italian test positions, posted in "Perft for all recognized
/// draughts variants", FMJD forum (damforum.nl, topic 2822), in dctl's
/// italian/gilbert.cpp (keep-duplicates counts only). The FENs are written
/// in the Italian federation's numbering (square 1 = a8), as posted.
#[test]
fn italian_gilbert_positions_match_the_published_counts() {
    assert_eq!(
        counts_from("italian", Some("W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3"), 1..=12, true),
        [5, 13, 42, 107, 360, 1_099, 3_736, 12_495, 43_686, 164_177, 628_686, 2_643_623]
    );
    assert_eq!(
        counts_from("italian", Some("B:W30,21,22,17,20,K6:B25,28,9,5,1,3"), 1..=8, true),
        [6, 47, 271, 1_916, 10_810, 73_137, 389_809, 2_469_050]
    );
    assert_eq!(
        counts_from("italian", Some("W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4"), 1..=7, true),
        [13, 112, 828, 6_756, 46_241, 368_908, 2_468_110]
    );
}

/// Frisian draughts from the start (the international start, white to
/// move): the "Perft for all recognized draughts variants" thread of the
/// FMJD forum (damforum.nl, topic 2822, R. Halbersma's post of 6 May 2010,
/// keep-duplicates counts), in dctl's board_10x10.cpp with its
/// drop-duplicates row. The two part at depth 4, where a capture along a
/// row or a column first meets another way to the same move; kings appear
/// at depth 7. The same-king move limit cannot act before depth 13.
/// Depths 10 and 11 are in `cargo bench` (perft/keep-duplicates).
#[test]
fn frisian_start_matches_the_published_tables_to_depth_9() {
    assert_eq!(
        counts_from("frisian", None, 1..=9, false),
        [9, 81, 658, 3_874, 21_265, 102_431, 540_126, 2_825_779, 15_605_069]
    );
    assert_eq!(
        counts_from("frisian", None, 1..=9, true),
        [9, 81, 658, 3_880, 21_345, 103_584, 550_314, 2_907_905, 16_204_497]
    );
}

/// International draughts from the start: "Standard validation generator
/// moves", shashki.com topic 627 (page starting at post 69), and the "Perft"
/// thread of the FMJD forum (damforum.nl, topic 2308), in dctl's
/// board_10x10.cpp. The counts part at depth 8.
#[test]
fn international_start_matches_the_published_tables_to_depth_8() {
    assert_eq!(counts_from("international", None, 8..=8, false), [6_483_961]);
    assert_eq!(
        counts_from("international", None, 1..=8, true),
        [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_971]
    );
}

/// Five men a side on their front rows, white to move: "Standard validation
/// generator moves", shashki.com topic 627 (page starting at post 58), in
/// dctl's international/shashki.cpp (keep-duplicates counts only).
#[test]
fn international_front_rows_match_the_published_path_counts_to_depth_11() {
    assert_eq!(
        counts_from("international", Some("W:B16,17,18,19,20:W31,32,33,34,35"), 1..=11, true),
        [9, 81, 534, 2_538, 9_052, 29_999, 98_971, 310_315, 1_008_317, 3_174_159, 10_369_533]
    );
}

/// English checkers from the start: the same thread (page starting at post
/// 126), in dctl's board_08x08.cpp. The two counts agree to depth 11 (they
/// part at 12: 388,623,673 paths against 388,617,999 moves, in `cargo
/// bench`).
#[test]
fn english_start_counts_paths_as_moves_to_depth_10() {
    assert_eq!(counts_from("english", None, 9..=10, true), [3_963_680, 18_391_564]);
}

/// The international start: the FMJD forum's "Perft" thread, as collected
/// in dctl's `board_10x10.cpp`.
#[test]
fn international_start_matches_published_counts_to_depth_7() {
    assert_eq!(counts("international", 1..=7), [9, 81, 658, 4265, 27117, 167140, 1049442]);
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

#[test]
fn paths_and_distinct_moves_agree_where_no_circuit_exists() {
    let g = registry::configure("english", &game::Options::new()).expect("variant");
    let start = g.start_position();
    assert_eq!(g.perft(&start, 6, true).expect("perft"), 36768);
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

/// Self-computed: no perft table of Chinese checkers is published.
#[test]
fn chinese_checkers_two_players_match_the_self_computed_counts() {
    assert_eq!(counts("chinese-checkers", 1..=3), [14, 196, 4760]);
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

/// Self-computed: no perft table of Konane is published.
#[test]
fn konane_start_matches_the_self_computed_counts_to_depth_6() {
    assert_eq!(counts("konane", 1..=6), [4, 12, 28, 172, 892, 7124]);
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
    /// Options, a position (empty for the start) and the counts from depth 1.
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a [u64]);
    let cases: &[Case] = &[
        // Three players, seat 1 finished; seat 2's i9-j10 ends the game.
        (
            &[("players", "3")],
            "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:i9,k10,k11,l10,l11,l12,m10,m11,m12,m13/3:g4,h3,j1,k1,k2,l1,l2,l3,m1,m2/best=10.9.8,finished=1",
            &[23, 660, 18390],
        ),
        // Four players, seat 1 finished and seat 3 resigned.
        (
            &[("players", "4")],
            "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:e10,e11,e12,e13,f10,f11,f12,g10,g11,h9/3:/4:j1,k1,k2,l1,l2,f4,g4,h4,i4,j4/best=10.9.0.5,finished=1,resigned=3",
            &[23, 1056, 29280],
        ),
        // Three players, seat 2 resigned.
        (
            &[("players", "3")],
            "1/1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:/3:e10,e11,e12,e13,f10,f11,f12,g10,g11,h10/resigned=2",
            &[14, 196, 4760],
        ),
        // Three players, seat 2 walled in and passed.
        (
            &[("players", "3")],
            "1/1:j2,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1/3:e5,e6,f4,f5,g3,g4,h2,h3,i1,i2",
            &[19, 427, 11549],
        ),
        // A won game: nothing to count.
        (&[], "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:m7,n1,n2,n4,o1,o2,o3,p1,p2,q1/best=10.9,finished=1", &[0, 0]),
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
