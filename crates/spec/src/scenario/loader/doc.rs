//! The document model of a scenario file, as the YAML reader fills it in:
//! every value spanned with its place, unknown keys refused. The same types
//! give the JSON Schema kept in `spec/scenario.schema.json`, so that the
//! schema cannot drift from what the loader reads. The `expect:` mapping
//! is the kinds' own document (`E`, [`super::Kinds::Doc`]): each kind of
//! expectation gives its entry's shape and schema.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_saphyr::Spanned;

/// A scenario file.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, bound(deserialize = "E: Deserialize<'de>"))]
#[schemars(title = "rulecheck scenario file")]
pub(super) struct FileDoc<E> {
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
    pub(super) scenarios: Vec<ScenarioDoc<E>>,
}

/// One scenario.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, bound(deserialize = "E: Deserialize<'de>"))]
#[schemars(rename = "ScenarioDoc")]
pub(super) struct ScenarioDoc<E> {
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
    pub(super) expect: Option<E>,
    /// Expectations for the same position under other variants, by id: one
    /// scenario documents how several variants read it.
    #[serde(default)]
    pub(super) variants: BTreeMap<String, E>,
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

/// The JSON Schema of scenario files whose expectations are of `kinds`,
/// as kept in `spec/scenario.schema.json`.
pub fn schema<K: super::Kinds>(_kinds: &K) -> String {
    let schema = schemars::schema_for!(FileDoc<K::Doc>);
    format!("{}\n", serde_json::to_string_pretty(&schema).unwrap_or_default())
}
