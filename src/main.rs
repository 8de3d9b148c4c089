//! The `rulecheck` command: a thin layer over the library crates. Each
//! command's arguments, inputs, printing and exit code are here (`cli/`);
//! what it computes is in `rulecheck` and the crates under it. The command
//! line alone builds clap, indicatif (`progress`) and signal-hook
//! (`signals`).

mod cli;
mod progress;
mod signals;

fn main() -> std::process::ExitCode {
    cli::main()
}
