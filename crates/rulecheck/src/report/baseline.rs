//! The baseline report: one sorted `outcome<TAB>id` line per scenario, so
//! that two runs' baselines diff cleanly.

use super::{outcome, scenario_id, ExpectedFailures, Stopped};
use crate::runner::{display_path, FileRun};
use crate::scenario::InputError;

/// One line per scenario, `outcome<TAB>id`, sorted: two runs' baselines
/// diff cleanly. A stopped run adds `incomplete<TAB>stopped by ...`.
pub fn baseline(
    runs: &[FileRun],
    errors: &[InputError],
    expected: &ExpectedFailures,
    stopped: Option<&Stopped>,
) -> String {
    let mut lines: Vec<String> = runs
        .iter()
        .flat_map(|r| {
            r.verdicts.iter().map(move |v| format!("{}\t{}", outcome(r, v, expected).word(), scenario_id(r, v)))
        })
        .collect();
    lines.extend(errors.iter().map(|e| format!("input-error\t{}", display_path(&e.file))));
    lines.extend(stopped.map(|s| format!("incomplete\t{}", s.describe())));
    lines.sort();
    lines.dedup();
    lines.into_iter().map(|l| l + "\n").collect()
}
