//! The draughts variants as data: each a [`VariantInfo`], the rules it
//! starts from and its customary notation, with the house rules that change
//! fields of those rules. Apart from [`Draughts`](crate::Draughts), the
//! game under fixed rules, because this is what the registry lists and the
//! options it checks, not how a game is played.
//!
//! The list of the variants below names each variant once, with its rules
//! as a constant and the word its board is kept in; everything else that
//! lists the variants is written from it: the registry's list and the
//! lookup by id, and the compiled forms of the generator, each word's
//! dispatch to the rule sets on its boards (see [`Dispatch`]).

use super::notation::SquareStyle;
use super::rules::{
    CaptureDuty, Criterion, Endgame, KingLanding, KingMove, MidCapturePromotion, NoProgress, Precedence, Rules,
};
#[cfg(not(test))]
use super::ruleset::Fixed;
use super::ruleset::{Configured, Dispatch, GenRules, Kind, WithRules};
use super::word::Word;
use rulecheck_game::{Configure, Game, IntoGame, OptionSpec, Options, Variant, VariantInfo};

/// The family every variant here belongs to.
const FAMILY: &str = "draughts";

/// Every variant from its entry in one list: `NAME: word { fields }`, the
/// fields those of its [`DraughtsVariant`], the word the one its board is
/// kept in (checked at compile time). Each becomes a static, the registry's
/// [`VARIANTS`] and [`variant`] list them in this order, and each is
/// compiled, with its rules fixed, for its word alone.
macro_rules! variants {
    ($($(#[$doc:meta])* $v:ident: $word:ident { $($field:tt)* })*) => {
        $(
            $(#[$doc])*
            pub static $v: DraughtsVariant = DraughtsVariant { $($field)* };
            const _: () = assert!(
                $v.base.geometry.is_wide() == (<$word as Word>::BITS > 64),
                concat!("the board of ", stringify!($v), " is kept in another word"),
            );
        )*

        /// The draughts variants, as registered.
        pub static VARIANTS: &[&dyn Variant] = &[$(&$v),*];

        /// The draughts variants, as themselves.
        static DRAUGHTS: &[&DraughtsVariant] = &[$(&$v),*];

        by_word!([] [] $($v $word)*);
    };
}

/// The variants of the list parted by word, each word's dispatch written
/// from its own.
macro_rules! by_word {
    ([$($narrow:ident)*] [$($wide:ident)*]) => {
        dispatch!(u64: $($narrow)*);
        dispatch!(u128: $($wide)*);
    };
    ([$($narrow:ident)*] [$($wide:ident)*] $v:ident u64 $($rest:ident)*) => {
        by_word!([$($narrow)* $v] [$($wide)*] $($rest)*);
    };
    ([$($narrow:ident)*] [$($wide:ident)*] $v:ident u128 $($rest:ident)*) => {
        by_word!([$($narrow)*] [$($wide)* $v] $($rest)*);
    };
}

/// A word's dispatch: each variant on its boards compiled with its rules
/// fixed, at its place among them, and every other rule set read at run
/// time.
///
/// The crate's own unit tests are of its parts (words, geometry,
/// numbering, ranking, keys), not of the compiled rule sets: their build
/// reads every rule set at run time, so that it compiles the generator
/// once per word rather than once per variant. The fixed forms are tested
/// where they are used, through the library as built: the integration
/// tests, the perft tables and the spec.
macro_rules! dispatch {
    ($word:ty: $($v:ident)*) => {
        impl Dispatch for $word {
            const COMPILED: &'static [GenRules] = &[$(GenRules::of(&$v.base)),*];

            #[inline(always)]
            fn with_rules<W: WithRules<$word>>(kind: Kind, configured: &Configured<$word>, w: W) -> W::Out {
                #[cfg(not(test))]
                {
                    // Each variant's place among the word's, the index of
                    // its rules in `COMPILED`, named as its static is.
                    #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
                    enum Place {
                        $($v),*
                    }
                    $(
                        if kind == Kind::at(Place::$v as usize) {
                            return w.run(Fixed::<{ Place::$v as usize }, $word>::NEW);
                        }
                    )*
                }
                #[cfg(test)]
                let _ = kind;
                w.run(*configured)
            }
        }
    };
}

/// A house rule of the family: its values, the first of them the default.
/// Each is a rule of the game played, never which game it is (see
/// [`OptionSpec::never_adapted`]).
const fn house_rule(name: &'static str, values: &'static [&'static str], help: &'static str) -> OptionSpec {
    OptionSpec { name, values, default: values[0], help, never_adapted: false }
}

/// The house rules of the family, a line each: `CONST: "name" [values] "help";`,
/// each a [`house_rule`].
macro_rules! house_rules {
    ($($c:ident: $name:literal [$($v:literal),+] $help:literal;)*) => {
        $(const $c: OptionSpec = house_rule($name, &[$($v),+], $help);)*
    };
}

house_rules! {
    MANDATORY_CAPTURE: "mandatory-capture" ["on", "off"] "on: a player who can capture must; off: a capture may be declined at the start of a turn (a started chain is still completed, no huffing)";
    NO_PROGRESS: "no-progress" ["site", "wcdf"] "site: automatic draw after 40 plies without a capture or a man move; wcdf: a draw may be claimed after 40 moves of each side without a man move";
    MID_CAPTURE_PROMOTION: "mid-capture-promotion" ["man", "king"] "man: a man reaching the far row during a capture goes on capturing as a man and is crowned when the move ends; king: it is crowned at once and goes on capturing as a king";
    KING_LANDING: "king-landing" ["continuing", "any"] "continuing: a flying king that can go on capturing from a square beyond the piece it jumped must land on such a square; any: it may land on any empty square beyond, and goes on capturing from there if it can";
    KING_TURN_BACK: "king-turn-back" ["allowed", "forbidden"] "allowed: between two jumps a king may turn in any direction, back along the diagonal it came by included; forbidden: its next jump goes the same way or at a right angle, never straight back";
    KING_VALUE: "king-value" ["below-two", "one-and-a-half"] "below-two: in the capture of the greatest value n kings are worth more than 2n-1 men and less than 2n; one-and-a-half: each king is worth a man and a half, and equal values tie";
    KING_MOVE: "king-move" ["diagonal", "straight-or-diagonal"] "diagonal: a king moves without capturing along its diagonals only; straight-or-diagonal: along the rows and columns of dark squares too, any distance over empty squares";
    REPETITION: "repetition" ["automatic", "claim"] "automatic: the third occurrence of a position (same side to move) draws at once; claim: it lets a player claim the draw, and play goes on until one does";
    ENDGAME_COUNT: "endgame-count" ["fmjd", "russian", "none"] "fmjd: three pieces with a king against a lone king draw after 16 moves of each side, two pieces or fewer after 5; russian: three kings or more against a lone king draw after 15 moves of the stronger side; none: no endgame count";
    DRAWS: "draws" ["threefold", "claim-and-fifteen"] "threefold: the third occurrence of a position draws at once, with no move count; claim-and-fifteen: that occurrence lets a player claim the draw, and 15 moves of each side without a capture or a man move draw at once";
}

/// A variant of the family: its rules, house rules and customary notation.
pub struct DraughtsVariant {
    info: VariantInfo,
    /// The rules before house rules: a constant, from which the variant's
    /// compiled generator is derived.
    base: Rules,
    notation: SquareStyle,
}

variants! {
    /// English checkers, from the page `checkers.hi`.
    ENGLISH: u64 {
        info: VariantInfo {
            id: "english",
            family: FAMILY,
            page: "checkers.hi",
            title: "English checkers (8x8, men forward only, short kings, black first)",
            options: &[MANDATORY_CAPTURE, NO_PROGRESS],
        },
        base: Rules::english(),
        notation: SquareStyle::Numeric,
    }

    /// Russian draughts, from the page `checkers-online.ur`.
    RUSSIAN: u64 {
        info: VariantInfo {
            id: "russian",
            family: FAMILY,
            page: "checkers-online.ur",
            title: "Russian draughts (8x8, white first, men capture backward, flying kings, crowned mid-capture)",
            options: &[],
        },
        base: Rules::russian(),
        notation: SquareStyle::Algebraic,
    }

    /// International draughts, from the variants paragraph of `checkers.hi` and
    /// the FMJD rules.
    INTERNATIONAL: u64 {
        info: VariantInfo {
            id: "international",
            family: FAMILY,
            page: "checkers.hi",
            title: "International draughts (10x10, white first, flying kings, majority capture)",
            options: &[],
        },
        base: Rules::international(),
        notation: SquareStyle::Numeric,
    }

    /// American pool checkers, from the variants paragraph of `checkers.hi` and
    /// the APCA rules.
    POOL: u64 {
        info: VariantInfo {
            id: "pool",
            family: FAMILY,
            page: "checkers.hi",
            title: "Pool checkers (8x8, black first, men capture backward, flying kings, free choice of capture)",
            options: &[],
        },
        base: Rules::pool(),
        notation: SquareStyle::Numeric,
    }

    /// Brazilian draughts: the FMJD international rules on the 8x8 board, as the
    /// Brazilian confederation (CBD) plays them.
    BRAZILIAN: u64 {
        info: VariantInfo {
            id: "brazilian",
            family: FAMILY,
            page: "damas-brasileiras.pt",
            title: "Brazilian draughts (8x8, white first, men capture backward, flying kings, majority capture)",
            options: &[ENDGAME_COUNT],
        },
        base: Rules::brazilian(),
        notation: SquareStyle::Numeric,
    }

    /// Czech draughts, as the Czech draughts federation (Česká federace dámy)
    /// plays it; written in algebraic notation, as Czech texts write it.
    CZECH: u64 {
        info: VariantInfo {
            id: "czech",
            family: FAMILY,
            page: "ceska-dama.cs",
            title: "Czech draughts (8x8, white first, men capture forward only, flying kings, a king captures first)",
            options: &[KING_LANDING, DRAWS],
        },
        base: Rules::czech(),
        notation: SquareStyle::Algebraic,
    }

    /// Spanish draughts (damas españolas), with the Portuguese federation's
    /// text of the same game; squares numbered as those texts number them.
    SPANISH: u64 {
        info: VariantInfo {
            id: "spanish",
            family: FAMILY,
            page: "damas-espanolas.es",
            title:
                "Spanish draughts (8x8, white first, men capture forward only, flying kings, most pieces then most kings)",
            options: &[REPETITION],
        },
        base: Rules::spanish(),
        notation: SquareStyle::Numeric,
    }

    /// Italian draughts, as the Italian draughts federation (FID) plays it;
    /// squares numbered as its rules number them.
    ITALIAN: u64 {
        info: VariantInfo {
            id: "italian",
            family: FAMILY,
            page: "dama-italiana.it",
            title: "Italian draughts (8x8, white first, short kings, men take no kings, ranked captures)",
            options: &[],
        },
        base: Rules::italian(),
        notation: SquareStyle::Numeric,
    }

    /// Killer draughts: the FMJD international rules with the killer rule (a
    /// king whose capture ends by taking a king stops directly behind it), as
    /// its inventor publishes them.
    KILLER: u64 {
        info: VariantInfo {
            id: "killer",
            family: FAMILY,
            page: "killer-draughts.nl",
            title: "Killer draughts (10x10, international rules, a king that takes a king last stops behind it)",
            options: &[],
        },
        base: Rules::killer(),
        notation: SquareStyle::Numeric,
    }

    /// Thai draughts (makhos, mak-hot), as the published descriptions of the
    /// game give it.
    THAI: u64 {
        info: VariantInfo {
            id: "thai",
            family: FAMILY,
            page: "makhos.th",
            title: "Thai draughts (8x8, 8 men each, men forward only, kings land behind each piece taken, free choice)",
            options: &[KING_TURN_BACK],
        },
        base: Rules::thai(),
        notation: SquareStyle::Numeric,
    }

    /// Frisian draughts, as the Dambûn Frysk Spul (the Frisian draughts
    /// federation) plays it.
    FRISIAN: u64 {
        info: VariantInfo {
            id: "frisian",
            family: FAMILY,
            page: "fries-dammen.fy",
            title: "Frisian draughts (10x10, white first, captures along diagonals, rows and columns, flying kings, capture of the greatest value)",
            options: &[KING_VALUE, KING_MOVE],
        },
        base: Rules::frisian(),
        notation: SquareStyle::Numeric,
    }

    /// Turkish draughts (dama), on the full 8x8 board, as the published rule
    /// texts and the two open implementations give it; written algebraically.
    TURKISH: u64 {
        info: VariantInfo {
            id: "turkish",
            family: FAMILY,
            page: "dama.tr",
            title: "Turkish draughts (all 64 squares, men forward and sideways, flying kings along rows and columns, majority capture)",
            options: &[MID_CAPTURE_PROMOTION],
        },
        base: Rules::turkish(),
        notation: SquareStyle::Algebraic,
    }

    /// Canadian draughts: the FMJD international rules on the 12x12 board, as
    /// played in Quebec.
    CANADIAN: u128 {
        info: VariantInfo {
            id: "canadian",
            family: FAMILY,
            page: "dames-canadiennes.fr",
            title:
                "Canadian draughts (12x12, 30 men each, white first, men capture backward, flying kings, majority capture)",
            options: &[],
        },
        base: Rules::canadian(),
        notation: SquareStyle::Numeric,
    }
}

/// A draughts variant by id.
pub fn variant(id: &str) -> Option<&'static DraughtsVariant> {
    DRAUGHTS.iter().copied().find(|v| v.info.id == id)
}

impl DraughtsVariant {
    /// The rules under house-rule options (validated, defaults filled in).
    pub fn rules(&self, options: &Options) -> Rules {
        let mut rules = self.base.clone();
        let chosen = |name: &str, value: &str| options.get(name).map(String::as_str) == Some(value);
        if chosen("mandatory-capture", "off") {
            rules.capture = CaptureDuty::Optional;
        }
        if chosen("no-progress", "wcdf") {
            rules.no_progress = NoProgress::Claim { plies: 80 };
        }
        if chosen("mid-capture-promotion", "king") {
            rules.promotion = MidCapturePromotion::ContinuesAsKing;
        }
        if chosen("king-landing", "any") {
            rules.king_landing = KingLanding::Free;
        }
        if chosen("king-turn-back", "forbidden") {
            rules.turn_back = false;
        }
        if chosen("king-value", "one-and-a-half") {
            rules.precedence = Precedence::Ranked(&[Criterion::MostValueKingAndAHalf, Criterion::WithKing]);
        }
        if chosen("king-move", "straight-or-diagonal") {
            rules.king_move = KingMove::StraightOrDiagonal;
        }
        if chosen("endgame-count", "russian") {
            rules.endgame = Rules::russian().endgame;
        }
        if chosen("endgame-count", "none") {
            rules.endgame = Endgame::Off;
        }
        if chosen("repetition", "claim") {
            rules.repetition = rules.repetition.claimed();
        }
        if chosen("draws", "claim-and-fifteen") {
            rules.repetition = rules.repetition.claimed();
            rules.no_progress = NoProgress::Automatic { plies: 30, reason: "fifteen-move" };
        }
        rules
    }

    /// The variant's customary way of writing squares.
    pub fn notation(&self) -> SquareStyle {
        self.notation
    }
}

impl Configure for DraughtsVariant {
    type Rules = Rules;
    fn info(&self) -> &VariantInfo {
        &self.info
    }
    fn rules(&self, options: &Options) -> Rules {
        DraughtsVariant::rules(self, options)
    }
}

impl IntoGame<DraughtsVariant> for Rules {
    fn into_game(self, variant: &DraughtsVariant) -> Box<dyn Game> {
        super::game(variant.info.id, self, variant.notation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compiled rule sets of a word and the form each variant takes.
    fn compiled_form(rules: &Rules) -> (Kind, &'static [GenRules]) {
        if rules.geometry.is_wide() {
            (u128::kind(rules), u128::COMPILED)
        } else {
            (u64::kind(rules), u64::COMPILED)
        }
    }

    #[test]
    fn every_variant_takes_its_compiled_form_at_its_place() {
        let mut places = [0, 0];
        for v in DRAUGHTS {
            let rules = v.rules(&Options::new());
            let wide = usize::from(rules.geometry.is_wide());
            let (kind, compiled) = compiled_form(&rules);
            assert_eq!(kind, Kind::at(places[wide]), "the compiled form of {}", v.info.id);
            assert_eq!(compiled[places[wide]], GenRules::of(&rules), "{}'s place in its word's list", v.info.id);
            places[wide] += 1;
        }
        assert_eq!(places, [u64::COMPILED.len(), u128::COMPILED.len()]);
        let mut optional = Rules::english();
        optional.capture = CaptureDuty::Optional;
        assert_eq!(u64::kind(&optional), Kind::CONFIGURED);
    }

    /// Two variants with the same generation rules would compile the same
    /// generator twice, and the second would never be chosen.
    #[test]
    fn no_two_variants_compile_the_same_rules() {
        for compiled in [u64::COMPILED, u128::COMPILED] {
            for (i, a) in compiled.iter().enumerate() {
                assert!(!compiled[..i].contains(a), "the generation rules at place {i} are compiled twice");
            }
        }
    }
}
