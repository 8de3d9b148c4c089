//! The book as its readers get it: built by mdBook (the one `.ci/run`
//! installs under target/tools/, or any on `PATH`) into target/book-test/,
//! then opened in a headless Chromium: a page of each job renders with the
//! book's table of contents, and the search (`?search=`) finds the pages
//! that hold a word. A screenshot of each is kept beside it. Without
//! mdBook or Chromium the test says so and stops, except in CI, where
//! `.ci/run` installs both.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::browser::{chromium_for, headless};
use crate::support::process::ROOT;

/// mdBook: the one `.ci/run` installs, else the first on `PATH`.
fn mdbook() -> Option<PathBuf> {
    let pinned = Path::new(ROOT).join("target/tools/bin/mdbook");
    let found = if pinned.is_file() {
        Some(pinned)
    } else {
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .map(|d| d.join("mdbook"))
            .find(|p| p.is_file())
    };
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI must have mdBook: .ci/run installs it under target/tools/");
        eprintln!("no mdBook on this machine: the book was not built or opened");
    }
    found
}

/// The DOM of `url` once its scripts have run.
fn dom(browser: &Path, profile: &Path, url: &str) -> String {
    let o = headless(browser, profile)
        .arg("--virtual-time-budget=10000")
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("chromium runs");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A screenshot of `url` into `shot`, checked to be a real picture.
fn screenshot(browser: &Path, profile: &Path, url: &str, shot: &Path) {
    let _ = std::fs::remove_file(shot);
    let status = headless(browser, profile)
        .arg("--hide-scrollbars")
        .arg("--window-size=1280,1000")
        .arg("--virtual-time-budget=10000")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(url)
        .status()
        .expect("chromium runs");
    assert!(status.success(), "chromium took no screenshot of {url}");
    let png = std::fs::read(shot).expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 20_000, "{url}: a real picture, {} bytes", png.len());
}

#[test]
fn the_built_book_reads_and_searches_in_a_browser() {
    let Some(mdbook) = mdbook() else { return };
    let out = Path::new(ROOT).join("target/book-test");
    let book = out.join("book");
    let _ = std::fs::remove_dir_all(&book);
    let o = Command::new(&mdbook)
        .arg("build")
        .arg(Path::new(ROOT).join("docs"))
        .arg("--dest-dir")
        .arg(&book)
        .output()
        .expect("mdbook runs");
    let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.status.success(), "mdbook build docs failed:\n{said}");
    assert!(!said.contains("WARN") && !said.contains("ERROR"), "mdbook warns:\n{said}");
    for page in ["engine/index.html", "scenarios/index.html", "compare.html", "protocol.html", "commands/run.html"] {
        assert!(book.join(page).is_file(), "the book has {page}");
    }
    // The report's screenshot (docs/report.png, linked into the sources)
    // is copied into the book as a picture, not as a dangling link.
    let picture = std::fs::read(book.join("images/report.png")).expect("the book has the report's picture");
    assert!(picture.starts_with(b"\x89PNG"), "images/report.png is a PNG");

    let Some(browser) = chromium_for("the book") else { return };
    let profile = out.join("chromium-profile");
    let url = |page: &str| format!("file://{}", book.join(page).display());

    // A page of each job renders, with the table of contents beside it.
    for (page, holds) in [
        ("engine/index.html", "rulecheck smoke --engine"),
        ("scenarios/index.html", "readme-example.yaml"),
        ("compare.html", "rulecheck diff"),
    ] {
        let dom = dom(&browser, &profile, &url(page));
        assert!(dom.contains(holds), "{page} shows '{holds}':\n{}", dom.get(..2000).unwrap_or(&dom));
        assert!(dom.contains("Exit codes") && dom.contains("Comparing variants"), "{page}: the table of contents");
        let shot = out.join(page.replace('/', "-").replace(".html", ".png"));
        screenshot(&browser, &profile, &url(page), &shot);
    }

    // The search: a word of one chapter finds it.
    let search = format!("{}?search=fingerprint", url("introduction.html"));
    let dom = dom(&browser, &profile, &search);
    let results = dom.split("id=\"mdbook-searchresults\"").nth(1).unwrap_or_default();
    let results = &results[..results.find("</ul>").unwrap_or(results.len())];
    assert!(
        results.matches("<li").count() >= 3,
        "the search finds pages:\n{}",
        dom.get(dom.len().saturating_sub(3000)..).unwrap_or(&dom)
    );
    assert!(results.contains("engine/fingerprints.html"), "the search finds the fingerprints page:\n{results}");
    screenshot(&browser, &profile, &search, &out.join("search.png"));
}
