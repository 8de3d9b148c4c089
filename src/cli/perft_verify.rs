//! `rulecheck perft-verify PLAN RECORDS --sample K`: a plan's records
//! spot-checked, K units drawn at random and counted again with and
//! without a transposition table (`rulecheck::perft::verify`).

use std::path::PathBuf;

use super::output::{bad, note, out, Fail};
use super::perft_add::read_records;
use super::perft_plan::{plan_game, read_plan};

/// The table's size when --hash is not given.
const DEFAULT_HASH: usize = 64 << 20;

/// The arguments of `rulecheck perft-verify`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The plan file (`perft-plan --output`).
    plan: PathBuf,
    /// The records files of `perft-work`, or directories of them (their *.jsonl).
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// How many units to count again, drawn at random.
    #[arg(long, value_name = "K")]
    sample: usize,
    /// The seed of the draw, to draw the same units again [default: from the clock, printed].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The transposition table of the second recount [default: 64M].
    #[arg(long, value_name = "SIZE", value_parser = rulecheck_game::table::parse_size)]
    hash: Option<usize>,
}

pub(super) fn perft_verify(args: Args) -> Result<u8, Fail> {
    let plan = read_plan(&args.plan)?;
    let game = plan_game(&plan)?;
    let read = read_records(&args.records)?;
    let mut all = Vec::new();
    for f in read {
        for (at, why) in &f.unreadable {
            note(&format!("{at}: {why} (left out of the draw)"));
        }
        for (at, r) in f.records {
            match r.foreign_to(&plan) {
                Some(why) => note(&format!("{at}: foreign record: unit {}: {why} (left out of the draw)", r.unit)),
                None => all.push((at, r)),
            }
        }
    }
    if all.is_empty() {
        return Err(bad("no record of this plan to verify"));
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let hash = args.hash.unwrap_or(DEFAULT_HASH);
    let checked = rulecheck::perft::verify::verify(game.as_ref(), &plan, &all, args.sample, seed, hash).map_err(bad)?;
    let mut text = String::new();
    for (unit, at) in &checked.drawn {
        match checked.differ.iter().find(|d| d.at == *at) {
            None => text.push_str(&format!("unit {unit}: ok ({at})\n")),
            Some(d) => {
                text.push_str(&format!("unit {unit}: DIFFERS ({at})\n"));
                for l in d.leaves(&plan) {
                    text.push_str(&format!("  {l}\n"));
                }
            }
        }
    }
    out(&text)?;
    note(&format!(
        "{} of {} records drawn (--seed {seed}), each counted again by the plain walk and with a table: {} differ",
        checked.drawn.len(),
        all.len(),
        checked.differ.len()
    ));
    Ok(u8::from(!checked.differ.is_empty()))
}
