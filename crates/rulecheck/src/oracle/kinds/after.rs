//! `after`: the position after the play. The engine's position must be
//! the scenario's, compared in canonical form and shown as diagrams where
//! it differs. Counters that no rule of the scenario's house rules reads
//! (a move limit's turn counts with no move limit) are left out on both
//! sides: an engine that plays the rule off need not keep them. Once the
//! game is over, the side to move in the position is left out too, as
//! `to-move` is.

use super::{About, Kind};
use crate::engine::Engine;
use crate::oracle::replayed::Replayed;
use crate::oracle::transcript::Checking;
use crate::oracle::{Difference, Failure};
use crate::scenario::loader::Reading;
use crate::scenario::Located;
use serde_saphyr::Spanned;

/// The position expected, canonical, where it is written.
#[derive(Clone, Debug)]
pub struct After(pub Located<String>);

impl Kind<Spanned<String>> for After {
    const ABOUT: About = About::one("after", "The position afterwards (position string or diagram).");

    fn read(after: &Spanned<String>, r: &mut Reading<'_, '_>) -> Option<After> {
        match r.game().normalize_position(&after.value) {
            Ok(fen) => Some(After(Located { value: fen, loc: r.loc(&after.referenced) })),
            Err(e) => {
                r.notation(&after.referenced, &e, "bad position");
                None
            }
        }
    }

    fn check(&self, on: &Replayed<'_>, _: &mut dyn Engine, c: &mut Checking) {
        let Replayed { game, replay, .. } = on;
        let after = &self.0;
        let unread = game.unread_counters();
        let over = on.game_over();
        let compared = |p: &str| {
            let p = if unread.is_empty() { game.normalize_position(p)? } else { game.clear_counters(p, &unread)? };
            if over {
                game.turn_cleared(&p)
            } else {
                Ok(p)
            }
        };
        // The scenario's position was read when it loaded: it reads again.
        let expected = compared(&after.value).unwrap_or_else(|_| after.value.clone());
        let (difference, engine) = match compared(&replay.position) {
            Ok(got) if got == expected => return,
            Ok(got) => {
                let draw = |p: &str| game.diagram(p).map(|d| format!("{p}\n{d}")).unwrap_or_else(|_| format!("{p}\n"));
                let headline = Some("the position differs".to_string());
                (Difference::Text { headline, expected: draw(&expected), actual: draw(&got) }, false)
            }
            Err(e) => {
                let said = format!(
                    "out of protocol: {}'s position '{}' cannot be read: {}",
                    c.answerer(),
                    rulecheck_text::shown(&replay.position),
                    e.message
                );
                (Difference::Said(said), true)
            }
        };
        c.fail(Failure { expectation: Self::ABOUT.key, loc: after.loc, difference, engine });
    }
}
