//! The JSON report of a run, for tools: the totals and every scenario with
//! its outcome, failures and timing; and the same shape for a run whose
//! engine could not be started.

use super::{exit_code, outcome, scenario_id, EngineFailure, Run, Totals};
use crate::runner::display_path;
use crate::scenario::InputError;

/// The JSON report: the totals and every scenario with its outcome.
pub fn json(run: &Run<'_>) -> String {
    json_of(run, None)
}

/// [`json`], naming under `spec` which spec ran
/// ([`crate::source::Source::json`]): files on disk, or the built-in spec
/// with its version and hash, so that a report says what it is a verdict on.
pub fn json_of(run: &Run<'_>, spec: Option<serde_json::Value>) -> String {
    let Run { engine, runs, errors, expected, stopped } = *run;
    let t = Totals::with(runs, errors, expected);
    let scenarios: Vec<serde_json::Value> = runs
        .iter()
        .flat_map(|r| {
            r.verdicts.iter().map(move |v| {
                serde_json::json!({
                    "id": scenario_id(r, v),
                    "file": display_path(&r.path),
                    "scenario": v.scenario,
                    "variant": r.variant,
                    "line": v.loc.line,
                    "clauses": v.clauses,
                    "outcome": outcome(r, v, expected).word(),
                    "seconds": v.seconds,
                    "skipped": v.skipped,
                    "run_under": v.run_under,
                    "failures": v.failures.iter().map(|f| serde_json::json!({
                        "expectation": f.expectation, "line": f.loc.line, "column": f.loc.col,
                        "detail": f.detail(), "engine": f.engine,
                    })).collect::<Vec<_>>(),
                    "stderr": v.stderr,
                })
            })
        })
        .collect();
    let mut value = serde_json::json!({
        "engine": engine,
        "totals": {
            "files": t.files, "scenarios": t.scenarios, "passed": t.passed, "failed": t.failed,
            "skipped": t.skipped, "errors": t.errors, "expected_failures": t.expected_failures,
            "unexpected_passes": t.unexpected_passes, "input_errors": t.input_errors,
        },
        "input_errors": errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        "scenarios": scenarios,
        "incomplete": stopped.map(|s| serde_json::json!({
            "signal": s.signal, "scenarios_run": s.done, "scenarios_selected": s.selected,
            "message": s.describe(),
        })),
        "exit_code": exit_code(&t, stopped),
    });
    if let Some(spec) = spec {
        value["spec"] = spec;
    }
    format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default())
}

/// The JSON report of a run whose engine could not be started: the same
/// fields as [`json`], no scenario, the failure under `engine_error`, exit
/// code 3.
pub fn json_engine_failed(engine: &str, failure: &EngineFailure, errors: &[InputError]) -> String {
    let value = serde_json::json!({
        "engine": engine,
        "totals": {
            "files": 0, "scenarios": 0, "passed": 0, "failed": 0, "skipped": 0, "errors": 0,
            "expected_failures": 0, "unexpected_passes": 0, "input_errors": errors.len(),
        },
        "input_errors": errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        "engine_error": { "message": failure.message, "stderr": failure.stderr },
        "scenarios": [],
        "exit_code": 3,
    });
    format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default())
}
