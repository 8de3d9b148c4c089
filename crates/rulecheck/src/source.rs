//! Where a command's spec comes from: files on disk (the paths given, or
//! `./spec`), or the spec built into the program
//! ([`rulecheck_spec::builtin`]). Every command that reads scenarios or
//! perft tables reads them through this, so that each works the same from
//! either.

use std::path::{Path, PathBuf};

use crate::catalog::Catalog;
use crate::game::Options;
use crate::oracle;
use crate::perft::tables::{self, Table};
use crate::runner;
use crate::scenario::{loader, InputError, ScenarioFile};
use rulecheck_spec::builtin;

/// The scenarios (or perft tables) a command reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Files and directories on disk.
    Paths(Vec<PathBuf>),
    /// The spec compiled into the program. Its files are named
    /// `spec/<path>`, as in a checkout, so their scenario ids are a
    /// checkout's.
    Builtin,
}

impl Source {
    /// One directory on disk.
    pub fn dir(dir: &Path) -> Source {
        Source::Paths(vec![dir.to_path_buf()])
    }

    /// The spec a command runs when given no path: `./spec` when there is
    /// such a directory (a checkout, or a spec being written: the files
    /// there are the ones being worked on), else the built-in one (an
    /// engine author with nothing but the binary).
    pub fn default_here() -> Source {
        let here = PathBuf::from(builtin::DIR);
        if here.is_dir() {
            Source::Paths(vec![here])
        } else {
            Source::Builtin
        }
    }

    /// Every scenario file, loaded: the files that load, and every input
    /// error of those that do not ([`runner::load_all`]). A path that
    /// names built-in files where there is no `spec/` reads them.
    pub fn load(&self, catalog: &Catalog, overrides: &Options) -> (Vec<ScenarioFile>, Vec<InputError>) {
        match self {
            Source::Paths(paths) => {
                let (built_in, on_disk): (Vec<&PathBuf>, Vec<&PathBuf>) = paths.iter().partition(|p| names_built_in(p));
                let (mut loaded, mut errors) =
                    runner::load_all(&on_disk.into_iter().cloned().collect::<Vec<_>>(), catalog, overrides);
                let wanted: Vec<(PathBuf, &[u8])> =
                    builtin::scenarios().filter(|(f, _)| built_in.iter().any(|p| f.starts_with(p))).collect();
                let (more, mut more_errors) = load_built_in(wanted, catalog, overrides);
                loaded.extend(more);
                errors.append(&mut more_errors);
                (loaded, errors)
            }
            Source::Builtin => load_built_in(builtin::scenarios().collect(), catalog, overrides),
        }
    }

    /// Whether any of it is read from the built-in spec.
    pub fn uses_built_in(&self) -> bool {
        match self {
            Source::Paths(paths) => paths.iter().any(|p| names_built_in(p)),
            Source::Builtin => true,
        }
    }

    /// The perft tables: those of the files under the paths (built-in ones
    /// as [`Source::load`] finds them), or the built-in `spec/perft/`; or
    /// every error found in them.
    pub fn perft_tables(&self) -> Result<Vec<Table>, Vec<InputError>> {
        match self {
            Source::Paths(paths) if !self.uses_built_in() => tables::load_all(paths),
            Source::Paths(_) | Source::Builtin => {
                let (mut all, mut errors) = match tables::load_all(&self.paths()) {
                    Ok(t) => (t, Vec::new()),
                    Err(e) => (Vec::new(), e),
                };
                let wanted = |f: &Path| match self {
                    Source::Paths(paths) => paths.iter().any(|p| names_built_in(p) && f.starts_with(p)),
                    Source::Builtin => true,
                };
                for (path, bytes) in builtin::perft_tables().filter(|(f, _)| wanted(f)) {
                    let parsed = match std::str::from_utf8(bytes) {
                        Ok(src) => tables::parse(&path, src),
                        Err(e) => Err(vec![InputError {
                            file: path.clone(),
                            scenario: None,
                            loc: crate::scenario::Loc { line: 1, col: 1 },
                            message: format!("not UTF-8 text: {e}"),
                        }]),
                    };
                    match parsed {
                        Ok(t) => all.extend(t),
                        Err(mut es) => errors.append(&mut es),
                    }
                }
                if errors.is_empty() {
                    Ok(all)
                } else {
                    Err(errors)
                }
            }
        }
    }

    /// Which clauses its scenarios cite with each refusal reason (empty
    /// where a directory named is none).
    pub fn reason_index(&self, catalog: &Catalog) -> runner::ReasonIndex {
        if !self.paths().iter().all(|p| p.is_dir()) {
            return runner::ReasonIndex::default();
        }
        let (files, errors) = self.load(catalog, &Options::new());
        let unread = errors.iter().map(|e| e.file.as_path()).collect::<std::collections::BTreeSet<&Path>>().len();
        runner::ReasonIndex::of(&files, unread)
    }

    /// The clauses a reason code comes from: those cited most often by
    /// its scenarios of the variant that expect a refusal with that reason;
    /// and how many of its files did not load (their scenarios are left
    /// out).
    pub fn reason_clauses(&self, catalog: &Catalog, variant: &str, code: &str) -> (Vec<String>, usize) {
        let index = self.reason_index(catalog);
        (index.clauses(variant, code), index.unread)
    }

    /// The files on disk this reads, which no output may replace.
    pub fn paths(&self) -> Vec<PathBuf> {
        match self {
            Source::Paths(paths) => paths.iter().filter(|p| !names_built_in(p)).cloned().collect(),
            Source::Builtin => Vec::new(),
        }
    }

    /// Which spec this is, in a few words: the paths as given, or the
    /// built-in spec with its version and hash.
    pub fn describe(&self) -> String {
        match self {
            Source::Paths(paths) => {
                let named = paths.iter().map(|p| runner::display_path(p)).collect::<Vec<_>>().join(", ");
                if self.uses_built_in() {
                    format!("{named}, read from {}", builtin::describe())
                } else {
                    named
                }
            }
            Source::Builtin => builtin::describe(),
        }
    }

    /// Which spec this is, for a machine: `{"builtin": {"version", "sha256"}}`
    /// or `{"paths": [...]}`, with `builtin` too where the paths are read
    /// from the built-in spec.
    pub fn json(&self) -> serde_json::Value {
        match self {
            Source::Paths(paths) => {
                let mut value = serde_json::json!({
                    "paths": paths.iter().map(|p| runner::display_path(p)).collect::<Vec<_>>(),
                });
                // Paths read from the built-in spec (none of them on disk):
                // which built-in spec, too.
                if self.uses_built_in() {
                    value["builtin"] = serde_json::json!({ "version": builtin::VERSION, "sha256": builtin::SHA256 });
                }
                value
            }
            Source::Builtin => serde_json::json!({
                "builtin": { "version": builtin::VERSION, "sha256": builtin::SHA256 },
            }),
        }
    }
}

/// Whether a path given names built-in files: where there is no `spec/`
/// here, a relative path below `spec/` that is nowhere on disk, but is a
/// built-in file or directory. So a scenario id or a file name copied from
/// a report of the built-in spec (`spec/english/kings.yaml::...`) runs
/// where it was reported.
fn names_built_in(p: &Path) -> bool {
    let dir = Path::new(builtin::DIR);
    p.is_relative()
        && p.starts_with(dir)
        && !dir.is_dir()
        && std::fs::symlink_metadata(p).is_err()
        && builtin::FILES.iter().any(|(f, _)| builtin::shown(f).starts_with(p))
}

/// Built-in scenario files, loaded.
fn load_built_in(
    files: Vec<(PathBuf, &[u8])>,
    catalog: &Catalog,
    overrides: &Options,
) -> (Vec<ScenarioFile>, Vec<InputError>) {
    let mut loaded = Vec::new();
    let mut errors = Vec::new();
    for (path, bytes) in files {
        match loader::load_bytes(&path, bytes, catalog, overrides, &oracle::REGISTRY) {
            Ok(f) => loaded.push(f),
            Err(mut es) => errors.append(&mut es),
        }
    }
    (loaded, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in scenarios load whole, as `rulecheck check` holds the
    /// checkout's to, under the ids a checkout gives them.
    #[test]
    fn the_built_in_spec_loads_whole_under_a_checkouts_ids() {
        let catalog = Catalog::builtin().unwrap();
        let (files, errors) = Source::Builtin.load(&catalog, &Options::new());
        assert!(errors.is_empty(), "{}", errors[0]);
        assert!(files.iter().any(|f| f.path == Path::new("spec/english/kings.yaml")));
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec");
        let (on_disk, _) = Source::dir(&root).load(&catalog, &Options::new());
        let ids = |fs: &[ScenarioFile]| -> Vec<String> {
            fs.iter()
                .flat_map(|f| f.scenarios.iter().map(move |s| format!("{}::{}", runner::id_path(&f.path), s.name)))
                .collect()
        };
        assert_eq!(ids(&files), ids(&on_disk));
        assert!(!Source::Builtin.perft_tables().unwrap().is_empty());
    }
}
