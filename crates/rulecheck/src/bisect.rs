//! Perft bisection: compare an engine's move tree with the reference's, and
//! descend into the first subtree whose count differs, down to the position
//! where the two part. That position, the path to it and what differs there
//! are what an engine author needs to fix the bug.
//!
//! The engine is never handed a position the reference computed below the
//! root: every move under examination is sent as an action from its parent
//! position (`play` with the parent and `[move]`, as chess's perftree hands
//! an engine "position + moves"), and the engine's own answer is the
//! position counted below. An engine that applies a move wrongly (a man that
//! reaches the crowning row by a capture and is not crowned) is therefore
//! asked to apply it, and the bisection stops at the first position where
//! the engine's position, move list or count leaves the reference's.
//! Agreement is reported only when every count compared agrees, the root's
//! included.

use std::fmt::Write as _;

use crate::engine::{Engine, EngineError, Setup};
use crate::game::{Action, Game, Options};
use rulecheck_text::natural;

/// Where the trees part, or that they agree.
#[derive(Debug)]
pub enum Bisection {
    /// Every count agrees to the depth: the common leaf count.
    Agree { nodes: u64 },
    /// The legal moves differ at `position`, reached by `path`.
    Parted { path: Vec<String>, position: String, reference: Vec<String>, engine: Vec<String> },
    /// The engine, asked to play the last move of `path` from its parent,
    /// reached another position than the reference.
    Applied { path: Vec<String>, reference: String, engine: String },
    /// The move lists and positions agree all the way down, but the engine's
    /// own perft count at `position` does not match its move lists.
    PerftOnly { path: Vec<String>, position: String, reference: u64, engine: u64 },
}

/// The names of a bisection's two sides in its diffs.
const SIDES: (&str, &str) = ("reference", "engine");

impl Bisection {
    /// Whether the engine and the reference agree.
    pub fn agrees(&self) -> bool {
        matches!(self, Bisection::Agree { .. })
    }

    pub fn report(&self) -> String {
        let after = |path: &[String]| if path.is_empty() { "(the root)".to_string() } else { path.join(" ") };
        match self {
            Bisection::Agree { nodes } => {
                format!("the engine and the reference agree: {nodes} {}\n", if *nodes == 1 { "node" } else { "nodes" })
            }
            Bisection::PerftOnly { path, position, reference, engine } => format!(
                "the engine's perft count disagrees with its own move lists at: {}\nposition: {position}\nperft: reference {reference}, engine {engine}\n",
                after(path)
            ),
            Bisection::Applied { path, reference, engine } => {
                let d = crate::oracle::unified(&format!("{reference}\n"), &format!("{engine}\n"), SIDES);
                format!(
                    "the engine and the reference part after: {}\nthe engine plays the last move to another position\nposition: {reference}\n{d}",
                    after(path)
                )
            }
            Bisection::Parted { path, position, reference, engine } => {
                let mut out = String::new();
                let _ = writeln!(out, "the engine and the reference part after: {}", after(path));
                let _ = writeln!(out, "position: {position}");
                let lines = |v: &[String]| v.iter().map(|m| format!("{m}\n")).collect::<String>();
                let d = crate::oracle::unified(&lines(reference), &lines(engine), SIDES);
                let _ = write!(out, "legal moves differ:\n{d}");
                out
            }
        }
    }
}

fn failed(e: impl std::fmt::Display) -> EngineError {
    EngineError::Failed(e.to_string())
}

/// The engine's leaf count below its own position: its own perft if it has
/// one, else counted from its move lists, each move applied by the engine.
fn engine_count(engine: &mut dyn Engine, setup: &Setup<'_>, depth: u32) -> Result<u64, EngineError> {
    if depth == 0 {
        return Ok(1);
    }
    if let Some(n) = engine.perft(setup, depth)? {
        return Ok(n);
    }
    let moves = engine.replay(setup, &[])?.moves;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total = 0;
    for m in moves {
        let after = engine.replay(setup, &[Action::Move(m)])?.position;
        // An engine's counts may be anything: add them without overflow.
        total = engine_count(engine, &Setup { position: Some(&after), ..*setup }, depth - 1)?.saturating_add(total);
    }
    Ok(total)
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort_by_key(|m| natural(m));
    v
}

/// One move of a node: the reference's position after it and its count
/// below, and the same from the engine, which applies the move itself.
struct Child {
    reference: String,
    engine: String,
    want: u64,
    /// The engine's count below its own position, or why there is none.
    got: Result<u64, EngineError>,
}

impl Child {
    /// Whether the engine's answer below the move differs from the
    /// reference's. An engine that cannot count below a position of its own
    /// that the reference does not share has played the move wrongly.
    fn differs(&self, reference: &dyn Game) -> Result<bool, EngineError> {
        match &self.got {
            Ok(n) => Ok(*n != self.want),
            Err(_) if !same_position(reference, &self.reference, &self.engine) => Ok(true),
            Err(e) => Err(e.clone()),
        }
    }

    fn shown(&self) -> String {
        match &self.got {
            Ok(n) => n.to_string(),
            Err(_) => "-".to_string(),
        }
    }
}

fn child(
    reference: &dyn Game,
    engine: &mut dyn Engine,
    setup: &Setup<'_>,
    m: &str,
    depth: u32,
) -> Result<Child, EngineError> {
    let parent = setup.position.unwrap_or_default();
    let action = [Action::Move(m.to_string())];
    let ours = reference.replay(parent, &action).map_err(failed)?.position;
    let want = reference.perft(&ours, depth, false).map_err(|e| failed(e.message))?;
    let theirs = engine.replay(setup, &action)?.position;
    let got = engine_count(engine, &Setup { position: Some(&theirs), ..*setup }, depth);
    Ok(Child { reference: ours, engine: theirs, want, got })
}

/// Whether two texts of a position are the same position to the reference.
fn same_position(reference: &dyn Game, a: &str, b: &str) -> bool {
    match (reference.normalize_position(a), reference.normalize_position(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The tree an engine is held to: a position of a variant under house
/// rules, counted to a depth, by the reference's rules.
pub struct Tree<'a> {
    pub reference: &'a dyn Game,
    pub variant: &'a str,
    pub options: &'a Options,
    pub position: &'a str,
    pub depth: u32,
}

/// Bisect from a position to a depth.
pub fn bisect(tree: &Tree<'_>, engine: &mut dyn Engine) -> Result<Bisection, EngineError> {
    let Tree { reference, variant, options, position, depth } = *tree;
    if depth == 0 {
        return Ok(Bisection::Agree { nodes: 1 });
    }
    let total = reference.perft(position, depth, false).map_err(|e| failed(e.message))?;
    let mut path = Vec::new();
    // The node under examination: the reference's and the engine's text of
    // it, and both counts below it at `d` (at the root, counted only once
    // every move below it agrees, since it is their sum for an engine that
    // counts by its move lists).
    let mut here = position.to_string();
    let mut theirs = position.to_string();
    let mut counts = None;
    let mut d = depth;
    loop {
        let setup = Setup { variant, options, position: Some(&theirs) };
        let ours = reference.replay(&here, &[]).map_err(failed)?;
        let listed = engine.replay(&setup, &[])?;
        // Compare the move lists by identity; a move the reference cannot
        // read is the engine out of protocol, not a disagreement.
        let (want, _) = crate::oracle::listed_keys(reference, &here, &ours.moves).map_err(failed)?;
        let (got, twice) = crate::oracle::listed_keys(reference, &here, &listed.moves).map_err(|e| {
            EngineError::Failed(format!("out of protocol: the engine listed a move that cannot be read: {e}"))
        })?;
        if want.keys().ne(got.keys()) || !twice.is_empty() {
            let engine = if twice.is_empty() { crate::oracle::displays(&got) } else { sorted(listed.moves) };
            return Ok(Bisection::Parted { path, position: here, reference: crate::oracle::displays(&want), engine });
        }
        let mut next = None;
        if d > 1 {
            for m in sorted(ours.moves) {
                let c = child(reference, engine, &setup, &m, d - 1)?;
                if c.differs(reference)? {
                    next = Some((m, c));
                    break;
                }
            }
        }
        match next {
            Some((m, c)) => {
                path.push(m);
                if !same_position(reference, &c.reference, &c.engine) {
                    return Ok(Bisection::Applied { path, reference: c.reference, engine: c.engine });
                }
                let got = c.got?;
                here = c.reference;
                theirs = c.engine;
                counts = Some((c.want, got));
                d -= 1;
            }
            // Every move list and count below agrees here: a differing count
            // here is the engine's perft disagreeing with its own moves.
            None => {
                let (want, got) = match counts {
                    Some(c) => c,
                    None => (total, engine_count(engine, &setup, d)?),
                };
                if want == got && path.is_empty() {
                    return Ok(Bisection::Agree { nodes: total });
                }
                return Ok(Bisection::PerftOnly { path, position: here, reference: want, engine: got });
            }
        }
    }
}

/// A per-move table of both counts at the root, each move applied by the
/// engine itself, and both totals: the table and whether any count differs.
pub fn divide(tree: &Tree<'_>, engine: &mut dyn Engine) -> Result<(String, bool), EngineError> {
    let Tree { reference, variant, options, position, depth } = *tree;
    let mut out = String::new();
    let setup = Setup { variant, options, position: Some(position) };
    let ours = reference.replay(position, &[]).map_err(failed)?;
    let mut differs = false;
    let (mut want_total, mut got_total) = (0, 0);
    for m in sorted(ours.moves) {
        let c = child(reference, engine, &setup, &m, depth.saturating_sub(1))?;
        let bad = c.differs(reference)?;
        let mark = match &c.got {
            Err(_) => format!("   <- differs: the engine plays it to {}", c.engine),
            Ok(_) if bad => "   <- differs".to_string(),
            Ok(_) => String::new(),
        };
        differs |= bad;
        want_total += c.want;
        got_total = c.got.as_ref().copied().unwrap_or(0).saturating_add(got_total);
        let _ = writeln!(out, "{m}: {} {}{mark}", c.want, c.shown());
    }
    if depth == 0 {
        (want_total, got_total) = (1, 1);
    }
    let mark = if want_total == got_total { "" } else { "   <- differs" };
    let _ = writeln!(out, "\ntotal: {want_total} {got_total}{mark}");
    // The engine's own count at the root must be the sum of its moves'.
    let root = engine_count(engine, &setup, depth)?;
    if root != got_total {
        differs = true;
        let _ = writeln!(out, "the engine's own perft at the root: {root}   <- differs from the sum of its moves");
    }
    Ok((out, differs))
}

/// The house rules to count under for an engine that does not play the ones
/// asked: values it declares where the reference counts the same tree under
/// them (the same legal moves at the root and the same count below each, at
/// the depth), as `run` runs a scenario under an engine's own values when
/// the reference gives the same answers. The values, and the rules changed
/// as `name=value` words; `None` when no declared values count the same.
pub fn adapted(
    engine: &mut dyn Engine,
    variant: &str,
    options: &Options,
    position: &str,
    depth: u32,
) -> Option<(Options, String)> {
    let declared = engine.declared(variant)?;
    declared.iter().find_map(|entry| adapted_by(engine, entry, variant, options, position, depth))
}

/// [`adapted`] under one entry of the engine's declaration.
fn adapted_by(
    engine: &mut dyn Engine,
    entry: &crate::engine::Entry,
    variant: &str,
    options: &Options,
    position: &str,
    depth: u32,
) -> Option<(Options, String)> {
    use crate::engine::{declares, offered};
    /// At most this many combinations of declared values are tried.
    const MAX_ADAPTATIONS: usize = 64;
    let unplayed: Vec<(&String, Vec<String>)> = options
        .iter()
        .filter(|(name, value)| !declares(entry, variant, name, value))
        .map(|(name, _)| (name, offered(entry, variant, name)))
        .collect();
    if unplayed.is_empty() || unplayed.iter().any(|(_, values)| values.is_empty()) {
        return None;
    }
    let asked = crate::registry::configure(variant, options).ok()?;
    let want = asked.divide(position, depth, false).ok()?;
    let combinations = unplayed.iter().try_fold(1usize, |n, (_, values)| n.checked_mul(values.len()))?;
    for i in 0..combinations.min(MAX_ADAPTATIONS) {
        let mut alt = options.clone();
        let mut changed = Vec::new();
        let mut rest = i;
        for (name, values) in &unplayed {
            let value = &values[rest % values.len()];
            rest /= values.len();
            alt.insert((*name).clone(), value.clone());
            changed.push(format!("{name}={value}"));
        }
        if engine.supports(variant, &alt).is_err() {
            continue;
        }
        let Ok(game) = crate::registry::configure(variant, &alt) else { continue };
        if game.normalize_position(position).ok() == asked.normalize_position(position).ok()
            && game.divide(position, depth, false).ok().as_ref() == Some(&want)
        {
            return Some((alt, changed.join(" ")));
        }
    }
    None
}
