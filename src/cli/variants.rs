//! `rulecheck variants`: every variant with its house rules, their values
//! and defaults, as text or JSON.

use super::output::{bad, out, Fail};

pub(super) fn variants(raw_options: &[String], json: bool) -> Result<u8, Fail> {
    if !raw_options.is_empty() {
        return Err(bad("variants lists every house rule; it takes no --option"));
    }
    let vs = rulecheck::registry::variants();
    if json {
        let list: Vec<serde_json::Value> = vs
            .iter()
            .map(|v| {
                let opts: Vec<serde_json::Value> = v
                    .info().options
                    .iter()
                    .map(|o| serde_json::json!({"name": o.name, "values": o.values, "default": o.default, "help": o.help}))
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
        }
        out(&text)?;
    }
    Ok(0)
}
