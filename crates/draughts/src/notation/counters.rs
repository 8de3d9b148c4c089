//! The draw-rule counters a position's text carries, read and written the
//! same way in FEN and in diagrams.
//!
//! The FEN extension appends `:name=value` fields after the piece lists, so
//! that a position string carries every counter a draw rule needs:
//! `np` counts consecutive plies without a capture or a man move (the
//! automatic no-progress draw), `nm` consecutive plies without a man move
//! (the claimed no-progress draw), `eg` the plies since an endgame balance
//! arose. Under a same-king move limit, `wk=28/2` (white) and `bk=..`
//! (black) name the king whose successive non-capturing moves are counted
//! and how many it has made. Zero counters are omitted on output. A diagram
//! writes the same fields on its status line.
//!
//! Apart because both position formats share them, and because which of
//! them exist depends on the rules rather than on the format.

use pest::iterators::Pair;

use super::super::position::{KingRun, Position};
use super::super::rules::{Rules, Side};
use super::super::word::Word;
use super::{parse_square, square_name, Rule, SquareStyle};
use rulecheck_game::notation::NotationError;
use rulecheck_text::shown;

/// Counters read from a position's text.
/// A counter read from a position's text. A counter the rules do not keep is
/// an error, not silently dropped: a scenario that sets it would test nothing.
pub(super) fn apply_counter<B: Word>(
    pos: &mut Position<B>,
    pair: Pair<'_, Rule>,
    rules: &Rules,
) -> Result<(), NotationError> {
    if pair.as_rule() == Rule::king_run {
        return apply_king_run(pos, pair, rules);
    }
    let span = pair.as_span();
    let mut inner = pair.into_inner();
    let name = inner.next().map(|p| p.as_str()).unwrap_or("");
    let value_pair = inner.next();
    let written = value_pair.as_ref().map_or("", |p| p.as_str());
    let value: u16 = written.parse().map_err(|_| {
        NotationError::at(
            span,
            format!("{}={}: a counter is a whole number of plies from 0 to {}", shown(name), shown(written), u16::MAX),
        )
    })?;
    let kept: Vec<&str> = counters(pos, rules).into_iter().map(|(n, _)| n).collect();
    if ["np", "nm", "eg"].contains(&name) && !kept.contains(&name) {
        let which = if kept.is_empty() {
            "these rules keep no counter".to_string()
        } else {
            format!("they keep {}", kept.join(", "))
        };
        return Err(NotationError::at(span, format!("counter '{name}' is not kept under these rules ({which})")));
    }
    match name {
        "wk" | "bk" => {
            return Err(NotationError::at(
                span,
                format!("{name}= is a king's square and its successive moves, written as {name}=28/2"),
            ))
        }
        "np" => pos.quiet_plies = value,
        "nm" => pos.plies_since_man_move = value,
        "eg" => pos.endgame_plies = value,
        other => {
            return Err(NotationError::at(
                span,
                format!("unknown counter '{}' (known: np = plies without capture or man move, nm = plies without man move, eg = plies since an endgame balance arose)", shown(other)),
            ))
        }
    }
    Ok(())
}

/// A same-king move count read from a position's text (`wk=28/2`): only
/// under rules with the limit, on a king of that side, with a count from 1
/// to the limit, for a side that also has men.
fn apply_king_run<B: Word>(pos: &mut Position<B>, pair: Pair<'_, Rule>, rules: &Rules) -> Result<(), NotationError> {
    let g = &rules.geometry;
    let span = pair.as_span();
    let text = span.as_str();
    let mut inner = pair.into_inner();
    let (Some(name), Some(square), Some(count)) = (inner.next(), inner.next(), inner.next()) else {
        return Err(NotationError::at(span, format!("{}: write a king's count as wk=28/2", shown(text))));
    };
    let side = if name.as_str() == "wk" { Side::White } else { Side::Black };
    let Some(limit) = rules.same_king_moves else {
        return Err(NotationError::at(
            span,
            format!("{}: these rules do not limit the moves of one king", shown(text)),
        ));
    };
    let sq = parse_square(&square, g)?;
    let moves: u8 = count.as_str().parse().unwrap_or(0);
    if moves == 0 || moves > limit {
        return Err(NotationError::at(
            count.as_span(),
            format!("{}: a king makes 1 to {limit} successive moves here (leave the count out for none)", shown(text)),
        ));
    }
    let own = pos.pieces(side);
    if (own & pos.kings & g.mask::<B>(sq)).is_zero() {
        return Err(NotationError::at(
            square.as_span(),
            format!("{}: square {} holds no {} king", shown(text), square.as_str(), side.name()),
        ));
    }
    if (own & !pos.kings).is_zero() {
        return Err(NotationError::at(
            span,
            format!("{}: {} has only kings, and the limit does not apply to them", shown(text), side.name()),
        ));
    }
    pos.king_runs[side as usize] = KingRun { square: g.bit(sq), moves };
    Ok(())
}

/// The same-king move counts by name, as written in a position's text
/// (`28/2`), white's first; none under rules without the limit.
pub(crate) fn king_run_counters<B: Word>(
    pos: &Position<B>,
    rules: &Rules,
    style: SquareStyle,
) -> Vec<(&'static str, String)> {
    let g = &rules.geometry;
    if rules.same_king_moves.is_none() {
        return Vec::new();
    }
    [(Side::White, "wk"), (Side::Black, "bk")]
        .into_iter()
        .filter_map(|(side, name)| {
            let run = pos.king_run(side);
            let sq = g.square(run.square).filter(|_| run.moves != 0)?;
            Some((name, format!("{}/{}", square_name(sq, g, style), run.moves)))
        })
        .collect()
}

/// The fields a position writes after its pieces, as `name=value`: the
/// counters away from zero, then the same-king runs. A FEN and a diagram
/// write the same fields, each with its own separator.
pub(super) fn status_fields<B: Word>(pos: &Position<B>, rules: &Rules, style: SquareStyle) -> Vec<String> {
    let counted = counters(pos, rules).into_iter().filter(|&(_, value)| value != 0).map(|(n, v)| (n, v.to_string()));
    counted.chain(king_run_counters(pos, rules, style)).map(|(name, value)| format!("{name}={value}")).collect()
}

/// The counters a rule set uses, by name.
pub(crate) fn counters<B: Word>(pos: &Position<B>, rules: &Rules) -> Vec<(&'static str, u16)> {
    use super::super::rules::{Endgame, NoProgress};
    let mut out = match rules.no_progress {
        NoProgress::Off => vec![],
        NoProgress::Automatic { .. } => vec![("np", pos.quiet_plies)],
        NoProgress::Claim { .. } => vec![("nm", pos.plies_since_man_move)],
    };
    if rules.endgame != Endgame::Off {
        out.push(("eg", pos.endgame_plies));
    }
    out
}

/// Drop the counters the rules do not use, so that two spellings of the same
/// game state compare equal.
pub fn normalize<B: Word>(pos: &Position<B>, rules: &Rules) -> Position<B> {
    use super::super::rules::{Endgame, NoProgress};
    let mut p = *pos;
    if !matches!(rules.no_progress, NoProgress::Automatic { .. }) {
        p.quiet_plies = 0;
    }
    if !matches!(rules.no_progress, NoProgress::Claim { .. }) {
        p.plies_since_man_move = 0;
    }
    if rules.endgame == Endgame::Off {
        p.endgame_plies = 0;
    }
    if rules.same_king_moves.is_none() {
        p.king_runs = [KingRun::NONE; 2];
    }
    p
}
