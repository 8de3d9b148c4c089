//! The built-in spec: every file of `spec/`, listed here from the directory
//! itself, recursively, so that a new scenario file, catalog page or perft
//! table is compiled in without a list to edit. Writes to `OUT_DIR`:
//! `spec_files.rs`, each file's path below `spec/` and its bytes, in byte
//! order of the paths; and `spec_sha256.rs`, the spec's content hash
//! (`src/builtin/digest.rs`), computed once here rather than at every start;
//! and `version_line.rs`, the version `rulecheck --version` prints.
//!
//! Names that begin with a dot (an editor's swap file, `.DS_Store`) are left
//! out: they are no part of the spec, and would change its hash.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "src/builtin/digest.rs"]
mod digest;

/// Every file under `dir`, as (path relative to `root` with `/` between
/// parts, absolute path). Links are followed, as the scenario walk does.
fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<(), Box<dyn std::error::Error>> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| format!("{}: a name that is not UTF-8", path.display()))?;
        if name.starts_with('.') {
            continue;
        }
        if std::fs::metadata(&path)?.is_dir() {
            walk(root, &path, out)?;
        } else {
            let rel = path.strip_prefix(root)?;
            let parts: Vec<&str> = rel.components().filter_map(|c| c.as_os_str().to_str()).collect();
            out.push((parts.join("/"), path));
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let spec = manifest.join("../../spec").canonicalize()?;
    // A directory: Cargo reruns this script when any file below it changes,
    // is added or is removed. Named relative to this package, so that a
    // build directory copied to another checkout watches that checkout's
    // spec rather than the one it was built from.
    println!("cargo::rerun-if-changed=../../spec");
    let mut files = Vec::new();
    walk(&spec, &spec, &mut files)?;
    files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut listing = String::from("&[\n");
    let mut contents: Vec<(String, Vec<u8>)> = Vec::new();
    for (rel, path) in &files {
        let abs = path.to_str().ok_or("a spec path that is not UTF-8")?;
        writeln!(listing, "    ({rel:?}, include_bytes!({abs:?})),")?;
        contents.push((rel.clone(), std::fs::read(path)?));
    }
    listing.push_str("]\n");
    let hash = digest::spec_sha256(contents.iter().map(|(p, b)| (p.as_str(), b.as_slice())));
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out.join("spec_files.rs"), listing)?;
    std::fs::write(out.join("spec_sha256.rs"), format!("{hash:?}\n"))?;
    // The program's version line, for `rulecheck --version`: the spec is
    // versioned with the program that carries it.
    let version = std::env::var("CARGO_PKG_VERSION")?;
    std::fs::write(
        out.join("version_line.rs"),
        format!("{:?}\n", format!("{version} (spec {version}, sha256 {hash})")),
    )?;
    Ok(())
}
