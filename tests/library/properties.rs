//! Properties of the draughts engine over random legal play: moves apply to
//! valid positions, captures remove exactly the jumped pieces, play is
//! symmetric under the colour mirror, notation round-trips, and perft agrees
//! with divide.
//!
//! A game is a proptest `Vec<u16>` of move choices, each taken modulo the
//! number of legal moves, from the start position, stopping early when the
//! side to move has no move. Every property is checked at every position of
//! the game (and, where cheap, for every legal move there, not only the one
//! played).

use proptest::prelude::*;

use rulecheck::draughts::notation::{normalize, parse_diagram, parse_fen, write_diagram, write_fen, SquareStyle};
use rulecheck::draughts::Geometry;
use rulecheck::draughts::Position;
use rulecheck::draughts::{apply, Generator, Move};
use rulecheck::draughts::{CaptureDuty, NoProgress, Rules};
use rulecheck::draughts::{Counting, Perft};

const CASES: u32 = 64;
const MAX_PLIES: usize = 80;

/// English rules, with mandatory capture on or off and each of the
/// no-progress counters (which change what the notation writes).
fn rules_strategy() -> impl Strategy<Value = Rules> {
    (any::<bool>(), 0u8..3).prop_map(|(optional, counter)| {
        let mut rules = Rules::english();
        if optional {
            rules.capture = CaptureDuty::Optional;
        }
        rules.no_progress = match counter {
            0 => NoProgress::Automatic { plies: 40, reason: "forty-move" },
            1 => NoProgress::Claim { plies: 80 },
            _ => NoProgress::Off,
        };
        rules
    })
}

fn choices_strategy() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..=MAX_PLIES)
}

/// Every position of a random game with its legal moves, the start first.
fn game(rules: &Rules, choices: &[u16]) -> Vec<(Position, Vec<Move>)> {
    let gen = Generator::new(rules);
    let mut pos = Position::start(rules);
    let mut out = Vec::new();
    for &choice in choices {
        let mut moves = Vec::new();
        gen.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let next = apply(&pos, &moves[usize::from(choice) % moves.len()]);
        out.push((pos, moves));
        pos = next;
    }
    let mut moves = Vec::new();
    gen.legal_moves(&pos, &mut moves);
    out.push((pos, moves));
    out
}

fn fen(pos: &Position, rules: &Rules) -> String {
    write_fen(pos, rules, SquareStyle::Numeric)
}

/// A move's identity in 0-based squares: start, end, sorted captured squares.
type MoveId = (u8, u8, Vec<u8>);

fn id(g: &Geometry, m: &Move) -> MoveId {
    (g.square(m.from).expect("start is a square"), g.square(m.to).expect("end is a square"), g.squares_of(m.captured))
}

fn sorted_ids(g: &Geometry, moves: &[Move]) -> Vec<MoveId> {
    let mut ids: Vec<MoveId> = moves.iter().map(|m| id(g, m)).collect();
    ids.sort();
    ids
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// Every legal move applies and gives a valid position, with the turn
    /// passed and the moving piece on its landing square.
    #[test]
    fn every_move_yields_a_valid_position(rules in rules_strategy(), choices in choices_strategy()) {
        let g = &rules.geometry;
        for (pos, moves) in game(&rules, &choices) {
            prop_assert!(pos.validate(&rules).is_ok(), "{}", fen(&pos, &rules));
            for m in &moves {
                let next = apply(&pos, m);
                if let Err(e) = next.validate(&rules) {
                    return Err(TestCaseError::fail(format!(
                        "{:?} from {} gives an invalid position: {e}", id(g, m), fen(&pos, &rules)
                    )));
                }
                prop_assert_eq!(next.turn, pos.turn.other());
                prop_assert!(next.pieces(pos.turn) & (1u64 << m.to) != 0);
                if m.from != m.to {
                    prop_assert!(next.occupied() & (1u64 << m.from) == 0);
                }
            }
        }
    }

    /// A capture takes off exactly the jumped pieces; a plain move takes off
    /// nothing; the mover never loses or gains a piece.
    #[test]
    fn captures_remove_exactly_the_jumped_pieces(rules in rules_strategy(), choices in choices_strategy()) {
        let g = &rules.geometry;
        for (pos, moves) in game(&rules, &choices) {
            let me = pos.turn;
            let them = me.other();
            for m in &moves {
                let next = apply(&pos, m);
                let context = format!("{:?} from {}", id(g, m), fen(&pos, &rules));
                prop_assert_eq!(m.captured & !pos.pieces(them), 0, "captured a non-enemy: {}", &context);
                prop_assert_eq!(
                    next.pieces(them).count_ones(),
                    pos.pieces(them).count_ones() - m.captured.count_ones(),
                    "{}", &context
                );
                prop_assert_eq!(next.occupied() & m.captured, 0, "a captured square is not empty: {}", &context);
                prop_assert_eq!(next.kings & m.captured, 0, "a king mark stays on a captured square: {}", &context);
                prop_assert_eq!(
                    next.pieces(me).count_ones(),
                    pos.pieces(me).count_ones(),
                    "{}", &context
                );
                // Nothing else of the opponent's changed.
                prop_assert_eq!(next.pieces(them), pos.pieces(them) & !m.captured, "{}", &context);
            }
        }
    }

    /// The colour-mirrored position has the mirrored move list.
    #[test]
    fn mirrored_position_has_mirrored_moves(rules in rules_strategy(), choices in choices_strategy()) {
        let g = &rules.geometry;
        let last = g.squares() - 1;
        let gen = Generator::new(&rules);
        for (pos, moves) in game(&rules, &choices) {
            let mirror = pos.mirrored(g);
            prop_assert_eq!(mirror.mirrored(g), pos, "mirroring twice is the identity");
            prop_assert!(mirror.validate(&rules).is_ok());
            let mut expected: Vec<MoveId> = sorted_ids(g, &moves)
                .into_iter()
                .map(|(from, to, caps)| {
                    let mut caps: Vec<u8> = caps.into_iter().map(|s| last - s).collect();
                    caps.sort_unstable();
                    (last - from, last - to, caps)
                })
                .collect();
            expected.sort();
            let mut mirrored_moves = Vec::new();
            gen.legal_moves(&mirror, &mut mirrored_moves);
            prop_assert_eq!(
                sorted_ids(g, &mirrored_moves),
                expected,
                "position {} mirrored to {}", fen(&pos, &rules), fen(&mirror, &rules)
            );
        }
    }

    /// FEN, numeric and algebraic, reads back as the position it was written
    /// from. The writer leaves out the counters the rules do not use, so the
    /// comparison is with the position normalised for those rules.
    #[test]
    fn fen_round_trips(rules in rules_strategy(), choices in choices_strategy()) {
        for (pos, _) in game(&rules, &choices) {
            let expected = normalize(&pos, &rules);
            for style in [SquareStyle::Numeric, SquareStyle::Algebraic] {
                let text = write_fen(&pos, &rules, style);
                let back = parse_fen(&text, &rules);
                prop_assert!(back.is_ok(), "{text} does not parse: {:?}", back.err());
                prop_assert_eq!(back.unwrap(), expected, "{}", text);
            }
            // A normalised position round-trips exactly.
            let text = fen(&expected, &rules);
            prop_assert_eq!(parse_fen(&text, &rules).ok(), Some(expected));
        }
    }

    /// A diagram reads back as the position it was drawn from (normalised,
    /// as for FEN).
    #[test]
    fn diagram_round_trips(rules in rules_strategy(), choices in choices_strategy()) {
        for (pos, _) in game(&rules, &choices) {
            for style in [SquareStyle::Numeric, SquareStyle::Algebraic] {
                let text = write_diagram(&pos, &rules, style);
                let back = parse_diagram(&text, &rules);
                prop_assert!(back.is_ok(), "diagram does not parse: {:?}\n{text}", back.err());
                prop_assert_eq!(back.unwrap(), normalize(&pos, &rules), "\n{}", text);
            }
        }
    }

    /// perft(2) is the sum of the divide counts, and perft(1) the number of
    /// root moves, for both ways of counting capture paths.
    #[test]
    fn perft_is_the_sum_of_divide(rules in rules_strategy(), choices in choices_strategy()) {
        for (pos, moves) in game(&rules, &choices) {
            for counting in [Counting::DistinctMoves, Counting::Paths] {
                let mut perft = Perft::new(&rules, counting);
                let total = perft.count(&pos, 2);
                let rows = perft.divide(&pos, 2);
                let sum: u64 = rows.iter().map(|(_, n)| n).sum();
                prop_assert_eq!(total, sum, "{:?} at {}", counting, fen(&pos, &rules));
                prop_assert_eq!(perft.count(&pos, 1), rows.len() as u64);
                if counting == Counting::DistinctMoves {
                    prop_assert_eq!(rows.len(), moves.len());
                }
            }
        }
    }
}

/// The mirror maps squares s -> squares - 1 - s, which the properties above
/// rely on: check it on the start position, which is its own mirror.
#[test]
fn start_position_is_its_own_mirror_but_for_the_turn() {
    let rules = Rules::english();
    let g = &rules.geometry;
    let start = Position::<u64>::start(&rules);
    let mirror = start.mirrored(g);
    assert_eq!(mirror.black, start.black);
    assert_eq!(mirror.white, start.white);
    assert_eq!(mirror.turn, start.turn.other());
    let flip =
        |b: u64| -> u64 { g.squares_of(b).into_iter().fold(0, |acc, s| acc | g.mask::<u64>(g.squares() - 1 - s)) };
    assert_eq!(flip(start.black), start.white);
}
