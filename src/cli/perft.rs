//! `rulecheck perft`: the leaf count of a position's move tree, on one
//! thread or several, with a table or not, below each root move with
//! `--divide`, one part of it with `--shard K/N`, or an external engine's
//! tree bisected against the reference's with `--engine`.

use std::time::Instant;

use super::input::{configure, not_played, parse_options, parse_shard, position, started, stop_on_signals};
use super::output::{bad, engine_failed, note, out, Fail};
use super::{jobs_count, Limits};
use rulecheck::engine::{self, process::EngineSpec};
use rulecheck::report;
use rulecheck_game as game;

/// The arguments of `rulecheck perft`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant (`rulecheck variants` lists them).
    variant: String,
    /// [POSITION] DEPTH: a position (FEN; the start position if omitted) and the depth.
    #[arg(num_args = 1..=2, required = true, value_name = "ARGS")]
    args: Vec<String>,
    /// Print the count below each legal move first.
    #[arg(long)]
    divide: bool,
    /// Count every path of a capture sequence, not each distinct move once.
    #[arg(long)]
    paths: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Compare an external engine's move tree with the reference and find where they part.
    #[arg(long, value_name = "CMD ARGS")]
    engine: Option<String>,
    /// Count on N threads (the tree cut into parts below the root); the count is the same.
    #[arg(long, short = 'j', default_value_t = 1, value_parser = jobs_count)]
    jobs: usize,
    /// Count only the K-th of N parts of the tree (1-based), e.g. 2/4; `perft-add` adds the parts' JSON up.
    #[arg(long, value_name = "K/N", conflicts_with_all = ["divide", "engine"])]
    shard: Option<String>,
    /// Keep counts in a transposition table of SIZE in all (512K, 64M, 1G, or bytes), one table shared by all -j threads; entries hold whole positions, so the count is the same. Not with --engine.
    #[arg(long, value_name = "SIZE", value_parser = rulecheck_game::table::parse_size)]
    hash: Option<usize>,
    #[command(flatten)]
    limits: Limits,
}

/// `perft --json`: counts as JSON numbers of all their digits, past 2^64
/// too (a `serde_json::Value` holds no more than 64 bits).
#[derive(serde::Serialize)]
struct Report<'a> {
    variant: &'a str,
    position: &'a str,
    depth: u32,
    nodes: u128,
    divide: Rows<'a>,
}

/// The divide rows as one JSON object, in the order counted (natural).
struct Rows<'a>(&'a [(String, u128)]);

impl serde::Serialize for Rows<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (m, n) in self.0 {
            map.serialize_entry(m, n)?;
        }
        map.end()
    }
}

/// A progress bar follows a long count root move by root move.
struct Bar(indicatif::ProgressBar);

impl rulecheck::perft::Watch for Bar {
    fn parts(&self, n: usize) {
        self.0.set_length(n as u64);
    }
    fn done(&self) {
        self.0.inc(1);
    }
}

pub(super) fn perft(raw_options: &[String], notation: Option<&str>, args: Args) -> Result<u8, Fail> {
    let Args { variant, args, divide, paths, json, engine, jobs, shard, hash, limits } = args;
    let variant = variant.as_str();
    let game = configure(variant, raw_options, notation)?;
    let (pos, depth) = match args.as_slice() {
        [d] => (None, d),
        [p, d] => (Some(p.as_str()), d),
        _ => return Err(bad("perft takes [POSITION] DEPTH")),
    };
    let depth = game::perft_depth(depth).map_err(bad)?;
    if depth > game::MAX_PERFT_DEPTH {
        return Err(bad(format!("depth {depth} is beyond {}, the deepest rulecheck counts", game::MAX_PERFT_DEPTH)));
    }
    let p = position(game.as_ref(), pos)?;
    if engine.is_some() && hash.is_some() {
        return Err(bad(
            "--hash keeps the reference's counts in a table; with --engine the counts are the engine's own: leave out --hash",
        ));
    }
    if let Some(line) = engine {
        if divide && depth == 0 {
            return Err(bad(
                "--divide at depth 0: the tree is its root alone, with no move below it to divide; ask a depth of 1 or more",
            ));
        }
        let spec = limits.apply(EngineSpec::from_command_line(&line).map_err(bad)?);
        let given = parse_options(raw_options)?;
        stop_on_signals()?;
        let mut e = started(spec, &line)?;
        let v = rulecheck::registry::variant(variant).map_err(|e| bad(e.to_string()))?;
        let asked = rulecheck::registry::resolve_options(v, &given).map_err(|e| bad(e.to_string()))?;
        // An engine that does not play the house rules asked is held to the
        // values it declares, where the reference counts the same tree under
        // them, as `run` holds it to a scenario.
        let (options, game, under) = match engine::Engine::supports(&mut e, variant, &asked) {
            Ok(()) => (asked, game, None),
            Err(why) => match rulecheck::bisect::adapted(&mut e, variant, &asked, &p, depth) {
                Some((alt, words)) => {
                    let mut g = rulecheck::registry::configure(variant, &alt).map_err(|e| bad(e.to_string()))?;
                    if let Some(n) = notation {
                        g.set_notation(n).map_err(bad)?;
                    }
                    (alt, g, Some(words))
                }
                None => {
                    return Err(not_played(
                        &mut e,
                        &line,
                        &why,
                        " and under the values it declares the reference counts another tree",
                    ))
                }
            },
        };
        // An engine failure ends the command with 3, a stop with 5.
        let failed = |err: engine::EngineError| match rulecheck::interrupt::requested() {
            Some(signal) => {
                Fail::Msg(format!("perft stopped by {signal}; the engine was ended"), report::EXIT_STOPPED as u8)
            }
            None => engine_failed(format!("engine '{line}': {err}")),
        };
        let tree =
            rulecheck::bisect::Tree { reference: game.as_ref(), variant, options: &options, position: &p, depth };
        let mut differs = false;
        if divide {
            let (table, d) = rulecheck::bisect::divide(&tree, &mut e).map_err(failed)?;
            differs = d;
            // The engine's moves are quoted: no escape sequence of theirs
            // reaches the terminal.
            out(&rulecheck_text::terminal(&format!("move: reference engine\n{table}\n")))?;
        }
        let found = rulecheck::bisect::bisect(&tree, &mut e).map_err(failed)?;
        let mut said = found.report();
        if let Some(words) = &under {
            said.push_str(&format!(
                "counted under the engine's own house rules {words}, where the reference counts the same tree\n"
            ));
        }
        out(&rulecheck_text::terminal(&said))?;
        if differs && found.agrees() {
            outln!("but the divide table above differs: the engine's counts are not stable")?;
        }
        // Any differing count is a disagreement, whatever the descent found.
        return Ok(if found.agrees() && !differs { 0 } else { 1 });
    }
    let started = Instant::now();
    if let Some(spec) = shard {
        let (k, n) = parse_shard(&spec)?;
        let (mut part, stats) =
            rulecheck::perft::shard_with(game.as_ref(), variant, &p, depth, paths, k, n, jobs, hash)
                .map_err(|e| bad(e.message))?;
        // The house rules go with the part, every rule given, so that
        // `perft-add` refuses parts counted under other rules.
        let v = rulecheck::registry::variant(variant).map_err(|e| bad(e.to_string()))?;
        part.options =
            rulecheck::registry::resolve_options(v, &parse_options(raw_options)?).map_err(|e| bad(e.to_string()))?;
        if json {
            outln!("{}", serde_json::to_string(&part).unwrap_or_default())?;
        } else {
            outln!("{}", part.nodes)?;
            note(&format!(
                "part {k}/{n}: {} of the {} lines cut below the root; add the parts up with `rulecheck perft-add` on their --json",
                part.counted, part.units
            ));
        }
        if let Some(s) = stats {
            note(&s.to_string());
        }
        return Ok(0);
    }
    // Long counts show a bar that moves as each root move's count is done.
    let show_bar = crate::progress::wanted() && !json && depth >= 7;
    let bar = Bar(if show_bar { crate::progress::bar(0, "perft", true) } else { indicatif::ProgressBar::hidden() });
    let watch: Option<&dyn rulecheck::perft::Watch> = if show_bar { Some(&bar) } else { None };
    let asked = rulecheck::perft::Asked { depth, paths, jobs, hash, divide };
    let counted = rulecheck::perft::count(game.as_ref(), &p, asked, watch).map_err(|e| bad(e.message))?;
    bar.0.finish_and_clear();
    let rulecheck::perft::Counted { total, divide: rows, stats } = counted;
    let secs = started.elapsed().as_secs_f64();
    if json {
        let v = Report { variant, position: &p, depth, nodes: total, divide: Rows(&rows) };
        outln!("{}", serde_json::to_string(&v).map_err(|e| bad(format!("the JSON report: {e}")))?)?;
    } else {
        let mut text: String = rows.iter().map(|(m, n)| format!("{m}: {n}\n")).collect();
        if !rows.is_empty() {
            text.push('\n');
        }
        text.push_str(&format!("{total}\n"));
        out(&text)?;
    }
    if secs > 0.0 {
        note(&format!("{total} nodes in {secs:.3}s ({:.0} nodes/s)", total as f64 / secs));
    }
    if let Some(s) = stats {
        note(&s.to_string());
    }
    Ok(0)
}
