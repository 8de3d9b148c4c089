//! The book under `docs/` (mdBook) and the README, held to the code: every
//! example shown runs and prints what is shown (`examples`), every
//! command line shown anywhere is one the parser reads (`commands`), every link
//! and anchor leads somewhere (`links`), the command pages and man pages
//! are what the command line writes of itself (`reference`), and the built
//! book reads and searches in a real browser (`browser`).

mod browser;
mod commands;
mod examples;
mod links;
mod reference;
mod speed;

use std::path::{Path, PathBuf};

use crate::support::process::ROOT;

/// The book's sources.
fn src() -> PathBuf {
    Path::new(ROOT).join("docs/src")
}

/// Every Markdown file under `dir`, sorted, as paths relative to it.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("the book's directory reads"))
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "md"))
        .map(|e| e.path().strip_prefix(dir).expect("below the directory").to_path_buf())
        .collect();
    files.sort();
    files
}
