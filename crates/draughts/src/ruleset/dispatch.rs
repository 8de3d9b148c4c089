//! The generator's one dispatch from a rule set to the code compiled for
//! it, per word: beside the rule sets it picks from rather than on the
//! word, so that the word stays below everything that reads it.

use super::super::rules::Rules;
use super::super::word::Word;
use super::{Configured, GenRules, Kind, RuleSet};

/// A computation over the rules in whichever compiled form serves them: a
/// closure generic over the rule set, which [`Dispatch::with_rules`] runs.
pub trait WithRules<B: Word> {
    type Out;
    fn run<R: RuleSet<B = B>>(self, r: R) -> Self::Out;
}

/// A word the generator is compiled for, with the rule sets of its boards.
///
/// Each word's implementation is written from the list of the variants
/// (`crate::variants`), where every compiled variant names its word, so
/// that each word compiles only the rule sets on its boards: a board in 64
/// bits compiles no wide code, and the wide board no narrow code.
pub trait Dispatch: Word {
    /// The generation rules compiled for this word, by place (the index
    /// [`Fixed`](super::Fixed) takes).
    const COMPILED: &'static [GenRules];

    /// The compiled form that serves `rules` on this word, if any: chosen
    /// once per rule set, by comparing its generation rules with the
    /// compiled ones, so that a configured rule set that happens to equal
    /// a standard variant's takes the compiled path with the very same
    /// values.
    fn kind(rules: &Rules) -> Kind {
        Kind::of(rules, Self::COMPILED)
    }

    /// Run `w` with the rules in the compiled form `kind` names, or read
    /// from `configured`: the generator's one dispatch, per word.
    fn with_rules<W: WithRules<Self>>(kind: Kind, configured: &Configured<Self>, w: W) -> W::Out;
}
