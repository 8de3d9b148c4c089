//! What is kept of an engine's text: each text of an answer cut to
//! [`TEXT_KEEP`] bytes, its standard error to the last [`STDERR_KEEP`]
//! bytes per scenario, each saying what was cut. An engine answering
//! megabytes to every scenario would otherwise have rulecheck hold that
//! much per scenario until the report is written.

use crate::engine::protocol::Response;

/// Most standard error kept per scenario, in bytes: the last part of it,
/// after a line saying how much came before.
pub const STDERR_KEEP: usize = 16 * 1024;

/// Most bytes kept of any text an engine answers (a reason, an error
/// message, a position): the rest is cut, and the text says so. An engine
/// answering megabytes to every scenario would otherwise hold that much
/// per scenario until the report.
pub const TEXT_KEEP: usize = 4 * 1024;

/// An engine's standard error as it is read: the last [`STDERR_KEEP`]
/// bytes, and how many came before them.
#[derive(Default)]
pub(super) struct Stderr {
    text: String,
    cut: usize,
}

impl Stderr {
    pub(super) fn push(&mut self, bytes: &[u8]) {
        self.text.push_str(&String::from_utf8_lossy(bytes));
        if self.text.len() > STDERR_KEEP {
            let cut = self.text.len() - STDERR_KEEP;
            let cut = (cut..self.text.len()).find(|&i| self.text.is_char_boundary(i)).unwrap_or(self.text.len());
            self.text.drain(..cut);
            self.cut += cut;
        }
    }

    /// What was read since the last take, with a line saying how much was
    /// cut from its start.
    pub(super) fn take(&mut self) -> String {
        let text = std::mem::take(&mut self.text);
        match std::mem::take(&mut self.cut) {
            0 => text,
            cut => format!("[{cut} bytes of standard error cut: the last {} kept]\n{text}", STDERR_KEEP),
        }
    }
}

/// At most [`TEXT_KEEP`] bytes of an engine's text, saying where it was cut.
pub(super) fn kept(text: String) -> String {
    if text.len() <= TEXT_KEEP {
        return text;
    }
    let mut end = TEXT_KEEP;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... [cut: {} bytes in all, the first {end} kept]", &text[..end], text.len())
}

/// An answer with each of its texts cut to [`TEXT_KEEP`] bytes ([`kept`]):
/// what is kept per scenario stays small whatever the engine writes.
pub(super) fn bounded(mut r: Response) -> Response {
    for text in [
        &mut r.name,
        &mut r.version,
        &mut r.position,
        &mut r.to_move,
        &mut r.result,
        &mut r.reason,
        &mut r.error,
        &mut r.unsupported,
    ]
    .into_iter()
    .flatten()
    {
        if text.len() > TEXT_KEEP {
            *text = kept(std::mem::take(text));
        }
    }
    if let Some(refused) = &mut r.refused {
        if refused.reason.len() > TEXT_KEEP {
            refused.reason = kept(std::mem::take(&mut refused.reason));
        }
    }
    r
}

/// `more` added to `text`, of which only the last
/// [`STDERR_KEEP`] bytes are kept, after a line saying so.
pub(super) fn keep_last(text: &mut String, more: &str) {
    text.push_str(more);
    if text.len() > STDERR_KEEP {
        let mut cut = text.len() - STDERR_KEEP;
        while !text.is_char_boundary(cut) {
            cut += 1;
        }
        let rest = text.split_off(cut);
        *text = format!("[{cut} bytes of standard error cut: the last {} kept]\n{rest}", STDERR_KEEP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_cut_on_a_character_boundary_and_say_so() {
        assert_eq!(kept("short".into()), "short");
        let long = "é".repeat(TEXT_KEEP);
        let cut = kept(long.clone());
        assert!(cut.len() < TEXT_KEEP + 100, "{}", cut.len());
        assert!(cut.ends_with(&format!("[cut: {} bytes in all, the first {} kept]", long.len(), TEXT_KEEP)));
        let mut log = Stderr::default();
        log.push(&vec![b'x'; STDERR_KEEP + 10]);
        let text = log.take();
        assert!(text.starts_with("[10 bytes of standard error cut"), "{}", &text[..60]);
        assert_eq!(log.take(), "", "what was taken is gone, and so is the count");
        let mut text = String::new();
        keep_last(&mut text, &"y".repeat(STDERR_KEEP * 2));
        assert!(text.len() < STDERR_KEEP + 100 && text.starts_with("[16384 bytes"), "{}", &text[..60]);
    }
}
