//! A headless Chromium for the tests that open rulecheck's HTML outputs
//! in a real browser. `.ci/run` installs one; elsewhere the tests check
//! the HTML as text and say so.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The first Chromium on `PATH`, if any.
pub fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|name| {
        std::env::var_os("PATH")?.to_str()?.split(':').map(|dir| Path::new(dir).join(name)).find(|p| p.is_file())
    })
}

/// The first Chromium on `PATH` for a test that opens `what` in it; with
/// none, `None` and a line saying that `what` was checked as HTML only.
/// CI must have one (`.ci/run` installs it): there a missing Chromium
/// fails the test.
pub fn chromium_for(what: &str) -> Option<PathBuf> {
    let browser = chromium();
    if browser.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI must have Chromium: .ci/run installs it");
        eprintln!("no Chromium on this machine: {what} was checked as HTML only");
    }
    browser
}

/// The browser run headless, with a profile of its own under `profile`,
/// and nothing that reaches the network or the user's settings: the
/// caller adds what to do (`--dump-dom`, `--screenshot`) and the page.
pub fn headless(browser: &Path, profile: &Path) -> Command {
    let mut command = Command::new(browser);
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()));
    command
}
