//! The engines' verdicts a trace shows, read from the JSON that `rulecheck
//! matrix --json` writes: each engine's name and its outcome of every
//! scenario, by scenario id. Only those fields are read, so that a matrix
//! written by a later rulecheck with more in it still reads.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

/// Largest matrix file read: far above the whole spec over a dozen engines.
const MAX_MATRIX_BYTES: u64 = 64 << 20;

#[derive(Deserialize)]
struct File {
    engines: Vec<Engine>,
}

#[derive(Deserialize)]
struct Engine {
    name: String,
    scenarios: BTreeMap<String, Outcome>,
}

#[derive(Deserialize)]
struct Outcome {
    outcome: String,
}

/// Each engine of a matrix with its outcome of each scenario.
#[derive(Clone, Debug, Default)]
pub struct Verdicts {
    engines: Vec<String>,
    outcomes: Vec<BTreeMap<String, String>>,
}

impl Verdicts {
    /// Read a matrix's JSON; an error names the file and, for JSON that
    /// is not a matrix, the line and column.
    pub fn read(path: &Path) -> Result<Verdicts, String> {
        let text = rulecheck_files::read_text(path, MAX_MATRIX_BYTES)?;
        Verdicts::parse(&text).map_err(|e| format!("{}:{e}", path.display()))
    }

    /// A matrix's JSON as text; an error is `line:column: message`.
    pub fn parse(text: &str) -> Result<Verdicts, String> {
        let file: File = serde_json::from_str(text).map_err(|e| {
            let what = e.to_string();
            let what = what.split(" at line ").next().unwrap_or(&what).to_string();
            format!("{}:{}: not the JSON of `rulecheck matrix --json`: {what}", e.line(), e.column())
        })?;
        let mut out = Verdicts::default();
        for e in file.engines {
            if out.engines.contains(&e.name) {
                return Err(format!("1:1: the engine '{}' is in the matrix twice", rulecheck_text::shown(&e.name)));
            }
            out.engines.push(e.name);
            out.outcomes.push(e.scenarios.into_iter().map(|(id, o)| (id, o.outcome)).collect());
        }
        Ok(out)
    }

    /// The engines, in the matrix's order.
    pub fn engines(&self) -> &[String] {
        &self.engines
    }

    /// Each engine's outcome of a scenario (`pass`, `fail`, ...), `None`
    /// where the engine's run has no verdict of it.
    pub fn outcomes(&self, scenario: &str) -> Vec<Option<String>> {
        self.outcomes.iter().map(|m| m.get(scenario).cloned()).collect()
    }

    /// Whether the engine (by index) fails the scenario: its outcome is a
    /// failure, not a skip, an engine error or an expected failure.
    pub fn failed(&self, engine: usize, scenario: &str) -> bool {
        self.outcomes.get(engine).and_then(|m| m.get(scenario)).is_some_and(|o| o == "fail")
    }

    /// How many scenario ids of the matrix are among `known`, of all it has.
    pub fn matched<'a>(&self, known: impl Iterator<Item = &'a str>) -> (usize, usize) {
        let ids: std::collections::BTreeSet<&str> =
            self.outcomes.iter().flat_map(|m| m.keys().map(String::as_str)).collect();
        let known: std::collections::BTreeSet<&str> = known.collect();
        (ids.iter().filter(|id| known.contains(*id)).count(), ids.len())
    }
}

#[cfg(test)]
mod tests {
    use super::Verdicts;

    #[test]
    fn a_matrix_is_read_for_its_engines_and_outcomes() {
        let text = r#"{"matrix": 1, "engines": [
            {"name": "ref", "passed": 2, "scenarios": {"spec/a.yaml::x": {"outcome": "pass"}}},
            {"name": "dev", "scenarios": {"spec/a.yaml::x": {"outcome": "fail"}, "spec/a.yaml::y": {"outcome": "skip", "reason": "r"}}}
        ], "rows": []}"#;
        let v = Verdicts::parse(text).unwrap();
        assert_eq!(v.engines(), ["ref", "dev"]);
        assert_eq!(v.outcomes("spec/a.yaml::x"), [Some("pass".into()), Some("fail".into())]);
        assert!(v.failed(1, "spec/a.yaml::x") && !v.failed(0, "spec/a.yaml::x") && !v.failed(1, "spec/a.yaml::y"));
        assert_eq!(v.matched(["spec/a.yaml::y", "other"].into_iter()), (1, 2));
    }

    #[test]
    fn json_that_is_not_a_matrix_is_refused_where_it_is() {
        let err = Verdicts::parse("{\"engines\": [\n {\"name\": 3}]}").unwrap_err();
        assert!(err.starts_with("2:") && err.contains("not the JSON of `rulecheck matrix --json`"), "{err}");
        let err = Verdicts::parse("[1, 2").unwrap_err();
        assert!(err.starts_with("1:"), "{err}");
    }
}
