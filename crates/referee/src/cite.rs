//! The clauses a violation breaks, found through the spec's own scenarios
//! (their clauses are the catalog's ids):
//!
//! - a refused move that an engine with one rule of the variant otherwise
//!   would play, and that rule also refuses a move the reference plays
//!   there: the engine plays by that other rule, whose clauses are those of
//!   the scenarios expecting a move legal that the deviation refuses (a
//!   king that does not fly misses the capture only a flying king makes,
//!   and plays a plain move: `king.flying`, before the capture duty);
//! - a refused move: the clauses the scenarios refusing a move for the
//!   reference's reason cite (as `rulecheck explain` finds them);
//! - a false claim of no move, or of a win or a loss while the game goes
//!   on: the variant's rule of a player without a move
//!   (`<variant>.end.no-moves`, which says when a game is won); a draw
//!   claimed while the game goes on: the variant's draw rules (but the
//!   players' agreement, which one player's claim is not);
//! - a wrong result claimed, or a move played, where the game is over: the
//!   clauses the spec's scenarios expecting a result for the same reason
//!   (`draw: twenty-five-move`) cite most;
//! - else the first clause of the variant's page, said to be a placeholder.
//!
//! The spec is read once, at the first violation of a run.

use std::cell::OnceCell;

use std::collections::BTreeMap;

use crate::judge::{Judge, Verdict};
use crate::player::Claimed;
use crate::record::Wrong;
use rulecheck::catalog::Catalog;
use rulecheck::runner::ReasonIndex;
use rulecheck::scenario::ScenarioFile;
use rulecheck::source::Source;
use rulecheck_game::{Action, Options};

/// The clauses a violation breaks, and how they were found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cited {
    pub clauses: Vec<String>,
    /// Nothing pointed to a clause: the first of the variant's page stands
    /// in.
    pub placeholder: bool,
    /// How they were found, in words.
    pub why: String,
}

/// The clauses of a run's violations.
pub struct Citer<'a> {
    catalog: &'a Catalog,
    spec: &'a Source,
    read: OnceCell<(Vec<ScenarioFile>, ReasonIndex)>,
}

/// The clauses cited by the scenarios of a variant that expect a result for
/// `reason` (`no-moves`, `twenty-five-move`): at most three, each cited at
/// least half as often as the first, as [`ReasonIndex`] ranks refusals.
fn result_clauses(files: &[ScenarioFile], variant: &str, reason: &str) -> Vec<String> {
    use rulecheck::scenario::ResultExp;
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for s in files.iter().flat_map(|f| &f.scenarios).filter(|s| s.variant == variant) {
        let Some(expected) = s.expect.get::<rulecheck::oracle::kinds::GameResult>() else { continue };
        let said = match &expected.0.value {
            ResultExp::Draw { reason } | ResultExp::Win { reason, .. } | ResultExp::Ranking { reason, .. } => reason,
            ResultExp::Ongoing => &None,
        };
        if said.as_deref() == Some(reason) {
            for c in &s.clauses {
                *counts.entry(c.value.as_str()).or_default() += 1;
            }
        }
    }
    let mut ranked: Vec<(&str, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let top = ranked.first().map_or(0, |r| r.1);
    ranked.into_iter().filter(|r| r.1 * 2 >= top).take(3).map(|r| r.0.to_string()).collect()
}

impl<'a> Citer<'a> {
    pub fn new(catalog: &'a Catalog, spec: &'a Source) -> Citer<'a> {
        Citer { catalog, spec, read: OnceCell::new() }
    }

    /// The spec's scenarios (those that load) and their reasons' index.
    fn read(&self) -> &(Vec<ScenarioFile>, ReasonIndex) {
        self.read.get_or_init(|| {
            let (files, errors) = self.spec.load(self.catalog, &Options::new());
            let unread = errors.iter().map(|e| e.file.as_path()).collect::<std::collections::BTreeSet<_>>().len();
            let index = ReasonIndex::of(&files, unread);
            (files, index)
        })
    }

    /// The clauses `wrong`, made at `position`, breaks.
    pub fn clauses(&self, judge: &Judge, position: &str, wrong: &Wrong) -> Cited {
        let variant = judge.variant();
        let page = self.catalog.pages.iter().find(|p| p.variants.iter().any(|x| x == variant));
        let mut found: Vec<String> = Vec::new();
        let mut cite = |list: Vec<String>| {
            for c in list {
                if !found.contains(&c) {
                    found.push(c);
                }
            }
        };
        let mut why: Vec<String> = Vec::new();
        match wrong {
            Wrong::Illegal { wire, refusal } => {
                let (rules, slugs) = self.other_rule(judge, position, wire);
                if !rules.is_empty() {
                    why.push(format!(
                        "{}: the rule the move breaks, as it is legal under the single-rule deviation {} \
                         (`rulecheck mutants`), which refuses a move the reference plays here",
                        rules.join(", "),
                        slugs.join(", ")
                    ));
                    cite(rules);
                }
                if refusal.reason != "illegal" {
                    let by_reason = self.read().1.clauses(variant, &refusal.reason);
                    if !by_reason.is_empty() {
                        why.push(format!(
                            "{}: cited by the spec's scenarios that refuse a move for {}",
                            by_reason.join(", "),
                            refusal.reason
                        ));
                    }
                    cite(by_reason);
                }
            }
            Wrong::NoMove { .. } | Wrong::Claim { claimed: Claimed::Win | Claimed::Loss | Claimed::Nothing, .. } => {
                let rule: Vec<String> = page
                    .into_iter()
                    .flat_map(|p| &p.clauses)
                    .filter(|c| c.id.ends_with(".end.no-moves"))
                    .map(|c| c.id.clone())
                    .collect();
                if !rule.is_empty() {
                    why.push(format!(
                        "{}: the rule of a player to move without a legal move, which says when a game is won",
                        rule.join(", ")
                    ));
                }
                cite(rule);
            }
            Wrong::Claim { claimed: Claimed::Draw, .. } => {
                let rules: Vec<String> = page
                    .into_iter()
                    .flat_map(|p| &p.clauses)
                    .filter(|c| c.id.contains(".draw.") && !c.id.ends_with(".draw.agreement"))
                    .map(|c| c.id.clone())
                    .collect();
                if !rules.is_empty() {
                    why.push(format!(
                        "{}: the variant's draw rules, none of which draws the game here (a draw claimed by one \
                         player is no agreement)",
                        rules.join(", ")
                    ));
                }
                cite(rules);
            }
            Wrong::WrongResult { result, .. } | Wrong::AfterEnd { result, .. } => {
                let reason = result.split_once(": ").map_or(result.as_str(), |(_, r)| r);
                let rules = result_clauses(&self.read().0, variant, reason);
                if !rules.is_empty() {
                    why.push(format!(
                        "{}: cited by the spec's scenarios whose game ends for {reason}, as this one does ({result})",
                        rules.join(", ")
                    ));
                }
                cite(rules);
            }
        }
        if !found.is_empty() {
            return Cited { clauses: found, placeholder: false, why: why.join("; ") };
        }
        let first = page.and_then(|p| p.clauses.first()).map(|c| vec![c.id.clone()]).unwrap_or_default();
        Cited { clauses: first, placeholder: true, why: "nothing points to a clause".into() }
    }

    /// The clause of each rule the engine's move is legal without (the one
    /// the spec's scenarios of that rule cite most), and the deviations
    /// found: each single-rule deviation under which it is a legal move and
    /// which refuses a move the reference plays there.
    fn other_rule(&self, judge: &Judge, position: &str, wire: &crate::board::WireMove) -> (Vec<String>, Vec<String>) {
        let none = (Vec::new(), Vec::new());
        let variant = judge.variant();
        let Ok(v) = rulecheck::registry::variant(variant) else { return none };
        let Ok(complete) = rulecheck::registry::resolve_options(v, judge.options()) else { return none };
        let Ok(at) = judge.at(position) else { return none };
        let (mut out, mut slugs) = none;
        for (slug, game) in rulecheck::mutation::deviants(variant, &complete) {
            let deviant = Judge::of(game, variant, judge.options());
            let accepts = deviant
                .at(position)
                .and_then(|d| deviant.resolve(&d, wire))
                .is_ok_and(|v| matches!(v, Verdict::Legal { .. }));
            if !accepts {
                continue;
            }
            let refused = at
                .moves
                .iter()
                .find_map(|m| deviant.game().explain(position, &[], &Action::Move(m.clone())).ok().flatten());
            if let Some(code) = refused {
                let files = &self.read().0;
                let ranked =
                    rulecheck_fuzz::rule_clauses(files, judge.game(), variant, &complete, deviant.game(), &code);
                if let Some(top) = ranked.into_iter().next() {
                    if !out.contains(&top) {
                        out.push(top);
                    }
                    slugs.push(slug);
                }
            }
        }
        (out, slugs)
    }
}
