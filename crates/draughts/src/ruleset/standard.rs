//! The generation rules as plain values, and the choice, made once per rule
//! set, of the compiled form that serves it: kept apart from the trait and
//! its two forms because this is data and a lookup, read by both forms and
//! by the dispatch, never in a hot loop. Which variants are compiled, and
//! on which word, the list of the variants says (`crate::variants`).

use super::super::rules::{
    CaptureDuty, Chain, Criterion, KingLanding, KingMove, MidCapturePromotion, Precedence, Removal, Rules,
};

/// The rules that move generation depends on, as plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenRules {
    pub half: u8,
    pub men_move_backward: bool,
    pub men_capture_backward: bool,
    pub men_capture_kings: bool,
    pub flying_kings: bool,
    pub capture_mandatory: bool,
    pub majority: bool,
    pub ranked: &'static [Criterion],
    pub may_stop: bool,
    pub promotion: MidCapturePromotion,
    pub crown_by_capture: bool,
    pub immediate_removal: bool,
    pub must_continue_landing: bool,
    pub land_directly_behind: bool,
    pub halt_behind_king: bool,
    pub orthogonal_captures: bool,
    pub same_king_moves: Option<u8>,
    pub full: bool,
    pub men_sideways: bool,
    pub turn_back: bool,
    /// Kings also move along rows and columns of dark squares (never on
    /// the full board, where those are the only lines already).
    pub king_straight: bool,
    pub kings_pass_pieces: bool,
}

impl GenRules {
    /// A `const fn`, so that the generation rules of each compiled variant
    /// are derived from its rules at compile time.
    pub const fn of(rules: &Rules) -> GenRules {
        GenRules {
            half: rules.geometry.per_row(),
            men_move_backward: rules.men_move_backward,
            men_capture_backward: rules.men_capture_backward,
            men_capture_kings: rules.men_capture_kings,
            flying_kings: rules.flying_kings,
            capture_mandatory: matches!(rules.capture, CaptureDuty::Mandatory),
            majority: matches!(rules.precedence, Precedence::Majority),
            ranked: match rules.precedence {
                Precedence::Ranked(criteria) => criteria,
                Precedence::Free | Precedence::Majority => &[],
            },
            may_stop: matches!(rules.chain, Chain::MayStop),
            promotion: rules.promotion,
            crown_by_capture: rules.crown_by_capture,
            immediate_removal: matches!(rules.removal, Removal::Immediate),
            must_continue_landing: matches!(rules.king_landing, KingLanding::MustContinue),
            land_directly_behind: matches!(rules.king_landing, KingLanding::DirectlyBehind),
            halt_behind_king: matches!(rules.king_landing, KingLanding::BehindLastKing),
            orthogonal_captures: rules.orthogonal_captures,
            same_king_moves: rules.same_king_moves,
            full: rules.geometry.is_full(),
            men_sideways: rules.men_sideways,
            turn_back: rules.turn_back,
            king_straight: matches!(rules.king_move, KingMove::StraightOrDiagonal) && !rules.geometry.is_full(),
            kings_pass_pieces: rules.kings_pass_pieces,
        }
    }
}

/// Which compiled form of the generator serves a rule set: the place of its
/// generation rules among those compiled for its word
/// ([`Dispatch::COMPILED`](super::Dispatch::COMPILED)), or none, for rules
/// read at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind(u8);

impl Kind {
    /// Rules read at run time: no compiled form.
    pub const CONFIGURED: Kind = Kind(u8::MAX);

    /// The compiled form at a place of its word's list.
    pub const fn at(place: usize) -> Kind {
        Kind(place as u8)
    }

    /// The compiled form among `compiled` whose generation rules are
    /// `rules`', if there is one.
    pub fn of(rules: &Rules, compiled: &[GenRules]) -> Kind {
        let gen = GenRules::of(rules);
        compiled.iter().position(|s| *s == gen).map_or(Kind::CONFIGURED, Kind::at)
    }
}
