//! The disputed rules in the matrix: for each reading of the catalog
//! (a rule the authorities read in several ways, kept as a house rule
//! whose values are the readings), the value each engine's answers follow,
//! found as `rulecheck fingerprint` finds it. Pass and fail say whether an
//! engine plays the values it declares; this table says which reading it
//! plays, declared or not.
//!
//! Where two or more engines that share no code follow one value other
//! than the default, the row is flagged for review: independent authors
//! reading a rule alike against rulecheck's choice is the strongest hint
//! that the choice, or its sources, should be looked at again.

use serde::{Deserialize, Serialize};

use crate::engine::Engine;
use crate::fingerprint::{self, Read};
use crate::matrix::Entry;
use crate::scenario::ScenarioFile;

/// A disputed rule of a variant: a reading of the catalog.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disputed {
    pub variant: String,
    /// The house rule whose values are the readings.
    pub option: String,
    /// The clause it reads.
    pub clause: String,
    pub default: String,
}

/// What one engine was found to do on one disputed rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "status")]
pub enum Found {
    /// The engine does not play the variant, or was not run.
    NotPlayed,
    /// It plays the rule one way; `follows` is the value its answers agree
    /// with on every scenario that tells the values apart, if one does.
    OneWay {
        /// The value it was sent (the one it declares, or the default).
        sent: String,
        follows: Option<String>,
        /// How many scenarios tell the values apart.
        separating: usize,
        /// On how many of them it answers as each value.
        agree: Vec<Agree>,
    },
    /// It declares several values and plays each as it is sent.
    Declares { values: Vec<String> },
    /// It could not be asked (it stopped answering, or no scenario of the
    /// variant is one it declares).
    Error { why: String },
}

/// On how many of the scenarios that tell a rule's values apart an engine
/// answers as one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agree {
    pub value: String,
    pub agree: usize,
}

/// The readings of one engine, in the order of the disputed rules.
pub fn find(engine: &mut dyn Engine, disputed: &[Disputed], files: &[ScenarioFile]) -> Vec<Found> {
    disputed
        .iter()
        .map(|d| {
            if engine.declared(&d.variant).is_none() {
                return Found::NotPlayed;
            }
            match fingerprint::rules(engine, &d.variant, files, &[d.option.as_str()]) {
                Ok(mut found) => match found.pop() {
                    Some((_, Read::OneWay(r))) => Found::OneWay {
                        sent: r.sent,
                        follows: r.follows,
                        separating: r.separating,
                        agree: r.values.into_iter().map(|a| Agree { value: a.value, agree: a.agree }).collect(),
                    },
                    Some((_, Read::Declares { values })) => Found::Declares { values },
                    None => Found::Error { why: format!("{} has no option {}", d.variant, d.option) },
                },
                Err(why) => Found::Error { why },
            }
        })
        .collect()
}

/// The readings of the reference: it plays every value of every house
/// rule as it is set, so each rule's values are played as sent.
pub(super) fn of_reference(disputed: &[Disputed]) -> Vec<Found> {
    disputed
        .iter()
        .map(|d| {
            let option = crate::registry::variant(&d.variant)
                .ok()
                .and_then(|v| v.info().options.iter().find(|o| o.name == d.option));
            match option {
                Some(o) => Found::Declares { values: o.values.iter().map(|v| v.to_string()).collect() },
                None => Found::Error { why: format!("{} has no option {}", d.variant, d.option) },
            }
        })
        .collect()
}

/// One disputed rule, with what each engine follows.
#[derive(Clone, Debug, Serialize)]
pub struct ReadingRow {
    #[serde(flatten)]
    pub rule: Disputed,
    /// One per engine, in the engines file's order.
    pub cells: Vec<Found>,
    /// The values other than the default that two or more independent
    /// engines follow, each with those engines: for review.
    pub review: Vec<Shared>,
}

/// A value other than the default followed by engines of two or more
/// lineages.
#[derive(Clone, Debug, Serialize)]
pub struct Shared {
    pub value: String,
    pub engines: Vec<String>,
    /// How many lineages those engines are of (two or more).
    pub lineages: usize,
}

/// The readings table: one row per disputed rule that some engine plays.
pub fn rows(disputed: &[Disputed], entries: &[Entry], found: &[Vec<Found>]) -> Vec<ReadingRow> {
    let engines: Vec<(&str, Option<&str>)> = entries.iter().map(|e| (e.name(), e.lineage())).collect();
    rows_named(disputed, &engines, found)
}

/// [`rows`] of engines given by name and lineage (`None` for the
/// reference), in the engines file's order.
pub fn rows_named(disputed: &[Disputed], engines: &[(&str, Option<&str>)], found: &[Vec<Found>]) -> Vec<ReadingRow> {
    disputed
        .iter()
        .enumerate()
        .filter_map(|(i, rule)| {
            let cells: Vec<Found> = found.iter().map(|f| f.get(i).cloned().unwrap_or(Found::NotPlayed)).collect();
            if cells.iter().all(|c| matches!(c, Found::NotPlayed)) {
                return None;
            }
            let review = shared(rule, engines, &cells);
            Some(ReadingRow { rule: rule.clone(), cells, review })
        })
        .collect()
}

/// The values other than the default that engines of two or more lineages
/// follow. The reference is never counted: its readings are the defaults.
fn shared(rule: &Disputed, engines: &[(&str, Option<&str>)], cells: &[Found]) -> Vec<Shared> {
    let mut by_value: Vec<(String, Vec<String>, Vec<&str>)> = Vec::new();
    for (&(name, lineage), cell) in engines.iter().zip(cells) {
        let (Some(lineage), Found::OneWay { follows: Some(value), .. }) = (lineage, cell) else { continue };
        if *value == rule.default {
            continue;
        }
        match by_value.iter_mut().find(|(v, _, _)| v == value) {
            Some((_, engines, lineages)) => {
                engines.push(name.to_string());
                if !lineages.contains(&lineage) {
                    lineages.push(lineage);
                }
            }
            None => by_value.push((value.clone(), vec![name.to_string()], vec![lineage])),
        }
    }
    by_value
        .into_iter()
        .filter(|(_, _, lineages)| lineages.len() >= 2)
        .map(|(value, engines, lineages)| Shared { value, engines, lineages: lineages.len() })
        .collect()
}

/// A cell in words: the value followed (marked when it is not the
/// default, and when it is not the one the engine was sent), the values
/// declared, or why nothing could be said.
pub fn cell_text(rule: &Disputed, cell: &Found) -> String {
    match cell {
        Found::NotPlayed => "—".to_string(),
        Found::OneWay { sent, follows: Some(value), .. } => {
            let mut s = if *value == rule.default { value.clone() } else { format!("{value} (not the default)") };
            if sent != value {
                s.push_str(&format!(", sent {sent}"));
            }
            s
        }
        Found::OneWay { separating: 0, .. } => "the spec cannot tell".to_string(),
        Found::OneWay { separating, agree, .. } => {
            let parts: Vec<String> = agree.iter().map(|a| format!("{} {}/{separating}", a.value, a.agree)).collect();
            format!("none wholly ({})", parts.join(", "))
        }
        Found::Declares { values } => format!("plays each as sent: {}", values.join(", ")),
        Found::Error { why } => format!("error: {why}"),
    }
}
