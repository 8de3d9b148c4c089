//! One DXP connection: messages framed by a NUL byte each, read with a size
//! bound and a time limit, written with a time limit, and every one of them
//! recorded in the transcript. The peer is an engine under test: it may
//! close, cut a message short, send without end or go silent, and each is
//! an error that says so (and an entry of the transcript), never a hang or
//! a panic.

use std::io::{self, ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use crate::decode::{decode, DecodeError};
use crate::encode::{encode, EncodeError};
use crate::message::Message;
use crate::show::{shown, FIELD_CHARS};
use crate::transcript::{Direction, Event, Transcript};

/// A byte stream with time limits on its reads and writes: a TCP socket,
/// or a Unix socket in a test.
pub trait Stream: Read + Write {
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()>;
    fn set_write_timeout(&self, timeout: Option<Duration>) -> io::Result<()>;
}

impl Stream for std::net::TcpStream {
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        std::net::TcpStream::set_read_timeout(self, timeout)
    }
    fn set_write_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        std::net::TcpStream::set_write_timeout(self, timeout)
    }
}

#[cfg(unix)]
impl Stream for std::os::unix::net::UnixStream {
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        std::os::unix::net::UnixStream::set_read_timeout(self, timeout)
    }
    fn set_write_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        std::os::unix::net::UnixStream::set_write_timeout(self, timeout)
    }
}

/// The bounds a connection holds its peer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest message read, NUL excluded. The protocol's messages have
    /// at most 127 characters; Scan reads at most 4096 bytes.
    pub max_message: usize,
    /// How long a whole message may take to arrive: a hang guard, which a
    /// referee sets from the game's thinking time.
    pub read_timeout: Duration,
    /// How long a message may take to be written (a peer that reads
    /// nothing fills its socket's buffer and stops the writer).
    pub write_timeout: Duration,
    /// How long connecting, or waiting for a peer to connect, may take.
    pub connect_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message: 4096,
            read_timeout: Duration::from_secs(600),
            write_timeout: Duration::from_secs(60),
            connect_timeout: Duration::from_secs(60),
        }
    }
}

/// Why a message was not sent or received.
#[derive(Debug, thiserror::Error)]
pub enum ConnectionError {
    #[error("the peer closed the connection")]
    Closed,
    #[error(
        "the peer closed the connection in the middle of a message, after {} bytes: \"{}\"",
        received.len(), shown(received, FIELD_CHARS)
    )]
    ClosedMidway { received: Vec<u8> },
    #[error(
        "the peer sent a message longer than {limit} bytes (no NUL byte within them); it starts \"{}\"",
        shown(start, FIELD_CHARS)
    )]
    TooLong { limit: usize, start: Vec<u8> },
    #[error("no whole message from the peer within {:.1} s{}", waited.as_secs_f64(), partial(received))]
    TimedOut { waited: Duration, received: Vec<u8> },
    #[error("the peer took no more of a message for {:.1} s (is it reading?)", waited.as_secs_f64())]
    WriteTimedOut { waited: Duration },
    #[error("{error}")]
    Decode { error: DecodeError, bytes: Vec<u8> },
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error("a message to send holds a NUL byte at offset {at}, which would end it there")]
    NulInside { at: usize },
    #[error("no peer connected within {:.1} s", waited.as_secs_f64())]
    NoPeer { waited: Duration },
    /// The caller's stop check said to give up waiting (a signal, say).
    #[error("stopped while waiting for the peer")]
    Stopped,
    #[error("{doing}: {source}")]
    Io { doing: String, source: io::Error },
}

fn partial(received: &[u8]) -> String {
    if received.is_empty() {
        ", and nothing of one".to_string()
    } else {
        format!(", only \"{}\"", shown(received, FIELD_CHARS))
    }
}

/// The longest a read waits before the stop check of
/// [`Connection::receive_raw_unless`] is asked again.
pub const STOP_POLL: Duration = Duration::from_millis(100);

/// Whether an error of a read or write means the peer is gone.
fn peer_gone(e: &io::Error) -> bool {
    matches!(e.kind(), ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted | ErrorKind::BrokenPipe)
}

/// Whether an error of a read or write means its time limit ran out.
fn timed_out(e: &io::Error) -> bool {
    matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)
}

/// A DXP connection over a stream.
pub struct Connection<S: Stream> {
    stream: S,
    limits: Limits,
    /// Bytes received after the last whole message.
    pending: Vec<u8>,
    /// How many bytes at the start of `pending` are known to hold no NUL.
    scanned: usize,
    /// After a message too long: the rest of it is skipped, up to its NUL.
    skipping: bool,
    /// The peer closed its side: nothing more will come.
    closed: bool,
    transcript: Transcript,
}

impl<S: Stream> Connection<S> {
    /// A connection whose transcript starts now.
    pub fn new(stream: S, limits: Limits) -> Connection<S> {
        Connection::with_start(stream, limits, Instant::now())
    }

    /// A connection whose transcript counts from `start`, so that the
    /// transcripts of two connections (a proxy's sides) interleave.
    pub fn with_start(stream: S, limits: Limits, start: Instant) -> Connection<S> {
        let transcript = Transcript::new(start);
        Connection { stream, limits, pending: Vec::new(), scanned: 0, skipping: false, closed: false, transcript }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    pub fn transcript(&self) -> &Transcript {
        &self.transcript
    }

    pub fn get_ref(&self) -> &S {
        &self.stream
    }

    /// The stream and the transcript, the connection ended.
    pub fn into_parts(self) -> (S, Transcript) {
        (self.stream, self.transcript)
    }

    /// Writes one message.
    pub fn send(&mut self, message: &Message) -> Result<(), ConnectionError> {
        let bytes = encode(message)?;
        self.send_raw(&bytes)
    }

    /// Writes bytes as one message, NUL added, whatever they say: what a
    /// proxy forwards as received, or a test sends to break the protocol.
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), ConnectionError> {
        if let Some(at) = bytes.iter().position(|&b| b == 0) {
            return Err(ConnectionError::NulInside { at });
        }
        let mut framed = Vec::with_capacity(bytes.len() + 1);
        framed.extend_from_slice(bytes);
        framed.push(0);
        let waited = self.limits.write_timeout;
        let written = self.stream.set_write_timeout(Some(nonzero(waited))).and_then(|()| {
            self.stream.write_all(&framed)?;
            self.stream.flush()
        });
        match written {
            Ok(()) => {
                self.transcript.record(Direction::Sent, Event::Message, bytes);
                Ok(())
            }
            Err(e) => {
                self.transcript.record(Direction::Sent, Event::NotSent, bytes);
                if timed_out(&e) {
                    Err(ConnectionError::WriteTimedOut { waited })
                } else if peer_gone(&e) {
                    Err(ConnectionError::Closed)
                } else {
                    Err(ConnectionError::Io { doing: "writing a message to the peer".into(), source: e })
                }
            }
        }
    }

    /// Reads one message within the read time limit.
    pub fn receive(&mut self) -> Result<Message, ConnectionError> {
        self.receive_within(self.limits.read_timeout)
    }

    /// Reads one message within `timeout`.
    pub fn receive_within(&mut self, timeout: Duration) -> Result<Message, ConnectionError> {
        let bytes = self.receive_raw_within(timeout)?;
        decode(&bytes).map_err(|error| ConnectionError::Decode { error, bytes })
    }

    /// Reads the bytes of one message (NUL dropped) within the read time
    /// limit, undecoded.
    pub fn receive_raw(&mut self) -> Result<Vec<u8>, ConnectionError> {
        self.receive_raw_within(self.limits.read_timeout)
    }

    /// Reads the bytes of one message within `timeout`: the whole time the
    /// message may take, however the peer trickles it.
    pub fn receive_raw_within(&mut self, timeout: Duration) -> Result<Vec<u8>, ConnectionError> {
        self.receive_raw_unless(timeout, &|| false)
    }

    /// As [`Connection::receive_raw_within`], asking `stop` at least every
    /// [`STOP_POLL`] while it waits: when it says so, the wait ends with
    /// [`ConnectionError::Stopped`] and what arrived of a message is kept
    /// for the next read. A referee waits on an engine that may think for
    /// minutes, and must still end at once when it is told to.
    pub fn receive_raw_unless(
        &mut self,
        timeout: Duration,
        stop: &dyn Fn() -> bool,
    ) -> Result<Vec<u8>, ConnectionError> {
        // A limit too far to reckon (`Duration::MAX`) is no limit.
        let deadline = Instant::now().checked_add(timeout);
        let max = self.limits.max_message;
        let mut chunk = [0u8; 4096];
        loop {
            if self.skipping {
                self.skip_rest();
            }
            if !self.skipping {
                if let Some(message) = self.take_message()? {
                    return Ok(message);
                }
                if self.pending.len() > max {
                    return Err(self.too_long(self.pending.len()));
                }
            }
            if self.closed {
                return Err(self.closed_error());
            }
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                self.transcript.record(Direction::Received, Event::TimedOut, &self.pending);
                return Err(ConnectionError::TimedOut { waited: timeout, received: self.pending.clone() });
            }
            if stop() {
                return Err(ConnectionError::Stopped);
            }
            let wait = deadline.map_or(STOP_POLL, |d| (d - now).min(STOP_POLL));
            let read = self.stream.set_read_timeout(Some(nonzero(wait))).and_then(|()| self.stream.read(&mut chunk));
            match read {
                Ok(0) => self.closed = true,
                Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
                Err(e) if timed_out(&e) || e.kind() == ErrorKind::Interrupted => {}
                Err(e) if peer_gone(&e) => self.closed = true,
                Err(e) => {
                    return Err(ConnectionError::Io { doing: "reading a message from the peer".into(), source: e })
                }
            }
        }
    }

    /// The first whole message of `pending`, taken out of it, if one has
    /// arrived (and is not too long).
    fn take_message(&mut self) -> Result<Option<Vec<u8>>, ConnectionError> {
        let Some(nul) = self.pending[self.scanned..].iter().position(|&b| b == 0).map(|i| i + self.scanned) else {
            self.scanned = self.pending.len();
            return Ok(None);
        };
        if nul > self.limits.max_message {
            return Err(self.too_long(nul));
        }
        let message: Vec<u8> = self.pending.drain(..=nul).take(nul).collect();
        self.scanned = 0;
        self.transcript.record(Direction::Received, Event::Message, &message);
        Ok(Some(message))
    }

    /// The error of a message of `length` bytes or more: its start up to
    /// the limit kept, the rest skipped up to its NUL.
    fn too_long(&mut self, length: usize) -> ConnectionError {
        let limit = self.limits.max_message;
        let start = self.pending[..limit.min(length)].to_vec();
        self.transcript.record(Direction::Received, Event::TooLong, &start);
        self.skipping = true;
        self.skip_rest();
        ConnectionError::TooLong { limit, start }
    }

    /// Drops the bytes of a message too long, up to and with its NUL.
    fn skip_rest(&mut self) {
        match self.pending.iter().position(|&b| b == 0) {
            Some(nul) => {
                self.pending.drain(..=nul);
                self.skipping = false;
            }
            None => self.pending.clear(),
        }
        self.scanned = 0;
    }

    fn closed_error(&mut self) -> ConnectionError {
        if self.pending.is_empty() {
            self.transcript.record(Direction::Received, Event::Closed, b"");
            ConnectionError::Closed
        } else {
            let received = std::mem::take(&mut self.pending);
            self.scanned = 0;
            self.transcript.record(Direction::Received, Event::ClosedMidway, &received);
            ConnectionError::ClosedMidway { received }
        }
    }
}

/// A time limit a socket takes: zero means none to it, so the least is a
/// millisecond.
fn nonzero(d: Duration) -> Duration {
    d.max(Duration::from_millis(1))
}
