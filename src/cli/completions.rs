//! `rulecheck completions`: a shell completion script, generated from the
//! parser itself so that it names every command and option there is.

use super::output::{out, Fail};
use super::Cli;

/// The arguments of `rulecheck completions`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The shell.
    shell: clap_complete::Shell,
}

pub(super) fn completions(args: Args) -> Result<u8, Fail> {
    use clap::CommandFactory;
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "rulecheck", &mut script);
    out(&String::from_utf8_lossy(&script))?;
    Ok(0)
}
