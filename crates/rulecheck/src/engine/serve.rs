//! `rulecheck serve`: the built-in rules behind the engine protocol, so that
//! the reference can stand in any harness and the protocol has a reference
//! implementation.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use super::protocol::{RefusedMsg, Request, Response, SetupMsg, VariantMsg, VERSION};
use super::{Declared, Entry};
use crate::game::{self, Action, Game, GameError, Options};
use crate::registry;
use rulecheck_text::{clean_message, shown};

/// Most leaves one `perft` request may count, unless `serve --perft-budget`
/// says otherwise: a deeper request is answered with an error at once
/// instead of holding the server for hours.
pub const DEFAULT_PERFT_BUDGET: u64 = 10_000_000;

/// Builds the game a request names; `Err` says why there is none.
pub type GameSource<'a> = &'a dyn Fn(&str, &game::Options) -> Result<Box<dyn Game>, String>;

/// The registry's own rules.
pub fn reference_games(variant: &str, options: &game::Options) -> Result<Box<dyn Game>, String> {
    registry::configure(variant, options).map_err(|e| e.to_string())
}

fn actions(list: &[String]) -> Result<Vec<Action>, String> {
    list.iter()
        .map(|s| {
            // A step without white space can only be a move (an action at
            // the board has words): the grammar need not be run for it.
            if !s.is_empty() && !s.chars().any(char::is_whitespace) {
                return Ok(Action::Move(s.clone()));
            }
            crate::scenario::expect::parse_play(s)
                .map(|st| st.action)
                .map_err(|e| format!("'{}': {}", shown(s), e.message))
        })
        .collect()
}

/// Longest request line served; a longer one is answered with an error.
pub const MAX_REQUEST_BYTES: usize = 16 << 20;

/// A line of input read by [`read_line`].
struct InputLine {
    /// The line without its line break, at most `max` bytes of it.
    bytes: Vec<u8>,
    /// Whether the line was longer and cut.
    cut: bool,
    /// Whether a whole line more is already buffered, to be read without
    /// waiting: a client that writes requests ahead gets their answers
    /// together, in one write, instead of one wake-up per answer.
    more: bool,
}

/// One line of input without its line break, at most `max` bytes of it
/// kept (the rest of a longer line is read and dropped); `None` at the end
/// of the input.
fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<InputLine>> {
    let mut line = Vec::new();
    let mut cut = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some(InputLine { bytes: line, cut, more: false }));
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        cut |= chunk.len() > room;
        let used = done.unwrap_or(buf.len());
        let rest = buf.len() - used;
        input.consume(used);
        if done.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            // What is left in the buffer is looked at only when there is
            // some: an empty buffer would be filled, waiting for input.
            let more = rest > 0 && input.fill_buf()?.contains(&b'\n');
            return Ok(Some(InputLine { bytes: line, cut, more }));
        }
    }
}

fn refused(e: GameError) -> Result<RefusedMsg, String> {
    match e {
        GameError::Rejected(r) => Ok(RefusedMsg { index: r.index, reason: r.reason }),
        GameError::Notation(n) => Err(n.message),
    }
}

/// The house-rule values served: every value of every rule but those
/// `fixed` (`-o NAME=VALUE`: in every variant that has the rule, that value
/// alone), and for a variant with `entries` of its own (`--declare`), just
/// the combinations they name, each rule an entry leaves out at every
/// value served. The handshake declares exactly this, and a request
/// outside it is answered with an error, as an engine that plays a house
/// rule its own way would.
#[derive(Clone, Debug, Default)]
pub struct Served {
    pub fixed: game::Options,
    pub entries: BTreeMap<String, Vec<Options>>,
}

impl Served {
    /// Every value of every rule but those fixed.
    pub fn fixed(fixed: game::Options) -> Served {
        Served { fixed, entries: BTreeMap::new() }
    }

    /// What the handshake declares of a variant: an entry for each of its
    /// own, or one entry of every value served.
    pub fn declared(&self, variant: &dyn game::Variant) -> Declared {
        let every = |named: &Options| -> Entry {
            variant
                .info()
                .options
                .iter()
                .map(|o| {
                    let values = match named.get(o.name).or_else(|| self.fixed.get(o.name)) {
                        Some(v) => v.split(',').map(str::to_string).collect(),
                        None => o.values.iter().map(|s| s.to_string()).collect(),
                    };
                    (o.name.to_string(), values)
                })
                .collect()
        };
        match self.entries.get(variant.info().id) {
            Some(entries) => entries.iter().map(every).collect(),
            None => vec![every(&Options::new())],
        }
    }
}

/// Answer one request under the values `served`. A `perft` request
/// whose tree has more than `perft_budget` leaves at its depth or a
/// shallower one is answered with an error.
pub fn answer(request: &Request, name: &str, games: GameSource<'_>, served: &Served, perft_budget: u64) -> Response {
    answer_with(request, name, games, served, perft_budget, &mut Recent::default())
}

/// The last sequence replayed: rulecheck asks `play` and then `moves` for
/// the same setup and actions, and the second is answered from the first's
/// replay instead of playing the sequence again.
#[derive(Default)]
pub struct Recent {
    key: Option<(SetupMsg, Vec<String>)>,
    replay: Option<Result<game::Replay, game::GameError>>,
}

impl Recent {
    fn replay(
        &mut self,
        setup: &SetupMsg,
        list: &[String],
        play: impl FnOnce() -> Result<Result<game::Replay, game::GameError>, String>,
    ) -> Result<Result<game::Replay, game::GameError>, String> {
        let hit = self.key.as_ref().is_some_and(|(s, a)| s == setup && a.as_slice() == list);
        if !hit {
            let r = play()?;
            self.key = Some((setup.clone(), list.to_vec()));
            self.replay = Some(r);
        }
        self.replay.clone().ok_or_else(|| "no replay".to_string())
    }
}

fn answer_with(
    request: &Request,
    name: &str,
    games: GameSource<'_>,
    served: &Served,
    perft_budget: u64,
    recent: &mut Recent,
) -> Response {
    let id = request.id();
    let mut out = Response { id, ..Response::default() };
    let setup_game = |s: &SetupMsg| -> Result<(Box<dyn Game>, String), String> {
        if let Ok(v) = registry::variant(&s.variant) {
            if let Some((k, v)) = super::undeclared(&served.declared(v), &s.variant, &s.options).first() {
                return Err(format!("this engine does not play {k}={v}"));
            }
        }
        let g = games(&s.variant, &s.options)?;
        // The game reads (and checks) the position as it plays from it, as
        // the in-process engine has it: reading it once more here to
        // normalise it would only double the work.
        let position = match &s.position {
            Some(p) => p.clone(),
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
                out.capabilities = Some(vec!["explain".into(), "perft".into(), "pipeline".into()]);
                out.variants = Some(
                    registry::variants()
                        .iter()
                        .flat_map(|v| {
                            let id = v.info().id;
                            served.declared(*v).into_iter().map(|options| VariantMsg { id: id.to_string(), options })
                        })
                        .collect(),
                );
            }
            Request::Moves { setup, actions: list, .. } | Request::Play { setup, actions: list, .. } => {
                let replayed = recent.replay(setup, list, || {
                    let (g, position) = setup_game(setup)?;
                    Ok(g.replay(&position, &actions(list)?))
                })?;
                match replayed {
                    Ok(r) if matches!(request, Request::Moves { .. }) => out.moves = Some(r.moves),
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
                if *depth > game::MAX_PERFT_DEPTH {
                    return Err(format!(
                        "depth {depth} is beyond {}, the deepest perft rulecheck counts",
                        game::MAX_PERFT_DEPTH
                    ));
                }
                let (g, position) = setup_game(setup)?;
                // The budget is checked inside the walk, so that a request
                // far past it is refused a moment after the count passes it.
                let counted = crate::perft::budget::perft_budgeted(g.as_ref(), &position, *depth, false, perft_budget);
                match counted.map_err(|e| e.message)? {
                    Ok(nodes) => out.nodes = Some(nodes),
                    Err(over) => {
                        return Err(format!(
                            "perft to depth {depth} is past this engine's budget: more than {perft_budget} leaves at depth {} \
                             (counting stopped at {})",
                            over.depth, over.nodes
                        ))
                    }
                }
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

/// Serve requests from `input` until it ends or a `quit` arrives; `served`
/// and `perft_budget` as in [`answer`]. A request line that is not UTF-8,
/// too long or not a request is answered with an `error`, and serving goes
/// on. An answer is written out once no further request is waiting to be
/// read, or a perft is to be counted.
pub fn serve(
    mut input: impl BufRead,
    output: impl Write,
    name: &str,
    games: GameSource<'_>,
    served: &Served,
    perft_budget: u64,
) -> std::io::Result<()> {
    let mut output = std::io::BufWriter::new(output);
    let mut recent = Recent::default();
    while let Some(InputLine { bytes, cut, more }) = read_line(&mut input, MAX_REQUEST_BYTES)? {
        let refuse = |message: String| Response { id: 0, error: Some(message), ..Response::default() };
        let response = if cut {
            Some(refuse(format!("bad request: the line is longer than {MAX_REQUEST_BYTES} bytes")))
        } else {
            match std::str::from_utf8(&bytes) {
                Ok(line) if line.trim().is_empty() => None,
                Ok(line) => match request_of(line) {
                    Ok(req) => {
                        // A perft may count for a long time: the answers
                        // before it are not held back meanwhile.
                        if matches!(req, Request::Perft { .. }) {
                            output.flush()?;
                        }
                        let r = answer_with(&req, name, games, served, perft_budget, &mut recent);
                        if matches!(req, Request::Quit { .. }) {
                            writeln!(output, "{}", serde_json::to_string(&r).unwrap_or_default())?;
                            output.flush()?;
                            return Ok(());
                        }
                        Some(r)
                    }
                    Err(r) => Some(*r),
                },
                Err(e) => Some(refuse(format!(
                    "bad request: the line is not UTF-8 (at byte {} of the line)",
                    e.valid_up_to() + 1
                ))),
            }
        };
        if let Some(response) = response {
            writeln!(output, "{}", serde_json::to_string(&response).unwrap_or_default())?;
        }
        if !more {
            output.flush()?;
        }
    }
    output.flush()
}

/// The request of a line, or the error answering a line that is none.
fn request_of(line: &str) -> Result<Request, Box<Response>> {
    match serde_json::from_str::<Request>(line) {
        Ok(req) => Ok(req),
        Err(e) => {
            // Answer with the id if one can be read, so the client can
            // match the error to its request.
            let id = serde_json::from_str::<serde_json::Value>(line)
                .ok()
                .and_then(|v| v.get("id").and_then(|i| i.as_u64()))
                .unwrap_or(0);
            Err(Box::new(Response {
                id,
                error: Some(format!("bad request: {}", clean_message(&e.to_string(), 300))),
                ..Response::default()
            }))
        }
    }
}
