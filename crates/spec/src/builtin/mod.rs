//! The spec built into the program: every file of the repository's `spec/`
//! (scenarios, rule catalogs, reason vocabulary, perft tables, schemas and
//! the protocol), as the build script lists them (`crates/spec/build.rs`).
//! An engine author needs nothing but the binary to run the spec of the
//! version they installed, and `rulecheck spec export` writes it out to be
//! read or edited.
//!
//! Built-in files are named as the repository names them, below `spec/`
//! (`spec/english/kings.yaml`): their scenario ids are the ones a checkout
//! gives, so an expected-failures list written against either holds for
//! both.

#[cfg(test)]
mod digest;
mod export;

use std::path::PathBuf;

pub use export::{export, Exported};

/// Every file, `(path below spec/, bytes)`, in byte order of the paths.
pub static FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/spec_files.rs"));

/// The content hash of [`FILES`] (`digest.rs` says how it is computed, and
/// how to compute it for a directory with standard tools).
pub const SHA256: &str = include!(concat!(env!("OUT_DIR"), "/spec_sha256.rs"));

/// The spec's version: that of the program that carries it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `rulecheck --version`: the program's version, the spec's and its hash.
pub const VERSION_LINE: &str = include!(concat!(env!("OUT_DIR"), "/version_line.rs"));

/// The directory name built-in files are shown under, as in a checkout.
pub const DIR: &str = "spec";

/// The built-in spec in a few words, for the head of a report: its version
/// and the start of its hash (enough to tell two apart at a glance;
/// `--version` and the JSON report give the whole).
pub fn describe() -> String {
    format!("the built-in spec {VERSION} (sha256 {})", &SHA256[..12.min(SHA256.len())])
}

/// A file's bytes by its path below `spec/` (`reasons.yaml`).
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}

/// The path a built-in file is shown and identified by: `spec/<path>`.
pub fn shown(path: &str) -> PathBuf {
    PathBuf::from(format!("{DIR}/{path}"))
}

/// The scenario files, as a walk of `spec/` finds them on disk: every
/// `*.yaml` / `*.yml` but the reason vocabulary, outside `rules/` and
/// `perft/` (`crate::scenario::loader::collect`).
pub fn scenarios() -> impl Iterator<Item = (PathBuf, &'static [u8])> {
    FILES.iter().filter(|(p, _)| is_scenario(p)).map(|(p, b)| (shown(p), *b))
}

fn is_scenario(path: &str) -> bool {
    let mut parts: Vec<&str> = path.split('/').collect();
    let Some(name) = parts.pop() else { return false };
    let yaml = name.ends_with(".yaml") || name.ends_with(".yml");
    yaml && name != "reasons.yaml" && !parts.iter().any(|d| *d == "rules" || *d == "perft")
}

/// The perft tables of `spec/perft/` (its `*.yaml` files, not below it, as
/// `perft-table spec/perft` reads them).
pub fn perft_tables() -> impl Iterator<Item = (PathBuf, &'static [u8])> {
    FILES.iter().filter(|(p, _)| in_dir(p, "perft/")).map(|(p, b)| (shown(p), *b))
}

/// The rule catalog's pages of `spec/rules/`, as `(spec/rules/<name>, bytes)`.
pub fn catalog_pages() -> impl Iterator<Item = (String, &'static [u8])> {
    FILES.iter().filter(|(p, _)| in_dir(p, "rules/")).map(|(p, b)| (format!("{DIR}/{p}"), *b))
}

/// Whether a path is a `*.yaml` file directly in a directory (`perft/`).
fn in_dir(path: &str, dir: &str) -> bool {
    path.strip_prefix(dir).is_some_and(|rest| !rest.contains('/') && rest.ends_with(".yaml"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_hash_is_that_of_the_embedded_files() {
        assert_eq!(SHA256, digest::spec_sha256(FILES.iter().copied()));
        assert!(VERSION_LINE.ends_with(&format!("sha256 {SHA256})")), "{VERSION_LINE}");
    }

    #[test]
    fn every_kind_of_file_is_built_in() {
        for path in ["reasons.yaml", "protocol.md", "scenario.schema.json", "english/kings.yaml"] {
            assert!(file(path).is_some(), "{path} is not built in");
        }
        assert!(catalog_pages().any(|(p, _)| p == "spec/rules/english.yaml"));
        assert!(perft_tables().count() > 0);
        assert!(scenarios().all(|(p, _)| !p.starts_with("spec/rules") && !p.starts_with("spec/perft")));
        assert!(!scenarios().any(|(p, _)| p.ends_with("reasons.yaml")));
    }

    /// The built-in files are the checkout's, byte for byte, and all of them.
    #[test]
    fn the_built_in_spec_is_the_checkouts() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec");
        for (path, bytes) in FILES {
            assert_eq!(std::fs::read(root.join(path)).ok().as_deref(), Some(*bytes), "{path}");
        }
        let on_disk = walkdir::WalkDir::new(&root)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file() && !e.file_name().to_string_lossy().starts_with('.'))
            .count();
        assert_eq!(on_disk, FILES.len());
    }
}
