//! Loading scenario files: YAML through serde-saphyr (behind this one
//! function, with an input budget), then every notation inside parsed and
//! checked, and the play replayed on the reference rules. Every error names
//! the file, the scenario and the line and column of the offending text.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

use super::expect::{self, Step};
use super::{Expectations, InputError, Loc, Located, Refused, Scenario, ScenarioFile};
use crate::catalog::Catalog;
use crate::game::{self, Action, Game, GameError, Options};
use crate::notation::NotationError;
use crate::registry;
use crate::text::{clean_message, shown, utf8_error, LineIndex};

/// Largest scenario file accepted.
const MAX_FILE_BYTES: u64 = 4 << 20;
/// The YAML reader's budget: nesting, values and aliases of one file.
const MAX_DEPTH: usize = 32;
const MAX_NODES: usize = 500_000;
const MAX_ALIASES: usize = 1_000;
/// Deepest perft a scenario may ask for: deeper counts belong in benchmarks.
pub const MAX_SCENARIO_PERFT_DEPTH: u32 = 10;
/// Most leaves a scenario's perft may count on the reference rules, at its
/// depth or any shallower one: the loader counts them within this budget,
/// so `check` and `run` stay quick whatever depth a scenario asks for.
pub const MAX_SCENARIO_PERFT_NODES: u64 = 1_000_000;

/// A scenario file.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "rulecheck scenario file")]
struct FileDoc {
    /// The variant every scenario of the file is played under.
    #[schemars(schema_with = "variant_ids")]
    variant: Spanned<String>,
    /// The rule page the scenarios are written from (chinese-checkers.hi, ...).
    #[schemars(with = "String")]
    page: Spanned<String>,
    /// House rules for every scenario of the file (`rulecheck variants` lists them).
    #[serde(default)]
    #[schemars(schema_with = "option_values")]
    options: BTreeMap<String, Spanned<String>>,
    scenarios: Vec<ScenarioDoc>,
}

/// One scenario.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct ScenarioDoc {
    /// What the scenario shows; unique in its file.
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// The clause ids it tests (spec/rules/*.yaml).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    clauses: Vec<Spanned<String>>,
    /// House rules for this scenario, over the file's.
    #[serde(default)]
    #[schemars(schema_with = "option_values")]
    options: BTreeMap<String, Spanned<String>>,
    /// The position: a position string (FEN) or a diagram; the start position if absent.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    position: Option<Spanned<String>>,
    /// Moves and actions (`resign by black`) played first; each must be legal.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    play: Vec<Spanned<String>>,
    /// What must hold afterwards under the file's variant.
    #[serde(default)]
    expect: Option<ExpectDoc>,
    /// Expectations for the same position under other variants, by id: one
    /// scenario documents how several variants read it.
    #[serde(default)]
    variants: BTreeMap<String, ExpectDoc>,
}

/// What must hold after the play; at least one entry.
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExpectDoc {
    /// The complete set of legal moves, in any order.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    moves: Option<Vec<Spanned<String>>>,
    /// Moves that must be legal.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    legal: Vec<Spanned<String>>,
    /// Moves or actions that must be refused, as `MOVE` or `MOVE: reason-code`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    illegal: Vec<Spanned<String>>,
    /// The position afterwards (position string or diagram).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    after: Option<Spanned<String>>,
    /// The player to move afterwards.
    #[serde(default, rename = "to-move")]
    #[schemars(with = "Option<String>")]
    to_move: Option<Spanned<String>>,
    /// `ongoing`, `PLAYER wins: REASON`, `draw: REASON`, or a ranking `1st: seat 2, 2nd: seat 1`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    result: Option<Spanned<String>>,
    /// Depth: leaf count.
    // Read as text, so that a number out of range gets a message of its own.
    #[serde(default)]
    #[schemars(with = "BTreeMap<u32, u64>")]
    perft: BTreeMap<String, Spanned<String>>,
}

/// House rules by name; YAML may write their values as words, numbers or
/// booleans (`players: 3`, `mandatory-capture: off`).
fn option_values(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "additionalProperties": { "type": ["string", "integer", "boolean"] },
        "default": {}
    })
}

/// The variant ids, so that editors complete them.
fn variant_ids(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let ids: Vec<&str> = registry::variants().iter().map(|v| v.info().id).collect();
    schemars::json_schema!({ "type": "string", "enum": ids })
}

/// The JSON Schema of scenario files, as kept in `spec/scenario.schema.json`.
pub fn schema() -> String {
    let schema = schemars::schema_for!(FileDoc);
    format!("{}\n", serde_json::to_string_pretty(&schema).unwrap_or_default())
}

/// Collect the scenario files under the given paths (files as given,
/// directories searched for `*.yaml` / `*.yml`, skipping `rules/`), sorted;
/// and an error for each path that cannot be a scenario file.
///
/// Symbolic links are followed, but each directory is walked once (by its
/// canonical path) and a link back to a directory being walked is cut, so
/// no arrangement of links walks a path twice or forever. A FIFO, device or
/// socket is reported as what it is and never opened.
pub fn collect(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<InputError>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut seen_dirs = std::collections::HashSet::new();
    for p in paths {
        match std::fs::metadata(p) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let message = if std::fs::symlink_metadata(p).is_ok() {
                    "a symbolic link to nothing (no such file or directory)".to_string()
                } else {
                    "no such file or directory".to_string()
                };
                errors.push(InputError { file: p.clone(), scenario: None, loc: Loc { line: 1, col: 1 }, message });
            }
            Err(e) => errors.push(io_error(p, e)),
            Ok(meta) if meta.is_dir() => walk(p, &mut seen_dirs, &mut out, &mut errors),
            Ok(meta) => match crate::files::not_regular(&meta) {
                None => out.push(p.clone()),
                Some(why) => errors.push(message_error(p, why)),
            },
        }
    }
    out.sort();
    out.dedup();
    // The same file reached under two names is read once.
    let mut seen_files = std::collections::HashSet::new();
    out.retain(|p| seen_files.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())));
    (out, errors)
}

fn is_scenario_name(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "yaml" || e == "yml") && p.file_name().is_some_and(|n| n != "reasons.yaml")
}

fn walk(
    root: &Path,
    seen: &mut std::collections::HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    errors: &mut Vec<InputError>,
) {
    let entries = walkdir::WalkDir::new(root).follow_links(true).sort_by_file_name().into_iter().filter_entry(|e| {
        if !e.file_type().is_dir() {
            return true;
        }
        // The rule catalog and the reason vocabulary are not scenarios.
        if e.depth() > 0 && e.file_name() == "rules" {
            return false;
        }
        // Each directory once, however many links lead to it.
        let canonical = std::fs::canonicalize(e.path()).unwrap_or_else(|_| e.path().to_path_buf());
        seen.insert(canonical)
    });
    for entry in entries {
        match entry {
            Ok(e) if e.file_type().is_dir() => {}
            Ok(e) if !is_scenario_name(e.path()) => {}
            Ok(e) if e.file_type().is_file() => out.push(e.into_path()),
            Ok(e) => {
                errors.push(message_error(e.path(), crate::files::refusal(&e.file_type())));
            }
            // A link back to a directory being walked: the loop is cut there.
            Err(e) if e.loop_ancestor().is_some() => {}
            Err(e) => {
                let Some(path) = e.path().map(Path::to_path_buf) else { continue };
                // A broken link, or links that lead round to themselves,
                // matter only where a scenario file was meant.
                let broken = match e.io_error() {
                    Some(io) if io.kind() == std::io::ErrorKind::NotFound => {
                        Some("a symbolic link to nothing (no such file or directory)")
                    }
                    Some(io) if is_link_loop(io) => Some("not read: its symbolic links lead round in a loop"),
                    _ => None,
                };
                if let Some(why) = broken {
                    if is_scenario_name(&path) {
                        errors.push(message_error(&path, why.into()));
                    }
                    continue;
                }
                let message = e.io_error().map(|io| io.to_string()).unwrap_or_else(|| e.to_string());
                errors.push(message_error(&path, message));
            }
        }
    }
}

/// Whether an error is the system's "too many levels of symbolic links".
fn is_link_loop(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

fn message_error(path: &Path, message: String) -> InputError {
    InputError { file: path.to_path_buf(), scenario: None, loc: Loc { line: 1, col: 1 }, message }
}

fn io_error(path: &Path, e: std::io::Error) -> InputError {
    InputError { file: path.to_path_buf(), scenario: None, loc: Loc { line: 1, col: 1 }, message: e.to_string() }
}

fn loc_of(at: &Location) -> Loc {
    Loc { line: at.line() as usize, col: at.column() as usize }
}

/// How far before a value its key is looked for: the key, a colon and
/// some spacing.
const KEY_WINDOW: usize = 64;

/// Accumulates the errors of one file.
struct Ctx<'a> {
    path: &'a Path,
    src: &'a str,
    /// Places in the file are found through one index of its lines, so that
    /// locating many errors costs work in proportion to the file.
    lines: LineIndex<'a>,
    catalog: &'a Catalog,
    overrides: &'a Options,
    scenario: Option<String>,
    /// The line where the next scenario starts (the end of the file after
    /// the last one): searches for a key of a scenario stop there.
    scenario_end: usize,
    errors: Vec<InputError>,
    /// Variants for which a `--option` value that does not fit was reported.
    misfit_overrides: std::collections::BTreeSet<&'static str>,
}

impl Ctx<'_> {
    /// The character at a value's start, from its byte offset where the
    /// reader gives one.
    fn first_char(&self, at: &Location) -> Option<char> {
        match self.offset(at) {
            Some(b) => self.src.get(b..).and_then(|t| t.chars().next()),
            None => self.lines.line_text(at.line() as usize).chars().nth((at.column() as usize).saturating_sub(1)),
        }
    }

    /// The byte offset of a place, where the reader gives one that agrees
    /// with its line and column.
    fn offset(&self, at: &Location) -> Option<usize> {
        let b = at.span().byte_offset()? as usize;
        (b <= self.src.len()
            && self.src.is_char_boundary(b)
            && self.lines.line_col(b) == (at.line() as usize, at.column() as usize))
            .then_some(b)
    }

    /// Where a place inside a scalar's text stands in the file. YAML
    /// reports a quoted scalar at its opening quote, and a plain or block
    /// scalar (`|`) at its first character; the lines of a block scalar
    /// share its indentation.
    fn place(&self, at: &Location, inner_line: usize, inner_col: usize) -> Loc {
        let line = at.line() as usize;
        let col = at.column() as usize;
        let quoted = matches!(self.first_char(at), Some('"') | Some('\''));
        if inner_line <= 1 {
            Loc { line, col: (col + inner_col).saturating_sub(usize::from(!quoted)) }
        } else {
            Loc { line: line + inner_line - 1, col: col + inner_col - 1 }
        }
    }

    /// The place of a mapping key written on the same line just before its
    /// value (as in `name: value` and `{name: value}`), or the value's place
    /// if not found. Only the text just before the value is searched.
    fn key_place(&self, value_at: &Location, key: &str) -> Loc {
        let Some(value) = self.offset(value_at) else {
            return loc_of(value_at);
        };
        let line_start = self.lines.line_start(value_at.line() as usize).min(value);
        let mut from = value.saturating_sub(key.len() + KEY_WINDOW).max(line_start);
        while !self.src.is_char_boundary(from) {
            from += 1;
        }
        match self.src.get(from..value).and_then(|before| before.rfind(key)) {
            Some(byte) => {
                let (line, col) = self.lines.line_col(from + byte);
                Loc { line, col }
            }
            None => loc_of(value_at),
        }
    }

    /// Where a key of the `variants:` table is written: the first line at
    /// or after the scenario's, and before the next scenario's, that starts
    /// with it.
    fn key_loc(&self, from_line: usize, key: &str) -> Loc {
        let wanted = format!("{key}:");
        let end = self.scenario_end.min(self.lines.lines());
        (from_line.max(1)..=end)
            .find_map(|i| {
                let l = self.lines.line_text(i);
                let trimmed = l.trim_start();
                trimmed.starts_with(&wanted).then(|| Loc { line: i, col: l.len() - trimmed.len() + 1 })
            })
            .unwrap_or(Loc { line: from_line, col: 1 })
    }

    fn err(&mut self, loc: Loc, message: impl Into<String>) {
        self.errors.push(InputError {
            file: self.path.to_path_buf(),
            scenario: self.scenario.clone(),
            loc,
            message: message.into(),
        });
    }

    /// An error inside a scalar's text, at the notation error's place.
    fn notation(&mut self, at: &Location, e: &NotationError, what: &str) {
        let loc = self.place(at, e.line, e.col);
        self.err(loc, format!("{what}: {}", e.message));
    }
}

/// Load and check one scenario file. All errors of the file are returned.
/// `overrides` are house rules set for the whole run (`--option`): they
/// replace the file's and the scenario's settings wherever the variant has
/// the option.
pub fn load(path: &Path, catalog: &Catalog, overrides: &Options) -> Result<ScenarioFile, Vec<InputError>> {
    let bytes = crate::files::read_bounded(path, MAX_FILE_BYTES).map_err(|e| vec![message_error(path, e)])?;
    load_bytes(path, &bytes, catalog, overrides)
}

/// [`load`], keeping the scenarios that load when others of the file do
/// not: one bad scenario does not stop its file. Every error of the file
/// is returned; the file is `None` when nothing of it can be run (it does
/// not parse, or its variant, page or options are wrong).
pub fn load_partial(path: &Path, catalog: &Catalog, overrides: &Options) -> (Option<ScenarioFile>, Vec<InputError>) {
    let bytes = match crate::files::read_bounded(path, MAX_FILE_BYTES) {
        Ok(b) => b,
        Err(e) => return (None, vec![message_error(path, e)]),
    };
    let Ok(src) = std::str::from_utf8(&bytes) else {
        return (None, load_bytes(path, &bytes, catalog, overrides).err().unwrap_or_default());
    };
    let (file, errors) = load_str_partial(path, src, catalog, overrides);
    (file.filter(|f| !f.scenarios.is_empty()), errors)
}

/// Load and check a scenario file's bytes, as if read from `path`: text
/// that is not UTF-8 is an error at the first byte that is not.
pub fn load_bytes(
    path: &Path,
    bytes: &[u8],
    catalog: &Catalog,
    overrides: &Options,
) -> Result<ScenarioFile, Vec<InputError>> {
    match std::str::from_utf8(bytes) {
        Ok(src) => load_str(path, src, catalog, overrides),
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

/// Parse YAML text into the document model, within a budget.
fn parse_yaml<T: for<'de> Deserialize<'de>>(path: &Path, src: &str) -> Result<T, InputError> {
    let options = serde_saphyr::options! {
        budget: serde_saphyr::budget! {
            max_depth: MAX_DEPTH,
            max_nodes: MAX_NODES,
            max_aliases: MAX_ALIASES,
            max_documents: 1,
        },
    };
    serde_saphyr::from_str_with_options(src, options).map_err(|e| {
        let loc = e.location().map(|l| loc_of(&l)).unwrap_or(Loc { line: 1, col: 1 });
        InputError {
            file: path.to_path_buf(),
            scenario: None,
            loc,
            message: format!("invalid scenario file: {}", yaml_message(&e)),
        }
    })
}

/// What the YAML reader found wrong, said in terms of what to write: the
/// reader's own wording names Rust types and its options, which a scenario
/// author has no use for.
pub(crate) fn yaml_message(e: &serde_saphyr::Error) -> String {
    use serde_saphyr::budget::BudgetBreach;
    use serde_saphyr::Error as E;
    let text = match e {
        E::WithSnippet { error, .. } | E::AliasError { error, .. } => return yaml_message(error),
        E::Eof { .. } => "the file ends where a value is expected (is it empty?)".to_string(),
        E::NullIntoString { .. } | E::InvalidCharNull { .. } => {
            "a value is missing here: write it after the colon (\"\" for an empty text)".to_string()
        }
        E::Unexpected { expected, .. } => match *expected {
            "string scalar" | "scalar" => {
                "expected a single value here (a word, a number or a quoted text), not a list or a mapping".to_string()
            }
            "sequence start" => "expected a list here: [a, b] on one line, or one '- item' per line".to_string(),
            "mapping start" => "expected a mapping here: 'key: value' lines, or {key: value} on one line".to_string(),
            other => format!("unexpected text here (expected a {other})"),
        },
        E::DuplicateMappingKey { key: Some(k), .. } => {
            format!("the key '{}' is given twice in the same mapping: keep one", shown(k))
        }
        E::DuplicateMappingKey { key: None, .. } => "a key is given twice in the same mapping: keep one".to_string(),
        E::SerdeUnknownField { field, expected, .. } => {
            let hint = Catalog::suggest(expected.iter().copied(), field)
                .map(|s| format!(" (did you mean '{s}'?)"))
                .unwrap_or_default();
            format!("unknown key '{}'{hint}; the keys here are {}", shown(field), expected.join(", "))
        }
        E::SerdeMissingField { field, .. } => format!("'{field}:' is missing here; it is required"),
        E::SerdeInvalidType { unexpected, expected, .. } | E::SerdeInvalidValue { unexpected, expected, .. } => {
            format!("{} is not allowed here: expected {}", shown(unexpected), plain_type(expected))
        }
        E::SerdeInvalidLength { len, expected, .. } => {
            format!("{len} entries where {} are expected", plain_type(expected))
        }
        E::Budget { breach, .. } => match breach {
            BudgetBreach::Aliases { .. } => {
                format!("more than {MAX_ALIASES} aliases (*name): write the values out instead")
            }
            BudgetBreach::Depth { .. } => {
                format!("lists and mappings are nested more than {MAX_DEPTH} deep; a scenario file needs a few levels")
            }
            BudgetBreach::Nodes { .. } => format!("more than {MAX_NODES} values: split the file into several files"),
            BudgetBreach::Documents { .. } => {
                "more than one YAML document (---): a scenario file is one document".to_string()
            }
            BudgetBreach::Anchors { .. } => "too many anchors (&name): write the values out instead".to_string(),
            _ => "the file is too large or too complex for a scenario file: split it into several files".to_string(),
        },
        E::AliasReplayCounterOverflow { .. }
        | E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayStackDepthExceeded { .. } => {
            "aliases (*name) expand to too much: write the values out instead".to_string()
        }
        E::UnknownAnchor { .. } => "this alias (*name) names no anchor (&name) defined before it".to_string(),
        E::MultipleDocuments { .. } => "more than one YAML document (---): a scenario file is one document".to_string(),
        E::UnsupportedTag { tag, .. } => format!("the tag '{}' has no use in a scenario file: remove it", shown(tag)),
        E::TaggedScalarCannotDeserializeIntoString { .. } => {
            "a value with a tag (!!...) where text is expected: remove the tag".to_string()
        }
        E::InvalidUtf8Input => "the file is not UTF-8 text: save it as UTF-8".to_string(),
        E::QuotingRequired { .. } => "this value must be quoted".to_string(),
        E::Message { msg, .. } => msg.clone(),
        other => {
            use serde_saphyr::MessageFormatter;
            serde_saphyr::UserMessageFormatter.format_message(other).into_owned()
        }
    };
    clean_message(&text, 400)
}

/// A type as serde names it, in the words of a scenario file.
fn plain_type(expected: &str) -> String {
    let t = expected.trim();
    if t.starts_with("struct ") || t == "a map" || t.starts_with("a map ") {
        "a mapping ('key: value' lines)".to_string()
    } else if t == "a sequence" || t.starts_with("a sequence ") {
        "a list".to_string()
    } else if t.contains("string") {
        "a text".to_string()
    } else if t.starts_with('u') || t.starts_with('i') {
        "a whole number".to_string()
    } else {
        shown(t)
    }
}

/// Load and check scenario text, as if read from `path`.
pub fn load_str(
    path: &Path,
    src: &str,
    catalog: &Catalog,
    overrides: &Options,
) -> Result<ScenarioFile, Vec<InputError>> {
    match load_str_partial(path, src, catalog, overrides) {
        (Some(file), errors) if errors.is_empty() => Ok(file),
        (_, errors) => Err(errors),
    }
}

/// [`load_str`], with the scenarios that loaded beside the errors of the
/// others (`None` when a file-level part is wrong).
fn load_str_partial(
    path: &Path,
    src: &str,
    catalog: &Catalog,
    overrides: &Options,
) -> (Option<ScenarioFile>, Vec<InputError>) {
    let doc: FileDoc = match parse_yaml(path, src) {
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
    let known_variant = match registry::variant(&variant) {
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
    }
    let mut scenarios = Vec::new();
    let known_variant = known_variant.filter(|v| check_options(&mut ctx, *v, &doc.options));
    if let Some(v) = known_variant {
        let mut names: HashSet<&str> = HashSet::new();
        for (i, sdoc) in doc.scenarios.iter().enumerate() {
            if let Some(why) = bad_name(&sdoc.name.value) {
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
            let rows = scenario_rows(&mut ctx, v, &doc.options, sdoc);
            // A scenario with an error of its own is left out; the others
            // of the file still run.
            if ctx.errors.len() == before {
                scenarios.extend(rows);
            }
        }
    }
    let file_level = ctx.errors.iter().any(|e| e.scenario.is_none());
    let file = (!file_level && known_variant.is_some()).then(|| ScenarioFile {
        path: path.to_path_buf(),
        variant,
        page: doc.page.value,
        scenarios,
    });
    (file, ctx.errors)
}

/// Why a scenario name cannot be used: names are written one a line in the
/// baseline report (`pass<TAB>file::name`) and in expected-failures lists,
/// which trim lines and skip `#` comments, so a name must read back as
/// itself there.
fn bad_name(name: &str) -> Option<String> {
    let shown = name.escape_debug();
    if name.trim().is_empty() {
        return Some("a scenario name may not be empty".into());
    }
    if name.chars().any(char::is_control) {
        return Some(format!(
            "scenario name '{shown}' has a line break, tab or other control character: a name is one line of text \
             (reports and expected-failures lists write one scenario a line)"
        ));
    }
    if name.trim() != name {
        return Some(format!(
            "scenario name '{shown}' starts or ends with a space: expected-failures lists trim their lines"
        ));
    }
    if name.starts_with('#') {
        return Some(format!(
            "scenario name '{shown}' starts with '#', which starts a comment where a name is written unquoted \
             (YAML, one-a-line lists): begin it with something else"
        ));
    }
    None
}

/// Check option names and values, each error at the option's key or value.
fn check_options(ctx: &mut Ctx<'_>, v: &dyn game::Variant, given: &BTreeMap<String, Spanned<String>>) -> bool {
    let mut ok = true;
    for (k, val) in given {
        let single: Options = [(k.clone(), val.value.clone())].into_iter().collect();
        match registry::resolve_options(v, &single) {
            // A combination is judged once all options are together.
            Ok(_) | Err(registry::SetupError::Combination(_)) => {}
            Err(e @ registry::SetupError::UnknownOption { .. }) => {
                let hint = Catalog::suggest(v.info().options.iter().map(|o| o.name), k)
                    .map(|s| format!(" (did you mean '{s}'?)"))
                    .unwrap_or_default();
                ctx.err(ctx.key_place(&val.referenced, k), format!("{e}{hint}"));
                ok = false;
            }
            Err(e) => {
                ctx.err(loc_of(&val.referenced), e.to_string());
                ok = false;
            }
        }
    }
    ok
}

/// The file's options overridden by the scenario's, defaults filled in. The
/// file's own options are checked once, before the scenarios.
fn options(
    ctx: &mut Ctx<'_>,
    v: &dyn game::Variant,
    file: &BTreeMap<String, Spanned<String>>,
    own: &BTreeMap<String, Spanned<String>>,
    home: bool,
    at: Loc,
) -> Option<Options> {
    if home && !check_options(ctx, v, own) {
        return None;
    }
    let mut given = Options::new();
    for (k, val) in file.iter().chain(own.iter()) {
        // A row of the `variants:` table takes the house rules its variant has.
        if home || v.info().options.iter().any(|o| o.name == k) {
            given.insert(k.clone(), val.value.clone());
        }
    }
    for (k, val) in ctx.overrides {
        if v.info().options.iter().any(|o| o.name == k) {
            // A run's option is checked against each variant that has it,
            // as its scenarios come: another variant may take other values.
            let single: Options = [(k.clone(), val.clone())].into_iter().collect();
            if let Err(e @ registry::SetupError::BadValue { .. }) = registry::resolve_options(v, &single) {
                if ctx.misfit_overrides.insert(v.info().id) {
                    ctx.err(at, format!("--option {k}={val} does not fit {}: {e}", v.info().id));
                }
                return None;
            }
            given.insert(k.clone(), val.clone());
        }
    }
    match registry::resolve_options(v, &given) {
        Ok(o) => Some(o),
        Err(e) => {
            // A combination the rules forbid: point at the option that
            // completes it, the scenario's own or else the file's.
            let at = own
                .values()
                .chain(file.values())
                .next()
                .map(|v| loc_of(&v.referenced))
                .unwrap_or(Loc { line: 1, col: 1 });
            let from = if ctx.overrides.is_empty() { "" } else { " (with --option)" };
            ctx.err(at, format!("{e}{from}"));
            None
        }
    }
}

/// The scenarios a scenario entry stands for: one under the file's variant
/// (`expect`), and one per row of its `variants:` table.
fn scenario_rows(
    ctx: &mut Ctx<'_>,
    home: &'static dyn game::Variant,
    file_options: &BTreeMap<String, Spanned<String>>,
    doc: &ScenarioDoc,
) -> Vec<Scenario> {
    let loc = loc_of(&doc.name.referenced);
    let mut rows: Vec<(&'static dyn game::Variant, Option<&ExpectDoc>)> = Vec::new();
    if doc.expect.is_some() || doc.variants.is_empty() {
        rows.push((home, doc.expect.as_ref()));
    }
    for (id, expect) in &doc.variants {
        match registry::variant(id) {
            Ok(v) if v.info().id == home.info().id && doc.expect.is_some() => {
                ctx.err(
                    ctx.key_loc(loc.line, id),
                    format!("{id} is the file's variant: its expectations go under `expect`"),
                );
            }
            Ok(v) => rows.push((v, Some(expect))),
            Err(e) => ctx.err(ctx.key_loc(loc.line, id), e.to_string()),
        }
    }
    let clauses = clauses(ctx, doc);
    rows.into_iter()
        .filter_map(|(v, expect)| scenario(ctx, v, v.info().id == home.info().id, file_options, doc, expect, &clauses))
        .collect()
}

/// The scenario's clauses, each checked against the catalog.
fn clauses(ctx: &mut Ctx<'_>, doc: &ScenarioDoc) -> Vec<Located<String>> {
    let loc = loc_of(&doc.name.referenced);
    if doc.clauses.is_empty() {
        ctx.err(loc, "the scenario cites no clause: list the clause ids it tests under `clauses`");
    }
    let mut clauses = Vec::new();
    for c in &doc.clauses {
        if let Some((page, o)) = ctx.catalog.out_of_scope(&c.value) {
            ctx.err(
                loc_of(&c.referenced),
                format!(
                    "'{}' is not a rule of play, and the catalog of {} leaves it out of scope: {}. A scenario cites the rules it tests",
                    c.value, page.page, o.why
                ),
            );
        } else if ctx.catalog.clause(&c.value).is_none() {
            let hint = Catalog::suggest(ctx.catalog.clause_ids(), &c.value)
                .map(|s| format!(" (did you mean '{s}'?)"))
                .unwrap_or_default();
            ctx.err(loc_of(&c.referenced), format!("unknown clause '{}'{hint}", shown(&c.value)));
        }
        clauses.push(Located { value: c.value.clone(), loc: loc_of(&c.referenced) });
    }
    clauses
}

/// One scenario under one variant.
fn scenario(
    ctx: &mut Ctx<'_>,
    v: &dyn game::Variant,
    home: bool,
    file_options: &BTreeMap<String, Spanned<String>>,
    doc: &ScenarioDoc,
    expect_doc: Option<&ExpectDoc>,
    clauses: &[Located<String>],
) -> Option<Scenario> {
    let before = ctx.errors.len();
    let loc = loc_of(&doc.name.referenced);
    let options = options(ctx, v, file_options, &doc.options, home, loc)?;
    let game = v.configure(&options);
    // Position.
    let given_position = match &doc.position {
        None => None,
        Some(p) => match game.normalize_position(&p.value) {
            Ok(fen) => Some(fen),
            Err(e) => {
                ctx.notation(&p.referenced, &e, "bad position");
                return None;
            }
        },
    };
    let position = given_position.clone().unwrap_or_else(|| game.start_position());
    // Play.
    let mut play = Vec::new();
    for item in &doc.play {
        match expect::parse_play(&item.value) {
            Ok(Step { action, col }) => {
                if let Action::Move(m) = &action {
                    if let Err(e) = game.check_move(m) {
                        let e = NotationError::new(1, col + e.col - 1, e.message);
                        ctx.notation(
                            &item.referenced,
                            &e,
                            &format!("bad move (moves look like {})", game.move_examples()),
                        );
                        continue;
                    }
                } else if let Err(e) = player_of(&action).map_or(Ok(()), |p| check_player(game.as_ref(), p)) {
                    ctx.err(ctx.place(&item.referenced, 1, col), e);
                    continue;
                }
                play.push(Located { value: action, loc: ctx.place(&item.referenced, 1, col) });
            }
            Err(e) => ctx.notation(&item.referenced, &e, "bad play step"),
        }
    }
    if ctx.errors.len() > before {
        return None;
    }
    let actions: Vec<Action> = play.iter().map(|p| p.value.clone()).collect();
    let final_position = match game.replay(&position, &actions) {
        Ok(r) => r.position,
        Err(GameError::Rejected(r)) => {
            let at = play.get(r.index).map(|p| p.loc).unwrap_or(loc);
            ctx.err(
                at,
                format!(
                    "play step {} ('{}') is refused by the rules: {} (in position {})",
                    r.index + 1,
                    actions.get(r.index).map(|a| shown(&a.to_string())).unwrap_or_default(),
                    r.reason,
                    r.position
                ),
            );
            return None;
        }
        Err(GameError::Notation(e)) => {
            ctx.err(loc, e.message);
            return None;
        }
    };
    let expect = match expect_doc {
        Some(e) => expectations(ctx, game.as_ref(), &final_position, e),
        None => Expectations::default(),
    };
    if expect.is_empty() && ctx.errors.len() == before {
        ctx.err(loc, "the scenario expects nothing: give at least one of moves, legal, illegal, after, to-move, result, perft under `expect`");
    }
    if ctx.errors.len() > before {
        return None;
    }
    let name = if home { doc.name.value.clone() } else { format!("{} [{}]", doc.name.value, v.info().id) };
    Some(Scenario {
        name,
        loc,
        variant: v.info().id.to_string(),
        clauses: clauses.to_vec(),
        options,
        position: given_position,
        play,
        expect,
    })
}

/// The player an action names, if it names one to check: moves name none,
/// and an arbiter may declare a draw.
fn player_of(action: &Action) -> Option<&str> {
    match action {
        Action::Move(_) => None,
        Action::DeclareDraw(p) if p == "arbiter" => None,
        Action::Resign(p) | Action::OfferDraw(p) | Action::AcceptDraw(p) | Action::ClaimDraw(p) => Some(p),
        Action::DeclareDraw(p) => Some(p),
    }
}

fn check_player(game: &dyn Game, player: &str) -> Result<(), String> {
    let players = game.players();
    if players.iter().any(|p| p == player) {
        Ok(())
    } else {
        Err(format!("unknown player '{}' (players: {})", shown(player), players.join(", ")))
    }
}

fn checked_move(
    ctx: &mut Ctx<'_>,
    game: &dyn Game,
    position: &str,
    item: &Spanned<String>,
    text: &str,
    col: usize,
) -> bool {
    if let Err(e) = game.check_move(text) {
        let e = NotationError::new(1, col + e.col - 1, e.message);
        ctx.notation(&item.referenced, &e, &format!("bad move (moves look like {})", game.move_examples()));
        return false;
    }
    if let Err(e) = game.move_key(position, text) {
        ctx.err(ctx.place(&item.referenced, 1, col), e.message);
        return false;
    }
    true
}

fn expectations(ctx: &mut Ctx<'_>, game: &dyn Game, position: &str, doc: &ExpectDoc) -> Expectations {
    let mut out = Expectations::default();
    let moves_of = |ctx: &mut Ctx<'_>, list: &[Spanned<String>]| -> Vec<Located<String>> {
        let mut v = Vec::new();
        for item in list {
            let text = item.value.trim();
            let lead = item.value.len() - item.value.trim_start().len();
            if checked_move(ctx, game, position, item, text, lead + 1) {
                v.push(Located { value: text.to_string(), loc: loc_of(&item.referenced) });
            }
        }
        v
    };
    if let Some(list) = &doc.moves {
        out.moves = Some(moves_of(ctx, list));
    }
    out.legal = moves_of(ctx, &doc.legal);
    for item in &doc.illegal {
        match expect::parse_illegal(&item.value) {
            Ok((step, reason)) => {
                let loc = ctx.place(&item.referenced, 1, step.col);
                match &step.action {
                    Action::Move(m) => {
                        if !checked_move(ctx, game, position, item, m, step.col) {
                            continue;
                        }
                    }
                    other => {
                        if let Err(e) = player_of(other).map_or(Ok(()), |p| check_player(game, p)) {
                            ctx.err(loc, e);
                            continue;
                        }
                    }
                }
                if let Some((code, col)) = &reason {
                    if !ctx.catalog.vocabulary.refusals.contains_key(code) {
                        let hint = Catalog::suggest(ctx.catalog.vocabulary.refusals.keys().map(String::as_str), code)
                            .map(|s| format!(" (did you mean '{s}'?)"))
                            .unwrap_or_default();
                        ctx.err(
                            ctx.place(&item.referenced, 1, *col),
                            format!("unknown reason '{}'{hint}; reasons are listed in spec/reasons.yaml", shown(code)),
                        );
                        continue;
                    }
                }
                out.illegal.push(Located { value: Refused { action: step.action, reason: reason.map(|r| r.0) }, loc });
            }
            Err(e) => ctx.notation(&item.referenced, &e, "bad illegal entry"),
        }
    }
    if let Some(after) = &doc.after {
        match game.normalize_position(&after.value) {
            Ok(fen) => out.after = Some(Located { value: fen, loc: loc_of(&after.referenced) }),
            Err(e) => ctx.notation(&after.referenced, &e, "bad position"),
        }
    }
    if let Some(tm) = &doc.to_move {
        match expect::parse_player(&tm.value) {
            Ok(p) => match check_player(game, &p) {
                Ok(()) => out.to_move = Some(Located { value: p, loc: loc_of(&tm.referenced) }),
                Err(e) => ctx.err(loc_of(&tm.referenced), e),
            },
            Err(e) => ctx.notation(&tm.referenced, &e, "bad player"),
        }
    }
    if let Some(res) = &doc.result {
        match expect::parse_result(&res.value) {
            Ok((r, reason_col)) => {
                let mut ok = true;
                let named: Vec<&String> = match &r {
                    super::ResultExp::Win { player, .. } => vec![player],
                    super::ResultExp::Ranking { order, .. } => order.iter().collect(),
                    _ => vec![],
                };
                for player in &named {
                    if let Err(e) = check_player(game, player) {
                        let lead = res.value.len() - res.value.trim_start().len();
                        ctx.err(ctx.place(&res.referenced, 1, lead + 1), e);
                        ok = false;
                        break;
                    }
                }
                // A ranking places every player of the game once; any other
                // could never match the game's.
                if let (true, super::ResultExp::Ranking { order, .. }) = (ok, &r) {
                    let players = game.players();
                    let mut seen: Vec<&String> = Vec::new();
                    let twice = order.iter().find(|p| {
                        let again = seen.contains(p);
                        seen.push(p);
                        again
                    });
                    let lead = res.value.len() - res.value.trim_start().len();
                    let at = ctx.place(&res.referenced, 1, lead + 1);
                    if let Some(p) = twice {
                        ctx.err(at, format!("the ranking places {p} twice: every player has one place"));
                        ok = false;
                    } else if order.len() != players.len() {
                        ctx.err(
                            at,
                            format!(
                                "the ranking has {} places and the game {} players ({}): a ranking places every player",
                                order.len(),
                                players.len(),
                                players.join(", ")
                            ),
                        );
                        ok = false;
                    }
                }
                if let (Some((code, _)), Some(col)) = (r.reason(), reason_col) {
                    if !ctx.catalog.vocabulary.results.contains_key(code) {
                        let hint = Catalog::suggest(ctx.catalog.vocabulary.results.keys().map(String::as_str), code)
                            .map(|s| format!(" (did you mean '{s}'?)"))
                            .unwrap_or_default();
                        ctx.err(
                            ctx.place(&res.referenced, 1, col),
                            format!("unknown result reason '{}'{hint}", shown(code)),
                        );
                        ok = false;
                    }
                }
                if ok {
                    out.result = Some(Located { value: r, loc: loc_of(&res.referenced) });
                }
            }
            Err(e) => ctx.notation(&res.referenced, &e, "bad result"),
        }
    }
    let mut depths: Vec<(u32, u64)> = Vec::new();
    for (key, count) in &doc.perft {
        let at_key = ctx.key_place(&count.referenced, key);
        let digits = !key.trim().is_empty() && key.trim().bytes().all(|b| b.is_ascii_digit());
        let depth = match key.trim().parse::<u32>() {
            Ok(d) if (1..=MAX_SCENARIO_PERFT_DEPTH).contains(&d) => d,
            _ if digits => {
                ctx.err(
                    at_key,
                    format!(
                        "perft depth {} is outside 1..={MAX_SCENARIO_PERFT_DEPTH}; deeper counts belong in benchmarks",
                        shown(key.trim())
                    ),
                );
                continue;
            }
            _ => {
                ctx.err(
                    at_key,
                    format!(
                        "perft depth '{}' is not a whole number: write depths 1 to {MAX_SCENARIO_PERFT_DEPTH}, as in perft: {{1: 7, 2: 49}}",
                        shown(key)
                    ),
                );
                continue;
            }
        };
        let Ok(leaves) = count.value.trim().parse::<u64>() else {
            ctx.err(
                loc_of(&count.referenced),
                format!(
                    "perft count '{}' at depth {depth} is not a whole number of leaves (0 to {})",
                    shown(&count.value),
                    u64::MAX
                ),
            );
            continue;
        };
        if depths.iter().any(|&(d, _)| d == depth) {
            ctx.err(at_key, format!("perft depth {depth} is given twice"));
            continue;
        }
        depths.push((depth, leaves));
        out.perft_at.insert(depth, at_key);
    }
    depths.sort_unstable();
    out.perft = depths;
    // Count the reference's tree within the budget, so that no scenario can
    // ask for hours of counting; the counts themselves are checked by `run`.
    if let Some(deepest) = out.perft.iter().map(|p| p.0).max() {
        match game::perft_within(game, position, deepest, false, MAX_SCENARIO_PERFT_NODES) {
            Ok(Ok(_)) => {}
            Ok(Err(over)) => {
                for (key, count) in &doc.perft {
                    let Ok(depth) = key.trim().parse::<u32>() else { continue };
                    if depth < over.depth || depth > deepest {
                        continue;
                    }
                    let at = ctx.key_place(&count.referenced, key);
                    ctx.err(
                        at,
                        format!(
                            "perft depth {depth} is too deep here: the tree has {} leaves at depth {}, more than the \
                             {MAX_SCENARIO_PERFT_NODES} a scenario may count; deeper counts belong in benchmarks",
                            over.nodes, over.depth
                        ),
                    );
                }
                out.perft.retain(|p| p.0 < over.depth);
            }
            Err(e) => {
                let at = doc.perft.iter().next().map(|(k, c)| ctx.key_place(&c.referenced, k));
                ctx.err(at.unwrap_or(Loc { line: 1, col: 1 }), format!("perft: {}", e.message));
            }
        }
    }
    out
}
