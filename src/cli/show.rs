//! `rulecheck show`: a position drawn as a diagram and written as FEN, or
//! drawn as an SVG picture.

use super::input::{configure, position};
use super::output::{bad, out, Fail};

/// The arguments of `rulecheck show`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant (`rulecheck variants` lists them).
    variant: String,
    /// A position (FEN or diagram); the start position if omitted.
    position: Option<String>,
    /// Print the position as an SVG picture instead.
    #[arg(long)]
    svg: bool,
}

pub(super) fn show(raw_options: &[String], notation: Option<&str>, args: Args) -> Result<u8, Fail> {
    let Args { variant, position: pos, svg } = args;
    let game = configure(&variant, raw_options, notation)?;
    let p = position(game.as_ref(), pos.as_deref())?;
    if svg {
        out(&game.svg(&p).map_err(|e| bad(e.message))?)?;
        return Ok(0);
    }
    let d = game.diagram(&p).map_err(|e| bad(e.message))?;
    out(&format!("{d}{p}\n"))?;
    Ok(0)
}
