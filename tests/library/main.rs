//! What the oracle decides and what it produces, through the library in
//! process and through engines served over the protocol: the reports and
//! their counts (`report`, `report_counts`), the verdicts on answers a
//! careless oracle would misjudge (`verdicts`, `sweep`), engines that
//! crash, hang or break the protocol (`engines`), the matrix (`matrix`,
//! and split over a batch system's workers and merged, `matrix_split`),
//! variant diffs (`diff`), fuzzing and the fuzzing of every parser
//! (`fuzzing`, `fuzz_parsers`), what an engine author meets first
//! (`engine_author`, `rust_engine`), the spec's mutation score
//! (`mutation`), published games replayed (`pdn`), properties of random
//! play (`properties`), the library crates through their public surface
//! (the built-in `catalog`, `draughts` capture notation, `perft` split into
//! parts, the reference `serve`d in process), and the house's own rules:
//! the layer table of ARCHITECTURE.md held to the imports (`layers`), the
//! lint table (`lints`), and what each crate builds (`dependencies`).
//!
//! One test binary rather than one per file, so that the library is linked
//! and `support/` compiled once for all of them.
//!
//! The library crates' unit tests are kept to their private parts: what
//! can be tested through a crate's public surface is tested here, so that
//! no crate's own test build compiles its move generator, its YAML reader
//! or its engine driver a second time.

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../support/mod.rs"]
#[allow(dead_code)]
mod support;

mod catalog;
mod dependencies;
mod diff;
mod draughts;
mod engine_author;
mod engines;
mod fingerprint;
mod fuzz_parsers;
mod fuzzing;
mod layers;
mod lints;
mod matrix;
mod matrix_split;
mod mutation;
mod pdn;
mod perft;
mod properties;
mod report;
mod report_counts;
mod rust_engine;
mod separate;
mod serve;
mod sweep;
mod verdicts;
