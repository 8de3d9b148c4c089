//! rulecheck's spec: what it knows and what it checks.
//!
//! - [`builtin`]: every file of the spec, compiled in, with its content
//!   hash; the scenarios, catalog and perft tables a command runs when it
//!   is given none.
//! - [`registry`]: every variant by id, with its house rules checked and
//!   filled in; the one place that names the families.
//! - [`page`]: a rule page cut into sentences, each with its ordinal, line
//!   and hash, which the catalog's clauses anchor to.
//! - [`catalog`]: the rule catalog, each rule of a page a clause with a
//!   stable id, and the vocabulary of refusal and result reasons.
//! - [`scenario`]: the scenario model, the grammar of its actions and
//!   results, and the loader that reads scenario files with every error
//!   located at file, line and column.

pub mod builtin;
pub mod catalog;
pub mod page;
pub mod registry;
pub mod scenario;
