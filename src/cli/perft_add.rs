//! `rulecheck perft-add`: the parts of a perft counted on several machines
//! (`perft --shard K/N --json`) read back and added up, once the library has
//! checked that they are one perft and all there.

use std::path::PathBuf;

use super::output::{bad, Fail};

/// The parts' counts added up.
pub(super) fn perft_add(files: &[PathBuf]) -> Result<u8, Fail> {
    let mut parts = Vec::new();
    for f in files {
        let text = if f.as_os_str() == "-" {
            let mut t = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut t)
                .map_err(|e| bad(format!("standard input: {e}")))?;
            t
        } else {
            let bytes = rulecheck_files::read_bounded(f, 1 << 20).map_err(bad)?;
            String::from_utf8(bytes).map_err(|_| bad(format!("{}: not UTF-8 text", f.display())))?
        };
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let part: rulecheck::perft::Shard = serde_json::from_str(line).map_err(|e| {
                bad(format!("{}:{}: not a part written by `perft --shard K/N --json`: {e}", f.display(), i + 1))
            })?;
            parts.push(part);
        }
    }
    let total = rulecheck::perft::add(&parts).map_err(bad)?;
    outln!("{total}")?;
    Ok(0)
}
