//! The games fuzzing plays: random move sequences picked on the reference
//! (each choice taken modulo the legal moves), and the positions of a
//! spec's scenarios to start them from. Apart from the comparison because
//! these only ask the reference, never the engine.

use rulecheck_game::{Action, Game, Options};

/// The moves a list of choices picks (each taken modulo the number of legal
/// moves), stopping where the game ends. Each move is played from the
/// position before it, so a game costs as many replays as it has moves.
pub(super) fn game_of(reference: &dyn Game, start: &str, choices: &[u16]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    let mut at = match reference.replay(start, &[]) {
        Ok(r) => r,
        Err(_) => return moves,
    };
    for &c in choices {
        if at.moves.is_empty() {
            break;
        }
        let m = at.moves[usize::from(c) % at.moves.len()].clone();
        moves.push(m.clone());
        // The game's history decides some results (a repetition): the whole
        // game is replayed only where that could end it.
        match reference.replay(&at.position, &[Action::Move(m)]) {
            Ok(r) => at = r,
            Err(_) => break,
        }
    }
    // The whole game once more, for the results only its history gives.
    while !moves.is_empty() {
        let actions: Vec<Action> = moves.iter().cloned().map(Action::Move).collect();
        match reference.replay(start, &actions) {
            Ok(_) => break,
            Err(_) => {
                moves.pop();
            }
        }
    }
    moves
}

/// The positions the scenarios of `files` reach (their position, then their
/// `play`) for fuzzing from, one each, under `variant` with `options` (as
/// the reference has them, duplicates left out, finished games too), and
/// how many scenarios were of another variant or other house rules.
pub fn starts_from(
    files: &[rulecheck::scenario::ScenarioFile],
    variant: &str,
    options: &Options,
) -> Result<(Vec<String>, usize), String> {
    let complete = rulecheck::registry::resolve_options(
        rulecheck::registry::variant(variant).map_err(|e| e.to_string())?,
        options,
    )
    .map_err(|e| e.to_string())?;
    let reference = rulecheck::registry::configure(variant, options).map_err(|e| e.to_string())?;
    let mut starts: Vec<String> = Vec::new();
    let mut other = 0;
    for f in files {
        for s in &f.scenarios {
            if s.variant != variant || s.options != complete {
                other += 1;
                continue;
            }
            let from = s.position.clone().unwrap_or_else(|| reference.start_position());
            let play: Vec<Action> = s.play.iter().map(|a| a.value.clone()).collect();
            // A scenario whose play is refused tests the refusal: its start
            // position is still a position to fuzz from.
            let reached = reference.replay(&from, &play).or_else(|_| reference.replay(&from, &[]));
            if let Ok(r) = reached {
                if !r.moves.is_empty() && !starts.contains(&r.position) {
                    starts.push(r.position);
                }
            }
        }
    }
    Ok((starts, other))
}
