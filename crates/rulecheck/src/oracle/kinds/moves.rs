//! `moves`: the complete set of legal moves, in any order. The engine's
//! legal moves must be exactly these, compared by identity, never by
//! spelling.

use std::collections::BTreeMap;

use super::{About, Kind};
use crate::engine::Engine;
use crate::game::{Game, MoveKey};
use crate::oracle::replayed::{displays, Replayed};
use crate::oracle::transcript::Checking;
use crate::oracle::Difference;
use crate::scenario::loader::Reading;
use crate::scenario::Located;
use serde_saphyr::Spanned;

/// The moves expected, each where it is written.
#[derive(Clone, Debug)]
pub struct Moves(pub Vec<Located<String>>);

/// The keys of moves written in a position; a move the game cannot read is
/// reported by its text.
fn keys(game: &dyn Game, position: &str, moves: &[String]) -> Result<BTreeMap<String, MoveKey>, String> {
    let mut out = BTreeMap::new();
    for m in moves {
        let k = game.move_key(position, m).map_err(|e| format!("'{}': {}", rulecheck_text::shown(m), e.message))?;
        out.insert(k.key.clone(), k);
    }
    Ok(out)
}

impl Kind<[Spanned<String>]> for Moves {
    const ABOUT: About = About::optional_list("moves", "The complete set of legal moves, in any order.");

    fn read(list: &[Spanned<String>], r: &mut Reading<'_, '_>) -> Option<Moves> {
        Some(Moves(r.moves(list)))
    }

    fn check(&self, on: &Replayed<'_>, _: &mut dyn Engine, c: &mut Checking) {
        let Replayed { scenario, game, reference_final, actual, .. } = on;
        let written: Vec<String> = self.0.iter().map(|m| m.value.clone()).collect();
        let (loc, difference) = match keys(game.as_ref(), reference_final, &written) {
            Ok(exp) if exp.keys().eq(actual.keys()) => return,
            Ok(exp) => (
                self.0.first().map(|m| m.loc).unwrap_or(scenario.loc),
                Difference::Moves { expected: displays(&exp), actual: displays(actual) },
            ),
            Err(e) => (scenario.loc, Difference::Said(e)),
        };
        c.wrong(Self::ABOUT.key, loc, difference);
    }
}
