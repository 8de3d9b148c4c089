//! How every command ends and prints: the [`Fail`] that carries a message
//! and its exit code, standard output that a closed pipe ends quietly, notes
//! on standard error, and output files written whole. Kept apart so that
//! each command's file says only what it prints, never how.

use std::io::Write;
use std::path::{Path, PathBuf};

/// How a command ends early.
pub(super) enum Fail {
    /// A message for the user and the exit code it ends with.
    Msg(String, u8),
    /// Standard output was closed (`rulecheck show english | head -1`):
    /// the reader has what it wanted, so the command ends quietly.
    Closed,
}

/// Bad input: a file, a position, an option, a time limit (exit code 2).
pub(super) fn bad(msg: impl Into<String>) -> Fail {
    Fail::Msg(msg.into(), 2)
}

/// The engine failed (exit code 3).
pub(super) fn engine_failed(msg: impl Into<String>) -> Fail {
    Fail::Msg(msg.into(), 3)
}

/// Everything a command prints on standard output goes through here. A
/// closed pipe ends the command quietly, as it does for other command-line
/// tools; any other write error (a full disk) is an error, exit code 2.
pub(super) fn out(text: &str) -> Result<(), Fail> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Fail::Closed
        } else {
            bad(format!("cannot write to standard output: {e}"))
        }
    })
}

/// Print a line through [`out`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::output::out(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// A message on standard error. Nothing is left to say when standard error
/// itself cannot be written, so its write errors are ignored. Messages
/// quote engines (their errors, their standard error echoed), so control
/// characters are written visibly, never sent to the terminal.
pub(super) fn note(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{}", rulecheck_text::terminal(text));
}

/// Write an output file: a regular file replaced atomically, a device or
/// a FIFO written through, a symbolic link kept; an error is bad output,
/// exit code 2.
pub(super) fn write_file(path: &Path, text: &str) -> Result<(), Fail> {
    rulecheck_files::write_output(path, text.as_bytes()).map_err(bad)
}

/// Refuse, before anything runs, the output files (each with the option
/// that names it) that would replace an input of the command (`of` says
/// whose: "this run"), that two options name alike, or that cannot be
/// written: each is bad input, exit code 2, said before minutes of work
/// rather than after them.
pub(super) fn check_outputs(outputs: &[(&str, &Path)], inputs: &[PathBuf], of: &str) -> Result<(), Fail> {
    for (i, (option, target)) in outputs.iter().enumerate() {
        if let Some(input) = inputs.iter().find(|p| rulecheck_files::same_file(p, target)) {
            return Err(bad(format!(
                "{option} {}: that is {}, an input of {of}; choose another file",
                target.display(),
                rulecheck::runner::display_path(input)
            )));
        }
        let regular = std::fs::metadata(target).map_or(true, |m| m.is_file());
        if let Some((other, _)) = outputs[..i]
            .iter()
            .find(|(_, earlier)| regular && (earlier == target || rulecheck_files::same_file(earlier, target)))
        {
            return Err(bad(format!(
                "{option} {}: {other} writes that file too; give each output a file of its own",
                target.display()
            )));
        }
        rulecheck_files::check_writable(target).map_err(|e| bad(format!("{option} {e}")))?;
    }
    Ok(())
}
