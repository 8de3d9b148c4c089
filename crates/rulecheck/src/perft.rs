//! Perft over any game, split into parts: across threads (`perft -j N`) and
//! across machines (`perft --shard K/N`, the parts then added up with
//! `rulecheck perft-add`), with counts identical to the plain walk.
//!
//! The tree is cut a few plies below the root into units, each a line of
//! moves and the position it reaches; a unit's count is the game's own perft
//! below that position. Under path counting every capture path is a unit of
//! its own, so the multiplicity of a move with several paths is kept. The
//! cut depends only on the position, the depth and the number of parts, so
//! every shard of a CI matrix cuts the same units and takes its own share of
//! them, round robin in a fixed order.
//!
//! [`count`] takes one count the way `rulecheck perft` asks for it: on
//! threads or not, with a table or not, divided below the root or not.
//! The parts counted on several machines, and their adding up, are in
//! `shards`; a plan of unique frontier positions for a batch system, its
//! workers' records and their adding up and spot-checking are in `plan`,
//! `records`, `work` and `index`.
//!
//! Counts: a walk counts one subtree in a `u64` (the hot loop stays one
//! word; a walk refuses a count that reached the top of the word). Every sum
//! over several counts (the root's moves, the units, the parts, a position
//! times its multiplicity) is a `u128` taken with `checked_add`, so no total
//! wraps: 2^128 leaves is past any tree a machine can walk.

pub mod budget;
pub mod plan;
pub mod records;
mod shards;
pub mod tables;
pub mod verify;
pub mod work;
pub use rulecheck_game::table;

pub use self::shards::{add, shard_with, Shard};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::game::{Action, Counter, Game};
use rulecheck_game::notation::NotationError;
use rulecheck_game::table::Stats;

/// A line of moves from the root and the position it reaches.
#[derive(Clone, Debug)]
struct Unit {
    line: Vec<String>,
    position: String,
}

fn failed(e: impl std::fmt::Display) -> NotationError {
    NotationError::whole(e.to_string())
}

/// A sum of counts, refused rather than wrapped past 2^128.
pub(crate) fn plus(a: u128, b: u128) -> Result<u128, NotationError> {
    a.checked_add(b).ok_or_else(|| NotationError::whole("the count passed 2^128 leaves"))
}

/// The units `plies` below the root: every line of that many moves (every
/// path under path counting), in the order the game lists them. A line that
/// ends the game early stays a unit of its own, counting nothing below.
fn cut(game: &dyn Game, position: &str, plies: u32, paths: bool) -> Result<Vec<Unit>, NotationError> {
    let mut units = vec![Unit { line: Vec::new(), position: position.to_string() }];
    for _ in 0..plies {
        let mut next = Vec::new();
        for u in units {
            let rows = game.divide(&u.position, 1, paths)?;
            for (m, _) in rows {
                let child = game.replay(&u.position, &[Action::Move(m.clone())]).map_err(failed)?.position;
                let mut line = u.line.clone();
                line.push(m);
                next.push(Unit { line, position: child });
            }
        }
        units = next;
    }
    Ok(units)
}

/// Units a shard (`perft --shard K/N`) is cut into at least: the cut of a
/// sharded count stays what it was, so that parts counted by different
/// builds still add up.
const UNITS_A_SHARD: usize = 8;

/// Units a thread (`perft -j N`) is cut into at least. Units differ in
/// size by orders of magnitude, and with a shared table the later ones are
/// mostly hits: with many small units the last one taken is small, and
/// both threads stay busy to the end. A cut a ply deeper costs a few
/// hundred moves replayed in text.
const UNITS_A_THREAD: usize = 64;

/// How far below the root to cut for `parts` parts: the shallowest cut
/// with at least `per_part` units a part, or one ply above the leaves.
fn cut_for(
    game: &dyn Game,
    position: &str,
    depth: u32,
    paths: bool,
    parts: usize,
    per_part: usize,
) -> Result<Vec<Unit>, NotationError> {
    let mut plies = 1;
    loop {
        let units = cut(game, position, plies, paths)?;
        if units.len() >= per_part * parts || plies + 1 >= depth || units.is_empty() {
            return Ok(units);
        }
        plies += 1;
    }
}

/// Perft of `position` to `depth` over `jobs` threads sharing the game.
/// `done` is called each time a unit is counted, with the number of units.
pub fn parallel(
    game: &dyn Game,
    position: &str,
    depth: u32,
    paths: bool,
    jobs: usize,
    done: &(dyn Fn(usize) + Sync),
) -> Result<u128, NotationError> {
    parallel_with(game, position, depth, paths, jobs, None, done).map(|(n, _)| n)
}

/// [`parallel`] with a transposition table of `hash` bytes, if given,
/// shared by all the threads: a subtree one thread counted is a hit for
/// the others. The table's figures come back with the count.
pub fn parallel_with(
    game: &dyn Game,
    position: &str,
    depth: u32,
    paths: bool,
    jobs: usize,
    hash: Option<usize>,
    done: &(dyn Fn(usize) + Sync),
) -> Result<(u128, Option<Stats>), NotationError> {
    let whole = || -> Result<(u128, Option<Stats>), NotationError> {
        let mut c = counter(game, paths, hash)?;
        let n = u128::from(c.perft(position, depth)?);
        Ok((n, hash.map(|_| c.stats())))
    };
    if depth <= 1 || jobs <= 1 {
        return whole();
    }
    match cut_for(game, position, depth, paths, jobs, UNITS_A_THREAD) {
        Ok(units) => count_units(game, &units, depth, paths, Share { jobs, hash }, done),
        // A line the game cannot replay (a draw count that ends the game
        // within the cut, where perft goes on): the plain walk.
        Err(_) => whole(),
    }
}

/// How units are shared out: on `jobs` threads, sharing one table of
/// `hash` bytes if given.
#[derive(Clone, Copy, Debug)]
struct Share {
    jobs: usize,
    hash: Option<usize>,
}

/// The game's count on one thread: with a table of `hash` bytes if given,
/// else the plain walk.
pub(crate) fn counter(
    game: &dyn Game,
    paths: bool,
    hash: Option<usize>,
) -> Result<Box<dyn Counter + '_>, NotationError> {
    counters(game, paths, hash, 1)?.pop().ok_or_else(|| NotationError::whole("the game gave no perft to count with"))
}

/// The game's counts for `threads` threads (at least one): with one table
/// of `hash` bytes that they all share if given, else the plain walk each.
/// The table is had before any count starts, so that memory that cannot be
/// had is an error at once.
pub(crate) fn counters(
    game: &dyn Game,
    paths: bool,
    hash: Option<usize>,
    threads: usize,
) -> Result<Vec<Box<dyn Counter + '_>>, NotationError> {
    let threads = threads.max(1);
    match hash {
        Some(bytes) => game.hashed(paths, bytes, threads).map_err(failed),
        None => Ok((0..threads).map(|_| game.counter(paths)).collect()),
    }
}

/// The sum of the units' counts, the units taken in turn by the threads of
/// the share.
fn count_units(
    game: &dyn Game,
    units: &[Unit],
    depth: u32,
    paths: bool,
    share: Share,
    done: &(dyn Fn(usize) + Sync),
) -> Result<(u128, Option<Stats>), NotationError> {
    let threads = share.jobs.min(units.len()).max(1);
    let counters = counters(game, paths, share.hash, threads)?;
    let next = AtomicUsize::new(0);
    let total: Mutex<Result<u128, NotationError>> = Mutex::new(Ok(0));
    let stats: Mutex<Stats> = Mutex::new(Stats::default());
    // The calling thread counts too, so that a thread that cannot be
    // started only means fewer threads, never units left uncounted.
    let work = |mut counter: Box<dyn Counter + '_>| {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(u) = units.get(i) else { break };
            let below = depth.saturating_sub(u.line.len() as u32);
            let n = counter.perft(&u.position, below);
            if let Ok(mut t) = total.lock() {
                let sum = std::mem::replace(&mut *t, Ok(0));
                *t = match (sum, n) {
                    (Ok(a), Ok(b)) => plus(a, u128::from(b)),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                };
            }
            done(units.len());
        }
        if let Ok(mut s) = stats.lock() {
            *s = s.plus(counter.stats());
        }
    };
    each_on_a_thread(counters, &work);
    let nodes = total.into_inner().unwrap_or_else(|e| e.into_inner())?;
    let stats = stats.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok((nodes, share.hash.map(|_| stats)))
}

/// How [`count`] counts: the depth, every capture path or each distinct
/// move once, the threads, a transposition table of so many bytes in all,
/// and whether the count below each legal move is wanted.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    pub depth: u32,
    pub paths: bool,
    pub jobs: usize,
    pub hash: Option<usize>,
    pub divide: bool,
}

/// What [`count`] found: the leaves, the count below each legal move in
/// natural order (empty unless divide was asked), and the table's figures
/// when a table was kept.
#[derive(Clone, Debug)]
pub struct Counted {
    pub total: u128,
    pub divide: Vec<(String, u128)>,
    pub stats: Option<Stats>,
}

/// One who follows a long count (a progress bar): the count is taken in
/// parts, the root moves or the units of [`parallel_with`].
pub trait Watch: Sync {
    /// The count has `n` parts in all.
    fn parts(&self, n: usize);
    /// One more part is counted.
    fn done(&self);
}

/// Perft of `position` as `asked`: on `jobs` threads when no divide is
/// asked and the tree is deeper than one ply, otherwise on one thread, the
/// table (if one is asked) kept across the root moves. The count is the
/// same whichever way it is taken; a `watch` is told of each root move (or
/// unit) as it is counted.
pub fn count(
    game: &dyn Game,
    position: &str,
    asked: Asked,
    watch: Option<&dyn Watch>,
) -> Result<Counted, NotationError> {
    let Asked { depth, paths, jobs, hash, divide } = asked;
    if jobs > 1 && !divide && depth > 1 {
        let done = |units: usize| {
            if let Some(w) = watch {
                w.parts(units);
                w.done();
            }
        };
        let (total, stats) = parallel_with(game, position, depth, paths, jobs, hash, &done)?;
        return Ok(Counted { total, divide: Vec::new(), stats });
    }
    let mut counter = counter(game, paths, hash)?;
    let (rows, total) = if depth > 0 && (divide || watch.is_some()) {
        if let Some(w) = watch {
            w.parts(game.divide(position, 1, paths)?.len());
        }
        let done = || {
            if let Some(w) = watch {
                w.done();
            }
        };
        let mut rows = counter.divide_observed(position, depth, &done)?;
        // Without a move the tree is the family's to count (a pass, say).
        let total = if rows.is_empty() {
            u128::from(counter.perft(position, depth)?)
        } else {
            rows.iter().try_fold(0, |sum, r| plus(sum, u128::from(r.1)))?
        };
        rows.sort_by_key(|a| rulecheck_text::natural(&a.0));
        let rows = rows.into_iter().map(|(m, n)| (m, u128::from(n))).collect();
        (if divide { rows } else { Vec::new() }, total)
    } else {
        (Vec::new(), u128::from(counter.perft(position, depth)?))
    };
    Ok(Counted { total, divide: rows, stats: hash.map(|_| counter.stats()) })
}

/// `work` for each of `counters`, each on a thread of its own but the
/// first, which the calling thread takes. The counters share their work
/// through a queue, so a thread that cannot be started only means fewer
/// threads: the calling thread counts too.
pub(crate) fn each_on_a_thread<C: Send>(counters: Vec<C>, work: &(dyn Fn(C) + Sync)) {
    let mut counters = counters.into_iter();
    let mine = counters.next();
    std::thread::scope(|scope| {
        for c in counters {
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || work(c));
        }
        if let Some(c) = mine {
            work(c);
        }
    });
}
