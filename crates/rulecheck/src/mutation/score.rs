//! The mutation score: each deviation run as an engine against a variant's
//! scenarios, and whether some scenario catches it. Kept apart from the
//! deviations and from `serve`'s deviant engines, which do not score.

use super::{draughts, halma, konane, Deviation};
use crate::game::{Game, Options, Variant};
use crate::registry;

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
            &|name| {
                let rules = crate::draughts::variant(variant)?.rules(&Options::new());
                draughts::inert(variant, &rules, name)
            },
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
