//! A failure as data: which expectation did not hold, where it is written,
//! and what differed, typed (moves or captured squares missing and extra,
//! two texts, a count at a depth, or words). Every report and transcript renders a failure
//! from this, so that none has to read a diff back into moves or match an
//! expectation by its name.

use similar::{ChangeTag, TextDiff};

use crate::scenario::Loc;

/// One expectation that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Which expectation: the key of its kind (`moves`, `after`,
    /// `illegal`, ...), or `play`, `setup` or `engine` for what fails
    /// before any expectation is checked. Expected-failures lists pin
    /// scenarios by it.
    pub expectation: &'static str,
    pub loc: Loc,
    /// What differed.
    pub difference: Difference,
    /// Whether the engine failed (crashed, hung, answered out of protocol)
    /// rather than answered wrongly.
    pub engine: bool,
}

/// What differed between the scenario's expectation and the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// Said in words: a wrong answer that is no comparison (a move refused
    /// that must be legal), or an engine that failed.
    Said(String),
    /// The legal moves, expected and given, each in natural order: the
    /// moves missing and the moves extra are what the boards mark.
    Moves { expected: Vec<String>, actual: Vec<String> },
    /// The squares whose pieces a move captured, expected and given, each
    /// in natural order.
    Squares { expected: Vec<String>, actual: Vec<String> },
    /// Two texts compared whole (each ending with its line break), under a
    /// headline when the diff alone does not say what differs.
    Text { headline: Option<String>, expected: String, actual: String },
    /// A leaf count at a depth.
    Count { depth: u32, expected: u64, actual: u64 },
}

/// What a line of a rendered failure is: a line of the diff taken from
/// the expectation, one taken from the answer, or any other line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Plain,
    Expected,
    Actual,
}

impl Difference {
    /// Two values of a line each (a player, a result, a reason), under a
    /// headline when the diff alone does not say what differs.
    pub fn values(headline: Option<String>, expected: impl std::fmt::Display, actual: impl std::fmt::Display) -> Self {
        Difference::Text { headline, expected: format!("{expected}\n"), actual: format!("{actual}\n") }
    }

    /// The moves (or squares) expected and not given.
    pub fn missing(&self) -> Vec<String> {
        match self {
            Difference::Moves { expected, actual } | Difference::Squares { expected, actual } => {
                expected.iter().filter(|m| !actual.contains(m)).cloned().collect()
            }
            _ => Vec::new(),
        }
    }

    /// The moves (or squares) given and not expected.
    pub fn extra(&self) -> Vec<String> {
        match self {
            Difference::Moves { expected, actual } | Difference::Squares { expected, actual } => {
                actual.iter().filter(|m| !expected.contains(m)).cloned().collect()
            }
            _ => Vec::new(),
        }
    }

    /// The text, in pieces each marked by where it comes from.
    fn pieces(&self) -> Vec<(Mark, String)> {
        match self {
            Difference::Said(words) => vec![(Mark::Plain, words.clone())],
            Difference::Moves { expected, actual } => listed("the legal moves differ", expected, actual),
            Difference::Squares { expected, actual } => listed("the captured squares differ", expected, actual),
            Difference::Text { headline, expected, actual } => {
                let mut out: Vec<(Mark, String)> = headline.iter().map(|h| (Mark::Plain, format!("{h}\n"))).collect();
                out.extend(diff_pieces(expected, actual, ("expected", "actual")));
                out
            }
            Difference::Count { depth, expected, actual } => {
                let mut out = vec![(Mark::Plain, format!("perft {depth}\n"))];
                out.extend(diff_pieces(&format!("{expected}\n"), &format!("{actual}\n"), ("expected", "actual")));
                out
            }
        }
    }
}

impl Failure {
    /// What went wrong, as every report writes it: with a unified diff
    /// where two texts differ, control characters escaped and overlong
    /// lines cut.
    pub fn detail(&self) -> String {
        rulecheck_text::clean_lines(&self.raw_detail())
    }

    /// [`Failure::detail`] before it is made printable, for a transcript
    /// (which is made printable whole).
    pub(super) fn raw_detail(&self) -> String {
        self.difference.pieces().into_iter().map(|(_, text)| text).collect()
    }

    /// The lines of [`Failure::detail`], each marked.
    pub fn lines(&self) -> Vec<(Mark, String)> {
        let mut marks = Vec::new();
        let mut at_start = true;
        for (mark, text) in self.difference.pieces() {
            for c in text.chars() {
                if at_start {
                    marks.push(mark);
                }
                at_start = c == '\n';
            }
        }
        self.detail()
            .lines()
            .enumerate()
            .map(|(i, l)| (marks.get(i).copied().unwrap_or(Mark::Plain), l.to_string()))
            .collect()
    }
}

/// Two lists compared one item a line, under a headline.
fn listed(headline: &str, expected: &[String], actual: &[String]) -> Vec<(Mark, String)> {
    let mut out = vec![(Mark::Plain, format!("{headline}\n"))];
    out.extend(diff_pieces(&lines(expected), &lines(actual), ("expected", "actual")));
    out
}

/// A list one item a line.
pub(super) fn lines(items: &[String]) -> String {
    items.iter().map(|s| format!("{s}\n")).collect()
}

/// Three lines of context, as every diff rulecheck prints of whole texts.
const CONTEXT: usize = 3;

/// A unified diff of expected against actual text.
pub fn diff(expected: &str, actual: &str) -> String {
    unified(expected, actual, ("expected", "actual"))
}

/// A unified diff of two texts under the names given, three lines of
/// context: every diff rulecheck prints of whole texts is this one.
pub fn unified(old: &str, new: &str, (old_name, new_name): (&str, &str)) -> String {
    TextDiff::from_lines(old, new).unified_diff().context_radius(CONTEXT).header(old_name, new_name).to_string()
}

/// [`unified`] in pieces, each change marked by its side: the same text,
/// piece by piece.
fn diff_pieces(old: &str, new: &str, (old_name, new_name): (&str, &str)) -> Vec<(Mark, String)> {
    let diff = TextDiff::from_lines(old, new);
    let mut out = Vec::new();
    for hunk in diff.unified_diff().context_radius(CONTEXT).iter_hunks() {
        if out.is_empty() {
            out.push((Mark::Plain, format!("--- {old_name}\n+++ {new_name}\n")));
        }
        out.push((Mark::Plain, format!("{}\n", hunk.header())));
        for change in hunk.iter_changes() {
            let mark = match change.tag() {
                ChangeTag::Delete => Mark::Expected,
                ChangeTag::Insert => Mark::Actual,
                ChangeTag::Equal => Mark::Plain,
            };
            out.push((mark, format!("{}{}", change.tag(), change.to_string_lossy())));
            if change.missing_newline() {
                out.push((Mark::Plain, "\n\\ No newline at end of file\n".to_string()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_of_a_diff_are_the_diff() {
        let cases = [
            ("a\nb\nc\n", "a\nc\nd\n"),
            ("", "x\n"),
            ("x\n", ""),
            ("same\n", "same\n"),
            ("one\ntwo", "one\nthree"),
            ("a\rb\n", "a\nb\n"),
            ("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "1\n2\nx\n4\n5\n6\n7\n8\ny\n10\n"),
        ];
        for (old, new) in cases {
            let joined: String = diff_pieces(old, new, ("expected", "actual")).into_iter().map(|p| p.1).collect();
            assert_eq!(joined, diff(old, new), "{old:?} / {new:?}");
        }
    }

    #[test]
    fn lines_are_marked_by_their_side() {
        let f = Failure {
            expectation: "moves",
            loc: Loc::default(),
            difference: Difference::Moves { expected: vec!["9-13".into()], actual: vec!["9-14".into()] },
            engine: false,
        };
        let marks: Vec<Mark> = f.lines().into_iter().map(|l| l.0).collect();
        assert_eq!(marks, [Mark::Plain, Mark::Plain, Mark::Plain, Mark::Plain, Mark::Expected, Mark::Actual]);
        assert_eq!(f.difference.missing(), ["9-13"]);
        assert_eq!(f.difference.extra(), ["9-14"]);
    }
}
