//! What `diff` is given on the command line, read and checked before
//! anything is compared: the `--play` list, and whether the position and
//! the play give the two variants something to compare.

use super::{read_position, Side};
use crate::game::{Action, GameError};

/// Check that a comparison on one board has something to compare: the
/// position is read by at least one side, and every step of the play is
/// read by both and played by at least one. A step no side can play, or a
/// position no side reads, is bad input, never a pair of equal refusals
/// that would make the two variants seem to agree.
pub fn check_input(a: &Side, b: &Side, position: Option<&str>, play: &[Action]) -> Result<(), String> {
    let mut unread = Vec::new();
    let mut refused = Vec::new();
    for side in [a, b] {
        let g = side.game.as_ref();
        for action in play {
            if let Action::Move(m) = action {
                if let Err(e) = g.check_move(m) {
                    return Err(format!(
                        "--play: '{}' is not a move of {}: {} (moves look like {})",
                        rulecheck_text::shown(m),
                        side.variant,
                        e.message,
                        g.move_examples()
                    ));
                }
            }
        }
        let start = match position {
            Some(p) => match read_position(g, p) {
                Ok(fen) => fen,
                Err(e) => {
                    unread.push(format!("not a position of {}: {}", side.variant, e.message));
                    continue;
                }
            },
            None => g.start_position(),
        };
        match g.replay(&start, play) {
            Ok(_) => {}
            Err(GameError::Notation(e)) => {
                return Err(format!("--play cannot be read under {}: {}", side.variant, e.message));
            }
            Err(GameError::Rejected(r)) => refused.push((r.index, r.reason, side.variant.as_str())),
        }
    }
    if unread.len() == 2 {
        return Err(format!("--fen: {}", unread.join("; ")));
    }
    match refused.as_slice() {
        [(i, ra, va), (j, rb, vb)] if i == j => Err(format!(
            "--play step {} ('{}') is refused under both variants ({va}: {ra}; {vb}: {rb}): there is nothing to compare after it",
            i + 1,
            play.get(*i).map(|p| rulecheck_text::shown(&p.to_string())).unwrap_or_default(),
        )),
        _ => Ok(()),
    }
}

/// Parse a `--play` list: moves separated by spaces, or moves and actions
/// (`resign by black`) separated by commas.
pub fn parse_play(text: &str) -> Result<Vec<Action>, String> {
    let steps: Vec<&str> = if text.contains(',') {
        text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
    } else {
        text.split_whitespace().collect()
    };
    steps
        .into_iter()
        .map(|s| {
            crate::scenario::expect::parse_play(s).map(|st| st.action).map_err(|e| format!("'{s}': {}", e.message))
        })
        .collect()
}
