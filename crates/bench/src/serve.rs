//! The built-in rules behind the engine protocol on standard input and
//! output: the loop `rulecheck serve` runs, without its options, for the
//! benchmark of the whole spec over the protocol.

use std::process::ExitCode;

use rulecheck::engine::serve;

fn main() -> ExitCode {
    let name = format!("rulecheck {}", env!("CARGO_PKG_VERSION"));
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    let served = serve::serve(
        stdin.lock(),
        stdout.lock(),
        &name,
        &serve::reference_games,
        &Default::default(),
        serve::DEFAULT_PERFT_BUDGET,
    );
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("serve: {e}");
            ExitCode::from(3)
        }
    }
}
