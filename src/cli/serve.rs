//! `rulecheck serve`: the built-in rules behind the engine protocol on
//! standard input and output, so that the harness can be tested against a
//! process that plays them (or plays one deviation from them).

use super::input::parse_options;
use super::output::{bad, engine_failed, Fail};
use rulecheck::engine;
use rulecheck_game::Options;

pub(super) fn serve(
    raw_options: &[String],
    declare: &[String],
    deviate: Option<String>,
    perft_budget: u64,
) -> Result<u8, Fail> {
    // The handshake gives the version on its own line.
    let name = "rulecheck serve".to_string();
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
    let mut served = engine::serve::Served::fixed(fixed);
    for d in declare {
        let (variant, entry) = declared_entry(d)?;
        served.entries.entry(variant).or_default().push(entry);
    }
    let result = match deviate {
        None => engine::serve::serve(
            stdin.lock(),
            stdout.lock(),
            &name,
            &engine::serve::reference_games,
            &served,
            perft_budget,
        ),
        Some(d) => {
            let games = rulecheck::mutation::deviant(&d).map_err(bad)?;
            let name = format!("{name} deviating: {d}");
            engine::serve::serve(stdin.lock(), stdout.lock(), &name, &*games, &served, perft_budget)
        }
    };
    result.map_err(|e| engine_failed(format!("serve: {e}")))?;
    Ok(0)
}

/// One `--declare 'VARIANT NAME=VALUES...'`: the variant and its entry,
/// every value checked against the variant's rules (each end of a range
/// `LO..HI`), so that a handshake never declares what the rules refuse.
fn declared_entry(text: &str) -> Result<(String, Options), Fail> {
    let mut words = text.split_whitespace();
    let variant = words.next().ok_or_else(|| bad(format!("--declare '{text}' names no variant")))?;
    let v = rulecheck::registry::variant(variant).map_err(|e| bad(e.to_string()))?;
    let mut entry = Options::new();
    for word in words {
        let Some((name, values)) = word.split_once('=') else {
            return Err(bad(format!("--declare '{text}': '{word}' must be NAME=VALUE[,VALUE...]")));
        };
        for value in values.split(',') {
            let ends = value.split_once("..").map_or(vec![value], |(lo, hi)| vec![lo, hi]);
            for end in ends {
                let single: Options = [(name.to_string(), end.to_string())].into_iter().collect();
                rulecheck::registry::resolve_options(v, &single)
                    .map_err(|e| bad(format!("--declare '{text}': {e}")))?;
            }
        }
        entry.insert(name.to_string(), values.to_string());
    }
    Ok((variant.to_string(), entry))
}
