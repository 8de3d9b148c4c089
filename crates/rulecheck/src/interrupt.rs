//! Stopping on SIGINT or SIGTERM. The commands that run engines install a
//! handler that only records the signal; every wait on an engine polls it,
//! so that a run stops within a moment, ends its engines (each in its own
//! process group) and still writes the verdicts it has, marked incomplete.
//! The handler is the command line's (it alone builds signal-hook): it sets
//! the [`flags`] kept here. Without one no signal is ever recorded: library
//! users keep the default behaviour of their signals.
//!
//! rulecheck's own failure to go on (its file descriptors or processes
//! exhausted, a thread it cannot start) stops a run the same way
//! ([`fail`]): what finished is reported, marked incomplete with that
//! reason, and no engine is blamed for it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The number of the signal that stopped the run, 0 while none has.
static SIGNAL: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// Whether a signal has been recorded: a second one ends the process at
/// once, with [`EXIT_SECOND_SIGNAL`].
static SEEN: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// rulecheck's own failure that stopped the run, if one has.
static FAILURE: OnceLock<String> = OnceLock::new();

/// The exit code when a second SIGINT or SIGTERM ends the process before
/// the first one's stop is done: the stopped run's code, without a report.
pub const EXIT_SECOND_SIGNAL: i32 = 5;

/// The flags a signal handler sets, for the program that installs one
/// (the command line does, with signal-hook): the number of the signal
/// that stopped the run, and whether one has been seen, so that a second
/// ends the process at once with [`EXIT_SECOND_SIGNAL`]. A library user
/// that installs none keeps the default behaviour of its signals.
pub fn flags() -> (Arc<AtomicUsize>, Arc<AtomicBool>) {
    (
        Arc::clone(SIGNAL.get_or_init(|| Arc::new(AtomicUsize::new(0)))),
        Arc::clone(SEEN.get_or_init(|| Arc::new(AtomicBool::new(false)))),
    )
}

/// Stop the run for rulecheck's own failure (`why` says what could not be
/// done and why): every wait on an engine sees it as it sees a signal. The
/// first failure is the one kept.
pub fn fail(why: &str) {
    let _ = FAILURE.set(format!("rulecheck's own failure ({why})"));
}

/// What asked the run to stop, if anything has: a signal by name, or
/// rulecheck's own failure ([`fail`]).
pub fn requested() -> Option<&'static str> {
    let n = SIGNAL.get().map_or(0, |s| s.load(Ordering::Relaxed));
    if n == 0 {
        return FAILURE.get().map(String::as_str);
    }
    #[cfg(unix)]
    {
        if i32::try_from(n).ok() == Some(libc::SIGINT) {
            return Some("SIGINT");
        }
        if i32::try_from(n).ok() == Some(libc::SIGTERM) {
            return Some("SIGTERM");
        }
    }
    Some("a signal")
}
