//! Perft tables kept as data (`spec/perft/*.yaml`): the published counts
//! of each variant, and the self-computed regression counts where nothing
//! is published, each with its source. One copy serves `cargo test` (the
//! rows up to [`TEST_NODES`]), `cargo bench` (the rows above) and
//! `rulecheck perft-table`, which holds any engine to them; a count written
//! twice would sooner or later be written two ways.
//!
//! A file names a variant and its house rules, and lists tables: a
//! position (the start, or a FEN), a counting convention (distinct moves,
//! or capture paths as `perft --paths`), the source, and rows of depth and
//! count. The file is read by the scenario loader's YAML reader, within its
//! budget and with its messages; errors are located (file, table,
//! line:column) as the loader's are.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

use crate::game::{Options, MAX_PERFT_DEPTH};
use crate::registry;
use crate::scenario::loader::{loc_of, read_yaml};
use crate::scenario::{InputError, Loc};

/// The largest count `cargo test` checks against the reference: the
/// deepest rows the tests have always counted (Czech to depth 11,
/// 84,967,210 leaves, a second or two); the rows above it are measured, and
/// checked, by `cargo bench`.
pub const TEST_NODES: u64 = 85_000_000;

/// The largest count `rulecheck perft-table` asks for unless told
/// otherwise: the budget `rulecheck serve` counts for one perft request
/// (10,000,000), so that the reference behind the protocol answers every
/// row asked, and a check takes seconds, not hours.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// Most bytes of one table file.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// A table file as written.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "rulecheck perft table file")]
struct FileDoc {
    /// The variant every table of the file is counted under (`rulecheck variants`).
    #[schemars(with = "String")]
    variant: Spanned<String>,
    /// House rules for every table of the file; the defaults if absent.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    options: BTreeMap<String, Spanned<String>>,
    tables: Vec<TableDoc>,
}

/// One table: a position, a convention and the counts.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct TableDoc {
    /// What the table counts from and how; unique in its file.
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// The position (FEN, in the variant's notation); the start position if absent.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    position: Option<Spanned<String>>,
    /// Draughts only: the start with this many rows of men a side instead of
    /// the variant's own (a set-up the variant's rules do not allow, so only
    /// the reference counts it; `perft-table --engine` skips the table).
    #[serde(default)]
    #[schemars(with = "Option<u8>")]
    start_rows: Option<Spanned<u8>>,
    /// `moves`: each distinct move once (the protocol's perft); `paths`: each
    /// capture path once (`perft --paths`, the tables' "keep duplicates").
    #[schemars(with = "Counting")]
    counting: Spanned<Counting>,
    /// Where the counts come from: the publication, or "self-computed" and how they are held.
    #[schemars(with = "String")]
    source: Spanned<String>,
    /// Depth: leaf count.
    #[schemars(with = "BTreeMap<u32, u64>")]
    rows: Spanned<BTreeMap<u32, u64>>,
}

/// How leaves are counted where a capture can be taken several ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// Each distinct move once.
    Moves,
    /// Each capture path once.
    Paths,
}

/// One table, read and checked against the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The file it was read from.
    pub file: PathBuf,
    pub name: String,
    pub variant: String,
    /// The house rules, every rule given (defaults filled in).
    pub options: Options,
    /// The FEN, or `None` for the start position.
    pub position: Option<String>,
    /// Rows of men a side at the start, where not the variant's own.
    pub start_rows: Option<u8>,
    pub counting: Counting,
    pub source: String,
    /// Depth and count, shallowest first.
    pub rows: Vec<(u32, u64)>,
}

impl Table {
    /// Whether capture paths are counted (`perft --paths`).
    pub fn paths(&self) -> bool {
        self.counting == Counting::Paths
    }

    /// The reference's count at `depth`.
    pub fn reference_count(&self, depth: u32) -> Result<u64, String> {
        if let Some(rows) = self.start_rows {
            return start_rows_count(&self.variant, &self.options, rows, self.paths(), depth);
        }
        let g = registry::configure(&self.variant, &self.options).map_err(|e| e.to_string())?;
        let position = self.position.clone().unwrap_or_else(|| g.start_position());
        g.perft(&position, depth, self.paths()).map_err(|e| e.to_string())
    }

    /// Why an engine behind the protocol cannot be asked this table, if it
    /// cannot: the protocol's `perft` counts distinct moves, from a position
    /// the variant's rules allow.
    pub fn protocol_skip(&self) -> Option<String> {
        if let Some(rows) = self.start_rows {
            return Some(format!(
                "counted from a start of {rows} rows of men a side, which the protocol cannot set up"
            ));
        }
        if self.paths() {
            return Some("counts capture paths; the protocol's perft counts distinct moves".to_string());
        }
        None
    }
}

/// A draughts start with `rows` rows of men a side, counted by the
/// draughts generator itself: no FEN of the variant may hold more men than
/// its own start.
fn start_rows_count(variant: &str, options: &Options, rows: u8, paths: bool, depth: u32) -> Result<u64, String> {
    use crate::draughts::Position;
    use crate::draughts::{Counting as C, Perft};
    let v = crate::draughts::variant(variant).ok_or_else(|| format!("'{variant}' is not draughts"))?;
    let rules = crate::draughts::Rules { rows_of_men: rows, ..v.rules(options) };
    let counting = if paths { C::Paths } else { C::DistinctMoves };
    Ok(Perft::new(&rules, counting).count(&Position::<u64>::start(&rules), depth))
}

/// Whether `rows` rows of men a side fit the variant's board (one of 64
/// bits or fewer) with a row between the two sides.
fn start_rows_fit(variant: &str, rows: u8) -> Result<(), String> {
    let Some(v) = crate::draughts::variant(variant) else {
        return Err(format!("start-rows is for draughts variants; '{variant}' is not one"));
    };
    let rules = v.rules(&Options::new());
    let size = rules.geometry.size();
    if size > 10 {
        return Err(format!("start-rows is not counted on the {size}x{size} board"));
    }
    if rows == 0 || 2 * (u16::from(rows) + u16::from(rules.men_start_row)) >= u16::from(size) {
        return Err(format!("{rows} rows of men a side do not fit the {size}x{size} board with a row between them"));
    }
    Ok(())
}

/// The table files under `paths`: files as given, directories searched
/// (not recursively) for `*.yaml`, sorted.
pub fn files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InputError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| whole(p, rulecheck_files::io_message(&e)))?;
            let mut here: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.extension().is_some_and(|e| e == "yaml" || e == "yml") && f.is_file())
                .collect();
            here.sort();
            out.extend(here);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Every table of the files under `paths`, or every error found in them.
pub fn load_all(paths: &[PathBuf]) -> Result<Vec<Table>, Vec<InputError>> {
    let mut tables = Vec::new();
    let mut errors = Vec::new();
    for f in files(paths).map_err(|e| vec![e])? {
        match load(&f) {
            Ok(t) => tables.extend(t),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(tables)
    } else {
        Err(errors)
    }
}

/// The tables of one file, or every error found in it.
pub fn load(path: &Path) -> Result<Vec<Table>, Vec<InputError>> {
    let src = rulecheck_files::read_text(path, MAX_FILE_BYTES).map_err(|m| vec![whole(path, m)])?;
    parse(path, &src)
}

/// The tables of a file's text.
pub fn parse(path: &Path, src: &str) -> Result<Vec<Table>, Vec<InputError>> {
    let doc: FileDoc = read_yaml(path, src, "perft table file").map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    // A table is named in the message: it is no scenario.
    let at = |l: &Location, table: Option<&str>, message: String| InputError {
        file: path.to_path_buf(),
        scenario: None,
        loc: loc_of(l),
        message: match table {
            Some(t) => format!("table '{}': {message}", rulecheck_text::shown(t)),
            None => message,
        },
    };
    let variant = doc.variant.value.clone();
    let given: Options = doc.options.iter().map(|(k, v)| (k.clone(), v.value.clone())).collect();
    let options = match registry::variant(&variant) {
        Err(e) => return Err(vec![at(&doc.variant.referenced, None, e.to_string())]),
        Ok(v) => match registry::resolve_options(v, &given) {
            Ok(o) => o,
            Err(e) => {
                let place = doc.options.values().next().map(|v| v.referenced).unwrap_or(doc.variant.referenced);
                return Err(vec![at(&place, None, e.to_string())]);
            }
        },
    };
    let game =
        registry::configure(&variant, &options).map_err(|e| vec![at(&doc.variant.referenced, None, e.to_string())])?;
    if doc.tables.is_empty() {
        errors.push(at(&doc.variant.referenced, None, "the file lists no table under 'tables:'".to_string()));
    }
    let mut tables = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for t in doc.tables {
        let name = t.name.value.clone();
        let named = Some(name.as_str());
        let before = errors.len();
        if name.trim().is_empty() {
            errors.push(at(&t.name.referenced, None, "a table needs a name".to_string()));
        } else if !names.insert(name.clone()) {
            errors.push(at(&t.name.referenced, named, "another table of the file has this name".to_string()));
        }
        if t.source.value.trim().is_empty() {
            errors.push(at(
                &t.source.referenced,
                named,
                "say where the counts come from (or that they are self-computed)".to_string(),
            ));
        }
        if let Some(p) = &t.position {
            if let Err(e) = game.perft(&p.value, 0, false) {
                errors.push(at(&p.referenced, named, format!("the position does not read: {e}")));
            }
        }
        if let Some(r) = &t.start_rows {
            if t.position.is_some() {
                errors.push(at(&r.referenced, named, "start-rows sets up a start: leave out 'position:'".to_string()));
            } else if let Err(e) = start_rows_fit(&variant, r.value) {
                errors.push(at(&r.referenced, named, e));
            }
        }
        if t.rows.value.is_empty() {
            errors.push(at(&t.rows.referenced, named, "the table has no rows (depth: count)".to_string()));
        }
        if let Some((&d, _)) = t.rows.value.iter().find(|(&d, _)| d == 0 || d > MAX_PERFT_DEPTH) {
            errors.push(at(&t.rows.referenced, named, format!("depth {d} is outside 1..{MAX_PERFT_DEPTH}")));
        }
        if errors.len() == before {
            tables.push(Table {
                file: path.to_path_buf(),
                name,
                variant: variant.clone(),
                options: options.clone(),
                position: t.position.map(|p| p.value),
                start_rows: t.start_rows.map(|r| r.value),
                counting: t.counting.value,
                source: t.source.value,
                rows: t.rows.value.into_iter().collect(),
            });
        }
    }
    if errors.is_empty() {
        Ok(tables)
    } else {
        Err(errors)
    }
}

fn whole(path: &Path, message: String) -> InputError {
    InputError { file: path.to_path_buf(), scenario: None, loc: Loc { line: 1, col: 1 }, message }
}

/// The JSON Schema of table files (`rulecheck schema perft-table`).
pub fn schema() -> String {
    let s = schemars::schema_for!(FileDoc);
    serde_json::to_string_pretty(&s).unwrap_or_default() + "\n"
}

/// What a counter answered for one row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Count(u64),
    /// Not counted, and why (the rest of the table is skipped too).
    Skip(String),
}

/// The verdict on one row.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Pass,
    Fail,
    Skip,
}

/// One row checked: what the table says, what was counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowCheck {
    /// Index into the tables checked.
    pub table: usize,
    pub depth: u32,
    pub expected: u64,
    pub got: Option<u64>,
    pub verdict: Verdict,
    /// Why the row was skipped.
    pub reason: Option<String>,
}

/// The rows checked, and the counter's failure if it broke (the rows after
/// it are then not in the list).
#[derive(Clone, Debug, Default)]
pub struct Checked {
    pub rows: Vec<RowCheck>,
    pub broke: Option<String>,
}

/// Check every row of `tables` with `count` (the reference's
/// [`Table::reference_count`], or an engine's perft), shallowest first;
/// rows above `max_nodes` are skipped, and said to be. `count` returning
/// `Err` stops the check: the counter is broken.
pub fn check(
    tables: &[Table],
    max_nodes: u64,
    count: &mut dyn FnMut(&Table, u32) -> Result<Answer, String>,
) -> Checked {
    let mut checked = Checked::default();
    for (i, t) in tables.iter().enumerate() {
        let mut skipped: Option<String> = None;
        for &(depth, expected) in &t.rows {
            let row = |got, verdict, reason| RowCheck { table: i, depth, expected, got, verdict, reason };
            if let Some(why) = &skipped {
                checked.rows.push(row(None, Verdict::Skip, Some(why.clone())));
                continue;
            }
            if expected > max_nodes {
                checked.rows.push(row(None, Verdict::Skip, Some(format!("over the budget of {max_nodes} nodes"))));
                continue;
            }
            match count(t, depth) {
                Ok(Answer::Count(n)) => {
                    let verdict = if n == expected { Verdict::Pass } else { Verdict::Fail };
                    checked.rows.push(row(Some(n), verdict, None));
                }
                Ok(Answer::Skip(why)) => {
                    checked.rows.push(row(None, Verdict::Skip, Some(why.clone())));
                    skipped = Some(why);
                }
                Err(e) => {
                    checked.broke = Some(e);
                    return checked;
                }
            }
        }
    }
    checked
}
