//! `rulecheck check --page`: a rule page's text held against the catalog's
//! anchors, sentence by sentence. Always on the test page
//! `fixtures/pages/four-scripts.txt` (text written for these tests, in
//! Latin, Devanagari, Urdu and Bengali script) with its own catalog
//! (`--catalog fixtures/pages/catalog`): a sentence added is not mapped, a
//! sentence changed in each script is outdated, sentences cut off the end
//! leave their anchors gone. And on the seed rule pages kept beside the
//! repository (`../shared/rule-pages`) against the built-in catalog, when
//! they are there: each is mapped in full, and a copy with one sentence
//! edited names that sentence outdated.

use std::path::{Path, PathBuf};

use crate::support::process::{rulecheck, rulecheck_in, temp_dir, write_file, Outcome, ROOT};

const CATALOG: &str = "fixtures/pages/catalog";
const PAGE: &str = "fixtures/pages/four-scripts.txt";

/// A generous bound for a command that ends at once: a hang guard only.
const HANG_SECS: u64 = 60;

fn page_text() -> String {
    std::fs::read_to_string(Path::new(ROOT).join(PAGE)).expect("the test page")
}

/// `check --page` on `text` saved as `four-scripts.txt` in a directory of
/// its own, against the test page's catalog.
fn check_copy(name: &str, text: &str) -> Outcome {
    let dir = temp_dir(name);
    write_file(&dir, "four-scripts.txt", text);
    let catalog = format!("{ROOT}/{CATALOG}");
    rulecheck_in(&dir, &["--catalog", &catalog, "check", "--page", "four-scripts.txt"], HANG_SECS)
}

fn replaced(text: &str, old: &str, new: &str) -> String {
    assert!(text.contains(old), "the test page has {old:?}");
    text.replacen(old, new, 1)
}

#[test]
fn the_test_page_is_held_in_full() {
    let o = rulecheck(&["--catalog", CATALOG, "check", "--page", PAGE]).ok();
    assert_eq!(
        o.stdout,
        "checked page four-scripts: 20 sentences, 12 mapped, 8 out of scope: 0 not mapped, 0 outdated, 0 gone\n"
    );
    assert_eq!(o.stderr, "");
}

#[test]
fn a_sentence_added_is_not_mapped() {
    let text = format!("{}A rule that no clause anchors yet.\n", page_text());
    let o = check_copy("page-added", &text).exits(1);
    insta::assert_snapshot!(o.stdout);
}

#[test]
fn a_sentence_changed_in_each_script_is_outdated() {
    let mut text = page_text();
    text = replaced(&text, "Each has six stones!", "Each has seven stones!");
    text = replaced(&text, "पीछे नहीं जाता॥", "कभी पीछे नहीं जाता॥");
    text = replaced(&text, "کیا کوئی پتھر", "کیا کوئی بھی پتھر");
    text = replaced(&text, "শেষ খেলোয়াড়", "শেষ চালের খেলোয়াড়");
    let o = check_copy("page-changed", &text).exits(1);
    insta::assert_snapshot!(o.stdout);
}

#[test]
fn sentences_cut_off_the_end_leave_their_anchors_gone() {
    let text = page_text();
    let cut = text.trim_end().rsplit_once('\n').map(|(head, _)| format!("{head}\n")).expect("lines");
    let o = check_copy("page-cut", &cut).exits(1);
    insta::assert_snapshot!(o.stdout);
}

#[test]
fn the_page_id_can_be_given_for_a_file_named_otherwise() {
    let dir = temp_dir("page-renamed");
    write_file(&dir, "saved.txt", &page_text());
    let catalog = format!("{ROOT}/{CATALOG}");
    let args = ["--catalog", &catalog, "check", "--page", "saved.txt", "--page-id", "four-scripts"];
    rulecheck_in(&dir, &args, HANG_SECS).ok().stdout_has("checked page four-scripts: 20 sentences");
    let o = rulecheck_in(&dir, &["--catalog", &catalog, "check", "--page", "saved.txt"], HANG_SECS).bad_input();
    o.stderr_has("--page saved.txt: no catalog names the page 'saved' (pages: four-scripts); give --page-id");
}

#[test]
fn several_pages_are_held_in_one_run() {
    let dir = temp_dir("page-several");
    let changed = replaced(&page_text(), "Play now.", "Play later.");
    write_file(&dir, "four-scripts.txt", &changed);
    let original = format!("{ROOT}/{PAGE}");
    let catalog = format!("{ROOT}/{CATALOG}");
    let args = ["--catalog", &catalog, "check", "--page", &original, "--page", "four-scripts.txt"];
    let o = rulecheck_in(&dir, &args, HANG_SECS).exits(1);
    assert_eq!(o.stdout.matches("checked page four-scripts: 20 sentences").count(), 2, "{}", o.all());
    o.stdout_has("four-scripts.txt:17: outdated: sentence 20 changed: review out-of-scope entry sample.site");
}

#[test]
fn bad_pages_and_arguments_are_bad_input() {
    let o = rulecheck(&["--catalog", CATALOG, "check", "--page", "fixtures/pages/missing.txt"]).bad_input();
    o.stderr_has("fixtures/pages/missing.txt");
    let o = rulecheck(&["--catalog", CATALOG, "check", "--page", PAGE, "--page-id", "elsewhere"]).bad_input();
    o.stderr_has("no catalog names the page 'elsewhere'");
    let o = rulecheck(&["--catalog", CATALOG, "check", "--page", PAGE, "--page", PAGE, "--page-id", "four-scripts"])
        .bad_input();
    o.stderr_has("--page-id names one page");
    rulecheck(&["--catalog", CATALOG, "check", "--page", "fixtures/pages"]).bad_input();
    let dir = temp_dir("page-bytes");
    std::fs::write(dir.join("four-scripts.txt"), b"A rule.\n\xff\xfe broken\n").expect("written");
    let file = dir.join("four-scripts.txt");
    let o = rulecheck(&["--catalog", CATALOG, "check", "--page", &file.to_string_lossy()]).bad_input();
    o.stderr_has("not UTF-8");
    // A page with scenario paths, or a page id with no page, is a usage error.
    assert_eq!(rulecheck(&["check", "--page", PAGE, "spec/english"]).code, Some(2));
    assert_eq!(rulecheck(&["check", "--page-id", "four-scripts"]).code, Some(2));
}

#[test]
fn a_catalog_directory_may_anchor_a_page_of_a_built_in_catalog_it_does_not_hold() {
    // Russian draughts anchors the variants paragraph of English checkers' page.
    let dir = temp_dir("page-one-catalog");
    let russian = std::fs::read_to_string(Path::new(ROOT).join("spec/rules/russian.yaml")).expect("russian.yaml");
    assert!(russian.contains("      checkers.hi: ["), "russian.yaml anchors checkers.hi");
    write_file(&dir, "russian.yaml", &russian);
    let catalog = dir.to_string_lossy().into_owned();
    rulecheck(&["--catalog", &catalog, "readings", "russian"]).ok();
    let misspelt = russian.replacen("      checkers.hi: [", "      checkers.hl: [", 1);
    write_file(&dir, "russian.yaml", &misspelt);
    rulecheck(&["--catalog", &catalog, "readings", "russian"])
        .bad_input()
        .stderr_has("'checkers.hl' is the page of no catalog (did you mean 'checkers.hi'?)");
    write_file(&dir, "russian.yaml", &russian);
    if let Some(seeds) = seed_pages() {
        let page = seeds.join("checkers-online.ur.txt");
        let o = rulecheck(&["--catalog", &catalog, "check", "--page", &page.to_string_lossy()]).ok();
        o.stdout_has(": 0 not mapped, 0 outdated, 0 gone\n");
    }
}

/// The seed rule pages beside the repository, or `None` (said on standard
/// error) where this checkout has none.
pub(crate) fn seed_pages() -> Option<PathBuf> {
    let dir = Path::new(ROOT).join("../shared/rule-pages");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: no seed rule pages at {} (they are kept beside the repository)", dir.display());
        None
    }
}

pub(crate) const SEED_PAGES: [&str; 5] =
    ["checkers.hi", "checkers-online.ur", "chinese-checkers.hi", "chinese-checkers.bn", "konane.hi"];

#[test]
fn every_seed_page_is_mapped_by_the_built_in_catalog() {
    let Some(dir) = seed_pages() else { return };
    for id in SEED_PAGES {
        let file = dir.join(format!("{id}.txt"));
        let o = rulecheck(&["check", "--page", &file.to_string_lossy()]).ok();
        o.stdout_has(&format!("checked page {id}: ")).stdout_has(": 0 not mapped, 0 outdated, 0 gone\n");
    }
}

#[test]
fn a_sentence_edited_on_a_seed_page_is_outdated() {
    let Some(dir) = seed_pages() else { return };
    let edits = temp_dir("seed-edited");
    for id in SEED_PAGES {
        let text = std::fs::read_to_string(dir.join(format!("{id}.txt"))).expect("a seed page");
        // A word put before the page's first full stop of its script: that
        // sentence changes, and no sentence comes or goes.
        let at = text.find(['।', '۔']).expect("a full stop");
        let edited = format!("{} rulecheck{}", &text[..at], &text[at..]);
        let n = rulecheck_spec::page::sentences(&text)
            .into_iter()
            .find(|s| s.text.contains(['।', '۔']))
            .map(|s| s.n)
            .expect("the sentence edited");
        let name = format!("{id}.txt");
        write_file(&edits, &name, &edited);
        let o = rulecheck_in(&edits, &["check", "--page", &name], HANG_SECS).exits(1);
        let findings: Vec<&str> = o.stdout.lines().filter(|l| !l.starts_with("checked page")).collect();
        assert!(!findings.is_empty(), "{id}: {}", o.all());
        for line in findings {
            assert!(line.contains(&format!(": outdated: sentence {n} changed: review ")), "{id}: {line}");
        }
        o.stdout_has(": 0 not mapped, ").stdout_has(" outdated, 0 gone\n");
    }
}
