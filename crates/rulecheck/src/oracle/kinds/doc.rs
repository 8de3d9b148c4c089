//! The `expect:` mapping as YAML writes it, read by the kinds' keys and
//! shapes: as a derived struct of one field per kind would read it (the
//! same errors, unknown keys refused), and with the same JSON Schema.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_saphyr::Spanned;

use super::{Raw, Shape, KINDS};

/// The entries of an `expect:` mapping, one slot per kind in the order of
/// the kinds.
#[derive(Default)]
pub struct Doc(Vec<Option<Raw>>);

impl Doc {
    /// The entries, in the order of the kinds (`None` where absent).
    pub(super) fn entries(&self) -> impl Iterator<Item = &Option<Raw>> {
        self.0.iter()
    }
}

/// The keys of the kinds, in their order, as serde wants them named.
fn keys() -> &'static [&'static str] {
    static KEYS: OnceLock<Vec<&'static str>> = OnceLock::new();
    KEYS.get_or_init(|| KINDS.iter().map(|k| k.key()).collect())
}

/// The name the schema and the reader's messages give the mapping.
const NAME: &str = "ExpectDoc";

impl<'de> Deserialize<'de> for Doc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Doc, D::Error> {
        d.deserialize_struct(NAME, keys(), DocVisitor)
    }
}

struct DocVisitor;

impl<'de> Visitor<'de> for DocVisitor {
    type Value = Doc;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {NAME}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Doc, A::Error> {
        let mut slots: Vec<Option<Raw>> = KINDS.iter().map(|_| None).collect();
        let mut seen = vec![false; slots.len()];
        while let Some(Key(i)) = map.next_key()? {
            let (Some(slot), Some(seen), Some(kind)) = (slots.get_mut(i), seen.get_mut(i), KINDS.get(i)) else {
                continue;
            };
            if *seen {
                return Err(de::Error::duplicate_field(kind.key()));
            }
            *seen = true;
            *slot = map.next_value_seed(Entry(kind.shape()))?;
        }
        Ok(Doc(slots))
    }
}

/// A key of the mapping: the index of its kind.
struct Key(usize);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        d.deserialize_identifier(KeyVisitor)
    }
}

struct KeyVisitor;

impl Visitor<'_> for KeyVisitor {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
        keys().iter().position(|k| *k == v).map(Key).ok_or_else(|| E::unknown_field(v, keys()))
    }
}

/// An entry, read in its kind's shape.
struct Entry(Shape);

impl<'de> DeserializeSeed<'de> for Entry {
    type Value = Option<Raw>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<Raw>, D::Error> {
        Ok(match self.0 {
            Shape::List => Some(Raw::List(Spanned::<Vec<Spanned<String>>>::deserialize(d)?)),
            Shape::OptionalList => Option::<Spanned<Vec<Spanned<String>>>>::deserialize(d)?.map(Raw::List),
            Shape::One => Option::<Spanned<String>>::deserialize(d)?.map(Raw::One),
            Shape::Map => Some(Raw::Map(BTreeMap::<String, Spanned<String>>::deserialize(d)?)),
        })
    }
}

impl schemars::JsonSchema for Doc {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        NAME.into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut sorted: Vec<_> = KINDS.iter().collect();
        sorted.sort_by_key(|k| k.key());
        let properties: serde_json::Map<String, serde_json::Value> =
            sorted.iter().map(|k| (k.key().to_string(), k.schema().to_value())).collect();
        schemars::json_schema!({
            "description": "What must hold after the play; at least one entry.",
            "type": "object",
            "properties": properties,
            "additionalProperties": false
        })
    }
}
