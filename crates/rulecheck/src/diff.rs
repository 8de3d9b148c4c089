//! Variant diffs: the same positions and moves replayed under two variants,
//! side by side as a unified diff of what each one makes of them (the legal
//! moves with the position each one leaves, the position after each move
//! played, the result), with a summary of how many positions agree and
//! which clauses the differences trace to.
//!
//! That holds for two variants on one board only: on boards of other sizes,
//! numberings or kinds a square number is another place, so such variants
//! are compared by their rules instead (`rules`), never square by square.

mod input;
mod rules;

pub use input::{check_input, parse_play};
pub use rules::compare_rules;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::game::{Action, Game, GameError, Options};
use crate::scenario::ScenarioFile;
use rulecheck_text::natural;

/// One side of a diff: a variant under its house rules. Both sides are
/// compared in one notation (numeric unless one is chosen), so that the
/// same move is the same line on both; each side is shown in its own
/// custom (Russian draughts in algebraic squares, English checkers in
/// numbers) unless a notation is chosen for both.
pub struct Side {
    pub variant: String,
    /// Its house rules, every one filled in.
    options: Options,
    /// The variant in the notation both sides are compared in.
    game: Box<dyn Game>,
    /// The variant in the notation it is shown in.
    shown: Box<dyn Game>,
}

impl Side {
    /// A side from `VARIANT` or `VARIANT:NAME=VALUE,...` (house rules), so
    /// that two settings of one variant can be compared too; `notation`
    /// for both comparing and showing, or `None` for comparing in numeric
    /// squares and showing in the variant's custom.
    pub fn new(spec: &str, notation: Option<&str>) -> Result<Side, String> {
        let (variant, rules) = spec.split_once(':').unwrap_or((spec, ""));
        let mut options = Options::new();
        for pair in rules.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').ok_or_else(|| format!("'{pair}' in '{spec}' must be NAME=VALUE"))?;
            options.insert(k.to_string(), v.to_string());
        }
        let v = crate::registry::variant(variant).map_err(|e| e.to_string())?;
        let options = crate::registry::resolve_options(v, &options).map_err(|e| e.to_string())?;
        let configure = |notation: Option<&str>| -> Result<Box<dyn Game>, String> {
            let mut game = v.configure(&options);
            if let Some(n) = notation {
                // A family with a single notation keeps it.
                let _ = game.set_notation(n);
            }
            Ok(game)
        };
        let game = configure(Some(notation.unwrap_or("numeric")))?;
        let shown = configure(notation)?;
        Ok(Side { variant: spec.to_string(), options, game, shown })
    }

    /// The variant's id, without its house rules.
    pub fn id(&self) -> &str {
        self.variant.split_once(':').map_or(&self.variant, |(v, _)| v)
    }

    /// The position drawn as this variant reads it, in its notation.
    pub fn drawing(&self, position: &str) -> Option<String> {
        read_position(self.shown.as_ref(), position).ok().and_then(|p| self.shown.diagram(&p).ok())
    }

    /// A position of the compared notation as this side shows it.
    fn show_position(&self, position: &str) -> String {
        self.shown.normalize_position(position).unwrap_or_else(|_| position.to_string())
    }

    /// A move of the compared notation, legal at `position`, as this side
    /// shows it.
    fn show_move(&self, position: &str, text: &str) -> String {
        self.shown.move_key(position, text).map(|k| k.display).unwrap_or_else(|_| text.to_string())
    }
}

/// Whether two variants number one board alike, so that a square number
/// is the same place under both: the same size, kind and numbering.
pub fn one_board(a: &Side, b: &Side) -> bool {
    a.game.board() == b.game.board()
}

/// Two variants compared on one position must number the same board: on
/// boards of other sizes, kinds or numberings the same square numbers are
/// other places.
pub fn same_board(a: &Side, b: &Side) -> Result<(), String> {
    if one_board(a, b) {
        Ok(())
    } else {
        Err(format!(
            "{} ({}) and {} ({}) are played on other boards: the same squares of a position would be other places on each, so one position cannot be compared under both (`rulecheck diff {} {}` alone compares their rules)",
            a.variant,
            a.game.board(),
            b.variant,
            b.game.board(),
            a.variant,
            b.variant
        ))
    }
}

/// Why the moves one side plays and the other does not are refused by the
/// other, with the clauses of the spec under `spec` that the reason comes
/// from: "9-13: legal under english, refused under russian (must-capture;
/// russian.capture.mandatory)".
pub fn reasons(
    a: &Side,
    b: &Side,
    position: Option<&str>,
    play: &[Action],
    spec: Option<&crate::source::Source>,
) -> String {
    let catalog = crate::catalog::Catalog::builtin().ok();
    let start = |s: &Side| match position {
        Some(p) => read_position(s.game.as_ref(), p).ok(),
        None => Some(s.game.start_position()),
    };
    let (Some(sa), Some(sb)) = (start(a), start(b)) else { return String::new() };
    // Read the spec once, when a first refusal is to be traced to it.
    let mut index: Option<crate::runner::ReasonIndex> = None;
    let mut out = String::new();
    // The first step at which the legal moves differ, or a move both play
    // leaves different positions.
    for k in 0..=play.len() {
        let (Ok(ra), Ok(rb)) = (a.game.replay(&sa, &play[..k]), b.game.replay(&sb, &play[..k])) else { break };
        let mut both: Vec<&String> = ra.moves.iter().filter(|m| rb.moves.contains(m)).collect();
        both.sort_by_key(|m| natural(m));
        let left_apart: Vec<(&String, String, String)> = both
            .into_iter()
            .filter_map(|m| {
                let pa = after_move(a.game.as_ref(), &ra.position, m)?;
                let pb = after_move(b.game.as_ref(), &rb.position, m)?;
                (pa != pb).then_some((m, pa, pb))
            })
            .collect();
        let mut sorted_a = ra.moves.clone();
        let mut sorted_b = rb.moves.clone();
        sorted_a.sort();
        sorted_b.sort();
        if sorted_a == sorted_b && left_apart.is_empty() {
            continue;
        }
        for (m, pa, pb) in &left_apart {
            let _ = writeln!(
                out,
                "  {}: leaves {} under {}, {} under {}",
                a.show_move(&ra.position, m),
                a.show_position(pa),
                a.variant,
                b.show_position(pb),
                b.variant
            );
        }
        for (this, that, moves, other_moves, at) in
            [(a, b, &ra.moves, &rb.moves, &sb), (b, a, &rb.moves, &ra.moves, &sa)]
        {
            let mut only: Vec<&String> = moves.iter().filter(|m| !other_moves.contains(m)).collect();
            only.sort_by_key(|m| natural(m));
            let here = if std::ptr::eq(this, a) { &ra.position } else { &rb.position };
            for m in only {
                let why = that.game.explain(at, &play[..k], &Action::Move(m.clone())).ok().flatten();
                let clauses = match (&why, &catalog, spec) {
                    (Some(code), Some(cat), Some(dir)) => {
                        index.get_or_insert_with(|| dir.reason_index(cat)).clauses(that.id(), code)
                    }
                    _ => Vec::new(),
                };
                let _ = writeln!(
                    out,
                    "  {}: legal under {}, refused under {}{}",
                    this.show_move(here, m),
                    this.variant,
                    that.variant,
                    match (why, clauses.is_empty()) {
                        (Some(code), true) => format!(" ({code})"),
                        (Some(code), false) => format!(" ({code}; {})", clauses.join(", ")),
                        (None, _) => String::new(),
                    }
                );
            }
        }
        let head = if k == 0 { "at the start".to_string() } else { format!("after {}", play[k - 1]) };
        return format!("why the moves differ {head}:\n{out}");
    }
    out
}

/// Whether a field of a position string is a counter (`np=39`).
fn is_counter(field: &str) -> bool {
    field.split_once('=').is_some_and(|(name, value)| {
        !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphabetic())
            && !value.trim().is_empty()
            && value.trim().chars().all(|c| c.is_ascii_digit())
    })
}

/// A position as a variant reads it. Counters (`:np=39`) belong to draw
/// rules, and a variant without the rule keeps no such counter: each side
/// keeps the counters its rules keep, and drops the others, which its rules
/// make nothing of. The counters kept are then compared like the rest.
fn read_position(g: &dyn Game, text: &str) -> Result<String, rulecheck_game::notation::NotationError> {
    let first = match g.normalize_position(text) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let fields: Vec<&str> = text.split(':').collect();
    let (counters, board): (Vec<&str>, Vec<&str>) = fields.iter().partition(|f| is_counter(f));
    if counters.is_empty() {
        return Err(first);
    }
    let with = |extra: &[&str]| board.iter().chain(extra).copied().collect::<Vec<_>>().join(":");
    let kept: Vec<&str> = counters.into_iter().filter(|c| g.normalize_position(&with(&[c])).is_ok()).collect();
    g.normalize_position(&with(&kept)).map_err(|_| first)
}

/// What a variant makes of a position and the moves played from it, as
/// text in the side's own notation: after each step the position (its
/// counters included), the result and the legal moves.
pub fn view(side: &Side, position: Option<&str>, play: &[Action]) -> String {
    lines(side, position, play).into_iter().map(|(_, shown)| shown + "\n").collect()
}

/// [`view`] line by line, each line as compared and as shown.
fn lines(side: &Side, position: Option<&str>, play: &[Action]) -> Vec<(String, String)> {
    let g = side.game.as_ref();
    let same = |line: String| (line.clone(), line);
    let start = match position {
        Some(p) => match read_position(g, p) {
            Ok(fen) => fen,
            Err(e) => return vec![same(format!("not a position of {}: {}", side.variant, e.message))],
        },
        None => g.start_position(),
    };
    let mut out = Vec::new();
    for k in 0..=play.len() {
        let head = if k == 0 { "start".to_string() } else { format!("after {}", play[k - 1]) };
        match g.replay(&start, &play[..k]) {
            Ok(r) => {
                let mut moves = r.moves.clone();
                moves.sort_by_key(|m| natural(m));
                out.push(same(format!("{head}:")));
                out.push((
                    format!("  position: {}", r.position),
                    format!("  position: {}", side.show_position(&r.position)),
                ));
                out.push(same(format!("  result: {}", r.result)));
                // One move a line, so that a diff shows each move that
                // differs, with the position it leaves: two variants may
                // write a move alike and leave different positions (a man
                // crowned in the middle of a capture, or not).
                out.push(same("  moves:".to_string()));
                for m in &moves {
                    let after = after_move(g, &r.position, m);
                    let shown_after = after.as_deref().map(|p| side.show_position(p));
                    out.push((
                        format!("    {m} -> {}", after.as_deref().unwrap_or("?")),
                        format!("    {} -> {}", side.show_move(&r.position, m), shown_after.as_deref().unwrap_or("?")),
                    ));
                }
            }
            Err(GameError::Rejected(r)) => {
                out.push(same(format!("{head}: refused ({})", r.reason)));
                break;
            }
            Err(GameError::Notation(e)) => {
                out.push(same(format!("{head}: cannot be read ({})", e.message)));
                break;
            }
        }
    }
    out
}

/// The position a legal move leaves, canonical (counters included); `None`
/// where the game cannot play it, which a move it lists never is.
fn after_move(g: &dyn Game, position: &str, m: &str) -> Option<String> {
    g.replay(position, &[Action::Move(m.to_string())]).ok().map(|r| r.position)
}

/// The diff of one position under two variants: `None` when they agree.
/// The lines are compared in the shared notation and shown in each side's:
/// a removed line as the first side writes it, an added one as the second
/// does, and a line both share as the first writes it, followed by the
/// second's way when that differs (`21-17 = c3-d4`).
pub fn compare(a: &Side, b: &Side, position: Option<&str>, play: &[Action]) -> Option<String> {
    let left = lines(a, position, play);
    let right = lines(b, position, play);
    let old: Vec<&str> = left.iter().map(|(c, _)| c.as_str()).collect();
    let new: Vec<&str> = right.iter().map(|(c, _)| c.as_str()).collect();
    if old == new {
        return None;
    }
    let diff = similar::TextDiff::from_slices(&old, &new);
    let mut out = format!("--- {}\n+++ {}\n", a.variant, b.variant);
    for group in diff.grouped_ops(2) {
        let _ = writeln!(out, "{}", similar::udiff::UnifiedHunkHeader::new(&group));
        for change in group.iter().flat_map(|op| diff.iter_changes(op)) {
            let (i, j) = (change.old_index(), change.new_index());
            let line = match (change.tag(), i.and_then(|i| left.get(i)), j.and_then(|j| right.get(j))) {
                (similar::ChangeTag::Equal, Some((_, sa)), Some((_, sb))) if sa != sb => {
                    format!(" {sa} = {}", sb.trim_start())
                }
                (similar::ChangeTag::Equal, Some((_, sa)), _) => format!(" {sa}"),
                (similar::ChangeTag::Delete, Some((_, sa)), _) => format!("-{sa}"),
                (similar::ChangeTag::Insert, _, Some((_, sb))) => format!("+{sb}"),
                _ => continue,
            };
            let _ = writeln!(out, "{line}");
        }
    }
    Some(out)
}

/// The outcome of diffing a set of scenario files.
#[derive(Debug, Default)]
pub struct Summary {
    pub positions: usize,
    pub agree: usize,
    /// Scenarios whose position one of the variants cannot read (another
    /// board).
    pub not_comparable: usize,
    /// For each clause cited by a differing scenario, how many differ.
    pub clauses: BTreeMap<String, usize>,
}

impl Summary {
    pub fn differ(&self) -> usize {
        self.positions - self.agree - self.not_comparable
    }
}

/// Diff every scenario of the files (each position with its `play`) under
/// two variants; the report text and the summary.
pub fn diff_files(a: &Side, b: &Side, files: &[ScenarioFile]) -> (String, Summary) {
    let mut out = String::new();
    let mut summary = Summary::default();
    for f in files {
        // A scenario with a `variants:` table stands for several rows with
        // one position and play: diff it once.
        let mut seen = std::collections::BTreeSet::new();
        for s in &f.scenarios {
            let play: Vec<Action> = s.play.iter().map(|p| p.value.clone()).collect();
            if !seen.insert(s.loc.line) {
                continue;
            }
            // A scenario without a position starts from each variant's own
            // start position; one with a position uses it under both. Both
            // are written in the squares of the scenario's own board: on
            // another board they are other places, even where the numbers
            // read.
            summary.positions += 1;
            let board = crate::registry::configure(&s.variant, &s.options).map(|g| g.board()).ok();
            let comparable = one_board(a, b)
                && board.is_some_and(|board| board == a.game.board())
                && s.position.as_deref().is_none_or(|p| {
                    read_position(a.game.as_ref(), p).is_ok() && read_position(b.game.as_ref(), p).is_ok()
                });
            if !comparable {
                summary.not_comparable += 1;
                continue;
            }
            match compare(a, b, s.position.as_deref(), &play) {
                None => summary.agree += 1,
                Some(d) => {
                    // The clauses of the two variants the scenario cites (all
                    // of them if it cites none of either).
                    let of_sides: Vec<&str> = s
                        .clauses
                        .iter()
                        .map(|c| c.value.as_str())
                        .filter(|c| {
                            c.starts_with(&format!("{}.", a.variant)) || c.starts_with(&format!("{}.", b.variant))
                        })
                        .collect();
                    let cited: Vec<&str> = if of_sides.is_empty() {
                        s.clauses.iter().map(|c| c.value.as_str()).collect()
                    } else {
                        of_sides
                    };
                    let name =
                        s.name.rsplit_once(" [").map(|(n, _)| n).filter(|_| s.name.ends_with(']')).unwrap_or(&s.name);
                    let _ = writeln!(
                        out,
                        "{}:{}: scenario '{}' [{}]",
                        crate::runner::display_path(&f.path),
                        s.loc.line,
                        name,
                        cited.join(", ")
                    );
                    out.push_str(&d);
                    out.push('\n');
                    for c in cited {
                        *summary.clauses.entry(c.to_string()).or_default() += 1;
                    }
                }
            }
        }
    }
    if !one_board(a, b) {
        let _ = writeln!(
            out,
            "{} against {}: {} positions not replayed, the variants being played on other boards (their rules are compared instead)",
            a.variant, b.variant, summary.positions
        );
        return (out, summary);
    }
    let _ = writeln!(
        out,
        "{} against {}: {} positions, {} agree, {} differ{}",
        a.variant,
        b.variant,
        summary.positions,
        summary.agree,
        summary.differ(),
        if summary.not_comparable > 0 {
            format!(", {} on another board", summary.not_comparable)
        } else {
            String::new()
        }
    );
    if !summary.clauses.is_empty() {
        let mut by_count: Vec<(&String, &usize)> = summary.clauses.iter().collect();
        by_count.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        let list: Vec<String> = by_count.iter().map(|(c, n)| format!("{c} ({n})")).collect();
        let _ = writeln!(out, "differences trace to: {}", list.join(", "));
    }
    (out, summary)
}
