//! `rulecheck moves`: the legal moves of a position, one a line or as JSON.

use super::input::{configure, position};
use super::output::{bad, note, out, Fail};

/// The arguments of `rulecheck moves`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant (`rulecheck variants` lists them).
    variant: String,
    /// A position (FEN); the start position if omitted.
    position: Option<String>,
    /// Print JSON instead of one move per line.
    #[arg(long)]
    json: bool,
}

pub(super) fn moves(raw_options: &[String], notation: Option<&str>, args: Args) -> Result<u8, Fail> {
    let Args { variant, position: pos, json } = args;
    let game = configure(&variant, raw_options, notation)?;
    let p = position(game.as_ref(), pos.as_deref())?;
    let mut r = game.replay(&p, &[]).map_err(|e| bad(e.to_string()))?;
    r.moves.sort_by_key(|m| crate::oracle::natural(m));
    if json {
        let v = serde_json::json!({
            "variant": variant, "position": r.position, "to_move": r.to_move,
            "result": r.result, "moves": r.moves,
        });
        outln!("{v}")?;
    } else {
        let text: String = r.moves.iter().map(|m| format!("{m}\n")).collect();
        out(&text)?;
        if r.result != "ongoing" {
            note(&r.result);
        }
    }
    Ok(0)
}
