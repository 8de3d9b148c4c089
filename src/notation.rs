//! What every family's notation parser reports: a message with the line and
//! column inside the text that was parsed. The scenario loader adds the file
//! and the text's own place in it.

use std::fmt;

/// An error inside a piece of notation (a position, a diagram, a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based line within the parsed text.
    pub line: usize,
    /// 1-based column (in characters) within that line.
    pub col: usize,
    pub message: String,
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

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for NotationError {}
