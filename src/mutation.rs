//! Single-rule deviations of every family's rules: the mutation tests flip
//! one rule at a time and require the spec to catch each, and `rulecheck
//! serve --deviate NAME` serves a deviant engine over the protocol, so that
//! the same holes can be looked for through any harness.

use crate::game::{Game, Options, Variant};
use crate::registry;

/// One deviation: a name and the change it makes to a rule set.
pub struct Deviation<R: 'static> {
    pub name: &'static str,
    pub apply: fn(&mut R),
}

/// The name as a command-line word: `men move backward` is `men-move-backward`.
pub fn slug(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

pub mod draughts {
    //! Deviations of the draughts family.
    use super::Deviation;
    use crate::draughts::rules::{
        Blocked, CaptureDuty, Chain, Criterion, Endgame, KingLanding, MidCapturePromotion, NoProgress, Precedence,
        Removal, Rules,
    };

    type Mutation = Deviation<Rules>;

    const PROMOTIONS: [MidCapturePromotion; 3] =
        [MidCapturePromotion::EndsMove, MidCapturePromotion::ContinuesAsKing, MidCapturePromotion::ContinuesAsMan];

    /// Every single-rule deviation of a draughts configuration. One that leaves
    /// a variant's rules unchanged (the WCDF claim where no claim rule is in
    /// force) does not apply to it.
    pub const DEVIATIONS: &[Mutation] = &[
        Mutation { name: "men move backward", apply: |r| r.men_move_backward = !r.men_move_backward },
        Mutation {
            name: "men capturing backward flipped",
            apply: |r| r.men_capture_backward = !r.men_capture_backward,
        },
        Mutation { name: "flying kings flipped", apply: |r| r.flying_kings = !r.flying_kings },
        Mutation { name: "men capturing kings flipped", apply: |r| r.men_capture_kings = !r.men_capture_kings },
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
            apply: |r| {
                r.promotion = PROMOTIONS[(PROMOTIONS.iter().position(|p| *p == r.promotion).unwrap_or(0) + 1) % 3]
            },
        },
        Mutation {
            name: "mid-capture promotion: the other of the three rules",
            apply: |r| {
                r.promotion = PROMOTIONS[(PROMOTIONS.iter().position(|p| *p == r.promotion).unwrap_or(0) + 2) % 3]
            },
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
        Mutation { name: "repetition off", apply: |r| r.repetition = None },
        Mutation { name: "repetition draws at the second occurrence", apply: |r| r.repetition = Some(2) },
        Mutation { name: "no-progress rule off", apply: |r| r.no_progress = NoProgress::Off },
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

    /// Deviations that cannot change a variant's play, with the reason; they
    /// are reported with the score rather than asserted.
    pub fn inert(variant: &str, mutation: &str) -> Option<&'static str> {
        match (variant, mutation) {
            ("english" | "italian", "removal of jumped pieces flipped") => Some(
                "a one-square king lands on squares of one colour class and jumps the other, so it can neither land on nor re-cross a jumped square",
            ),
            ("english" | "italian", "king landing rule flipped") => Some("applies to flying kings only"),
            ("english", "mid-capture promotion: the other of the three rules") => {
                Some("an English man on the far row has no forward jump left, so going on as a man is ending the move")
            }
            ("international" | "brazilian" | "killer" | "turkish" | "canadian", "chains may stop") => Some(
                "under the majority rule a sequence stopped early takes fewer pieces than the one it cuts short and is already excluded",
            ),
            ("international" | "brazilian" | "turkish" | "canadian", "king landing rule flipped") => Some(
                "under the majority rule a landing from which the capture cannot go on takes fewer pieces and is already excluded",
            ),
            ("spanish" | "italian", "chains may stop") => Some(
                "the most pieces must be taken, and a sequence stopped early takes fewer than the one it cuts short, so it is already excluded",
            ),
            ("spanish", "king landing rule flipped") => Some(
                "the most pieces must be taken, and a landing from which the capture cannot go on takes fewer, so it is already excluded",
            ),
            ("czech" | "spanish" | "italian", "mid-capture promotion: the other of the three rules") => {
                Some("a man on the far row has no forward jump left, so going on as a man is ending the move")
            }

            ("frisian", "chains may stop") => Some(
                "a sequence stopped early takes less value than the one it cuts short (every piece adds to the value) and is already excluded",
            ),
            ("frisian", "king landing rule flipped") => Some(
                "a landing from which the capture cannot go on takes less value than one from which it goes on and is already excluded",
            ),
            _ => None,
        }
    }
}

pub mod halma {
    //! Deviations of Chinese checkers.
    use super::Deviation;
    use crate::halma::{ForeignCamps, Form, Rules};

    type Mutation = Deviation<Rules>;

    const CAMPS: [ForeignCamps; 4] =
        [ForeignCamps::Open, ForeignCamps::Closed, ForeignCamps::TrianglesClosed, ForeignCamps::PassThrough];

    fn other_camps(r: &mut Rules, k: usize) {
        let i = CAMPS.iter().position(|c| *c == r.foreign_camps).unwrap_or(0);
        r.foreign_camps = CAMPS[(i + k) % 4];
    }

    pub const DEVIATIONS: &[Mutation] = &[
        Mutation { name: "blocking prevention flipped", apply: |r| r.blocking_prevention = !r.blocking_prevention },
        Mutation { name: "play-to-end flipped", apply: |r| r.play_to_end = !r.play_to_end },
        Mutation { name: "chains may not change direction", apply: |r| r.chains_turn = false },
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
}

pub mod konane {
    //! Deviations of Konane.
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
}

/// Builds a game for a variant and options, or says why it cannot.
pub type GameFactory = dyn Fn(&str, &Options) -> Result<Box<dyn Game>, String>;

/// A game source for `rulecheck serve`: the reference rules with the named
/// deviation (a [`slug`]) applied in every family that has it.
pub fn deviant(name: &str) -> Result<Box<GameFactory>, String> {
    let wanted = name.to_string();
    let known = |list: Vec<&'static str>| list.into_iter().any(|n| slug(n) == wanted);
    let in_draughts = known(draughts::DEVIATIONS.iter().map(|d| d.name).collect());
    let in_halma = known(halma::DEVIATIONS.iter().map(|d| d.name).collect());
    let in_konane = known(konane::DEVIATIONS.iter().map(|d| d.name).collect());
    if !(in_draughts || in_halma || in_konane) {
        let mut all: Vec<String> = draughts::DEVIATIONS
            .iter()
            .map(|d| d.name)
            .chain(halma::DEVIATIONS.iter().map(|d| d.name))
            .chain(konane::DEVIATIONS.iter().map(|d| d.name))
            .map(slug)
            .collect();
        all.sort();
        all.dedup();
        return Err(format!("unknown deviation '{name}' (deviations: {})", all.join(", ")));
    }
    Ok(Box::new(move |variant: &str, options: &Options| -> Result<Box<dyn Game>, String> {
        let v = registry::variant(variant).map_err(|e| e.to_string())?;
        let options = registry::resolve_options(v, options).map_err(|e| e.to_string())?;
        match v.info().family {
            "draughts" => {
                let dv = crate::draughts::variant(variant).ok_or("no such draughts variant")?;
                let mut rules = dv.rules(&options);
                if let Some(d) = draughts::DEVIATIONS.iter().find(|d| slug(d.name) == wanted) {
                    (d.apply)(&mut rules);
                }
                Ok(crate::draughts::game(dv.info().id, rules, dv.notation()))
            }
            "halma" => {
                let mut rules = crate::halma::ChineseCheckers::rules(&options);
                if let Some(d) = halma::DEVIATIONS.iter().find(|d| slug(d.name) == wanted) {
                    (d.apply)(&mut rules);
                }
                Ok(Box::new(crate::halma::Halma::new(rules)))
            }
            _ => {
                let size = options.get("size").and_then(|s| s.parse().ok()).unwrap_or(8);
                let mut rules = crate::konane::Rules::new(size);
                if let Some(d) = konane::DEVIATIONS.iter().find(|d| slug(d.name) == wanted) {
                    (d.apply)(&mut rules);
                }
                Ok(Box::new(crate::konane::KonaneGame::new(rules)))
            }
        }
    }))
}

/// The single-rule deviations of a variant's family under house rules,
/// each by its [`slug`] and as a game. A move one of them plays that the
/// reference refuses is a mistake an engine with that one rule wrong
/// makes, which fuzzing offers an engine to refuse; a legal move one of
/// them refuses is a move that rule makes legal, whose clauses a fuzzed
/// scenario cites. A deviation that cannot be configured under the house
/// rules is left out.
pub fn deviants(variant: &str, options: &Options) -> Vec<(String, Box<dyn Game>)> {
    let Ok(v) = registry::variant(variant) else { return Vec::new() };
    let names: Vec<&'static str> = match v.info().family {
        "draughts" => draughts::DEVIATIONS.iter().map(|d| d.name).collect(),
        "halma" => halma::DEVIATIONS.iter().map(|d| d.name).collect(),
        _ => konane::DEVIATIONS.iter().map(|d| d.name).collect(),
    };
    names
        .into_iter()
        .filter_map(|name| {
            let s = slug(name);
            let make = deviant(&s).ok()?;
            let game = make(variant, options).ok()?;
            Some((s, game))
        })
        .collect()
}

/// What became of one deviation run against a variant's scenarios.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Failed by these scenarios (names, in spec order).
    Caught(Vec<String>),
    /// Passed every scenario: the spec has a hole.
    Survived,
    /// Cannot change the variant's play, for this reason; `caught` is how
    /// many scenarios it failed all the same (a reason code is not play).
    Inert { why: &'static str, caught: usize },
}

/// One deviation's fate.
#[derive(Clone, Debug)]
pub struct Mutant {
    pub name: &'static str,
    pub fate: Fate,
}

/// The mutation score of a variant: every single-rule deviation that
/// changes its rules, run as an engine against its scenarios.
#[derive(Clone, Debug)]
pub struct Score {
    pub variant: String,
    pub scenarios: usize,
    pub mutants: Vec<Mutant>,
}

impl Score {
    /// The deviations that are asserted (not inert).
    pub fn applicable(&self) -> usize {
        self.mutants.iter().filter(|m| !matches!(m.fate, Fate::Inert { .. })).count()
    }

    pub fn survivors(&self) -> Vec<&'static str> {
        self.mutants.iter().filter(|m| m.fate == Fate::Survived).map(|m| m.name).collect()
    }

    /// The score as a report: one line a deviation, then the total.
    pub fn text(&self) -> String {
        let mut s = format!("mutation score, {} ({} scenarios):\n", self.variant, self.scenarios);
        for m in &self.mutants {
            match &m.fate {
                Fate::Caught(by) => s.push_str(&format!("  {:<56} caught by {:>3}\n", m.name, by.len())),
                Fate::Survived => s.push_str(&format!("  {:<56} SURVIVED: no scenario fails\n", m.name)),
                Fate::Inert { why, .. } => s.push_str(&format!("  {:<56} not asserted: {why}\n", m.name)),
            }
        }
        let applicable = self.applicable();
        s.push_str(&format!("  score: {}/{applicable} deviations caught\n", applicable - self.survivors().len()));
        s
    }
}

/// Run each deviation of `deviations` that changes the rules `rules_of`
/// gives (for some scenario's options) against the scenarios.
fn score_family<R: Clone + PartialEq + 'static>(
    variant: &str,
    scenarios: &[&crate::scenario::Scenario],
    deviations: &'static [Deviation<R>],
    rules_of: fn(&str, &Options) -> Option<R>,
    game_of: fn(&str, R) -> Option<Box<dyn Game>>,
    inert: &dyn Fn(&str) -> Option<&'static str>,
) -> Score {
    use std::cell::Cell;
    use std::rc::Rc;
    let mut mutants = Vec::new();
    for d in deviations {
        let changed = Rc::new(Cell::new(false));
        let seen = changed.clone();
        let wanted = variant.to_string();
        let apply = d.apply;
        let mut engine = crate::engine::InProcess::new(
            d.name,
            Box::new(move |id, options| {
                if id != wanted {
                    return None;
                }
                let rules = rules_of(id, options)?;
                let mut mutated = rules.clone();
                apply(&mut mutated);
                if mutated != rules {
                    seen.set(true);
                }
                game_of(id, mutated)
            }),
        );
        let caught: Vec<String> = scenarios
            .iter()
            .filter(|s| !crate::oracle::check(s, &mut engine).passed())
            .map(|s| s.name.clone())
            .collect();
        if !changed.get() {
            continue;
        }
        let fate = match inert(d.name) {
            Some(why) => Fate::Inert { why, caught: caught.len() },
            None if caught.is_empty() => Fate::Survived,
            None => Fate::Caught(caught),
        };
        mutants.push(Mutant { name: d.name, fate });
    }
    Score { variant: variant.to_string(), scenarios: scenarios.len(), mutants }
}

/// The mutation score of a variant over the scenarios given (those of other
/// variants are left out).
pub fn score(variant: &str, scenarios: &[&crate::scenario::Scenario]) -> Result<Score, String> {
    let v = registry::variant(variant).map_err(|e| e.to_string())?;
    let mine: Vec<&crate::scenario::Scenario> = scenarios.iter().copied().filter(|s| s.variant == variant).collect();
    Ok(match v.info().family {
        "draughts" => score_family(
            variant,
            &mine,
            draughts::DEVIATIONS,
            |id, o| crate::draughts::variant(id).map(|v| v.rules(o)),
            |id, r| crate::draughts::variant(id).map(|v| crate::draughts::game(v.info().id, r, v.notation())),
            &|name| draughts::inert(variant, name),
        ),
        "halma" => score_family(
            variant,
            &mine,
            halma::DEVIATIONS,
            |_, o| Some(crate::halma::ChineseCheckers::rules(o)),
            |_, r| Some(Box::new(crate::halma::Halma::new(r)) as Box<dyn Game>),
            &|_| None,
        ),
        _ => score_family(
            variant,
            &mine,
            konane::DEVIATIONS,
            |_, o| Some(crate::konane::Rules::new(o.get("size").and_then(|s| s.parse().ok()).unwrap_or(8))),
            |_, r| Some(Box::new(crate::konane::KonaneGame::new(r)) as Box<dyn Game>),
            &konane::inert,
        ),
    })
}
