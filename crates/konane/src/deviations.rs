//! The single-rule deviations of Konane: every change of one rule of a
//! Konane rule set, which the mutation tests flip one at a time and require
//! the spec to catch, and the ones that cannot change its play.

use super::rules::{Opening, Rules};
use rulecheck_game::{Deviation, Deviations};

/// Every single-rule deviation of a Konane rule set.
pub const DEVIATIONS: &[Deviation<Rules>] = &[
    Deviation { name: "turning during a multi-jump", apply: |r| r.turns = true },
    Deviation { name: "diagonal jumps", apply: |r| r.diagonal = true },
    Deviation { name: "forced full-length jumps", apply: |r| r.full_length = true },
    Deviation { name: "any black stone opens the game", apply: |r| r.opening = Opening::AnyBlackStone },
    Deviation { name: "a player without a jump draws", apply: |r| r.no_jump_draws = true },
];

impl Deviations for Rules {
    const DEVIATIONS: &'static [Deviation<Rules>] = DEVIATIONS;

    /// Deviations that cannot change Konane's play, with the reason. (A
    /// refusal's reason is not play: an engine may refuse without naming
    /// one.)
    fn inert(_variant: &str, deviation: &str) -> Option<&'static str> {
        match deviation {
            "diagonal jumps" => Some(
                "stones start on the squares of their colour and a jump keeps them there, so a diagonal neighbour is always one's own stone and no diagonal jump exists",
            ),
            _ => None,
        }
    }
}
