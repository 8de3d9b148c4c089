//! The mutation score: each deviation run as an engine against a variant's
//! scenarios, and whether some scenario catches it. Kept apart from the
//! deviations and from `serve`'s deviant engines, which do not score.

use crate::game::Variant;
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

/// One value of a house rule or reading played whatever the engine is
/// sent, against the scenarios that ask another value of the rule: caught
/// when one of them fails, so that the spec tells the values apart.
#[derive(Clone, Debug)]
pub struct Played {
    pub option: &'static str,
    pub plays: &'static str,
    pub fate: Fate,
}

/// The mutation score of a variant: every single-rule deviation that
/// changes its rules, run as an engine against its scenarios, and every
/// value of each of its house rules played where another is asked.
#[derive(Clone, Debug)]
pub struct Score {
    pub variant: &'static str,
    pub scenarios: usize,
    pub mutants: Vec<Mutant>,
    pub played: Vec<Played>,
}

impl Score {
    /// The deviations that are asserted (not inert).
    pub fn applicable(&self) -> usize {
        self.mutants.iter().filter(|m| !matches!(m.fate, Fate::Inert { .. })).count()
    }

    /// The deviations and the values played instead that no scenario
    /// catches, by name (`rule=value played instead` for a value).
    pub fn survivors(&self) -> Vec<String> {
        let deviations = self.mutants.iter().filter(|m| m.fate == Fate::Survived).map(|m| m.name.to_string());
        let played = self.played.iter().filter(|p| p.fate == Fate::Survived).map(|p| p.name());
        deviations.chain(played).collect()
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
        let survived = self.mutants.iter().filter(|m| m.fate == Fate::Survived).count();
        s.push_str(&format!("  score: {}/{applicable} deviations caught\n", applicable - survived));
        if !self.played.is_empty() {
            s.push_str("  each value of a house rule played where another is asked:\n");
            for p in &self.played {
                match &p.fate {
                    Fate::Caught(by) => s.push_str(&format!("  {:<56} caught by {:>3}\n", p.name(), by.len())),
                    _ => s.push_str(&format!("  {:<56} SURVIVED: no scenario fails\n", p.name())),
                }
            }
            let caught = self.played.iter().filter(|p| p.fate != Fate::Survived).count();
            s.push_str(&format!("  values: {caught}/{} told apart\n", self.played.len()));
        }
        s
    }
}

impl Played {
    pub fn name(&self) -> String {
        format!("{}={} played instead", self.option, self.plays)
    }
}

/// The mutation score of a variant over the scenarios given (those of other
/// variants are left out): each deviation of its family that changes its
/// rules (for some scenario's options), run against the scenarios.
pub fn score(variant: &str, scenarios: &[&crate::scenario::Scenario]) -> Result<Score, String> {
    use std::cell::Cell;
    use std::rc::Rc;
    let v: &'static dyn Variant = registry::variant(variant).map_err(|e| e.to_string())?;
    let mine: Vec<&crate::scenario::Scenario> = scenarios.iter().copied().filter(|s| s.variant == variant).collect();
    let mut mutants = Vec::new();
    for name in v.deviations() {
        let changed = Rc::new(Cell::new(false));
        let seen = changed.clone();
        let wanted = variant.to_string();
        let mut engine = crate::engine::InProcess::new(
            name,
            Box::new(move |id, options| {
                if id != wanted {
                    return None;
                }
                let (game, deviated) = v.deviant(options, name);
                if deviated {
                    seen.set(true);
                }
                Some(game)
            }),
        );
        let caught: Vec<String> =
            mine.iter().filter(|s| !crate::oracle::check(s, &mut engine).passed()).map(|s| s.name.clone()).collect();
        if !changed.get() {
            continue;
        }
        let fate = match v.inert(name) {
            Some(why) => Fate::Inert { why, caught: caught.len() },
            None if caught.is_empty() => Fate::Survived,
            None => Fate::Caught(caught),
        };
        mutants.push(Mutant { name, fate });
    }
    let played = played(v, &mine);
    Ok(Score { variant: v.info().id, scenarios: mine.len(), mutants, played })
}

/// Each value of each house rule (not those that say which game is
/// played, nor counts) played whatever is asked, against the scenarios
/// that ask another value of it; a value no scenario asks another of is
/// left out.
fn played(v: &'static dyn Variant, mine: &[&crate::scenario::Scenario]) -> Vec<Played> {
    let mut out = Vec::new();
    let rules = v.info().options.iter().filter(|o| !o.never_adapted && o.values.iter().all(|x| !x.contains("..")));
    for o in rules {
        for &plays in o.values {
            let asked: Vec<&&crate::scenario::Scenario> =
                mine.iter().filter(|s| s.options.get(o.name).is_some_and(|x| x != plays)).collect();
            if asked.is_empty() {
                continue;
            }
            let mut engine = crate::engine::InProcess::new(
                format!("{}={plays}", o.name),
                Box::new(move |id, options| {
                    let mut options = options.clone();
                    options.insert(o.name.to_string(), plays.to_string());
                    registry::configure(id, &options).ok()
                }),
            );
            let caught: Vec<String> = asked
                .iter()
                .filter(|s| !crate::oracle::check(s, &mut engine).passed())
                .map(|s| s.name.clone())
                .collect();
            let fate = if caught.is_empty() { Fate::Survived } else { Fate::Caught(caught) };
            out.push(Played { option: o.name, plays, fate });
        }
    }
    out
}
