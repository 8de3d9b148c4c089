//! The spec as tests: every scenario under `spec/` is a test of its own
//! (named `<file>::<scenario>`), checked against the reference engine; the
//! transcript of every scenario file is an insta snapshot; and the spec must
//! load cleanly and cover every clause of the catalog.

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use rulecheck::catalog::Catalog;
use rulecheck::engine;
use rulecheck::runner;
use rulecheck::scenario::{Scenario, ScenarioFile};

fn spec_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("spec")
}

/// The file's path below `spec/`, with `/` separators, for test and snapshot names.
fn short(path: &Path) -> String {
    let rel = path.strip_prefix(spec_dir()).unwrap_or(path);
    rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/")
}

fn scenario_trial(file: &ScenarioFile, s: &Scenario) -> Trial {
    let name = format!("{}::{}", short(&file.path), s.name);
    // The same check an engine's own test target makes through the harness.
    let case = rulecheck::harness::Case { name: name.clone(), file: file.path.clone(), scenario: s.clone() };
    Trial::test(name, move || case.check(&mut engine::reference()).map_err(Failed::from))
}

fn transcript_trial(file: &ScenarioFile) -> Trial {
    let name = short(&file.path);
    let file = file.clone();
    Trial::test(format!("transcript::{name}"), move || {
        let run = runner::run_file(&file, &mut engine::reference());
        let mut text = run.transcript();
        // Snapshots must not depend on where the checkout lives.
        text = text.replace(&format!("{}/", spec_dir().display()), "spec/");
        let snap = name.trim_end_matches(".yaml").trim_end_matches(".yml").replace('/', "__");
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/transcripts"));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(snap, text));
        Ok(())
    })
}

fn main() {
    let args = Arguments::from_args();
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let (files, errors) = runner::load_all(&[spec_dir()], &catalog, &Default::default());
    let mut trials = Vec::new();

    let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    trials.push(Trial::test("spec::loads without input errors", move || {
        if messages.is_empty() {
            Ok(())
        } else {
            Err(Failed::from(messages.join("\n")))
        }
    }));

    let uncovered = runner::uncovered(&catalog, &files);
    trials.push(Trial::test("spec::every clause is cited", move || {
        if uncovered.is_empty() {
            Ok(())
        } else {
            Err(Failed::from(format!("clauses without a scenario: {}", uncovered.join(", "))))
        }
    }));

    // Each variant's floor of scenarios, from the catalog of its page.
    for v in rulecheck::registry::variants() {
        let variant = v.info().id;
        let floor =
            catalog.pages.iter().find(|p| p.variants.iter().any(|pv| pv == variant)).and_then(|p| p.min_scenarios);
        let n = files.iter().flat_map(|f| &f.scenarios).filter(|s| s.variant == variant).count();
        let Some(least) = floor else {
            trials.push(Trial::test(format!("spec::{variant} has a floor of scenarios"), move || {
                Err(Failed::from(format!("no min-scenarios for {variant} in its page's catalog")))
            }));
            continue;
        };
        trials.push(Trial::test(format!("spec::{variant} has at least {least} scenarios"), move || {
            if n >= least {
                Ok(())
            } else {
                Err(Failed::from(format!("only {n} {variant} scenarios")))
            }
        }));
    }

    for f in &files {
        trials.push(transcript_trial(f));
        for s in &f.scenarios {
            trials.push(scenario_trial(f, s));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
