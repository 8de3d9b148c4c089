//! A Chinese checkers game in progress: whose turn it is (finished and
//! resigned players are skipped, a player with no legal move is passed), when
//! a player has completed the goal, and how the game ends: by goals (a win
//! with two players, a full ranking with three or more under `play-to-end`),
//! by resignation, by the move limit (a draw) or by the no-progress limit (a
//! ranking by pieces in the goal, then by remaining distance).
//!
//! The move limit counts the turns of each player: the game is drawn once
//! every player still playing has taken that many, provided nobody has
//! finished. Once somebody has finished the limit plays no part any more.
//!
//! Progress: a turn makes progress when the mover has more pieces in its
//! goal than it ever had before. The remaining distance of a player is the
//! sum, over its pieces outside the goal, of the steps from each to the
//! nearest goal hole not holding one of its own pieces.

use super::bitboard::{State, Walk};
use super::board::{holes, Board};
use super::movegen::{apply_piece, legal_moves, Move};
use super::position::{is_king, seat_of, Position, EMPTY};
use super::rules::{goal_holes, Rules};
use rulecheck_game::walk;

/// How a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    Win {
        seat: u8,
        reason: &'static str,
    },
    Draw(&'static str),
    /// Every seat placed, first to last; the reason when the places were not
    /// all decided by goals.
    Ranking {
        order: Vec<u8>,
        reason: Option<&'static str>,
    },
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win { seat, reason } => write!(f, "seat {seat} wins: {reason}"),
            Outcome::Draw(reason) => write!(f, "draw: {reason}"),
            Outcome::Ranking { order, reason } => {
                let places: Vec<String> =
                    order.iter().enumerate().map(|(i, s)| format!("{}: seat {s}", ordinal(i + 1))).collect();
                f.write_str(&places.join(", "))?;
                if let Some(r) = reason {
                    write!(f, " ({r})")?;
                }
                Ok(())
            }
        }
    }
}

/// Something a player does.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    Move(Move),
    Resign(u8),
    OfferDraw(u8),
    AcceptDraw(u8),
    ClaimDraw(u8),
    DeclareDraw,
}

/// A game from a given position on.
#[derive(Clone, Debug)]
pub struct Match<'r> {
    rules: &'r Rules,
    position: Position,
    outcome: Outcome,
    legal: Vec<Move>,
}

/// Pieces of a seat in its goal.
pub fn in_goal(pos: &Position, rules: &Rules, seat: u8) -> u32 {
    (pos.pieces(seat) & goal_holes(rules, seat)).count_ones()
}

/// Whether a seat has completed its goal.
pub fn goal_complete(pos: &Position, rules: &Rules, seat: u8) -> bool {
    let b = Board::get();
    let goal = goal_holes(rules, seat);
    let own = pos.pieces(seat);
    let full = pos.occupied() & goal == goal;
    let ok = if rules.blocking_prevention { full && own & goal != 0 } else { own & goal == goal };
    if !ok {
        return false;
    }
    if rules.king_on_apex {
        let apex = b.apex[rules.goal(seat)];
        let c = pos.cells[usize::from(apex)];
        return c != EMPTY && seat_of(c) == seat && is_king(c);
    }
    true
}

/// The remaining distance of a seat (see the module documentation).
pub fn remaining_distance(pos: &Position, rules: &Rules, seat: u8) -> u32 {
    let b = Board::get();
    let goal = goal_holes(rules, seat);
    let own = pos.pieces(seat);
    let free: Vec<u8> = holes(goal & !own).collect();
    holes(own & !goal).map(|p| free.iter().map(|&g| b.distance(p, g)).min().unwrap_or(0)).sum()
}

impl<'r> Match<'r> {
    pub fn new(rules: &'r Rules, position: Position) -> Match<'r> {
        let mut m = Match { rules, position, outcome: Outcome::Ongoing, legal: Vec::new() };
        m.settle();
        m
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    pub fn legal_moves(&self) -> &[Move] {
        if self.outcome == Outcome::Ongoing {
            &self.legal
        } else {
            &[]
        }
    }

    fn active_seats(&self) -> Vec<u8> {
        (1..=self.rules.players).filter(|&s| self.position.active(s)).collect()
    }

    /// The unfinished seats ranked by pieces in the goal, then by remaining
    /// distance, then by turn order from the seat that opened the game.
    fn rank_unfinished(&self) -> Vec<u8> {
        let mut seats = self.active_seats();
        let first = self.rules.opening_seat();
        let n = self.rules.players;
        seats.sort_by_key(|&s| {
            (
                std::cmp::Reverse(in_goal(&self.position, self.rules, s)),
                remaining_distance(&self.position, self.rules, s),
                (s + n - first) % n,
            )
        });
        seats
    }

    fn ranking(&self, rest: Vec<u8>, reason: Option<&'static str>) -> Outcome {
        let mut order = self.position.finished.clone();
        order.extend(rest);
        order.extend(self.position.resigned.iter().rev());
        Outcome::Ranking { order, reason }
    }

    /// Decide whether the game has ended; if not, make sure the seat to move
    /// is active and can move, passing those who cannot (a pass is a turn,
    /// so the limits are looked at again after each).
    fn settle(&mut self) {
        let r = self.rules;
        for _ in 0..=4 * usize::from(r.players) {
            if let Some(end) = self.ended() {
                self.outcome = end;
                return;
            }
            if !self.position.active(self.position.to_move) {
                self.position.to_move = self.next_seat(self.position.to_move);
                continue;
            }
            self.legal = legal_moves(&self.position, r);
            if !self.legal.is_empty() {
                return;
            }
            let stuck = self.active_seats().iter().all(|&s| {
                let mut p = self.position.clone();
                p.to_move = s;
                legal_moves(&p, r).is_empty()
            });
            if stuck {
                self.outcome = Outcome::Draw("blocked");
                return;
            }
            // An automatic pass: a turn without progress.
            self.position.turns[usize::from(self.position.to_move - 1)] += 1;
            self.position.quiet += 1;
            self.position.to_move = self.next_seat(self.position.to_move);
        }
    }

    /// The end of the game, if it has come.
    fn ended(&self) -> Option<Outcome> {
        let r = self.rules;
        if r.players == 2 || !r.play_to_end {
            if let Some(&first) = self.position.finished.first() {
                return Some(Outcome::Win { seat: first, reason: "goal" });
            }
        }
        let active = self.active_seats();
        if active.len() <= 1 && r.players > 2 {
            return Some(self.ranking(active, None));
        }
        if let Some(limit) = r.move_limit {
            if self.position.finished.is_empty() && self.move_limit_reached(limit) {
                return Some(Outcome::Draw("move-limit"));
            }
        }
        if let Some(limit) = r.no_progress {
            if self.position.quiet >= limit {
                return Some(self.ranking(self.rank_unfinished(), Some("no-progress")));
            }
        }
        None
    }

    /// Whether every player still playing has taken `limit` turns.
    fn move_limit_reached(&self, limit: u32) -> bool {
        let turns = &self.position.turns;
        if self.rules.move_limit_per_player {
            self.active_seats().iter().all(|&s| turns[usize::from(s - 1)] >= limit)
        } else {
            turns.iter().sum::<u32>() >= limit * u32::from(self.rules.players)
        }
    }

    /// The next seat clockwise (seat numbers run clockwise).
    fn next_seat(&self, seat: u8) -> u8 {
        seat % self.rules.players + 1
    }

    /// Play a legal move of the seat to move and settle what follows.
    fn make_move(&mut self, m: Move) {
        let r = self.rules;
        let seat = self.position.to_move;
        apply_piece(&mut self.position, m);
        self.position.turns[usize::from(seat - 1)] += 1;
        let now = in_goal(&self.position, r, seat);
        let best = &mut self.position.best[usize::from(seat - 1)];
        if now > u32::from(*best) {
            *best = now as u8;
            self.position.quiet = 0;
        } else {
            self.position.quiet += 1;
        }
        // The mover first, then anyone else whose goal this move completed
        // (an opponent can fill the last hole of a goal).
        for k in 0..r.players {
            let s = (seat - 1 + k) % r.players + 1;
            if self.position.active(s) && goal_complete(&self.position, r, s) {
                self.position.finished.push(s);
            }
        }
        self.position.to_move = self.next_seat(seat);
        self.settle();
    }

    /// The game after one of its legal moves.
    pub fn after(&self, m: Move) -> Match<'r> {
        let mut next =
            Match { rules: self.rules, position: self.position.clone(), outcome: Outcome::Ongoing, legal: Vec::new() };
        next.make_move(m);
        next
    }

    pub fn play(&mut self, action: Action) -> Result<(), &'static str> {
        if self.outcome != Outcome::Ongoing {
            return Err("game-over");
        }
        let r = self.rules;
        match action {
            Action::Move(m) => {
                if !self.legal.contains(&m) {
                    return Err("illegal-move");
                }
                self.make_move(m);
            }
            Action::Resign(seat) => {
                if !self.position.active(seat) {
                    return Err("not-playing");
                }
                if r.players == 2 {
                    self.outcome = Outcome::Win { seat: seat % 2 + 1, reason: "resign" };
                    return Ok(());
                }
                // The resigner leaves, and so do its pieces.
                self.position.resigned.push(seat);
                for c in self.position.cells.iter_mut() {
                    if *c != EMPTY && seat_of(*c) == seat {
                        *c = EMPTY;
                    }
                }
                self.settle();
            }
            // The pages know no agreed draw: a level game ends by the move
            // or no-progress limits.
            Action::OfferDraw(_) | Action::AcceptDraw(_) => return Err("no-draw-agreement"),
            Action::ClaimDraw(_) => return Err("no-draw-claim"),
            Action::DeclareDraw => return Err("no-draw-declaration"),
        }
        Ok(())
    }
}

/// Perft: the leaves of the game tree `depth` moves below a position,
/// under the turn rules of [`Match`]: finished and resigned seats are
/// skipped, a seat without a legal move is passed automatically (a pass is
/// not a move and adds no level), and a game that has ended has no moves,
/// so no leaves below it.
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    count(&Match::new(rules, pos.clone()), depth)
}

/// Perft below a game: the game's own moves at the root, then the walk on
/// bitboards of the `bitboard` module, which follows the same turn rules
/// without allocating.
pub fn count(game: &Match<'_>, depth: u32) -> u64 {
    count_with(&Walk::new(game.rules()), game, depth)
}

/// [`count`] with a walk already made for the game's rules.
pub(crate) fn count_with(walk: &Walk<'_>, game: &Match<'_>, depth: u32) -> u64 {
    let moves = game.legal_moves();
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        _ => {
            let state = State::new(game.position());
            moves.iter().map(|&m| walk.count(&walk.play(&state, m), depth - 1)).sum()
        }
    }
}

/// The count below each legal move of a game, `below` counting the game
/// after it, `done` called as each is finished.
pub fn divide_with(
    game: &Match<'_>,
    depth: u32,
    done: &dyn Fn(),
    mut below: impl FnMut(&Match<'_>, u32) -> u64,
) -> Vec<(Move, u64)> {
    game.legal_moves()
        .iter()
        .map(|&m| {
            let row = (m, below(&game.after(m), depth.saturating_sub(1)));
            done();
            row
        })
        .collect()
}

/// The plain walk ([`perft`], and [`count`] below each move) under some
/// rules, as the contract counts with it.
pub struct Plain<'r>(pub &'r Rules);

impl walk::Walk<Position, Move> for Plain<'_> {
    fn count(&mut self, pos: &Position, depth: u32) -> u64 {
        perft(pos, self.0, depth)
    }
    fn divide_observed(&mut self, pos: &Position, depth: u32, done: &dyn Fn()) -> Vec<(Move, u64)> {
        divide_with(&Match::new(self.0, pos.clone()), depth, done, count)
    }
}
