//! A rule page read sentence by sentence, so that the catalog can anchor
//! each clause to the sentences it comes from without keeping the page's
//! text: a sentence is named by its ordinal and the hash of its text, and
//! the text itself stays in the file the user gives.
//!
//! The page is plain UTF-8 text. It is cut into units as follows, one rule
//! for each script the pages are written in:
//!
//! - A line break ends a unit, and blank lines (empty or only whitespace)
//!   separate paragraphs. Lines are never joined: pages saved from the web
//!   hold a paragraph, a heading, a list item or a table row on one line,
//!   and a page without blank lines (a heading straight above its text)
//!   would otherwise have its headings run into the next sentence.
//! - Each non-empty line that is a heading or a list item is a unit of its
//!   own (a heading is a line alone: it ends one unit whatever it ends
//!   with). A list item's marker is not part of its text: a bullet (`•`,
//!   `◦`, `▪`, `‣`, `·`, `-`, `*`, `–`, `—`), a number of up to three
//!   digits of any script followed by `.` or `)` (`1.`, `2)`, `१.`), or
//!   a number in parentheses (`(3)`), each followed by whitespace; and so
//!   are a Markdown heading's `#`s. A list item of several sentences is
//!   split like any line.
//! - Within a line, a sentence ends at a terminator, with the terminators
//!   and closing quotes or brackets right after it:
//!   - Devanagari (Hindi) and Bengali: the danda `।` and double danda `॥`;
//!   - Urdu: the full stop `۔` and the question mark `؟`;
//!   - Latin: `.`, `?` or `!` followed by whitespace or the end of the line,
//!     except a `.` ending one of a few abbreviations ([`ABBREVIATIONS`]:
//!     `Inc.`, `e.g.`, ...), so that a company's name stays one unit.
//!
//!   The terminators of every script apply in every line, since pages mix
//!   them (a Hindi sentence closed with a Latin full stop). Text after the
//!   last terminator of a line is a unit too.
//! - A unit with no letter and no digit (a separator line, a stray mark) is
//!   none.
//!
//! Each unit is a [`Sentence`]: its ordinal (1-based, in page order), the
//! line it starts on, its normalised text and the hash of that text. The
//! text is normalised to Unicode normal form C (the same characters saved
//! composed or decomposed read alike), every run of whitespace (spaces,
//! tabs, no-break spaces) becomes one space, and the ends are trimmed. The
//! hash is the SHA-256 of the normalised text's UTF-8 bytes, in lowercase
//! hex, its first [`HASH_LEN`] digits: enough to tell a changed sentence,
//! short enough to read in a catalog.

mod split;
#[cfg(test)]
mod tests;

use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;

pub use split::ABBREVIATIONS;

/// Hex digits of a sentence's hash kept in an anchor.
pub const HASH_LEN: usize = 12;

/// One unit of a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// The ordinal, from 1, in page order.
    pub n: usize,
    /// The line of the page the sentence starts on, from 1.
    pub line: usize,
    /// The normalised text.
    pub text: String,
    /// The first [`HASH_LEN`] hex digits of the SHA-256 of [`Sentence::text`].
    pub hash: String,
}

/// A page's sentences, in order.
pub fn sentences(page: &str) -> Vec<Sentence> {
    let page = page.strip_prefix('\u{feff}').unwrap_or(page);
    let mut out: Vec<Sentence> = Vec::new();
    for (i, line) in page.split('\n').enumerate() {
        for unit in split::units(split::content(line)) {
            let text = normalise(unit);
            if !text.chars().any(char::is_alphanumeric) {
                continue;
            }
            let hash = hash(&text);
            out.push(Sentence { n: out.len() + 1, line: i + 1, text, hash });
        }
    }
    out
}

/// Text as a sentence is compared: Unicode NFC, whitespace runs made one
/// space, the ends trimmed.
pub fn normalise(text: &str) -> String {
    let nfc: String = text.nfc().collect();
    nfc.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The anchor hash of a normalised text: the first [`HASH_LEN`] lowercase
/// hex digits of its SHA-256.
pub fn hash(normalised: &str) -> String {
    let digest = Sha256::digest(normalised.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex[..HASH_LEN].to_string()
}

/// The page id of a page file: its name without the last extension
/// (`checkers.hi.txt` is `checkers.hi`), or the whole name when it has none.
pub fn id_of(path: &std::path::Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let id = match name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => name,
    };
    Some(id.to_string())
}
