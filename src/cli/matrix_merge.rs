//! `rulecheck matrix merge`: the parts of a matrix run in shares read back,
//! checked to be one matrix with every cell once, and written as the whole
//! matrix; and the writing of a matrix's files, which a single run shares.

use std::path::{Path, PathBuf};

use super::output::{bad, check_outputs, note, out, write_file, Fail};
use rulecheck::matrix::{self, part::Part, readings::Disputed, Column, Listed};
use rulecheck::report;

/// Largest part file read.
const MAX_PART_BYTES: u64 = 256 << 20;

/// The arguments of `rulecheck matrix merge`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The parts' files, each written by `rulecheck matrix ENGINES --index I --count N --part FILE`.
    #[arg(required = true, value_name = "PART")]
    parts: Vec<PathBuf>,
    /// Write the Markdown matrix to this file (without --markdown, --json or --html it goes to standard output).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Write the JSON matrix to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the HTML matrix (rows open onto their scenarios) to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// What a matrix's files are written from, beside its columns.
pub(super) struct Written<'a> {
    pub command: &'a str,
    pub listed: &'a [Listed],
    /// Each engine's name and lineage, in the engines file's order.
    pub engines: &'a [(&'a str, Option<&'a str>)],
    pub disputed: &'a [Disputed],
    /// A clause's rule text.
    pub rule: &'a dyn Fn(&str) -> Option<String>,
    /// Whether it is merged from parts (a part, not this process, was stopped).
    pub merged: bool,
}

pub(super) fn merge(args: Args) -> Result<u8, Fail> {
    let Args { parts, markdown, json, html } = args;
    let outputs: Vec<(&str, &Path)> = [("--markdown", &markdown), ("--json", &json), ("--html", &html)]
        .into_iter()
        .filter_map(|(option, path)| path.as_deref().map(|p| (option, p)))
        .collect();
    check_outputs(&outputs, &parts, "this merge")?;
    let mut read = Vec::new();
    for f in &parts {
        read.push((rulecheck::runner::display_path(f), read_part(f)?));
    }
    let merged = match matrix::merge::merge(&read) {
        Ok(m) => m,
        Err(problems) => {
            for p in &problems {
                note(&format!("error: {p}"));
            }
            return Err(Fail::Msg(
                format!(
                    "the parts are not one whole matrix ({}); nothing was written",
                    report::count(problems.len(), "problem")
                ),
                1,
            ));
        }
    };
    let frame = &merged.frame;
    let named: Vec<(&str, Option<&str>)> =
        frame.engines.iter().map(|e| (e.name.as_str(), e.lineage.as_deref())).collect();
    let rule = |clause: &str| frame.rules.get(clause).cloned();
    let written = Written {
        command: &frame.command,
        listed: &frame.scenarios,
        engines: &named,
        disputed: &frame.disputed,
        rule: &rule,
        merged: true,
    };
    write(&written, &merged.columns, merged.stopped.as_ref(), [markdown, json, html])
}

/// A part file, or why it is not one (bad input, naming the file).
fn read_part(f: &Path) -> Result<Part, Fail> {
    let text = rulecheck_files::read_text(f, MAX_PART_BYTES).map_err(bad)?;
    let not_one =
        |why: String| bad(format!("{}: not a part written by `matrix --index I --count N`: {why}", f.display()));
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| not_one(e.to_string()))?;
    match value.get("matrix_part").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(matrix::part::PART_VERSION) => {}
        Some(v) => {
            return Err(bad(format!(
            "{}: a part of format {v}; this rulecheck reads format {} (merge with the rulecheck that ran the parts)",
            f.display(),
            matrix::part::PART_VERSION
        )))
        }
        None => return Err(not_one("it has no `matrix_part`".to_string())),
    }
    serde_json::from_value(value).map_err(|e| not_one(e.to_string()))
}

/// Write a matrix: Markdown, JSON and HTML to the files given, Markdown to
/// standard output when none is; and its exit code.
pub(super) fn write(
    w: &Written<'_>,
    columns: &[Column],
    stopped: Option<&report::Stopped>,
    [markdown, json, html]: [Option<PathBuf>; 3],
) -> Result<u8, Fail> {
    let rows = matrix::rows_of(w.listed, columns);
    let found: Vec<_> = columns.iter().map(|c| c.readings.clone()).collect();
    let readings = matrix::readings::rows_named(w.disputed, w.engines, &found);
    for col in columns {
        if let Some(why) = &col.failure {
            note(&format!("error: engine '{}': {why}", col.name));
        }
    }
    let made = matrix::render::Made { command: w.command, columns, rows: &rows, readings: &readings, stopped };
    let md = matrix::render::markdown(&made);
    if let Some(f) = &markdown {
        write_file(f, &md)?;
    }
    if let Some(f) = &json {
        write_file(f, &matrix::render::json(&made))?;
    }
    if let Some(f) = &html {
        let outcomes = matrix::scenario_outcomes_of(w.listed, columns);
        write_file(f, &matrix::render::html_with(&made, &outcomes, w.rule))?;
    }
    if markdown.is_none() && json.is_none() && html.is_none() {
        out(&md)?;
    }
    if let Some(signal) = stopped.map(|s| &s.signal) {
        note(&if w.merged {
            format!("rulecheck: a part was stopped by {signal}; the matrix covers what its parts finished")
        } else {
            format!("rulecheck: stopped by {signal}; the matrix covers what finished and its engines were ended")
        });
        return Ok(report::EXIT_STOPPED as u8);
    }
    Ok(matrix::exit_code(columns, 0) as u8)
}
