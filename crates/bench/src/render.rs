//! The book's speed tables (`docs/speed/TABLE.md`), rendered from the
//! records: each row of the rows file from the newest record that measured
//! it, with the run it came from, so that no figure of the book is typed
//! by hand. The book's tests render them again and compare.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::record::{Record, Row};
use crate::rows::{self, Measure, Rows, Table, RULECHECK};

/// The first line of every fragment.
pub const HEADER: &str = "<!-- Rendered from the records in docs/speed/records/ \
(RULECHECK_BLESS_DOCS=1 cargo test --release --test cli book): edit the rows or record a run, not this file. -->";

/// Each table's fragment, by table id, in the rows file's order.
pub fn fragments(rows: &Rows, records: &[(PathBuf, Record)]) -> Vec<(String, String)> {
    rows.tables.iter().map(|t| (t.id.clone(), fragment(rows, t, records))).collect()
}

/// The lines between these in README.md are the README's speed table.
pub const README_BEGIN: &str =
    "<!-- speed: rendered from docs/speed/records (RULECHECK_BLESS_DOCS=1 cargo test --release --test cli book) -->";
pub const README_END: &str = "<!-- end of speed -->";

/// The README's speed table: the rows the rows file names under `readme`,
/// each from its newest record (a row never recorded says so), and the
/// load and date of the runs they come from.
pub fn readme(rows: &Rows, records: &[(PathBuf, Record)]) -> String {
    let newest = newest(records);
    let mut out = String::from("| rulecheck | against | ratio | middle pairs |\n|---|---|---:|---:|\n");
    let mut runs: Vec<&Record> = Vec::new();
    for id in &rows.readme {
        let Some(row) = rows.tables.iter().flat_map(|t| &t.rows).find(|r| &r.id == id) else { continue };
        let b = rows.program_name(&row.b);
        let mut against = if b == RULECHECK { code(&shown(&row.b)) } else { b };
        if let Some(note) = &row.note {
            against = format!("{against}, {note}");
        }
        let what = match rows.table_of(id).map(|t| t.measure) {
            Some(Measure::Wall) => " (wall)",
            Some(Measure::CpuPerLeaf) => " (a leaf)",
            _ => "",
        };
        let (ratio, middle) = match newest.get(id.as_str()) {
            Some(&(_, record, measured)) => {
                if !runs.iter().any(|r| std::ptr::eq(*r, record)) {
                    runs.push(record);
                }
                (format!("{:.2}{what}", measured.ratio), middle(measured))
            }
            None => ("not recorded yet".to_string(), String::new()),
        };
        let _ = writeln!(out, "| {} | {against} | {ratio} | {middle} |", code(&shown(&row.a)));
    }
    for record in runs {
        let _ = writeln!(
            out,
            "\nRecorded {}, load average {:.2}, rulecheck {}.",
            record.date.split('T').next().unwrap_or(&record.date),
            record.machine.load_before[0],
            record.rulecheck.commit.chars().take(7).collect::<String>()
        );
    }
    out
}

/// The newest measurement of each row id: the record's file name and the row.
fn newest(records: &[(PathBuf, Record)]) -> BTreeMap<&str, (&Path, &Record, &Row)> {
    let mut out = BTreeMap::new();
    for (path, record) in records {
        for row in &record.rows {
            out.insert(row.id.as_str(), (path.as_path(), record, row));
        }
    }
    out
}

/// A command template as the table shows it: rulecheck's arguments alone
/// when it runs rulecheck, the binary named `rulecheck` inside them.
fn shown(template: &str) -> String {
    let prefix = format!("{{{RULECHECK}}} ");
    let rest = template.strip_prefix(&prefix).unwrap_or(template);
    rows::fill(rest, |n| n.to_string())
}

/// A count with thousands separated by commas.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A row's middle pairs as a cell (empty with too few pairs).
fn middle(row: &Row) -> String {
    row.middle().map_or_else(String::new, |(lo, hi)| format!("{lo:.2}-{hi:.2}"))
}

fn code(text: &str) -> String {
    format!("`{}`", text.replace('|', "\\|"))
}

fn fragment(rows: &Rows, table: &Table, records: &[(PathBuf, Record)]) -> String {
    let newest = newest(records);
    let natives = table.rows.iter().all(|r| rows.program_name(&r.b) != RULECHECK);
    let unit = match table.measure {
        Measure::Cpu => "CPU",
        Measure::Wall => "wall",
        Measure::CpuPerLeaf => "CPU a leaf",
    };
    let mut out = format!("{HEADER}\n\n");
    let (first, second) = if natives { ("rulecheck", "native") } else { ("command", "against") };
    let _ = writeln!(out, "| {first} | {second} | count | {first}, {unit} | {second}, {unit} | ratio | middle pairs |");
    out.push_str("|---|---|---:|---:|---:|---:|---:|\n");
    let mut used: Vec<(&Path, &Record)> = Vec::new();
    let mut abouts: Vec<String> = Vec::new();
    let mut missing = Vec::new();
    let mut differ = Vec::new();
    for row in &table.rows {
        let Some(&(path, record, measured)) = newest.get(row.id.as_str()) else {
            missing.push(row);
            continue;
        };
        if !used.iter().any(|(p, _)| *p == path) {
            used.push((path, record));
        }
        for side in [&measured.a, &measured.b] {
            if let Some(about) = &side.about {
                // An engine's line names it already, or is given its name.
                let line = match about.starts_with(&side.program) {
                    true => about.clone(),
                    false => format!("{}: {about}", side.program),
                };
                if !abouts.contains(&line) {
                    abouts.push(line);
                }
            }
        }
        let against = if rows.program_name(&row.b) == RULECHECK {
            code(&shown(&row.b))
        } else {
            let name = rows.program_name(&row.b);
            row.note.as_ref().map_or(name.clone(), |n| format!("{name}, {n}"))
        };
        let count = match (measured.a.count, measured.b.count) {
            (Some(a), Some(b)) if a == b => thousands(a),
            (Some(a), Some(b)) => format!("{} / {}", thousands(a), thousands(b)),
            (Some(a), None) | (None, Some(a)) => thousands(a),
            (None, None) => String::new(),
        };
        if let Some(why) = &row.counts_differ {
            differ.push(format!("{} against {}: {why}.", code(&shown(&row.a)), rows.program_name(&row.b)));
        }
        let m = table.measure;
        let time = |t: f64| match m {
            Measure::CpuPerLeaf => format!("{t:.2} ns"),
            Measure::Cpu | Measure::Wall => format!("{t:.3} s"),
        };
        let middle = middle(measured);
        let _ = writeln!(
            out,
            "| {} | {against} | {count} | {} | {} | {:.2} | {middle} |",
            code(&shown(&row.a)),
            time(measured.a.median(m)),
            time(measured.b.median(m)),
            measured.ratio
        );
    }
    if used.is_empty() {
        // Nothing measured: no empty table, only what is missing.
        out = format!("{HEADER}\n\n");
    } else {
        out.push('\n');
    }
    for line in &differ {
        let _ = writeln!(out, "{line}\n");
    }
    if !used.is_empty() {
        let what = match table.measure {
            Measure::Cpu => "CPU seconds (user and system) of each whole process, its children included",
            Measure::Wall => "wall seconds of each whole process",
            Measure::CpuPerLeaf => "CPU nanoseconds (user and system) of each whole process over the leaves it counted",
        };
        let _ = writeln!(
            out,
            "Medians of interleaved pairs, {what}; the ratio is the median of the pairs' ratios, and the \
             middle pairs' are those ratios less a quarter of the pairs at each end (from four pairs): \
             where they straddle a line, the median alone does not put the row on either side of it."
        );
    }
    for (path, record) in &used {
        let file = path.file_name().map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let commit: String = record.rulecheck.commit.chars().take(7).collect();
        let dirty = if record.rulecheck.dirty { " with changes not committed" } else { "" };
        let _ = writeln!(
            out,
            "Recorded {} ({} pairs) on {}, {} cores, load average {:.2} before and {:.2} after, \
             rulecheck {commit}{dirty}: `docs/speed/records/{file}`.",
            record.date.split('T').next().unwrap_or(&record.date),
            record.pairs,
            record.machine.cpu,
            record.machine.cores,
            record.machine.load_before[0],
            record.machine.load_after[0],
        );
    }
    for about in &abouts {
        let _ = writeln!(out, "{about}.");
    }
    if !missing.is_empty() {
        let names: Vec<String> = missing
            .iter()
            .map(|r| {
                let b = rows.program_name(&r.b);
                let b = if b == RULECHECK { code(&shown(&r.b)) } else { b };
                format!("{} against {b}", code(&shown(&r.a)))
            })
            .collect();
        let _ = writeln!(out, "Not recorded yet: {}.", names.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_have_their_thousands_separated() {
        assert_eq!(thousands(85_242_128), "85,242,128");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
    }

    fn side(program: &str, template: &str, count: u64, cpu: f64) -> crate::record::Side {
        crate::record::Side {
            program: program.into(),
            about: None,
            template: template.into(),
            command: Vec::new(),
            count: Some(count),
            cpu: vec![cpu],
            wall: vec![cpu],
            median_cpu: cpu,
            median_wall: cpu,
        }
    }

    /// A record of one run, from `date`, holding `rows`.
    fn record(date: &str, rows: Vec<Row>) -> Record {
        Record {
            date: date.into(),
            rulecheck: crate::record::Build {
                commit: "0123456789".into(),
                dirty: false,
                version: String::new(),
                binary: String::new(),
            },
            machine: crate::record::Machine {
                cpu: "a CPU".into(),
                cores: 2,
                load_before: [1.0; 3],
                load_after: [1.5; 3],
            },
            pairs: 1,
            rows,
            skipped: Vec::new(),
            failed: Vec::new(),
        }
    }

    #[test]
    fn a_table_shows_the_newest_measurement_of_each_row_and_names_the_rest() {
        let rows: Rows = serde_saphyr::from_str(
            "natives: {dh: {name: DarkHorse}}\n\
             tables:\n\
             - id: t\n  rows:\n\
             \x20 - {id: e11, a: '{rulecheck} perft english 11', b: '{dh} 11'}\n\
             \x20 - {id: e12, a: '{rulecheck} perft english 12', b: '{dh} 12'}\n",
        )
        .unwrap();
        let record = |date: &str, cpu: f64| {
            record(
                date,
                vec![Row {
                    id: "e11".into(),
                    table: "t".into(),
                    measure: Measure::Cpu,
                    a: side("rulecheck", "{rulecheck} perft english 11", 85_242_128, cpu),
                    b: side("DarkHorse", "{dh} 11", 85_242_128, 1.0),
                    tabled: Some(85_242_128),
                    ratio: cpu,
                }],
            )
        };
        let records = vec![
            (PathBuf::from("old.json"), record("2026-01-01T00:00:00Z", 0.9)),
            (PathBuf::from("new.json"), record("2026-02-01T00:00:00Z", 0.5)),
        ];
        let text = &fragments(&rows, &records)[0].1;
        assert!(
            text.contains("| `perft english 11` | DarkHorse | 85,242,128 | 0.500 s | 1.000 s | 0.50 |  |"),
            "{text}"
        );
        assert!(!text.contains("0.900 s"), "{text}");
        assert!(text.contains("`docs/speed/records/new.json`"), "{text}");
        assert!(text.contains("Not recorded yet: `perft english 12` against DarkHorse."), "{text}");
    }

    /// Per leaf, each side's median CPU time is over its own count, in
    /// nanoseconds.
    #[test]
    fn a_table_per_leaf_shows_nanoseconds_a_leaf() {
        let rows: Rows = serde_saphyr::from_str(
            "tables:\n\
             - id: t\n  measure: cpu-per-leaf\n  rows:\n\
             \x20 - {id: k, a: '{rulecheck} perft konane 12 -o size=6', b: '{rulecheck} perft konane 11', \
             counts_differ: two boards}\n",
        )
        .unwrap();
        let mut record = record("2026-01-01T00:00:00Z", Vec::new());
        record.rows.push(Row {
            id: "k".into(),
            table: "t".into(),
            measure: Measure::CpuPerLeaf,
            a: side("rulecheck", "{rulecheck} perft konane 12 -o size=6", 400_000_000, 2.0),
            b: side("rulecheck", "{rulecheck} perft konane 11", 500_000_000, 1.0),
            tabled: None,
            ratio: 2.5,
        });
        let text = &fragments(&rows, &[(PathBuf::from("r.json"), record.clone())])[0].1;
        assert!(text.contains("| 400,000,000 / 500,000,000 | 5.00 ns | 2.00 ns | 2.50 |  |"), "{text}");
        assert!(text.contains("over the leaves it counted"), "{text}");
        // From four pairs, the middle of the pairs' ratios, per leaf: here
        // 2.5 times 0.8, 1, 1.2 and 1.6, one pair left out at each end.
        let row = &mut record.rows[0];
        row.a.cpu = vec![1.6, 2.0, 2.4, 3.2];
        row.b.cpu = vec![1.0; 4];
        let text = &fragments(&rows, &[(PathBuf::from("r.json"), record)])[0].1;
        assert!(text.contains("| 2.50 | 2.50-3.00 |"), "{text}");
    }

    #[test]
    fn commands_are_shown_without_the_binary() {
        assert_eq!(shown("{rulecheck} perft english 11"), "perft english 11");
        assert_eq!(shown("{rulecheck} run --engine '{rulecheck} serve'"), "run --engine 'rulecheck serve'");
    }
}
