//! The search for a state where two rule sets part: first every position
//! the spec's scenarios of the variant reach (before and after their
//! play) and every move from there, then random games from the start and
//! from those positions, the moves picked on the first rule set. The
//! random games are drawn from the seed alone, so a search is repeated
//! exactly.

use super::differ::{parting, Case, Kind, Parting};
use rulecheck::scenario::ScenarioFile;
use rulecheck_game::{Action, Game};

/// Where a search may start: a state of the first rule set, and the
/// scenario it comes from (whose clauses a difference found from it may
/// cite).
#[derive(Clone, Debug)]
pub(super) struct Start {
    pub case: Case,
    /// The scenario's name and clauses; none for the variant's start.
    pub scenario: Option<(String, Vec<String>)>,
}

/// A state where the two part, and the start it was found from.
#[derive(Clone)]
pub(super) struct Found {
    pub case: Case,
    pub parting: Parting,
    pub start: Start,
    /// How it was found, in words.
    pub how: String,
    /// Found by a random game (not at a start or one move after it).
    pub random: bool,
}

/// The states to search from: the variant's start, then each scenario of
/// `variant` in `files` (whatever its house rules) at its position and
/// after its play, as far as both rule sets can read them; each once.
pub(super) fn starts(a: &dyn Game, b: &dyn Game, variant: &str, files: &[ScenarioFile]) -> Vec<Start> {
    let mut out = vec![Start { case: Case { from: a.start_position(), play: Vec::new() }, scenario: None }];
    for s in files.iter().flat_map(|f| &f.scenarios).filter(|s| s.variant == variant) {
        let from = s.position.clone().unwrap_or_else(|| a.start_position());
        let (Ok(from), true) = (a.normalize_position(&from), b.normalize_position(&from).is_ok()) else { continue };
        let play: Vec<Action> = s.play.iter().map(|x| x.value.clone()).collect();
        let clauses: Vec<String> = s.clauses.iter().map(|c| c.value.clone()).collect();
        let mut cases = vec![Case { from: from.clone(), play: Vec::new() }];
        // The play as its history, where the first rule set plays it.
        if !play.is_empty() && a.replay(&from, &play).is_ok() {
            cases.push(Case { from, play });
        }
        for case in cases {
            if !out.iter().any(|o| o.case == case) {
                out.push(Start { case, scenario: Some((s.name.clone(), clauses.clone())) });
            }
        }
    }
    out
}

/// A small deterministic generator (SplitMix64): the same seed draws the
/// same games on every machine.
pub(super) struct Draw(u64);

impl Draw {
    pub fn new(seed: u64) -> Draw {
        Draw(seed ^ 0x5EED_0F5E_9A2A_7E00)
    }

    /// A number below `n` (which is not zero).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        usize::try_from(z % n as u64).unwrap_or(0)
    }
}

/// The budget of a search, and whether a difference in the position
/// alone (a counter, written otherwise) is wanted: a search for one in
/// the moves or the result goes on past it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    pub games: u32,
    pub plies: usize,
    pub seed: u64,
    pub position_alone: bool,
}

/// Each state where the two part, in the order searched, handed to
/// `take` until it says it has what it wants (`true`): first each start
/// and each move from it (the first parting of each start), then random games of up to `plies` moves, each
/// from a start drawn at random, the first parting of each. `true` when
/// `take` stopped it.
pub(super) fn search(
    a: &dyn Game,
    b: &dyn Game,
    starts: &[Start],
    budget: Budget,
    take: &mut dyn FnMut(Found) -> bool,
) -> bool {
    let Budget { games, plies, seed, position_alone } = budget;
    let wanted = |p: &Parting| position_alone || p.kind != Kind::Position;
    for start in starts {
        let Ok(at) = a.replay(&start.case.from, &start.case.play) else { continue };
        let mut cases = vec![start.case.clone()];
        for m in &at.moves {
            let mut case = start.case.clone();
            case.play.push(Action::Move(m.clone()));
            cases.push(case);
        }
        for case in cases {
            if let Some(p) = parting(a, b, &case).filter(wanted) {
                let how = match (&start.scenario, case.play.len() > start.case.play.len()) {
                    (Some((name, _)), false) => format!("at the position of the scenario '{name}'"),
                    (Some((name, _)), true) => format!("one move after the position of the scenario '{name}'"),
                    (None, false) => "at the start position".to_string(),
                    (None, true) => "one move after the start position".to_string(),
                };
                if take(Found { case, parting: p, start: start.clone(), how, random: false }) {
                    return true;
                }
                // The first parting of each start: the next start is
                // another position, a move from this one much the same.
                break;
            }
        }
    }
    let mut draw = Draw::new(seed);
    for game in 1..=games {
        if starts.is_empty() || rulecheck::interrupt::requested().is_some() {
            return false;
        }
        let start = &starts[draw.below(starts.len())];
        let mut case = start.case.clone();
        for ply in 1..=plies {
            let Ok(at) = a.replay(&case.from, &case.play) else { break };
            if at.moves.is_empty() {
                break;
            }
            case.play.push(Action::Move(at.moves[draw.below(at.moves.len())].clone()));
            if let Some(p) = parting(a, b, &case).filter(wanted) {
                let from = match &start.scenario {
                    Some((name, _)) => format!("the scenario '{name}'"),
                    None => "the start position".to_string(),
                };
                let how = format!("in random game {game}, after {} from {from}", rulecheck::report::count(ply, "move"));
                if take(Found { case, parting: p, start: start.clone(), how, random: true }) {
                    return true;
                }
                break;
            }
        }
    }
    false
}
