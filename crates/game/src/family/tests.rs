//! A family of the smallest kind spoken through [`Text`]: what the text
//! side does is written once, so it is tested once, here.

use super::*;

/// A race to five: a move adds 1 or 2 to the total, which may not pass
/// five, and the player who cannot move loses. A position is written
/// `total/turn`; a stray third field (`2/0/x`) is what normalizing
/// drops.
struct Race;

#[derive(Clone)]
struct Game {
    pos: (u32, u8, bool),
    legal: Vec<u32>,
    resigned: Option<u8>,
}

impl Game {
    fn new(pos: (u32, u8, bool)) -> Game {
        Game { legal: (1..=2).filter(|m| pos.0 + m <= 5).collect(), pos, resigned: None }
    }
}

struct Count;

impl Walk<(u32, u8, bool), u32> for Count {
    fn count(&mut self, pos: &(u32, u8, bool), depth: u32) -> u64 {
        let game = Game::new(*pos);
        match depth {
            0 => 1,
            _ => game.legal.iter().map(|m| self.count(&(pos.0 + m, 1 - pos.1, false), depth - 1)).sum(),
        }
    }
    fn divide_observed(&mut self, pos: &(u32, u8, bool), depth: u32, _: &dyn Fn()) -> Vec<(u32, u64)> {
        let legal = Game::new(*pos).legal;
        legal.into_iter().map(|m| (m, self.count(&(pos.0 + m, 1 - pos.1, false), depth - 1))).collect()
    }
}

impl Notated for Race {
    type Position = (u32, u8, bool);
    type Move = u32;
    fn parse_position(&self, text: &str) -> Result<(u32, u8, bool), NotationError> {
        let fields: Vec<&str> = text.split('/').collect();
        match fields.as_slice() {
            [t, s, rest @ ..] if rest.len() <= 1 => match (t.parse(), s.parse()) {
                (Ok(t), Ok(s)) if t <= 5 && s < 2 => Ok((t, s, !rest.is_empty())),
                _ => Err(NotationError::whole("not a race position")),
            },
            _ => Err(NotationError::whole("not a race position")),
        }
    }
    fn write_move(&self, _: &(u32, u8, bool), m: &u32) -> String {
        format!("+{m}")
    }
}

impl Family for Race {
    type Player = u8;
    type Written = u32;
    type Action = Option<u32>;
    type State<'a> = Game;
    type Perft<'a> = Count;
    type Hashed<'a> = Count;

    fn variant(&self) -> &'static str {
        "race"
    }
    fn board(&self) -> String {
        "a line of six".into()
    }
    fn players(&self) -> Vec<u8> {
        vec![1, 0]
    }
    fn player_name(&self, p: u8) -> String {
        ["left", "right"][usize::from(p)].into()
    }
    fn start(&self) -> (u32, u8, bool) {
        (0, 1, false)
    }
    fn write_position(&self, pos: &(u32, u8, bool)) -> String {
        format!("{}/{}{}", pos.0, pos.1, if pos.2 { "/x" } else { "" })
    }
    fn normalize(&self, pos: (u32, u8, bool)) -> (u32, u8, bool) {
        (pos.0, pos.1, false)
    }
    fn turn(&self, pos: &(u32, u8, bool)) -> u8 {
        pos.1
    }
    fn set_turn(&self, pos: &mut (u32, u8, bool), p: u8) {
        pos.1 = p;
    }
    fn diagram(&self, pos: &(u32, u8, bool)) -> String {
        self.write_position(pos)
    }
    fn draw(&self, _: &(u32, u8, bool), _: &dyn Fn(usize) -> Option<&'static str>) -> String {
        String::new()
    }
    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        crate::notation::only_notation(name, "plus", "race")
    }
    fn move_examples(&self) -> &'static str {
        "+1, +2"
    }
    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        text.strip_prefix('+').and_then(|n| n.parse().ok()).ok_or_else(|| NotationError::whole("not a step"))
    }
    fn cells(&self, step: &u32) -> Vec<usize> {
        vec![*step as usize]
    }
    fn move_key(&self, pos: &(u32, u8, bool), step: &u32, _: &str) -> Result<MoveKey, NotationError> {
        Ok(MoveKey { key: step.to_string(), display: self.write_move(pos, step) })
    }
    fn parse_square(&self, text: &str) -> Result<usize, NotationError> {
        text.parse().ok().filter(|&c| c <= 5).ok_or_else(|| NotationError::whole("not a cell of the line"))
    }
    fn write_square(&self, cell: usize) -> String {
        cell.to_string()
    }
    /// The total is a count: no piece stands on the line, and none is taken.
    fn occupied(&self, _: &(u32, u8, bool)) -> Vec<(usize, u8)> {
        Vec::new()
    }
    fn remove(&self, _: &mut (u32, u8, bool), _: usize) {}
    fn begin(&self, pos: (u32, u8, bool)) -> Game {
        Game::new(pos)
    }
    fn position<'s>(&self, state: &'s Game) -> &'s (u32, u8, bool) {
        &state.pos
    }
    fn outcome(&self, state: &Game) -> String {
        match state.resigned {
            Some(p) => format!("{} wins: resign", self.player_name(1 - p)),
            None if state.legal.is_empty() => format!("{} wins: no-moves", self.player_name(1 - state.pos.1)),
            None => "ongoing".into(),
        }
    }
    fn legal_moves<'s>(&self, state: &'s Game) -> &'s [u32] {
        if state.resigned.is_some() {
            &[]
        } else {
            &state.legal
        }
    }
    fn action(&self, state: &Game, action: &Action) -> Result<Result<Option<u32>, &'static str>, NotationError> {
        Ok(match action {
            Action::Move(text) => {
                let step = self.parse_move(text)?;
                if state.legal.contains(&step) {
                    Ok(Some(step))
                } else {
                    Err("too-far")
                }
            }
            Action::Resign(p) => self.player(p).map(|_| Ok(None))?,
            _ => Err("no-draw"),
        })
    }
    fn play(&self, state: &mut Game, action: Option<u32>) -> Result<(), &'static str> {
        if self.outcome(state) != "ongoing" {
            return Err("game-over");
        }
        match action {
            Some(step) => *state = Game::new((state.pos.0 + step, 1 - state.pos.1, false)),
            None => state.resigned = Some(state.pos.1),
        }
        Ok(())
    }
    fn perft(&self, _: bool) -> Count {
        Count
    }
    fn hashed(&self, _: bool, _: usize, threads: usize) -> Result<Vec<Count>, TableError> {
        Ok((0..threads.max(1)).map(|_| Count).collect())
    }
}

fn moves(texts: &[&str]) -> Vec<Action> {
    texts.iter().map(|t| Action::Move(t.to_string())).collect()
}

#[test]
fn a_family_is_spoken_in_text() {
    let race = Text::boxed(Race);
    assert_eq!(race.players(), ["right", "left"], "in turn order");
    assert_eq!(race.start_position(), "0/1");
    assert_eq!(race.normalize_position("2/0/x"), Ok("2/0".to_string()));
    assert_eq!(race.turn_cleared("2/0/x"), Ok("2/1".to_string()), "the first player to move");
    let replay = race.replay("0/1", &moves(&["+2", "+2"])).expect("legal steps");
    assert_eq!((replay.position.as_str(), replay.to_move.as_str()), ("4/1", "right"));
    assert_eq!((replay.result.as_str(), replay.moves), ("ongoing", vec!["+1".to_string()]));
    let over = race.replay("4/1", &[Action::Resign("right".into())]).expect("a resignation");
    assert_eq!((over.result.as_str(), over.moves.len()), ("left wins: resign", 0));
    assert_eq!(race.perft("0/1", 3, false), Ok(7));
    assert_eq!(race.divide("3/0", 2, false), Ok(vec![("+1".to_string(), 1), ("+2".to_string(), 0)]));
    assert_eq!(race.move_key("0/1", "+2").map(|k| k.display), Ok("+2".to_string()));
    assert_eq!(race.move_cells("+2"), [2]);
    assert!(race.move_cells("two").is_empty() && race.check_move("two").is_err());
    assert_eq!(race.normalize_square("03"), Ok("3".to_string()), "as moves write it");
    assert!(race.normalize_square("6").is_err());
    assert_eq!(race.captured("0/1", "2/0"), Ok(Vec::new()), "nothing to take");
}

#[test]
fn a_refusal_names_the_action_and_the_position_it_was_refused_in() {
    let race = Text::boxed(Race);
    let refused = race.replay("0/1", &moves(&["+2", "+2", "+2"]));
    let expected = Rejection { index: 2, reason: "too-far".into(), position: "4/1".into() };
    assert_eq!(refused, Err(GameError::Rejected(expected)));
    let played = moves(&["+2"]);
    assert_eq!(race.explain("0/1", &played, &Action::Move("+2".into())), Ok(None));
    assert_eq!(race.explain("3/1", &[], &Action::Move("+2".into())), Ok(None));
    assert_eq!(race.explain("4/1", &[], &Action::Move("+2".into())), Ok(Some("too-far".into())));
    assert_eq!(race.explain("5/1", &[], &Action::Resign("left".into())), Ok(Some("game-over".into())));
    let unknown = race.explain("0/1", &[], &Action::Resign("up".into()));
    let message = "unknown player 'up' (players: left, right)";
    assert_eq!(unknown, Err(GameError::Notation(NotationError::whole(message))), "listed by name");
}
