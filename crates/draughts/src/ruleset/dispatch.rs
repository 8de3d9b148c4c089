//! The generator's one dispatch from a rule set to the code compiled for
//! it, per word: beside the rule sets it picks from rather than on the
//! word, so that the word stays below everything that reads it.

use super::super::word::Word;
#[cfg(not(test))]
use super::Fixed;
use super::{Configured, Kind, RuleSet};

/// A computation over the rules in whichever compiled form serves them: a
/// closure generic over the rule set, which [`Dispatch::with_rules`] runs.
pub trait WithRules<B: Word> {
    type Out;
    fn run<R: RuleSet<B = B>>(self, r: R) -> Self::Out;
}

/// A word the generator is compiled for, with the rule sets of its boards.
pub trait Dispatch: Word {
    /// Run `w` with the rules in the compiled form `kind` names, or read
    /// from `configured`: the generator's one dispatch, per word, so that
    /// each word compiles only the rule sets on its boards.
    fn with_rules<W: WithRules<Self>>(kind: Kind, configured: &Configured<Self>, w: W) -> W::Out;
}

// The crate's own unit tests are of its parts (words, geometry, numbering,
// ranking, keys), not of the compiled rule sets: their build reads every
// rule set at run time, so that it compiles the generator once per word
// rather than once per variant, and `cargo test` does not compile the
// generators a second time. The fixed forms are tested where they are
// used, through the library as built: the integration tests, the perft
// tables and the spec.
#[cfg(not(test))]
impl Dispatch for u64 {
    #[inline(always)]
    fn with_rules<W: WithRules<u64>>(kind: Kind, configured: &Configured<u64>, w: W) -> W::Out {
        match kind {
            Kind::English => w.run(Fixed::<0, u64>::NEW),
            Kind::Russian => w.run(Fixed::<1, u64>::NEW),
            Kind::International => w.run(Fixed::<2, u64>::NEW),
            Kind::Pool => w.run(Fixed::<3, u64>::NEW),
            Kind::Brazilian => w.run(Fixed::<4, u64>::NEW),
            Kind::Killer => w.run(Fixed::<5, u64>::NEW),
            Kind::Thai => w.run(Fixed::<6, u64>::NEW),
            Kind::Czech => w.run(Fixed::<7, u64>::NEW),
            Kind::Spanish => w.run(Fixed::<8, u64>::NEW),
            Kind::Italian => w.run(Fixed::<9, u64>::NEW),
            Kind::Frisian => w.run(Fixed::<10, u64>::NEW),
            Kind::Turkish => w.run(Fixed::<11, u64>::NEW),
            // The wide boards' rule sets never reach this word.
            Kind::Canadian | Kind::Configured => w.run(*configured),
        }
    }
}

#[cfg(not(test))]
impl Dispatch for u128 {
    #[inline(always)]
    fn with_rules<W: WithRules<u128>>(kind: Kind, configured: &Configured<u128>, w: W) -> W::Out {
        match kind {
            Kind::Canadian => w.run(Fixed::<12, u128>::NEW),
            _ => w.run(*configured),
        }
    }
}

#[cfg(test)]
impl Dispatch for u64 {
    fn with_rules<W: WithRules<u64>>(_: Kind, configured: &Configured<u64>, w: W) -> W::Out {
        w.run(*configured)
    }
}

#[cfg(test)]
impl Dispatch for u128 {
    fn with_rules<W: WithRules<u128>>(_: Kind, configured: &Configured<u128>, w: W) -> W::Out {
        w.run(*configured)
    }
}
