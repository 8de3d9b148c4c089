//! A Hub engine as a player: started as every engine is (its own process
//! group, ended with rulecheck, its standard error kept bounded), the
//! handshake read within a generous start-up allowance, the variant and
//! parameters set, and then one search a move: `pos` (the position before
//! the last run of king moves, and those moves, so that the engine sees a
//! repetition coming), `level`, `go think`, its `info` lines read for their
//! principal variations until `done`. Every wait has a time limit; an
//! engine that crashes, hangs or writes what is no Hub line is an engine
//! error for the game, ended, and started again for the next one. One that
//! then fails to start is not tried again.

use std::time::{Duration, Instant};

use super::declared::Declared;
use super::notation;
use super::wire::{self, Line};
use crate::player::{Answer, Asked, Chosen, Failure, Player, Seat};
use rulecheck::engine::process::{EngineSpec, LineProcess, Received};

/// How long an engine told to `quit` gets to exit before it is ended.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// How deep or how long each search is: the `level` sent before it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    Depth(u32),
    /// Seconds a move.
    MoveTime(f64),
}

impl Level {
    fn line(self) -> Line {
        match self {
            Level::Depth(d) => Line::new("level").arg("depth", &d.to_string()),
            Level::MoveTime(s) => Line::new("level").arg("move-time", &s.to_string()),
        }
    }
}

/// How to run a Hub engine.
#[derive(Clone, Debug)]
pub struct HubSpec {
    /// The command, its arguments and directory; `startup_timeout` is the
    /// allowance of the handshake and of `init`, `timeout` the hang guard
    /// of each search (from `go think` to `done`).
    pub engine: EngineSpec,
    pub level: Level,
    /// Parameters set before `init` (`set-param`), beside the variant.
    pub params: Vec<(String, String)>,
}

/// Why an engine cannot be set up to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// It does not play the variant (or offers no parameter given).
    NotPlayed(String),
    /// It failed: it could not be started, crashed, hung, or answered out
    /// of protocol.
    Failed(String),
}

/// A running (or startable) Hub engine.
pub struct HubEngine {
    spec: HubSpec,
    process: Option<LineProcess>,
    declared: Option<Declared>,
    /// The variant it was set up for, once it was: a restart sets it up
    /// again.
    variant: Option<&'static str>,
    failed_start: Option<String>,
    /// What it wrote on standard error and was not taken yet, kept when
    /// it is ended.
    stderr: String,
}

impl HubEngine {
    pub fn new(spec: HubSpec) -> HubEngine {
        HubEngine { spec, process: None, declared: None, variant: None, failed_start: None, stderr: String::new() }
    }

    /// The command line it was given.
    pub fn command_line(&self) -> &str {
        &self.spec.engine.name
    }

    /// Start it and read its handshake (`hub` to `wait`).
    pub fn start(&mut self) -> Result<&Declared, String> {
        if let Some(why) = &self.failed_start {
            return Err(format!(
                "the engine failed to start earlier in this run ({why}); it is not started again for the rest of the run"
            ));
        }
        if self.process.as_ref().is_some_and(LineProcess::is_running) && self.declared.is_some() {
            return self.declared.as_ref().ok_or_else(|| "no handshake".to_string());
        }
        let started = self.handshake();
        if let Err(e) = &started {
            if rulecheck::interrupt::requested().is_none() {
                self.failed_start = Some(e.clone());
            }
        }
        started?;
        self.declared.as_ref().ok_or_else(|| "no handshake".to_string())
    }

    fn handshake(&mut self) -> Result<(), String> {
        self.process = Some(LineProcess::spawn(&self.spec.engine)?);
        let deadline = Instant::now().checked_add(self.spec.engine.startup_timeout);
        self.send(&Line::new("hub"))?;
        let mut declared = Declared::default();
        self.read_until(deadline, "`wait` after `hub`", "startup-timeout", |line| {
            declared.read(line);
            Ok(line.command == "wait")
        })?;
        self.declared = Some(declared);
        Ok(())
    }

    /// Set it up to play `variant`: its parameters set, `init`, `ready`.
    pub fn configure(&mut self, variant: &'static str) -> Result<(), SetupError> {
        let declared = self.start().map_err(SetupError::Failed)?.clone();
        let settings = declared.settings(variant, &self.spec.params).map_err(SetupError::NotPlayed)?;
        // An engine that cannot be set up is not started again either.
        let failed = |this: &mut HubEngine, e: String| {
            this.end();
            if rulecheck::interrupt::requested().is_none() {
                this.failed_start = Some(e.clone());
            }
            SetupError::Failed(e)
        };
        for line in &settings {
            if let Err(e) = self.send(line) {
                return Err(failed(self, e));
            }
        }
        let deadline = Instant::now().checked_add(self.spec.engine.startup_timeout);
        if let Err(e) = self.send(&Line::new("init")) {
            return Err(failed(self, e));
        }
        let ready =
            self.read_until(deadline, "`ready` after `init`", "startup-timeout", |line| match line.command.as_str() {
                "error" => {
                    Err(format!("the engine answers `init` with an error: {}", line.get("message").unwrap_or("")))
                }
                c => Ok(c == "ready"),
            });
        if let Err(e) = ready {
            return Err(failed(self, e));
        }
        self.variant = Some(variant);
        Ok(())
    }

    fn send(&mut self, line: &Line) -> Result<(), String> {
        let text = line.write()?;
        match self.process.as_mut() {
            Some(p) => p.send(&text),
            None => Err("the engine is not running".into()),
        }
    }

    /// Read lines until `done` says the one read is the last, within the
    /// deadline (`what` names what is waited for, `limit` the option that
    /// sets the time). A line that is no Hub line, an engine that exits or
    /// hangs, ends the engine and is the error.
    fn read_until(
        &mut self,
        deadline: Option<Instant>,
        what: &str,
        limit: &str,
        mut done: impl FnMut(&Line) -> Result<bool, String>,
    ) -> Result<(), String> {
        let started = Instant::now();
        loop {
            let Some(process) = self.process.as_mut() else { return Err("the engine is not running".into()) };
            match process.receive(deadline) {
                Received::Line(text) if text.trim().is_empty() => {}
                Received::Line(text) => match wire::parse(&text) {
                    Ok(line) => match done(&line) {
                        Ok(true) => return Ok(()),
                        Ok(false) => {}
                        Err(e) => {
                            self.end();
                            return Err(e);
                        }
                    },
                    Err(e) => {
                        self.end();
                        return Err(format!(
                            "out of protocol: {e}: '{}', waiting for {what}",
                            rulecheck_text::shown_at_most(&text, 200)
                        ));
                    }
                },
                Received::Timeout => {
                    self.end();
                    let secs = deadline.map_or(0.0, |d| d.saturating_duration_since(started).as_secs_f64());
                    return Err(format!("no {what} within {secs:.1}s (--{limit})"));
                }
                Received::Failed(e) => {
                    self.end();
                    return Err(format!("{e}, waiting for {what}"));
                }
                Received::Stopped(signal) => {
                    self.end();
                    return Err(format!("the run was stopped by {signal}"));
                }
            }
        }
    }

    /// End the engine now, keeping what it wrote on standard error; the
    /// next game starts it again.
    fn end(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.end();
            self.keep(&p.stderr());
        }
    }

    /// Standard error kept for the report, its last
    /// [`rulecheck::engine::process::STDERR_KEEP`] bytes at most.
    fn keep(&mut self, more: &str) {
        self.stderr.push_str(more);
        let keep = rulecheck::engine::process::STDERR_KEEP;
        if self.stderr.len() > keep {
            let mut cut = self.stderr.len() - keep;
            while !self.stderr.is_char_boundary(cut) {
                cut += 1;
            }
            self.stderr.drain(..cut);
        }
    }

    /// One search: the moves it gave, or why it gave none.
    fn search(&mut self, asked: &Asked<'_>) -> Result<Answer, String> {
        let (base, _, tail) = asked.told();
        let mut pos = Line::new("pos").arg("pos", &notation::position(base));
        if !tail.is_empty() {
            let moves: Vec<String> = tail.iter().map(|p| p.wire.to_string()).collect();
            pos = pos.arg("moves", &moves.join(" "));
        }
        for line in [pos, self.spec.level.line(), Line::new("go").flag("think")] {
            self.send(&line)?;
        }
        let deadline = Instant::now().checked_add(self.spec.engine.timeout);
        let mut lines = Vec::new();
        let mut chosen = None;
        let mut out_of_sync = false;
        self.read_until(deadline, "`done` after `go think`", "timeout", |line| match line.command.as_str() {
            "info" => {
                if let Some(pv) = line.get("pv") {
                    let moves = notation::parse_line(pv).map_err(|e| format!("out of protocol: info pv: {e}"))?;
                    if !moves.is_empty() {
                        lines.push(moves);
                    }
                }
                Ok(false)
            }
            "done" => {
                let said = line.to_string();
                match line.get("move").map(str::trim).filter(|m| !m.is_empty()) {
                    None => chosen = Some(Chosen::NoMove { said }),
                    Some(m) => {
                        let mv = notation::parse_move(m).map_err(|e| format!("out of protocol: done: {e}"))?;
                        if let Some(p) = line.get("ponder").map(str::trim).filter(|p| !p.is_empty()) {
                            let reply =
                                notation::parse_move(p).map_err(|e| format!("out of protocol: done ponder: {e}"))?;
                            lines.push(vec![mv.clone(), reply]);
                        }
                        chosen = Some(Chosen::Move(mv));
                    }
                }
                Ok(true)
            }
            "error" => {
                // Said in place of a move: whatever the engine does next
                // (a `done` may follow) belongs to no search of ours.
                out_of_sync = true;
                let message = line.get("message").unwrap_or("");
                chosen = Some(Chosen::NoMove { said: format!("error message=\"{message}\"") });
                Ok(true)
            }
            _ => Ok(false),
        })?;
        if out_of_sync {
            self.end();
        }
        let chosen = chosen.ok_or("no move")?;
        Ok(Answer { chosen, lines })
    }
}

impl Player for HubEngine {
    fn name(&self) -> String {
        self.declared.as_ref().and_then(Declared::title).unwrap_or_else(|| self.spec.engine.name.clone())
    }

    fn new_game(&mut self, _seat: &Seat<'_>) -> Result<(), Failure> {
        let running = self.process.as_ref().is_some_and(LineProcess::is_running);
        if !running {
            let variant = self.variant.ok_or_else(|| Failure::Engine("the engine was never set up".into()))?;
            self.declared = None;
            self.configure(variant).map_err(|e| match e {
                SetupError::NotPlayed(why) | SetupError::Failed(why) => failure(format!("started again: {why}")),
            })?;
        }
        self.send(&Line::new("new-game")).map_err(failure)?;
        // `ping` until `pong`: whatever the engine says of `new-game` (an
        // `error` for a command it does not know, say) is read here, not
        // taken for its answer to the first search.
        self.send(&Line::new("ping")).map_err(failure)?;
        let deadline = Instant::now().checked_add(self.spec.engine.timeout);
        self.read_until(deadline, "`pong` after `ping`", "timeout", |line| Ok(line.command == "pong")).map_err(failure)
    }

    fn play(&mut self, asked: &Asked<'_>) -> Result<Answer, Failure> {
        self.search(asked).map_err(failure)
    }

    fn stderr(&mut self) -> String {
        let now = self.process.as_mut().map(LineProcess::stderr).unwrap_or_default();
        self.keep(&now);
        std::mem::take(&mut self.stderr)
    }

    fn finish(&mut self) {
        if let Some(mut p) = self.process.take() {
            if rulecheck::interrupt::requested().is_none() && p.send("quit").is_ok() {
                p.finish(QUIT_GRACE);
            }
            p.end();
            self.keep(&p.stderr());
        }
    }
}

/// An engine's failure, or the run's stop that cut it short.
fn failure(e: String) -> Failure {
    match rulecheck::interrupt::requested() {
        Some(signal) => Failure::Stopped(signal.to_string()),
        None => Failure::Engine(e),
    }
}

impl Drop for HubEngine {
    fn drop(&mut self) {
        self.finish();
    }
}
