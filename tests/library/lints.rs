//! The lint rules stay: the root Cargo.toml denies `unwrap`, `expect` and
//! `panic!` for the whole workspace, and every crate takes the workspace's
//! lints. Without this test one line deleted from a manifest would let
//! panics back into the code that reads what users and engines write, and
//! clippy would stay silent about it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The lints that must be denied (or forbidden) for every crate.
const DENIED: [&str; 3] = ["clippy.unwrap_used", "clippy.expect_used", "clippy.panic"];

/// The keys of a manifest, each by its full dotted path (`lints.workspace`,
/// `workspace.lints.clippy.panic`), with its value as written. A plain
/// reading of the few TOML forms a manifest's lint tables use: sections,
/// `key = value` lines and dotted keys; anything else is left out.
fn keys(manifest: &str) -> BTreeMap<String, String> {
    let mut keys = BTreeMap::new();
    let mut section = String::new();
    for line in manifest.lines() {
        let line = line.split_once('#').map_or(line, |(code, _)| code).trim();
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.trim_matches(['[', ']']).replace(['\'', '"', ' '], "");
        } else if let Some((key, value)) = line.split_once('=') {
            let key = key.trim().replace(['\'', '"', ' '], "");
            let full = if section.is_empty() { key } else { format!("{section}.{key}") };
            keys.insert(full, value.trim().to_string());
        }
    }
    keys
}

/// The level a lint value sets: `"deny"` or `{ level = "deny", priority = 1 }`.
fn level(value: &str) -> String {
    let value = value.trim();
    let level = match value.strip_prefix('{') {
        Some(table) => table
            .trim_end_matches('}')
            .split(',')
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| k.trim() == "level")
            .map_or("", |(_, v)| v),
        None => value,
    };
    level.trim().trim_matches('"').to_string()
}

/// What is wrong with the workspace's lint table: each of [`DENIED`] that it
/// does not deny or forbid.
fn missing_denies(root: &BTreeMap<String, String>) -> Vec<String> {
    DENIED
        .iter()
        .filter(|lint| {
            let level = root.get(&format!("workspace.lints.{lint}")).map(|v| level(v));
            !matches!(level.as_deref(), Some("deny" | "forbid"))
        })
        .map(|lint| format!("the root Cargo.toml's [workspace.lints] does not deny {lint}"))
        .collect()
}

/// Whether a crate's manifest takes the workspace's lints.
fn takes_workspace_lints(manifest: &BTreeMap<String, String>) -> bool {
    manifest.get("lints.workspace").is_some_and(|v| v == "true")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> BTreeMap<String, String> {
    keys(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn the_workspace_denies_unwrap_expect_and_panic() {
    let missing = missing_denies(&read(&root().join("Cargo.toml")));
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_crate_takes_the_workspace_lints() {
    let mut manifests = vec![root().join("Cargo.toml")];
    let crates = std::fs::read_dir(root().join("crates")).unwrap();
    manifests.extend(crates.map(|e| e.unwrap().path().join("Cargo.toml")).filter(|p| p.is_file()));
    assert!(manifests.len() > 5, "the crates were not found: {manifests:?}");
    let without: Vec<_> = manifests.iter().filter(|m| !takes_workspace_lints(&read(m))).collect();
    assert!(without.is_empty(), "these manifests lack `[lints] workspace = true`: {without:?}");
}

#[test]
fn tests_alone_may_unwrap() {
    let config = std::fs::read_to_string(root().join("clippy.toml")).unwrap();
    let config = keys(&config);
    for key in ["allow-unwrap-in-tests", "allow-expect-in-tests", "allow-panic-in-tests"] {
        assert_eq!(config.get(key).map(String::as_str), Some("true"), "clippy.toml: {key}");
    }
}

/// The reading above sees a lost deny, whichever way the table is written.
#[test]
fn a_lost_deny_is_seen() {
    let full = "[workspace.lints.clippy]\nunwrap_used = \"deny\"\nexpect_used = { level = \"deny\", priority = 1 }\npanic = \"forbid\" # no panics\n";
    assert!(missing_denies(&keys(full)).is_empty());
    let dotted =
        "[workspace.lints]\nclippy.unwrap_used = \"deny\"\nclippy.expect_used = \"deny\"\nclippy.panic = \"deny\"\n";
    assert!(missing_denies(&keys(dotted)).is_empty());
    let warned = full.replace("panic = \"forbid\"", "panic = \"warn\"");
    assert_eq!(missing_denies(&keys(&warned)).len(), 1);
    let dropped = full.replace("unwrap_used = \"deny\"\n", "");
    assert_eq!(missing_denies(&keys(&dropped)).len(), 1);
    let commented = full.replace("unwrap_used", "# unwrap_used");
    assert_eq!(missing_denies(&keys(&commented)).len(), 1);
    let elsewhere = full.replace("[workspace.lints.clippy]", "[lints.clippy]");
    assert_eq!(missing_denies(&keys(&elsewhere)).len(), 3);
    assert!(takes_workspace_lints(&keys("[package]\nname = \"x\"\n\n[lints]\nworkspace = true\n")));
    assert!(!takes_workspace_lints(&keys("[package]\nname = \"x\"\nworkspace = true\n")));
}
