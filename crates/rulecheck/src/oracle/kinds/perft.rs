//! `perft`: leaf counts by depth, from the engine's own position after the
//! play. A scenario's counts are counted on the reference within a budget
//! when it loads, so that no scenario can ask for hours of counting; they
//! are asked ahead of a pipelined engine from the reference's position,
//! and an engine that does not count skips the scenario, saying so, unless
//! something else failed.

use std::collections::BTreeMap;

use super::{About, Kind, Planning};
use crate::engine::{Engine, EngineError, Setup};
use crate::game;
use crate::oracle::replayed::Replayed;
use crate::oracle::transcript::Checking;
use crate::oracle::{Difference, Failure};
use crate::scenario::loader::{Reading, MAX_SCENARIO_PERFT_DEPTH, MAX_SCENARIO_PERFT_NODES};
use crate::scenario::Loc;
use rulecheck_text::shown;
use serde_saphyr::Spanned;

/// The counts expected, by depth, shallowest first.
#[derive(Clone, Debug)]
pub struct Perft {
    /// Depth and leaf count.
    pub counts: Vec<(u32, u64)>,
    /// Where each depth is written, so that a wrong count is reported at
    /// its own line.
    pub at: BTreeMap<u32, Loc>,
}

/// The depth a key names, or the error to report at it.
fn depth_of(key: &str) -> Result<u32, String> {
    let digits = !key.trim().is_empty() && key.trim().bytes().all(|b| b.is_ascii_digit());
    match key.trim().parse::<u32>() {
        Ok(d) if (1..=MAX_SCENARIO_PERFT_DEPTH).contains(&d) => Ok(d),
        _ if digits => Err(format!(
            "perft depth {} is outside 1..={MAX_SCENARIO_PERFT_DEPTH}; deeper counts belong in benchmarks",
            shown(key.trim())
        )),
        _ => Err(format!(
            "perft depth '{}' is not a whole number: write depths 1 to {MAX_SCENARIO_PERFT_DEPTH}, as in perft: {{1: 7, 2: 49}}",
            shown(key)
        )),
    }
}

impl Kind<BTreeMap<String, Spanned<String>>> for Perft {
    const ABOUT: About = About::map("perft", "Depth: leaf count.");

    /// Depths to counts, though read as text, so that a number out of
    /// range gets a message of its own.
    fn schema() -> schemars::Schema {
        schemars::json_schema!({
            "description": Self::ABOUT.text,
            "type": "object",
            "additionalProperties": false,
            "default": {},
            "patternProperties": {
                "^\\d+$": { "type": "integer", "format": "uint64", "minimum": 0 }
            }
        })
    }

    fn read(doc: &BTreeMap<String, Spanned<String>>, r: &mut Reading<'_, '_>) -> Option<Perft> {
        let mut out = Perft { counts: Vec::new(), at: BTreeMap::new() };
        for (key, count) in doc {
            let at_key = r.key_place(&count.referenced, key);
            let depth = match depth_of(key) {
                Ok(d) => d,
                Err(e) => {
                    r.err(at_key, e);
                    continue;
                }
            };
            let Ok(leaves) = count.value.trim().parse::<u64>() else {
                let at = r.loc(&count.referenced);
                r.err(
                    at,
                    format!(
                        "perft count '{}' at depth {depth} is not a whole number of leaves (0 to {})",
                        shown(&count.value),
                        u64::MAX
                    ),
                );
                continue;
            };
            if out.counts.iter().any(|&(d, _)| d == depth) {
                r.err(at_key, format!("perft depth {depth} is given twice"));
                continue;
            }
            out.counts.push((depth, leaves));
            out.at.insert(depth, at_key);
        }
        out.counts.sort_unstable();
        // Count the reference's tree within the budget, so that no scenario
        // can ask for hours of counting; the counts themselves are checked
        // by `run`.
        let deepest = out.counts.iter().map(|p| p.0).max()?;
        match game::perft_within(r.game(), r.position(), deepest, false, MAX_SCENARIO_PERFT_NODES) {
            Ok(Ok(_)) => {}
            Ok(Err(over)) => {
                for (key, count) in doc {
                    let Ok(depth) = key.trim().parse::<u32>() else { continue };
                    if depth < over.depth || depth > deepest {
                        continue;
                    }
                    let at = r.key_place(&count.referenced, key);
                    r.err(
                        at,
                        format!(
                            "perft depth {depth} is too deep here: the tree has {} leaves at depth {}, more than the \
                             {MAX_SCENARIO_PERFT_NODES} a scenario may count; deeper counts belong in benchmarks",
                            over.nodes, over.depth
                        ),
                    );
                }
                out.counts.retain(|p| p.0 < over.depth);
            }
            Err(e) => {
                let at = doc.iter().next().map(|(k, c)| r.key_place(&c.referenced, k));
                r.err(at.unwrap_or(Loc { line: 1, col: 1 }), format!("perft: {}", e.message));
            }
        }
        (!out.counts.is_empty()).then_some(out)
    }

    fn plan(&self, p: &mut Planning<'_>) -> Option<()> {
        p.plan.perft = Some((p.after()?, self.counts.iter().map(|&(depth, _)| depth).collect()));
        Some(())
    }

    fn check(&self, on: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking) {
        let Replayed { scenario, setup, replay, .. } = on;
        // Counted from the engine's own position after the play, so that an
        // engine that plays a move wrongly is held to the tree below its own
        // answer, never handed the reference's.
        let at = Setup { position: Some(&replay.position), ..*setup };
        let mut shown = Vec::new();
        let mut uncounted = Vec::new();
        let depths: Vec<u32> = self.counts.iter().map(|&(depth, _)| depth).collect();
        let mut counts = engine.perft_all(&at, &depths).into_iter();
        for &(depth, want) in &self.counts {
            let loc = self.at.get(&depth).copied().unwrap_or(scenario.loc);
            let count = counts.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into())));
            match count {
                Ok(Some(got)) => {
                    shown.push(format!("{depth}={got}"));
                    if got != want {
                        let difference = Difference::Count { depth, expected: want, actual: got };
                        c.wrong(Self::ABOUT.key, loc, difference);
                    }
                }
                Ok(None) => {
                    shown.push(format!("{depth}=unsupported"));
                    uncounted.push(depth.to_string());
                }
                Err(e) => {
                    let difference = Difference::Said(format!("{} failed: {e}", c.answerer()));
                    c.fail(Failure { expectation: Self::ABOUT.key, loc, difference, engine: true });
                }
            }
        }
        c.answered(format!("perft: {}", shown.join(" ")));
        // An engine that does not count cannot pass a scenario that expects
        // counts: it is skipped, saying so, unless something else failed.
        if !uncounted.is_empty() && c.v.failures.is_empty() {
            c.skip(format!(
                "the engine does not count perft (no perft capability): perft {} not checked, every other expectation holds",
                uncounted.join(", ")
            ));
        }
    }
}
