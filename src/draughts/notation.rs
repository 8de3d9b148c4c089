//! Reading and writing draughts notation: PDN FEN (with a counter extension),
//! board diagrams and moves. The grammar is `notation.pest` beside this file.
//!
//! The FEN extension appends `:name=value` fields after the piece lists, so
//! that a position string carries every counter a draw rule needs:
//! `np` counts consecutive plies without a capture or a man move (the
//! automatic no-progress draw), `nm` consecutive plies without a man move
//! (the claimed no-progress draw), `eg` the plies since an endgame balance
//! arose. Under a same-king move limit, `wk=28/2` (white) and `bk=..`
//! (black) name the king whose successive non-capturing moves are counted
//! and how many it has made. Zero counters are omitted on output.

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use super::geometry::Geometry;
use super::position::{KingRun, Position};
use super::rules::{Rules, Side};
use super::word::Word;
use crate::notation::{self, NotationError};
use crate::text::shown;

#[derive(Parser)]
#[grammar = "draughts/notation.pest"]
struct NotationParser;

fn rule_name(rule: &Rule) -> String {
    match rule {
        Rule::square | Rule::number | Rule::algebraic => "a square (a number such as 15, or a name such as c3)",
        Rule::plain_move | Rule::capture_move => "'-' for a move or 'x' for a capture",
        Rule::turn => "the side to move (B or W)",
        Rule::color | Rule::color_list => "a piece list starting with B or W",
        Rule::piece | Rule::range => "a square, K and a square, or a range such as 21-32",
        Rule::counter | Rule::counter_name => "a counter such as np=12",
        Rule::king_run | Rule::king_run_name => "a king's move count such as wk=28/2",
        Rule::counter_value => "a number",
        Rule::cell => "a cell ('.', '_', b, w, B or W)",
        Rule::status | Rule::side_name => "a line 'black to move' or 'white to move'",
        Rule::board_row => "a board row",
        Rule::files_line => "a line of file letters",
        Rule::EOI => "the end of the text",
        _ => return format!("{rule:?}"),
    }
    .to_string()
}

/// How squares are written on output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SquareStyle {
    /// PDN numbers (1..32 on 8x8, 1..50 on 10x10).
    #[default]
    Numeric,
    /// Algebraic names (a1 at the bottom left).
    Algebraic,
}

/// A move as written: the squares it names and whether it was written as a
/// capture. It says nothing yet about legality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// 0-based square numbers: the start, then each landing square given.
    pub squares: Vec<u8>,
    pub capture: bool,
}

fn parse_square(pair: &Pair<'_, Rule>, g: &Geometry) -> Result<u8, NotationError> {
    let text = pair.as_str();
    let inner = pair.clone().into_inner().next();
    let is_number = inner.as_ref().map(|p| p.as_rule() == Rule::number).unwrap_or(false);
    if is_number {
        let squares = g.squares();
        match text.parse::<u32>() {
            Ok(n) if (1..=u32::from(squares)).contains(&n) => Ok(n as u8 - 1),
            _ => Err(NotationError::at(
                pair.as_span(),
                format!("square {} is not on the board (squares are 1..{squares})", shown(text)),
            )),
        }
    } else {
        let file = text.as_bytes().first().map_or(u8::MAX, |b| b.wrapping_sub(b'a'));
        let rank: u8 = text.get(1..).and_then(|r| r.parse().ok()).unwrap_or(0);
        if file >= g.size() || rank == 0 || rank > g.size() {
            return Err(NotationError::at(
                pair.as_span(),
                format!(
                    "{} is not on a {1}x{1} board (files a..{2}, ranks 1..{1})",
                    shown(text),
                    g.size(),
                    char::from(b'a' + g.size() - 1)
                ),
            ));
        }
        g.from_algebraic(file, rank).ok_or_else(|| {
            NotationError::at(pair.as_span(), format!("{text} is a light square; play is on the dark squares"))
        })
    }
}

/// Parse a move as written, checking only that its squares exist.
pub fn parse_move(text: &str, g: &Geometry) -> Result<MoveText, NotationError> {
    let top = notation::top(NotationParser::parse(Rule::move_text, text.trim()), "move", rule_name)?;
    let mut squares = Vec::new();
    let mut capture = false;
    for part in top.into_inner() {
        match part.as_rule() {
            Rule::square => squares.push(parse_square(&part, g)?),
            Rule::plain_move | Rule::capture_move => {
                capture = part.as_rule() == Rule::capture_move;
                for sq in part.into_inner() {
                    squares.push(parse_square(&sq, g)?);
                }
            }
            _ => {}
        }
    }
    Ok(MoveText { squares, capture })
}

/// Write a square.
pub fn square_name(square: u8, g: &Geometry, style: SquareStyle) -> String {
    match style {
        SquareStyle::Numeric => (square + 1).to_string(),
        SquareStyle::Algebraic => g.algebraic(square),
    }
}

/// Write a move from its start and landing squares (0-based).
pub fn write_move(from: u8, path: &[u8], capture: bool, g: &Geometry, style: SquareStyle) -> String {
    let sep = match (capture, style) {
        (false, _) => "-",
        (true, SquareStyle::Numeric) => "x",
        // Turkish texts write algebraic captures with 'x', the diagonal
        // games' Russian-style ones with ':'.
        (true, SquareStyle::Algebraic) if g.is_full() => "x",
        (true, SquareStyle::Algebraic) => ":",
    };
    let mut out = square_name(from, g, style);
    for &sq in path {
        out.push_str(sep);
        out.push_str(&square_name(sq, g, style));
    }
    out
}

/// Counters read from a position's text.
/// A counter read from a position's text. A counter the rules do not keep is
/// an error, not silently dropped: a scenario that sets it would test nothing.
fn apply_counter<B: Word>(pos: &mut Position<B>, pair: Pair<'_, Rule>, rules: &Rules) -> Result<(), NotationError> {
    if pair.as_rule() == Rule::king_run {
        return apply_king_run(pos, pair, rules);
    }
    let span = pair.as_span();
    let mut inner = pair.into_inner();
    let name = inner.next().map(|p| p.as_str()).unwrap_or("");
    let value_pair = inner.next();
    let written = value_pair.as_ref().map_or("", |p| p.as_str());
    let value: u16 = written.parse().map_err(|_| {
        NotationError::at(
            span,
            format!("{}={}: a counter is a whole number of plies from 0 to {}", shown(name), shown(written), u16::MAX),
        )
    })?;
    let kept: Vec<&str> = counters(pos, rules).into_iter().map(|(n, _)| n).collect();
    if ["np", "nm", "eg"].contains(&name) && !kept.contains(&name) {
        let which = if kept.is_empty() {
            "these rules keep no counter".to_string()
        } else {
            format!("they keep {}", kept.join(", "))
        };
        return Err(NotationError::at(span, format!("counter '{name}' is not kept under these rules ({which})")));
    }
    match name {
        "wk" | "bk" => {
            return Err(NotationError::at(
                span,
                format!("{name}= is a king's square and its successive moves, written as {name}=28/2"),
            ))
        }
        "np" => pos.quiet_plies = value,
        "nm" => pos.plies_since_man_move = value,
        "eg" => pos.endgame_plies = value,
        other => {
            return Err(NotationError::at(
                span,
                format!("unknown counter '{}' (known: np = plies without capture or man move, nm = plies without man move, eg = plies since an endgame balance arose)", shown(other)),
            ))
        }
    }
    Ok(())
}

/// A same-king move count read from a position's text (`wk=28/2`): only
/// under rules with the limit, on a king of that side, with a count from 1
/// to the limit, for a side that also has men.
fn apply_king_run<B: Word>(pos: &mut Position<B>, pair: Pair<'_, Rule>, rules: &Rules) -> Result<(), NotationError> {
    let g = &rules.geometry;
    let span = pair.as_span();
    let text = span.as_str();
    let mut inner = pair.into_inner();
    let (Some(name), Some(square), Some(count)) = (inner.next(), inner.next(), inner.next()) else {
        return Err(NotationError::at(span, format!("{}: write a king's count as wk=28/2", shown(text))));
    };
    let side = if name.as_str() == "wk" { Side::White } else { Side::Black };
    let Some(limit) = rules.same_king_moves else {
        return Err(NotationError::at(
            span,
            format!("{}: these rules do not limit the moves of one king", shown(text)),
        ));
    };
    let sq = parse_square(&square, g)?;
    let moves: u8 = count.as_str().parse().unwrap_or(0);
    if moves == 0 || moves > limit {
        return Err(NotationError::at(
            count.as_span(),
            format!("{}: a king makes 1 to {limit} successive moves here (leave the count out for none)", shown(text)),
        ));
    }
    let own = pos.pieces(side);
    if (own & pos.kings & g.mask::<B>(sq)).is_zero() {
        return Err(NotationError::at(
            square.as_span(),
            format!("{}: square {} holds no {} king", shown(text), square.as_str(), side.name()),
        ));
    }
    if (own & !pos.kings).is_zero() {
        return Err(NotationError::at(
            span,
            format!("{}: {} has only kings, and the limit does not apply to them", shown(text), side.name()),
        ));
    }
    pos.king_runs[side as usize] = KingRun { square: g.bit(sq), moves };
    Ok(())
}

/// The same-king move counts by name, as written in a position's text
/// (`28/2`), white's first; none under rules without the limit.
pub(crate) fn king_run_counters<B: Word>(
    pos: &Position<B>,
    rules: &Rules,
    style: SquareStyle,
) -> Vec<(&'static str, String)> {
    let g = &rules.geometry;
    if rules.same_king_moves.is_none() {
        return Vec::new();
    }
    [(Side::White, "wk"), (Side::Black, "bk")]
        .into_iter()
        .filter_map(|(side, name)| {
            let run = pos.king_run(side);
            let sq = g.square(run.square).filter(|_| run.moves != 0)?;
            Some((name, format!("{}/{}", square_name(sq, g, style), run.moves)))
        })
        .collect()
}

fn king_run_fields<B: Word>(pos: &Position<B>, rules: &Rules, style: SquareStyle) -> Vec<String> {
    king_run_counters(pos, rules, style).into_iter().map(|(name, value)| format!("{name}={value}")).collect()
}

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
    for (name, value) in counters(pos, rules) {
        if value != 0 {
            out.push_str(&format!(":{name}={value}"));
        }
    }
    for field in king_run_fields(pos, rules, style) {
        out.push(':');
        out.push_str(&field);
    }
    out
}

/// The counters a rule set uses, by name.
pub(crate) fn counters<B: Word>(pos: &Position<B>, rules: &Rules) -> Vec<(&'static str, u16)> {
    use super::rules::{Endgame, NoProgress};
    let mut out = match rules.no_progress {
        NoProgress::Off => vec![],
        NoProgress::Automatic { .. } => vec![("np", pos.quiet_plies)],
        NoProgress::Claim { .. } => vec![("nm", pos.plies_since_man_move)],
    };
    if rules.endgame != Endgame::Off {
        out.push(("eg", pos.endgame_plies));
    }
    out
}

/// Drop the counters the rules do not use, so that two spellings of the same
/// game state compare equal.
pub fn normalize<B: Word>(pos: &Position<B>, rules: &Rules) -> Position<B> {
    use super::rules::{Endgame, NoProgress};
    let mut p = *pos;
    if !matches!(rules.no_progress, NoProgress::Automatic { .. }) {
        p.quiet_plies = 0;
    }
    if !matches!(rules.no_progress, NoProgress::Claim { .. }) {
        p.plies_since_man_move = 0;
    }
    if rules.endgame == Endgame::Off {
        p.endgame_plies = 0;
    }
    if rules.same_king_moves.is_none() {
        p.king_runs = [KingRun::NONE; 2];
    }
    p
}

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

/// Parse a position given either as FEN or as a diagram (any text of more
/// than one line).
pub fn parse_position<B: Word>(text: &str, rules: &Rules) -> Result<Position<B>, NotationError> {
    notation::line_or_diagram(
        text,
        // The FEN grammar allows surrounding spaces, so columns stay true.
        |line| parse_fen(line.trim_end_matches(['\n', '\r']), rules),
        |diagram| parse_diagram(diagram, rules),
    )
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
    for (name, value) in counters(pos, rules) {
        if value != 0 {
            out.push_str(&format!(", {name}={value}"));
        }
    }
    for field in king_run_fields(pos, rules, style) {
        out.push_str(", ");
        out.push_str(&field);
    }
    out.push('\n');
    out
}
