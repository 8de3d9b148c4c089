//! The spec built into the binary: run where there is no `spec/`, under a
//! checkout's scenario ids, named by `--version` with its hash, and
//! written out by `spec export` byte for byte.

use std::path::Path;

use crate::support::process;
use process::{rulecheck, rulecheck_in, ROOT};

/// Every scenario id of a JSON report, in order.
fn ids(json: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(json).expect("a JSON report");
    v["scenarios"].as_array().expect("scenarios").iter().map(|s| s["id"].as_str().expect("id").to_string()).collect()
}

/// The hash `--version` names.
fn version_hash() -> String {
    let o = rulecheck(&["--version"]).ok();
    let line = o.stdout.trim();
    let hash = line.rsplit_once("sha256 ").and_then(|(_, h)| h.strip_suffix(')')).expect("a hash in --version");
    assert!(line.starts_with(&format!("rulecheck {v} (spec {v}, sha256 ", v = env!("CARGO_PKG_VERSION"))), "{line}");
    assert!(hash.len() == 64 && hash.chars().all(|c| c.is_ascii_hexdigit()), "{line}");
    hash.to_string()
}

/// Every file below a directory, by its path there, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file() && !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("below").to_string_lossy().into_owned();
            (rel, std::fs::read(e.path()).expect("read"))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn with_no_spec_here_the_built_in_spec_runs_under_a_checkouts_ids() {
    let empty = tempfile::tempdir().expect("temp dir");
    let here = rulecheck_in(empty.path(), &["run", "--format", "json"], 300).exits(0);
    here.stderr_has("no spec/ here: reading the built-in spec");
    let checkout = rulecheck(&["run", "spec", "--format", "json"]).ok();
    let (built_in, on_disk) = (ids(&here.stdout), ids(&checkout.stdout));
    assert!(built_in.len() > 1000, "{} scenarios", built_in.len());
    assert_eq!(built_in, on_disk);
    assert!(built_in.iter().any(|id| id.starts_with("spec/english/kings.yaml::")));
    // The report names the spec that ran: the built-in one by its hash.
    let v: serde_json::Value = serde_json::from_str(&here.stdout).expect("JSON");
    assert_eq!(v["spec"]["builtin"]["sha256"].as_str(), Some(version_hash().as_str()));
    let v: serde_json::Value = serde_json::from_str(&checkout.stdout).expect("JSON");
    assert_eq!(v["spec"]["paths"][0].as_str(), Some("spec"));
    // A checkout says nothing of a built-in spec.
    assert!(!checkout.stderr.contains("built-in"), "{}", checkout.all());
    // The human report and check count the same.
    let human = rulecheck_in(empty.path(), &["run"], 300).exits(0);
    human.stdout_has(&format!("scenarios: {n} passed, 0 failed", n = on_disk.len()));
    let check = rulecheck_in(empty.path(), &["check"], 300).exits(0);
    check.stdout_has(&format!("{n} scenarios: 0 input errors, 0 uncovered clauses", n = on_disk.len()));
}

/// An id of the built-in spec selects its scenario, and only it, by name
/// or given whole.
#[test]
fn an_id_selects_one_built_in_scenario() {
    let empty = tempfile::tempdir().expect("temp dir");
    let all = ids(&rulecheck(&["run", "spec/english/kings.yaml", "--format", "json"]).ok().stdout);
    let id = all.first().expect("a scenario").clone();
    let name = id.rsplit_once("::").expect("an id").1;
    let o = rulecheck_in(empty.path(), &["run", "--format", "json", "--name", name], 300).exits(0);
    assert!(ids(&o.stdout).contains(&id), "{}", o.all());
    // An id copied from a report, and a built-in file or directory, run
    // where there is no spec/ as where there is.
    let o = rulecheck_in(empty.path(), &["run", "--format", "json", &id], 300).exits(0);
    assert_eq!(ids(&o.stdout), vec![id]);
    let o = rulecheck_in(empty.path(), &["run", "--format", "json", "spec/english"], 300).exits(0);
    let on_disk = rulecheck(&["run", "--format", "json", "spec/english"]).ok();
    assert_eq!(ids(&o.stdout), ids(&on_disk.stdout));
    // The reports say the files were the built-in spec's, and which.
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
    assert_eq!(v["spec"]["paths"][0].as_str(), Some("spec/english"));
    assert_eq!(v["spec"]["builtin"]["sha256"].as_str(), Some(version_hash().as_str()));
    let v: serde_json::Value = serde_json::from_str(&on_disk.stdout).expect("JSON");
    assert!(v["spec"]["builtin"].is_null(), "{}", v["spec"]);
    let junit = rulecheck_in(empty.path(), &["run", "--format", "junit", "spec/english/kings.yaml"], 300).exits(0);
    let short = &version_hash()[..12];
    junit.stdout_has(&format!(
        "<property name=\"spec\" value=\"spec/english/kings.yaml, read from the built-in spec {} (sha256 {short})\"/>",
        env!("CARGO_PKG_VERSION")
    ));
    rulecheck(&["run", "--format", "junit", "spec/english/kings.yaml"])
        .ok()
        .stdout_has("<property name=\"spec\" value=\"spec/english/kings.yaml\"/>");
    let o = rulecheck_in(empty.path(), &["run", "spec/no-such-dir"], 300).exits(2);
    o.stdout_has("spec/no-such-dir:1:1: no such file or directory");
    let o = rulecheck_in(empty.path(), &["run", "--name", "no scenario is named so"], 300);
    assert_eq!(o.code, Some(4), "{}", o.all());
}

#[test]
fn spec_export_writes_the_checkouts_spec_byte_for_byte_and_it_runs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let target = dir.path().join("spec");
    let o = rulecheck_in(dir.path(), &["spec", "export", "spec"], 120).ok();
    let count = files(&Path::new(ROOT).join("spec")).len();
    o.stderr_has(&format!("wrote {count} files")).stderr_has("built-in spec");
    assert_eq!(files(&target), files(&Path::new(ROOT).join("spec")));
    // Run from there, the exported spec is ./spec, with the same ids.
    let exported = rulecheck_in(dir.path(), &["run", "--format", "json"], 300).exits(0);
    assert!(!exported.stderr.contains("built-in"), "{}", exported.all());
    let checkout = rulecheck(&["run", "spec", "--format", "json"]).ok();
    assert_eq!(ids(&exported.stdout), ids(&checkout.stdout));
    // Named as a path from elsewhere, it runs too.
    let t = target.to_string_lossy().into_owned();
    rulecheck(&["run", &t]).exits(0).stdout_has("0 failed");
    // An export never writes over a spec unasked.
    let again = rulecheck_in(dir.path(), &["spec", "export", "spec"], 120).bad_input();
    again.stderr_has("spec export: spec is not empty").stderr_has("--force");
    std::fs::write(target.join("english/kings.yaml"), "edited").expect("edit");
    rulecheck_in(dir.path(), &["spec", "export", "spec", "--force"], 120).ok();
    assert_eq!(files(&target), files(&Path::new(ROOT).join("spec")));
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").expect("write");
    let f = file.to_string_lossy().into_owned();
    rulecheck(&["spec", "export", &f]).bad_input().stderr_has("not a directory");
}

/// The hash `--version` names is that of the checkout's spec/, as the
/// README says to compute it with standard tools.
#[test]
fn version_names_the_hash_a_checkout_computes_with_sha256sum() {
    let hash = version_hash();
    let recipe = "find . -type f ! -path '*/.*' | cut -c3- | LC_ALL=C sort | xargs sha256sum | sha256sum";
    let out = std::process::Command::new("sh").arg("-c").arg(recipe).current_dir(Path::new(ROOT).join("spec")).output();
    match out {
        Ok(o) if o.status.success() => {
            let text = String::from_utf8_lossy(&o.stdout);
            assert_eq!(text.split_whitespace().next(), Some(hash.as_str()));
        }
        // A machine without sha256sum: the unit tests of the hash hold it.
        _ => eprintln!("sha256sum not run; the hash's unit tests stand"),
    }
}

/// A list written against the checkout's spec/ judges a run of the built-in
/// spec the same: its ids are the built-in scenarios'.
#[test]
fn an_expected_failures_list_written_against_spec_holds_for_the_built_in_spec() {
    let engine = format!("{} serve --deviate capture-duty-flipped", env!("CARGO_BIN_EXE_rulecheck"));
    let dir = tempfile::tempdir().expect("temp dir");
    let list = dir.path().join("engine.expected-failures");
    let l = list.to_string_lossy().into_owned();
    let select = ["--clause", "english.*"];
    let mut bless = vec!["run", "--engine", &engine, "spec", "--bless", &l];
    bless.extend(select);
    rulecheck(&bless).ok();
    let listed = std::fs::read_to_string(&list).expect("the list");
    assert!(listed.lines().any(|l| l.starts_with("spec/english/")), "{listed}");
    let mut judged = vec!["run", "--engine", &engine, "--expected-failures", &l];
    judged.extend(select);
    let o = rulecheck_in(dir.path(), &judged, 300).exits(0);
    o.stderr_has("reading the built-in spec");
    o.stdout_has("expected failure");
    assert!(!o.stderr.contains("which is no scenario of its file"), "{}", o.all());
    // Without the list, the same run fails.
    let mut bare = vec!["run", "--engine", &engine];
    bare.extend(select);
    assert_eq!(rulecheck_in(dir.path(), &bare, 300).code, Some(1));
}
