//! `rulecheck reference DIR` (hidden): the command reference written from
//! the parser itself, so that the book's pages and the man pages cannot
//! drift from the commands there are. Under DIR it writes
//! `src/commands/<command>.md` (each command's `--help` text, with its
//! subcommands'), `src/commands/index.md` (every command and what it does)
//! and `man/rulecheck*.1` (by clap_mangen). Run as `rulecheck reference
//! docs`; a test writes them to a temporary directory and fails when the
//! committed files differ.

use std::path::Path;

use clap::{CommandFactory, Parser};

use super::output::{bad, note, write_file, Fail};
use super::Cli;

/// What a generated page says of itself, so that nobody edits it by hand.
const GENERATED: &str = "<!-- Written by `rulecheck reference docs` from the command line's own definition \
                         (`RULECHECK_BLESS_DOCS=1 cargo test --release --test cli reference` rewrites it): \
                         do not edit. -->";

pub(super) fn reference(dir: &Path) -> Result<u8, Fail> {
    let mut root = Cli::command()
        // The man pages name the package's version alone: the spec's hash
        // in `--version` would make them stale at every change of the spec.
        .version(env!("CARGO_PKG_VERSION"))
        .disable_help_subcommand(true);
    root.build();
    let pages = dir.join("src").join("commands");
    let man = dir.join("man");
    for d in [&pages, &man] {
        std::fs::create_dir_all(d).map_err(|e| bad(format!("reference: cannot create {}: {e}", d.display())))?;
    }
    let mut index = format!(
        "# Command reference\n\n{GENERATED}\n\n\
         Every command of `rulecheck`, with the text its `--help` prints. The options below \
         are taken by every command; each command's page gives its own. The same text is in \
         the man pages (`docs/man/` in the repository: `man docs/man/rulecheck-run.1`).\n\n\
         ```text\n{}```\n\n| command | what it does |\n|---|---|\n",
        help(&mut root)
    );
    let mut written = 0;
    for sub in root.get_subcommands_mut().filter(|c| !c.is_hide_set()) {
        let name = sub.get_name().to_string();
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        index.push_str(&format!("| [`rulecheck {name}`]({name}.md) | {} |\n", cell(&about)));
        write_file(&pages.join(format!("{name}.md")), &page(sub))?;
        written += 1;
    }
    write_file(&pages.join("index.md"), &index)?;
    man_pages(&root, &man)?;
    note(&format!(
        "rulecheck: wrote {} command pages to {} and their man pages to {}",
        written + 1,
        pages.display(),
        man.display()
    ));
    Ok(0)
}

/// The man page of `cmd` and of each of its visible subcommands, named as
/// `man` finds them (`rulecheck-spec-export.1`), each saying which
/// rulecheck it documents.
fn man_pages(cmd: &clap::Command, dir: &Path) -> Result<(), Fail> {
    let page = clap_mangen::Man::new(cmd.clone())
        .source(format!("rulecheck {}", env!("CARGO_PKG_VERSION")))
        .manual("rulecheck");
    let mut text = Vec::new();
    page.render(&mut text)
        .map_err(|e| bad(format!("reference: cannot render the man page of {}: {e}", cmd.get_name())))?;
    write_file(&dir.join(page.get_filename()), &String::from_utf8_lossy(&text))?;
    for sub in cmd.get_subcommands().filter(|c| !c.is_hide_set()) {
        man_pages(sub, dir)?;
    }
    Ok(())
}

/// One command's page: its `--help` text, then each subcommand's.
fn page(cmd: &mut clap::Command) -> String {
    let name = cmd.get_bin_name().unwrap_or(cmd.get_name()).to_string();
    let mut text = format!("# `{name}`\n\n{GENERATED}\n\n```text\n{}```\n", help(cmd));
    for sub in cmd.get_subcommands_mut().filter(|c| !c.is_hide_set()) {
        let sub_name = sub.get_bin_name().unwrap_or(sub.get_name()).to_string();
        text.push_str(&format!("\n## `{sub_name}`\n\n```text\n{}```\n", help(sub)));
    }
    text
}

/// The long help of a command as plain text, ending in one line break.
fn help(cmd: &mut clap::Command) -> String {
    let text = cmd.render_long_help().to_string();
    format!("{}\n", text.trim_end())
}

/// A text for a Markdown table's cell: one line, its bars escaped.
fn cell(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}

/// `rulecheck parse-args ARGS...` (hidden): whether ARGS read as a command
/// line of this `rulecheck` (every command, option and value the parser
/// knows), without running it. A request for help or the version reads.
pub(super) fn parse_args(args: &[String]) -> Result<u8, Fail> {
    use clap::error::ErrorKind;
    match Cli::try_parse_from(std::iter::once("rulecheck").chain(args.iter().map(String::as_str))) {
        Ok(_) => Ok(0),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => Ok(0),
        Err(e) => {
            let said = e.render().to_string();
            Err(bad(format!("not a command line of rulecheck: {}", said.trim_start_matches("error: "))))
        }
    }
}
