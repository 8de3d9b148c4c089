//! A family's perft spoken in text: the one [`Counter`] behind every
//! family's [`Game::counter`](crate::Game::counter) and
//! [`Game::hashed`](crate::Game::hashed). A family writes its walk over its
//! own positions and moves (a [`Walk`], with or without a table) and says
//! how its positions are read and its moves written ([`Notated`]);
//! [`Counted`] joins the two, so that no family writes the text side of a
//! count again.

use crate::game::Counter;
use crate::notation::NotationError;
use crate::table::Stats;

/// A count of the move tree over a family's own positions `P` and moves
/// `M`, on one thread: the plain walk, or one that keeps a transposition
/// table from one count to the next.
pub trait Walk<P, M>: Send {
    /// The leaves `depth` plies below `pos`.
    fn count(&mut self, pos: &P, depth: u32) -> u64;
    /// The count below each legal move of `pos`, calling `done` as each is
    /// finished.
    fn divide_observed(&mut self, pos: &P, depth: u32, done: &dyn Fn()) -> Vec<(M, u64)>;
    /// The table's figures; a walk without a table has none to give.
    fn stats(&self) -> Stats {
        Stats::default()
    }
}

/// A walk chosen when the count begins (a family's walk at the width of
/// its board, say).
impl<P, M, W: Walk<P, M> + ?Sized> Walk<P, M> for Box<W> {
    fn count(&mut self, pos: &P, depth: u32) -> u64 {
        (**self).count(pos, depth)
    }
    fn divide_observed(&mut self, pos: &P, depth: u32, done: &dyn Fn()) -> Vec<(M, u64)> {
        (**self).divide_observed(pos, depth, done)
    }
    fn stats(&self) -> Stats {
        (**self).stats()
    }
}

/// How a family reads the positions its walks start from and writes the
/// moves they divide by.
pub trait Notated: Sync {
    type Position;
    type Move;
    fn parse_position(&self, text: &str) -> Result<Self::Position, NotationError>;
    /// A move of `pos` in canonical notation.
    fn write_move(&self, pos: &Self::Position, m: &Self::Move) -> String;
}

/// A family's walk with its notation: a [`Counter`] over text.
pub struct Counted<'g, N, W> {
    notation: &'g N,
    walk: W,
}

impl<'g, N, W> Counted<'g, N, W> {
    pub fn new(notation: &'g N, walk: W) -> Counted<'g, N, W> {
        Counted { notation, walk }
    }
}

impl<N: Notated, W: Walk<N::Position, N::Move>> Counter for Counted<'_, N, W> {
    fn perft(&mut self, position: &str, depth: u32) -> Result<u64, NotationError> {
        let pos = self.notation.parse_position(position)?;
        Ok(self.walk.count(&pos, depth))
    }

    fn divide_observed(
        &mut self,
        position: &str,
        depth: u32,
        done: &dyn Fn(),
    ) -> Result<Vec<(String, u64)>, NotationError> {
        let pos = self.notation.parse_position(position)?;
        let rows = self.walk.divide_observed(&pos, depth, done);
        Ok(rows.into_iter().map(|(m, n)| (self.notation.write_move(&pos, &m), n)).collect())
    }

    fn stats(&self) -> Stats {
        self.walk.stats()
    }
}
