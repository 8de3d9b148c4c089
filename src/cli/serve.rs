//! `rulecheck serve`: the built-in rules behind the engine protocol on
//! standard input and output, so that the harness can be tested against a
//! process that plays them (or plays one deviation from them).

use super::input::parse_options;
use super::output::{bad, engine_failed, Fail};
use rulecheck::engine;
use rulecheck_game::Options;

pub(super) fn serve(raw_options: &[String], deviate: Option<String>, perft_budget: u64) -> Result<u8, Fail> {
    let name = format!("rulecheck {}", env!("CARGO_PKG_VERSION"));
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    // `-o NAME=VALUE` serves only that value of the rule, as an
    // engine that plays the house rule its own way.
    let fixed = parse_options(raw_options)?;
    for (k, v) in &fixed {
        let single: Options = [(k.clone(), v.clone())].into_iter().collect();
        let valid = rulecheck::registry::variants().iter().any(|var| {
            var.info().options.iter().any(|o| o.name == k)
                && rulecheck::registry::resolve_options(*var, &single).is_ok()
        });
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
            let games = rulecheck::mutation::deviant(&d).map_err(bad)?;
            let name = format!("{name} deviating: {d}");
            engine::serve::serve(stdin.lock(), stdout.lock(), &name, &*games, &fixed, perft_budget)
        }
    };
    result.map_err(|e| engine_failed(format!("serve: {e}")))?;
    Ok(0)
}
