//! The cutting of one line into units: its list or heading marker taken
//! off, then its sentences at each script's terminators (see the module
//! above for the rules).

/// Words whose Latin full stop ends no sentence (compared without case):
/// company forms and the common Latin abbreviations a page may use
/// mid-sentence.
pub const ABBREVIATIONS: [&str; 12] = ["inc", "ltd", "co", "corp", "mr", "mrs", "ms", "dr", "st", "vs", "e.g", "i.e"];

/// Bullets that open a list item when whitespace follows them.
const BULLETS: [char; 9] = ['•', '◦', '▪', '‣', '·', '-', '*', '–', '—'];

/// Terminators that end a sentence wherever they stand: the danda and
/// double danda (Devanagari, Bengali), the Urdu full stop and question mark.
const FIRM: [char; 4] = ['।', '॥', '۔', '؟'];

/// Latin terminators: they end a sentence only before whitespace or the end
/// of the line.
const LATIN: [char; 3] = ['.', '?', '!'];

/// Closing quotes and brackets that stay with the sentence they close.
const CLOSERS: [char; 9] = ['"', '\'', '”', '’', '»', ')', ']', '}', '›'];

/// A line's text without its line ending, its indentation and its list or
/// heading marker.
pub(super) fn content(line: &str) -> &str {
    let line = line.trim();
    let after_hashes = line.trim_start_matches('#');
    if after_hashes.len() < line.len() && after_hashes.starts_with(char::is_whitespace) {
        return after_hashes.trim_start();
    }
    let mut chars = line.char_indices();
    let Some((_, first)) = chars.next() else { return line };
    if BULLETS.contains(&first) {
        let rest = &line[first.len_utf8()..];
        return if rest.starts_with(char::is_whitespace) { rest.trim_start() } else { line };
    }
    let (open, body) = match line.strip_prefix('(') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let digits = body.chars().take_while(|c| c.is_numeric()).count();
    if !(1..=3).contains(&digits) {
        return line;
    }
    let after: usize = body.chars().take(digits).map(char::len_utf8).sum();
    let rest = &body[after..];
    let rest = if open { rest.strip_prefix(')') } else { rest.strip_prefix('.').or_else(|| rest.strip_prefix(')')) };
    match rest {
        Some(r) if r.starts_with(char::is_whitespace) => r.trim_start(),
        _ => line,
    }
}

/// The sentences of a line's content, each as it stands (not yet
/// normalised); empty ones left out.
pub(super) fn units(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let firm = FIRM.contains(&c);
        if !firm && !LATIN.contains(&c) {
            continue;
        }
        // The terminator's run: more terminators, then closing marks.
        let mut end = i + c.len_utf8();
        let mut firm_run = firm;
        while let Some(&(j, d)) = iter.peek() {
            if FIRM.contains(&d) || LATIN.contains(&d) || CLOSERS.contains(&d) {
                firm_run |= FIRM.contains(&d);
                end = j + d.len_utf8();
                iter.next();
            } else {
                break;
            }
        }
        let next = text[end..].chars().next();
        let ends = firm_run || (next.is_none_or(char::is_whitespace) && !(c == '.' && abbreviated(&text[start..i])));
        if ends {
            push(&mut out, &text[start..end]);
            start = end;
        }
    }
    push(&mut out, &text[start..]);
    out
}

/// Whether the text before a full stop ends with one of the
/// [`ABBREVIATIONS`], as a word of its own.
fn abbreviated(before: &str) -> bool {
    let word = before.rsplit(|c: char| c.is_whitespace() || c == '(').next().unwrap_or("");
    ABBREVIATIONS.iter().any(|a| word.eq_ignore_ascii_case(a))
}

fn push<'a>(out: &mut Vec<&'a str>, unit: &'a str) {
    let unit = unit.trim();
    if !unit.is_empty() {
        out.push(unit);
    }
}
