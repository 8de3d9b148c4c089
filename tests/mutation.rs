//! Mutation score of the English spec: the reference rules with one rule
//! flipped at a time are run as engines against every English scenario, and
//! each deviation must fail at least one scenario. A deviation that passes
//! everything means the spec has a hole: add the scenario that catches it.

use std::path::Path;

use rulecheck::catalog::Catalog;
use rulecheck::draughts::notation::SquareStyle;
use rulecheck::draughts::rules::{
    Blocked, CaptureDuty, Chain, MidCapturePromotion, NoProgress, Precedence, Rules, Side,
};
use rulecheck::draughts::{Draughts, ENGLISH};
use rulecheck::engine::InProcess;
use rulecheck::game::Game;
use rulecheck::oracle;
use rulecheck::runner;

/// One deviation from the rules: a name and the change.
struct Mutation {
    name: &'static str,
    apply: fn(&mut Rules),
}

const MUTATIONS: &[Mutation] = &[
    Mutation { name: "men move backward", apply: |r| r.men_move_backward = true },
    Mutation { name: "men capture backward", apply: |r| r.men_capture_backward = true },
    Mutation { name: "kings fly", apply: |r| r.flying_kings = true },
    Mutation { name: "capture optional", apply: |r| r.capture = CaptureDuty::Optional },
    Mutation { name: "capture mandatory even with the house rule off", apply: |r| r.capture = CaptureDuty::Mandatory },
    Mutation { name: "chains may stop", apply: |r| r.chain = Chain::MayStop },
    Mutation { name: "crowning does not end the move", apply: |r| r.promotion = MidCapturePromotion::ContinuesAsKing },
    Mutation { name: "majority capture", apply: |r| r.precedence = Precedence::Majority },
    Mutation { name: "white moves first", apply: |r| r.first = Side::White },
    Mutation { name: "two rows of men", apply: |r| r.rows_of_men = 2 },
    Mutation { name: "repetition off", apply: |r| r.repetition = None },
    Mutation { name: "repetition draws at the second occurrence", apply: |r| r.repetition = Some(2) },
    Mutation { name: "no-progress rule off", apply: |r| r.no_progress = NoProgress::Off },
    Mutation {
        name: "no-progress limit at 80 plies",
        apply: |r| {
            if let NoProgress::Automatic { .. } = r.no_progress {
                r.no_progress = NoProgress::Automatic { plies: 80, reason: "forty-move" }
            }
        },
    },
    Mutation {
        name: "WCDF claim after 40 plies",
        apply: |r| {
            if let NoProgress::Claim { .. } = r.no_progress {
                r.no_progress = NoProgress::Claim { plies: 40 }
            }
        },
    },
    Mutation {
        name: "WCDF draw automatic instead of claimed",
        apply: |r| {
            if let NoProgress::Claim { plies } = r.no_progress {
                r.no_progress = NoProgress::Automatic { plies, reason: "forty-move" }
            }
        },
    },
    Mutation {
        name: "site draw claimed instead of automatic",
        apply: |r| {
            if let NoProgress::Automatic { plies, .. } = r.no_progress {
                r.no_progress = NoProgress::Claim { plies }
            }
        },
    },
    Mutation { name: "a blocked side draws", apply: |r| r.blocked = Blocked::Draws },
    Mutation { name: "no draw by agreement", apply: |r| r.agreement = false },
];

/// Fields of the configuration that cannot change English play, and why;
/// reported with the score rather than asserted.
const INERT: &[(&str, &str)] = &[
    ("removal", "a one-square king always lands on squares of one colour class and jumps the other, so it can neither land on nor re-cross a jumped square: removal at once or at the end gives the same moves"),
    ("king_landing", "applies to flying kings only"),
    ("promotion = ContinuesAsMan", "an English man on the far row has no forward jump left, so going on as a man is ending the move"),
];

fn mutant(m: &'static Mutation) -> InProcess {
    InProcess::new(
        m.name,
        Box::new(move |variant, options| {
            if variant != "english" {
                return None;
            }
            let mut rules = ENGLISH.rules(options);
            (m.apply)(&mut rules);
            Some(Box::new(Draughts::new("english", rules, SquareStyle::Numeric)) as Box<dyn Game>)
        }),
    )
}

#[test]
fn every_single_rule_deviation_fails_an_english_scenario() {
    let catalog = Catalog::builtin().expect("catalog");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Default::default());
    assert!(errors.is_empty(), "spec input errors: {errors:?}");
    let scenarios: Vec<_> = files.iter().filter(|f| f.variant == "english").flat_map(|f| f.scenarios.iter()).collect();
    assert!(!scenarios.is_empty());

    let mut survivors = Vec::new();
    println!("mutation score, English checkers ({} scenarios):", scenarios.len());
    for m in MUTATIONS {
        let mut engine = mutant(m);
        let caught: Vec<&str> =
            scenarios.iter().filter(|s| !oracle::check(s, &mut engine).passed()).map(|s| s.name.as_str()).collect();
        println!(
            "  {:<48} caught by {:>3} scenarios{}",
            m.name,
            caught.len(),
            caught.first().map(|n| format!(" (first: {n})")).unwrap_or_default()
        );
        if caught.is_empty() {
            survivors.push(m.name);
        }
    }
    let killed = MUTATIONS.len() - survivors.len();
    println!("score: {killed}/{} deviations caught", MUTATIONS.len());
    for (field, why) in INERT {
        println!("  not mutated: {field}: {why}");
    }
    assert!(survivors.is_empty(), "deviations no scenario catches: {survivors:?}");
}
