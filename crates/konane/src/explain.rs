//! Why a written move is refused: the reason codes of `spec/reasons.yaml`
//! for a removal or a jump, read against the legal moves.

use super::moves::{legal_moves, Move};
use super::notation::MoveText;
use super::rules::Rules;
use super::{Position, EMPTY};

/// Why a written move is refused.
pub fn explain(pos: &Position, rules: &Rules, text: &MoveText) -> Option<&'static str> {
    let legal = legal_moves(pos, rules);
    if legal.is_empty() {
        return Some("game-over");
    }
    let empties = pos.empties();
    match text {
        MoveText::Removal(i) => {
            if legal.contains(&Move::Remove(*i)) {
                return None;
            }
            if empties > 1 {
                return Some("opening-over");
            }
            if pos.cells[*i] == EMPTY {
                return Some("empty-square");
            }
            if pos.cells[*i] != pos.to_move {
                return Some("not-your-piece");
            }
            Some("removal-not-allowed")
        }
        MoveText::Jump(path) => {
            if empties <= 1 {
                return Some("must-remove");
            }
            let from = path[0];
            if pos.cells[from] == EMPTY {
                return Some("empty-square");
            }
            if pos.cells[from] != pos.to_move {
                return Some("not-your-piece");
            }
            let mut dir = None;
            let mut at = from;
            for &to in &path[1..] {
                let (f0, r0) = pos.coords(at);
                let (f1, r1) = pos.coords(to);
                let (df, dr) = (f1 - f0, r1 - r0);
                if df != 0 && dr != 0 {
                    return Some(if rules.diagonal && df.abs() == dr.abs() { "illegal" } else { "diagonal" });
                }
                let step = (df.signum(), dr.signum());
                let len = df.abs().max(dr.abs());
                if dir.is_some_and(|d| d != step) && !rules.turns {
                    return Some("turns");
                }
                dir = Some(step);
                if len == 1 {
                    return Some("not-a-jump");
                }
                if len % 2 != 0 {
                    return Some("not-a-jump");
                }
                // Every other cell an enemy stone, the others empty.
                for k in 1..=len {
                    let i = pos.idx(f0 + step.0 * k, r0 + step.1 * k).unwrap_or(0);
                    let c = if i == from { EMPTY } else { pos.cells[i] };
                    if k % 2 == 1 {
                        if c == EMPTY {
                            return Some("nothing-to-capture");
                        }
                        if c == pos.to_move {
                            return Some("jump-own-piece");
                        }
                    } else if c != EMPTY {
                        return Some("occupied");
                    }
                }
                at = to;
            }
            let to = *path.last().unwrap_or(&from);
            if legal.contains(&Move::Jump { from, to }) {
                None
            } else if rules.full_length {
                Some("must-jump-farther")
            } else {
                Some("illegal")
            }
        }
    }
}
