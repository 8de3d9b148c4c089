//! Benchmarks: bulk-counted perft from the English start position (depths 8
//! to 10; nodes per second is the throughput criterion reports), the deeper
//! entries of the published keep-duplicates tables, every variant at the
//! depth the native engines are compared at, move generation on its own,
//! and a whole run of the spec against the reference engine, in-process and
//! over the engine protocol. `cargo bench` runs them all; `cargo bench --
//! perft` one group (`-- hash` the transposition table's).

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rulecheck::catalog::Catalog;
use rulecheck::draughts::movegen::Generator;
use rulecheck::draughts::perft::{Counting, Perft};
use rulecheck::draughts::position::Position;
use rulecheck::draughts::rules::Rules;
use rulecheck::engine;
use rulecheck::runner;

fn perft(c: &mut Criterion) {
    let rules = Rules::english();
    let start = Position::<u64>::start(&rules);
    let mut group = c.benchmark_group("perft/english/start");
    group.sample_size(10);
    for (depth, nodes) in [(8u32, 845_931u64), (9, 3_963_680), (10, 18_391_564)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            let mut p = Perft::new(&rules, Counting::DistinctMoves);
            b.iter(|| {
                let n = p.count(black_box(&start), d);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

/// Depth 8 from the start of every draughts variant: russian and pool part
/// here (929,899 against 929,896), and international's count is the
/// published 6,483,961.
fn perft_variants(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft/start/8");
    group.sample_size(10);
    for (name, rules, nodes) in [
        ("russian", Rules::russian(), 929_899u64),
        ("pool", Rules::pool(), 929_896),
        ("international", Rules::international(), 6_483_961),
    ] {
        let start = Position::<u64>::start(&rules);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            let mut p = Perft::new(&rules, Counting::DistinctMoves);
            b.iter(|| {
                let n = p.count(black_box(&start), 8);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

/// The deeper entries of the published keep-duplicates tables that
/// tests/perft.rs checks to depth 10 or 11 (and of the killer and Thai
/// tables it checks less deep): capture paths counted with
/// `Counting::Paths`, and the distinct-move count beside them where the two
/// part. The tables are from the "Standard validation generator moves" thread
/// of the shashki.com forum (topic 627), as collected in dctl's test suite
/// (test/src/algo/traversal/initial/board_08x08.cpp and board_10x10.cpp,
/// test/src/algo/traversal/international/shashki.cpp).
/// Ed Gilbert's three Italian test positions (see `perft_keep_duplicates`).
const GILBERT: [&str; 3] = [
    "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
    "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
    "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
];

fn perft_keep_duplicates(c: &mut Criterion) {
    use rulecheck::draughts::notation::parse_fen;
    let mut group = c.benchmark_group("perft/keep-duplicates");
    group.sample_size(10);
    let front_rows = "W:B16,17,18,19,20:W31,32,33,34,35";
    let random178 = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    let woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    let thai_on_three_rows = Rules { rows_of_men: 3, ..Rules::thai() };
    for (name, rules, fen, depth, counting, nodes) in [
        ("russian/start", Rules::russian(), None, 11u32, Counting::Paths, 110_961_169u64),
        ("russian/start/moves", Rules::russian(), None, 11, Counting::DistinctMoves, 110_917_189),
        ("pool/start", Rules::pool(), None, 11, Counting::Paths, 110_877_932),
        ("pool/start/moves", Rules::pool(), None, 11, Counting::DistinctMoves, 110_833_952),
        ("international/start", Rules::international(), None, 9, Counting::Paths, 41_022_614),
        ("international/start/moves", Rules::international(), None, 9, Counting::DistinctMoves, 41_022_423),
        ("international/front-rows", Rules::international(), Some(front_rows), 12, Counting::Paths, 34_907_917),
        ("international/front-rows", Rules::international(), Some(front_rows), 13, Counting::Paths, 123_162_301),
        ("english/start", Rules::english(), None, 12, Counting::Paths, 388_623_673),
        ("english/start/moves", Rules::english(), None, 12, Counting::DistinctMoves, 388_617_999),
        // Thai from twelve men a side on three rows, the start dctl's table
        // counts from (tests/perft.rs has depths 1 to 10).
        ("thai/three-rows", thai_on_three_rows.clone(), None, 11, Counting::Paths, 84_892_793),
        ("thai/three-rows", thai_on_three_rows.clone(), None, 12, Counting::Paths, 385_719_334),
        ("thai/three-rows/moves", thai_on_three_rows.clone(), None, 12, Counting::DistinctMoves, 385_713_660),
        // The Thai start itself (eight men a side), against dctl's Thai
        // rules from the same start (no table is published; tests/perft.rs
        // has depths 1 to 8).
        ("thai/start", Rules::thai(), None, 10, Counting::Paths, 861_842_812),
        ("thai/start/moves", Rules::thai(), None, 10, Counting::DistinctMoves, 861_842_812),
        // Brazilian: the "Standard validation generator moves" table, one
        // depth beyond tests/perft.rs.
        ("brazilian/start", Rules::brazilian(), None, 11, Counting::Paths, 105_534_946),
        ("brazilian/start/moves", Rules::brazilian(), None, 11, Counting::DistinctMoves, 105_491_257),
        // Killer: dctl's board_10x10.cpp from the start, and Fabien
        // Letouzey's two positions in dctl's killer/letouzey.cpp (distinct
        // moves only), one depth beyond tests/perft.rs.
        ("killer/start", Rules::killer(), None, 9, Counting::Paths, 41_022_614),
        ("killer/start/moves", Rules::killer(), None, 9, Counting::DistinctMoves, 41_022_423),
        ("killer/random178/moves", Rules::killer(), Some(random178), 8, Counting::DistinctMoves, 78_944_517),
        ("killer/random178/moves", Rules::killer(), Some(random178), 9, Counting::DistinctMoves, 1_133_545_351),
        ("killer/woldouby/moves", Rules::killer(), Some(woldouby), 13, Counting::DistinctMoves, 9_850_540),
        ("killer/woldouby/moves", Rules::killer(), Some(woldouby), 14, Counting::DistinctMoves, 58_116_971),
        ("killer/woldouby/moves", Rules::killer(), Some(woldouby), 15, Counting::DistinctMoves, 343_968_214),
        // The ranked variants, from the "Perft for all recognized draughts
        // variants" thread of the FMJD forum (damforum.nl, topic 2822), and
        // Ed Gilbert's Italian positions from the same thread (dctl's
        // italian/gilbert.cpp), written in the Italian numbering.
        ("czech/start", Rules::czech(), None, 12, Counting::Paths, 386_267_783),
        ("czech/start/moves", Rules::czech(), None, 12, Counting::DistinctMoves, 386_262_109),
        ("spanish/start", Rules::spanish(), None, 12, Counting::Paths, 365_734_003),
        ("spanish/start/moves", Rules::spanish(), None, 12, Counting::DistinctMoves, 365_728_331),
        ("italian/start", Rules::italian(), None, 12, Counting::Paths, 367_917_147),
        ("italian/start/moves", Rules::italian(), None, 12, Counting::DistinctMoves, 367_911_475),
        ("italian/gilbert-1", Rules::italian(), Some(GILBERT[0]), 14, Counting::Paths, 49_327_264),
        ("italian/gilbert-2", Rules::italian(), Some(GILBERT[1]), 10, Counting::Paths, 77_920_042),
        ("italian/gilbert-3", Rules::italian(), Some(GILBERT[2]), 9, Counting::Paths, 130_562_037),
        // Frisian: the FMJD forum's topic 2822 (post of 6 May 2010) and dctl's
        // board_10x10.cpp; tests/perft.rs checks it to depth 9.
        ("frisian/start", Rules::frisian(), None, 10, Counting::Paths, 90_161_025),
        ("frisian/start/moves", Rules::frisian(), None, 10, Counting::DistinctMoves, 85_817_725),
        ("frisian/start", Rules::frisian(), None, 11, Counting::Paths, 521_287_205),
        ("frisian/start/moves", Rules::frisian(), None, 11, Counting::DistinctMoves, 491_186_430),
        // Turkish: no table by a second program; tests/cross_checks/turkish_kish.rs holds
        // the tree to kish's move lists (kish's own perft, which counts every
        // route of a capture, gives 1,454,144,462 at depth 9).
        ("turkish/start/moves", Rules::turkish(), None, 9, Counting::DistinctMoves, 1_454_012_156),
    ] {
        let pos = match fen {
            Some(f) => parse_fen::<u64>(f, &rules).expect("bench FEN parses"),
            None => Position::<u64>::start(&rules),
        };
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/{depth}"), |b| {
            let mut p = Perft::new(&rules, counting);
            b.iter(|| {
                let n = p.count(black_box(&pos), depth);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

/// Canadian draughts (the 12x12 board, its sets in a `u128`) from the
/// start: the "Perft on large boards" table of the FMJD forum (laatste.info
/// topic 4563, in dctl's `initial/board_large.cpp`), distinct moves, one to
/// three depths beyond tests/perft.rs. No keep-duplicates table is
/// published for 12x12; the path counts beside them are rulecheck's own
/// (31,839,070 and 237,209,607), held to the plain generator by
/// tests/cross_checks/cross_check.rs at shallower depths.
fn perft_canadian(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft/canadian/start");
    group.sample_size(10);
    let rules = Rules::canadian();
    let start = Position::<u128>::start(&rules);
    for (depth, counting, nodes) in [
        (7u32, Counting::DistinctMoves, 4_369_366u64),
        (8, Counting::DistinctMoves, 31_839_056),
        (9, Counting::DistinctMoves, 237_209_258),
        (8, Counting::Paths, 31_839_070),
        (9, Counting::Paths, 237_209_607),
    ] {
        let convention = if counting == Counting::Paths { "paths" } else { "moves" };
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{depth}/{convention}"), |b| {
            let mut p = Perft::new(&rules, counting);
            b.iter(|| {
                let n = p.count(black_box(&start), depth);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

/// Each variant from the start at the depth the native engines are timed at
/// (DarkHorse for English, Scan for international, dctl for Russian and
/// pool), in both counting conventions: distinct moves and capture paths.
fn perft_against_natives(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft/natives");
    group.sample_size(10);
    for (name, rules, depth, distinct, paths) in [
        ("english", Rules::english(), 11u32, 85_242_128u64, 85_242_128u64),
        ("international", Rules::international(), 10, 258_895_763, 258_935_682),
        ("russian", Rules::russian(), 10, 22_444_032, 22_450_628),
        ("pool", Rules::pool(), 10, 22_435_955, 22_442_551),
    ] {
        let start = Position::<u64>::start(&rules);
        for (convention, counting, nodes) in
            [("moves", Counting::DistinctMoves, distinct), ("paths", Counting::Paths, paths)]
        {
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{name}/{depth}/{convention}"), |b| {
                let mut p = Perft::new(&rules, counting);
                b.iter(|| {
                    let n = p.count(black_box(&start), depth);
                    assert_eq!(n, nodes);
                    n
                })
            });
        }
    }
    group.finish();
}

/// Chinese checkers from the start, 2, 3 and 6 players, each to the depth
/// that takes a fraction of a second to a second.
fn perft_chinese_checkers(c: &mut Criterion) {
    use rulecheck::halma;
    let mut group = c.benchmark_group("perft/chinese-checkers/start");
    group.sample_size(10);
    for (players, depth) in [(2u8, 6u32), (3, 6), (6, 6)] {
        let rules = halma::Rules::international(players);
        let start = halma::position::Position::start(&rules);
        let nodes = halma::game::perft(&start, &rules, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{players}-players/depth-{depth}"), |b| {
            b.iter(|| halma::game::perft(black_box(&start), &rules, depth))
        });
    }
    group.finish();
}

/// Konane from the start, removals included: 8x8 to depth 10 on one u64
/// per colour, and the wider sets (u128 for 10x10, four words for 16x16).
fn perft_konane(c: &mut Criterion) {
    use rulecheck::konane;
    let mut group = c.benchmark_group("perft/konane/start");
    group.sample_size(10);
    for (size, depth) in [(8u8, 8u32), (8, 10), (10, 8), (16, 6)] {
        let rules = konane::Rules::new(size);
        let start = konane::Position::start(size);
        let nodes = konane::perft(&start, &rules, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{size}x{size}/{depth}"), |b| {
            b.iter(|| konane::perft(black_box(&start), &rules, depth))
        });
    }
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let rules = Rules::english();
    let g = Generator::new(&rules);
    // A spread of positions from the first plies of every opening.
    let mut positions = vec![Position::<u64>::start(&rules)];
    let mut buf = Vec::new();
    for _ in 0..4 {
        let mut next = Vec::new();
        for p in &positions {
            g.legal_moves(p, &mut buf);
            next.extend(buf.iter().map(|m| rulecheck::draughts::movegen::apply(p, m)));
        }
        positions = next;
    }
    let mut group = c.benchmark_group("movegen/english");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        let mut out = Vec::with_capacity(64);
        b.iter(|| {
            let mut total = 0;
            for p in &positions {
                g.legal_moves(black_box(p), &mut out);
                total += out.len();
            }
            total
        })
    });
    group.finish();
}

fn whole_spec(c: &mut Criterion) {
    let catalog = Catalog::builtin().expect("catalog");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let mut group = c.benchmark_group("spec");
    group.sample_size(10);
    group.bench_function("load and run against the reference", |b| {
        b.iter(|| {
            let (files, errors) = runner::load_all(std::slice::from_ref(&spec), &catalog, &Default::default());
            assert!(errors.is_empty());
            let mut engine = engine::reference();
            files.iter().map(|f| runner::run_file(f, &mut engine).passed()).sum::<usize>()
        })
    });
    group.finish();
}

/// The whole spec over the engine protocol, against `rulecheck serve` (this
/// build's binary, which cargo builds for the benchmarks): loading, starting
/// the engine, every request and its answer, and ending the engine, to set
/// beside the in-process run of [`whole_spec`].
fn whole_spec_protocol(c: &mut Criterion) {
    let binary = Path::new(env!("CARGO_BIN_EXE_rulecheck"));
    if !binary.is_file() {
        eprintln!("spec/protocol: skipped, {} is not built", binary.display());
        return;
    }
    let command = format!("'{}' serve", binary.display());
    let spec_of_engine = engine::process::EngineSpec::from_command_line(&command).expect("engine command");
    let catalog = Catalog::builtin().expect("catalog");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let mut group = c.benchmark_group("spec");
    group.sample_size(10);
    group.bench_function("load and run against rulecheck serve", |b| {
        b.iter(|| {
            let (files, errors) = runner::load_all(std::slice::from_ref(&spec), &catalog, &Default::default());
            assert!(errors.is_empty());
            let mut engine = engine::process::ProcessEngine::new(spec_of_engine.clone());
            let passed: usize = files.iter().map(|f| runner::run_file(f, &mut engine).passed()).sum();
            let scenarios: usize = files.iter().map(|f| f.scenarios.len()).sum();
            assert_eq!(passed, scenarios, "the served reference passes the whole spec");
            passed
        })
    });
    group.finish();
}

/// The same count on one thread and on two (`perft -j 2`): the speed-up of
/// the split, English from the start to depth 11.
fn perft_parallel(c: &mut Criterion) {
    let g = rulecheck::registry::configure("english", &rulecheck::game::Options::new()).expect("english");
    let start = g.start_position();
    let nodes = g.perft(&start, 11, false).expect("perft");
    let mut group = c.benchmark_group("perft/parallel/english/11");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    for jobs in [1usize, 2] {
        group.bench_function(format!("jobs-{jobs}"), |b| {
            b.iter(|| rulecheck::perft::parallel(g.as_ref(), black_box(&start), 11, false, jobs, &|_| {}))
        });
    }
    group.finish();
}

/// `perft --hash`: English from the start to depth 12 (paths, the
/// published 388,623,673) without a table and with one of 64 MiB and of
/// 1 GiB, the table made anew (allocated and cleared) for every count.
/// `cargo bench --bench perft -- hash` runs this group alone.
fn perft_hash(c: &mut Criterion) {
    use rulecheck::draughts::perft::hash::Hashed;
    let rules = Rules::english();
    let start = Position::<u64>::start(&rules);
    let nodes = 388_623_673u64;
    let mut group = c.benchmark_group("perft/hash/english/12");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("no-table", |b| {
        let mut p = Perft::new(&rules, Counting::Paths);
        b.iter(|| {
            let n = p.count(black_box(&start), 12);
            assert_eq!(n, nodes);
            n
        })
    });
    for (name, bytes) in [("64M", 64usize << 20), ("1G", 1 << 30)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut p = Hashed::new(&rules, Counting::Paths, bytes).expect("table");
                let n = p.count(black_box(&start), 12);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    perft_hash,
    perft_parallel,
    perft,
    perft_variants,
    perft_keep_duplicates,
    perft_canadian,
    perft_against_natives,
    perft_chinese_checkers,
    perft_konane,
    movegen,
    whole_spec,
    whole_spec_protocol
);
criterion_main!(benches);
