//! PDN FEN positions: reading (numeric or algebraic squares, ranges
//! allowed) and writing, with the counter fields appended.
//!
//! Apart from the diagram because it is the one-line form: piece lists by
//! side rather than a drawn board.

use pest::iterators::Pair;
use pest::Parser;

use super::super::geometry::Geometry;
use super::super::position::Position;
use super::super::rules::{Rules, Side};
use super::super::word::Word;
use super::counters::{apply_counter, status_fields};
use super::{parse_square, rule_name, square_name, NotationParser, Rule, SquareStyle};
use rulecheck_game::notation::{self, NotationError};
use rulecheck_text::shown;

/// Parse a PDN FEN position (numeric or algebraic squares, ranges allowed).
pub fn parse_fen<B: Word>(text: &str, rules: &Rules) -> Result<Position<B>, NotationError> {
    let g = &rules.geometry;
    let top = notation::top(NotationParser::parse(Rule::fen, text), "FEN", rule_name)?;
    let mut pos = Position::new(B::ZERO, B::ZERO, B::ZERO, Side::Black);
    let mut seen_colors: Vec<char> = Vec::new();
    for part in top.into_inner() {
        match part.as_rule() {
            Rule::turn => pos.turn = if part.as_str() == "B" { Side::Black } else { Side::White },
            Rule::color_list => {
                let span = part.as_span();
                let mut inner = part.into_inner();
                let color = inner.next().map(|c| c.as_str()).unwrap_or("W");
                let c = color.chars().next().unwrap_or('W');
                if seen_colors.contains(&c) {
                    return Err(NotationError::at(span, format!("the piece list of {color} is given twice")));
                }
                seen_colors.push(c);
                let side = if c == 'B' { Side::Black } else { Side::White };
                for piece in inner {
                    let piece_span = piece.as_span();
                    let (set, king) = parse_piece::<B>(piece, g)?;
                    // A square holds one piece: a man and a king, or pieces
                    // of both sides, on one square is no position.
                    let taken = set & (pos.pieces(Side::White) | pos.pieces(Side::Black));
                    if !taken.is_zero() {
                        return Err(NotationError::at(
                            piece_span,
                            format!("'{}' is on a square already given: a square holds one piece", piece_span.as_str()),
                        ));
                    }
                    let own = pos.pieces_mut(side);
                    *own |= set;
                    if king {
                        pos.kings |= set;
                    }
                }
            }
            Rule::counter | Rule::king_run => apply_counter(&mut pos, part, rules)?,
            _ => {}
        }
    }
    pos.validate(rules).map_err(NotationError::whole)?;
    Ok(pos)
}

fn parse_piece<B: Word>(piece: Pair<'_, Rule>, g: &Geometry) -> Result<(B, bool), NotationError> {
    let mut king = false;
    let mut set = B::ZERO;
    for p in piece.into_inner() {
        match p.as_rule() {
            Rule::king_mark => king = true,
            Rule::square => set |= g.mask(parse_square(&p, g)?),
            Rule::range => {
                let span = p.as_span();
                let nums: Vec<u32> = p.into_inner().map(|n| n.as_str().parse().unwrap_or(u32::MAX)).collect();
                let (a, b) = match nums[..] {
                    [a, b] => (a, b),
                    _ => (0, 0),
                };
                if a == 0 || b > u32::from(g.squares()) || a > b {
                    return Err(NotationError::at(
                        span,
                        format!(
                            "range {} is not an ascending range of squares 1..{} (write it as 21-32)",
                            shown(span.as_str()),
                            g.squares()
                        ),
                    ));
                }
                for n in a..=b {
                    set |= g.mask(n as u8 - 1);
                }
            }
            _ => {}
        }
    }
    Ok((set, king))
}

/// Write a position as PDN FEN, white's list first, with non-zero counters
/// that the rules use.
pub fn write_fen<B: Word>(pos: &Position<B>, rules: &Rules, style: SquareStyle) -> String {
    let g = &rules.geometry;
    let list = |side: Side| -> String {
        let pieces = pos.pieces(side);
        let names: Vec<String> = g
            .squares_of(pieces)
            .into_iter()
            .map(|s| {
                let k = if (pos.kings & g.mask::<B>(s)).is_zero() { "" } else { "K" };
                format!("{k}{}", square_name(s, g, style))
            })
            .collect();
        format!("{}{}", side.letter(), names.join(","))
    };
    let mut out = format!("{}:{}:{}", pos.turn.letter(), list(Side::White), list(Side::Black));
    for field in status_fields(pos, rules, style) {
        out.push(':');
        out.push_str(&field);
    }
    out
}
