//! An external engine: a program speaking the engine protocol on its
//! standard input and output. The command is run directly, never through a
//! shell, in a process group of its own. The handshake has a start-up
//! allowance and every other request a time limit; an answer is one line of
//! UTF-8 of at most [`MAX_LINE`] bytes. An engine that crashes, hangs,
//! closes its output or answers out of protocol is reported as an error for
//! the scenario at hand, killed with its whole process group, and started
//! again for the next one. Its standard error is kept for the report.

use std::collections::{HashMap, VecDeque};
#[cfg(not(unix))]
use std::io::{BufRead, BufReader};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
#[cfg(not(unix))]
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;

use super::protocol::{Request, Response, SetupMsg, VERSION};
use super::{Engine, EngineError, Explanation, Plan, Setup};
use crate::game::{Action, Options, Rejection, Replay};

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    /// The time limit of each request but the handshake.
    pub timeout: Duration,
    /// The time the engine gets to start and answer the handshake.
    pub startup_timeout: Duration,
    /// The engine's expected-failures file, if it has one.
    pub expected_failures: Option<PathBuf>,
}

/// The config file form of an [`EngineSpec`], also one entry of the
/// engines file of `rulecheck matrix` (where `builtin: reference` names the
/// built-in engine instead of a command).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineFile {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub command: Option<String>,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub dir: Option<PathBuf>,
    /// Seconds per request.
    #[serde(default)]
    pub timeout: Option<f64>,
    /// Seconds to start and answer the handshake.
    #[serde(default, rename = "startup-timeout")]
    pub startup_timeout: Option<f64>,
    #[serde(default, rename = "expected-failures")]
    pub expected_failures: Option<PathBuf>,
    /// `reference`: the built-in engine (engines files only).
    #[serde(default)]
    pub builtin: Option<String>,
}

/// The capability of an engine that reads requests while it answers, so
/// that several may be written ahead of their answers.
pub const PIPELINE: &str = "pipeline";

/// Seconds an engine gets to answer one request unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Seconds an engine gets to start and answer the handshake unless told
/// otherwise: generous, since an interpreter may take seconds to start on a
/// loaded machine.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(60);

/// The longest answer line read from an engine, in bytes (the newline not
/// counted): a longer one is out of protocol.
pub const MAX_LINE: usize = 4 * 1024 * 1024;

/// Longest time limit accepted: a day.
const MAX_TIMEOUT_SECS: f64 = 86_400.0;

/// A time limit from a number of seconds: above 0 and at most a day.
pub fn seconds(value: f64) -> Result<Duration, String> {
    if !(value > 0.0 && value <= MAX_TIMEOUT_SECS) {
        return Err(format!(
            "{value} is not a time limit: give a number of seconds above 0 and at most {MAX_TIMEOUT_SECS}"
        ));
    }
    Duration::try_from_secs_f64(value).map_err(|e| format!("{value} seconds: {e}"))
}

/// [`seconds`] from text, for the command line.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let value: f64 =
        text.trim().parse().map_err(|_| format!("'{text}' is not a number of seconds (for example 2.5)"))?;
    seconds(value)
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
            startup_timeout: DEFAULT_STARTUP_TIMEOUT,
            expected_failures: None,
        })
    }

    /// From an engine config file (YAML: command, args, dir, timeout,
    /// startup-timeout, expected-failures). Relative paths (`dir`,
    /// `expected-failures`, and a `command` with a slash in it) are relative
    /// to the file's directory, which is also where the engine runs unless
    /// `dir` says otherwise; a bare command name is looked up on PATH.
    pub fn from_file(path: &Path) -> Result<EngineSpec, String> {
        let text = crate::files::read_text(path, MAX_CONFIG_BYTES)?;
        let f: EngineFile = serde_saphyr::from_str(&text).map_err(|e| {
            let loc = e.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
            format!("{}{loc}: {}", path.display(), e.to_string().lines().next().unwrap_or(""))
        })?;
        if f.builtin.is_some() {
            return Err(format!(
                "{}: `builtin` names the built-in engine in an engines file of `rulecheck matrix`; \
                 an engine config file gives a `command` (without --engine the built-in engine is used)",
                path.display()
            ));
        }
        let base = path.parent().unwrap_or(Path::new("."));
        f.into_spec(base, &path.display().to_string())
    }
}

impl EngineFile {
    /// The engine this entry starts; relative paths are relative to `base`,
    /// and `origin` (a file, an entry of one) prefixes every message.
    pub fn into_spec(self, base: &Path, origin: &str) -> Result<EngineSpec, String> {
        let limit = |key: &str, value: Option<f64>, default: Duration| match value {
            None => Ok(default),
            Some(v) => seconds(v).map_err(|e| format!("{origin}: {key}: {e}")),
        };
        let command = self.command.ok_or_else(|| format!("{origin}: no `command` to start the engine with"))?;
        // A config file named bare (`engine.yaml`) has an empty parent. The
        // base is made absolute: a relative command would otherwise be read
        // against the engine's own directory once it is started there.
        let base = if base.as_os_str().is_empty() { Path::new(".") } else { base };
        let base = &std::path::absolute(base).unwrap_or_else(|_| base.to_path_buf());
        // A command with a slash is a path, relative to the file like every
        // other path in it; a bare name is looked up on PATH.
        let command = if command.contains('/') && Path::new(&command).is_relative() {
            base.join(&command).to_string_lossy().into_owned()
        } else {
            command
        };
        Ok(EngineSpec {
            name: self.name.unwrap_or_else(|| command.clone()),
            timeout: limit("timeout", self.timeout, DEFAULT_TIMEOUT)?,
            startup_timeout: limit("startup-timeout", self.startup_timeout, DEFAULT_STARTUP_TIMEOUT)?,
            command,
            args: self.args,
            dir: Some(self.dir.map(|d| base.join(d)).unwrap_or_else(|| base.to_path_buf())),
            expected_failures: self.expected_failures.map(|p| base.join(p)),
        })
    }
}

/// What the reader of an engine's standard output hands on.
enum Line {
    Text(String),
    /// A line that is not UTF-8, shown with its bad bytes replaced.
    NotUtf8(String),
    /// A line longer than [`MAX_LINE`]: nothing more is read.
    TooLong,
    /// Reading failed.
    Failed(String),
}

#[cfg(not(unix))]
/// Read lines of at most [`MAX_LINE`] bytes until the end of the output, a
/// line too long, or a receiver that has gone.
fn read_lines(stdout: impl Read, tx: mpsc::Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut buf = Vec::new();
        let limit = u64::try_from(MAX_LINE).unwrap_or(u64::MAX).saturating_add(1);
        let line = match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
            Ok(0) => return,
            Ok(_) => {
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                } else if buf.len() > MAX_LINE {
                    let _ = tx.send(Line::TooLong);
                    return;
                }
                match String::from_utf8(buf) {
                    Ok(s) => Line::Text(s),
                    Err(e) => Line::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned()),
                }
            }
            Err(e) => {
                let _ = tx.send(Line::Failed(e.to_string()));
                return;
            }
        };
        if tx.send(line).is_err() {
            return;
        }
    }
}

/// Most bytes of requests written to an engine ahead of their answers
/// where the pipe's size is not known: one page, the least a pipe holds on
/// Linux, so that a write of requests never blocks on an engine busy
/// answering the ones before them.
const WINDOW: usize = 4096;

/// The bytes of requests that may be written ahead of their answers: what
/// the engine's input pipe holds (never less than [`WINDOW`]), so that the
/// engine may read them at its pace while rulecheck reads its answers.
#[cfg(target_os = "linux")]
fn window(stdin: &ChildStdin) -> usize {
    use nix::fcntl::{fcntl, FcntlArg};
    fcntl(stdin, FcntlArg::F_GETPIPE_SZ)
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .map_or(WINDOW, |n| n.clamp(WINDOW, 1 << 20))
}

#[cfg(not(target_os = "linux"))]
fn window(_stdin: &ChildStdin) -> usize {
    WINDOW
}

/// A request as one line of JSON, its line break included.
fn request_line(request: &Request) -> Result<Vec<u8>, EngineError> {
    let mut line = serde_json::to_vec(request).map_err(|e| EngineError::Failed(e.to_string()))?;
    line.push(b'\n');
    Ok(line)
}

/// How long a wait on an engine sleeps between looks at the stop flag.
const POLL: Duration = Duration::from_millis(50);

/// The error of a run stopped by a signal.
fn stopped(signal: &str) -> EngineError {
    EngineError::Failed(format!("the run was stopped by {signal}"))
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Answers,
    /// Bytes of requests that may be unanswered at once ([`window`]).
    window: usize,
    /// Disconnected once the reader of the engine's standard error has
    /// read it all.
    stderr_read: mpsc::Receiver<()>,
}

/// How long an ended engine's standard error is waited for: what it wrote
/// as it crashed belongs to the scenario it crashed in, not to the next.
/// Only a process that left the engine's group and holds the stream open
/// makes the wait this long.
const STDERR_DRAIN: Duration = Duration::from_secs(1);

impl Running {
    /// Write request lines to the engine, in one write where the pipe
    /// takes them: an engine reading its input sees whole lines at once.
    fn write(&mut self, lines: &[u8]) -> std::io::Result<()> {
        self.stdin.write_all(lines)?;
        self.stdin.flush()
    }

    /// Kill the engine's whole process group, then the engine itself (in
    /// case it left its group), and reap it.
    fn kill(mut self) {
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            use nix::sys::signal::{killpg, Signal};
            let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = self.stderr_read.recv_timeout(STDERR_DRAIN);
    }

    /// The engine's exit status once it has exited, waiting for it until
    /// `deadline` at most; `None` while it still runs.
    fn exited_by(&mut self, deadline: Option<Instant>) -> Option<std::process::ExitStatus> {
        let mut nap = Duration::from_micros(50);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) || crate::interrupt::requested().is_some() {
                return None;
            }
            // Short naps first: an engine that has closed its pipes or
            // answered `quit` is usually gone within microseconds, and a
            // run should not wait out a long nap for it.
            let left = deadline.map(|d| d - now).unwrap_or(POLL);
            std::thread::sleep(left.min(nap));
            nap = (nap * 2).min(Duration::from_millis(10));
        }
    }
}

/// How long an engine whose pipes have closed is given to exit, so that a
/// crash is told from an engine that closed its output and goes on running.
const EXIT_GRACE: Duration = Duration::from_secs(3);

/// The earlier of `deadline` and [`EXIT_GRACE`] from now.
fn soon(deadline: Option<Instant>) -> Option<Instant> {
    let grace = Instant::now().checked_add(EXIT_GRACE);
    match (deadline, grace) {
        (Some(d), Some(g)) => Some(d.min(g)),
        (d, g) => d.or(g),
    }
}

/// What came of waiting for an answer line.
enum Wait {
    Line(Line),
    Timeout,
    /// The engine's output ended.
    Closed,
    Stopped(&'static str),
}

#[cfg(not(unix))]
fn wait_line(lines: &Receiver<Line>, deadline: Option<Instant>) -> Wait {
    loop {
        if let Some(signal) = crate::interrupt::requested() {
            return Wait::Stopped(signal);
        }
        let slice = match deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => left.min(POLL),
                _ => return Wait::Timeout,
            },
            None => POLL,
        };
        match lines.recv_timeout(slice) {
            Ok(l) => return Wait::Line(l),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Wait::Closed,
        }
    }
}

/// An engine's answer lines, as they come. On Unix the pipe is read where
/// the answer is waited for, with `poll` for the time limit, so that an
/// answer wakes rulecheck directly rather than through a reader thread.
#[cfg(unix)]
struct Answers {
    out: std::process::ChildStdout,
    /// Bytes read and not yet handed on.
    buf: Vec<u8>,
    /// Where a read lands, kept from read to read.
    chunk: Vec<u8>,
    /// The output has ended (or failed, with the error): nothing more is
    /// read.
    ended: bool,
    failed: Option<String>,
}

#[cfg(unix)]
impl Answers {
    fn new(out: std::process::ChildStdout) -> Answers {
        Answers { out, buf: Vec::new(), chunk: vec![0; 64 * 1024], ended: false, failed: None }
    }

    /// The next line, as a reader of at most [`MAX_LINE`] bytes a line
    /// would hand it on (the last line may end without a line break),
    /// waited for until `deadline` at most.
    fn wait(&mut self, deadline: Option<Instant>) -> Wait {
        use nix::poll::{poll, PollFd, PollFlags};
        use std::os::fd::AsFd;
        loop {
            if let Some(signal) = crate::interrupt::requested() {
                return Wait::Stopped(signal);
            }
            let seen = self.buf.len().min(MAX_LINE + 1);
            if let Some(i) = self.buf[..seen].iter().position(|&b| b == b'\n') {
                let mut line: Vec<u8> = self.buf.drain(..=i).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Wait::Line(text(line));
            }
            if self.buf.len() > MAX_LINE {
                self.buf = Vec::new();
                self.ended = true;
                return Wait::Line(Line::TooLong);
            }
            if self.ended {
                if let Some(e) = self.failed.take() {
                    return Wait::Line(Line::Failed(e));
                }
                if !self.buf.is_empty() {
                    return Wait::Line(text(std::mem::take(&mut self.buf)));
                }
                return Wait::Closed;
            }
            let slice = match deadline {
                Some(d) => match d.checked_duration_since(Instant::now()) {
                    Some(left) if !left.is_zero() => left.min(POLL),
                    _ => return Wait::Timeout,
                },
                None => POLL,
            };
            // Whole milliseconds, rounded up: a wait of less than one
            // would not wait at all.
            let ms = u16::try_from(slice.as_micros().div_ceil(1000)).unwrap_or(u16::MAX);
            let mut fds = [PollFd::new(self.out.as_fd(), PollFlags::POLLIN)];
            match poll(&mut fds, ms) {
                Ok(0) | Err(nix::errno::Errno::EINTR) => continue,
                Ok(_) => {}
                Err(e) => {
                    self.failed = Some(e.to_string());
                    self.ended = true;
                    continue;
                }
            }
            match self.out.read(&mut self.chunk) {
                Ok(0) => self.ended = true,
                Ok(n) => self.buf.extend_from_slice(&self.chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = Some(e.to_string());
                    self.ended = true;
                }
            }
        }
    }
}

/// A line read, without its line break, as text.
fn text(line: Vec<u8>) -> Line {
    match String::from_utf8(line) {
        Ok(s) => Line::Text(s),
        Err(e) => Line::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// Elsewhere a thread reads the lines and hands them on.
#[cfg(not(unix))]
struct Answers {
    lines: Receiver<Line>,
}

#[cfg(not(unix))]
impl Answers {
    fn new(out: std::process::ChildStdout) -> Answers {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || read_lines(out, tx));
        Answers { lines: rx }
    }

    fn wait(&mut self, deadline: Option<Instant>) -> Wait {
        wait_line(&self.lines, deadline)
    }
}

/// An engine run as a separate process.
pub struct ProcessEngine {
    spec: EngineSpec,
    running: Option<Running>,
    hello: Option<Response>,
    next_id: u64,
    stderr: Arc<Mutex<String>>,
    /// The requests written and not yet answered, in words, so that a
    /// crash or a timeout names the request it happened on.
    asked: Vec<(u64, String)>,
    /// Answers got ahead ([`Engine::ask_ahead`]), by request (its id set
    /// to 0), each taken once, in the order they came.
    ahead: HashMap<Request, VecDeque<Early>>,
    /// What the answers taken from `ahead` brought: the engine's standard
    /// error while it answered them, and its time on them.
    early_stderr: String,
    early_seconds: f64,
    /// Whether perfts are asked ahead: not once a count asked ahead went
    /// unused (the engine writes its positions otherwise than the
    /// reference, and would count every such tree twice).
    guess_perft: bool,
}

/// An answer got ahead, with the seconds it took and the standard error
/// it brings.
struct Early {
    answer: Result<Response, EngineError>,
    stderr: String,
    seconds: f64,
}

/// How long each answer of an exchange took (only when asked ahead).
type Notes = Vec<f64>;

/// Most standard error kept per scenario.
const STDERR_KEEP: usize = 16 * 1024;

impl ProcessEngine {
    pub fn new(spec: EngineSpec) -> ProcessEngine {
        ProcessEngine {
            spec,
            running: None,
            hello: None,
            next_id: 1,
            stderr: Arc::new(Mutex::new(String::new())),
            asked: Vec::new(),
            ahead: HashMap::new(),
            early_stderr: String::new(),
            early_seconds: 0.0,
            guess_perft: true,
        }
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
        if let Some(signal) = crate::interrupt::requested() {
            return Err(stopped(signal));
        }
        let mut cmd = Command::new(&self.spec.command);
        cmd.args(&self.spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = &self.spec.dir {
            cmd.current_dir(dir);
        }
        // A group of its own: ending the engine ends whatever it started,
        // and a Ctrl-C at the terminal reaches rulecheck, which ends it.
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child =
            cmd.spawn().map_err(|e| EngineError::Failed(format!("cannot start '{}': {e}", self.spec.command)))?;
        let (Some(stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Failed("the engine's standard streams could not be opened".into()));
        };
        let log = Arc::clone(&self.stderr);
        let (read_all, stderr_read) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            let _read_all = read_all;
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
        let window = window(&stdin);
        self.running = Some(Running { child, stdin, lines: Answers::new(stdout), window, stderr_read });
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
    }

    fn send(&mut self, request: Request) -> Result<Response, EngineError> {
        let hello = matches!(request, Request::Hello { .. });
        let limit = if hello { self.spec.startup_timeout } else { self.spec.timeout };
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
        self.receive(id, hello, deadline)
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
    fn receive(&mut self, id: u64, hello: bool, deadline: Option<Instant>) -> Result<Response, EngineError> {
        let limit = if hello { self.spec.startup_timeout } else { self.spec.timeout };
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
                return failed(self, format!("out of protocol: an answer that is not UTF-8 (request {id}): '{}'", truncate(&l, 200)))
            }
            Wait::Line(Line::TooLong) => {
                return failed(
                    self,
                    format!("out of protocol: an answer line longer than {} MiB (request {id})", MAX_LINE >> 20),
                )
            }
            Wait::Line(Line::Failed(e)) => return failed(self, format!("cannot read the engine's answer: {e}")),
            Wait::Timeout if hello => {
                return failed(
                    self,
                    format!(
                        "no handshake within {:.1}s (the start-up allowance: --startup-timeout, or startup-timeout in an engine config file)",
                        limit.as_secs_f64()
                    ),
                )
            }
            Wait::Timeout => {
                return failed(self, format!("no answer within {:.1}s (request {id})", limit.as_secs_f64()))
            }
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
            Ok(r) => r,
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
    fn exchange(
        &mut self,
        requests: Vec<Request>,
        mut notes: Option<&mut Notes>,
    ) -> Vec<Option<Result<Response, EngineError>>> {
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
            let Some(run) = self.running.as_mut() else {
                out.resize_with(requests.len(), || None);
                break;
            };
            let began = Instant::now();
            let started = began.checked_add(self.spec.timeout);
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
                if let Some(notes) = notes.as_deref_mut() {
                    notes.push(began.elapsed().as_secs_f64());
                }
                continue;
            }
            let i = out.len();
            let answer = self.receive(requests[i].id(), false, started);
            pending -= lines[i].len();
            out.push(Some(answer));
            if let Some(notes) = notes.as_deref_mut() {
                notes.push(began.elapsed().as_secs_f64());
            }
        }
        out
    }

    /// The answer got ahead to `request` (its id 0), if there is one.
    fn early(&mut self, request: &Request) -> Option<Result<Response, EngineError>> {
        let queue = self.ahead.get_mut(request)?;
        let e = queue.pop_front()?;
        if queue.is_empty() {
            self.ahead.remove(request);
        }
        self.early_stderr.push_str(&e.stderr);
        self.early_seconds += e.seconds;
        Some(e.answer)
    }

    fn request(&mut self, make: impl FnOnce(u64) -> Request) -> Result<Response, EngineError> {
        self.start()?;
        let id = self.take_id();
        self.send(make(id))
    }

    /// The request that tells whether `action` would be accepted after
    /// `played`: `explain` where the engine serves it, else `play` with the
    /// action appended (then only a refusal is told, without its reason).
    /// Its id is 0, for the caller to set.
    fn explain_request(&self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Request {
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

    fn ready(&mut self) -> Result<(), EngineError> {
        self.start().map(|_| ())
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
        let mut text = std::mem::take(&mut self.early_stderr);
        if let Ok(mut s) = self.stderr.lock() {
            text.push_str(&std::mem::take(&mut *s));
        }
        (!text.is_empty()).then_some(text)
    }

    /// With `pipeline`, the requests of all the plans go out in one
    /// exchange: the engine reads them as fast as it answers, and rulecheck
    /// waits for a run of scenarios once instead of for each request. The
    /// answers are kept by request and handed out as the oracle asks; any
    /// request not asked ahead, or left unanswered by an engine that ended,
    /// is asked when it comes.
    fn ask_ahead(&mut self, plans: &[Plan]) {
        if self.ahead.keys().any(|r| matches!(r, Request::Perft { .. })) {
            self.guess_perft = false;
        }
        self.ahead.clear();
        if plans.is_empty() || self.start().is_err() || !self.capable(PIPELINE) {
            return;
        }
        let perft = self.guess_perft && self.capable("perft");
        let mut keys = Vec::new();
        for p in plans {
            let setup = Setup { variant: &p.variant, options: &p.options, position: p.position.as_deref() };
            let s = setup_msg(&setup);
            let list = action_strings(&p.played);
            keys.push(Request::Play { id: 0, setup: s.clone(), actions: list.clone() });
            keys.push(Request::Moves { id: 0, setup: s.clone(), actions: list });
            for a in &p.explain {
                keys.push(self.explain_request(&setup, &p.played, a));
            }
            if let (true, Some((at, depths))) = (perft, &p.perft) {
                let s = SetupMsg { position: Some(at.clone()), ..s };
                keys.extend(depths.iter().map(|&depth| Request::Perft { id: 0, setup: s.clone(), depth }));
            }
        }
        let requests = keys.iter().map(|k| k.clone().with_id(self.take_id())).collect();
        let mut notes = Notes::new();
        let answers = self.exchange(requests, Some(&mut notes));
        // What the engine wrote to its standard error cannot be told apart
        // by request once requests are written ahead (it may have answered
        // many more by the time an answer is read): it goes with the first
        // failure of the run, a crash above all, whose scenario shows it,
        // and otherwise stays for the first scenario checked. An engine
        // that crashed has been waited for, so its last words are in.
        let failed = answers.iter().position(|a| matches!(a, Some(Err(EngineError::Failed(_)))));
        let mut stderr = match failed {
            Some(_) => self.stderr.lock().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default(),
            None => String::new(),
        };
        for (i, ((key, answer), seconds)) in keys.into_iter().zip(answers).zip(notes).enumerate() {
            let Some(answer) = answer else { break };
            let stderr = if Some(i) == failed { std::mem::take(&mut stderr) } else { String::new() };
            self.ahead.entry(key).or_default().push_back(Early { answer, stderr, seconds });
        }
    }

    fn ahead_seconds(&mut self) -> f64 {
        std::mem::take(&mut self.early_seconds)
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
                let mut answers = self.exchange(pair, None).into_iter();
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

    fn explain_all(
        &mut self,
        setup: &Setup<'_>,
        played: &[Action],
        actions: &[&Action],
    ) -> Vec<Result<Explanation, EngineError>> {
        let mut early: Vec<Option<Result<Explanation, EngineError>>> = Vec::with_capacity(actions.len());
        if !self.ahead.is_empty() && self.start().is_ok() {
            let explain = self.capable("explain");
            for a in actions {
                let request = self.explain_request(setup, played, a);
                early.push(self.early(&request).map(|r| r.and_then(|r| Self::explanation(r, played.len(), explain))));
            }
        }
        let rest: Vec<&Action> = actions
            .iter()
            .enumerate()
            .filter(|&(i, _)| early.get(i).is_none_or(Option::is_none))
            .map(|(_, a)| *a)
            .collect();
        let mut asked = self.explain_now(setup, played, &rest).into_iter();
        (0..actions.len())
            .map(|i| match early.get_mut(i).and_then(Option::take) {
                Some(answer) => answer,
                None => asked.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into()))),
            })
            .collect()
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

    fn perft_all(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Vec<Result<Option<u64>, EngineError>> {
        let mut early: Vec<Option<Result<Option<u64>, EngineError>>> = Vec::with_capacity(depths.len());
        if !self.ahead.is_empty() && self.start().is_ok() && self.capable("perft") {
            let s = setup_msg(setup);
            for &depth in depths {
                let request = Request::Perft { id: 0, setup: s.clone(), depth };
                early.push(
                    self.early(&request).map(|a| a.and_then(|r| r.nodes.map(Some).ok_or_else(|| missing("nodes")))),
                );
            }
        }
        let rest: Vec<u32> = depths
            .iter()
            .enumerate()
            .filter(|&(i, _)| early.get(i).is_none_or(Option::is_none))
            .map(|(_, &d)| d)
            .collect();
        let mut counted = self.perft_now(setup, &rest).into_iter();
        (0..depths.len())
            .map(|i| match early.get_mut(i).and_then(Option::take) {
                Some(answer) => answer,
                None => counted.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into()))),
            })
            .collect()
    }
}

impl ProcessEngine {
    /// [`Engine::explain_all`] asked now: in one exchange with `pipeline`,
    /// else one by one.
    fn explain_now(
        &mut self,
        setup: &Setup<'_>,
        played: &[Action],
        actions: &[&Action],
    ) -> Vec<Result<Explanation, EngineError>> {
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
                for answer in self.exchange(requests, None) {
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
    fn perft_now(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Vec<Result<Option<u64>, EngineError>> {
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
                for answer in self.exchange(requests, None) {
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
