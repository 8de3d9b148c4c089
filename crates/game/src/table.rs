//! A transposition table for perft (`perft --hash SIZE`): the count below a
//! position at a depth, kept so that a position reached again by another
//! order of moves is counted once.
//!
//! An oracle cannot afford a false hit, so an entry holds its whole key:
//! the family's complete position (everything its perft depends on: the
//! pieces, the side or seat to move, counters and standings where the rules
//! read them, the counting convention) and the depth. The hash of the key
//! only chooses the bucket; a hit is an exact match of key and depth, so a
//! count read from the table is the count the walk would make.
//!
//! Buckets hold two entries: the first keeps the deepest (the most work to
//! redo), the second the most recent of the others. An entry the first one
//! gives up moves down to the second, so a store loses the shallower of the
//! two entries of its bucket.
//!
//! One table serves every thread of a count (`perft -j N --hash`): each
//! thread has a [`Table`] of its own, a handle onto the same buckets
//! ([`Table::share`]) with its own figures, so that a subtree one thread
//! counted is a hit for the others, and no figure is a counter the threads
//! write in turn. Each bucket has a lock of its own (`buckets`).

mod buckets;

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use self::buckets::{Bucket, MAX_DEPTH};

/// What a table can hold a key of: a family's complete position, exact in
/// its equality; `Send`, since the threads of a count share the table.
pub trait Key: Copy + Eq + Hash + Send {}

impl<K: Copy + Eq + Hash + Send> Key for K {}

/// Below this depth a position is counted, not looked up, where a family
/// has not measured a better one (draughts and Konane count depth 2 faster
/// than they look it up, and start at 3).
pub const MIN_DEPTH: u32 = 2;

/// Counts of this size or more are not stored (the entry keeps the depth in
/// the low byte of the count's word); no perft rulecheck can run reaches it.
const COUNT_LIMIT: u64 = 1 << 56;

/// How the table did: look-ups, hits and stores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub bytes: usize,
    pub entries: usize,
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
}

impl Stats {
    /// The figures of two handles onto one table (one a thread): their
    /// look-ups, hits and stores added, the size the table's.
    pub fn plus(self, o: Stats) -> Stats {
        Stats {
            bytes: self.bytes.max(o.bytes),
            entries: self.entries.max(o.entries),
            probes: self.probes + o.probes,
            hits: self.hits + o.hits,
            stores: self.stores + o.stores,
        }
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rate = if self.probes == 0 { 0.0 } else { 100.0 * self.hits as f64 / self.probes as f64 };
        write!(
            f,
            "table of {} ({} entries): {} look-ups, {:.1}% hits, {} stores",
            show_bytes(self.bytes as u64),
            self.entries,
            self.probes,
            rate,
            self.stores
        )
    }
}

/// The table could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("--hash {asked}: more than this machine's available memory ({available}); ask for less")]
    MoreThanMemory { asked: String, available: String },
    #[error("--hash {asked}: the memory for the table could not be allocated; ask for less")]
    NoMemory { asked: String },
}

/// The buckets of a table: this handle's alone until it is first shared
/// (then no lock is taken: one thread counting pays nothing for the
/// threads it could have had), behind an `Arc` once it is.
enum Buckets<K> {
    Alone(Vec<Bucket<K>>),
    /// A `Vec` behind the `Arc`, not a slice: an `Arc<[T]>` made from a
    /// `Vec` is a copy of the whole table.
    Shared(Arc<Vec<Bucket<K>>>),
}

/// A table of perft counts keyed by `(K, depth)`: one thread's handle onto
/// buckets that other threads' handles may share, with this handle's own
/// look-ups, hits and stores.
pub struct Table<K> {
    buckets: Buckets<K>,
    stats: Stats,
}

impl<K: Key> Table<K> {
    /// A table in about `bytes` of memory (at least one bucket). Memory that
    /// cannot be had is an error, not an abort: a size beyond the memory
    /// the system says is available is refused before anything is
    /// allocated, and an allocation that fails is reported.
    pub fn new(bytes: usize) -> Result<Table<K>, TableError> {
        let size = std::mem::size_of::<Bucket<K>>();
        if let Some(available) = available_memory() {
            if bytes as u64 > available {
                return Err(TableError::MoreThanMemory {
                    asked: show_bytes(bytes as u64),
                    available: show_bytes(available),
                });
            }
        }
        let n = (bytes / size).max(1);
        let buckets = buckets::zeroed(n).ok_or_else(|| TableError::NoMemory { asked: show_bytes(bytes as u64) })?;
        let stats = Stats { bytes: n * size, entries: 2 * n, ..Stats::default() };
        Ok(Table { buckets: Buckets::Alone(buckets), stats })
    }

    /// Another handle onto the same buckets, for another thread of the
    /// same count: what either stores the other finds; its figures start
    /// at zero.
    pub fn share(&mut self) -> Table<K> {
        let shared = match std::mem::replace(&mut self.buckets, Buckets::Alone(Vec::new())) {
            Buckets::Alone(v) => Arc::new(v),
            Buckets::Shared(a) => a,
        };
        self.buckets = Buckets::Shared(Arc::clone(&shared));
        let stats = Stats { probes: 0, hits: 0, stores: 0, ..self.stats };
        Table { buckets: Buckets::Shared(shared), stats }
    }

    /// The bucket of a key at a depth among `n`: the key's hash mapped onto
    /// the buckets by a multiply, so any number of buckets is used evenly.
    #[inline]
    fn index(key: &K, depth: u32, n: usize) -> usize {
        let mut h = Mix(u64::from(depth));
        key.hash(&mut h);
        let x = fmix(h.0);
        ((u128::from(x) * n as u128) >> 64) as usize
    }

    /// The count stored for exactly this key at this depth.
    #[inline]
    pub fn get(&mut self, key: &K, depth: u32) -> Option<u64> {
        // Depth 0 marks an empty entry, and no depth past the limit is
        // stored.
        if !(1..=MAX_DEPTH).contains(&depth) {
            return None;
        }
        self.stats.probes += 1;
        let found = match &mut self.buckets {
            Buckets::Alone(v) => {
                let i = Self::index(key, depth, v.len());
                v[i].get_alone(key, depth)
            }
            Buckets::Shared(a) => a[Self::index(key, depth, a.len())].get(key, depth),
        };
        self.stats.hits += u64::from(found.is_some());
        found
    }

    /// Keep the count below a key at a depth (depth 1 to 127, past any
    /// perft rulecheck counts).
    #[inline]
    pub fn put(&mut self, key: K, depth: u32, count: u64) {
        if count >= COUNT_LIMIT || !(1..=MAX_DEPTH).contains(&depth) {
            return;
        }
        self.stats.stores += 1;
        match &mut self.buckets {
            Buckets::Alone(v) => {
                let i = Self::index(&key, depth, v.len());
                v[i].put_alone(key, depth, count);
            }
            Buckets::Shared(a) => a[Self::index(&key, depth, a.len())].put(key, depth, count),
        }
    }

    /// This handle's figures, with the size of the whole table.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

/// A quick word-at-a-time hasher (multiply and rotate); [`fmix`] spreads
/// its bits at the end. Its quality only decides how evenly the buckets
/// fill: a hit is always an exact match of the key.
struct Mix(u64);

const K: u64 = 0x9e37_79b9_7f4a_7c15;

impl Mix {
    #[inline(always)]
    fn word(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(K);
    }
}

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0; 8];
            w.copy_from_slice(c);
            self.word(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(w) ^ (rest.len() as u64) << 59);
        }
    }
    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.word(u64::from(x));
    }
    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.word(u64::from(x));
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.word(u64::from(x));
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.word(x);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.word(x as u64);
        self.word((x >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.word(x as u64);
    }
}

/// MurmurHash3's 64-bit finaliser: every input bit reaches every output
/// bit, so the high bits that pick the bucket depend on the whole key.
#[inline(always)]
fn fmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The memory the system reports available (Linux: `MemAvailable` of
/// /proc/meminfo); `None` where it does not say.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// A size in bytes as `--hash` writes it: in the largest unit that
/// divides it, else to a tenth of the largest unit it has.
pub fn show_bytes(n: u64) -> String {
    const UNITS: [(&str, u64); 4] = [("T", 1 << 40), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)];
    if let Some((name, size)) = UNITS.iter().find(|(_, size)| n >= *size && n.is_multiple_of(*size)) {
        return format!("{}{name}", n / size);
    }
    match UNITS.iter().find(|(_, size)| n >= *size) {
        Some((name, size)) => format!("{:.1}{name}", n as f64 / *size as f64),
        None => format!("{n} bytes"),
    }
}

/// The smallest `--hash`: a table of a few buckets is of no use beyond
/// testing, which builds tables directly.
pub const MIN_BYTES: u64 = 1 << 10;

/// A `--hash` size: a whole number of bytes, or of `K`, `M`, `G` or `T`
/// (powers of 1024; `KB`, `MiB` and lower case are read alike), at least
/// [`MIN_BYTES`].
pub fn parse_size(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let shown = rulecheck_text::shown(t);
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = t.split_at(digits);
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => {
            return Err(format!(
                "'{shown}' is not a size: write a whole number of bytes or of K, M, G or T, e.g. 512K, 64M, 1G"
            ))
        }
    };
    if number.is_empty() {
        return Err(format!("'{shown}' is not a size: it needs a number, e.g. 64M"));
    }
    let n: u64 = number.parse().map_err(|_| format!("'{shown}' is too large a size"))?;
    let bytes = n.checked_mul(1 << shift).filter(|&b| b <= usize::MAX as u64 && b < 1 << 60);
    let Some(bytes) = bytes else {
        return Err(format!("'{shown}' is too large a size"));
    };
    if bytes < MIN_BYTES {
        return Err(format!(
            "'{shown}' is too small for a table: give at least 1K (or leave --hash out to count without one)"
        ));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_in_bytes_and_binary_units() {
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert_eq!(parse_size("512k"), Ok(512 << 10));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("4096"), Ok(4096));
        for bad in ["", "M", "1.5G", "-1", "64X", "0", "1023", "99999999999999999999", "20000000T", "1 G"] {
            assert!(parse_size(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_hit_is_an_exact_match_of_key_and_depth() {
        let mut t: Table<[u64; 2]> = Table::new(0).expect("one bucket");
        assert_eq!(t.stats().entries, 2);
        t.put([1, 2], 3, 10);
        assert_eq!(t.get(&[1, 2], 3), Some(10));
        assert_eq!(t.get(&[1, 2], 4), None);
        assert_eq!(t.get(&[2, 1], 3), None);
        // The default key is not a hit in an empty entry.
        assert_eq!(t.get(&[0, 0], 0), None);
        // One bucket: the deepest stays, the most recent other beside it.
        t.put([5, 5], 2, 20);
        t.put([6, 6], 2, 30);
        assert_eq!(t.get(&[1, 2], 3), Some(10));
        assert_eq!(t.get(&[5, 5], 2), None);
        assert_eq!(t.get(&[6, 6], 2), Some(30));
        t.put([7, 7], 9, 40);
        assert_eq!(t.get(&[7, 7], 9), Some(40));
        assert_eq!(t.get(&[1, 2], 3), Some(10));
        assert_eq!(t.get(&[6, 6], 2), None);
        t.put([8, 8], 1, 1 << 56);
        assert_eq!(t.get(&[8, 8], 1), None, "a count too large is not kept");
    }

    #[test]
    fn more_memory_than_there_is_is_an_error() {
        if available_memory().is_some() {
            let e = Table::<u64>::new(1 << 59).err().expect("refused");
            assert!(e.to_string().contains("available memory"), "{e}");
        }
    }

    #[test]
    fn handles_share_one_table_and_keep_their_own_figures() {
        let mut one: Table<[u64; 2]> = Table::new(1 << 12).expect("a table");
        one.put([7, 7], 2, 5);
        let mut other = one.share();
        one.put([1, 2], 3, 10);
        assert_eq!(other.get(&[1, 2], 3), Some(10), "a store is found through another handle");
        assert_eq!(other.get(&[1, 2], 5), None);
        assert_eq!(other.get(&[7, 7], 2), Some(5), "what was stored before it was shared is kept");
        let (a, b) = (one.stats(), other.stats());
        assert_eq!((a.probes, a.hits, a.stores), (0, 0, 2));
        assert_eq!((b.probes, b.hits, b.stores), (3, 2, 0));
        let both = a.plus(b);
        assert_eq!((both.probes, both.hits, both.stores), (3, 2, 2));
        assert_eq!((both.bytes, both.entries), (a.bytes, a.entries), "one table, counted once");
    }

    /// Threads storing and looking up the same few keys in a table of two
    /// buckets, each store replacing another: every hit is the count stored
    /// under exactly that key and depth, never a count of another key or a
    /// key half written.
    #[test]
    fn threads_sharing_a_small_table_only_find_what_was_stored() {
        let mut table: Table<[u64; 3]> = Table::new(128).expect("a table");
        assert_eq!(table.stats().entries, 4);
        let key = |x: u64| [x, !x, x.wrapping_mul(0x9e37_79b9_7f4a_7c15)];
        let count = |x: u64, depth: u32| x * 1000 + u64::from(depth);
        let hits: u64 = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4u64)
                .map(|t| {
                    let mut mine = table.share();
                    scope.spawn(move || {
                        let mut state = t + 1;
                        for _ in 0..200_000 {
                            state =
                                state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                            let x = (state >> 33) % 16;
                            let depth = (state >> 40) as u32 % 6 + 1;
                            if (state >> 50) & 1 == 0 {
                                mine.put(key(x), depth, count(x, depth));
                            } else if let Some(n) = mine.get(&key(x), depth) {
                                assert_eq!(n, count(x, depth), "key {x} depth {depth}");
                            }
                        }
                        mine.stats().hits
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().expect("no thread panics")).sum()
        });
        assert!(hits > 0, "the threads found each other's stores");
    }
}
