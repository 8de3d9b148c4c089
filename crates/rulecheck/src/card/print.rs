//! The fingerprint a card is compared with, read back from the JSON that
//! `rulecheck fingerprint --json` writes.

use crate::fingerprint::Fingerprint;

/// The entry for `variant` in the text of the fingerprint file `file`:
/// `Err`, naming the file (and the line and column where the text parts
/// from a fingerprint), when the text is not a list of fingerprints or has
/// no entry for the variant.
pub fn engine_print(text: &str, variant: &str, file: &str) -> Result<Fingerprint, String> {
    let prints: Vec<Fingerprint> = serde_json::from_str(text).map_err(|e| {
        let place = format!(" at line {} column {}", e.line(), e.column());
        let said = e.to_string();
        format!(
            "{file}:{}:{}: not the JSON `rulecheck fingerprint --json` writes (a list of fingerprints): {}",
            e.line(),
            e.column(),
            rulecheck_text::clean_message(said.strip_suffix(&place).unwrap_or(&said), 300)
        )
    })?;
    let found: Vec<&str> = prints.iter().map(|p| p.variant).collect();
    let listed = if found.is_empty() { "none".to_string() } else { found.join(", ") };
    let entry = prints.into_iter().find(|p| p.variant == variant);
    entry.ok_or_else(|| format!("{file}: no fingerprint of {variant} in it (its variants: {listed})"))
}
