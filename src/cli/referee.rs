//! `rulecheck referee`: games between Hub engines (or one against itself,
//! or against the random mover), kept and checked move by move against
//! the reference; a violation written as PDN and a scenario file.

use std::path::PathBuf;
use std::time::Duration;

use super::input::{catalog, parse_options, spec_dir, stop_on_signals};
use super::output::{bad, engine_failed, note, out, Fail};
use rulecheck::engine::process::{parse_seconds, EngineSpec, DEFAULT_STARTUP_TIMEOUT};
use rulecheck_referee::hub::{self, HubEngine, HubSpec, Level, SetupError};
use rulecheck_referee::random::RandomMover;
use rulecheck_referee::starts::{self, From};
use rulecheck_referee::{report, Judge, Plan, Player};

/// Longest game, in moves.
const MAX_PLIES: usize = 10_000;

/// The move time when no limit is given, in seconds.
const DEFAULT_MOVE_TIME: f64 = 0.2;

/// Report formats of `referee`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
    Junit,
}

/// Where in each game of `--from FILE.pdn` a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum PdnAt {
    /// Where the game got to after its moves.
    End,
    /// Where it began (its FEN tag, else the start position).
    Start,
}

/// The arguments of `rulecheck referee`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// A Hub engine: its command line, run directly (no shell), e.g. './scan hub'. Given once, the
    /// engine plays itself (or --random); given twice, the two play each other, colours alternating.
    #[arg(long = "hub", value_name = "CMD ARGS", required = true)]
    hub: Vec<String>,
    /// Play the engine against the reference's random mover (seeded by --seed).
    #[arg(long)]
    random: bool,
    /// Seed of the random mover (the same seed plays the same moves).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games to play.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Longest game, in moves: a game still going on there ends unfinished.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=MAX_PLIES as u64))]
    max_plies: u64,
    /// Where the games start: `spec` (the positions of the spec's scenarios of the variant that are
    /// games in progress) or a PDN file (each game's position, see --pdn-at) [default: the start position].
    #[arg(long, value_name = "spec|FILE.pdn")]
    from: Option<String>,
    /// With --from FILE.pdn: start from where each game got to (end) or where it began (start).
    #[arg(long, value_enum, default_value_t = PdnAt::End)]
    pdn_at: PdnAt,
    /// Search each move to this depth (`level depth=N`).
    #[arg(long, conflicts_with = "move_time")]
    depth: Option<u32>,
    /// Search each move for this many seconds (`level move-time=S`) [default: 0.2].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    move_time: Option<Duration>,
    /// The variant, by rulecheck's id or the Hub's name: international (normal), killer, frisian
    /// [default: the value of the engine's `variant` parameter].
    #[arg(long)]
    variant: Option<String>,
    /// A parameter of the engines, set before `init` (`set-param`; repeatable), e.g. book=false.
    #[arg(long = "hub-param", value_name = "NAME=VALUE")]
    hub_param: Vec<String>,
    /// The directory the engines run in (Scan reads its data files from there) [default: here].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Seconds an engine gets for one move, from `go think` to `done`: a hang guard, not a clock
    /// [default: 60, plus three times the move time].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Seconds an engine gets to start and answer `hub`, and again `init` [default: 60].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    startup_timeout: Option<Duration>,
    /// Where the PDN and scenario files of violations are written (made if missing).
    #[arg(long, value_name = "DIR", default_value = "referee-out")]
    out: PathBuf,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// The spec whose scenarios say which clauses a refusal breaks, and `--from spec` reads
    /// [default: ./spec, else the built-in spec].
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
}

pub(super) fn referee(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let options = parse_options(raw_options)?;
    if args.hub.len() > 2 {
        return Err(bad(format!(
            "--hub given {} times: one engine (against itself or --random) or two",
            args.hub.len()
        )));
    }
    if args.random && args.hub.len() == 2 {
        return Err(bad("--random plays one engine against the random mover: give --hub once"));
    }
    let mut params = Vec::new();
    for p in &args.hub_param {
        let (k, v) = p.split_once('=').ok_or_else(|| bad(format!("--hub-param '{p}' must be NAME=VALUE")))?;
        params.push((k.trim().to_string(), v.trim().to_string()));
    }
    if args.out.exists() && !args.out.is_dir() {
        return Err(bad(format!("--out {}: not a directory", args.out.display())));
    }
    let spec = spec_dir(args.spec.clone())?;
    let cat = catalog()?;
    let level = match args.depth {
        Some(d) => Level::Depth(d),
        None => Level::MoveTime(args.move_time.map_or(DEFAULT_MOVE_TIME, |t| t.as_secs_f64())),
    };
    let guard = args.timeout.unwrap_or_else(|| match level {
        Level::MoveTime(s) => Duration::from_secs(60) + Duration::from_secs_f64(3.0 * s),
        Level::Depth(_) => Duration::from_secs(60),
    });
    let mut engines = Vec::new();
    for line in &args.hub {
        let mut engine = EngineSpec::from_command_line(line).map_err(bad)?;
        engine.dir = args.dir.clone();
        engine.timeout = guard;
        engine.startup_timeout = args.startup_timeout.unwrap_or(DEFAULT_STARTUP_TIMEOUT);
        engines.push(HubEngine::new(HubSpec { engine, level, params: params.clone() }));
    }
    stop_on_signals()?;
    for e in &mut engines {
        if let Err(why) = e.start() {
            let stderr = Player::stderr(e);
            return Err(engine_failed(format!("engine '{}': {why}\n{}", e.command_line(), stderr.trim_end())));
        }
    }
    let variant = match &args.variant {
        Some(v) => hub::notation::variant(v).map_err(|e| bad(format!("--variant: {e}")))?,
        None => match engines[0].start().map(|d| d.default_variant()) {
            Ok(Ok(v)) => v,
            Ok(Err(e)) => {
                return Err(bad(format!("engine '{}': {e}; choose one with --variant", engines[0].command_line())))
            }
            Err(e) => return Err(engine_failed(format!("engine '{}': {e}", engines[0].command_line()))),
        },
    };
    let judge = Judge::new(variant, &options).map_err(bad)?;
    for e in &mut engines {
        match e.configure(variant) {
            Ok(()) => {}
            Err(SetupError::NotPlayed(why)) => {
                return Err(Fail::Msg(format!("engine '{}' cannot play {variant}: {why}", e.command_line()), 4))
            }
            Err(SetupError::Failed(why)) => {
                let stderr = Player::stderr(e);
                return Err(engine_failed(format!("engine '{}': {why}\n{}", e.command_line(), stderr.trim_end())));
            }
        }
    }
    let from = match args.from.as_deref() {
        None => From::Initial,
        Some("spec") => From::Spec(spec.clone()),
        Some(file) => From::Pdn { file: PathBuf::from(file), at_end: args.pdn_at == PdnAt::End },
    };
    let (starts, notes) = starts::starts(&judge, &from, &cat).map_err(bad)?;
    for n in &notes {
        note(&format!("rulecheck: {n}"));
    }
    let mut players: Vec<Box<dyn Player>> = engines.into_iter().map(|e| Box::new(e) as Box<dyn Player>).collect();
    if args.random {
        let mover = Judge::new(variant, &options).map_err(bad)?;
        players.push(Box::new(RandomMover::new(mover, args.seed)));
    }
    let level_text = match level {
        Level::Depth(d) => format!("depth {d}"),
        Level::MoveTime(s) => format!("{s} s a move"),
    };
    let games = usize::try_from(args.games).map_err(|_| bad("--games is too large"))?;
    let plan = Plan {
        judge: &judge,
        catalog: &cat,
        spec: &spec,
        starts: &starts,
        games,
        max_plies: usize::try_from(args.max_plies).unwrap_or(MAX_PLIES),
        out: &args.out,
        level: level_text,
    };
    let bar = crate::progress::bar(args.games, "refereeing", crate::progress::wanted());
    let mut run = rulecheck_referee::referee(&plan, &mut players, &mut |_| bar.inc(1)).map_err(bad)?;
    bar.finish_and_clear();
    run.notes = notes;
    let text = match args.format {
        Format::Human => report::human(&run),
        Format::Json => report::json(&run),
        Format::Junit => report::junit(&run),
    };
    out(&text)?;
    Ok(u8::try_from(report::exit_code(&run)).unwrap_or(2))
}
