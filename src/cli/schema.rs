//! `rulecheck schema`: the JSON Schema of scenario files, rule catalogs or
//! perft tables, for editors that complete and check them as they are typed.

use super::output::{out, Fail};

pub(super) fn schema(kind: &str) -> Result<u8, Fail> {
    if kind == "catalog" {
        out(&rulecheck::catalog::schema())?;
    } else if kind == "perft-table" {
        out(&rulecheck::perft::tables::schema())?;
    } else {
        out(&rulecheck::scenario::loader::schema(&rulecheck::oracle::REGISTRY))?;
    }
    Ok(0)
}
