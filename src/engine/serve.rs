//! `rulecheck serve`: the built-in rules behind the engine protocol, so that
//! the reference can stand in any harness and the protocol has a reference
//! implementation.

use std::io::{BufRead, Write};

use super::protocol::{RefusedMsg, Request, Response, SetupMsg, VariantMsg, VERSION};
use crate::game::{self, Action, Game, GameError};

/// Builds the game a request names; `Err` says why there is none.
pub type GameSource<'a> = &'a dyn Fn(&str, &game::Options) -> Result<Box<dyn Game>, String>;

/// The registry's own rules.
pub fn reference_games(variant: &str, options: &game::Options) -> Result<Box<dyn Game>, String> {
    game::configure(variant, options).map_err(|e| e.to_string())
}

fn actions(list: &[String]) -> Result<Vec<Action>, String> {
    list.iter()
        .map(|s| {
            crate::scenario::expect::parse_play(s).map(|st| st.action).map_err(|e| format!("'{s}': {}", e.message))
        })
        .collect()
}

fn refused(e: GameError) -> Result<RefusedMsg, String> {
    match e {
        GameError::Rejected(r) => Ok(RefusedMsg { index: r.index, reason: r.reason }),
        GameError::Notation(n) => Err(n.message),
    }
}

/// Answer one request. `fixed` house rules are the only values served of
/// those rules (in every variant that has them): the handshake declares just
/// them, and a request with another value is answered with an error, as an
/// engine that plays one house rule its own way would.
pub fn answer(request: &Request, name: &str, games: GameSource<'_>, fixed: &game::Options) -> Response {
    let id = request.id();
    let mut out = Response { id, ..Response::default() };
    let setup_game = |s: &SetupMsg| -> Result<(Box<dyn Game>, String), String> {
        for (k, v) in &s.options {
            if fixed.get(k).is_some_and(|f| f != v) {
                return Err(format!("this engine plays only {k}={}", fixed[k]));
            }
        }
        let g = games(&s.variant, &s.options)?;
        let position = match &s.position {
            Some(p) => g.normalize_position(p).map_err(|e| e.message)?,
            None => g.start_position(),
        };
        Ok((g, position))
    };
    let result: Result<(), String> = (|| {
        match request {
            Request::Hello { .. } => {
                out.name = Some(name.to_string());
                out.version = Some(env!("CARGO_PKG_VERSION").to_string());
                out.protocol = Some(VERSION);
                out.capabilities = Some(vec!["explain".into(), "perft".into()]);
                out.variants = Some(
                    game::variants()
                        .iter()
                        .map(|v| VariantMsg {
                            id: v.id().to_string(),
                            options: v
                                .options()
                                .iter()
                                .map(|o| {
                                    let values = match fixed.get(o.name) {
                                        Some(f) => vec![f.clone()],
                                        None => o.values.iter().map(|s| s.to_string()).collect(),
                                    };
                                    (o.name.to_string(), values)
                                })
                                .collect(),
                        })
                        .collect(),
                );
            }
            Request::Moves { setup, actions: list, .. } => {
                let (g, position) = setup_game(setup)?;
                match g.replay(&position, &actions(list)?) {
                    Ok(r) => out.moves = Some(r.moves),
                    Err(e) => out.refused = Some(refused(e)?),
                }
            }
            Request::Play { setup, actions: list, .. } => {
                let (g, position) = setup_game(setup)?;
                match g.replay(&position, &actions(list)?) {
                    Ok(r) => {
                        out.position = Some(r.position);
                        out.to_move = Some(r.to_move);
                        out.result = Some(r.result);
                    }
                    Err(e) => out.refused = Some(refused(e)?),
                }
            }
            Request::Explain { setup, actions: list, action, .. } => {
                let (g, position) = setup_game(setup)?;
                let one = actions(std::slice::from_ref(action))?.pop().ok_or("empty action")?;
                match g.explain(&position, &actions(list)?, &one) {
                    Ok(None) => out.accepted = Some(true),
                    Ok(Some(reason)) => {
                        out.accepted = Some(false);
                        out.reason = Some(reason);
                    }
                    Err(e) => out.refused = Some(refused(e)?),
                }
            }
            Request::Perft { setup, depth, .. } => {
                let (g, position) = setup_game(setup)?;
                out.nodes = Some(g.perft(&position, *depth, false).map_err(|e| e.message)?);
            }
            Request::Quit { .. } => {}
        }
        Ok(())
    })();
    if let Err(e) = result {
        out = Response { id, error: Some(e), ..Response::default() };
    }
    out
}

/// Serve requests from `input` until it ends or a `quit` arrives; `fixed`
/// as in [`answer`]. A request line that is not UTF-8 or not a request is
/// answered with an `error` (with its `id` where one can be read), and
/// serving goes on.
pub fn serve(
    mut input: impl BufRead,
    mut output: impl Write,
    name: &str,
    games: GameSource<'_>,
    fixed: &game::Options,
) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let (line, utf8) = match std::str::from_utf8(&bytes) {
            Ok(l) => (std::borrow::Cow::Borrowed(l), true),
            Err(_) => (String::from_utf8_lossy(&bytes), false),
        };
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        let parsed = if utf8 {
            serde_json::from_str::<Request>(line).map_err(|e| format!("bad request: {e}"))
        } else {
            Err("bad request: the line is not UTF-8".to_string())
        };
        let response = match parsed {
            Ok(req) => {
                let quit = matches!(req, Request::Quit { .. });
                let r = answer(&req, name, games, fixed);
                if quit {
                    writeln!(output, "{}", serde_json::to_string(&r).unwrap_or_default())?;
                    output.flush()?;
                    return Ok(());
                }
                r
            }
            Err(e) => {
                // Answer with the id if one can be read, so the client can
                // match the error to its request.
                let id = serde_json::from_str::<serde_json::Value>(line)
                    .ok()
                    .and_then(|v| v.get("id").and_then(|i| i.as_u64()))
                    .unwrap_or(0);
                Response { id, error: Some(e), ..Response::default() }
            }
        };
        writeln!(output, "{}", serde_json::to_string(&response).unwrap_or_default())?;
        output.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(input: &[u8]) -> Vec<Response> {
        let mut out = Vec::new();
        serve(input, &mut out, "test", &reference_games, &game::Options::new()).expect("serves");
        String::from_utf8_lossy(&out)
            .lines()
            .map(|l| serde_json::from_str(l).expect("every answer is a response"))
            .collect()
    }

    #[test]
    fn a_line_that_is_not_utf8_is_answered_with_an_error_and_serving_goes_on() {
        let mut input = b"{\"id\":1,\"request\":\"hello\",\"protocol\":1}\n".to_vec();
        input.extend_from_slice(b"{\"id\":2,\"request\":\"moves\",\"variant\":\"english\xff\"}\n");
        input.extend_from_slice(b"\xfe\xfe\n");
        input.extend_from_slice(b"{\"id\":4,\"request\":\"perft\",\"variant\":\"english\",\"depth\":2}\n");
        input.extend_from_slice(b"{\"id\":5,\"request\":\"quit\"}\n");
        let answers = served(&input);
        assert_eq!(answers.len(), 5, "{answers:?}");
        assert_eq!(answers[0].protocol, Some(VERSION));
        assert_eq!(answers[1].id, 2, "the id is read from the lossy line");
        assert!(answers[1].error.as_deref().is_some_and(|e| e.contains("not UTF-8")), "{:?}", answers[1]);
        assert_eq!(answers[2].id, 0);
        assert!(answers[2].error.as_deref().is_some_and(|e| e.contains("not UTF-8")), "{:?}", answers[2]);
        assert_eq!((answers[3].id, answers[3].nodes), (4, Some(49)));
        assert_eq!(answers[4].id, 5);
    }
}
