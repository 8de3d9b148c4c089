//! The engine contract over the protocol: each [`Engine`] request as the
//! protocol's requests, pipelined where the engine declares `pipeline`, and
//! their answers checked for what the protocol requires.

use super::{ProcessEngine, PIPELINE};
use crate::engine::protocol::{RefusedMsg, Request, Response, SetupMsg};
use crate::engine::{Answers, Declared, Engine, EngineError, Explanation, Plan, Setup};
use crate::game::{Action, Options, Rejection, Replay};

impl Engine for ProcessEngine {
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    fn ready(&mut self) -> Result<(), EngineError> {
        self.start().map(|_| ())
    }

    fn supports(&mut self, variant: &str, options: &Options) -> Result<(), String> {
        let declared = self.declared(variant).ok_or_else(|| format!("the engine does not play {variant}"))?;
        // Every setting the engine lacks is named, those that say which
        // game is played first: the first in name order alone may well be
        // one the scenario runs under another value of.
        let missing = crate::engine::undeclared(&declared, variant, options);
        if missing.is_empty() {
            return Ok(());
        }
        let words: Vec<String> = missing.iter().map(|(name, value)| format!("{name}={value}")).collect();
        Err(format!("the engine does not declare {}", words.join(", ")))
    }

    fn declared(&mut self, variant: &str) -> Option<Declared> {
        let hello = self.start().ok()?;
        let entries: Declared =
            hello.variants.iter().flatten().filter(|v| v.id == variant).map(|v| v.options.clone()).collect();
        (!entries.is_empty()).then_some(entries)
    }

    fn stderr(&mut self) -> Option<String> {
        self.stderr_now()
    }

    /// With `pipeline`, the requests of all the plans are written ahead and
    /// answered as they are asked for ([`super::ahead`]).
    fn ask_ahead(&mut self, plans: &[Plan]) {
        self.write_ahead(plans);
    }

    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let s = setup_msg(setup);
        let list = action_strings(actions);
        let sent = list.len();
        self.start()?;
        let play_request = Request::Play { id: 0, setup: s.clone(), actions: list.clone() };
        let moves_request = Request::Moves { id: 0, setup: s, actions: list };
        // With `pipeline`, `moves` goes out with `play`; its answer is read
        // (and dropped) even when `play` is refused, so that the next
        // request gets its own answer.
        let mut ahead = None;
        let play = match self.early(&play_request) {
            Some(answer) => {
                ahead = self.early(&moves_request);
                answer?
            }
            None if self.capable(PIPELINE) => {
                let (play_id, moves_id) = (self.take_id(), self.take_id());
                let pair = vec![play_request.with_id(play_id), moves_request.clone().with_id(moves_id)];
                let mut answers = self.exchange(pair).into_iter();
                let play = answers.next().flatten().unwrap_or_else(|| Err(EngineError::Failed("no answer".into())));
                ahead = answers.next().flatten();
                play?
            }
            None => self.request(|id| play_request.with_id(id))?,
        };
        if let Some(r) = &play.refused {
            return Err(rejected(r, sent));
        }
        let moves = match ahead {
            Some(answer) => answer?,
            None => self.request(|id| moves_request.with_id(id))?,
        };
        if let Some(r) = &moves.refused {
            return Err(rejected(r, sent));
        }
        Ok(Replay {
            position: play.position.ok_or_else(|| missing("position"))?,
            to_move: play.to_move.ok_or_else(|| missing("to_move"))?,
            result: play.result.ok_or_else(|| missing("result"))?,
            moves: moves.moves.ok_or_else(|| missing("moves"))?,
        })
    }

    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        self.start()?;
        let explain = self.capable("explain");
        let request = self.explain_request(setup, played, action);
        let answer = match self.early(&request) {
            Some(answer) => answer?,
            None => self.request(|id| request.with_id(id))?,
        };
        ProcessEngine::explanation(answer, played.len(), explain)
    }

    fn explain_all(&mut self, setup: &Setup<'_>, played: &[Action], actions: &[&Action]) -> Answers<Explanation> {
        let mut early: Vec<Option<Result<Explanation, EngineError>>> = Vec::with_capacity(actions.len());
        if self.has_ahead() && self.start().is_ok() {
            let explain = self.capable("explain");
            for a in actions {
                let request = self.explain_request(setup, played, a);
                early.push(self.early(&request).map(|r| r.and_then(|r| Self::explanation(r, played.len(), explain))));
            }
        }
        let rest: Vec<&Action> = unanswered(&early, actions.len()).map(|i| actions[i]).collect();
        let asked = self.explain_now(setup, played, &rest);
        in_order(early, actions.len(), asked)
    }

    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        self.start()?;
        if !self.capable("perft") {
            return Ok(None);
        }
        let s = setup_msg(setup);
        let request = Request::Perft { id: 0, setup: s, depth };
        let r = match self.early(&request) {
            Some(answer) => answer?,
            None => self.request(|id| request.with_id(id))?,
        };
        r.nodes.map(Some).ok_or_else(|| missing("nodes"))
    }

    fn perft_all(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Answers<Option<u64>> {
        let mut early: Vec<Option<Result<Option<u64>, EngineError>>> = Vec::with_capacity(depths.len());
        if self.has_ahead() && self.start().is_ok() && self.capable("perft") {
            let s = setup_msg(setup);
            for &depth in depths {
                let request = Request::Perft { id: 0, setup: s.clone(), depth };
                early.push(
                    self.early(&request).map(|a| a.and_then(|r| r.nodes.map(Some).ok_or_else(|| missing("nodes")))),
                );
            }
        }
        let rest: Vec<u32> = unanswered(&early, depths.len()).map(|i| depths[i]).collect();
        let counted = self.perft_now(setup, &rest);
        in_order(early, depths.len(), counted)
    }
}

/// The indices of `n` requests that no answer got ahead covers.
fn unanswered<T>(early: &[Option<T>], n: usize) -> impl Iterator<Item = usize> + '_ {
    (0..n).filter(move |&i| early.get(i).is_none_or(Option::is_none))
}

/// `n` answers in order: those got ahead where there are, and for the
/// others, in turn, the answers asked now.
fn in_order<T>(mut early: Vec<Option<Result<T, EngineError>>>, n: usize, now: Answers<T>) -> Answers<T> {
    let mut now = now.into_iter();
    (0..n)
        .map(|i| match early.get_mut(i).and_then(Option::take) {
            Some(answer) => answer,
            None => now.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into()))),
        })
        .collect()
}

impl ProcessEngine {
    /// [`Engine::explain_all`] asked now: in one exchange with `pipeline`,
    /// else one by one.
    fn explain_now(&mut self, setup: &Setup<'_>, played: &[Action], actions: &[&Action]) -> Answers<Explanation> {
        let mut out = Vec::with_capacity(actions.len());
        if actions.len() > 1 {
            if let Err(e) = self.start() {
                out.push(Err(e));
            } else if self.capable(PIPELINE) {
                // Asked now: an engine ended midway has no handshake.
                let explain = self.capable("explain");
                let requests: Vec<Request> = actions
                    .iter()
                    .map(|a| {
                        let id = self.take_id();
                        self.explain_request(setup, played, a).with_id(id)
                    })
                    .collect();
                for answer in self.exchange(requests) {
                    match answer {
                        Some(a) => out.push(a.and_then(|r| ProcessEngine::explanation(r, played.len(), explain))),
                        None => break,
                    }
                }
            }
        }
        // The rest one by one: all of them without `pipeline`, and those an
        // engine ended at an earlier one left unanswered (it starts again).
        for a in &actions[out.len()..] {
            out.push(self.explain(setup, played, a));
        }
        out
    }

    /// [`Engine::perft_all`] asked now, as [`ProcessEngine::explain_now`].
    fn perft_now(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Answers<Option<u64>> {
        let mut out = Vec::with_capacity(depths.len());
        if depths.len() > 1 {
            if let Err(e) = self.start() {
                out.push(Err(e));
            } else if self.capable(PIPELINE) && self.capable("perft") {
                let s = setup_msg(setup);
                let requests: Vec<Request> = depths
                    .iter()
                    .map(|&depth| Request::Perft { id: self.take_id(), setup: s.clone(), depth })
                    .collect();
                for answer in self.exchange(requests) {
                    match answer {
                        Some(a) => out.push(a.and_then(|r| r.nodes.map(Some).ok_or_else(|| missing("nodes")))),
                        None => break,
                    }
                }
            }
        }
        for &d in &depths[out.len()..] {
            out.push(self.perft(setup, d));
        }
        out
    }
}

impl ProcessEngine {
    /// The request that tells whether `action` would be accepted after
    /// `played`: `explain` where the engine serves it, else `play` with the
    /// action appended (then only a refusal is told, without its reason).
    /// Its id is 0, for the caller to set.
    pub(super) fn explain_request(&self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Request {
        let setup = setup_msg(setup);
        let mut actions = action_strings(played);
        let action = action.to_string();
        if self.capable("explain") {
            Request::Explain { id: 0, setup, actions, action }
        } else {
            actions.push(action);
            Request::Play { id: 0, setup, actions }
        }
    }

    /// The answer to [`ProcessEngine::explain_request`] after `sent`
    /// actions, `explain` telling whether it was an `explain` request.
    fn explanation(r: Response, sent: usize, explain: bool) -> Result<Explanation, EngineError> {
        if !explain {
            return Ok(match r.refused {
                Some(_) => Explanation::Refused(None),
                None => Explanation::Accepted,
            });
        }
        if let Some(r) = &r.refused {
            return Err(rejected(r, sent));
        }
        match r.accepted {
            Some(true) => Ok(Explanation::Accepted),
            Some(false) => Ok(Explanation::Refused(r.reason)),
            None => Err(missing("accepted")),
        }
    }
}

pub(super) fn setup_msg(setup: &Setup<'_>) -> SetupMsg {
    SetupMsg {
        variant: setup.variant.to_string(),
        options: setup.options.clone(),
        position: setup.position.map(str::to_string),
    }
}

pub(super) fn action_strings(actions: &[Action]) -> Vec<String> {
    actions.iter().map(|a| a.to_string()).collect()
}

/// A refusal of one of `sent` actions; an index past them is out of
/// protocol.
fn rejected(r: &RefusedMsg, sent: usize) -> EngineError {
    if r.index >= sent {
        return EngineError::Failed(format!(
            "out of protocol: the refused action's index is {}, but {sent} actions were sent",
            r.index
        ));
    }
    EngineError::Rejected(Rejection { index: r.index, reason: r.reason.clone(), position: String::new() })
}

fn missing(what: &str) -> EngineError {
    EngineError::Failed(format!("out of protocol: the answer has no {what}"))
}
