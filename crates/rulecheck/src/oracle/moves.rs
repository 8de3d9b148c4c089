//! The expectations about moves: the complete move list (`moves`), moves
//! that must be among the engine's (`legal`), and moves or actions it must
//! refuse, with their reasons (`illegal`). Moves are compared by identity,
//! never by spelling.

use std::collections::BTreeMap;

use super::outcome::unknown_refusal;
use super::replayed::{displays, Replayed};
use super::transcript::Checking;
use super::{Difference, Failure, UNNAMED_REASON};
use crate::engine::{Engine, EngineError, Explanation};
use crate::game::{Action, Game, MoveKey};

/// The keys of moves written in a position; a move the game cannot read is
/// reported by its text.
pub(super) fn keys(game: &dyn Game, position: &str, moves: &[String]) -> Result<BTreeMap<String, MoveKey>, String> {
    let mut out = BTreeMap::new();
    for m in moves {
        let k = game.move_key(position, m).map_err(|e| format!("'{}': {}", rulecheck_text::shown(m), e.message))?;
        out.insert(k.key.clone(), k);
    }
    Ok(out)
}

/// `moves`: the engine's legal moves are exactly the scenario's.
pub(super) fn listed(r: &Replayed<'_>, c: &mut Checking) {
    let Replayed { scenario, game, reference_final, actual, .. } = r;
    let ex = &scenario.expect;
    if let Some(expected) = &ex.moves {
        let written: Vec<String> = expected.iter().map(|m| m.value.clone()).collect();
        match keys(game.as_ref(), reference_final, &written) {
            Ok(exp) => {
                if exp.keys().ne(actual.keys()) {
                    let loc = expected.first().map(|m| m.loc).unwrap_or(scenario.loc);
                    c.fail(Failure {
                        expectation: "moves",
                        loc,
                        difference: Difference::Moves { expected: displays(&exp), actual: displays(actual) },
                        engine: false,
                    });
                }
            }
            Err(e) => c.fail(Failure {
                expectation: "moves",
                loc: scenario.loc,
                difference: Difference::Said(e),
                engine: false,
            }),
        }
    }
}

/// `legal`: each move is among the engine's legal moves.
pub(super) fn legal(r: &Replayed<'_>, c: &mut Checking) {
    let Replayed { scenario, game, reference_final, actual, .. } = r;
    let ex = &scenario.expect;
    for m in &ex.legal {
        match game.move_key(reference_final, &m.value) {
            Ok(k) if actual.contains_key(&k.key) => {}
            Ok(k) => {
                let who = c.answerer();
                c.fail(Failure {
                    expectation: "legal",
                    loc: m.loc,
                    difference: Difference::Said(format!(
                        "{} is not among {who}'s legal moves: {}",
                        k.display,
                        displays(actual).join(" ")
                    )),
                    engine: false,
                })
            }
            Err(e) => c.fail(Failure {
                expectation: "legal",
                loc: m.loc,
                difference: Difference::Said(e.message),
                engine: false,
            }),
        }
    }
}

/// `illegal`: each move or action is refused, for the reason named if one
/// is. A move the engine lists as legal, or one that cannot be read, fails
/// without asking; the others are asked together.
pub(super) fn illegal(r: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking) {
    let Replayed { scenario, game, setup, played, reference_final, actual, .. } = r;
    let ex = &scenario.expect;
    let who = c.answerer();
    let said = |loc, words: String, engine| Failure {
        expectation: "illegal",
        loc,
        difference: Difference::Said(words),
        engine,
    };
    // questions go out together, and are answered in order.
    let mut listed_failures: Vec<Option<Failure>> = Vec::with_capacity(ex.illegal.len());
    for r in &ex.illegal {
        let action = &r.value.action;
        let mut failure = None;
        if let Action::Move(m) = action {
            match game.move_key(reference_final, m) {
                Ok(k) if actual.contains_key(&k.key) => {
                    failure =
                        Some(said(r.loc, format!("{} must be illegal, but {who} lists it as legal", k.display), false));
                }
                Ok(_) => {}
                Err(e) => {
                    failure = Some(said(r.loc, e.message, false));
                }
            }
        }
        listed_failures.push(failure);
    }
    let asked: Vec<&Action> =
        ex.illegal.iter().zip(&listed_failures).filter(|(_, f)| f.is_none()).map(|(r, _)| &r.value.action).collect();
    let mut answers = engine.explain_all(setup, played, &asked).into_iter();
    for (r, failure) in ex.illegal.iter().zip(listed_failures) {
        let action = &r.value.action;
        if let Some(f) = failure {
            c.fail(f);
            continue;
        }
        let answer = answers.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into())));
        // `illegal` is the vocabulary's refusal without a reason: only the
        // refusal is checked, as when the engine gives no reason at all.
        let answer = match answer {
            Ok(Explanation::Refused(Some(code))) if code == UNNAMED_REASON => Ok(Explanation::Refused(None)),
            Ok(Explanation::Refused(Some(code))) if unknown_refusal(&code) => Err(EngineError::Failed(format!(
                "out of protocol: the refusal reason '{}' is not a refusal reason of spec/reasons.yaml",
                rulecheck_text::shown(&code)
            ))),
            other => other,
        };
        let shown = match &answer {
            Ok(Explanation::Accepted) => "accepted".to_string(),
            Ok(Explanation::Refused(Some(code))) => code.clone(),
            Ok(Explanation::Refused(None)) => "refused".to_string(),
            Err(e) => format!("error: {e}"),
        };
        c.answered(format!("illegal: {action} -> {shown}"));
        match (answer, &r.value.reason) {
            (Ok(Explanation::Accepted), _) => {
                c.fail(said(r.loc, format!("'{action}' must be refused, but {who} accepts it"), false))
            }
            (Ok(Explanation::Refused(Some(got))), Some(want)) if &got != want => c.fail(Failure {
                expectation: "illegal",
                loc: r.loc,
                difference: Difference::Text {
                    headline: Some(format!("'{action}' is refused for the wrong reason")),
                    expected: format!("{want}\n"),
                    actual: format!("{got}\n"),
                },
                engine: false,
            }),
            (Err(e), _) => c.fail(said(r.loc, format!("{who} failed: {e}"), true)),
            _ => {}
        }
    }
}
