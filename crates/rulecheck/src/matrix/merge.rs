//! The parts of a split matrix put back together (`matrix merge`): every
//! cell must be in exactly one part, and every part of one run of one
//! split (the same inputs hash and count). What is missing, doubled or
//! foreign is named, part by file and cell by engine and scenario, and
//! nothing is merged: a matrix with a hole would read as a verdict on
//! cells no one ran.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::matrix::part::{Frame, Part, PartCell};
use crate::matrix::split;
use crate::matrix::{not_asked, Column, Scored};
use crate::report::Stopped;

/// Most cells named in each list of missing or doubled cells.
const MAX_NAMED: usize = 20;

/// The whole matrix, from its parts.
#[derive(Clone, Debug)]
pub struct Merged {
    pub frame: Frame,
    /// One per engine, in the engines file's order.
    pub columns: Vec<Column>,
    /// Set when a part's worker was stopped before its cells were all run.
    pub stopped: Option<Stopped>,
}

/// Merge parts, each named by the file it was read from. The error lists
/// every problem found, one a line.
pub fn merge(parts: &[(String, Part)]) -> Result<Merged, Vec<String>> {
    let Some((first_name, first)) = parts.first() else {
        return Err(vec!["no part to merge".to_string()]);
    };
    let mut problems = Vec::new();
    let mut taken: Vec<(&str, &Part)> = Vec::new();
    for (name, p) in parts {
        if p.inputs != first.inputs {
            problems.push(format!(
                "{name}: a part of another matrix: its inputs hash is {}, {first_name}'s {} \
                 (another engines file, spec, option, expected-failures list or rulecheck)",
                p.inputs, first.inputs
            ));
        } else if p.count != first.count {
            problems.push(format!(
                "{name}: part {} of {}, but {first_name} is a part of {}: the parts of one split share their --count",
                p.index, p.count, first.count
            ));
        } else if p.frame != first.frame {
            problems.push(format!("{name}: the inputs hash of {first_name}, but another matrix"));
        } else if p.index >= p.count {
            problems.push(format!("{name}: index {} is out of range for a count of {}", p.index, p.count));
        } else {
            taken.push((name, p));
        }
    }
    taken.sort_by_key(|(_, p)| p.index);
    let count = first.count;
    let mut by_index: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (name, p) in &taken {
        by_index.entry(p.index).or_default().push(name);
    }
    let frame = &first.frame;
    let (engines, scenarios) = (frame.engines.len(), frame.scenarios.len());
    // The parts missing or given twice, each named with the cells it
    // holds; those cells are then not named one by one. A count read
    // from a file may be huge: the walk stops once MAX_NAMED are named,
    // so it passes at most one index a file given besides.
    let whole = |i: usize| by_index.get(&i).is_none_or(|names| names.len() != 1);
    let missing = count - by_index.len();
    let mut named = 0;
    for i in 0..count {
        if named >= MAX_NAMED {
            break;
        }
        match by_index.get(&i).map(Vec::as_slice) {
            None | Some([]) => problems.push(format!(
                "part {i} of {count} is missing: no file given holds it ({})",
                held(frame, split::share(engines, scenarios, i, count))
            )),
            Some([_]) => continue,
            Some(names) => problems.push(format!("part {i} of {count} is given more than once: {}", names.join(", "))),
        }
        named += 1;
    }
    let doubled_parts = by_index.values().filter(|names| names.len() > 1).count();
    if missing + doubled_parts > named {
        problems.push(format!("and {} more parts missing or given more than once", missing + doubled_parts - named));
    }
    // Where each cell is: (engine, scenario) to the parts holding it.
    let mut cells: BTreeMap<(&str, &str), Vec<(&str, &PartCell)>> = BTreeMap::new();
    for (name, p) in &taken {
        for pe in &p.engines {
            if !frame.engines.iter().any(|e| e.name == pe.name) {
                problems.push(format!("{name}: engine '{}' is not an engine of this matrix", pe.name));
                continue;
            }
            for c in &pe.cells {
                if !frame.scenarios.iter().any(|s| s.id == c.scenario) {
                    problems.push(format!(
                        "{name}: engine '{}', scenario '{}' is not a cell of this matrix",
                        pe.name, c.scenario
                    ));
                    continue;
                }
                cells.entry((&pe.name, &c.scenario)).or_default().push((name, c));
            }
        }
    }
    let (mut missing, mut doubled) = (Vec::new(), Vec::new());
    for (ei, e) in frame.engines.iter().enumerate() {
        for (si, s) in frame.scenarios.iter().enumerate() {
            if whole(split::holder(ei * scenarios + si, engines * scenarios, count)) {
                continue;
            }
            match cells.get(&(e.name.as_str(), s.id.as_str())).map(Vec::as_slice) {
                None | Some([]) => missing.push(format!("engine '{}', scenario '{}'", e.name, s.id)),
                Some([_]) => {}
                Some(many) => {
                    let names: Vec<&str> = many.iter().map(|(n, _)| *n).collect();
                    doubled.push(format!("engine '{}', scenario '{}' is in {}", e.name, s.id, names.join(", ")));
                }
            }
        }
    }
    name_cells(&mut problems, "missing: no part holds it", missing);
    name_cells(&mut problems, "doubled", doubled);
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(assemble(frame, &taken, &cells))
}

/// What a share holds, in words: "engine 'a', scenarios 3 to 7 of 9".
fn held(frame: &Frame, share: Vec<(usize, std::ops::Range<usize>)>) -> String {
    if share.is_empty() {
        return "it holds no cell".to_string();
    }
    let n = frame.scenarios.len();
    let each: Vec<String> = share
        .into_iter()
        .map(|(e, r)| {
            let name = frame.engines.get(e).map_or("?", |e| e.name.as_str());
            format!("engine '{name}', scenarios {} to {} of {n}", r.start + 1, r.end)
        })
        .collect();
    format!("its cells: {}", each.join("; "))
}

/// Each cell of a list named, up to [`MAX_NAMED`], then how many more.
fn name_cells(problems: &mut Vec<String>, what: &str, cells: Vec<String>) {
    let n = cells.len();
    for c in cells.into_iter().take(MAX_NAMED) {
        problems.push(format!("cell {what}: {c}"));
    }
    if n > MAX_NAMED {
        problems.push(format!("and {} more cells {}", n - MAX_NAMED, what.split(':').next().unwrap_or(what)));
    }
}

/// The columns of the whole matrix, once every cell is in one part.
fn assemble(frame: &Frame, parts: &[(&str, &Part)], cells: &BTreeMap<(&str, &str), Vec<(&str, &PartCell)>>) -> Merged {
    let columns: Vec<Column> = frame
        .engines
        .iter()
        .map(|e| {
            // The engine in each part that reaches it, lowest index first.
            let mine: Vec<_> =
                parts.iter().flat_map(|(_, p)| p.engines.iter().filter(|pe| pe.name == e.name)).collect();
            Column {
                name: e.name.clone(),
                about: mine.iter().find_map(|pe| pe.about.clone()),
                failure: mine.iter().find_map(|pe| pe.failure.clone()),
                scenarios: frame
                    .scenarios
                    .iter()
                    .filter_map(|s| {
                        let (_, c) = cells.get(&(e.name.as_str(), s.id.as_str()))?.first()?;
                        c.outcome.map(|outcome| Scored { id: s.id.clone(), outcome, reason: c.reason.clone() })
                    })
                    .collect(),
                expected_file: e.expected_failures.as_ref().map(PathBuf::from),
                readings: mine
                    .iter()
                    .find_map(|pe| pe.readings.clone())
                    .unwrap_or_else(|| not_asked(&frame.disputed, "no part holds this engine's readings")),
            }
        })
        .collect();
    let stopped = parts.iter().find_map(|(_, p)| p.incomplete.clone()).map(|signal| Stopped {
        signal,
        done: columns.iter().map(|c| c.scenarios.len()).sum(),
        selected: frame.scenarios.len() * frame.engines.len(),
    });
    Merged { frame: frame.clone(), columns, stopped }
}
