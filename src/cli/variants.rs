//! `rulecheck variants`: every variant with its house rules, their values
//! and defaults, as text or JSON.

use super::output::{bad, out, Fail};
use crate::game;

pub(super) fn variants(raw_options: &[String], json: bool) -> Result<u8, Fail> {
    if !raw_options.is_empty() {
        return Err(bad("variants lists every house rule; it takes no --option"));
    }
    let vs = game::variants();
    if json {
        let list: Vec<serde_json::Value> = vs
            .iter()
            .map(|v| {
                let opts: Vec<serde_json::Value> = v
                    .options()
                    .iter()
                    .map(|o| serde_json::json!({"name": o.name, "values": o.values, "default": o.default, "help": o.help}))
                    .collect();
                serde_json::json!({"id": v.id(), "family": v.family(), "page": v.page(), "title": v.title(), "options": opts})
            })
            .collect();
        outln!("{}", serde_json::Value::from(list))?;
    } else {
        let mut text = String::new();
        for v in vs {
            text.push_str(&format!("{} ({}, page {}): {}\n", v.id(), v.family(), v.page(), v.title()));
            if v.options().is_empty() {
                text.push_str("  no house rules\n");
            }
            for o in v.options() {
                text.push_str(&format!("  --option {}={}  [{}]  {}\n", o.name, o.default, o.values.join("|"), o.help));
            }
        }
        out(&text)?;
    }
    Ok(0)
}
