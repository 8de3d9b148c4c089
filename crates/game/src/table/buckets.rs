//! The buckets of a transposition table, one array shared by every thread
//! of a count (`perft -j N --hash`), so that a position one thread counted
//! is a hit for the others.
//!
//! Each bucket has a lock of its own: a bit of its first entry's data word,
//! taken by an atomic read-modify-write with acquire ordering and given back
//! by a store with release ordering. The keys are read and written only by
//! the thread that holds the lock, so a key is never read while another
//! thread writes it (no data race), and a hit is an exact match of a whole
//! key: a torn key could match a position it is not. The lock lives in the
//! bucket's own cache line, which a look-up reads anyway, so an uncontended
//! lock costs one atomic operation on a line already fetched, and two
//! threads contend only when they reach the same bucket at once.

use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, Ordering};

/// The bucket's lock: bit 7 of its first entry's data word.
const LOCK: u64 = 0x80;
/// The depth: the low seven bits of an entry's data word (0 when empty).
const DEPTH: u64 = 0x7f;
/// The deepest depth an entry keeps, beyond any perft rulecheck counts
/// (`MAX_PERFT_DEPTH`).
pub const MAX_DEPTH: u32 = DEPTH as u32;

struct Entry<K> {
    /// Read and written only under the bucket's lock; read only where the
    /// depth says the entry was written (all zeros, and so no key, when
    /// empty).
    key: UnsafeCell<MaybeUninit<K>>,
    /// The count shifted up one byte, the depth in the low seven bits; 0
    /// when empty. The first entry's word holds the lock bit too.
    data: AtomicU64,
}

/// Two entries, aligned so that small keys keep a bucket in one cache line:
/// the first keeps the deepest (the most work to redo), the second the most
/// recent of the others. An entry the first one gives up moves down to the
/// second, so a store loses the shallower of the two entries of its bucket.
#[repr(align(64))]
pub struct Bucket<K> {
    deep: Entry<K>,
    recent: Entry<K>,
}

// SAFETY: through a shared reference the keys, the only parts not atomic,
// are reached only while the thread holds the bucket's lock (`Locked`); a
// key moves between threads by value (`Copy`), so a `Send` key is enough.
unsafe impl<K: Send> Sync for Bucket<K> {}

/// `n` empty buckets in memory had zeroed from the system, `None` where it
/// cannot be had. Nothing is written: a large table's pages are zeroed as
/// the count first reaches them, by whichever thread reaches them, not all
/// by one thread before the count begins.
pub fn zeroed<K>(n: usize) -> Option<Vec<Bucket<K>>> {
    let layout = std::alloc::Layout::array::<Bucket<K>>(n).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a size (checked above).
    let p = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<Bucket<K>>();
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` comes from the global allocator with the layout of a
    // `Vec` of capacity `n`, and all zeros is an empty bucket: each key a
    // `MaybeUninit` (any bytes), each data word an atomic 0 (empty,
    // unlocked).
    Some(unsafe { Vec::from_raw_parts(p, n, n) })
}

/// A bucket whose lock this thread holds, with its first entry's data word
/// as it was when taken (lock bit clear); dropping it gives the lock back
/// with that word, or with the one [`Locked::keep`] stored.
struct Locked<'b, K> {
    bucket: &'b Bucket<K>,
    deep: u64,
}

impl<K> Bucket<K> {
    #[inline]
    fn lock(&self) -> Locked<'_, K> {
        loop {
            let old = self.deep.data.fetch_or(LOCK, Ordering::Acquire);
            if old & LOCK == 0 {
                return Locked { bucket: self, deep: old };
            }
            // Wait reading, not writing, so the holder keeps its line.
            while self.deep.data.load(Ordering::Relaxed) & LOCK != 0 {
                std::hint::spin_loop();
            }
        }
    }
}

impl<K> Drop for Locked<'_, K> {
    #[inline]
    fn drop(&mut self) {
        self.bucket.deep.data.store(self.deep & !LOCK, Ordering::Release);
    }
}

impl<K: Copy + Eq> Bucket<K> {
    /// [`Bucket::get`] in a table no other thread reaches: no lock taken.
    #[inline]
    pub fn get_alone(&mut self, key: &K, depth: u32) -> Option<u64> {
        let d = u64::from(depth);
        let deep = *self.deep.data.get_mut();
        // SAFETY: a depth from 1 up says the key was written with it.
        if deep & DEPTH == d && unsafe { self.deep.key.get_mut().assume_init_ref() } == key {
            return Some(deep >> 8);
        }
        let recent = *self.recent.data.get_mut();
        // SAFETY: as above.
        if recent & DEPTH == d && unsafe { self.recent.key.get_mut().assume_init_ref() } == key {
            return Some(recent >> 8);
        }
        None
    }

    /// [`Bucket::put`] in a table no other thread reaches: no lock taken.
    #[inline]
    pub fn put_alone(&mut self, key: K, depth: u32, count: u64) {
        let d = u64::from(depth);
        let e = count << 8 | d;
        let deep = *self.deep.data.get_mut();
        if d >= deep & DEPTH {
            *self.recent.key.get_mut() = *self.deep.key.get_mut();
            *self.recent.data.get_mut() = deep;
            *self.deep.key.get_mut() = MaybeUninit::new(key);
            *self.deep.data.get_mut() = e;
        } else {
            *self.recent.key.get_mut() = MaybeUninit::new(key);
            *self.recent.data.get_mut() = e;
        }
    }

    /// The count stored for exactly this key at this depth (1 to
    /// [`MAX_DEPTH`]).
    #[inline]
    pub fn get(&self, key: &K, depth: u32) -> Option<u64> {
        let d = u64::from(depth);
        let l = self.lock();
        // SAFETY: the lock is held (`l`), so no thread writes these keys;
        // a depth from 1 up says the key was written with it.
        if l.deep & DEPTH == d && unsafe { (*self.deep.key.get()).assume_init_ref() == key } {
            return Some(l.deep >> 8);
        }
        let recent = self.recent.data.load(Ordering::Relaxed);
        // SAFETY: as above.
        if recent & DEPTH == d && unsafe { (*self.recent.key.get()).assume_init_ref() == key } {
            return Some(recent >> 8);
        }
        None
    }

    /// Keep a count (below `1 << 56`) under a key at a depth (1 to
    /// [`MAX_DEPTH`]).
    #[inline]
    pub fn put(&self, key: K, depth: u32, count: u64) {
        let d = u64::from(depth);
        let e = count << 8 | d;
        let mut l = self.lock();
        // SAFETY: the lock is held (`l`): this thread alone reads and
        // writes the keys until it is dropped, which orders the writes
        // before the next holder's reads.
        unsafe {
            if d >= l.deep & DEPTH {
                *self.recent.key.get() = *self.deep.key.get();
                *self.deep.key.get() = MaybeUninit::new(key);
                self.recent.data.store(l.deep, Ordering::Relaxed);
                l.deep = e;
            } else {
                *self.recent.key.get() = MaybeUninit::new(key);
                self.recent.data.store(e, Ordering::Relaxed);
            }
        }
    }
}
