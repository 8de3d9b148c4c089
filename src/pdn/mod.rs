//! Replaying PDN game files against the reference rules: every game of a
//! file is read (grammar in `pdn.pest`), replayed move by move from the start
//! position or its `[FEN]` tag, and reported with its first illegal move, if
//! any, and whether the recorded result agrees with the board.
//!
//! Moves go to the variant's [`Game`] exactly as written, so the variant's
//! own notation parser decides what a move means (`22x6` for the chain
//! `22x15x6`, `c3:e5`, ...).
//!
//! Results: the left score of a PDN result (`2-0`, `1-0`) is the first
//! player's, the player who moves first in the variant: white in Russian and
//! international draughts, black in English and pool checkers (PDN files of
//! English checkers write `1-0` for a black win; `fixtures/pdn/english.pdn`
//! shows it: the loser is the side that resigns after the winner's move).

use std::fmt;
use std::path::{Path, PathBuf};

use pest::Parser;
use pest_derive::Parser;

use crate::catalog::Catalog;
use crate::game::{Action, Game, GameError, Options};
use crate::registry::{self, SetupError};
use crate::scenario::expect::{self, ResultExp};
use crate::scenario::Loc;
use crate::text::{clean_message, shown, LineIndex};

#[derive(Parser)]
#[grammar = "pdn/pdn.pest"]
struct PdnParser;

/// Largest PDN file read.
const MAX_FILE_BYTES: u64 = 64 << 20;

fn rule_name(rule: &Rule) -> String {
    match rule {
        Rule::tag => "a tag such as [Event \"...\"]",
        Rule::tag_name => "a tag name such as Event",
        Rule::tag_value | Rule::tag_text => "a quoted tag value closed on its line, as in [Site \"Riga\"]",
        Rule::file => "a game (tags, then moves)",
        Rule::bad_tag => "a tag such as [Event \"...\"]",
        Rule::result => "a game result (2-0, 0-2, 1-1, 1-0, 0-1, 1/2-1/2, *)",
        Rule::move_number => "a move number such as 12.",
        Rule::move_text | Rule::square | Rule::move_sep => "a move such as 11-15 or c3-d4",
        Rule::nag => "an annotation such as $1 or !?",
        Rule::EOI => "the end of the file",
        _ => return format!("{rule:?}"),
    }
    .to_string()
}

/// A problem in the text of a PDN file, at a place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub loc: Loc,
    pub message: String,
}

/// Most problems of a file that are printed; the rest are counted.
const MAX_PROBLEMS_SHOWN: usize = 100;

/// Why a PDN file could not be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnError {
    /// The variant or its options do not exist.
    Setup(SetupError),
    /// The file could not be read.
    Io { file: PathBuf, message: String },
    /// The file is not PDN: every problem found, located.
    Parse { file: PathBuf, problems: Vec<Problem> },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::Setup(e) => write!(f, "{e}"),
            PdnError::Io { file, message } => write!(f, "{}: {message}", file.display()),
            PdnError::Parse { file, problems } => {
                for (i, p) in problems.iter().take(MAX_PROBLEMS_SHOWN).enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{}:{}:{}: {}", file.display(), p.loc.line, p.loc.col, p.message)?;
                }
                if problems.len() > MAX_PROBLEMS_SHOWN {
                    write!(f, "\n{}: and {} more problems", file.display(), problems.len() - MAX_PROBLEMS_SHOWN)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for PdnError {}

/// A move as written in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnMove {
    pub text: String,
    pub loc: Loc,
}

/// A game as read from the file, before any replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Where the game starts.
    pub loc: Loc,
    /// Tag pairs in file order, with the place of each value.
    pub tags: Vec<(String, String, Loc)>,
    pub moves: Vec<PdnMove>,
    /// The game terminator written after the moves, if any.
    pub terminator: Option<(String, Loc)>,
}

impl PdnGame {
    /// The value of a tag (the first one of that name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _, _)| n == name).map(|(_, v, _)| v.as_str())
    }
}

/// A tag that does not read, reported as the tag rule alone sees it (what
/// it expected, and where), so that the message says what to write.
fn bad_tag_problem(src: &str, offset: usize, index: &LineIndex<'_>) -> Problem {
    let here = |line: usize, col: usize| {
        let (l0, c0) = index.line_col(offset);
        if line <= 1 {
            Loc { line: l0, col: c0 + col - 1 }
        } else {
            Loc { line: l0 + line - 1, col }
        }
    };
    match PdnParser::parse(Rule::tag, &src[offset..]) {
        Err(e) => {
            let (line, col) = match e.line_col {
                pest::error::LineColLocation::Pos(p) | pest::error::LineColLocation::Span(p, _) => p,
            };
            let n = crate::notation::NotationError::from_pest(e, "PDN", rule_name);
            Problem { loc: here(line, col), message: n.message }
        }
        Ok(_) => Problem { loc: here(1, 1), message: "invalid PDN: a tag that does not read".into() },
    }
}

/// Read the games of a PDN text. Every problem is located in the text.
///
/// The grammar reads tokens; here they are grouped into games, as the
/// format has it: tag pairs, then the movetext, up to a game terminator or
/// the next tag section. Variations are matched here too, and their tokens
/// skipped. Places come from one line index of the text, so that the work
/// stays linear in the size of the file.
pub fn parse(src: &str) -> Result<Vec<PdnGame>, Vec<Problem>> {
    let index = LineIndex::new(src);
    let loc_at = |offset: usize| {
        let (line, col) = index.line_col(offset);
        Loc { line, col }
    };
    let mut pairs = PdnParser::parse(Rule::file, src).map_err(|e| {
        let (line, col) = match e.line_col {
            pest::error::LineColLocation::Pos(p) | pest::error::LineColLocation::Span(p, _) => p,
        };
        let n = crate::notation::NotationError::from_pest(e, "PDN", rule_name);
        vec![Problem { loc: Loc { line, col }, message: n.message }]
    })?;
    let tokens = pairs.next().map(|p| p.into_inner());
    let mut games: Vec<PdnGame> = Vec::new();
    let mut problems = Vec::new();
    // The game being read, and whether it has movetext yet (a tag after
    // movetext starts the next game).
    let mut current: Option<PdnGame> = None;
    let mut in_movetext = false;
    // Open variations, and where the outermost one opens.
    let mut depth = 0usize;
    let mut outermost = Loc::default();
    // After a tag that does not read, the rest of its line (to its ']') is
    // part of it, not more problems.
    let mut bad_tag_line: Option<usize> = None;
    let new_game = |games: &[PdnGame], loc: Loc| PdnGame {
        number: games.len() + 1,
        loc,
        tags: Vec::new(),
        moves: Vec::new(),
        terminator: None,
    };
    for t in tokens.into_iter().flatten() {
        let span = t.as_span();
        let loc = loc_at(span.start());
        let rule = t.as_rule();
        if let Some(line) = bad_tag_line {
            if depth == 0 && loc.line == line && rule != Rule::open_variation && rule != Rule::close_variation {
                if t.as_str() == "]" {
                    bad_tag_line = None;
                }
                continue;
            }
            bad_tag_line = None;
        }
        match rule {
            Rule::open_variation => {
                if depth == 0 {
                    outermost = loc;
                }
                depth += 1;
                continue;
            }
            Rule::close_variation if depth > 0 => {
                depth -= 1;
                continue;
            }
            Rule::close_variation => {
                problems
                    .push(Problem { loc, message: "')' closes nothing: there is no matching opening bracket".into() });
                continue;
            }
            // Inside a variation every token is skipped, as a comment.
            _ if depth > 0 || rule == Rule::EOI => continue,
            _ => {}
        }
        if rule == Rule::tag && in_movetext {
            games.extend(current.take());
            in_movetext = false;
        }
        let game = current.get_or_insert_with(|| new_game(&games, loc));
        match rule {
            Rule::tag => {
                let mut inner = t.into_inner();
                let name = inner.next().map(|p| p.as_str().to_string()).unwrap_or_default();
                let (value, at) = match inner.next() {
                    // The value's text starts after the opening quote.
                    Some(v) => {
                        let at = loc_at(v.as_span().start());
                        (unescape(v.into_inner().next().map(|t| t.as_str()).unwrap_or("")), at)
                    }
                    None => (String::new(), loc),
                };
                game.tags.push((name, value, Loc { line: at.line, col: at.col + 1 }));
            }
            Rule::bad_tag => {
                problems.push(bad_tag_problem(src, span.start(), &index));
                bad_tag_line = Some(loc.line);
            }
            Rule::result => {
                game.terminator = Some((t.as_str().to_string(), loc));
                games.extend(current.take());
                in_movetext = false;
                continue;
            }
            Rule::move_text => game.moves.push(PdnMove { text: t.as_str().to_string(), loc }),
            Rule::unclosed_comment => {
                problems.push(Problem { loc, message: "this comment is never closed: '{' needs a matching '}'".into() })
            }
            Rule::stray_close => problems.push(Problem {
                loc,
                message: format!("'{}' closes nothing: there is no matching opening bracket", t.as_str()),
            }),
            Rule::bad_token => problems.push(Problem {
                loc,
                message: format!("'{}' is not a move, a move number, a comment or a game result", shown(t.as_str())),
            }),
            _ => {}
        }
        if rule != Rule::tag {
            in_movetext = true;
        }
    }
    games.extend(current);
    if depth > 0 {
        problems.push(Problem {
            loc: outermost,
            message: "this variation is never closed: '(' needs a matching ')'".into(),
        });
    }
    if problems.is_empty() {
        Ok(games)
    } else {
        Err(problems)
    }
}

fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A result as recorded in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// A named player won.
    Win(String),
    Draw,
    /// `*`, or no result given at all.
    Unknown,
    /// `0-0` (both lost) or a result string rulecheck does not know.
    Other,
}

/// Read a PDN result string; the left score is the first player's.
pub fn recorded_result(text: &str, players: &[String]) -> Recorded {
    let first = players.first().cloned().unwrap_or_default();
    let second = players.get(1).cloned().unwrap_or_default();
    match text.trim() {
        "2-0" | "1-0" => Recorded::Win(first),
        "0-2" | "0-1" => Recorded::Win(second),
        "1-1" | "1/2-1/2" | "½-½" => Recorded::Draw,
        "*" | "" | "?" => Recorded::Unknown,
        _ => Recorded::Other,
    }
}

/// How the recorded result compares with the reference's result after the
/// last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultCheck {
    /// The game ended on the board as recorded.
    Agrees,
    /// The record gives a result the board has not reached: the game is
    /// still going on after the last move (a resignation, an agreed draw, an
    /// adjudication). This does not contradict the record.
    NotReached,
    /// No result recorded (`*` or none), or one rulecheck cannot compare.
    NotRecorded,
    /// The board says otherwise.
    Contradicts,
}

/// The first move of a game the reference refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// Ply index in the game (0-based).
    pub ply: usize,
    /// The move number as PDN writes it: `23.` or `23...`.
    pub number: String,
    pub text: String,
    /// The reason code the reference gives (`must-capture`, ...).
    pub reason: String,
    /// The position the move was refused in (canonical FEN).
    pub position: String,
    pub loc: Loc,
}

/// What became of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every move replayed.
    Replayed(ResultCheck),
    /// The game ended on the board (a draw rule, a side without moves)
    /// before the record does: `next` is the first recorded move after the
    /// end, and the recorded result is compared with the board's then.
    EndedEarly { next: IllegalMove, check: ResultCheck },
    /// The reference refused a move.
    Illegal(IllegalMove),
    /// The game cannot be replayed: its FEN or a move does not read on this
    /// board.
    Unreadable(Problem),
}

/// The replay of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    pub number: usize,
    /// The variant's players in turn order (`black`, `white` in English).
    pub players: Vec<String>,
    pub loc: Loc,
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (canonical), and whether a `[FEN]`
    /// tag gave it.
    pub start: String,
    pub from_fen: bool,
    /// The side to move first.
    pub first_to_move: String,
    pub moves: Vec<PdnMove>,
    /// The moves as handed to the reference (as written, but for separator
    /// quirks read the other way; see the notes).
    pub played: Vec<String>,
    /// Moves replayed before the first illegal one (all when none is).
    pub replayed: usize,
    /// The result as recorded (the Result tag, else the terminator).
    pub recorded_text: Option<String>,
    pub recorded: Recorded,
    /// The reference's result after the replayed moves, and the position.
    pub reference: Option<String>,
    pub final_position: Option<String>,
    pub status: Status,
    /// Remarks that do not change the status (a GameType for another
    /// variant, a terminator that differs from the Result tag).
    pub notes: Vec<String>,
}

impl GameReport {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// A tag's value, or `None` when absent or a PDN "unknown" value.
    fn known_tag(&self, name: &str) -> Option<&str> {
        self.tag(name).map(str::trim).filter(|v| !v.is_empty() && !v.chars().all(|c| matches!(c, '?' | '.' | '-')))
    }

    /// `Event, First - Second, Date` from the tags that are known, the
    /// players in turn order (`White - Black` in Russian draughts, `Black -
    /// White` in English checkers).
    pub fn title(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = self.known_tag("Event") {
            parts.push(e.to_string());
        }
        let names: Vec<Option<&str>> = self.players.iter().map(|p| self.known_tag(&tag_name(p))).collect();
        if names.iter().any(Option::is_some) {
            let shown: Vec<&str> = names.iter().map(|n| n.unwrap_or("?")).collect();
            parts.push(shown.join(" - "));
        }
        if let Some(d) = self.known_tag("Date") {
            parts.push(d.to_string());
        }
        parts.join(", ")
    }

    /// Whether the game replays and its record does not contradict the board.
    pub fn ok(&self) -> bool {
        match &self.status {
            Status::Replayed(c) | Status::EndedEarly { check: c, .. } => *c != ResultCheck::Contradicts,
            Status::Illegal(_) | Status::Unreadable(_) => false,
        }
    }
}

/// The PDN tag naming a player: `White` for `white`.
fn tag_name(player: &str) -> String {
    let mut chars = player.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The number of a ply as PDN writes it, given whether the first player
/// moves first from the start position.
fn move_number(ply: usize, first_player_starts: bool) -> String {
    let p = ply + usize::from(!first_player_starts);
    if p % 2 == 0 {
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
    let game = registry::configure(variant, options).map_err(PdnError::Setup)?;
    let games = parse(src).map_err(|problems| PdnError::Parse { file: file.to_path_buf(), problems })?;
    Ok(games.iter().map(|g| replay_game(game.as_ref(), g)).collect())
}

/// Read a PDN file and replay every game in it.
pub fn replay_file(variant: &str, options: &Options, path: &Path) -> Result<Vec<GameReport>, PdnError> {
    let io = |message: String| PdnError::Io { file: path.to_path_buf(), message };
    let bytes = crate::files::read_bounded(path, MAX_FILE_BYTES).map_err(io)?;
    // Old collections are often Latin-1 or Windows-1252: read what is not
    // UTF-8 byte by byte, so that names stay readable and places stay true.
    let src = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    replay_named(variant, options, path, &src)
}

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
/// itself are a [`PdnError`], also 2).
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

/// Why a game cannot become a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError(pub String);

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScenarioError {}

/// A YAML double-quoted string.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The clauses a replayed game exercises, among those the catalog has: the
/// set-up and turn order, man moves, captures if any were made, and how the
/// game ended on the board.
fn clauses_for(catalog: &Catalog, variant: &str, report: &GameReport, at_start: bool) -> Vec<String> {
    let mut wanted: Vec<String> = Vec::new();
    if at_start {
        wanted.push(format!("{variant}.setup.board"));
        wanted.push(format!("{variant}.board"));
    }
    wanted.push(format!("{variant}.setup.first"));
    wanted.push(format!("{variant}.move.man"));
    let captures = report.played[..report.replayed.min(report.played.len())].iter().any(|m| m.contains(['x', ':']));
    if captures {
        wanted.push(format!("{variant}.capture.mandatory"));
    }
    if let Some(Ok((result, _))) = report.reference.as_deref().map(expect::parse_result) {
        match result.reason() {
            Some(("no-pieces", _)) => {
                wanted.push(format!("{variant}.end.no-pieces"));
                wanted.push(format!("{variant}.end.no-moves"));
            }
            Some(("no-moves", _)) => wanted.push(format!("{variant}.end.no-moves")),
            Some(("repetition", _)) => wanted.push(format!("{variant}.draw.repetition")),
            Some(("forty-move", _)) => wanted.push(format!("{variant}.draw.forty")),
            Some(("twenty-five-move", _)) => wanted.push(format!("{variant}.draw.twenty-five")),
            Some(("three-kings", _)) => wanted.push(format!("{variant}.draw.three-kings")),
            Some(("sixteen-move", _)) => wanted.push(format!("{variant}.draw.sixteen")),
            Some(("five-move", _)) => wanted.push(format!("{variant}.draw.five")),
            _ => {}
        }
    }
    let mut out: Vec<String> = Vec::new();
    for id in wanted {
        if catalog.clause(&id).is_some() && !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The scenario entry (a YAML list item, indented for `scenarios:`) of one
/// fully replayed game.
fn scenario_entry(catalog: &Catalog, variant: &str, report: &GameReport) -> Result<String, ScenarioError> {
    let (Status::Replayed(_) | Status::EndedEarly { .. }, Some(after), Some(result)) =
        (&report.status, report.final_position.as_deref(), report.reference.as_deref())
    else {
        return Err(ScenarioError(format!("game {} does not replay, so it cannot become a scenario", report.number)));
    };
    let played = &report.played[..report.replayed.min(report.played.len())];
    // A FEN tag that gives the start position is the start position: the
    // scenario leaves it to the engine to set up.
    let at_start = !report.from_fen
        || registry::configure(variant, &Options::new()).map(|g| g.start_position() == report.start).unwrap_or(false);
    let clauses = clauses_for(catalog, variant, report, at_start);
    if clauses.is_empty() {
        return Err(ScenarioError(format!("the rule catalog has no clause of variant {variant} to cite")));
    }
    let title = report.title();
    let name =
        if title.is_empty() { format!("game {}", report.number) } else { format!("game {}: {title}", report.number) };
    let mut out = String::new();
    out.push_str(&format!("  - name: {}\n", quote(&name)));
    out.push_str(&format!("    clauses: [{}]\n", clauses.join(", ")));
    if !at_start {
        out.push_str(&format!("    position: {}\n", quote(&report.start)));
    }
    if !played.is_empty() {
        out.push_str("    play: [");
        let mut line_len = 11;
        for (i, m) in played.iter().enumerate() {
            let item = quote(m);
            if i > 0 {
                out.push(',');
                if line_len + item.len() + 2 > 100 {
                    out.push_str("\n      ");
                    line_len = 6;
                } else {
                    out.push(' ');
                    line_len += 1;
                }
            }
            out.push_str(&item);
            line_len += item.len() + 1;
        }
        out.push_str("]\n");
    }
    out.push_str("    expect:\n");
    out.push_str(&format!("      after: {}\n", quote(after)));
    out.push_str(&format!("      result: {}\n", quote(result)));
    Ok(out)
}

fn scenario_header(variant: &str, options: &Options, source: &str) -> Result<String, ScenarioError> {
    let v = registry::variant(variant).map_err(|e| ScenarioError(e.to_string()))?;
    let mut out = format!(
        "# Replayed from {source} by rulecheck replay --scenario.\nvariant: {variant}\npage: {}\n",
        v.info().page
    );
    if !options.is_empty() {
        out.push_str("options:\n");
        for (k, val) in options {
            out.push_str(&format!("  {k}: {}\n", quote(val)));
        }
    }
    out.push_str("scenarios:\n");
    Ok(out)
}

/// One replayed game as a scenario file: the variant and its rule page, the
/// options given, and one scenario that plays the game's moves and expects
/// the final position and the reference's result. `source` names the PDN
/// file in a comment.
pub fn scenario_yaml(
    variant: &str,
    options: &Options,
    report: &GameReport,
    source: &str,
) -> Result<String, ScenarioError> {
    scenarios_yaml(variant, options, std::slice::from_ref(report), source)
}

/// Every game of a file that replays, as one scenario file (games that do
/// not replay are left out; an error if none does).
pub fn scenarios_yaml(
    variant: &str,
    options: &Options,
    reports: &[GameReport],
    source: &str,
) -> Result<String, ScenarioError> {
    let catalog = Catalog::builtin().map_err(ScenarioError)?;
    let mut out = scenario_header(variant, options, source)?;
    let mut any = false;
    let mut last_err = None;
    for r in reports {
        match scenario_entry(&catalog, variant, r) {
            Ok(entry) => {
                if any {
                    out.push('\n');
                }
                out.push_str(&entry);
                any = true;
            }
            Err(e) => last_err = Some(e),
        }
    }
    if any {
        Ok(out)
    } else {
        Err(last_err.unwrap_or_else(|| ScenarioError("the file has no game".into())))
    }
}
