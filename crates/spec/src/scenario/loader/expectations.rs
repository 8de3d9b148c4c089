//! Checking a scenario's expectations against the reference: each move
//! must be notation the variant reads and name a move of the position,
//! players and reasons must exist, a ranking must place every player, and
//! a perft is counted on the reference within a budget, so that no
//! scenario can ask for hours of counting.

use serde_saphyr::Spanned;

use super::doc::ExpectDoc;
use super::located::{check_player, loc_of, player_of, Ctx};
use super::{MAX_SCENARIO_PERFT_DEPTH, MAX_SCENARIO_PERFT_NODES};
use crate::scenario::expect;
use crate::scenario::{Expectations, Loc, Located, Refused, ResultExp};
use rulecheck_game::notation::NotationError;
use rulecheck_game::{self as game, Action, Game};
use rulecheck_text::shown;

fn checked_move(
    ctx: &mut Ctx<'_>,
    game: &dyn Game,
    position: &str,
    item: &Spanned<String>,
    text: &str,
    col: usize,
) -> bool {
    if let Err(e) = game.check_move(text) {
        let e = NotationError::new(1, col + e.col - 1, e.message);
        ctx.notation(&item.referenced, &e, &format!("bad move (moves look like {})", game.move_examples()));
        return false;
    }
    if let Err(e) = game.move_key(position, text) {
        ctx.err(ctx.place(&item.referenced, 1, col), e.message);
        return false;
    }
    true
}

pub(super) fn expectations(ctx: &mut Ctx<'_>, game: &dyn Game, position: &str, doc: &ExpectDoc) -> Expectations {
    let mut out = Expectations::default();
    let moves_of = |ctx: &mut Ctx<'_>, list: &[Spanned<String>]| -> Vec<Located<String>> {
        let mut v = Vec::new();
        for item in list {
            let text = item.value.trim();
            let lead = item.value.len() - item.value.trim_start().len();
            if checked_move(ctx, game, position, item, text, lead + 1) {
                v.push(Located { value: text.to_string(), loc: loc_of(&item.referenced) });
            }
        }
        v
    };
    if let Some(list) = &doc.moves {
        out.moves = Some(moves_of(ctx, list));
    }
    out.legal = moves_of(ctx, &doc.legal);
    for item in &doc.illegal {
        match expect::parse_illegal(&item.value) {
            Ok((step, reason)) => {
                let loc = ctx.place(&item.referenced, 1, step.col);
                match &step.action {
                    Action::Move(m) => {
                        if !checked_move(ctx, game, position, item, m, step.col) {
                            continue;
                        }
                    }
                    other => {
                        if let Err(e) = player_of(other).map_or(Ok(()), |p| check_player(game, p)) {
                            ctx.err(loc, e);
                            continue;
                        }
                    }
                }
                if let Some((code, col)) = &reason {
                    if !ctx.catalog.vocabulary.refusals.contains_key(code) {
                        let hint = rulecheck_text::did_you_mean(
                            ctx.catalog.vocabulary.refusals.keys().map(String::as_str),
                            code,
                        );
                        ctx.err(
                            ctx.place(&item.referenced, 1, *col),
                            format!("unknown reason '{}'{hint}; reasons are listed in spec/reasons.yaml", shown(code)),
                        );
                        continue;
                    }
                }
                out.illegal.push(Located { value: Refused { action: step.action, reason: reason.map(|r| r.0) }, loc });
            }
            Err(e) => ctx.notation(&item.referenced, &e, "bad illegal entry"),
        }
    }
    if let Some(after) = &doc.after {
        match game.normalize_position(&after.value) {
            Ok(fen) => out.after = Some(Located { value: fen, loc: loc_of(&after.referenced) }),
            Err(e) => ctx.notation(&after.referenced, &e, "bad position"),
        }
    }
    if let Some(tm) = &doc.to_move {
        match expect::parse_player(&tm.value) {
            Ok(p) => match check_player(game, &p) {
                Ok(()) => out.to_move = Some(Located { value: p, loc: loc_of(&tm.referenced) }),
                Err(e) => ctx.err(loc_of(&tm.referenced), e),
            },
            Err(e) => ctx.notation(&tm.referenced, &e, "bad player"),
        }
    }
    if let Some(res) = &doc.result {
        match expect::parse_result(&res.value) {
            Ok((r, reason_col)) => {
                let mut ok = true;
                let named: Vec<&String> = match &r {
                    ResultExp::Win { player, .. } => vec![player],
                    ResultExp::Ranking { order, .. } => order.iter().collect(),
                    _ => vec![],
                };
                for player in &named {
                    if let Err(e) = check_player(game, player) {
                        let lead = res.value.len() - res.value.trim_start().len();
                        ctx.err(ctx.place(&res.referenced, 1, lead + 1), e);
                        ok = false;
                        break;
                    }
                }
                // A ranking places every player of the game once; any other
                // could never match the game's.
                if let (true, ResultExp::Ranking { order, .. }) = (ok, &r) {
                    let players = game.players();
                    let mut seen: Vec<&String> = Vec::new();
                    let twice = order.iter().find(|p| {
                        let again = seen.contains(p);
                        seen.push(p);
                        again
                    });
                    let lead = res.value.len() - res.value.trim_start().len();
                    let at = ctx.place(&res.referenced, 1, lead + 1);
                    if let Some(p) = twice {
                        ctx.err(at, format!("the ranking places {p} twice: every player has one place"));
                        ok = false;
                    } else if order.len() != players.len() {
                        ctx.err(
                            at,
                            format!(
                                "the ranking has {} places and the game {} players ({}): a ranking places every player",
                                order.len(),
                                players.len(),
                                players.join(", ")
                            ),
                        );
                        ok = false;
                    }
                }
                if let (Some((code, _)), Some(col)) = (r.reason(), reason_col) {
                    if !ctx.catalog.vocabulary.results.contains_key(code) {
                        let hint = rulecheck_text::did_you_mean(
                            ctx.catalog.vocabulary.results.keys().map(String::as_str),
                            code,
                        );
                        ctx.err(
                            ctx.place(&res.referenced, 1, col),
                            format!("unknown result reason '{}'{hint}", shown(code)),
                        );
                        ok = false;
                    }
                }
                if ok {
                    out.result = Some(Located { value: r, loc: loc_of(&res.referenced) });
                }
            }
            Err(e) => ctx.notation(&res.referenced, &e, "bad result"),
        }
    }
    let mut depths: Vec<(u32, u64)> = Vec::new();
    for (key, count) in &doc.perft {
        let at_key = ctx.key_place(&count.referenced, key);
        let digits = !key.trim().is_empty() && key.trim().bytes().all(|b| b.is_ascii_digit());
        let depth = match key.trim().parse::<u32>() {
            Ok(d) if (1..=MAX_SCENARIO_PERFT_DEPTH).contains(&d) => d,
            _ if digits => {
                ctx.err(
                    at_key,
                    format!(
                        "perft depth {} is outside 1..={MAX_SCENARIO_PERFT_DEPTH}; deeper counts belong in benchmarks",
                        shown(key.trim())
                    ),
                );
                continue;
            }
            _ => {
                ctx.err(
                    at_key,
                    format!(
                        "perft depth '{}' is not a whole number: write depths 1 to {MAX_SCENARIO_PERFT_DEPTH}, as in perft: {{1: 7, 2: 49}}",
                        shown(key)
                    ),
                );
                continue;
            }
        };
        let Ok(leaves) = count.value.trim().parse::<u64>() else {
            ctx.err(
                loc_of(&count.referenced),
                format!(
                    "perft count '{}' at depth {depth} is not a whole number of leaves (0 to {})",
                    shown(&count.value),
                    u64::MAX
                ),
            );
            continue;
        };
        if depths.iter().any(|&(d, _)| d == depth) {
            ctx.err(at_key, format!("perft depth {depth} is given twice"));
            continue;
        }
        depths.push((depth, leaves));
        out.perft_at.insert(depth, at_key);
    }
    depths.sort_unstable();
    out.perft = depths;
    // Count the reference's tree within the budget, so that no scenario can
    // ask for hours of counting; the counts themselves are checked by `run`.
    if let Some(deepest) = out.perft.iter().map(|p| p.0).max() {
        match game::perft_within(game, position, deepest, false, MAX_SCENARIO_PERFT_NODES) {
            Ok(Ok(_)) => {}
            Ok(Err(over)) => {
                for (key, count) in &doc.perft {
                    let Ok(depth) = key.trim().parse::<u32>() else { continue };
                    if depth < over.depth || depth > deepest {
                        continue;
                    }
                    let at = ctx.key_place(&count.referenced, key);
                    ctx.err(
                        at,
                        format!(
                            "perft depth {depth} is too deep here: the tree has {} leaves at depth {}, more than the \
                             {MAX_SCENARIO_PERFT_NODES} a scenario may count; deeper counts belong in benchmarks",
                            over.nodes, over.depth
                        ),
                    );
                }
                out.perft.retain(|p| p.0 < over.depth);
            }
            Err(e) => {
                let at = doc.perft.iter().next().map(|(k, c)| ctx.key_place(&c.referenced, k));
                ctx.err(at.unwrap_or(Loc { line: 1, col: 1 }), format!("perft: {}", e.message));
            }
        }
    }
    out
}
