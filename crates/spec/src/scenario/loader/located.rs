//! Located errors: the place of a value, a key or a place inside a
//! scalar's text in the file (quoted, plain and block scalars each counted
//! as YAML writes them), and the context that collects every error of one
//! file with its scenario. Every check of the loader reports through it;
//! the check of the player an action names, which the play and the
//! expectations both make, is here too, below both.

use std::path::Path;

use serde_saphyr::Location;

use crate::catalog::Catalog;
use crate::scenario::{InputError, Loc};
use rulecheck_game::notation::NotationError;
use rulecheck_game::{Action, Game, Options};
use rulecheck_text::{shown, LineIndex};

pub(super) fn message_error(path: &Path, message: String) -> InputError {
    InputError { file: path.to_path_buf(), scenario: None, loc: Loc { line: 1, col: 1 }, message }
}

pub(super) fn io_error(path: &Path, e: std::io::Error) -> InputError {
    InputError { file: path.to_path_buf(), scenario: None, loc: Loc { line: 1, col: 1 }, message: e.to_string() }
}

/// The place a YAML reader gives, as a scenario place.
pub fn loc_of(at: &Location) -> Loc {
    Loc { line: at.line() as usize, col: at.column() as usize }
}

/// How far before a value its key is looked for: the key, a colon and
/// some spacing.
const KEY_WINDOW: usize = 64;

/// Accumulates the errors of one file.
pub(super) struct Ctx<'a> {
    pub(super) path: &'a Path,
    pub(super) src: &'a str,
    /// Places in the file are found through one index of its lines, so that
    /// locating many errors costs work in proportion to the file.
    pub(super) lines: LineIndex<'a>,
    pub(super) catalog: &'a Catalog,
    pub(super) overrides: &'a Options,
    pub(super) scenario: Option<String>,
    /// The line where the next scenario starts (the end of the file after
    /// the last one): searches for a key of a scenario stop there.
    pub(super) scenario_end: usize,
    pub(super) errors: Vec<InputError>,
    /// Variants for which a `--option` value that does not fit was reported.
    pub(super) misfit_overrides: std::collections::BTreeSet<&'static str>,
}

impl Ctx<'_> {
    /// The character at a value's start, from its byte offset where the
    /// reader gives one.
    fn first_char(&self, at: &Location) -> Option<char> {
        match self.offset(at) {
            Some(b) => self.src.get(b..).and_then(|t| t.chars().next()),
            None => self.lines.line_text(at.line() as usize).chars().nth((at.column() as usize).saturating_sub(1)),
        }
    }

    /// The byte offset of a place, where the reader gives one that agrees
    /// with its line and column.
    fn offset(&self, at: &Location) -> Option<usize> {
        let b = at.span().byte_offset()? as usize;
        (b <= self.src.len()
            && self.src.is_char_boundary(b)
            && self.lines.line_col(b) == (at.line() as usize, at.column() as usize))
            .then_some(b)
    }

    /// Where a place inside a scalar's text stands in the file. YAML
    /// reports a quoted scalar at its opening quote, and a plain or block
    /// scalar (`|`) at its first character; the lines of a block scalar
    /// share its indentation.
    pub(super) fn place(&self, at: &Location, inner_line: usize, inner_col: usize) -> Loc {
        let line = at.line() as usize;
        let col = at.column() as usize;
        let quoted = matches!(self.first_char(at), Some('"') | Some('\''));
        if inner_line <= 1 {
            Loc { line, col: (col + inner_col).saturating_sub(usize::from(!quoted)) }
        } else {
            Loc { line: line + inner_line - 1, col: col + inner_col - 1 }
        }
    }

    /// The place of a mapping key written on the same line just before its
    /// value (as in `name: value` and `{name: value}`), or the value's place
    /// if not found. Only the text just before the value is searched.
    pub(super) fn key_place(&self, value_at: &Location, key: &str) -> Loc {
        let Some(value) = self.offset(value_at) else {
            return loc_of(value_at);
        };
        let line_start = self.lines.line_start(value_at.line() as usize).min(value);
        let mut from = value.saturating_sub(key.len() + KEY_WINDOW).max(line_start);
        while !self.src.is_char_boundary(from) {
            from += 1;
        }
        match self.src.get(from..value).and_then(|before| before.rfind(key)) {
            Some(byte) => {
                let (line, col) = self.lines.line_col(from + byte);
                Loc { line, col }
            }
            None => loc_of(value_at),
        }
    }

    /// Where a key of the `variants:` table is written: the first line at
    /// or after the scenario's, and before the next scenario's, that starts
    /// with it.
    pub(super) fn key_loc(&self, from_line: usize, key: &str) -> Loc {
        let wanted = format!("{key}:");
        let end = self.scenario_end.min(self.lines.lines());
        (from_line.max(1)..=end)
            .find_map(|i| {
                let l = self.lines.line_text(i);
                let trimmed = l.trim_start();
                trimmed.starts_with(&wanted).then(|| Loc { line: i, col: l.len() - trimmed.len() + 1 })
            })
            .unwrap_or(Loc { line: from_line, col: 1 })
    }

    pub(super) fn err(&mut self, loc: Loc, message: impl Into<String>) {
        self.errors.push(InputError {
            file: self.path.to_path_buf(),
            scenario: self.scenario.clone(),
            loc,
            message: message.into(),
        });
    }

    /// An error inside a scalar's text, at the notation error's place.
    pub(super) fn notation(&mut self, at: &Location, e: &NotationError, what: &str) {
        let loc = self.place(at, e.line, e.col);
        self.err(loc, format!("{what}: {}", e.message));
    }
}

/// The player an action names, if it names one to check: moves name none,
/// and an arbiter may declare a draw.
pub(super) fn player_of(action: &Action) -> Option<&str> {
    match action {
        Action::Move(_) => None,
        Action::DeclareDraw(p) if p == "arbiter" => None,
        Action::Resign(p) | Action::OfferDraw(p) | Action::AcceptDraw(p) | Action::ClaimDraw(p) => Some(p),
        Action::DeclareDraw(p) => Some(p),
    }
}

pub(super) fn check_player(game: &dyn Game, player: &str) -> Result<(), String> {
    let players = game.players();
    if players.iter().any(|p| p == player) {
        Ok(())
    } else {
        Err(format!("unknown player '{}' (players: {})", shown(player), players.join(", ")))
    }
}
