//! The rows of the speed tables (`docs/speed/rows.yaml`): for each row the
//! two commands timed against each other, as templates. `{rulecheck}`
//! stands for the release binary; any other `{name}` for a native engine
//! whose path is given at run time (a natives file outside the
//! repository), so that the committed file says how to run an engine and
//! never where it was built or how.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

/// The placeholder of rulecheck's own binary in a command template.
pub const RULECHECK: &str = "rulecheck";

/// What a table's times are: CPU time (user and system) of each whole
/// process, children included, or wall time; or CPU time per leaf, for two
/// trees of different sizes (a game on two boards, or with two numbers of
/// players), whose whole times say nothing of each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    Cpu,
    Wall,
    CpuPerLeaf,
}

/// The whole rows file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rows {
    /// Each native engine by its placeholder name: how tables name it.
    #[serde(default)]
    pub natives: BTreeMap<String, Native>,
    /// The tables, in the order the book shows them.
    pub tables: Vec<Table>,
    /// The rows the README's speed section shows, by id, in its order: a
    /// few from the book's tables, rendered from the same records.
    #[serde(default)]
    pub readme: Vec<String>,
}

/// How the tables name a native engine.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Native {
    pub name: String,
}

/// One table: its rows, rendered to `docs/speed/ID.md`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub id: String,
    #[serde(default = "cpu")]
    pub measure: Measure,
    pub rows: Vec<Row>,
}

fn cpu() -> Measure {
    Measure::Cpu
}

/// Two commands timed against each other; the ratio is `a`'s time over `b`'s.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The row's name in records, and for `--only`.
    pub id: String,
    pub a: String,
    pub b: String,
    /// What the table says of `b` beside its name (a counting convention).
    #[serde(default)]
    pub note: Option<String>,
    /// Where each side's count is read: the first integer after this text
    /// on standard output; without it, the last integer there.
    #[serde(default)]
    pub count_after: Option<String>,
    /// The two sides count different trees (why, in the table's words): both
    /// counts are recorded, each held to `a_count`/`b_count` where given,
    /// and not to each other.
    #[serde(default)]
    pub counts_differ: Option<String>,
    #[serde(default)]
    pub b_count: Option<u64>,
}

impl Rows {
    /// Reads and checks the rows file: every table and row id used once,
    /// every placeholder a native the file names, or rulecheck.
    pub fn load(path: &Path) -> Result<Rows, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let rows: Rows = serde_saphyr::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut ids = std::collections::BTreeSet::new();
        for table in &rows.tables {
            if !ids.insert(table.id.clone()) {
                return Err(format!("{}: table id {} used twice", path.display(), table.id));
            }
            for row in &table.rows {
                if !ids.insert(row.id.clone()) {
                    return Err(format!("{}: row id {} used twice", path.display(), row.id));
                }
                if table.measure == Measure::CpuPerLeaf && row.counts_differ.is_none() {
                    return Err(format!(
                        "{}: row {}: a table timed per leaf compares trees of different sizes: say how in counts_differ",
                        path.display(),
                        row.id
                    ));
                }
                for template in [&row.a, &row.b] {
                    let names =
                        placeholders(template).map_err(|e| format!("{}: row {}: {e}", path.display(), row.id))?;
                    if let Some(n) = names.iter().find(|n| *n != RULECHECK && !rows.natives.contains_key(*n)) {
                        return Err(format!("{}: row {}: {{{n}}} is no native of the file", path.display(), row.id));
                    }
                }
            }
        }
        if let Some(id) = rows.readme.iter().find(|id| rows.table_of(id).is_none()) {
            return Err(format!("{}: readme: {id} is no row of the tables", path.display()));
        }
        Ok(rows)
    }

    /// What a table calls the program a command template runs: rulecheck,
    /// or the native's name.
    pub fn program_name(&self, template: &str) -> String {
        match placeholders(template).ok().and_then(|p| p.into_iter().next()) {
            Some(n) if n != RULECHECK => self.natives.get(&n).map_or(n, |x| x.name.clone()),
            _ => RULECHECK.to_string(),
        }
    }

    /// The table a row id belongs to.
    pub fn table_of(&self, row: &str) -> Option<&Table> {
        self.tables.iter().find(|t| t.rows.iter().any(|r| r.id == row))
    }
}

/// The `{name}` placeholders of a template, in order.
pub fn placeholders(template: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or_else(|| format!("an unclosed {{ in {template:?}"))?;
        let name = &rest[open + 1..open + close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(format!("{{{name}}} in {template:?} is no placeholder"));
        }
        out.push(name.to_string());
        rest = &rest[open + close + 1..];
    }
    Ok(out)
}

/// A template with each placeholder replaced by `value(name)`.
pub fn fill(template: &str, mut value: impl FnMut(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        out.push_str(&rest[..open]);
        out.push_str(&value(&rest[open + 1..open + close]));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The count a program printed: the first integer after `after` on its
/// output (a row's `count_after`), or without it the last integer there.
pub fn count(stdout: &str, after: Option<&str>) -> Option<u64> {
    let text = match after {
        Some(a) => &stdout[stdout.find(a)? + a.len()..],
        None => stdout,
    };
    let mut numbers = text.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty());
    let word = match after {
        Some(_) => numbers.next(),
        None => numbers.next_back(),
    }?;
    word.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_from_output() {
        assert_eq!(count("85242128\n", None), Some(85_242_128));
        assert_eq!(count("Checking depth: 3 302\n", None), Some(302));
        let run = "ok   spec/x.yaml: 2 passed\n137 files, 1336 scenarios: 1336 passed, 0 failed\n";
        assert_eq!(count(run, Some("scenarios: ")), Some(1336));
        assert_eq!(count(run, Some("nowhere")), None);
        assert_eq!(count("no digits", None), None);
        assert_eq!(count("99999999999999999999999", None), None);
    }

    #[test]
    fn placeholders_are_read_and_filled() {
        let t = "{rulecheck} run --engine '{rulecheck} serve'";
        assert_eq!(placeholders(t).unwrap(), ["rulecheck", "rulecheck"]);
        assert_eq!(fill(t, |n| format!("/bin/{n}")), "/bin/rulecheck run --engine '/bin/rulecheck serve'");
        assert!(placeholders("{a b} 3").is_err());
        assert!(placeholders("{dctl 3").is_err());
    }
}
