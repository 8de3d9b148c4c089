//! `legal`: moves that must be among the engine's legal moves.

use super::{About, Kind};
use crate::engine::Engine;
use crate::oracle::replayed::{displays, Replayed};
use crate::oracle::transcript::Checking;
use crate::oracle::Difference;
use crate::scenario::loader::Reading;
use crate::scenario::Located;
use serde_saphyr::Spanned;

/// The moves that must be legal, each where it is written.
#[derive(Clone, Debug)]
pub struct Legal(pub Vec<Located<String>>);

impl Kind<[Spanned<String>]> for Legal {
    const ABOUT: About = About::list("legal", "Moves that must be legal.");

    fn read(list: &[Spanned<String>], r: &mut Reading<'_, '_>) -> Option<Legal> {
        let moves = r.moves(list);
        (!moves.is_empty()).then_some(Legal(moves))
    }

    fn check(&self, on: &Replayed<'_>, _: &mut dyn Engine, c: &mut Checking) {
        let Replayed { game, reference_final, actual, .. } = on;
        for m in &self.0 {
            let said = match game.move_key(reference_final, &m.value) {
                Ok(k) if actual.contains_key(&k.key) => continue,
                Ok(k) => {
                    format!("{} is not among {}'s legal moves: {}", k.display, c.answerer(), displays(actual).join(" "))
                }
                Err(e) => e.message,
            };
            c.wrong(Self::ABOUT.key, m.loc, Difference::Said(said));
        }
    }
}
