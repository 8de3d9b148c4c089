//! `rulecheck moves`: the legal moves of a position, one a line or as JSON.

use super::input::game_and_position;
use super::output::{bad, note, out, Fail};

pub(super) fn moves(
    raw: &[String],
    notation: Option<&str>,
    variant: &str,
    pos: Option<&str>,
    json: bool,
) -> Result<u8, Fail> {
    let (game, p) = game_and_position(variant, raw, notation, pos)?;
    let mut r = game.replay(&p, &[]).map_err(|e| bad(e.to_string()))?;
    r.moves.sort_by_key(|m| rulecheck_text::natural(m));
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
