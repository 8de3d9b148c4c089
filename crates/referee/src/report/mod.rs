//! The reports of a refereeing run: `human` for a terminal, `json` for
//! tools, `junit` (a test case a game) for CI views; the totals and the
//! exit code every format shares, and where the time went.

mod human;
mod json;
mod junit;

pub use human::human;
pub use json::json;
pub use junit::junit;

use crate::record::{End, Run};

/// The exit code of a run stopped by a signal, as `rulecheck run`'s.
pub const EXIT_STOPPED: i32 = 5;

/// The counts of a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    pub games: usize,
    pub white_wins: usize,
    pub black_wins: usize,
    pub draws: usize,
    pub unfinished: usize,
    pub violations: usize,
    pub engine_errors: usize,
    pub stopped: usize,
    pub moves_checked: usize,
    pub pv_checked: usize,
    /// Seconds in all, waiting for the engines, in rulecheck's own checks,
    /// finding the violations' clauses and writing their files, and the
    /// rest (starting engines, the players' start of each game, the random
    /// mover).
    pub seconds: f64,
    pub engine_seconds: f64,
    pub check_seconds: f64,
    pub violation_seconds: f64,
}

impl Totals {
    pub fn of(run: &Run) -> Totals {
        let mut t = Totals { games: run.games.len(), seconds: run.seconds, ..Totals::default() };
        for g in &run.games {
            match &g.end {
                End::Over(_) => match g.end.word() {
                    "draw" => t.draws += 1,
                    "white-wins" => t.white_wins += 1,
                    _ => t.black_wins += 1,
                },
                End::Unfinished | End::EndedBy { .. } => t.unfinished += 1,
                End::Violation(_) => t.violations += 1,
                End::EngineError { .. } => t.engine_errors += 1,
                End::Stopped(_) => t.stopped += 1,
            }
            t.moves_checked += g.moves_checked;
            t.pv_checked += g.pv_checked;
            t.engine_seconds += g.engine_seconds;
            t.check_seconds += g.check_seconds;
            t.violation_seconds += g.violation_seconds;
        }
        t
    }

    /// The seconds of neither the engines, the checks nor the violations.
    pub fn other_seconds(&self) -> f64 {
        (self.seconds - self.engine_seconds - self.check_seconds - self.violation_seconds).max(0.0)
    }

    /// A part of the run's time, in percent of the whole.
    pub fn share(&self, part: f64) -> f64 {
        if self.seconds > 0.0 {
            (100.0 * part / self.seconds).clamp(0.0, 100.0)
        } else {
            0.0
        }
    }
}

/// As `rulecheck run`'s: 5 when the run was stopped, 3 when an engine
/// failed, 1 when a player broke a rule, else 0.
pub fn exit_code(run: &Run) -> i32 {
    let t = Totals::of(run);
    if run.stopped.is_some() {
        EXIT_STOPPED
    } else if t.engine_errors > 0 {
        3
    } else if t.violations > 0 {
        1
    } else {
        0
    }
}

/// "1 game", "2 games".
fn count(n: usize, noun: &str) -> String {
    rulecheck::report::count(n, noun)
}
