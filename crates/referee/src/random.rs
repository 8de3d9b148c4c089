//! The reference's random mover: a player that picks one of the legal
//! moves with a seeded generator, so that the same seed plays the same
//! games. An engine's opponent that needs no second engine, and plays
//! positions no engine would steer to.

use crate::judge::Judge;
use crate::player::{Answer, Asked, Chosen, Failure, Player, Seat};

/// A player choosing among the reference's legal moves at random.
pub struct RandomMover {
    judge: Judge,
    state: u64,
}

impl RandomMover {
    pub fn new(judge: Judge, seed: u64) -> RandomMover {
        RandomMover { judge, state: seed }
    }

    /// The next number of a splitmix64 sequence: small, fast and the same
    /// on every platform, which is all a seeded choice of moves needs.
    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl Player for RandomMover {
    fn name(&self) -> String {
        "random mover".into()
    }

    fn is_reference(&self) -> bool {
        true
    }

    fn new_game(&mut self, _seat: &Seat<'_>) -> Result<(), Failure> {
        Ok(())
    }

    fn play(&mut self, asked: &Asked<'_>) -> Result<Answer, Failure> {
        let n = u64::try_from(asked.legal.len()).unwrap_or(u64::MAX).max(1);
        let pick = usize::try_from(self.next() % n).unwrap_or(0);
        let chosen = match asked.legal.get(pick) {
            Some(m) => Chosen::Move(
                self.judge
                    .wire_of(asked.position, m)
                    .map_err(|e| Failure::Engine(format!("the reference's own move {m}: {e}")))?,
            ),
            None => Chosen::NoMove { said: "no legal move".into() },
        };
        Ok(Answer { chosen, lines: Vec::new() })
    }
}
