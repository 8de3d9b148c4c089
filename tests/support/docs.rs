//! The book's pages as the walkthrough tests read them: a page by its path
//! under `docs/src/`, and the fenced block a route is written in.

use std::path::Path;

use super::process::ROOT;

/// A page of the book, by its path under docs/src/.
pub fn page(name: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join("docs/src").join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The first fenced block of `lang` after the text `marker`.
pub fn block_after(text: &str, marker: &str, lang: &str) -> String {
    let from = text.find(marker).unwrap_or_else(|| panic!("the page has no '{marker}'"));
    let rest = &text[from..];
    let open = format!("```{lang}\n");
    let start = rest.find(&open).unwrap_or_else(|| panic!("no ```{lang} block after '{marker}'")) + open.len();
    let end = rest[start..].find("```").expect("the block ends") + start;
    rest[start..end].to_string()
}
