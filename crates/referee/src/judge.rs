//! The reference as the referee asks it: where a game stands, which of its
//! legal moves a protocol's move is (the one with the same start, end and
//! squares taken), and, for a move that is none of them, why the reference
//! refuses it. A protocol's move names no route, so the refusal is asked of
//! the routes the board allows it (each hop over one of the squares it
//! names), then of its start and end alone: the reason is the reference's
//! own, for a move written in its notation, so that a scenario can expect
//! exactly that refusal.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::board::{at_cell, cell, square, steps, Board, WireMove};
use rulecheck_game::{Action, Game, Options, Replay};

/// Most positions and moves whose verdicts are kept: the principal
/// variations of one search share their first moves, and are asked again
/// at each depth.
const CACHE: usize = 20_000;

/// Most steps the search for a capture's routes takes before it gives up.
const ROUTE_BUDGET: usize = 50_000;

/// The reference's verdict on a protocol's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A legal move: the reference's notation of it and where it leads.
    Legal { notation: String, after: Replay },
    /// No legal move has that start, end and set of squares taken.
    Illegal(Refusal),
}

/// Why the reference refuses a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The reason code (`must-capture`, ...): `illegal` when no way of
    /// writing the move in the reference's notation is refused with a
    /// reason of its own.
    pub reason: String,
    /// The move in the reference's notation that the reference refuses
    /// with that reason, if any.
    pub written: Option<String>,
}

/// A variant's reference rules under the house rules of the run.
pub struct Judge {
    game: Box<dyn Game>,
    variant: String,
    options: Options,
    /// Whether captures go along rows and columns too (Frisian).
    orthogonal: bool,
    cache: RefCell<HashMap<(String, WireMove), Verdict>>,
}

impl Judge {
    pub fn new(variant: &str, options: &Options) -> Result<Judge, String> {
        let game = rulecheck::registry::configure(variant, options).map_err(|e| e.to_string())?;
        Ok(Judge::of(game, variant, options))
    }

    /// A judge of other rules of the variant (a single-rule deviation of
    /// them, say).
    pub fn of(game: Box<dyn Game>, variant: &str, options: &Options) -> Judge {
        Judge {
            game,
            variant: variant.to_string(),
            options: options.clone(),
            orthogonal: variant == "frisian",
            cache: RefCell::new(HashMap::new()),
        }
    }

    pub fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    pub fn variant(&self) -> &str {
        &self.variant
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Where the game stands in a position: its turn, result and legal
    /// moves.
    pub fn at(&self, position: &str) -> Result<Replay, String> {
        self.game.replay(position, &[]).map_err(|e| format!("the reference cannot read '{position}': {e}"))
    }

    /// Where the moves (in the reference's notation) lead from `start`,
    /// with the results only the whole game gives (a repetition).
    pub fn replay(&self, start: &str, moves: &[String]) -> Result<Replay, String> {
        let actions: Vec<Action> = moves.iter().cloned().map(Action::Move).collect();
        self.game
            .replay(start, &actions)
            .map_err(|e| format!("the reference cannot replay its own game from '{start}': {e}"))
    }

    /// Whether a position carries no counter (its FEN none of the fields
    /// the variant's draw and move-limit rules keep beside the board).
    pub fn plain(&self, position: &str) -> bool {
        self.game.counters(position).map(|c| c.is_empty()).unwrap_or(false)
    }

    /// The position with every counter at its default: what an engine told
    /// only the board plays.
    pub fn without_counters(&self, position: &str) -> Result<String, String> {
        let names: Vec<&str> =
            self.game.counters(position).map_err(|e| e.message)?.into_iter().map(|(n, _)| n).collect();
        self.game.clear_counters(position, &names).map_err(|e| e.message)
    }

    /// The protocol form of one of the reference's legal moves.
    pub fn wire_of(&self, position: &str, notation: &str) -> Result<WireMove, String> {
        let (from, to) = ends(notation)?;
        let after = self.game.replay(position, &[Action::Move(notation.to_string())]).map_err(|e| e.to_string())?;
        Ok(WireMove::new(from, to, self.captured(position, &after.position)?))
    }

    /// The reference's verdict on `wire`, played where `at` stands.
    pub fn resolve(&self, at: &Replay, wire: &WireMove) -> Result<Verdict, String> {
        let key = (at.position.clone(), wire.clone());
        if let Some(v) = self.cache.borrow().get(&key) {
            return Ok(v.clone());
        }
        let verdict = self.decide(at, wire)?;
        let mut cache = self.cache.borrow_mut();
        if cache.len() >= CACHE {
            cache.clear();
        }
        cache.insert(key, verdict.clone());
        Ok(verdict)
    }

    fn decide(&self, at: &Replay, wire: &WireMove) -> Result<Verdict, String> {
        for m in &at.moves {
            if ends(m)? != (wire.from, wire.to) {
                continue;
            }
            let after = self.replay(&at.position, std::slice::from_ref(m))?;
            if self.captured(&at.position, &after.position)? == wire.captured {
                return Ok(Verdict::Legal { notation: m.clone(), after });
            }
        }
        Ok(Verdict::Illegal(self.refusal(&at.position, wire)?))
    }

    /// Why the reference refuses a move no legal move is: the first
    /// reason it gives for a way of writing it.
    fn refusal(&self, position: &str, wire: &WireMove) -> Result<Refusal, String> {
        let mut tries: Vec<String> = Vec::new();
        if wire.is_capture() {
            let board = Board::from_fen(position)?;
            for route in routes(&board, wire, self.orthogonal) {
                tries.push(route.iter().map(u8::to_string).collect::<Vec<_>>().join("x"));
            }
            tries.push(format!("{}x{}", wire.from, wire.to));
        } else {
            tries.push(format!("{}-{}", wire.from, wire.to));
        }
        for written in tries {
            if let Ok(Some(reason)) = self.game.explain(position, &[], &Action::Move(written.clone())) {
                return Ok(Refusal { reason, written: Some(written) });
            }
        }
        Ok(Refusal { reason: "illegal".into(), written: None })
    }

    /// The squares a move took pieces from, in order.
    fn captured(&self, before: &str, after: &str) -> Result<Vec<u8>, String> {
        let squares = self.game.captured(before, after).map_err(|e| e.message)?;
        let mut out = squares.iter().map(|s| square(s)).collect::<Result<Vec<u8>, String>>()?;
        out.sort_unstable();
        Ok(out)
    }
}

/// The first and last squares of a move in the reference's notation.
pub fn ends(notation: &str) -> Result<(u8, u8), String> {
    let squares: Vec<&str> = notation.split(['-', 'x', ':']).collect();
    match (squares.first(), squares.last()) {
        (Some(a), Some(b)) if squares.len() >= 2 => Ok((square(a)?, square(b)?)),
        _ => Err(format!("'{}' is not a move of the 10x10 board", rulecheck_text::shown(notation))),
    }
}

/// The routes a capture may take on the board: from its start, hops each
/// over one of the squares it names (flying over empty squares before and
/// after, so that a piece that may not fly is refused for it), every named
/// square once, ending on its end. At most a few, in the order found.
fn routes(board: &Board, wire: &WireMove, orthogonal: bool) -> Vec<Vec<u8>> {
    let mut walk = Walk { board, wire, orthogonal, found: Vec::new(), budget: ROUTE_BUDGET };
    let mut path = vec![wire.from];
    walk.from(wire.from, &mut path, &mut Vec::new());
    walk.found
}

struct Walk<'a> {
    board: &'a Board,
    wire: &'a WireMove,
    orthogonal: bool,
    found: Vec<Vec<u8>>,
    budget: usize,
}

impl Walk<'_> {
    /// Most routes kept.
    const KEEP: usize = 4;

    fn occupied(&self, n: u8) -> bool {
        n != self.wire.from && !self.board.at(n).is_empty()
    }

    fn from(&mut self, here: u8, path: &mut Vec<u8>, taken: &mut Vec<u8>) {
        if self.found.len() >= Self::KEEP || self.budget == 0 {
            return;
        }
        self.budget -= 1;
        if taken.len() == self.wire.captured.len() {
            if here == self.wire.to {
                self.found.push(path.clone());
            }
            return;
        }
        for &(dr, dc) in steps(self.orthogonal) {
            let (mut r, mut c) = cell(here);
            let victim = loop {
                r += dr;
                c += dc;
                match at_cell(r, c) {
                    None => break None,
                    Some(n) if self.occupied(n) => break Some(n),
                    Some(_) => {}
                }
            };
            let Some(v) = victim else { continue };
            if !self.wire.captured.contains(&v) || taken.contains(&v) {
                continue;
            }
            taken.push(v);
            loop {
                r += dr;
                c += dc;
                let Some(n) = at_cell(r, c).filter(|&n| !self.occupied(n)) else { break };
                path.push(n);
                self.from(n, path, taken);
                path.pop();
            }
            taken.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(variant: &str) -> Judge {
        Judge::new(variant, &Options::new()).unwrap()
    }

    #[test]
    fn a_move_is_the_legal_move_with_its_start_end_and_captures() {
        let j = judge("international");
        let at = j.at("W:W28:B22,3").unwrap();
        let Verdict::Legal { notation, .. } = j.resolve(&at, &WireMove::new(28, 17, vec![22])).unwrap() else {
            panic!("legal")
        };
        assert_eq!(ends(&notation).unwrap(), (28, 17));
        let Verdict::Illegal(r) = j.resolve(&at, &WireMove::new(28, 23, vec![])).unwrap() else { panic!("illegal") };
        assert_eq!(r.reason, "must-capture");
        assert_eq!(r.written.as_deref(), Some("28-23"));
    }

    #[test]
    fn a_capture_of_the_wrong_pieces_is_refused_for_the_reference_reason() {
        let j = judge("international");
        // White 28 can take 23 then 13 (two pieces): stopping after 23 is
        // a chain left unfinished, and 33 taking 29 alone is not maximal.
        let at = j.at("W:W28,33:B23,13,29").unwrap();
        let Verdict::Illegal(r) = j.resolve(&at, &WireMove::new(28, 19, vec![23])).unwrap() else { panic!("illegal") };
        assert_eq!(r.reason, "chain-unfinished", "{r:?}");
        assert_eq!(r.written.as_deref(), Some("28x19"));
        let Verdict::Illegal(r) = j.resolve(&at, &WireMove::new(33, 24, vec![29])).unwrap() else { panic!("illegal") };
        assert_eq!(r.reason, "capture-not-maximal", "{r:?}");
        assert_eq!(r.written.as_deref(), Some("33x24"));
        // Pieces no route takes together, between the start and end of a
        // legal capture: no way of writing it is refused with a reason.
        let Verdict::Illegal(r) = j.resolve(&at, &WireMove::new(28, 8, vec![13, 29])).unwrap() else {
            panic!("illegal")
        };
        assert_eq!(r, Refusal { reason: "illegal".into(), written: None });
        let Verdict::Legal { notation, .. } = j.resolve(&at, &WireMove::new(28, 8, vec![13, 23])).unwrap() else {
            panic!("legal")
        };
        assert_eq!(ends(&notation).unwrap(), (28, 8));
    }

    #[test]
    fn the_wire_form_of_a_reference_move_names_what_it_took() {
        let j = judge("international");
        assert_eq!(j.wire_of("W:W28:B23,13", "28x8").unwrap(), WireMove::new(28, 8, vec![23, 13]));
        assert_eq!(j.wire_of("W:W28:B3", "28-22").unwrap(), WireMove::new(28, 22, vec![]));
    }
}
