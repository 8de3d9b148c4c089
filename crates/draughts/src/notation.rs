//! Reading and writing draughts notation: PDN FEN (with a counter extension),
//! board diagrams and moves. The grammar is `notation.pest` beside this file.
//!
//! This file holds the parser, squares and moves, and the choice between
//! the two ways of writing a position; each of those ways has a file
//! (`fen`, `diagram`), and the draw-rule counters both of them carry have
//! one of their own (`counters`).

mod counters;
mod diagram;
mod fen;

pub use self::counters::normalize;
pub(crate) use self::counters::{counters, king_run_counters};
pub use self::diagram::{parse_diagram, write_diagram};
pub use self::fen::{parse_fen, write_fen};

use pest::iterators::Pair;
use pest::Parser;

use super::geometry::Geometry;
use super::position::Position;
use super::rules::Rules;
use super::word::Word;
use rulecheck_game::notation::{self, NotationError};
use rulecheck_text::shown;

rulecheck_game::grammar! {
    NotationParser = "notation.pest";
    square | number | algebraic => "a square (a number such as 15, or a name such as c3)",
    plain_move | capture_move => "'-' for a move or 'x' for a capture",
    turn => "the side to move (B or W)",
    color | color_list => "a piece list starting with B or W",
    piece | range => "a square, K and a square, or a range such as 21-32",
    counter | counter_name => "a counter such as np=12",
    king_run | king_run_name => "a king's move count such as wk=28/2",
    counter_value => "a number",
    cell => "a cell ('.', '_', b, w, B or W)",
    status | side_name => "a line 'black to move' or 'white to move'",
    board_row => "a board row",
    files_line => "a line of file letters",
    EOI => "the end of the text",
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

/// Parse one square as written, a number or an algebraic name, checking
/// that it is a square of the board.
pub fn parse_square_text(text: &str, g: &Geometry) -> Result<u8, NotationError> {
    let top = notation::top(NotationParser::parse(Rule::square_text, text.trim()), "square", rule_name)?;
    let square = top.into_inner().next().ok_or_else(|| NotationError::whole("empty square"))?;
    parse_square(&square, g)
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
