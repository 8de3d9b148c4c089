//! Text helpers every parser shares: the line and column of a byte offset,
//! found in logarithmic time from an index built once per text, and user
//! text shown in messages shortened and with control characters escaped.
//!
//! The index keeps the work of locating many errors (or many moves of a long
//! PDN file) linear in the size of the text. Its cost is observable: every
//! index adds the bytes it examines to a per-thread counter,
//! [`line_index_work`], so that tests can check that work stays in
//! proportion to the input without timing anything.

mod escape;
mod natural;
mod suggest;

pub use escape::{html, is_hidden, markdown, markdown_code, terminal, xml, yaml};
pub use natural::natural;
pub use suggest::{did_you_mean, suggest};

use std::cell::Cell;

thread_local! {
    static WORK: Cell<u64> = const { Cell::new(0) };
}

fn charge(units: usize) {
    WORK.with(|w| w.set(w.get().saturating_add(units as u64)));
}

/// The work line indexes have done on this thread so far: bytes examined
/// while building and while answering lookups, plus one per step of each
/// binary search.
pub fn line_index_work() -> u64 {
    WORK.with(Cell::get)
}

/// Bytes between two checkpoints of the character count.
const BLOCK: usize = 64;

fn is_char_start(b: u8) -> bool {
    (b & 0xC0) != 0x80
}

fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| is_char_start(b)).count()
}

/// Where the lines of a text start, and how many characters come before
/// every block of 64 bytes: a lookup is a binary search and a count within
/// at most two blocks.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset of the start of each line (lines end at `\n`).
    starts: Vec<usize>,
    /// `chars_before[k]`: characters in the first `k * BLOCK` bytes.
    chars_before: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let bytes = text.as_bytes();
        charge(bytes.len());
        let mut starts = vec![0];
        starts.extend(bytes.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(i, _)| i + 1));
        let mut chars_before = Vec::with_capacity(bytes.len() / BLOCK + 2);
        let mut count = 0;
        for block in bytes.chunks(BLOCK) {
            chars_before.push(count);
            count += chars_in(block);
        }
        chars_before.push(count);
        LineIndex { text, starts, chars_before }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Number of lines (a text ending in a newline has an empty last line).
    pub fn lines(&self) -> usize {
        self.starts.len()
    }

    /// Characters before a byte offset.
    fn chars_to(&self, offset: usize) -> usize {
        let block = offset / BLOCK;
        let from = block * BLOCK;
        charge(offset - from);
        self.chars_before[block] + chars_in(&self.text.as_bytes()[from..offset])
    }

    /// The 1-based line holding a byte offset (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        charge(usize::BITS as usize - self.starts.len().leading_zeros() as usize);
        self.starts.partition_point(|&s| s <= offset)
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.starts[line - 1];
        (line, self.chars_to(offset) - self.chars_to(start) + 1)
    }

    /// Byte offset where a 1-based line starts (the end of the text past
    /// the last line).
    pub fn line_start(&self, line: usize) -> usize {
        match line.checked_sub(1).and_then(|i| self.starts.get(i)) {
            Some(&s) => s,
            None => self.text.len(),
        }
    }

    /// A 1-based line's text, without its line break.
    pub fn line_text(&self, line: usize) -> &'a str {
        let start = self.line_start(line);
        let end = if line >= 1 && line < self.starts.len() { self.starts[line] - 1 } else { self.text.len() };
        let end = end.max(start);
        charge(1);
        let text = &self.text[start..end];
        text.strip_suffix('\r').unwrap_or(text)
    }
}

/// Most characters of user text quoted in a message.
pub const SHOWN_CHARS: usize = 60;

/// User text as a message quotes it: control characters escaped (`\u{1b}`,
/// `\n`), and cut after [`SHOWN_CHARS`] characters with the full length
/// said, so that a huge token or a terminal escape never reaches the screen
/// as such.
pub fn shown(text: &str) -> String {
    shown_at_most(text, SHOWN_CHARS)
}

/// [`shown`], cut after `max` characters.
pub fn shown_at_most(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == max {
            out.push_str(&format!("... ({} characters)", text.chars().count()));
            return out;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// A whole message with control characters escaped (its own text is
/// trusted; what it quotes may not be) and cut at `max` characters.
pub fn clean_message(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == max {
            out.push_str("...");
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// A message of several lines with control characters escaped but its own
/// line breaks kept.
pub fn clean_lines(text: &str) -> String {
    text.split('\n').map(|line| clean_message(line, 4000)).collect::<Vec<_>>().join("\n")
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') =>
        {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)))
        }
        c => out.push(c),
    }
}

/// The line and column of the first byte that is not UTF-8, and the bytes
/// of that sequence as `\xNN`, when the bytes are not UTF-8.
pub fn utf8_error(bytes: &[u8]) -> Option<((usize, usize), String)> {
    let e = std::str::from_utf8(bytes).err()?;
    let at = e.valid_up_to();
    let valid = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
    let len = e.error_len().unwrap_or(bytes.len() - at).clamp(1, 4);
    let shown: String = bytes[at..(at + len).min(bytes.len())].iter().map(|b| format!("\\x{b:02x}")).collect();
    Some((LineIndex::new(valid).line_col(at), shown))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The column pest and the YAML reader count: characters from the line's
    /// start, lines ending at `\n` (a `\r` before it is part of the break).
    fn naive(text: &str, offset: usize) -> (usize, usize) {
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, text[start..offset].chars().count() + 1)
    }

    #[test]
    fn line_col_agrees_with_a_scan_at_every_offset() {
        let texts = [
            "",
            "a",
            "\n",
            "ab\ncd\r\nef\n",
            "é\nü ö\n\n日本語のテキスト\nlast",
            &"x".repeat(200),
            &format!("{}\n{}é{}", "a".repeat(63), "b".repeat(64), "ç".repeat(100)),
        ];
        for text in texts {
            let index = LineIndex::new(text);
            for offset in (0..=text.len()).filter(|&o| text.is_char_boundary(o)) {
                assert_eq!(index.line_col(offset), naive(text, offset), "{text:?} at {offset}");
            }
        }
    }

    #[test]
    fn line_text_drops_the_line_break() {
        let index = LineIndex::new("one\r\ntwo\nthree");
        assert_eq!(index.line_text(1), "one");
        assert_eq!(index.line_text(2), "two");
        assert_eq!(index.line_text(3), "three");
        assert_eq!(index.line_text(4), "");
        assert_eq!(index.line_text(0), "");
        assert_eq!(index.lines(), 3);
    }

    #[test]
    fn lookups_cost_a_search_and_at_most_two_blocks() {
        let text = "a line of text\n".repeat(10_000);
        let before = line_index_work();
        let index = LineIndex::new(&text);
        let built = line_index_work() - before;
        assert_eq!(built, text.len() as u64);
        for offset in (0..text.len()).step_by(97) {
            index.line_col(offset);
        }
        let per_lookup = (line_index_work() - before - built) / (text.len() as u64 / 97 + 1);
        assert!(per_lookup <= 2 * BLOCK as u64 + 20, "{per_lookup} units a lookup");
    }

    #[test]
    fn shown_escapes_and_shortens() {
        assert_eq!(shown("11-15"), "11-15");
        assert_eq!(shown("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\\n");
        let long = "9".repeat(1000);
        assert_eq!(shown(&long), format!("{}... (1000 characters)", "9".repeat(SHOWN_CHARS)));
        assert_eq!(clean_message("x\u{7}y", 10), "x\\u{7}y");
        assert_eq!(clean_message("abcdef", 3), "abc...");
    }

    #[test]
    fn utf8_errors_are_located() {
        assert_eq!(utf8_error(b"fine"), None);
        assert_eq!(utf8_error(b"ab\ncd\xffe"), Some(((2, 3), "\\xff".to_string())));
        assert_eq!(utf8_error("é\n\u{e9}x".as_bytes()), None);
        assert_eq!(utf8_error(b"\xc3"), Some(((1, 1), "\\xc3".to_string())));
        assert_eq!(utf8_error(b"\xc3\xa9\xff"), Some(((1, 2), "\\xff".to_string())));
    }
}
