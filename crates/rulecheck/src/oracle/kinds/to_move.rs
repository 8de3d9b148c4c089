//! `to-move`: the side or seat to move after the play, compared only while
//! the game goes on. Once it is over nobody moves again, and the rule pages
//! do not say whose turn a finished game is: an engine may pass the turn
//! on as after any move, or keep it with the last mover. The game is over
//! when the reference says so; an engine that ends it early or late is
//! caught by its moves and its result.

use super::{About, Kind};
use crate::engine::Engine;
use crate::oracle::replayed::Replayed;
use crate::oracle::transcript::Checking;
use crate::oracle::Difference;
use crate::scenario::expect;
use crate::scenario::loader::Reading;
use crate::scenario::Located;
use serde_saphyr::Spanned;

/// The player expected to move, where it is written.
#[derive(Clone, Debug)]
pub struct ToMove(pub Located<String>);

impl Kind<Spanned<String>> for ToMove {
    const ABOUT: About = About::one("to-move", "The player to move afterwards.");

    fn read(tm: &Spanned<String>, r: &mut Reading<'_, '_>) -> Option<ToMove> {
        let loc = r.loc(&tm.referenced);
        match expect::parse_player(&tm.value) {
            Ok(p) => match r.check_player(&p) {
                Ok(()) => Some(ToMove(Located { value: p, loc })),
                Err(e) => {
                    r.err(loc, e);
                    None
                }
            },
            Err(e) => {
                r.notation(&tm.referenced, &e, "bad player");
                None
            }
        }
    }

    fn check(&self, on: &Replayed<'_>, _: &mut dyn Engine, c: &mut Checking) {
        let tm = &self.0;
        if on.game_over() || tm.value == on.replay.to_move {
            return;
        }
        c.wrong(Self::ABOUT.key, tm.loc, Difference::values(None, &tm.value, &on.replay.to_move));
    }
}
