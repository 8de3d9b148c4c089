//! The `perft` expectation: leaf counts from the engine's own position
//! after the play.

use super::replayed::Replayed;
use super::transcript::Checking;
use super::{Difference, Failure};
use crate::engine::{Engine, EngineError, Setup};

/// `perft`: each depth's count. `Some` with the reason to skip the scenario
/// when the engine does not count and nothing else failed.
pub(super) fn counts(r: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking) -> Option<String> {
    let Replayed { scenario, setup, replay, .. } = r;
    let ex = &scenario.expect;
    if ex.perft.is_empty() {
        return None;
    }
    // Counted from the engine's own position after the play, so that an
    // engine that plays a move wrongly is held to the tree below its own
    // answer, never handed the reference's.
    let at = Setup { position: Some(&replay.position), ..*setup };
    let mut shown = Vec::new();
    let mut uncounted = Vec::new();
    let depths: Vec<u32> = ex.perft.iter().map(|&(depth, _)| depth).collect();
    let mut counts = engine.perft_all(&at, &depths).into_iter();
    for &(depth, want) in &ex.perft {
        let count = counts.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into())));
        match count {
            Ok(Some(got)) => {
                shown.push(format!("{depth}={got}"));
                if got != want {
                    c.fail(Failure {
                        expectation: "perft",
                        loc: ex.perft_at.get(&depth).copied().unwrap_or(scenario.loc),
                        difference: Difference::Count { depth, expected: want, actual: got },
                        engine: false,
                    });
                }
            }
            Ok(None) => {
                shown.push(format!("{depth}=unsupported"));
                uncounted.push(depth.to_string());
            }
            Err(e) => {
                let who = c.answerer();
                c.fail(Failure {
                    expectation: "perft",
                    loc: ex.perft_at.get(&depth).copied().unwrap_or(scenario.loc),
                    difference: Difference::Said(format!("{who} failed: {e}")),
                    engine: true,
                })
            }
        }
    }
    c.answered(format!("perft: {}", shown.join(" ")));
    // An engine that does not count cannot pass a scenario that expects
    // counts: it is skipped, saying so, unless something else failed.
    if !uncounted.is_empty() && c.v.failures.is_empty() {
        let why = format!(
            "the engine does not count perft (no perft capability): perft {} not checked, every other expectation holds",
            uncounted.join(", ")
        );
        return Some(why);
    }
    None
}
