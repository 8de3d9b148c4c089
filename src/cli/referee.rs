//! `rulecheck referee`: games between Hub engines (or one against itself,
//! or against the random mover), or of a DXP engine against the random
//! mover or a Hub engine, or between two DXP engines through rulecheck
//! (`referee_dxp`), kept and checked move by move against the reference;
//! a violation written as PDN and a scenario file.

use std::path::PathBuf;
use std::time::Duration;

use super::input::{catalog, parse_options, spec_dir, stop_on_signals};
use super::output::{bad, engine_failed, note, out, Fail};
use super::referee_dxp::{self, DxpArgs, Mode};
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
    /// With a DXP engine, the engine's opponent.
    #[arg(long = "hub", value_name = "CMD ARGS")]
    hub: Vec<String>,
    /// Play the engine against the reference's random mover (seeded by --seed); a DXP engine's
    /// opponent without --hub.
    #[arg(long)]
    random: bool,
    /// A DXP engine rulecheck starts: its command line, run directly, `{port}` in it replaced by
    /// the port it listens on or connects to. Alone, rulecheck connects to it as the initiator (at
    /// --dxp-connect, or 127.0.0.1 at its {port}, else 27531); with --dxp-listen it is the
    /// initiator and connects to rulecheck; given twice, rulecheck is a proxy between the first
    /// (the initiator) and the second (the follower).
    #[arg(long = "dxp", value_name = "CMD ARGS")]
    dxp: Vec<String>,
    /// rulecheck as the DXP initiator: connect to the follower engine listening at HOST:PORT, request
    /// the games and play the other side (--random or --hub). With --dxp-listen: a proxy.
    #[arg(long, value_name = "HOST:PORT")]
    dxp_connect: Option<String>,
    /// rulecheck as the DXP follower: listen at HOST:PORT (port 0: a free one, said on standard
    /// error) for the initiator engine, accept its game requests and play the other side. With
    /// --dxp-connect: a proxy, the initiator engine connecting here.
    #[arg(long, value_name = "HOST:PORT")]
    dxp_listen: Option<String>,
    /// Each side's thinking time for a whole game, in minutes, in rulecheck's DXP game requests
    /// (their number of moves is half --max-plies).
    #[arg(long, value_name = "MINUTES", default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=999))]
    dxp_time: u16,
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
    /// Seconds an engine gets for one move, from `go think` to `done` (a DXP engine: for each
    /// message): a hang guard, not a clock [default: 60, plus three times the move time; DXP: 60,
    /// plus the --dxp-time of a whole game].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Seconds an engine gets to start and answer `hub`, and again `init`; a DXP engine to start
    /// and connect (or be connected to) [default: 60].
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

/// The DXP options, the time limits settled.
fn dxp_args(args: &Args, guard: Duration, startup: Duration) -> DxpArgs<'_> {
    let moves = u16::try_from(args.max_plies.div_ceil(2)).ok().filter(|&m| m <= 999).unwrap_or(0);
    DxpArgs {
        commands: &args.dxp,
        connect: args.dxp_connect.as_deref(),
        listen: args.dxp_listen.as_deref(),
        minutes: args.dxp_time,
        moves,
        dir: args.dir.as_deref(),
        guard,
        startup,
    }
}

/// The players and engines the options name, refused where they cannot
/// go together.
fn check_players(args: &Args, mode: Option<Mode>) -> Result<(), Fail> {
    let hubs = args.hub.len();
    match mode {
        None if hubs == 0 => {
            Err(bad("give a Hub engine (--hub CMD) or a DXP engine (--dxp CMD, --dxp-connect, --dxp-listen)"))
        }
        None if hubs > 2 => {
            Err(bad(format!("--hub given {hubs} times: one engine (against itself or --random) or two")))
        }
        None if args.random && hubs == 2 => {
            Err(bad("--random plays one engine against the random mover: give --hub once"))
        }
        Some(Mode::Proxy) if hubs > 0 || args.random => {
            Err(bad("a DXP proxy referees the two engines' own game: --hub and --random have no place in it"))
        }
        Some(_) if hubs > 1 => Err(bad(format!("--hub given {hubs} times: a DXP engine plays one opponent"))),
        Some(_) if args.random && hubs == 1 => {
            Err(bad("--random and --hub both name the DXP engine's opponent: give one"))
        }
        Some(Mode::Follower | Mode::Proxy) if args.from.is_some() => {
            Err(bad("--from: the DXP initiator engine's game requests say where its games start"))
        }
        _ => Ok(()),
    }
}

pub(super) fn referee(raw_options: &[String], args: Args) -> Result<u8, Fail> {
    let options = parse_options(raw_options)?;
    let startup = args.startup_timeout.unwrap_or(DEFAULT_STARTUP_TIMEOUT);
    let dxp_guard =
        args.timeout.unwrap_or_else(|| Duration::from_secs(60) + Duration::from_secs(60 * u64::from(args.dxp_time)));
    let mode = referee_dxp::mode(&dxp_args(&args, dxp_guard, startup))?;
    check_players(&args, mode)?;
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
        engine.startup_timeout = startup;
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
        // DXP names no variant: its engines play what they are set to.
        None if mode.is_some() => "international",
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
    let hubs = engines.len();
    let mut players: Vec<Box<dyn Player>> = match mode {
        Some(m) => {
            let a = dxp_args(&args, dxp_guard, startup);
            referee_dxp::players(m, &a, || Judge::new(variant, &options).map_err(bad))?
        }
        None => Vec::new(),
    };
    players.extend(engines.into_iter().map(|e| Box::new(e) as Box<dyn Player>));
    if args.random || (matches!(mode, Some(Mode::Initiator | Mode::Follower)) && hubs == 0) {
        let mover = Judge::new(variant, &options).map_err(bad)?;
        players.push(Box::new(RandomMover::new(mover, args.seed)));
    }
    let hub_level = match level {
        Level::Depth(d) => format!("depth {d}"),
        Level::MoveTime(s) => format!("{s} s a move"),
    };
    let level_text = match mode {
        None => hub_level,
        Some(m) => {
            let dxp = match (m, dxp_args(&args, dxp_guard, startup).moves) {
                (Mode::Initiator, 0) => format!("DXP {} min a game", args.dxp_time),
                (Mode::Initiator, moves) => format!("DXP {} min for {moves} moves", args.dxp_time),
                _ => "DXP, the initiator engine's time control".to_string(),
            };
            if hubs > 0 {
                format!("{dxp}; Hub {hub_level}")
            } else {
                dxp
            }
        }
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
    let said = run.notes.clone();
    run.notes.splice(0..0, notes);
    let text = match args.format {
        Format::Human => report::human(&run),
        Format::Json => report::json(&run),
        Format::Junit => report::junit(&run),
    };
    out(&text)?;
    // What the run itself found to say (an engine that asked for no more
    // games) is said after the report.
    for n in &said {
        note(&format!("rulecheck: {n}"));
    }
    Ok(u8::try_from(report::exit_code(&run)).unwrap_or(2))
}
