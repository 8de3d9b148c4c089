//! Telling two rule sets of one variant apart: the reference under the
//! first (house rules, a reading of a disputed rule among them) and under
//! the second (other values of those rules, or one single-rule deviation)
//! are asked the same questions, in process, until they answer
//! differently; the state where they part is shrunk and written as a
//! scenario that holds under the first and fails under the second, so
//! that the spec separates the two (the mutation score shows it).
//!
//! `differ` says where two rule sets part at one state, `search` finds
//! such states (the spec's positions first, then random games), `shrink`
//! makes one as small as it goes and `write` writes it and checks it; here
//! are the plan, the rule sets and the clauses cited.

mod differ;
mod search;
mod shrink;
mod write;

pub use shrink::Shrunk;

use differ::{Case, Kind, Parting};
use rulecheck::catalog::Catalog;
use rulecheck::scenario::ScenarioFile;
use rulecheck_game::{Action, Game, Options, Variant};
use search::{Budget, Found, Start};
use write::{Build, Told};

/// The second rule set, as given.
#[derive(Clone, Debug)]
pub enum Against {
    /// The first's house rules with these values instead; none given means
    /// the defaults of the rules the first sets.
    Options(Options),
    /// The first's house rules with this single-rule deviation (by its
    /// slug, as `rulecheck mutants` names it).
    Deviation(String),
}

/// What to separate, and the budget of the search.
#[derive(Clone, Debug)]
pub struct Plan<'a> {
    pub variant: &'a str,
    /// The first rule set's house rules, as given.
    pub options: &'a Options,
    pub against: Against,
    /// The spec's scenarios: the positions they reach are searched first,
    /// and random games start from them too.
    pub files: &'a [ScenarioFile],
    /// The spec whose scenarios say which clauses a deviation's difference
    /// points to (as `rulecheck fuzz` cites them).
    pub spec: Option<&'a rulecheck::source::Source>,
    /// The rule catalog: the clauses readings read, and the scenario's
    /// clauses checked when it is read back.
    pub catalog: &'a Catalog,
    /// Random games, and their longest, in moves.
    pub games: u32,
    pub plies: usize,
    pub seed: u64,
}

/// A scenario that holds under the first rule set and fails under the
/// second, with how it was found.
#[derive(Clone, Debug)]
pub struct Separated {
    /// The scenario file.
    pub yaml: String,
    /// Where the search found the two parting, in words.
    pub how: String,
    /// What differs, in words.
    pub detail: String,
    pub shrunk: Shrunk,
    /// The two rule sets, in words.
    pub first: String,
    pub second: String,
}

/// The most scenarios written and refused (one that does not load, or
/// that the second rule set passes) before the search gives up: each
/// refusal is a difference the expectations cannot state.
const MOST_REFUSED: usize = 16;

/// How many scenarios found by random games are written and checked
/// before the smallest is chosen (besides those found at the spec's
/// positions): the first difference found is often a long way round (a
/// count reached by a scenario's long play) where a later one is short.
const KEPT: usize = 12;

/// The two rule sets of a plan: their games' builders, their house rules
/// (the first's complete), and each in words.
struct Sets {
    a: Options,
    b: Build,
    first: String,
    second: String,
    /// The house rules the two part on (each a reading's option, or not).
    parted: Vec<String>,
    /// The house rules the scenario sets: those given, and those the
    /// second changes, at the first's values.
    written: Options,
}

fn rule_sets(v: &'static dyn Variant, plan: &Plan<'_>) -> Result<Sets, String> {
    let a = rulecheck::registry::resolve_options(v, plan.options).map_err(|e| e.to_string())?;
    let said = |o: &Options| o.iter().map(|(k, x)| format!("{k}={x}")).collect::<Vec<_>>().join(", ");
    let first = if plan.options.is_empty() { "the default rules".to_string() } else { said(plan.options) };
    match &plan.against {
        Against::Deviation(slug) => {
            let Some(name) = v.deviations().into_iter().find(|d| rulecheck::mutation::slug(d) == *slug) else {
                let all: Vec<String> = v.deviations().into_iter().map(rulecheck::mutation::slug).collect();
                return Err(format!(
                    "--deviate {slug}: not a deviation of {} (deviations: {})",
                    v.info().id,
                    all.join(", ")
                ));
            };
            if !v.deviant(&a, name).1 {
                return Err(format!(
                    "--deviate {slug}: the deviation does not change {} under these house rules",
                    v.info().id
                ));
            }
            let opts = a.clone();
            Ok(Sets {
                b: std::rc::Rc::new(move || v.deviant(&opts, name).0),
                first,
                second: format!("the deviation {slug}"),
                parted: Vec::new(),
                written: plan.options.clone(),
                a,
            })
        }
        Against::Options(given) => {
            let mut other = plan.options.clone();
            if given.is_empty() {
                if plan.options.is_empty() {
                    return Err("name the rules to tell apart: -o NAME=VALUE (against the defaults), with --against NAME=VALUE, or --deviate NAME".into());
                }
                for name in plan.options.keys() {
                    other.insert(name.clone(), rulecheck::engine::default_of(v.info().id, name).unwrap_or_default());
                }
            } else {
                other.extend(given.clone());
            }
            let b = rulecheck::registry::resolve_options(v, &other).map_err(|e| format!("--against: {e}"))?;
            let parted: Vec<String> = b.iter().filter(|(k, x)| a.get(*k) != Some(x)).map(|(k, _)| k.clone()).collect();
            if parted.is_empty() {
                return Err(format!("the two rule sets are the same: {}", said(&b)));
            }
            let mut written = plan.options.clone();
            for k in &parted {
                written.insert(k.clone(), a.get(k).cloned().unwrap_or_default());
            }
            let of = |o: &Options| {
                parted.iter().map(|k| format!("{k}={}", o.get(k).map_or("", String::as_str))).collect::<Vec<_>>()
            };
            let second = of(&b).join(", ");
            let first = if plan.options.is_empty() { of(&a).join(", ") } else { first };
            Ok(Sets { b: std::rc::Rc::new(move || v.configure(&b)), first, second, parted, written, a })
        }
    }
}

/// What one search works with: the variant, the plan, its two rule sets
/// and their games.
#[derive(Clone, Copy)]
struct Run<'r> {
    v: &'static dyn Variant,
    plan: &'r Plan<'r>,
    sets: &'r Sets,
    a: &'r dyn Game,
    b: &'r dyn Game,
}

/// The command line that repeats a search, for the scenario's comment.
fn command(plan: &Plan<'_>) -> String {
    let mut c = format!("rulecheck separate {}", plan.variant);
    for (k, x) in plan.options {
        c.push_str(&format!(" -o {k}={x}"));
    }
    match &plan.against {
        Against::Options(o) => o.iter().for_each(|(k, x)| c.push_str(&format!(" --against {k}={x}"))),
        Against::Deviation(d) => c.push_str(&format!(" --deviate {d}")),
    }
    c.push_str(&format!(" --seed {} --games {} --plies {}", plan.seed, plan.games, plan.plies));
    c
}

/// The clauses a scenario separating the two cites: the clause each
/// reading the two part on reads; else those a difference found by
/// `rulecheck fuzz` would cite (the reasons for refusing the moves only
/// the second lists, the rules that make legal the moves it lacks); else
/// those of the scenario the search started from. Empty when none is
/// found. Without `cite`, the second is skipped: it reads the whole spec,
/// and is done only for the scenario kept.
fn clauses(run: &Run<'_>, case: &Case, parting: &Parting, start: &Start, cite: bool) -> Vec<String> {
    let Run { a, plan, sets, .. } = *run;
    let catalog = plan.catalog;
    let mut cited: Vec<String> = Vec::new();
    for name in &sets.parted {
        if let Some((_, r)) = catalog.readings(plan.variant).find(|(_, r)| r.option.value == *name) {
            if !cited.contains(&r.clause.value) {
                cited.push(r.clause.value.clone());
            }
        }
    }
    if !cited.is_empty() {
        return cited;
    }
    if let Some(dir) = plan.spec.filter(|_| cite) {
        let moves: Option<Vec<String>> = case
            .play
            .iter()
            .map(|x| match x {
                Action::Move(m) => Some(m.clone()),
                _ => None,
            })
            .collect();
        let (start_at, moves) = match moves {
            Some(m) => (case.from.clone(), m),
            None => (parting.ours.position.clone(), Vec::new()),
        };
        let d = super::Disagreement {
            start: start_at.clone(),
            moves: moves.clone(),
            detail: parting.detail.clone(),
            extra: parting.extra.clone(),
            missing: parting.missing.clone(),
            accepted: None,
            from: start_at,
            play: moves,
        };
        cited = super::cite::clauses(a, plan.variant, &sets.a, &d, dir, catalog);
    }
    if cited.is_empty() {
        cited = start.scenario.as_ref().map(|(_, c)| c.clone()).unwrap_or_default();
    }
    cited
}

/// Text cut into lines of at most `width` characters, at spaces.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// What differs, for the scenario's name.
fn what(parting: &Parting, plies: usize) -> String {
    let after = match plies {
        0 => String::new(),
        1 => " after 1 move".to_string(),
        n => format!(" after {n} moves"),
    };
    match parting.kind {
        Kind::Moves => format!("the legal moves{after}"),
        Kind::Result => format!("the result{after}"),
        Kind::Position => format!("the position{after}"),
        Kind::Refused => "whether the play is legal".to_string(),
    }
}

/// The scenario a found state makes, shrunk, written and checked: `Err`
/// when the file does not load, or the second rule set passes it. An
/// action the second refuses is first traded for the moves it lists
/// before it, and kept where that scenario passes under the second (the
/// moves it lists read by the first as shorthands of the first's).
fn written(run: &Run<'_>, found: &Found, before: bool, cite: bool) -> Result<Separated, String> {
    let Run { v, plan, sets, a, b } = *run;
    let catalog = plan.catalog;
    let Found { case, parting, start, how, .. } = found;
    let (case, parting, shrunk) = shrink::smallest(a, b, case.clone(), parting.clone(), before);
    let mut cited = clauses(run, &case, &parting, start, cite);
    let placeholder = cited.is_empty();
    if placeholder {
        cited.extend(crate::cite::first_clause(catalog, plan.variant));
    }
    let count = rulecheck::report::count;
    let mut said = format!(
        "Found by `{}`: {} and {} part {how}; shrunk from {} and {} to {} and {}: {}.",
        command(plan),
        sets.first,
        sets.second,
        count(shrunk.pieces_before, "piece"),
        count(shrunk.plies_before, "move"),
        count(shrunk.pieces_after, "piece"),
        count(shrunk.plies_after, "move"),
        parting.detail
    );
    if placeholder {
        said.push_str(" TO CITE: nothing points to a clause; the clause below is a placeholder.");
    }
    let comment = wrapped(&said, 96);
    let name = format!("{}, not {}: {}", sets.first, sets.second, what(&parting, case.play.len()));
    let told = Told { variant: v.info().id, options: &sets.written, name, clauses: &cited, comment };
    let text = write::yaml(a, v.info().page, &told, &case, &parting);
    let opts = sets.a.clone();
    write::verify(&text, catalog, std::rc::Rc::new(move || v.configure(&opts)), sets.b.clone())?;
    Ok(Separated {
        yaml: text,
        how: how.clone(),
        detail: parting.detail,
        shrunk,
        first: sets.first.clone(),
        second: sets.second.clone(),
    })
}

fn written_either(run: &Run<'_>, found: &Found) -> Result<(Separated, bool), String> {
    written(run, found, true, false).map(|s| (s, true)).or_else(|e| match found.parting.kind {
        Kind::Refused => written(run, found, false, false).map(|s| (s, false)),
        _ => Err(e),
    })
}

/// Search for a state where the plan's two rule sets part, shrink it and
/// write it as a scenario: `Ok(None)` when none is found within the
/// budget; `Err` for a plan that cannot be searched (an unknown variant,
/// option or deviation, two rule sets that are one). Of the first few
/// found, the smallest is kept.
pub fn separate(plan: &Plan<'_>) -> Result<Option<Separated>, String> {
    let v = rulecheck::registry::variant(plan.variant).map_err(|e| e.to_string())?;
    let sets = rule_sets(v, plan)?;
    let a = v.configure(&sets.a);
    let b = (sets.b)();
    let starts = search::starts(a.as_ref(), b.as_ref(), v.info().id, plan.files);
    let run = Run { v, plan, sets: &sets, a: a.as_ref(), b: b.as_ref() };
    let mut refused: Vec<String> = Vec::new();
    // Each scenario kept, with whether a random game found it, what was
    // found and whether the refused action was traded for the moves.
    let mut kept: Vec<(Separated, bool, Found, bool)> = Vec::new();
    // A difference in the moves or the result first; one in the position
    // alone (a counter kept otherwise) only where there is no other.
    for position_alone in [false, true] {
        let budget = Budget { games: plan.games, plies: plan.plies, seed: plan.seed, position_alone };
        let mut take = |found: Found| -> bool {
            match written_either(&run, &found) {
                Ok((s, _)) if kept.iter().any(|(k, ..)| k.yaml == s.yaml) => false,
                Ok((s, before)) => {
                    let random = found.random;
                    kept.push((s, random, found, before));
                    kept.iter().filter(|(_, r, ..)| *r).count() >= KEPT
                }
                Err(e) => {
                    refused.push(e);
                    refused.len() >= MOST_REFUSED
                }
            }
        };
        let stopped = search::search(a.as_ref(), b.as_ref(), &starts, budget, &mut take);
        if stopped || !kept.is_empty() {
            break;
        }
    }
    // The shortest play, then the fewest pieces, then the shortest file.
    let chosen = kept.into_iter().min_by_key(|(k, ..)| (k.shrunk.plies_after, k.shrunk.pieces_after, k.yaml.len()));
    // The kept scenario cites as fuzz would, where that finds a clause.
    let out = chosen.map(|(k, _, found, before)| written(&run, &found, before, true).unwrap_or(k));
    match (out, refused.last()) {
        (Some(s), _) => Ok(Some(s)),
        (None, Some(e)) if refused.len() >= MOST_REFUSED => {
            Err(format!("{} scenarios written for differences found were refused; the last:\n{e}", refused.len()))
        }
        _ => Ok(None),
    }
}
