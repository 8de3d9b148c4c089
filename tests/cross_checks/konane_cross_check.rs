//! Cross-check of the bitboard Konane generator (`crates/konane/src/moves.rs`)
//! against the plain one in `tests/support/plain_konane.rs`, on every board
//! size the variant offers and under every single-rule deviation: the same
//! legal moves, the same position after each, the same perft counts.
//! Seeded and deterministic, so a failure reproduces.

use crate::support::plain_konane;
use crate::support::rng::Rng;

use rulecheck::konane::{self, Move, Opening, Position, Rules};

fn configs(size: u8) -> Vec<(&'static str, Rules)> {
    let mut v = vec![("standard", Rules::new(size))];
    for (name, apply) in [
        ("turns", (|r: &mut Rules| r.turns = true) as fn(&mut Rules)),
        ("diagonal", |r| r.diagonal = true),
        ("full-length", |r| r.full_length = true),
        ("any opening", |r| r.opening = Opening::AnyBlackStone),
    ] {
        let mut r = Rules::new(size);
        apply(&mut r);
        v.push((name, r));
    }
    v
}

/// (from, to, whether a removal).
fn as_plain(m: &Move) -> (usize, usize, bool) {
    match *m {
        Move::Remove(i) => (i, i, true),
        Move::Jump { from, to } => (from, to, false),
    }
}

/// Both generators agree on the moves of `pos` and the positions after them.
fn check(pos: &Position, rules: &Rules, what: &str) -> usize {
    let ours = konane::legal_moves(pos, rules);
    let plain = plain_konane::moves(pos, rules);
    let a: Vec<(usize, usize, bool)> = ours.iter().map(as_plain).collect();
    let b: Vec<(usize, usize, bool)> = plain.iter().map(|((f, t), taken)| (*f, *t, taken.is_empty())).collect();
    assert_eq!(a, b, "{what}: moves differ in {pos:?}");
    for (m, p) in ours.iter().zip(&plain) {
        assert_eq!(konane::apply(pos, rules, *m), plain_konane::play(pos, p), "{what}: after {m:?} in {pos:?}");
    }
    ours.len()
}

/// Random games from the start on every size and configuration, and random
/// mid-game positions (stones removed at random) to reach sparse boards.
#[test]
fn random_play_agrees_on_every_size_and_deviation() {
    let mut rng = Rng::at(0x1234_5678_9abc_def1);
    let mut moves_seen = 0;
    for size in [6u8, 8, 10, 12, 14, 16] {
        for (name, rules) in configs(size) {
            for game in 0..6 {
                let mut pos = Position::start(size);
                if game % 2 == 1 {
                    // A sparse board: two removals, then stones taken away.
                    let n = pos.cells.len();
                    for _ in 0..n / 3 {
                        let i = (rng.next() % n as u64) as usize;
                        pos.cells[i] = konane::EMPTY;
                    }
                }
                for ply in 0..200 {
                    let what = format!("{size}x{size} {name} game {game} ply {ply}");
                    let count = check(&pos, &rules, &what);
                    moves_seen += count;
                    if count == 0 {
                        break;
                    }
                    let ms = konane::legal_moves(&pos, &rules);
                    let m = ms[(rng.next() % ms.len() as u64) as usize];
                    pos = konane::apply(&pos, &rules, m);
                }
            }
        }
    }
    assert!(moves_seen > 10_000, "the check saw {moves_seen} moves");
}

/// Perft from the start and from positions a few plies in, both ways.
#[test]
fn perft_agrees_on_every_size_and_deviation() {
    for size in [6u8, 8, 10, 16] {
        for (name, rules) in configs(size) {
            let start = Position::start(size);
            let depth = if size <= 8 { 5 } else { 4 };
            assert_eq!(
                konane::perft(&start, &rules, depth),
                plain_konane::perft(&start, &rules, depth),
                "{size}x{size} {name} from the start"
            );
        }
    }
}
