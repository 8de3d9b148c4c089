//! `rulecheck show`: a position drawn as a diagram and written as FEN, or
//! drawn as an SVG picture.

use super::input::game_and_position;
use super::output::{bad, out, Fail};

pub(super) fn show(
    raw: &[String],
    notation: Option<&str>,
    variant: &str,
    svg: bool,
    pos: Option<&str>,
) -> Result<u8, Fail> {
    let (game, p) = game_and_position(variant, raw, notation, pos)?;
    if svg {
        out(&game.svg(&p).map_err(|e| bad(e.message))?)?;
        return Ok(0);
    }
    let d = game.diagram(&p).map_err(|e| bad(e.message))?;
    out(&format!("{d}{p}\n"))?;
    Ok(0)
}
