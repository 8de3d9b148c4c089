//! The matrix's table: a row per clause of each variant, a cell per
//! engine, each cell from the outcomes of the scenarios citing the clause.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::matrix::Column;
use crate::report::Outcome;
use crate::runner;
use crate::scenario::ScenarioFile;

/// A cell's verdict, from the outcomes of the scenarios citing the clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellStatus {
    /// Every scenario run passed.
    Pass,
    /// A scenario failed (listed as expected or not).
    Fail,
    /// No scenario was run: the engine does not play the variant or house rules.
    Skip,
    /// The engine crashed, hung or answered out of protocol, or never started.
    Error,
}

impl CellStatus {
    pub fn word(self) -> &'static str {
        match self {
            CellStatus::Pass => "pass",
            CellStatus::Fail => "fail",
            CellStatus::Skip => "skip",
            CellStatus::Error => "error",
        }
    }
}

/// One engine on one clause.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub status: CellStatus,
    pub passed: usize,
    /// Failing scenarios (ids).
    pub failed: Vec<String>,
    /// Of those, the ones the engine's expected-failures list names.
    pub expected: Vec<String>,
    pub skipped: usize,
    /// Scenarios on which the engine broke (ids).
    pub errors: Vec<String>,
}

/// One clause of one variant.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub variant: String,
    pub clause: String,
    /// The scenarios citing the clause (ids), in spec order.
    pub scenarios: Vec<String>,
    /// One per engine, in the engines file's order.
    pub cells: Vec<Cell>,
}

/// A scenario as the matrix lists it: its id, variant and the clauses it
/// cites, in spec order. It is all the rows need of the spec, so that the
/// parts of a split matrix carry it and their merge needs no spec.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listed {
    pub id: String,
    pub variant: String,
    pub clauses: Vec<String>,
}

impl Listed {
    /// Every scenario of the files, in spec order.
    pub fn all(files: &[ScenarioFile]) -> Vec<Listed> {
        files
            .iter()
            .flat_map(|f| {
                let path = runner::id_path(&f.path);
                f.scenarios.iter().map(move |s| Listed {
                    id: format!("{path}::{}", s.name),
                    variant: s.variant.clone(),
                    clauses: s.clauses.iter().map(|c| c.value.clone()).collect(),
                })
            })
            .collect()
    }
}

/// The outcome of every scenario for one engine, by scenario id.
fn outcomes(column: &Column) -> HashMap<&str, Outcome> {
    column.scenarios.iter().map(|s| (s.id.as_str(), s.outcome)).collect()
}

/// The outcome of each scenario under each engine, `None` where it has no
/// verdict (the engine never started, or the run was stopped).
pub fn scenario_outcomes(files: &[ScenarioFile], columns: &[Column]) -> Vec<(String, Vec<Option<Outcome>>)> {
    scenario_outcomes_of(&Listed::all(files), columns)
}

/// [`scenario_outcomes`] of the scenarios listed.
pub fn scenario_outcomes_of(listed: &[Listed], columns: &[Column]) -> Vec<(String, Vec<Option<Outcome>>)> {
    let maps: Vec<_> = columns.iter().map(outcomes).collect();
    listed
        .iter()
        .map(|s| {
            let row = maps.iter().map(|m| m.get(s.id.as_str()).copied()).collect();
            (s.id.clone(), row)
        })
        .collect()
}

/// The rows of the matrix: every clause a scenario cites, by variant then
/// clause id.
pub fn rows(files: &[ScenarioFile], columns: &[Column]) -> Vec<Row> {
    rows_of(&Listed::all(files), columns)
}

/// [`rows`] of the scenarios listed.
pub fn rows_of(listed: &[Listed], columns: &[Column]) -> Vec<Row> {
    let maps: Vec<_> = columns.iter().map(outcomes).collect();
    let mut by_clause: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for s in listed {
        for c in &s.clauses {
            let ids = by_clause.entry((s.variant.clone(), c.clone())).or_default();
            if !ids.contains(&s.id) {
                ids.push(s.id.clone());
            }
        }
    }
    by_clause
        .into_iter()
        .map(|((variant, clause), scenarios)| {
            let cells = columns.iter().zip(&maps).map(|(col, map)| cell(col, map, &scenarios)).collect();
            Row { variant, clause, scenarios, cells }
        })
        .collect()
}

fn cell(column: &Column, map: &HashMap<&str, Outcome>, scenarios: &[String]) -> Cell {
    let mut c = Cell {
        status: CellStatus::Skip,
        passed: 0,
        failed: Vec::new(),
        expected: Vec::new(),
        skipped: 0,
        errors: Vec::new(),
    };
    for id in scenarios {
        match map.get(id.as_str()) {
            Some(Outcome::Pass | Outcome::UnexpectedPass) => c.passed += 1,
            Some(Outcome::Fail) => c.failed.push(id.clone()),
            Some(Outcome::ExpectedFail) => {
                c.failed.push(id.clone());
                c.expected.push(id.clone());
            }
            Some(Outcome::Skip) => c.skipped += 1,
            Some(Outcome::Error) => c.errors.push(id.clone()),
            None if column.failure.is_some() => c.errors.push(id.clone()),
            None => {}
        }
    }
    c.status = if !c.errors.is_empty() {
        CellStatus::Error
    } else if !c.failed.is_empty() {
        CellStatus::Fail
    } else if c.passed > 0 {
        CellStatus::Pass
    } else {
        CellStatus::Skip
    };
    c
}
