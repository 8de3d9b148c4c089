//! Building scenarios from the document: the name, the clauses cited
//! (checked against the catalog), the house rules (the file's, the
//! scenario's and the run's, checked against each variant), the position,
//! and the play replayed on the reference. One scenario entry makes one
//! scenario per variant it is written for.

use std::collections::BTreeMap;

use serde_saphyr::Spanned;

use super::doc::ScenarioDoc;
use super::located::{check_player, loc_of, player_of, Ctx};
use super::reading::{Kinds, Reading};
use crate::scenario::expect::{self, Step};
use crate::scenario::{Expectations, Loc, Located, Scenario};
use rulecheck_game::notation::NotationError;
use rulecheck_game::{self as game, Action, GameError, Options};
use rulecheck_text::shown;

/// Why a scenario name cannot be used: names are written one a line in the
/// baseline report (`pass<TAB>file::name`) and in expected-failures lists,
/// which trim lines and skip `#` comments, so a name must read back as
/// itself there.
pub(super) fn bad_name(name: &str) -> Option<String> {
    let shown = name.escape_debug();
    if name.trim().is_empty() {
        return Some("a scenario name may not be empty".into());
    }
    if name.chars().any(char::is_control) {
        return Some(format!(
            "scenario name '{shown}' has a line break, tab or other control character: a name is one line of text \
             (reports and expected-failures lists write one scenario a line)"
        ));
    }
    if name.trim() != name {
        return Some(format!(
            "scenario name '{shown}' starts or ends with a space: expected-failures lists trim their lines"
        ));
    }
    if name.starts_with('#') {
        return Some(format!(
            "scenario name '{shown}' starts with '#', which starts a comment where a name is written unquoted \
             (YAML, one-a-line lists): begin it with something else"
        ));
    }
    None
}

/// Check option names and values, each error at the option's key or value.
pub(super) fn check_options(
    ctx: &mut Ctx<'_>,
    v: &dyn game::Variant,
    given: &BTreeMap<String, Spanned<String>>,
) -> bool {
    let mut ok = true;
    for (k, val) in given {
        let single: Options = [(k.clone(), val.value.clone())].into_iter().collect();
        match crate::registry::resolve_options(v, &single) {
            // A combination is judged once all options are together.
            Ok(_) | Err(crate::registry::SetupError::Combination(_)) => {}
            Err(e @ crate::registry::SetupError::UnknownOption { .. }) => {
                let hint = rulecheck_text::did_you_mean(v.info().options.iter().map(|o| o.name), k);
                ctx.err(ctx.key_place(&val.referenced, k), format!("{e}{hint}"));
                ok = false;
            }
            Err(e) => {
                ctx.err(loc_of(&val.referenced), e.to_string());
                ok = false;
            }
        }
    }
    ok
}

/// The file's options overridden by the scenario's, defaults filled in. The
/// file's own options are checked once, before the scenarios.
fn options(
    ctx: &mut Ctx<'_>,
    v: &dyn game::Variant,
    file: &BTreeMap<String, Spanned<String>>,
    own: &BTreeMap<String, Spanned<String>>,
    home: bool,
    at: Loc,
) -> Option<Options> {
    if home && !check_options(ctx, v, own) {
        return None;
    }
    let mut given = Options::new();
    for (k, val) in file.iter().chain(own.iter()) {
        // A row of the `variants:` table takes the house rules its variant has.
        if home || v.info().options.iter().any(|o| o.name == k) {
            given.insert(k.clone(), val.value.clone());
        }
    }
    for (k, val) in ctx.overrides {
        if v.info().options.iter().any(|o| o.name == k) {
            // A run's option is checked against each variant that has it,
            // as its scenarios come: another variant may take other values.
            let single: Options = [(k.clone(), val.clone())].into_iter().collect();
            if let Err(e @ crate::registry::SetupError::BadValue { .. }) = crate::registry::resolve_options(v, &single)
            {
                if ctx.misfit_overrides.insert(v.info().id) {
                    ctx.err(at, format!("--option {k}={val} does not fit {}: {e}", v.info().id));
                }
                return None;
            }
            given.insert(k.clone(), val.clone());
        }
    }
    match crate::registry::resolve_options(v, &given) {
        Ok(o) => Some(o),
        Err(e) => {
            // A combination the rules forbid: point at the option that
            // completes it, the scenario's own or else the file's.
            let at = own
                .values()
                .chain(file.values())
                .next()
                .map(|v| loc_of(&v.referenced))
                .unwrap_or(Loc { line: 1, col: 1 });
            let from = if ctx.overrides.is_empty() { "" } else { " (with --option)" };
            ctx.err(at, format!("{e}{from}"));
            None
        }
    }
}

/// The scenarios a scenario entry stands for: one under the file's variant
/// (`expect`), and one per row of its `variants:` table.
pub(super) fn scenario_rows<K: Kinds>(
    ctx: &mut Ctx<'_>,
    kinds: &K,
    home: &'static dyn game::Variant,
    file_options: &BTreeMap<String, Spanned<String>>,
    doc: &ScenarioDoc<K::Doc>,
) -> Vec<Scenario> {
    let loc = loc_of(&doc.name.referenced);
    let mut rows: Vec<(&'static dyn game::Variant, Option<&K::Doc>)> = Vec::new();
    if doc.expect.is_some() || doc.variants.is_empty() {
        rows.push((home, doc.expect.as_ref()));
    }
    for (id, expect) in &doc.variants {
        match crate::registry::variant(id) {
            Ok(v) if v.info().id == home.info().id && doc.expect.is_some() => {
                ctx.err(
                    ctx.key_loc(loc.line, id),
                    format!("{id} is the file's variant: its expectations go under `expect`"),
                );
            }
            Ok(v) => rows.push((v, Some(expect))),
            Err(e) => ctx.err(ctx.key_loc(loc.line, id), e.to_string()),
        }
    }
    let clauses = clauses(ctx, doc);
    rows.into_iter()
        .filter_map(|(v, expect)| {
            let row = Row { variant: v, home: v.info().id == home.info().id, expect };
            scenario(ctx, kinds, row, file_options, doc, &clauses)
        })
        .collect()
}

/// The scenario's clauses, each checked against the catalog.
fn clauses<E>(ctx: &mut Ctx<'_>, doc: &ScenarioDoc<E>) -> Vec<Located<String>> {
    let loc = loc_of(&doc.name.referenced);
    if doc.clauses.is_empty() {
        ctx.err(loc, "the scenario cites no clause: list the clause ids it tests under `clauses`");
    }
    let mut clauses = Vec::new();
    for c in &doc.clauses {
        if let Some((page, o)) = ctx.catalog.out_of_scope(&c.value) {
            ctx.err(
                loc_of(&c.referenced),
                format!(
                    "'{}' is not a rule of play, and the catalog of {} leaves it out of scope: {}. A scenario cites the rules it tests",
                    c.value, page.page, o.why
                ),
            );
        } else if ctx.catalog.clause(&c.value).is_none() {
            let hint = rulecheck_text::did_you_mean(ctx.catalog.clause_ids(), &c.value);
            ctx.err(loc_of(&c.referenced), format!("unknown clause '{}'{hint}", shown(&c.value)));
        }
        clauses.push(Located { value: c.value.clone(), loc: loc_of(&c.referenced) });
    }
    clauses
}

/// One row of a scenario entry: a variant, whether it is the file's, and
/// what is expected under it.
struct Row<'d, E> {
    variant: &'static dyn game::Variant,
    home: bool,
    expect: Option<&'d E>,
}

/// One scenario under one variant.
fn scenario<K: Kinds>(
    ctx: &mut Ctx<'_>,
    kinds: &K,
    row: Row<'_, K::Doc>,
    file_options: &BTreeMap<String, Spanned<String>>,
    doc: &ScenarioDoc<K::Doc>,
    clauses: &[Located<String>],
) -> Option<Scenario> {
    let Row { variant: v, home, expect: expect_doc } = row;
    let before = ctx.errors.len();
    let loc = loc_of(&doc.name.referenced);
    let options = options(ctx, v, file_options, &doc.options, home, loc)?;
    let game = v.configure(&options);
    // Position.
    let given_position = match &doc.position {
        None => None,
        Some(p) => match game.normalize_position(&p.value) {
            Ok(fen) => Some(fen),
            Err(e) => {
                ctx.notation(&p.referenced, &e, "bad position");
                return None;
            }
        },
    };
    let position = given_position.clone().unwrap_or_else(|| game.start_position());
    // Play.
    let mut play = Vec::new();
    for item in &doc.play {
        match expect::parse_play(&item.value) {
            Ok(Step { action, col }) => {
                if let Action::Move(m) = &action {
                    if let Err(e) = game.check_move(m) {
                        let e = NotationError::new(1, col + e.col - 1, e.message);
                        ctx.notation(
                            &item.referenced,
                            &e,
                            &format!("bad move (moves look like {})", game.move_examples()),
                        );
                        continue;
                    }
                } else if let Err(e) = player_of(&action).map_or(Ok(()), |p| check_player(game.as_ref(), p)) {
                    ctx.err(ctx.place(&item.referenced, 1, col), e);
                    continue;
                }
                play.push(Located { value: action, loc: ctx.place(&item.referenced, 1, col) });
            }
            Err(e) => ctx.notation(&item.referenced, &e, "bad play step"),
        }
    }
    if ctx.errors.len() > before {
        return None;
    }
    let actions: Vec<Action> = play.iter().map(|p| p.value.clone()).collect();
    let final_position = match game.replay(&position, &actions) {
        Ok(r) => r.position,
        Err(GameError::Rejected(r)) => {
            let at = play.get(r.index).map(|p| p.loc).unwrap_or(loc);
            ctx.err(
                at,
                format!(
                    "play step {} ('{}') is refused by the rules: {} (in position {})",
                    r.index + 1,
                    actions.get(r.index).map(|a| shown(&a.to_string())).unwrap_or_default(),
                    r.reason,
                    r.position
                ),
            );
            return None;
        }
        Err(GameError::Notation(e)) => {
            ctx.err(loc, e.message);
            return None;
        }
    };
    let expect = match expect_doc {
        Some(e) => kinds.read(e, &mut Reading { ctx, game: game.as_ref(), play: &play, position: &final_position }),
        None => Expectations::default(),
    };
    if expect.is_empty() && ctx.errors.len() == before {
        ctx.err(
            loc,
            format!("the scenario expects nothing: give at least one of {} under `expect`", kinds.keys().join(", ")),
        );
    }
    if ctx.errors.len() > before {
        return None;
    }
    let name = if home { doc.name.value.clone() } else { format!("{} [{}]", doc.name.value, v.info().id) };
    Some(Scenario {
        name,
        loc,
        variant: v.info().id.to_string(),
        clauses: clauses.to_vec(),
        options,
        position: given_position,
        play,
        expect,
    })
}
