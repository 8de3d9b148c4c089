//! The single-rule deviations of draughts: every change of one rule of a
//! draughts rule set, which the mutation tests flip one at a time and
//! require the spec to catch, and the ones that cannot change a given
//! variant's play. It grows with every rule the draughts model learns.

use super::rules::{
    Blocked, CaptureDuty, Chain, Criterion, Endgame, KingLanding, MidCapturePromotion, NoProgress, Precedence, Removal,
    Repetition, Rules,
};
use rulecheck_game::{Deviation, Deviations, Options};

type Mutation = Deviation<Rules>;

const PROMOTIONS: [MidCapturePromotion; 3] =
    [MidCapturePromotion::EndsMove, MidCapturePromotion::ContinuesAsKing, MidCapturePromotion::ContinuesAsMan];

/// Every single-rule deviation of a draughts configuration. One that leaves
/// a variant's rules unchanged (the WCDF claim where no claim rule is in
/// force) does not apply to it.
pub const DEVIATIONS: &[Mutation] = &[
    Mutation { name: "men move backward", apply: |r| r.men_move_backward = !r.men_move_backward },
    Mutation { name: "men capturing backward flipped", apply: |r| r.men_capture_backward = !r.men_capture_backward },
    Mutation { name: "flying kings flipped", apply: |r| r.flying_kings = !r.flying_kings },
    Mutation { name: "men capturing kings flipped", apply: |r| r.men_capture_kings = !r.men_capture_kings },
    Mutation {
        // An engine whose king's line runs to the edge whatever stands on
        // it (pydraughts' Turkish kings).
        name: "flying kings' plain moves pass over pieces",
        apply: |r| r.kings_pass_pieces = r.flying_kings,
    },
    Mutation {
        // The same move once for each way of writing it: a circuit either
        // way round, a flying king's every touchdown between two pieces
        // (pydraughts, draughts.js).
        name: "a capture listed once per route",
        apply: |r| r.routes_listed = true,
    },
    Mutation {
        name: "capture duty flipped",
        apply: |r| {
            r.capture = match r.capture {
                CaptureDuty::Mandatory => CaptureDuty::Optional,
                CaptureDuty::Optional => CaptureDuty::Mandatory,
            }
        },
    },
    Mutation { name: "chains may stop", apply: |r| r.chain = Chain::MayStop },
    Mutation {
        name: "mid-capture promotion: the next of the three rules",
        apply: |r| r.promotion = PROMOTIONS[(PROMOTIONS.iter().position(|p| *p == r.promotion).unwrap_or(0) + 1) % 3],
    },
    Mutation {
        name: "mid-capture promotion: the other of the three rules",
        apply: |r| r.promotion = PROMOTIONS[(PROMOTIONS.iter().position(|p| *p == r.promotion).unwrap_or(0) + 2) % 3],
    },
    Mutation {
        name: "majority rule flipped",
        apply: |r| {
            r.precedence = match r.precedence {
                Precedence::Free => Precedence::Majority,
                Precedence::Majority | Precedence::Ranked(_) => Precedence::Free,
            }
        },
    },
    Mutation {
        name: "the last precedence criterion dropped",
        apply: |r| {
            if let Precedence::Ranked(criteria) = r.precedence {
                r.precedence = match criteria {
                    [] | [_] => Precedence::Free,
                    [rest @ .., _] => Precedence::Ranked(rest),
                }
            }
        },
    },
    Mutation {
        name: "removal of jumped pieces flipped",
        apply: |r| {
            r.removal = match r.removal {
                Removal::EndOfMove => Removal::Immediate,
                Removal::Immediate => Removal::EndOfMove,
            }
        },
    },
    Mutation {
        name: "king landing rule flipped",
        apply: |r| {
            r.king_landing = match r.king_landing {
                KingLanding::Free => KingLanding::MustContinue,
                KingLanding::MustContinue => KingLanding::Free,
                // The bound landings are lifted: the king lands anywhere
                // beyond, as in the international rules.
                KingLanding::DirectlyBehind | KingLanding::BehindLastKing => KingLanding::Free,
            }
        },
    },
    Mutation { name: "men reaching the crown row by a capture stay men", apply: |r| r.crown_by_capture = false },
    Mutation { name: "orthogonal captures off", apply: |r| r.orthogonal_captures = false },
    Mutation {
        name: "a king valued as one man in the capture value",
        apply: |r| {
            if r.precedence == Precedence::Ranked(&[Criterion::MostValue, Criterion::WithKing]) {
                r.precedence = Precedence::Ranked(&[Criterion::MostPieces, Criterion::WithKing]);
            }
        },
    },
    Mutation { name: "same-king move limit off", apply: |r| r.same_king_moves = None },
    Mutation {
        name: "same-king move limit one move longer",
        apply: |r| r.same_king_moves = r.same_king_moves.map(|n| n + 1),
    },
    Mutation {
        name: "men stepping sideways flipped",
        // Only the full board has sideways steps to flip.
        apply: |r| {
            if r.geometry.is_full() {
                r.men_sideways = !r.men_sideways
            }
        },
    },
    Mutation {
        name: "turning back in a capture flipped",
        // Only immediate removal makes a turn back possible at all.
        apply: |r| {
            if r.removal == Removal::Immediate {
                r.turn_back = !r.turn_back
            }
        },
    },
    Mutation {
        name: "a mutual block loses for the side to move",
        apply: |r| {
            if r.blocked == Blocked::LosesUnlessMutual {
                r.blocked = Blocked::Loses
            }
        },
    },
    Mutation {
        // Turkish draughts' draw when neither side can move, played
        // where the side to move loses all the same.
        name: "a mutual block draws",
        apply: |r| {
            if r.blocked == Blocked::Loses {
                r.blocked = Blocked::LosesUnlessMutual
            }
        },
    },
    Mutation { name: "men start on the back row", apply: |r| r.men_start_row = r.men_start_row.saturating_sub(1) },
    Mutation { name: "the other side moves first", apply: |r| r.first = r.first.other() },
    Mutation { name: "one row of men fewer", apply: |r| r.rows_of_men -= 1 },
    Mutation { name: "repetition off", apply: |r| r.repetition = Repetition::Off },
    Mutation { name: "repetition draws at the second occurrence", apply: |r| r.repetition = r.repetition.at(2) },
    Mutation {
        // Italian's fourth occurrence read as the third of the other
        // variants (pydraughts); elsewhere the same as the one above.
        name: "repetition draws one occurrence sooner",
        apply: |r| {
            if let Some(n) = r.repetition.occurrence().filter(|&n| n > 2) {
                r.repetition = r.repetition.at(n - 1);
            }
        },
    },
    Mutation { name: "no-progress rule off", apply: |r| r.no_progress = NoProgress::Off },
    Mutation {
        // "Forty moves without a capture": a count that men's moves do not
        // restart (OpenSpiel's checkers, rapid-draughts).
        name: "the no-progress count restarted only by a capture",
        apply: |r| {
            if let NoProgress::Automatic { .. } = r.no_progress {
                r.men_restart_no_progress = false
            }
        },
    },
    Mutation {
        name: "automatic no-progress limit doubled",
        apply: |r| {
            if let NoProgress::Automatic { plies, reason } = r.no_progress {
                r.no_progress = NoProgress::Automatic { plies: plies * 2, reason }
            }
        },
    },
    Mutation {
        name: "automatic no-progress draw added at 40 plies",
        apply: |r| {
            if r.no_progress == NoProgress::Off {
                r.no_progress = NoProgress::Automatic { plies: 40, reason: "forty-move" }
            }
        },
    },
    Mutation {
        name: "claimed no-progress draw at half the plies",
        apply: |r| {
            if let NoProgress::Claim { plies } = r.no_progress {
                r.no_progress = NoProgress::Claim { plies: plies / 2 }
            }
        },
    },
    Mutation {
        name: "no-progress draw automatic instead of claimed",
        apply: |r| {
            if let NoProgress::Claim { plies } = r.no_progress {
                r.no_progress = NoProgress::Automatic { plies, reason: "forty-move" }
            }
        },
    },
    Mutation {
        name: "no-progress draw claimed instead of automatic",
        apply: |r| {
            if let NoProgress::Automatic { plies, .. } = r.no_progress {
                r.no_progress = NoProgress::Claim { plies }
            }
        },
    },
    Mutation { name: "a blocked side draws", apply: |r| r.blocked = Blocked::Draws },
    Mutation { name: "no draw by agreement", apply: |r| r.agreement = false },
    Mutation { name: "declared draws flipped", apply: |r| r.declared_draw = !r.declared_draw },
    Mutation { name: "endgame draw rule off", apply: |r| r.endgame = Endgame::Off },
    Mutation {
        name: "endgame count one move shorter",
        apply: |r| {
            if let Endgame::KingsAgainstKing { min_kings, moves } = r.endgame {
                r.endgame = Endgame::KingsAgainstKing { min_kings, moves: moves - 1 }
            }
            if let Endgame::Frisian { two_kings, one_each } = r.endgame {
                r.endgame = Endgame::Frisian { two_kings: two_kings - 1, one_each: one_each - 1 }
            }
        },
    },
    Mutation {
        name: "endgame count one move longer",
        apply: |r| {
            if let Endgame::KingsAgainstKing { min_kings, moves } = r.endgame {
                r.endgame = Endgame::KingsAgainstKing { min_kings, moves: moves + 1 }
            }
            if let Endgame::Frisian { two_kings, one_each } = r.endgame {
                r.endgame = Endgame::Frisian { two_kings: two_kings + 1, one_each: one_each + 1 }
            }
        },
    },
    Mutation {
        name: "endgame rule needs four kings",
        apply: |r| {
            if let Endgame::KingsAgainstKing { moves, .. } = r.endgame {
                r.endgame = Endgame::KingsAgainstKing { min_kings: 4, moves }
            }
        },
    },
];

impl Deviations for Rules {
    const DEVIATIONS: &'static [Deviation<Rules>] = DEVIATIONS;
    fn inert(variant: &str, deviation: &str) -> Option<&'static str> {
        inert(variant, &crate::variant(variant)?.rules(&Options::new()), deviation)
    }
}

/// Deviations that cannot change a variant's play, with the reason; they
/// are reported with the score rather than asserted. Most follow from the
/// variant's rules (`rules`, without house rules), so that a new variant
/// under the same rules is judged alike; the mid-capture promotion alone is
/// judged by variant, from what its scenarios show.
fn inert(variant: &str, rules: &Rules, mutation: &str) -> Option<&'static str> {
    let majority = rules.precedence == Precedence::Majority;
    // The first criterion of a ranked precedence rule: where it is the most
    // pieces (or the most value, which every piece adds to), a shorter
    // sequence is already excluded.
    let first = match rules.precedence {
        Precedence::Ranked([first, ..]) => Some(*first),
        Precedence::Free | Precedence::Majority | Precedence::Ranked([]) => None,
    };
    let short_kings = !rules.flying_kings && !rules.orthogonal_captures && !rules.geometry.is_full();
    let free_landing = matches!(rules.king_landing, KingLanding::Free | KingLanding::MustContinue);
    match (mutation, first) {
        ("removal of jumped pieces flipped", _) if short_kings => Some(
            "a one-square king lands on squares of one colour class and jumps the other, so it can neither land on nor re-cross a jumped square",
        ),
        ("king landing rule flipped", _) if !rules.flying_kings => Some("applies to flying kings only"),
        ("chains may stop", _) if majority => Some(
            "under the majority rule a sequence stopped early takes fewer pieces than the one it cuts short and is already excluded",
        ),
        ("king landing rule flipped", _) if majority && free_landing => Some(
            "under the majority rule a landing from which the capture cannot go on takes fewer pieces and is already excluded",
        ),
        ("chains may stop", Some(Criterion::MostPieces)) => Some(
            "the most pieces must be taken, and a sequence stopped early takes fewer than the one it cuts short, so it is already excluded",
        ),
        ("king landing rule flipped", Some(Criterion::MostPieces)) => Some(
            "the most pieces must be taken, and a landing from which the capture cannot go on takes fewer, so it is already excluded",
        ),
        ("chains may stop", Some(Criterion::MostValue)) => Some(
            "a sequence stopped early takes less value than the one it cuts short (every piece adds to the value) and is already excluded",
        ),
        ("king landing rule flipped", Some(Criterion::MostValue)) => Some(
            "a landing from which the capture cannot go on takes less value than one from which it goes on and is already excluded",
        ),
        ("mid-capture promotion: the other of the three rules", _) => match variant {
            "english" => {
                Some("an English man on the far row has no forward jump left, so going on as a man is ending the move")
            }
            "czech" | "spanish" | "italian" => {
                Some("a man on the far row has no forward jump left, so going on as a man is ending the move")
            }
            _ => None,
        },
        _ => None,
    }
}
