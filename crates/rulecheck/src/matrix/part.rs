//! A share of a split matrix, as its worker writes it (`matrix --index I
//! --count N --part FILE`): which run it is a part of (the hash of the
//! inputs), its index and count, the outcome of each of its cells, and
//! what the whole matrix needs to be written without the spec (the
//! frame: the command, the engines, the scenarios with their clauses, the
//! rule texts and the disputed rules). `matrix merge` reads the parts
//! back and writes the matrix ([`crate::matrix::merge`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::matrix::readings::{Disputed, Found};
use crate::matrix::split;
use crate::matrix::{run_tasks, Column, Entry, Listed, Task};
use crate::report::Outcome;
use crate::scenario::ScenarioFile;

/// The shape of a part file; bumped when a field changes meaning.
pub const PART_VERSION: u32 = 1;

/// One worker's share of a matrix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// [`PART_VERSION`]: the key that says what the file is.
    pub matrix_part: u32,
    /// The hash of the inputs ([`inputs_hash`]): parts of one matrix share it.
    pub inputs: String,
    pub index: usize,
    pub count: usize,
    /// Set when the worker was stopped before its cells were all run: the
    /// signal, by name.
    #[serde(default)]
    pub incomplete: Option<String>,
    /// What the whole matrix is, the same in every part.
    pub frame: Frame,
    /// The engines its block reaches, in the engines file's order.
    pub engines: Vec<PartEngine>,
}

/// What the whole matrix needs beside the cells' outcomes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Frame {
    /// The command the whole matrix says it was made by.
    pub command: String,
    pub engines: Vec<FrameEngine>,
    /// Every scenario, in spec order: the cells are each engine's.
    pub scenarios: Vec<Listed>,
    /// The rule text of each clause a scenario cites (the HTML shows it).
    pub rules: BTreeMap<String, String>,
    pub disputed: Vec<Disputed>,
}

/// An engine of the engines file, as the matrix names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrameEngine {
    pub name: String,
    /// `None` for the reference.
    pub lineage: Option<String>,
    /// Its expected-failures file, as the whole matrix writes it.
    pub expected_failures: Option<String>,
}

/// One engine's cells in a part.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartEngine {
    pub name: String,
    pub about: Option<String>,
    /// Why it did not start, if it did not.
    pub failure: Option<String>,
    /// Its readings of the disputed rules, in the part that is its home
    /// ([`split::home`]).
    pub readings: Option<Vec<Found>>,
    pub cells: Vec<PartCell>,
}

/// One cell: a scenario of the part's share, and its outcome if it has
/// one (none when the engine did not start or the worker was stopped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartCell {
    pub scenario: String,
    pub outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Frame {
    /// The frame of a matrix over `files` and `entries`; `rules` the rule
    /// texts of the clauses ([`crate::matrix::render::rules`]).
    pub fn new(
        command: &str,
        entries: &[Entry],
        files: &[ScenarioFile],
        rules: BTreeMap<String, String>,
        disputed: &[Disputed],
    ) -> Frame {
        Frame {
            command: command.to_string(),
            engines: entries
                .iter()
                .map(|e| FrameEngine {
                    name: e.name().to_string(),
                    lineage: e.lineage().map(str::to_string),
                    expected_failures: e.expected_failures().map(|p| p.display().to_string()),
                })
                .collect(),
            scenarios: Listed::all(files),
            rules,
            disputed: disputed.to_vec(),
        }
    }
}

/// The hash of a matrix's inputs, each a label (what it is: `engines`,
/// `scenario spec/english/kings.yaml`, ...) and its bytes: the SHA-256 of
/// a listing of their SHA-256s, one `<hex>  <label>` line each, sorted by
/// label. Two workers given the same inputs agree on it; a changed file,
/// option or rulecheck does not.
pub fn inputs_hash(inputs: &[(String, Vec<u8>)]) -> String {
    let hex = |bytes: &[u8]| -> String { Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect() };
    let mut lines: Vec<String> = inputs.iter().map(|(label, bytes)| format!("{}  {label}\n", hex(bytes))).collect();
    lines.sort();
    format!("sha256:{}", hex(lines.concat().as_bytes()))
}

/// Run share `index` of `count` of the matrix over `files` and `entries`
/// and make its part. `inputs` is the inputs' hash.
pub fn run(
    files: &[ScenarioFile],
    entries: &[Entry],
    jobs: usize,
    frame: Frame,
    inputs: String,
    (index, count): (usize, usize),
) -> Result<(Part, Vec<Column>), String> {
    let scenarios = frame.scenarios.len();
    let mut mine = split::share(entries.len(), scenarios, index, count);
    for e in 0..entries.len() {
        // With no scenario, the home share still asks every engine's readings.
        if split::home(e, scenarios, entries.len(), count) == index && !mine.iter().any(|(m, _)| *m == e) {
            mine.push((e, 0..0));
        }
    }
    mine.sort_by_key(|(e, _)| *e);
    let tasks: Vec<Task> = mine
        .iter()
        .map(|(e, range)| Task {
            engine: *e,
            files: std::borrow::Cow::Owned(subset(files, range.clone())),
            readings: split::home(*e, scenarios, entries.len(), count) == index,
        })
        .collect();
    let columns = run_tasks(files, entries, &tasks, jobs, &frame.disputed)?;
    let engines = mine
        .iter()
        .zip(&tasks)
        .zip(&columns)
        .map(|(((_, range), task), col)| {
            let by_id: BTreeMap<&str, &crate::matrix::Scored> =
                col.scenarios.iter().map(|s| (s.id.as_str(), s)).collect();
            PartEngine {
                name: col.name.clone(),
                about: col.about.clone(),
                failure: col.failure.clone(),
                readings: task.readings.then(|| col.readings.clone()),
                cells: frame.scenarios[range.clone()]
                    .iter()
                    .map(|s| {
                        let got = by_id.get(s.id.as_str());
                        PartCell {
                            scenario: s.id.clone(),
                            outcome: got.map(|g| g.outcome),
                            reason: got.and_then(|g| g.reason.clone()),
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    let incomplete = crate::interrupt::requested().map(|s| s.to_string());
    Ok((Part { matrix_part: PART_VERSION, inputs, index, count, incomplete, frame, engines }, columns))
}

/// The scenarios at positions `range` of the files' spec order, in files
/// of their own (a file left with none is left out).
fn subset(files: &[ScenarioFile], range: std::ops::Range<usize>) -> Vec<ScenarioFile> {
    let mut at = 0;
    let mut out = Vec::new();
    for f in files {
        let n = f.scenarios.len();
        let (lo, hi) = (range.start.clamp(at, at + n) - at, range.end.clamp(at, at + n) - at);
        if lo < hi {
            out.push(ScenarioFile {
                path: f.path.clone(),
                variant: f.variant.clone(),
                page: f.page.clone(),
                scenarios: f.scenarios[lo..hi].to_vec(),
            });
        }
        at += n;
    }
    out
}
