use super::*;
use crate::moves::{apply, legal_moves, Move};
use crate::{Position, Rules, BLACK, WHITE};

/// The last two plies counted from the lines each move changes, against
/// every child's moves counted over the whole board.
fn check_last_two<S: Side>(pos: &Position) {
    let p = padded(pos);
    let full = |c: Pos| u64::from(count::<S>(c.me, c.op));
    let recount = each_move::<S, EAST>(&p, full)
        + each_move::<S, WEST>(&p, full)
        + each_move::<S, NORTH>(&p, full)
        + each_move::<S, SOUTH>(&p, full);
    assert_eq!(last_two::<S>(p), recount, "{pos:?}");
    assert_eq!(walk::<S>(p, 2), recount);
}

/// The position in both padded copies, the side to move's stones first.
fn padded(pos: &Position) -> Pos {
    let n = usize::from(pos.size);
    let (mut own, mut opp) = (Wide::ZERO, Wide::ZERO);
    let other = if pos.to_move == BLACK { WHITE } else { BLACK };
    for (i, &c) in pos.cells.iter().enumerate() {
        if c == pos.to_move {
            own = own | Wide::bit(i);
        } else if c == other {
            opp = opp | Wide::bit(i);
        }
    }
    debug_assert!(n * n <= 256);
    match n {
        12 => padded_pos::<L12, Wide>(own, opp),
        14 => padded_pos::<L14, Wide>(own, opp),
        _ => padded_pos::<L16, Wide>(own, opp),
    }
}

/// Games played from the start, each move picked by a fixed sequence of
/// numbers (the longest jump every third move, so that multi-jumps
/// are made too), every position of the jumping phase checked.
fn games<S: Side>() {
    let size = S::N as u8;
    let rules = Rules::new(size);
    let mut seed = 0x2545_f491_4f6c_dd1du64 ^ u64::from(size);
    let mut checked = 0;
    for game in 0..12 {
        let mut pos = Position::start(size);
        for ply in 0..60 {
            let moves = legal_moves(&pos, &rules);
            if moves.is_empty() {
                break;
            }
            if pos.empties() >= 2 {
                check_last_two::<S>(&pos);
                checked += 1;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let longest = |m: &&Move| match **m {
                Move::Jump { from, to } => from.abs_diff(to),
                Move::Remove(_) => 0,
            };
            let m = if (game + ply) % 3 == 0 {
                moves.iter().max_by_key(longest).copied()
            } else {
                moves.get((seed % moves.len() as u64) as usize).copied()
            };
            if let Some(m) = m {
                pos = apply(&pos, &rules, m);
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn last_ply_from_changed_lines_matches_a_full_recount_12() {
    games::<L12>();
}

#[test]
fn last_ply_from_changed_lines_matches_a_full_recount_14() {
    games::<L14>();
}

#[test]
fn last_ply_from_changed_lines_matches_a_full_recount_16() {
    games::<L16>();
}
