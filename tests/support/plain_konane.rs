//! A deliberately plain Konane move generator over an array of cells, to
//! cross-check the bitboard one in `crates/konane/src/moves.rs`: a cell at a time,
//! a direction at a time, nothing shared with the engine but the position
//! type and the rules as data.

use rulecheck::konane::{Opening, Position, Rules, BLACK, EMPTY, WHITE};

/// A move as (from, to); a removal has from == to and takes nothing.
pub type Plain = (usize, usize);

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn idx(n: i32, f: i32, r: i32) -> Option<usize> {
    ((0..n).contains(&f) && (0..n).contains(&r)).then(|| (r * n + f) as usize)
}

fn other(side: u8) -> u8 {
    if side == BLACK {
        WHITE
    } else {
        BLACK
    }
}

fn opening(pos: &Position, rules: &Rules) -> Vec<usize> {
    let n = i32::from(pos.size);
    let black = |i: usize| (i as i32 % n + i as i32 / n) % 2 == 0;
    let all: Vec<usize> = match rules.opening {
        Opening::AnyBlackStone => (0..pos.cells.len()).filter(|&i| black(i)).collect(),
        Opening::CornersAndCentre => {
            let m = n / 2;
            [(0, 0), (n - 1, n - 1), (0, n - 1), (n - 1, 0), (m - 1, m - 1), (m, m), (m - 1, m), (m, m - 1)]
                .iter()
                .filter_map(|&(f, r)| idx(n, f, r))
                .filter(|&i| black(i))
                .collect()
        }
    };
    all.into_iter().filter(|&i| pos.cells[i] == BLACK).collect()
}

/// Every stop of a chain from `from`, first going `d`, with the cells taken.
fn chain(
    pos: &Position,
    rules: &Rules,
    from: usize,
    at: usize,
    d: (i32, i32),
    taken: &[usize],
    out: &mut Vec<(usize, Vec<usize>)>,
) {
    let n = i32::from(pos.size);
    let (mut f, mut r) = (at as i32 % n, at as i32 / n);
    let mut taken = taken.to_vec();
    loop {
        let (Some(over), Some(land)) = (idx(n, f + d.0, r + d.1), idx(n, f + 2 * d.0, r + 2 * d.1)) else { return };
        let free = pos.cells[land] == EMPTY || land == from || taken.contains(&land);
        if pos.cells[over] != other(pos.to_move) || taken.contains(&over) || !free {
            return;
        }
        taken.push(over);
        out.push((land, taken.clone()));
        (f, r) = (land as i32 % n, land as i32 / n);
        if rules.turns {
            for t in ORTHOGONAL.into_iter().filter(|&t| t != d && t != (-d.0, -d.1)) {
                chain(pos, rules, from, land, t, &taken, out);
            }
        }
    }
}

/// The legal moves, sorted, with the cells each takes.
pub fn moves(pos: &Position, rules: &Rules) -> Vec<(Plain, Vec<usize>)> {
    let n = i32::from(pos.size);
    let empties: Vec<usize> = (0..pos.cells.len()).filter(|&i| pos.cells[i] == EMPTY).collect();
    let mut out: Vec<(Plain, Vec<usize>)> = Vec::new();
    if empties.is_empty() {
        out = opening(pos, rules).into_iter().map(|i| ((i, i), Vec::new())).collect();
    } else if empties.len() == 1 {
        let h = empties[0] as i32;
        for (df, dr) in ORTHOGONAL {
            if let Some(i) = idx(n, h % n + df, h / n + dr) {
                if pos.cells[i] == pos.to_move {
                    out.push(((i, i), Vec::new()));
                }
            }
        }
    } else {
        let mut dirs = ORTHOGONAL.to_vec();
        if rules.diagonal {
            dirs.extend(DIAGONAL);
        }
        for from in (0..pos.cells.len()).filter(|&i| pos.cells[i] == pos.to_move) {
            for &d in &dirs {
                let mut stops = Vec::new();
                chain(pos, rules, from, from, d, &[], &mut stops);
                if rules.full_length && !rules.turns {
                    stops = stops.pop().into_iter().collect();
                }
                out.extend(stops.into_iter().map(|(to, t)| ((from, to), t)));
            }
        }
    }
    out.sort_by_key(|(m, _)| *m);
    out.dedup_by_key(|(m, _)| *m);
    out
}

/// The position after a move of `moves`.
pub fn play(pos: &Position, m: &(Plain, Vec<usize>)) -> Position {
    let mut p = pos.clone();
    let ((from, to), taken) = m;
    // A removal takes nothing; a jump (even a turning chain back to its
    // start) takes at least one stone.
    if taken.is_empty() {
        p.cells[*from] = EMPTY;
    } else {
        for &t in taken {
            p.cells[t] = EMPTY;
        }
        p.cells[*from] = EMPTY;
        p.cells[*to] = pos.cells[*from];
    }
    p.to_move = other(pos.to_move);
    p
}

pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ms = moves(pos, rules);
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.iter().map(|m| perft(&play(pos, m), rules, depth - 1)).sum()
}
