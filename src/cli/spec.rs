//! `rulecheck spec export DIR`: the spec built into this rulecheck written
//! out as files, to be read or edited and then run from disk
//! (`rulecheck run DIR`, `--spec DIR`).

use std::path::PathBuf;

use super::output::{bad, note, Fail};

/// What `rulecheck spec` does.
#[derive(clap::Subcommand, Debug)]
pub(super) enum Action {
    /// Write the built-in spec (scenarios, rule catalogs, reasons, perft tables, schemas, protocol)
    /// to DIR. Export to a directory named `spec` to keep the scenario ids the built-in spec has.
    Export {
        /// The directory to write, new or empty.
        dir: PathBuf,
        /// Write into a directory that is not empty: the built-in files replace those of the same
        /// name, other files are left as they are.
        #[arg(long)]
        force: bool,
    },
}

pub(super) fn spec(action: Action) -> Result<u8, Fail> {
    match action {
        Action::Export { dir, force } => {
            let done = rulecheck::builtin::export(&dir, force).map_err(|e| bad(format!("spec export: {e}")))?;
            let wrote = rulecheck::report::count(done.written, "file");
            note(&format!("rulecheck: wrote {wrote} of {} to {}", rulecheck::builtin::describe(), dir.display()));
            if done.others > 0 {
                let others = rulecheck::report::count(done.others, "other file");
                note(&format!(
                    "rulecheck: {others} in {} that the built-in spec does not have, untouched",
                    dir.display()
                ));
            }
            Ok(0)
        }
    }
}
