//! Reading and writing Chinese checkers notation: holes, moves, the position
//! string and the star diagram (grammar in `notation.pest`).

use pest::iterators::Pair;
use pest::Parser;

use super::board::{Board, HOLES, ROW_LENGTHS};
use super::position::{is_king, seat_of, Position, EMPTY, KING};
use super::rules::Rules;
use rulecheck_game::notation::{self, NotationError};
use rulecheck_text::shown;

rulecheck_game::grammar! {
    StarParser = "notation.pest";
    hole => "a hole (a row letter a-q and a place, such as e5)",
    seat_num => "a seat number",
    move_text | pass => "a move such as q1-p1 or p2-n2-l2, or 'pass'",
    position | seat_list => "a position such as 1/1:q1,p1/2:a1,b1",
    piece | king_mark => "a hole, or K and a hole",
    counters | counter | counter_name => "a counter such as turns=12",
    counter_value => "a number",
    diagram | star_row | row_letter | row_body => "a row of the star: its letter and holes",
    status => "a line 'seat N to move'",
    blank_line => "a blank line",
    EOI => "the end of the text",
}

fn parse_hole(pair: &Pair<'_, Rule>) -> Result<u8, NotationError> {
    let text = pair.as_str();
    let row = text.as_bytes().first().map_or(0, |b| b.wrapping_sub(b'a')).min(16);
    let place: u8 = text.get(1..).and_then(|p| p.parse().ok()).unwrap_or(0);
    Board::get().hole(row, place).ok_or_else(|| {
        NotationError::at(
            pair.as_span(),
            format!(
                "{} is not a hole: row {} has holes 1..{}",
                shown(text),
                char::from(b'a' + row),
                ROW_LENGTHS[usize::from(row)]
            ),
        )
    })
}

/// Parse one hole as written, checking that the star has it.
pub fn parse_hole_text(text: &str) -> Result<u8, NotationError> {
    let top = notation::top(StarParser::parse(Rule::hole_text, text.trim()), "hole", rule_name)?;
    let hole = top.into_inner().next().ok_or_else(|| NotationError::whole("empty hole"))?;
    parse_hole(&hole)
}

/// A move as written: its holes in order, or a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    Pass,
    Path(Vec<u8>),
}

pub fn parse_move(text: &str) -> Result<MoveText, NotationError> {
    let top = notation::top(StarParser::parse(Rule::move_text, text.trim()), "move", rule_name)?;
    let mut path = Vec::new();
    for p in top.into_inner() {
        match p.as_rule() {
            Rule::pass => return Ok(MoveText::Pass),
            Rule::hole => path.push(parse_hole(&p)?),
            _ => {}
        }
    }
    Ok(MoveText::Path(path))
}

pub fn write_move(from: u8, to: u8) -> String {
    if from == to {
        return "pass".to_string();
    }
    let b = Board::get();
    format!("{}-{}", b.name(from), b.name(to))
}

fn dotted<T: ToString>(values: &[T]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(".")
}

/// Largest count of turns a position may carry for a seat, and of quiet
/// turns: far beyond any game (the move limit is at most 100000 turns a
/// player), and far from the counters' own limit, so that play from it
/// never runs out of room.
pub const MAX_TURNS: u32 = 1_000_000_000;

/// Whole numbers written with dots (`3.0.1`), each at most `most`.
fn undotted<T: TryFrom<u32>>(name: &str, text: &str, span: pest::Span<'_>, most: u32) -> Result<Vec<T>, NotationError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split('.')
        .map(|v| match v.parse::<u32>().ok().filter(|&n| n <= most).and_then(|n| T::try_from(n).ok()) {
            Some(n) => Ok(n),
            None => Err(NotationError::at(
                span,
                format!(
                    "{name}: '{}' is not a whole number from 0 to {most} (write the numbers with dots, as 3.0.1)",
                    shown(v)
                ),
            )),
        })
        .collect()
}

fn apply_counter(pos: &mut Position, pair: Pair<'_, Rule>, rules: &Rules) -> Result<(), NotationError> {
    let span = pair.as_span();
    let mut inner = pair.into_inner();
    let name = inner.next().map(|p| p.as_str()).unwrap_or("");
    let value = inner.next().map(|p| p.as_str()).unwrap_or("");
    let number = || match value.parse::<u32>() {
        Ok(n) if n <= MAX_TURNS => Ok(n),
        _ => Err(NotationError::at(
            span,
            format!("{name}={}: {name} is a whole number of turns from 0 to {MAX_TURNS}", shown(value)),
        )),
    };
    let seats = |list: Vec<u8>| -> Result<Vec<u8>, NotationError> {
        match list.iter().find(|&&s| s == 0 || s > rules.players) {
            Some(s) => Err(NotationError::at(
                span,
                format!("{name}: seat {s} is not at the table ({} players)", rules.players),
            )),
            None => Ok(list),
        }
    };
    // A counter of one number a seat (`turns=3.3.3`) with as many numbers
    // as there are seats; else why not, with an example.
    let one_a_seat = |len: usize, seats: String, what: &str, example: &str| {
        if len == usize::from(rules.players) {
            return Ok(());
        }
        let example = vec![example; usize::from(rules.players)].join(".");
        Err(NotationError::at(
            span,
            format!("{name} needs one number per seat ({seats}){what}, such as {name}={example}"),
        ))
    };
    match name {
        "turns" => {
            let list: Vec<u32> = undotted(name, value, span, MAX_TURNS)?;
            one_a_seat(list.len(), format!("{} players", rules.players), ", the turns each has taken", "3")?;
            pos.turns[..list.len()].copy_from_slice(&list);
        }
        "quiet" => pos.quiet = number()?,
        "best" => {
            let list: Vec<u8> = undotted(name, value, span, rules.pieces_per_player())?;
            one_a_seat(list.len(), rules.players.to_string(), "", "0")?;
            pos.best[..list.len()].copy_from_slice(&list);
        }
        "finished" => pos.finished = seats(undotted(name, value, span, 9)?)?,
        "resigned" => pos.resigned = seats(undotted(name, value, span, 9)?)?,
        other => {
            return Err(NotationError::at(
                span,
                format!("unknown counter '{}' (counters: turns, quiet, best, finished, resigned)", shown(other)),
            ))
        }
    }
    Ok(())
}

/// Parse a position string.
pub fn parse_position_string(text: &str, rules: &Rules) -> Result<Position, NotationError> {
    let top = notation::top(StarParser::parse(Rule::position, text.trim_end()), "position", rule_name)?;
    let mut pos = Position::empty(1);
    let mut seen = Vec::new();
    for part in top.into_inner() {
        match part.as_rule() {
            Rule::seat_num => pos.to_move = part.as_str().parse().unwrap_or(0),
            Rule::seat_list => {
                let span = part.as_span();
                let mut inner = part.into_inner();
                let seat: u8 = inner.next().map(|s| s.as_str().parse().unwrap_or(0)).unwrap_or(0);
                if seat == 0 || seat > rules.players {
                    return Err(NotationError::at(
                        span,
                        format!("seat {seat} is not at the table ({} players)", rules.players),
                    ));
                }
                if seen.contains(&seat) {
                    return Err(NotationError::at(span, format!("the pieces of seat {seat} are given twice")));
                }
                seen.push(seat);
                for piece in inner {
                    let mut king = false;
                    for p in piece.into_inner() {
                        match p.as_rule() {
                            Rule::king_mark => king = true,
                            Rule::hole => {
                                let h = parse_hole(&p)?;
                                if pos.cells[usize::from(h)] != EMPTY {
                                    return Err(NotationError::at(
                                        p.as_span(),
                                        format!("{} holds two pieces", p.as_str()),
                                    ));
                                }
                                pos.cells[usize::from(h)] = seat | if king { KING } else { 0 };
                            }
                            _ => {}
                        }
                    }
                }
            }
            Rule::counters => {
                for c in part.into_inner() {
                    apply_counter(&mut pos, c, rules)?;
                }
            }
            _ => {}
        }
    }
    pos.validate(rules).map_err(NotationError::whole)?;
    Ok(pos)
}

/// A position string or a diagram (any text of more than one line).
pub fn parse_position(text: &str, rules: &Rules) -> Result<Position, NotationError> {
    notation::line_or_diagram(text, |line| parse_position_string(line, rules), |diagram| parse_diagram(diagram, rules))
}

/// Write a position string; counters at their defaults are left out.
pub fn write_position(pos: &Position, rules: &Rules) -> String {
    let b = Board::get();
    let mut out = pos.to_move.to_string();
    for seat in 1..=rules.players {
        let mut list = Vec::new();
        for h in 0..HOLES as u8 {
            let c = pos.cells[usize::from(h)];
            if c != EMPTY && seat_of(c) == seat {
                list.push(format!("{}{}", if is_king(c) { "K" } else { "" }, b.name(h)));
            }
        }
        out.push_str(&format!("/{seat}:{}", list.join(",")));
    }
    let mut counters = Vec::new();
    let turns = &pos.turns[..usize::from(rules.players)];
    if turns.iter().any(|&t| t != 0) {
        counters.push(format!("turns={}", dotted(turns)));
    }
    if pos.quiet != 0 {
        counters.push(format!("quiet={}", pos.quiet));
    }
    let best = &pos.best[..usize::from(rules.players)];
    if best.iter().any(|&b| b != 0) {
        counters.push(format!("best={}", dotted(best)));
    }
    if !pos.finished.is_empty() {
        counters.push(format!("finished={}", dotted(&pos.finished)));
    }
    if !pos.resigned.is_empty() {
        counters.push(format!("resigned={}", dotted(&pos.resigned)));
    }
    if !counters.is_empty() {
        out.push('/');
        out.push_str(&counters.join(","));
    }
    out
}

fn cell_char(c: u8) -> char {
    if c == EMPTY {
        '.'
    } else if is_king(c) {
        char::from(b'A' + seat_of(c) - 1)
    } else {
        char::from(b'0' + seat_of(c))
    }
}

/// Draw the star: one line per row, its letter and the holes at their
/// columns, then the seat to move and any counters.
pub fn write_diagram(pos: &Position, rules: &Rules) -> String {
    let b = Board::get();
    let mut out = String::new();
    for (y, _) in ROW_LENGTHS.iter().enumerate() {
        let mut line = vec![' '; GRID_WIDTH];
        for h in 0..HOLES {
            let (x, hy) = b.coords[h];
            if hy as usize == y {
                line[x as usize] = cell_char(pos.cells[h]);
            }
        }
        let body: String = line.into_iter().collect();
        out.push_str(&format!("{} {}", char::from(b'a' + y as u8), body.trim_end()));
        out.push('\n');
    }
    out.push_str(&format!("seat {} to move", pos.to_move));
    let counters = write_position(pos, rules);
    if let Some((_, tail)) = counters.rsplit_once('/') {
        if tail.contains('=') {
            for c in tail.split(',') {
                out.push_str(&format!(", {c}"));
            }
        }
    }
    out.push('\n');
    out
}

/// Columns of the star diagram's grid.
const GRID_WIDTH: usize = 25;

/// Parse a star diagram.
pub fn parse_diagram(text: &str, rules: &Rules) -> Result<Position, NotationError> {
    let b = Board::get();
    let top = notation::top(StarParser::parse(Rule::diagram, text), "diagram", rule_name)?;
    let mut pos = Position::empty(1);
    let mut next_row = 0u8;
    for part in top.into_inner() {
        match part.as_rule() {
            Rule::star_row => {
                let span = part.as_span();
                let mut inner = part.into_inner();
                let letter = inner.next().map(|p| p.as_str().as_bytes()[0] - b'a').unwrap_or(0);
                if letter != next_row {
                    return Err(NotationError::at(
                        span,
                        format!(
                            "expected row {} here, found row {}",
                            char::from(b'a' + next_row),
                            char::from(b'a' + letter)
                        ),
                    ));
                }
                next_row += 1;
                let body = inner.next();
                let chars: Vec<char> = body.as_ref().map(|p| p.as_str().chars().collect()).unwrap_or_default();
                let (line, col0) = span.start_pos().line_col();
                // Column 0 of the grid is the character after "<letter> ".
                for (i, &ch) in chars.iter().enumerate().skip(1) {
                    let x = i - 1;
                    if x >= GRID_WIDTH {
                        if ch == ' ' {
                            continue;
                        }
                        return Err(NotationError {
                            message: format!(
                                "'{}' is past the end of row {}: the star is {GRID_WIDTH} columns wide",
                                shown(&ch.to_string()),
                                char::from(b'a' + letter)
                            ),
                            ..NotationError::new(line, col0 + 1 + i, "")
                        });
                    }
                    let hole = b.at(x as i16, i16::from(letter));
                    let at = || NotationError::new(line, col0 + 1 + i, "");
                    match (hole, ch) {
                        (None, ' ') => {}
                        (None, _) => {
                            return Err(NotationError {
                                message: format!(
                                    "'{ch}' is not on a hole of row {}: holes sit at alternate columns",
                                    char::from(b'a' + letter)
                                ),
                                ..at()
                            })
                        }
                        (Some(_), ' ') => {
                            return Err(NotationError {
                                message: "a hole is left blank: write '.' for an empty hole".into(),
                                ..at()
                            })
                        }
                        (Some(h), c) => {
                            pos.cells[usize::from(h)] = match c {
                                '.' => EMPTY,
                                '1'..='6' => c as u8 - b'0',
                                _ => (c as u8 - b'A' + 1) | KING,
                            }
                        }
                    }
                }
                let holes_written = (0..b.coords.len())
                    .filter(|&h| b.coords[h].1 == letter as i8 && (b.coords[h].0 as usize + 1) < chars.len())
                    .count();
                if holes_written < usize::from(ROW_LENGTHS[usize::from(letter)]) {
                    return Err(NotationError::at(
                        span,
                        format!(
                            "row {} has {} holes; write all of them",
                            char::from(b'a' + letter),
                            ROW_LENGTHS[usize::from(letter)]
                        ),
                    ));
                }
            }
            Rule::status => {
                if next_row != 17 {
                    return Err(NotationError::at(
                        part.as_span(),
                        format!("the star has 17 rows; the diagram has {next_row}"),
                    ));
                }
                let mover = notation::status(part, |counter| apply_counter(&mut pos, counter, rules))?;
                pos.to_move = mover.and_then(|p| p.as_str().parse().ok()).unwrap_or(0);
            }
            _ => {}
        }
    }
    pos.validate(rules).map_err(NotationError::whole)?;
    Ok(pos)
}
