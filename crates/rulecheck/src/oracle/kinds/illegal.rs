//! `illegal`: moves or actions the engine must refuse, each with the
//! reason it must give if one is named. A move the engine lists as legal,
//! or one that cannot be read, fails without asking; the others are asked
//! together (and ahead, for a pipelined engine), each answer written in
//! the transcript.

use super::{About, Kind, Planning};
use crate::engine::{Engine, EngineError, Explanation};
use crate::game::Action;
use crate::oracle::replayed::{unknown_refusal, Replayed};
use crate::oracle::transcript::Checking;
use crate::oracle::{Difference, Failure, UNNAMED_REASON};
use crate::scenario::expect;
use crate::scenario::loader::Reading;
use crate::scenario::{Loc, Located};
use rulecheck_text::shown;
use serde_saphyr::Spanned;

/// A move or action that must be refused, optionally with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub action: Action,
    pub reason: Option<String>,
}

/// The moves and actions that must be refused, each where it is written.
#[derive(Clone, Debug)]
pub struct Illegal(pub Vec<Located<Refused>>);

impl Kind<[Spanned<String>]> for Illegal {
    const ABOUT: About =
        About::list("illegal", "Moves or actions that must be refused, as `MOVE` or `MOVE: reason-code`.");

    fn read(list: &[Spanned<String>], r: &mut Reading<'_, '_>) -> Option<Illegal> {
        let mut out = Vec::new();
        for item in list {
            let (step, reason) = match expect::parse_illegal(&item.value) {
                Ok(parsed) => parsed,
                Err(e) => {
                    r.notation(&item.referenced, &e, "bad illegal entry");
                    continue;
                }
            };
            let loc = r.place(&item.referenced, 1, step.col);
            match &step.action {
                Action::Move(m) => {
                    if !r.checked_move(item, m, step.col) {
                        continue;
                    }
                }
                other => {
                    if let Err(e) = r.check_actor(other) {
                        r.err(loc, e);
                        continue;
                    }
                }
            }
            if let Some((code, col)) = &reason {
                let refusals = &r.catalog().vocabulary.refusals;
                if !refusals.contains_key(code) {
                    let hint = rulecheck_text::did_you_mean(refusals.keys().map(String::as_str), code);
                    let at = r.place(&item.referenced, 1, *col);
                    r.err(
                        at,
                        format!("unknown reason '{}'{hint}; reasons are listed in spec/reasons.yaml", shown(code)),
                    );
                    continue;
                }
            }
            out.push(Located { value: Refused { action: step.action, reason: reason.map(|r| r.0) }, loc });
        }
        (!out.is_empty()).then_some(Illegal(out))
    }

    fn plan(&self, p: &mut Planning<'_>) -> Option<()> {
        p.plan.explain.extend(self.0.iter().map(|r| r.value.action.clone()));
        Some(())
    }

    fn check(&self, on: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking) {
        let Replayed { game, setup, played, reference_final, actual, .. } = on;
        let who = c.answerer();
        let said = |loc: Loc, words: String, engine: bool| Failure {
            expectation: Self::ABOUT.key,
            loc,
            difference: Difference::Said(words),
            engine,
        };
        // A move listed as legal, or one that cannot be read, fails at once;
        // the questions about the others go out together, answered in order.
        let listed_failures: Vec<Option<Failure>> = self
            .0
            .iter()
            .map(|r| {
                let Action::Move(m) = &r.value.action else { return None };
                match game.move_key(reference_final, m) {
                    Ok(k) if actual.contains_key(&k.key) => {
                        Some(said(r.loc, format!("{} must be illegal, but {who} lists it as legal", k.display), false))
                    }
                    Ok(_) => None,
                    Err(e) => Some(said(r.loc, e.message, false)),
                }
            })
            .collect();
        let asked: Vec<&Action> =
            self.0.iter().zip(&listed_failures).filter(|(_, f)| f.is_none()).map(|(r, _)| &r.value.action).collect();
        let mut answers = engine.explain_all(setup, played, &asked).into_iter();
        for (r, failure) in self.0.iter().zip(listed_failures) {
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
                    shown(&code)
                ))),
                other => other,
            };
            let given = match &answer {
                Ok(Explanation::Accepted) => "accepted".to_string(),
                Ok(Explanation::Refused(Some(code))) => code.clone(),
                Ok(Explanation::Refused(None)) => "refused".to_string(),
                Err(e) => format!("error: {e}"),
            };
            c.answered(format!("illegal: {action} -> {given}"));
            match (answer, &r.value.reason) {
                (Ok(Explanation::Accepted), _) => {
                    c.fail(said(r.loc, format!("'{action}' must be refused, but {who} accepts it"), false))
                }
                (Ok(Explanation::Refused(Some(got))), Some(want)) if &got != want => {
                    let headline = Some(format!("'{action}' is refused for the wrong reason"));
                    c.wrong(Self::ABOUT.key, r.loc, Difference::values(headline, want, got))
                }
                (Err(e), _) => c.fail(said(r.loc, format!("{who} failed: {e}"), true)),
                _ => {}
            }
        }
    }
}
