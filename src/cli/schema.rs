//! `rulecheck schema`: the JSON Schema of scenario files or rule catalogs,
//! for editors that complete and check them as they are typed.

use super::output::{out, Fail};

/// The arguments of `rulecheck schema`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// Which files: scenario or catalog.
    #[arg(value_parser = ["scenario", "catalog"])]
    kind: String,
}

pub(super) fn schema(args: Args) -> Result<u8, Fail> {
    if args.kind == "catalog" {
        out(&crate::catalog::schema())?;
    } else {
        out(&crate::scenario::loader::schema())?;
    }
    Ok(0)
}
