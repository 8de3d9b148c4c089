//! The document model of a scenario file, as the YAML reader fills it in:
//! every value spanned with its place, unknown keys refused. The same types
//! give the JSON Schema kept in `spec/scenario.schema.json`, so that the
//! schema cannot drift from what the loader reads.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_saphyr::Spanned;

/// A scenario file.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "rulecheck scenario file")]
pub(super) struct FileDoc {
    /// The variant every scenario of the file is played under.
    #[schemars(schema_with = "variant_ids")]
    pub(super) variant: Spanned<String>,
    /// The rule page the scenarios are written from (chinese-checkers.hi, ...).
    #[schemars(with = "String")]
    pub(super) page: Spanned<String>,
    /// House rules for every scenario of the file (`rulecheck variants` lists them).
    #[serde(default)]
    #[schemars(schema_with = "option_values")]
    pub(super) options: BTreeMap<String, Spanned<String>>,
    pub(super) scenarios: Vec<ScenarioDoc>,
}

/// One scenario.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ScenarioDoc {
    /// What the scenario shows; unique in its file.
    #[schemars(with = "String")]
    pub(super) name: Spanned<String>,
    /// The clause ids it tests (spec/rules/*.yaml).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub(super) clauses: Vec<Spanned<String>>,
    /// House rules for this scenario, over the file's.
    #[serde(default)]
    #[schemars(schema_with = "option_values")]
    pub(super) options: BTreeMap<String, Spanned<String>>,
    /// The position: a position string (FEN) or a diagram; the start position if absent.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(super) position: Option<Spanned<String>>,
    /// Moves and actions (`resign by black`) played first; each must be legal.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub(super) play: Vec<Spanned<String>>,
    /// What must hold afterwards under the file's variant.
    #[serde(default)]
    pub(super) expect: Option<ExpectDoc>,
    /// Expectations for the same position under other variants, by id: one
    /// scenario documents how several variants read it.
    #[serde(default)]
    pub(super) variants: BTreeMap<String, ExpectDoc>,
}

/// What must hold after the play; at least one entry.
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub(super) struct ExpectDoc {
    /// The complete set of legal moves, in any order.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) moves: Option<Vec<Spanned<String>>>,
    /// Moves that must be legal.
    #[schemars(with = "Vec<String>")]
    pub(super) legal: Vec<Spanned<String>>,
    /// Moves or actions that must be refused, as `MOVE` or `MOVE: reason-code`.
    #[schemars(with = "Vec<String>")]
    pub(super) illegal: Vec<Spanned<String>>,
    /// The position afterwards (position string or diagram).
    #[schemars(with = "Option<String>")]
    pub(super) after: Option<Spanned<String>>,
    /// The player to move afterwards.
    #[serde(rename = "to-move")]
    #[schemars(with = "Option<String>")]
    pub(super) to_move: Option<Spanned<String>>,
    /// `ongoing`, `PLAYER wins: REASON`, `draw: REASON`, or a ranking `1st: seat 2, 2nd: seat 1`.
    #[schemars(with = "Option<String>")]
    pub(super) result: Option<Spanned<String>>,
    /// Depth: leaf count.
    // Read as text, so that a number out of range gets a message of its own.
    #[schemars(with = "BTreeMap<u32, u64>")]
    pub(super) perft: BTreeMap<String, Spanned<String>>,
}

/// House rules by name; YAML may write their values as words, numbers or
/// booleans (`players: 3`, `mandatory-capture: off`).
fn option_values(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "additionalProperties": { "type": ["string", "integer", "boolean"] },
        "default": {}
    })
}

/// The variant ids, so that editors complete them.
fn variant_ids(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let ids: Vec<&str> = crate::registry::variants().iter().map(|v| v.info().id).collect();
    schemars::json_schema!({ "type": "string", "enum": ids })
}

/// The JSON Schema of scenario files, as kept in `spec/scenario.schema.json`.
pub fn schema() -> String {
    let schema = schemars::schema_for!(FileDoc);
    format!("{}\n", serde_json::to_string_pretty(&schema).unwrap_or_default())
}
