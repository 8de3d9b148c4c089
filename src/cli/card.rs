//! `rulecheck card VARIANT`: the variant's rules as a short Markdown card
//! (`rulecheck::card`), under the house rules given with `--option`, with
//! an example move of each clause from the spec and, given a fingerprint
//! file, where that engine plays otherwise; to standard output or a file.

use std::path::{Path, PathBuf};

use super::input::{catalog, catalog_files, parse_options, scenarios};
use super::output::{bad, check_outputs, out, write_file, Fail};
use rulecheck::card::{self, CardInput};

/// Most bytes of a fingerprint file: far more than every variant's.
const MAX_FINGERPRINT_BYTES: u64 = 16 << 20;

#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant (`rulecheck variants` lists them).
    variant: String,
    /// Write the card to this file instead of standard output.
    #[arg(short = 'O', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// The JSON of `rulecheck fingerprint --json`: add where that engine plays otherwise.
    #[arg(long, value_name = "FILE")]
    fingerprint: Option<PathBuf>,
    /// Scenario files or directories the examples are taken from [default: ./spec, else the built-in spec]
    #[arg(long = "spec", value_name = "PATH")]
    paths: Vec<PathBuf>,
}

pub(super) fn card(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let variant = rulecheck::registry::variant(&args.variant).map_err(|e| bad(e.to_string()))?;
    let id = variant.info().id;
    let given = parse_options(raw_options)?;
    let options = rulecheck::registry::resolve_options(variant, &given).map_err(|e| bad(e.to_string()))?;
    variant.validate(&options).map_err(|e| bad(format!("{id}: {e}")))?;
    let source = scenarios(args.paths);
    if let Some(target) = &args.output {
        let mut inputs = source.paths();
        inputs.extend(catalog_files());
        inputs.extend(args.fingerprint.clone());
        check_outputs(&[("--output", target.as_path())], &inputs, "this card")?;
    }
    let print = args.fingerprint.as_deref().map(|f| read_print(f, id)).transpose()?;
    let cat = catalog()?;
    let (files, errors) = source.load(&cat, &Default::default());
    if let Some(e) = errors.first() {
        return Err(bad(format!("{e} (a card takes its examples from a spec that loads whole)")));
    }
    let text =
        card::card(&CardInput { variant, options: &options, catalog: &cat, files: &files, print: print.as_ref() });
    match &args.output {
        Some(f) => write_file(f, &text)?,
        None => out(&text)?,
    }
    Ok(0)
}

/// The variant's entry of a fingerprint file; any failure names the file.
fn read_print(file: &Path, variant: &str) -> Result<rulecheck::fingerprint::Fingerprint, Fail> {
    let text =
        rulecheck_files::read_text(file, MAX_FINGERPRINT_BYTES).map_err(|e| bad(format!("--fingerprint {e}")))?;
    card::engine_print(&text, variant, &file.display().to_string()).map_err(|e| bad(format!("--fingerprint {e}")))
}
