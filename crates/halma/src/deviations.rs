//! The single-rule deviations of Chinese checkers: every change of one rule
//! of a halma rule set, which the mutation tests flip one at a time and
//! require the spec to catch.

use super::rules::{ForeignCamps, Form, Rules};
use rulecheck_game::{Deviation, Deviations};

type Mutation = Deviation<Rules>;

const CAMPS: [ForeignCamps; 4] =
    [ForeignCamps::Open, ForeignCamps::Closed, ForeignCamps::TrianglesClosed, ForeignCamps::PassThrough];

fn other_camps(r: &mut Rules, k: usize) {
    let i = CAMPS.iter().position(|c| *c == r.foreign_camps).unwrap_or(0);
    r.foreign_camps = CAMPS[(i + k) % 4];
}

/// Every single-rule deviation of a halma rule set.
pub const DEVIATIONS: &[Mutation] = &[
    Mutation { name: "blocking prevention flipped", apply: |r| r.blocking_prevention = !r.blocking_prevention },
    Mutation { name: "play-to-end flipped", apply: |r| r.play_to_end = !r.play_to_end },
    Mutation { name: "chains may not change direction", apply: |r| r.chains_turn = false },
    Mutation { name: "hops over one's own pieces flipped", apply: |r| r.hop_own = !r.hop_own },
    Mutation { name: "voluntary passing", apply: |r| r.voluntary_pass = true },
    Mutation { name: "no-progress limit off", apply: |r| r.no_progress = None },
    Mutation { name: "no-progress limit halved", apply: |r| r.no_progress = r.no_progress.map(|n| n / 2) },
    Mutation { name: "move limit ignored", apply: |r| r.move_limit = None },
    Mutation { name: "move limit one turn longer", apply: |r| r.move_limit = r.move_limit.map(|n| n + 1) },
    Mutation { name: "foreign camps: the next rule", apply: |r| other_camps(r, 1) },
    Mutation { name: "foreign camps: the rule after", apply: |r| other_camps(r, 2) },
    Mutation { name: "foreign camps: the third rule", apply: |r| other_camps(r, 3) },
    Mutation { name: "king's long jump flipped", apply: |r| r.king_long_jump = !r.king_long_jump },
    Mutation { name: "men may jump kings", apply: |r| r.men_jump_kings = true },
    Mutation { name: "kings jumping kings flipped", apply: |r| r.king_jumps_king = !r.king_jumps_king },
    Mutation { name: "king on the apex flipped", apply: |r| r.king_on_apex = !r.king_on_apex },
    Mutation { name: "the next seat moves first", apply: |r| r.first_seat = r.first_seat % r.players + 1 },
    Mutation { name: "rotate-first-turn flipped", apply: |r| r.rotate_first_turn = !r.rotate_first_turn },
    Mutation {
        name: "two players of the Japanese form seated face to face",
        apply: |r| {
            if r.form == Form::Japanese && r.players == 2 {
                r.camps[1] = 3;
                r.goals[1] = 0;
            }
        },
    },
    Mutation {
        name: "the move limit counts the turns of the whole table",
        apply: |r| r.move_limit_per_player = !r.move_limit_per_player,
    },
];

/// None of them is inert: each changes the play of some table.
impl Deviations for Rules {
    const DEVIATIONS: &'static [Deviation<Rules>] = DEVIATIONS;
    fn inert(_variant: &str, _deviation: &str) -> Option<&'static str> {
        None
    }
}
