//! The two ends of a DXP connection over TCP: connecting to a peer that
//! listens (as an initiator does to a follower such as Scan, which listens
//! on port 27531), and listening for one. Both wait at most the connect
//! time limit. Small messages are sent at once (no Nagle delay), as each
//! waits for an answer.

use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use crate::connection::{Connection, ConnectionError, Limits};

/// Connects to a peer listening at `addr` (each address it resolves to
/// tried in turn).
pub fn connect(
    addr: impl ToSocketAddrs + std::fmt::Debug,
    limits: Limits,
) -> Result<Connection<TcpStream>, ConnectionError> {
    let io = |doing: String| move |source| ConnectionError::Io { doing, source };
    let addrs = addr.to_socket_addrs().map_err(io(format!("resolving {addr:?}")))?;
    let mut last = None;
    for a in addrs {
        match TcpStream::connect_timeout(&a, limits.connect_timeout.max(Duration::from_millis(1))) {
            Ok(stream) => return ready(stream, limits),
            Err(e) => last = Some(io(format!("connecting to {a}"))(e)),
        }
    }
    Err(last.unwrap_or_else(|| ConnectionError::Io {
        doing: format!("connecting to {addr:?}"),
        source: std::io::Error::new(std::io::ErrorKind::NotFound, "the address resolves to nothing"),
    }))
}

fn ready(stream: TcpStream, limits: Limits) -> Result<Connection<TcpStream>, ConnectionError> {
    stream.set_nodelay(true).map_err(|source| ConnectionError::Io { doing: "setting TCP_NODELAY".into(), source })?;
    Ok(Connection::new(stream, limits))
}

/// A socket listening for one peer at a time.
#[derive(Debug)]
pub struct Listener {
    listener: TcpListener,
    addr: SocketAddr,
}

impl Listener {
    /// Listens at `addr`; `127.0.0.1:0` takes a free port, which
    /// [`Listener::addr`] tells.
    pub fn bind(addr: impl ToSocketAddrs + std::fmt::Debug) -> Result<Listener, ConnectionError> {
        let io = |source| ConnectionError::Io { doing: format!("listening at {addr:?}"), source };
        let listener = TcpListener::bind(&addr).map_err(io)?;
        // Accepting polls, so that waiting for a peer has a time limit.
        listener.set_nonblocking(true).map_err(io)?;
        let addr = listener.local_addr().map_err(io)?;
        Ok(Listener { listener, addr })
    }

    /// The address listened at, with the port taken.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The next peer to connect, waiting at most the connect time limit.
    pub fn accept(&self, limits: Limits) -> Result<(Connection<TcpStream>, SocketAddr), ConnectionError> {
        // A limit too far to reckon (`Duration::MAX`) is no limit.
        let deadline = Instant::now().checked_add(limits.connect_timeout);
        loop {
            match self.listener.accept() {
                Ok((stream, peer)) => {
                    let io = |source| ConnectionError::Io { doing: format!("accepting {peer}"), source };
                    stream.set_nonblocking(false).map_err(io)?;
                    return Ok((ready(stream, limits)?, peer));
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::Interrupted => {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return Err(ConnectionError::NoPeer { waited: limits.connect_timeout });
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(source) => {
                    return Err(ConnectionError::Io { doing: format!("accepting a peer at {}", self.addr), source })
                }
            }
        }
    }
}
