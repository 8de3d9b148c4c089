//! `perft --hash`: the transposition table never changes a count. Every
//! family is counted with and without a table, moves and capture paths,
//! several depths, on a table of one bucket (every store replaces, every
//! look-up collides), on a small one and on a large one, with one table
//! kept across counts of several positions and depths, over threads sharing
//! one table and in shards; and the command line's `--hash` is checked for
//! its messages.

use rulecheck::game::{self, Game};
use rulecheck::registry;

use crate::support::process;
use process::rulecheck;

/// Table sizes: one bucket, a few kilobytes, 16 MiB.
const SIZES: [usize; 3] = [0, 4 << 10, 16 << 20];

fn game_of(variant: &str, options: &[(&str, &str)]) -> Box<dyn Game> {
    let o: game::Options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    registry::configure(variant, &o).expect("variant")
}

/// A perft with a table of its own.
fn one(g: &dyn Game, paths: bool, bytes: usize) -> Box<dyn game::Counter + '_> {
    g.hashed(paths, bytes, 1).expect("table").pop().expect("one perft")
}

/// The counts of depths 1..=`deepest`, the divide at the deepest, with a
/// table of each size (one table for all the depths, so that entries of one
/// count are found by the next) and without one.
fn same_with_and_without(g: &dyn Game, position: &str, deepest: u32, paths: bool) {
    let plain: Vec<u64> = (0..=deepest).map(|d| g.perft(position, d, paths).expect("perft")).collect();
    let divide = g.divide(position, deepest, paths).expect("divide");
    for bytes in SIZES {
        let mut c = one(g, paths, bytes);
        // Deepest first, then shallower: the table is full of the deeper
        // counts' entries when the shallower ones are made.
        for d in (0..=deepest).rev() {
            let n = c.perft(position, d).expect("perft");
            assert_eq!(n, plain[d as usize], "{} {position} depth {d} paths {paths} table {bytes}", g.variant());
        }
        let rows = c.divide_observed(position, deepest, &|| {}).expect("divide");
        assert_eq!(rows, divide, "{} {position} divide {deepest} table {bytes}", g.variant());
        let fresh = one(g, paths, bytes).perft(position, deepest).expect("perft");
        assert_eq!(fresh, plain[deepest as usize], "{} {position} fresh table {bytes}", g.variant());
    }
}

#[test]
fn draughts_counts_are_the_plain_walks_with_a_table() {
    let cases: &[(&str, &str, u32)] = &[
        ("english", "", 8),
        // Kings of both sides: transpositions by the king moves, captures.
        ("english", "W:WK9,K27,18,19:BK14,K23,10,11,26", 7),
        ("english", "B:W6,7,14,15,22,23:BK1,K32", 6),
        // A king's circuit: one move, two paths.
        ("english", "W:WK22:B18,10,9,17", 6),
        ("english", "W:WK6:B9,10,17,18", 6),
        ("russian", "", 8),
        ("russian", "W:WKc3:Bd4,d6,b6,b4", 6),
        ("russian", "W:W10,K32:B6,K29", 7),
        ("pool", "", 7),
        ("international", "", 5),
        ("international", "W:B16,17,18,19,20:W31,32,33,34,35", 7),
        ("international", "W:W28,K45:B22,13", 5),
        ("international", "W:W33:B18,19,28,29", 5),
        // The 12x12 board, its sets in the wide word.
        ("canadian", "", 5),
        ("canadian", "W:W44,K67,50:B8,K30,20", 5),
    ];
    for &(variant, position, depth) in cases {
        let g = game_of(variant, &[]);
        let pos = if position.is_empty() { g.start_position() } else { position.to_string() };
        for paths in [false, true] {
            same_with_and_without(g.as_ref(), &pos, depth, paths);
        }
    }
}

/// A count of moves and a count of paths differ from the English start at
/// depth 12, so that a table that mixed them up would be caught there; to
/// keep the test quick the circuit position does it at depth 1 and below.
#[test]
fn a_table_of_path_counts_is_not_a_table_of_move_counts() {
    let g = game_of("english", &[]);
    let pos = "W:WK6:B9,10,17,18";
    for depth in 1..=6 {
        let moves = one(g.as_ref(), false, 1 << 20).perft(pos, depth).expect("perft");
        let paths = one(g.as_ref(), true, 1 << 20).perft(pos, depth).expect("perft");
        assert_eq!(moves, g.perft(pos, depth, false).expect("perft"));
        assert_eq!(paths, g.perft(pos, depth, true).expect("perft"));
    }
}

/// The turn rules' cases of tests/cross_checks/perft.rs (finished and resigned seats,
/// passes, the move and no-progress limits, the Japanese form with kings
/// and three players), deeper, and the start of larger tables. Deep
/// enough for the table: games four plies or more above the leaves are
/// looked up, those below counted by the walk.
#[test]
fn chinese_checkers_counts_are_the_plain_walks_with_a_table() {
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, u32);
    let cases: &[Case] = &[
        (&[], "", 6),
        (
            &[("players", "3")],
            "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:i9,k10,k11,l10,l11,l12,m10,m11,m12,m13/3:g4,h3,j1,k1,k2,l1,l2,l3,m1,m2/best=10.9.8,finished=1",
            5,
        ),
        (
            &[("players", "3"), ("no-progress", "2")],
            "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:i9,k10,k11,l10,l11,l12,m10,m11,m12,m13/3:g4,h3,j1,k1,k2,l1,l2,l3,m1,m2/best=10.9.8,finished=1",
            5,
        ),
        (
            &[("players", "4")],
            "2/1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4/2:e10,e11,e12,e13,f10,f11,f12,g10,g11,h9/3:/4:j1,k1,k2,l1,l2,f4,g4,h4,i4,j4/best=10.9.0.5,finished=1,resigned=3",
            5,
        ),
        (
            &[("players", "3")],
            "1/1:j2,n2,n3,n4,o1,o2,o3,p1,p2,q1/2:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1/3:e5,e6,f4,f5,g3,g4,h2,h3,i1,i2",
            5,
        ),
        (&[("move-limit", "2")], "", 6),
        (&[("no-progress", "3")], "", 6),
        (&[("form", "japanese")], "", 5),
        (&[("form", "japanese"), ("players", "3")], "", 5),
        (&[("form", "japanese"), ("players", "3"), ("king-jumps-king", "on")], "", 5),
        (&[("players", "6")], "", 5),
    ];
    for (options, position, depth) in cases {
        let g = game_of("chinese-checkers", options);
        let pos = if position.is_empty() { g.start_position() } else { position.to_string() };
        same_with_and_without(g.as_ref(), &pos, *depth, false);
    }
}

/// Every set width: 6x6 and 8x8 on one word, 10x10 on a u128, 12x12 and
/// 16x16 on four words; the removals of the opening included.
#[test]
fn konane_counts_are_the_plain_walks_with_a_table() {
    for (size, depth) in [("6", 10u32), ("8", 8), ("10", 6), ("12", 5), ("16", 4)] {
        let g = game_of("konane", &[("size", size)]);
        let start = g.start_position();
        same_with_and_without(g.as_ref(), &start, depth, false);
    }
    // Past the opening, on the larger board.
    let g = game_of("konane", &[("size", "10")]);
    let start = g.start_position();
    let mut pos = start.clone();
    for _ in 0..4 {
        let r = g.replay(&pos, &[]).expect("replay");
        let m = r.moves.last().expect("a move").clone();
        pos = g.replay(&pos, &[game::Action::Move(m)]).expect("replay").position;
    }
    same_with_and_without(g.as_ref(), &pos, 5, false);
}

/// Over threads sharing one table and in shards: the plain count, with
/// tables too small to hold anything, small ones where every store
/// replaces another, and large ones.
#[test]
fn split_counts_with_tables_are_the_plain_counts() {
    for (variant, options, depth, paths) in [
        ("english", &[][..], 8, false),
        ("russian", &[], 7, true),
        ("konane", &[], 7, false),
        ("chinese-checkers", &[("players", "3")], 5, false),
    ] {
        let g = game_of(variant, options);
        let start = g.start_position();
        let plain = g.perft(&start, depth, paths).expect("perft");
        for bytes in [0, 4 << 10, 1 << 24] {
            for jobs in [1, 2, 3, 4] {
                let (n, stats) =
                    rulecheck::perft::parallel_with(g.as_ref(), &start, depth, paths, jobs, Some(bytes), &|_| {})
                        .expect("parallel");
                assert_eq!(n, u128::from(plain), "{variant} -j {jobs} table {bytes}");
                assert!(stats.is_some(), "{variant}: a table was made");
            }
            for n in [1, 3] {
                let parts: Vec<rulecheck::perft::Shard> = (1..=n)
                    .map(|k| {
                        rulecheck::perft::shard_with(g.as_ref(), variant, &start, depth, paths, k, n, 2, Some(bytes))
                            .expect("shard")
                            .0
                    })
                    .collect();
                assert_eq!(
                    rulecheck::perft::add(&parts),
                    Ok(u128::from(plain)),
                    "{variant} in {n} shards, table {bytes}"
                );
            }
        }
    }
}

/// A table finds the transpositions: the English start to depth 9 makes
/// far fewer look-ups than the 3,963,680 leaves (spec/perft/english.yaml),
/// and many hit.
#[test]
fn a_table_is_used() {
    let g = game_of("english", &[]);
    let english = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/perft/english.yaml");
    let tables = rulecheck::perft::tables::load(&english).expect("spec/perft/english.yaml");
    let moves = tables.iter().find(|t| t.position.is_none() && !t.paths()).expect("the start, distinct moves");
    let leaves = moves.rows.iter().find(|r| r.0 == 9).expect("depth 9").1;
    let mut c = one(g.as_ref(), false, 16 << 20);
    assert_eq!(c.perft(&g.start_position(), 9).expect("perft"), leaves);
    let s = c.stats();
    assert!(s.hits * 10 > s.probes, "{s}");
    assert!(s.probes < 400_000, "{s}");
}

/// Four threads counting the same trees at once through one small table
/// (each store replacing another, the threads reaching the same buckets
/// together), each family: every count and every divide is the plain
/// walk's, and the threads found each other's stores.
#[test]
fn threads_sharing_one_small_table_count_the_plain_walks() {
    for (variant, options, depth, paths) in [
        ("english", &[][..], 8, true),
        ("international", &[], 5, false),
        ("konane", &[], 7, false),
        ("chinese-checkers", &[("players", "3")], 5, false),
    ] {
        let g = game_of(variant, options);
        let start = g.start_position();
        let plain: Vec<u64> = (0..=depth).map(|d| g.perft(&start, d, paths).expect("perft")).collect();
        let divide = g.divide(&start, depth, paths).expect("divide");
        let counters = g.hashed(paths, 4 << 10, 4).expect("table");
        assert_eq!(counters.len(), 4);
        let stats = std::thread::scope(|scope| {
            let threads: Vec<_> = counters
                .into_iter()
                .enumerate()
                .map(|(t, mut c)| {
                    let (start, plain, divide) = (&start, &plain, &divide);
                    scope.spawn(move || {
                        for round in 0..3 {
                            for d in (0..=depth).rev() {
                                let n = c.perft(start, d).expect("perft");
                                assert_eq!(n, plain[d as usize], "{variant} depth {d} thread {t} round {round}");
                            }
                            let rows = c.divide_observed(start, depth, &|| {}).expect("divide");
                            assert_eq!(&rows, divide, "{variant} divide thread {t}");
                        }
                        c.stats()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().expect("no thread panics")).collect::<Vec<_>>()
        });
        let all = stats.iter().fold(game::Stats::default(), |a, s| a.plus(*s));
        assert!(all.hits > 0, "{variant}: {all}");
        assert_eq!(all.bytes, stats[0].bytes, "{variant}: one table");
    }
}

#[test]
fn the_command_line_counts_the_same_with_hash() {
    let plain = rulecheck(&["perft", "english", "8"]).ok();
    for extra in [&["--hash", "64M"][..], &["--hash", "1K"], &["--hash", "8M", "-j", "2"], &["--hash", "65536"]] {
        let mut args = vec!["perft", "english", "8"];
        args.extend_from_slice(extra);
        let o = rulecheck(&args).ok();
        assert_eq!(o.stdout, plain.stdout, "{extra:?}");
        assert!(o.stderr.contains("table of "), "{}", o.all());
    }
    let divide = rulecheck(&["perft", "russian", "6", "--paths", "--divide"]).ok();
    let hashed = rulecheck(&["perft", "russian", "6", "--paths", "--divide", "--hash", "1M"]).ok();
    assert_eq!(divide.stdout, hashed.stdout);
    let konane = rulecheck(&["perft", "konane", "7", "--json"]).ok();
    let hashed = rulecheck(&["perft", "konane", "7", "--json", "--hash", "2M"]).ok();
    assert_eq!(konane.stdout, hashed.stdout);
    let part = rulecheck(&["perft", "chinese-checkers", "3", "--shard", "1/1", "--json"]).ok();
    let hashed = rulecheck(&["perft", "chinese-checkers", "3", "--shard", "1/1", "--json", "--hash", "1M"]).ok();
    assert_eq!(part.stdout, hashed.stdout);
}

#[test]
fn a_bad_hash_size_is_refused_with_a_message() {
    for (size, says) in [
        ("lots", "is not a size"),
        ("1.5G", "is not a size"),
        ("64X", "is not a size"),
        ("=-1", "is not a size"),
        ("0", "too small"),
        ("100", "too small"),
        ("99999999999999999999", "too large"),
        ("20000000T", "too large"),
    ] {
        let arg = if let Some(s) = size.strip_prefix('=') { format!("--hash={s}") } else { format!("--hash={size}") };
        let o = rulecheck(&["perft", "english", "3", &arg]).bad_input();
        assert!(o.stderr.contains(says), "--hash {size}: {}", o.all());
    }
    // More than the machine has: refused before anything is counted.
    let o = rulecheck(&["perft", "english", "3", "--hash", "100000G"]).bad_input();
    assert!(
        o.stderr.contains("--hash 100000G: more than this machine's available memory")
            || o.stderr.contains("--hash 100000G: the memory for the table could not be allocated"),
        "{}",
        o.all()
    );
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
}

#[test]
fn hash_with_an_engine_is_refused() {
    let o = rulecheck(&["perft", "english", "3", "--hash", "1M", "--engine", "some-engine"]).bad_input();
    assert!(o.stderr.contains("with --engine the counts are the engine's own"), "{}", o.all());
}
