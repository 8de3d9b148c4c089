//! Mutation score of the spec, per variant: the reference rules with one
//! rule of the configuration flipped at a time are run as engines against
//! every scenario of the variant, and each deviation must fail at least one
//! scenario. A deviation that passes everything means the spec has a hole:
//! add the scenario that catches it.

use rulecheck::engine::InProcess;
use rulecheck::game::Text;
use rulecheck::mutation::{self, Fate};
use rulecheck::oracle;
use rulecheck::scenario::Scenario;

use crate::support::declaring::spec;

/// The deviations of `variants` that no scenario catches, the score of each
/// printed.
fn holes(variants: &[&str]) -> Vec<String> {
    let files = spec();
    let scenarios: Vec<&Scenario> = files.iter().flat_map(|f| f.scenarios.iter()).collect();
    let mut holes = Vec::new();
    for v in variants {
        let score = mutation::score(v, &scenarios).expect("a variant");
        assert!(score.scenarios > 0, "{v} has scenarios");
        print!("{}", score.text());
        for m in &score.mutants {
            if let Fate::Inert { caught, .. } = m.fate {
                // Konane's inert deviations are asserted to change nothing.
                if *v == "konane" {
                    assert_eq!(caught, 0, "{} is listed as inert but changes play", m.name);
                }
            }
        }
        holes.extend(score.survivors().into_iter().map(|name| format!("{v}: {name}")));
    }
    holes
}

#[test]
fn every_single_rule_deviation_fails_a_scenario_of_its_variant() {
    // Every draughts variant registered, so that one added later is held
    // to the same score.
    let draughts = crate::support::variants::of_family("draughts");
    assert!(draughts.len() >= 11, "{draughts:?}");
    let holes = holes(&draughts);
    assert!(holes.is_empty(), "deviations no scenario catches: {holes:?}");
}

#[test]
fn every_single_rule_deviation_fails_a_chinese_checkers_scenario() {
    let holes = holes(&["chinese-checkers"]);
    assert!(holes.is_empty(), "deviations no scenario catches: {holes:?}");
}

/// Every seat of every table sent to a wrong camp, its home or its goal,
/// fails a scenario of that table: the spec pins the whole seating.
#[test]
fn every_seat_sent_to_a_wrong_camp_fails_a_chinese_checkers_scenario() {
    use rulecheck::halma::{ChineseCheckers, Form};
    let files = spec();
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
                                Some(Text::boxed(rules))
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
    let holes = holes(&["konane"]);
    assert!(holes.is_empty(), "deviations no scenario catches: {holes:?}");
}
