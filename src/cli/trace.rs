//! `rulecheck trace`: a rule page traced sentence by sentence to the
//! clauses it rests on, the scenarios that cite or reach them, the
//! deviations they leave uncaught and (with a matrix) the engines that fail
//! them; as a line per sentence, as JSON, or as an HTML page in the page's
//! own script and direction (two pages of one game side by side).

use std::path::{Path, PathBuf};

use super::check::MAX_PAGE_BYTES;
use super::input::{catalog, catalog_files, scenarios};
use super::output::{bad, check_outputs, note, write_file, Fail};
use rulecheck::page::{self, Sentence};
use rulecheck::report;
use rulecheck::trace::{self, PageInput, Trace, Verdicts};

/// The arguments of `rulecheck trace`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// A rule page as plain text (repeatable: two pages of one game are shown side by side, a row per clause).
    #[arg(long = "page", value_name = "FILE", required = true)]
    pages: Vec<PathBuf>,
    /// The page's id, when the file's name without its extension is not it (checkers.hi.txt is checkers.hi).
    #[arg(long, value_name = "ID")]
    page_id: Option<String>,
    /// Scenario files or directories [default: ./spec, else the built-in spec]
    #[arg(long = "spec", value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The JSON a `rulecheck matrix --json` wrote: each sentence is marked with the engines that break one of its
    /// clauses (that play a deviation it names, found from their failures; else that fail a scenario citing it),
    /// and each scenario shown with every engine's verdict.
    #[arg(long, value_name = "FILE")]
    matrix: Option<PathBuf>,
    /// Write the trace as one self-contained HTML file (the page in its own script and direction, each sentence
    /// opening onto its clauses, scenarios and verdicts) instead of a line per sentence.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Print JSON instead of a line per sentence.
    #[arg(long, conflicts_with = "report")]
    json: bool,
    /// Threads running the deviations [default: the number of CPUs].
    #[arg(long, short = 'j', value_parser = super::jobs_count)]
    jobs: Option<usize>,
}

pub(super) fn trace(args: Args) -> Result<u8, Fail> {
    let Args { pages, page_id, paths, matrix, report, json, jobs } = args;
    if page_id.is_some() && pages.len() > 1 {
        return Err(bad("--page-id names one page: give it with a single --page"));
    }
    let cat = catalog()?;
    // Bad input is said before any deviation is run.
    let mut read: Vec<(String, String, Vec<Sentence>)> = Vec::new();
    for file in &pages {
        let id = match &page_id {
            Some(id) => id.clone(),
            None => page::id_of(file).ok_or_else(|| {
                bad(format!("--page {}: no file name to take the page id from; give --page-id", file.display()))
            })?,
        };
        if !cat.knows_page(&id) {
            let err = cat.review(&id, &[]).err().unwrap_or_default();
            return Err(bad(format!("--page {}: {err}; give --page-id", file.display())));
        }
        let text = rulecheck_files::read_text(file, MAX_PAGE_BYTES).map_err(|e| bad(format!("--page {e}")))?;
        read.push((id, file.display().to_string(), page::sentences(&text)));
    }
    let verdicts = match &matrix {
        Some(m) => Some(Verdicts::read(m).map_err(|e| bad(format!("--matrix {e}")))?),
        None => None,
    };
    if let Some(out) = &report {
        let inputs: Vec<PathBuf> = pages.iter().cloned().chain(matrix.clone()).chain(catalog_files()).collect();
        check_outputs(&[("--report", out.as_path())], &inputs, "this trace")?;
    }
    let (files, errors) = scenarios(paths).load(&cat, &Default::default());
    if let Some(e) = errors.first() {
        return Err(bad(format!("{e} (a page is only traced over a spec that loads whole)")));
    }
    if let Some(v) = &verdicts {
        let ids = files.iter().flat_map(|f| {
            let path = rulecheck::runner::id_path(&f.path);
            f.scenarios.iter().map(move |s| format!("{path}::{}", s.name))
        });
        let ids: Vec<String> = ids.collect();
        let (matched, all) = v.matched(ids.iter().map(String::as_str));
        if matched < all {
            note(&format!(
                "rulecheck: {} of the matrix's {} are not in this spec: their verdicts are not shown",
                all - matched,
                report::count(all, "scenario")
            ));
        }
    }
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let inputs: Vec<PageInput<'_>> =
        read.iter().map(|(id, file, sentences)| PageInput { id, file: file.clone(), sentences }).collect();
    let t = trace::trace(&cat, &files, &inputs, verdicts.as_ref(), jobs).map_err(bad)?;
    if let Some(out) = &report {
        write_file(out, &trace::html::report(&t))?;
        for p in &t.pages {
            note(&format!("{} ({}): {}", p.id, p.file, counts(p)));
        }
        note(&format!("wrote {}", Path::new(out).display()));
    } else if json {
        outln!("{}", json_of(&t))?;
    } else {
        text(&t)?;
    }
    Ok(0)
}

/// What each engine of the matrix is found to play: a line each.
fn plays(t: &Trace) -> Vec<String> {
    t.engines
        .iter()
        .zip(&t.plays)
        .map(|(e, p)| match p.as_slice() {
            [] => format!(
                "engine {e}: no single deviation fails exactly what it fails; its sentences are those its failing scenarios cite"
            ),
            p => format!("engine {e}: plays {} (it fails exactly the scenarios that deviation fails)", p.join(" or ")),
        })
        .collect()
}

/// "12 covered, 1 thin, ..." for a page.
fn counts(p: &trace::PageTrace) -> String {
    let parts: Vec<String> = p.counts().iter().map(|(s, n)| format!("{n} {}", s.label())).collect();
    format!("{}: {}", report::count(p.sentences.len(), "sentence"), parts.join(", "))
}

/// A line per sentence: where, its status, its clauses (or entries), the
/// engines that fail it; then the page's counts.
fn text(t: &Trace) -> Result<(), Fail> {
    for line in plays(t) {
        outln!("{line}")?;
    }
    for p in &t.pages {
        for s in &p.sentences {
            let mut ids: Vec<&str> = s.clauses.iter().map(|&c| t.clauses[c].id.as_str()).collect();
            ids.extend(s.entries.iter().map(|&e| t.entries[e].id.as_str()));
            let mut line = format!("{}:{}: sentence {}: {}", p.file, s.line, s.n, s.status.label());
            if !ids.is_empty() {
                line.push_str(": ");
                line.push_str(&ids.join(", "));
            }
            if !s.failed_by.is_empty() {
                line.push_str(&format!("; failed by {}", s.failed_by.join(", ")));
            }
            outln!("{line}")?;
        }
        for (n, holder) in &p.gone {
            outln!("{}: gone: {holder} anchors sentence {n}, past the page's end", p.file)?;
        }
        outln!("traced page {}: {}", p.id, counts(p))?;
    }
    Ok(())
}

fn json_of(t: &Trace) -> serde_json::Value {
    use serde_json::json;
    let pages: Vec<_> = t
        .pages
        .iter()
        .map(|p| {
            let sentences: Vec<_> = p
                .sentences
                .iter()
                .map(|s| {
                    json!({
                        "n": s.n,
                        "line": s.line,
                        "hash": s.hash,
                        "status": s.status.word(),
                        "clauses": s.clauses.iter().map(|&c| &t.clauses[c].id).collect::<Vec<_>>(),
                        "out-of-scope": s.entries.iter().map(|&e| &t.entries[e].id).collect::<Vec<_>>(),
                        "failed-by": s.failed_by,
                    })
                })
                .collect();
            let counts: serde_json::Map<String, serde_json::Value> =
                p.counts().into_iter().map(|(s, n)| (s.word().to_string(), json!(n))).collect();
            json!({
                "id": p.id,
                "file": p.file,
                "lang": p.lang,
                "dir": if p.rtl { "rtl" } else { "ltr" },
                "counts": counts,
                "sentences": sentences,
                "gone": p.gone.iter().map(|(n, h)| json!({"n": n, "holder": h})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let clauses: serde_json::Map<String, serde_json::Value> = t
        .clauses
        .iter()
        .map(|c| {
            let refs = |r: &[trace::ScenarioRef]| r.iter().map(|s| s.id.clone()).collect::<Vec<_>>();
            let value = json!({
                "status": c.status.word(),
                "cited-by": refs(&c.cited_by),
                "reached-by": refs(&c.reached_by),
                "deviations": c.deviations,
                "survivors": c.survivors.iter().map(|(d, v)| json!({"deviation": d, "variant": v})).collect::<Vec<_>>(),
                "failed-by": c.failed_by,
            });
            (c.id.clone(), value)
        })
        .collect();
    let engines: Vec<_> = t.engines.iter().zip(&t.plays).map(|(e, p)| json!({ "name": e, "plays": p })).collect();
    json!({ "engines": engines, "pages": pages, "clauses": clauses })
}
