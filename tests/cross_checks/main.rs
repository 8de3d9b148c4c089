//! The reference held to truth from outside itself and to its own
//! conventions: the draughts generator's listings and its counting without
//! listing, under every single-rule deviation (`movegen`); its move
//! generators against deliberately plain ones (`cross_check` for draughts,
//! `halma_cross_check`, `konane_cross_check`), Turkish draughts against an
//! independent engine (`turkish_kish`), `perft --hash` against the plain
//! walk (`perft_hash`), the perft tables of `spec/perft/` and `rulecheck
//! perft-table` (`perft`), the referee against the Hub and DXP fixture
//! engines over py-draughts (`referee`, `referee_dxp`), and real
//! third-party engines in one matrix (`adapters`: it installs them where
//! python3, node and npm are found, and skips with a message elsewhere;
//! `--skip adapters::` leaves it out), and a perft plan worked on a
//! single-node Slurm cluster and by local processes, a worker lost mid-way
//! (`batch`: Slurm where root and its packages are found, said skipped
//! elsewhere).
//!
//! One test binary rather than one per file, so that the library is linked
//! and `support/` compiled once for all of them. Kept apart: `spec.rs`
//! (harness = false, a test per scenario), `halma_alloc.rs` (it installs a
//! counting global allocator, which would count every other test's
//! allocations too).

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../support/mod.rs"]
#[allow(dead_code)]
mod support;

mod action;
mod adapters;
mod batch;
mod cross_check;
mod halma_cross_check;
mod konane_cross_check;
mod movegen;
mod node_package;
mod perft;
mod perft_hash;
mod pip_walkthrough;
mod referee;
mod referee_dxp;
mod release;
mod turkish_kish;
mod wheel;
