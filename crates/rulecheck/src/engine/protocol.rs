//! The engine protocol: JSON lines over an engine's standard input and
//! output. `spec/protocol.md` documents it for engine authors, with a schema
//! (`spec/protocol.schema.json`) and a worked transcript; these types are
//! its single definition in code, used by `rulecheck serve` and by the
//! process engine alike.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The protocol version this build speaks.
pub const VERSION: u32 = 1;

/// A request, one JSON object per line, tagged by `request`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "request", rename_all = "kebab-case")]
pub enum Request {
    /// The handshake: who the engine is and what it plays.
    Hello { id: u64, protocol: u32 },
    /// The legal moves after `actions` (none once the game is over).
    Moves {
        id: u64,
        #[serde(flatten)]
        setup: SetupMsg,
        #[serde(default)]
        actions: Vec<String>,
    },
    /// The position, side to move and result after `actions`.
    Play {
        id: u64,
        #[serde(flatten)]
        setup: SetupMsg,
        #[serde(default)]
        actions: Vec<String>,
    },
    /// Optional: whether `action` would be accepted after `actions`, and if
    /// not, why.
    Explain {
        id: u64,
        #[serde(flatten)]
        setup: SetupMsg,
        #[serde(default)]
        actions: Vec<String>,
        action: String,
    },
    /// Optional: leaf nodes of the move tree from the position.
    Perft {
        id: u64,
        #[serde(flatten)]
        setup: SetupMsg,
        depth: u32,
    },
    /// The session is over.
    Quit { id: u64 },
}

impl Request {
    pub fn id(&self) -> u64 {
        match self {
            Request::Hello { id, .. }
            | Request::Moves { id, .. }
            | Request::Play { id, .. }
            | Request::Explain { id, .. }
            | Request::Perft { id, .. }
            | Request::Quit { id } => *id,
        }
    }

    /// The same request under another id.
    pub fn with_id(mut self, new: u64) -> Request {
        match &mut self {
            Request::Hello { id, .. }
            | Request::Moves { id, .. }
            | Request::Play { id, .. }
            | Request::Explain { id, .. }
            | Request::Perft { id, .. }
            | Request::Quit { id } => *id = new,
        }
        self
    }

    /// The request in words, for a message about the engine failing on it:
    /// its kind, its position and the last of its actions.
    pub fn describe(&self) -> String {
        let from = |s: &SetupMsg, actions: &[String]| {
            let at = s.position.as_deref().map(|p| format!("from {p}")).unwrap_or_else(|| "from the start".into());
            match actions.split_last() {
                None => format!("{} {at}", s.variant),
                Some((last, [])) => format!("{} {at}, action {last}", s.variant),
                Some((last, rest)) => format!("{} {at}, {} actions ending {last}", s.variant, rest.len() + 1),
            }
        };
        match self {
            Request::Hello { .. } => "the handshake".to_string(),
            Request::Moves { setup, actions, .. } => format!("`moves` ({})", from(setup, actions)),
            Request::Play { setup, actions, .. } => format!("`play` ({})", from(setup, actions)),
            Request::Explain { setup, actions, action, .. } => {
                format!("`explain` of {action} ({})", from(setup, actions))
            }
            Request::Perft { setup, depth, .. } => format!("`perft` {depth} ({})", from(setup, &[])),
            Request::Quit { .. } => "`quit`".to_string(),
        }
    }
}

/// Where a request starts: a variant, every house rule, and a position in the
/// variant's notation (`null` for the variant's start position).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SetupMsg {
    pub variant: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    #[serde(default)]
    pub position: Option<String>,
}

/// A variant an engine plays and the values it supports for each house
/// rule (a rule it leaves out is played at its default only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantMsg {
    pub id: String,
    #[serde(default)]
    pub options: BTreeMap<String, Vec<String>>,
}

/// A response carries the request's `id` and exactly one of the shapes
/// below; `error` reports a request the engine could not serve, and
/// `unsupported` one it cannot set up faithfully.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Response {
    pub id: u64,
    // hello
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variants: Option<Vec<VariantMsg>>,
    /// Optional requests the engine serves: `explain`, `perft`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Vec<String>>,
    // moves
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    // play
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// moves / play / explain: an action of `actions` was refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<RefusedMsg>,
    // explain
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accepted: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    // perft
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Any request but `hello`: the engine cannot set this up faithfully
    /// (a position it cannot be given, an action it cannot play), and says
    /// why rather than guess. The scenario is skipped with that reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsupported: Option<String>,
}

/// An action of a sequence that was refused: its index (0-based) and reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedMsg {
    pub index: usize,
    pub reason: String,
}
