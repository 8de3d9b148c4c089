//! The generator's listing conventions and its counting without listing,
//! held to each other over seeded random positions of every rule set.

use rulecheck::draughts::notation::{parse_fen, write_fen, SquareStyle};
use rulecheck::draughts::Dispatch;
use rulecheck::draughts::Geometry;
use rulecheck::draughts::Position;
use rulecheck::draughts::Word;
use rulecheck::draughts::DEVIATIONS;
use rulecheck::draughts::{apply, Generator, Listing, Move};
use rulecheck::draughts::{CaptureDuty, Rules, Side};

fn listed(rules: &Rules, fen: &str, listing: Listing) -> Vec<Move> {
    let pos = parse_fen(fen, rules).expect("test FEN parses");
    let mut out = Vec::new();
    Generator::new(rules).generate(&pos, &mut out, listing);
    out
}

/// The moves, paths and routes listed from `fen`, held to how many of
/// each are expected.
fn listings(rules: &Rules, fen: &str, sizes: [usize; 3]) -> [Vec<Move>; 3] {
    let lists = [Listing::Moves, Listing::Paths, Listing::Routes].map(|listing| listed(rules, fen, listing));
    assert_eq!(lists.each_ref().map(Vec::len), sizes, "moves, paths, routes from {fen}");
    lists
}

/// 1-based square numbers of bit indices.
fn numbers(g: &Geometry, bits: &[u8]) -> Vec<u8> {
    bits.iter().map(|&b| g.square(b).expect("a square") + 1).collect()
}

/// A seeded stream of pseudo-random numbers (xorshift).
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// A random position: each square holds a black piece `share` times in a
/// hundred, a white one as often, and a piece is a king one time in
/// `king_odds`, or always on its side's crowning row.
fn random_position<B: Word>(
    rules: &Rules,
    turn: Side,
    share: u64,
    king_odds: u64,
    next: &mut impl FnMut() -> u64,
) -> Position<B> {
    let g = &rules.geometry;
    let mut pos = Position::new(B::ZERO, B::ZERO, B::ZERO, turn);
    for s in 0..g.squares() {
        let r = next() % 100;
        let m = g.mask::<B>(s);
        if r < share {
            pos.black |= m;
        } else if r < 2 * share {
            pos.white |= m;
        }
        let side = if g.holds(pos.black, s) { Side::Black } else { Side::White };
        if (r < 2 * share && next().is_multiple_of(king_odds)) || g.holds(rules.promotion_row::<B>(side), s) {
            pos.kings |= m & pos.occupied();
        }
    }
    pos
}

/// The white king on 22 goes round the four men and comes back, either
/// way round: one move, two paths (two orders of capture), two routes.
#[test]
fn a_circuit_is_one_move_with_a_path_each_way_round() {
    let rules = Rules::english();
    let g = &rules.geometry;
    let [_, paths, _] = listings(&rules, "W:WK22:B18,10,9,17", [1, 2, 2]);
    assert!(paths[0].same_move(&paths[1]));
    assert!(!paths[0].same_path(&paths[1], g));
    let mut orders: Vec<Vec<u8>> = paths.iter().map(|m| numbers(g, &m.captured_in_order(g))).collect();
    orders.sort();
    assert_eq!(orders, [vec![17, 9, 10, 18], vec![18, 10, 9, 17]]);
}

/// The king on 46 takes 28 and then 14 further up the same diagonal,
/// touching down on 23 or 19 between them, and ends on 10 or 5: two
/// moves, two paths (the touchdown makes no path of its own), four
/// routes.
#[test]
fn a_straight_run_over_two_pieces_is_one_path_whatever_the_touchdown() {
    let rules = Rules::international();
    let g = &rules.geometry;
    let [_, paths, routes] = listings(&rules, "W:WK46:B3,14,28", [2, 2, 4]);
    for m in &paths {
        assert_eq!(numbers(g, &m.captured_in_order(g)), [28, 14]);
    }
    let mut routes: Vec<Vec<u8>> = routes.iter().map(|m| numbers(g, m.path())).collect();
    routes.sort();
    assert_eq!(routes, [vec![19, 5], vec![19, 10], vec![23, 5], vec![23, 10]]);
}

/// A king that may land on any square of a run before turning still
/// branches on where it turns: those are different pieces taken.
#[test]
fn a_turn_from_each_square_of_a_run_is_a_path_of_its_own() {
    let rules = Rules::russian();
    // a1 takes c3 and may stop on d4 (then over f2 to g1) or on e5
    // (then over d6 to c7 or b8): three paths, three moves.
    let fen = "W:WKa1:Bc3,d6,f2";
    assert_eq!(listed(&rules, fen, Listing::Paths).len(), 3);
    assert_eq!(listed(&rules, fen, Listing::Moves).len(), 3);
}

/// Every path of the paths listing is a different path; every route of
/// the routes listing is one of them; the moves listing has each move of
/// the routes once; over seeded random positions of every variant with
/// many kings. Under a ranked precedence rule the routes are ranked after
/// the search, the other listings as it goes: two ways to one choice.
#[test]
fn paths_are_the_distinct_paths_of_the_routes() {
    let mut next = xorshift(0x5EED_u64);
    for rules in [
        Rules::english(),
        Rules::russian(),
        Rules::international(),
        Rules::pool(),
        Rules::frisian(),
        Rules::italian(),
        Rules::czech(),
        Rules::spanish(),
    ] {
        paths_of_routes::<u64>(&rules, &mut next);
    }
    paths_of_routes::<u128>(&Rules::canadian(), &mut next);
}

fn paths_of_routes<B: Dispatch>(rules: &Rules, next: &mut impl FnMut() -> u64) {
    let g = &rules.geometry;
    let gen = Generator::<B>::new(rules);
    let (mut routes, mut paths, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    for _ in 0..3000 {
        let pos = random_position::<B>(rules, Side::White, 20, 2, next);
        gen.legal_routes(&pos, &mut routes);
        gen.legal_paths(&pos, &mut paths);
        gen.legal_moves(&pos, &mut moves);
        let key = |m: &Move<B>| (m.from, m.captured_in_order(g), m.turns(g), m.to);
        let mut distinct: Vec<_> = routes.iter().map(key).collect();
        distinct.sort();
        distinct.dedup();
        let mut listed: Vec<_> = paths.iter().map(key).collect();
        listed.sort();
        let fen = write_fen(&pos, rules, SquareStyle::Numeric);
        assert_eq!(listed, distinct, "at {fen}");
        // The moves are the distinct moves of the routes, each once.
        let move_key = |m: &Move<B>| (m.from, m.to, m.captured);
        let mut distinct: Vec<_> = routes.iter().map(move_key).collect();
        distinct.sort();
        distinct.dedup();
        let mut listed: Vec<_> = moves.iter().map(move_key).collect();
        listed.sort();
        assert_eq!(listed, distinct, "moves at {fen}");
        checked += usize::from(routes.len() > paths.len());
    }
    if rules.flying_kings {
        assert!(checked > 50, "too few positions where routes and paths differ: {checked}");
    }
}

/// The counts perft takes at its last two plies, without listing moves,
/// are the lengths of the listings: under every standard rule set, each
/// of its single-rule deviations (the same code reading its rules at run
/// time) and the English house rule, in both counting conventions, over
/// seeded random positions with many kings and positions of play.
#[test]
fn counting_without_listing_agrees_with_the_listings() {
    let mut next = xorshift(0xC0_u64);
    let mut configs = Vec::new();
    for base in [
        Rules::english(),
        Rules::russian(),
        Rules::international(),
        Rules::pool(),
        Rules::italian(),
        Rules::czech(),
        Rules::spanish(),
        Rules::frisian(),
    ] {
        for m in DEVIATIONS {
            let mut r = base.clone();
            (m.apply)(&mut r);
            configs.push(r);
        }
        configs.push(base);
    }
    let mut optional = Rules::english();
    optional.capture = CaptureDuty::Optional;
    configs.push(optional);
    for rules in &configs {
        counts_agree::<u64>(rules, &mut next);
    }
    // The 12x12 board, in the wide word: its compiled rules and each
    // single-rule deviation of them.
    for m in DEVIATIONS {
        let mut r = Rules::canadian();
        (m.apply)(&mut r);
        counts_agree::<u128>(&r, &mut next);
    }
    counts_agree::<u128>(&Rules::canadian(), &mut next);
}

fn counts_agree<B: Dispatch>(rules: &Rules, mut next: &mut impl FnMut() -> u64) {
    let mut moves = Vec::new();
    {
        let gen = Generator::<B>::new(rules);
        let mut positions = Vec::new();
        for _ in 0..150 {
            let turn = if next().is_multiple_of(2) { Side::White } else { Side::Black };
            positions.push(random_position::<B>(rules, turn, 18, 3, &mut next));
        }
        let mut pos = Position::start(rules);
        for _ in 0..60 {
            positions.push(pos);
            gen.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos = apply(&pos, &moves[next() as usize % moves.len()]);
        }
        counts_agree_at(rules, &positions);
    }
}

/// The counts without listing of each position are the lengths of the
/// listings, in both conventions; the most pieces a listed move takes.
fn counts_agree_at<B: Dispatch>(rules: &Rules, positions: &[Position<B>]) -> u32 {
    let (mut moves, mut replies, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    let mut most = 0;
    {
        let gen = Generator::<B>::new(rules);
        for pos in positions {
            for (listing, paths) in [(Listing::Moves, false), (Listing::Paths, true)] {
                gen.generate(pos, &mut moves, listing);
                let fen = write_fen(pos, rules, SquareStyle::Numeric);
                assert_eq!(
                    gen.count_moves(pos, &mut scratch, paths),
                    moves.len() as u64,
                    "{fen} {:?}",
                    rulecheck::draughts::GenRules::of(rules)
                );
                let mut two = 0;
                for m in &moves {
                    gen.generate(&apply(pos, m), &mut replies, listing);
                    two += replies.len() as u64;
                    most = most.max(m.captured.count_ones());
                }
                assert_eq!(
                    gen.count_children(pos, &mut scratch, paths),
                    two,
                    "{fen} {:?}",
                    rulecheck::draughts::GenRules::of(rules)
                );
            }
        }
    }
    most
}

/// Positions without kings under the Frisian rules and each single-rule
/// deviation of them: there the counters split the men's first jumps by
/// shifts and search the rest with the men's own search (where the rules
/// allow it), at the last ply and at the two last. Crowded boards, so that
/// captures of one piece and of several come up.
#[test]
fn counting_without_kings_agrees_with_the_listings() {
    let mut next = xorshift(0xF5_u64);
    let mut configs: Vec<Rules> = DEVIATIONS
        .iter()
        .map(|m| {
            let mut r = Rules::frisian();
            (m.apply)(&mut r);
            r
        })
        .collect();
    configs.push(Rules::frisian());
    let mut most = 0;
    for rules in &configs {
        let mut positions = Vec::new();
        for _ in 0..120 {
            let turn = if next().is_multiple_of(2) { Side::White } else { Side::Black };
            let mut pos = random_position::<u64>(rules, turn, 30, u64::MAX, &mut next);
            // No kings, and no man on the row it is crowned on.
            pos.black &= !rules.promotion_row::<u64>(Side::Black);
            pos.white &= !rules.promotion_row::<u64>(Side::White);
            pos.kings = 0;
            positions.push(pos);
        }
        most = most.max(counts_agree_at::<u64>(rules, &positions));
    }
    assert!(most >= 3, "captures of several pieces come up (at most {most})");
}

/// The men's own search, under the diagonal rules: crowded positions of
/// men (some with kings beside them, whose captures the general search
/// finds) under every rule set whose men capture along the diagonals and
/// each single-rule deviation of them. Where a man crowned on the way goes
/// on as a king (Russian, pool), the general search takes it from the
/// crowning square: such moves come up here, so that the hand-over is
/// held to the listings too.
#[test]
fn the_mens_search_agrees_with_the_listings_on_the_diagonals() {
    let mut next = xorshift(0xD1A6_u64);
    let mut crowned_on_the_way = 0;
    for base in [Rules::russian(), Rules::pool(), Rules::english(), Rules::international(), Rules::brazilian()] {
        let mut configs: Vec<Rules> = DEVIATIONS
            .iter()
            .map(|m| {
                let mut r = base.clone();
                (m.apply)(&mut r);
                r
            })
            .collect();
        configs.push(base);
        for rules in &configs {
            let mut positions = Vec::new();
            for i in 0..80 {
                let turn = if next().is_multiple_of(2) { Side::White } else { Side::Black };
                let king_odds = if i % 2 == 0 { u64::MAX } else { 6 };
                let mut pos = random_position::<u64>(rules, turn, 30, king_odds, &mut next);
                // No man on the row it is crowned on; half the positions
                // without kings.
                pos.black &= !rules.promotion_row::<u64>(Side::Black) | pos.kings;
                pos.white &= !rules.promotion_row::<u64>(Side::White) | pos.kings;
                if i % 2 == 0 {
                    pos.black &= !pos.kings;
                    pos.white &= !pos.kings;
                    pos.kings = 0;
                }
                positions.push(pos);
            }
            counts_agree_at::<u64>(rules, &positions);
            let gen = Generator::<u64>::new(rules);
            let mut moves = Vec::new();
            for pos in &positions {
                gen.generate(pos, &mut moves, Listing::Moves);
                let row = rules.promotion_row::<u64>(pos.turn);
                crowned_on_the_way += moves
                    .iter()
                    .filter(|m| m.crowns && (pos.kings & (1 << m.from)) == 0 && row & (1 << m.to) == 0)
                    .count();
            }
        }
    }
    assert!(crowned_on_the_way >= 10, "men crowned on the way that go on as kings come up ({crowned_on_the_way})");
}

/// Under the deviation, a man that captures onto the crowning row stays
/// a man; a plain move onto it still crowns.
#[test]
fn without_crowning_by_capture_the_man_stays_a_man() {
    let mut rules = Rules::english();
    rules.crown_by_capture = false;
    let capture = listed(&rules, "B:W26:B22", Listing::Moves);
    assert_eq!(capture.len(), 1);
    assert!(!capture[0].crowns);
    let step = listed(&rules, "B:W1:B27", Listing::Moves);
    assert!(step.iter().all(|m| m.crowns));

    // Russian: the man on d6 takes e7 and reaches f8. Crowned, it takes
    // g7 and then f4 from a distance as a king (d6:f8:h6:e3, d2 or c1);
    // under the deviation it takes g7 as a man and stops on h6, a man.
    let mut rules = Rules::russian();
    let fen = "W:Wd6:Be7,g7,f4";
    let crowned = listed(&rules, fen, Listing::Moves);
    rules.crown_by_capture = false;
    let uncrowned = listed(&rules, fen, Listing::Moves);
    let g = &rules.geometry;
    let ends = |ms: &[Move]| -> Vec<(String, bool)> {
        let mut v: Vec<(String, bool)> = ms.iter().map(|m| (g.algebraic(g.square(m.to).unwrap()), m.crowns)).collect();
        v.sort();
        v
    };
    let own = |v: &[(&str, bool)]| -> Vec<(String, bool)> { v.iter().map(|&(s, c)| (s.to_string(), c)).collect() };
    assert_eq!(ends(&crowned), own(&[("c1", true), ("d2", true), ("e3", true)]));
    assert_eq!(ends(&uncrowned), own(&[("h6", false)]));
}
