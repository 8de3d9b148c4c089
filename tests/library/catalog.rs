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
