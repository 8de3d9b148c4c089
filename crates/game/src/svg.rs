//! Board pictures as SVG: the draughts boards (8x8 and 10x10), the Chinese
//! checkers star and the Konane board, drawn from a family's cells so that
//! `rulecheck show --svg` (and reports) can show any position.

use std::fmt::Write as _;

/// A piece to draw: its fill colour and whether it is a king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub fill: &'static str,
    pub king: bool,
}

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

fn circle(out: &mut String, x: f64, y: f64, r: f64, piece: Piece) {
    let stroke = if piece.fill == "#ffffff" || piece.fill == "#f4f4f4" { "#333333" } else { "#000000" };
    let _ = writeln!(
        out,
        r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{}" stroke="{stroke}" stroke-width="1.5"/>"#,
        piece.fill
    );
    if piece.king {
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" font-family="sans-serif" fill="{}">K</text>"#,
            y + r * 0.45,
            r * 1.2,
            if piece.fill == "#000000" || piece.fill == "#222222" { "#ffffff" } else { "#000000" }
        );
    }
}

/// A square board: `cells[row][col]` from the top, `dark(row, col)` the
/// squares in play, `labels` optional text per square (numbers).
pub fn square_board(
    size: usize,
    cells: &dyn Fn(usize, usize) -> Option<Piece>,
    dark: &dyn Fn(usize, usize) -> bool,
    labels: &dyn Fn(usize, usize) -> Option<String>,
    marks: &dyn Fn(usize, usize) -> Option<&'static str>,
) -> String {
    let cell = 48.0;
    let side = cell * size as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}" class="board">"#
    );
    for r in 0..size {
        for c in 0..size {
            let (x, y) = (c as f64 * cell, r as f64 * cell);
            let fill = if dark(r, c) { DARK } else { LIGHT };
            let _ = writeln!(out, r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#);
            if let Some(l) = labels(r, c) {
                let _ = writeln!(
                    out,
                    r##"<text x="{:.1}" y="{:.1}" font-size="10" font-family="sans-serif" fill="#3b2a1a">{l}</text>"##,
                    x + 3.0,
                    y + 11.0
                );
            }
            if let Some(colour) = marks(r, c) {
                let _ = writeln!(
                    out,
                    r#"<rect class="mark" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="{colour}" stroke-width="4"/>"#,
                    x + 2.0,
                    y + 2.0,
                    cell - 4.0,
                    cell - 4.0
                );
            }
            if let Some(p) = cells(r, c) {
                circle(&mut out, x + cell / 2.0, y + cell / 2.0, cell * 0.38, p);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The star: every hole at its doubled coordinates (x 0..25, y 0..17).
pub fn star(holes: &[(i8, i8, Option<Piece>, Option<&'static str>)]) -> String {
    let (dx, dy) = (18.0, 30.0);
    let (w, h) = (dx * 26.0, dy * 18.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" class="board">"#
    );
    let _ = writeln!(out, r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#f5ecd7"/>"##);
    for &(x, y, piece, mark) in holes {
        let (cx, cy) = (dx * (f64::from(x) + 1.0), dy * (f64::from(y) + 1.0) - dy / 2.0);
        if let Some(colour) = mark {
            let _ = writeln!(
                out,
                r#"<circle class="mark" cx="{cx:.1}" cy="{cy:.1}" r="14" fill="none" stroke="{colour}" stroke-width="4"/>"#
            );
        }
        match piece {
            Some(p) => circle(&mut out, cx, cy, 11.0, p),
            None => {
                let _ = writeln!(out, r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="5" fill="#8b7355"/>"##);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Fill colours by player: black and white for two-sided games, six
/// distinct colours for the seats of Chinese checkers.
pub const SEAT_COLOURS: [&str; 6] = ["#d62728", "#1f77b4", "#2ca02c", "#ffbf00", "#9467bd", "#222222"];
pub const BLACK: &str = "#222222";
pub const WHITE: &str = "#f4f4f4";
/// Marks: a move the spec expects and the engine lacks, and the reverse.
pub const EXPECTED_ONLY: &str = "#2ca02c";
pub const ACTUAL_ONLY: &str = "#d62728";

/// The mark of a square or hole: red if a move only the engine gave uses
/// it, else green if a move only the spec expects uses it.
pub fn mark<T: PartialEq>(at: &T, expected_only: &[T], actual_only: &[T]) -> Option<&'static str> {
    if actual_only.contains(at) {
        Some(ACTUAL_ONLY)
    } else if expected_only.contains(at) {
        Some(EXPECTED_ONLY)
    } else {
        None
    }
}
