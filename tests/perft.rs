//! The reference engine against published perft tables. Depths beyond 8 are
//! measured in `cargo bench` instead.

use rulecheck::game;

fn counts(variant: &str, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let g = game::configure(variant, &game::Options::new()).expect("variant");
    let start = g.start_position();
    depths.map(|d| g.perft(&start, d, false).expect("perft")).collect()
}

#[test]
fn english_start_matches_published_counts_to_depth_8() {
    assert_eq!(counts("english", 1..=8), [7, 49, 302, 1469, 7361, 36768, 179740, 845931]);
}

#[test]
fn russian_start_matches_published_counts_to_depth_8() {
    assert_eq!(counts("russian", 1..=8), [7, 49, 302, 1469, 7482, 37986, 190146, 929899]);
}

#[test]
fn pool_start_matches_published_counts_to_depth_8() {
    assert_eq!(counts("pool", 1..=8), [7, 49, 302, 1469, 7482, 37986, 190146, 929896]);
}

/// Russian and pool part at depth 8, where a man first reaches the crowning
/// row in the middle of a capture; counting every path of a capture as
/// some tables do gives 6 more in each.
#[test]
fn russian_and_pool_at_depth_8_counting_paths() {
    for (variant, paths) in [("russian", 929905), ("pool", 929902)] {
        let g = game::configure(variant, &game::Options::new()).expect("variant");
        assert_eq!(g.perft(&g.start_position(), 8, true).expect("perft"), paths, "{variant}");
    }
}

#[test]
fn international_start_matches_published_counts_to_depth_7() {
    assert_eq!(counts("international", 1..=7), [9, 81, 658, 4265, 27117, 167140, 1049442]);
}

#[test]
fn divide_sums_to_perft() {
    let g = game::configure("english", &game::Options::new()).expect("variant");
    let start = g.start_position();
    for depth in 1..=5 {
        let rows = g.divide(&start, depth, false).expect("divide");
        assert_eq!(rows.len(), 7);
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), g.perft(&start, depth, false).expect("perft"));
    }
}

#[test]
fn paths_and_distinct_moves_agree_where_no_circuit_exists() {
    let g = game::configure("english", &game::Options::new()).expect("variant");
    let start = g.start_position();
    assert_eq!(g.perft(&start, 6, true).expect("perft"), 36768);
}

/// A king circuit: the white king on 6 can take the four men around 14 going
/// either way round and lands back on 6. One move (same start, end and
/// captured set), two paths.
#[test]
fn a_king_circuit_is_one_move_with_two_paths() {
    let g = game::configure("english", &game::Options::new()).expect("variant");
    let pos = "W:WK6:B9,10,17,18";
    assert_eq!(g.perft(pos, 1, false).expect("perft"), 1);
    assert_eq!(g.perft(pos, 1, true).expect("perft"), 2);
    let r = g.replay(pos, &[]).expect("replay");
    assert_eq!(r.moves.len(), 1);
    let one = g.move_key(pos, "6x15x22x13x6").expect("key");
    let other = g.move_key(pos, "6x13x22x15x6").expect("key");
    assert_eq!(one.key, other.key);
}

#[test]
fn chinese_checkers_two_players_match_published_counts() {
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
        let g = game::configure("chinese-checkers", &options).expect("variant");
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

#[test]
fn konane_start_matches_published_counts_to_depth_6() {
    assert_eq!(counts("konane", 1..=6), [4, 12, 28, 172, 892, 7124]);
}
