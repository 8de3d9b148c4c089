//! The report for a terminal: a line a game (its players and how it
//! ended), each violation with its clauses and the files written for it,
//! each engine error with the end of what the engine wrote on standard
//! error, and under either the end of the game's DXP transcript; then the
//! totals, what was checked, and where the time went.

use super::{count, exit_code, Totals};
use crate::record::{End, GameRecord, Run};

/// Most lines of an engine's standard error shown under its error.
const STDERR_LINES: usize = 10;

/// Most lines of a game's transcript shown under its violation or error.
const TRANSCRIPT_LINES: usize = 30;

/// The last lines of a failed game's transcript, if it has one.
fn transcript(out: &mut String, g: &GameRecord) {
    if g.transcript.is_empty() {
        return;
    }
    let from = g.transcript.len().saturating_sub(TRANSCRIPT_LINES);
    let which = if from == 0 { String::new() } else { format!(" (its last {TRANSCRIPT_LINES} lines)") };
    out.push_str(&format!("  DXP transcript, > sent to the engine, < received from it{which}:\n"));
    for l in &g.transcript[from..] {
        out.push_str(&format!("    {l}\n"));
    }
}

pub fn human(run: &Run) -> String {
    let mut out = String::new();
    let opts: Vec<String> = run.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let under = if opts.is_empty() { String::new() } else { format!(" ({})", opts.join(", ")) };
    out.push_str(&format!("referee: {}, {}{under}, {}\n", run.pairing, run.variant, run.level));
    for g in &run.games {
        let head = format!("game {}: {} - {}", g.number, g.white, g.black);
        let plies = count(g.moves.len(), "move");
        match &g.end {
            End::Over(result) => out.push_str(&format!("{head}: {result} after {plies}\n")),
            End::Unfinished => {
                let limit = if g.moves.len() >= run.max_plies { "--max-plies" } else { "the moves agreed over DXP" };
                out.push_str(&format!("{head}: unfinished after {plies} ({limit})\n"));
            }
            End::EndedBy { player, said, agreed } => {
                let when = if *agreed { " at the moves agreed" } else { "" };
                let said = rulecheck_text::shown_at_most(said, 120);
                out.push_str(&format!("{head}: ended by {player}{when} without a result ('{said}') after {plies}\n"));
            }
            End::Stopped(signal) => out.push_str(&format!("{head}: stopped by {signal} after {plies}\n")),
            End::Violation(v) => {
                out.push_str(&format!("{head}: VIOLATION by {}\n", v.describe()));
                out.push_str(&format!("  position: {}\n", v.position));
                let placeholder = if v.placeholder { " (a placeholder: nothing points to a clause)" } else { "" };
                out.push_str(&format!("  clauses: {}{placeholder}\n", v.clauses.join(", ")));
                match &v.written {
                    Ok(w) => out.push_str(&format!(
                        "  written: {} (the game), {} (the scenario)\n",
                        w.pdn.display(),
                        w.scenario.display()
                    )),
                    Err(e) => out.push_str(&format!("  not written: {e}\n")),
                }
                transcript(&mut out, g);
            }
            End::EngineError { player, message } => {
                out.push_str(&format!("{head}: ENGINE ERROR of {player} after {plies}: {message}\n"));
                for (name, text) in g.stderr.iter().filter(|(n, _)| n == player) {
                    let lines: Vec<&str> = text.lines().collect();
                    let from = lines.len().saturating_sub(STDERR_LINES);
                    out.push_str(&format!("  {name}'s standard error (its last lines):\n"));
                    for l in &lines[from..] {
                        out.push_str(&format!("    {l}\n"));
                    }
                }
                transcript(&mut out, g);
            }
        }
    }
    let t = Totals::of(run);
    let mut parts = vec![
        count(t.white_wins, "white win"),
        count(t.black_wins, "black win"),
        count(t.draws, "draw"),
        format!("{} unfinished", t.unfinished),
        count(t.violations, "violation"),
        count(t.engine_errors, "engine error"),
    ];
    if t.stopped > 0 {
        parts.push(format!("{} stopped", t.stopped));
    }
    out.push_str(&format!("{}: {}\n", count(t.games, "game"), parts.join(", ")));
    out.push_str(&format!(
        "checked: {} the engines played, {} of their principal variations\n",
        count(t.moves_checked, "move"),
        count(t.pv_checked, "move")
    ));
    // A violation's clauses and files are said apart when there are any:
    // in a short game they outweigh the rest.
    let violations = if t.violation_seconds > 0.0 {
        format!(
            ", {:.1} s ({:.0}%) finding the violations' clauses and writing their files",
            t.violation_seconds,
            t.share(t.violation_seconds)
        )
    } else {
        String::new()
    };
    out.push_str(&format!(
        "time: {:.1} s in all: {:.1} s ({:.0}%) waiting for the engines, {:.1} s ({:.0}%) in rulecheck's checks{violations}, {:.1} s ({:.0}%) else\n",
        t.seconds,
        t.engine_seconds,
        t.share(t.engine_seconds),
        t.check_seconds,
        t.share(t.check_seconds),
        t.other_seconds(),
        t.share(t.other_seconds()),
    ));
    if let Some(signal) = &run.stopped {
        out.push_str(&format!(
            "incomplete: stopped by {signal} after {} of {}\n",
            run.games.len(),
            count(run.planned, "game")
        ));
    }
    let verdict = match exit_code(run) {
        0 => "every move held",
        1 => "a rule was broken",
        3 => "an engine failed",
        _ => "stopped",
    };
    out.push_str(&format!("{verdict}\n"));
    out
}
