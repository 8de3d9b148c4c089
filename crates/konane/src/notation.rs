//! Reading and writing Konane notation: cells, removals and jumps, the
//! position string and the diagram (grammar in `notation.pest`).

use pest::iterators::Pair;
use pest::Parser;

use super::{Position, BLACK, EMPTY, MAX_SIZE, WHITE};
use rulecheck_game::notation::{self, NotationError};
use rulecheck_text::shown;

rulecheck_game::grammar! {
    KonaneParser = "notation.pest";
    cell => "a cell such as d4",
    move_text | removal | jump => "a removal such as -d4 or a jump such as d6-d4",
    position | rank => "ranks of b, w and numbers of empty cells, separated by /",
    side | side_name => "the side to move (b or w)",
    diagram | board_rank | rank_number => "a rank: its number and its cells",
    stone => "a cell: b, w or .",
    files => "a line of file letters",
    status => "a line 'black to move' or 'white to move'",
    blank_line => "a blank line",
    EOI => "the end of the text",
}

/// A move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    Removal(usize),
    /// The start and every stopping cell given.
    Jump(Vec<usize>),
}

fn parse_cell(pair: &Pair<'_, Rule>, size: u8) -> Result<usize, NotationError> {
    let text = pair.as_str();
    let file = usize::from(text.as_bytes().first().map_or(u8::MAX, |b| b.wrapping_sub(b'a')));
    let rank: usize = text.get(1..).and_then(|r| r.parse().ok()).unwrap_or(0);
    let n = usize::from(size);
    if file >= n || rank == 0 || rank > n {
        return Err(NotationError::at(
            pair.as_span(),
            format!(
                "{} is not on a {n}x{n} board (files a..{}, ranks 1..{n})",
                shown(text),
                char::from(b'a' + size.saturating_sub(1))
            ),
        ));
    }
    Ok((rank - 1) * n + file)
}

/// Parse one cell as written, checking that it is on the board.
pub fn parse_cell_text(text: &str, size: u8) -> Result<usize, NotationError> {
    let top = notation::top(KonaneParser::parse(Rule::cell_text, text.trim()), "cell", rule_name)?;
    let cell = top.into_inner().next().ok_or_else(|| NotationError::whole("empty cell"))?;
    parse_cell(&cell, size)
}

pub fn parse_move(text: &str, size: u8) -> Result<MoveText, NotationError> {
    let top = notation::top(KonaneParser::parse(Rule::move_text, text.trim()), "move", rule_name)?;
    let inner = top.into_inner().next().ok_or_else(|| NotationError::whole("empty move"))?;
    let removal = inner.as_rule() == Rule::removal;
    let cells: Vec<usize> = inner.into_inner().map(|c| parse_cell(&c, size)).collect::<Result<_, _>>()?;
    Ok(if removal { MoveText::Removal(cells[0]) } else { MoveText::Jump(cells) })
}

/// Parse a position string or (any text of more than one line) a diagram.
pub fn parse_position(text: &str, size: u8) -> Result<Position, NotationError> {
    let pos = notation::line_or_diagram(text, parse_string, parse_diagram)?;
    if pos.size != size {
        return Err(NotationError::whole(format!(
            "the position is {0}x{0}, the game is played on {1}x{1} (option size)",
            pos.size, size
        )));
    }
    validate(&pos).map_err(NotationError::whole)?;
    Ok(pos)
}

fn check_square(ranks: &[Vec<u8>], span: pest::Span<'_>) -> Result<u8, NotationError> {
    let n = ranks.len();
    if !(6..=MAX_SIZE).contains(&n) || !n.is_multiple_of(2) {
        return Err(NotationError::at(
            span,
            format!("{n} ranks: the board is square with an even side of 6 to {MAX_SIZE}"),
        ));
    }
    if let Some((i, r)) = ranks.iter().enumerate().find(|(_, r)| r.len() != n) {
        return Err(NotationError::at(span, format!("rank {} has {} cells; the board is {n}x{n}", n - i, r.len())));
    }
    Ok(n as u8)
}

fn assemble(ranks: Vec<Vec<u8>>, size: u8, to_move: u8) -> Position {
    let n = usize::from(size);
    let mut cells = vec![EMPTY; n * n];
    for (i, rank) in ranks.iter().enumerate() {
        let r = n - 1 - i;
        cells[r * n..(r + 1) * n].copy_from_slice(rank);
    }
    Position { size, cells, to_move }
}

/// A run of empty cells in a rank of the position string: 1 to the
/// largest board side, located at its digits.
fn run_length(rank: &Pair<'_, Rule>, from: usize, to: usize) -> Result<usize, NotationError> {
    let span = rank.as_span();
    let digits = &span.as_str()[from..to];
    let at = || pest::Span::new(span.get_input(), span.start() + from, span.start() + to).unwrap_or(span);
    match digits.parse::<usize>() {
        Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(NotationError::at(
            at(),
            format!(
                "{} empty cells in a row: a number in a rank counts empty cells, 1 to {MAX_SIZE} (a rank has at most {MAX_SIZE} cells)",
                shown(digits)
            ),
        )),
    }
}

fn parse_string(text: &str) -> Result<Position, NotationError> {
    let top = notation::top(KonaneParser::parse(Rule::position, text.trim_end()), "position", rule_name)?;
    let span = top.as_span();
    let mut ranks = Vec::new();
    let mut to_move = BLACK;
    for p in top.into_inner() {
        match p.as_rule() {
            Rule::rank => {
                let mut cells = Vec::new();
                let mut run_start = None;
                for (i, ch) in p.as_str().char_indices() {
                    if ch.is_ascii_digit() {
                        run_start.get_or_insert(i);
                        continue;
                    }
                    if let Some(from) = run_start.take() {
                        cells.extend(std::iter::repeat_n(EMPTY, run_length(&p, from, i)?));
                    }
                    cells.push(if ch == 'b' { BLACK } else { WHITE });
                }
                if let Some(from) = run_start {
                    cells.extend(std::iter::repeat_n(EMPTY, run_length(&p, from, p.as_str().len())?));
                }
                if cells.len() > MAX_SIZE {
                    return Err(NotationError::at(
                        p.as_span(),
                        format!("a rank of {} cells: the largest board is {MAX_SIZE}x{MAX_SIZE}", cells.len()),
                    ));
                }
                ranks.push(cells);
            }
            Rule::side => to_move = if p.as_str() == "b" { BLACK } else { WHITE },
            _ => {}
        }
    }
    let size = check_square(&ranks, span)?;
    Ok(assemble(ranks, size, to_move))
}

fn parse_diagram(text: &str) -> Result<Position, NotationError> {
    let top = notation::top(KonaneParser::parse(Rule::diagram, text), "diagram", rule_name)?;
    let span = top.as_span();
    let mut ranks = Vec::new();
    // The rank numbers and the line of files are reading aids, but wrong
    // ones mislead: checked once the board's size is known.
    let mut labels = Vec::new();
    let mut files = None;
    let mut to_move = BLACK;
    for p in top.into_inner() {
        match p.as_rule() {
            Rule::files => files = Some(p.clone()),
            Rule::board_rank => {
                if let Some(n) = p.clone().into_inner().find(|c| c.as_rule() == Rule::rank_number) {
                    labels.push(n);
                }
                let cells = p
                    .into_inner()
                    .filter(|c| c.as_rule() == Rule::stone)
                    .map(|c| match c.as_str() {
                        "b" => BLACK,
                        "w" => WHITE,
                        _ => EMPTY,
                    })
                    .collect();
                ranks.push(cells);
            }
            Rule::status => {
                let mover = notation::status(p, |_| Ok(()))?;
                to_move = if mover.map(|s| s.as_str()) == Some("white") { WHITE } else { BLACK };
            }
            _ => {}
        }
    }
    let size = check_square(&ranks, span)?;
    for (i, label) in labels.iter().enumerate() {
        let rank = usize::from(size) - i;
        if label.as_str().parse::<usize>().ok() != Some(rank) {
            return Err(NotationError::at(
                label.as_span(),
                format!(
                    "rank {rank} is numbered '{}': ranks are numbered from {size} at the top down to 1",
                    label.as_str()
                ),
            ));
        }
    }
    if let Some(f) = files {
        let want: Vec<String> = (0..size).map(|c| char::from(b'a' + c).to_string()).collect();
        let got: Vec<&str> = f.as_str().split_whitespace().collect();
        if got != want {
            return Err(NotationError::at(
                f.as_span(),
                format!("the files under the board must read '{}'", want.join(" ")),
            ));
        }
    }
    Ok(assemble(ranks, size, to_move))
}

/// Why a position could not arise in a game, if it could not: stones only
/// ever move two cells, so each stays on a cell of its own colour; a full
/// board has black to remove; a single hole has white to remove, next to a
/// hole black may open.
fn validate(pos: &Position) -> Result<(), String> {
    for (i, &c) in pos.cells.iter().enumerate() {
        if c != EMPTY && c != pos.home_colour(i) {
            let colour = if c == BLACK { "black" } else { "white" };
            return Err(format!(
                "a {colour} stone on {}, a cell of the other colour: stones never change colour of cell",
                pos.name(i)
            ));
        }
    }
    match pos.empties() {
        0 if pos.to_move != BLACK => Err("a full board has black to move: black opens".into()),
        1 if pos.to_move != WHITE => Err("with one hole white is to move: white removes second".into()),
        1 => {
            let hole = pos.cells.iter().position(|&c| c == EMPTY).unwrap_or(0);
            let rules = super::Rules::new(pos.size);
            let mut full = pos.clone();
            full.cells[hole] = BLACK;
            full.to_move = BLACK;
            if super::legal_moves(&full, &rules).contains(&super::Move::Remove(hole)) {
                Ok(())
            } else {
                Err(format!("black cannot open on {}", pos.name(hole)))
            }
        }
        _ => Ok(()),
    }
}

fn rank_chars(pos: &Position, r: usize) -> impl Iterator<Item = u8> + '_ {
    let n = usize::from(pos.size);
    pos.cells[r * n..(r + 1) * n].iter().copied()
}

pub fn write_position(pos: &Position) -> String {
    let n = usize::from(pos.size);
    let mut ranks = Vec::new();
    for r in (0..n).rev() {
        let mut s = String::new();
        let mut run = 0;
        for c in rank_chars(pos, r) {
            if c == EMPTY {
                run += 1;
                continue;
            }
            if run > 0 {
                s.push_str(&run.to_string());
                run = 0;
            }
            s.push(if c == BLACK { 'b' } else { 'w' });
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        ranks.push(s);
    }
    format!("{} {}", ranks.join("/"), if pos.to_move == BLACK { 'b' } else { 'w' })
}

pub fn write_diagram(pos: &Position) -> String {
    let n = usize::from(pos.size);
    let width = n.to_string().len();
    let mut out = String::new();
    for r in (0..n).rev() {
        let cells: Vec<&str> = rank_chars(pos, r)
            .map(|c| match c {
                BLACK => "b",
                WHITE => "w",
                _ => ".",
            })
            .collect();
        out.push_str(&format!("{:>width$} {}\n", r + 1, cells.join(" ")));
    }
    let files: Vec<String> = (0..n).map(|f| char::from(b'a' + f as u8).to_string()).collect();
    out.push_str(&format!("{:>width$} {}\n", "", files.join(" ")));
    out.push_str(&format!("{} to move\n", if pos.to_move == BLACK { "black" } else { "white" }));
    out
}
