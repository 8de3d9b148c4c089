//! `result`: the game's result after the play, `ongoing`, a win, a draw or
//! a ranking, with its reason where one is written. A ranking places every
//! player of the game once; any other could never match the game's.

use super::{About, Kind};
use crate::engine::Engine;
use crate::oracle::replayed::Replayed;
use crate::oracle::transcript::Checking;
use crate::oracle::Difference;
use crate::scenario::expect;
use crate::scenario::loader::Reading;
use crate::scenario::{Loc, Located, ResultExp};
use rulecheck_text::shown;
use serde_saphyr::Spanned;

/// The result expected, where it is written.
#[derive(Clone, Debug)]
pub struct GameResult(pub Located<ResultExp>);

/// Why a result's players cannot be the game's, if they cannot: a player
/// the game does not have, or a ranking that does not place every player
/// once.
fn players_wrong(r: &Reading<'_, '_>, result: &ResultExp) -> Option<String> {
    let named: Vec<&String> = match result {
        ResultExp::Win { player, .. } => vec![player],
        ResultExp::Ranking { order, .. } => order.iter().collect(),
        _ => vec![],
    };
    if let Some(e) = named.iter().find_map(|p| r.check_player(p).err()) {
        return Some(e);
    }
    let ResultExp::Ranking { order, .. } = result else { return None };
    let players = r.game().players();
    let mut seen: Vec<&String> = Vec::new();
    let twice = order.iter().find(|p| {
        let again = seen.contains(p);
        seen.push(p);
        again
    });
    if let Some(p) = twice {
        return Some(format!("the ranking places {p} twice: every player has one place"));
    }
    (order.len() != players.len()).then(|| {
        format!(
            "the ranking has {} places and the game {} players ({}): a ranking places every player",
            order.len(),
            players.len(),
            players.join(", ")
        )
    })
}

impl Kind<Spanned<String>> for GameResult {
    const ABOUT: About = About::one(
        "result",
        "`ongoing`, `PLAYER wins: REASON`, `draw: REASON`, or a ranking `1st: seat 2, 2nd: seat 1`.",
    );

    fn read(res: &Spanned<String>, r: &mut Reading<'_, '_>) -> Option<GameResult> {
        let (result, reason_col) = match expect::parse_result(&res.value) {
            Ok(parsed) => parsed,
            Err(e) => {
                r.notation(&res.referenced, &e, "bad result");
                return None;
            }
        };
        let lead = res.value.len() - res.value.trim_start().len();
        let mut ok = true;
        if let Some(e) = players_wrong(r, &result) {
            let at = r.place(&res.referenced, 1, lead + 1);
            r.err(at, e);
            ok = false;
        }
        // The reason is checked too, so that one reading reports both.
        if let (Some((code, _)), Some(col)) = (result.reason(), reason_col) {
            let results = &r.catalog().vocabulary.results;
            if !results.contains_key(code) {
                let hint = rulecheck_text::did_you_mean(results.keys().map(String::as_str), code);
                let at: Loc = r.place(&res.referenced, 1, col);
                r.err(at, format!("unknown result reason '{}'{hint}", shown(code)));
                ok = false;
            }
        }
        ok.then(|| GameResult(Located { value: result, loc: r.loc(&res.referenced) }))
    }

    fn check(&self, on: &Replayed<'_>, _: &mut dyn Engine, c: &mut Checking) {
        let res = &self.0;
        if res.value.accepts(&on.replay.result) {
            return;
        }
        c.wrong(Self::ABOUT.key, res.loc, Difference::values(None, &res.value, &on.replay.result));
    }
}
