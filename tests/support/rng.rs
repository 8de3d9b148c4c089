//! A small seeded random number generator for the cross-check tests, so
//! that a failure reproduces.

/// xorshift64*: small, seeded, good enough to pick moves and squares.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The generator started at `state` as given (odd, not zero), not
    /// scrambled as `new` does: the Chinese checkers and Konane
    /// cross-checks were seeded so, and keep the games they have always
    /// drawn.
    pub fn at(state: u64) -> Rng {
        Rng(state)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True with probability `percent`/100.
    #[allow(dead_code)]
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    /// True once in `n` draws.
    #[allow(dead_code)]
    pub fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
}
