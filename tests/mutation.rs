//! Mutation score of the spec, per variant: the reference rules with one
//! rule of the configuration flipped at a time are run as engines against
//! every scenario of the variant, and each deviation must fail at least one
//! scenario. A deviation that passes everything means the spec has a hole:
//! add the scenario that catches it.

use std::cell::Cell;
use std::path::Path;
use std::rc::Rc;

use rulecheck::catalog::Catalog;
use rulecheck::draughts::rules::{
    Blocked, CaptureDuty, Chain, Endgame, KingLanding, MidCapturePromotion, NoProgress, Precedence, Removal, Rules,
};
use rulecheck::draughts::{Draughts, DraughtsVariant, ENGLISH, INTERNATIONAL, POOL, RUSSIAN};
use rulecheck::engine::InProcess;
use rulecheck::game::Game;
use rulecheck::oracle;
use rulecheck::runner;
use rulecheck::scenario::Scenario;

/// One deviation from the rules: a name and the change.
struct Mutation {
    name: &'static str,
    apply: fn(&mut Rules),
}

const PROMOTIONS: [MidCapturePromotion; 3] =
    [MidCapturePromotion::EndsMove, MidCapturePromotion::ContinuesAsKing, MidCapturePromotion::ContinuesAsMan];

/// Every single-rule deviation of a draughts configuration. One that leaves
/// a variant's rules unchanged (the WCDF claim where no claim rule is in
/// force) does not apply to it.
const MUTATIONS: &[Mutation] = &[
    Mutation { name: "men move backward", apply: |r| r.men_move_backward = !r.men_move_backward },
    Mutation { name: "men capturing backward flipped", apply: |r| r.men_capture_backward = !r.men_capture_backward },
    Mutation { name: "flying kings flipped", apply: |r| r.flying_kings = !r.flying_kings },
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
                Precedence::Majority => Precedence::Free,
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
            }
        },
    },
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
        },
    },
    Mutation {
        name: "endgame count one move longer",
        apply: |r| {
            if let Endgame::KingsAgainstKing { min_kings, moves } = r.endgame {
                r.endgame = Endgame::KingsAgainstKing { min_kings, moves: moves + 1 }
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
fn inert(variant: &str, mutation: &str) -> Option<&'static str> {
    match (variant, mutation) {
        ("english", "removal of jumped pieces flipped") => Some(
            "a one-square king lands on squares of one colour class and jumps the other, so it can neither land on nor re-cross a jumped square",
        ),
        ("english", "king landing rule flipped") => Some("applies to flying kings only"),
        ("english", "mid-capture promotion: the other of the three rules") => {
            Some("an English man on the far row has no forward jump left, so going on as a man is ending the move")
        }
        ("international", "chains may stop") => Some(
            "under the majority rule a sequence stopped early takes fewer pieces than the one it cuts short and is already excluded",
        ),
        ("international", "king landing rule flipped") => Some(
            "under the majority rule a landing from which the capture cannot go on takes fewer pieces and is already excluded",
        ),
        _ => None,
    }
}

fn mutant(variant: &'static DraughtsVariant, m: &'static Mutation, changed: Rc<Cell<bool>>) -> InProcess {
    InProcess::new(
        m.name,
        Box::new(move |id, options| {
            use rulecheck::game::Variant;
            if id != variant.id() {
                return None;
            }
            let rules = variant.rules(options);
            let mut mutated = rules.clone();
            (m.apply)(&mut mutated);
            if mutated != rules {
                changed.set(true);
            }
            Some(Box::new(Draughts::new(variant.id(), mutated, variant.notation())) as Box<dyn Game>)
        }),
    )
}

fn score(variant: &'static DraughtsVariant, scenarios: &[&Scenario]) -> Vec<&'static str> {
    use rulecheck::game::Variant;
    let mut survivors = Vec::new();
    println!("mutation score, {} ({} scenarios):", variant.id(), scenarios.len());
    let mut applicable = 0;
    for m in MUTATIONS {
        let changed = Rc::new(Cell::new(false));
        let mut engine = mutant(variant, m, changed.clone());
        let caught: Vec<&str> =
            scenarios.iter().filter(|s| !oracle::check(s, &mut engine).passed()).map(|s| s.name.as_str()).collect();
        if !changed.get() {
            continue;
        }
        if let Some(why) = inert(variant.id(), m.name) {
            println!("  {:<52} not asserted: {why}", m.name);
            continue;
        }
        applicable += 1;
        println!("  {:<52} caught by {:>3}", m.name, caught.len());
        if caught.is_empty() {
            survivors.push(m.name);
        }
    }
    println!("  score: {}/{applicable} deviations caught", applicable - survivors.len());
    survivors
}

#[test]
fn every_single_rule_deviation_fails_a_scenario_of_its_variant() {
    use rulecheck::game::Variant;
    let catalog = Catalog::builtin().expect("catalog");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Default::default());
    assert!(errors.is_empty(), "spec input errors: {errors:?}");
    let mut holes = Vec::new();
    for variant in [&ENGLISH, &RUSSIAN, &INTERNATIONAL, &POOL] {
        let scenarios: Vec<&Scenario> =
            files.iter().flat_map(|f| f.scenarios.iter()).filter(|s| s.variant == variant.id()).collect();
        if scenarios.is_empty() {
            continue;
        }
        for name in score(variant, &scenarios) {
            holes.push(format!("{}: {name}", variant.id()));
        }
    }
    assert!(holes.is_empty(), "deviations no scenario catches: {holes:?}");
}

mod halma {
    //! The same for Chinese checkers: every single-rule deviation of its
    //! configuration fails a scenario.

    use std::cell::Cell;
    use std::rc::Rc;

    use rulecheck::engine::InProcess;
    use rulecheck::game::Game;
    use rulecheck::halma::{ChineseCheckers, ForeignCamps, Halma, Rules};
    use rulecheck::oracle;
    use rulecheck::scenario::Scenario;

    pub struct Mutation {
        pub name: &'static str,
        pub apply: fn(&mut Rules),
    }

    const CAMPS: [ForeignCamps; 4] =
        [ForeignCamps::Open, ForeignCamps::Closed, ForeignCamps::TrianglesClosed, ForeignCamps::PassThrough];

    fn other_camps(r: &mut Rules, k: usize) {
        let i = CAMPS.iter().position(|c| *c == r.foreign_camps).unwrap_or(0);
        r.foreign_camps = CAMPS[(i + k) % 4];
    }

    pub const MUTATIONS: &[Mutation] = &[
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
    ];

    pub fn score(scenarios: &[&Scenario]) -> Vec<&'static str> {
        let mut survivors = Vec::new();
        println!("mutation score, chinese-checkers ({} scenarios):", scenarios.len());
        let mut applicable = 0;
        for m in MUTATIONS {
            let changed = Rc::new(Cell::new(false));
            let seen = changed.clone();
            let mut engine = InProcess::new(
                m.name,
                Box::new(move |id, options| {
                    if id != "chinese-checkers" {
                        return None;
                    }
                    let rules = ChineseCheckers::rules(options);
                    let mut mutated = rules.clone();
                    (m.apply)(&mut mutated);
                    if mutated != rules {
                        seen.set(true);
                    }
                    Some(Box::new(Halma::new(mutated)) as Box<dyn Game>)
                }),
            );
            let caught = scenarios.iter().filter(|s| !oracle::check(s, &mut engine).passed()).count();
            if !changed.get() {
                continue;
            }
            applicable += 1;
            println!("  {:<52} caught by {caught:>3}", m.name);
            if caught == 0 {
                survivors.push(m.name);
            }
        }
        println!("  score: {}/{applicable} deviations caught", applicable - survivors.len());
        survivors
    }
}

#[test]
fn every_single_rule_deviation_fails_a_chinese_checkers_scenario() {
    let catalog = Catalog::builtin().expect("catalog");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Default::default());
    assert!(errors.is_empty(), "spec input errors: {errors:?}");
    let scenarios: Vec<&Scenario> =
        files.iter().flat_map(|f| f.scenarios.iter()).filter(|s| s.variant == "chinese-checkers").collect();
    if scenarios.is_empty() {
        return;
    }
    let holes = halma::score(&scenarios);
    assert!(holes.is_empty(), "deviations no scenario catches: {holes:?}");
}

#[test]
fn every_single_rule_deviation_fails_a_konane_scenario() {
    use rulecheck::konane::{KonaneGame, Opening, Rules};
    let deviations: &[(&str, fn(&mut Rules))] = &[
        ("turning during a multi-jump", |r| r.turns = true),
        ("diagonal jumps", |r| r.diagonal = true),
        ("forced full-length jumps", |r| r.full_length = true),
        ("any black stone opens the game", |r| r.opening = Opening::AnyBlackStone),
        ("a player without a jump draws", |r| r.no_jump_draws = true),
    ];
    let catalog = Catalog::builtin().expect("catalog");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Default::default());
    assert!(errors.is_empty(), "spec input errors: {errors:?}");
    let scenarios: Vec<&Scenario> =
        files.iter().flat_map(|f| f.scenarios.iter()).filter(|s| s.variant == "konane").collect();
    if scenarios.is_empty() {
        return;
    }
    println!("mutation score, konane ({} scenarios):", scenarios.len());
    let mut holes = Vec::new();
    for &(name, apply) in deviations {
        let mut engine = InProcess::new(
            name,
            Box::new(move |id, options| {
                if id != "konane" {
                    return None;
                }
                let size = options.get("size").and_then(|s| s.parse().ok()).unwrap_or(8);
                let mut rules = Rules::new(size);
                apply(&mut rules);
                Some(Box::new(KonaneGame::new(rules)) as Box<dyn Game>)
            }),
        );
        let caught = scenarios.iter().filter(|s| !oracle::check(s, &mut engine).passed()).count();
        println!("  {name:<52} caught by {caught:>3}");
        if caught == 0 {
            holes.push(name);
        }
    }
    println!("  score: {}/{} deviations caught", deviations.len() - holes.len(), deviations.len());
    assert!(holes.is_empty(), "deviations no scenario catches: {holes:?}");
}
