//! Parser for the game-independent notations of scenario files (grammar in
//! `expect.pest`): play steps, illegal entries, results and players.

use pest::iterators::Pair;
use pest::Parser;

use rulecheck_game::notation::NotationError;
use rulecheck_game::Action;

rulecheck_game::grammar! {
    ExpectParser = "scenario/expect.pest";
    player => "a player (black, white, seat 2)",
    reason => "a reason code such as must-capture",
    move_token | step => "a move or an action such as 'resign by black'",
    verb | action => "an action (resign, offer-draw, accept-draw, claim-draw, declare-draw) 'by' a player",
    ongoing | draw | win | result_item => "'ongoing', 'draw: REASON' or 'PLAYER wins: REASON'",
    play_item | illegal_item => "a move or an action such as 'resign by black'",
    ranking | place | ordinal => "a ranking such as '1st: seat 2, 2nd: seat 1'",
    player_item => "a player (black, white, seat 2)",
    EOI => "the end of the text",
}

fn parse<'t>(rule: Rule, text: &'t str, what: &str) -> Result<Pair<'t, Rule>, NotationError> {
    let mut pairs = ExpectParser::parse(rule, text).map_err(|e| NotationError::from_pest(e, what, rule_name))?;
    pairs.next().ok_or_else(|| NotationError::whole(format!("empty {what}")))
}

fn to_action(step: Pair<'_, Rule>) -> Action {
    let inner = step.into_inner().next();
    match inner {
        Some(p) if p.as_rule() == Rule::action => {
            let mut parts = p.into_inner();
            let verb = parts.next().map(|v| v.as_str()).unwrap_or("");
            let player = parts.next().map(|v| v.as_str().to_string()).unwrap_or_default();
            match verb {
                "resign" => Action::Resign(player),
                "offer-draw" => Action::OfferDraw(player),
                "accept-draw" => Action::AcceptDraw(player),
                "declare-draw" => Action::DeclareDraw(player),
                _ => Action::ClaimDraw(player),
            }
        }
        Some(p) => Action::Move(p.as_str().to_string()),
        None => Action::Move(String::new()),
    }
}

/// Column (1-based) where a step starts inside its item text, to locate move
/// notation errors precisely.
pub struct Step {
    pub action: Action,
    pub col: usize,
}

/// A `play` entry.
pub fn parse_play(text: &str) -> Result<Step, NotationError> {
    let top = parse(Rule::play_item, text, "play step")?;
    let step = top.into_inner().next().ok_or_else(|| NotationError::whole("empty play step"))?;
    let col = step.as_span().start_pos().line_col().1;
    Ok(Step { action: to_action(step), col })
}

/// An `illegal` entry: a move or action, and optionally the reason code it
/// must be refused with, and the reason's column.
pub fn parse_illegal(text: &str) -> Result<(Step, Option<(String, usize)>), NotationError> {
    let top = parse(Rule::illegal_item, text, "illegal entry")?;
    let mut step = None;
    let mut reason = None;
    for p in top.into_inner() {
        match p.as_rule() {
            Rule::step => {
                let col = p.as_span().start_pos().line_col().1;
                step = Some(Step { action: to_action(p), col });
            }
            Rule::reason => reason = Some((p.as_str().to_string(), p.as_span().start_pos().line_col().1)),
            _ => {}
        }
    }
    let step = step.ok_or_else(|| NotationError::whole("empty illegal entry"))?;
    Ok((step, reason))
}

/// An expected result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultExp {
    Ongoing,
    Draw {
        reason: Option<String>,
    },
    Win {
        player: String,
        reason: Option<String>,
    },
    /// Players in their final places, first to last, and the reason when
    /// the places were not all decided by goals.
    Ranking {
        order: Vec<String>,
        reason: Option<String>,
    },
}

impl ResultExp {
    /// Whether a result string from an engine satisfies this expectation
    /// (an expectation without a reason accepts any reason).
    pub fn accepts(&self, actual: &str) -> bool {
        let Ok(got) = parse_result(actual) else {
            return false;
        };
        match (self, &got.0) {
            (ResultExp::Ongoing, ResultExp::Ongoing) => true,
            (ResultExp::Draw { reason: None }, ResultExp::Draw { .. }) => true,
            (ResultExp::Win { player, reason: None }, ResultExp::Win { player: p, .. }) => player == p,
            (ResultExp::Ranking { order, reason: None }, ResultExp::Ranking { order: o, .. }) => order == o,
            (a, b) => a == b,
        }
    }

    pub fn reason(&self) -> Option<(&str, bool)> {
        match self {
            ResultExp::Ongoing => None,
            ResultExp::Draw { reason } => reason.as_deref().map(|r| (r, true)),
            ResultExp::Win { reason, .. } | ResultExp::Ranking { reason, .. } => reason.as_deref().map(|r| (r, false)),
        }
    }
}

impl std::fmt::Display for ResultExp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResultExp::Ongoing => f.write_str("ongoing"),
            ResultExp::Draw { reason: Some(r) } => write!(f, "draw: {r}"),
            ResultExp::Draw { reason: None } => f.write_str("draw"),
            ResultExp::Win { player, reason: Some(r) } => write!(f, "{player} wins: {r}"),
            ResultExp::Win { player, reason: None } => write!(f, "{player} wins"),
            ResultExp::Ranking { order, reason } => {
                let places: Vec<String> =
                    order.iter().enumerate().map(|(i, p)| format!("{}: {p}", ordinal(i + 1))).collect();
                f.write_str(&places.join(", "))?;
                match reason {
                    Some(r) => write!(f, " ({r})"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// A result expression, with the column of its reason code if any.
pub fn parse_result(text: &str) -> Result<(ResultExp, Option<usize>), NotationError> {
    let top = parse(Rule::result_item, text, "result")?;
    let inner = top.into_inner().next().ok_or_else(|| NotationError::whole("empty result"))?;
    let rule = inner.as_rule();
    let mut player = String::new();
    let mut reason = None;
    let mut order = Vec::new();
    for p in inner.into_inner() {
        match p.as_rule() {
            Rule::place => {
                // Places are written in order, 1st first: any other order
                // could never match a ranking the game gives.
                let mut parts = p.into_inner();
                if let Some(o) = parts.next() {
                    let want = ordinal(order.len() + 1);
                    if o.as_str() != want {
                        return Err(NotationError::at(
                            o.as_span(),
                            format!(
                                "place {} of the ranking is '{}': write the places in order, {want} here",
                                order.len() + 1,
                                rulecheck_text::shown(o.as_str())
                            ),
                        ));
                    }
                }
                order.push(parts.next().map(|q| q.as_str().to_string()).unwrap_or_default());
            }
            Rule::player => player = p.as_str().to_string(),
            Rule::reason => reason = Some((p.as_str().to_string(), p.as_span().start_pos().line_col().1)),
            _ => {}
        }
    }
    let col = reason.as_ref().map(|r| r.1);
    let reason = reason.map(|r| r.0);
    Ok((
        match rule {
            Rule::ongoing => ResultExp::Ongoing,
            Rule::draw => ResultExp::Draw { reason },
            Rule::ranking => ResultExp::Ranking { order, reason },
            _ => ResultExp::Win { player, reason },
        },
        col,
    ))
}

/// A player name.
pub fn parse_player(text: &str) -> Result<String, NotationError> {
    let top = parse(Rule::player_item, text, "player")?;
    Ok(top.into_inner().next().map(|p| p.as_str().to_string()).unwrap_or_default())
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
