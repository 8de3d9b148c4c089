//! Replaying PDN games against the reference rules: the start position (or
//! the `[FEN]` tag), every move handed to the variant's own notation as
//! written (with the separator quirks of real files read the other way
//! when only that is legal), and the recorded result compared with the
//! board's. Separate from the reader, which knows nothing of the rules.

use std::path::Path;

use super::grammar::parse;
use super::model::{
    recorded_result, GameReport, IllegalMove, PdnError, PdnGame, Problem, Recorded, ResultCheck, Status,
};
use crate::game::{Action, Game, GameError, Options};
use crate::scenario::expect::{self, ResultExp};
use crate::scenario::Loc;
use rulecheck_text::shown;

/// Largest PDN file read.
const MAX_FILE_BYTES: u64 = 64 << 20;

/// The number of a ply as PDN writes it, given whether the first player
/// moves first from the start position.
fn move_number(ply: usize, first_player_starts: bool) -> String {
    let p = ply + usize::from(!first_player_starts);
    if p.is_multiple_of(2) {
        format!("{}.", p / 2 + 1)
    } else {
        format!("{}...", p / 2 + 1)
    }
}

/// The same move with the other kind of separator: `29x25` as `29-25` (only
/// for a single step), `11-18` as `11x18`.
fn separator_swapped(text: &str) -> Option<String> {
    let is_sep = |c: char| matches!(c, '-' | 'x' | ':');
    let seps = text.chars().filter(|&c| is_sep(c)).count();
    if text.contains('-') {
        Some(text.replace('-', "x"))
    } else if seps == 1 {
        Some(text.replace(['x', ':'], "-"))
    } else {
        None
    }
}

/// The PDN GameType numbers of the variants rulecheck knows.
fn game_type_variant(number: &str) -> Option<&'static str> {
    match number {
        "20" => Some("international"),
        "21" => Some("english"),
        "23" => Some("pool"),
        "25" => Some("russian"),
        "26" => Some("brazilian"),
        "27" => Some("canadian"),
        "22" => Some("italian"),
        "24" => Some("spanish"),
        "29" => Some("czech"),
        "30" => Some("turkish"),
        "31" => Some("thai"),
        "40" => Some("frisian"),
        _ => None,
    }
}

fn compare(recorded: &Recorded, reference: &str) -> ResultCheck {
    let Ok((board, _)) = expect::parse_result(reference) else {
        return ResultCheck::NotRecorded;
    };
    match (recorded, &board) {
        (Recorded::Unknown | Recorded::Other, _) => ResultCheck::NotRecorded,
        (_, ResultExp::Ongoing) => ResultCheck::NotReached,
        (Recorded::Draw, ResultExp::Draw { .. }) => ResultCheck::Agrees,
        (Recorded::Win(p), ResultExp::Win { player, .. }) if p == player => ResultCheck::Agrees,
        _ => ResultCheck::Contradicts,
    }
}

/// Replay one game read from a file.
pub fn replay_game(game: &dyn Game, pdn: &PdnGame) -> GameReport {
    let players = game.players();
    let tags: Vec<(String, String)> = pdn.tags.iter().map(|(n, v, _)| (n.clone(), v.clone())).collect();
    let mut notes = Vec::new();
    if let Some(gt) = pdn.tag("GameType") {
        let number = gt.split(',').next().unwrap_or("").trim();
        match game_type_variant(number) {
            Some(v) if v != game.variant() => {
                notes.push(format!("GameType {number} is {v} draughts; replayed as {}", game.variant()))
            }
            None if !number.is_empty() => notes
                .push(format!("GameType {number} is not a variant rulecheck knows; replayed as {}", game.variant())),
            _ => {}
        }
    }
    let recorded_text = pdn.tag("Result").map(str::to_string).or_else(|| pdn.terminator.as_ref().map(|t| t.0.clone()));
    let recorded = recorded_text.as_deref().map(|t| recorded_result(t, &players)).unwrap_or(Recorded::Unknown);
    if let (Some(tag), Some((term, _))) = (pdn.tag("Result"), &pdn.terminator) {
        if recorded_result(tag, &players) != recorded_result(term, &players) {
            notes.push(format!("the Result tag says {tag} but the game ends with {term}; the tag is used"));
        }
    }
    let mut report = GameReport {
        number: pdn.number,
        players: players.clone(),
        loc: pdn.loc,
        tags,
        start: String::new(),
        from_fen: false,
        first_to_move: String::new(),
        moves: pdn.moves.clone(),
        played: Vec::new(),
        replayed: 0,
        recorded_text,
        recorded,
        reference: None,
        final_position: None,
        status: Status::Replayed(ResultCheck::NotRecorded),
        notes,
    };
    // The start position.
    let fen = pdn.tags.iter().find(|(n, _, _)| n == "FEN");
    let start = match fen {
        Some((_, value, at)) => match game.normalize_position(value) {
            Ok(p) => {
                report.from_fen = true;
                p
            }
            Err(e) => {
                let loc = if e.line <= 1 { Loc { line: at.line, col: at.col + e.col - 1 } } else { *at };
                report.status = Status::Unreadable(Problem { loc, message: format!("bad FEN: {}", e.message) });
                return report;
            }
        },
        None => game.start_position(),
    };
    report.start = start.clone();
    let to_move = match game.replay(&start, &[]) {
        Ok(r) => r.to_move,
        Err(e) => {
            report.status = Status::Unreadable(Problem { loc: pdn.loc, message: e.to_string() });
            return report;
        }
    };
    let first_player_starts = players.first() == Some(&to_move);
    report.first_to_move = to_move;
    // Every move must be notation of this board before anything is played.
    for m in &pdn.moves {
        if let Err(e) = game.check_move(&m.text) {
            report.status = Status::Unreadable(Problem {
                loc: Loc { line: m.loc.line, col: m.loc.col + e.col.saturating_sub(1) },
                message: format!("bad move '{}': {}", shown(&m.text), e.message),
            });
            return report;
        }
    }
    let mut actions: Vec<Action> = pdn.moves.iter().map(|m| Action::Move(m.text.clone())).collect();
    let mut rewritten = Vec::new();
    let outcome = loop {
        let outcome = game.replay(&start, &actions);
        // A move written with the wrong separator (a plain move with 'x', a
        // capture with '-') is read the other way when that is legal.
        if let Err(GameError::Rejected(rej)) = &outcome {
            let written = &pdn.moves[rej.index].text;
            if let Some(alt) = separator_swapped(written).filter(|_| rej.reason != "game-over") {
                let mut probe = actions[..rej.index].to_vec();
                probe.push(Action::Move(alt.clone()));
                if game.replay(&start, &probe).is_ok() {
                    rewritten.push(format!("{} {written} as {alt}", move_number(rej.index, first_player_starts)));
                    actions[rej.index] = Action::Move(alt);
                    continue;
                }
            }
        }
        break outcome;
    };
    if !rewritten.is_empty() {
        let shown = rewritten.len().min(3);
        let more =
            if rewritten.len() > shown { format!(" and {} more", rewritten.len() - shown) } else { String::new() };
        report.notes.push(format!(
            "separator quirk: read {}{more} (the written form is not legal, the other separator is)",
            rewritten[..shown].join(", ")
        ));
    }
    report.played = actions.iter().map(|a| a.to_string()).collect();
    match outcome {
        Ok(r) => {
            report.replayed = actions.len();
            report.status = Status::Replayed(compare(&report.recorded, &r.result));
            report.reference = Some(r.result);
            report.final_position = Some(r.position);
        }
        Err(GameError::Rejected(rej)) => {
            report.replayed = rej.index;
            let before = game.replay(&start, &actions[..rej.index]).ok();
            report.reference = before.as_ref().map(|b| b.result.clone());
            report.final_position = before.map(|b| b.position);
            let m = &pdn.moves[rej.index];
            let next = IllegalMove {
                ply: rej.index,
                number: move_number(rej.index, first_player_starts),
                text: m.text.clone(),
                position: game.normalize_position(&rej.position).unwrap_or_else(|_| rej.position.clone()),
                reason: rej.reason,
                loc: m.loc,
            };
            report.status = match (next.reason.as_str(), report.reference.as_deref()) {
                ("game-over", Some(board)) => Status::EndedEarly { check: compare(&report.recorded, board), next },
                _ => Status::Illegal(next),
            };
        }
        Err(GameError::Notation(e)) => {
            report.status = Status::Unreadable(Problem { loc: pdn.loc, message: e.message });
        }
    }
    report
}

/// Replay every game of a PDN text under a variant and options.
pub fn replay_str(variant: &str, options: &Options, src: &str) -> Result<Vec<GameReport>, PdnError> {
    replay_named(variant, options, Path::new("<input>"), src)
}

fn replay_named(variant: &str, options: &Options, file: &Path, src: &str) -> Result<Vec<GameReport>, PdnError> {
    let game = crate::registry::configure(variant, options).map_err(PdnError::Setup)?;
    let games = parse(src).map_err(|problems| PdnError::Parse { file: file.to_path_buf(), problems })?;
    Ok(games.iter().map(|g| replay_game(game.as_ref(), g)).collect())
}

/// Read a PDN file and replay every game in it.
pub fn replay_file(variant: &str, options: &Options, path: &Path) -> Result<Vec<GameReport>, PdnError> {
    let io = |message: String| PdnError::Io { file: path.to_path_buf(), message };
    let bytes = rulecheck_files::read_bounded(path, MAX_FILE_BYTES).map_err(io)?;
    // Old collections are often Latin-1 or Windows-1252: read what is not
    // UTF-8 byte by byte, so that names stay readable and places stay true.
    let src = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    replay_named(variant, options, path, &src)
}
