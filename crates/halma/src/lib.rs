//! The halma family as a library: Chinese checkers on the six-pointed
//! star, for 2 to 6 players, in its international form and its Japanese
//! form (Diamond Game, with kings). Both forms, every house rule and every
//! number of players are values of [`Rules`].
//!
//! [`Position`] is a position on the 121 holes ([`Board`] names and links
//! them), [`legal_moves`] lists its moves, [`Match`] plays a game to its
//! end (finishing order, no-progress and move limits), [`perft`] counts the
//! move tree ([`HashedPerft`] with a transposition table), and
//! [`notation`] reads and writes positions and moves (`p2-l2`, holes named
//! by row letter and place). [`ChineseCheckers`] is the variant as a
//! `rulecheck_game::Variant`, and [`Rules`] the game as a
//! `rulecheck_game::Family` (text-speaking through `rulecheck_game::Text`).
//!
//! It is not a playing engine (no search, no evaluation), and knows nothing
//! of scenarios, engines or reports.
//!
//! ```
//! use rulecheck_halma::game::{Action, Outcome};
//! use rulecheck_halma::notation::{parse_position, write_move, write_position};
//! use rulecheck_halma::{legal_moves, perft, Match, Position, Rules};
//!
//! // Two players, international form; the start position through its text.
//! let rules = Rules::international(2);
//! let text = write_position(&Position::start(&rules), &rules);
//! let start = parse_position(&text, &rules).expect("a position");
//!
//! // Fourteen opening moves, written by their holes.
//! let moves = legal_moves(&start, &rules);
//! assert_eq!(moves.len(), 14);
//! assert_eq!(write_move(moves[0].from, moves[0].to), "n1-m5");
//!
//! // One played in a match, which goes on.
//! let mut game = Match::new(&rules, start.clone());
//! game.play(Action::Move(moves[0])).expect("a legal move");
//! assert_eq!(*game.outcome(), Outcome::Ongoing);
//!
//! // Perft: 196 positions two plies from the start.
//! assert_eq!(perft(&start, &rules, 2), 196);
//! ```

mod bitboard;
mod bitwalk;
mod board;
mod contract;
mod deviations;
pub mod game;
mod hash;
#[cfg(test)]
mod japanese_reach;
mod movegen;
pub mod notation;
mod position;
mod rules;
mod tables;
mod threeply;
mod twoply;

use rulecheck_game::notation::NotationError;
use rulecheck_game::walk::Notated;
use rulecheck_game::{Configure, OptionSpec, Options, VariantInfo};

/// The bitboard generator the perft counts run on, for cross-checks
/// against the plain one; not a stable interface.
#[doc(hidden)]
pub use self::bitboard::{State, Walk};
pub use self::board::{holes, Board, Holes, CAMP_NAMES, DIRECTIONS, HOLES};
pub use self::deviations::DEVIATIONS;
pub use self::game::{perft, Match};
pub use self::hash::Hashed as HashedPerft;
use self::movegen::check_path;
pub use self::movegen::{legal_moves, Move};
use self::notation::MoveText;
pub use self::position::{is_king, seat_of, Cell, Position, EMPTY, KING};
pub use self::rules::{goal_holes, opposite, ForeignCamps, Form, Rules};

/// Chinese checkers, from the pages `chinese-checkers.hi` and
/// `chinese-checkers.bn`.
pub struct ChineseCheckers;

pub static CHINESE_CHECKERS: ChineseCheckers = ChineseCheckers;

static INFO: VariantInfo = VariantInfo {
    id: "chinese-checkers",
    family: "halma",
    page: "chinese-checkers.hi",
    title: "Chinese checkers (the 121-hole star, 2-6 players; international and Japanese forms)",
    options: OPTIONS,
};

const OPTIONS: &[OptionSpec] = &[
    OptionSpec { name: "players", values: &["2..6"], default: "2", help: "number of players", never_adapted: true },
    OptionSpec {
        name: "form",
        values: &["international", "japanese"],
        default: "international",
        help: "international: 10 men each, 2-6 players; japanese (Diamond Game): 14 men and a king each in 15-hole camps, 2 or 3 players",
        never_adapted: true,
    },
    OptionSpec {
        name: "blocking-prevention",
        values: &["on", "off"],
        default: "on",
        help: "on: a full goal with at least one own piece is complete; off: every goal hole must hold an own piece",
        never_adapted: false,
    },
    OptionSpec {
        name: "play-to-end",
        values: &["on", "off"],
        default: "on",
        help: "on: with 3+ players play on until every place is decided; off: the first to finish wins and the game ends",
        never_adapted: false,
    },
    OptionSpec {
        name: "first-seat",
        values: &["1..6"],
        default: "1",
        help: "the seat that moves first in the first game at the table",
        never_adapted: false,
    },
    OptionSpec {
        name: "rotate-first-turn",
        values: &["on", "off"],
        default: "on",
        help: "on: each rematch starts one seat further clockwise from first-seat; off: first-seat starts every game",
        never_adapted: false,
    },
    OptionSpec {
        name: "rematch",
        values: &["0..1000"],
        default: "0",
        help: "games the table has played before this one (0: the first game)",
        never_adapted: false,
    },
    OptionSpec {
        name: "move-limit",
        values: &["off", "1..100000"],
        default: "off",
        help: "turns each player may take, resignations or not; if nobody has finished by then the game is drawn (once someone has finished it no longer applies)",
        never_adapted: false,
    },
    OptionSpec {
        name: "no-progress",
        values: &["off", "1..100000"],
        default: "120",
        help: "turns in a row in which no player gets more pieces into its goal than before; then the unfinished are ranked by pieces in the goal, then by remaining distance",
        never_adapted: false,
    },
    OptionSpec {
        name: "hop-over",
        values: &["any", "others"],
        default: "any",
        help: "any: a hop goes over a piece of any colour, one's own included; others: only over other players' pieces",
        never_adapted: false,
    },
    OptionSpec {
        name: "other-camps",
        values: &["open", "closed", "pass"],
        default: "open",
        help: "international form: open: a piece may enter any camp; closed: none but its home and its goal, even in passing; pass: a chain may pass through the others but not stop there",
        never_adapted: false,
    },
    OptionSpec {
        name: "foreign-camps",
        values: &["closed", "triangles", "pass"],
        default: "closed",
        help: "japanese form: closed: no piece enters another colour's 15-hole camp, even in passing; triangles: only the 10-hole triangles are closed; pass: a chain may pass through but not stop",
        never_adapted: false,
    },
    OptionSpec {
        name: "king-jumps-king",
        values: &["off", "on"],
        default: "off",
        help: "japanese form: on lets a king jump another king (no man ever jumps a king)",
        never_adapted: false,
    },
];

impl ChineseCheckers {
    /// The rules under validated options.
    pub fn rules(options: &Options) -> Rules {
        let get = |k: &str| options.get(k).map(String::as_str).unwrap_or("");
        let players: u8 = get("players").parse().unwrap_or(2);
        let mut r = if get("form") == "japanese" { Rules::japanese(players) } else { Rules::international(players) };
        r.blocking_prevention = get("blocking-prevention") != "off";
        r.play_to_end = get("play-to-end") != "off";
        r.first_seat = get("first-seat").parse().unwrap_or(1);
        r.rotate_first_turn = get("rotate-first-turn") != "off";
        r.rematch = get("rematch").parse().unwrap_or(0);
        r.move_limit = get("move-limit").parse().ok();
        r.no_progress = get("no-progress").parse().ok();
        r.hop_own = get("hop-over") != "others";
        let camps = if r.form == Form::Japanese { get("foreign-camps") } else { get("other-camps") };
        r.foreign_camps = match camps {
            "open" => ForeignCamps::Open,
            "triangles" => ForeignCamps::TrianglesClosed,
            "pass" => ForeignCamps::PassThrough,
            "closed" => ForeignCamps::Closed,
            _ => r.foreign_camps,
        };
        r.king_jumps_king = r.form == Form::Japanese && get("king-jumps-king") == "on";
        r
    }
}

impl Configure for ChineseCheckers {
    type Rules = Rules;
    fn info(&self) -> &VariantInfo {
        &INFO
    }
    fn validate(&self, options: &Options) -> Result<(), String> {
        let get = |k: &str| options.get(k).map(String::as_str).unwrap_or("");
        let players: u8 = get("players").parse().unwrap_or(2);
        if get("form") == "japanese" && players > 3 {
            return Err(format!(
                "form=japanese is for 2 or 3 players; with {players} players the international form is played"
            ));
        }
        if get("form") != "japanese" {
            for (k, default) in [("foreign-camps", "closed"), ("king-jumps-king", "off")] {
                if get(k) != default {
                    return Err(format!("{k} belongs to the Japanese form (form=japanese)"));
                }
            }
        } else if get("other-camps") != "open" {
            return Err(
                "other-camps belongs to the international form; the Japanese form's camps are set by foreign-camps"
                    .to_string(),
            );
        }
        let first: u8 = get("first-seat").parse().unwrap_or(1);
        if first > players {
            return Err(format!("first-seat={first}, but there are {players} players"));
        }
        Ok(())
    }
    fn rules(&self, options: &Options) -> Rules {
        ChineseCheckers::rules(options)
    }
}

/// Chinese checkers under fixed rules is a `rulecheck_game::Family`:
/// the rules are the game, spoken as text through `rulecheck_game::Text`.
impl Rules {
    /// The legal move a written move stands for, or why there is none.
    fn resolve(&self, game: &Match<'_>, text: &MoveText) -> Result<Move, &'static str> {
        if *game.outcome() != game::Outcome::Ongoing {
            return Err("game-over");
        }
        let legal = game.legal_moves();
        let path = match text {
            MoveText::Pass => {
                return legal.iter().find(|m| m.is_pass()).copied().ok_or("no-pass");
            }
            MoveText::Path(p) => p,
        };
        let (from, to) = (path[0], path[path.len() - 1]);
        let wanted = Move { from, to };
        // A path of more than two holes is checked hop by hop; two holes name
        // a step, a hop, or a chain by its ends.
        if path.len() > 2 {
            if let Some(reason) = check_path(game.position(), self, path) {
                return Err(reason);
            }
        }
        if legal.contains(&wanted) {
            return Ok(wanted);
        }
        Err(check_path(game.position(), self, path).unwrap_or("unreachable"))
    }
}

/// Positions as the family reads them, moves as it writes them, for the
/// counts of [`rulecheck_game::walk::Counted`].
impl Notated for Rules {
    type Position = Position;
    type Move = Move;
    fn parse_position(&self, text: &str) -> Result<Position, NotationError> {
        notation::parse_position(text, self)
    }
    fn write_move(&self, _pos: &Position, m: &Move) -> String {
        notation::write_move(m.from, m.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options at their defaults, with some set.
    fn options(set: &[(&str, &str)]) -> Options {
        let mut o: Options = OPTIONS.iter().map(|s| (s.name.to_string(), s.default.to_string())).collect();
        o.extend(set.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        o
    }

    /// Each form's camps are set by its own option, and the other form's
    /// option is refused away from its default.
    #[test]
    fn the_camps_of_each_form_follow_its_own_option() {
        let rules = |set: &[(&str, &str)]| ChineseCheckers::rules(&options(set)).foreign_camps;
        assert_eq!(rules(&[]), ForeignCamps::Open);
        assert_eq!(rules(&[("other-camps", "closed")]), ForeignCamps::Closed);
        assert_eq!(rules(&[("other-camps", "pass")]), ForeignCamps::PassThrough);
        assert_eq!(rules(&[("form", "japanese")]), ForeignCamps::Closed);
        assert_eq!(rules(&[("form", "japanese"), ("foreign-camps", "triangles")]), ForeignCamps::TrianglesClosed);
        let valid = |set: &[(&str, &str)]| CHINESE_CHECKERS.validate(&options(set)).is_ok();
        assert!(valid(&[("other-camps", "closed"), ("players", "6")]));
        assert!(!valid(&[("form", "japanese"), ("other-camps", "pass")]));
        assert!(!valid(&[("foreign-camps", "pass")]));
    }

    #[test]
    fn hop_over_others_keeps_one_s_own_pieces_from_being_hopped() {
        assert!(ChineseCheckers::rules(&options(&[])).hop_own);
        assert!(!ChineseCheckers::rules(&options(&[("hop-over", "others")])).hop_own);
        assert!(!ChineseCheckers::rules(&options(&[("hop-over", "others"), ("form", "japanese")])).hop_own);
    }
}
