//! Requests asked ahead of the oracle ([`crate::engine::Engine::ask_ahead`]):
//! for an engine that declares `pipeline`, the requests of a run of
//! scenarios are written at once, as far as the engine's input pipe takes
//! them, and their answers are read as the oracle comes to each one, so
//! that the engine answers the next scenarios while rulecheck checks the
//! first. Answers are kept by request and taken once each, in order.

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use super::{request_line, ProcessEngine, PIPELINE};
use crate::engine::protocol::{Request, Response, SetupMsg};
use crate::engine::{EngineError, Plan, Setup};

/// An answer read ahead, with the standard error the engine wrote with it.
type Answered = (Result<Response, EngineError>, String);

/// The requests asked ahead and what has come of them.
#[derive(Default)]
pub(super) struct Ahead {
    /// Written, the answer not read yet, in order: the request (its id 0),
    /// its id and its size in bytes.
    written: VecDeque<(Request, u64, usize)>,
    /// Not written yet (the pipe holds the rest): the request, its id and
    /// its line.
    unwritten: VecDeque<(Request, u64, Vec<u8>)>,
    /// Bytes of the `written` requests.
    pending: usize,
    /// Answers read, by request, in the order they came, each with the
    /// standard error that goes with it.
    answered: HashMap<Request, VecDeque<Answered>>,
    /// The standard error of the answers taken, for the scenario checked.
    pub(super) stderr: String,
    /// How many of each request are written or to be written.
    awaited: HashMap<Request, usize>,
    /// Whether perfts are asked ahead: not once a count asked ahead went
    /// unused (the engine writes its positions otherwise than the
    /// reference, and would count every such tree twice).
    no_perft: bool,
}

impl Ahead {
    fn forget(&mut self, request: &Request) {
        if let Some(n) = self.awaited.get_mut(request) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.awaited.remove(request);
            }
        }
    }

    /// The engine has ended: nothing written will be answered.
    pub(super) fn lost(&mut self) {
        self.written.clear();
        self.unwritten.clear();
        self.awaited.clear();
        self.pending = 0;
    }
}

impl ProcessEngine {
    /// Write the plans' requests ahead (see the module doc); the answers
    /// not taken from the last run are read and dropped first.
    pub(super) fn write_ahead(&mut self, plans: &[Plan]) {
        self.settle();
        if self.ahead.answered.iter().any(|(r, left)| matches!(r, Request::Perft { .. }) && !left.is_empty()) {
            self.ahead.no_perft = true;
        }
        self.ahead.answered.clear();
        if plans.is_empty() || self.start().is_err() || !self.capable(PIPELINE) {
            return;
        }
        let perft = !self.ahead.no_perft && self.capable("perft");
        let mut keys = Vec::new();
        for p in plans {
            let setup = Setup { variant: &p.variant, options: &p.options, position: p.position.as_deref() };
            let s = super::requests::setup_msg(&setup);
            // A replay asks `play` and `moves` together: both go ahead.
            for played in std::iter::once(&p.played).chain(&p.replays) {
                let list = super::requests::action_strings(played);
                keys.push(Request::Play { id: 0, setup: s.clone(), actions: list.clone() });
                keys.push(Request::Moves { id: 0, setup: s.clone(), actions: list });
            }
            for a in &p.explain {
                keys.push(self.explain_request(&setup, &p.played, a));
            }
            if let (true, Some((at, depths))) = (perft, &p.perft) {
                let s = SetupMsg { position: Some(at.clone()), ..s };
                keys.extend(depths.iter().map(|&depth| Request::Perft { id: 0, setup: s.clone(), depth }));
            }
        }
        for key in keys {
            let id = self.take_id();
            let Ok(line) = request_line(&key.clone().with_id(id)) else { continue };
            *self.ahead.awaited.entry(key.clone()).or_default() += 1;
            self.ahead.unwritten.push_back((key, id, line));
        }
        self.fill();
    }

    /// Write what waits to be written and fits in the pipe, in one write,
    /// once half of what was written is answered (or all of it): the
    /// engine then reads many requests at a time, not one after each
    /// answer.
    fn fill(&mut self) {
        let Some(run) = self.running.as_mut() else { return };
        let a = &mut self.ahead;
        if !(a.written.is_empty() || a.pending <= run.window / 2) {
            return;
        }
        let mut batch = Vec::new();
        while let Some((_, _, line)) = a.unwritten.front() {
            if !a.written.is_empty() && a.pending + line.len() > run.window {
                break;
            }
            let Some((key, id, line)) = a.unwritten.pop_front() else { break };
            a.pending += line.len();
            batch.extend_from_slice(&line);
            self.asked.push((id, key.describe()));
            a.written.push_back((key, id, line.len()));
        }
        if !batch.is_empty() && run.write(&batch).is_err() {
            // The engine went away: the first answer waited for reports it.
            let first = self.ahead.written.front().map(|(key, _, _)| key.clone());
            let e = self.closed_input(Instant::now().checked_add(self.spec.timeout));
            if let Some(key) = first {
                let stderr = self.take_stderr();
                self.ahead.answered.entry(key).or_default().push_back((Err(e), stderr));
            }
        }
    }

    /// Read the next answer written ahead and keep it; `false` when none
    /// is waited for. An engine that fails it is ended (and nothing more
    /// written is waited for).
    ///
    /// What an engine writes to its standard error cannot be told apart
    /// by request once requests are written ahead (it may be answering
    /// scenarios ahead of the one checked): it goes with the first failed
    /// answer after it, a crash above all (the engine is waited for, so its
    /// last words are in), and so with that answer's scenario.
    fn read_one(&mut self) -> bool {
        let Some((key, id, len)) = self.ahead.written.pop_front() else { return false };
        self.ahead.pending -= len;
        self.ahead.forget(&key);
        let kind = super::Limit::of(&key);
        let answer = self.receive(id, kind, Instant::now().checked_add(self.limit(kind)));
        let stderr = if matches!(answer, Err(EngineError::Failed(_))) { self.take_stderr() } else { String::new() };
        self.ahead.answered.entry(key).or_default().push_back((answer, stderr));
        self.fill();
        true
    }

    /// Every answer still due, read and kept, so that the next request
    /// written gets the next answer; what was not written yet is dropped.
    pub(super) fn settle(&mut self) {
        let dropped: Vec<Request> = self.ahead.unwritten.drain(..).map(|(key, _, _)| key).collect();
        for key in &dropped {
            self.ahead.forget(key);
        }
        while self.read_one() {}
    }

    /// The answer asked ahead to `request` (its id 0), read now if it is
    /// still to come; `None` if it was not asked ahead, or the engine ended
    /// before it answered (it is then asked again).
    pub(super) fn early(&mut self, request: &Request) -> Option<Result<Response, EngineError>> {
        loop {
            if let Some(answer) = self.take_answered(request) {
                return Some(answer);
            }
            if !self.ahead.awaited.contains_key(request) {
                return None;
            }
            if self.ahead.written.is_empty() {
                self.fill();
            }
            if !self.read_one() {
                // Nothing more comes: an engine that went away as the
                // requests were written left its error with the first.
                return self.take_answered(request);
            }
        }
    }

    /// The first answer kept for `request`, with its standard error.
    fn take_answered(&mut self, request: &Request) -> Option<Result<Response, EngineError>> {
        let queue = self.ahead.answered.get_mut(request)?;
        let (answer, stderr) = queue.pop_front()?;
        if queue.is_empty() {
            self.ahead.answered.remove(request);
        }
        super::bounds::keep_last(&mut self.ahead.stderr, &stderr);
        Some(answer)
    }

    /// What the engine wrote to its standard error and no answer has
    /// taken yet.
    fn take_stderr(&mut self) -> String {
        self.stderr.lock().map(|mut s| s.take()).unwrap_or_default()
    }

    /// The standard error for the scenario just checked: what its answers
    /// asked ahead brought, and what the engine wrote since, unless the
    /// engine may still be answering requests written ahead (that text
    /// then waits for the answer it goes with).
    pub(super) fn stderr_now(&mut self) -> Option<String> {
        let mut text = std::mem::take(&mut self.ahead.stderr);
        if self.ahead.written.is_empty() && self.ahead.unwritten.is_empty() {
            text.push_str(&self.take_stderr());
        }
        (!text.is_empty()).then_some(text)
    }

    /// Whether any answer asked ahead may still be taken.
    pub(super) fn has_ahead(&self) -> bool {
        !self.ahead.answered.is_empty() || !self.ahead.awaited.is_empty()
    }
}
