//! The kinds of expectation. Each kind is one unit, in a file of its own:
//! the shape of its entry under `expect:` (and so its schema), how the
//! entry is read, located and checked against the reference when the
//! scenario loads, what it asks the engine ahead for a pipelined engine,
//! how it is checked against a replay, and its transcript line. [`KINDS`]
//! joins them in one list, in the order they are read, checked and
//! written; the loader is given the list ([`Registry`]), and the oracle
//! checks a scenario by going down it.
//!
//! A kind reads its entry into a model of its own type, which the scenario
//! keeps ([`crate::scenario::Expectations`]) and the kind finds again when
//! it checks.

mod after;
mod captured;
mod doc;
mod illegal;
mod legal;
mod moves;
mod perft;
mod result;
mod to_move;

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use serde_saphyr::Spanned;

use super::replayed::{Place, Places, Replayed};
use super::transcript::Checking;
use crate::engine::{Engine, Plan};
use crate::scenario::loader::{Kinds, Reading};
use crate::scenario::{Expectations, Expected, Scenario};

pub use after::After;
pub use captured::Captured;
pub use doc::Doc;
pub use illegal::{Illegal, Refused};
pub use legal::Legal;
pub use moves::Moves;
pub use perft::Perft;
pub use result::GameResult;
pub use to_move::ToMove;

/// How YAML writes a kind's entry.
#[derive(Clone, Copy, Debug)]
pub(super) enum Shape {
    /// A list of texts, empty when absent.
    List,
    /// A list of texts, or absent: an empty list says something.
    OptionalList,
    /// One text.
    One,
    /// A mapping of texts to texts.
    Map,
}

impl Shape {
    /// The JSON Schema of an entry of this shape, saying what it means.
    fn schema(self, about: &str) -> schemars::Schema {
        match self {
            Shape::List => schemars::json_schema!({
                "description": about, "type": "array", "default": [], "items": { "type": "string" }
            }),
            Shape::OptionalList => schemars::json_schema!({
                "description": about, "type": ["array", "null"], "default": null, "items": { "type": "string" }
            }),
            Shape::One => schemars::json_schema!({ "description": about, "type": ["string", "null"], "default": null }),
            Shape::Map => schemars::json_schema!({
                "description": about, "type": "object", "default": {}, "additionalProperties": { "type": "string" }
            }),
        }
    }
}

/// A kind's entry as YAML wrote it, every text with its place (and a
/// list's own place, for an error about the list as a whole).
pub(super) enum Raw {
    List(Spanned<Vec<Spanned<String>>>),
    One(Spanned<String>),
    Map(BTreeMap<String, Spanned<String>>),
}

/// What a kind is called and what it means: its key under `expect:` (the
/// name failures and expected-failures lists give it too), how YAML writes
/// its entry, and what the entry means, as the schema says it.
#[derive(Clone, Copy, Debug)]
pub(super) struct About {
    pub key: &'static str,
    pub shape: Shape,
    pub text: &'static str,
}

impl About {
    pub const fn list(key: &'static str, text: &'static str) -> About {
        About { key, shape: Shape::List, text }
    }
    pub const fn optional_list(key: &'static str, text: &'static str) -> About {
        About { key, shape: Shape::OptionalList, text }
    }
    pub const fn one(key: &'static str, text: &'static str) -> About {
        About { key, shape: Shape::One, text }
    }
    pub const fn map(key: &'static str, text: &'static str) -> About {
        About { key, shape: Shape::Map, text }
    }
}

/// An entry's texts as a kind reads them (one text, a list, a mapping),
/// taken out of the entry as YAML wrote it.
pub(super) trait Shaped {
    fn of(raw: &Raw) -> Option<&Self>;
    /// Whether an entry of this shape is read into this type: a kind is
    /// never handed an entry it cannot read (a test holds every kind to it).
    #[cfg(test)]
    fn fits(shape: Shape) -> bool;
}

/// Each type an entry is read into: the variant of [`Raw`] it is taken
/// from and how, and the shapes YAML writes it in.
macro_rules! shaped {
    ($($ty:ty => $raw:ident, |$texts:ident| $taken:expr, $($shape:ident)|+;)*) => {$(
        impl Shaped for $ty {
            fn of(raw: &Raw) -> Option<&Self> {
                if let Raw::$raw($texts) = raw {
                    return Some($taken);
                }
                None
            }
            #[cfg(test)]
            fn fits(shape: Shape) -> bool {
                matches!(shape, $(Shape::$shape)|+)
            }
        }
    )*};
}

shaped! {
    Spanned<String> => One, |text| text, One;
    [Spanned<String>] => List, |list| &list.value, List | OptionalList;
    Spanned<Vec<Spanned<String>>> => List, |list| list, List | OptionalList;
    BTreeMap<String, Spanned<String>> => Map, |map| map, Map;
}

/// A kind of expectation, implemented by its model, reading entries
/// written as `R`.
pub(super) trait Kind<R: Shaped + ?Sized>: Clone + Debug + Send + Sync + Sized + 'static {
    const ABOUT: About;

    /// The JSON Schema of its entry: by default, that of its shape.
    fn schema() -> schemars::Schema {
        Self::ABOUT.shape.schema(Self::ABOUT.text)
    }

    /// The entry read, each part located and checked against the
    /// reference; `None` when it expects nothing (the errors are reported).
    fn read(raw: &R, r: &mut Reading<'_, '_>) -> Option<Self>;

    /// What the check will ask the engine, added to the plan; `None` when
    /// no plan can be made.
    fn plan(&self, _p: &mut Planning<'_>) -> Option<()> {
        Some(())
    }

    /// The check against the replay: failures and transcript lines.
    fn check(&self, on: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking);
}

/// A kind, its model's type forgotten, as the list holds it.
trait Entry: Sync {
    fn key(&self) -> &'static str;
    fn shape(&self) -> Shape;
    /// Whether the kind reads entries of its own shape.
    #[cfg(test)]
    fn fits(&self) -> bool;
    fn schema(&self) -> schemars::Schema;
    fn read(&self, raw: &Raw, r: &mut Reading<'_, '_>) -> Option<Box<dyn Expected>>;
    fn plan(&self, ex: &Expectations, p: &mut Planning<'_>) -> Option<()>;
    fn check(&self, ex: &Expectations, on: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking);
}

/// A kind `K` reading `R`, as the list holds it: neither is stored.
struct Of<K, R: ?Sized>(PhantomData<fn(&R) -> K>);

/// A kind for the list, its entry type found from its one `Kind` impl.
const fn of<K: Kind<R>, R: Shaped + ?Sized>() -> Of<K, R> {
    Of(PhantomData)
}

impl<K: Kind<R>, R: Shaped + ?Sized> Entry for Of<K, R> {
    fn key(&self) -> &'static str {
        K::ABOUT.key
    }
    fn shape(&self) -> Shape {
        K::ABOUT.shape
    }
    #[cfg(test)]
    fn fits(&self) -> bool {
        R::fits(K::ABOUT.shape)
    }
    fn schema(&self) -> schemars::Schema {
        K::schema()
    }
    fn read(&self, raw: &Raw, r: &mut Reading<'_, '_>) -> Option<Box<dyn Expected>> {
        K::read(R::of(raw)?, r).map(|m| Box::new(m) as Box<dyn Expected>)
    }
    fn plan(&self, ex: &Expectations, p: &mut Planning<'_>) -> Option<()> {
        ex.get::<K>().map_or(Some(()), |m| m.plan(p))
    }
    fn check(&self, ex: &Expectations, on: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking) {
        if let Some(m) = ex.get::<K>() {
            m.check(on, engine, c);
        }
    }
}

/// Every kind of expectation, in the order they are read, checked and
/// written in transcripts.
static KINDS: &[&dyn Entry] = &[
    &of::<Moves, _>(),
    &of::<Legal, _>(),
    &of::<Illegal, _>(),
    &of::<After, _>(),
    &of::<Captured, _>(),
    &of::<ToMove, _>(),
    &of::<GameResult, _>(),
    &of::<Perft, _>(),
];

/// The kinds of expectation, as a loader is given them
/// ([`crate::scenario::loader::load`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Registry;

/// [`Registry`], to hand a loader.
pub const REGISTRY: Registry = Registry;

impl Kinds for Registry {
    type Doc = Doc;

    fn read(&self, doc: &Doc, reading: &mut Reading<'_, '_>) -> Expectations {
        let mut out = Expectations::default();
        for (kind, raw) in KINDS.iter().zip(doc.entries()) {
            if let Some(m) = raw.as_ref().and_then(|raw| kind.read(raw, reading)) {
                out.push(m);
            }
        }
        out
    }

    fn keys(&self) -> Vec<&'static str> {
        KINDS.iter().map(|k| k.key()).collect()
    }
}

/// A plan being made: the scenario, and the reference's position after
/// its play where a kind needs it.
pub(super) struct Planning<'a> {
    pub scenario: &'a Scenario,
    pub plan: Plan,
}

impl Planning<'_> {
    /// The reference's position after the play.
    pub fn after(&self) -> Option<String> {
        let s = self.scenario;
        let game = crate::registry::configure(&s.variant, &s.options).ok()?;
        let start = s.position.clone().unwrap_or_else(|| game.start_position());
        Some(game.replay(&start, &self.plan.played).ok()?.position)
    }
}

/// The plan with what each kind will ask added.
pub(super) fn plan(scenario: &Scenario, plan: Plan) -> Option<Plan> {
    let mut p = Planning { scenario, plan };
    for kind in KINDS {
        kind.plan(&scenario.expect, &mut p)?;
    }
    Some(p.plan)
}

/// Where a failure of every answer is placed, under the key of its kind:
/// a move list that cannot be read at the scenario's `moves`, a result out
/// of protocol at its `result`, when it has them.
pub(super) fn places(ex: &Expectations) -> Places {
    Places {
        moves: Place { key: Moves::ABOUT.key, loc: ex.get::<Moves>().and_then(|m| m.0.first()).map(|m| m.loc) },
        result: Place { key: GameResult::ABOUT.key, loc: ex.get::<GameResult>().map(|r| r.0.loc) },
    }
}

/// Each of the scenario's expectations checked against the replay, in the
/// order of the kinds.
pub(super) fn check(on: &Replayed<'_>, engine: &mut dyn Engine, c: &mut Checking) {
    for kind in KINDS {
        kind.check(&on.scenario.expect, on, engine, c);
    }
}

#[cfg(test)]
mod tests {
    use super::KINDS;

    #[test]
    fn every_kind_reads_entries_of_its_own_shape() {
        for kind in KINDS {
            assert!(kind.fits(), "{} is handed entries it cannot read", kind.key());
        }
    }
}
