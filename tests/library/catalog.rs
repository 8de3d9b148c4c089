//! The built-in rule catalog, as the spec crate gives it to any caller.

use rulecheck::catalog::Catalog;

#[test]
fn builtin_catalog_parses_and_ids_are_unique() {
    let cat = Catalog::builtin().expect("catalog");
    let mut ids: Vec<&str> = cat.clause_ids().collect();
    ids.extend(cat.pages.iter().flat_map(|p| p.out_of_scope.iter().map(|o| o.id.as_str())));
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate clause ids");
    for p in &cat.pages {
        let all = p.clauses.iter().map(|c| &c.id).chain(p.out_of_scope.iter().map(|o| &o.id));
        for id in all {
            let prefix = id.split('.').next().unwrap_or("");
            let ok = p.variants.iter().any(|v| v == prefix) || p.prefix.as_deref() == Some(prefix);
            assert!(ok, "{id} outside its page's variants");
        }
    }
}

/// The readings the built-in catalog keeps: each an option of its variant,
/// read value by value, the default the option's own (the catalog checks
/// this when it loads; here the entries that must be there are named).
#[test]
fn builtin_readings_are_the_disputed_options() {
    let cat = Catalog::builtin().expect("catalog");
    let named = |variant: &str| -> Vec<(String, String)> {
        cat.readings(variant).map(|(_, r)| (r.option.value.clone(), r.default.value.clone())).collect()
    };
    assert_eq!(named("turkish"), vec![("mid-capture-promotion".to_string(), "man".to_string())]);
    assert_eq!(named("english"), vec![("no-progress".to_string(), "site".to_string())]);
    for v in rulecheck::registry::variants() {
        for (page, r) in cat.readings(v.info().id) {
            assert!(page.clauses.iter().any(|c| c.id == r.clause.value), "{}: {}", v.info().id, r.clause.value);
            assert!(r.values.value.iter().all(|x| !x.sources.value.is_empty()), "{}: {}", v.info().id, r.option.value);
        }
    }
}

/// Each deviation a clause of the built-in catalog names changes its
/// variant's rules under the house rules of some scenario of the spec, so
/// that `check --cites` judges the clause by it somewhere: a name that
/// can never apply (the four-kings endgame on a page without that endgame)
/// would make a clause look judged while nothing judges it.
#[test]
fn every_deviation_a_clause_names_changes_its_variant_somewhere_in_the_spec() {
    let cat = Catalog::builtin().expect("catalog");
    let spec = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let (files, errors) = rulecheck::runner::load_all(&[spec], &cat, &Default::default());
    assert!(errors.is_empty(), "the spec loads: {}", errors[0]);
    let mut idle = Vec::new();
    for page in &cat.pages {
        for variant in &page.variants {
            let v = rulecheck::registry::variant(variant).expect("a page's variant");
            let mut options: Vec<&rulecheck::game::Options> = Vec::new();
            for s in files.iter().flat_map(|f| &f.scenarios).filter(|s| &s.variant == variant) {
                if !options.contains(&&s.options) {
                    options.push(&s.options);
                }
            }
            for clause in &page.clauses {
                for d in &clause.deviations {
                    if !options.iter().any(|o| v.deviant(o, &d.value).1) {
                        idle.push(format!("{}: '{}'", clause.id, d.value));
                    }
                }
            }
        }
    }
    assert!(idle.is_empty(), "deviations that change no scenario's rules:\n{}", idle.join("\n"));
}
