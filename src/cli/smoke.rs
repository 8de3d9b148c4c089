//! `rulecheck smoke`: the first thing to run against a new engine. It shakes
//! hands, then sends each kind of request once per variant the engine
//! declares (the requests of the protocol's worked transcript) and says,
//! check by check, what is wrong, before a whole run buries it in verdicts.

use std::collections::BTreeMap;

use super::input::stop_on_signals;
use super::output::{bad, note, out, Fail};
use super::Limits;
use rulecheck::engine::process::{EngineSpec, ProcessEngine};
use rulecheck::engine::{self, Engine, EngineError, Explanation, Setup};
use rulecheck::registry;
use rulecheck_game::{self as game, Action, Game, Options};

/// What one check found.
enum Check {
    Ok(String),
    Wrong(String),
}

struct Smoke {
    lines: Vec<Check>,
}

impl Smoke {
    fn ok(&mut self, what: impl Into<String>) {
        self.lines.push(Check::Ok(what.into()));
    }
    fn wrong(&mut self, what: impl Into<String>) {
        self.lines.push(Check::Wrong(what.into()));
    }
}

/// The options to smoke a variant under: its defaults, each replaced by
/// the first value the engine declares where it does not declare the
/// default.
fn options_for(v: &dyn game::Variant, declared: &BTreeMap<String, Vec<String>>) -> Options {
    let mut options = registry::resolve_options(v, &Options::new()).unwrap_or_default();
    for (name, value) in options.iter_mut() {
        if !engine::declares(declared, v.info().id, name, value) {
            if let Some(first) = engine::offered(declared, v.info().id, name).into_iter().next() {
                *value = first;
            }
        }
    }
    options
}

/// The moves of a list by identity (the family's move key), each shown in
/// its canonical notation, and the moves listed more than once; `Err` names
/// a move the reference cannot read.
type Listed = (BTreeMap<String, game::MoveKey>, Vec<String>);

fn listed(game: &dyn Game, position: &str, moves: &[String]) -> Result<Listed, String> {
    rulecheck::oracle::listed_keys(game, position, moves)
}

/// The two move lists as a diff, in natural order and canonical notation,
/// as `run` shows them: a mere difference of order or spelling shows no line.
fn moves_diff(ours: &BTreeMap<String, game::MoveKey>, theirs: &BTreeMap<String, game::MoveKey>) -> String {
    let lines = |set| rulecheck::oracle::displays(set).iter().map(|m| format!("{m}\n")).collect::<String>();
    rulecheck::oracle::diff(&lines(ours), &lines(theirs))
}

/// A result or refusal reason outside the vocabulary of `spec/reasons.yaml`
/// is out of protocol: a run counts it as an engine error.
fn check_result(s: &mut Smoke, game: &dyn Game, id: &str, when: &str, result: &str) {
    if let Some(why) = rulecheck::oracle::result_out_of_protocol(game, result) {
        s.wrong(format!("{id}: {when}: out of protocol: {why}"));
    }
}

fn check_refusal(s: &mut Smoke, id: &str, what: &str, reason: &str) -> bool {
    if rulecheck::oracle::unknown_refusal(reason) {
        s.wrong(format!(
            "{id}: {what} is refused for the reason '{}', which is not a refusal reason of spec/reasons.yaml (out of protocol)",
            rulecheck_text::shown(reason)
        ));
        return false;
    }
    true
}

/// Smoke one variant; `Err` when the engine failed (crashed, hung, out of
/// protocol), which ends the smoke test.
fn variant(
    s: &mut Smoke,
    e: &mut ProcessEngine,
    v: &dyn game::Variant,
    declared: &BTreeMap<String, Vec<String>>,
    capabilities: &[String],
) -> Result<(), EngineError> {
    let id = v.info().id;
    let options = options_for(v, declared);
    let Ok(game) = registry::configure(id, &options) else {
        s.wrong(format!("{id}: the options it declares cannot be played together"));
        return Ok(());
    };
    let start = game.start_position();
    let setup = Setup { variant: id, options: &options, position: None };
    let ours = match game.replay(&start, &[]) {
        Ok(r) => r,
        Err(err) => {
            s.wrong(format!("{id}: the reference cannot set up its own start: {err}"));
            return Ok(());
        }
    };
    // play and moves at the start.
    let theirs = match e.replay(&setup, &[]) {
        Ok(t) => t,
        Err(EngineError::Rejected(r)) => {
            s.wrong(format!("{id}: play with no actions is refused ({})", r.reason));
            return Ok(());
        }
        Err(err) => return Err(err),
    };
    match game.normalize_position(&theirs.position) {
        Ok(p) if p == ours.position => s.ok(format!("{id}: the start position")),
        Ok(p) => s.wrong(format!("{id}: the start position is {p}, not {}", ours.position)),
        Err(err) => s.wrong(format!("{id}: the start position '{}' cannot be read: {err}", theirs.position)),
    }
    if theirs.to_move == ours.to_move {
        s.ok(format!("{id}: {} moves first", ours.to_move));
    } else {
        s.wrong(format!("{id}: to_move is '{}', not '{}'", theirs.to_move, ours.to_move));
    }
    check_result(s, game.as_ref(), id, "the result at the start", &theirs.result);
    let ours_listed = listed(game.as_ref(), &start, &ours.moves).map_err(EngineError::Failed)?;
    match listed(game.as_ref(), &start, &theirs.moves) {
        Err(err) => s.wrong(format!("{id}: out of protocol: a move at the start cannot be read: {err}")),
        Ok((theirs_set, twice)) => {
            if ours_listed.0.keys().eq(theirs_set.keys()) && twice.is_empty() {
                s.ok(format!("{id}: the {} legal moves at the start", ours.moves.len()));
            } else if ours_listed.0.keys().eq(theirs_set.keys()) {
                s.wrong(format!(
                    "{id}: the legal moves at the start differ: listed more than once: {}",
                    twice.join("; ")
                ));
            } else {
                s.wrong(format!(
                    "{id}: the legal moves at the start differ\n{}",
                    moves_diff(&ours_listed.0, &theirs_set)
                ));
            }
        }
    }
    let Some(first) = ours.moves.first().cloned() else { return Ok(()) };
    // One move played.
    let one = [Action::Move(first.clone())];
    let after = game.replay(&start, &one).map_err(|err| EngineError::Failed(err.to_string()))?;
    match e.replay(&setup, &one) {
        Ok(t) => {
            match game.normalize_position(&t.position) {
                Ok(p) if p == after.position => s.ok(format!("{id}: play {first}")),
                Ok(p) => s.wrong(format!("{id}: after {first} the position is {p}, not {}", after.position)),
                Err(err) => s.wrong(format!("{id}: after {first} the position '{}' cannot be read: {err}", t.position)),
            }
            check_result(s, game.as_ref(), id, &format!("the result after {first}"), &t.result);
        }
        Err(EngineError::Rejected(r)) => s.wrong(format!("{id}: {first} is refused ({}), but it is legal", r.reason)),
        Err(err) => return Err(err),
    }
    // The same move twice: the second is refused, at index 1.
    let twice = [Action::Move(first.clone()), Action::Move(first.clone())];
    match e.replay(&setup, &twice) {
        Err(EngineError::Rejected(r)) if r.index == 1 => {
            if check_refusal(s, id, &format!("{first} played twice"), &r.reason) {
                s.ok(format!("{id}: {first} played twice is refused at step 2 ({})", r.reason))
            }
        }
        Err(EngineError::Rejected(r)) => {
            s.wrong(format!("{id}: {first} played twice is refused at step {}, not 2", r.index + 1))
        }
        Ok(_) => s.wrong(format!("{id}: {first} played twice is accepted")),
        Err(err) => return Err(err),
    }
    if capabilities.iter().any(|c| c == "explain") {
        match e.explain(&setup, &one, &Action::Move(first.clone())) {
            Ok(Explanation::Refused(Some(reason))) => {
                if check_refusal(s, id, &format!("{first} explained a second time"), &reason) {
                    s.ok(format!("{id}: explain refuses {first} again ({reason})"))
                }
            }
            Ok(Explanation::Refused(None)) => {
                s.wrong(format!("{id}: explain refuses {first} again but names no reason"))
            }
            Ok(Explanation::Accepted) => s.wrong(format!("{id}: explain accepts {first} a second time")),
            Err(EngineError::Rejected(r)) => {
                s.wrong(format!("{id}: explain refuses the played {first} ({})", r.reason))
            }
            Err(err) => return Err(err),
        }
    }
    if capabilities.iter().any(|c| c == "perft") {
        for depth in 1..=3 {
            let want = game.perft(&start, depth, false).map_err(|err| EngineError::Failed(err.to_string()))?;
            match e.perft(&setup, depth) {
                Ok(Some(n)) if n == want => s.ok(format!("{id}: perft {depth} = {n}")),
                Ok(Some(n)) => s.wrong(format!("{id}: perft {depth} = {n}, not {want}")),
                Ok(None) => s.wrong(format!("{id}: perft is declared but not answered")),
                Err(err) => return Err(err),
            }
        }
    }
    Ok(())
}

pub(super) fn smoke(line: &str, limits: Limits) -> Result<u8, Fail> {
    stop_on_signals()?;
    let spec = limits.apply(EngineSpec::from_command_line(line).map_err(bad)?);
    let mut e = ProcessEngine::new(spec);
    let hello = match e.start() {
        Ok(h) => h.clone(),
        Err(err) => {
            out(&rulecheck_text::terminal(&format!("FAIL  hello: {err}\n")))?;
            if let Some(text) = e.stderr() {
                note(&format!("engine stderr:\n{}", text.trim_end()));
            }
            return Ok(3);
        }
    };
    let mut s = Smoke { lines: Vec::new() };
    let name = match (&hello.name, &hello.version) {
        (Some(n), Some(v)) => format!("{n} {v}"),
        (Some(n), None) => n.clone(),
        _ => "an engine without a name".to_string(),
    };
    let capabilities = hello.capabilities.clone().unwrap_or_default();
    let declared = hello.variants.clone().unwrap_or_default();
    s.ok(format!(
        "hello: {name}, protocol {}, capabilities: {}",
        rulecheck::engine::protocol::VERSION,
        if capabilities.is_empty() { "none".to_string() } else { capabilities.join(", ") }
    ));
    for c in &capabilities {
        if !["explain", "perft", "pipeline"].contains(&c.as_str()) {
            s.wrong(format!("hello: unknown capability '{c}' (rulecheck knows explain, perft and pipeline)"));
        }
    }
    if declared.is_empty() {
        s.wrong("hello: no variant declared, so nothing can be run");
    }
    let mut failed: Option<EngineError> = None;
    for d in &declared {
        let Ok(v) = registry::variant(&d.id) else {
            s.wrong(format!("hello: unknown variant '{}' (`rulecheck variants` lists them)", d.id));
            continue;
        };
        for (opt, values) in &d.options {
            match v.info().options.iter().find(|o| o.name == opt) {
                None => s.wrong(format!("hello: {} has no option '{opt}'", d.id)),
                Some(spec) => {
                    for value in values {
                        if !value.contains("..") && !spec.accepts(value) {
                            s.wrong(format!("hello: {} option {opt} has no value '{value}'", d.id));
                        }
                    }
                }
            }
        }
        if let Err(err) = variant(&mut s, &mut e, v, &d.options, &capabilities) {
            failed = Some(err);
            break;
        }
    }
    let mut text = String::new();
    let mut wrong = 0;
    for c in &s.lines {
        match c {
            Check::Ok(what) => text.push_str(&format!("ok    {what}\n")),
            Check::Wrong(what) => {
                wrong += 1;
                let mut lines = what.lines();
                text.push_str(&format!("FAIL  {}\n", lines.next().unwrap_or("")));
                for l in lines {
                    text.push_str(&format!("        {l}\n"));
                }
            }
        }
    }
    if let Some(err) = &failed {
        text.push_str(&format!("FAIL  the engine failed: {err}\n"));
    }
    let verdict = match (&failed, wrong) {
        (Some(_), _) => "the engine failed: fix that first".to_string(),
        (None, 0) => "every check passed: now `rulecheck run --engine ...` over the whole spec".to_string(),
        (None, n) => format!("{} wrong", rulecheck::report::count(n, "check")),
    };
    text.push_str(&format!("{verdict}\n"));
    // The engine's name and answers are quoted: no escape sequence of
    // theirs reaches the terminal.
    out(&rulecheck_text::terminal(&text))?;
    if failed.is_some() {
        if let Some(err) = e.stderr() {
            note(&format!("engine stderr:\n{}", err.trim_end()));
        }
    }
    Ok(match (&failed, wrong) {
        (Some(_), _) => 3,
        (None, 0) => 0,
        _ => 1,
    })
}
