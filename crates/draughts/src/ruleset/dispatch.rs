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

/// The dispatch of a word: each rule set compiled for it by its
/// [`Kind`], and every other read at run time.
///
/// A compiled form is the standard rule set at its kind's place in
/// [`STANDARD`](super::standard::STANDARD), so the kinds alone name them.
///
/// The crate's own unit tests are of its parts (words, geometry,
/// numbering, ranking, keys), not of the compiled rule sets: their build
/// reads every rule set at run time, so that it compiles the generator
/// once per word rather than once per variant. The fixed forms are tested
/// where they are used, through the library as built: the integration
/// tests, the perft tables and the spec.
macro_rules! dispatch {
    ($word:ty: $($kind:ident),* $(,)?) => {
        impl Dispatch for $word {
            #[inline(always)]
            fn with_rules<W: WithRules<$word>>(kind: Kind, configured: &Configured<$word>, w: W) -> W::Out {
                #[cfg(not(test))]
                match kind {
                    $(Kind::$kind => return w.run(Fixed::<{ Kind::$kind as usize }, $word>::NEW),)*
                    _ => {}
                }
                #[cfg(test)]
                let _ = kind;
                w.run(*configured)
            }
        }
    };
}

dispatch!(u64: English, Russian, International, Pool, Brazilian, Killer, Thai, Czech, Spanish, Italian, Frisian, Turkish);

// The wide boards' rule sets: the only ones that reach this word.
dispatch!(u128: Canadian);
