//! `rulecheck perft-plan`: a perft planned for a batch system, written as
//! a plan file that `perft-work` counts a share of by index and `perft-add
//! --plan` adds up (`rulecheck::perft::plan`).

use std::path::{Path, PathBuf};

use super::input::{configure, parse_options, position};
use super::output::{bad, note, out, write_file, Fail};
use rulecheck_game as game;

/// The arguments of `rulecheck perft-plan`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant (`rulecheck variants` lists them).
    variant: String,
    /// [POSITION] DEPTH: a position (FEN; the start position if omitted) and the depth.
    #[arg(num_args = 1..=2, required = true, value_name = "ARGS")]
    args: Vec<String>,
    /// Cut the tree PLIES below the root: the unique positions there, each with the lines reaching it, are the work.
    #[arg(long, value_name = "PLIES")]
    frontier: u32,
    /// Group the frontier's positions into N units, the pieces of work recorded one by one.
    #[arg(long, value_name = "N")]
    units: usize,
    /// Count every path of a capture sequence, not each distinct move once (the multiplicities count routes).
    #[arg(long)]
    paths: bool,
    /// Write the plan to this file instead of standard output.
    #[arg(short = 'O', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

pub(super) fn perft_plan(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args { variant, args, frontier, units, paths, output } = args;
    // Positions are kept in the variant's own notation: the workers read
    // them whatever notation they are started with.
    let g = configure(&variant, raw_options, None)?;
    let (pos, depth) = match args.as_slice() {
        [d] => (None, d),
        [p, d] => (Some(p.as_str()), d),
        _ => return Err(bad("perft-plan takes [POSITION] DEPTH")),
    };
    let depth = game::perft_depth(depth).map_err(bad)?;
    let p = position(g.as_ref(), pos)?;
    let v = rulecheck::registry::variant(&variant).map_err(|e| bad(e.to_string()))?;
    let options =
        rulecheck::registry::resolve_options(v, &parse_options(raw_options)?).map_err(|e| bad(e.to_string()))?;
    let asked = rulecheck::perft::plan::Asked {
        variant: v.info().id.to_string(),
        options,
        position: p,
        depth,
        paths,
        frontier,
        units,
    };
    let plan = rulecheck::perft::plan::plan(g.as_ref(), &asked).map_err(|e| bad(e.message))?;
    let text = plan.to_text();
    match &output {
        Some(f) => write_file(f, &text)?,
        None => out(&text)?,
    }
    note(&format!(
        "plan sha256 {}: {} lines {frontier} plies below the root reach {} unique positions, in {} units{}",
        plan.sha256,
        plan.lines,
        plan.leaves(),
        plan.units.len(),
        output
            .as_deref()
            .map(|f| format!("; count them with `rulecheck perft-work {} --index I`", f.display()))
            .unwrap_or_default()
    ));
    Ok(0)
}

/// Most bytes of a plan file: a frontier of millions of positions.
const MAX_PLAN_BYTES: u64 = 1 << 30;

/// A plan file read and checked (its hash against its content); any fault
/// is bad input, naming the file.
pub(super) fn read_plan(path: &Path) -> Result<rulecheck::perft::plan::Plan, Fail> {
    let text = rulecheck_files::read_text(path, MAX_PLAN_BYTES).map_err(bad)?;
    rulecheck::perft::plan::Plan::read(&text).map_err(|e| bad(format!("{}: {e}", path.display())))
}

/// The variant a plan is of, under the plan's house rules.
pub(super) fn plan_game(plan: &rulecheck::perft::plan::Plan) -> Result<Box<dyn game::Game>, Fail> {
    rulecheck::registry::configure(&plan.variant, &plan.options)
        .map_err(|e| bad(format!("the plan's variant {}: {e}", plan.variant)))
}
