//! `rulecheck diff`: two variants compared. On one board, the same
//! positions replayed under both, shown as a unified diff where they
//! differ: one position given with `--fen` (with the reasons each differing
//! move is refused), or every scenario of some files. On other boards, their
//! rules side by side and the game each plays from its own start.

use std::path::PathBuf;

use super::input::{catalog, spec_dir};
use super::output::{bad, out, Fail};
use rulecheck::runner;
use rulecheck_game::Options;

pub(super) fn diff(
    notation: Option<&str>,
    a: &str,
    b: &str,
    paths: Vec<PathBuf>,
    fen: Option<String>,
    play: Option<String>,
) -> Result<u8, Fail> {
    let left = rulecheck::diff::Side::new(a, notation).map_err(bad)?;
    let right = rulecheck::diff::Side::new(b, notation).map_err(bad)?;
    let one_board = rulecheck::diff::one_board(&left, &right);
    if paths.is_empty() {
        let steps = rulecheck::diff::parse_play(play.as_deref().unwrap_or("")).map_err(bad)?;
        if !one_board {
            if fen.is_some() || !steps.is_empty() {
                // A position or moves are square numbers, other places on
                // each board.
                rulecheck::diff::same_board(&left, &right).map_err(bad)?;
            }
            out(&rulecheck::diff::compare_rules(&left, &right, &catalog()?))?;
            return Ok(1);
        }
        rulecheck::diff::check_input(&left, &right, fen.as_deref(), &steps).map_err(bad)?;
        if let Some(p) = fen.as_deref() {
            if let Some(drawing) = left.drawing(p) {
                outln!("{drawing}")?;
            }
        }
        match rulecheck::diff::compare(&left, &right, fen.as_deref(), &steps) {
            None => {
                out(&rulecheck::diff::view(&left, fen.as_deref(), &steps))?;
                outln!("{a} and {b} agree")?;
                Ok(0)
            }
            Some(d) => {
                out(&d)?;
                let dir = spec_dir(None)?;
                out(&rulecheck::diff::reasons(&left, &right, fen.as_deref(), &steps, Some(&dir)))?;
                Ok(1)
            }
        }
    } else {
        let cat = catalog()?;
        let (files, errors) = runner::load_all(&paths, &cat, &Options::new());
        for e in &errors {
            outln!("error: {e}")?;
        }
        if !one_board {
            // No scenario is replayed: the rules are compared instead, and
            // the summary counts the scenarios left aside.
            out(&rulecheck::diff::compare_rules(&left, &right, &cat))?;
            outln!("")?;
        }
        let (text, summary) = rulecheck::diff::diff_files(&left, &right, &files);
        out(&text)?;
        Ok(if !errors.is_empty() {
            2
        } else if summary.differ() > 0 || !one_board {
            1
        } else {
            0
        })
    }
}
