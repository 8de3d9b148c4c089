//! The fingerprint's closed loop over the reference: an engine that is the
//! reference with one rule deviating is fingerprinted as that deviation and
//! nothing else, and an engine that plays another value of a house rule
//! than it is sent is found to follow that value, its failures explained.

use rulecheck::engine::{self, InProcess};
use rulecheck::fingerprint::fingerprint;
use rulecheck::game::Options;
use rulecheck::registry;

use crate::support::declaring::{spec, Declaring};

/// The reference of `variant` with the deviation `name` (a slug).
fn deviant(variant: &'static str, name: &str) -> Declaring {
    let make = rulecheck::mutation::deviant(name).expect("a deviation");
    let inner = InProcess::new(name, Box::new(move |id, options| make(id, options).ok()));
    Declaring::every(inner, variant, &[])
}

/// Each deviation's fingerprint names it alone: the deviations of every
/// variant, a few each (all of them under `--ignored`, about a minute).
fn each_deviation_is_named_alone(all: bool) {
    let files = spec();
    let mut checked = 0;
    for v in registry::variants() {
        let variant = v.info().id;
        let mut reference = Declaring::every(engine::reference(), variant, &[]);
        let clean = fingerprint(&mut reference, variant, &files).expect("a fingerprint");
        assert!(clean.is_clean(), "the reference itself: {}", clean.text());
        let defaults = registry::resolve_options(v, &Options::new()).expect("defaults");
        // The deviations that change this variant's rules and are asserted
        // by the mutation score (an inert one changes nothing it plays).
        let deviations: Vec<String> = v
            .deviations()
            .into_iter()
            .filter(|d| v.deviant(&defaults, d).1 && v.inert(d).is_none())
            .map(rulecheck::mutation::slug)
            .collect();
        for (k, name) in deviations.iter().enumerate() {
            if !all && k % 6 != variant.len() % 6 {
                continue;
            }
            let mut e = deviant(variant, name);
            let f = fingerprint(&mut e, variant, &files).expect("a fingerprint");
            // Named itself, or by another name of the very same rules.
            let [d] = f.deviations.as_slice() else {
                panic!("{variant} {name}: not one deviation named:\n{}", f.text())
            };
            assert!(d.deviation == *name || d.alike.same_rules.contains(name), "{variant} {name}:\n{}", f.text());
            assert!(d.alike.on_this_spec.is_empty(), "{variant} {name}:\n{}", f.text());
            assert!(f.unexplained.is_empty(), "{variant} {name}:\n{}", f.text());
            checked += 1;
        }
    }
    assert!(checked >= 30, "deviations checked: {checked}");
}

#[test]
fn a_deviation_is_fingerprinted_as_itself_and_nothing_else() {
    each_deviation_is_named_alone(false);
}

#[test]
#[ignore = "every deviation of every variant: about a minute"]
fn every_deviation_is_fingerprinted_as_itself_and_nothing_else() {
    each_deviation_is_named_alone(true);
}

/// An engine sent one value of a house rule that plays another (it
/// declares only the default, as an engine with no such option does) is
/// found to follow the value it plays, and every failure that value
/// explains is explained: no deviation is blamed, nothing is left over.
/// Every value of every reading of the catalog, and two house rules.
#[test]
fn the_value_an_engine_plays_is_found_whatever_it_is_sent() {
    let files = spec();
    let catalog = rulecheck::catalog::Catalog::builtin().expect("catalog");
    let mut rules: Vec<(&'static str, String, String)> = Vec::new();
    for v in registry::variants() {
        let id = v.info().id;
        for (_, r) in catalog.readings(id) {
            for value in r.values.value.iter() {
                rules.push((id, r.option.value.clone(), value.value.value.clone()));
            }
        }
    }
    assert!(rules.len() >= 20, "reading values: {}", rules.len());
    rules.push(("english", "mandatory-capture".into(), "off".into()));
    for (variant, rule, plays) in rules {
        let (r, p) = (rule.clone(), plays.clone());
        let inner = InProcess::new(
            format!("plays {rule}={plays}"),
            Box::new(move |id, options| {
                let mut options = options.clone();
                options.insert(r.clone(), p.clone());
                registry::configure(id, &options).ok()
            }),
        );
        let v = registry::variant(variant).expect("variant");
        let default = v.info().options.iter().find(|o| o.name == rule).expect("rule").default;
        let mut e = Declaring::every(inner, variant, &[(rule.as_str(), default)]);
        let f = fingerprint(&mut e, variant, &files).expect("a fingerprint");
        let found = f.rules.iter().find(|x| x.option == rule).expect("the rule is fingerprinted");
        assert_eq!(found.sent, default, "{}", f.text());
        assert_eq!(found.follows.as_deref(), Some(plays.as_str()), "{}", f.text());
        assert!(found.separating > 0, "{}", f.text());
        if plays != default {
            assert!(f.counts.passed < f.counts.run, "it fails the default's scenarios: {}", f.text());
        }
        assert!(f.deviations.is_empty() && f.unexplained.is_empty(), "{}", f.text());
    }
}

/// The matrix's readings cell of an engine that declares the default and
/// plays another value says both, and which it follows.
#[test]
fn a_readings_cell_says_what_an_engine_follows_and_what_it_is_sent() {
    use rulecheck::matrix::readings::{cell_text, find, Disputed, Found};
    let files = spec();
    let inner = InProcess::new(
        "plays wcdf".to_string(),
        Box::new(|id, options| {
            let mut options = options.clone();
            options.insert("no-progress".to_string(), "wcdf".to_string());
            registry::configure(id, &options).ok()
        }),
    );
    let mut e = Declaring::every(inner, "english", &[("no-progress", "site")]);
    let rule = Disputed {
        variant: "english".into(),
        option: "no-progress".into(),
        clause: "english.draw.forty".into(),
        default: "site".into(),
    };
    let other = Disputed { variant: "turkish".into(), ..rule.clone() };
    let found = find(&mut e, &[rule.clone(), other], &files);
    assert!(
        matches!(&found[0], Found::OneWay { sent, follows: Some(f), .. } if sent == "site" && f == "wcdf"),
        "{found:?}"
    );
    assert_eq!(cell_text(&rule, &found[0]), "wcdf (not the default), sent site");
    assert!(matches!(found[1], Found::NotPlayed), "it plays no Turkish: {found:?}");
}
