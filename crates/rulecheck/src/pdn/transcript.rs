//! What a replay says: one line per game (its status, the first illegal
//! move, how the result compares), the summary counts of a file, and the
//! exit code they make. Kept apart from the replay so that the wording of
//! the transcript can change without touching how games are judged.

use std::fmt;

use super::model::{GameReport, ResultCheck, Status};
use rulecheck_text::{clean_message, shown};

/// Counts over a file's reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: usize,
    /// Replayed, the result not contradicted.
    pub ok: usize,
    pub agrees: usize,
    pub not_reached: usize,
    pub not_recorded: usize,
    /// Ended on the board before the record does (counted in `ok` or
    /// `contradicted` too).
    pub ended_early: usize,
    pub contradicted: usize,
    pub illegal: usize,
    pub unreadable: usize,
}

pub fn summary(reports: &[GameReport]) -> Summary {
    let mut s = Summary { games: reports.len(), ..Summary::default() };
    for r in reports {
        match &r.status {
            Status::Replayed(c) | Status::EndedEarly { check: c, .. } => {
                if matches!(r.status, Status::EndedEarly { .. }) {
                    s.ended_early += 1;
                }
                match c {
                    ResultCheck::Agrees => s.agrees += 1,
                    ResultCheck::NotReached => s.not_reached += 1,
                    ResultCheck::NotRecorded => s.not_recorded += 1,
                    ResultCheck::Contradicts => s.contradicted += 1,
                }
            }
            Status::Illegal(_) => s.illegal += 1,
            Status::Unreadable(_) => s.unreadable += 1,
        }
    }
    s.ok = s.agrees + s.not_reached + s.not_recorded;
    s
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: {} replay, {} with an illegal move, {} with a result the board contradicts, {} unreadable \
             (results: {} agree with the board, {} not reached on the board, {} not recorded; \
             {} ended on the board before the record does)",
            self.games,
            if self.games == 1 { "game" } else { "games" },
            self.ok,
            self.illegal,
            self.contradicted,
            self.unreadable,
            self.agrees,
            self.not_reached,
            self.not_recorded,
            self.ended_early,
        )
    }
}

/// The exit code for a replay: 0 when every game replays and no result is
/// contradicted, 1 when a game has an illegal move or a result the board
/// contradicts, 2 when a game cannot be read (parse errors of the file
/// itself are a [`PdnError`](super::PdnError), also 2).
pub fn exit_code(reports: &[GameReport]) -> i32 {
    let s = summary(reports);
    if s.unreadable > 0 {
        2
    } else if s.illegal > 0 || s.contradicted > 0 {
        1
    } else {
        0
    }
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.number)?;
        // Tag values are the file's text: shown escaped and cut.
        let title = self.title();
        if !title.is_empty() {
            write!(f, " ({})", clean_message(&title, 300))?;
        }
        let recorded = shown(self.recorded_text.as_deref().unwrap_or("*"));
        let moves = if self.moves.len() == 1 { "1 ply".to_string() } else { format!("{} plies", self.moves.len()) };
        match &self.status {
            Status::Unreadable(p) => write!(f, ": line {}:{}: {}", p.loc.line, p.loc.col, p.message)?,
            Status::Illegal(m) => write!(
                f,
                ": illegal move {} {} ({}) at line {}:{} in {}",
                m.number,
                shown(&m.text),
                m.reason,
                m.loc.line,
                m.loc.col,
                m.position
            )?,
            Status::EndedEarly { next, check } => {
                let board = self.reference.as_deref().unwrap_or("?");
                let more = self.moves.len() - self.replayed;
                write!(
                    f,
                    ": the board ends the game ({board}) after {} plies, before {} {} at line {}:{} ({more} more recorded); result {recorded}",
                    self.replayed,
                    next.number,
                    shown(&next.text),
                    next.loc.line,
                    next.loc.col
                )?;
                match check {
                    ResultCheck::Contradicts => write!(f, ", but the board says {board}")?,
                    ResultCheck::NotRecorded => write!(f, ": ok")?,
                    _ => write!(f, ", the board agrees: ok")?,
                }
            }
            Status::Replayed(check) => {
                let board = self.reference.as_deref().unwrap_or("?");
                match check {
                    ResultCheck::Agrees => write!(f, ": {moves}, result {recorded}, the board agrees ({board}): ok")?,
                    ResultCheck::NotReached => {
                        write!(f, ": {moves}, result {recorded}, not reached on the board (game still {board}): ok")?
                    }
                    ResultCheck::NotRecorded => write!(f, ": {moves}, result {recorded}, board {board}: ok")?,
                    ResultCheck::Contradicts => write!(f, ": {moves}, result {recorded}, but the board says {board}")?,
                }
            }
        }
        for n in &self.notes {
            write!(f, " [{}]", clean_message(n, 300))?;
        }
        Ok(())
    }
}

/// The reports of a file, one line per game, then the summary line.
pub struct Transcript<'a>(pub &'a [GameReport]);

impl fmt::Display for Transcript<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.0 {
            writeln!(f, "{r}")?;
        }
        write!(f, "{}", summary(self.0))
    }
}
