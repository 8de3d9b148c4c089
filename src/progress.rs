//! Progress bars for long perft, fuzz and whole-spec runs: on standard error,
//! only when it is a terminal and not in CI (the `CI` variable), so logs and
//! machine-readable output stay clean.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// Whether bars may be drawn.
pub fn wanted() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
}

/// A bar of `len` steps, or a hidden one when bars are not wanted.
pub fn bar(len: u64, what: &str, enabled: bool) -> ProgressBar {
    if !enabled {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let style = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}
