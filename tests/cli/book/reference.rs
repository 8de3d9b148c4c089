//! The command reference is the command line's own: `rulecheck reference`
//! (hidden) writes each command's `--help` text as a page of the book and
//! its man page, and the committed files must be what it writes, no more
//! and no fewer. `RULECHECK_BLESS_DOCS=1` rewrites them instead.

use std::collections::BTreeMap;
use std::path::Path;

use crate::support::process::{rulecheck, ROOT};

/// Every file under `dir` by its path below it, with its text.
fn files(dir: &Path) -> BTreeMap<String, String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("a directory reads"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let name = e.path().strip_prefix(dir).expect("below").to_string_lossy().into_owned();
            (name, std::fs::read_to_string(e.path()).expect("a generated file reads"))
        })
        .collect()
}

#[test]
fn the_command_reference_and_man_pages_are_what_the_command_line_writes() {
    let temp = tempfile::tempdir().expect("temp dir");
    let out = temp.path().to_string_lossy().into_owned();
    rulecheck(&["reference", &out]).ok();
    let docs = Path::new(ROOT).join("docs");
    let mut stale = Vec::new();
    for part in ["src/commands", "man"] {
        let written = files(&temp.path().join(part));
        assert!(written.len() > 20, "{part}: the command reference is written: {:?}", written.keys());
        let committed = if docs.join(part).is_dir() { files(&docs.join(part)) } else { BTreeMap::new() };
        if std::env::var_os("RULECHECK_BLESS_DOCS").is_some() {
            let _ = std::fs::remove_dir_all(docs.join(part));
            std::fs::create_dir_all(docs.join(part)).expect("the directory is made");
            for (name, text) in &written {
                std::fs::write(docs.join(part).join(name), text).expect("a page is written");
            }
            continue;
        }
        for (name, text) in &written {
            if committed.get(name) != Some(text) {
                stale.push(format!("docs/{part}/{name} differs from what the command line writes"));
            }
        }
        for name in committed.keys().filter(|n| !written.contains_key(*n)) {
            stale.push(format!("docs/{part}/{name} documents no command there is"));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n(`RULECHECK_BLESS_DOCS=1 cargo test --release --test cli reference` rewrites them: read the diff)",
        stale.join("\n")
    );
}
