//! What a game is compared against, read by the comparison and by the
//! choice of the illegal moves offered (which come from the deviations it
//! holds): in a file of its own so that both import it and neither the
//! other.

use super::Counters;
use rulecheck_game::{Game, Options};

/// What a game is compared against: the reference under the run's variant
/// and house rules, the family's single-rule deviations under the same
/// rules (where the illegal moves offered come from), the deviations the
/// engine is known to play (a difference one of them gives is reported as
/// known, and the game goes on), and how positions are compared.
pub(super) struct Against<'a> {
    pub reference: &'a dyn Game,
    pub deviants: &'a [(String, Box<dyn Game>)],
    pub known: &'a [(String, Box<dyn Game>)],
    pub variant: &'a str,
    pub options: &'a Options,
    pub counters: Counters,
}
