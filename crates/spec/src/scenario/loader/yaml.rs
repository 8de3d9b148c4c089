//! The YAML reader behind one function: serde-saphyr within an input
//! budget (nesting, values, aliases, one document), and its errors said in
//! the words of the file being read (a scenario file, a perft table file)
//! rather than of Rust types. Kept apart so that the reader and its budget
//! can change in one place for every YAML file rulecheck reads.

use std::path::Path;

use serde::Deserialize;

use super::located::loc_of;
use crate::scenario::{InputError, Loc};
use rulecheck_text::{clean_message, shown};

/// The YAML reader's budget: nesting, values and aliases of one file.
const MAX_DEPTH: usize = 32;
const MAX_NODES: usize = 500_000;
const MAX_ALIASES: usize = 1_000;

/// Parse YAML text into a document model, within a budget; `kind` names
/// the file in messages ("scenario file").
pub fn read_yaml<T: for<'de> Deserialize<'de>>(path: &Path, src: &str, kind: &str) -> Result<T, InputError> {
    let options = serde_saphyr::options! {
        budget: serde_saphyr::budget! {
            max_depth: MAX_DEPTH,
            max_nodes: MAX_NODES,
            max_aliases: MAX_ALIASES,
            max_documents: 1,
        },
    };
    serde_saphyr::from_str_with_options(src, options).map_err(|e| {
        let loc = e.location().map(|l| loc_of(&l)).unwrap_or(Loc { line: 1, col: 1 });
        InputError {
            file: path.to_path_buf(),
            scenario: None,
            loc,
            message: format!("invalid {kind}: {}", yaml_message(&e, kind)),
        }
    })
}

/// What the YAML reader found wrong, said in terms of what to write: the
/// reader's own wording names Rust types and its options, which a scenario
/// author has no use for.
fn yaml_message(e: &serde_saphyr::Error, kind: &str) -> String {
    use serde_saphyr::budget::BudgetBreach;
    use serde_saphyr::Error as E;
    let text = match e {
        E::WithSnippet { error, .. } | E::AliasError { error, .. } => return yaml_message(error, kind),
        E::Eof { .. } => "the file ends where a value is expected (is it empty?)".to_string(),
        E::NullIntoString { .. } | E::InvalidCharNull { .. } => {
            "a value is missing here: write it after the colon (\"\" for an empty text)".to_string()
        }
        E::Unexpected { expected, .. } => match *expected {
            "string scalar" | "scalar" => {
                "expected a single value here (a word, a number or a quoted text), not a list or a mapping".to_string()
            }
            "sequence start" => "expected a list here: [a, b] on one line, or one '- item' per line".to_string(),
            "mapping start" => "expected a mapping here: 'key: value' lines, or {key: value} on one line".to_string(),
            other => format!("unexpected text here (expected a {other})"),
        },
        E::DuplicateMappingKey { key: Some(k), .. } => {
            format!("the key '{}' is given twice in the same mapping: keep one", shown(k))
        }
        E::DuplicateMappingKey { key: None, .. } => "a key is given twice in the same mapping: keep one".to_string(),
        E::SerdeUnknownField { field, expected, .. } => {
            let hint = rulecheck_text::did_you_mean(expected.iter().copied(), field);
            format!("unknown key '{}'{hint}; the keys here are {}", shown(field), expected.join(", "))
        }
        E::SerdeMissingField { field, .. } => format!("'{field}:' is missing here; it is required"),
        E::SerdeInvalidType { unexpected, expected, .. } | E::SerdeInvalidValue { unexpected, expected, .. } => {
            format!("{} is not allowed here: expected {}", shown(unexpected), plain_type(expected))
        }
        E::SerdeInvalidLength { len, expected, .. } => {
            format!("{len} entries where {} are expected", plain_type(expected))
        }
        E::Budget { breach, .. } => match breach {
            BudgetBreach::Aliases { .. } => {
                format!("more than {MAX_ALIASES} aliases (*name): write the values out instead")
            }
            BudgetBreach::Depth { .. } => {
                format!("lists and mappings are nested more than {MAX_DEPTH} deep; a {kind} needs a few levels")
            }
            BudgetBreach::Nodes { .. } => format!("more than {MAX_NODES} values: split the file into several files"),
            BudgetBreach::Documents { .. } => {
                format!("more than one YAML document (---): a {kind} is one document")
            }
            BudgetBreach::Anchors { .. } => "too many anchors (&name): write the values out instead".to_string(),
            _ => format!("the file is too large or too complex for a {kind}: split it into several files"),
        },
        E::AliasReplayCounterOverflow { .. }
        | E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayStackDepthExceeded { .. } => {
            "aliases (*name) expand to too much: write the values out instead".to_string()
        }
        E::UnknownAnchor { .. } => "this alias (*name) names no anchor (&name) defined before it".to_string(),
        E::MultipleDocuments { .. } => format!("more than one YAML document (---): a {kind} is one document"),
        E::UnsupportedTag { tag, .. } => format!("the tag '{}' has no use in a {kind}: remove it", shown(tag)),
        E::TaggedScalarCannotDeserializeIntoString { .. } => {
            "a value with a tag (!!...) where text is expected: remove the tag".to_string()
        }
        E::InvalidUtf8Input => "the file is not UTF-8 text: save it as UTF-8".to_string(),
        E::QuotingRequired { .. } => "this value must be quoted".to_string(),
        E::Message { msg, .. } => msg.clone(),
        other => {
            use serde_saphyr::MessageFormatter;
            serde_saphyr::UserMessageFormatter.format_message(other).into_owned()
        }
    };
    clean_message(&text, 400)
}

/// A type as serde names it, in the words of a scenario file.
fn plain_type(expected: &str) -> String {
    let t = expected.trim();
    if t.starts_with("struct ") || t == "a map" || t.starts_with("a map ") {
        "a mapping ('key: value' lines)".to_string()
    } else if t == "a sequence" || t.starts_with("a sequence ") {
        "a list".to_string()
    } else if t.contains("string") {
        "a text".to_string()
    } else if t.starts_with('u') || t.starts_with('i') {
        "a whole number".to_string()
    } else {
        shown(t)
    }
}
