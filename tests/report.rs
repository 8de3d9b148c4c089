//! The HTML report, opened in a real headless browser: the boards render as
//! SVG, the failing moves are marked on them, and a screenshot is kept under
//! target/. `.ci/run` installs Chromium from the system's packages so that
//! this runs in CI; elsewhere without a Chromium it says so and checks the
//! HTML alone.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "support/process.rs"]
mod process;
use process::rulecheck;

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|name| {
        std::env::var_os("PATH")?.to_str()?.split(':').map(|dir| Path::new(dir).join(name)).find(|p| p.is_file())
    })
}

#[test]
fn the_html_report_draws_boards_and_marks_failing_moves_in_a_browser() {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/report-test");
    std::fs::create_dir_all(&out).expect("output dir");
    let html = out.join("report.html");
    let engine = format!("{} serve --deviate flying-kings-flipped", env!("CARGO_BIN_EXE_rulecheck"));
    let html_arg = html.to_string_lossy().into_owned();
    let o = rulecheck(&["run", "--engine", &engine, "spec/english/kings.yaml", "spec/compare", "--report", &html_arg]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    let page = std::fs::read_to_string(&html).expect("report written");
    assert!(page.contains("<h2>By clause</h2>") && page.contains("english.king.move"));
    assert!(page.matches("<svg").count() >= 5, "a board per failing scenario");
    assert!(page.contains("class=\"mark\""), "failing moves are marked");

    let Some(browser) = chromium() else {
        assert!(std::env::var_os("CI").is_none(), "CI must have Chromium: .ci/run installs it");
        eprintln!("no Chromium on this machine: the report was checked as HTML only");
        return;
    };
    let profile = out.join("chromium-profile");
    let url = format!("file://{}", html.display());
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ];
    let profile_arg = format!("--user-data-dir={}", profile.display());
    // The DOM after rendering: the SVG boards and their marks are there.
    let dom = Command::new(&browser)
        .args(flags)
        .arg(&profile_arg)
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.matches("<svg").count() >= 5, "the browser sees the boards:\n{}", &dom[..dom.len().min(500)]);
    assert!(dom.contains("class=\"mark\""), "the browser sees the marks");
    let shot = out.join("report.png");
    let _ = std::fs::remove_file(&shot);
    let status = Command::new(&browser)
        .args(flags)
        .arg(&profile_arg)
        .arg("--window-size=1200,1400")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .status()
        .expect("chromium runs");
    assert!(status.success());
    let png = std::fs::read(&shot).expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 20_000, "a real picture, {} bytes", png.len());
}
