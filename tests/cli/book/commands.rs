//! Every `rulecheck` command line the documentation shows, in any block
//! (the `console` blocks `examples` runs, and the `sh` blocks of commands
//! that need what a test cannot have: an author's own adapter, Scan, a
//! batch of perft parts), read by this build's parser
//! (`rulecheck parse-args`, hidden): a command, option or value renamed or
//! removed fails here, naming the page and line that still shows it. The
//! shell around a command (a `$ ` prompt, a trailing comment, a
//! redirection or pipe, `$VAR`) is not part of what is read.

use std::path::{Path, PathBuf};

use crate::support::process::{rulecheck, ROOT};

/// The pages: the book's, and the README, CONTRIBUTING.md and
/// ARCHITECTURE.md at the top.
fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> =
        super::markdown_files(&super::src()).into_iter().map(|p| super::src().join(p)).collect();
    pages.extend(["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"].map(|p| Path::new(ROOT).join(p)));
    pages
}

/// The command lines of a page's fenced blocks: (line number, the words
/// after `rulecheck`). Blocks of data (YAML, JSON, Rust, ...) are left out.
fn command_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    for (i, line) in joined_lines(text) {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(rest.trim().to_string()),
            };
            continue;
        }
        let Some(lang) = &fence else { continue };
        if !matches!(lang.as_str(), "" | "sh" | "bash" | "shell" | "console" | "text") {
            continue;
        }
        // A session shows its commands after a prompt, among their output;
        // a script is commands alone.
        let command = match (lang.as_str(), trimmed.strip_prefix("$ ")) {
            (_, Some(command)) => command,
            ("console" | "text", None) => continue,
            (_, None) => trimmed,
        };
        if let Some(words) = command.strip_prefix("rulecheck ") {
            out.push((i + 1, shell_words(words)));
        }
    }
    out
}

/// The lines of a page with each line a shell continues (one that ends
/// in ` \`) joined to the next, as the shell reads them, each numbered
/// by its first line.
fn joined_lines(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let (body, continues) = match line.strip_suffix(" \\") {
            Some(body) => (body, true),
            None => (line, false),
        };
        match out.last_mut() {
            Some((_, joined)) if open => {
                joined.push(' ');
                joined.push_str(body.trim_start());
            }
            _ => out.push((i, body.to_string())),
        }
        open = continues;
    }
    out
}

/// The words of a command up to what belongs to the shell: a comment
/// (` #` outside quotes), a redirection or a pipe.
fn shell_words(line: &str) -> String {
    let (mut quote, mut end) = (None, line.len());
    let bytes = line.as_bytes();
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '#' | '>' | '|') if i == 0 || bytes[i - 1] == b' ' => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    line[..end].trim().to_string()
}

#[test]
fn every_command_line_the_documentation_shows_is_one_of_rulecheck() {
    let mut seen = 0;
    let mut wrong = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page reads");
        for (line, words) in command_lines(&text) {
            let Some(args) = shlex::split(&words) else {
                wrong.push(format!("{}:{line}: quotes do not close: rulecheck {words}", page.display()));
                continue;
            };
            let mut all = vec!["parse-args"];
            all.extend(args.iter().map(String::as_str));
            let o = rulecheck(&all);
            seen += 1;
            if o.code != Some(0) {
                wrong.push(format!("{}:{line}: rulecheck {words}\n{}", page.display(), o.stderr.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "command lines the documentation shows that rulecheck does not read:\n{}",
        wrong.join("\n")
    );
    // The book shows a great many: a reader that found none would prove nothing.
    assert!(seen > 50, "only {seen} command lines found");
}

#[test]
fn a_command_line_is_cut_where_the_shell_takes_over() {
    assert_eq!(shell_words("run --engine 'a # b' spec # the whole spec"), "run --engine 'a # b' spec");
    assert_eq!(shell_words("completions bash > /etc/x"), "completions bash");
    assert_eq!(shell_words("show english | head -1"), "show english");
    assert_eq!(shell_words("run --engine \"x > y\""), "run --engine \"x > y\"");
    assert_eq!(
        joined_lines("$ rulecheck run \\\n    --engine 'a b' \\\n  spec\nnext"),
        vec![(0, "$ rulecheck run --engine 'a b' spec".to_string()), (3, "next".to_string())]
    );
    // An unknown option is refused by the parser the test asks.
    let o = rulecheck(&["parse-args", "run", "--no-such-option"]);
    assert_eq!(o.code, Some(2), "{}", o.all());
    assert!(o.stderr.contains("--no-such-option"), "{}", o.all());
}
