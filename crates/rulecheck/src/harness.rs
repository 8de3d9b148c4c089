//! The spec as tests of a Rust engine's own: one case per scenario, named
//! as the reports name it, checked in-process against any implementation
//! of [`Engine`]. With `libtest-mimic` (a `harness = false` test target)
//! each case becomes a test of its own, as `tests/spec.rs` does for the
//! reference engine; the README shows the dozen lines it takes.

use std::path::{Path, PathBuf};

use crate::catalog::Catalog;
use crate::engine::Engine;
use crate::oracle::{self, Status};
use crate::report;
use crate::runner::{self, FileRun};
use crate::scenario::Scenario;

/// One scenario of the spec.
#[derive(Clone, Debug)]
pub struct Case {
    /// `spec/english/kings.yaml::a king steps backward`, the id of every
    /// report and expected-failures list.
    pub name: String,
    pub file: PathBuf,
    pub scenario: Scenario,
}

impl Case {
    /// Check the scenario against the engine: `Err` with the report of what
    /// differed when it fails or the engine breaks; a scenario the engine
    /// does not play (a skip) is `Ok`, as it is no failure.
    pub fn check(&self, engine: &mut dyn Engine) -> Result<(), String> {
        let v = oracle::check(&self.scenario, engine);
        match v.status() {
            Status::Pass | Status::Skip => Ok(()),
            Status::Fail | Status::Error => {
                let run =
                    FileRun { path: self.file.clone(), variant: self.scenario.variant.clone(), verdicts: vec![v] };
                Err(report::human(&[run], &[]))
            }
        }
    }
}

/// Every scenario under `paths` (files or directories), with the built-in
/// catalog; `Err` with every input error when any file does not load.
pub fn cases(paths: &[&Path]) -> Result<Vec<Case>, String> {
    let catalog = Catalog::builtin()?;
    let paths: Vec<PathBuf> = paths.iter().map(|p| p.to_path_buf()).collect();
    let (files, errors) = runner::load_all(&paths, &catalog, &Default::default());
    if !errors.is_empty() {
        return Err(errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"));
    }
    Ok(files
        .iter()
        .flat_map(|f| {
            f.scenarios.iter().map(move |s| Case {
                name: format!("{}::{}", runner::id_path(&f.path), s.name),
                file: f.path.clone(),
                scenario: s.clone(),
            })
        })
        .collect())
}
