//! The board facts behind spec/sweep.md's argument that no Japanese-form
//! table play can reach is drawn as blocked (nobody still playing can move,
//! clause `cc.turn.pass`). The argument is written against the shape of the
//! board and the closed camps; if either changes, these checks fail and the
//! argument (or a scenario that replaces it) has to be revisited.

use super::board::{holes, Board, Holes, HOLES};
use super::movegen::closed_holes;
use super::rules::{ForeignCamps, Rules};

fn bit(h: u8) -> Holes {
    1u128 << h
}

fn neighbours(b: &Board, h: u8) -> impl Iterator<Item = u8> + '_ {
    b.neighbours[usize::from(h)].iter().flatten().copied()
}

/// The holes of `set` next to some hole of `from`.
fn touching(b: &Board, from: Holes, set: Holes) -> Holes {
    holes(from).flat_map(|h| neighbours(b, h)).filter(|&n| set & bit(n) != 0).fold(0, |a, n| a | bit(n))
}

fn connected(b: &Board, set: Holes) -> bool {
    let Some(start) = holes(set).next() else { return true };
    let mut seen = bit(start);
    let mut stack = vec![start];
    while let Some(h) = stack.pop() {
        for n in neighbours(b, h) {
            if set & bit(n) != 0 && seen & bit(n) == 0 {
                seen |= bit(n);
                stack.push(n);
            }
        }
    }
    seen == set
}

/// The holes of the hexagon in no 15-hole camp.
fn open_middle(b: &Board) -> Holes {
    let camps = b.big_camps.iter().fold(0u128, |a, c| a | c);
    ((1u128 << HOLES) - 1) & !camps
}

#[test]
fn the_37_middle_holes_stay_connected_without_any_two_of_them() {
    let b = Board::get();
    let middle = open_middle(b);
    assert_eq!(middle.count_ones(), 37);
    let list: Vec<u8> = holes(middle).collect();
    for (i, &x) in list.iter().enumerate() {
        for &y in &list[i..] {
            let rest = middle & !bit(x) & !bit(y);
            assert!(connected(b, rest), "{} and {} cut the middle", b.name(x), b.name(y));
        }
    }
}

#[test]
fn in_the_japanese_form_the_middle_is_open_to_all_and_each_camp_to_one_seat() {
    let b = Board::get();
    let all = (1u128 << HOLES) - 1;
    let middle = open_middle(b);
    for players in [2u8, 3] {
        for foreign in [ForeignCamps::Closed, ForeignCamps::PassThrough] {
            let mut rules = Rules::japanese(players);
            rules.foreign_camps = foreign;
            let open: Vec<Holes> = (1..=players).map(|s| all & !closed_holes(&rules, s).0).collect();
            for (i, &o) in open.iter().enumerate() {
                let seat = i as u8 + 1;
                let own = b.big_camps[rules.camp(seat)] | b.big_camps[rules.goal(seat)];
                assert_eq!(o, middle | own, "{players} players, {foreign:?}: seat {seat}");
            }
            for c in 0..6 {
                let others = (0..6).filter(|&d| d != c).fold(0u128, |a, d| a | b.big_camps[d]);
                let border = b.big_camps[c] & !b.triangles[c];
                let not_corners = border & !others;
                let users = open.iter().filter(|&&o| o & b.triangles[c] != 0).count();
                assert!(users <= 1, "{players} players: camp {c} open to {users} seats");
                for o in &open {
                    let sees = *o & (b.triangles[c] | not_corners);
                    assert!(sees == 0 || sees == b.triangles[c] | not_corners, "camp {c}");
                }
                assert_eq!(not_corners.count_ones(), 3, "camp {c}");
                assert!(connected(b, b.triangles[c]), "camp {c}");
                assert_eq!(touching(b, b.triangles[c], all & !b.triangles[c]), border, "camp {c}");
                assert_eq!(touching(b, not_corners, middle).count_ones(), 4, "camp {c}");
                for h in holes(border) {
                    for d in (0..6).filter(|&d| b.big_camps[d] & bit(h) != 0) {
                        assert_ne!(touching(b, bit(h), b.triangles[d]), 0, "{} beside camp {d}", b.name(h));
                    }
                }
            }
        }
    }
}
