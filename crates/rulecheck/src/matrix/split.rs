//! How a matrix is cut into shares for the workers of a batch system
//! (`matrix --index I --count N`): its cells, one per engine and scenario,
//! ordered by engine (the engines file's order) then scenario (spec
//! order), are dealt in contiguous blocks, the blocks' sizes differing by
//! at most one cell.
//!
//! Contiguous blocks rather than cards dealt in turn: a worker then starts
//! only the engines its block reaches (most blocks lie within one or two
//! engines), and runs each on consecutive scenarios of the same files, as
//! the whole matrix does; dealt in turn, every worker would start every
//! engine. The cut depends on the counts alone, so every worker given the
//! same inputs cuts the same blocks, and the merge can tell which part
//! should hold a cell.
//!
//! An engine's readings of the disputed rules are found over the whole
//! spec, once: by the worker whose block holds the engine's first cell,
//! its home.

use std::ops::Range;

/// The cells of share `index` of `count`, as positions in the order of all
/// `cells`.
pub fn block(cells: usize, index: usize, count: usize) -> Range<usize> {
    let at = |i: usize| {
        if count == 0 {
            0
        } else {
            // Wide enough that no count of cells or workers overflows.
            usize::try_from(cells as u128 * i as u128 / count as u128).unwrap_or(cells)
        }
    };
    at(index)..at(index + 1)
}

/// The share that holds cell `cell` of `cells`.
pub fn holder(cell: usize, cells: usize, count: usize) -> usize {
    if cells == 0 || count == 0 {
        return 0;
    }
    // The i with cells*i/count <= cell < cells*(i+1)/count (floors).
    let i = ((cell as u128 + 1) * count as u128 - 1) / cells as u128;
    usize::try_from(i).unwrap_or(0).min(count - 1)
}

/// What share `index` of `count` runs of a matrix of `engines` engines
/// and `scenarios` scenarios: each engine its block reaches, with the
/// scenarios (positions in spec order) it runs them on, in the engines'
/// order.
pub fn share(engines: usize, scenarios: usize, index: usize, count: usize) -> Vec<(usize, Range<usize>)> {
    let cells = engines * scenarios;
    let mine = block(cells, index, count);
    (0..engines)
        .filter_map(|e| {
            let first = e * scenarios;
            let start = mine.start.max(first);
            let end = mine.end.min(first + scenarios);
            (start < end).then(|| (e, start - first..end - first))
        })
        .collect()
}

/// The share that finds engine `engine`'s readings: the one holding its
/// first cell (share 0 when the spec has no scenario).
pub fn home(engine: usize, scenarios: usize, engines: usize, count: usize) -> usize {
    holder(engine * scenarios, engines * scenarios, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_exactly_one_share_and_the_blocks_are_even() {
        for engines in 1..5 {
            for scenarios in 0..9 {
                for count in 1..12 {
                    let cells = engines * scenarios;
                    let mut seen = vec![0; cells];
                    for index in 0..count {
                        let b = block(cells, index, count);
                        assert!(b.len() <= cells / count + 1 && b.len() >= cells / count, "{b:?} of {cells}/{count}");
                        for (e, range) in share(engines, scenarios, index, count) {
                            for s in range {
                                let cell = e * scenarios + s;
                                assert!(b.contains(&cell));
                                assert_eq!(holder(cell, cells, count), index, "cell {cell} of {cells}/{count}");
                                seen[cell] += 1;
                            }
                        }
                    }
                    assert!(seen.iter().all(|&n| n == 1), "{engines}x{scenarios} over {count}: {seen:?}");
                }
            }
        }
    }

    #[test]
    fn an_engines_home_runs_its_first_scenario() {
        for count in 1..7 {
            for e in 0..3 {
                let h = home(e, 5, 3, count);
                let runs = share(3, 5, h, count);
                assert!(runs.iter().any(|(engine, r)| *engine == e && r.start == 0), "{e} over {count}: {runs:?}");
            }
        }
        assert_eq!(home(2, 0, 3, 4), 0, "no scenario: share 0 asks every engine");
    }

    #[test]
    fn blocks_stay_within_few_engines() {
        // Three engines of ten scenarios over three workers: one engine each.
        for i in 0..3 {
            assert_eq!(share(3, 10, i, 3), vec![(i, 0..10)]);
        }
        assert_eq!(share(3, 10, 1, 4), vec![(0, 7..10), (1, 0..5)]);
    }
}
