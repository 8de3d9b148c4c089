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

fn pdn_games(n: usize) -> String {
    let mut out = String::new();
    for i in 0..n {
        out.push_str(&format!(
            "[Event \"game {i}\"]\n[Result \"*\"]\n1. 11-15 23-19 {{a comment}} 2. 8-11 (2. 9-14 22-17) 22-17 3. 9-13 *\n\n"
        ));
    }
    out
}

fn erroneous_scenarios(n: usize) -> String {
    let mut out = String::from("variant: english\npage: checkers.hi\nscenarios:\n");
    for i in 0..n {
        out.push_str(&format!(
            "  - name: s{i}\n    clauses: [english.setup.first]\n    position: \"B:W33\"\n    expect: {{moves: [9-13]}}\n"
        ));
    }
    out
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse/pdn-replay");
    group.sample_size(10);
    for n in [1000usize, 8000] {
        let text = pdn_games(n);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let reports = rulecheck::pdn::replay_str("english", &Options::new(), black_box(text));
                assert_eq!(reports.map(|r| r.len()).unwrap_or(0), n);
            })
        });
    }
    group.finish();
}

fn check(c: &mut Criterion) {
    let catalog = Catalog::builtin().expect("the built-in catalog");
    let mut group = c.benchmark_group("parse/check-erroneous-scenarios");
    group.sample_size(10);
    for n in [4000usize, 38000] {
        let text = erroneous_scenarios(n);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let errors = loader::load_str(Path::new("many.yaml"), black_box(text), &catalog, &Options::new());
                assert_eq!(errors.err().map(|e| e.len()), Some(n));
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replay, check);
criterion_main!(benches);
