//! Deviations of Konane: every single-rule change of a Konane rule set, and
//! the ones that cannot change its play. Kept apart from the shared core in
//! `mutation.rs` so each family's list is found under the family's own name.

use super::Deviation;
use crate::konane::{Opening, Rules};

pub const DEVIATIONS: &[Deviation<Rules>] = &[
    Deviation { name: "turning during a multi-jump", apply: |r| r.turns = true },
    Deviation { name: "diagonal jumps", apply: |r| r.diagonal = true },
    Deviation { name: "forced full-length jumps", apply: |r| r.full_length = true },
    Deviation { name: "any black stone opens the game", apply: |r| r.opening = Opening::AnyBlackStone },
    Deviation { name: "a player without a jump draws", apply: |r| r.no_jump_draws = true },
];

/// Deviations that cannot change Konane's play, with the reason; they are
/// reported with the score rather than asserted. (A refusal's reason is
/// not play: an engine may refuse without naming one.)
pub fn inert(mutation: &str) -> Option<&'static str> {
    match mutation {
        "diagonal jumps" => Some(
            "stones start on the squares of their colour and a jump keeps them there, so a diagonal neighbour is always one's own stone and no diagonal jump exists",
        ),
        _ => None,
    }
}
