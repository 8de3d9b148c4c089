//! A perft planned apart from its counting (`rulecheck perft-plan`), for
//! batch systems: the unique positions a given number of plies below the
//! root (the frontier), each with its multiplicity, grouped into units that
//! workers count by index (`perft-work`), and a content hash that every
//! record of the work names, so that records of another plan are never
//! added in.
//!
//! Unlike the shards of `perft --shard`, which cut the tree into lines of
//! moves, a position reached by several lines is counted once and
//! multiplied: its multiplicity is the number of lines reaching it (of
//! routes under path counting, where a move of several capture paths is
//! several routes). The multiplicity is kept per root move too, so that the
//! root's divide table comes out of the units' counts without another walk.
//!
//! The hash is SHA-256 of the plan's canonical form: its compact JSON, as
//! this module writes it, with the `sha256` field empty. Anyone can check a
//! plan file with a JSON tool and `sha256sum`; a plan changed by hand no
//! longer matches its hash and is refused.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::plus;
use crate::game::{Action, Game, Options};
use rulecheck_game::notation::NotationError;

/// The plan format this build writes and reads.
pub const FORMAT: u32 = 1;

/// One unique position at the frontier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaf {
    pub position: String,
    /// The lines from the root that reach it (routes, under path counting).
    pub multiplicity: u128,
    /// The same lines by the root move they start with, in the root's
    /// order: the multiplicities add up to `multiplicity`.
    pub roots: Vec<(String, u128)>,
}

/// A share of the frontier counted as one piece of work and recorded as
/// one record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// From 0, the unit's place in the plan.
    pub id: usize,
    pub leaves: Vec<Leaf>,
}

/// A plan: the perft it is of, its frontier, its units, and its hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub format: u32,
    /// SHA-256 of the canonical form (module docs), in hex.
    pub sha256: String,
    pub variant: String,
    /// Every house rule, given or defaulted: the tree depends on them.
    pub options: Options,
    pub position: String,
    pub depth: u32,
    pub paths: bool,
    pub frontier: u32,
    /// The root's moves (paths under path counting), in natural order.
    pub root_moves: Vec<String>,
    /// The lines at the frontier: the sum of the leaves' multiplicities.
    pub lines: u128,
    pub units: Vec<Unit>,
}

/// What a plan is asked for.
#[derive(Clone, Debug)]
pub struct Asked {
    pub variant: String,
    pub options: Options,
    pub position: String,
    pub depth: u32,
    pub paths: bool,
    pub frontier: u32,
    pub units: usize,
}

/// A frontier position while the frontier is walked: its text and its
/// lines by root move (indices into the root's moves).
struct Node {
    position: String,
    roots: Vec<(usize, u128)>,
}

/// The plan `asked` for, over `game` (configured under `asked.options`).
pub fn plan(game: &dyn Game, asked: &Asked) -> Result<Plan, NotationError> {
    if asked.frontier > asked.depth {
        return Err(NotationError::whole(format!(
            "--frontier {} is below the depth {}: the frontier is at most the depth",
            asked.frontier, asked.depth
        )));
    }
    if asked.units == 0 {
        return Err(NotationError::whole("--units 0: a plan needs at least one unit"));
    }
    let (nodes, root_moves) = frontier(game, asked)?;
    if nodes.len() < asked.units {
        return Err(NotationError::whole(format!(
            "{} unique positions at --frontier {}: too few for {} units; ask for at most {} units or a deeper frontier",
            nodes.len(),
            asked.frontier,
            asked.units,
            nodes.len()
        )));
    }
    let mut units: Vec<Unit> = (0..asked.units).map(|id| Unit { id, leaves: Vec::new() }).collect();
    let mut lines = 0u128;
    for (i, node) in nodes.into_iter().enumerate() {
        let multiplicity = if asked.frontier == 0 { 1 } else { node.roots.iter().try_fold(0, |s, r| plus(s, r.1))? };
        lines = plus(lines, multiplicity)?;
        let mut roots: Vec<(String, u128)> =
            node.roots.iter().map(|&(r, n)| (root_moves.get(r).cloned().unwrap_or_default(), n)).collect();
        roots.sort_by_key(|(m, _)| root_moves.iter().position(|r| r == m));
        if let Some(u) = units.get_mut(i % asked.units) {
            u.leaves.push(Leaf { position: node.position, multiplicity, roots });
        }
    }
    let mut plan = Plan {
        format: FORMAT,
        sha256: String::new(),
        variant: asked.variant.clone(),
        options: asked.options.clone(),
        position: asked.position.clone(),
        depth: asked.depth,
        paths: asked.paths,
        frontier: asked.frontier,
        root_moves,
        lines,
        units,
    };
    plan.sha256 = digest(&plan);
    Ok(plan)
}

/// The unique positions `asked.frontier` plies below the root, in the order
/// first reached (the game's order of moves), with the root's moves in
/// natural order.
fn frontier(game: &dyn Game, asked: &Asked) -> Result<(Vec<Node>, Vec<String>), NotationError> {
    let mut level = vec![Node { position: asked.position.clone(), roots: Vec::new() }];
    let mut root_moves: Vec<String> = Vec::new();
    for ply in 0..asked.frontier {
        let mut next: Vec<Node> = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        for node in &level {
            let rows = game.divide(&node.position, 1, asked.paths)?;
            if rows.is_empty() && game.perft(&node.position, asked.depth - ply, asked.paths)? != 0 {
                return Err(NotationError::whole(format!(
                    "'{}', {ply} plies below the root, has no move to cut the tree by but a count below it: \
                     plan with --frontier {ply} or less",
                    node.position
                )));
            }
            for (m, n) in rows {
                let child = game.replay(&node.position, &[Action::Move(m.clone())]).map_err(|e| {
                    NotationError::whole(format!(
                        "{m} from '{}' cannot be replayed ({e}), where perft counts on: plan with --frontier {ply} or less",
                        node.position
                    ))
                })?;
                let weights: Vec<(usize, u128)> = if ply == 0 {
                    root_moves.push(m);
                    vec![(root_moves.len() - 1, u128::from(n))]
                } else {
                    let times = |w: u128| {
                        w.checked_mul(u128::from(n))
                            .ok_or_else(|| NotationError::whole("a multiplicity passed 2^128 lines"))
                    };
                    node.roots.iter().map(|&(r, w)| Ok((r, times(w)?))).collect::<Result<_, NotationError>>()?
                };
                let at = *seen.entry(child.position.clone()).or_insert_with(|| {
                    next.push(Node { position: child.position, roots: Vec::new() });
                    next.len() - 1
                });
                let Some(target) = next.get_mut(at) else { continue };
                for (r, w) in weights {
                    match target.roots.iter_mut().find(|(t, _)| *t == r) {
                        Some(slot) => slot.1 = plus(slot.1, w)?,
                        None => target.roots.push((r, w)),
                    }
                }
            }
        }
        level = next;
    }
    // The root's moves in natural order, the nodes' indices following.
    let mut order: Vec<usize> = (0..root_moves.len()).collect();
    order.sort_by_key(|&i| rulecheck_text::natural(&root_moves[i]));
    let mut new_index = vec![0; root_moves.len()];
    for (new, &old) in order.iter().enumerate() {
        new_index[old] = new;
    }
    for node in &mut level {
        for r in &mut node.roots {
            r.0 = new_index[r.0];
        }
    }
    let sorted = order.iter().map(|&i| root_moves[i].clone()).collect();
    Ok((level, sorted))
}

/// SHA-256, in hex, of the plan's canonical form: its compact JSON with the
/// `sha256` field empty.
pub fn digest(plan: &Plan) -> String {
    let blank = Plan { sha256: String::new(), ..plan.clone() };
    hex(&Sha256::digest(serde_json::to_vec(&blank).unwrap_or_default()))
}

/// Bytes in lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Plan {
    /// A plan read back from its file's text, checked: its format, its hash
    /// against its content, its units numbered in order, and each leaf's
    /// multiplicity the sum of its roots'.
    pub fn read(text: &str) -> Result<Plan, String> {
        let plan: Plan = serde_json::from_str(text).map_err(|e| format!("not a plan written by `perft-plan`: {e}"))?;
        if plan.format != FORMAT {
            return Err(format!("a plan of format {}, where this rulecheck reads format {FORMAT}", plan.format));
        }
        let actual = digest(&plan);
        if actual != plan.sha256 {
            return Err(format!(
                "the plan's content does not match its hash (sha256 {} recorded, {actual} computed): it was changed after it was written",
                plan.sha256
            ));
        }
        for (i, u) in plan.units.iter().enumerate() {
            if u.id != i {
                return Err(format!("unit {} stands in place {i}: units are numbered from 0 in order", u.id));
            }
            for leaf in &u.leaves {
                let sum = leaf.roots.iter().try_fold(0u128, |s, r| s.checked_add(r.1));
                if plan.frontier > 0 && sum != Some(leaf.multiplicity) {
                    return Err(format!(
                        "unit {i}: '{}' has multiplicity {} but its root moves' add up to another",
                        leaf.position, leaf.multiplicity
                    ));
                }
            }
        }
        Ok(plan)
    }

    /// The leaves in all units.
    pub fn leaves(&self) -> usize {
        self.units.iter().map(|u| u.leaves.len()).sum()
    }

    /// The plan as written to its file: pretty JSON (the hash is of the
    /// compact form, which any JSON tool gives back).
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(depth: u32, frontier: u32, paths: bool, units: usize) -> Asked {
        let game = crate::registry::configure("english", &Options::new()).expect("english");
        Asked {
            variant: "english".into(),
            options: Options::new(),
            position: game.start_position(),
            depth,
            paths,
            frontier,
            units,
        }
    }

    /// The frontier's multiplicities add up to the lines of the walk, and a
    /// transposition is one leaf: 302 lines three plies down from the
    /// English start reach fewer positions.
    #[test]
    fn multiplicities_count_the_lines_and_transpositions_are_merged() {
        let game = crate::registry::configure("english", &Options::new()).expect("english");
        let p = plan(game.as_ref(), &asked(5, 3, false, 4)).expect("a plan");
        assert_eq!(p.lines, 302);
        assert!(p.leaves() < 302, "{} leaves", p.leaves());
        assert_eq!(p.root_moves.len(), 7);
        assert_eq!(Plan::read(&p.to_text()), Ok(p.clone()));
        let mut changed = p.clone();
        changed.units[0].leaves[0].multiplicity += 1;
        let e = Plan::read(&serde_json::to_string(&changed).expect("json")).expect_err("refused");
        assert!(e.contains("does not match its hash"), "{e}");
        assert!(plan(game.as_ref(), &asked(5, 6, false, 4)).is_err(), "frontier below the depth");
        assert!(plan(game.as_ref(), &asked(5, 1, false, 8)).is_err(), "seven positions for eight units");
    }
}
