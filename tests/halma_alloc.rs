//! Chinese checkers perft allocates nothing per node: a counting global
//! allocator shows that a perft one level deeper, with many times the
//! nodes, makes no more allocations than the shallower one (those of the
//! root: the game's own move list, the position parsed from text; and the
//! room each thread makes once for the three-ply count). A walk
//! that built a move list, a position with lists in it or a game per node
//! would make thousands more.

// A test reports what broke by panicking: unwrap, expect and panic are its asserts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rulecheck::game::Options;
use rulecheck::halma::perft;
use rulecheck::halma::Position;
use rulecheck::halma::{ChineseCheckers, Rules};
use rulecheck::registry::configure;

/// Counts the allocations of the thread that makes them, so that tests
/// running beside each other do not mix their counts.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn tick() {
    // Never fails for a `const` thread-local without a destructor; a
    // thread being torn down simply goes uncounted.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator; the
// count is a plain thread-local cell that allocates nothing itself.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        tick();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        tick();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        tick();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The value of `f` and the allocations it made.
fn counted<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

fn options(pairs: &[(&str, &str)]) -> Options {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Tables and house rules, each with the shallower of the two depths
/// compared: every form, 2, 3 and 6 players, chains that cannot turn,
/// voluntary passing, the Japanese king's long jump through closed camps.
fn cases() -> Vec<(Options, u32)> {
    vec![
        (options(&[]), 3),
        (options(&[("players", "3")]), 3),
        (options(&[("players", "6")]), 2),
        (options(&[("form", "japanese")]), 3),
        (options(&[("form", "japanese"), ("players", "3"), ("foreign-camps", "pass"), ("king-jumps-king", "on")]), 3),
        (options(&[("players", "4"), ("move-limit", "2"), ("no-progress", "5")]), 3),
    ]
}

#[test]
fn a_deeper_perft_makes_no_more_allocations() {
    for (options, depth) in cases() {
        let mut rules = ChineseCheckers::rules(&options);
        for deviate in [false, true] {
            if deviate {
                rules.chains_turn = false;
                rules.voluntary_pass = true;
            }
            let start = Position::start(&rules);
            // Built once on first use: the board, the hop tables, and the
            // thread's room for the counts three plies above the leaves
            // (made at the first such node, four plies below the root).
            perft(&start, &rules, 4);
            let (shallow, a) = counted(|| perft(&start, &rules, depth));
            let (deep, b) = counted(|| perft(&start, &rules, depth + 1));
            assert!(deep > 10 * shallow.max(1), "{options:?}: {shallow} then {deep} leaves");
            assert!(b <= a, "{options:?} deviate={deviate}: {a} allocations at depth {depth}, {b} at {}", depth + 1);
            assert!(a < 100, "{options:?}: {a} allocations at the root");
        }
    }
}

/// The same through the text interface `rulecheck perft` uses: the
/// position parsed once, the walk below allocating nothing.
#[test]
fn a_deeper_perft_through_the_game_makes_no_more_allocations() {
    for (options, depth) in cases() {
        let g = configure("chinese-checkers", &options).expect("variant");
        let start = g.start_position();
        // Once on first use, as above.
        g.perft(&start, 4, false).expect("perft");
        let (_, a) = counted(|| g.perft(&start, depth, false).expect("perft"));
        let (_, b) = counted(|| g.perft(&start, depth + 1, false).expect("perft"));
        assert!(b <= a, "{options:?}: {a} allocations at depth {depth}, {b} at {}", depth + 1);
    }
}

/// The counting itself works: a walk that allocates is seen.
#[test]
fn the_count_sees_allocations() {
    let rules = Rules::international(2);
    let (_, n) = counted(|| (0..10).map(|i| vec![i; 3]).collect::<Vec<_>>());
    assert!(n >= 11, "{n}");
    let (_, none) = counted(|| Position::start(&rules).cells.len());
    assert_eq!(none, 0, "a start position with empty lists allocates nothing");
}
