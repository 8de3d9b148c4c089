//! The expectations about where the play leaves the game: the position
//! (`after`), whose turn it is (`to-move`) and the result; and what makes
//! an engine's refusal reason out of protocol (outside the vocabulary of
//! `spec/reasons.yaml`; a result out of protocol is decided in the replay,
//! [`super::replayed`]).

use super::replayed::Replayed;
use super::transcript::Checking;
use super::{Difference, Failure};
use crate::game::{Action, Game};
use crate::scenario::Scenario;

/// Whether a refusal reason is outside the vocabulary of `spec/reasons.yaml`.
pub fn unknown_refusal(code: &str) -> bool {
    crate::catalog::vocabulary().is_ok_and(|v| !v.refusals.contains_key(code))
}

/// `after`: the engine's position is the scenario's, compared in canonical
/// form and shown as diagrams where it differs. Counters that no rule of
/// the scenario's house rules reads (a move limit's turn counts with no
/// move limit) are left out on both sides: an engine that plays the rule
/// off need not keep them. Once the game is over, the side to move in the
/// position is left out too, as `to-move` is.
pub(super) fn after(r: &Replayed<'_>, c: &mut Checking) {
    let Replayed { scenario, game, played, replay, .. } = r;
    let ex = &scenario.expect;
    if let Some(after) = &ex.after {
        let unread = game.unread_counters();
        let over = game_over(game.as_ref(), scenario, played);
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
        match compared(&replay.position) {
            Ok(got) if got == expected => {}
            Ok(got) => {
                let draw = |p: &str| game.diagram(p).map(|d| format!("{p}\n{d}")).unwrap_or_else(|_| format!("{p}\n"));
                c.fail(Failure {
                    expectation: "after",
                    loc: after.loc,
                    difference: Difference::Text {
                        headline: Some("the position differs".to_string()),
                        expected: draw(&expected),
                        actual: draw(&got),
                    },
                    engine: false,
                });
            }
            Err(e) => {
                let who = c.answerer();
                c.fail(Failure {
                    expectation: "after",
                    loc: after.loc,
                    difference: Difference::Said(format!(
                        "out of protocol: {who}'s position '{}' cannot be read: {}",
                        rulecheck_text::shown(&replay.position),
                        e.message
                    )),
                    engine: true,
                })
            }
        }
    }
}

/// `to-move`: the side or seat to move after the play, compared only while
/// the game goes on. Once it is over nobody moves again, and the rule pages
/// do not say whose turn a finished game is: an engine may pass the turn
/// on as after any move, or keep it with the last mover. The game is over
/// when the reference says so; an engine that ends it early or late is
/// caught by its moves and its result.
pub(super) fn to_move(r: &Replayed<'_>, c: &mut Checking) {
    let Replayed { scenario, game, played, replay, .. } = r;
    let ex = &scenario.expect;
    if let Some(tm) = &ex.to_move {
        if game_over(game.as_ref(), scenario, played) {
            return;
        }
        if tm.value != replay.to_move {
            c.fail(Failure {
                expectation: "to-move",
                loc: tm.loc,
                difference: Difference::Text {
                    headline: None,
                    expected: format!("{}\n", tm.value),
                    actual: format!("{}\n", replay.to_move),
                },
                engine: false,
            });
        }
    }
}

/// Whether the reference's game is over after the scenario's play.
fn game_over(game: &dyn Game, scenario: &Scenario, played: &[Action]) -> bool {
    let start = scenario.position.clone().unwrap_or_else(|| game.start_position());
    game.replay(&start, played).is_ok_and(|r| r.result != ONGOING)
}

/// The result of a game that goes on, as every engine writes it.
const ONGOING: &str = "ongoing";

/// `result`: the game's result after the play.
pub(super) fn result(r: &Replayed<'_>, c: &mut Checking) {
    let Replayed { scenario, replay, .. } = r;
    let ex = &scenario.expect;
    if let Some(res) = &ex.result {
        if !res.value.accepts(&replay.result) {
            c.fail(Failure {
                expectation: "result",
                loc: res.loc,
                difference: Difference::Text {
                    headline: None,
                    expected: format!("{}\n", res.value),
                    actual: format!("{}\n", replay.result),
                },
                engine: false,
            });
        }
    }
}
