//! Every `console` block of the book and of the README run as written,
//! with this build's `rulecheck` (as the command and on `PATH`, so that
//! `--engine 'rulecheck serve ...'` finds it too), from the top of the
//! repository: what a command prints (standard output and standard error
//! together) must be what the block shows, `...` standing for any lines
//! and `[..]` for any text within a line, and its exit code the block's
//! `? N` line (0 when there is none). `TRYCMD=overwrite` writes the
//! outputs into the pages, to be read over before they are committed.

use std::path::Path;

use crate::support::process::ROOT;

#[test]
fn every_example_of_the_book_and_the_readme_prints_what_it_shows() {
    let bin = Path::new(env!("CARGO_BIN_EXE_rulecheck"));
    let dir = bin.parent().expect("the binary's directory");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&path)))
        .expect("PATH joins");
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("rulecheck", bin)
        .env("PATH", path.to_string_lossy().into_owned())
        // No progress bars, and no colours, whatever runs the tests.
        .env("CI", "true")
        // Generous: a hang guard, never a measure of speed.
        .timeout(std::time::Duration::from_secs(120));
    cases.case(Path::new(ROOT).join("README.md"));
    for page in super::markdown_files(&super::src()) {
        let text = std::fs::read_to_string(super::src().join(&page)).expect("a page reads");
        if text.contains("```console") {
            cases.case(super::src().join(&page));
        }
    }
    cases.run();
}
