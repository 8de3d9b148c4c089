//! `rulecheck replay`: recorded games of a PDN file replayed under a
//! variant, each game's first illegal move and whether its recorded result
//! agrees, or the games that replay written as a scenario file.

use std::path::Path;

use super::input::parse_options;
use super::output::{bad, out, Fail};
use rulecheck::runner;

pub(super) fn replay(raw_options: &[String], variant: &str, file: &Path, scenario: bool) -> Result<u8, Fail> {
    let options = parse_options(raw_options)?;
    let reports = rulecheck::pdn::replay_file(variant, &options, file).map_err(|e| bad(e.to_string()))?;
    if scenario {
        let source = runner::display_path(file);
        let yaml = rulecheck::pdn::scenarios_yaml(variant, &options, &reports, &source).map_err(|e| bad(e.0))?;
        out(&yaml)?;
        return Ok(0);
    }
    let text = rulecheck::pdn::Transcript(&reports).to_string();
    outln!("{}", text.trim_end())?;
    Ok(rulecheck::pdn::exit_code(&reports) as u8)
}
