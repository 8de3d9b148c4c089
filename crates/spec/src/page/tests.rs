//! The splitting rules, one script at a time, on pages written for these
//! tests.

use super::{hash, id_of, normalise, sentences};

fn texts(page: &str) -> Vec<String> {
    sentences(page).into_iter().map(|s| s.text).collect()
}

#[test]
fn devanagari_ends_at_the_danda_and_the_double_danda() {
    let page = "यह एक परीक्षा पन्ना है। हर खिलाड़ी बारी से चलता है॥ क्या यह ठीक है?\n";
    assert_eq!(texts(page), ["यह एक परीक्षा पन्ना है।", "हर खिलाड़ी बारी से चलता है॥", "क्या यह ठीक है?"]);
}

#[test]
fn a_danda_ends_a_sentence_with_no_space_after_it() {
    assert_eq!(texts("पहला वाक्य।दूसरा वाक्य।"), ["पहला वाक्य।", "दूसरा वाक्य।"]);
}

#[test]
fn urdu_ends_at_its_full_stop_and_question_mark() {
    let page = "یہ ایک آزمائشی صفحہ ہے۔ کیا آپ تیار ہیں؟ ہاں";
    assert_eq!(texts(page), ["یہ ایک آزمائشی صفحہ ہے۔", "کیا آپ تیار ہیں؟", "ہاں"]);
}

#[test]
fn bengali_ends_at_the_danda() {
    let page = "এটি একটি পরীক্ষার পাতা। প্রত্যেক খেলোয়াড় পালা করে চলে। শেষ";
    assert_eq!(texts(page), ["এটি একটি পরীক্ষার পাতা।", "প্রত্যেক খেলোয়াড় পালা করে চলে।", "শেষ"]);
}

#[test]
fn latin_ends_at_a_stop_before_whitespace_or_the_end() {
    let page = "Move first. Is it legal? Yes! Pi is 3.14 here.Still here";
    assert_eq!(texts(page), ["Move first.", "Is it legal?", "Yes!", "Pi is 3.14 here.Still here"]);
}

#[test]
fn latin_abbreviations_end_no_sentence() {
    let page = "Made by Acme, Inc. in a year. Some pieces, e.g. kings, fly. Ask Dr. Who.";
    assert_eq!(texts(page), ["Made by Acme, Inc. in a year.", "Some pieces, e.g. kings, fly.", "Ask Dr. Who."]);
}

#[test]
fn closing_quotes_and_brackets_stay_with_their_sentence() {
    let page = "He said \"move.\" Then (it ended.) Done।) बाद";
    assert_eq!(texts(page), ["He said \"move.\"", "Then (it ended.)", "Done।)", "बाद"]);
}

#[test]
fn a_mixed_line_applies_every_scripts_terminators() {
    assert_eq!(texts("समूह बदल सकता है. Next one। آخر۔"), ["समूह बदल सकता है.", "Next one।", "آخر۔"]);
}

#[test]
fn headings_and_list_items_are_units_of_their_own() {
    let page = "\
# Title of the page
Setup
• One board. Two players
- A dash item
* A star item
1. First numbered
२) Second, in Devanagari digits
(3) Third in brackets
১. Bengali numbered
3 players is not a list item
-5 is not one either
";
    assert_eq!(
        texts(page),
        [
            "Title of the page",
            "Setup",
            "One board.",
            "Two players",
            "A dash item",
            "A star item",
            "First numbered",
            "Second, in Devanagari digits",
            "Third in brackets",
            "Bengali numbered",
            "3 players is not a list item",
            "-5 is not one either",
        ]
    );
}

#[test]
fn lines_are_never_joined_and_blank_lines_only_separate() {
    let page = "Heading without a stop\nThe text under it.\n\n   \nA sentence broken\nover two lines.\n";
    let got = sentences(page);
    let shown: Vec<(usize, usize, &str)> = got.iter().map(|s| (s.n, s.line, s.text.as_str())).collect();
    assert_eq!(
        shown,
        [
            (1, 1, "Heading without a stop"),
            (2, 2, "The text under it."),
            (3, 5, "A sentence broken"),
            (4, 6, "over two lines."),
        ]
    );
}

#[test]
fn units_without_letters_or_digits_are_none() {
    assert_eq!(texts("---\n• \n।।\nWords. . !\n***\n"), ["Words."]);
}

#[test]
fn whitespace_is_collapsed_and_trimmed() {
    let page = "  Tabs\tand\u{a0}no-break   spaces.  \r\n";
    assert_eq!(texts(page), ["Tabs and no-break spaces."]);
}

#[test]
fn a_byte_order_mark_and_crlf_line_ends_change_nothing() {
    let plain = sentences("First line.\nSecond line.\n");
    let windows = sentences("\u{feff}First line.\r\nSecond line.\r\n");
    assert_eq!(plain, windows);
}

#[test]
fn composed_and_decomposed_text_hash_alike() {
    let composed = "Café rules.";
    let decomposed = "Cafe\u{301} rules.";
    assert_ne!(composed, decomposed);
    assert_eq!(normalise(composed), normalise(decomposed));
    assert_eq!(sentences(composed)[0].hash, sentences(decomposed)[0].hash);
}

#[test]
fn the_hash_is_the_start_of_the_sha256_in_hex() {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    assert_eq!(hash("abc"), "ba7816bf8f01");
    let s = &sentences("Some rule.")[0];
    assert_eq!(s.hash, hash("Some rule."));
    assert_eq!(s.hash.len(), super::HASH_LEN);
}

#[test]
fn a_changed_sentence_changes_its_hash_and_no_other() {
    let before = sentences("One rule. Two rules.\nThree rules.");
    let after = sentences("One rule. Two changed rules.\nThree rules.");
    assert_eq!(before.len(), after.len());
    assert_eq!(before[0].hash, after[0].hash);
    assert_ne!(before[1].hash, after[1].hash);
    assert_eq!(before[2].hash, after[2].hash);
}

#[test]
fn the_page_id_is_the_file_name_without_its_last_extension() {
    use std::path::Path;
    assert_eq!(id_of(Path::new("pages/checkers.hi.txt")).as_deref(), Some("checkers.hi"));
    assert_eq!(id_of(Path::new("konane")).as_deref(), Some("konane"));
    assert_eq!(id_of(Path::new(".hidden")).as_deref(), Some(".hidden"));
}
