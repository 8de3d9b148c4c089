//! Perft bisection: compare an engine's move tree with the reference's, and
//! descend into the first subtree whose count differs, down to the position
//! where the two legal move lists part. That position, the path to it and
//! the diff of the move lists are what an engine author needs to fix the bug.

use std::fmt::Write as _;

use crate::engine::{Engine, EngineError, Setup};
use crate::game::{Action, Game, Options};
use crate::oracle::natural;

/// Where the trees part, or that they agree.
#[derive(Debug)]
pub enum Bisection {
    /// The trees agree to the depth: their common leaf count.
    Agree { nodes: u64 },
    /// The legal moves differ at `position`, reached by `path`.
    Parted { path: Vec<String>, position: String, reference: Vec<String>, engine: Vec<String> },
    /// The move lists agree all the way down, but the engine's own perft
    /// count at `position` does not match its move list.
    PerftOnly { path: Vec<String>, position: String },
}

impl Bisection {
    pub fn report(&self) -> String {
        match self {
            Bisection::Agree { nodes } => format!("the engine and the reference agree: {nodes} nodes\n"),
            Bisection::PerftOnly { path, position } => format!(
                "the engine's perft count disagrees with its own move lists after: {}\nposition: {position}\n",
                path.join(" ")
            ),
            Bisection::Parted { path, position, reference, engine } => {
                let mut out = String::new();
                let _ = writeln!(
                    out,
                    "the engine and the reference part after: {}",
                    if path.is_empty() { "(the root)".to_string() } else { path.join(" ") }
                );
                let _ = writeln!(out, "position: {position}");
                let lines = |v: &[String]| v.iter().map(|m| format!("{m}\n")).collect::<String>();
                let d = similar::TextDiff::from_lines(lines(reference), lines(engine))
                    .unified_diff()
                    .context_radius(3)
                    .header("reference", "engine")
                    .to_string();
                let _ = write!(out, "legal moves differ:\n{d}");
                out
            }
        }
    }
}

/// The engine's leaf count below a position: its own perft if it has one,
/// else counted from its move lists.
fn engine_count(engine: &mut dyn Engine, setup: &Setup<'_>, depth: u32) -> Result<u64, EngineError> {
    if let Some(n) = engine.perft(setup, depth)? {
        return Ok(n);
    }
    if depth == 0 {
        return Ok(1);
    }
    let moves = engine.replay(setup, &[])?.moves;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total = 0;
    for m in moves {
        let after = engine.replay(setup, &[Action::Move(m)])?.position;
        total += engine_count(engine, &Setup { position: Some(&after), ..*setup }, depth - 1)?;
    }
    Ok(total)
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort_by_key(|m| natural(m));
    v
}

/// Below one move of the reference's: the position after it, and the leaf
/// counts of the reference and of the engine there.
fn counts_after(
    reference: &dyn Game,
    engine: &mut dyn Engine,
    setup: &Setup<'_>,
    position: &str,
    m: &str,
    depth: u32,
) -> Result<(String, u64, u64), EngineError> {
    let after = reference
        .replay(position, &[Action::Move(m.to_string())])
        .map_err(|e| EngineError::Failed(e.to_string()))?
        .position;
    let want = reference.perft(&after, depth, false).map_err(|e| EngineError::Failed(e.message))?;
    let got = engine_count(engine, &Setup { position: Some(&after), ..*setup }, depth)?;
    Ok((after, want, got))
}

/// Bisect from a position to a depth.
pub fn bisect(
    reference: &dyn Game,
    engine: &mut dyn Engine,
    variant: &str,
    options: &Options,
    position: &str,
    depth: u32,
) -> Result<Bisection, EngineError> {
    let mut path = Vec::new();
    let mut here = position.to_string();
    let mut d = depth;
    loop {
        let setup = Setup { variant, options, position: Some(&here) };
        let ours = reference.replay(&here, &[]).map_err(|e| EngineError::Failed(e.to_string()))?;
        let theirs = engine.replay(&setup, &[])?;
        // Compare the move lists by identity.
        let key = |m: &str| reference.move_key(&here, m).map(|k| k.key).unwrap_or_else(|_| format!("?{m}"));
        let mut a: Vec<String> = ours.moves.iter().map(|m| key(m)).collect();
        let mut b: Vec<String> = theirs.moves.iter().map(|m| key(m)).collect();
        a.sort();
        b.sort();
        if a != b {
            return Ok(Bisection::Parted {
                path,
                position: here,
                reference: sorted(ours.moves),
                engine: sorted(theirs.moves),
            });
        }
        if d <= 1 {
            if path.is_empty() {
                return Ok(Bisection::Agree { nodes: ours.moves.len() as u64 });
            }
            return Ok(Bisection::PerftOnly { path, position: here });
        }
        let mut next = None;
        for m in sorted(ours.moves) {
            let (after, want, got) = counts_after(reference, engine, &setup, &here, &m, d - 1)?;
            if want != got {
                next = Some((m, after));
                break;
            }
        }
        match next {
            Some((m, after)) => {
                path.push(m);
                here = after;
                d -= 1;
            }
            None => {
                let nodes = reference.perft(position, depth, false).map_err(|e| EngineError::Failed(e.message))?;
                return Ok(Bisection::Agree { nodes });
            }
        }
    }
}

/// A per-move table of both counts at the root, for `--divide`.
pub fn divide(
    reference: &dyn Game,
    engine: &mut dyn Engine,
    variant: &str,
    options: &Options,
    position: &str,
    depth: u32,
) -> Result<String, EngineError> {
    let mut out = String::new();
    let ours = reference.replay(position, &[]).map_err(|e| EngineError::Failed(e.to_string()))?;
    for m in sorted(ours.moves) {
        let setup = Setup { variant, options, position: Some(position) };
        let (_, want, got) = counts_after(reference, engine, &setup, position, &m, depth.saturating_sub(1))?;
        let mark = if want == got { "" } else { "   <- differs" };
        let _ = writeln!(out, "{m}: {want} {got}{mark}");
    }
    Ok(out)
}
