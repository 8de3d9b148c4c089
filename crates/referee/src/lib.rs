//! rulecheck as the GUI of draughts engines: it plays games between
//! engines that speak the Hub protocol (Scan's), or between one and the
//! reference's random mover; it plays a DamExchange (DXP) engine as the
//! initiator or the follower of its connection, or stands between two DXP
//! engines as a proxy; it keeps each game itself, and checks every move,
//! every move of every principal variation and every end an engine claims
//! against the reference. The
//! reference decides when a game is over (its result under the variant's
//! draw rules); a move that is none of the legal moves is a violation,
//! classified by the reference's reason and the clause it breaks, and
//! written out as the game so far (PDN) and a scenario ready for the
//! engine's own spec.
//!
//! `board` is the 10x10 board and the move as the protocols write them;
//! `judge` the reference as the referee asks it; `player` what a player
//! is, whatever its protocol, with `hub` (a Hub engine), `dxp` (a DXP
//! engine, and a proxy's two) and `random` (the random mover); `record`
//! what a game came to; `play` one game; `cite`
//! the clauses a violation breaks; `found` the files of a violation; `starts` the positions games start from;
//! `run` the games in turn; `report` the human, JSON and JUnit reports.

pub mod board;
pub mod cite;
pub mod dxp;
pub mod found;
pub mod hub;
pub mod judge;
pub mod play;
pub mod player;
pub mod random;
pub mod record;
pub mod report;
pub mod run;
pub mod starts;

pub use judge::Judge;
pub use player::Player;
pub use record::{End, GameRecord, Run};
pub use run::{referee, Plan};
