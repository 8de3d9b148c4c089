//! A game in progress: a position, the positions seen before it, and how the
//! game stands. Holds the rules that look beyond a single position: the end
//! of the game, repetition, the no-progress rules, resignation and draws by
//! agreement or claim.

use super::movegen::{Generator, Move};
use super::position::{Position, RepetitionKey};
use super::rules::{Blocked, NoProgress, Repetition, Rules, Side};
use super::ruleset::Dispatch;
use super::word::Word;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    Win { winner: Side, reason: WinReason },
    Draw(DrawReason),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser, to move, has pieces but no legal move.
    NoMoves,
    Resign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    Repetition,
    /// The automatic no-progress draw, by the variant's name for it.
    NoProgress(&'static str),
    /// A claimed no-progress draw.
    NoProgressClaim,
    Agreement,
    /// A side to move with no legal move, under rules where that draws.
    Blocked,
    /// Neither side could move, under rules where that draws.
    MutualBlock,
    /// An endgame count ran out, by the rule's name.
    Endgame(&'static str),
    /// Declared by the players or an arbiter: neither side can win.
    Declared,
}

impl WinReason {
    pub fn code(self) -> &'static str {
        match self {
            WinReason::NoPieces => "no-pieces",
            WinReason::NoMoves => "no-moves",
            WinReason::Resign => "resign",
        }
    }
}

impl DrawReason {
    pub fn code(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::NoProgress(code) | DrawReason::Endgame(code) => code,
            DrawReason::NoProgressClaim => "forty-move-claim",
            DrawReason::Agreement => "agreement",
            DrawReason::Blocked => "blocked",
            DrawReason::MutualBlock => "mutual-block",
            DrawReason::Declared => "declared",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win { winner, reason } => {
                write!(f, "{} wins: {}", winner.name(), reason.code())
            }
            Outcome::Draw(reason) => write!(f, "draw: {}", reason.code()),
        }
    }
}

/// Something a player does on the board or at it.
#[derive(Clone, Copy, Debug)]
pub enum Action<B: Word = u64> {
    Move(Move<B>),
    Resign(Side),
    OfferDraw(Side),
    AcceptDraw(Side),
    ClaimDraw(Side),
    /// A declared draw, by a side or (`None`) an arbiter.
    DeclareDraw(Option<Side>),
}

/// Why an action cannot be taken now (the action-level reason codes; move
/// reasons come from [`super::explain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    /// A move that is not among the legal moves; [`super::explain`] says why.
    IllegalMove,
    NoDrawOffer,
    NoDrawClaim,
    NoAgreement,
    NoDeclaration,
}

impl Refusal {
    pub fn code(self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::IllegalMove => "illegal-move",
            Refusal::NoDrawOffer => "no-draw-offer",
            Refusal::NoDrawClaim => "no-draw-claim",
            Refusal::NoAgreement => "no-draw-agreement",
            Refusal::NoDeclaration => "no-draw-declaration",
        }
    }
}

/// A game from a given position on.
#[derive(Clone, Debug)]
pub struct Match<'r, B: Word = u64> {
    rules: &'r Rules,
    position: Position<B>,
    /// Every position reached, the starting one first (it counts as the
    /// first occurrence for repetition).
    history: Vec<RepetitionKey<B>>,
    outcome: Outcome,
    /// A draw offer standing, by the side that made it.
    offer: Option<Side>,
    legal: Vec<Move<B>>,
}

impl<'r, B: Dispatch> Match<'r, B> {
    pub fn new(rules: &'r Rules, position: Position<B>) -> Match<'r, B> {
        let mut m = Match {
            rules,
            position,
            history: vec![position.repetition_key()],
            outcome: Outcome::Ongoing,
            offer: None,
            legal: Vec::new(),
        };
        m.settle();
        m
    }

    pub fn position(&self) -> &Position<B> {
        &self.position
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The legal moves of the side to move; none once the game is over.
    /// A capture is listed once per route where the rules list routes
    /// ([`Rules::routes_listed`]), else once per move.
    pub fn legal_moves(&self) -> &[Move<B>] {
        if self.outcome == Outcome::Ongoing {
            &self.legal
        } else {
            &[]
        }
    }

    /// Compute the legal moves and decide whether the game has ended. A side
    /// left without a move loses before any draw rule is looked at: the move
    /// that blocks the last piece wins even if it also completes a draw count.
    fn settle(&mut self) {
        if self.rules.routes_listed {
            Generator::new(self.rules).legal_routes(&self.position, &mut self.legal);
        } else {
            Generator::new(self.rules).legal_moves(&self.position, &mut self.legal);
        }
        let side = self.position.turn;
        if self.legal.is_empty() {
            self.outcome = if self.position.pieces(side).is_zero() {
                Outcome::Win { winner: side.other(), reason: WinReason::NoPieces }
            } else {
                match self.rules.blocked {
                    Blocked::Loses => Outcome::Win { winner: side.other(), reason: WinReason::NoMoves },
                    Blocked::Draws => Outcome::Draw(DrawReason::Blocked),
                    Blocked::LosesUnlessMutual => {
                        // Would the other side be blocked too, on its turn?
                        let mut other = self.position;
                        other.turn = side.other();
                        let mut moves = Vec::new();
                        Generator::new(self.rules).legal_moves(&other, &mut moves);
                        if moves.is_empty() {
                            Outcome::Draw(DrawReason::MutualBlock)
                        } else {
                            Outcome::Win { winner: side.other(), reason: WinReason::NoMoves }
                        }
                    }
                }
            };
            return;
        }
        if let Some(draw) = self.drawn() {
            self.outcome = draw;
        }
    }

    /// The draw that ends the game in the position by itself, if any: a
    /// repetition, the no-progress count, an endgame count run out.
    fn drawn(&self) -> Option<Outcome> {
        if matches!(self.rules.repetition, Repetition::Automatic { .. }) && self.repeated() {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if let NoProgress::Automatic { plies, reason } = self.rules.no_progress {
            if self.position.quiet_plies >= plies {
                return Some(Outcome::Draw(DrawReason::NoProgress(reason)));
            }
        }
        endgame_draw(self.rules, &self.position).map(|reason| Outcome::Draw(DrawReason::Endgame(reason)))
    }

    /// Whether the position on the board has occurred as often as the
    /// repetition rule counts (this occurrence included).
    fn repeated(&self) -> bool {
        self.rules.repetition.occurrence().is_some_and(|times| {
            let key = self.position.repetition_key();
            self.history.iter().filter(|k| **k == key).count() >= usize::from(times)
        })
    }

    /// The draw a claim made now would bring, if any: a repetition where
    /// the rules let it be claimed, else a no-progress draw.
    pub fn draw_claimable(&self) -> Option<DrawReason> {
        if matches!(self.rules.repetition, Repetition::Claim { .. }) && self.repeated() {
            return Some(DrawReason::Repetition);
        }
        match self.rules.no_progress {
            NoProgress::Claim { plies } if self.position.plies_since_man_move >= plies => {
                Some(DrawReason::NoProgressClaim)
            }
            _ => None,
        }
    }

    /// Take an action. A move must be one of the legal moves (compared by
    /// start, end and captured set); the caller explains refusals of moves.
    pub fn play(&mut self, action: Action<B>) -> Result<(), Refusal> {
        if self.outcome != Outcome::Ongoing {
            return Err(Refusal::GameOver);
        }
        match action {
            Action::Move(m) => {
                let Some(legal) = self.legal.iter().find(|l| l.same_move(&m)).copied() else {
                    return Err(Refusal::IllegalMove);
                };
                let mover = self.position.turn;
                let before = self.position;
                self.position = Generator::new(self.rules).play(&self.position, &legal);
                if !self.rules.men_restart_no_progress && !legal.is_capture() {
                    // Only a capture restarts the count: a man's move adds a ply.
                    self.position.quiet_plies = before.quiet_plies.saturating_add(1);
                }
                self.position.endgame_plies = endgame_count(self.rules, &before, &self.position);
                self.history.push(self.position.repetition_key());
                // An offer lapses when the side it was made to moves instead.
                if self.offer.is_some_and(|s| s != mover) {
                    self.offer = None;
                }
                self.settle();
            }
            Action::Resign(side) => {
                self.outcome = Outcome::Win { winner: side.other(), reason: WinReason::Resign };
            }
            Action::OfferDraw(side) => {
                if !self.rules.agreement {
                    return Err(Refusal::NoAgreement);
                }
                self.offer = Some(side);
            }
            Action::AcceptDraw(side) => match self.offer {
                Some(by) if by != side => self.outcome = Outcome::Draw(DrawReason::Agreement),
                _ => return Err(Refusal::NoDrawOffer),
            },
            Action::ClaimDraw(_) => {
                let Some(reason) = self.draw_claimable() else {
                    return Err(Refusal::NoDrawClaim);
                };
                self.outcome = Outcome::Draw(reason);
            }
            Action::DeclareDraw(_) => {
                if !self.rules.declared_draw {
                    return Err(Refusal::NoDeclaration);
                }
                self.outcome = Outcome::Draw(DrawReason::Declared);
            }
        }
        Ok(())
    }
}

/// The endgame balance a position is in under the rules: the stronger side
/// and which count applies (the number of moves of each side, or of the
/// stronger side, and the reason code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Balance {
    stronger: Side,
    /// Plies after which the draw applies, counted as the rule counts.
    limit: u16,
    /// Whether `limit` counts only the stronger side's moves.
    stronger_moves_only: bool,
    reason: &'static str,
}

fn balance<B: Word>(rules: &Rules, pos: &Position<B>) -> Option<Balance> {
    use super::rules::Endgame;
    if rules.endgame == Endgame::OnePieceEach {
        // Drawn at once: no count to run. Black is named the stronger side,
        // as for a king each in Frisian.
        let one_each = pos.black.count_ones() == 1 && pos.white.count_ones() == 1;
        return one_each.then_some(Balance {
            stronger: Side::Black,
            limit: 0,
            stronger_moves_only: false,
            reason: "one-piece-each",
        });
    }
    for stronger in [Side::Black, Side::White] {
        let weak = pos.pieces(stronger.other());
        // A lone king on the weaker side.
        if weak.count_ones() != 1 || (weak & pos.kings).is_zero() {
            continue;
        }
        let strong = pos.pieces(stronger);
        let kings = (strong & pos.kings).count_ones();
        match rules.endgame {
            Endgame::Off => return None,
            Endgame::KingsAgainstKing { min_kings, moves } if kings >= u32::from(min_kings) => {
                return Some(Balance { stronger, limit: moves, stronger_moves_only: true, reason: "three-kings" })
            }
            Endgame::Fmjd if kings >= 1 && strong.count_ones() == 3 => {
                return Some(Balance { stronger, limit: 32, stronger_moves_only: false, reason: "sixteen-move" })
            }
            Endgame::Fmjd if kings >= 1 && strong.count_ones() <= 2 => {
                return Some(Balance { stronger, limit: 10, stronger_moves_only: false, reason: "five-move" })
            }
            Endgame::Frisian { two_kings, .. } if kings == 2 && strong.count_ones() == 2 => {
                return Some(Balance { stronger, limit: two_kings, stronger_moves_only: true, reason: "seven-move" })
            }
            // A king each: black is named the stronger side, so that the
            // balance is the same whoever moves.
            Endgame::Frisian { one_each, .. } if kings == 1 && strong.count_ones() == 1 => {
                return Some(Balance { stronger, limit: 2 * one_each, stronger_moves_only: false, reason: "king-each" })
            }
            _ => {}
        }
    }
    None
}

/// The endgame counter after a move from `before` to `after`: it starts at
/// zero when a balance arises (or changes) and counts plies while it holds.
fn endgame_count<B: Word>(rules: &Rules, before: &Position<B>, after: &Position<B>) -> u16 {
    match (balance(rules, before), balance(rules, after)) {
        (_, None) => 0,
        (Some(b), Some(a)) if a == b => before.endgame_plies.saturating_add(1),
        (_, Some(_)) => 0,
    }
}

/// The endgame draw that applies in a position, if its count has run out.
fn endgame_draw<B: Word>(rules: &Rules, pos: &Position<B>) -> Option<&'static str> {
    let b = balance(rules, pos)?;
    let plies = pos.endgame_plies;
    let counted = if b.stronger_moves_only {
        // The last ply was made by the side not to move.
        if b.stronger == pos.turn.other() {
            plies.div_ceil(2)
        } else {
            plies / 2
        }
    } else {
        plies
    };
    (counted >= b.limit).then_some(b.reason)
}
