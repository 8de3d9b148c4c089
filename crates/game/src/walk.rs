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

/// A count of `u64::MAX` is where a walk's saturating sums stopped (the
/// walks with a table can reach counts past the word in hours; the plain
/// walk, at a billion leaves a second, in centuries): it is refused, never
/// given as a count. Sums over several counts (the root, the parts, a plan's
/// units) are taken in `u128` by their callers.
fn within_word(n: u64) -> Result<u64, NotationError> {
    if n == u64::MAX {
        return Err(NotationError::whole(
            "the count of one subtree reached 2^64 - 1, past what one walk counts: \
             cut the tree into units with `rulecheck perft-plan` (their sums are kept in 128 bits)",
        ));
    }
    Ok(n)
}

impl<N: Notated, W: Walk<N::Position, N::Move>> Counter for Counted<'_, N, W> {
    fn perft(&mut self, position: &str, depth: u32) -> Result<u64, NotationError> {
        let pos = self.notation.parse_position(position)?;
        within_word(self.walk.count(&pos, depth))
    }

    fn divide_observed(
        &mut self,
        position: &str,
        depth: u32,
        done: &dyn Fn(),
    ) -> Result<Vec<(String, u64)>, NotationError> {
        let pos = self.notation.parse_position(position)?;
        let rows = self.walk.divide_observed(&pos, depth, done);
        rows.into_iter().map(|(m, n)| Ok((self.notation.write_move(&pos, &m), within_word(n)?))).collect()
    }

    fn stats(&self) -> Stats {
        self.walk.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `n` cells, a move one step right: a position is the cell
    /// stood on, and every position has the moves to the cells beyond it.
    struct Line(u32);

    impl Notated for Line {
        type Position = u32;
        type Move = u32;
        fn parse_position(&self, text: &str) -> Result<u32, NotationError> {
            text.parse().ok().filter(|&p| p < self.0).ok_or_else(|| NotationError::whole("not a cell"))
        }
        fn write_move(&self, pos: &u32, m: &u32) -> String {
            format!("{pos}-{m}")
        }
    }

    struct Steps(u32);

    impl Walk<u32, u32> for Steps {
        fn count(&mut self, pos: &u32, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            (pos + 1..self.0).map(|m| self.count(&m, depth - 1)).sum()
        }
        fn divide_observed(&mut self, pos: &u32, depth: u32, done: &dyn Fn()) -> Vec<(u32, u64)> {
            (pos + 1..self.0)
                .map(|m| {
                    let row = (m, self.count(&m, depth.saturating_sub(1)));
                    done();
                    row
                })
                .collect()
        }
    }

    #[test]
    fn a_walk_counts_in_text_through_its_notation() {
        let line = Line(4);
        let mut counter = Counted::new(&line, Box::new(Steps(4)));
        assert_eq!(counter.perft("0", 2), Ok(3));
        let rows = counter.divide_observed("1", 1, &|| {}).expect("a cell");
        assert_eq!(rows, [("1-2".to_string(), 1), ("1-3".to_string(), 1)]);
        assert!(counter.perft("9", 1).is_err(), "read by the notation");
        assert_eq!(counter.stats(), Stats::default(), "no table, no figures");
    }

    /// A walk that says it reached the top of the word (its saturating sums
    /// stopped there) is refused, not given as a count.
    #[test]
    fn a_saturated_count_is_refused_not_given() {
        struct Full;
        impl Walk<u32, u32> for Full {
            fn count(&mut self, _: &u32, _: u32) -> u64 {
                u64::MAX
            }
            fn divide_observed(&mut self, _: &u32, _: u32, _: &dyn Fn()) -> Vec<(u32, u64)> {
                vec![(1, 5), (2, u64::MAX)]
            }
        }
        let line = Line(4);
        let mut counter = Counted::new(&line, Full);
        let e = counter.perft("0", 40).expect_err("refused");
        assert!(e.message.contains("2^64"), "{}", e.message);
        assert!(counter.divide_observed("0", 40, &|| {}).is_err());
    }
}
