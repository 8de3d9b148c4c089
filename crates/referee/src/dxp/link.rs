//! One DXP engine as rulecheck reaches it: a TCP connection, made by
//! connecting to the engine (a follower, which listens) or by waiting for
//! it to connect (an initiator), to an engine rulecheck started with a
//! command or one already running. A connection that fails (closed, silent
//! past its time limit, a message without end) is dropped, with the
//! process rulecheck started; the next game makes both again, within the
//! start-up allowance. What cannot be made again is not tried again for
//! the rest of the run.
//!
//! The program is started as every engine is
//! (`engine::process::LineProcess`: its own process group, ended with
//! rulecheck); its standard output is no protocol here, and is read at
//! every wait with what it wrote on standard error, so that a talkative
//! engine never blocks on a full pipe.

use std::net::TcpStream;
use std::time::{Duration, Instant};

use rulecheck::engine::process::{EngineSpec, LineProcess, Received};
use rulecheck_dxp::{Connection, ConnectionError, Entry, Limits, Listener, Message};

/// How long an engine told the run is over gets to exit before it is ended.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// How often a peer is looked for again while rulecheck waits for one.
const RETRY: Duration = Duration::from_millis(50);

/// How long a look at what the program wrote waits for more.
const DRAIN: Duration = Duration::from_millis(1);

/// Most bytes of an engine's output kept for the report.
const OUTPUT_KEEP: usize = rulecheck::engine::process::STDERR_KEEP;

/// How rulecheck reaches the engine.
pub enum Reach {
    /// It connects to the engine, which listens at this address.
    Connect(String),
    /// The engine connects to rulecheck, which listens here.
    Listen(Listener),
}

/// How to reach one engine.
pub struct LinkSpec {
    pub reach: Reach,
    /// The command rulecheck starts the engine with (any `{port}` in it
    /// already replaced), or none for an engine already running.
    pub command: Option<EngineSpec>,
    /// The connection's bounds; `connect_timeout` is the allowance for
    /// starting the engine and connecting (or being connected to).
    pub limits: Limits,
    /// What the transcript's times count from (shared by a proxy's two
    /// engines, so that their transcripts interleave).
    pub start: Instant,
}

/// Why a message did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// The engine closed the connection between messages (dropped).
    Closed(String),
    /// A message that breaks the protocol (the connection is kept: the
    /// messages are still framed).
    Malformed(String),
    /// Anything else: a silence past the limit, a message cut or without
    /// end, a socket error (dropped).
    Failed(String),
    /// The run was stopped by the signal named.
    Stopped(&'static str),
}

impl Trouble {
    pub fn message(&self) -> String {
        match self {
            Trouble::Closed(m) | Trouble::Malformed(m) | Trouble::Failed(m) => m.clone(),
            Trouble::Stopped(signal) => format!("the run was stopped by {signal}"),
        }
    }
}

/// One engine, connected or to be.
pub struct Link {
    spec: LinkSpec,
    process: Option<LineProcess>,
    connection: Option<Connection<TcpStream>>,
    /// Why it could not be reached, once it could not: not tried again.
    failed: Option<String>,
    /// What the program wrote (standard output and error), bounded.
    output: String,
    /// Its exit, once it has exited.
    exited: Option<String>,
    /// The entries of the game so far from connections dropped during it.
    dropped: Vec<Entry>,
    /// Where the game began in the live connection's transcript.
    mark: usize,
    /// What the engine calls itself in its request or acceptance.
    pub name: Option<String>,
}

impl Link {
    pub fn new(spec: LinkSpec) -> Link {
        Link {
            spec,
            process: None,
            connection: None,
            failed: None,
            output: String::new(),
            exited: None,
            dropped: Vec::new(),
            mark: 0,
            name: None,
        }
    }

    /// The engine in words, before it gives its name.
    pub fn describe(&self) -> String {
        match (&self.spec.command, &self.spec.reach) {
            (Some(c), _) => c.name.clone(),
            (None, Reach::Connect(addr)) => format!("the DXP engine at {addr}"),
            (None, Reach::Listen(l)) => format!("the DXP engine connecting to {}", l.addr()),
        }
    }

    pub fn connected(&self) -> bool {
        self.connection.is_some()
    }

    /// Whether it could not be reached once, and is not tried again.
    pub fn gave_up(&self) -> bool {
        self.failed.is_some()
    }

    /// Connect (starting the engine first, if rulecheck starts it), unless
    /// connected.
    pub fn ensure(&mut self) -> Result<(), Trouble> {
        if self.connection.is_some() {
            return Ok(());
        }
        if let Some(why) = &self.failed {
            return Err(Trouble::Failed(format!(
                "the engine could not be reached earlier in this run ({why}); it is not tried again"
            )));
        }
        let made = self.make();
        if let Err(Trouble::Closed(e) | Trouble::Failed(e) | Trouble::Malformed(e)) = &made {
            self.failed = Some(e.clone());
            self.end_process();
        }
        made
    }

    fn make(&mut self) -> Result<(), Trouble> {
        if let Some(command) = &self.spec.command {
            if !self.process.as_ref().is_some_and(LineProcess::is_running) {
                self.exited = None;
                self.process = Some(LineProcess::spawn(command).map_err(Trouble::Failed)?);
            }
        }
        let allowance = self.spec.limits.connect_timeout;
        let deadline = Instant::now().checked_add(allowance);
        let mut last = String::new();
        loop {
            if let Some(signal) = rulecheck::interrupt::requested() {
                return Err(Trouble::Stopped(signal));
            }
            self.drain();
            if let Some(exit) = &self.exited {
                return Err(Trouble::Failed(format!("{exit} before it could be connected to")));
            }
            let left = deadline.map_or(Duration::from_secs(1), |d| d.saturating_duration_since(Instant::now()));
            if left.is_zero() {
                let what = match &self.spec.reach {
                    Reach::Connect(addr) => {
                        format!("could not connect to {addr} within {:.1} s", allowance.as_secs_f64())
                    }
                    Reach::Listen(l) => {
                        format!("no engine connected to {} within {:.1} s", l.addr(), allowance.as_secs_f64())
                    }
                };
                let last = if last.is_empty() { String::new() } else { format!(" ({last})") };
                return Err(Trouble::Failed(format!("{what}{last} (--startup-timeout)")));
            }
            let attempt = Limits { connect_timeout: left.min(Duration::from_millis(500)), ..self.spec.limits };
            let made = match &self.spec.reach {
                Reach::Connect(addr) => rulecheck_dxp::connect(addr.as_str(), attempt),
                Reach::Listen(l) => l.accept(Limits { connect_timeout: left.min(RETRY), ..attempt }).map(|(c, _)| c),
            };
            match made {
                Ok(c) => {
                    // Its transcript counts from the run's start.
                    let (stream, _) = c.into_parts();
                    self.connection = Some(Connection::with_start(stream, self.spec.limits, self.spec.start));
                    self.mark = 0;
                    return Ok(());
                }
                Err(ConnectionError::NoPeer { .. }) => {}
                Err(e) => {
                    last = e.to_string();
                    std::thread::sleep(RETRY);
                }
            }
        }
    }

    /// The lines the program writes within `wait`, kept, and its exit
    /// noted if it has gone (it has been ended too).
    fn read_output(&mut self, wait: Duration) {
        let Some(p) = self.process.as_mut() else { return };
        let until = Instant::now().checked_add(wait);
        loop {
            match p.receive(until) {
                Received::Line(l) => {
                    self.output.push_str(&l);
                    self.output.push('\n');
                }
                Received::Failed(e) => {
                    self.exited.get_or_insert(e);
                    break;
                }
                Received::Timeout | Received::Stopped(_) => break,
            }
        }
    }

    /// What the program wrote since the last look, kept; its exit noted.
    fn drain(&mut self) {
        // A deadline already past reads nothing: a millisecond's wait
        // reads what is in the pipe.
        self.read_output(DRAIN);
        let Some(p) = self.process.as_mut() else { return };
        let more = p.stderr();
        self.output.push_str(&more);
        if self.output.len() > OUTPUT_KEEP {
            let mut cut = self.output.len() - OUTPUT_KEEP;
            while !self.output.is_char_boundary(cut) {
                cut += 1;
            }
            self.output.drain(..cut);
        }
    }

    /// A game begins: its transcript starts here.
    pub fn begin_game(&mut self) {
        self.dropped.clear();
        self.mark = self.connection.as_ref().map_or(0, |c| c.transcript().entries().len());
    }

    /// The transcript of the game so far.
    pub fn game_entries(&self) -> Vec<Entry> {
        let mut all = self.dropped.clone();
        if let Some(c) = &self.connection {
            all.extend(c.transcript().entries().iter().skip(self.mark).cloned());
        }
        all
    }

    /// Drop the connection (its transcript of the game kept) and end the
    /// program rulecheck started: the next game makes both again.
    pub fn drop_connection(&mut self) {
        if let Some(c) = self.connection.take() {
            let (_, transcript) = c.into_parts();
            self.dropped.extend(transcript.entries().iter().skip(self.mark).cloned());
            self.mark = 0;
        }
        self.end_process();
    }

    fn end_process(&mut self) {
        self.drain();
        if let Some(mut p) = self.process.take() {
            p.end();
            self.output.push_str(&p.stderr());
        }
    }

    /// Send a message. A failure drops the connection.
    pub fn send(&mut self, message: &Message) -> Result<(), Trouble> {
        let sent = match self.connection.as_mut() {
            Some(c) => c.send(message),
            None => return Err(Trouble::Failed("not connected".into())),
        };
        self.sent(sent)
    }

    /// Send a message as another engine sent it (a proxy forwarding it).
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), Trouble> {
        let sent = match self.connection.as_mut() {
            Some(c) => c.send_raw(bytes),
            None => return Err(Trouble::Failed("not connected".into())),
        };
        self.sent(sent)
    }

    fn sent(&mut self, sent: Result<(), ConnectionError>) -> Result<(), Trouble> {
        match sent {
            Ok(()) => Ok(()),
            Err(e) => {
                let why = self.with_exit(format!("cannot send to the engine: {e}"));
                self.drop_connection();
                Err(Trouble::Failed(why))
            }
        }
    }

    /// The next message and its bytes, within `timeout`.
    pub fn receive(&mut self, timeout: Duration) -> Result<(Message, Vec<u8>), Trouble> {
        self.drain();
        let Some(c) = self.connection.as_mut() else { return Err(Trouble::Failed("not connected".into())) };
        let got = c.receive_raw_unless(timeout, &|| rulecheck::interrupt::requested().is_some());
        self.drain();
        let trouble = match got {
            Ok(bytes) => match rulecheck_dxp::decode(&bytes) {
                Ok(m) => return Ok((m, bytes)),
                Err(e) => return Err(Trouble::Malformed(format!("out of protocol: {e}"))),
            },
            Err(ConnectionError::Stopped) => {
                return Err(Trouble::Stopped(rulecheck::interrupt::requested().unwrap_or("a signal")))
            }
            Err(ConnectionError::Closed) => Trouble::Closed(self.with_exit("the engine closed the connection".into())),
            Err(e @ ConnectionError::TimedOut { .. }) => Trouble::Failed(format!("{e} (--timeout)")),
            Err(e) => Trouble::Failed(self.with_exit(e.to_string())),
        };
        self.drop_connection();
        Err(trouble)
    }

    /// A failure's words, with the program's exit when it has exited.
    fn with_exit(&mut self, why: String) -> String {
        // A program that closed its side is given a moment to exit, so
        // that its status is told.
        self.read_output(Duration::from_millis(200));
        match &self.exited {
            Some(exit) => format!("{why}; {exit}"),
            None => why,
        }
    }

    /// What the program wrote since the last take.
    pub fn take_output(&mut self) -> String {
        self.drain();
        std::mem::take(&mut self.output)
    }

    /// The run is over: the connection closed (which ends a DXP engine),
    /// the program given a moment to exit, then ended.
    pub fn finish(&mut self) {
        self.connection = None;
        if let Some(mut p) = self.process.take() {
            if rulecheck::interrupt::requested().is_none() {
                p.finish(QUIT_GRACE);
            }
            p.end();
            self.output.push_str(&p.stderr());
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.finish();
    }
}
