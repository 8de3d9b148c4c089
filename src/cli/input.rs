//! What several commands read the same way: house rules from `--option`,
//! a configured variant and a position, the spec's paths and directory, the
//! rule catalog, a `--shard K/N`, and an external engine started for one
//! variant. Kept apart so that every command refuses the same bad input
//! with the same message.

use std::path::PathBuf;

use super::output::{bad, engine_failed, note, Fail};
use rulecheck::catalog::Catalog;
use rulecheck::engine::{self, process::EngineSpec, process::ProcessEngine};
use rulecheck::source::Source;
use rulecheck_game::{Game, Options};

pub(super) fn parse_options(raw: &[String]) -> Result<Options, Fail> {
    let mut out = Options::new();
    for o in raw {
        let Some((k, v)) = o.split_once('=') else {
            return Err(bad(format!("--option '{o}' must be NAME=VALUE")));
        };
        out.insert(k.trim().to_string(), v.trim().to_string());
    }
    Ok(out)
}

pub(super) fn configure(variant: &str, raw: &[String], notation: Option<&str>) -> Result<Box<dyn Game>, Fail> {
    let options = parse_options(raw)?;
    let mut game = rulecheck::registry::configure(variant, &options).map_err(|e| bad(e.to_string()))?;
    if let Some(n) = notation {
        game.set_notation(n).map_err(bad)?;
    }
    Ok(game)
}

pub(super) fn position(game: &dyn Game, given: Option<&str>) -> Result<String, Fail> {
    match given {
        None => Ok(game.start_position()),
        Some(p) => game.normalize_position(p).map_err(|e| {
            // A diagram is quoted by the line at fault, never whole.
            let place = if p.contains('\n') {
                let line = p.lines().nth(e.line.saturating_sub(1)).unwrap_or("");
                format!("diagram line {} ('{}'), column {}", e.line, rulecheck_text::shown(line), e.col)
            } else {
                format!("position '{}', column {}", rulecheck_text::shown(p), e.col)
            };
            bad(format!("{place}: {}", e.message))
        }),
    }
}

/// The variant configured with the house rules and notation, and the
/// position given in it (the start position if none is).
pub(super) fn game_and_position(
    variant: &str,
    raw: &[String],
    notation: Option<&str>,
    given: Option<&str>,
) -> Result<(Box<dyn Game>, String), Fail> {
    let game = configure(variant, raw, notation)?;
    let p = position(game.as_ref(), given)?;
    Ok((game, p))
}

/// House rules for a whole run: each must be an option of some variant,
/// with a value valid in at least one variant that has it. Each scenario
/// then checks the value against its own variant, so that an option two
/// families share with different values (`no-progress`) can be set for the
/// one the run is about.
pub(super) fn run_overrides(raw: &[String]) -> Result<Options, Fail> {
    let given = parse_options(raw)?;
    for (name, value) in &given {
        let single: Options = [(name.clone(), value.clone())].into_iter().collect();
        let having: Vec<_> = rulecheck::registry::variants()
            .into_iter()
            .filter(|v| v.info().options.iter().any(|o| o.name == name))
            .collect();
        if having.is_empty() {
            let mut all: Vec<&str> =
                rulecheck::registry::variants().iter().flat_map(|v| v.info().options.iter().map(|o| o.name)).collect();
            all.sort_unstable();
            all.dedup();
            return Err(bad(format!("no variant has the option '{name}' (options: {})", all.join(", "))));
        }
        let mut refusals: Vec<(String, String)> = Vec::new();
        for v in &having {
            if let Err(e) = rulecheck::registry::resolve_options(*v, &single) {
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

/// The scenarios a command reads: the paths given, which are files on
/// disk; with none, `./spec` when there is one, else the built-in spec,
/// which is said on standard error (nothing on disk was read).
pub(super) fn scenarios(paths: Vec<PathBuf>) -> Source {
    let source = if paths.is_empty() { Source::default_here() } else { Source::Paths(paths) };
    said(&source);
    source
}

/// On standard error, that the built-in spec is read, which one, and how
/// to have it as files.
pub(super) fn said(source: &Source) {
    if source.uses_built_in() {
        note(&format!(
            "rulecheck: no spec/ here: reading {} (`rulecheck spec export DIR` writes it out)",
            rulecheck::builtin::describe()
        ));
    }
}

/// Where `--catalog` points, once the command line is read.
pub(super) static CATALOG_DIR: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();

pub(super) fn catalog() -> Result<Catalog, Fail> {
    match CATALOG_DIR.get().and_then(Option::as_ref) {
        Some(dir) => Catalog::from_dir(dir).map_err(bad),
        None => Catalog::builtin().map_err(|e| bad(format!("the built-in rule catalog is broken: {e}"))),
    }
}

/// The catalog pages `--catalog` reads, if it was given: inputs that no
/// output may replace.
pub(super) fn catalog_files() -> Vec<PathBuf> {
    let Some(dir) = CATALOG_DIR.get().and_then(Option::as_ref) else {
        return Vec::new();
    };
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
                .collect()
        })
        .unwrap_or_default()
}

/// The spec whose scenarios tie reasons to clauses: the directory given,
/// which must be one, else `./spec` or the built-in spec as [`scenarios`]
/// chooses. Not said on standard error: what reads it names it.
pub(super) fn spec_dir(given: Option<PathBuf>) -> Result<Source, Fail> {
    match given {
        Some(dir) if dir.is_dir() => Ok(Source::dir(&dir)),
        Some(dir) => Err(bad(format!("--spec {}: not a directory", dir.display()))),
        None => Ok(Source::default_here()),
    }
}

/// `--shard K/N`: the K-th of N parts, 1 <= K <= N.
pub(super) fn parse_shard(sh: &str) -> Result<(usize, usize), Fail> {
    sh.split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse::<usize>().ok()?, n.trim().parse::<usize>().ok()?)))
        .filter(|&(k, n)| n > 0 && (1..=n).contains(&k))
        .ok_or_else(|| bad(format!("--shard '{}' must be K/N with 1 <= K <= N", rulecheck_text::shown(sh))))
}
/// Whether a started engine plays the variant under these house rules
/// (exit 4 when it does not: nothing can be run).
pub(super) fn plays(e: &mut ProcessEngine, line: &str, variant: &str, options: &Options) -> Result<(), Fail> {
    let v = rulecheck::registry::variant(variant).map_err(|e| bad(e.to_string()))?;
    let complete = rulecheck::registry::resolve_options(v, options).map_err(|e| bad(e.to_string()))?;
    if let Err(why) = engine::Engine::supports(e, variant, &complete) {
        return Err(not_played(e, line, &why, ""));
    }
    Ok(())
}

/// Start an engine and shake hands with it (exit 3 when it cannot).
pub(super) fn started(spec: EngineSpec, line: &str) -> Result<ProcessEngine, Fail> {
    let mut e = ProcessEngine::new(spec);
    if let Err(err) = e.start() {
        let mut msg = format!("engine '{line}': {err}");
        if let Some(text) = engine::Engine::stderr(&mut e) {
            msg.push_str(&format!("\n{}", text.trim_end()));
        }
        return Err(engine_failed(msg));
    }
    Ok(e)
}

/// The engine does not play the variant or house rules asked, `also` says
/// what else was tried, and nothing can be run (exit 4).
pub(super) fn not_played(e: &mut ProcessEngine, line: &str, why: &str, also: &str) -> Fail {
    let declared: Vec<String> = e
        .start()
        .ok()
        .and_then(|h| h.variants.as_ref())
        .map(|vs| vs.iter().map(|v| v.id.clone()).collect())
        .unwrap_or_default();
    Fail::Msg(
        format!(
            "engine '{line}': {why}{also}, so nothing can be run (it declares: {})",
            if declared.is_empty() { "no variant".to_string() } else { declared.join(", ") }
        ),
        4,
    )
}

/// Install the handler that turns SIGINT and SIGTERM into a stop.
pub(super) fn stop_on_signals() -> Result<(), Fail> {
    crate::signals::install().map_err(bad)
}

/// The files the engine's command line names: its program when the command
/// is a path, and every argument taken as a path (`python3 adapter.py`):
/// inputs of the run, which no output may replace. An argument that names
/// no file matches no output, so taking every one is safe.
pub(super) fn engine_files(spec: &EngineSpec) -> Vec<PathBuf> {
    let in_dir = |p: &std::path::Path| match &spec.dir {
        Some(dir) if p.is_relative() => dir.join(p),
        _ => p.to_path_buf(),
    };
    let command = std::path::Path::new(&spec.command);
    let program = (command.components().count() > 1).then(|| in_dir(command));
    program.into_iter().chain(spec.args.iter().map(|a| in_dir(std::path::Path::new(a)))).collect()
}
