//! The command line: parse arguments, call the library, print, choose the
//! exit code. Exit codes: 0 success, 1 a scenario failed (or the spec has
//! uncovered clauses), 2 bad input (a file, a position, an option, a time
//! limit), 3 the engine failed, 4 nothing was run (no scenario selected,
//! every one skipped, or an engine that does not play the variant), 5
//! stopped by SIGINT or SIGTERM, or by rulecheck's own failure (its file
//! descriptors or processes exhausted): the report then covers what
//! finished (`perft-work` ends at once: its records are on disk).
//!
//! This file holds the parser and the dispatch; each command is a file of
//! its own, and what several commands read or print the same way is in
//! `input` and `output`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

use output::{note, out, Fail};
use rulecheck::engine::{self, process::EngineSpec};

#[macro_use]
mod output;
mod input;

mod card;
mod check;
mod cites;
mod completions;
mod diff;
mod explain;
mod fingerprint;
mod fuzz;
mod matrix;
mod matrix_merge;
mod moves;
mod mutants;
mod new;
mod perft;
mod perft_add;
mod perft_plan;
mod perft_table;
mod perft_verify;
mod perft_work;
mod readings;
mod referee;
mod referee_dxp;
mod reference;
mod replay;
mod run;
mod schema;
mod separate;
mod serve;
mod show;
mod smoke;
mod spec;
mod trace;
mod variants;

/// The time limits of an external engine.
#[derive(clap::Args, Debug, Clone, Copy)]
struct Limits {
    /// Seconds an external engine gets to answer one request [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = engine::process::parse_seconds, allow_negative_numbers = true)]
    timeout: Option<Duration>,
    /// Seconds an external engine gets to start and answer the handshake, each time it is started [default: 60].
    #[arg(long, value_name = "SECONDS", value_parser = engine::process::parse_seconds, allow_negative_numbers = true)]
    startup_timeout: Option<Duration>,
    /// Seconds an external engine gets to answer one perft request [default: 60, or --timeout if longer].
    #[arg(long, value_name = "SECONDS", value_parser = engine::process::parse_seconds, allow_negative_numbers = true)]
    perft_timeout: Option<Duration>,
}

impl Limits {
    fn apply(self, mut spec: EngineSpec) -> EngineSpec {
        if let Some(t) = self.timeout {
            spec.timeout = t;
        }
        if let Some(t) = self.startup_timeout {
            spec.startup_timeout = t;
        }
        if let Some(t) = self.perft_timeout {
            spec.perft_timeout = Some(t);
        }
        spec
    }
}

/// The notations `--notation` takes: those some family writes (draughts
/// squares numeric or algebraic, Chinese checkers holes). A name no family
/// knows is refused where the command line is read, with this list, rather
/// than left for a command that may never look at it.
const NOTATIONS: [&str; 3] = ["numeric", "algebraic", "holes"];

/// Most engines `--jobs` runs at once.
const MAX_JOBS: usize = 256;

/// `--jobs`: 1 to [`MAX_JOBS`] engines.
fn jobs_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_JOBS).contains(&n) => Ok(n),
        _ => Err(format!("'{}' is not a number of jobs from 1 to {MAX_JOBS}", rulecheck_text::shown(text))),
    }
}

#[derive(Parser, Debug)]
#[command(name = "rulecheck", version = rulecheck::builtin::VERSION_LINE, about = "A test oracle and spec checker for board-game rule engines")]
pub struct Cli {
    /// A house rule, as NAME=VALUE (repeatable); `rulecheck variants` lists them. With run and
    /// check it replaces the scenario files' setting in every scenario whose variant has the option.
    #[arg(long = "option", short = 'o', global = true, value_name = "NAME=VALUE")]
    options: Vec<String>,

    /// How moves and positions are written on output: numeric or algebraic
    /// (default: the variant's custom; input accepts both).
    #[arg(long, global = true, value_name = "NOTATION", value_parser = clap::builder::PossibleValuesParser::new(NOTATIONS))]
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
    Run(run::Args),
    /// The spec's mutation score: every single-rule deviation of each variant run against its scenarios,
    /// with the scenarios that catch it; a deviation nothing catches is a hole (exit 1).
    Mutants {
        /// Variants to score [default: every variant the spec has scenarios for].
        variants: Vec<String>,
        /// Scenario files or directories [default: ./spec, else the built-in spec]
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
    /// What an engine really does: for each variant it plays, the value each rule it plays one way
    /// follows and the single-rule deviations that explain its failures, each with the smallest
    /// scenario that shows it (exit 0 as the reference plays, 1 where it differs).
    Fingerprint {
        /// The engine: its command line, run directly (no shell).
        #[arg(long, value_name = "CMD ARGS")]
        engine: String,
        /// Variants to fingerprint [default: every variant the engine declares].
        variants: Vec<String>,
        /// Scenario files or directories [default: ./spec, else the built-in spec]
        #[arg(long = "spec", value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        limits: Limits,
    },
    /// Run the spec over several engines at once and write one conformance matrix: a row per clause of
    /// each variant, a column per engine (pass, fail, skip or error), the failing scenarios listed.
    Matrix(matrix::Args),
    /// Say whether a move or action is legal in a position and, if not, why: the reason code and the clauses it comes from.
    Explain {
        /// The variant (`rulecheck variants` lists them).
        variant: String,
        /// The position (FEN or diagram).
        position: String,
        /// The move or action, e.g. 9-5 or 'resign by black'.
        action: String,
        /// The spec whose scenarios say which clauses a refusal comes from [default: ./spec, else the built-in spec].
        #[arg(long, value_name = "DIR")]
        spec: Option<PathBuf>,
    },
    /// Write a scenario file skeleton: a commented template with the start position as a diagram.
    New {
        /// The variant (`rulecheck variants` lists them).
        variant: String,
    },
    /// Print the JSON Schema of scenario files, rule catalogs or perft tables (kept in spec/ for editors).
    Schema {
        /// Which files: scenario, catalog or perft-table.
        #[arg(value_parser = ["scenario", "catalog", "perft-table"])]
        kind: String,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Play random games on an engine and the reference side by side; shrink a disagreement and print it as a scenario file.
    Fuzz(fuzz::Args),
    /// Referee games between draughts engines that speak the Hub protocol (Scan's), one against
    /// itself, two against each other, or one against the random mover; or over DXP, an engine
    /// against the random mover or a Hub engine (rulecheck its initiator or follower), or two engines
    /// through rulecheck as a proxy: every move, every move of every principal variation and every
    /// end an engine claims checked against the reference, each violation written as PDN and a
    /// scenario file (exit 0 every move held, 1 a rule was broken, 3 an engine failed).
    Referee(referee::Args),
    /// Find a scenario that tells two rule sets of a variant apart (-o NAME=VALUE against the defaults,
    /// --against NAME=VALUE, or --deviate NAME), in process from the spec's positions and random games,
    /// shrunk to the fewest pieces and moves (exit 0 found, 1 none within the budget).
    Separate(separate::Args),
    /// Speak the engine protocol on standard input and output with the built-in rules.
    Serve {
        /// A deviation from the rules, for testing the harness (hidden).
        #[arg(long, hide = true)]
        deviate: Option<String>,
        /// Most leaves one perft request may count; a deeper request is answered with an error.
        #[arg(long, value_name = "NODES", default_value_t = engine::serve::DEFAULT_PERFT_BUDGET)]
        perft_budget: u64,
        /// Play VARIANT only under these values, as one entry of the handshake (repeatable: each
        /// a combination played together; values comma-separated, a range as LO..HI; a rule left
        /// out at every value served), e.g. 'chinese-checkers players=4 first-seat=2'
        #[arg(long, value_name = "VARIANT NAME=VALUES...")]
        declare: Vec<String>,
    },
    /// Validate scenario files (notation, clauses, reasons, play) and clause coverage, without running an
    /// engine; --cites also holds each scenario's clauses to the rules it reaches; or (--page) hold a rule
    /// page's text against the catalog's anchors, sentence by sentence.
    Check(check::Args),
    /// Trace a rule page sentence by sentence: each sentence covered, thin, uncovered or out of scope by the
    /// clauses it rests on, the scenarios that cite or reach them and the deviations they catch; with --matrix,
    /// the engines that fail them; --report writes it as HTML in the page's own script (two pages side by side).
    Trace(trace::Args),
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
    Perft(perft::Args),
    /// Add up the parts of a perft counted with `perft --shard K/N --json`, or with --plan the records of `perft-work`, checking that they are one perft and all there.
    PerftAdd(perft_add::Args),
    /// Plan a perft for a batch system: the unique positions PLIES below the root, with their multiplicities, in units.
    #[command(
        override_usage = "rulecheck perft-plan [OPTIONS] --frontier <PLIES> --units <N> <VARIANT> [POSITION] <DEPTH>"
    )]
    PerftPlan(perft_plan::Args),
    /// Count one worker's units of a plan (--index I or auto), recording each as it finishes; started again, it skips what it recorded.
    PerftWork(perft_work::Args),
    /// Count K random units of a plan's records again, with and without a transposition table, and name any that differ.
    PerftVerify(perft_verify::Args),
    /// Check the reference, or an engine (--engine), against perft table files (spec/perft): one line a row, expected and got.
    PerftTable(perft_table::Args),
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
    /// List the house rules that are readings of a disputed rule: each value, what it reads, its sources, and why the default.
    Readings {
        /// Only this variant's readings (`rulecheck variants` lists them).
        variant: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write a variant's rules as a short Markdown card: the house rules and readings in force, each
    /// clause with an example move from the spec, and (--fingerprint) where an engine plays otherwise.
    Card(card::Args),
    /// The spec built into this rulecheck: `spec export DIR` writes it out as files.
    Spec {
        #[command(subcommand)]
        action: spec::Action,
    },
    /// List the variants with their house-rule options and defaults.
    Variants {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write the command reference (the book's command pages and the man pages) under DIR.
    #[command(hide = true)]
    Reference {
        /// The documentation directory: its src/commands/ and man/ are written.
        dir: PathBuf,
    },
    /// Read a command line as `rulecheck` would, without running it: exit 0
    /// when it is one, 2 with clap's message when it is not. The book's
    /// tests hold every command line the documentation shows to it.
    #[command(hide = true)]
    ParseArgs {
        /// The arguments after `rulecheck`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
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
            note(&format!("error: {}", rulecheck_text::clean_lines(&msg)));
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
    let _ = input::CATALOG_DIR.set(cli.catalog.clone());
    let options = &cli.options;
    let notation = cli.notation.as_deref();
    match cli.command {
        Command::Run(args) => run::run(options, args),
        Command::Mutants { variants, paths } => mutants::mutants(&variants, paths),
        Command::Smoke { engine, limits } => smoke::smoke(&engine, limits),
        Command::Fingerprint { engine, variants, paths, json, limits } => {
            fingerprint::fingerprint(&engine, &variants, paths, json, limits)
        }
        Command::Matrix(args) => matrix::matrix(options, args),
        Command::Explain { variant, position, action, spec } => {
            explain::explain(options, notation, &variant, &position, &action, spec)
        }
        Command::New { variant } => new::new(options, notation, &variant),
        Command::Schema { kind } => schema::schema(&kind),
        Command::Completions { shell } => completions::completions(shell),
        Command::Fuzz(args) => fuzz::fuzz(options, args),
        Command::Separate(args) => separate::separate(options, args),
        Command::Referee(args) => referee::referee(options, args),
        Command::Serve { deviate, perft_budget, declare } => serve::serve(options, &declare, deviate, perft_budget),
        Command::Check(args) if !args.pages.is_empty() => check::pages(&args.pages, args.page_id.as_deref()),
        Command::Check(args) => check::check(options, args),
        Command::Trace(args) => trace::trace(args),
        Command::Moves { variant, position, json } => {
            moves::moves(options, notation, &variant, position.as_deref(), json)
        }
        Command::Show { variant, position, svg } => show::show(options, notation, &variant, svg, position.as_deref()),
        Command::Perft(args) => perft::perft(options, notation, args),
        Command::PerftAdd(args) => perft_add::perft_add(args),
        Command::PerftPlan(args) => perft_plan::perft_plan(options, args),
        Command::PerftWork(args) => perft_work::perft_work(args),
        Command::PerftVerify(args) => perft_verify::perft_verify(args),
        Command::PerftTable(args) => perft_table::perft_table(args),
        Command::Diff { a, b, paths, fen, play } => diff::diff(notation, &a, &b, paths, fen, play),
        Command::Replay { variant, file, scenario } => replay::replay(options, &variant, &file, scenario),
        Command::Readings { variant, json } => readings::readings(options, variant.as_deref(), json),
        Command::Card(args) => card::card(options, args),
        Command::Spec { action } => spec::spec(action),
        Command::Variants { json } => variants::variants(options, json),
        Command::Reference { dir } => reference::reference(&dir),
        Command::ParseArgs { args } => reference::parse_args(&args),
    }
}

#[cfg(test)]
mod tests {
    /// Every notation the command line accepts is one some variant writes,
    /// so the list cannot offer a name that every command then refuses.
    #[test]
    fn every_listed_notation_is_written_by_some_variant() {
        for n in super::NOTATIONS {
            let written = rulecheck::registry::variants().into_iter().any(|v| {
                let options = rulecheck::registry::resolve_options(v, &Default::default()).unwrap_or_default();
                v.configure(&options).set_notation(n).is_ok()
            });
            assert!(written, "no variant writes the notation '{n}'");
        }
    }
}
