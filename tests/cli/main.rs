//! The command line as its users meet it, run as a process: each
//! subcommand's exit code and output (`cli`), one fixture per class of bad
//! input refused with a located message (`bad_input`), each defect of a
//! catalog's readings, anchors or deviations refused where it is
//! (`bad_catalog`), citations held to what scenarios reach (`cites`), the
//! readings listed (`readings`), rule pages held against the catalog's
//! anchors sentence by sentence (`pages`) and traced to the scenarios and
//! engines that test them (`trace`, laid out in a browser in
//! `trace_browser`), the spec built into the binary
//! run where there is no spec/ and written out (`builtin_spec`), output
//! files onto devices, FIFOs and links (`outputs`), engines ended however
//! rulecheck ends (`lifecycle`), numbers and sizes out of range refused and
//! parsing kept linear (`limits`), the referee against scripted Hub engines
//! (`referee`) and DXP engines the tests play over loopback
//! (`referee_dxp`), a perft planned for a batch system, worked by index and
//! added up (`perft_batch`), the book's path for an engine author followed as
//! written (`walkthrough`), and the book itself: its examples run, its
//! links resolve, its command reference current, its pages read in a
//! browser (`book`).
//!
//! One test binary rather than one per file, so that the library is linked
//! and `support/` compiled once for all of them.

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../support/mod.rs"]
#[allow(dead_code)]
mod support;

mod bad_catalog;
mod bad_input;
mod book;
mod builtin_spec;
mod card;
mod cites;
mod cli;
mod lifecycle;
mod limits;
mod outputs;
mod pages;
mod perft_batch;
mod readings;
mod referee;
mod referee_dxp;
mod summary;
mod trace;
mod trace_browser;
mod walkthrough;
