//! A program started as every engine is (directly, in a process group of
//! its own, ended with rulecheck however rulecheck ends, its standard error
//! kept bounded), for a line protocol other than rulecheck's own: the Hub
//! protocol of draughts engines speaks plain text lines, and its referee
//! reads them through [`LineProcess`]. The JSON engine starts its program
//! here too ([`launch`]), so that both are started and ended alike.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::bounds::Stderr;
use super::pipe::{self, soon, window, Answers, Line, Running, Wait};
use super::{own, own_failure, reaper, stopped, EngineSpec, MAX_LINE};
use crate::engine::EngineError;

/// Start the program of `spec` in a process group of its own, listed with
/// the reaper, its standard error read into `log` by a thread of its own.
pub(super) fn launch(spec: &EngineSpec, log: &Arc<Mutex<Stderr>>) -> Result<Running, EngineError> {
    if let Some(signal) = crate::interrupt::requested() {
        return Err(stopped(signal));
    }
    let mut cmd = Command::new(&spec.command);
    cmd.args(&spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(dir) = &spec.dir {
        cmd.current_dir(dir);
    }
    // A group of its own: ending the engine ends whatever it started,
    // and a Ctrl-C at the terminal reaches rulecheck, which ends it.
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    // Ended with rulecheck, however rulecheck ends.
    reaper::guard(&mut cmd);
    let mut child = cmd.spawn().map_err(|e| {
        let why = format!("cannot start '{}': {e}", spec.command);
        if own_failure(&e) {
            own(why)
        } else {
            EngineError::Failed(why)
        }
    })?;
    let (Some(stdin), Some(stdout), Some(mut stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        pipe::end(&mut child);
        return Err(EngineError::Failed("the engine's standard streams could not be opened".into()));
    };
    let log = Arc::clone(log);
    let (read_all, stderr_read) = mpsc::channel::<()>();
    let reader = std::thread::Builder::new().name("engine stderr".into()).spawn(move || {
        let _read_all = read_all;
        let mut buf = [0u8; 4096];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut s) = log.lock() {
                s.push(&buf[..n]);
            }
        }
    });
    if let Err(e) = reader {
        pipe::end(&mut child);
        return Err(own(format!("cannot start a thread to read the engine's standard error: {e}")));
    }
    let window = window(&stdin);
    Ok(Running { child, stdin, lines: Answers::new(stdout), window, stderr_read })
}

/// What came of waiting for a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A line, without its line break.
    Line(String),
    /// None came by the deadline.
    Timeout,
    /// The program cannot answer: it exited (with its status), closed its
    /// output, or wrote what is no line of text (not UTF-8, longer than
    /// [`MAX_LINE`]). It has been ended.
    Failed(String),
    /// A stop was requested ([`crate::interrupt`]), by the signal named.
    Stopped(&'static str),
}

/// A program speaking a line protocol on its standard input and output.
/// Dropped, it is ended with its whole process group.
pub struct LineProcess {
    running: Option<Running>,
    stderr: Arc<Mutex<Stderr>>,
}

impl LineProcess {
    /// Start the program `spec` names (its command, arguments and
    /// directory; the time limits are the caller's to keep).
    pub fn spawn(spec: &EngineSpec) -> Result<LineProcess, String> {
        let stderr = Arc::new(Mutex::new(Stderr::default()));
        let running = launch(spec, &stderr).map_err(|e| e.to_string())?;
        Ok(LineProcess { running: Some(running), stderr })
    }

    /// Whether it still runs as far as rulecheck knows (it has not been
    /// ended, nor found unable to answer).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Write one line (its line break added). A program that closed its
    /// input is ended, and the error says so, with its exit status when it
    /// has exited.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let Some(run) = self.running.as_mut() else {
            return Err("the engine is not running".into());
        };
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        if run.write(&bytes).is_ok() {
            return Ok(());
        }
        let status = run.exited_by(soon(None)).map(|s| format!(" ({s})")).unwrap_or_default();
        self.end();
        Err(format!("the engine closed its input{status}"))
    }

    /// The next line, waited for until `deadline` at most (without end
    /// when `None`). A program that cannot answer is ended.
    pub fn receive(&mut self, deadline: Option<Instant>) -> Received {
        let Some(run) = self.running.as_mut() else {
            return Received::Failed("the engine is not running".into());
        };
        let failed = match run.lines.wait(deadline) {
            Wait::Line(Line::Text(l)) => return Received::Line(l),
            Wait::Timeout => return Received::Timeout,
            Wait::Stopped(signal) => return Received::Stopped(signal),
            Wait::Line(Line::NotUtf8(l)) => {
                format!("out of protocol: a line that is not UTF-8: '{}'", rulecheck_text::shown_at_most(&l, 200))
            }
            Wait::Line(Line::TooLong) => format!("out of protocol: a line longer than {} MiB", MAX_LINE >> 20),
            Wait::Line(Line::Failed(e)) => format!("cannot read the engine's output: {e}"),
            Wait::Closed => match run.exited_by(soon(deadline)) {
                Some(status) => format!("the engine exited ({status})"),
                None => "the engine closed its standard output but is still running".to_string(),
            },
        };
        self.end();
        Received::Failed(failed)
    }

    /// What it wrote on standard error since the last take: at most its
    /// last [`super::STDERR_KEEP`] bytes, saying how much was cut before.
    pub fn stderr(&mut self) -> String {
        self.stderr.lock().map(|mut s| s.take()).unwrap_or_default()
    }

    /// Give it up to `grace` to exit on its own (after a `quit`), then end
    /// it with its whole process group.
    pub fn finish(&mut self, grace: Duration) {
        if let Some(run) = self.running.as_mut() {
            if crate::interrupt::requested().is_none() {
                let _ = run.exited_by(Instant::now().checked_add(grace));
            }
        }
        self.end();
    }

    /// End it now, with its whole process group.
    pub fn end(&mut self) {
        if let Some(run) = self.running.take() {
            run.kill();
        }
    }
}

impl Drop for LineProcess {
    fn drop(&mut self) {
        self.end();
    }
}
