//! Loading scenario files: YAML through serde-saphyr (behind this one
//! function, with an input budget), then every notation inside parsed and
//! checked, and the play replayed on the reference rules. Every error names
//! the file, the scenario and the line and column of the offending text.
//!
//! This file holds the entry points and the loading of a whole file, with
//! the scenarios that load kept beside the errors of those that do not.
//! The parts: `collect` finds the files, `yaml` reads one within a budget,
//! `doc` is what it reads into (and the schema), `located` places every
//! error, `scenarios` builds each scenario and replays its play, and
//! `reading` is what the kinds of expectation are given to read what it
//! expects and check it against the reference. The kinds themselves are
//! the caller's ([`Kinds`]): each is one unit where it is checked.

mod collect;
mod doc;
mod located;
mod reading;
mod scenarios;
mod yaml;

use std::collections::HashSet;
use std::path::Path;

use super::{InputError, Loc, ScenarioFile};
use crate::catalog::Catalog;
use doc::FileDoc;
pub use located::loc_of;
use located::{message_error, Ctx};
use rulecheck_game::Options;
use rulecheck_text::{shown, utf8_error, LineIndex};
use scenarios::{bad_name, check_options, scenario_rows};
pub use yaml::read_yaml;

pub use collect::collect;
pub use doc::schema;
pub use reading::{Kinds, Reading};

/// Largest scenario file accepted.
const MAX_FILE_BYTES: u64 = 4 << 20;
/// Deepest perft a scenario may ask for: deeper counts belong in benchmarks.
pub const MAX_SCENARIO_PERFT_DEPTH: u32 = 10;
/// Most leaves a scenario's perft may count on the reference rules, at its
/// depth or any shallower one: the loader counts them within this budget,
/// so `check` and `run` stay quick whatever depth a scenario asks for.
pub const MAX_SCENARIO_PERFT_NODES: u64 = 1_000_000;

/// Load and check one scenario file. All errors of the file are returned.
/// `overrides` are house rules set for the whole run (`--option`): they
/// replace the file's and the scenario's settings wherever the variant has
/// the option.
/// `kinds` are the kinds of expectation the `expect:` entries are read by
/// (rulecheck's are `rulecheck::oracle::REGISTRY`).
pub fn load<K: Kinds>(
    path: &Path,
    catalog: &Catalog,
    overrides: &Options,
    kinds: &K,
) -> Result<ScenarioFile, Vec<InputError>> {
    let bytes = rulecheck_files::read_bounded(path, MAX_FILE_BYTES).map_err(|e| vec![message_error(path, e)])?;
    load_bytes(path, &bytes, catalog, overrides, kinds)
}

/// [`load`], keeping the scenarios that load when others of the file do
/// not: one bad scenario does not stop its file. Every error of the file
/// is returned; the file is `None` when nothing of it can be run (it does
/// not parse, or its variant, page or options are wrong).
pub fn load_partial<K: Kinds>(
    path: &Path,
    catalog: &Catalog,
    overrides: &Options,
    kinds: &K,
) -> (Option<ScenarioFile>, Vec<InputError>) {
    let bytes = match rulecheck_files::read_bounded(path, MAX_FILE_BYTES) {
        Ok(b) => b,
        Err(e) => return (None, vec![message_error(path, e)]),
    };
    let Ok(src) = std::str::from_utf8(&bytes) else {
        return (None, load_bytes(path, &bytes, catalog, overrides, kinds).err().unwrap_or_default());
    };
    let (file, errors) = load_str_partial(path, src, catalog, overrides, kinds);
    (file.filter(|f| !f.scenarios.is_empty()), errors)
}

/// Load and check a scenario file's bytes, as if read from `path`: text
/// that is not UTF-8 is an error at the first byte that is not.
pub fn load_bytes<K: Kinds>(
    path: &Path,
    bytes: &[u8],
    catalog: &Catalog,
    overrides: &Options,
    kinds: &K,
) -> Result<ScenarioFile, Vec<InputError>> {
    match std::str::from_utf8(bytes) {
        Ok(src) => load_str(path, src, catalog, overrides, kinds),
        Err(_) => {
            let ((line, col), seq) = utf8_error(bytes).unwrap_or(((1, 1), String::new()));
            Err(vec![InputError {
                file: path.to_path_buf(),
                scenario: None,
                loc: Loc { line, col },
                message: format!("the file is not UTF-8 text (bytes {seq} here): save it as UTF-8"),
            }])
        }
    }
}

/// Load and check scenario text, as if read from `path`.
pub fn load_str<K: Kinds>(
    path: &Path,
    src: &str,
    catalog: &Catalog,
    overrides: &Options,
    kinds: &K,
) -> Result<ScenarioFile, Vec<InputError>> {
    match load_str_partial(path, src, catalog, overrides, kinds) {
        (Some(file), errors) if errors.is_empty() => Ok(file),
        (_, errors) => Err(errors),
    }
}

/// [`load_str`], with the scenarios that loaded beside the errors of the
/// others (`None` when a file-level part is wrong).
fn load_str_partial<K: Kinds>(
    path: &Path,
    src: &str,
    catalog: &Catalog,
    overrides: &Options,
    kinds: &K,
) -> (Option<ScenarioFile>, Vec<InputError>) {
    let doc: FileDoc<K::Doc> = match read_yaml(path, src, "scenario file") {
        Ok(d) => d,
        Err(e) => return (None, vec![e]),
    };
    let mut ctx = Ctx {
        path,
        src,
        lines: LineIndex::new(src),
        catalog,
        overrides,
        scenario: None,
        scenario_end: usize::MAX,
        errors: Vec::new(),
        misfit_overrides: std::collections::BTreeSet::new(),
    };
    let variant = doc.variant.value.clone();
    let known_variant = match crate::registry::variant(&variant) {
        Ok(v) => Some(v),
        Err(e) => {
            ctx.err(loc_of(&doc.variant.referenced), e.to_string());
            None
        }
    };
    if catalog.page(&doc.page.value).is_none() {
        let pages: Vec<&str> = catalog.pages.iter().map(|p| p.page.as_str()).collect();
        ctx.err(
            loc_of(&doc.page.referenced),
            format!("unknown rule page '{}' (pages: {})", shown(&doc.page.value), pages.join(", ")),
        );
    } else if let Some(v) = known_variant {
        if let Some(why) = page_of_another_variant(catalog, v.info().id, &doc.page.value) {
            ctx.err(loc_of(&doc.page.referenced), why);
        }
    }
    let mut scenarios = Vec::new();
    let known_variant = known_variant.filter(|v| check_options(&mut ctx, *v, &doc.options));
    // Whatever is wrong so far is wrong for the whole file; what goes wrong
    // from here on belongs to one scenario, and the others still load.
    let file_errors = ctx.errors.len();
    if let Some(v) = known_variant {
        let mut names: HashSet<&str> = HashSet::new();
        for (i, sdoc) in doc.scenarios.iter().enumerate() {
            if let Some(why) = bad_name(&sdoc.name.value) {
                // The message quotes the name, escaped; the scenario is
                // left out and the file's others still load.
                ctx.scenario = None;
                ctx.err(loc_of(&sdoc.name.referenced), why);
                continue;
            }
            ctx.scenario = Some(sdoc.name.value.clone());
            ctx.scenario_end = doc.scenarios.get(i + 1).map_or(usize::MAX, |next| next.name.referenced.line() as usize);
            let before = ctx.errors.len();
            if !names.insert(&sdoc.name.value) {
                ctx.err(loc_of(&sdoc.name.referenced), "two scenarios of the file have this name");
            }
            let rows = scenario_rows(&mut ctx, kinds, v, &doc.options, sdoc);
            // A scenario with an error of its own is left out; the others
            // of the file still run.
            if ctx.errors.len() == before {
                scenarios.extend(rows);
            }
        }
    }
    let file = (file_errors == 0 && known_variant.is_some()).then(|| ScenarioFile {
        path: path.to_path_buf(),
        variant,
        page: doc.page.value,
        scenarios,
    });
    (file, ctx.errors)
}

/// Why a file's rule page cannot be its variant's, if it cannot: the page
/// must be one whose catalog lists the variant (a page may serve several
/// variants, as checkers.hi serves English, international and pool), or the
/// scenarios would cite the rules of a page the variant is not played by.
fn page_of_another_variant(catalog: &Catalog, variant: &str, page: &str) -> Option<String> {
    let serves = |p: &crate::catalog::PageCatalog| p.page == page || p.also.iter().any(|a| a == page);
    if catalog.pages.iter().any(|p| serves(p) && p.variants.iter().any(|v| v == variant)) {
        return None;
    }
    let its: Vec<&str> = catalog
        .pages
        .iter()
        .filter(|p| p.variants.iter().any(|v| v == variant))
        .flat_map(|p| std::iter::once(p.page.as_str()).chain(p.also.iter().map(String::as_str)))
        .collect();
    let theirs: Vec<&str> =
        catalog.pages.iter().filter(|p| serves(p)).flat_map(|p| p.variants.iter().map(String::as_str)).collect();
    let its = if its.is_empty() { "no page of the catalog".to_string() } else { its.join(", ") };
    Some(format!(
        "rule page '{}' is not a page of {variant}: its catalog is for {}; {variant} is written from {its}",
        shown(page),
        theirs.join(", ")
    ))
}
