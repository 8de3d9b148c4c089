//! How an engine is started: its command, arguments, directory, time
//! limits and expected-failures list, from a command line or a config
//! file, apart from running it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    /// The time limit of each request but the handshake.
    pub timeout: Duration,
    /// The time the engine gets to start and answer the handshake.
    pub startup_timeout: Duration,
    /// The time limit of each perft request, if one was given: a count may
    /// rightly take longer than a move list, but never without end
    /// ([`EngineSpec::perft_limit`]).
    pub perft_timeout: Option<Duration>,
    /// The engine's expected-failures file, if it has one.
    pub expected_failures: Option<PathBuf>,
}

/// The config file form of an [`EngineSpec`], also one entry of the
/// engines file of `rulecheck matrix` (where `builtin: reference` names the
/// built-in engine instead of a command).
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct EngineFile {
    pub name: Option<String>,
    pub command: Option<String>,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    /// Seconds per request.
    pub timeout: Option<f64>,
    /// Seconds to start and answer the handshake.
    pub startup_timeout: Option<f64>,
    /// Seconds per perft request.
    pub perft_timeout: Option<f64>,
    pub expected_failures: Option<PathBuf>,
    /// `reference`: the built-in engine (engines files only).
    pub builtin: Option<String>,
    /// The code the engine shares with others of an engines file (a fork,
    /// a port, bindings of one library): engines of one lineage agree as
    /// one when the matrix compares their readings (engines files only).
    pub lineage: Option<String>,
}

/// The capability of an engine that reads requests while it answers, so
/// that several may be written ahead of their answers.
pub const PIPELINE: &str = "pipeline";

/// Seconds an engine gets to answer one request unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Seconds an engine gets to answer one perft request unless told
/// otherwise: longer than other requests, since a count walks a tree.
pub const DEFAULT_PERFT_TIMEOUT: Duration = Duration::from_secs(60);

/// Seconds an engine gets to start and answer the handshake unless told
/// otherwise: generous, since an interpreter may take seconds to start on a
/// loaded machine.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(60);

/// The longest answer line read from an engine, in bytes (the newline not
/// counted): a longer one is out of protocol.
pub const MAX_LINE: usize = 4 * 1024 * 1024;

/// Longest time limit accepted: a day.
const MAX_TIMEOUT_SECS: f64 = 86_400.0;

/// A time limit from a number of seconds: above 0 and at most a day.
pub fn seconds(value: f64) -> Result<Duration, String> {
    if !(value > 0.0 && value <= MAX_TIMEOUT_SECS) {
        return Err(format!(
            "{value} is not a time limit: give a number of seconds above 0 and at most {MAX_TIMEOUT_SECS}"
        ));
    }
    Duration::try_from_secs_f64(value).map_err(|e| format!("{value} seconds: {e}"))
}

/// [`seconds`] from text, for the command line.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let value: f64 =
        text.trim().parse().map_err(|_| format!("'{text}' is not a number of seconds (for example 2.5)"))?;
    seconds(value)
}

/// Largest engine config file read.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

impl EngineSpec {
    /// From a command line such as `python3 adapter.py --fast`, split as a
    /// POSIX shell would split words, but run without a shell.
    pub fn from_command_line(line: &str) -> Result<EngineSpec, String> {
        let words = shlex::split(line).ok_or_else(|| format!("cannot split the engine command '{line}'"))?;
        let (command, args) = words.split_first().ok_or("the engine command is empty")?;
        Ok(EngineSpec {
            name: line.to_string(),
            command: command.clone(),
            args: args.to_vec(),
            dir: None,
            timeout: DEFAULT_TIMEOUT,
            startup_timeout: DEFAULT_STARTUP_TIMEOUT,
            perft_timeout: None,
            expected_failures: None,
        })
    }

    /// From an engine config file (YAML: command, args, dir, timeout,
    /// startup-timeout, perft-timeout, expected-failures). Relative paths (`dir`,
    /// `expected-failures`, and a `command` with a slash in it) are relative
    /// to the file's directory, which is also where the engine runs unless
    /// `dir` says otherwise; a bare command name is looked up on PATH.
    pub fn from_file(path: &Path) -> Result<EngineSpec, String> {
        let text = rulecheck_files::read_text(path, MAX_CONFIG_BYTES)?;
        let f: EngineFile = serde_saphyr::from_str(&text).map_err(|e| {
            let loc = e.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
            format!("{}{loc}: {}", path.display(), e.to_string().lines().next().unwrap_or(""))
        })?;
        if f.lineage.is_some() {
            return Err(format!(
                "{}: `lineage` groups engines of an engines file of `rulecheck matrix`; an engine config file \
                 names one engine",
                path.display()
            ));
        }
        if f.builtin.is_some() {
            return Err(format!(
                "{}: `builtin` names the built-in engine in an engines file of `rulecheck matrix`; \
                 an engine config file gives a `command` (without --engine the built-in engine is used)",
                path.display()
            ));
        }
        let base = path.parent().unwrap_or(Path::new("."));
        f.into_spec(base, &path.display().to_string())
    }
}

impl EngineSpec {
    /// The time limit of a perft request: the one given, else
    /// [`DEFAULT_PERFT_TIMEOUT`] or the request limit if that is longer
    /// (an engine given more time per request never gets less for perft).
    pub fn perft_limit(&self) -> Duration {
        self.perft_timeout.unwrap_or(DEFAULT_PERFT_TIMEOUT.max(self.timeout))
    }
}

impl EngineFile {
    /// The engine this entry starts; relative paths are relative to `base`,
    /// and `origin` (a file, an entry of one) prefixes every message.
    pub fn into_spec(self, base: &Path, origin: &str) -> Result<EngineSpec, String> {
        let limit = |key: &str, value: Option<f64>, default: Duration| match value {
            None => Ok(default),
            Some(v) => seconds(v).map_err(|e| format!("{origin}: {key}: {e}")),
        };
        let command = self.command.ok_or_else(|| format!("{origin}: no `command` to start the engine with"))?;
        // A config file named bare (`engine.yaml`) has an empty parent. The
        // base is made absolute: a relative command would otherwise be read
        // against the engine's own directory once it is started there.
        let base = if base.as_os_str().is_empty() { Path::new(".") } else { base };
        let base = &std::path::absolute(base).unwrap_or_else(|_| base.to_path_buf());
        // A command with a slash is a path, relative to the file like every
        // other path in it; a bare name is looked up on PATH.
        let command = if command.contains('/') && Path::new(&command).is_relative() {
            base.join(&command).to_string_lossy().into_owned()
        } else {
            command
        };
        Ok(EngineSpec {
            name: self.name.unwrap_or_else(|| command.clone()),
            timeout: limit("timeout", self.timeout, DEFAULT_TIMEOUT)?,
            startup_timeout: limit("startup-timeout", self.startup_timeout, DEFAULT_STARTUP_TIMEOUT)?,
            perft_timeout: self
                .perft_timeout
                .map(|v| seconds(v).map_err(|e| format!("{origin}: perft-timeout: {e}")))
                .transpose()?,
            command,
            args: self.args,
            dir: Some(self.dir.map(|d| base.join(d)).unwrap_or_else(|| base.to_path_buf())),
            expected_failures: self.expected_failures.map(|p| base.join(p)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_gets_its_own_limit_and_never_less_than_other_requests() {
        let mut spec = EngineSpec::from_command_line("engine").expect("a command");
        assert_eq!(spec.perft_limit(), DEFAULT_PERFT_TIMEOUT);
        spec.timeout = Duration::from_secs(120);
        assert_eq!(spec.perft_limit(), Duration::from_secs(120));
        spec.perft_timeout = Some(Duration::from_secs(1));
        assert_eq!(spec.perft_limit(), Duration::from_secs(1));
        let file: EngineFile = serde_saphyr::from_str("command: x\nperft-timeout: 0\n").expect("yaml");
        let e = file.into_spec(Path::new("."), "engine.yaml").expect_err("refused");
        assert!(e.contains("perft-timeout"), "{e}");
    }
}
