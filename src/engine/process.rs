//! An external engine: a program speaking the engine protocol on its
//! standard input and output. The command is run directly, never through a
//! shell. Every request has a timeout; an engine that crashes, hangs or
//! answers out of protocol is reported as an error for the scenario at hand,
//! killed, and started again for the next one. Its standard error is kept
//! for the report.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;

use super::protocol::{Request, Response, SetupMsg, VERSION};
use super::{Engine, EngineError, Explanation, Setup};
use crate::game::{Action, Options, Rejection, Replay};

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub timeout: Duration,
    /// The engine's expected-failures file, if it has one.
    pub expected_failures: Option<PathBuf>,
}

/// The config file form of an [`EngineSpec`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineFile {
    #[serde(default)]
    name: Option<String>,
    command: String,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    dir: Option<PathBuf>,
    /// Seconds per request.
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default, rename = "expected-failures")]
    expected_failures: Option<PathBuf>,
}

/// Seconds an engine gets to answer one request unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Longest timeout accepted: a day a request.
const MAX_TIMEOUT_SECS: f64 = 86_400.0;

/// A timeout given in seconds: a number above 0, at most a day.
pub fn timeout_from_secs(secs: f64) -> Result<Duration, String> {
    if !(secs > 0.0 && secs <= MAX_TIMEOUT_SECS) {
        return Err(format!("{secs} is not a number of seconds above 0 and at most {MAX_TIMEOUT_SECS}"));
    }
    Duration::try_from_secs_f64(secs).map_err(|e| format!("{secs} seconds: {e}"))
}

/// Largest engine config file read.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

impl EngineSpec {
    /// From a command line such as `python3 adapter.py --fast`, split as a
    /// POSIX shell would split words, but run without a shell.
    pub fn from_command_line(line: &str) -> Result<EngineSpec, String> {
        let words = shlex::split(line).ok_or_else(|| format!("cannot split the engine command '{line}'"))?;
        let (command, args) = words.split_first().ok_or("the engine command is empty")?;
        Ok(EngineSpec {
            name: line.to_string(),
            command: command.clone(),
            args: args.to_vec(),
            dir: None,
            timeout: DEFAULT_TIMEOUT,
            expected_failures: None,
        })
    }

    /// From an engine config file (YAML: command, args, dir, timeout,
    /// expected-failures); relative paths are relative to the file.
    pub fn from_file(path: &Path) -> Result<EngineSpec, String> {
        let text = crate::files::read_text(path, MAX_CONFIG_BYTES)?;
        let f: EngineFile = serde_saphyr::from_str(&text).map_err(|e| {
            let loc = e.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
            format!("{}{loc}: {}", path.display(), e.to_string().lines().next().unwrap_or(""))
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        let timeout = match f.timeout {
            Some(t) => timeout_from_secs(t).map_err(|e| format!("{}: timeout: {e}", path.display()))?,
            None => DEFAULT_TIMEOUT,
        };
        Ok(EngineSpec {
            name: f.name.unwrap_or_else(|| f.command.clone()),
            command: f.command,
            args: f.args,
            dir: Some(f.dir.map(|d| base.join(d)).unwrap_or_else(|| base.to_path_buf())),
            timeout,
            expected_failures: f.expected_failures.map(|p| base.join(p)),
        })
    }
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// An engine run as a separate process.
pub struct ProcessEngine {
    spec: EngineSpec,
    running: Option<Running>,
    hello: Option<Response>,
    next_id: u64,
    stderr: Arc<Mutex<String>>,
}

/// Most standard error kept per scenario.
const STDERR_KEEP: usize = 16 * 1024;

impl ProcessEngine {
    pub fn new(spec: EngineSpec) -> ProcessEngine {
        ProcessEngine { spec, running: None, hello: None, next_id: 1, stderr: Arc::new(Mutex::new(String::new())) }
    }

    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// Start the engine and shake hands; the handshake's answer.
    pub fn start(&mut self) -> Result<&Response, EngineError> {
        if self.running.is_none() {
            self.spawn()?;
        }
        self.hello.as_ref().ok_or_else(|| EngineError::Failed("no handshake".into()))
    }

    fn spawn(&mut self) -> Result<(), EngineError> {
        let mut cmd = Command::new(&self.spec.command);
        cmd.args(&self.spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = &self.spec.dir {
            cmd.current_dir(dir);
        }
        let mut child =
            cmd.spawn().map_err(|e| EngineError::Failed(format!("cannot start '{}': {e}", self.spec.command)))?;
        let stdin = child.stdin.take().ok_or_else(|| EngineError::Failed("no standard input".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| EngineError::Failed("no standard output".into()))?;
        let mut stderr = child.stderr.take().ok_or_else(|| EngineError::Failed("no standard error".into()))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let log = Arc::clone(&self.stderr);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = log.lock() {
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if s.len() > STDERR_KEEP {
                        let cut = s.len() - STDERR_KEEP;
                        let cut = (cut..s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(s.len());
                        s.drain(..cut);
                    }
                }
            }
        });
        self.running = Some(Running { child, stdin, lines: rx });
        let id = self.take_id();
        // The handshake also waits for the program to start (an interpreter
        // loading its libraries), which a short per-request limit should not
        // cut off: it gets at least the default limit.
        let hello =
            self.send_within(Request::Hello { id, protocol: VERSION }, self.spec.timeout.max(DEFAULT_TIMEOUT))?;
        if hello.variants.is_none() {
            self.stop();
            return Err(EngineError::Failed("the handshake names no variants".into()));
        }
        self.hello = Some(hello);
        Ok(())
    }

    fn take_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Kill the engine; the next request starts it again.
    fn stop(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
        self.hello = None;
    }

    fn send(&mut self, request: Request) -> Result<Response, EngineError> {
        self.send_within(request, self.spec.timeout)
    }

    fn send_within(&mut self, request: Request, timeout: Duration) -> Result<Response, EngineError> {
        let id = request.id();
        let line = serde_json::to_string(&request).map_err(|e| EngineError::Failed(e.to_string()))?;
        let Some(run) = self.running.as_mut() else {
            return Err(EngineError::Failed("the engine is not running".into()));
        };
        if writeln!(run.stdin, "{line}").and_then(|_| run.stdin.flush()).is_err() {
            let status = run.child.try_wait().ok().flatten().map(|s| s.to_string()).unwrap_or_default();
            self.stop();
            return Err(EngineError::Failed(format!("the engine closed its input ({status})")));
        }
        let answer = match run.lines.recv_timeout(timeout) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => {
                self.stop();
                return Err(EngineError::Failed(format!(
                    "no answer within {:.1}s (request {id})",
                    timeout.as_secs_f64()
                )));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = run.child.wait().map(|s| s.to_string()).unwrap_or_default();
                self.stop();
                return Err(EngineError::Failed(format!("the engine exited ({status})")));
            }
        };
        let response: Response = match serde_json::from_str(&answer) {
            Ok(r) => r,
            Err(e) => {
                self.stop();
                return Err(EngineError::Failed(format!("out of protocol: '{}': {e}", truncate(&answer, 200))));
            }
        };
        if response.id != id {
            self.stop();
            return Err(EngineError::Failed(format!(
                "out of protocol: answer to request {} for request {id}",
                response.id
            )));
        }
        if let Some(e) = &response.error {
            return Err(EngineError::Failed(format!("the engine reports an error: {e}")));
        }
        Ok(response)
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
        if self.running.is_some() {
            let id = self.take_id();
            let _ = self.send(Request::Quit { id });
        }
        self.stop();
    }
}

fn truncate(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

fn setup_msg(setup: &Setup<'_>) -> SetupMsg {
    SetupMsg {
        variant: setup.variant.to_string(),
        options: setup.options.clone(),
        position: setup.position.map(str::to_string),
    }
}

fn action_strings(actions: &[Action]) -> Vec<String> {
    actions.iter().map(|a| a.to_string()).collect()
}

/// A refusal of one of `sent` actions; an index past them is out of
/// protocol.
fn rejected(r: &super::protocol::RefusedMsg, sent: usize) -> EngineError {
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

impl Engine for ProcessEngine {
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    fn supports(&mut self, variant: &str, options: &Options) -> Result<(), String> {
        let declared = self.declared(variant).ok_or_else(|| format!("the engine does not play {variant}"))?;
        for (name, value) in options {
            if !super::declares(&declared, variant, name, value) {
                return Err(format!("the engine does not declare {name}={value}"));
            }
        }
        Ok(())
    }

    fn declared(&mut self, variant: &str) -> Option<std::collections::BTreeMap<String, Vec<String>>> {
        let hello = self.start().ok()?;
        hello.variants.iter().flatten().find(|v| v.id == variant).map(|v| v.options.clone())
    }

    fn stderr(&mut self) -> Option<String> {
        let mut s = self.stderr.lock().ok()?;
        (!s.is_empty()).then(|| std::mem::take(&mut *s))
    }

    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let s = setup_msg(setup);
        let list = action_strings(actions);
        let sent = list.len();
        let play = self.request(|id| Request::Play { id, setup: s.clone(), actions: list.clone() })?;
        if let Some(r) = &play.refused {
            return Err(rejected(r, sent));
        }
        let moves = self.request(|id| Request::Moves { id, setup: s, actions: list })?;
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
        let s = setup_msg(setup);
        let list = action_strings(played);
        self.start()?;
        if self.capable("explain") {
            let a = action.to_string();
            let sent = list.len();
            let r = self.request(|id| Request::Explain { id, setup: s, actions: list, action: a })?;
            if let Some(r) = &r.refused {
                return Err(rejected(r, sent));
            }
            return match r.accepted {
                Some(true) => Ok(Explanation::Accepted),
                Some(false) => Ok(Explanation::Refused(r.reason)),
                None => Err(missing("accepted")),
            };
        }
        // Without explanations: play the action and see whether it is refused.
        let mut all = list;
        all.push(action.to_string());
        let r = self.request(|id| Request::Play { id, setup: s, actions: all })?;
        Ok(match r.refused {
            Some(_) => Explanation::Refused(None),
            None => Explanation::Accepted,
        })
    }

    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        self.start()?;
        if !self.capable("perft") {
            return Ok(None);
        }
        let s = setup_msg(setup);
        let r = self.request(|id| Request::Perft { id, setup: s, depth })?;
        r.nodes.map(Some).ok_or_else(|| missing("nodes"))
    }
}
