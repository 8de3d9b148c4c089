//! The deviations a clause names: the single-rule deviations of its
//! family's rules that break it, which relate the catalog's clauses to the
//! reference's code. They are checked when the catalog loads, so that a
//! clause never names a deviation its variants' rules do not have, nor one
//! twice, and `check --cites` never judges a citation by a name that
//! changes nothing.

use super::readings::at;
use super::PageCatalog;
use rulecheck_text::{did_you_mean, shown};

/// Check the deviations of every clause of a page: each is a deviation of
/// the rules of each of the page's variants, named once. `file` names the
/// page in the error.
pub(super) fn check(file: &str, page: &PageCatalog) -> Result<(), String> {
    for variant in &page.variants {
        let v = crate::registry::variant(variant).map_err(|e| format!("{file}: {e}"))?;
        let known = v.deviations();
        for c in &page.clauses {
            let mut named: Vec<&str> = Vec::new();
            for d in &c.deviations {
                let name = d.value.as_str();
                if !known.contains(&name) {
                    let hint = did_you_mean(known.iter().copied(), name);
                    return Err(at(
                        file,
                        &d.referenced,
                        format!(
                            "clause {}: '{}' is not a deviation of {variant}'s rules{hint}; `rulecheck mutants \
                             {variant}` lists them",
                            c.id,
                            shown(name)
                        ),
                    ));
                }
                if named.contains(&name) {
                    return Err(at(file, &d.referenced, format!("clause {}: '{name}' is named twice", c.id)));
                }
                named.push(name);
            }
        }
    }
    Ok(())
}
