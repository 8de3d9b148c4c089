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
    // The suite and the suites around it count alike: one suite a run.
    let counts = format!(
        "tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3}\"",
        t.games, t.violations, t.engine_errors, t.stopped, t.seconds
    );
    let _ = writeln!(out, "<testsuites name=\"rulecheck referee: {}\" {counts}>", xml(&run.pairing));
    let _ = writeln!(out, "  <testsuite name=\"{}\" {counts}>", xml(&run.variant));
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
        // One <system-out> a case, as the JUnit schema has it: what the
        // game ended with, then its transcript.
        let mut system_out = Vec::new();
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
                system_out.push(format!("ended by {player} without a result: {said}"));
            }
            End::Stopped(signal) => {
                let _ = write!(out, "<skipped message=\"stopped by {}\"/>", xml(signal));
            }
            End::Over(result) => system_out.push(result.to_string()),
            End::Unfinished => system_out.push(format!("unfinished after {} moves", g.moves.len())),
        }
        system_out.extend(g.transcript.iter().cloned());
        if !system_out.is_empty() {
            let _ = write!(out, "<system-out>{}</system-out>", xml(&system_out.join("\n")));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameRecord;

    fn game(number: usize, end: End, transcript: &[&str]) -> GameRecord {
        let mut g = GameRecord::new(number, "A".into(), "B <&>".into(), String::new(), true, end);
        g.moves = vec!["32-28".into()];
        g.moves_checked = 1;
        g.seconds = 0.5;
        g.transcript = transcript.iter().map(|l| l.to_string()).collect();
        g
    }

    #[test]
    fn a_case_has_one_system_out_and_the_suites_count_alike() {
        let run = Run {
            variant: "international".into(),
            options: Default::default(),
            pairing: "A against B".into(),
            level: "depth 2".into(),
            games: vec![
                game(1, End::EngineError { player: "B".into(), message: "closed".into() }, &["> R01", "< M12"]),
                game(2, End::EndedBy { player: "B".into(), said: "E00".into(), agreed: true }, &["< E00"]),
            ],
            planned: 2,
            max_plies: 300,
            notes: Vec::new(),
            stopped: None,
            seconds: 1.0,
            out: "out".into(),
        };
        let xml = junit(&run);
        for case in xml.split("<testcase").skip(1) {
            assert_eq!(case.matches("<system-out>").count(), 1, "{xml}");
        }
        assert!(xml.contains("<system-out>&gt; R01\n&lt; M12</system-out>"), "{xml}");
        assert!(xml.contains("<system-out>ended by B without a result: E00\n&lt; E00</system-out>"), "{xml}");
        assert!(xml.contains("B &lt;&amp;&gt;"), "{xml}");
        let counts = "tests=\"2\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"1.000\"";
        assert!(xml.contains(&format!("<testsuites name=\"rulecheck referee: A against B\" {counts}>")), "{xml}");
        assert!(xml.contains(&format!("<testsuite name=\"international\" {counts}>")), "{xml}");
    }
}
