//! The rules of Chinese checkers as data: the number of players, the form
//! (international or Japanese), the camp and goal of every seat, and every
//! house rule. The seating follows from the form and the number of players.

use super::board::Board;

/// The two forms of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// 10 men each in 10-hole triangles, 2 to 6 players.
    International,
    /// Diamond Game: 14 men and a king each in 15-hole camps, 2 or 3 players.
    Japanese,
}

/// Which camps other than its home and goal a piece may enter. A camp is
/// a 15-hole camp in the Japanese form and a 10-hole triangle in the
/// international form ([`Rules::camp_holes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForeignCamps {
    /// Any camp (the international rule of the pages).
    Open,
    /// None of them, not even passing through in a chain of hops (the
    /// pages' Japanese rule).
    Closed,
    /// Only the 10-hole triangles of the other camps are closed.
    TrianglesClosed,
    /// A chain may pass through a closed camp but not stop in it.
    PassThrough,
}

/// A complete rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub players: u8,
    pub form: Form,
    /// The goal is complete when full with at least one own piece (on), or
    /// only when full of own pieces (off).
    pub blocking_prevention: bool,
    /// With 3+ players, play on until every place is decided.
    pub play_to_end: bool,
    /// The camp (0..6, clockwise from the south) each seat starts in, in
    /// seat order; entries past the number of players are unused.
    pub camps: [usize; 6],
    /// The goal camp of each seat, in seat order.
    pub goals: [usize; 6],
    /// The seat (1-based) that moves first in the first game at the table.
    pub first_seat: u8,
    /// Whether each rematch starts one seat further clockwise (house rule
    /// rotate-first-turn).
    pub rotate_first_turn: bool,
    /// Games the table has played before this one.
    pub rematch: u32,
    /// Turns each player may take before a game nobody has finished is
    /// drawn.
    pub move_limit: Option<u32>,
    /// Whether the move limit counts each player's own turns (the rule), or
    /// the turns of the whole table against the limit times the number of
    /// players (not a rule: after a resignation the others get more turns; a
    /// deviation the spec must catch).
    pub move_limit_per_player: bool,
    /// Turns without progress (see [`super::game`]) after which the
    /// unfinished players are ranked.
    pub no_progress: Option<u32>,
    pub foreign_camps: ForeignCamps,
    /// Whether a king may jump the other colours' kings (no piece may jump a
    /// king otherwise).
    pub king_jumps_king: bool,
    /// Whether a man may jump a king (not in any form; a deviation the spec
    /// must catch).
    pub men_jump_kings: bool,
    /// Whether a piece may hop over a piece of its own (the pages: a hop
    /// goes over a piece of any colour), or only over other players'.
    pub hop_own: bool,
    /// Whether a chain of hops may change direction.
    pub chains_turn: bool,
    /// Whether a player may pass while having a legal move (not a rule; a
    /// deviation the spec must catch).
    pub voluntary_pass: bool,
    /// Whether the king jumps a whole line of pieces at once (Japanese).
    pub king_long_jump: bool,
    /// Whether a goal is complete only with the king on its apex (Japanese).
    pub king_on_apex: bool,
}

impl Rules {
    /// The international form for a number of players, house rules at their
    /// defaults.
    pub fn international(players: u8) -> Rules {
        let camps = international_camps(players);
        Rules {
            players,
            form: Form::International,
            blocking_prevention: true,
            play_to_end: true,
            camps,
            goals: camps.map(opposite),
            first_seat: 1,
            rotate_first_turn: true,
            rematch: 0,
            move_limit: None,
            move_limit_per_player: true,
            no_progress: Some(DEFAULT_NO_PROGRESS),
            foreign_camps: ForeignCamps::Open,
            king_jumps_king: false,
            men_jump_kings: false,
            hop_own: true,
            chains_turn: true,
            voluntary_pass: false,
            king_long_jump: false,
            king_on_apex: false,
        }
    }

    /// The Japanese form (Diamond Game). Opposite points of the star share
    /// a colour, and a player's start and goal are one colour: the players
    /// sit on different colour pairs, every other camp clockwise from the
    /// south. Two players take the first two seats of the three-player
    /// table (south and north-west), never face to face, so that no
    /// player's goal is another player's home.
    pub fn japanese(players: u8) -> Rules {
        let camps = [0, 2, 4, 0, 0, 0];
        Rules {
            form: Form::Japanese,
            camps,
            goals: camps.map(opposite),
            foreign_camps: ForeignCamps::Closed,
            king_long_jump: true,
            king_on_apex: true,
            ..Rules::international(players)
        }
    }

    /// The camp of a seat (1-based).
    pub fn camp(&self, seat: u8) -> usize {
        self.camps[usize::from(seat - 1)]
    }

    /// The goal camp of a seat: the camp opposite its own.
    pub fn goal(&self, seat: u8) -> usize {
        self.goals[usize::from(seat - 1)]
    }

    /// The seat that moves first in this game: the first seat, moved on
    /// one seat clockwise for every earlier game under rotate-first-turn.
    pub fn opening_seat(&self) -> u8 {
        if !self.rotate_first_turn {
            return self.first_seat;
        }
        let n = u32::from(self.players);
        let k = (u32::from(self.first_seat) - 1 + self.rematch % n) % n;
        k as u8 + 1
    }

    /// The holes of a camp (0..6) as the form has it: the 10-hole
    /// triangle in the international form, the 15-hole camp in the
    /// Japanese form.
    pub fn camp_holes(&self, camp: usize) -> u128 {
        let b = Board::get();
        match self.form {
            Form::International => b.triangles[camp],
            Form::Japanese => b.big_camps[camp],
        }
    }

    pub fn pieces_per_player(&self) -> u32 {
        match self.form {
            Form::International => 10,
            Form::Japanese => 15,
        }
    }
}

/// The camp facing a camp across the star.
pub fn opposite(camp: usize) -> usize {
    (camp + 3) % 6
}

/// The international seating, clockwise from the south: 2 players face to
/// face, 3 every other camp, 4 two opposite pairs, 5 all but the south-east
/// camp, 6 all six.
fn international_camps(players: u8) -> [usize; 6] {
    match players {
        2 => [0, 3, 0, 0, 0, 0],
        3 => [0, 2, 4, 0, 0, 0],
        4 => [0, 1, 3, 4, 0, 0],
        5 => [0, 1, 2, 3, 4, 0],
        _ => [0, 1, 2, 3, 4, 5],
    }
}

/// The holes of a seat's goal.
pub fn goal_holes(rules: &Rules, seat: u8) -> u128 {
    rules.camp_holes(rules.goal(seat))
}

/// Turns without progress before the unfinished are ranked, by default:
/// twenty rounds of a six-player game.
pub const DEFAULT_NO_PROGRESS: u32 = 120;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_has_its_own_camp_and_faces_its_goal() {
        let tables = (2..=6).map(Rules::international).chain((2..=3).map(Rules::japanese));
        for r in tables {
            for a in 1..=r.players {
                assert_eq!(r.goal(a), opposite(r.camp(a)), "{:?} {} players, seat {a}", r.form, r.players);
                for b in (1..=r.players).filter(|&b| b != a) {
                    assert_ne!(r.camp(a), r.camp(b), "{:?} {} players", r.form, r.players);
                }
            }
        }
    }

    /// In the Japanese form a player's start and goal are its colour, and
    /// no goal is another player's home.
    #[test]
    fn in_the_japanese_form_no_goal_is_another_players_home() {
        for players in 2..=3 {
            let r = Rules::japanese(players);
            for a in 1..=players {
                for b in (1..=players).filter(|&b| b != a) {
                    assert_ne!(r.goal(a), r.camp(b), "{players} players, seats {a} and {b}");
                    assert_ne!(r.goal(a), r.goal(b), "{players} players, seats {a} and {b}");
                }
            }
        }
        assert_eq!(Rules::japanese(2).camps[..2], [0, 2]);
        assert_eq!(Rules::international(2).camps[..2], [0, 3]);
    }

    #[test]
    fn the_opening_seat_moves_on_one_seat_a_rematch() {
        let mut r = Rules::international(3);
        let opening = |r: &Rules, first, rematch| {
            let mut r = r.clone();
            r.first_seat = first;
            r.rematch = rematch;
            r.opening_seat()
        };
        assert_eq!([0, 1, 2, 3, 4].map(|k| opening(&r, 1, k)), [1, 2, 3, 1, 2]);
        assert_eq!([0, 1, 2].map(|k| opening(&r, 3, k)), [3, 1, 2]);
        r.rotate_first_turn = false;
        assert_eq!([0, 1, 2].map(|k| opening(&r, 2, k)), [2, 2, 2]);
    }
}
