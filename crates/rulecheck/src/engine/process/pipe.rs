//! The pipes to a running engine: writing request lines, reading answer
//! lines of bounded length with a time limit, and ending the engine's whole
//! process group. Kept apart from the protocol, which it knows nothing of.

#[cfg(not(unix))]
use std::io::{BufRead, BufReader};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc;
#[cfg(not(unix))]
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::MAX_LINE;

/// What the reader of an engine's standard output hands on.
pub(super) enum Line {
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
pub(super) fn read_lines(stdout: impl Read, tx: mpsc::Sender<Line>) {
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
pub(super) const WINDOW: usize = 4096;

/// The bytes of requests that may be written ahead of their answers: what
/// the engine's input pipe holds (never less than [`WINDOW`]), so that the
/// engine may read them at its pace while rulecheck reads its answers.
#[cfg(target_os = "linux")]
pub(super) fn window(stdin: &ChildStdin) -> usize {
    use nix::fcntl::{fcntl, FcntlArg};
    fcntl(stdin, FcntlArg::F_GETPIPE_SZ)
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .map_or(WINDOW, |n| n.clamp(WINDOW, 1 << 20))
}

#[cfg(not(target_os = "linux"))]
pub(super) fn window(_stdin: &ChildStdin) -> usize {
    WINDOW
}

/// How long a wait on an engine sleeps between looks at the stop flag.
pub(super) const POLL: Duration = Duration::from_millis(50);

pub(super) struct Running {
    pub(super) child: Child,
    pub(super) stdin: ChildStdin,
    pub(super) lines: Answers,
    /// Bytes of requests that may be unanswered at once ([`window`]).
    pub(super) window: usize,
    /// Disconnected once the reader of the engine's standard error has
    /// read it all.
    pub(super) stderr_read: mpsc::Receiver<()>,
}

/// How long an ended engine's standard error is waited for: what it wrote
/// as it crashed belongs to the scenario it crashed in, not to the next.
/// Only a process that left the engine's group and holds the stream open
/// makes the wait this long.
pub(super) const STDERR_DRAIN: Duration = Duration::from_secs(1);

impl Running {
    /// Write request lines to the engine, in one write where the pipe
    /// takes them: an engine reading its input sees whole lines at once.
    pub(super) fn write(&mut self, lines: &[u8]) -> std::io::Result<()> {
        self.stdin.write_all(lines)?;
        self.stdin.flush()
    }

    /// Kill the engine's whole process group, then the engine itself (in
    /// case it left its group), and reap it.
    pub(super) fn kill(mut self) {
        end(&mut self.child);
        let _ = self.stderr_read.recv_timeout(STDERR_DRAIN);
    }

    /// The engine's exit status once it has exited, waiting for it until
    /// `deadline` at most; `None` while it still runs.
    pub(super) fn exited_by(&mut self, deadline: Option<Instant>) -> Option<std::process::ExitStatus> {
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

/// Kill an engine's whole process group, then the engine itself (in case
/// it left its group), take the group off the reaper's list while the
/// engine's pid is still its own, and reap it.
pub(super) fn end(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        use nix::sys::signal::{killpg, Signal};
        let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
    }
    let _ = child.kill();
    super::reaper::release(child.id());
    let _ = child.wait();
}

/// How long an engine whose pipes have closed is given to exit, so that a
/// crash is told from an engine that closed its output and goes on running.
pub(super) const EXIT_GRACE: Duration = Duration::from_secs(3);

/// The earlier of `deadline` and [`EXIT_GRACE`] from now.
pub(super) fn soon(deadline: Option<Instant>) -> Option<Instant> {
    let grace = Instant::now().checked_add(EXIT_GRACE);
    match (deadline, grace) {
        (Some(d), Some(g)) => Some(d.min(g)),
        (d, g) => d.or(g),
    }
}

/// What came of waiting for an answer line.
pub(super) enum Wait {
    Line(Line),
    Timeout,
    /// The engine's output ended.
    Closed,
    Stopped(&'static str),
}

#[cfg(not(unix))]
pub(super) fn wait_line(lines: &Receiver<Line>, deadline: Option<Instant>) -> Wait {
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
pub(super) struct Answers {
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
    pub(super) fn new(out: std::process::ChildStdout) -> Answers {
        Answers { out, buf: Vec::new(), chunk: vec![0; 64 * 1024], ended: false, failed: None }
    }

    /// The next line, as a reader of at most [`MAX_LINE`] bytes a line
    /// would hand it on (the last line may end without a line break),
    /// waited for until `deadline` at most.
    pub(super) fn wait(&mut self, deadline: Option<Instant>) -> Wait {
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
pub(super) fn text(line: Vec<u8>) -> Line {
    match String::from_utf8(line) {
        Ok(s) => Line::Text(s),
        Err(e) => Line::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// Elsewhere a thread reads the lines and hands them on.
#[cfg(not(unix))]
pub(super) struct Answers {
    lines: Receiver<Line>,
}

#[cfg(not(unix))]
impl Answers {
    pub(super) fn new(out: std::process::ChildStdout) -> Answers {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || read_lines(out, tx));
        Answers { lines: rx }
    }

    pub(super) fn wait(&mut self, deadline: Option<Instant>) -> Wait {
        wait_line(&self.lines, deadline)
    }
}
