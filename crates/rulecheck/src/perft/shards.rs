//! The parts of a perft counted on several machines (`perft --shard K/N`)
//! and added up again (`perft --add`): a part's record, the taking of one
//! part, and the checks that the parts added are the whole of one perft.
//!
//! Apart from the threaded walk because a part leaves the process: it is
//! written out, read back and added up elsewhere; it cuts the tree the way
//! the threaded walk does and counts its own units on threads the same way.

use serde::{Deserialize, Serialize};

use super::{count_units, cut_for, Share, Unit, UNITS_A_SHARD};
use crate::game::Game;
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::Stats;

/// One part of a sharded perft, as `perft --shard K/N --json` writes it and
/// `perft --add` reads it back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub variant: String,
    /// The house rules it was counted under, every rule given: parts
    /// counted under other rules are parts of another tree. A part written
    /// before parts carried them has none, and is added only to its like.
    #[serde(default)]
    pub options: crate::game::Options,
    pub position: String,
    pub depth: u32,
    pub paths: bool,
    /// This part, from 1.
    pub shard: usize,
    /// The number of parts.
    pub of: usize,
    /// How many units the tree was cut into, and how many are this part's.
    pub units: usize,
    pub counted: usize,
    /// Written as a JSON number of all its digits (`u128`); a part written
    /// when counts were `u64` reads the same.
    pub nodes: u128,
}

/// The K-th of N parts of a perft (K from 1), counted on `jobs` threads
/// with a transposition table of `hash` bytes in all if given, as
/// [`parallel_with`](super::parallel_with) shares them out; the table's
/// figures come back with the part.
// The perft's settings and the part's (K of N, jobs, table) as the command
// line gives them; a struct for them would be built only to be taken apart
// here.
#[allow(clippy::too_many_arguments)]
pub fn shard_with(
    game: &dyn Game,
    variant: &str,
    position: &str,
    depth: u32,
    paths: bool,
    k: usize,
    n: usize,
    jobs: usize,
    hash: Option<usize>,
) -> Result<(Shard, Option<Stats>), NotationError> {
    if n == 0 || k == 0 || k > n {
        return Err(NotationError::whole(format!("shard {k}/{n}: K must be from 1 to N")));
    }
    let units = match depth {
        0 => Vec::new(),
        // A line the game cannot replay: one unit, the whole tree, the
        // first part's.
        _ => cut_for(game, position, depth, paths, n, UNITS_A_SHARD)
            .unwrap_or_else(|_| vec![Unit { line: Vec::new(), position: position.to_string() }]),
    };
    let mine: Vec<Unit> = units.iter().enumerate().filter(|(i, _)| i % n == k - 1).map(|(_, u)| u.clone()).collect();
    let (nodes, stats) = if depth == 0 {
        (u128::from(k == 1), None)
    } else {
        count_units(game, &mine, depth, paths, Share { jobs, hash }, &|_| {})?
    };
    let part = Shard {
        variant: variant.to_string(),
        options: crate::game::Options::new(),
        position: position.to_string(),
        depth,
        paths,
        shard: k,
        of: n,
        units: units.len(),
        counted: mine.len(),
        nodes,
    };
    Ok((part, stats))
}

/// The whole count from every part: the parts must be of one perft, each
/// of 1..=N present once.
pub fn add(parts: &[Shard]) -> Result<u128, String> {
    let first = parts.first().ok_or("no shards to add")?;
    let mut seen = vec![false; first.of];
    for p in parts {
        let same = p.variant == first.variant
            && p.position == first.position
            && p.depth == first.depth
            && p.paths == first.paths
            && p.of == first.of
            && p.units == first.units;
        if !same {
            return Err(format!(
                "shard {}/{} is of another perft ({} {} depth {}) than shard {}/{} ({} {} depth {})",
                p.shard,
                p.of,
                p.variant,
                p.position,
                p.depth,
                first.shard,
                first.of,
                first.variant,
                first.position,
                first.depth
            ));
        }
        if p.options != first.options {
            let rules = |o: &crate::game::Options| {
                if o.is_empty() {
                    "house rules not recorded".to_string()
                } else {
                    let words: Vec<String> = o.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    format!("house rules {}", words.join(" "))
                }
            };
            return Err(format!(
                "shard {}/{} was counted under {}, but shard {}/{} under {}: they are parts of different trees",
                p.shard,
                p.of,
                rules(&p.options),
                first.shard,
                first.of,
                rules(&first.options)
            ));
        }
        match seen.get_mut(p.shard.wrapping_sub(1)) {
            Some(s) if !*s => *s = true,
            Some(_) => return Err(format!("shard {}/{} is given twice", p.shard, p.of)),
            None => return Err(format!("shard {}/{} is out of range", p.shard, p.of)),
        }
    }
    let missing: Vec<String> =
        seen.iter().enumerate().filter(|(_, s)| !**s).map(|(i, _)| format!("{}/{}", i + 1, first.of)).collect();
    if !missing.is_empty() {
        return Err(format!("shards missing: {}", missing.join(", ")));
    }
    parts.iter().try_fold(0u128, |sum, p| {
        sum.checked_add(p.nodes).ok_or_else(|| format!("the parts' sum passes 2^128 at shard {}/{}", p.shard, p.of))
    })
}
