//! `rulecheck completions`: a shell completion script, generated from the
//! parser itself so that it names every command and option there is.

use super::output::{out, Fail};
use super::Cli;

pub(super) fn completions(shell: clap_complete::Shell) -> Result<u8, Fail> {
    use clap::CommandFactory;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "rulecheck", &mut script);
    out(&String::from_utf8_lossy(&script))?;
    Ok(0)
}
