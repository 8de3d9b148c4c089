//! The counts found once three plies above the leaves, and kept from
//! node to node, against the moves played out and counts found afresh.

use super::super::bitboard::{State, Walk};
use super::super::board::HOLES;
use super::super::game::{self, Match};
use super::super::position::{Position, EMPTY};
use super::super::rules::{ForeignCamps, Rules};
use super::super::twoply::tests::Rng;
use super::super::twoply::Replies;
use super::{FoundOn, Spared};

/// Along random games of three to six players, the count found once
/// three plies above the leaves gives, for every move it answers, the
/// leaves of that move played out: whole where the move touches none
/// of its holes, and with the men it touched counted again where it
/// does. Both ways, and moves it leaves to be played out, must come up.
#[test]
fn the_count_found_once_is_the_count_after_each_move() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut whole, mut recounted, mut played) = (0, 0, 0);
    let mut sp = Spared::boxed();
    for players in 3..=6 {
        let rules = Rules::international(players);
        along_random_games(&rules, 6, 50, &mut rng, &mut sp, |walk, game, s, r, sp| {
            for &m in game.legal_moves() {
                let want = game::perft(game.after(m).position(), &rules, 2);
                match walk.spared_below(s, r, sp, m) {
                    Some(n) => {
                        assert_eq!(n, want, "{players} players, move {m:?} in {:?}", game.position());
                        if sp.looked.touched_by(m) {
                            recounted += 1;
                        } else {
                            whole += 1;
                        }
                    }
                    None => played += 1,
                }
            }
        });
    }
    assert!(whole > 5000 && recounted > 5000 && played > 1000, "{whole} whole, {recounted} recounted, {played} played");
}

/// A count found at one node three plies above the leaves and kept
/// for the next (see `FoundOn`) answers every move as a count found
/// afresh would. Along random games, each position's children are
/// counted in turn in one room, as the walk counts siblings, and each
/// answer is checked against a room of its own; both kept counts and
/// counts found again must come up.
#[test]
fn a_count_kept_for_the_next_node_answers_as_one_found_afresh() {
    let mut rng = Rng(0x9e6c_63d0_676a_9a99);
    let (mut kept, mut found) = (0, 0);
    let (mut sp, mut fresh) = (Spared::boxed(), Spared::boxed());
    for players in 3..=6 {
        let open = Rules::international(players);
        let closed = Rules { foreign_camps: ForeignCamps::Closed, ..Rules::international(players) };
        for rules in [open, closed] {
            let walk = Walk::new(&rules);
            let mut game = Match::new(&rules, Position::start(&rules));
            for _ply in 0..40 {
                if game.legal_moves().is_empty() {
                    break;
                }
                for &m in game.legal_moves() {
                    let child = game.after(m);
                    let s = State::new(child.position());
                    let Some(r) = walk.replies_two_on(&s) else { continue };
                    let next = usize::from(walk.next_seat[usize::from(s.to_move)] - 1);
                    let now = FoundOn::of(&walk, &s);
                    let stood = matches!(&sp.found_on, Some(was) if was.stands(&now, next, r.seat(), &sp.looked));
                    let answer = walk.spared(&s, &r, &mut sp);
                    fresh.found_on = None;
                    assert_eq!(answer, walk.spared(&s, &r, &mut fresh), "{players} players, {:?}", child.position());
                    if answer.is_none() {
                        continue;
                    }
                    if stood {
                        kept += 1;
                    } else {
                        found += 1;
                    }
                    for &reply in child.legal_moves() {
                        assert_eq!(
                            walk.spared_below(&s, &r, &sp, reply),
                            walk.spared_below(&s, &r, &fresh, reply),
                            "{players} players, move {reply:?} in {:?}",
                            child.position()
                        );
                    }
                }
                let moves = game.legal_moves();
                game = game.after(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }
    assert!(kept > 1000 && found > 1000, "{kept} kept, {found} found again");
}

/// A count is not kept where a man of the next two seats stands
/// elsewhere, even if neither hole was looked at (a man's own hole is
/// not always among its count's holes): each of their men standing
/// away from every hole looked at is carried to an empty hole that
/// also is, and the count must answer as one found afresh.
#[test]
fn a_count_is_not_kept_where_a_man_of_the_next_two_seats_stands_elsewhere() {
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let mut carried = 0;
    let (mut sp, mut fresh) = (Spared::boxed(), Spared::boxed());
    for players in 3..=6 {
        let rules = Rules::international(players);
        along_random_games(&rules, 10, 120, &mut rng, &mut sp, |walk, game, s, r, sp| {
            let looked = sp.looked.zone | sp.looked.near;
            let away = |h: usize| looked >> h & 1 == 0;
            let cells = &game.position().cells;
            let next = walk.next_seat[usize::from(s.to_move)];
            let seats = [next, r.seat() as u8 + 1];
            let men = (0..HOLES).filter(|&h| away(h) && seats.contains(&cells[h]));
            let free: Vec<usize> = (0..HOLES).filter(|&h| away(h) && cells[h] == EMPTY).collect();
            for (x, &y) in men.zip(free.iter().rev()) {
                let mut pos = game.position().clone();
                pos.cells.swap(x, y);
                let moved = Match::new(&rules, pos.clone());
                let s = State::new(&pos);
                let Some(r) = walk.replies_two_on(&s) else { continue };
                // The room holds the count of the position before.
                let mut again = sp.clone();
                let answer = walk.spared(&s, &r, &mut again);
                fresh.found_on = None;
                assert_eq!(answer, walk.spared(&s, &r, &mut fresh), "{pos:?}");
                if answer.is_some() {
                    carried += 1;
                    for &m in moved.legal_moves() {
                        assert_eq!(
                            walk.spared_below(&s, &r, &again, m),
                            walk.spared_below(&s, &r, &fresh, m),
                            "{players} players, a man from {x} to {y}, move {m:?}"
                        );
                    }
                }
            }
        });
    }
    assert!(carried > 100, "{carried} men carried");
}

/// Calls `f` at each position of `games` random games of `rules` (of at
/// most `plies` plies each) where the count three plies above the leaves
/// is found, with the walk, the game, its state, the replies and the room
/// `sp` holding that count. One room for every count, as in the walk:
/// what an earlier count left in it must never be read.
fn along_random_games(
    rules: &Rules,
    games: usize,
    plies: usize,
    rng: &mut Rng,
    sp: &mut Spared,
    mut f: impl FnMut(&Walk<'_>, &Match<'_>, &State, &Replies, &Spared),
) {
    let walk = Walk::new(rules);
    for _game in 0..games {
        let mut game = Match::new(rules, Position::start(rules));
        for _ply in 0..plies {
            if game.legal_moves().is_empty() {
                break;
            }
            let s = State::new(game.position());
            if let Some(r) = walk.replies_two_on(&s).filter(|r| walk.spared(&s, r, sp).is_some()) {
                f(&walk, &game, &s, &r, sp);
            }
            let moves = game.legal_moves();
            game = game.after(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
}
