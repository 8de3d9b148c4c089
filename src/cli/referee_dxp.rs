//! `rulecheck referee` over DXP: which side rulecheck takes (the initiator
//! of a follower engine, the follower of an initiator engine, or a proxy
//! between two), the engines it starts (their `{port}` filled in) and
//! the addresses it connects to or listens at, made into players.

use std::net::TcpListener;
use std::time::{Duration, Instant};

use super::output::{bad, note, Fail};
use rulecheck::engine::process::EngineSpec;
use rulecheck_dxp::{Limits, Listener};
use rulecheck_referee::dxp::{self, DxpEngine, Link, LinkSpec, Reach, Role, Terms};
use rulecheck_referee::{Judge, Player};

/// The port DXP engines listen on by custom (Scan's default).
const DXP_PORT: u16 = 27531;

/// The side rulecheck takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// rulecheck requests the games of a follower engine.
    Initiator,
    /// An initiator engine requests the games of rulecheck.
    Follower,
    /// Between an initiator engine and a follower engine.
    Proxy,
}

/// What the DXP options say.
pub(super) struct DxpArgs<'a> {
    pub commands: &'a [String],
    pub connect: Option<&'a str>,
    pub listen: Option<&'a str>,
    pub minutes: u16,
    /// The moves of each side rulecheck's requests ask for (0: no limit).
    pub moves: u16,
    pub dir: Option<&'a std::path::Path>,
    /// The hang guard of each message, and the allowance to start and connect.
    pub guard: Duration,
    pub startup: Duration,
}

/// The side rulecheck takes, from the options given; `None` without DXP.
pub(super) fn mode(a: &DxpArgs<'_>) -> Result<Option<Mode>, Fail> {
    let n = a.commands.len();
    if n > 2 {
        return Err(bad(format!(
            "--dxp given {n} times: one engine, or two for a proxy (the initiator's command, then the follower's)"
        )));
    }
    Ok(match (a.listen.is_some(), a.connect.is_some(), n) {
        (true, true, 1) => {
            return Err(bad(
                "--dxp-listen with --dxp-connect is a proxy between two engines: give both their commands \
                 (--dxp twice: the initiator's, then the follower's) or neither",
            ))
        }
        (true, true, _) | (_, _, 2) => Some(Mode::Proxy),
        (true, false, _) => Some(Mode::Follower),
        (false, true, _) | (false, false, 1) => Some(Mode::Initiator),
        (false, false, _) => None,
    })
}

/// A free port on the loopback interface, for an engine told where to
/// listen.
fn free_port() -> Result<u16, Fail> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| bad(format!("cannot find a free port on 127.0.0.1: {e}")))
}

/// The port of `HOST:PORT`.
fn port_of(option: &str, addr: &str) -> Result<u16, Fail> {
    addr.rsplit_once(':')
        .and_then(|(host, port)| (!host.is_empty()).then_some(port))
        .and_then(|p| p.parse::<u16>().ok())
        .ok_or_else(|| bad(format!("--{option} '{addr}': an address is HOST:PORT, as 127.0.0.1:27531")))
}

/// An engine's command, `{port}` replaced.
fn command(line: &str, port: u16, a: &DxpArgs<'_>) -> Result<EngineSpec, Fail> {
    let mut spec = EngineSpec::from_command_line(&line.replace("{port}", &port.to_string())).map_err(bad)?;
    spec.name = line.to_string();
    spec.dir = a.dir.map(std::path::Path::to_path_buf);
    Ok(spec)
}

/// Where rulecheck connects to a follower engine, and its command.
fn follower(a: &DxpArgs<'_>, line: Option<&String>) -> Result<(String, Option<EngineSpec>), Fail> {
    let (addr, port) = match (a.connect, line) {
        (Some(addr), _) => (addr.to_string(), port_of("dxp-connect", addr)?),
        (None, Some(l)) if l.contains("{port}") => {
            let port = free_port()?;
            (format!("127.0.0.1:{port}"), port)
        }
        (None, _) => (format!("127.0.0.1:{DXP_PORT}"), DXP_PORT),
    };
    let spec = line.map(|l| command(l, port, a)).transpose()?;
    Ok((addr, spec))
}

/// Where rulecheck listens for an initiator engine (said on standard
/// error), and its command.
fn initiator(a: &DxpArgs<'_>, line: Option<&String>) -> Result<(Listener, Option<EngineSpec>), Fail> {
    let at = a.listen.unwrap_or("127.0.0.1:0");
    port_of("dxp-listen", at)?;
    let listener = Listener::bind(at).map_err(|e| bad(format!("--dxp-listen {at}: {e}")))?;
    note(&format!("rulecheck: listening on {} for the DXP initiator", listener.addr()));
    let spec = line.map(|l| command(l, listener.addr().port(), a)).transpose()?;
    Ok((listener, spec))
}

/// The DXP players of the mode: the engine (its opponent is the caller's
/// to add), or the proxy's two.
pub(super) fn players(
    mode: Mode,
    a: &DxpArgs<'_>,
    judge: impl Fn() -> Result<Judge, Fail>,
) -> Result<Vec<Box<dyn Player>>, Fail> {
    let limits = Limits { read_timeout: a.guard, connect_timeout: a.startup, ..Limits::default() };
    let start = Instant::now();
    let link = |reach, command| Link::new(LinkSpec { reach, command, limits, start });
    let terms = Terms { minutes: a.minutes, moves: a.moves };
    Ok(match mode {
        Mode::Initiator => {
            let (addr, spec) = follower(a, a.commands.first())?;
            vec![Box::new(DxpEngine::new(link(Reach::Connect(addr), spec), Role::Initiator, judge()?, terms, a.guard))]
        }
        Mode::Follower => {
            let (listener, spec) = initiator(a, a.commands.first())?;
            vec![Box::new(DxpEngine::new(
                link(Reach::Listen(listener), spec),
                Role::Follower,
                judge()?,
                terms,
                a.guard,
            ))]
        }
        Mode::Proxy => {
            // The follower first: it listens before the initiator connects.
            let (addr, follower_spec) = follower(a, a.commands.get(1))?;
            let (listener, initiator_spec) = initiator(a, a.commands.first())?;
            let [i, f] = dxp::proxy(
                link(Reach::Listen(listener), initiator_spec),
                link(Reach::Connect(addr), follower_spec),
                judge()?,
                a.guard,
            );
            vec![Box::new(i), Box::new(f)]
        }
    })
}
