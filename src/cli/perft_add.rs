//! `rulecheck perft-add`: the parts of a perft counted on several machines
//! read back and added up, once the library has checked that they are one
//! perft and all there: the parts of `perft --shard K/N --json`, or, with
//! `--plan`, the records `perft-work` wrote of a plan's units
//! (`rulecheck::perft::records`), with the root's divide table and a
//! certificate.

use std::path::{Path, PathBuf};

use super::output::{bad, check_outputs, note, out, write_file, Fail};
use super::perft_plan::read_plan;
use rulecheck::perft::records;

/// The arguments of `rulecheck perft-add`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The parts' JSON files (`-` for standard input, one part a line); with --plan, the records files of `perft-work` or directories of them (their *.jsonl).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The plan the records are of (`perft-plan`): every unit must be recorded once, and the root's divide table is printed.
    #[arg(long, value_name = "PLAN")]
    plan: Option<PathBuf>,
    /// With --plan: write the certificate (the plan's hash, a hash over the units' records, the total) to this file.
    #[arg(long, value_name = "FILE", requires = "plan")]
    certificate: Option<PathBuf>,
}

/// Most bytes of one parts or records file.
const MAX_BYTES: u64 = 1 << 30;

/// The text of a file, or of standard input for `-`.
fn text_of(f: &Path) -> Result<String, Fail> {
    if f.as_os_str() == "-" {
        let mut t = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut t)
            .map_err(|e| bad(format!("standard input: {e}")))?;
        return Ok(t);
    }
    rulecheck_files::read_text(f, MAX_BYTES).map_err(bad)
}

/// The parts' counts added up.
pub(super) fn perft_add(args: Args) -> Result<u8, Fail> {
    if let Some(plan) = &args.plan {
        return add_records(plan, &args.files, args.certificate.as_deref());
    }
    let mut parts = Vec::new();
    for f in &args.files {
        let text = text_of(f)?;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let part: rulecheck::perft::Shard = serde_json::from_str(line).map_err(|e| {
                let hint =
                    if line.contains("\"unit\"") { " (records of a plan are added with --plan PLAN)" } else { "" };
                bad(format!("{}:{}: not a part written by `perft --shard K/N --json`{hint}: {e}", f.display(), i + 1))
            })?;
            parts.push(part);
        }
    }
    let total = rulecheck::perft::add(&parts).map_err(bad)?;
    outln!("{total}")?;
    Ok(0)
}

/// The records files given: files, and the *.jsonl of directories, in
/// name order.
fn records_files(given: &[PathBuf]) -> Result<Vec<PathBuf>, Fail> {
    let mut files = Vec::new();
    for g in given {
        if g.is_dir() {
            let entries = std::fs::read_dir(g).map_err(|e| bad(format!("{}: {e}", g.display())))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(bad(format!("{}: no records files (*.jsonl) in this directory", g.display())));
            }
            files.extend(found);
        } else {
            files.push(g.clone());
        }
    }
    Ok(files)
}

/// The records read from files and directories.
pub(super) fn read_records(given: &[PathBuf]) -> Result<Vec<records::Read>, Fail> {
    records_files(given)?.iter().map(|f| Ok(records::read(&f.display().to_string(), &text_of(f)?))).collect()
}

/// A plan's records added up: the divide table and total on standard
/// output, each unit missing, doubled or foreign named (exit 1), the
/// certificate written when every unit is there once.
fn add_records(plan_file: &Path, files: &[PathBuf], certificate: Option<&Path>) -> Result<u8, Fail> {
    if let Some(c) = certificate {
        let mut inputs = records_files(files)?;
        inputs.push(plan_file.to_path_buf());
        check_outputs(&[("--certificate", c)], &inputs, "this sum")?;
    }
    let plan = read_plan(plan_file)?;
    let sum = records::add(&plan, read_records(files)?);
    for (at, why) in &sum.unreadable {
        note(&format!("{at}: {why}"));
    }
    for (at, why) in &sum.foreign {
        note(&format!("{at}: foreign record: {why}"));
    }
    for (at, why) in &sum.corrupted {
        note(&format!("{at}: corrupted record: {why}"));
    }
    for (unit, places) in &sum.doubled {
        let places: Vec<String> = places.iter().map(ToString::to_string).collect();
        note(&format!("unit {unit} is recorded {} times: {}", places.len(), places.join(", ")));
    }
    if !sum.missing.is_empty() {
        let ids: Vec<String> = sum.missing.iter().map(ToString::to_string).collect();
        note(&format!("units missing ({} of {}): {}", ids.len(), plan.units.len(), ids.join(", ")));
    }
    let Some(cert) = &sum.certificate else {
        note(&format!(
            "the records are not the plan's whole work (plan sha256 {}): no total and no certificate",
            plan.sha256
        ));
        return Ok(1);
    };
    let mut text: String = sum.divide.iter().map(|(m, n)| format!("{m}: {n}\n")).collect();
    if !sum.divide.is_empty() {
        text.push('\n');
    }
    text.push_str(&format!("{}\n", sum.total));
    out(&text)?;
    note(&format!("certificate: plan sha256 {}, records sha256 {}, {} units", cert.plan, cert.records, cert.units));
    if let Some(c) = certificate {
        let json = serde_json::to_string_pretty(cert).map_err(|e| bad(format!("the certificate: {e}")))? + "\n";
        write_file(c, &json)?;
    }
    Ok(0)
}
