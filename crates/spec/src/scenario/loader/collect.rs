//! Finding the scenario files under the paths a run is given: directories
//! walked once each however links lead, `rules/`, `perft/` (the perft
//! tables) and the reason vocabulary left out, and anything that is not a regular file reported and never
//! opened. Apart from loading because it reads directories, not YAML.

use std::path::{Path, PathBuf};

use super::located::{io_error, message_error};
use crate::scenario::{InputError, Loc};

/// Collect the scenario files under the given paths (files as given,
/// directories searched for `*.yaml` / `*.yml`, skipping `rules/` and
/// `perft/`), sorted;
/// and an error for each path that cannot be a scenario file.
///
/// Symbolic links are followed, but each directory is walked once (by its
/// canonical path) and a link back to a directory being walked is cut, so
/// no arrangement of links walks a path twice or forever. A FIFO, device or
/// socket is reported as what it is and never opened.
pub fn collect(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<InputError>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut seen_dirs = std::collections::HashSet::new();
    for p in paths {
        match std::fs::metadata(p) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let message = if std::fs::symlink_metadata(p).is_ok() {
                    "a symbolic link to nothing (no such file or directory)".to_string()
                } else {
                    "no such file or directory".to_string()
                };
                errors.push(InputError { file: p.clone(), scenario: None, loc: Loc { line: 1, col: 1 }, message });
            }
            Err(e) => errors.push(io_error(p, e)),
            Ok(meta) if meta.is_dir() => walk(p, &mut seen_dirs, &mut out, &mut errors),
            Ok(meta) => match rulecheck_files::not_regular(&meta) {
                None => out.push(p.clone()),
                Some(why) => errors.push(message_error(p, why)),
            },
        }
    }
    out.sort();
    out.dedup();
    // The same file reached under two names is read once.
    let mut seen_files = std::collections::HashSet::new();
    out.retain(|p| seen_files.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())));
    (out, errors)
}

fn is_scenario_name(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "yaml" || e == "yml") && p.file_name().is_some_and(|n| n != "reasons.yaml")
}

fn walk(
    root: &Path,
    seen: &mut std::collections::HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    errors: &mut Vec<InputError>,
) {
    let entries = walkdir::WalkDir::new(root).follow_links(true).sort_by_file_name().into_iter().filter_entry(|e| {
        if !e.file_type().is_dir() {
            return true;
        }
        // The rule catalog, the perft tables and the reason vocabulary are
        // not scenarios.
        if e.depth() > 0 && (e.file_name() == "rules" || e.file_name() == "perft") {
            return false;
        }
        // Each directory once, however many links lead to it.
        let canonical = std::fs::canonicalize(e.path()).unwrap_or_else(|_| e.path().to_path_buf());
        seen.insert(canonical)
    });
    for entry in entries {
        match entry {
            Ok(e) if e.file_type().is_dir() => {}
            Ok(e) if !is_scenario_name(e.path()) => {}
            Ok(e) if e.file_type().is_file() => out.push(e.into_path()),
            Ok(e) => {
                errors.push(message_error(e.path(), rulecheck_files::refusal(&e.file_type())));
            }
            // A link back to a directory being walked: the loop is cut there.
            Err(e) if e.loop_ancestor().is_some() => {}
            Err(e) => {
                let Some(path) = e.path().map(Path::to_path_buf) else { continue };
                // A broken link, or links that lead round to themselves,
                // matter only where a scenario file was meant.
                let broken = match e.io_error() {
                    Some(io) if io.kind() == std::io::ErrorKind::NotFound => {
                        Some("a symbolic link to nothing (no such file or directory)")
                    }
                    Some(io) if is_link_loop(io) => Some("not read: its symbolic links lead round in a loop"),
                    _ => None,
                };
                if let Some(why) = broken {
                    if is_scenario_name(&path) {
                        errors.push(message_error(&path, why.into()));
                    }
                    continue;
                }
                let message = e.io_error().map(|io| io.to_string()).unwrap_or_else(|| e.to_string());
                errors.push(message_error(&path, message));
            }
        }
    }
}

/// Whether an error is the system's "too many levels of symbolic links".
fn is_link_loop(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}
