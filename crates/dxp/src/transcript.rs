//! What crossed a connection, in order: every message sent and received,
//! and every way the other side failed (closed, cut a message short, sent
//! too much, went silent), each with its time since a common start. A
//! referee writes it when an engine goes wrong, so that the report says
//! what was said before, not just the last error.

use std::fmt;
use std::time::{Duration, Instant};

use crate::show::{shown, MESSAGE_CHARS};

/// Which way the bytes went, seen from this side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Sent,
    Received,
}

/// What an entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A whole message (its NUL not kept).
    Message,
    /// The peer closed the connection between messages (no bytes).
    Closed,
    /// The peer closed the connection in the middle of a message: the
    /// bytes it had sent of it.
    ClosedMidway,
    /// A message longer than the limit: the bytes read of it, up to the
    /// limit.
    TooLong,
    /// The time limit ran out: the bytes received of the message awaited,
    /// perhaps none.
    TimedOut,
    /// A message that could not be written (in part or at all).
    NotSent,
}

/// One line of a transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Time since the transcript's start.
    pub at: Duration,
    pub direction: Direction,
    pub event: Event,
    pub bytes: Vec<u8>,
}

impl fmt::Display for Entry {
    /// `   1.204s <  M0012061100`: seconds since the start, `>` for sent and
    /// `<` for received, and the bytes shown safely (cut after 200
    /// characters), after what happened when it was not a whole message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arrow = match self.direction {
            Direction::Sent => '>',
            Direction::Received => '<',
        };
        let what = match self.event {
            Event::Message => "",
            Event::Closed => "(connection closed)",
            Event::ClosedMidway => "(connection closed in the middle of a message) ",
            Event::TooLong => "(longer than the limit; its start) ",
            Event::TimedOut => "(time limit reached; received of the message) ",
            Event::NotSent => "(could not be sent) ",
        };
        let bytes = shown(&self.bytes, MESSAGE_CHARS);
        write!(f, "{:>8.3}s {arrow}  {what}{bytes}", self.at.as_secs_f64())
    }
}

/// The entries of one connection, or of several that share a start (a
/// proxy's two sides), in the order they happened.
#[derive(Clone, Debug)]
pub struct Transcript {
    start: Instant,
    entries: Vec<Entry>,
}

impl Transcript {
    /// An empty transcript whose times count from `start`.
    pub fn new(start: Instant) -> Transcript {
        Transcript { start, entries: Vec::new() }
    }

    pub fn start(&self) -> Instant {
        self.start
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Adds an entry stamped now.
    pub fn record(&mut self, direction: Direction, event: Event, bytes: &[u8]) {
        let at = self.start.elapsed();
        self.entries.push(Entry { at, direction, event, bytes: bytes.to_vec() });
    }

    /// The entries of several transcripts of one start, each with its
    /// label (`initiator`, `follower`), in the order of their times.
    pub fn interleave<'a>(sides: &[(&'a str, &'a Transcript)]) -> Vec<(&'a str, &'a Entry)> {
        let mut all: Vec<(&str, &Entry)> =
            sides.iter().flat_map(|&(label, t)| t.entries.iter().map(move |e| (label, e))).collect();
        // Stable: the entries of one side keep their order at equal times.
        all.sort_by_key(|(_, e)| e.at);
        all
    }
}

impl fmt::Display for Transcript {
    /// One entry a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.entries.iter().try_for_each(|e| writeln!(f, "{e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_written_with_their_time_direction_and_fate() {
        let e = |at, direction, event, bytes: &[u8]| Entry {
            at: Duration::from_millis(at),
            direction,
            event,
            bytes: bytes.to_vec(),
        };
        assert_eq!(
            e(1204, Direction::Received, Event::Message, b"M0012061100").to_string(),
            "   1.204s <  M0012061100"
        );
        assert_eq!(e(5, Direction::Sent, Event::Message, b"E00").to_string(), "   0.005s >  E00");
        assert_eq!(
            e(70, Direction::Received, Event::ClosedMidway, b"M00\x1b").to_string(),
            "   0.070s <  (connection closed in the middle of a message) M00\\u{1b}"
        );
        assert_eq!(e(0, Direction::Received, Event::Closed, b"").to_string(), "   0.000s <  (connection closed)");
    }

    #[test]
    fn two_sides_of_one_start_interleave_by_time() {
        let start = Instant::now();
        let (mut a, mut b) = (Transcript::new(start), Transcript::new(start));
        a.entries.push(Entry {
            at: Duration::from_millis(1),
            direction: Direction::Sent,
            event: Event::Message,
            bytes: b"R".to_vec(),
        });
        b.entries.push(Entry {
            at: Duration::from_millis(2),
            direction: Direction::Received,
            event: Event::Message,
            bytes: b"R".to_vec(),
        });
        a.entries.push(Entry {
            at: Duration::from_millis(3),
            direction: Direction::Received,
            event: Event::Message,
            bytes: b"A".to_vec(),
        });
        let order: Vec<(&str, Duration)> =
            Transcript::interleave(&[("a", &a), ("b", &b)]).into_iter().map(|(l, e)| (l, e.at)).collect();
        assert_eq!(
            order,
            [("a", Duration::from_millis(1)), ("b", Duration::from_millis(2)), ("a", Duration::from_millis(3))]
        );
    }
}
