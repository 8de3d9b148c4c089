//! Every link of the book, and of the README, ARCHITECTURE.md and
//! CONTRIBUTING.md, leads somewhere: a page of the book listed in its
//! SUMMARY.md (mdBook renders no other), a file that is there, and an
//! anchor that is a heading's id on the page linked, as mdBook makes them
//! (the heading's text lower-cased, spaces to hyphens, all but letters,
//! digits, `-` and `_` dropped, `-1`, `-2` ... after an id already used on
//! the page). Pages are read as mdBook reads them: with the files they
//! `{{#include}}`, and with the Markdown extensions it turns on.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::support::process::ROOT;

/// The extensions mdBook 0.5 parses its pages with (`mdbook-markdown`).
fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_DEFINITION_LIST
        | Options::ENABLE_GFM
}

/// An id from a heading's text, as mdBook makes it.
fn id_from_content(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// A page's text with each `{{#include FILE}}` replaced by that file,
/// read relative to the page (as mdBook's links preprocessor does).
fn expanded(page: &Path) -> String {
    let text = std::fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("{{#include ") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("}}").unwrap_or_else(|| panic!("{}: an unclosed {{{{#include", page.display()));
        let target = rest[at + "{{#include ".len()..at + end].trim();
        assert!(!target.contains(':'), "{}: only whole files are included here: {target}", page.display());
        let file = page.parent().expect("a page's directory").join(target);
        out.push_str(
            &std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {{{{#include {target}}}}}: {}: {e}", page.display(), file.display())),
        );
        rest = &rest[at + end + 2..];
    }
    out.push_str(rest);
    out
}

/// What a page holds for the checks: the ids of its headings and the
/// links it makes (destination, and the line it is on).
#[derive(Default)]
struct Page {
    ids: BTreeSet<String>,
    links: Vec<(String, usize)>,
    bare_fences: Vec<usize>,
}

fn read_page(text: &str) -> Page {
    let mut page = Page::default();
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut heading: Option<(String, Option<String>)> = None;
    for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { id, .. }) => heading = Some((String::new(), id.map(|i| i.to_string()))),
            Event::Start(Tag::DefinitionListTitle) => heading = Some((String::new(), None)),
            Event::End(TagEnd::Heading(_) | TagEnd::DefinitionListTitle) => {
                if let Some((content, given)) = heading.take() {
                    let id = given.unwrap_or_else(|| id_from_content(&content));
                    let mut unique = id.clone();
                    let mut n = 0;
                    while !page.ids.insert(unique.clone()) {
                        n += 1;
                        unique = format!("{id}-{n}");
                    }
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((content, _)) = heading.as_mut() {
                    content.push_str(&t);
                }
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                page.links.push((dest_url.to_string(), line_of(range.start)));
            }
            Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(info))) if info.trim().is_empty() => {
                page.bare_fences.push(line_of(range.start));
            }
            _ => {}
        }
    }
    page
}

/// `path` with `.` and `..` taken out, or `None` if it climbs above its root.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// The pages SUMMARY.md lists, relative to the book's sources.
fn summary(src: &Path) -> Vec<PathBuf> {
    let text = std::fs::read_to_string(src.join("SUMMARY.md")).expect("docs/src/SUMMARY.md");
    read_page(&text).links.into_iter().map(|(to, _)| PathBuf::from(to)).collect()
}

/// Whether a link leaves this repository's files (a web address).
fn external(to: &str) -> bool {
    to.contains("://") || to.starts_with("mailto:")
}

#[test]
fn every_link_and_anchor_of_the_book_leads_somewhere() {
    let src = super::src();
    let listed = summary(&src);
    let mut problems = Vec::new();
    for page in &listed {
        if !src.join(page).is_file() {
            problems.push(format!("SUMMARY.md lists {}, which is not there", page.display()));
        }
    }
    let listed_set: BTreeSet<&PathBuf> = listed.iter().collect();
    let all = super::markdown_files(&src);
    for file in &all {
        if file != Path::new("SUMMARY.md") && !listed_set.contains(file) {
            problems.push(format!("{} is not in SUMMARY.md, so the book never shows it", file.display()));
        }
    }
    let pages: BTreeMap<PathBuf, Page> = listed
        .iter()
        .filter(|p| src.join(p).is_file())
        .map(|p| (p.clone(), read_page(&expanded(&src.join(p)))))
        .collect();
    for (name, page) in &pages {
        for line in &page.bare_fences {
            problems.push(format!(
                "{}:{line}: a code block with no language (`text`, `console`, `sh`, `yaml`...): \
                 the example runner would take it for a shell session",
                name.display()
            ));
        }
        for (to, line) in &page.links {
            if external(to) {
                continue;
            }
            let at = format!("{}:{line}: {to}", name.display());
            let (path, anchor) = to.split_once('#').map_or((to.as_str(), None), |(p, a)| (p, Some(a)));
            let target = if path.is_empty() {
                Some(name.clone())
            } else {
                normal(&name.parent().unwrap_or(Path::new("")).join(path))
            };
            let Some(target) = target else {
                problems.push(format!("{at}: leads out of the book (only its pages and files are published)"));
                continue;
            };
            if target.extension().is_some_and(|x| x == "md") {
                let Some(linked) = pages.get(&target) else {
                    problems.push(format!("{at}: no such page in SUMMARY.md"));
                    continue;
                };
                if let Some(anchor) = anchor {
                    if !linked.ids.contains(anchor) {
                        problems.push(format!("{at}: no heading with the id '{anchor}' on {}", target.display()));
                    }
                }
            } else if !src.join(&target).exists() {
                problems.push(format!("{at}: no such file in the book's sources"));
            }
        }
    }
    assert!(problems.is_empty(), "the book's links:\n{}", problems.join("\n"));
}

/// The repository's own Markdown files, read where they are (on GitHub,
/// or the PyPI page for the README's): relative links to files that are
/// there, and anchors to headings on the Markdown page linked.
#[test]
fn every_link_of_the_readme_architecture_and_contributing_leads_somewhere() {
    let root = Path::new(ROOT);
    let mut problems = Vec::new();
    for name in ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"] {
        let text = std::fs::read_to_string(root.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let page = read_page(&text);
        for line in &page.bare_fences {
            problems.push(format!("{name}:{line}: a code block with no language"));
        }
        for (to, line) in &page.links {
            if external(to) {
                continue;
            }
            let at = format!("{name}:{line}: {to}");
            let (path, anchor) = to.split_once('#').map_or((to.as_str(), None), |(p, a)| (p, Some(a)));
            let target = if path.is_empty() { PathBuf::from(name) } else { PathBuf::from(path) };
            let Some(target) = normal(&target) else {
                problems.push(format!("{at}: leads out of the repository"));
                continue;
            };
            if !root.join(&target).exists() {
                problems.push(format!("{at}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                let linked = read_page(&expanded(&root.join(&target)));
                if !linked.ids.contains(anchor) {
                    problems.push(format!("{at}: no heading with the id '{anchor}' on {}", target.display()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "links:\n{}", problems.join("\n"));
}

/// The anchors are mdBook's: a few headings of its own tests, and the
/// numbering of a repeated heading.
#[test]
fn heading_ids_are_made_as_mdbook_makes_them() {
    assert_eq!(id_from_content("`--passes`: add more rustdoc passes"), "--passes-add-more-rustdoc-passes");
    assert_eq!(id_from_content("Über"), "über");
    let page =
        read_page("# Exit codes\n\n## In CI\n\n## In CI\n\n### The spec's mutation score\n\nterm\n: its meaning\n");
    let ids: Vec<&str> = page.ids.iter().map(String::as_str).collect();
    assert_eq!(ids, ["exit-codes", "in-ci", "in-ci-1", "term", "the-specs-mutation-score"]);
}
