//! `rulecheck check`: the scenario files validated (notation, clauses,
//! reasons, play) and the clause coverage counted, with no engine run, so a
//! rule author hears of a mistake in the spec before any engine is blamed;
//! with `--cites`, each citation held to what the scenario reaches (see
//! `cites`). With `--page`, a rule page's text is held against the
//! catalog's anchors instead, so that a page that changed is noticed
//! sentence by sentence.

use std::path::PathBuf;

use super::cites;
use super::input::{catalog, run_overrides, scenarios};
use super::output::{bad, Fail};
use rulecheck::catalog::Finding;
use rulecheck::page::{self, Sentence};
use rulecheck::report;
use rulecheck::runner;
use rulecheck_text::shown;

/// The arguments of `rulecheck check`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// Scenario files or directories [default: ./spec, else the built-in spec]
    #[arg(conflicts_with = "pages")]
    paths: Vec<PathBuf>,
    /// Do not require every clause of the touched rule pages to be cited.
    #[arg(long, conflicts_with = "pages")]
    no_coverage: bool,
    /// Also hold each scenario's clauses to the rules it reaches: warn of each clause it cites whose
    /// single-rule deviations (the catalog's `deviations:`) change none of its answers, and list the
    /// clauses reached only by scenarios citing others and those no deviation stands for.
    #[arg(long, conflicts_with = "pages")]
    cites: bool,
    /// With --cites, exit 1 when a scenario cites a clause it does not reach.
    #[arg(long, requires = "cites")]
    deny_cites: bool,
    /// Print JSON: the counts, the input errors, the uncovered clauses and (--cites) the citations judged.
    #[arg(long, conflicts_with = "pages")]
    json: bool,
    /// A rule page as plain text (repeatable): each sentence must be anchored by a clause or an out-of-scope
    /// entry of the catalog, and each anchor must name a sentence the page has, unchanged (exit 1 if not).
    #[arg(long = "page", value_name = "FILE")]
    pub(super) pages: Vec<PathBuf>,
    /// The page's id, when the file's name without its extension is not it (checkers.hi.txt is checkers.hi).
    #[arg(long, value_name = "ID", requires = "pages")]
    pub(super) page_id: Option<String>,
    /// Threads running the deviations of --cites [default: the number of CPUs].
    #[arg(long, short = 'j', value_parser = super::jobs_count)]
    jobs: Option<usize>,
}

pub(super) fn check(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args { paths, no_coverage, cites, deny_cites, json, jobs, .. } = args;
    let overrides = run_overrides(raw_options)?;
    let cat = catalog()?;
    let (files, errors) = scenarios(paths).load(&cat, &overrides);
    let scenarios: usize = files.iter().map(|f| f.scenarios.len()).sum();
    let uncovered = if no_coverage { Vec::new() } else { runner::uncovered(&cat, &files) };
    // Citations are judged only over a spec that loads whole: a file left
    // out would leave its clauses reached by the others alone.
    let judged = (cites && errors.is_empty()).then(|| {
        let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
        rulecheck::mutation::cites::cites(&cat, &files, jobs)
    });
    let warned = judged.as_ref().is_some_and(|c| !c.unreached.is_empty());
    if json {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        let doc = serde_json::json!({
            "files": files.len(),
            "scenarios": scenarios,
            "errors": errors,
            "uncovered": uncovered,
            "cites": judged.as_ref().map(cites::json),
        });
        outln!("{doc}")?;
    } else {
        for e in &errors {
            outln!("error: {e}")?;
        }
        for c in &uncovered {
            outln!("uncovered: clause {c} is cited by no scenario")?;
        }
        if cites && !errors.is_empty() {
            outln!("cites: not judged, the spec has input errors (citations are judged over a spec that loads whole)")?;
        }
        if let Some(c) = &judged {
            cites::human(c)?;
        }
        outln!(
            "checked {}, {}: {}, {}",
            report::count(files.len(), "file"),
            report::count(scenarios, "scenario"),
            report::count(errors.len(), "input error"),
            report::count(uncovered.len(), "uncovered clause"),
        )?;
    }
    Ok(if !errors.is_empty() {
        2
    } else if !uncovered.is_empty() || (deny_cites && warned) {
        1
    } else {
        0
    })
}

/// Largest rule page read, in bytes: far above any page of rules.
pub(super) const MAX_PAGE_BYTES: u64 = 4 << 20;

/// `check --page`: each page's sentences held against the catalog's
/// anchors. Exit 1 when a sentence is not mapped, an anchored sentence
/// changed or an anchor is past the page's end; 2 when a page cannot be
/// read or its id is no catalog's.
pub(super) fn pages(files: &[PathBuf], page_id: Option<&str>) -> Result<u8, Fail> {
    if page_id.is_some() && files.len() > 1 {
        return Err(bad("--page-id names one page: give it with a single --page"));
    }
    let cat = catalog()?;
    // Every page is read and named first, so that bad input is said before any finding.
    let mut read = Vec::new();
    for file in files {
        let id = match page_id {
            Some(id) => id.to_string(),
            None => page::id_of(file).ok_or_else(|| {
                bad(format!("--page {}: no file name to take the page id from; give --page-id", file.display()))
            })?,
        };
        let text = rulecheck_files::read_text(file, MAX_PAGE_BYTES).map_err(|e| bad(format!("--page {e}")))?;
        let sentences = page::sentences(&text);
        let review =
            cat.review(&id, &sentences).map_err(|e| bad(format!("--page {}: {e}; give --page-id", file.display())))?;
        read.push((file, id, sentences, review));
    }
    let mut failed = false;
    for (file, id, sentences, review) in &read {
        let file = file.display();
        for f in &review.findings {
            outln!("{}", finding(&file.to_string(), sentences, f))?;
        }
        failed |= !review.findings.is_empty();
        let count = |kind: &str| review.findings.iter().filter(|f| kind_of(f) == kind).count();
        outln!(
            "checked page {id}: {}, {} mapped, {} out of scope: {} not mapped, {} outdated, {} gone",
            report::count(sentences.len(), "sentence"),
            review.mapped,
            review.out_of_scope,
            count("unmapped"),
            count("outdated"),
            count("gone"),
        )?;
    }
    Ok(u8::from(failed))
}

fn kind_of(f: &Finding) -> &'static str {
    match f {
        Finding::Unmapped { .. } => "unmapped",
        Finding::Outdated { .. } => "outdated",
        Finding::Gone { .. } => "gone",
    }
}

/// One finding as a line: where on the page, what, and the anchor that
/// would hold the sentence as it reads now.
fn finding(file: &str, sentences: &[Sentence], f: &Finding) -> String {
    let moved = |m: &Option<usize>| match m {
        Some(i) => format!("; the anchored text is now sentence {}", sentences[*i].n),
        None => String::new(),
    };
    match f {
        Finding::Unmapped { at } => {
            let s = &sentences[*at];
            format!("{file}:{}: sentence {} is not mapped: {} (anchor {}@{})", s.line, s.n, shown(&s.text), s.n, s.hash)
        }
        Finding::Outdated { at, holder, moved: m } => {
            let s = &sentences[*at];
            format!(
                "{file}:{}: outdated: sentence {} changed: review {holder} (anchor now {}@{}{})",
                s.line,
                s.n,
                s.n,
                s.hash,
                moved(m)
            )
        }
        Finding::Gone { anchor, holder, moved: m } => format!(
            "{file}: gone: {holder} anchors sentence {}, but the page has {}{}",
            anchor.n,
            report::count(sentences.len(), "sentence"),
            moved(m)
        ),
    }
}
