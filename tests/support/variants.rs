//! The registered variants of a family, for the tests that go over all of
//! them, so that a variant added later is held to them too.

/// The ids of `family`'s variants, in the registry's order.
pub fn of_family(family: &str) -> Vec<&'static str> {
    rulecheck::registry::variants().into_iter().filter(|v| v.info().family == family).map(|v| v.info().id).collect()
}
