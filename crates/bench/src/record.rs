//! A benchmark run as recorded (`docs/speed/records/*.json`): every raw
//! sample of every row, the counts, the exact commands, and the machine
//! and its load, so that the book's tables can be rendered from it and a
//! reader can see what each figure stands on.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rows::Measure;

/// One run of `cargo bench --bench versus`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// When the run began, UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub date: String,
    pub rulecheck: Build,
    pub machine: Machine,
    /// Interleaved pairs per row, after one unmeasured run of each side.
    pub pairs: usize,
    pub rows: Vec<Row>,
    /// Rows of the rows file not measured, and why (a native not given).
    #[serde(default)]
    pub skipped: Vec<Skipped>,
    /// Rows whose run went wrong (a count that disagreed, an engine that
    /// failed), and how.
    #[serde(default)]
    pub failed: Vec<Skipped>,
}

/// The rulecheck that was timed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Build {
    /// `git rev-parse HEAD` of the workspace, and whether its tracked files
    /// had changes beside it.
    pub commit: String,
    pub dirty: bool,
    /// `rulecheck --version`.
    pub version: String,
    pub binary: String,
}

/// Where it was timed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Machine {
    /// The model name of /proc/cpuinfo.
    pub cpu: String,
    /// Processors the system lists.
    pub cores: usize,
    /// /proc/loadavg's 1, 5 and 15 minute averages when the run began and ended.
    pub load_before: [f64; 3],
    pub load_after: [f64; 3],
}

/// One row measured.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub id: String,
    pub table: String,
    pub measure: Measure,
    pub a: Side,
    pub b: Side,
    /// The count of spec/perft's tables for this tree, where it has one,
    /// which every perft side of rulecheck agreed with.
    #[serde(default)]
    pub tabled: Option<u64>,
    /// The median over the pairs of `a`'s time over `b`'s, in the measure.
    pub ratio: f64,
}

/// One side of a row.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// `rulecheck`, or the native's name.
    pub program: String,
    /// What the natives file says of the native's build; none for rulecheck.
    #[serde(default)]
    pub about: Option<String>,
    /// The template from the rows file.
    pub template: String,
    /// The argument vector as run.
    pub command: Vec<String>,
    /// The count read from its output, the same in every run.
    #[serde(default)]
    pub count: Option<u64>,
    /// Seconds of CPU (user and system, children included) of each timed run.
    pub cpu: Vec<f64>,
    /// Seconds of wall time of each timed run.
    pub wall: Vec<f64>,
    pub median_cpu: f64,
    pub median_wall: f64,
}

impl Side {
    /// Its median in `measure` (per leaf: the median CPU time over its
    /// count, in nanoseconds).
    pub fn median(&self, measure: Measure) -> f64 {
        match measure {
            Measure::Cpu => self.median_cpu,
            Measure::Wall => self.median_wall,
            Measure::CpuPerLeaf => match self.count {
                Some(n) if n > 0 => self.median_cpu * 1e9 / n as f64,
                _ => f64::NAN,
            },
        }
    }
}

/// A row not measured.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skipped {
    pub id: String,
    pub why: String,
}

impl Row {
    /// Each pair's ratio of `a`'s time over `b`'s, in the row's measure
    /// (per leaf: each time over its side's count), in the order run:
    /// `ratio` is their median.
    pub fn pair_ratios(&self) -> Vec<f64> {
        let pick = |s: &Side| -> Vec<f64> {
            match self.measure {
                Measure::Cpu => s.cpu.clone(),
                Measure::Wall => s.wall.clone(),
                Measure::CpuPerLeaf => s.cpu.iter().map(|t| t / s.count.unwrap_or(1).max(1) as f64).collect(),
            }
        };
        let (a, b) = (pick(&self.a), pick(&self.b));
        a.iter().zip(&b).filter(|&(_, &b)| b > 0.0).map(|(a, b)| a / b).collect()
    }

    /// The middle of the pairs' ratios: the lowest and the highest left
    /// out, a quarter of the pairs at each end (rounded down), so that
    /// one disturbed pair does not widen it; `None` with fewer than four
    /// pairs. A ratio whose middle lies wholly on one side of a line is
    /// on that side in most pairs, not only in the median.
    pub fn middle(&self) -> Option<(f64, f64)> {
        let mut r = self.pair_ratios();
        if r.len() < 4 {
            return None;
        }
        r.sort_by(f64::total_cmp);
        let cut = r.len() / 4;
        Some((r[cut], r[r.len() - 1 - cut]))
    }
}

/// The median of some samples (the mean of the middle two of an even
/// number); 0 for none.
pub fn median(samples: &[f64]) -> f64 {
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => 0.0,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

/// Every record of a directory (`*.json`), with its file, sorted by date
/// and then by file name, oldest first.
pub fn load_all(dir: &Path) -> Result<Vec<(PathBuf, Record)>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let record: Record = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            out.push((path, record));
        }
    }
    out.sort_by(|x, y| (&x.1.date, &x.0).cmp(&(&y.1.date, &y.0)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{median, Row, Side};
    use crate::rows::Measure;

    fn side(count: u64, cpu: &[f64]) -> Side {
        Side {
            program: String::new(),
            about: None,
            template: String::new(),
            command: Vec::new(),
            count: Some(count),
            cpu: cpu.to_vec(),
            wall: cpu.iter().map(|t| t * 2.0).collect(),
            median_cpu: median(cpu),
            median_wall: 2.0 * median(cpu),
        }
    }

    fn row(measure: Measure, a: Side, b: Side) -> Row {
        Row { id: String::new(), table: String::new(), measure, a, b, tabled: None, ratio: 0.0 }
    }

    #[test]
    fn the_middle_of_the_pairs_leaves_a_quarter_out_at_each_end() {
        // Ratios 0.5, 0.6, ..., 1.3 in a shuffled order: 9 pairs, 2 left
        // out at each end.
        let b = [1.0; 9];
        let a = [0.9, 0.5, 1.3, 0.7, 1.1, 0.6, 1.2, 0.8, 1.0];
        let (lo, hi) = row(Measure::Cpu, side(1, &a), side(1, &b)).middle().unwrap();
        assert!((lo - 0.7).abs() < 1e-9 && (hi - 1.1).abs() < 1e-9, "{lo} {hi}");
        // Three pairs are too few to leave any out.
        assert_eq!(row(Measure::Cpu, side(1, &a[..3]), side(1, &b[..3])).middle(), None);
    }

    /// Every recorded ratio is the median of the pairs' ratios found
    /// again from the record's samples, per leaf included.
    #[test]
    fn the_recorded_ratios_are_the_medians_of_the_pairs() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/speed/records");
        let records = super::load_all(&dir).unwrap();
        assert!(records.iter().any(|(_, r)| r.rows.iter().any(|row| row.measure == Measure::CpuPerLeaf)));
        for (path, record) in &records {
            for row in &record.rows {
                let again = median(&row.pair_ratios());
                assert!((again - row.ratio).abs() < 1e-9, "{}: {} {again} {}", path.display(), row.id, row.ratio);
            }
        }
    }

    #[test]
    fn per_leaf_the_pairs_are_compared_over_each_sides_count() {
        // `a` counts twice the leaves in twice the time: the same per leaf.
        let r = row(Measure::CpuPerLeaf, side(200, &[2.0, 4.0]), side(100, &[1.0, 2.0]));
        assert_eq!(r.pair_ratios(), vec![1.0, 1.0]);
        // Wall time is its own samples.
        let r = row(Measure::Wall, side(1, &[1.0]), side(1, &[4.0]));
        assert_eq!(r.pair_ratios(), vec![0.25]);
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
    }
}
