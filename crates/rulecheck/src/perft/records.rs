//! The records of a plan's work (`perft-work` writes one JSON line per unit
//! as it finishes) read back, and the work added up (`perft-add --plan`):
//! every unit present exactly once, each record of this plan and true to
//! it, the total and the root's divide table from the units' counts, and a
//! certificate that the same plan and the same counts give whatever ran
//! them.
//!
//! A record names the plan's hash, so that records of another plan are
//! told apart, and holds each leaf's count, so that the root's divide table
//! and a recount of any unit (`perft-verify`) need nothing else. A line
//! without its newline is the torn last line of a worker killed while
//! writing: it is not a record.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::plan::{hex, Plan, Unit};

/// One leaf of a unit, counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeafCount {
    pub position: String,
    pub multiplicity: u128,
    /// The leaves `depth - frontier` plies below the position.
    pub count: u64,
}

/// One unit counted: what `perft-work` appends as it finishes a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The plan's hash.
    pub plan: String,
    pub unit: usize,
    /// The unit's share of the total: each leaf's count times its
    /// multiplicity, added up.
    pub count: u128,
    pub leaves: Vec<LeafCount>,
    /// The index that counted it, and the milliseconds it took: for the reader;
    /// the certificate leaves them out, so it does not depend on who ran
    /// the unit or how fast.
    #[serde(default)]
    pub index: Option<usize>,
    #[serde(default)]
    pub millis: Option<u64>,
}

impl Record {
    /// The record of `unit` of `plan` from its leaves' counts, in the
    /// unit's order.
    pub fn of(plan: &Plan, unit: &Unit, counts: &[u64]) -> Result<Record, String> {
        let mut total = 0u128;
        let mut leaves = Vec::new();
        for (leaf, &n) in unit.leaves.iter().zip(counts) {
            total = leaf
                .multiplicity
                .checked_mul(u128::from(n))
                .and_then(|x| total.checked_add(x))
                .ok_or("a unit's count passed 2^128 leaves")?;
            leaves.push(LeafCount { position: leaf.position.clone(), multiplicity: leaf.multiplicity, count: n });
        }
        Ok(Record { plan: plan.sha256.clone(), unit: unit.id, count: total, leaves, index: None, millis: None })
    }

    /// The record as the certificate hashes it: plan, unit, count and
    /// leaves, compact JSON and a newline.
    fn canonical(&self) -> Vec<u8> {
        let bare = Record { index: None, millis: None, ..self.clone() };
        let mut v = serde_json::to_vec(&bare).unwrap_or_default();
        v.push(b'\n');
        v
    }

    /// Why this record is not a record of `plan`'s unit, if it is not:
    /// another plan, a unit the plan has not, or other leaves.
    pub fn foreign_to(&self, plan: &Plan) -> Option<String> {
        if self.plan != plan.sha256 {
            return Some(format!("of another plan (sha256 {})", self.plan));
        }
        let Some(unit) = plan.units.get(self.unit) else {
            return Some(format!("the plan has units 0 to {}", plan.units.len().saturating_sub(1)));
        };
        let same = unit.leaves.len() == self.leaves.len()
            && unit
                .leaves
                .iter()
                .zip(&self.leaves)
                .all(|(a, b)| a.position == b.position && a.multiplicity == b.multiplicity);
        (!same).then(|| "its positions are not the plan's for this unit".into())
    }

    /// Why this record of `plan`'s unit is corrupted, if it is: a count
    /// that is not its leaves' counts times their multiplicities.
    pub fn corrupted(&self, plan: &Plan) -> Option<String> {
        let unit = plan.units.get(self.unit)?;
        match Record::of(plan, unit, &self.leaves.iter().map(|l| l.count).collect::<Vec<_>>()) {
            Ok(r) if r.count == self.count => None,
            _ => Some(format!("its count {} is not the sum of its leaves' counts", self.count)),
        }
    }
}

/// Where a record was read: the file and the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    pub file: String,
    pub line: usize,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// A file of records read: the records with their lines, the lines that
/// are not records, and the length of the text up to the end of the last
/// whole line (where a worker appends after cutting a torn line off).
#[derive(Debug, Default)]
pub struct Read {
    pub records: Vec<(At, Record)>,
    pub unreadable: Vec<(At, String)>,
    pub whole: usize,
    /// A last line without its newline: a write cut off.
    pub torn: Option<At>,
}

/// The records in the text of one file.
pub fn read(file: &str, text: &str) -> Read {
    let mut out = Read::default();
    let mut start = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let at = At { file: file.to_string(), line: i + 1 };
        let end = start + line.len();
        if !line.ends_with('\n') {
            out.torn = Some(at);
            break;
        }
        start = end;
        out.whole = end;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => out.records.push((at, r)),
            Err(e) => out.unreadable.push((at, format!("not a record written by `perft-work`: {e}"))),
        }
    }
    out
}

/// The work of a plan added up.
#[derive(Debug, Default)]
pub struct Sum {
    pub total: u128,
    /// The count below each root move, in the plan's (natural) order.
    pub divide: Vec<(String, u128)>,
    /// The certificate, when every unit is there once and true.
    pub certificate: Option<Certificate>,
    /// Units without a record.
    pub missing: Vec<usize>,
    /// Units with more than one record, and where they are.
    pub doubled: Vec<(usize, Vec<At>)>,
    /// Records that are not of this plan's units, and why.
    pub foreign: Vec<(At, String)>,
    /// Records of this plan's units whose count is not their leaves'.
    pub corrupted: Vec<(At, String)>,
    /// Lines that are not records (torn or corrupted).
    pub unreadable: Vec<(At, String)>,
}

impl Sum {
    /// Every unit once, every line a record of this plan.
    pub fn complete(&self) -> bool {
        self.missing.is_empty()
            && self.doubled.is_empty()
            && self.foreign.is_empty()
            && self.corrupted.is_empty()
            && self.unreadable.is_empty()
    }
}

/// What a complete work proves: this plan, these records, this total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    pub variant: String,
    pub position: String,
    pub depth: u32,
    pub paths: bool,
    pub plan: String,
    /// SHA-256 over the units' records in unit order, each its compact JSON
    /// (plan, unit, count, leaves; no index or time) and a newline.
    pub records: String,
    pub units: usize,
    pub total: u128,
}

/// The plan's work from the records read (any number of files).
pub fn add(plan: &Plan, files: Vec<Read>) -> Sum {
    let mut sum = Sum::default();
    let mut by_unit: BTreeMap<usize, Vec<(At, Record)>> = BTreeMap::new();
    for f in files {
        sum.unreadable.extend(f.unreadable);
        if let Some(at) = f.torn {
            sum.unreadable.push((at, "a line cut off (a worker stopped while writing it)".into()));
        }
        for (at, r) in f.records {
            if let Some(why) = r.foreign_to(plan) {
                sum.foreign.push((at, format!("unit {}: {why}", r.unit)));
                continue;
            }
            if let Some(why) = r.corrupted(plan) {
                sum.corrupted.push((at.clone(), format!("unit {}: {why}", r.unit)));
            }
            by_unit.entry(r.unit).or_default().push((at, r));
        }
    }
    let mut rows: Vec<u128> = vec![0; plan.root_moves.len()];
    let mut hasher = Sha256::new();
    let mut overflow = false;
    for unit in &plan.units {
        let Some(records) = by_unit.get(&unit.id) else {
            sum.missing.push(unit.id);
            continue;
        };
        if records.len() > 1 {
            sum.doubled.push((unit.id, records.iter().map(|(at, _)| at.clone()).collect()));
        }
        let Some((_, r)) = records.first() else { continue };
        hasher.update(r.canonical());
        sum.total = sum.total.checked_add(r.count).unwrap_or_else(|| {
            overflow = true;
            u128::MAX
        });
        for (leaf, counted) in unit.leaves.iter().zip(&r.leaves) {
            for (m, w) in &leaf.roots {
                if let Some(i) = plan.root_moves.iter().position(|x| x == m) {
                    let add = w.checked_mul(u128::from(counted.count)).and_then(|x| rows[i].checked_add(x));
                    rows[i] = add.unwrap_or_else(|| {
                        overflow = true;
                        u128::MAX
                    });
                }
            }
        }
    }
    if overflow {
        sum.unreadable.push((At { file: "the sum".into(), line: 0 }, "the total passed 2^128 leaves".into()));
    }
    sum.divide = plan.root_moves.iter().cloned().zip(rows).collect();
    if sum.complete() {
        sum.certificate = Some(Certificate {
            variant: plan.variant.clone(),
            position: plan.position.clone(),
            depth: plan.depth,
            paths: plan.paths,
            plan: plan.sha256.clone(),
            records: hex(&hasher.finalize()),
            units: plan.units.len(),
            total: sum.total,
        });
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two units of 18,446,744,073,709,551,000 leaves each (a position
    /// counted 9,223,372,036,854,775,500 times over two lines) add up to
    /// 36,893,488,147,419,102,000, past 2^64, in the total and the root's
    /// divide row alike.
    #[test]
    fn units_add_up_past_2_to_the_64() {
        use crate::perft::plan::{digest, Leaf};
        let leaf = |p: &str| Leaf { position: p.into(), multiplicity: 2, roots: vec![("9-13".into(), 2)] };
        let mut plan = Plan {
            format: crate::perft::plan::FORMAT,
            sha256: String::new(),
            variant: "english".into(),
            options: Default::default(),
            position: "start".into(),
            depth: 40,
            paths: false,
            frontier: 1,
            root_moves: vec!["9-13".into()],
            lines: 4,
            units: vec![Unit { id: 0, leaves: vec![leaf("a")] }, Unit { id: 1, leaves: vec![leaf("b")] }],
        };
        plan.sha256 = digest(&plan);
        let half = 9_223_372_036_854_775_500u64;
        let records: Vec<(At, Record)> = plan
            .units
            .iter()
            .map(|u| (At { file: "r".into(), line: u.id + 1 }, Record::of(&plan, u, &[half]).expect("a record")))
            .collect();
        assert_eq!(records[0].1.count, 18_446_744_073_709_551_000);
        let sum = add(&plan, vec![Read { records, ..Read::default() }]);
        assert!(sum.complete(), "{sum:?}");
        assert_eq!(sum.total, 36_893_488_147_419_102_000);
        assert_eq!(sum.divide, [("9-13".to_string(), 36_893_488_147_419_102_000)]);
        assert_eq!(sum.certificate.map(|c| c.total), Some(36_893_488_147_419_102_000));
    }

    /// A record's line is read back; a last line without its newline is
    /// torn, and the whole text ends before it.
    #[test]
    fn a_torn_last_line_is_not_a_record() {
        let r = Record {
            plan: "p".into(),
            unit: 3,
            count: 36_893_488_147_419_102_000,
            leaves: vec![LeafCount { position: "B:W1:B2".into(), multiplicity: 2, count: 18_446_744_073_709_551_000 }],
            index: Some(1),
            millis: Some(500),
        };
        let line = serde_json::to_string(&r).expect("json");
        assert!(line.contains("36893488147419102000"), "a JSON number of all its digits: {line}");
        let text = format!("{line}\n{}", &line[..20]);
        let read = read("r.jsonl", &text);
        assert_eq!(read.records.len(), 1);
        assert_eq!(read.records[0].1, r);
        assert_eq!(read.whole, line.len() + 1);
        assert_eq!(read.torn, Some(At { file: "r.jsonl".into(), line: 2 }));
    }
}
