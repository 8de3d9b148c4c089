//! Two variants on other boards, compared by what does not depend on where
//! a square number lies. On boards of other sizes, kinds or numberings the
//! same number is another place, so replaying one position or one move
//! list under both compares nothing: every line would differ, each traced
//! to clauses that have nothing to do with it. What can be compared is the
//! rules themselves, topic by topic as the catalogs set them out, and the
//! game each variant plays from its own start position.

use std::fmt::Write as _;

use super::Side;
use crate::catalog::{Catalog, Clause};

/// Deepest count from each start position.
const MAX_DEPTH: u32 = 6;
/// A depth whose count passes this many leaves on either side is the last
/// counted, so that the comparison stays quick whatever the boards.
const LEAF_BUDGET: u64 = 100_000;

/// A variant's clauses with their topics (the id after the variant's
/// prefix: `capture.mandatory` of `russian.capture.mandatory`), in the
/// order of its catalog, and the pages they come from.
fn topics<'c>(catalog: &'c Catalog, variant: &str) -> (Vec<(&'c str, &'c Clause)>, Vec<&'c str>) {
    let pages: Vec<_> = catalog.pages.iter().filter(|p| p.variants.iter().any(|v| v == variant)).collect();
    let clauses = pages
        .iter()
        .flat_map(|p| p.clauses.iter())
        .map(|c| (c.id.split_once('.').map_or(c.id.as_str(), |(_, topic)| topic), c))
        .collect();
    (clauses, pages.iter().map(|p| p.page.as_str()).collect())
}

/// The rules of two variants on other boards side by side, and the counts
/// of the game each plays from its own start. The text always reports a
/// difference: the boards themselves differ.
pub fn compare_rules(a: &Side, b: &Side, catalog: &Catalog) -> String {
    let mut out = format!(
        "{} ({}) and {} ({}) are played on other boards: a square number is another place on each, so they are compared by their rules and by the game each plays from its own start, not square by square\n\n",
        a.variant,
        a.game.board(),
        b.variant,
        b.game.board()
    );
    out.push_str(&side_by_side(a, b, catalog));
    out.push_str(&house_rules(a, b));
    out.push('\n');
    out.push_str(&from_each_start(a, b));
    out
}

/// The clauses of both catalogs paired by topic: the rules only one page
/// has (the rules that differ), then those both have, each as its page
/// words it (two pages may word one rule otherwise, or one topic two
/// rules: the reader judges, the pairing only sets them side by side).
fn side_by_side(a: &Side, b: &Side, catalog: &Catalog) -> String {
    let (ta, pages_a) = topics(catalog, a.id());
    let (tb, pages_b) = topics(catalog, b.id());
    let pages = |p: &[&str]| if p.is_empty() { "no catalog".to_string() } else { p.join(", ") };
    if a.id() == b.id() {
        return format!(
            "the rules: one catalog ({}, {} clauses) for both; only their house rules part them\n",
            pages(&pages_a),
            ta.len()
        );
    }
    let mut out = format!(
        "the rules by topic ({}: {}, {} clauses; {}: {}, {} clauses):\n",
        a.variant,
        pages(&pages_a),
        ta.len(),
        b.variant,
        pages(&pages_b),
        tb.len()
    );
    let pairs = pair(&ta, &tb);
    let only = |of: &[(&str, &Clause)], paired: &dyn Fn(usize) -> bool| -> Vec<String> {
        of.iter()
            .enumerate()
            .filter(|(i, _)| !paired(*i))
            .map(|(_, (_, c))| format!("    {}: {}\n", c.id, c.rule.trim()))
            .collect()
    };
    let only_a = only(&ta, &|i| pairs.iter().any(|&(x, _)| x == i));
    let only_b = only(&tb, &|j| pairs.iter().any(|&(_, y)| y == j));
    let mut shared = String::new();
    let mut alike = 0;
    for &(i, j) in &pairs {
        let ((topic, ca), (_, cb)) = (ta[i], tb[j]);
        if ca.rule.trim() == cb.rule.trim() {
            alike += 1;
            let _ = writeln!(shared, "    {topic} ({}, {}), worded alike: {}", ca.id, cb.id, ca.rule.trim());
        } else {
            let _ = writeln!(shared, "    {topic}");
            let _ = writeln!(shared, "      {}: {}", ca.id, ca.rule.trim());
            let _ = writeln!(shared, "      {}: {}", cb.id, cb.rule.trim());
        }
    }
    for (who, list) in [(&a.variant, &only_a), (&b.variant, &only_b)] {
        if !list.is_empty() {
            let _ = writeln!(out, "  only {who} has a rule on these topics:");
            out.extend(list.iter().map(String::as_str));
        }
    }
    if !pairs.is_empty() {
        let _ = writeln!(out, "  both have a rule on these topics:");
        out.push_str(&shared);
    }
    let _ = writeln!(
        out,
        "{} topics only {} has, {} only {} has, {} both have ({alike} worded alike)",
        only_a.len(),
        a.variant,
        only_b.len(),
        b.variant,
        pairs.len()
    );
    out
}

/// The clauses of two catalogs that share a topic, as index pairs in the
/// first one's order: the same topic (`capture.mandatory`), or else the
/// same last word where it names one clause on each side and no other
/// clause has the topic (`setup.board` and `board`).
fn pair(ta: &[(&str, &Clause)], tb: &[(&str, &Clause)]) -> Vec<(usize, usize)> {
    let last = |t: &str| t.rsplit('.').next().unwrap_or(t).to_string();
    let exact = |t: &str, other: &[(&str, &Clause)]| other.iter().position(|(u, _)| *u == t);
    ta.iter()
        .enumerate()
        .filter_map(|(i, (t, _))| {
            if let Some(j) = exact(t, tb) {
                return Some((i, j));
            }
            let loose = |of: &[(&str, &Clause)], other: &[(&str, &Clause)]| -> Vec<usize> {
                (0..of.len()).filter(|&k| last(of[k].0) == last(t) && exact(of[k].0, other).is_none()).collect()
            };
            match (loose(ta, tb).as_slice(), loose(tb, ta).as_slice()) {
                ([only_a], [only_b]) if *only_a == i => Some((i, *only_b)),
                _ => None,
            }
        })
        .collect()
}

/// The house rules that differ between two settings of one variant (a
/// board size is one): the catalog is the same on both sides, so these are
/// the rules that part them.
fn house_rules(a: &Side, b: &Side) -> String {
    if a.id() != b.id() {
        return String::new();
    }
    let differ: Vec<String> = a
        .options
        .iter()
        .filter_map(|(k, va)| {
            let vb = b.options.get(k)?;
            (va != vb).then(|| format!("{k}: {va} under {}, {vb} under {}", a.variant, b.variant))
        })
        .collect();
    if differ.is_empty() {
        String::new()
    } else {
        format!("house rules that differ: {}\n", differ.join("; "))
    }
}

/// Each variant's start position in its own squares, and the leaf counts
/// of the game from it, depth by depth (depth 1 is the number of moves),
/// up to [`MAX_DEPTH`] or the first depth past [`LEAF_BUDGET`] leaves on
/// either side.
fn from_each_start(a: &Side, b: &Side) -> String {
    let start_a = a.game.start_position();
    let start_b = b.game.start_position();
    let width = a.variant.len().max(b.variant.len()).max("depth".len());
    let mut out = "from each one's own start position:\n".to_string();
    let _ = writeln!(out, "  {:<width$}  {}", a.variant, a.show_position(&start_a));
    let _ = writeln!(out, "  {:<width$}  {}", b.variant, b.show_position(&start_b));
    let _ = writeln!(out, "  {:>5}  {:>width$}  {:>width$}", "depth", a.variant, b.variant);
    for depth in 1..=MAX_DEPTH {
        let (Ok(na), Ok(nb)) = (a.game.perft(&start_a, depth, false), b.game.perft(&start_b, depth, false)) else {
            break;
        };
        let _ = writeln!(out, "  {depth:>5}  {na:>width$}  {nb:>width$}");
        if na.max(nb) > LEAF_BUDGET || (na == 0 && nb == 0) {
            break;
        }
    }
    out
}
