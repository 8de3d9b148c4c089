//! The oracle: replays a scenario against an engine and checks each of its
//! expectations, producing a verdict, a diff for every failure, and a
//! transcript of what the engine answered (snapshotted in the tests).
//!
//! Moves are compared by identity (start, end and captured set, as the game
//! family defines it), never by spelling; positions by their canonical form.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use similar::TextDiff;

use crate::engine::{Engine, EngineError, Explanation, Plan, Setup};
use crate::game::{self, Action, Game, MoveKey};
use crate::registry;
use crate::scenario::{Loc, Scenario};

/// One expectation that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Which expectation (`moves`, `after`, `illegal`, ...).
    pub expectation: String,
    pub loc: Loc,
    /// What went wrong, with a unified diff where two texts differ.
    pub detail: String,
    /// Whether the engine failed (crashed, hung, answered out of protocol)
    /// rather than answered wrongly.
    pub engine: bool,
}

/// The verdict on one scenario.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub scenario: String,
    pub loc: Loc,
    pub failures: Vec<Failure>,
    /// Why the scenario was not run (the engine does not play its variant or
    /// house rules).
    pub skipped: Option<String>,
    /// The engine's own house-rule values the scenario was run under instead
    /// of its own (`name=value` words), where the reference gives the same
    /// answers under them.
    pub run_under: Option<String>,
    /// What the engine wrote to its error stream meanwhile.
    pub stderr: Option<String>,
    /// The position the expectations are read in, as the reference has it.
    pub position: Option<String>,
    /// What the engine answered, in a stable text form.
    pub transcript: String,
    /// The clauses the scenario cites, so every report can say which rule
    /// a failure breaks.
    pub clauses: Vec<String>,
    /// How long the check took, in seconds (for JUnit's `time`; kept out of
    /// every text a test snapshots).
    pub seconds: f64,
}

/// The verdict's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Pass,
    Fail,
    Skip,
    /// The engine crashed, hung or answered out of protocol.
    Error,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Skip => "skip",
            Status::Error => "error",
        }
    }
}

impl Verdict {
    pub fn passed(&self) -> bool {
        self.status() == Status::Pass
    }

    pub fn status(&self) -> Status {
        if self.skipped.is_some() {
            Status::Skip
        } else if self.failures.iter().any(|f| f.engine) {
            Status::Error
        } else if self.failures.is_empty() {
            Status::Pass
        } else {
            Status::Fail
        }
    }
}

/// The reason code of `spec/reasons.yaml` for a refusal whose reason the
/// engine does not name.
pub const UNNAMED_REASON: &str = "illegal";

/// A unified diff of expected against actual text.
pub fn diff(expected: &str, actual: &str) -> String {
    TextDiff::from_lines(expected, actual).unified_diff().context_radius(3).header("expected", "actual").to_string()
}

fn lines(items: &[String]) -> String {
    items.iter().map(|s| format!("{s}\n")).collect()
}

/// The keys of moves written in a position; a move the game cannot read is
/// reported by its text.
fn keys(game: &dyn Game, position: &str, moves: &[String]) -> Result<BTreeMap<String, MoveKey>, String> {
    let mut out = BTreeMap::new();
    for m in moves {
        let k = game.move_key(position, m).map_err(|e| format!("'{}': {}", crate::text::shown(m), e.message))?;
        out.insert(k.key.clone(), k);
    }
    Ok(out)
}

/// The keys of the moves an engine lists, and the moves it lists more than
/// once (by identity: `22x6` and `22x15x6` are one move where one chain
/// fits), each as the notations it was written in.
fn listed_keys(
    game: &dyn Game,
    position: &str,
    moves: &[String],
) -> Result<(BTreeMap<String, MoveKey>, Vec<String>), String> {
    let mut out: BTreeMap<String, MoveKey> = BTreeMap::new();
    let mut written: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for m in moves {
        let k = game.move_key(position, m).map_err(|e| format!("'{}': {}", crate::text::shown(m), e.message))?;
        written.entry(k.key.clone()).or_default().push(m);
        out.insert(k.key.clone(), k);
    }
    let mut twice: Vec<String> = written
        .iter()
        .filter(|(_, w)| w.len() > 1)
        .map(|(key, w)| {
            let shown = out.get(key).map(|k| k.display.clone()).unwrap_or_default();
            if w.iter().all(|x| *x == w[0]) {
                format!("{shown} ({} times)", w.len())
            } else {
                let written: Vec<String> = w.iter().map(|x| crate::text::shown(x)).collect();
                format!("{shown} ({} times: {})", w.len(), written.join(", "))
            }
        })
        .collect();
    twice.sort_by_key(|a| natural(a));
    Ok((out, twice))
}

/// Why a result an engine gives is out of protocol: not in the result
/// notation, a player the game does not have, a win or draw without a
/// reason, or a reason outside the vocabulary of `spec/reasons.yaml`.
fn result_out_of_protocol(game: &dyn Game, result: &str) -> Option<String> {
    use crate::scenario::expect::{parse_result, ResultExp};
    let quoted = crate::text::shown(result);
    let parsed = match parse_result(result) {
        Ok((r, _)) => r,
        Err(e) => return Some(format!("the result '{quoted}' is not a result: {}", e.message)),
    };
    let players = game.players();
    let unknown = |p: &String| {
        (!players.contains(p)).then(|| {
            format!(
                "the result '{quoted}' names no player of the game: '{}' (players: {})",
                crate::text::shown(p),
                players.join(", ")
            )
        })
    };
    let reason = match &parsed {
        ResultExp::Ongoing => return None,
        ResultExp::Draw { reason } => match reason {
            Some(r) => Some(r),
            None => return Some(format!("the result '{quoted}' names no reason")),
        },
        ResultExp::Win { player, reason } => {
            if let Some(why) = unknown(player) {
                return Some(why);
            }
            match reason {
                Some(r) => Some(r),
                None => return Some(format!("the result '{quoted}' names no reason")),
            }
        }
        ResultExp::Ranking { order, reason } => {
            if let Some(why) = order.iter().find_map(unknown) {
                return Some(why);
            }
            reason.as_ref()
        }
    };
    let reason = reason?;
    match crate::catalog::vocabulary() {
        Ok(v) if !v.results.contains_key(reason) => Some(format!(
            "the result '{quoted}' has the reason '{}', which is not a result reason of spec/reasons.yaml",
            crate::text::shown(reason)
        )),
        _ => None,
    }
}

/// Whether a refusal reason is outside the vocabulary of `spec/reasons.yaml`.
fn unknown_refusal(code: &str) -> bool {
    crate::catalog::vocabulary().is_ok_and(|v| !v.refusals.contains_key(code))
}

fn displays(set: &BTreeMap<String, MoveKey>) -> Vec<String> {
    let mut v: Vec<String> = set.values().map(|k| k.display.clone()).collect();
    v.sort_by_key(|a| natural(a));
    v
}

/// Sort key that orders `9-13` before `10-14`.
pub fn natural(s: &str) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let mut num = String::new();
    let mut text = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            if !num.is_empty() {
                out.push((num.parse().unwrap_or(0), std::mem::take(&mut text)));
                num.clear();
            }
            text.push(c);
        }
    }
    out.push((num.parse().unwrap_or(0), text));
    out
}

/// Check one scenario against an engine.
pub fn check(scenario: &Scenario, engine: &mut dyn Engine) -> Verdict {
    let started = std::time::Instant::now();
    let mut v = check_timed(scenario, engine);
    v.seconds = started.elapsed().as_secs_f64() + engine.ahead_seconds();
    v
}

/// What [`check`] is going to ask of `engine` for `scenario`, for the
/// engine to ask ahead ([`Engine::ask_ahead`]): the play, every `illegal`
/// action, and the perft depths from the reference's position after the
/// play. `None` for a scenario under house rules the engine does not play:
/// it is skipped, or run under other values, and asked as it comes.
pub fn plan(scenario: &Scenario, engine: &mut dyn Engine) -> Option<Plan> {
    engine.supports(&scenario.variant, &scenario.options).ok()?;
    let played: Vec<Action> = scenario.play.iter().map(|p| p.value.clone()).collect();
    let ex = &scenario.expect;
    let perft = if ex.perft.is_empty() {
        None
    } else {
        let game = registry::configure(&scenario.variant, &scenario.options).ok()?;
        let start = scenario.position.clone().unwrap_or_else(|| game.start_position());
        let after = game.replay(&start, &played).ok()?;
        Some((after.position, ex.perft.iter().map(|&(depth, _)| depth).collect()))
    };
    Some(Plan {
        variant: scenario.variant.clone(),
        options: scenario.options.clone(),
        position: scenario.position.clone(),
        explain: ex.illegal.iter().map(|r| r.value.action.clone()).collect(),
        played,
        perft,
    })
}

fn check_timed(scenario: &Scenario, engine: &mut dyn Engine) -> Verdict {
    let mut v = Verdict {
        scenario: scenario.name.clone(),
        loc: scenario.loc,
        failures: Vec::new(),
        skipped: None,
        run_under: None,
        stderr: None,
        position: None,
        transcript: String::new(),
        clauses: scenario.clauses.iter().map(|c| c.value.clone()).collect(),
        seconds: 0.0,
    };
    // An engine that cannot be started (again) is an engine error, never a
    // reason to skip.
    if let Err(e) = engine.ready() {
        let detail = format!("the engine could not be started: {e}");
        let _ = writeln!(v.transcript, "scenario: {}\nerror: {detail}", scenario.name);
        v.failures.push(Failure { expectation: "engine".into(), loc: scenario.loc, detail, engine: true });
        v.stderr = engine.stderr();
        return v;
    }
    if let Err(reason) = engine.supports(&scenario.variant, &scenario.options) {
        match adapted(scenario, engine) {
            Some((alt, changed)) => {
                let mut watched = Watch { inner: &mut *engine, unsupported: None };
                let v = check_supported(&alt, &mut watched, v);
                let mut v = unsupported_skips(v, watched.unsupported);
                v.transcript = v.transcript.replacen(
                    "\nposition: ",
                    &format!("\nrun under the engine's {changed}: the reference gives the same answers\nposition: "),
                    1,
                );
                v.run_under = Some(changed);
                v.stderr = engine.stderr();
                return printable(v);
            }
            None => {
                let tried = engine.declared(&scenario.variant).is_some();
                v.skipped = Some(if tried {
                    format!("{reason}, and the scenario's answers change under the values it declares")
                } else {
                    reason
                });
                return v;
            }
        }
    }
    let mut watched = Watch { inner: &mut *engine, unsupported: None };
    let v = check_supported(scenario, &mut watched, v);
    let mut v = unsupported_skips(v, watched.unsupported);
    v.stderr = engine.stderr();
    printable(v)
}

/// What the engine said it cannot set up is not a wrong answer, and no
/// answer it gave meanwhile is judged: the scenario is skipped, with the
/// engine's reason.
fn unsupported_skips(mut v: Verdict, unsupported: Option<String>) -> Verdict {
    if let Some(why) = unsupported {
        v.failures.clear();
        let why = format!("the engine cannot set this up: {why}");
        if let Some(at) = v.transcript.rfind("verdict: ") {
            if v.transcript[at..].lines().count() == 1 {
                v.transcript.truncate(at);
            }
        }
        let _ = writeln!(v.transcript, "verdict: skip ({why})");
        v.skipped = Some(why);
    }
    v
}

/// An engine watched for `unsupported` answers (the first one is kept).
struct Watch<'a> {
    inner: &'a mut dyn Engine,
    unsupported: Option<String>,
}

impl Watch<'_> {
    fn seen<T>(&mut self, r: Result<T, EngineError>) -> Result<T, EngineError> {
        if let Err(EngineError::Unsupported(why)) = &r {
            self.unsupported.get_or_insert_with(|| why.clone());
        }
        r
    }
}

impl Engine for Watch<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<game::Replay, EngineError> {
        let r = self.inner.replay(setup, actions);
        self.seen(r)
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        let r = self.inner.explain(setup, played, action);
        self.seen(r)
    }
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        let r = self.inner.perft(setup, depth);
        self.seen(r)
    }
    // The batches go to the engine whole, so that a pipelining engine
    // still gets them in one write.
    fn explain_all(
        &mut self,
        setup: &Setup<'_>,
        played: &[Action],
        actions: &[&Action],
    ) -> Vec<Result<Explanation, EngineError>> {
        let all = self.inner.explain_all(setup, played, actions);
        all.into_iter().map(|r| self.seen(r)).collect()
    }
    fn perft_all(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Vec<Result<Option<u64>, EngineError>> {
        let all = self.inner.perft_all(setup, depths);
        all.into_iter().map(|r| self.seen(r)).collect()
    }
    fn ready(&mut self) -> Result<(), EngineError> {
        self.inner.ready()
    }
    fn supports(&mut self, variant: &str, options: &game::Options) -> Result<(), String> {
        self.inner.supports(variant, options)
    }
    fn declared(&mut self, variant: &str) -> Option<std::collections::BTreeMap<String, Vec<String>>> {
        self.inner.declared(variant)
    }
    fn stderr(&mut self) -> Option<String> {
        self.inner.stderr()
    }
}

/// What an engine answered reaches reports and terminals: control
/// characters escaped, overlong lines cut.
fn printable(mut v: Verdict) -> Verdict {
    for f in &mut v.failures {
        f.detail = crate::text::clean_lines(&f.detail);
    }
    v.transcript = crate::text::clean_lines(&v.transcript);
    v
}

/// At most this many combinations of declared values are tried for a
/// scenario whose house rules the engine does not play.
const MAX_ADAPTATIONS: usize = 64;

/// A scenario whose house rules the engine does not play, set instead to
/// values the engine declares, when the reference gives every one of the
/// scenario's answers under those values too (checked by running the
/// scenario against the reference, never assumed): then the scenario does
/// not depend on those rules, and the engine is held to it. The changed
/// rules are returned as `name=value` words.
fn adapted(scenario: &Scenario, engine: &mut dyn Engine) -> Option<(Scenario, String)> {
    use crate::engine::{declares, offered};
    let declared = engine.declared(&scenario.variant)?;
    let variant = scenario.variant.as_str();
    let unplayed: Vec<(&String, Vec<String>)> = scenario
        .options
        .iter()
        .filter(|(name, value)| !declares(&declared, variant, name, value))
        .map(|(name, _)| (name, offered(&declared, variant, name)))
        .collect();
    if unplayed.is_empty() || unplayed.iter().any(|(_, values)| values.is_empty()) {
        return None;
    }
    let combinations = unplayed.iter().try_fold(1usize, |n, (_, values)| n.checked_mul(values.len()))?;
    let mut reference = crate::engine::reference();
    for i in 0..combinations.min(MAX_ADAPTATIONS) {
        let mut alt = scenario.clone();
        let mut changed = Vec::new();
        let mut rest = i;
        for (name, values) in &unplayed {
            let value = &values[rest % values.len()];
            rest /= values.len();
            alt.options.insert((*name).clone(), value.clone());
            changed.push(format!("{name}={value}"));
        }
        if engine.supports(variant, &alt.options).is_err() {
            continue;
        }
        if registry::configure(variant, &alt.options).is_err() {
            continue;
        }
        let with_reference = check(&alt, &mut reference);
        if with_reference.passed() {
            return Some((alt, changed.join(" ")));
        }
    }
    None
}

fn check_supported(scenario: &Scenario, engine: &mut dyn Engine, mut v: Verdict) -> Verdict {
    let t = &mut v.transcript;
    let _ = writeln!(t, "scenario: {}", scenario.name);
    let clauses: Vec<&str> = scenario.clauses.iter().map(|c| c.value.as_str()).collect();
    let _ = writeln!(t, "clauses: {}", clauses.join(", "));
    let non_default: Vec<String> = scenario.options.iter().map(|(k, val)| format!("{k}={val}")).collect();
    let _ = writeln!(t, "options: {}", non_default.join(" "));
    let _ = writeln!(t, "position: {}", scenario.position.as_deref().unwrap_or("start"));
    let played: Vec<Action> = scenario.play.iter().map(|p| p.value.clone()).collect();
    if !played.is_empty() {
        let steps: Vec<String> = played.iter().map(|a| a.to_string()).collect();
        let _ = writeln!(t, "play: {}", steps.join(", "));
    }
    let game = match registry::configure(&scenario.variant, &scenario.options) {
        Ok(g) => g,
        Err(e) => {
            v.failures.push(Failure {
                expectation: "setup".into(),
                loc: scenario.loc,
                detail: e.to_string(),
                engine: false,
            });
            return v;
        }
    };
    let setup =
        Setup { variant: &scenario.variant, options: &scenario.options, position: scenario.position.as_deref() };
    // The reference's own replay gives the position moves are read in; the
    // loader has already checked that it accepts the play.
    let start = scenario.position.clone().unwrap_or_else(|| game.start_position());
    let reference_final = match game.replay(&start, &played) {
        Ok(r) => {
            v.position = Some(r.position.clone());
            r.position
        }
        Err(e) => {
            v.failures.push(Failure {
                expectation: "play".into(),
                loc: scenario.loc,
                detail: e.to_string(),
                engine: false,
            });
            return v;
        }
    };
    let replay = match engine.replay(&setup, &played) {
        Ok(r) => r,
        Err(e) => {
            let (loc, detail) = match &e {
                EngineError::Rejected(r) => (
                    scenario.play.get(r.index).map(|p| p.loc).unwrap_or(scenario.loc),
                    format!(
                        "the engine refused play step {} ('{}'): {}",
                        r.index.saturating_add(1),
                        played.get(r.index).map(|a| a.to_string()).unwrap_or_default(),
                        r.reason
                    ),
                ),
                other => (scenario.loc, format!("the engine failed: {other}")),
            };
            let _ = writeln!(v.transcript, "error: {detail}");
            let engine = !matches!(e, EngineError::Rejected(_));
            v.failures.push(Failure { expectation: "play".into(), loc, detail, engine });
            return v;
        }
    };
    let ex = &scenario.expect;
    let _ = writeln!(v.transcript, "after: {}", replay.position);
    let _ = writeln!(v.transcript, "to-move: {}", replay.to_move);
    let _ = writeln!(v.transcript, "result: {}", replay.result);
    let moves_loc = ex.moves.as_ref().and_then(|m| m.first()).map(|m| m.loc).unwrap_or(scenario.loc);
    let (actual, twice) = match listed_keys(game.as_ref(), &reference_final, &replay.moves) {
        Ok(k) => k,
        Err(e) => {
            let detail = format!("out of protocol: the engine listed a move that cannot be read: {e}");
            let _ = writeln!(v.transcript, "error: {detail}");
            v.failures.push(Failure { expectation: "moves".into(), loc: moves_loc, detail, engine: true });
            return v;
        }
    };
    let _ = writeln!(v.transcript, "moves ({}): {}", actual.len(), displays(&actual).join(" "));
    // A move list is a set: a move listed twice is a wrong answer wherever
    // it is, whether the scenario lists the moves or not.
    if !twice.is_empty() {
        let _ = writeln!(v.transcript, "listed more than once: {}", twice.join("; "));
        v.failures.push(Failure {
            expectation: "moves".into(),
            loc: moves_loc,
            detail: format!("the engine lists a move more than once: {}", twice.join("; ")),
            engine: false,
        });
    }
    if let Some(why) = result_out_of_protocol(game.as_ref(), &replay.result) {
        v.failures.push(Failure {
            expectation: "result".into(),
            loc: ex.result.as_ref().map(|r| r.loc).unwrap_or(scenario.loc),
            detail: format!("out of protocol: {why}"),
            engine: true,
        });
    }

    if let Some(expected) = &ex.moves {
        let written: Vec<String> = expected.iter().map(|m| m.value.clone()).collect();
        match keys(game.as_ref(), &reference_final, &written) {
            Ok(exp) => {
                if exp.keys().ne(actual.keys()) {
                    let loc = expected.first().map(|m| m.loc).unwrap_or(scenario.loc);
                    v.failures.push(Failure {
                        expectation: "moves".into(),
                        loc,
                        detail: format!(
                            "the legal moves differ\n{}",
                            diff(&lines(&displays(&exp)), &lines(&displays(&actual)))
                        ),
                        engine: false,
                    });
                }
            }
            Err(e) => {
                v.failures.push(Failure { expectation: "moves".into(), loc: scenario.loc, detail: e, engine: false })
            }
        }
    }
    for m in &ex.legal {
        match game.move_key(&reference_final, &m.value) {
            Ok(k) if actual.contains_key(&k.key) => {}
            Ok(k) => v.failures.push(Failure {
                expectation: "legal".into(),
                loc: m.loc,
                detail: format!("{} is not among the engine's legal moves: {}", k.display, displays(&actual).join(" ")),
                engine: false,
            }),
            Err(e) => {
                v.failures.push(Failure { expectation: "legal".into(), loc: m.loc, detail: e.message, engine: false })
            }
        }
    }
    // Which `illegal` entries the engine is asked about: a move it lists
    // as legal, or one that cannot be read, fails without asking. The
    // questions go out together, and are answered in order.
    let mut listed_failures: Vec<Option<Failure>> = Vec::with_capacity(ex.illegal.len());
    for r in &ex.illegal {
        let action = &r.value.action;
        let mut failure = None;
        if let Action::Move(m) = action {
            match game.move_key(&reference_final, m) {
                Ok(k) if actual.contains_key(&k.key) => {
                    failure = Some(Failure {
                        expectation: "illegal".into(),
                        loc: r.loc,
                        detail: format!("{} must be illegal, but the engine lists it as legal", k.display),
                        engine: false,
                    });
                }
                Ok(_) => {}
                Err(e) => {
                    failure =
                        Some(Failure { expectation: "illegal".into(), loc: r.loc, detail: e.message, engine: false });
                }
            }
        }
        listed_failures.push(failure);
    }
    let asked: Vec<&Action> =
        ex.illegal.iter().zip(&listed_failures).filter(|(_, f)| f.is_none()).map(|(r, _)| &r.value.action).collect();
    let mut answers = engine.explain_all(&setup, &played, &asked).into_iter();
    for (r, failure) in ex.illegal.iter().zip(listed_failures) {
        let action = &r.value.action;
        if let Some(f) = failure {
            v.failures.push(f);
            continue;
        }
        let answer = answers.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into())));
        // `illegal` is the vocabulary's refusal without a reason: only the
        // refusal is checked, as when the engine gives no reason at all.
        let answer = match answer {
            Ok(Explanation::Refused(Some(code))) if code == UNNAMED_REASON => Ok(Explanation::Refused(None)),
            Ok(Explanation::Refused(Some(code))) if unknown_refusal(&code) => Err(EngineError::Failed(format!(
                "out of protocol: the refusal reason '{}' is not a refusal reason of spec/reasons.yaml",
                crate::text::shown(&code)
            ))),
            other => other,
        };
        let shown = match &answer {
            Ok(Explanation::Accepted) => "accepted".to_string(),
            Ok(Explanation::Refused(Some(code))) => code.clone(),
            Ok(Explanation::Refused(None)) => "refused".to_string(),
            Err(e) => format!("error: {e}"),
        };
        let _ = writeln!(v.transcript, "illegal: {action} -> {shown}");
        match (answer, &r.value.reason) {
            (Ok(Explanation::Accepted), _) => v.failures.push(Failure {
                expectation: "illegal".into(),
                loc: r.loc,
                detail: format!("'{action}' must be refused, but the engine accepts it"),
                engine: false,
            }),
            (Ok(Explanation::Refused(Some(got))), Some(want)) if &got != want => v.failures.push(Failure {
                expectation: "illegal".into(),
                loc: r.loc,
                detail: format!(
                    "'{action}' is refused for the wrong reason\n{}",
                    diff(&format!("{want}\n"), &format!("{got}\n"))
                ),
                engine: false,
            }),
            (Err(e), _) => v.failures.push(Failure {
                expectation: "illegal".into(),
                loc: r.loc,
                detail: format!("the engine failed: {e}"),
                engine: true,
            }),
            _ => {}
        }
    }
    if let Some(after) = &ex.after {
        match game.normalize_position(&replay.position) {
            Ok(got) if got == after.value => {}
            Ok(got) => {
                let draw = |p: &str| game.diagram(p).map(|d| format!("{p}\n{d}")).unwrap_or_else(|_| format!("{p}\n"));
                v.failures.push(Failure {
                    expectation: "after".into(),
                    loc: after.loc,
                    detail: format!("the position differs\n{}", diff(&draw(&after.value), &draw(&got))),
                    engine: false,
                });
            }
            Err(e) => v.failures.push(Failure {
                expectation: "after".into(),
                loc: after.loc,
                detail: format!(
                    "out of protocol: the engine's position '{}' cannot be read: {}",
                    crate::text::shown(&replay.position),
                    e.message
                ),
                engine: true,
            }),
        }
    }
    if let Some(tm) = &ex.to_move {
        if tm.value != replay.to_move {
            v.failures.push(Failure {
                expectation: "to-move".into(),
                loc: tm.loc,
                detail: diff(&format!("{}\n", tm.value), &format!("{}\n", replay.to_move)),
                engine: false,
            });
        }
    }
    if let Some(res) = &ex.result {
        if !res.value.accepts(&replay.result) {
            v.failures.push(Failure {
                expectation: "result".into(),
                loc: res.loc,
                detail: diff(&format!("{}\n", res.value), &format!("{}\n", replay.result)),
                engine: false,
            });
        }
    }
    if !ex.perft.is_empty() {
        // Counted from the engine's own position after the play, so that an
        // engine that plays a move wrongly is held to the tree below its own
        // answer, never handed the reference's.
        let at = Setup { position: Some(&replay.position), ..setup };
        let mut shown = Vec::new();
        let mut uncounted = Vec::new();
        let depths: Vec<u32> = ex.perft.iter().map(|&(depth, _)| depth).collect();
        let mut counts = engine.perft_all(&at, &depths).into_iter();
        for &(depth, want) in &ex.perft {
            let count = counts.next().unwrap_or_else(|| Err(EngineError::Failed("no answer".into())));
            match count {
                Ok(Some(got)) => {
                    shown.push(format!("{depth}={got}"));
                    if got != want {
                        v.failures.push(Failure {
                            expectation: "perft".into(),
                            loc: ex.perft_at.get(&depth).copied().unwrap_or(scenario.loc),
                            detail: format!("perft {depth}\n{}", diff(&format!("{want}\n"), &format!("{got}\n"))),
                            engine: false,
                        });
                    }
                }
                Ok(None) => {
                    shown.push(format!("{depth}=unsupported"));
                    uncounted.push(depth.to_string());
                }
                Err(e) => v.failures.push(Failure {
                    expectation: "perft".into(),
                    loc: ex.perft_at.get(&depth).copied().unwrap_or(scenario.loc),
                    detail: format!("the engine failed: {e}"),
                    engine: true,
                }),
            }
        }
        let _ = writeln!(v.transcript, "perft: {}", shown.join(" "));
        // An engine that does not count cannot pass a scenario that expects
        // counts: it is skipped, saying so, unless something else failed.
        if !uncounted.is_empty() && v.failures.is_empty() {
            let why = format!(
                "the engine does not count perft (no perft capability): perft {} not checked, every other expectation holds",
                uncounted.join(", ")
            );
            let _ = writeln!(v.transcript, "verdict: skip ({why})");
            v.skipped = Some(why);
            return v;
        }
    }
    let _ = writeln!(v.transcript, "verdict: {}", if v.failures.is_empty() { "pass" } else { "FAIL" });
    v
}
