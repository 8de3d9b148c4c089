//! The draughts variants as data: each a [`VariantInfo`], the rules it
//! starts from and its customary notation, with the house rules that change
//! fields of those rules. Apart from [`Draughts`], the game under fixed
//! rules, because this is what the registry lists and the options it
//! checks, not how a game is played.

use super::notation::SquareStyle;
use super::rules::{CaptureDuty, MidCapturePromotion, NoProgress, Rules};
use rulecheck_game::{Configure, Game, OptionSpec, Options, Variant, VariantInfo};

/// The family every variant here belongs to.
const FAMILY: &str = "draughts";

/// The registry's list and the lookup by id, from one list of the variants.
macro_rules! variants {
    ($($v:ident),* $(,)?) => {
        /// The draughts variants, as registered.
        pub static VARIANTS: &[&dyn Variant] = &[$(&$v),*];

        /// A draughts variant by id.
        pub fn variant(id: &str) -> Option<&'static DraughtsVariant> {
            [$(&$v),*].into_iter().find(|v| v.info.id == id)
        }
    };
}

variants!(
    ENGLISH,
    RUSSIAN,
    INTERNATIONAL,
    POOL,
    BRAZILIAN,
    CZECH,
    SPANISH,
    ITALIAN,
    KILLER,
    THAI,
    FRISIAN,
    TURKISH,
    CANADIAN
);

const MANDATORY_CAPTURE: OptionSpec = OptionSpec {
    name: "mandatory-capture",
    values: &["on", "off"],
    default: "on",
    help: "on: a player who can capture must; off: a capture may be declined at the start of a turn (a started chain is still completed, no huffing)",
    never_adapted: false,
};

const NO_PROGRESS: OptionSpec = OptionSpec {
    name: "no-progress",
    values: &["site", "wcdf"],
    default: "site",
    help: "site: automatic draw after 40 plies without a capture or a man move; wcdf: a draw may be claimed after 40 moves of each side without a man move",
    never_adapted: false,
};

/// A variant of the family: its rules, house rules and customary notation.
pub struct DraughtsVariant {
    info: VariantInfo,
    base: fn() -> Rules,
    notation: SquareStyle,
}

/// English checkers, from the page `checkers.hi`.
pub static ENGLISH: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "english",
        family: FAMILY,
        page: "checkers.hi",
        title: "English checkers (8x8, men forward only, short kings, black first)",
        options: &[MANDATORY_CAPTURE, NO_PROGRESS],
    },
    base: Rules::english,
    notation: SquareStyle::Numeric,
};

/// Russian draughts, from the page `checkers-online.ur`.
pub static RUSSIAN: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "russian",
        family: FAMILY,
        page: "checkers-online.ur",
        title: "Russian draughts (8x8, white first, men capture backward, flying kings, crowned mid-capture)",
        options: &[],
    },
    base: Rules::russian,
    notation: SquareStyle::Algebraic,
};

/// International draughts, from the variants paragraph of `checkers.hi` and
/// the FMJD rules.
pub static INTERNATIONAL: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "international",
        family: FAMILY,
        page: "checkers.hi",
        title: "International draughts (10x10, white first, flying kings, majority capture)",
        options: &[],
    },
    base: Rules::international,
    notation: SquareStyle::Numeric,
};

/// American pool checkers, from the variants paragraph of `checkers.hi` and
/// the APCA rules.
pub static POOL: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "pool",
        family: FAMILY,
        page: "checkers.hi",
        title: "Pool checkers (8x8, black first, men capture backward, flying kings, free choice of capture)",
        options: &[],
    },
    base: Rules::pool,
    notation: SquareStyle::Numeric,
};

/// Brazilian draughts: the FMJD international rules on the 8x8 board, as the
/// Brazilian confederation (CBD) plays them.
pub static BRAZILIAN: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "brazilian",
        family: FAMILY,
        page: "damas-brasileiras.pt",
        title: "Brazilian draughts (8x8, white first, men capture backward, flying kings, majority capture)",
        options: &[],
    },
    base: Rules::brazilian,
    notation: SquareStyle::Numeric,
};

/// Czech draughts, as the Czech draughts federation (Česká federace dámy)
/// plays it; written in algebraic notation, as Czech texts write it.
pub static CZECH: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "czech",
        family: FAMILY,
        page: "ceska-dama.cs",
        title: "Czech draughts (8x8, white first, men capture forward only, flying kings, a king captures first)",
        options: &[],
    },
    base: Rules::czech,
    notation: SquareStyle::Algebraic,
};

/// Spanish draughts (damas españolas), with the Portuguese federation's
/// text of the same game; squares numbered as those texts number them.
pub static SPANISH: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "spanish",
        family: FAMILY,
        page: "damas-espanolas.es",
        title:
            "Spanish draughts (8x8, white first, men capture forward only, flying kings, most pieces then most kings)",
        options: &[],
    },
    base: Rules::spanish,
    notation: SquareStyle::Numeric,
};

/// Italian draughts, as the Italian draughts federation (FID) plays it;
/// squares numbered as its rules number them.
pub static ITALIAN: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "italian",
        family: FAMILY,
        page: "dama-italiana.it",
        title: "Italian draughts (8x8, white first, short kings, men take no kings, ranked captures)",
        options: &[],
    },
    base: Rules::italian,
    notation: SquareStyle::Numeric,
};

/// Killer draughts: the FMJD international rules with the killer rule (a
/// king whose capture ends by taking a king stops directly behind it), as
/// its inventor publishes them.
pub static KILLER: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "killer",
        family: FAMILY,
        page: "killer-draughts.nl",
        title: "Killer draughts (10x10, international rules, a king that takes a king last stops behind it)",
        options: &[],
    },
    base: Rules::killer,
    notation: SquareStyle::Numeric,
};

/// Thai draughts (makhos, mak-hot), as the published descriptions of the
/// game give it.
pub static THAI: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "thai",
        family: FAMILY,
        page: "makhos.th",
        title: "Thai draughts (8x8, 8 men each, men forward only, kings land behind each piece taken, free choice)",
        options: &[],
    },
    base: Rules::thai,
    notation: SquareStyle::Numeric,
};

/// Frisian draughts, as the Dambûn Frysk Spul (the Frisian draughts
/// federation) plays it.
pub static FRISIAN: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "frisian",
        family: FAMILY,
        page: "fries-dammen.fy",
        title: "Frisian draughts (10x10, white first, captures along diagonals, rows and columns, flying kings, capture of the greatest value)",
        options: &[],
    },
    base: Rules::frisian,
    notation: SquareStyle::Numeric,
};

/// Canadian draughts: the FMJD international rules on the 12x12 board, as
/// played in Quebec.
pub static CANADIAN: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "canadian",
        family: FAMILY,
        page: "dames-canadiennes.fr",
        title:
            "Canadian draughts (12x12, 30 men each, white first, men capture backward, flying kings, majority capture)",
        options: &[],
    },
    base: Rules::canadian,
    notation: SquareStyle::Numeric,
};

const MID_CAPTURE_PROMOTION: OptionSpec = OptionSpec {
    name: "mid-capture-promotion",
    values: &["man", "king"],
    default: "man",
    help: "man: a man reaching the far row during a capture goes on capturing as a man and is crowned when the move ends; king: it is crowned at once and goes on capturing as a king",
    never_adapted: false,
};

/// Turkish draughts (dama), on the full 8x8 board, as the published rule
/// texts and the two open implementations give it; written algebraically.
pub static TURKISH: DraughtsVariant = DraughtsVariant {
    info: VariantInfo {
        id: "turkish",
        family: FAMILY,
        page: "dama.tr",
        title: "Turkish draughts (all 64 squares, men forward and sideways, flying kings along rows and columns, majority capture)",
        options: &[MID_CAPTURE_PROMOTION],
    },
    base: Rules::turkish,
    notation: SquareStyle::Algebraic,
};

impl DraughtsVariant {
    /// The rules under house-rule options (validated, defaults filled in).
    pub fn rules(&self, options: &Options) -> Rules {
        let mut rules = (self.base)();
        if options.get("mandatory-capture").map(String::as_str) == Some("off") {
            rules.capture = CaptureDuty::Optional;
        }
        if options.get("no-progress").map(String::as_str) == Some("wcdf") {
            rules.no_progress = NoProgress::Claim { plies: 80 };
        }
        if options.get("mid-capture-promotion").map(String::as_str) == Some("king") {
            rules.promotion = MidCapturePromotion::ContinuesAsKing;
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
    fn game(&self, rules: Rules) -> Box<dyn Game> {
        super::game(self.info.id, rules, self.notation)
    }
}
