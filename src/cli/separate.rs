//! `rulecheck separate`: a scenario that tells two rule sets of a variant
//! apart (a reading against another, or the rules against one single-rule
//! deviation), found in process from the spec's positions and random
//! games, shrunk, and printed or written for the spec.

use std::path::PathBuf;

use super::input::{catalog, catalog_files, parse_options, spec_dir};
use super::output::{bad, check_outputs, note, out, write_file, Fail};
use rulecheck_fuzz::separate::{separate as search, Against, Plan};
use rulecheck_game::Options;

/// Longest random game, in moves: each ply replays the game from its start.
const MAX_PLIES: u64 = 2_000;

/// The arguments of `rulecheck separate`. The first rule set is the
/// variant under `-o`; the scenario holds under it.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant.
    variant: String,
    /// The second rule set: the first's house rules with this value instead (NAME=VALUE,
    /// repeatable) [default: the defaults of the rules -o sets].
    #[arg(long, value_name = "NAME=VALUE", conflicts_with = "deviate")]
    against: Vec<String>,
    /// The second rule set: the first's with this single-rule deviation (as `rulecheck mutants` names it).
    #[arg(long, value_name = "DEVIATION")]
    deviate: Option<String>,
    /// Seed of the random games (the same seed finds the same scenario).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random games played after the spec's positions.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Longest random game, in moves.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_PLIES))]
    plies: u64,
    /// The spec whose positions are searched first, and whose scenarios say which clauses a deviation's
    /// difference points to [default: ./spec, if there is one].
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
    /// Write the scenario file here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

pub(super) fn separate(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args { variant, against, deviate, seed, games, plies, spec, out: out_file } = args;
    let options = parse_options(raw_options)?;
    let against = match deviate {
        Some(d) => Against::Deviation(d),
        None => Against::Options(parse_options(&against).map_err(|_| bad("--against must be NAME=VALUE"))?),
    };
    let plies = usize::try_from(plies).map_err(|_| bad(format!("--plies {plies} is too large")))?;
    let source = spec_dir(spec)?;
    super::input::said(&source);
    let cat = catalog()?;
    let mut inputs = catalog_files();
    let (files, errors) = source.load(&cat, &Options::new());
    if let Some(e) = errors.first() {
        return Err(bad(format!("the spec: {e}")));
    }
    inputs.extend(files.iter().map(|f| f.path.clone()));
    if let Some(path) = &out_file {
        check_outputs(&[("--out", path.as_path())], &inputs, "this run")?;
    }
    let plan = Plan {
        variant: &variant,
        options: &options,
        against,
        files: &files,
        spec: Some(&source),
        catalog: &cat,
        games,
        plies,
        seed,
    };
    match search(&plan).map_err(bad)? {
        None => {
            note(&format!(
                "no difference between {variant} under {} and the other rule set found from the spec's positions and {games} random games of up to {plies} moves (seed {seed})",
                if options.is_empty() { "its default rules".to_string() } else { "these house rules".to_string() }
            ));
            Ok(1)
        }
        Some(found) => {
            note(&format!("{} and {} part {}: {}", found.first, found.second, found.how, found.detail));
            let s = found.shrunk;
            let count = rulecheck::report::count;
            note(&format!(
                "shrunk from {} and {} to {} and {}",
                count(s.pieces_before, "piece"),
                count(s.plies_before, "move"),
                count(s.pieces_after, "piece"),
                count(s.plies_after, "move")
            ));
            match out_file {
                Some(path) => write_file(&path, &found.yaml)?,
                None => out(&found.yaml)?,
            }
            Ok(0)
        }
    }
}
