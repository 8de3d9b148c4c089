//! `rulecheck variants`: every variant with its house rules, their values
//! and defaults, as text or JSON; the options that are readings of a
//! disputed rule are marked, with the command that shows their sources.

use super::input::catalog;
use super::output::{bad, out, Fail};

pub(super) fn variants(raw_options: &[String], json: bool) -> Result<u8, Fail> {
    if !raw_options.is_empty() {
        return Err(bad("variants lists every house rule; it takes no --option"));
    }
    let vs = rulecheck::registry::variants();
    let cat = catalog()?;
    // The options of a variant that its catalog lists as readings.
    let readings = |id: &str| -> Vec<String> { cat.readings(id).map(|(_, r)| r.option.value.clone()).collect() };
    if json {
        let list: Vec<serde_json::Value> = vs
            .iter()
            .map(|v| {
                let read = readings(v.info().id);
                let opts: Vec<serde_json::Value> = v
                    .info().options
                    .iter()
                    .map(|o| serde_json::json!({"name": o.name, "values": o.values, "default": o.default, "help": o.help, "reading": read.iter().any(|r| r == o.name)}))
                    .collect();
                serde_json::json!({"id": v.info().id, "family": v.info().family, "page": v.info().page, "title": v.info().title, "options": opts})
            })
            .collect();
        outln!("{}", serde_json::Value::from(list))?;
    } else {
        let mut text = String::new();
        for v in vs {
            text.push_str(&format!(
                "{} ({}, page {}): {}\n",
                v.info().id,
                v.info().family,
                v.info().page,
                v.info().title
            ));
            if v.info().options.is_empty() {
                text.push_str("  no house rules\n");
            }
            for o in v.info().options {
                text.push_str(&format!("  --option {}={}  [{}]  {}\n", o.name, o.default, o.values.join("|"), o.help));
            }
            let read = readings(v.info().id);
            if !read.is_empty() {
                let (what, verb) = if read.len() == 1 { ("a reading", "is") } else { ("readings", "are") };
                text.push_str(&format!(
                    "  {} {verb} {what} of a disputed rule: `rulecheck readings {}` gives the sources\n",
                    read.join(", "),
                    v.info().id
                ));
            }
        }
        out(&text)?;
    }
    Ok(0)
}
