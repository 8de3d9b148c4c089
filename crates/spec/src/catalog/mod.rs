//! The rule catalog (one file per rule page under `spec/rules/`) and the
//! reason-code vocabulary (`spec/reasons.yaml`). Both are compiled in, so that
//! scenarios anywhere can cite clauses and reasons, and coverage can be
//! measured against them. Each clause and out-of-scope entry anchors the
//! sentences of the page it comes from (`anchors.rs`), and a page's text is
//! held against them (`review.rs`).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_saphyr::Spanned;

mod anchors;
mod deviations;
mod readings;
mod review;
pub use anchors::{Anchor, PageAnchors, Sentences};
pub use readings::{Reading, ReadingValue};
pub use review::{Finding, Holder, Review};

/// One rule of a page.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    pub id: String,
    /// The rule in the project's own words.
    pub rule: String,
    /// Where the page was silent or vague, what rulecheck decided.
    #[serde(default)]
    pub decision: Option<String>,
    /// The sentences of the page (or pages) the rule is read from.
    #[serde(default)]
    pub sentences: Sentences,
    /// The single-rule deviations of the family's rules that break this
    /// rule, by the names `rulecheck mutants` prints: a scenario exercises
    /// the clause when one of them changes its answers, which `rulecheck
    /// check --cites` holds each citation to. A clause without any is
    /// one no deviation stands for, and its citations are not judged.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub deviations: Vec<Spanned<String>>,
}

/// Something a page says that is not a rule of play (a clock, a display
/// setting, how the site rates players): left out of the oracle on
/// purpose, and recorded with the reason. Scenarios cannot cite it.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutOfScope {
    pub id: String,
    /// What the page says, in the project's own words.
    pub says: String,
    /// Why the oracle leaves it out.
    pub why: String,
    /// The sentences of the page (or pages) that say it.
    #[serde(default)]
    pub sentences: Sentences,
}

/// The catalog of one rule page.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[schemars(title = "rulecheck rule catalog")]
#[serde(deny_unknown_fields)]
pub struct PageCatalog {
    pub page: String,
    /// Other pages with the same content (translations).
    #[serde(default)]
    pub also: Vec<String>,
    pub language: String,
    pub game: String,
    pub variants: Vec<String>,
    /// The prefix of the clause ids, when it is not a variant id.
    #[serde(default)]
    pub prefix: Option<String>,
    /// The fewest scenarios the spec keeps for each variant of the page:
    /// its tests fail below it, so that scenarios are not lost unnoticed.
    #[serde(default, rename = "min-scenarios")]
    pub min_scenarios: Option<usize>,
    pub clauses: Vec<Clause>,
    /// What the page says that is not a rule of play, and why it is left out.
    #[serde(default, rename = "out-of-scope")]
    pub out_of_scope: Vec<OutOfScope>,
    /// The options of the page's variants that are readings of a disputed
    /// rule: each value, what it reads the rule to say, and who reads so.
    #[serde(default)]
    pub readings: Vec<Reading>,
}

/// The reason codes, with their meanings.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vocabulary {
    pub refusals: BTreeMap<String, String>,
    pub results: BTreeMap<String, String>,
}

/// The built-in reason vocabulary, `spec/reasons.yaml`.
fn reasons() -> Result<&'static str, String> {
    let bytes = crate::builtin::file("reasons.yaml").ok_or("spec/reasons.yaml is not built in")?;
    std::str::from_utf8(bytes).map_err(|e| format!("spec/reasons.yaml: {e}"))
}

/// Every catalog and the vocabulary, as compiled in.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub pages: Vec<PageCatalog>,
    pub vocabulary: Vocabulary,
}

/// The JSON Schema of rule catalogs, as kept in `spec/catalog.schema.json`.
pub fn schema() -> String {
    let schema = schemars::schema_for!(PageCatalog);
    format!("{}\n", serde_json::to_string_pretty(&schema).unwrap_or_default())
}

impl Catalog {
    /// The built-in catalog. Its files are part of the program; a broken one
    /// is caught by the crate's own tests, so this reports rather than hides.
    pub fn builtin() -> Result<Catalog, String> {
        let mut pages = Vec::new();
        let mut names = Vec::new();
        // Every page of `spec/rules/`, by file name.
        for (name, bytes) in crate::builtin::catalog_pages() {
            let text = std::str::from_utf8(bytes).map_err(|e| format!("{name}: {e}"))?;
            let page: PageCatalog = serde_saphyr::from_str(text).map_err(|e| format!("{name}: {e}"))?;
            readings::check(&name, &page)?;
            deviations::check(&name, &page)?;
            pages.push(page);
            names.push(name);
        }
        anchors::check(&names.into_iter().zip(&pages).collect::<Vec<_>>(), &[])?;
        Catalog::of(pages)
    }

    /// The catalogs in a directory (every `*.yaml` file in it, by name),
    /// with the built-in reason vocabulary: so that an installed rulecheck
    /// checks a spec whose catalog adds or changes clauses, without a
    /// rebuild. A page that fails to read, a variant rulecheck does not
    /// know, or a clause id given twice is an error naming its file.
    pub fn from_dir(dir: &std::path::Path) -> Result<Catalog, String> {
        const MAX_CATALOG_BYTES: u64 = 4 << 20;
        let entries = std::fs::read_dir(dir).map_err(|e| format!("--catalog {}: {e}", dir.display()))?;
        let mut files: Vec<std::path::PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml") && p.is_file())
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(format!("--catalog {}: no catalog files (*.yaml) in it", dir.display()));
        }
        let known: Vec<&str> = crate::registry::variants().iter().map(|v| v.info().id).collect();
        let mut pages: Vec<PageCatalog> = Vec::new();
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        for f in &files {
            let text = rulecheck_files::read_text(f, MAX_CATALOG_BYTES)?;
            let page: PageCatalog = serde_saphyr::from_str(&text).map_err(|e| {
                let loc = e.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
                format!("{}{loc}: {}", f.display(), e.to_string().lines().next().unwrap_or(""))
            })?;
            for v in &page.variants {
                if !known.contains(&v.as_str()) {
                    return Err(format!("{}: unknown variant '{v}' (variants: {})", f.display(), known.join(", ")));
                }
            }
            readings::check(&f.display().to_string(), &page)?;
            deviations::check(&f.display().to_string(), &page)?;
            for c in &page.clauses {
                if let Some(other) = seen.insert(c.id.clone(), f.display().to_string()) {
                    return Err(format!("{}: clause '{}' is already in {other}", f.display(), c.id));
                }
            }
            pages.push(page);
        }
        let named: Vec<(String, &PageCatalog)> = files.iter().map(|f| f.display().to_string()).zip(&pages).collect();
        let built_in: Vec<String> = Catalog::builtin()
            .map(|c| c.pages.into_iter().flat_map(|p| std::iter::once(p.page).chain(p.also)).collect())
            .unwrap_or_default();
        anchors::check(&named, &built_in)?;
        Catalog::of(pages)
    }

    /// The pages with the built-in reason vocabulary, in the order of the
    /// registry's variants, so that where pages share an id (the rule page
    /// that describes several variants) the first variant's page answers
    /// for it, whether the pages are built in or read from a directory.
    fn of(mut pages: Vec<PageCatalog>) -> Result<Catalog, String> {
        let order: Vec<&str> = crate::registry::variants().iter().map(|v| v.info().id).collect();
        pages
            .sort_by_key(|p| p.variants.first().and_then(|v| order.iter().position(|o| o == v)).unwrap_or(order.len()));
        let vocabulary = serde_saphyr::from_str(reasons()?).map_err(|e| format!("spec/reasons.yaml: {e}"))?;
        Ok(Catalog { pages, vocabulary })
    }

    pub fn clause(&self, id: &str) -> Option<(&PageCatalog, &Clause)> {
        self.pages.iter().find_map(|p| p.clauses.iter().find(|c| c.id == id).map(|c| (p, c)))
    }

    /// An entry of a page's out-of-scope list.
    pub fn out_of_scope(&self, id: &str) -> Option<(&PageCatalog, &OutOfScope)> {
        self.pages.iter().find_map(|p| p.out_of_scope.iter().find(|o| o.id == id).map(|o| (p, o)))
    }

    pub fn page(&self, id: &str) -> Option<&PageCatalog> {
        self.pages.iter().find(|p| p.page == id || p.also.iter().any(|a| a == id))
    }

    /// The readings of a variant's pages, each with the page it is on.
    pub fn readings<'a>(&'a self, variant: &'a str) -> impl Iterator<Item = (&'a PageCatalog, &'a Reading)> + 'a {
        let pages = self.pages.iter().filter(move |p| p.variants.iter().any(|v| v == variant));
        pages.flat_map(|p| p.readings.iter().map(move |r| (p, r)))
    }

    /// All clause ids.
    pub fn clause_ids(&self) -> impl Iterator<Item = &str> {
        self.pages.iter().flat_map(|p| p.clauses.iter().map(|c| c.id.as_str()))
    }
}

/// The reason vocabulary of `spec/reasons.yaml`, read once.
pub fn vocabulary() -> Result<&'static Vocabulary, String> {
    static VOCABULARY: std::sync::OnceLock<Result<Vocabulary, String>> = std::sync::OnceLock::new();
    VOCABULARY
        .get_or_init(|| serde_saphyr::from_str(reasons()?).map_err(|e| format!("spec/reasons.yaml: {e}")))
        .as_ref()
        .map_err(Clone::clone)
}
