//! `captured`: the squares whose pieces the last move of the play took, in
//! any order; `[]` says it took none. It is read off the engine's own
//! positions before and after that move (the play without its last move is
//! replayed too, and asked ahead of a pipelined engine): the squares that
//! held a piece of an opponent of the mover before and hold none of that
//! opponent's after. Not "the squares jumped over", which a move list
//! already says, nor "the start square is empty": a draughts piece may end
//! a circular capture on its own start square. An engine that leaves a
//! captured piece on the board, or takes the wrong one, fails here even
//! where its move lists are right.

use super::{About, Kind, Planning};
use crate::engine::Engine;
use crate::game::{Action, Game};
use crate::oracle::replayed::Replayed;
use crate::oracle::transcript::Checking;
use crate::oracle::{Difference, Failure};
use crate::scenario::loader::Reading;
use crate::scenario::{Loc, Located};
use rulecheck_game::notation::NotationError;
use rulecheck_text::{natural, shown};
use serde_saphyr::Spanned;

/// The squares expected, canonical and in natural order, where the list
/// is written.
#[derive(Clone, Debug)]
pub struct Captured(pub Located<Vec<String>>);

impl Kind<Spanned<Vec<Spanned<String>>>> for Captured {
    const ABOUT: About = About::optional_list(
        "captured",
        "The squares whose pieces the last move of `play` captured, in any order; `[]` for none.",
    );

    /// Squares numbered on a draughts board are written as YAML numbers
    /// (`[14, 23]`) as often as texts.
    fn schema() -> schemars::Schema {
        schemars::json_schema!({
            "description": Self::ABOUT.text,
            "type": ["array", "null"],
            "default": null,
            "items": { "type": ["string", "integer"] }
        })
    }

    fn read(list: &Spanned<Vec<Spanned<String>>>, r: &mut Reading<'_, '_>) -> Option<Captured> {
        let loc = r.loc(&list.referenced);
        let why = match r.play().last().map(|step| &step.value) {
            Some(Action::Move(_)) => None,
            None => Some("the scenario plays nothing: give the move under `play`".to_string()),
            Some(other) => Some(format!("the last step of `play`, '{}', is not a move", shown(&other.to_string()))),
        };
        if let Some(why) = why {
            r.err(loc, format!("`captured` names the squares the last move of `play` captured, but {why}"));
            return None;
        }
        let mut squares: Vec<String> = Vec::new();
        let mut ok = true;
        for item in &list.value {
            let text = item.value.trim();
            let lead = item.value.len() - item.value.trim_start().len();
            match r.game().normalize_square(text) {
                Ok(square) if squares.contains(&square) => {
                    let at = r.place(&item.referenced, 1, lead + 1);
                    r.err(at, format!("square {square} is given twice"));
                    ok = false;
                }
                Ok(square) => squares.push(square),
                Err(e) => {
                    let e = NotationError::new(1, lead + e.col, e.message);
                    r.notation(&item.referenced, &e, "bad square");
                    ok = false;
                }
            }
        }
        squares.sort_by_key(|s| natural(s));
        ok.then_some(Captured(Located { value: squares, loc }))
    }

    fn plan(&self, p: &mut Planning<'_>) -> Option<()> {
        if let Some((_, before)) = p.plan.played.split_last() {
            p.plan.replays.push(before.to_vec());
        }
        Some(())
    }

    fn check(&self, on: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking) {
        let Replayed { game, setup, played, replay, .. } = on;
        let Some((_, before_last)) = played.split_last() else { return };
        let loc = self.0.loc;
        let before = match engine.replay(setup, before_last) {
            Ok(r) => r.position,
            Err(e) => {
                let said = format!("{} failed to replay the play without its last move: {e}", c.answerer());
                return engine_failed(c, loc, said);
            }
        };
        c.answered(format!("before the last move: {before}"));
        if let Some(said) = unreadable(game.as_ref(), &[&before, &replay.position], c.answerer()) {
            return engine_failed(c, loc, said);
        }
        let actual = match game.captured(&before, &replay.position) {
            Ok(squares) => squares,
            Err(e) => return engine_failed(c, loc, format!("out of protocol: {}", e.message)),
        };
        c.answered(format!("captured ({}): {}", actual.len(), actual.join(" ")));
        if actual != self.0.value {
            c.wrong(Self::ABOUT.key, loc, Difference::Squares { expected: self.0.value.clone(), actual });
        }
    }
}

/// Why one of the engine's positions cannot be read, if one cannot.
fn unreadable(game: &dyn Game, positions: &[&str], who: &str) -> Option<String> {
    positions.iter().find_map(|p| {
        let e = game.normalize_position(p).err()?;
        Some(format!("out of protocol: {who}'s position '{}' cannot be read: {}", shown(p), e.message))
    })
}

/// The engine failed where `captured` is written.
fn engine_failed(c: &mut Checking, loc: Loc, said: String) {
    c.fail(Failure { expectation: Captured::ABOUT.key, loc, difference: Difference::Said(said), engine: true });
}
