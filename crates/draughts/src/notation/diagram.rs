//! Board diagrams: reading one, with its row labels, file letters and
//! status line checked against the board, and drawing one that reads back.
//!
//! Apart from FEN because a diagram is a drawn board, row by row, and its
//! checks are about cells and rows rather than piece lists.

use pest::iterators::Pair;
use pest::Parser;

use super::super::position::Position;
use super::super::rules::{Rules, Side};
use super::super::word::Word;
use super::counters::{apply_counter, status_fields};
use super::{rule_name, NotationParser, Rule, SquareStyle};
use rulecheck_game::notation::{self, NotationError};
use rulecheck_text::shown;

/// Parse a board diagram (see the grammar for its shape).
pub fn parse_diagram<B: Word>(text: &str, rules: &Rules) -> Result<Position<B>, NotationError> {
    let g = &rules.geometry;
    let top = notation::top(NotationParser::parse(Rule::diagram, text), "diagram", rule_name)?;
    let mut pos = Position::new(B::ZERO, B::ZERO, B::ZERO, Side::Black);
    let mut row: u8 = 0;
    let mut rows_seen = 0usize;
    let mut last_row_span = None;
    for part in top.into_inner() {
        match part.as_rule() {
            Rule::board_row => {
                rows_seen += 1;
                let span = part.as_span();
                last_row_span = Some(span);
                if row >= g.size() {
                    return Err(NotationError::at(span, format!("too many rows: the board has {}", g.size())));
                }
                let cells: Vec<Pair<'_, Rule>> =
                    part.clone().into_inner().filter(|p| p.as_rule() == Rule::cell).collect();
                if cells.len() != usize::from(g.size()) {
                    return Err(NotationError::at(
                        span,
                        format!(
                            "row {} has {} cells; a row has {}: write every cell, '.' for a light square and '_' for an empty dark one, e.g. '{}'",
                            row + 1,
                            cells.len(),
                            g.size(),
                            (0..g.size())
                                .map(|c| if g.at(row, c).is_some() { "_" } else { "." })
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                    ));
                }
                // A row's label is a reading aid, but a wrong one misleads:
                // it must be the row's square range or its rank number.
                if let Some(label) = part.clone().into_inner().find(|p| p.as_rule() == Rule::row_label) {
                    let (first, last) = g.row_range(row);
                    let rank = u32::from(g.size() - row);
                    let nums: Vec<Option<u32>> = label.clone().into_inner().map(|n| n.as_str().parse().ok()).collect();
                    let fits = match nums.as_slice() {
                        [Some(a), Some(b)] => (*a, *b) == (first, last),
                        [Some(n)] => *n == rank,
                        _ => false,
                    };
                    if !fits {
                        let at = label.clone().into_inner().next().map(|n| n.as_span()).unwrap_or(label.as_span());
                        return Err(NotationError::at(
                            at,
                            format!(
                                "row {} is labelled '{}', but it holds squares {first}-{last} (rank {rank}): label it so, or leave the label out",
                                row + 1,
                                shown(label.as_str().trim())
                            ),
                        ));
                    }
                }
                for (col, cell) in cells.iter().enumerate() {
                    let c = cell.as_str();
                    match g.at(row, col as u8) {
                        None if c != "." => {
                            return Err(NotationError::at(
                                cell.as_span(),
                                format!("'{c}' on a light square: light squares are written '.'"),
                            ))
                        }
                        None => {}
                        // A board on which every cell is a square has no light
                        // squares: '.' is an empty square there too.
                        Some(_) if c == "." && g.is_full() => {}
                        Some(_) if c == "." => {
                            return Err(NotationError::at(
                                cell.as_span(),
                                "'.' on a dark square: an empty dark square is written '_'",
                            ))
                        }
                        Some(sq) => {
                            let m = g.mask::<B>(sq);
                            match c {
                                "b" => pos.black |= m,
                                "w" => pos.white |= m,
                                "B" => {
                                    pos.black |= m;
                                    pos.kings |= m
                                }
                                "W" => {
                                    pos.white |= m;
                                    pos.kings |= m
                                }
                                _ => {}
                            }
                        }
                    }
                }
                row += 1;
            }
            Rule::files_line => {
                let letters: String = part.as_str().split_whitespace().collect();
                let wanted: Vec<String> = (0..g.size()).map(|c| char::from(b'a' + c).to_string()).collect();
                if letters != wanted.concat() {
                    return Err(NotationError::at(
                        part.as_span(),
                        format!("the file letters of this board are '{}'", wanted.join(" ")),
                    ));
                }
            }
            Rule::status => {
                if rows_seen != usize::from(g.size()) {
                    let span = last_row_span.unwrap_or(part.as_span());
                    return Err(NotationError::at(
                        span,
                        format!("the diagram has {rows_seen} rows; the board has {}", g.size()),
                    ));
                }
                let mover = notation::status(part, |counter| apply_counter(&mut pos, counter, rules))?;
                pos.turn = mover.and_then(|p| Side::from_name(p.as_str())).unwrap_or(Side::Black);
            }
            _ => {}
        }
    }
    pos.validate(rules).map_err(NotationError::whole)?;
    Ok(pos)
}

/// Draw a position as a diagram that [`parse_diagram`] reads back: rows
/// labelled with their square numbers, or with rank numbers and a line of
/// file letters for algebraic notation.
pub fn write_diagram<B: Word>(pos: &Position<B>, rules: &Rules, style: SquareStyle) -> String {
    let g = &rules.geometry;
    let width = g.squares().to_string().len();
    let mut out = String::new();
    for row in 0..g.size() {
        let mut cells = Vec::new();
        for col in 0..g.size() {
            let c = match g.at(row, col) {
                None => '.',
                Some(sq) => {
                    let m = g.mask::<B>(sq);
                    let king = !(pos.kings & m).is_zero();
                    match (!(pos.black & m).is_zero(), !(pos.white & m).is_zero(), king) {
                        (true, _, false) => 'b',
                        (true, _, true) => 'B',
                        (_, true, false) => 'w',
                        (_, true, true) => 'W',
                        _ => '_',
                    }
                }
            };
            cells.push(c.to_string());
        }
        let label = match style {
            SquareStyle::Numeric => {
                let (first, last) = g.row_range(row);
                format!("{first:>width$}-{last:<width$}")
            }
            SquareStyle::Algebraic => (g.size() - row).to_string(),
        };
        out.push_str(&format!("{}   {label}", cells.join(" ")));
        out = out.trim_end().to_string();
        out.push('\n');
    }
    if style == SquareStyle::Algebraic {
        let files: Vec<String> = (0..g.size()).map(|c| char::from(b'a' + c).to_string()).collect();
        out.push_str(&files.join(" "));
        out.push('\n');
    }
    out.push_str(&format!("{} to move", pos.turn.name()));
    for field in status_fields(pos, rules, style) {
        out.push_str(", ");
        out.push_str(&field);
    }
    out.push('\n');
    out
}
