//! Benchmarks of the parsers at scale: replaying a PDN file of many small
//! games, and checking a scenario file in which every scenario has errors.
//! Both place every move and every error through one line index of the
//! file, so their time grows in proportion to the file (the tests check the
//! work without timing it, in tests/cli/limits.rs). `cargo bench --bench parse`.

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rulecheck::catalog::Catalog;
use rulecheck::game::Options;
use rulecheck::scenario::loader;

#[path = "../../../tests/support/inputs.rs"]
mod inputs;
use inputs::{english_scenarios, pdn_games};

/// A group of benchmarks, one for each size in `sizes`: `parse` reads
/// the text `input` makes of that size, and is told the size to check
/// what it read.
fn bench_sizes(
    c: &mut Criterion,
    name: &str,
    sizes: [usize; 2],
    input: impl Fn(usize) -> String,
    parse: impl Fn(&str, usize),
) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for n in sizes {
        let text = input(n);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| b.iter(|| parse(black_box(text), n)));
    }
    group.finish();
}

fn replay(c: &mut Criterion) {
    bench_sizes(c, "parse/pdn-replay", [1000, 8000], pdn_games, |text, n| {
        let reports = rulecheck::pdn::replay_str("english", &Options::new(), text);
        assert_eq!(reports.map(|r| r.len()).unwrap_or(0), n);
    });
}

fn check(c: &mut Criterion) {
    let catalog = Catalog::builtin().expect("the built-in catalog");
    // Each scenario's position has a square the board lacks.
    let scenario = "    position: \"B:W33\"\n    expect: {moves: [9-13]}\n";
    bench_sizes(
        c,
        "parse/check-erroneous-scenarios",
        [4000, 38000],
        |n| english_scenarios(n, scenario),
        |text, n| {
            let errors =
                loader::load_str(Path::new("many.yaml"), text, &catalog, &Options::new(), &rulecheck::oracle::REGISTRY);
            assert_eq!(errors.err().map(|e| e.len()), Some(n));
        },
    );
}

criterion_group!(benches, replay, check);
criterion_main!(benches);
