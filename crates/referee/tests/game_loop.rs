//! The game loop over players written in Rust, no process and no protocol:
//! any `Player` plugs in. A player that plays the reference's first legal
//! move finishes games as the reference says; one that lies at a chosen
//! ply is caught there, its move and its principal variation each checked
//! from the position they were played in. A player that keeps its own
//! game (as a DXP engine does) is asked where the game ends on its turn,
//! and the end it claims is judged against the reference's result.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use rulecheck_game::Options;
use rulecheck_referee::board::WireMove;
use rulecheck_referee::judge::Judge;
use rulecheck_referee::play::{play, Table};
use rulecheck_referee::player::{Answer, Asked, Chosen, Claimed, Ending, Failure, Player, Seat};
use rulecheck_referee::random::RandomMover;
use rulecheck_referee::record::{End, Wrong};

/// Plays the reference's first legal move, with it alone as its
/// variation; at ply `lie_at` it plays `lie` instead, and from ply
/// `pv_lie_at` it adds `pv_lie` to its variation.
struct Scripted {
    judge: Judge,
    lie_at: Option<(usize, Chosen)>,
    pv_tail: Option<(usize, WireMove)>,
    games: usize,
}

impl Scripted {
    fn new() -> Scripted {
        Scripted { judge: judge(), lie_at: None, pv_tail: None, games: 0 }
    }
}

impl Player for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn new_game(&mut self, _seat: &Seat<'_>) -> Result<(), Failure> {
        self.games += 1;
        Ok(())
    }

    fn play(&mut self, asked: &Asked<'_>) -> Result<Answer, Failure> {
        let ply = asked.played.len();
        let first = self.judge.wire_of(asked.position, &asked.legal[0]).unwrap();
        let mut line = vec![first.clone()];
        if let Some((at, extra)) = &self.pv_tail {
            if *at == ply {
                line.push(extra.clone());
            }
        }
        let chosen = match &self.lie_at {
            Some((at, lie)) if *at == ply => lie.clone(),
            _ => Chosen::Move(first),
        };
        Ok(Answer { chosen, lines: vec![line] })
    }
}

fn judge() -> Judge {
    Judge::new("international", &Options::new()).unwrap()
}

fn game(players: &mut [Box<dyn Player>], start: &str, max_plies: usize) -> rulecheck_referee::GameRecord {
    let judge = judge();
    let (white, black) = (0, players.len() - 1);
    play(Table { judge: &judge, players, white, black, start, initial: false, number: 1, max_plies, last: true })
        .unwrap()
}

#[test]
fn a_player_of_legal_moves_plays_to_the_references_result() {
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(Scripted::new())];
    let rec = game(&mut players, "W:W28,45:B23,3", 300);
    assert!(matches!(&rec.end, End::Over(r) if r.starts_with("white wins") || r.starts_with("draw")), "{:?}", rec.end);
    assert_eq!(rec.moves_checked, rec.moves.len());
    assert_eq!(rec.pv_checked, rec.moves.len(), "one variation move a search, each checked");
    // Two distinct players, the random mover one of them.
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(Scripted::new()), Box::new(RandomMover::new(judge(), 5))];
    let rec = game(&mut players, "W:W28,45:B23,3", 300);
    assert!(matches!(rec.end, End::Over(_) | End::Unfinished), "{:?}", rec.end);
    assert_eq!(rec.black, "random mover");
    assert_eq!(rec.moves_checked, rec.moves.len().div_ceil(2), "the random mover's moves are not counted");
}

#[test]
fn the_move_limit_ends_a_game_unfinished() {
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(Scripted::new())];
    let rec = game(&mut players, "W:W31-50:B1-20", 4);
    assert!(matches!(rec.end, End::Unfinished), "{:?}", rec.end);
    assert_eq!(rec.moves.len(), 4);
}

#[test]
fn a_lie_is_caught_at_its_ply_with_the_references_reason() {
    let mut liar = Scripted::new();
    // At the start white must take 23 with 28: a plain move is refused.
    liar.lie_at = Some((0, Chosen::Move(WireMove::new(45, 40, vec![]))));
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(liar)];
    let rec = game(&mut players, "W:W28,45:B23,3", 300);
    let End::Violation(v) = &rec.end else { panic!("{:?}", rec.end) };
    assert_eq!((v.ply, v.side.as_str()), (0, "white"));
    let Wrong::Illegal { wire, refusal } = &v.wrong else { panic!("{:?}", v.wrong) };
    assert_eq!(wire.to_string(), "45-40");
    assert_eq!((refusal.reason.as_str(), refusal.written.as_deref()), ("must-capture", Some("45-40")));
    let mut claimer = Scripted::new();
    claimer.lie_at = Some((1, Chosen::NoMove { said: "done".into() }));
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(claimer)];
    let rec = game(&mut players, "W:W28,45:B23,3", 300);
    let End::Violation(v) = &rec.end else { panic!("{:?}", rec.end) };
    assert!(matches!(&v.wrong, Wrong::NoMove { legal, .. } if legal == &["3-8", "3-9"]), "{:?}", v.wrong);
    assert_eq!((v.ply, v.position.as_str()), (1, "B:W19,45:B3"));
}

#[test]
fn a_variation_is_checked_from_where_it_goes_and_not_past_the_end_of_the_game() {
    let mut dreamer = Scripted::new();
    // After 28x19, black's man on 3 cannot jump to 14.
    dreamer.pv_tail = Some((0, WireMove::new(3, 14, vec![])));
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(dreamer)];
    let rec = game(&mut players, "W:W28,45:B23,3", 300);
    let End::Violation(v) = &rec.end else { panic!("{:?}", rec.end) };
    let pv = v.pv.as_ref().expect("in a variation");
    assert_eq!((pv.before.as_slice(), v.position.as_str()), (&["28x19".to_string()][..], "B:W19,45:B3"));
    assert!(matches!(&v.wrong, Wrong::Illegal { refusal, .. } if refusal.reason == "too-far"), "{:?}", v.wrong);
    assert_eq!(rec.pv_checked, 2);
    // Past the end of the game nothing is flagged: white takes black's
    // last man, and the variation goes on.
    let mut dreamer = Scripted::new();
    dreamer.pv_tail = Some((0, WireMove::new(3, 14, vec![])));
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(dreamer)];
    let rec = game(&mut players, "W:W28:B23", 300);
    assert!(matches!(&rec.end, End::Over(r) if r == "white wins: no-pieces"), "{:?}", rec.end);
    assert_eq!(rec.pv_checked, 1);
}

/// Keeps its own game: plays the reference's first legal move, and where
/// the game is over (or at `at_end`'s ply) answers with `at_end`'s choice;
/// told how each game ended.
struct Keeper {
    judge: Judge,
    at_end: Option<(Option<usize>, Chosen)>,
    agreed: Option<usize>,
    /// The ends it was told of: the reference's result, and whether it was
    /// the run's last game.
    told: Told,
}

/// The ends a keeper was told of, shared with the test.
type Told = std::rc::Rc<std::cell::RefCell<Vec<(Option<String>, bool)>>>;

impl Keeper {
    fn new(at_end: Option<(Option<usize>, Chosen)>) -> Keeper {
        Keeper { judge: judge(), at_end, agreed: None, told: Default::default() }
    }
}

fn end(claimed: Claimed) -> Chosen {
    Chosen::End { claimed, said: "E".into() }
}

impl Player for Keeper {
    fn name(&self) -> String {
        "keeper".into()
    }

    fn keeps_game(&self) -> bool {
        true
    }

    fn agreed_plies(&self) -> Option<usize> {
        self.agreed
    }

    fn new_game(&mut self, _seat: &Seat<'_>) -> Result<(), Failure> {
        Ok(())
    }

    fn play(&mut self, asked: &Asked<'_>) -> Result<Answer, Failure> {
        let ply = asked.played.len();
        let chosen = match (&self.at_end, asked.legal.first()) {
            (Some((Some(at), c)), _) if *at == ply => c.clone(),
            (Some((None, c)), None) => c.clone(),
            (_, Some(m)) => Chosen::Move(self.judge.wire_of(asked.position, m).unwrap()),
            (_, None) => end(Claimed::Nothing),
        };
        Ok(Answer { chosen, lines: vec![] })
    }

    fn end_game(&mut self, ending: &Ending<'_>) -> Result<(), Failure> {
        self.told.borrow_mut().push((ending.result.map(str::to_string), ending.last));
        Ok(())
    }
}

/// One game of a keeper against the random mover (white, black).
fn kept(keeper: Keeper, start: &str, max_plies: usize) -> (rulecheck_referee::GameRecord, Vec<Box<dyn Player>>) {
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(keeper), Box::new(RandomMover::new(judge(), 3))];
    let rec = game(&mut players, start, max_plies);
    (rec, players)
}

#[test]
fn a_player_that_keeps_its_game_is_asked_where_it_ends_and_its_claim_judged() {
    // White takes black's last man: black (the keeper here plays white,
    // the random mover black) has lost. A keeper to move at the end is
    // asked; here the random mover is to move, so the game is over at once.
    let (rec, _) = kept(Keeper::new(None), "W:W28:B23", 300);
    assert!(matches!(&rec.end, End::Over(r) if r == "white wins: no-pieces"), "{:?}", rec.end);
    // Black to move without a piece, the keeper black: it is asked, and
    // its claim of a loss holds.
    let mut players: Vec<Box<dyn Player>> =
        vec![Box::new(RandomMover::new(judge(), 3)), Box::new(Keeper::new(Some((None, end(Claimed::Loss)))))];
    let rec = game(&mut players, "W:W28:B23", 300);
    assert!(matches!(&rec.end, End::Over(r) if r == "white wins: no-pieces"), "{:?}", rec.end);
    // A claim of a win there is a wrong result, and a move a move after
    // the end.
    for (chosen, reason) in [
        (end(Claimed::Win), "wrong-result"),
        (end(Claimed::Draw), "wrong-result"),
        (Chosen::Move(WireMove::new(3, 8, vec![])), "moved-after-end"),
    ] {
        let mut players: Vec<Box<dyn Player>> =
            vec![Box::new(RandomMover::new(judge(), 3)), Box::new(Keeper::new(Some((None, chosen))))];
        let rec = game(&mut players, "W:W28:B23", 300);
        let End::Violation(v) = &rec.end else { panic!("{:?}", rec.end) };
        assert_eq!(v.wrong.reason(), reason);
        assert_eq!(v.wrong.result(), Some("white wins: no-pieces"));
        assert_eq!((v.ply, v.side.as_str()), (1, "black"));
    }
}

#[test]
fn a_result_claimed_while_the_game_goes_on_is_a_violation_and_an_end_without_one_is_not() {
    let (rec, players) = kept(Keeper::new(Some((Some(2), end(Claimed::Win)))), "W:W31-50:B1-20", 300);
    let End::Violation(v) = &rec.end else { panic!("{:?}", rec.end) };
    assert_eq!((v.wrong.reason(), v.ply), ("win-claimed", 2));
    assert!(matches!(&v.wrong, Wrong::Claim { legal, .. } if !legal.is_empty()), "{:?}", v.wrong);
    drop(players);
    let (rec, _) = kept(Keeper::new(Some((Some(2), end(Claimed::Nothing)))), "W:W31-50:B1-20", 300);
    assert!(matches!(&rec.end, End::EndedBy { agreed: false, .. }), "{:?}", rec.end);
    // At the moves agreed, any end is the game's end, unjudged.
    let mut keeper = Keeper::new(Some((Some(4), end(Claimed::Win))));
    keeper.agreed = Some(4);
    let (rec, _) = kept(keeper, "W:W31-50:B1-20", 300);
    assert!(matches!(&rec.end, End::EndedBy { agreed: true, .. }), "{:?}", rec.end);
    assert_eq!(rec.moves.len(), 4);
}

#[test]
fn at_the_move_limit_a_keepers_move_is_checked_and_every_player_told_the_end() {
    // The keeper (white) is to move at the limit: its move is checked, not
    // played, and the game ends unfinished.
    let keeper = Keeper::new(None);
    let told = std::rc::Rc::clone(&keeper.told);
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(keeper), Box::new(RandomMover::new(judge(), 3))];
    let rec = game(&mut players, "W:W31-50:B1-20", 4);
    assert!(matches!(rec.end, End::Unfinished), "{:?}", rec.end);
    assert_eq!((rec.moves.len(), rec.moves_checked), (4, 3));
    assert_eq!(*told.borrow(), [(None, true)]);
    let keeper = Keeper::new(Some((None, end(Claimed::Loss))));
    let told = std::rc::Rc::clone(&keeper.told);
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(RandomMover::new(judge(), 3)), Box::new(keeper)];
    game(&mut players, "W:W28:B23", 300);
    assert_eq!(*told.borrow(), [(Some("white wins: no-pieces".to_string()), true)]);
    // A keeper that moves illegally at the limit is caught.
    let mut players: Vec<Box<dyn Player>> = vec![
        Box::new(Keeper::new(Some((Some(2), Chosen::Move(WireMove::new(46, 37, vec![])))))),
        Box::new(RandomMover::new(judge(), 3)),
    ];
    let rec = game(&mut players, "W:W31-50:B1-20", 2);
    assert!(
        matches!(&rec.end, End::Violation(v) if matches!(v.wrong, Wrong::Illegal { .. }) && v.ply == 2),
        "{:?}",
        rec.end
    );
}
