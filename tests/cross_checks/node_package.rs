//! The Node helper as an npm package (packages/rulecheck-protocol/), as an
//! engine author meets it: `npm pack`ed, installed from its tarball into a
//! fresh project (no registry needed: it has no dependencies), and required
//! by name from that project's adapter (fixtures/engines/little_english.js),
//! which `rulecheck smoke` then checks from an empty directory. The
//! shipped Node adapters take the same file from the source tree
//! (fixtures/adapters/node/spec_protocol.js re-exports it).
//!
//! Skipped with a message where node or npm is missing, except under `CI`.

use std::path::Path;
use std::process::Command;

use crate::adapters::{have, output, say, show};
use crate::support::process::ROOT;

const PACKAGE: &str = "packages/rulecheck-protocol";

#[test]
fn the_package_version_is_the_workspace_version() {
    let text = std::fs::read_to_string(Path::new(ROOT).join(PACKAGE).join("package.json")).expect("package.json");
    let meta: serde_json::Value = serde_json::from_str(&text).expect("package.json is JSON");
    assert_eq!(meta["name"], "rulecheck-protocol");
    assert_eq!(meta["version"], env!("CARGO_PKG_VERSION"), "the npm package is versioned with rulecheck");
}

#[test]
fn the_packed_npm_package_serves_an_adapter_that_requires_it_by_name() {
    if have("node", &["--version"]).and_then(|()| have("npm", &["--version"])).is_none() {
        return;
    }
    let temp = tempfile::tempdir().expect("temp dir");
    let started = std::time::Instant::now();
    let packed = output(
        Command::new("npm").args(["pack", "--silent", &format!("./{PACKAGE}"), "--pack-destination"]).arg(temp.path()),
    )
    .expect("npm runs");
    assert!(packed.status.success(), "npm pack:\n{}", show(&packed));
    let tarball = temp.path().join(String::from_utf8_lossy(&packed.stdout).trim());
    assert!(tarball.is_file(), "npm pack names its tarball:\n{}", show(&packed));
    let project = temp.path().join("my-engine");
    std::fs::create_dir(&project).expect("the project");
    std::fs::write(project.join("package.json"), "{\"name\": \"my-engine\", \"private\": true}\n")
        .expect("package.json");
    std::fs::copy(Path::new(ROOT).join("fixtures/engines/little_english.js"), project.join("adapter.js"))
        .expect("copy the adapter");
    let installed = output(
        Command::new("npm")
            .args(["install", "--offline", "--no-audit", "--no-fund", "--prefix"])
            .arg(&project)
            .arg(&tarball),
    )
    .expect("npm runs");
    assert!(installed.status.success(), "npm install of the tarball:\n{}", show(&installed));
    assert!(project.join("node_modules/rulecheck-protocol/index.js").is_file(), "installed into the project");
    say(&format!("node package: packed and installed in {:.1}s", started.elapsed().as_secs_f64()));
    let empty = temp.path().join("empty");
    std::fs::create_dir(&empty).expect("an empty directory");
    let engine = format!("node '{}'", project.join("adapter.js").display());
    let o = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(["smoke", "--engine", &engine])
        .current_dir(&empty)
        .env_remove("NODE_PATH")
        .output()
        .expect("rulecheck runs");
    assert_eq!(o.status.code(), Some(0), "{}", show(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("hello: little-english-js 1.0") && text.contains("every check passed"), "{}", show(&o));
}
