//! `rulecheck diff`: the same positions replayed under two variants, shown
//! as a unified diff where they differ: one position given with `--fen`
//! (with the reasons each differing move is refused), or every scenario of
//! some files.

use std::path::PathBuf;

use super::input::{catalog, spec_dir};
use super::output::{bad, out, Fail};
use crate::game::Options;
use crate::runner;

pub(super) fn diff(
    notation: Option<&str>,
    a: &str,
    b: &str,
    paths: Vec<PathBuf>,
    fen: Option<String>,
    play: Option<String>,
) -> Result<u8, Fail> {
    let left = crate::diff::Side::new(a, notation).map_err(bad)?;
    let right = crate::diff::Side::new(b, notation).map_err(bad)?;
    if paths.is_empty() {
        let steps = crate::diff::parse_play(play.as_deref().unwrap_or("")).map_err(bad)?;
        if let Some(p) = fen.as_deref() {
            crate::diff::same_board(&left, &right).map_err(bad)?;
            if let Some(drawing) = left.drawing(p) {
                outln!("{drawing}")?;
            }
        }
        match crate::diff::compare(&left, &right, fen.as_deref(), &steps) {
            None => {
                out(&crate::diff::view(&left, fen.as_deref(), &steps))?;
                outln!("{a} and {b} agree")?;
                Ok(0)
            }
            Some(d) => {
                out(&d)?;
                let dir = spec_dir(None)?;
                out(&crate::diff::reasons(&left, &right, fen.as_deref(), &steps, dir.as_deref()))?;
                Ok(1)
            }
        }
    } else {
        let cat = catalog()?;
        let (files, errors) = runner::load_all(&paths, &cat, &Options::new());
        for e in &errors {
            outln!("error: {e}")?;
        }
        let (text, summary) = crate::diff::diff_files(&left, &right, &files);
        out(&text)?;
        Ok(if !errors.is_empty() {
            2
        } else if summary.differ() > 0 {
            1
        } else {
            0
        })
    }
}
