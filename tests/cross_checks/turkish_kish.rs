//! Turkish draughts against kish, an independent Turkish draughts engine
//! (the `kish` crate): in every position of seeded random games, and of
//! seeded random positions thick with kings, both must give the same set of
//! positions after the legal moves. No perft table of Turkish draughts has
//! been published by a second program, so this, with the scenarios, is the
//! outside truth the variant is held to.
//!
//! kish numbers its squares a1 = 0 to h8 = 63, row by row from white's
//! side; rulecheck's bit layout runs a8 = 0 to h1 = 63, so a set maps to the
//! other by reversing the order of its bytes (its rows).

use crate::support::rng;

use kish::{Board, Team};
use rng::Rng;
use rulecheck::draughts::notation::{write_fen, SquareStyle};
use rulecheck::draughts::Position;
use rulecheck::draughts::{Generator, Move};
use rulecheck::draughts::{Rules, Side};

/// The pieces of a position: (black, white, kings), in rulecheck's layout.
type Placement = (u64, u64, u64);

fn to_kish(pos: &Position) -> Board {
    let mut board = Board::new_default();
    board.turn = match pos.turn {
        Side::White => Team::White,
        Side::Black => Team::Black,
    };
    board.state.pieces = [pos.white.swap_bytes(), pos.black.swap_bytes()];
    board.state.kings = pos.kings.swap_bytes();
    board
}

fn kish_placement(board: &Board) -> Placement {
    let s = &board.state;
    (s.pieces[1].swap_bytes(), s.pieces[0].swap_bytes(), s.kings.swap_bytes())
}

fn placement(pos: &Position) -> Placement {
    (pos.black, pos.white, pos.kings)
}

/// The positions after each legal move, by rulecheck, sorted.
fn ours(gen: &Generator, pos: &Position, moves: &mut Vec<Move>) -> Vec<Placement> {
    gen.legal_moves(pos, moves);
    let mut after: Vec<Placement> = moves.iter().map(|m| placement(&gen.play(pos, m))).collect();
    after.sort_unstable();
    after
}

/// The positions after each of kish's actions, sorted and without
/// repeats, and how many actions it listed: kish lists a capture once for
/// every route it can be written by (every choice of touchdown square of a
/// king between two pieces on one line), as rulecheck's routes listing does.
fn theirs(board: &Board) -> (Vec<Placement>, usize) {
    let actions = board.actions();
    let mut after: Vec<Placement> = actions.iter().map(|a| kish_placement(&board.apply(a))).collect();
    after.sort_unstable();
    let n = after.len();
    after.dedup();
    (after, n)
}

/// What was compared, so that a run that compared nothing fails.
#[derive(Default)]
struct Seen {
    positions: u64,
    multi: u64,
    king_captures: u64,
}

fn check(rules: &Rules, gen: &Generator, pos: &Position, context: &str, seen: &mut Seen) {
    let mut moves = Vec::new();
    let mut routes = Vec::new();
    gen.legal_routes(pos, &mut routes);
    let mine = ours(gen, pos, &mut moves);
    let (kish, listed) = theirs(&to_kish(pos));
    if mine != kish || listed != routes.len() {
        let fen = write_fen(pos, rules, SquareStyle::Algebraic);
        let only_ours: Vec<_> = mine.iter().filter(|p| !kish.contains(p)).collect();
        let only_kish: Vec<_> = kish.iter().filter(|p| !mine.contains(p)).collect();
        panic!(
            "{context}: {fen}\n  rulecheck {} moves ({} routes), kish {} ({} actions)\n  only rulecheck: {only_ours:x?}\n  only kish: {only_kish:x?}",
            mine.len(),
            routes.len(),
            kish.len(),
            listed
        );
    }
    seen.positions += 1;
    if moves.iter().any(Move::is_capture) {
        if moves.iter().any(|m| m.captured.count_ones() > 1) {
            seen.multi += 1;
        }
        if moves.iter().any(|m| pos.kings & (1 << m.from) != 0) {
            seen.king_captures += 1;
        }
    }
}

#[test]
fn random_games_agree_with_kish() {
    let rules = Rules::turkish();
    let gen = Generator::new(&rules);
    let mut seen = Seen::default();
    let mut moves = Vec::new();
    for game in 0..300u64 {
        let mut rng = Rng::new(0x7D_A3A + game);
        let mut pos = Position::start(&rules);
        for ply in 0..200 {
            check(&rules, &gen, &pos, &format!("game {game} ply {ply}"), &mut seen);
            gen.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos = gen.play(&pos, &m);
        }
    }
    assert!(seen.positions > 10_000 && seen.multi > 100 && seen.king_captures > 100, "too little compared");
}

/// Random positions with many kings: flying captures along rows and
/// columns, recrossed squares and refused turns back are common in them
/// and rare in games.
#[test]
fn random_positions_agree_with_kish() {
    let rules = Rules::turkish();
    let gen = Generator::new(&rules);
    let mut seen = Seen::default();
    for i in 0..30_000u64 {
        let mut rng = Rng::new(0xDA_4A + i);
        let mut pos = Position::new(0, 0, 0, if i % 2 == 0 { Side::White } else { Side::Black });
        let pieces = 2 + rng.below(20);
        for _ in 0..pieces {
            let bit = rng.below(64) as u8;
            let mask = 1u64 << bit;
            if pos.occupied() & mask != 0 {
                continue;
            }
            let row = bit / 8;
            let king = rng.below(100) < 40;
            let white = rng.below(2) == 0;
            // Men never stand on their crowning row (they would be kings) or
            // on their own back row, which no man can reach.
            if !king && (row == 0 || row == 7) {
                continue;
            }
            if white {
                pos.white |= mask;
            } else {
                pos.black |= mask;
            }
            if king {
                pos.kings |= mask;
            }
        }
        if pos.black == 0 || pos.white == 0 {
            continue;
        }
        check(&rules, &gen, &pos, &format!("random position {i}"), &mut seen);
    }
    assert!(seen.positions > 20_000 && seen.multi > 1_000 && seen.king_captures > 1_000, "too little compared");
}

/// Leaves of the game tree counted by listing, every route a move of its
/// own where `routes`: kish's convention (see [`theirs`]).
fn tree(gen: &Generator, pos: &Position, depth: u32, routes: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    if routes {
        gen.legal_routes(pos, &mut moves);
    } else {
        gen.legal_moves(pos, &mut moves);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| tree(gen, &gen.play(pos, m), depth - 1, routes)).sum()
}

/// kish's tree with each distinct move once (its actions told apart by the
/// position after them).
fn kish_distinct(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut seen: Vec<Placement> = Vec::new();
    let mut total = 0;
    for a in board.actions() {
        let mut next = board.apply(&a);
        let key = kish_placement(&next);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        next.swap_turn_();
        total += kish_distinct(&next, depth - 1);
    }
    total
}

/// kish's published perft from the start (its `examples/perft.rs`),
/// which counts every route of a capture: rulecheck's routes listing gives
/// the same counts. No position of these depths is without a move, where
/// kish's perft would count a leaf that rulecheck does not.
#[test]
fn start_matches_kish_published_route_counts_to_depth_6() {
    let rules = Rules::turkish();
    let gen = Generator::new(&rules);
    let start = Position::start(&rules);
    let counts: Vec<u64> = (1..=6).map(|d| tree(&gen, &start, d, true)).collect();
    assert_eq!(counts, [8, 64, 708, 7_538, 85_090, 931_312]);
}

/// Each distinct move once, as the oracle and `rulecheck perft` count:
/// kish's actions with repeats dropped give the same tree as rulecheck's
/// counting perft.
#[test]
fn start_distinct_counts_match_kish_to_depth_6() {
    use rulecheck::draughts::{Counting, Perft};
    let rules = Rules::turkish();
    let start = Position::start(&rules);
    let mut perft = Perft::new(&rules, Counting::DistinctMoves);
    let kish_start = Board::new_default();
    for depth in 1..=6 {
        assert_eq!(perft.count(&start, depth), kish_distinct(&kish_start, depth), "depth {depth}");
    }
    let gen = Generator::new(&rules);
    assert_eq!(perft.count(&start, 7), tree(&gen, &start, 7, false));
}
