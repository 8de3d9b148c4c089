//! The command line: parse arguments, call the library, print, choose the
//! exit code. Exit codes: 0 success, 1 a scenario failed (or the spec has
//! uncovered clauses), 2 bad input (a file, a position, an option, a time
//! limit), 3 the engine failed, 4 nothing was run (no scenario selected,
//! every one skipped, or an engine that does not play the variant), 5
//! stopped by SIGINT or SIGTERM (the report then covers what finished).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};

use crate::catalog::Catalog;
use crate::engine::{self, process::EngineSpec, process::ProcessEngine};
use crate::game::{self, Game, Options};
use crate::registry;
use crate::report;

/// Report formats of `run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
    Junit,
    Baseline,
}
use crate::runner;

mod matrix;
mod mutants;
mod smoke;

/// `fuzz --counters`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FuzzCounters {
    All,
    Common,
}

/// The time limits of an external engine.
#[derive(clap::Args, Debug, Clone, Copy)]
struct Limits {
    /// Seconds an external engine gets to answer one request [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = engine::process::parse_seconds, allow_negative_numbers = true)]
    timeout: Option<Duration>,
    /// Seconds an external engine gets to start and answer the handshake, each time it is started [default: 60].
    #[arg(long, value_name = "SECONDS", value_parser = engine::process::parse_seconds, allow_negative_numbers = true)]
    startup_timeout: Option<Duration>,
}

impl Limits {
    fn apply(self, mut spec: EngineSpec) -> EngineSpec {
        if let Some(t) = self.timeout {
            spec.timeout = t;
        }
        if let Some(t) = self.startup_timeout {
            spec.startup_timeout = t;
        }
        spec
    }
}

/// Start an engine for fuzz or perft: it must start and declare the
/// variant under the house rules (exit 3 when it does not start, 4 when it
/// does not play them: nothing can be run).
fn start_for(spec: EngineSpec, line: &str, variant: &str, options: &Options) -> Result<ProcessEngine, Fail> {
    let mut e = ProcessEngine::new(spec);
    if let Err(err) = e.start() {
        let mut msg = format!("engine '{line}': {err}");
        if let Some(text) = engine::Engine::stderr(&mut e) {
            msg.push_str(&format!("\n{}", text.trim_end()));
        }
        return Err(engine_failed(msg));
    }
    let v = registry::variant(variant).map_err(|e| bad(e.to_string()))?;
    let complete = registry::resolve_options(v, options).map_err(|e| bad(e.to_string()))?;
    if let Err(why) = engine::Engine::supports(&mut e, variant, &complete) {
        let declared: Vec<String> = e
            .start()
            .ok()
            .and_then(|h| h.variants.as_ref())
            .map(|vs| vs.iter().map(|v| v.id.clone()).collect())
            .unwrap_or_default();
        return Err(Fail::Msg(
            format!(
                "engine '{line}': {why}, so nothing can be run (it declares: {})",
                if declared.is_empty() { "no variant".to_string() } else { declared.join(", ") }
            ),
            4,
        ));
    }
    Ok(e)
}

/// Install the handler that turns SIGINT and SIGTERM into a stop.
fn stop_on_signals() -> Result<(), Fail> {
    crate::interrupt::install().map_err(bad)
}

#[derive(Parser, Debug)]
#[command(name = "rulecheck", version, about = "A test oracle and spec checker for board-game rule engines")]
pub struct Cli {
    /// A house rule, as NAME=VALUE (repeatable); `rulecheck variants` lists them. With run and
    /// check it replaces the scenario files' setting in every scenario whose variant has the option.
    #[arg(long = "option", short = 'o', global = true, value_name = "NAME=VALUE")]
    options: Vec<String>,

    /// How moves and positions are written on output: numeric or algebraic
    /// (default: the variant's custom; input accepts both).
    #[arg(long, global = true, value_name = "NOTATION")]
    notation: Option<String>,

    /// Read the rule catalogs from this directory (its *.yaml files) instead of the built-in ones: a
    /// spec that adds or changes clauses is checked without rebuilding rulecheck.
    #[arg(long, global = true, value_name = "DIR")]
    catalog: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Replay the spec's scenarios against an engine: the built-in reference, or any program speaking the engine protocol.
    Run(RunArgs),
    /// The spec's mutation score: every single-rule deviation of each variant run against its scenarios,
    /// with the scenarios that catch it; a deviation nothing catches is a hole (exit 1).
    Mutants {
        /// Variants to score [default: every variant the spec has scenarios for].
        variants: Vec<String>,
        /// Scenario files or directories [default: spec]
        #[arg(long = "spec", value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Check a new engine quickly: the handshake, then each kind of request once for every variant it
    /// declares, saying check by check what is wrong (exit 0 all right, 1 a wrong answer, 3 the engine failed).
    Smoke {
        /// The engine: its command line, run directly (no shell).
        #[arg(long, value_name = "CMD ARGS")]
        engine: String,
        #[command(flatten)]
        limits: Limits,
    },
    /// Run the spec over several engines at once and write one conformance matrix: a row per clause of
    /// each variant, a column per engine (pass, fail, skip or error), the failing scenarios listed.
    Matrix {
        /// The engines file (YAML): `engines:`, a list of engine configs (the keys of an --engine-config
        /// file: name, command, args, dir, timeout, startup-timeout, expected-failures) or `builtin: reference`.
        engines: PathBuf,
        /// Scenario files or directories [default: spec]
        paths: Vec<PathBuf>,
        /// Write the Markdown matrix to this file (without --markdown, --json or --html it goes to standard output).
        #[arg(long, value_name = "FILE")]
        markdown: Option<PathBuf>,
        /// Write the JSON matrix to this file.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Write the HTML matrix (rows open onto their scenarios) to this file.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Engine processes to run at once, shared among the engines [default: the number of CPUs].
        #[arg(long, short = 'j', value_parser = jobs_count)]
        jobs: Option<usize>,
    },
    /// Say whether a move or action is legal in a position and, if not, why: the reason code and the clauses it comes from.
    Explain {
        /// The variant (`rulecheck variants` lists them).
        variant: String,
        /// The position (FEN or diagram).
        position: String,
        /// The move or action, e.g. 9-5 or 'resign by black'.
        action: String,
        /// The spec whose scenarios say which clauses a refusal comes from [default: ./spec, if there is one].
        #[arg(long, value_name = "DIR")]
        spec: Option<PathBuf>,
    },
    /// Write a scenario file skeleton: a commented template with the start position as a diagram.
    New {
        /// The variant (`rulecheck variants` lists them).
        variant: String,
    },
    /// Print the JSON Schema of scenario files or rule catalogs (kept in spec/ for editors).
    Schema {
        /// Which files: scenario or catalog.
        #[arg(value_parser = ["scenario", "catalog"])]
        kind: String,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Play random games on an engine and the reference side by side; shrink a disagreement and print it as a scenario file.
    Fuzz {
        /// The variant to play.
        variant: String,
        /// The engine: its command line, run directly (no shell).
        #[arg(long, value_name = "CMD ARGS")]
        engine: String,
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Seed of the random games (the same seed plays the same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Longest game, in moves (0 compares the start position only).
        #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=MAX_FUZZ_PLIES))]
        plies: u64,
        /// Write the scenario file here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The spec whose scenarios say which clauses the disagreement points to [default: ./spec, if there is one].
        #[arg(long, value_name = "DIR")]
        spec: Option<PathBuf>,
        /// Start the games from this position (FEN or diagram; repeatable) instead of the variant's start.
        #[arg(long, value_name = "POSITION")]
        from: Vec<String>,
        /// Start the games from the positions the scenarios of these files or directories reach (repeatable).
        #[arg(long, value_name = "FILE")]
        from_file: Vec<PathBuf>,
        /// Which counters of a position to compare: all, or common (only those the engine writes, for an
        /// engine that keeps fewer; the ones left out are reported).
        #[arg(long, value_enum, default_value_t = FuzzCounters::All)]
        counters: FuzzCounters,
        #[command(flatten)]
        limits: Limits,
    },
    /// Speak the engine protocol on standard input and output with the built-in rules.
    Serve {
        /// A deviation from the rules, for testing the harness (hidden).
        #[arg(long, hide = true)]
        deviate: Option<String>,
        /// Most leaves one perft request may count; a deeper request is answered with an error.
        #[arg(long, value_name = "NODES", default_value_t = engine::serve::DEFAULT_PERFT_BUDGET)]
        perft_budget: u64,
    },
    /// Validate scenario files (notation, clauses, reasons, play) and clause coverage, without running an engine.
    Check {
        /// Scenario files or directories [default: spec]
        paths: Vec<PathBuf>,
        /// Do not require every clause of the touched rule pages to be cited.
        #[arg(long)]
        no_coverage: bool,
    },
    /// List the legal moves of a position.
    Moves {
        /// The variant (`rulecheck variants` lists them).
        variant: String,
        /// A position (FEN); the start position if omitted.
        position: Option<String>,
        /// Print JSON instead of one move per line.
        #[arg(long)]
        json: bool,
    },
    /// Draw a position as a diagram (the start position if omitted).
    Show {
        /// The variant (`rulecheck variants` lists them).
        variant: String,
        /// A position (FEN or diagram); the start position if omitted.
        position: Option<String>,
        /// Print the position as an SVG picture instead.
        #[arg(long)]
        svg: bool,
    },
    /// Count the leaf nodes of the move tree: `perft VARIANT [POSITION] DEPTH`.
    #[command(override_usage = "rulecheck perft [OPTIONS] <VARIANT> [POSITION] <DEPTH>")]
    Perft {
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
        /// Keep counts in a transposition table of SIZE in all (512K, 64M, 1G, or bytes), each -j thread with an equal share; entries hold whole positions, so the count is the same. Not with --engine.
        #[arg(long, value_name = "SIZE", value_parser = crate::perft::table::parse_size)]
        hash: Option<usize>,
        #[command(flatten)]
        limits: Limits,
    },
    /// Add up the parts of a perft counted with `perft --shard K/N --json`, checking that they are one perft and all there.
    PerftAdd {
        /// The parts' JSON files (`-` for standard input, one part a line).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Replay the same positions under two variants and show, as a unified diff, where they differ.
    #[command(override_usage = "rulecheck diff <VARIANT_A> <VARIANT_B> [PATHS... | --fen FEN] [--play MOVES]")]
    Diff {
        /// The first variant.
        a: String,
        /// The second variant.
        b: String,
        /// Scenario files or directories: every scenario's position and play is replayed under both.
        paths: Vec<PathBuf>,
        /// One position to compare (FEN) instead of scenario files; each variant's start if omitted.
        #[arg(long, conflicts_with = "paths")]
        fen: Option<String>,
        /// Moves (and actions, comma-separated) to play from the position.
        #[arg(long, conflicts_with = "paths")]
        play: Option<String>,
    },
    /// Replay recorded games from a PDN file: the first illegal move of each game, and whether the recorded result agrees.
    Replay {
        /// The variant the games are played under.
        variant: String,
        /// A PDN file (many games, headers, comments and variations allowed).
        file: PathBuf,
        /// Print the games that replay as a scenario file instead of the report.
        #[arg(long)]
        scenario: bool,
    },
    /// List the variants with their house-rule options and defaults.
    Variants {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Longest fuzzed game, in moves: every ply replays the game from the start.
const MAX_FUZZ_PLIES: u64 = 10_000;

/// How a command ends early.
enum Fail {
    /// A message for the user and the exit code it ends with.
    Msg(String, u8),
    /// Standard output was closed (`rulecheck show english | head -1`):
    /// the reader has what it wanted, so the command ends quietly.
    Closed,
}

fn bad(msg: impl Into<String>) -> Fail {
    Fail::Msg(msg.into(), 2)
}

fn engine_failed(msg: impl Into<String>) -> Fail {
    Fail::Msg(msg.into(), 3)
}

/// Everything a command prints on standard output goes through here. A
/// closed pipe ends the command quietly, as it does for other command-line
/// tools; any other write error (a full disk) is an error, exit code 2.
fn out(text: &str) -> Result<(), Fail> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Fail::Closed
        } else {
            bad(format!("cannot write to standard output: {e}"))
        }
    })
}

/// Print a line through [`out`].
macro_rules! outln {
    ($($arg:tt)*) => {
        out(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// A message on standard error. Nothing is left to say when standard error
/// itself cannot be written, so its write errors are ignored.
fn note(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{text}");
}

fn parse_options(raw: &[String]) -> Result<Options, Fail> {
    let mut out = Options::new();
    for o in raw {
        let Some((k, v)) = o.split_once('=') else {
            return Err(bad(format!("--option '{o}' must be NAME=VALUE")));
        };
        out.insert(k.trim().to_string(), v.trim().to_string());
    }
    Ok(out)
}

fn configure(variant: &str, raw: &[String], notation: Option<&str>) -> Result<Box<dyn Game>, Fail> {
    let options = parse_options(raw)?;
    let mut game = registry::configure(variant, &options).map_err(|e| bad(e.to_string()))?;
    if let Some(n) = notation {
        game.set_notation(n).map_err(bad)?;
    }
    Ok(game)
}

fn position(game: &dyn Game, given: Option<&str>) -> Result<String, Fail> {
    match given {
        None => Ok(game.start_position()),
        Some(p) => game.normalize_position(p).map_err(|e| {
            // A diagram is quoted by the line at fault, never whole.
            let place = if p.contains('\n') {
                let line = p.lines().nth(e.line.saturating_sub(1)).unwrap_or("");
                format!("diagram line {} ('{}'), column {}", e.line, crate::text::shown(line), e.col)
            } else {
                format!("position '{}', column {}", crate::text::shown(p), e.col)
            };
            bad(format!("{place}: {}", e.message))
        }),
    }
}

/// Most engines `--jobs` runs at once.
const MAX_JOBS: usize = 256;

/// `--jobs`: 1 to [`MAX_JOBS`] engines.
fn jobs_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_JOBS).contains(&n) => Ok(n),
        _ => Err(format!("'{}' is not a number of jobs from 1 to {MAX_JOBS}", crate::text::shown(text))),
    }
}

/// The text of `rulecheck new`: a scenario file that checks as it is, with
/// every key explained in comments.
fn new_skeleton(
    v: &dyn game::Variant,
    options: &Options,
    clauses: &[String],
    diagram: &str,
    moves: &[String],
    players: &[String],
) -> String {
    let mut out = String::new();
    out.push_str(&format!("# A scenario file for {} ({}).\n", v.info().id, v.info().title));
    out.push_str("# Check it with `rulecheck check --no-coverage FILE`, run it with `rulecheck run FILE`.\n");
    out.push_str(&format!("variant: {}\npage: {}\n", v.info().id, v.info().page));
    if v.info().options.is_empty() {
        out.push_str("# This variant has no house rules.\n");
    } else {
        out.push_str("options:                 # house rules for every scenario of the file\n");
        for o in v.info().options {
            let value = options.get(o.name).map(String::as_str).unwrap_or(o.default);
            out.push_str(&format!("  {}: \"{}\"    # {}\n", o.name, value, o.values.join(" | ")));
        }
    }
    out.push_str("scenarios:\n");
    out.push_str("  - name: describe what this scenario shows\n");
    out.push_str("    # The clause ids it tests:\n");
    for c in clauses {
        out.push_str(&format!("    #   {c}\n"));
    }
    out.push_str(&format!("    clauses: [{}]\n", clauses.first().map(String::as_str).unwrap_or("")));
    out.push_str("    # The position: a diagram (as here) or a position string; the start if left out.\n");
    out.push_str("    position: |\n");
    for line in diagram.lines() {
        out.push_str(&format!("      {line}\n"));
    }
    out.push_str("    # Moves and actions to play first, e.g. [\"<move>\", \"resign by <player>\"].\n");
    out.push_str("    play: []\n");
    out.push_str("    expect:\n");
    out.push_str("      # The complete set of legal moves, in any order:\n");
    let quoted: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    out.push_str(&format!("      moves: [{}]\n", quoted.join(", ")));
    out.push_str(&format!("      to-move: {}\n", players.first().map(String::as_str).unwrap_or("")));
    out.push_str("      result: ongoing\n");
    out.push_str("      # Also: legal: [...], illegal: [\"<move>: <reason>\"] (reasons in spec/reasons.yaml),\n");
    out.push_str("      # after: <position>, perft: {1: <count>}\n");
    out
}

/// House rules for a whole run: each must be an option of some variant,
/// with a value valid in at least one variant that has it. Each scenario
/// then checks the value against its own variant, so that an option two
/// families share with different values (`no-progress`) can be set for the
/// one the run is about.
fn run_overrides(raw: &[String]) -> Result<Options, Fail> {
    let given = parse_options(raw)?;
    for (name, value) in &given {
        let single: Options = [(name.clone(), value.clone())].into_iter().collect();
        let having: Vec<_> =
            registry::variants().into_iter().filter(|v| v.info().options.iter().any(|o| o.name == name)).collect();
        if having.is_empty() {
            let mut all: Vec<&str> =
                registry::variants().iter().flat_map(|v| v.info().options.iter().map(|o| o.name)).collect();
            all.sort_unstable();
            all.dedup();
            return Err(bad(format!("no variant has the option '{name}' (options: {})", all.join(", "))));
        }
        let mut refusals: Vec<(String, String)> = Vec::new();
        for v in &having {
            if let Err(e) = registry::resolve_options(*v, &single) {
                let values = v.info().options.iter().find(|o| o.name == name).map(|o| o.values.join(", "));
                refusals.push((e.to_string(), format!("{}: {}", v.info().id, values.unwrap_or_default())));
            }
        }
        if refusals.len() == having.len() {
            if let [(only, _)] = refusals.as_slice() {
                return Err(bad(only.clone()));
            }
            let mut lists: Vec<String> = refusals.into_iter().map(|r| r.1).collect();
            lists.dedup();
            return Err(bad(format!("option {name} cannot be '{value}' in any variant ({})", lists.join("; "))));
        }
    }
    Ok(given)
}

fn default_paths(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    if paths.is_empty() {
        vec![PathBuf::from("spec")]
    } else {
        paths
    }
}

/// Where `--catalog` points, once the command line is read.
static CATALOG_DIR: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();

fn catalog() -> Result<Catalog, Fail> {
    match CATALOG_DIR.get().and_then(Option::as_ref) {
        Some(dir) => Catalog::from_dir(dir).map_err(bad),
        None => Catalog::builtin().map_err(|e| bad(format!("the built-in rule catalog is broken: {e}"))),
    }
}

/// The spec directory whose scenarios tie reasons to clauses: the one given,
/// which must be a directory, or `./spec` if there is one.
fn spec_dir(given: Option<PathBuf>) -> Result<Option<PathBuf>, Fail> {
    match given {
        Some(dir) if dir.is_dir() => Ok(Some(dir)),
        Some(dir) => Err(bad(format!("--spec {}: not a directory", dir.display()))),
        None => Ok(Some(PathBuf::from("spec")).filter(|d| d.is_dir())),
    }
}

/// Write an output file atomically; an error is bad output, exit code 2.
fn write_file(path: &Path, text: &str) -> Result<(), Fail> {
    crate::files::write_atomic(path, text.as_bytes()).map_err(bad)
}

/// Run the command line; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(e),
    };
    match dispatch(cli) {
        Ok(code) => ExitCode::from(code),
        Err(Fail::Closed) => ExitCode::SUCCESS,
        Err(Fail::Msg(msg, code)) => {
            note(&format!("error: {}", crate::text::clean_lines(&msg)));
            ExitCode::from(code)
        }
    }
}

/// A usage error, or the help or version text that clap answers with.
fn argument_error(e: clap::Error) -> ExitCode {
    // Errors go to standard error, and a terminal gets clap's colours.
    if e.use_stderr() || std::io::stdout().is_terminal() {
        e.exit();
    }
    match out(&e.to_string()) {
        Ok(()) | Err(Fail::Closed) => ExitCode::SUCCESS,
        Err(Fail::Msg(msg, code)) => {
            note(&format!("error: {msg}"));
            ExitCode::from(code)
        }
    }
}

fn dispatch(cli: Cli) -> Result<u8, Fail> {
    let _ = CATALOG_DIR.set(cli.catalog.clone());
    match cli.command {
        Command::New { variant } => {
            let game = configure(&variant, &cli.options, cli.notation.as_deref())?;
            let v = registry::variant(&variant).map_err(|e| bad(e.to_string()))?;
            let cat = catalog()?;
            let clauses: Vec<String> = cat
                .pages
                .iter()
                .filter(|p| p.variants.iter().any(|x| x == &variant))
                .flat_map(|p| p.clauses.iter().map(|c| c.id.clone()))
                .collect();
            let start = game.start_position();
            let diagram = game.diagram(&start).map_err(|e| bad(e.message))?;
            let moves = game.replay(&start, &[]).map_err(|e| bad(e.to_string()))?.moves;
            let players = game.players();
            out(&new_skeleton(v, &parse_options(&cli.options)?, &clauses, &diagram, &moves, &players))?;
            Ok(0)
        }
        Command::Schema { kind } => {
            if kind == "catalog" {
                out(&crate::catalog::schema())?;
            } else {
                out(&crate::scenario::loader::schema())?;
            }
            Ok(0)
        }
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "rulecheck", &mut script);
            out(&String::from_utf8_lossy(&script))?;
            Ok(0)
        }
        Command::Mutants { variants, paths } => mutants::mutants(&variants, paths),
        Command::Smoke { engine, limits } => {
            stop_on_signals()?;
            smoke::smoke(&engine, limits)
        }
        Command::Matrix { engines, paths, markdown, json, html, jobs } => {
            matrix::matrix(&cli.options, matrix::Args { engines, paths, markdown, json, html, jobs })
        }
        Command::Explain { variant, position: pos, action, spec } => {
            explain(&cli.options, cli.notation.as_deref(), &variant, &pos, &action, spec)
        }
        Command::Run(args) => run(&cli.options, args),
        Command::Fuzz {
            variant,
            engine,
            games,
            seed,
            plies,
            out: out_file,
            spec,
            from,
            from_file,
            counters,
            limits,
        } => {
            let options = parse_options(&cli.options)?;
            let spec_dir = spec_dir(spec)?;
            let plies = usize::try_from(plies).map_err(|_| bad(format!("--plies {plies} is too large")))?;
            let reference = configure(&variant, &cli.options, None)?;
            let mut starts = Vec::new();
            for p in &from {
                starts.push(reference.normalize_position(p).map_err(|e| bad(format!("--from: {e}")))?);
            }
            if !from_file.is_empty() {
                let cat = catalog()?;
                let (files, errors) = runner::load_all(&from_file, &cat, &Options::new());
                if let Some(e) = errors.first() {
                    return Err(bad(format!("--from-file: {e}")));
                }
                let (found, other) = crate::fuzz::starts_from(&files, &variant, &options).map_err(bad)?;
                if found.is_empty() {
                    return Err(bad(format!(
                        "--from-file: no scenario of these files is a {variant} game in progress under these house rules ({} of other variants or house rules)",
                        report::count(other, "scenario")
                    )));
                }
                note(&format!(
                    "fuzzing from {} reached by the scenarios{}",
                    report::count(found.len(), "position"),
                    if other > 0 {
                        format!(" ({} of other variants or house rules left out)", report::count(other, "scenario"))
                    } else {
                        String::new()
                    }
                ));
                for p in found {
                    if !starts.contains(&p) {
                        starts.push(p);
                    }
                }
            }
            let engine_spec = limits.apply(EngineSpec::from_command_line(&engine).map_err(bad)?);
            stop_on_signals()?;
            let mut e = start_for(engine_spec, &engine, &variant, &options)?;
            let bar = crate::progress::bar(u64::from(games), "games", crate::progress::wanted());
            let plan = crate::fuzz::Plan {
                variant: &variant,
                options: &options,
                starts,
                games,
                seed,
                plies,
                counters: match counters {
                    FuzzCounters::All => crate::fuzz::Counters::All,
                    FuzzCounters::Common => crate::fuzz::Counters::Common,
                },
            };
            let found = crate::fuzz::fuzz(&mut e, &plan, &|| bar.inc(1));
            bar.finish_and_clear();
            let found = found.map_err(bad)?;
            for n in &found.notes {
                note(&format!("note: {n}"));
            }
            match found.outcome {
                crate::fuzz::Fuzzed::Agree => {
                    outln!("{games} games of up to {plies} moves (seed {seed}): the engine and the reference agree")?;
                    Ok(0)
                }
                crate::fuzz::Fuzzed::Stopped { signal, games: played } => {
                    note(&format!(
                        "rulecheck: fuzzing stopped by {signal} after {played} of {games} games: no disagreement found before it; the engine was ended"
                    ));
                    Ok(report::EXIT_STOPPED as u8)
                }
                crate::fuzz::Fuzzed::EngineFailed { start, moves, error } => {
                    let from =
                        if start == reference.start_position() { String::new() } else { format!(" from {start}") };
                    let after = if moves.is_empty() {
                        format!("at the start position{from}")
                    } else {
                        format!("after {}{from}", moves.join(" "))
                    };
                    note(&format!("error: engine '{engine}' failed {after}: {error}"));
                    if let Some(text) = engine::Engine::stderr(&mut e) {
                        note(&format!("engine stderr:\n{}", text.trim_end()));
                    }
                    note("fuzzing stopped at the engine's first failure; no scenario was written");
                    Ok(3)
                }
                crate::fuzz::Fuzzed::Disagree(found) => {
                    let yaml = crate::fuzz::scenario(&variant, &options, &found, spec_dir.as_deref()).map_err(bad)?;
                    note(&format!(
                        "disagreement after shrinking to {} moves: {}",
                        found.moves.len(),
                        found.moves.join(" ")
                    ));
                    if found.play.len() < found.moves.len() {
                        note("the scenario starts one ply before it, from the position there");
                    }
                    note(&found.detail);
                    match out_file {
                        Some(path) => write_file(&path, &yaml)?,
                        None => out(&yaml)?,
                    }
                    Ok(1)
                }
            }
        }
        Command::Serve { deviate, perft_budget } => {
            let name = format!("rulecheck {}", env!("CARGO_PKG_VERSION"));
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            // `-o NAME=VALUE` serves only that value of the rule, as an
            // engine that plays the house rule its own way.
            let fixed = parse_options(&cli.options)?;
            for (k, v) in &fixed {
                let single: Options = [(k.clone(), v.clone())].into_iter().collect();
                let valid = registry::variants().iter().any(|var| {
                    var.info().options.iter().any(|o| o.name == k) && registry::resolve_options(*var, &single).is_ok()
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
                    let games = crate::mutation::deviant(&d).map_err(bad)?;
                    let name = format!("{name} deviating: {d}");
                    engine::serve::serve(stdin.lock(), stdout.lock(), &name, &*games, &fixed, perft_budget)
                }
            };
            result.map_err(|e| engine_failed(format!("serve: {e}")))?;
            Ok(0)
        }
        Command::Check { paths, no_coverage } => {
            let overrides = run_overrides(&cli.options)?;
            let cat = catalog()?;
            let (files, errors) = runner::load_all(&default_paths(paths), &cat, &overrides);
            for e in &errors {
                outln!("error: {e}")?;
            }
            let scenarios: usize = files.iter().map(|f| f.scenarios.len()).sum();
            let uncovered = if no_coverage { Vec::new() } else { runner::uncovered(&cat, &files) };
            for c in &uncovered {
                outln!("uncovered: clause {c} is cited by no scenario")?;
            }
            outln!(
                "checked {}, {}: {}, {}",
                report::count(files.len(), "file"),
                report::count(scenarios, "scenario"),
                report::count(errors.len(), "input error"),
                report::count(uncovered.len(), "uncovered clause"),
            )?;
            Ok(if !errors.is_empty() {
                2
            } else if !uncovered.is_empty() {
                1
            } else {
                0
            })
        }
        Command::Moves { variant, position: pos, json } => {
            let game = configure(&variant, &cli.options, cli.notation.as_deref())?;
            let p = position(game.as_ref(), pos.as_deref())?;
            let mut r = game.replay(&p, &[]).map_err(|e| bad(e.to_string()))?;
            r.moves.sort_by_key(|m| crate::oracle::natural(m));
            if json {
                let v = serde_json::json!({
                    "variant": variant, "position": r.position, "to_move": r.to_move,
                    "result": r.result, "moves": r.moves,
                });
                outln!("{v}")?;
            } else {
                let text: String = r.moves.iter().map(|m| format!("{m}\n")).collect();
                out(&text)?;
                if r.result != "ongoing" {
                    note(&r.result);
                }
            }
            Ok(0)
        }
        Command::Show { variant, position: pos, svg } => {
            let game = configure(&variant, &cli.options, cli.notation.as_deref())?;
            let p = position(game.as_ref(), pos.as_deref())?;
            if svg {
                out(&game.svg(&p).map_err(|e| bad(e.message))?)?;
                return Ok(0);
            }
            let d = game.diagram(&p).map_err(|e| bad(e.message))?;
            out(&format!("{d}{p}\n"))?;
            Ok(0)
        }
        Command::Perft { variant, args, divide, paths, json, engine, jobs, shard, hash, limits } => {
            let how = Counting { divide, paths, json, jobs, shard, hash };
            perft(&cli.options, cli.notation.as_deref(), &variant, &args, how, engine, limits)
        }
        Command::PerftAdd { files } => perft_add(&files),
        Command::Diff { a, b, paths, fen, play } => {
            let notation = cli.notation.as_deref().unwrap_or("numeric");
            let left = crate::diff::Side::new(&a, notation).map_err(bad)?;
            let right = crate::diff::Side::new(&b, notation).map_err(bad)?;
            if paths.is_empty() {
                let steps = crate::diff::parse_play(play.as_deref().unwrap_or("")).map_err(bad)?;
                if let Some(p) = fen.as_deref() {
                    crate::diff::same_board(&left, &right).map_err(bad)?;
                    if let Some(drawing) = left.drawing(p) {
                        outln!("{drawing}")?;
                    }
                }
                match crate::diff::compare(&left, &right, fen.as_deref(), &steps) {
                    None => {
                        out(&crate::diff::view(&left, fen.as_deref(), &steps))?;
                        outln!("{a} and {b} agree")?;
                        Ok(0)
                    }
                    Some(d) => {
                        out(&d)?;
                        let dir = spec_dir(None)?;
                        out(&crate::diff::reasons(&left, &right, fen.as_deref(), &steps, dir.as_deref()))?;
                        Ok(1)
                    }
                }
            } else {
                let cat = catalog()?;
                let (files, errors) = runner::load_all(&paths, &cat, &Options::new());
                for e in &errors {
                    outln!("error: {e}")?;
                }
                let (text, summary) = crate::diff::diff_files(&left, &right, &files);
                out(&text)?;
                Ok(if !errors.is_empty() {
                    2
                } else if summary.differ() > 0 {
                    1
                } else {
                    0
                })
            }
        }
        Command::Replay { variant, file, scenario } => {
            let options = parse_options(&cli.options)?;
            let reports = crate::pdn::replay_file(&variant, &options, &file).map_err(|e| bad(e.to_string()))?;
            if scenario {
                let source = runner::display_path(&file);
                let yaml = crate::pdn::scenarios_yaml(&variant, &options, &reports, &source).map_err(|e| bad(e.0))?;
                out(&yaml)?;
                return Ok(0);
            }
            let text = crate::pdn::Transcript(&reports).to_string();
            outln!("{}", text.trim_end())?;
            Ok(crate::pdn::exit_code(&reports) as u8)
        }
        Command::Variants { json } => {
            if !cli.options.is_empty() {
                return Err(bad("variants lists every house rule; it takes no --option"));
            }
            let vs = registry::variants();
            if json {
                let list: Vec<serde_json::Value> = vs
                    .iter()
                    .map(|v| {
                        let opts: Vec<serde_json::Value> = v
                            .info().options
                            .iter()
                            .map(|o| serde_json::json!({"name": o.name, "values": o.values, "default": o.default, "help": o.help}))
                            .collect();
                        serde_json::json!({"id": v.info().id, "family": v.info().family, "page": v.info().page, "title": v.info().title, "options": opts})
                    })
                    .collect();
                outln!("{}", serde_json::Value::from(list))?;
            } else {
                let mut text = String::new();
                for v in vs {
                    text.push_str(&format!(
                        "{} ({}, page {}): {}\n",
                        v.info().id,
                        v.info().family,
                        v.info().page,
                        v.info().title
                    ));
                    if v.info().options.is_empty() {
                        text.push_str("  no house rules\n");
                    }
                    for o in v.info().options {
                        text.push_str(&format!(
                            "  --option {}={}  [{}]  {}\n",
                            o.name,
                            o.default,
                            o.values.join("|"),
                            o.help
                        ));
                    }
                }
                out(&text)?;
            }
            Ok(0)
        }
    }
}

fn explain(
    raw_options: &[String],
    notation: Option<&str>,
    variant: &str,
    pos: &str,
    action: &str,
    spec: Option<PathBuf>,
) -> Result<u8, Fail> {
    let game = configure(variant, raw_options, notation)?;
    let spec = spec_dir(spec)?;
    let p = position(game.as_ref(), Some(pos))?;
    let step = crate::scenario::expect::parse_play(action).map_err(|e| bad(format!("'{action}': {}", e.message)))?;
    if let crate::game::Action::Move(m) = &step.action {
        game.check_move(m).map_err(|e| bad(format!("'{m}': {}", e.message)))?;
    }
    match game.explain(&p, &[], &step.action).map_err(|e| bad(e.to_string()))? {
        None => {
            outln!("{action}: legal")?;
            Ok(0)
        }
        Some(code) => {
            let cat = catalog()?;
            let meaning = cat.vocabulary.refusals.get(&code).cloned().unwrap_or_default();
            outln!("{action}: illegal ({code}): {meaning}")?;
            // The clauses come from the scenarios of a spec that expect this
            // refusal: say which spec, or that there is none to ask.
            match spec {
                None => note("no spec directory here: give --spec DIR to name the clauses the reason comes from"),
                Some(dir) => {
                    let (clauses, unread) = runner::reason_clauses(&cat, &dir, variant, &code);
                    let shown = runner::display_path(&dir);
                    if clauses.is_empty() {
                        outln!("clauses: none (no scenario in {shown} expects this refusal)")?;
                    } else {
                        outln!("clauses: {} (from the scenarios in {shown})", clauses.join(", "))?;
                    }
                    if unread > 0 {
                        note(&format!(
                            "{} in {shown} did not load and were left out (rulecheck check {shown})",
                            report::count(unread, "file")
                        ));
                    }
                }
            }
            Ok(1)
        }
    }
}

/// The arguments of `rulecheck run`.
#[derive(clap::Args, Debug)]
struct RunArgs {
    /// Scenario files, directories, file globs ('spec/*/kings.yaml') or scenario ids as reports print
    /// them ('spec/english/kings.yaml::a king steps backward') [default: spec]
    paths: Vec<PathBuf>,
    /// Run only the scenarios whose name matches (`*` for any run of characters; repeatable).
    #[arg(long, value_name = "PATTERN")]
    name: Vec<String>,
    /// Run only the scenarios citing a matching clause, e.g. 'english.king.*' (repeatable).
    #[arg(long, value_name = "PATTERN")]
    clause: Vec<String>,
    /// Write the run's failures to this expected-failures file, each pinned to the expectations that
    /// failed, and judge the run against it (exit 0 unless an engine broke).
    #[arg(long, value_name = "FILE", conflicts_with = "expected_failures")]
    bless: Option<PathBuf>,
    /// An external engine: its command line, run directly (no shell), e.g. 'python3 adapter.py'.
    #[arg(long, value_name = "CMD ARGS", conflicts_with = "engine_config")]
    engine: Option<String>,
    /// An engine config file (YAML: command, args, dir, timeout, startup-timeout, expected-failures).
    #[arg(long, value_name = "FILE")]
    engine_config: Option<PathBuf>,
    #[command(flatten)]
    limits: Limits,
    /// Scenario ids (file::scenario, one a line) the engine is known to fail.
    #[arg(long, value_name = "FILE")]
    expected_failures: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Engines to run in parallel (one process each for an external engine).
    #[arg(long, short = 'j', default_value_t = 1, value_parser = jobs_count)]
    jobs: usize,
    /// Run only the K-th of N parts of the spec (1-based), e.g. 2/4: a CI matrix spreads the spec over N machines.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Also write a self-contained HTML report (boards drawn, failing moves marked) to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// List every skipped scenario under its reason (the human report counts them by reason).
    #[arg(long)]
    list_skipped: bool,
}

fn run(raw_options: &[String], args: RunArgs) -> Result<u8, Fail> {
    let RunArgs {
        paths,
        name,
        clause,
        bless,
        engine,
        engine_config,
        limits,
        expected_failures,
        format,
        jobs,
        shard,
        report: html_out,
        list_skipped,
    } = args;
    let (paths, ids) = runner::split_args(&paths);
    let selection = runner::Selection { ids, names: name, clauses: clause };
    let overrides = run_overrides(raw_options)?;
    let cat = catalog()?;
    let spec = match (&engine, &engine_config) {
        (Some(line), _) => Some(EngineSpec::from_command_line(line).map_err(bad)?),
        (None, Some(file)) => Some(EngineSpec::from_file(file).map_err(bad)?),
        (None, None) => None,
    };
    let spec = spec.map(|s| limits.apply(s));
    let expected_file = expected_failures.or_else(|| spec.as_ref().and_then(|s| s.expected_failures.clone()));
    let mut expected = match &expected_file {
        Some(f) => report::ExpectedFailures::load(f).map_err(bad)?,
        None => report::ExpectedFailures::default(),
    };
    let (mut files, mut errors) = runner::load_all(&default_paths(paths), &cat, &overrides);
    if !selection.is_empty() {
        let (kept, missing) = selection.apply(files);
        files = kept;
        // An id that names no scenario is a typo, not an empty selection.
        for id in missing {
            let (file, name) = id.rsplit_once("::").unwrap_or((id.as_str(), ""));
            errors.push(crate::scenario::InputError {
                file: PathBuf::from(file),
                scenario: Some(name.to_string()),
                loc: crate::scenario::Loc { line: 1, col: 1 },
                message: format!("no scenario named '{}' in this file", crate::text::shown(name)),
            });
        }
    }
    if let Some(target) = &html_out {
        // The report never replaces a file the run reads.
        let inputs = files
            .iter()
            .map(|f| f.path.clone())
            .chain(errors.iter().map(|e| e.file.clone()))
            .chain(expected_file.iter().cloned())
            .chain(engine_config.iter().cloned());
        if let Some(input) = inputs.into_iter().find(|p| crate::files::same_file(p, target)) {
            return Err(bad(format!(
                "--report {}: that is {}, an input of this run; choose another file for the report",
                target.display(),
                runner::display_path(&input)
            )));
        }
    }
    if let Some(sh) = shard {
        let (k, n) = parse_shard(&sh)?;
        files = runner::shard(files, k, n);
    }
    let name = spec.as_ref().map(|s| s.name.clone()).unwrap_or_else(|| "reference".to_string());
    stop_on_signals()?;
    // The engine started to see that it starts is the first worker's.
    let started: std::sync::Mutex<Option<ProcessEngine>> = std::sync::Mutex::new(None);
    if let Some(s) = &spec {
        // An engine that cannot even start is reported once, not per
        // scenario; a stop meanwhile is reported below, as any stopped run.
        let mut probe = ProcessEngine::new(s.clone());
        if let Err(e) = probe.start().map(|_| ()).or_else(|e| match crate::interrupt::requested() {
            Some(_) => Ok(()),
            None => Err(e),
        }) {
            let message = format!("engine '{}': {e}", s.name);
            let stderr = engine::Engine::stderr(&mut probe);
            // CI reads the machine-readable report: it says so too.
            let failure = report::EngineFailure { message: message.clone(), stderr: stderr.clone() };
            let text = match format {
                Format::Json => Some(report::json_engine_failed(&name, &failure, &errors)),
                Format::Junit => Some(report::junit_engine_failed(&name, &failure, &errors)),
                Format::Human | Format::Baseline => None,
            };
            note(&format!("error: {message}"));
            if let Some(err) = &stderr {
                note(err);
            }
            if let Some(text) = text {
                out(&text)?;
            }
            return Ok(3);
        }
        if let Ok(mut slot) = started.lock() {
            *slot = Some(probe);
        }
    }
    let make = |spec: &Option<EngineSpec>| -> Box<dyn engine::Engine> {
        match spec {
            Some(s) => match started.lock().ok().and_then(|mut slot| slot.take()) {
                Some(probe) => Box::new(probe),
                None => Box::new(ProcessEngine::new(s.clone())),
            },
            None => Box::new(engine::reference()),
        }
    };
    let total: u64 = files.iter().map(|f| f.scenarios.len() as u64).sum();
    let bar = crate::progress::bar(total, "scenarios", crate::progress::wanted() && format == Format::Human);
    let mut runs = runner::run_all_observed(&files, &|| make(&spec), jobs, &|| bar.inc(1));
    bar.finish_and_clear();
    // A stopped run reports the scenarios that have a verdict, and says it
    // is incomplete.
    let stopped = crate::interrupt::requested().map(|signal| report::Stopped {
        signal: signal.to_string(),
        done: runs.iter().map(|r| r.verdicts.len()).sum(),
        selected: files.iter().map(|f| f.scenarios.len()).sum(),
    });
    if stopped.is_some() {
        for (f, r) in files.iter_mut().zip(&runs) {
            f.scenarios.retain(|s| r.verdicts.iter().any(|v| v.scenario == s.name && v.loc == s.loc));
        }
        files.retain(|f| !f.scenarios.is_empty());
        runs.retain(|r| !r.verdicts.is_empty());
    }
    let stopped = stopped.as_ref();
    if let Some(file) = &bless {
        // A stopped run would write a list missing what it did not run.
        if stopped.is_none() {
            let header = format!(
                "The scenarios {name} fails, each with the expectations that fail.\nWritten by `rulecheck run --bless`; a scenario failing on another expectation fails the run again."
            );
            let text = report::ExpectedFailures::written(&runs, &header);
            write_file(file, &text)?;
            expected = report::ExpectedFailures::parse(&text);
            note(&format!("rulecheck: wrote {}", file.display()));
        }
    } else if expected_file.is_some() {
        let (stale, elsewhere) = expected.unmatched(&files);
        for id in &stale {
            note(&format!("warning: the expected-failures list names '{id}', which is no scenario of its file"));
        }
        if !stale.is_empty() && elsewhere > 0 {
            note(&format!("({} of the list are for files this run did not load)", report::count(elsewhere, "entry")));
        }
    }
    let text = match format {
        Format::Human => report::human_with(&runs, &errors, &expected, stopped, list_skipped),
        Format::Json => report::json(&name, &runs, &errors, &expected, stopped),
        Format::Junit => report::junit(&name, &runs, &errors, &expected, stopped),
        Format::Baseline => report::baseline(&runs, &errors, &expected, stopped),
    };
    // The HTML report is written even when standard output is closed.
    let printed = out(&text);
    if let Some(s) = stopped {
        note(&format!("rulecheck: {}; its engines were ended", s.describe()));
    }
    if let Some(file) = html_out {
        let page = report::html::html(&name, &files, &runs, &errors, &expected, &cat, stopped);
        write_file(&file, &page)?;
    }
    printed?;
    Ok(report::exit_code(&report::Totals::with(&runs, &errors, &expected), stopped) as u8)
}

#[allow(clippy::too_many_arguments)]
/// `--shard K/N`: the K-th of N parts, 1 <= K <= N.
fn parse_shard(sh: &str) -> Result<(usize, usize), Fail> {
    sh.split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse::<usize>().ok()?, n.trim().parse::<usize>().ok()?)))
        .filter(|&(k, n)| n > 0 && (1..=n).contains(&k))
        .ok_or_else(|| bad(format!("--shard '{}' must be K/N with 1 <= K <= N", crate::text::shown(sh))))
}

/// How `perft` counts and prints.
struct Counting {
    divide: bool,
    paths: bool,
    json: bool,
    jobs: usize,
    shard: Option<String>,
    /// The transposition table's size in bytes, if one is wanted.
    hash: Option<usize>,
}

/// `perft-add`: the parts' counts added up.
fn perft_add(files: &[PathBuf]) -> Result<u8, Fail> {
    let mut parts = Vec::new();
    for f in files {
        let text = if f.as_os_str() == "-" {
            let mut t = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut t)
                .map_err(|e| bad(format!("standard input: {e}")))?;
            t
        } else {
            let bytes = crate::files::read_bounded(f, 1 << 20).map_err(bad)?;
            String::from_utf8(bytes).map_err(|_| bad(format!("{}: not UTF-8 text", f.display())))?
        };
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let part: crate::perft::Shard = serde_json::from_str(line).map_err(|e| {
                bad(format!("{}:{}: not a part written by `perft --shard K/N --json`: {e}", f.display(), i + 1))
            })?;
            parts.push(part);
        }
    }
    let total = crate::perft::add(&parts).map_err(bad)?;
    outln!("{total}")?;
    Ok(0)
}

fn perft(
    raw_options: &[String],
    notation: Option<&str>,
    variant: &str,
    args: &[String],
    how: Counting,
    engine: Option<String>,
    limits: Limits,
) -> Result<u8, Fail> {
    let Counting { divide, paths, json, jobs, shard, hash } = how;
    let game = configure(variant, raw_options, notation)?;
    let (pos, depth) = match args {
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
        let spec = limits.apply(EngineSpec::from_command_line(&line).map_err(bad)?);
        let given = parse_options(raw_options)?;
        stop_on_signals()?;
        let mut e = start_for(spec, &line, variant, &given)?;
        let v = registry::variant(variant).map_err(|e| bad(e.to_string()))?;
        let options = registry::resolve_options(v, &given).map_err(|e| bad(e.to_string()))?;
        // An engine failure ends the command with 3, a stop with 5.
        let failed = |err: engine::EngineError| match crate::interrupt::requested() {
            Some(signal) => {
                Fail::Msg(format!("perft stopped by {signal}; the engine was ended"), report::EXIT_STOPPED as u8)
            }
            None => engine_failed(format!("engine '{line}': {err}")),
        };
        let mut differs = false;
        if divide {
            let (table, d) =
                crate::bisect::divide(game.as_ref(), &mut e, variant, &options, &p, depth).map_err(failed)?;
            differs = d;
            out(&format!("move: reference engine\n{table}\n"))?;
        }
        let found = crate::bisect::bisect(game.as_ref(), &mut e, variant, &options, &p, depth).map_err(failed)?;
        out(&found.report())?;
        if differs && found.agrees() {
            outln!("but the divide table above differs: the engine's counts are not stable")?;
        }
        // Any differing count is a disagreement, whatever the descent found.
        return Ok(if found.agrees() && !differs { 0 } else { 1 });
    }
    let started = Instant::now();
    if let Some(spec) = shard {
        let (k, n) = parse_shard(&spec)?;
        let (part, stats) = crate::perft::shard_with(game.as_ref(), variant, &p, depth, paths, k, n, jobs, hash)
            .map_err(|e| bad(e.message))?;
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
    // One table for a count on one thread, kept across the root moves.
    let mut counter = match hash {
        Some(bytes) if jobs <= 1 || divide || depth <= 1 => {
            Some(game.hashed(paths, bytes).map_err(|e| bad(e.to_string()))?)
        }
        _ => None,
    };
    let mut stats = None;
    let (rows, total) = if jobs > 1 && !divide && depth > 1 {
        let bar = if show_bar { crate::progress::bar(0, "perft", true) } else { indicatif::ProgressBar::hidden() };
        let (total, s) = crate::perft::parallel_with(game.as_ref(), &p, depth, paths, jobs, hash, &|units| {
            bar.set_length(units as u64);
            bar.inc(1);
        })
        .map_err(|e| bad(e.message))?;
        bar.finish_and_clear();
        stats = s;
        (Vec::new(), total)
    } else if depth > 0 && (divide || show_bar) {
        let bar = if show_bar {
            let roots = game.divide(&p, 1, paths).map_err(|e| bad(e.message))?.len();
            crate::progress::bar(roots as u64, "perft", true)
        } else {
            indicatif::ProgressBar::hidden()
        };
        let done = || bar.inc(1);
        let mut rows = match counter.as_mut() {
            Some(c) => c.divide_observed(&p, depth, &done),
            None => game.divide_observed(&p, depth, paths, &done),
        }
        .map_err(|e| bad(e.message))?;
        bar.finish_and_clear();
        // Without a move the tree is the family's to count (a pass, say).
        let total = if rows.is_empty() {
            match counter.as_mut() {
                Some(c) => c.perft(&p, depth),
                None => game.perft(&p, depth, paths),
            }
            .map_err(|e| bad(e.message))?
        } else {
            rows.iter().map(|r| r.1).sum()
        };
        rows.sort_by_key(|a| crate::oracle::natural(&a.0));
        (if divide { rows } else { Vec::new() }, total)
    } else {
        let total = match counter.as_mut() {
            Some(c) => c.perft(&p, depth),
            None => game.perft(&p, depth, paths),
        }
        .map_err(|e| bad(e.message))?;
        (Vec::new(), total)
    };
    if let Some(c) = &counter {
        stats = Some(c.stats());
    }
    let secs = started.elapsed().as_secs_f64();
    if json {
        let div: serde_json::Map<String, serde_json::Value> =
            rows.iter().map(|(m, n)| (m.clone(), serde_json::Value::from(*n))).collect();
        let v = serde_json::json!({"variant": variant, "position": p, "depth": depth, "nodes": total, "divide": div});
        outln!("{v}")?;
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
