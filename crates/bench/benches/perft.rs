//! Benchmarks: bulk-counted perft from the English start position (depths 8
//! to 10; nodes per second is the throughput criterion reports), the rows of
//! the perft tables (spec/perft) too deep for `cargo test`, every variant at the
//! depth the native engines are compared at, move generation on its own,
//! and a whole run of the spec against the reference engine, in-process and
//! over the engine protocol. `cargo bench` runs them all; `cargo bench --
//! perft` one group (`-- hash` the transposition table's).

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::path::Path;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rulecheck::catalog::Catalog;
use rulecheck::draughts::Generator;
use rulecheck::draughts::Position;
use rulecheck::draughts::Rules;
use rulecheck::draughts::{Counting, Perft};
use rulecheck::engine;
use rulecheck::perft::tables::{self, Table, TEST_NODES};
use rulecheck::runner;
use rulecheck::scenario::ScenarioFile;

/// The workspace's top folder, where `spec/` is.
fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The perft tables of `spec/perft/`, the same files `tests/cross_checks/perft.rs` reads.
fn tables() -> Vec<Table> {
    let dir = workspace().join("spec/perft");
    tables::load_all(&[dir]).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// The tabled count of a variant's start position (its own start, not a
/// set-up of other rows) at `depth`.
fn start_count(tables: &[Table], variant: &str, counting: tables::Counting, depth: u32) -> u64 {
    tables
        .iter()
        .filter(|t| t.variant == variant && t.position.is_none() && t.start_rows.is_none() && t.counting == counting)
        .find_map(|t| t.rows.iter().find(|r| r.0 == depth).map(|r| r.1))
        .unwrap_or_else(|| panic!("no {variant} {counting:?} row at depth {depth} in spec/perft"))
}

/// A group of benchmarks that each take long: ten samples, criterion's least.
fn slow_group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group
}

/// The draughts count of `start` to `depth` under `counting`, as `label`
/// in `group`: `nodes` a count, each held to it.
fn bench_draughts(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: String,
    rules: &Rules,
    start: &Position<u64>,
    counting: Counting,
    depth: u32,
    nodes: u64,
) {
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(label, |b| {
        let mut p = Perft::new(rules, counting);
        b.iter(|| {
            let n = p.count(black_box(start), depth);
            assert_eq!(n, nodes);
            n
        })
    });
}

/// A count from `start` as `label` in `group`, its throughput the count's
/// nodes: for the games whose perft is a plain function of the position.
fn bench_count<S>(group: &mut BenchmarkGroup<'_, WallTime>, label: String, start: &S, count: impl Fn(&S) -> u64) {
    group.throughput(Throughput::Elements(count(start)));
    group.bench_function(label, |b| b.iter(|| count(black_box(start))));
}

fn perft(c: &mut Criterion) {
    let tables = tables();
    let rules = Rules::english();
    let start = Position::<u64>::start(&rules);
    let mut group = slow_group(c, "perft/english/start");
    for depth in [8u32, 9, 10] {
        let nodes = start_count(&tables, "english", tables::Counting::Moves, depth);
        bench_draughts(&mut group, depth.to_string(), &rules, &start, Counting::DistinctMoves, depth, nodes);
    }
    group.finish();
}

/// Depth 8 from the start of every draughts variant: russian and pool part
/// here (929,899 against 929,896), and international's count is the
/// published 6,483,961.
fn perft_variants(c: &mut Criterion) {
    let tables = tables();
    let mut group = slow_group(c, "perft/start/8");
    for (name, rules) in
        [("russian", Rules::russian()), ("pool", Rules::pool()), ("international", Rules::international())]
    {
        let nodes = start_count(&tables, name, tables::Counting::Moves, 8);
        let start = Position::<u64>::start(&rules);
        bench_draughts(&mut group, name.to_string(), &rules, &start, Counting::DistinctMoves, 8, nodes);
    }
    group.finish();
}

/// The rows of the perft tables too deep for `cargo test` (above
/// `TEST_NODES` leaves, which tests/cross_checks/perft.rs checks): each counted by the
/// reference and held to its table, the files naming the sources (the
/// published tables of the shashki.com and FMJD forums as collected in
/// dctl's test suite, Letouzey's and Gilbert's positions, and the
/// self-computed counts where nothing is published).
fn perft_deep_rows(c: &mut Criterion) {
    let mut group = slow_group(c, "perft/tables");
    for t in tables() {
        for &(depth, nodes) in t.rows.iter().filter(|r| r.1 > TEST_NODES) {
            // "start, capture paths" is named start-capture-paths.
            let words: Vec<String> = t
                .name
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect();
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{}/{}/{depth}", t.variant, words.join("-")), |b| {
                b.iter(|| {
                    let n = t.reference_count(black_box(depth)).expect("perft");
                    assert_eq!(n, nodes, "{} {} depth {depth}", t.variant, t.name);
                    n
                })
            });
        }
    }
    group.finish();
}

/// Each variant from the start at the depth the native engines are timed at
/// (DarkHorse for English, Scan for international, dctl for Russian and
/// pool), in both counting conventions: distinct moves and capture paths.
fn perft_against_natives(c: &mut Criterion) {
    let mut group = slow_group(c, "perft/natives");
    let tables = tables();
    for (name, rules, depth) in [
        ("english", Rules::english(), 11u32),
        ("international", Rules::international(), 10),
        ("russian", Rules::russian(), 10),
        ("pool", Rules::pool(), 10),
    ] {
        let distinct = start_count(&tables, name, tables::Counting::Moves, depth);
        let paths = start_count(&tables, name, tables::Counting::Paths, depth);
        let start = Position::<u64>::start(&rules);
        for (convention, counting, nodes) in
            [("moves", Counting::DistinctMoves, distinct), ("paths", Counting::Paths, paths)]
        {
            bench_draughts(&mut group, format!("{name}/{depth}/{convention}"), &rules, &start, counting, depth, nodes);
        }
    }
    group.finish();
}

/// Chinese checkers from the start, 2, 3 and 6 players, each to the depth
/// that takes a fraction of a second to a second.
fn perft_chinese_checkers(c: &mut Criterion) {
    use rulecheck::halma;
    let mut group = slow_group(c, "perft/chinese-checkers/start");
    for (players, depth) in [(2u8, 6u32), (3, 6), (6, 6)] {
        let rules = halma::Rules::international(players);
        let start = halma::Position::start(&rules);
        bench_count(&mut group, format!("{players}-players/depth-{depth}"), &start, |s| halma::perft(s, &rules, depth));
    }
    group.finish();
}

/// Konane from the start, removals included: 8x8 to depth 10 on one u64
/// per colour, and the wider sets (u128 for 10x10, four words for 16x16).
fn perft_konane(c: &mut Criterion) {
    use rulecheck::konane;
    let mut group = slow_group(c, "perft/konane/start");
    for (size, depth) in [(8u8, 8u32), (8, 10), (10, 8), (16, 6)] {
        let rules = konane::Rules::new(size);
        bench_count(&mut group, format!("{size}x{size}/{depth}"), &konane::Position::start(size), |s| {
            konane::perft(s, &rules, depth)
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
            next.extend(buf.iter().map(|m| rulecheck::draughts::apply(p, m)));
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

/// The whole spec loaded and run, as `label` in the group `spec`: `run`
/// runs the loaded files against an engine and returns the passes.
fn bench_whole_spec(c: &mut Criterion, label: &str, run: impl Fn(&[ScenarioFile]) -> usize) {
    let catalog = Catalog::builtin().expect("catalog");
    let spec = workspace().join("spec");
    let mut group = slow_group(c, "spec");
    group.bench_function(label, |b| {
        b.iter(|| {
            let (files, errors) = runner::load_all(std::slice::from_ref(&spec), &catalog, &Default::default());
            assert!(errors.is_empty());
            run(&files)
        })
    });
    group.finish();
}

fn whole_spec(c: &mut Criterion) {
    bench_whole_spec(c, "load and run against the reference", |files| {
        let mut engine = engine::reference();
        files.iter().map(|f| runner::run_file(f, &mut engine).passed()).sum::<usize>()
    });
}

/// The whole spec over the engine protocol, against the reference served by
/// `rulecheck serve`'s loop (`src/serve.rs`, which cargo builds for the
/// benchmarks): loading, starting the engine, every request and its answer,
/// and ending the engine, to set beside the in-process run of
/// [`whole_spec`].
fn whole_spec_protocol(c: &mut Criterion) {
    let binary = Path::new(env!("CARGO_BIN_EXE_rulecheck-bench-serve"));
    if !binary.is_file() {
        eprintln!("spec/protocol: skipped, {} is not built", binary.display());
        return;
    }
    let command = format!("'{}'", binary.display());
    let spec_of_engine = engine::process::EngineSpec::from_command_line(&command).expect("engine command");
    bench_whole_spec(c, "load and run against rulecheck serve", |files| {
        let mut engine = engine::process::ProcessEngine::new(spec_of_engine.clone());
        let passed: usize = files.iter().map(|f| runner::run_file(f, &mut engine).passed()).sum();
        let scenarios: usize = files.iter().map(|f| f.scenarios.len()).sum();
        assert_eq!(passed, scenarios, "the served reference passes the whole spec");
        passed
    });
}

/// The same count on one thread and on two (`perft -j 2`): the speed-up of
/// the split, English from the start to depth 11.
fn perft_parallel(c: &mut Criterion) {
    let g = rulecheck::registry::configure("english", &rulecheck::game::Options::new()).expect("english");
    let start = g.start_position();
    let nodes = g.perft(&start, 11, false).expect("perft");
    let mut group = slow_group(c, "perft/parallel/english/11");
    group.throughput(Throughput::Elements(nodes));
    for jobs in [1usize, 2] {
        group.bench_function(format!("jobs-{jobs}"), |b| {
            b.iter(|| rulecheck::perft::parallel(g.as_ref(), black_box(&start), 11, false, jobs, &|_| {}))
        });
    }
    group.finish();
}

/// `perft --hash`: English from the start to depth 12 (paths, the
/// published 388,623,673, from spec/perft/english.yaml) without a table and with one of 64 MiB and of
/// 1 GiB, the table made anew (allocated and cleared) for every count.
/// `cargo bench --bench perft -- hash` runs this group alone.
fn perft_hash(c: &mut Criterion) {
    use rulecheck::draughts::HashedPerft as Hashed;
    let rules = Rules::english();
    let start = Position::<u64>::start(&rules);
    let nodes = start_count(&tables(), "english", tables::Counting::Paths, 12);
    let mut group = slow_group(c, "perft/hash/english/12");
    // The throughput set here holds for the tables' counts too.
    bench_draughts(&mut group, "no-table".into(), &rules, &start, Counting::Paths, 12, nodes);
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
    perft_deep_rows,
    perft_against_natives,
    perft_chinese_checkers,
    perft_konane,
    movegen,
    whole_spec,
    whole_spec_protocol
);
criterion_main!(benches);
