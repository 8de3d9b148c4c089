//! `rulecheck perft-table`: an engine, or the reference, held to the perft
//! tables of `spec/perft/` (or any file in their format), one line a row.
//! The reading, the budget and the verdicts are the library's
//! (`rulecheck::perft::tables`); here are the arguments, the engine's
//! answers turned into counts or skips, the printing and the exit code.

use std::path::PathBuf;

use super::input::{said, started, stop_on_signals};
use super::output::{bad, engine_failed, out, Fail};
use super::Limits;
use rulecheck::engine::{self, process::EngineSpec, Engine, EngineError};
use rulecheck::perft::tables::{self, Answer, Checked, Table, Verdict};
use rulecheck::source::Source;

/// The arguments of `rulecheck perft-table`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// Table files, or directories of them [default: ./spec/perft, else the built-in spec's].
    #[arg(value_name = "TABLES")]
    paths: Vec<PathBuf>,
    /// Check an external engine's `perft` answers instead of the reference's counts.
    #[arg(long, value_name = "CMD ARGS")]
    engine: Option<String>,
    /// Skip the rows that count more leaves than this, saying so.
    #[arg(long, value_name = "N", default_value_t = tables::DEFAULT_MAX_NODES)]
    max_nodes: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: Limits,
}

pub(super) fn perft_table(args: Args) -> Result<u8, Fail> {
    let Args { paths, engine, max_nodes, json, limits } = args;
    // With no path, the spec's tables: those of ./spec/perft in a spec
    // being worked on, else the built-in ones.
    let source = match (paths.is_empty(), Source::default_here()) {
        (false, _) => Source::Paths(paths),
        (true, Source::Builtin) => Source::Builtin,
        (true, Source::Paths(_)) => Source::dir(&PathBuf::from(rulecheck::builtin::DIR).join("perft")),
    };
    said(&source);
    let loaded = source
        .perft_tables()
        .map_err(|errors| bad(errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")))?;
    if loaded.is_empty() {
        return Err(bad(format!("no perft table file (*.yaml) under {}", source.describe())));
    }
    let (checked, counter) = match engine {
        None => {
            let checked =
                tables::check(&loaded, max_nodes, &mut |t, depth| t.reference_count(depth).map(Answer::Count));
            (checked, "reference".to_string())
        }
        Some(line) => {
            let spec = limits.apply(EngineSpec::from_command_line(&line).map_err(bad)?);
            stop_on_signals()?;
            let mut e = started(spec, &line)?;
            let checked = tables::check(&loaded, max_nodes, &mut |t, depth| ask(&mut e, t, depth));
            if let Some(why) = &checked.broke {
                let mut msg = format!("engine '{line}': {why}");
                if let Some(text) = e.stderr() {
                    msg.push_str(&format!("\n{}", text.trim_end()));
                }
                print(&loaded, &checked, json)?;
                return Err(engine_failed(msg));
            }
            (checked, line)
        }
    };
    print(&loaded, &checked, json)?;
    let count = |v: Verdict| checked.rows.iter().filter(|r| r.verdict == v).count();
    let (passed, failed, skipped) = (count(Verdict::Pass), count(Verdict::Fail), count(Verdict::Skip));
    if !json {
        outln!("{} rows against {counter}: {passed} passed, {failed} failed, {skipped} skipped", checked.rows.len())?;
    }
    Ok(if failed > 0 {
        1
    } else if passed == 0 {
        4
    } else {
        0
    })
}

/// The engine's count for one row, a skip when it cannot be asked or
/// does not count, or its failure (the command then exits 3).
fn ask(e: &mut impl Engine, t: &Table, depth: u32) -> Result<Answer, String> {
    if let Some(why) = t.protocol_skip() {
        return Ok(Answer::Skip(why));
    }
    if let Err(why) = e.supports(&t.variant, &t.options) {
        return Ok(Answer::Skip(why));
    }
    let setup = engine::Setup { variant: &t.variant, options: &t.options, position: t.position.as_deref() };
    match e.perft(&setup, depth) {
        Ok(Some(n)) => Ok(Answer::Count(n)),
        Ok(None) => Ok(Answer::Skip("the engine does not count perft (no `perft` capability)".to_string())),
        Err(EngineError::Unsupported(why)) => Ok(Answer::Skip(format!("unsupported: {why}"))),
        Err(err) => Err(err.to_string()),
    }
}

fn print(loaded: &[Table], checked: &Checked, json: bool) -> Result<(), Fail> {
    if json {
        let rows: Vec<serde_json::Value> = checked
            .rows
            .iter()
            .map(|r| {
                let t = &loaded[r.table];
                serde_json::json!({
                    "file": t.file.display().to_string(),
                    "table": t.name,
                    "variant": t.variant,
                    "position": t.position,
                    "counting": if t.paths() { "paths" } else { "moves" },
                    "depth": r.depth,
                    "expected": r.expected,
                    "got": r.got,
                    "result": r.verdict,
                    "reason": r.reason,
                })
            })
            .collect();
        let mut v = serde_json::json!({ "rows": rows });
        if let Some(why) = &checked.broke {
            v["engine_error"] = serde_json::Value::from(why.clone());
        }
        return outln!("{v}");
    }
    let mut text = String::new();
    for r in &checked.rows {
        let t = &loaded[r.table];
        let head = format!("{}: {}, depth {}: expected {}", t.variant, t.name, r.depth, r.expected);
        let line = match (&r.verdict, r.got) {
            (Verdict::Pass, Some(n)) => format!("pass  {head}, got {n}"),
            (Verdict::Fail, Some(n)) => format!("FAIL  {head}, got {n}"),
            _ => format!("skip  {head}: {}", r.reason.as_deref().unwrap_or("not counted")),
        };
        text.push_str(&line);
        text.push('\n');
    }
    // Engines' words (their reasons) are quoted: no escape sequence of
    // theirs reaches the terminal.
    out(&rulecheck_text::terminal(&text))
}
