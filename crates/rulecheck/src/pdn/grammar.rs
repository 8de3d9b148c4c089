//! The PDN grammar's reader: `pdn.pest` (beside this file) reads tokens,
//! and [`parse`] groups them into games, matches variations and locates
//! every problem in the text. Kept apart from the replay so that reading a
//! file, which knows nothing of the rules, can be tested and bounded on
//! its own (its work must stay linear in the size of the file).

use pest::Parser;

use super::model::{PdnGame, PdnMove, Problem};
use crate::scenario::Loc;
use rulecheck_text::{shown, LineIndex};

rulecheck_game::grammar! {
    PdnParser = "pdn/pdn.pest";
    tag => "a tag such as [Event \"...\"]",
    tag_name => "a tag name such as Event",
    tag_value | tag_text => "a quoted tag value closed on its line, as in [Site \"Riga\"]",
    file => "a game (tags, then moves)",
    bad_tag => "a tag such as [Event \"...\"]",
    result => "a game result (2-0, 0-2, 1-1, 1-0, 0-1, 1/2-1/2, *)",
    move_number => "a move number such as 12.",
    move_text | square | move_sep => "a move such as 11-15 or c3-d4",
    nag => "an annotation such as $1 or !?",
    EOI => "the end of the file",
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
            let n = rulecheck_game::notation::NotationError::from_pest(e, "PDN", rule_name);
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
        let n = rulecheck_game::notation::NotationError::from_pest(e, "PDN", rule_name);
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
