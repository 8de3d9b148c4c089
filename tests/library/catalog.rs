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
