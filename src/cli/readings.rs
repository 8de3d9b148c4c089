//! `rulecheck readings [VARIANT]`: the options that are readings of a
//! disputed rule, each value with what it reads the rule to say and who
//! reads it so, and the default with the reason it was chosen; as text or
//! JSON. Read from the catalog (`--catalog` included), where they are kept
//! beside the clause they read.

use super::input::catalog;
use super::output::{bad, out, Fail};
use rulecheck::catalog::{Catalog, Reading};

pub(super) fn readings(raw_options: &[String], variant: Option<&str>, json: bool) -> Result<u8, Fail> {
    if !raw_options.is_empty() {
        return Err(bad("readings lists every value of each reading; it takes no --option"));
    }
    let ids: Vec<&str> = match variant {
        Some(id) => vec![rulecheck::registry::variant(id).map_err(|e| bad(e.to_string()))?.info().id],
        None => rulecheck::registry::variants().iter().map(|v| v.info().id).collect(),
    };
    let cat = catalog()?;
    if json {
        let list: Vec<serde_json::Value> =
            ids.iter().flat_map(|id| cat.readings(id).map(move |(_, r)| reading_json(id, r))).collect();
        outln!("{}", serde_json::Value::from(list))?;
    } else {
        out(&text(&cat, &ids, variant.is_some()))?;
    }
    Ok(0)
}

fn reading_json(variant: &str, r: &Reading) -> serde_json::Value {
    let values: Vec<serde_json::Value> = r
        .values
        .value
        .iter()
        .map(|v| {
            serde_json::json!({
                "value": v.value.value,
                "default": v.value.value == r.default.value,
                "reading": v.reading,
                "sources": v.sources.value,
            })
        })
        .collect();
    serde_json::json!({
        "variant": variant,
        "option": r.option.value,
        "clause": r.clause.value,
        "question": r.question,
        "default": r.default.value,
        "why": r.why,
        "values": values,
    })
}

/// The readings of the variants as text; a variant named on the command
/// line is said to have none rather than printing nothing.
fn text(cat: &Catalog, ids: &[&str], named: bool) -> String {
    let mut text = String::new();
    for id in ids {
        let mut any = false;
        for (_, r) in cat.readings(id) {
            any = true;
            text.push_str(&format!("{id}: --option {}, a reading of {}\n", r.option.value, r.clause.value));
            text.push_str(&format!("  {}\n", r.question));
            for v in &r.values.value {
                let mark = if v.value.value == r.default.value { " (the default)" } else { "" };
                text.push_str(&format!("  {}{mark}: {}\n", v.value.value, v.reading));
                for s in &v.sources.value {
                    text.push_str(&format!("    - {s}\n"));
                }
            }
            text.push_str(&format!("  why {}: {}\n\n", r.default.value, r.why));
        }
        if named && !any {
            text.push_str(&format!("{id}: no readings (none of its options reads a disputed rule)\n"));
        }
    }
    if text.is_empty() {
        text.push_str("no readings\n");
    }
    if text.ends_with("\n\n") {
        text.pop();
    }
    text
}
