//! Bytes a peer sent, shown in a message or a transcript. A DXP message is
//! ASCII, but a broken or hostile peer may send anything: control
//! characters are escaped (`\u{1b}`) and bytes above ASCII written as
//! `\xNN`, so that what is shown is what was sent, and never a terminal
//! escape or half of a UTF-8 character.

/// Most characters of a field quoted in an error.
pub const FIELD_CHARS: usize = 60;

/// Most characters of a message written in a transcript line.
pub const MESSAGE_CHARS: usize = 200;

/// `bytes` as text, escaped, cut after `max` characters with the full
/// length said.
pub fn shown(bytes: &[u8], max: usize) -> String {
    let mut text = String::with_capacity(bytes.len().min(max) + 8);
    for (count, &b) in bytes.iter().enumerate() {
        if count == max {
            text.push_str(&format!("... ({} bytes)", bytes.len()));
            return text;
        }
        if b.is_ascii() {
            text.push_str(&rulecheck_text::shown(char::from(b).encode_utf8(&mut [0; 4])));
        } else {
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_non_ascii_bytes_are_written_visibly() {
        assert_eq!(shown(b"M0012\x1b[2J\xe9", 60), "M0012\\u{1b}[2J\\xe9");
        assert_eq!(shown(b"a\nb\tc", 60), "a\\nb\\tc");
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        assert_eq!(shown(&[b'x'; 10], 4), "xxxx... (10 bytes)");
        assert_eq!(shown(b"abcd", 4), "abcd");
    }
}
