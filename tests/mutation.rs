//! Mutation score of the spec, per variant: the reference rules with one
//! rule of the configuration flipped at a time are run as engines against
//! every scenario of the variant, and each deviation must fail at least one
//! scenario. A deviation that passes everything means the spec has a hole:
//! add the scenario that catches it.

use std::cell::Cell;
use std::path::Path;
use std::rc::Rc;

use rulecheck::catalog::Catalog;
use rulecheck::draughts::rules::Rules;
use rulecheck::draughts::{Draughts, DraughtsVariant, ENGLISH, INTERNATIONAL, POOL, RUSSIAN};
use rulecheck::engine::InProcess;
use rulecheck::game::Game;
use rulecheck::oracle;
use rulecheck::runner;
use rulecheck::scenario::Scenario;

use rulecheck::mutation::draughts::{inert, DEVIATIONS as MUTATIONS};
use rulecheck::mutation::Deviation;

type Mutation = Deviation<Rules>;

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
    use rulecheck::halma::{ChineseCheckers, Halma};
    use rulecheck::oracle;
    use rulecheck::scenario::Scenario;

    pub use rulecheck::mutation::halma::DEVIATIONS as MUTATIONS;

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

/// Every seat of every table sent to a wrong camp, its home or its goal,
/// fails a scenario of that table: the spec pins the whole seating.
#[test]
fn every_seat_sent_to_a_wrong_camp_fails_a_chinese_checkers_scenario() {
    use rulecheck::halma::{ChineseCheckers, Form, Halma};
    let catalog = Catalog::builtin().expect("catalog");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Default::default());
    assert!(errors.is_empty(), "spec input errors: {errors:?}");
    let scenarios: Vec<&Scenario> =
        files.iter().flat_map(|f| f.scenarios.iter()).filter(|s| s.variant == "chinese-checkers").collect();
    let tables = [("international", 2..=6u8), ("japanese", 2..=3)];
    let mut holes = Vec::new();
    let mut tried = 0;
    for (form, counts) in tables {
        for players in counts {
            let at_table: Vec<&&Scenario> = scenarios
                .iter()
                .filter(|s| {
                    s.options.get("form").map(String::as_str) == Some(form)
                        && s.options.get("players").and_then(|p| p.parse().ok()) == Some(players)
                })
                .collect();
            for seat in 0..usize::from(players) {
                for goal in [false, true] {
                    for camp in 0..6 {
                        let mut engine = InProcess::new(
                            "wrong camp",
                            Box::new(move |id, options| {
                                if id != "chinese-checkers" {
                                    return None;
                                }
                                let mut rules = ChineseCheckers::rules(options);
                                let here =
                                    (rules.form == Form::Japanese) == (form == "japanese") && rules.players == players;
                                if here {
                                    if goal {
                                        rules.goals[seat] = camp;
                                    } else {
                                        rules.camps[seat] = camp;
                                    }
                                }
                                Some(Box::new(Halma::new(rules)) as Box<dyn Game>)
                            }),
                        );
                        let right = {
                            let rules = ChineseCheckers::rules(&at_table[0].options);
                            if goal {
                                rules.goals[seat]
                            } else {
                                rules.camps[seat]
                            }
                        };
                        if camp == right {
                            continue;
                        }
                        tried += 1;
                        if at_table.iter().all(|s| oracle::check(s, &mut engine).passed()) {
                            let what = if goal { "goal" } else { "home" };
                            holes.push(format!("{form}, {players} players, seat {}: {what} camp {camp}", seat + 1));
                        }
                    }
                }
            }
        }
    }
    println!("{tried} wrong camps tried");
    assert_eq!(tried, 2 * 5 * (2 + 3 + 4 + 5 + 6 + 2 + 3));
    assert!(holes.is_empty(), "wrong camps no scenario catches: {holes:?}");
}

#[test]
fn every_single_rule_deviation_fails_a_konane_scenario() {
    use rulecheck::konane::{KonaneGame, Rules};
    let deviations = rulecheck::mutation::konane::DEVIATIONS;
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
    for d in deviations {
        let (name, apply) = (d.name, d.apply);
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
        if let Some(why) = rulecheck::mutation::konane::inert(name) {
            println!("  {name:<52} inert: {why}");
            assert_eq!(caught, 0, "{name} is listed as inert but changes play");
            continue;
        }
        println!("  {name:<52} caught by {caught:>3}");
        if caught == 0 {
            holes.push(name);
        }
    }
    let inert = deviations.iter().filter(|d| rulecheck::mutation::konane::inert(d.name).is_some()).count();
    println!(
        "  score: {}/{} deviations caught ({inert} inert)",
        deviations.len() - inert - holes.len(),
        deviations.len() - inert
    );
    assert!(holes.is_empty(), "deviations no scenario catches: {holes:?}");
}
