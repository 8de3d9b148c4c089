//! Perft split over threads, into shards and through every way of asking
//! for a count: the parts always add up to the plain walk's count, and
//! adding shards refuses parts that do not belong together.

use std::sync::atomic::{AtomicUsize, Ordering};

use rulecheck::game::notation::NotationError;
use rulecheck::game::{Game, Options};
use rulecheck::perft::{add, count, parallel, shard_with, Asked, Shard, Watch};
use rulecheck::registry;

fn game_of(variant: &str, options: &[(&str, &str)]) -> Box<dyn Game> {
    let o: Options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    registry::configure(variant, &o).expect("variant")
}

/// Split over threads or into shards, every count is the plain walk's,
/// path counting included.
#[test]
fn parts_add_up_to_the_plain_count() {
    let cases: Vec<(Box<dyn Game>, &str, u32, bool)> = vec![
        (game_of("english", &[]), "english", 6, false),
        (game_of("russian", &[]), "russian", 6, true),
        (game_of("international", &[]), "international", 4, false),
        (game_of("konane", &[]), "konane", 7, false),
        (game_of("chinese-checkers", &[("players", "3")]), "chinese-checkers", 3, false),
    ];
    for (g, variant, depth, paths) in cases {
        let start = g.start_position();
        let plain = u128::from(g.perft(&start, depth, paths).expect("perft"));
        for jobs in [2, 3] {
            assert_eq!(
                parallel(g.as_ref(), &start, depth, paths, jobs, &|_| {}).expect("parallel"),
                plain,
                "{variant}"
            );
        }
        for n in [1, 3, 7] {
            let parts: Vec<Shard> = (1..=n)
                .map(|k| shard_with(g.as_ref(), variant, &start, depth, paths, k, n, 2, None).expect("shard").0)
                .collect();
            assert_eq!(add(&parts), Ok(plain), "{variant} in {n} shards");
            assert!(parts.iter().all(|p| p.units == parts[0].units));
        }
    }
}

/// However `count` is asked to count (threads, a table, divided,
/// watched), the total is the plain walk's, a divide adds up to it, and
/// a watch hears of every part it was told of.
#[test]
fn every_way_of_counting_gives_the_plain_count() {
    struct Seen(AtomicUsize, AtomicUsize);
    impl Watch for Seen {
        fn parts(&self, n: usize) {
            self.0.store(n, Ordering::Relaxed);
        }
        fn done(&self) {
            self.1.fetch_add(1, Ordering::Relaxed);
        }
    }
    let g = game_of("english", &[]);
    let start = g.start_position();
    let plain = u128::from(g.perft(&start, 5, false).expect("perft"));
    for jobs in [1, 2] {
        for hash in [None, Some(1 << 22)] {
            for divide in [false, true] {
                for watched in [false, true] {
                    let seen = Seen(AtomicUsize::new(0), AtomicUsize::new(0));
                    let watch: Option<&dyn Watch> = if watched { Some(&seen) } else { None };
                    let asked = Asked { depth: 5, paths: false, jobs, hash, divide };
                    let c = count(g.as_ref(), &start, asked, watch).expect("count");
                    let case = format!("{asked:?}, watched {watched}");
                    assert_eq!(c.total, plain, "{case}");
                    let rows: u128 = c.divide.iter().map(|r| r.1).sum();
                    assert_eq!(rows, if divide { plain } else { 0 }, "{case}");
                    assert_eq!(c.stats.is_some(), hash.is_some(), "{case}");
                    let (parts, done) = (seen.0.into_inner(), seen.1.into_inner());
                    assert_eq!(done, parts, "{case}");
                    assert_eq!(parts > 0, watched, "{case}");
                }
            }
        }
    }
}

fn shard(g: &dyn Game, start: &str, k: usize, n: usize) -> Result<Shard, NotationError> {
    shard_with(g, "english", start, 4, false, k, n, 1, None).map(|(s, _)| s)
}

#[test]
fn adding_refuses_parts_missing_repeated_or_of_another_perft() {
    let g = game_of("english", &[]);
    let start = g.start_position();
    let one = shard(g.as_ref(), &start, 1, 2).expect("shard");
    let two = shard(g.as_ref(), &start, 2, 2).expect("shard");
    assert!(add(std::slice::from_ref(&one)).unwrap_err().contains("missing: 2/2"));
    assert!(add(&[one.clone(), one.clone()]).unwrap_err().contains("twice"));
    let other = Shard { depth: 5, ..two.clone() };
    assert!(add(&[one.clone(), other]).unwrap_err().contains("another perft"));
    let mut optional = two.clone();
    optional.options.insert("mandatory-capture".into(), "off".into());
    let said = add(&[one.clone(), optional]).unwrap_err();
    assert!(said.contains("house rules mandatory-capture=off") && said.contains("not recorded"), "{said}");
    assert_eq!(add(&[one, two]), Ok(1469));
    assert!(shard(g.as_ref(), &start, 3, 2).is_err());
}
