//! Cross-check of the bitboard Chinese checkers walk (`crates/halma/src/bitboard.rs`)
//! against the plain generator in `tests/support/plain_halma.rs` and the
//! engine's own move list (`crates/halma/src/movegen.rs`), and of its perft against
//! the game tree as `Match` plays it: random rule sets (every number of
//! players, both forms, every house rule and every deviation the mutation
//! score uses, seats sent to other camps), random positions (goals nearly
//! full, kings anywhere, finished and resigned seats, counters near the
//! limits) and random playouts from the start.

use crate::support::plain_halma;
use crate::support::rng::Rng;

use proptest::prelude::*;

use rulecheck::halma::game::{self, Match};
use rulecheck::halma::{goal_holes, opposite};
use rulecheck::halma::{holes, Board, HOLES};
use rulecheck::halma::{legal_moves, Move};
use rulecheck::halma::{ForeignCamps, Form, Rules};
use rulecheck::halma::{Position, KING};
use rulecheck::halma::{State, Walk};

/// A rule set: the form and the number of players, every flag at random,
/// the limits off, small or at their defaults, and now and then the seats
/// in other camps or with other goals than the form gives them.
fn rules(seed: u64) -> Rules {
    let mut rng = Rng::at(seed | 1);
    let japanese = rng.one_in(3);
    let players = if japanese { 2 + rng.below(2) as u8 } else { 2 + rng.below(5) as u8 };
    let mut r = if japanese { Rules::japanese(players) } else { Rules::international(players) };
    let flag = |rng: &mut Rng, default: bool| if rng.one_in(4) { !default } else { default };
    r.blocking_prevention = flag(&mut rng, r.blocking_prevention);
    r.play_to_end = flag(&mut rng, r.play_to_end);
    r.move_limit_per_player = flag(&mut rng, r.move_limit_per_player);
    r.king_jumps_king = flag(&mut rng, r.king_jumps_king);
    r.men_jump_kings = flag(&mut rng, r.men_jump_kings);
    r.chains_turn = flag(&mut rng, r.chains_turn);
    r.hop_own = flag(&mut rng, r.hop_own);
    r.voluntary_pass = flag(&mut rng, r.voluntary_pass);
    r.king_long_jump = flag(&mut rng, r.king_long_jump);
    r.king_on_apex = flag(&mut rng, r.king_on_apex);
    r.rotate_first_turn = flag(&mut rng, r.rotate_first_turn);
    r.first_seat = 1 + rng.below(usize::from(players)) as u8;
    r.rematch = rng.below(4) as u32;
    if rng.one_in(3) {
        r.foreign_camps =
            [ForeignCamps::Open, ForeignCamps::Closed, ForeignCamps::TrianglesClosed, ForeignCamps::PassThrough]
                [rng.below(4)];
    }
    r.move_limit = [None, None, Some(1), Some(2), Some(3), Some(5)][rng.below(6)];
    r.no_progress = [None, Some(120), Some(1), Some(2), Some(3), Some(6)][rng.below(6)];
    if rng.one_in(5) {
        let mut camps: Vec<usize> = (0..6).collect();
        for i in (1..6).rev() {
            camps.swap(i, rng.below(i + 1));
        }
        for (i, &camp) in camps.iter().enumerate() {
            r.camps[i] = camp;
            r.goals[i] = if rng.one_in(3) { rng.below(6) } else { opposite(camp) };
        }
    }
    r
}

/// A position that may end soon: some seats walled into the tip of a camp
/// (no move: they are passed), some with their goals nearly full (of their
/// own pieces or others'), the rest of the pieces anywhere, kings in the
/// Japanese form, seats finished or resigned, and the counters a few turns
/// short of the limits.
fn position(rules: &Rules, seed: u64) -> Position {
    let b = Board::get();
    let mut rng = Rng::at(seed | 1);
    let players = usize::from(rules.players);
    let mut pos = Position::empty(1 + rng.below(players) as u8);
    let mut empty: Vec<u8> = (0..HOLES as u8).collect();
    let mut take = |pos: &mut Position, rng: &mut Rng, h: Option<u8>, cell: u8| {
        let i = match h {
            Some(h) => empty.iter().position(|&e| e == h),
            None => (!empty.is_empty()).then(|| rng.below(empty.len())),
        };
        if let Some(i) = i {
            pos.cells[usize::from(empty.swap_remove(i))] = cell;
        }
    };
    // At most players - 1 seats out of play.
    let mut out = 0;
    let mut resigned = vec![false; players];
    for seat in 1..=rules.players {
        if out + 1 < players && rng.one_in(5) {
            out += 1;
            if rng.one_in(2) {
                resigned[usize::from(seat - 1)] = true;
                pos.resigned.push(seat);
            } else {
                pos.finished.push(seat);
            }
        }
    }
    let playing: Vec<u8> = (1..=rules.players).filter(|&s| !resigned[usize::from(s - 1)]).collect();
    for &seat in &playing {
        let most = rules.pieces_per_player() as usize;
        let others: Vec<u8> = playing.iter().copied().filter(|&o| o != seat).collect();
        let mode = rng.below(5);
        if mode == 0 && !others.is_empty() {
            // One to three pieces in the tip of a camp, the rest of the
            // triangle full of other seats' pieces: no step, no hop.
            let camp = rng.below(6);
            let apex = b.apex[camp];
            let tip: Vec<u8> = holes(b.triangles[camp]).filter(|&h| b.distance(h, apex) <= 1).collect();
            for &h in tip.iter().take(1 + rng.below(3)) {
                take(&mut pos, &mut rng, Some(h), seat);
            }
            for h in holes(b.triangles[camp]) {
                let other = others[rng.below(others.len())];
                take(&mut pos, &mut rng, Some(h), other);
            }
        } else {
            let n = if rng.one_in(2) { most } else { 1 + rng.below(most) };
            let mut placed = 0;
            if mode <= 2 {
                // The goal full but for a hole or two.
                let mut inside: Vec<u8> = holes(goal_holes(rules, seat)).collect();
                for _ in 0..rng.below(3) {
                    if !inside.is_empty() {
                        inside.swap_remove(rng.below(inside.len()));
                    }
                }
                for h in inside.into_iter().take(n) {
                    take(&mut pos, &mut rng, Some(h), seat);
                    placed += 1;
                }
            }
            for _ in placed..n {
                take(&mut pos, &mut rng, None, seat);
            }
        }
        if rules.form == Form::Japanese {
            let own: Vec<u8> = holes(pos.pieces(seat)).collect();
            if !own.is_empty() && !rng.one_in(4) {
                let apex = b.apex[rules.goal(seat)];
                let h = if own.contains(&apex) && rng.one_in(2) { apex } else { own[rng.below(own.len())] };
                pos.cells[usize::from(h)] |= KING;
            }
        }
        let i = usize::from(seat - 1);
        pos.best[i] = rng.below(usize::from(rules.pieces_per_player() as u8) + 1) as u8;
    }
    // The limits fall a turn or more away, mostly within the depths checked.
    for i in 0..players {
        pos.turns[i] = match rules.move_limit {
            Some(limit) => limit.saturating_sub(1 + rng.below(3) as u32),
            None => rng.below(4) as u32,
        };
    }
    pos.quiet = match rules.no_progress {
        Some(limit) => limit.saturating_sub(1 + rng.below(4) as u32),
        None => rng.below(5) as u32,
    };
    pos
}

/// The three generators give the same moves to every seat of `pos`.
fn same_moves(pos: &Position, rules: &Rules) -> Result<usize, TestCaseError> {
    let walk = Walk::new(rules);
    let mut fast = Vec::new();
    let mut seen = 0;
    for seat in 1..=rules.players {
        let mut p = pos.clone();
        p.to_move = seat;
        let plain = plain_halma::moves(&p, rules, seat);
        let engine: Vec<(u8, u8)> = legal_moves(&p, rules).iter().map(|m| (m.from, m.to)).collect();
        walk.legal_moves(&State::new(&p), &mut fast);
        let bits: Vec<(u8, u8)> = fast.iter().map(|m| (m.from, m.to)).collect();
        prop_assert_eq!(&engine, &plain, "movegen against the plain generator, seat {} in {:?}", seat, p);
        prop_assert_eq!(&bits, &plain, "bitboards against the plain generator, seat {} in {:?}", seat, p);
        seen += plain.len();
    }
    Ok(seen)
}

/// Leaves of the game tree as `Match` plays it, move by move.
fn tree(game: &Match<'_>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        _ => game.legal_moves().iter().map(|&m| tree(&game.after(m), depth - 1)).sum(),
    }
}

/// The walk's perft agrees with the tree at every depth up to 3 while the
/// tree stays small; returns the deepest depth checked.
fn same_perft(pos: &Position, rules: &Rules) -> Result<u32, TestCaseError> {
    let game = Match::new(rules, pos.clone());
    let mut checked = 0;
    for depth in 1..=3 {
        let want = tree(&game, depth);
        prop_assert_eq!(game::perft(pos, rules, depth), want, "perft {} of {:?} under {:?}", depth, pos, rules);
        checked = depth;
        if want > 1500 {
            break;
        }
    }
    Ok(checked)
}

/// A move chosen at random from a game's list.
fn pick(moves: &[Move], choice: u16) -> Move {
    moves[usize::from(choice) % moves.len()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random positions: the same moves for every seat.
    #[test]
    fn random_positions_have_the_same_moves(r in any::<u64>(), p in any::<u64>()) {
        let rules = rules(r);
        same_moves(&position(&rules, p), &rules)?;
    }

    /// Random positions: the same perft as the game tree, the turn rules
    /// (finished, resigned and passed seats, goals, the limits) included.
    #[test]
    fn random_positions_have_the_same_perft(r in any::<u64>(), p in any::<u64>()) {
        let rules = rules(r);
        same_perft(&position(&rules, p), &rules)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random playouts from the start: the same moves at every position,
    /// and the same perft at the last.
    #[test]
    fn random_playouts_have_the_same_moves_and_perft(
        r in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut rules = rules(r);
        // Limits that let a playout run long.
        rules.move_limit = None;
        rules.no_progress = Some(120);
        let mut game = Match::new(&rules, Position::start(&rules));
        for &choice in &choices {
            same_moves(game.position(), &rules)?;
            if game.legal_moves().is_empty() {
                break;
            }
            game = game.after(pick(game.legal_moves(), choice));
        }
        same_perft(game.position(), &rules)?;
    }
}

/// The random cases reach what they are meant to: end rules, passes and
/// kings. (A generator that never made such positions would let a broken
/// walk through unseen.)
#[test]
fn the_random_cases_reach_the_end_rules() {
    let (mut ended, mut passed, mut kings, mut long) = (0, 0, 0, 0);
    for seed in 1..400u64 {
        let rules = rules(seed * 7919);
        let pos = position(&rules, seed * 104_729);
        let game = Match::new(&rules, pos.clone());
        if *game.outcome() != game::Outcome::Ongoing {
            ended += 1;
        } else if game.position().turns != pos.turns {
            passed += 1;
        }
        for m in game.legal_moves() {
            if !m.is_pass() && rulecheck::halma::is_king(pos.cells[usize::from(m.from)]) {
                kings += 1;
                if Board::get().distance(m.from, m.to) > 2 {
                    long += 1;
                }
            }
        }
    }
    assert!(ended > 20 && passed > 20 && kings > 50 && long > 5, "{ended} {passed} {kings} {long}");
}
