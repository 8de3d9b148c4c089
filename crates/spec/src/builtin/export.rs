//! `rulecheck spec export DIR`: the built-in spec written out as files, to
//! be read, edited and run from disk (`rulecheck run DIR`).

use std::path::Path;

/// What an export wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// Files written.
    pub written: usize,
    /// Files already in the directory that are no part of the built-in
    /// spec, left as they were (only with `force`).
    pub others: usize,
}

/// Write every built-in file below `dir`, which is created if need be.
/// A directory that holds anything is refused unless `force`: an export
/// never writes over someone's edited spec unasked. With `force`, the
/// built-in files are written over theirs and other files are left.
///
/// Files are written directly, not through a temporary file each: an
/// export that fails part way says so, and is done again.
pub fn export(dir: &Path, force: bool) -> Result<Exported, String> {
    let shown = dir.display();
    match std::fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => return Err(format!("{shown}: not a directory")),
        Ok(_) => {
            let mut entries = std::fs::read_dir(dir).map_err(|e| format!("{shown}: {e}"))?;
            if entries.next().is_some() && !force {
                return Err(format!(
                    "{shown} is not empty: export to a new or empty directory, or give --force to write the \
                     built-in files over those of the same name there (other files are left as they are)"
                ));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{shown}: {e}")),
    }
    let before = if force { count_files(dir) } else { 0 };
    let mut replaced = 0;
    for (path, bytes) in super::FILES {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        if target.exists() {
            replaced += 1;
        }
        std::fs::write(&target, bytes).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(Exported { written: super::FILES.len(), others: before.saturating_sub(replaced) })
}

/// The files below a directory (none if it cannot be read).
fn count_files(dir: &Path) -> usize {
    walkdir::WalkDir::new(dir).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_non_empty_directory_is_refused_unless_forced() {
        let dir = std::env::temp_dir().join(format!("rulecheck-export-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("mine.txt"), "keep").unwrap();
        let refused = export(&dir, false).unwrap_err();
        assert!(refused.contains("is not empty") && refused.contains("--force"), "{refused}");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "nothing was written");
        let done = export(&dir, true).unwrap();
        assert_eq!(done, Exported { written: crate::builtin::FILES.len(), others: 1 });
        assert_eq!(std::fs::read_to_string(dir.join("mine.txt")).unwrap(), "keep");
        let again = export(&dir, true).unwrap();
        assert_eq!(again.others, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
