//! Which single-rule deviations explain an engine's failures: each run as
//! the reference with the one rule changed and its answers set beside the
//! engine's, scenario by scenario, failure by failure.

use super::{with, Alike, Case, Explained};
use crate::game::Variant;
use crate::oracle::Failure;
use crate::registry;

/// The deviations that answer as the engine does: each fails no scenario
/// the engine passes, and on some of the engine's failures gives its very
/// answers. On a scenario it matches wholly it gives the engine's
/// failures, difference for difference (positions told apart only by a
/// counter the adapter keeps itself count as the same, see
/// [`matched`]); on one it matches in part, each of its failures is one
/// of the engine's and others are left (a scenario failing for two
/// causes). Chosen greedily, the one that matches most scenarios wholly
/// first, until nothing more is explained; a scenario is explained when
/// the deviations chosen account for every failure of the engine on it.
pub(super) fn explained(
    v: &'static dyn Variant,
    cases: &[Case<'_>],
    found: &[(String, String)],
    holds: &[bool],
    answers: &[Option<Vec<Failure>>],
) -> (Vec<Explained>, Vec<usize>) {
    let failed = |i: usize| holds[i] && answers[i].as_ref().is_some_and(|f| !f.is_empty());
    let failures: Vec<usize> = (0..cases.len()).filter(|&i| failed(i)).collect();
    if failures.is_empty() {
        return (Vec::new(), Vec::new());
    }
    // For each deviation, the scenarios it matches and, for each, which
    // of the engine's failures it accounts for.
    let mut candidates: Vec<Candidate> = Vec::new();
    for name in v.deviations() {
        let mut deviant = crate::engine::InProcess::new(
            name,
            Box::new(move |id, options| (id == v.info().id).then(|| v.deviant(options, name).0)),
        );
        let mut matches = Vec::new();
        let mut contradicts = false;
        let mut loose = false;
        for i in (0..cases.len()).filter(|&i| holds[i] && answers[i].is_some()) {
            let verdict = crate::oracle::check(&with(&cases[i].scenario, found), &mut deviant);
            if verdict.passed() {
                continue;
            }
            if !failed(i) {
                // A position told apart by a counter alone says nothing
                // (see `counters_only`); any other wrong answer where the
                // engine is right rules the deviation out.
                if verdict.failures.iter().all(counters_only) {
                    loose = true;
                    continue;
                }
                contradicts = true;
                break;
            }
            if let Some((accounted, by_counters)) = answers[i].as_deref().and_then(|a| matched(a, &verdict.failures)) {
                loose |= by_counters;
                matches.push((i, accounted));
            }
        }
        if !contradicts && !matches.is_empty() {
            candidates.push(Candidate { name, matches, loose });
        }
    }
    let whole = |c: &Candidate| c.matches.iter().filter(|(i, acc)| acc.len() == failures_of(answers, *i)).count();
    // Those that needed no counter set aside come first: a counter is an
    // answer wherever the engine keeps it.
    candidates.sort_by(|a, b| {
        (a.loose.cmp(&b.loose))
            .then(whole(b).cmp(&whole(a)))
            .then(b.matches.len().cmp(&a.matches.len()))
            .then(a.name.cmp(b.name))
    });
    let defaults = registry::resolve_options(v, &crate::game::Options::new()).unwrap_or_default();
    // The engine's failures not yet accounted for, per scenario.
    let mut left: Vec<(usize, Vec<usize>)> =
        failures.iter().map(|&i| (i, (0..failures_of(answers, i)).collect())).collect();
    let mut out = Vec::new();
    for c in &candidates {
        let mut adds = false;
        for (i, acc) in &c.matches {
            if let Some((_, rest)) = left.iter_mut().find(|(j, _)| j == i) {
                let before = rest.len();
                rest.retain(|k| !acc.contains(k));
                adds |= rest.len() < before;
            }
        }
        if !adds {
            continue;
        }
        let scenarios: Vec<usize> = c.matches.iter().map(|(i, _)| *i).collect();
        let (twins, alike): (Vec<&str>, Vec<&str>) = candidates
            .iter()
            .filter(|o| o.name != c.name && o.matches == c.matches && o.loose == c.loose)
            .map(|o| o.name)
            .partition(|n| v.same_rules(&defaults, c.name, n));
        let slugs = |names: Vec<&str>| names.into_iter().map(crate::mutation::slug).collect();
        let mut shown = scenarios;
        shown.sort_by_key(|&i| cases[i].size());
        out.push(Explained {
            deviation: crate::mutation::slug(c.name),
            scenarios: shown.iter().map(|&i| cases[i].id.clone()).collect(),
            alike: Alike { same_rules: slugs(twins), on_this_spec: slugs(alike) },
        });
    }
    let unexplained = left.into_iter().filter(|(_, rest)| !rest.is_empty()).map(|(i, _)| i).collect();
    (out, unexplained)
}

/// A deviation's matches: the scenarios and, for each, the indices of the
/// engine's failures it accounts for.
struct Candidate {
    name: &'static str,
    matches: Vec<(usize, Vec<usize>)>,
    /// Whether it matched only with a counter of a position set aside
    /// (see [`counters_only`]).
    loose: bool,
}

fn failures_of(answers: &[Option<Vec<Failure>>], i: usize) -> usize {
    answers[i].as_ref().map_or(0, Vec::len)
}

/// Which of the engine's failures `engine` a deviant's failures `deviant`
/// on the same scenario account for, if they match: every failure of the
/// engine is one of the deviant's (all of them accounted for) and the
/// deviant's others differ from the engine's answers only in a counter of
/// a position; or every failure of the deviant is one of the engine's
/// (those accounted for, the rest left to another cause).
/// With them, whether a counter was set aside to match.
fn matched(engine: &[Failure], deviant: &[Failure]) -> Option<(Vec<usize>, bool)> {
    let found = |f: &Failure, among: &[Failure]| among.iter().any(|g| same_failure(f, g));
    if engine.iter().all(|f| found(f, deviant)) {
        let extra: Vec<&Failure> = deviant.iter().filter(|g| !found(g, engine)).collect();
        if extra.iter().all(|g| counters_only(g)) {
            return Some(((0..engine.len()).collect(), !extra.is_empty()));
        }
    }
    if !deviant.is_empty() && deviant.iter().all(|g| found(g, engine)) {
        return Some(((0..engine.len()).filter(|&k| found(&engine[k], deviant)).collect(), false));
    }
    None
}

/// Whether two failures are the same wrong answer: the same expectation
/// at the same place, the same difference; an engine that failed (an
/// error, a crash) is the same failure whatever words its transport puts
/// around it, and a move refused is the same refusal whatever reason is
/// given for it (engines give none the spec reads; only the refusal is
/// checked).
fn same_failure(x: &Failure, y: &Failure) -> bool {
    use crate::oracle::Difference;
    if x.expectation != y.expectation || x.loc != y.loc || x.engine != y.engine {
        return false;
    }
    if x.engine {
        return true;
    }
    match (&x.difference, &y.difference) {
        (Difference::Said(a), Difference::Said(b)) if x.expectation == "play" => refusal(a) == refusal(b),
        (a, b) => a == b,
    }
}

/// A refusal of a play step as said, without the reason given: the words
/// up to the last `): ` (`... refused play step 3 ('11-15'): illegal`).
fn refusal(said: &str) -> &str {
    said.rsplit_once("): ").map_or(said, |(step, _)| step)
}

/// Whether a failure is a position that differs from the one expected only
/// in its counters (`np=`, `eg=`, ...): what an adapter that counts for an
/// engine that keeps no such counter reports by the spec's rules, while
/// the engine itself plays by its own. Such a difference is no answer of
/// the engine's to tell a deviation by.
fn counters_only(f: &Failure) -> bool {
    use crate::oracle::Difference;
    let Difference::Text { expected, actual, .. } = &f.difference else { return false };
    // The FEN's fields after `:`, the diagram's last line's after `,`.
    let bare = |text: &str| -> Vec<Vec<String>> {
        let fields = |line: &str| -> Vec<String> {
            line.split([':', ',']).map(str::trim).filter(|f| !is_counter(f)).map(String::from).collect()
        };
        text.lines().map(fields).collect()
    };
    f.expectation == "after" && expected != actual && bare(expected) == bare(actual)
}

/// A counter field of a position (`np=40`): a short lowercase name, `=`,
/// a value.
fn is_counter(field: &str) -> bool {
    field.split_once('=').is_some_and(|(name, value)| {
        !name.is_empty() && name.len() <= 3 && name.chars().all(|c| c.is_ascii_lowercase()) && !value.is_empty()
    })
}
