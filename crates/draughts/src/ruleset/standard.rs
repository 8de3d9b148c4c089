//! The generation rules as plain values, those of the standard variants,
//! and the choice, made once per rule set, of the compiled form that serves
//! it: kept apart from the trait and its two forms because this is data and
//! a lookup, read by both forms and by the dispatch, never in a hot loop.

use super::super::rules::{
    CaptureDuty, Chain, Criterion, KingLanding, MidCapturePromotion, Precedence, Removal, Rules,
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
}

impl GenRules {
    pub fn of(rules: &Rules) -> GenRules {
        GenRules {
            half: rules.geometry.per_row(),
            men_move_backward: rules.men_move_backward,
            men_capture_backward: rules.men_capture_backward,
            men_capture_kings: rules.men_capture_kings,
            flying_kings: rules.flying_kings,
            capture_mandatory: rules.capture == CaptureDuty::Mandatory,
            majority: rules.precedence == Precedence::Majority,
            ranked: match rules.precedence {
                Precedence::Ranked(criteria) => criteria,
                Precedence::Free | Precedence::Majority => &[],
            },
            may_stop: rules.chain == Chain::MayStop,
            promotion: rules.promotion,
            crown_by_capture: rules.crown_by_capture,
            immediate_removal: rules.removal == Removal::Immediate,
            must_continue_landing: rules.king_landing == KingLanding::MustContinue,
            land_directly_behind: rules.king_landing == KingLanding::DirectlyBehind,
            halt_behind_king: rules.king_landing == KingLanding::BehindLastKing,
            orthogonal_captures: rules.orthogonal_captures,
            same_king_moves: rules.same_king_moves,
            full: rules.geometry.is_full(),
            men_sideways: rules.men_sideways,
            turn_back: rules.turn_back,
        }
    }
}

/// The generation rules of the standard variants, by the index
/// [`Fixed`](super::Fixed) takes: English, Russian, international, pool,
/// Brazilian, Killer, Thai, Czech, Spanish, Italian, Frisian, Turkish,
/// Canadian. A test checks them against [`Rules::english`] and the others.
pub const STANDARD: [GenRules; 13] = {
    let english = GenRules {
        half: 4,
        men_move_backward: false,
        men_capture_backward: false,
        men_capture_kings: true,
        flying_kings: false,
        capture_mandatory: true,
        majority: false,
        ranked: &[],
        may_stop: false,
        promotion: MidCapturePromotion::EndsMove,
        crown_by_capture: true,
        immediate_removal: false,
        must_continue_landing: false,
        land_directly_behind: false,
        halt_behind_king: false,
        orthogonal_captures: false,
        same_king_moves: None,
        full: false,
        men_sideways: false,
        turn_back: true,
    };
    let russian = GenRules {
        men_capture_backward: true,
        flying_kings: true,
        promotion: MidCapturePromotion::ContinuesAsKing,
        must_continue_landing: true,
        ..english
    };
    let international = GenRules {
        half: 5,
        men_capture_backward: true,
        flying_kings: true,
        majority: true,
        promotion: MidCapturePromotion::ContinuesAsMan,
        ..english
    };
    let pool = GenRules {
        men_capture_backward: true,
        flying_kings: true,
        promotion: MidCapturePromotion::ContinuesAsMan,
        must_continue_landing: true,
        ..english
    };
    // The international rules on the 8x8 board.
    let brazilian = GenRules { half: 4, ..international };
    // The international rules with the killer rule.
    let killer = GenRules { halt_behind_king: true, ..international };
    let thai = GenRules { flying_kings: true, immediate_removal: true, land_directly_behind: true, ..english };
    let czech = GenRules { flying_kings: true, ranked: CZECH, must_continue_landing: true, ..english };
    let spanish = GenRules { flying_kings: true, ranked: SPANISH, ..english };
    let italian = GenRules { men_capture_kings: false, ranked: ITALIAN, ..english };
    let frisian = GenRules {
        majority: false,
        ranked: FRISIAN,
        orthogonal_captures: true,
        same_king_moves: Some(3),
        ..international
    };
    // On the full board: men forward and sideways, flying kings along rows
    // and columns, the majority rule, each piece removed as it is taken
    // and no turning back.
    let turkish = GenRules {
        half: 8,
        flying_kings: true,
        majority: true,
        promotion: MidCapturePromotion::ContinuesAsMan,
        immediate_removal: true,
        full: true,
        men_sideways: true,
        turn_back: false,
        ..english
    };
    // The international rules on the 12x12 board.
    let canadian = GenRules { half: 6, ..international };
    [
        english,
        russian,
        international,
        pool,
        brazilian,
        killer,
        thai,
        czech,
        spanish,
        italian,
        frisian,
        turkish,
        canadian,
    ]
};

// The criteria of the ranked variants, as their rules give them.
const CZECH: &[Criterion] = &[Criterion::WithKing];
const SPANISH: &[Criterion] = &[Criterion::MostPieces, Criterion::MostKings];
const ITALIAN: &[Criterion] =
    &[Criterion::MostPieces, Criterion::WithKing, Criterion::MostKings, Criterion::KingsEarliest];
const FRISIAN: &[Criterion] = &[Criterion::MostValue, Criterion::WithKing];

/// Which compiled form of the generator serves a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    English,
    Russian,
    International,
    Pool,
    Brazilian,
    Killer,
    Thai,
    Czech,
    Spanish,
    Italian,
    Frisian,
    Turkish,
    Canadian,
    Configured,
}

impl Kind {
    pub fn of(rules: &Rules) -> Kind {
        let gen = GenRules::of(rules);
        match STANDARD.iter().position(|s| *s == gen) {
            Some(0) => Kind::English,
            Some(1) => Kind::Russian,
            Some(2) => Kind::International,
            Some(3) => Kind::Pool,
            Some(4) => Kind::Brazilian,
            Some(5) => Kind::Killer,
            Some(6) => Kind::Thai,
            Some(7) => Kind::Czech,
            Some(8) => Kind::Spanish,
            Some(9) => Kind::Italian,
            Some(10) => Kind::Frisian,
            Some(11) => Kind::Turkish,
            Some(12) => Kind::Canadian,
            _ => Kind::Configured,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_variants_take_their_compiled_forms() {
        use crate::variants::*;
        use rulecheck_game::Variant;
        let standard = [
            &ENGLISH,
            &RUSSIAN,
            &INTERNATIONAL,
            &POOL,
            &BRAZILIAN,
            &KILLER,
            &THAI,
            &CZECH,
            &SPANISH,
            &ITALIAN,
            &FRISIAN,
            &TURKISH,
            &CANADIAN,
        ];
        for v in standard {
            let rules = v.rules(&Default::default());
            let kind = Kind::of(&rules);
            assert_eq!(format!("{kind:?}").to_lowercase(), v.info().id, "the compiled form of {}", v.info().id);
            // The dispatch compiles a kind as the rule set at its place.
            assert_eq!(STANDARD[kind as usize], GenRules::of(&rules), "{}'s place in STANDARD", v.info().id);
        }
        let mut optional = Rules::english();
        optional.capture = CaptureDuty::Optional;
        assert_eq!(Kind::of(&optional), Kind::Configured);
    }
}
