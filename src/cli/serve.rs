//! `rulecheck serve`: the built-in rules behind the engine protocol on
//! standard input and output, so that the harness can be tested against a
//! process that plays them (or plays one deviation from them).

use super::input::parse_options;
use super::output::{bad, engine_failed, Fail};
use crate::engine;
use crate::game::{self, Options};

/// The arguments of `rulecheck serve`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// A deviation from the rules, for testing the harness (hidden).
    #[arg(long, hide = true)]
    deviate: Option<String>,
    /// Most leaves one perft request may count; a deeper request is answered with an error.
    #[arg(long, value_name = "NODES", default_value_t = engine::serve::DEFAULT_PERFT_BUDGET)]
    perft_budget: u64,
}

pub(super) fn serve(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let Args { deviate, perft_budget } = args;
    let name = format!("rulecheck {}", env!("CARGO_PKG_VERSION"));
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    // `-o NAME=VALUE` serves only that value of the rule, as an
    // engine that plays the house rule its own way.
    let fixed = parse_options(raw_options)?;
    for (k, v) in &fixed {
        let single: Options = [(k.clone(), v.clone())].into_iter().collect();
        let valid = game::variants()
            .iter()
            .any(|var| var.options().iter().any(|o| o.name == k) && game::resolve_options(*var, &single).is_ok());
        if !valid {
            return Err(bad(format!("no variant has the house rule {k}={v}")));
        }
    }
    let result = match deviate {
        None => engine::serve::serve(
            stdin.lock(),
            stdout.lock(),
            &name,
            &engine::serve::reference_games,
            &fixed,
            perft_budget,
        ),
        Some(d) => {
            let games = crate::mutation::deviant(&d).map_err(bad)?;
            let name = format!("{name} deviating: {d}");
            engine::serve::serve(stdin.lock(), stdout.lock(), &name, &*games, &fixed, perft_budget)
        }
    };
    result.map_err(|e| engine_failed(format!("serve: {e}")))?;
    Ok(0)
}
