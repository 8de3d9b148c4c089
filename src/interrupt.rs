//! Stopping on SIGINT or SIGTERM. The commands that run engines install a
//! handler that only records the signal; every wait on an engine polls it,
//! so that a run stops within a moment, ends its engines (each in its own
//! process group) and still writes the verdicts it has, marked incomplete.
//! Without [`install`] no signal is ever recorded: library users keep the
//! default behaviour of their signals.
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

/// Record SIGINT and SIGTERM instead of dying of them; a second one ends
/// the process at once. Installed once, however often it is called.
pub fn install() -> Result<(), String> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
        INSTALLED
            .get_or_init(|| {
                let flag = Arc::clone(SIGNAL.get_or_init(|| Arc::new(AtomicUsize::new(0))));
                let seen = Arc::clone(SEEN.get_or_init(|| Arc::new(AtomicBool::new(false))));
                for signal in [SIGINT, SIGTERM] {
                    let value = usize::try_from(signal).unwrap_or(usize::MAX);
                    let failed = |e: std::io::Error| format!("cannot handle signal {signal}: {e}");
                    // The shutdown on a second signal comes first: it looks
                    // at the flag before this signal sets it.
                    signal_hook::flag::register_conditional_shutdown(signal, EXIT_SECOND_SIGNAL, Arc::clone(&seen))
                        .map_err(failed)?;
                    signal_hook::flag::register(signal, Arc::clone(&seen)).map_err(failed)?;
                    signal_hook::flag::register_usize(signal, Arc::clone(&flag), value).map_err(failed)?;
                }
                Ok(())
            })
            .clone()
    }
    #[cfg(not(unix))]
    {
        Ok(())
    }
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
        if i32::try_from(n).ok() == Some(signal_hook::consts::SIGINT) {
            return Some("SIGINT");
        }
        if i32::try_from(n).ok() == Some(signal_hook::consts::SIGTERM) {
            return Some("SIGTERM");
        }
    }
    Some("a signal")
}
