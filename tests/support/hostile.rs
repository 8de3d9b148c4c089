//! One list of hostile strings, the same for every report format: each is
//! text that an engine, a scenario file or a catalog may hold and that a
//! format would read as its own syntax, or that a terminal would obey,
//! were it written raw. Every format is tested with this one list, so that
//! a string added here is tried everywhere.
//!
//! (Lone surrogates cannot be in a Rust string, and so never reach a
//! report.)

/// The strings: markup and script for HTML and XML, Markdown syntax and
/// table pipes, characters XML 1.0 forbids, terminal escape sequences,
/// bidirectional overrides, line breaks, entity lookalikes, and a very long
/// line.
pub fn hostile() -> Vec<String> {
    let mut all: Vec<String> = [
        "<script>document.title='injected'</script>",
        "\"><img src=x onerror=\"document.title='injected'\">",
        "'><svg onload=\"document.title='injected'\"></svg>",
        "`<script>document.title='injected'</script>`",
        "``<img src=x onerror=alert(1)>`` and ` a lone backtick",
        "]]><injected/><![CDATA[",
        "&amp; &lt;script&gt; &#60;b&#62; &#x3C;i&#x3E;",
        "[a link](javascript:alert(1)) ![an image](x)",
        "*stars* _underscores_ ~~strike~~ \\ a backslash",
        "a | pipe | in a cell",
        "U+FFFF \u{ffff} and U+FFFE \u{fffe}",
        "U+202E \u{202e}txt.exe\u{202c} reversed",
        "NUL \u{0} byte",
        "ESC \u{1b}[31mred\u{1b}[0m and a title \u{1b}]0;injected\u{7}",
        "C1 CSI \u{9b}2J and DEL \u{7f}",
        "line one\nline two\r\nline three",
        "<!-- an open comment",
        "</td></tr></table><h1>injected</h1>",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    all.push(format!("a very long line {}", "x".repeat(20_000)));
    all
}

/// The strings a scenario name may be: one line of text without control
/// characters, not starting with `#` or a space (the loader refuses the
/// others, and its refusal is tested elsewhere).
#[allow(dead_code)]
pub fn hostile_names() -> Vec<String> {
    hostile().into_iter().filter(|s| !s.chars().any(char::is_control) && s.trim() == s && !s.starts_with('#')).collect()
}

/// Whether a text holds a character a terminal would obey or that would
/// reorder what is read: C0 controls but the line break and tab, DEL, C1
/// controls, and the bidirectional overrides and isolates.
#[allow(dead_code)]
pub fn terminal_unsafe(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
    })
}
