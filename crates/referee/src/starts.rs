//! The positions refereed games start from: the variant's start position,
//! the positions of the spec's scenarios of the variant that are games in
//! progress (under the run's house rules), or those of a PDN file's games
//! (where each game got to, or where it began). A position whose game is
//! already over is left out: no player is asked to move in a finished
//! game. Every start is a board and a turn alone, its counters at their
//! defaults, as the engine protocols send positions.

use std::path::PathBuf;

use crate::judge::Judge;
use rulecheck::catalog::Catalog;
use rulecheck::source::Source;

/// Where the games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum From {
    /// The variant's start position.
    Initial,
    /// The positions the spec's scenarios of the variant reach.
    Spec(Source),
    /// The positions of a PDN file's games: where each got to after its
    /// moves (`at_end`), or where it began.
    Pdn { file: PathBuf, at_end: bool },
}

/// A position to start games from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The reference's FEN.
    pub position: String,
    /// Whether it is the variant's start position.
    pub initial: bool,
}

/// The start positions, and notes on what was left out. `Err` is bad
/// input: a file that does not read, or no position to start from.
pub fn starts(judge: &Judge, from: &From, catalog: &Catalog) -> Result<(Vec<Start>, Vec<String>), String> {
    let initial = judge.game().start_position();
    let ongoing = |p: &str| judge.at(p).map(|r| r.result == "ongoing").unwrap_or(false);
    let start = |position: String| Start { initial: position == initial, position };
    let variant = judge.variant();
    let mut notes = Vec::new();
    let positions: Vec<String> = match from {
        From::Initial => vec![initial.clone()],
        From::Spec(source) => {
            let (files, errors) = source.load(catalog, &rulecheck_game::Options::new());
            if !errors.is_empty() {
                notes.push(format!(
                    "--from spec: {} of {} did not load and {} left out (`rulecheck check` says why)",
                    rulecheck::report::count(errors.len(), "error"),
                    source.describe(),
                    if errors.len() == 1 { "its file is" } else { "their files are" }
                ));
            }
            let (found, _) = rulecheck_fuzz::starts_from(&files, variant, judge.options())?;
            if found.is_empty() {
                return Err(format!(
                    "--from spec: no scenario of {} is a {variant} game in progress under these house rules",
                    source.describe()
                ));
            }
            found
        }
        From::Pdn { file, at_end } => {
            let shown = file.display();
            let reports = rulecheck::pdn::replay_file(variant, judge.options(), file).map_err(|e| e.to_string())?;
            let mut found = Vec::new();
            let mut over = 0;
            for r in &reports {
                if let rulecheck::pdn::Status::Unreadable(p) = &r.status {
                    notes.push(format!("{shown}: game {} is left out: {}", r.number, p.message));
                    continue;
                }
                let p = match &r.final_position {
                    Some(end) if *at_end => end,
                    _ => &r.start,
                };
                if !ongoing(p) {
                    over += 1;
                } else if !found.contains(p) {
                    found.push(p.clone());
                }
            }
            if over > 0 {
                notes.push(format!(
                    "{shown}: {} over at the position taken, left out",
                    rulecheck::report::count(over, "game")
                ));
            }
            if found.is_empty() {
                return Err(format!("--from {shown}: no game of the file gives a {variant} position in progress"));
            }
            found
        }
    };
    // The engine protocols send a position as its board and turn alone: a
    // game starts where both sides know all of it, every counter (a draw
    // count, a king's run of moves) at its default.
    let mut cleared = 0;
    let mut starts: Vec<Start> = Vec::new();
    for p in positions {
        let plain = judge.without_counters(&p)?;
        if plain != p {
            cleared += 1;
        }
        if ongoing(&plain) && !starts.iter().any(|s| s.position == plain) {
            starts.push(start(plain));
        }
    }
    if cleared > 0 {
        notes.push(format!(
            "{} carried counters (a draw count, a king's run of moves) that an engine told only the board \
             cannot know: {} started with every counter at its default",
            rulecheck::report::count(cleared, "start position"),
            if cleared == 1 { "it is" } else { "they are" }
        ));
    }
    if starts.is_empty() {
        return Err(format!("no {variant} position in progress to start from once its counters are cleared"));
    }
    Ok((starts, notes))
}
