//! `rulecheck fuzz`: random games played on an engine and the reference side
//! by side, from the start or from given positions; a disagreement comes
//! back shrunk and written as a scenario file.

use std::path::PathBuf;

use super::input::{catalog, catalog_files, parse_options, plays, spec_dir, started, stop_on_signals};
use super::output::{bad, check_outputs, note, out, write_file, Fail};
use super::Limits;
use rulecheck::engine::{self, process::EngineSpec};
use rulecheck::report;
use rulecheck::runner;
use rulecheck_game::Options;

/// How many near misses of `--expected-failures` are said, and how many
/// scenario ids of a list are shown.
const NEAR_SHOWN: usize = 3;

/// Longest fuzzed game, in moves: every ply replays the game from the start.
const MAX_FUZZ_PLIES: u64 = 10_000;

/// `fuzz --counters`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FuzzCounters {
    All,
    Common,
}

/// The arguments of `rulecheck fuzz`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant to play.
    variant: String,
    /// The engine: its command line, run directly (no shell).
    #[arg(long, value_name = "CMD ARGS")]
    engine: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of the random games (the same seed plays the same games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Longest game, in moves (0 compares the start position only).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=MAX_FUZZ_PLIES))]
    plies: u64,
    /// Write the scenario file here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The spec whose scenarios say which clauses the disagreement points to [default: ./spec, else the built-in spec].
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
    /// Start the games from this position (FEN or diagram; repeatable) instead of the variant's start.
    #[arg(long, value_name = "POSITION")]
    from: Vec<String>,
    /// Start the games from the positions the scenarios of these files or directories reach (repeatable).
    #[arg(long, value_name = "FILE")]
    from_file: Vec<PathBuf>,
    /// Which counters of a position to compare: all, or common (only those the engine writes, for an
    /// engine that keeps fewer; the ones left out are reported).
    #[arg(long, value_enum, default_value_t = FuzzCounters::All)]
    counters: FuzzCounters,
    /// A deviation the engine is known to play (as `rulecheck mutants` names it; repeatable): a
    /// difference it gives is reported as known, and the game goes on.
    #[arg(long, value_name = "DEVIATION")]
    known: Vec<String>,
    /// The engine's expected-failures list (as `run --bless` writes it): every deviation that fails
    /// listed scenarios of the variant in the spec, and no other, is taken as known (see --known).
    #[arg(long, value_name = "FILE")]
    expected_failures: Option<PathBuf>,
    #[command(flatten)]
    limits: Limits,
}

pub(super) fn fuzz(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args {
        variant,
        engine,
        games,
        seed,
        plies,
        out: out_file,
        spec,
        from,
        from_file,
        counters,
        mut known,
        expected_failures,
        limits,
    } = args;
    let given = parse_options(raw_options)?;
    let spec_dir = spec_dir(spec)?;
    let plies = usize::try_from(plies).map_err(|_| bad(format!("--plies {plies} is too large")))?;
    let mut inputs = catalog_files();
    // The run's catalog: it loads --from-file's scenarios and names the
    // readings the reference takes from the engine's declaration.
    let cat = catalog()?;
    let mut files = Vec::new();
    if !from_file.is_empty() {
        let (loaded, errors) = runner::load_all(&from_file, &cat, &Options::new());
        if let Some(e) = errors.first() {
            return Err(bad(format!("--from-file: {e}")));
        }
        inputs.extend(loaded.iter().map(|f| f.path.clone()));
        files = loaded;
    }
    let from_list = match &expected_failures {
        Some(path) => {
            inputs.push(path.clone());
            Some(known_from_list(path, &spec_dir, &cat, &variant)?)
        }
        None => None,
    };
    // The scenario is written where no input of the run is, and somewhere
    // it can be: found out before the games, not after them.
    if let Some(path) = &out_file {
        check_outputs(&[("--out", path.as_path())], &inputs, "this run")?;
    }
    let engine_spec = limits.apply(EngineSpec::from_command_line(&engine).map_err(bad)?);
    stop_on_signals()?;
    let mut e = started(engine_spec, &engine)?;
    // The reference plays each rule the engine declares one value of as the
    // engine does, unless `-o` sets it.
    let (options, taken) = rulecheck_fuzz::under_declared(&mut e, &variant, &given, &cat);
    plays(&mut e, &engine, &variant, &options)?;
    if !taken.is_empty() {
        let said: Vec<String> = taken
            .iter()
            .map(|t| match &t.reads {
                Some(clause) => format!("{}={} (a reading of {clause})", t.name, t.value),
                None => format!("{}={}", t.name, t.value),
            })
            .collect();
        note(&format!("the reference plays what the engine declares alone: {}", said.join(", ")));
    }
    if let Some(list) = from_list {
        take_known(&variant, &options, list, &mut known)?;
    }
    let reference = rulecheck::registry::configure(&variant, &options).map_err(|e| bad(e.to_string()))?;
    let mut starts = Vec::new();
    for p in &from {
        starts.push(reference.normalize_position(p).map_err(|e| bad(format!("--from: {e}")))?);
    }
    if !from_file.is_empty() {
        let (found, other) = rulecheck_fuzz::starts_from(&files, &variant, &options).map_err(bad)?;
        if found.is_empty() {
            return Err(bad(format!(
                "--from-file: no scenario of these files is a {variant} game in progress under these house rules ({} of other variants or house rules)",
                report::count(other, "scenario")
            )));
        }
        note(&format!(
            "fuzzing from {} reached by the scenarios{}",
            report::count(found.len(), "position"),
            if other > 0 {
                format!(" ({} of other variants or house rules left out)", report::count(other, "scenario"))
            } else {
                String::new()
            }
        ));
        for p in found {
            if !starts.contains(&p) {
                starts.push(p);
            }
        }
    }
    let bar = crate::progress::bar(u64::from(games), "games", crate::progress::wanted());
    let plan = rulecheck_fuzz::Plan {
        variant: &variant,
        options: &options,
        starts,
        games,
        seed,
        plies,
        counters: match counters {
            FuzzCounters::All => rulecheck_fuzz::Counters::All,
            FuzzCounters::Common => rulecheck_fuzz::Counters::Common,
        },
        known,
    };
    let found = rulecheck_fuzz::fuzz(&mut e, &plan, &|| bar.inc(1));
    bar.finish_and_clear();
    let found = found.map_err(bad)?;
    for n in &found.notes {
        note(&format!("note: {n}"));
    }
    for (name, k) in &found.known {
        let after =
            if k.moves.is_empty() { "at the start".to_string() } else { format!("after {}", k.moves.join(" ")) };
        let first = k.detail.lines().next().unwrap_or_default();
        note(&format!("known difference ({name}), first seen {after} from {}: {first}", k.start));
    }
    match found.outcome {
        rulecheck_fuzz::Fuzzed::Agree => {
            outln!("{games} games of up to {plies} moves (seed {seed}): the engine and the reference agree")?;
            Ok(0)
        }
        rulecheck_fuzz::Fuzzed::Stopped { signal, agreed } => {
            note(&format!(
                "rulecheck: fuzzing stopped by {signal} after {agreed} of {games} games agreed: no disagreement found before it; the engine was ended"
            ));
            Ok(report::EXIT_STOPPED as u8)
        }
        rulecheck_fuzz::Fuzzed::EngineFailed { start, moves, error } => {
            let from = if start == reference.start_position() { String::new() } else { format!(" from {start}") };
            let after = if moves.is_empty() {
                format!("at the start position{from}")
            } else {
                format!("after {}{from}", moves.join(" "))
            };
            note(&format!("error: engine '{engine}' failed {after}: {error}"));
            if let Some(text) = engine::Engine::stderr(&mut e) {
                note(&format!("engine stderr:\n{}", text.trim_end()));
            }
            note("fuzzing stopped at the engine's first failure; no scenario was written");
            Ok(3)
        }
        rulecheck_fuzz::Fuzzed::Disagree(found) => {
            note(&format!("disagreement after shrinking to {} moves: {}", found.moves.len(), found.moves.join(" ")));
            if found.play.len() < found.moves.len() {
                note("the scenario starts one ply before it, from the position there");
            }
            note(&found.detail);
            let yaml = rulecheck_fuzz::scenario(&variant, &options, &found, Some(&spec_dir)).map_err(bad)?;
            match out_file {
                Some(path) => write_file(&path, &yaml)?,
                None => out(&yaml)?,
            }
            Ok(1)
        }
    }
}

/// The deviations `--expected-failures` stands for, judged over the
/// variant's scenarios in the spec.
fn known_from_list(
    path: &std::path::Path,
    spec: &rulecheck::source::Source,
    cat: &rulecheck::catalog::Catalog,
    variant: &str,
) -> Result<rulecheck_fuzz::FromList, Fail> {
    let list = report::ExpectedFailures::load(path).map_err(|e| bad(format!("--expected-failures: {e}")))?;
    let (files, errors) = spec.load(cat, &Options::new());
    if let Some(e) = errors.first() {
        return Err(bad(format!("--expected-failures needs the spec: {e}")));
    }
    rulecheck_fuzz::known_from(variant, &files, &list).map_err(bad)
}

/// The deviations an expected-failures list stands for, added to
/// `known` and said on standard error, with the listed scenarios none of
/// them explains.
fn take_known(
    variant: &str,
    options: &Options,
    list: rulecheck_fuzz::FromList,
    known: &mut Vec<String>,
) -> Result<(), Fail> {
    if list.listed == 0 {
        note(&format!(
            "--expected-failures: the list names no {variant} scenario of the spec; no deviation is taken as known"
        ));
        return Ok(());
    }
    let v = rulecheck::registry::variant(variant).map_err(|e| bad(e.to_string()))?;
    let complete = rulecheck::registry::resolve_options(v, options).map_err(|e| bad(e.to_string()))?;
    let fuzzable: Vec<String> = rulecheck::mutation::deviants(variant, &complete).into_iter().map(|(s, _)| s).collect();
    for (name, failed) in list.known {
        if !fuzzable.contains(&name) {
            note(&format!("--expected-failures: {name} explains listed scenarios but is no deviation of {variant} under these house rules; not taken"));
            continue;
        }
        note(&format!(
            "--expected-failures: {name} taken as known: it fails {} listed and nothing else ({})",
            report::count(failed.len(), "scenario"),
            some(&failed)
        ));
        if !known.contains(&name) {
            known.push(name);
        }
    }
    if list.unexplained.is_empty() {
        return Ok(());
    }
    note(&format!(
        "--expected-failures: {} of {} listed {variant} scenarios explained by no deviation (their differences still stop fuzzing): {}",
        list.unexplained.len(),
        list.listed,
        some(&list.unexplained)
    ));
    // The nearest misses, where the list may be of a run over part of the
    // spec, or old: the deviations that fail the fewest scenarios beside
    // the list's.
    let mut near = list.near;
    near.sort_by_key(|n| (n.beside.len(), std::cmp::Reverse(n.listed)));
    for n in near.iter().take(NEAR_SHOWN) {
        note(&format!(
            "--expected-failures: {} fails {} listed, but also {} the list does not expect, so it is not taken ({})",
            n.deviation,
            report::count(n.listed, "scenario"),
            n.beside.len(),
            some(&n.beside)
        ));
    }
    Ok(())
}

/// The first few of a list of scenario ids, and how many more.
fn some(ids: &[String]) -> String {
    let shown: Vec<&str> = ids.iter().take(NEAR_SHOWN).map(String::as_str).collect();
    match ids.len() - shown.len() {
        0 => shown.join("; "),
        more => format!("{}; and {more} more", shown.join("; ")),
    }
}
