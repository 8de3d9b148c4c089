//! What a crate of the workspace costs the project that depends on it: a
//! Rust engine that takes `rulecheck` for its harness builds none of the
//! command line's crates, and one that takes a move generator builds only
//! the contract, the text helpers and pest. Read from `cargo tree` over the
//! lock file, so that a dependency added to the wrong crate fails here
//! rather than in an engine author's build.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// The crates only the command line may build.
const CLI_ONLY: &[&str] = &["clap", "clap_complete", "clap_mangen", "indicatif", "proptest", "signal-hook"];

/// The names of the crates `cargo tree` lists for `package` (its normal
/// dependencies, to `depth` if given), or `None` when cargo is not there.
fn tree(package: &str, depth: Option<u32>) -> Option<BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(&cargo);
    cmd.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .args(["tree", "--frozen", "-p", package, "-e", "normal", "--prefix", "none"]);
    if let Some(depth) = depth {
        cmd.args(["--depth", &depth.to_string()]);
    }
    let out = match cmd.output() {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: cargo ({cargo}) is not found, so the dependency tree cannot be read");
            return None;
        }
        Err(e) => panic!("{cargo} tree: {e}"),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "cargo tree -p {package} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    Some(stdout.lines().filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect())
}

#[test]
fn depending_on_rulecheck_builds_none_of_the_command_lines_crates() {
    let Some(names) = tree("rulecheck", None) else { return };
    assert!(names.contains("rulecheck-draughts") && names.contains("serde"), "an unread tree: {names:?}");
    let built: Vec<&&str> = CLI_ONLY.iter().filter(|c| names.contains(**c)).collect();
    assert!(built.is_empty(), "rulecheck builds the command line's {built:?}");
}

#[test]
fn the_move_generators_need_only_the_contract_the_text_helpers_and_pest() {
    let allowed = ["rulecheck-game", "rulecheck-text", "pest", "pest_derive"];
    // Every family registered, by its crate, so that one added later is
    // held to the same.
    let families: BTreeSet<String> =
        rulecheck::registry::variants().iter().map(|v| format!("rulecheck-{}", v.info().family)).collect();
    assert!(families.len() >= 3, "{families:?}");
    for family in &families {
        let family = family.as_str();
        let Some(direct) = tree(family, Some(1)) else { return };
        let extra: Vec<&String> = direct.iter().filter(|d| *d != family && !allowed.contains(&d.as_str())).collect();
        assert!(extra.is_empty(), "{family} depends on {extra:?}");
        assert!(direct.contains("rulecheck-game"), "an unread tree for {family}: {direct:?}");
        let all = tree(family, None).unwrap_or_default();
        let workspace: Vec<&String> = all.iter().filter(|d| d.starts_with("rulecheck") && *d != family).collect();
        assert!(
            workspace.iter().all(|d| allowed.contains(&d.as_str())),
            "{family} builds more of the workspace than the contract and the text helpers: {workspace:?}"
        );
        let built: Vec<&&str> = CLI_ONLY.iter().filter(|c| all.contains(**c)).collect();
        assert!(built.is_empty(), "{family} builds {built:?}");
    }
}
