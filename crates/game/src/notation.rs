//! What every family's notation parser reports: a message with the line and
//! column inside the text that was parsed. The scenario loader adds the file
//! and the text's own place in it. Beside it, the few steps of reading that
//! every family's grammar shares (a whole text to one pair, a position on
//! one line or as a diagram, the status line under a diagram), so that they
//! read, and fail, alike in every family.

use std::fmt;

use pest::iterators::{Pair, Pairs};

/// An error inside a piece of notation (a position, a diagram, a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based line within the parsed text.
    pub line: usize,
    /// 1-based column (in characters) within that line.
    pub col: usize,
    pub message: String,
}

/// `Game::set_notation` of a family that writes one notation, `only`:
/// its name is accepted, any other refused with the one there is named.
pub fn only_notation(name: &str, only: &str, family: &str) -> Result<(), String> {
    if name == only {
        Ok(())
    } else {
        Err(format!("unknown notation '{name}' ({family} has one: {only})"))
    }
}

impl NotationError {
    pub fn new(line: usize, col: usize, message: impl Into<String>) -> NotationError {
        NotationError { line, col, message: message.into() }
    }

    /// An error about the text as a whole, reported at its start.
    pub fn whole(message: impl Into<String>) -> NotationError {
        NotationError::new(1, 1, message)
    }

    /// From a pest error, with rule names turned into words a user knows.
    pub fn from_pest<R: pest::RuleType>(err: pest::error::Error<R>, what: &str, rename: impl Fn(&R) -> String) -> Self {
        let (line, col) = match err.line_col {
            pest::error::LineColLocation::Pos(p) => p,
            pest::error::LineColLocation::Span(p, _) => p,
        };
        let detail = match &err.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
                let mut names: Vec<String> = positives.iter().map(&rename).collect();
                names.dedup();
                format!("expected {}", names.join(" or "))
            }
            pest::error::ErrorVariant::ParsingError { .. } => "unexpected text".to_string(),
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        NotationError::new(line, col, format!("invalid {what}: {detail}"))
    }

    /// The error located at a pest span's start.
    pub fn at(span: pest::Span<'_>, message: impl Into<String>) -> NotationError {
        let (line, col) = span.start_pos().line_col();
        NotationError::new(line, col, message)
    }
}

/// The one pair a whole text parses to under a grammar rule, or the
/// grammar's complaint as `invalid <what>: ...` (`empty <what>` if it gave
/// nothing).
pub fn top<'i, R: pest::RuleType>(
    parsed: Result<Pairs<'i, R>, pest::error::Error<R>>,
    what: &str,
    rename: impl Fn(&R) -> String,
) -> Result<Pair<'i, R>, NotationError> {
    let mut pairs = parsed.map_err(|e| NotationError::from_pest(e, what, rename))?;
    pairs.next().ok_or_else(|| NotationError::whole(format!("empty {what}")))
}

/// A position given on one line, or as a diagram: any text of more than one
/// line is a diagram, in every family.
pub fn line_or_diagram<T>(text: &str, line: impl FnOnce(&str) -> T, diagram: impl FnOnce(&str) -> T) -> T {
    if text.trim().contains('\n') {
        diagram(text)
    } else {
        line(text)
    }
}

/// The status line under a diagram (`<mover> to move`, then any counters),
/// as every family's grammar writes it: its first part names the player to
/// move, and each part after it is a counter, handed to `counter` in turn.
/// The part that names the mover is returned.
pub fn status<'i, R: pest::RuleType>(
    line: Pair<'i, R>,
    mut counter: impl FnMut(Pair<'i, R>) -> Result<(), NotationError>,
) -> Result<Option<Pair<'i, R>>, NotationError> {
    let mut parts = line.into_inner();
    let mover = parts.next();
    parts.try_for_each(&mut counter)?;
    Ok(mover)
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for NotationError {}

/// A grammar's parser and the words its parse errors use for its rules.
///
/// Every notation (a family's positions, diagrams and moves; the scenario's
/// expectations; PDN) declares its grammar with this, so that each names
/// its rules the same way: `rule_name` gives the words listed for a rule,
/// and a rule not listed its own name. The grammar file is found as
/// `pest_derive` finds it, relative to the calling crate's `src/`; that
/// crate depends on `pest` and `pest_derive`. The parser's name and its
/// file come first, then each rule (or rules, joined by `|`) and its words:
/// `KonaneParser = "notation.pest"; cell => "a cell such as d4", ...`.
#[macro_export]
macro_rules! grammar {
    ($parser:ident = $path:tt; $($($rule:ident)|+ => $words:expr),* $(,)?) => {
        #[derive(::pest_derive::Parser)]
        #[grammar = $path]
        struct $parser;

        /// What a rule stands for, in the words of a parse error.
        fn rule_name(rule: &Rule) -> String {
            #[allow(unreachable_patterns)]
            match rule {
                $($(Rule::$rule)|+ => $words,)*
                _ => return format!("{rule:?}"),
            }
            .to_string()
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_of_one_notation_names_it_when_another_is_asked() {
        assert_eq!(only_notation("holes", "holes", "Chinese checkers"), Ok(()));
        assert_eq!(
            only_notation("numeric", "holes", "Chinese checkers"),
            Err("unknown notation 'numeric' (Chinese checkers has one: holes)".to_string())
        );
    }
}
