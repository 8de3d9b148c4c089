//! Text from outside (engine answers, engine names, scenario names, clause
//! ids from a `--catalog` directory, paths) made safe for each format it is
//! written in. Every report writes such text through one of these, never
//! raw: a scenario named `<script>` must not run in the HTML report, a
//! backtick in an engine's name must not open raw HTML in the Markdown
//! matrix, U+FFFF must not make the JUnit report unparseable, and an
//! engine's escape sequences must not reach the terminal.
//!
//! Characters no format shows honestly (control characters, bidirectional
//! overrides that reorder what is read, zero-width characters) are written
//! visibly as `\u{1b}`, in every format alike, so that what a report says
//! can be read and searched for.

/// Whether a character is written as `\u{..}` rather than as itself:
/// control characters (C0 but the line break and tab, DEL, C1), the
/// bidirectional marks, embeddings, overrides and isolates, zero-width
/// characters, the byte order mark, and noncharacters such as U+FFFF.
pub fn is_hidden(c: char) -> bool {
    let n = u32::from(c);
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
        || (0xFDD0..=0xFDEF).contains(&n)
        || n & 0xFFFE == 0xFFFE
}

fn push_hidden(out: &mut String, c: char) {
    out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
}

/// Text for a terminal: hidden characters (above) written visibly, line
/// breaks and tabs kept, nothing cut.
pub fn terminal(text: &str) -> String {
    if !text.chars().any(is_hidden) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hidden(c) {
            push_hidden(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// Text for XML 1.0 content or an attribute value: the five markup
/// characters as entities, and every character XML 1.0 forbids (most C0
/// controls, U+FFFE, U+FFFF) or hides written visibly, so that one such
/// character never makes the whole document unparseable. A line break in
/// an attribute is a character reference, which parsers keep.
pub fn xml(text: &str) -> String {
    markup(text, "&apos;")
}

/// Text for HTML content or a quoted attribute value: `& < > " '` as
/// entities, hidden characters visibly.
pub fn html(text: &str) -> String {
    markup(text, "&#39;")
}

/// The markup characters as entities (the apostrophe as given: `&apos;`
/// is XML's own, `&#39;` reads alike in every HTML), hidden characters
/// visibly.
fn markup(text: &str, apostrophe: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str(apostrophe),
            c if is_hidden(c) => push_hidden(&mut out, c),
            c => out.push(c),
        }
    }
    out
}

/// Text for Markdown as plain words within a line (a table cell, a
/// heading's text, a list item's): every character that can open inline
/// syntax is backslash-escaped (CommonMark lets any ASCII punctuation be),
/// so no emphasis, link, image, code span, raw HTML, entity or table pipe
/// comes out of it; a line break becomes a space, since a cell or heading
/// is one line. Block markers (`#`, `-`, `>`) only count at a line's
/// start, where this text never is.
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '<' | '>' | '&' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c if is_hidden(c) => push_hidden(&mut out, c),
            c => out.push(c),
        }
    }
    out
}

/// Text as one Markdown code span: fenced by more backticks than any run
/// inside it (and padded when it starts or ends with one), so nothing in it
/// is read as Markdown or HTML. In a table cell (`in_table`) a `|` would
/// still end the cell, so it is escaped there (GFM removes the backslash);
/// a line break becomes a space.
pub fn markdown_code(text: &str, in_table: bool) -> String {
    let mut inner = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => inner.push(' '),
            '|' if in_table => inner.push_str("\\|"),
            c if is_hidden(c) => push_hidden(&mut inner, c),
            c => inner.push(c),
        }
    }
    let mut longest = 0;
    let mut run = 0;
    for c in inner.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if inner.starts_with('`') || inner.ends_with('`') || inner.is_empty() { " " } else { "" };
    format!("{fence}{pad}{inner}{pad}{fence}")
}

/// Text as a YAML double-quoted scalar that reads back as the same text:
/// quotes and backslashes escaped, line breaks and tabs as `\n` and `\t`,
/// and every hidden character (above) as a YAML escape. YAML refuses
/// noncharacters such as U+FFFF written raw, and a bidirectional override
/// written raw would reorder what a reader of the file sees.
pub fn yaml(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if is_hidden(c) && u32::from(c) <= 0xFFFF => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c if is_hidden(c) => out.push_str(&format!("\\U{:08X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_scalars_escape_what_yaml_refuses_or_hides() {
        assert_eq!(yaml("plain é 日本"), "\"plain é 日本\"");
        assert_eq!(yaml("a \"b\" \\ c\nd\te"), "\"a \\\"b\\\" \\\\ c\\nd\\te\"");
        assert_eq!(yaml("\u{1b}\u{202e}\u{ffff}\u{1fffe}"), "\"\\u001B\\u202E\\uFFFF\\U0001FFFE\"");
    }

    #[test]
    fn hidden_characters_are_written_visibly() {
        assert_eq!(terminal("a\u{1b}[31mb\nc\td"), "a\\u{1b}[31mb\nc\td");
        assert_eq!(terminal("\u{9b}2J \u{202e}txt.exe \u{ffff}"), "\\u{9b}2J \\u{202e}txt.exe \\u{ffff}");
        assert_eq!(terminal("plain: é, 日本"), "plain: é, 日本");
    }

    #[test]
    fn xml_and_html_escape_markup() {
        assert_eq!(
            xml("<a href=\"x\">&'\u{0}\u{ffff}</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;\\u{0}\\u{ffff}&lt;/a&gt;"
        );
        assert_eq!(html("\"><img onerror='x'>"), "&quot;&gt;&lt;img onerror=&#39;x&#39;&gt;");
    }

    #[test]
    fn markdown_code_spans_are_fenced_past_every_backtick_run() {
        assert_eq!(markdown_code("english.king.move", true), "`english.king.move`");
        assert_eq!(markdown_code("a`b", false), "``a`b``");
        assert_eq!(markdown_code("`x``", false), "``` `x`` ```");
        assert_eq!(markdown_code("a|b\nc", true), "`a\\|b c`");
        assert_eq!(markdown("<b>|*x*"), "\\<b\\>\\|\\*x\\*");
    }
}
