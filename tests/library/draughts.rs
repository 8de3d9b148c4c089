//! The draughts generator's notation of captures, through its public
//! surface as an engine author meets it: a circuit written either way
//! round, one cut short, a king's touchdown between two pieces, and the
//! squares a capture took.
//!
//! Here rather than in the crate's unit tests, so that the crate's own test
//! build never compiles the move generator a second time.

use rulecheck::draughts::variant;
use rulecheck::game::{Action, Game, Variant};

fn game(id: &str) -> Box<dyn Game> {
    let v = variant(id).expect("a draughts variant");
    v.configure(&v.info().options.iter().map(|o| (o.name.to_string(), o.default.to_string())).collect())
}

fn play(g: &dyn Game, pos: &str, m: &str) -> Result<String, String> {
    g.replay(pos, &[Action::Move(m.to_string())]).map(|r| r.position).map_err(|e| e.to_string())
}

fn why(g: &dyn Game, pos: &str, m: &str) -> Option<String> {
    g.explain(pos, &[], &Action::Move(m.to_string())).expect("explain")
}

/// Each circuit, its two ways round, each cut short before its last
/// capture, and the squares it takes in natural order.
type Circuit = (&'static str, &'static str, [&'static str; 2], [&'static str; 2], [&'static str; 4]);

const CIRCUITS: &[Circuit] = &[
    (
        "english",
        "W:WK22:B18,10,9,17",
        ["22x13x6x15x22", "22x15x6x13x22"],
        ["22x13x6x15", "22x15x6x13"],
        ["9", "10", "17", "18"],
    ),
    (
        "international",
        "W:W33:B3,18,19,28,29",
        ["33x22x13x24x33", "33x24x13x22x33"],
        ["33x22x13x24", "33x24x13x22"],
        ["18", "19", "28", "29"],
    ),
    (
        "russian",
        "W:WKc3:Bd4,d6,b6,b4",
        ["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3"],
        ["c3:a5:c7:e5", "c3:e5:c7:a5"],
        ["b4", "d4", "b6", "d6"],
    ),
];

#[test]
fn a_circuit_written_either_way_round_is_the_same_move() {
    for &(id, pos, ways, _, _) in CIRCUITS {
        let g = game(id);
        let [one, other] = ways.map(|m| play(g.as_ref(), pos, m));
        assert!(one.is_ok(), "{id} {}: {one:?}", ways[0]);
        assert_eq!(one, other, "{id}");
        let [k1, k2] = ways.map(|m| g.move_key(pos, m).expect("key").key);
        assert_eq!(k1, k2, "{id}");
        for m in ways {
            assert_eq!(why(g.as_ref(), pos, m), None, "{id} {m}");
        }
    }
}

#[test]
fn a_circuit_cut_short_is_unfinished_whichever_way_round() {
    for &(id, pos, _, short, _) in CIRCUITS {
        let g = game(id);
        for m in short {
            assert_eq!(why(g.as_ref(), pos, m).as_deref(), Some("chain-unfinished"), "{id} {m}");
            let refused = play(g.as_ref(), pos, m).expect_err("refused");
            assert!(refused.contains("chain-unfinished"), "{id} {m}: {refused}");
        }
    }
}

/// The king on 46 takes 28 and 14 on one diagonal, touching down on 23
/// or 19 between them: either square names the move.
#[test]
fn a_touchdown_between_two_pieces_may_be_written_as_any_square_between() {
    let g = game("international");
    let pos = "W:WK46:B3,14,28";
    assert_eq!(play(g.as_ref(), pos, "46x19x10"), play(g.as_ref(), pos, "46x23x10"));
    assert_eq!(play(g.as_ref(), pos, "46x19x10").as_deref(), Ok("B:WK10:B3"));
    assert_eq!(why(g.as_ref(), pos, "46x19x5"), None);
    assert_eq!(why(g.as_ref(), pos, "46x19").as_deref(), Some("chain-unfinished"));
}

/// What a capture took is read square by square, by owner: a circuit ends
/// on its own start square yet took the four pieces it went round, in the
/// notation the variant writes squares in; a square that held the other
/// side's piece and holds the mover's afterwards was taken too; the
/// mover's own squares never count. Chinese checkers takes nothing.
#[test]
fn what_a_capture_took_is_read_by_owner_not_by_the_start_square() {
    for &(id, pos, ways, _, taken) in CIRCUITS {
        let g = game(id);
        for m in ways {
            let after = play(g.as_ref(), pos, m).expect("a circuit");
            assert_eq!(g.captured(pos, &after), Ok(taken.map(str::to_string).to_vec()), "{id} {m}");
        }
    }
    let english = game("english");
    assert_eq!(english.captured("B:W18,30:B14", "W:W30:B18"), Ok(vec!["18".to_string()]), "landed on");
    assert_eq!(english.captured("B:W18,30:B14", "W:W18,30:B17"), Ok(Vec::new()), "a plain move");
    assert_eq!(english.normalize_square("c3").as_deref(), Ok("22"));
    let halma = rulecheck::registry::configure("chinese-checkers", &rulecheck::game::Options::new()).expect("halma");
    let start = halma.start_position();
    for m in halma.replay(&start, &[]).expect("the start").moves {
        let after = halma.replay(&start, &[Action::Move(m.clone())]).expect("a legal move").position;
        assert_eq!(halma.captured(&start, &after), Ok(Vec::new()), "{m}");
    }
}
