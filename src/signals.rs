//! SIGINT and SIGTERM recorded instead of dying of them: the handler only
//! sets the library's flags (`rulecheck::interrupt`), which every wait on an
//! engine polls, so that a run stops within a moment, ends its engines and
//! still writes the verdicts it has. A second signal ends the process at
//! once.

/// Install the handler, once, however often it is called.
pub fn install() -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::sync::{Arc, OnceLock};

        use rulecheck::interrupt::{flags, EXIT_SECOND_SIGNAL};
        use signal_hook::consts::{SIGINT, SIGTERM};
        static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
        INSTALLED
            .get_or_init(|| {
                let (flag, seen) = flags();
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

/// End the process at once with `code` on SIGINT or SIGTERM, for a command
/// whose finished work is on disk as it finishes (`perft-work` syncs each
/// unit's record): nothing is left to write, and the exit code tells a
/// retry policy that the work was stopped, not wrong.
pub fn exit_on_signals(code: i32) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;

        use signal_hook::consts::{SIGINT, SIGTERM};
        let always = Arc::new(AtomicBool::new(true));
        for signal in [SIGINT, SIGTERM] {
            signal_hook::flag::register_conditional_shutdown(signal, code, Arc::clone(&always))
                .map_err(|e| format!("cannot handle signal {signal}: {e}"))?;
        }
    }
    #[cfg(not(unix))]
    {
        let _ = code;
    }
    Ok(())
}
