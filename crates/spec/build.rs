//! The built-in catalog's pages: every `*.yaml` file of `spec/rules/`,
//! listed here from the directory itself, so that a new variant's catalog
//! is compiled in without a list to edit. Writes `pages.rs` in `OUT_DIR`:
//! each page's path below the workspace and its text, by file name.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let rules = manifest.join("../../spec/rules").canonicalize()?;
    // A directory: Cargo reruns this script when any file in it changes,
    // is added or is removed. Named relative to this package, so that a
    // build directory copied to another checkout watches that checkout's
    // catalog rather than the one it was built from.
    println!("cargo::rerun-if-changed=../../spec/rules");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&rules)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    pages.retain(|p| p.extension().is_some_and(|x| x == "yaml") && p.is_file());
    pages.sort();
    let mut out = String::from("&[\n");
    for page in &pages {
        let name = page.file_name().and_then(|n| n.to_str()).ok_or("a catalog file name that is not UTF-8")?;
        let path = page.to_str().ok_or("a catalog path that is not UTF-8")?;
        writeln!(out, "    ({:?}, include_str!({:?})),", format!("spec/rules/{name}"), path)?;
    }
    out.push_str("]\n");
    std::fs::write(Path::new(&std::env::var("OUT_DIR")?).join("pages.rs"), out)?;
    Ok(())
}
