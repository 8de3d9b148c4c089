//! Replaying PDN game files against the reference rules: every game of a
//! file is read (grammar in `pdn.pest`), replayed move by move from the start
//! position or its `[FEN]` tag, and reported with its first illegal move, if
//! any, and whether the recorded result agrees with the board.
//!
//! Moves go to the variant's [`Game`](crate::game::Game) exactly as
//! written, so the variant's own notation parser decides what a move means
//! (`22x6` for the chain `22x15x6`, `c3:e5`, ...).
//!
//! Results: the left score of a PDN result (`2-0`, `1-0`) is the first
//! player's, the player who moves first in the variant: white in Russian and
//! international draughts, black in English and pool checkers (PDN files of
//! English checkers write `1-0` for a black win; `fixtures/pdn/english.pdn`
//! shows it: the loser is the side that resigns after the winner's move).
//!
//! The module is split by what each part knows: `grammar` reads the text
//! (tokens from `pdn.pest`, grouped into games), `model` holds the types
//! of a file and of its replay, `replay` plays the games on the rules,
//! `transcript` says what came of them, and `to_scenario` writes the
//! games that replay as a scenario file.

mod grammar;
mod model;
mod replay;
mod to_scenario;
mod transcript;

pub use grammar::parse;
pub use model::{
    recorded_result, GameReport, IllegalMove, PdnError, PdnGame, PdnMove, Problem, Recorded, ResultCheck, Status,
};
pub use replay::{replay_file, replay_game, replay_str};
pub use to_scenario::{scenario_yaml, scenarios_yaml, ScenarioError};
pub use transcript::{exit_code, summary, Summary, Transcript};
