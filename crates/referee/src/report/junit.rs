//! JUnit XML for CI views: one test suite, a test case a game (a failure
//! for a violation, an error for an engine error, skipped for a game the
//! run's stop cut short), what the engines wrote on standard error kept
//! with each game, and a failed game's DXP transcript as its output.

use std::fmt::Write as _;

use super::Totals;
use crate::record::{End, Run};

fn xml(text: &str) -> String {
    rulecheck_text::xml(text)
}

pub fn junit(run: &Run) -> String {
    let t = Totals::of(run);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"rulecheck referee: {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3}\">",
        xml(&run.pairing),
        t.games,
        t.violations,
        t.engine_errors,
        t.stopped,
        t.seconds
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3}\">",
        xml(&run.variant),
        t.games,
        t.violations,
        t.engine_errors,
        t.stopped,
        t.seconds
    );
    for g in &run.games {
        let _ = write!(
            out,
            "    <testcase classname=\"referee.{}\" name=\"game {}: {} - {}\" time=\"{:.3}\">",
            xml(&run.variant),
            g.number,
            xml(&g.white),
            xml(&g.black),
            g.seconds
        );
        let _ = write!(out, "<properties><property name=\"outcome\" value=\"{}\"/>", g.end.word());
        if let End::Violation(v) = &g.end {
            for c in &v.clauses {
                let _ = write!(out, "<property name=\"clause\" value=\"{}\"/>", xml(c));
            }
        }
        out.push_str("</properties>");
        match &g.end {
            End::Violation(v) => {
                let mut body = format!("{}\nposition: {}\nclauses: {}", v.describe(), v.position, v.clauses.join(", "));
                match &v.written {
                    Ok(w) => body.push_str(&format!("\nwritten: {}, {}", w.pdn.display(), w.scenario.display())),
                    Err(e) => body.push_str(&format!("\nnot written: {e}")),
                }
                let _ = write!(out, "<failure message=\"{}\">{}</failure>", xml(v.wrong.reason()), xml(&body));
            }
            End::EngineError { player, message } => {
                let _ = write!(out, "<error message=\"engine error\">{}</error>", xml(&format!("{player}: {message}")));
            }
            End::EndedBy { player, said, .. } => {
                let _ =
                    write!(out, "<system-out>ended by {} without a result: {}</system-out>", xml(player), xml(said));
            }
            End::Stopped(signal) => {
                let _ = write!(out, "<skipped message=\"stopped by {}\"/>", xml(signal));
            }
            End::Over(result) => {
                let _ = write!(out, "<system-out>{}</system-out>", xml(result));
            }
            End::Unfinished => {
                let _ = write!(out, "<system-out>unfinished after {} moves</system-out>", g.moves.len());
            }
        }
        if !g.transcript.is_empty() {
            let _ = write!(out, "<system-out>{}</system-out>", xml(&g.transcript.join("\n")));
        }
        let stderr: Vec<String> = g.stderr.iter().map(|(n, t)| format!("{n}:\n{t}")).collect();
        if !stderr.is_empty() {
            let _ = write!(out, "<system-err>{}</system-err>", xml(&stderr.join("\n")));
        }
        out.push_str("</testcase>\n");
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}
