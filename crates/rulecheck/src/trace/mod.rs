//! A rule page traced sentence by sentence to what tests it: each sentence
//! through the catalog's anchors to the clauses it rests on, each clause to
//! the scenarios that cite it and those that reach it by effect
//! ([`crate::mutation::reach`]), and, with a conformance matrix, to the
//! engines that fail those scenarios. So that a reader of the page, in its
//! own script, sees which of its sentences the spec tests, which only
//! thinly, and which not at all.
//!
//! A sentence's status, from the clauses that anchor it:
//!
//! - **uncovered**: some clause of it has no scenario that cites or
//!   reaches it;
//! - **thin**: every clause is cited or reached, but some single-rule
//!   deviation that a clause of it names (`deviations:`) is caught by no
//!   scenario of a variant whose rules it changes: the mutation score's
//!   survivor ([`crate::mutation::Fate::Survived`]), read off the same
//!   runs of the deviations that reach the scenarios;
//! - **covered**: every clause is cited or reached, and every deviation it
//!   names that changes a scenario's rules is caught;
//! - **out of scope**: only out-of-scope entries anchor it (their reason
//!   is shown);
//! - **outdated**: an anchor on it holds another text (the page changed
//!   there since the catalog was written);
//! - **not anchored**: nothing anchors it.
//!
//! A sentence is as weak as its weakest clause: one that says two rules,
//! one of them untested, is not tested in full.
//!
//! A sentence fails under an engine of the matrix where the engine breaks
//! one of its clauses. Which clause that is, the failing scenarios alone
//! do not say: a scenario that lists every legal move cites the board and
//! the setup as well as the move it catches. So the engine's failures are
//! first matched against the deviations' own runs (the same runs that
//! find what each scenario reaches): where some single-rule deviation
//! fails exactly the scenarios the engine fails, of those the matrix ran,
//! the engine is said to play it, and the sentences that fail are those
//! of the clauses naming it (`deviations:`). Where no deviation explains
//! the failures, the sentences that fail are those of every clause a
//! failing scenario cites, and the trace says so.

mod explain;
pub mod html;
mod verdicts;

use std::collections::{BTreeMap, BTreeSet};

pub use verdicts::Verdicts;

use crate::catalog::{Catalog, Finding, Holder, PageCatalog};
use crate::mutation::reach::{reach, Reached};
use crate::page::Sentence;
use crate::registry;
use crate::runner::{display_path, id_path};
use crate::scenario::{Scenario, ScenarioFile};

/// What a sentence comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    Covered,
    Thin,
    Uncovered,
    OutOfScope,
    Outdated,
    NotAnchored,
}

impl Status {
    /// Every status, in the order the counts are said.
    pub const ALL: [Status; 6] =
        [Status::Covered, Status::Thin, Status::Uncovered, Status::OutOfScope, Status::Outdated, Status::NotAnchored];

    /// The status as one word (a CSS class and a JSON value).
    pub fn word(self) -> &'static str {
        match self {
            Status::Covered => "covered",
            Status::Thin => "thin",
            Status::Uncovered => "uncovered",
            Status::OutOfScope => "out-of-scope",
            Status::Outdated => "outdated",
            Status::NotAnchored => "not-anchored",
        }
    }

    /// The status as a reader is told it.
    pub fn label(self) -> &'static str {
        match self {
            Status::OutOfScope => "out of scope",
            Status::NotAnchored => "not anchored",
            s => s.word(),
        }
    }
}

/// A scenario, as the trace names it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ScenarioRef {
    /// The id a matrix knows it by (`spec/english/men.yaml::name`).
    pub id: String,
    /// The file as given, and the scenario's name.
    pub file: String,
    pub name: String,
}

/// One clause that anchors a sentence of a traced page.
#[derive(Clone, Debug)]
pub struct ClauseTrace {
    pub id: String,
    pub rule: String,
    /// Covered, thin or uncovered.
    pub status: Status,
    /// The scenarios that cite it, in spec order.
    pub cited_by: Vec<ScenarioRef>,
    /// The scenarios that reach it without citing it.
    pub reached_by: Vec<ScenarioRef>,
    /// The single-rule deviations it names (`deviations:`).
    pub deviations: Vec<String>,
    /// The deviations it names that no scenario catches, each with the
    /// variant whose rules it changes.
    pub survivors: Vec<(String, String)>,
    /// The engines of the matrix that break it: that play a deviation it
    /// names or, for an engine no deviation explains, under which a
    /// scenario citing it fails.
    pub failed_by: Vec<String>,
}

/// An out-of-scope entry that anchors a sentence.
#[derive(Clone, Debug)]
pub struct EntryTrace {
    pub id: String,
    pub says: String,
    pub why: String,
}

/// An anchor whose sentence holds another text now.
#[derive(Clone, Debug)]
pub struct Stale {
    pub holder: String,
    /// The anchor's hash, and the ordinal of the sentence that has its
    /// text now, if one has.
    pub hash: String,
    pub moved_to: Option<usize>,
}

/// One sentence of a traced page.
#[derive(Clone, Debug)]
pub struct SentenceTrace {
    pub n: usize,
    pub line: usize,
    pub text: String,
    pub hash: String,
    pub status: Status,
    /// The clauses that anchor it (indices into [`Trace::clauses`]).
    pub clauses: Vec<usize>,
    /// The out-of-scope entries that anchor it (indices into [`Trace::entries`]).
    pub entries: Vec<usize>,
    pub stale: Vec<Stale>,
    /// The engines under which a scenario citing one of its clauses fails.
    pub failed_by: Vec<String>,
}

/// One traced page.
#[derive(Clone, Debug)]
pub struct PageTrace {
    pub id: String,
    pub file: String,
    /// The page's language (a BCP 47 tag) and whether its script is
    /// written right to left.
    pub lang: String,
    pub rtl: bool,
    pub sentences: Vec<SentenceTrace>,
    /// Anchors past the page's last sentence, each with what holds it.
    pub gone: Vec<(usize, String)>,
}

impl PageTrace {
    /// How many sentences have each status, in [`Status::ALL`]'s order.
    pub fn counts(&self) -> Vec<(Status, usize)> {
        Status::ALL.iter().map(|&s| (s, self.sentences.iter().filter(|t| t.status == s).count())).collect()
    }
}

/// The pages traced, the clauses and entries that anchor them, and the
/// engines of the matrix with each one's outcome of every scenario shown.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub pages: Vec<PageTrace>,
    pub clauses: Vec<ClauseTrace>,
    pub entries: Vec<EntryTrace>,
    pub engines: Vec<String>,
    /// Per engine, the deviations whose runs fail exactly the scenarios it
    /// fails (empty: none explains them, or it fails none).
    pub plays: Vec<Vec<String>>,
    /// Per scenario id, each engine's outcome word (`None`: not in its run).
    pub outcomes: BTreeMap<String, Vec<Option<String>>>,
}

/// A page to trace: its id, the file it was read from, and its sentences.
pub struct PageInput<'a> {
    pub id: &'a str,
    pub file: String,
    pub sentences: &'a [Sentence],
}

/// Trace the pages against the catalog and the scenarios of `files`, the
/// deviations run on `jobs` threads; an error when no catalog knows a
/// page's id.
pub fn trace(
    catalog: &Catalog,
    files: &[ScenarioFile],
    pages: &[PageInput<'_>],
    verdicts: Option<&Verdicts>,
    jobs: usize,
) -> Result<Trace, String> {
    let reviews: Vec<_> = pages.iter().map(|p| catalog.review(p.id, p.sentences)).collect::<Result<_, _>>()?;
    let mut out = Trace::default();
    // The clauses and entries anchoring any page, in catalog order.
    let mut clause_pages: Vec<(&PageCatalog, &crate::catalog::Clause)> = Vec::new();
    for cat_page in &catalog.pages {
        for c in &cat_page.clauses {
            if pages.iter().any(|p| c.sentences.on(p.id).next().is_some()) {
                clause_pages.push((cat_page, c));
            }
        }
        for o in &cat_page.out_of_scope {
            if pages.iter().any(|p| o.sentences.on(p.id).next().is_some()) {
                out.entries.push(EntryTrace { id: o.id.clone(), says: o.says.clone(), why: o.why.clone() });
            }
        }
    }
    let variants: BTreeSet<&str> =
        clause_pages.iter().flat_map(|(p, _)| p.variants.iter().map(String::as_str)).collect();
    let all: Vec<(&ScenarioFile, &Scenario)> =
        files.iter().flat_map(|f| f.scenarios.iter().map(move |s| (f, s))).collect();
    let runnable: Vec<&Scenario> =
        all.iter().map(|(_, s)| *s).filter(|s| variants.contains(s.variant.as_str())).collect();
    let reached = reach(catalog, &runnable, jobs);
    let reached: Vec<(&Scenario, &Reached)> = runnable.into_iter().zip(&reached).collect();
    if let Some(v) = verdicts {
        out.engines = v.engines().to_vec();
        out.plays = explain::plays(v, &all, &reached);
    }
    for (page, clause) in &clause_pages {
        let mut c = trace_clause(page, clause, &all, &reached, verdicts, &mut out.outcomes);
        if verdicts.is_some() {
            c.failed_by = explain::failed_by(&c, &out.engines, &out.plays, verdicts);
        }
        out.clauses.push(c);
    }
    for (input, review) in pages.iter().zip(&reviews) {
        out.pages.push(trace_page(catalog, input, review, &out));
    }
    Ok(out)
}

fn scenario_ref(file: &ScenarioFile, s: &Scenario) -> ScenarioRef {
    ScenarioRef {
        id: format!("{}::{}", id_path(&file.path), s.name),
        file: display_path(&file.path),
        name: s.name.clone(),
    }
}

/// One clause: who cites it, who reaches it, what survives, who fails it.
fn trace_clause(
    page: &PageCatalog,
    clause: &crate::catalog::Clause,
    all: &[(&ScenarioFile, &Scenario)],
    reached: &[(&Scenario, &Reached)],
    verdicts: Option<&Verdicts>,
    outcomes: &mut BTreeMap<String, Vec<Option<String>>>,
) -> ClauseTrace {
    let names: Vec<&str> = clause.deviations.iter().map(|d| d.value.as_str()).collect();
    let mine = |s: &Scenario| page.variants.contains(&s.variant);
    // The scenarios are the same values in `all` and `reached`: found by address.
    let by_address: std::collections::HashMap<*const Scenario, &Reached> =
        reached.iter().map(|(s, r)| (*s as *const Scenario, *r)).collect();
    let reaches = |s: &Scenario| {
        mine(s) && by_address.get(&(s as *const Scenario)).is_some_and(|by| by.by_any(names.iter().copied()))
    };
    let mut cited_by = Vec::new();
    let mut reached_by = Vec::new();
    for (f, s) in all {
        if s.clauses.iter().any(|c| c.value == clause.id) {
            cited_by.push(scenario_ref(f, s));
        } else if reaches(s) {
            reached_by.push(scenario_ref(f, s));
        }
    }
    let survivors = survivors(page, &names, reached);
    let status = if cited_by.is_empty() && reached_by.is_empty() {
        Status::Uncovered
    } else if !survivors.is_empty() {
        Status::Thin
    } else {
        Status::Covered
    };
    let mut failed_by = Vec::new();
    if let Some(v) = verdicts {
        for s in cited_by.iter().chain(&reached_by) {
            outcomes.entry(s.id.clone()).or_insert_with(|| v.outcomes(&s.id));
        }
        for (e, engine) in v.engines().iter().enumerate() {
            if cited_by.iter().any(|s| v.failed(e, &s.id)) {
                failed_by.push(engine.clone());
            }
        }
    }
    ClauseTrace {
        id: clause.id.clone(),
        rule: clause.rule.clone(),
        status,
        cited_by,
        reached_by,
        deviations: names.iter().map(|d| d.to_string()).collect(),
        survivors,
        failed_by,
    }
}

/// The deviations a clause names that the mutation score would call
/// survivors: for a variant of the clause's page whose family has the
/// deviation and does not declare it inert there, tried on some of the
/// variant's scenarios (it changes their rules) and caught by none.
fn survivors(page: &PageCatalog, names: &[&str], reached: &[(&Scenario, &Reached)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for variant in &page.variants {
        let Ok(v) = registry::variant(variant) else { continue };
        let family = v.deviations();
        for &d in names {
            if !family.contains(&d) || v.inert(d).is_some() {
                continue;
            }
            let tried: Vec<bool> = reached
                .iter()
                .filter(|(s, _)| &s.variant == variant)
                .filter_map(|(_, r)| r.tried.get(d).copied())
                .collect();
            if !tried.is_empty() && !tried.contains(&true) {
                out.push((d.to_string(), variant.clone()));
            }
        }
    }
    out
}

/// One page: each sentence with its anchors, its status and its failures.
fn trace_page(catalog: &Catalog, input: &PageInput<'_>, review: &crate::catalog::Review, t: &Trace) -> PageTrace {
    let mut sentences: Vec<SentenceTrace> = input
        .sentences
        .iter()
        .map(|s| SentenceTrace {
            n: s.n,
            line: s.line,
            text: s.text.clone(),
            hash: s.hash.clone(),
            status: Status::NotAnchored,
            clauses: Vec::new(),
            entries: Vec::new(),
            stale: Vec::new(),
            failed_by: Vec::new(),
        })
        .collect();
    for (anchor, holder) in catalog.anchors_on(input.id) {
        let Some(s) = sentences.get_mut(anchor.n - 1) else { continue };
        match &holder {
            Holder::Clause(id) => s.clauses.extend(t.clauses.iter().position(|c| &c.id == id)),
            Holder::OutOfScope(id) => s.entries.extend(t.entries.iter().position(|e| &e.id == id)),
        }
    }
    let mut gone = Vec::new();
    for f in &review.findings {
        match f {
            Finding::Outdated { at, holder, moved } => {
                let anchor = catalog
                    .anchors_on(input.id)
                    .into_iter()
                    .find(|(a, h)| a.n == at + 1 && h == holder)
                    .map(|(a, _)| a.hash.clone())
                    .unwrap_or_default();
                let moved_to = moved.map(|i| input.sentences[i].n);
                sentences[*at].stale.push(Stale { holder: holder.to_string(), hash: anchor, moved_to });
            }
            Finding::Gone { anchor, holder, .. } => gone.push((anchor.n, holder.to_string())),
            Finding::Unmapped { .. } => {}
        }
    }
    for s in &mut sentences {
        s.clauses.sort_unstable();
        s.clauses.dedup();
        s.entries.sort_unstable();
        s.entries.dedup();
        s.status = if !s.stale.is_empty() {
            Status::Outdated
        } else if !s.clauses.is_empty() {
            s.clauses.iter().map(|&c| t.clauses[c].status).max().unwrap_or(Status::Covered)
        } else if !s.entries.is_empty() {
            Status::OutOfScope
        } else {
            Status::NotAnchored
        };
        let failed: BTreeSet<&String> = s.clauses.iter().flat_map(|&c| &t.clauses[c].failed_by).collect();
        s.failed_by = t.engines.iter().filter(|e| failed.contains(e)).cloned().collect();
    }
    let (lang, rtl) = language(catalog, input.id);
    PageTrace { id: input.id.to_string(), file: input.file.clone(), lang, rtl, sentences, gone }
}

/// Languages written right to left, by their BCP 47 primary tag.
const RIGHT_TO_LEFT: &[&str] = &["ar", "ckb", "dv", "fa", "he", "ks", "ps", "sd", "ug", "ur", "yi"];

/// A page's language: the last part of its id when that is a language
/// tag (`checkers-online.ur` is Urdu), else the catalog's `language:` for
/// the page; and whether it is written right to left.
pub fn language(catalog: &Catalog, page: &str) -> (String, bool) {
    let tag = page
        .rsplit_once('.')
        .map(|(_, t)| t)
        .filter(|t| (2..=3).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_lowercase()))
        .map(str::to_string)
        .or_else(|| catalog.page(page).map(|p| p.language.clone()))
        .unwrap_or_default();
    let primary = tag.split('-').next().unwrap_or("");
    let rtl = RIGHT_TO_LEFT.contains(&primary);
    (tag, rtl)
}
