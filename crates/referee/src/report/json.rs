//! The report for tools: every game with its players, start, moves and
//! end (a violation with its reason, clauses and files; an engine error
//! with its message and standard error), the totals, where the time went,
//! and the exit code.

use serde_json::{json, Value};

use super::{exit_code, Totals};
use crate::record::{End, GameRecord, Run, Wrong};

fn game(g: &GameRecord) -> Value {
    let mut v = json!({
        "number": g.number,
        "white": g.white,
        "black": g.black,
        "start": g.start,
        "initial": g.initial,
        "moves": g.moves,
        "outcome": g.end.word(),
        "moves_checked": g.moves_checked,
        "pv_moves_checked": g.pv_checked,
        "seconds": g.seconds,
        "engine_seconds": g.engine_seconds,
        "check_seconds": g.check_seconds,
        "violation_seconds": g.violation_seconds,
        "stderr": g.stderr.iter().map(|(n, t)| json!({"player": n, "text": t})).collect::<Vec<_>>(),
        "transcript": g.transcript,
    });
    match &g.end {
        End::Over(result) => v["result"] = json!(result),
        End::Unfinished | End::Stopped(_) => {}
        End::EndedBy { player, said, agreed } => {
            v["ended_by"] = json!({"player": player, "said": said, "agreed": agreed});
        }
        End::EngineError { player, message } => v["engine_error"] = json!({"player": player, "message": message}),
        End::Violation(x) => {
            let (played, written) = match &x.wrong {
                Wrong::Illegal { wire, refusal } => (Some(wire.to_string()), refusal.written.clone()),
                Wrong::AfterEnd { wire, .. } => (Some(wire.to_string()), None),
                _ => (None, None),
            };
            let said = match &x.wrong {
                Wrong::NoMove { said, .. } | Wrong::Claim { said, .. } | Wrong::WrongResult { said, .. } => Some(said),
                _ => None,
            };
            v["violation"] = json!({
                "player": x.player,
                "side": x.side,
                "ply": x.ply,
                "position": x.position,
                "move": played,
                "as_written": written,
                "said": said,
                "result": x.wrong.result(),
                "reason": x.wrong.reason(),
                "clauses": x.clauses,
                "clause_placeholder": x.placeholder,
                "cited_by": x.cited_by,
                "pv": x.pv.as_ref().map(|p| json!({"line": p.line, "text": p.text, "before": p.before})),
                "description": x.describe(),
                "pdn": x.written.as_ref().ok().map(|w| w.pdn.display().to_string()),
                "scenario": x.written.as_ref().ok().map(|w| w.scenario.display().to_string()),
                "not_written": x.written.as_ref().err(),
            });
        }
    }
    v
}

pub fn json(run: &Run) -> String {
    let t = Totals::of(run);
    let value = json!({
        "variant": run.variant,
        "options": run.options,
        "pairing": run.pairing,
        "level": run.level,
        "out": run.out.display().to_string(),
        "games": run.games.iter().map(game).collect::<Vec<_>>(),
        "totals": {
            "games": t.games, "white_wins": t.white_wins, "black_wins": t.black_wins, "draws": t.draws,
            "unfinished": t.unfinished, "violations": t.violations, "engine_errors": t.engine_errors,
            "stopped": t.stopped, "moves_checked": t.moves_checked, "pv_moves_checked": t.pv_checked,
        },
        "time": {
            "seconds": t.seconds,
            "engine_seconds": t.engine_seconds,
            "check_seconds": t.check_seconds,
            "violation_seconds": t.violation_seconds,
            "other_seconds": t.other_seconds(),
            "engine_percent": t.share(t.engine_seconds),
            "check_percent": t.share(t.check_seconds),
            "violation_percent": t.share(t.violation_seconds),
        },
        "notes": run.notes,
        "incomplete": run.stopped.as_ref().map(|s| json!({
            "signal": s, "games_played": run.games.len(), "games_planned": run.planned,
        })),
        "exit_code": exit_code(run),
    });
    format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default())
}
