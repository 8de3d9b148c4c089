//! One scenario replayed, by the reference and by the engine: the ground
//! every expectation is checked on. A scenario whose play the engine
//! refuses, or whose answers cannot be read, is decided here; so the
//! reading of the engine's move list (by identity, with the moves listed
//! twice), the test of its result against the protocol and of its refusal
//! reasons against the vocabulary are here too, below the expectations
//! that read them.

use std::collections::BTreeMap;

use super::transcript::Checking;
use super::{Difference, Failure};
use crate::engine::{Engine, EngineError, Setup};
use crate::game::{Action, Game, MoveKey, Replay};
use crate::scenario::{Loc, Scenario};
use rulecheck_text::natural;

/// A scenario as the engine played it, beside what the reference reads in.
pub(super) struct Replayed<'a> {
    pub scenario: &'a Scenario,
    /// The reference rules of the scenario's variant and house rules.
    pub game: Box<dyn Game>,
    pub setup: Setup<'a>,
    pub played: Vec<Action>,
    /// The reference's position after the play: moves are read in it.
    pub reference_final: String,
    /// What the engine answered to the play.
    pub replay: Replay,
    /// The moves the engine lists, by identity.
    pub actual: BTreeMap<String, MoveKey>,
}

/// Where the scenario writes its `moves` and its `result`, if it does:
/// a move list or a result that fails whatever the scenario expects is
/// reported there, under the key of that kind.
pub(super) struct Places {
    pub moves: Place,
    pub result: Place,
}

/// A kind's key, and where the scenario writes its entry, if it does.
pub(super) struct Place {
    pub key: &'static str,
    pub loc: Option<Loc>,
}

impl Replayed<'_> {
    /// Whether the reference's game is over after the scenario's play.
    pub fn game_over(&self) -> bool {
        let start = self.scenario.position.clone().unwrap_or_else(|| self.game.start_position());
        self.game.replay(&start, &self.played).is_ok_and(|r| r.result != ONGOING)
    }
}

/// The result of a game that goes on, as every engine writes it.
const ONGOING: &str = "ongoing";

/// Whether a refusal reason is outside the vocabulary of `spec/reasons.yaml`.
pub fn unknown_refusal(code: &str) -> bool {
    crate::catalog::vocabulary().is_ok_and(|v| !v.refusals.contains_key(code))
}

/// The transcript's head, the reference's and the engine's replay, and
/// the checks every answer must pass whatever the scenario expects (a move
/// listed twice, a result out of protocol); `None` when the verdict is
/// already complete.
pub(super) fn replay<'a>(
    scenario: &'a Scenario,
    engine: &mut dyn Engine,
    c: &mut Checking,
    places: Places,
) -> Option<Replayed<'a>> {
    c.t.head.push(format!("scenario: {}", scenario.name));
    let clauses: Vec<&str> = scenario.clauses.iter().map(|c| c.value.as_str()).collect();
    c.t.head.push(format!("clauses: {}", clauses.join(", ")));
    let non_default: Vec<String> = scenario.options.iter().map(|(k, val)| format!("{k}={val}")).collect();
    c.t.head.push(format!("options: {}", non_default.join(" ")));
    c.t.setting.push(format!("position: {}", scenario.position.as_deref().unwrap_or("start")));
    let played: Vec<Action> = scenario.play.iter().map(|p| p.value.clone()).collect();
    if !played.is_empty() {
        let steps: Vec<String> = played.iter().map(|a| a.to_string()).collect();
        c.t.setting.push(format!("play: {}", steps.join(", ")));
    }
    let game = match crate::registry::configure(&scenario.variant, &scenario.options) {
        Ok(g) => g,
        Err(e) => return unplayable(c, "setup", scenario.loc, e.to_string()),
    };
    let setup =
        Setup { variant: &scenario.variant, options: &scenario.options, position: scenario.position.as_deref() };
    // The reference's own replay gives the position moves are read in; the
    // loader has already checked that it accepts the play.
    let start = scenario.position.clone().unwrap_or_else(|| game.start_position());
    let reference_final = match game.replay(&start, &played) {
        Ok(r) => {
            c.v.position = Some(r.position.clone());
            r.position
        }
        Err(e) => return unplayable(c, "play", scenario.loc, e.to_string()),
    };
    let who = c.answerer();
    let replay = match engine.replay(&setup, &played) {
        Ok(r) => r,
        Err(e) => {
            let (loc, detail) = match &e {
                EngineError::Rejected(r) => (
                    scenario.play.get(r.index).map(|p| p.loc).unwrap_or(scenario.loc),
                    format!(
                        "{who} refused play step {} ('{}'): {}",
                        r.index.saturating_add(1),
                        played.get(r.index).map(|a| a.to_string()).unwrap_or_default(),
                        r.reason
                    ),
                ),
                other => (scenario.loc, format!("{who} failed: {other}")),
            };
            let engine = !matches!(e, EngineError::Rejected(_));
            c.error(Failure { expectation: "play", loc, difference: Difference::Said(detail), engine });
            return None;
        }
    };
    c.answered(format!("after: {}", replay.position));
    c.answered(format!("to-move: {}", replay.to_move));
    c.answered(format!("result: {}", replay.result));
    let moves_loc = places.moves.loc.unwrap_or(scenario.loc);
    let (actual, twice) = match listed_keys(game.as_ref(), &reference_final, &replay.moves) {
        Ok(k) => k,
        Err(e) => {
            let detail = format!("out of protocol: {who} listed a move that cannot be read: {e}");
            c.error(Failure {
                expectation: places.moves.key,
                loc: moves_loc,
                difference: Difference::Said(detail),
                engine: true,
            });
            return None;
        }
    };
    c.answered(format!("moves ({}): {}", actual.len(), displays(&actual).join(" ")));
    // A move list is a set: a move listed twice is a wrong answer wherever
    // it is, whether the scenario lists the moves or not.
    if !twice.is_empty() {
        c.answered(format!("listed more than once: {}", twice.join("; ")));
        let said = format!("{who} lists a move more than once: {}", twice.join("; "));
        c.wrong(places.moves.key, moves_loc, Difference::Said(said));
    }
    if let Some(why) = result_out_of_protocol(game.as_ref(), &replay.result) {
        c.fail(Failure {
            expectation: places.result.key,
            loc: places.result.loc.unwrap_or(scenario.loc),
            difference: Difference::Said(format!("out of protocol: {why}")),
            engine: true,
        });
    }
    Some(Replayed { scenario, game, setup, played, reference_final, replay, actual })
}

/// A scenario the reference cannot set up or play: a failure of the
/// scenario, not of the engine, and nothing more to check.
fn unplayable<T>(c: &mut Checking, expectation: &'static str, loc: Loc, detail: String) -> Option<T> {
    c.wrong(expectation, loc, Difference::Said(detail));
    None
}

/// The keys of the moves an engine lists, and the moves it lists more than
/// once (by identity: `22x6` and `22x15x6` are one move where one chain
/// fits), each as the notations it was written in.
pub fn listed_keys(
    game: &dyn Game,
    position: &str,
    moves: &[String],
) -> Result<(BTreeMap<String, MoveKey>, Vec<String>), String> {
    let mut out: BTreeMap<String, MoveKey> = BTreeMap::new();
    let mut written: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for m in moves {
        let k = game.move_key(position, m).map_err(|e| format!("'{}': {}", rulecheck_text::shown(m), e.message))?;
        written.entry(k.key.clone()).or_default().push(m);
        out.insert(k.key.clone(), k);
    }
    let mut twice: Vec<String> = written
        .iter()
        .filter(|(_, w)| w.len() > 1)
        .map(|(key, w)| {
            let shown = out.get(key).map(|k| k.display.clone()).unwrap_or_default();
            if w.iter().all(|x| *x == w[0]) {
                format!("{shown} ({} times)", w.len())
            } else {
                // In natural order, not the engine's: the same listing
                // says the same whatever order it came in.
                let mut written: Vec<String> = w.iter().map(|x| rulecheck_text::shown(x)).collect();
                written.sort_by_key(|a| natural(a));
                format!("{shown} ({} times: {})", w.len(), written.join(", "))
            }
        })
        .collect();
    twice.sort_by_key(|a| natural(a));
    Ok((out, twice))
}

pub fn displays(set: &BTreeMap<String, MoveKey>) -> Vec<String> {
    let mut v: Vec<String> = set.values().map(|k| k.display.clone()).collect();
    v.sort_by_key(|a| natural(a));
    v
}

/// Why a result an engine gives is out of protocol: not in the result
/// notation, a player the game does not have, a win or draw without a
/// reason, or a reason outside the vocabulary of `spec/reasons.yaml`.
pub fn result_out_of_protocol(game: &dyn Game, result: &str) -> Option<String> {
    use crate::scenario::expect::{parse_result, ResultExp};
    let quoted = rulecheck_text::shown(result);
    let parsed = match parse_result(result) {
        Ok((r, _)) => r,
        Err(e) => return Some(format!("the result '{quoted}' is not a result: {}", e.message)),
    };
    let players = game.players();
    let unknown = |p: &String| {
        (!players.contains(p)).then(|| {
            format!(
                "the result '{quoted}' names no player of the game: '{}' (players: {})",
                rulecheck_text::shown(p),
                players.join(", ")
            )
        })
    };
    let reason = match &parsed {
        ResultExp::Ongoing => return None,
        ResultExp::Draw { reason } => match reason {
            Some(r) => Some(r),
            None => return Some(format!("the result '{quoted}' names no reason")),
        },
        ResultExp::Win { player, reason } => {
            if let Some(why) = unknown(player) {
                return Some(why);
            }
            match reason {
                Some(r) => Some(r),
                None => return Some(format!("the result '{quoted}' names no reason")),
            }
        }
        ResultExp::Ranking { order, reason } => {
            if let Some(why) = order.iter().find_map(unknown) {
                return Some(why);
            }
            reason.as_ref()
        }
    };
    let reason = reason?;
    match crate::catalog::vocabulary() {
        Ok(v) if !v.results.contains_key(reason) => Some(format!(
            "the result '{quoted}' has the reason '{}', which is not a result reason of spec/reasons.yaml",
            rulecheck_text::shown(reason)
        )),
        _ => None,
    }
}
