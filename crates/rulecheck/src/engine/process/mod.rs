//! An external engine: a program speaking the engine protocol on its
//! standard input and output. The command is run directly, never through a
//! shell, in a process group of its own. The handshake has a start-up
//! allowance and every other request a time limit; an answer is one line of
//! UTF-8 of at most [`MAX_LINE`] bytes. An engine that crashes, hangs,
//! closes its output or answers out of protocol is reported as an error for
//! the scenario at hand, killed with its whole process group, and started
//! again for the next one; one that then fails to start is not tried
//! again, and every scenario left is an error at once. Its standard error
//! is kept for the report, and every text kept from an engine (a reason, a
//! message, its standard error) is bounded ([`TEXT_KEEP`], [`STDERR_KEEP`])
//! and says where it was cut. When rulecheck itself cannot go on (its file
//! descriptors or processes exhausted, a thread it cannot start), the run
//! stops as on a signal ([`crate::interrupt::fail`]): the engine is not
//! blamed.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::protocol::{Request, Response, VERSION};
use super::EngineError;

mod ahead;
mod bounds;
mod lines;
mod pipe;
mod reaper;
mod requests;
mod spec;

use bounds::{bounded, Stderr};
pub use bounds::{STDERR_KEEP, TEXT_KEEP};
pub use lines::{LineProcess, Received};
use pipe::{soon, Line, Running, Wait};
pub use spec::*;

/// A request as one line of JSON, its line break included.
fn request_line(request: &Request) -> Result<Vec<u8>, EngineError> {
    let mut line = serde_json::to_vec(request).map_err(|e| EngineError::Failed(e.to_string()))?;
    line.push(b'\n');
    Ok(line)
}

/// The error of a run stopped by a signal.
fn stopped(signal: &str) -> EngineError {
    EngineError::Failed(format!("the run was stopped by {signal}"))
}

/// An engine run as a separate process.
pub struct ProcessEngine {
    spec: EngineSpec,
    running: Option<Running>,
    hello: Option<Response>,
    next_id: u64,
    stderr: Arc<Mutex<Stderr>>,
    /// Why the engine failed to start, once it has: it is not started
    /// again (every request fails at once, saying why).
    failed_start: Option<String>,
    /// The requests written and not yet answered, in words, so that a
    /// crash or a timeout names the request it happened on.
    asked: Vec<(u64, String)>,
    /// Requests asked ahead of the oracle, and their answers.
    ahead: ahead::Ahead,
}

/// Whether a failure to start a process or a thread is rulecheck's own
/// (its descriptors, processes or memory exhausted) rather than the
/// engine's (a command that is missing or cannot be run).
fn own_failure(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        matches!(e.raw_os_error(), Some(libc::EMFILE | libc::ENFILE | libc::EAGAIN | libc::ENOMEM))
    }
    #[cfg(not(unix))]
    {
        matches!(e.kind(), std::io::ErrorKind::OutOfMemory)
    }
}

/// rulecheck's own failure: the run stops, as on a signal, and the request
/// fails with the stop's message.
fn own(why: String) -> EngineError {
    crate::interrupt::fail(&why);
    stopped(crate::interrupt::requested().unwrap_or("rulecheck's own failure"))
}

impl ProcessEngine {
    pub fn new(spec: EngineSpec) -> ProcessEngine {
        ProcessEngine {
            spec,
            running: None,
            hello: None,
            next_id: 1,
            stderr: Arc::new(Mutex::new(Stderr::default())),
            failed_start: None,
            asked: Vec::new(),
            ahead: ahead::Ahead::default(),
        }
    }

    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// Start the engine and shake hands; the handshake's answer. An engine
    /// that failed to start (after a crash, say) is not tried again: each
    /// scenario left would otherwise wait out its start-up allowance.
    pub fn start(&mut self) -> Result<&Response, EngineError> {
        if self.running.is_none() {
            if let Some(why) = &self.failed_start {
                return Err(EngineError::Failed(format!(
                    "the engine failed to start earlier in this run ({why}); it is not started again for the rest of the run"
                )));
            }
            if let Err(e) = self.spawn() {
                // A failure that is the engine's: a stop or rulecheck's own
                // failure is not.
                if crate::interrupt::requested().is_none() {
                    self.failed_start = Some(e.to_string());
                }
                return Err(e);
            }
        }
        self.hello.as_ref().ok_or_else(|| EngineError::Failed("no handshake".into()))
    }

    fn spawn(&mut self) -> Result<(), EngineError> {
        self.running = Some(lines::launch(&self.spec, &self.stderr)?);
        let id = self.take_id();
        let hello = self.send(Request::Hello { id, protocol: VERSION })?;
        let refuse = |this: &mut ProcessEngine, why: String| {
            this.stop();
            Err(EngineError::Failed(why))
        };
        match hello.protocol {
            Some(v) if v == VERSION => {}
            Some(v) => {
                return refuse(
                    self,
                    format!("the engine speaks protocol version {v}; rulecheck speaks version {VERSION}"),
                )
            }
            None => {
                return refuse(
                    self,
                    format!("the handshake names no protocol version; rulecheck speaks version {VERSION}"),
                )
            }
        }
        if hello.variants.is_none() {
            return refuse(self, "the handshake names no variants".into());
        }
        self.hello = Some(hello);
        Ok(())
    }

    fn take_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Kill the engine and its process group; the next request starts it
    /// again.
    fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.kill();
        }
        self.hello = None;
        self.asked.clear();
        self.ahead.lost();
    }

    fn send(&mut self, request: Request) -> Result<Response, EngineError> {
        // Answers still due to requests written ahead come first.
        self.settle();
        let kind = Limit::of(&request);
        let limit = self.limit(kind);
        let id = request.id();
        let line = request_line(&request)?;
        self.asked.push((id, request.describe()));
        let Some(run) = self.running.as_mut() else {
            return Err(EngineError::Failed("the engine is not running".into()));
        };
        let deadline = Instant::now().checked_add(limit);
        if run.write(&line).is_err() {
            return Err(self.closed_input(deadline));
        }
        self.receive(id, kind, deadline)
    }

    /// The time limit of a kind of request.
    fn limit(&self, kind: Limit) -> Duration {
        match kind {
            Limit::Startup => self.spec.startup_timeout,
            Limit::Request => self.spec.timeout,
            Limit::Perft => self.spec.perft_limit(),
        }
    }

    /// The engine's input is closed: its exit status if it has one, and the
    /// engine ended.
    fn closed_input(&mut self, deadline: Option<Instant>) -> EngineError {
        let status = self
            .running
            .as_mut()
            .and_then(|run| run.exited_by(soon(deadline)))
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        self.stop();
        EngineError::Failed(format!("the engine closed its input{status}"))
    }

    /// The answer to request `id`, waited for until `deadline`.
    fn receive(&mut self, id: u64, kind: Limit, deadline: Option<Instant>) -> Result<Response, EngineError> {
        let limit = self.limit(kind);
        let Some(run) = self.running.as_mut() else {
            return Err(EngineError::Failed("the engine is not running".into()));
        };
        let during = self.asked.iter().find(|(i, _)| *i == id).map(|(_, d)| d.clone());
        let failed = |this: &mut ProcessEngine, why: String| {
            this.stop();
            Err(EngineError::Failed(match &during {
                Some(d) => format!("{why}, on {d}"),
                None => why,
            }))
        };
        let answer = match run.lines.wait(deadline) {
            Wait::Line(Line::Text(l)) => l,
            Wait::Line(Line::NotUtf8(l)) => {
                return failed(
                    self,
                    format!("out of protocol: an answer that is not UTF-8 (request {id}): '{}'", truncate(&l, 200)),
                )
            }
            Wait::Line(Line::TooLong) => {
                return failed(
                    self,
                    format!("out of protocol: an answer line longer than {} MiB (request {id})", MAX_LINE >> 20),
                )
            }
            Wait::Line(Line::Failed(e)) => return failed(self, format!("cannot read the engine's answer: {e}")),
            Wait::Timeout => return failed(self, kind.missed(limit, id)),
            Wait::Stopped(signal) => return failed(self, stopped(signal).to_string()),
            Wait::Closed => {
                // The output ends when the engine exits, or when it closes
                // it and goes on running: that one cannot answer either.
                let why = match run.exited_by(soon(deadline)) {
                    Some(status) => format!("the engine exited ({status})"),
                    None => format!("the engine closed its standard output but is still running (request {id})"),
                };
                return failed(self, why);
            }
        };
        let response: Response = match serde_json::from_str(&answer) {
            Ok(r) => bounded(r),
            // The first line is where an engine that has not read the
            // protocol goes wrong (a banner, a prompt): it is told what the
            // protocol wants there, not only what the JSON parser saw.
            Err(e) if kind == Limit::Startup => {
                return failed(
                    self,
                    format!(
                        "out of protocol: expected the answer to the handshake (`hello`) as the first line, a JSON \
                         object such as {{\"id\": {id}, \"name\": \"my-engine\", \"protocol\": {VERSION}, \"variants\": \
                         [...]}} (spec/protocol.md), got '{}' ({e})",
                        truncate(&answer, 200)
                    ),
                )
            }
            Err(e) => return failed(self, format!("out of protocol: '{}': {e}", truncate(&answer, 200))),
        };
        if response.id != id {
            return failed(self, format!("out of protocol: answer to request {} for request {id}", response.id));
        }
        self.asked.retain(|(i, _)| *i != id);
        if let Some(e) = &response.error {
            return Err(EngineError::Failed(format!("the engine reports an error: {e}")));
        }
        if let Some(why) = &response.unsupported {
            return Err(EngineError::Unsupported(why.clone()));
        }
        Ok(response)
    }

    /// Several requests at once to an engine that declares `pipeline`: they
    /// are written ahead of their answers (never more than [`WINDOW`] bytes
    /// of them unanswered, so that neither side can block the other on a
    /// full pipe), and each answer has the time limit from the moment the
    /// one before it came, as if the requests had been sent one by one.
    /// The answers in order; `None` for a request left unanswered because
    /// the engine was ended at an earlier one (the caller may ask it again,
    /// which starts the engine again).
    fn exchange(&mut self, requests: Vec<Request>) -> Vec<Option<Result<Response, EngineError>>> {
        self.settle();
        let mut out: Vec<Option<Result<Response, EngineError>>> = Vec::with_capacity(requests.len());
        let mut lines = Vec::with_capacity(requests.len());
        for r in &requests {
            match request_line(r) {
                Ok(l) => {
                    self.asked.push((r.id(), r.describe()));
                    lines.push(l)
                }
                Err(e) => {
                    // Not one request is sent: the first is the one that
                    // fails, and the rest are for the caller to ask again.
                    out.push(Some(Err(e)));
                    out.resize_with(requests.len(), || None);
                    return out;
                }
            }
        }
        let mut written = 0;
        let mut pending = 0usize;
        while out.len() < requests.len() {
            let limit = requests.get(out.len()).map_or(self.spec.timeout, |r| self.limit(Limit::of(r)));
            let Some(run) = self.running.as_mut() else {
                out.resize_with(requests.len(), || None);
                break;
            };
            let started = Instant::now().checked_add(limit);
            // Write what fits in the window (always the next request to be
            // answered, whatever its size), in one write, once half the
            // window is answered: the engine then reads many requests at a
            // time, not one after each answer.
            let window = run.window;
            let mut batch = Vec::new();
            if written == out.len() || pending <= window / 2 {
                while written < lines.len() && (written == out.len() || pending + lines[written].len() <= window) {
                    pending += lines[written].len();
                    batch.extend_from_slice(&lines[written]);
                    written += 1;
                }
            }
            if !batch.is_empty() && run.write(&batch).is_err() {
                // The engine went away: the answer waited for is the one to
                // report, as when requests are sent one by one.
                let e = self.closed_input(started);
                out.push(Some(Err(e)));
                continue;
            }
            let i = out.len();
            let answer = self.receive(requests[i].id(), Limit::of(&requests[i]), started);
            pending -= lines[i].len();
            out.push(Some(answer));
        }
        out
    }

    fn request(&mut self, make: impl FnOnce(u64) -> Request) -> Result<Response, EngineError> {
        self.start()?;
        let id = self.take_id();
        self.send(make(id))
    }

    fn capable(&self, what: &str) -> bool {
        self.hello.as_ref().and_then(|h| h.capabilities.as_ref()).is_some_and(|c| c.iter().any(|x| x == what))
    }
}

impl Drop for ProcessEngine {
    fn drop(&mut self) {
        // Ask the engine to quit and give it a moment to exit; then end its
        // process group, whatever it left running. A stopped run does not
        // wait.
        if self.running.is_some() && crate::interrupt::requested().is_none() {
            let id = self.take_id();
            if self.send(Request::Quit { id }).is_ok() {
                let grace = Instant::now().checked_add(self.spec.timeout.min(Duration::from_secs(1)));
                if let Some(r) = self.running.as_mut() {
                    let _ = r.exited_by(grace);
                }
            }
        }
        self.stop();
    }
}

/// Which time limit a request has: the handshake its start-up allowance,
/// perft its own limit (a count may rightly take longer than a move list),
/// every other request the request limit.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Limit {
    Startup,
    Request,
    Perft,
}

impl Limit {
    pub(super) fn of(request: &Request) -> Limit {
        match request {
            Request::Hello { .. } => Limit::Startup,
            Request::Perft { .. } => Limit::Perft,
            _ => Limit::Request,
        }
    }

    /// Why request `id` has failed when no answer came within `limit`:
    /// what was waited for, and where the limit is set.
    fn missed(self, limit: Duration, id: u64) -> String {
        let secs = limit.as_secs_f64();
        match self {
            Limit::Startup => format!(
                "no handshake within {secs:.1}s (the start-up allowance: --startup-timeout, or startup-timeout in an engine config file)"
            ),
            Limit::Perft => format!(
                "no answer within {secs:.1}s (request {id}; the perft limit: --perft-timeout, or perft-timeout in an engine config file)"
            ),
            Limit::Request => format!("no answer within {secs:.1}s (request {id})"),
        }
    }
}

fn truncate(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}
