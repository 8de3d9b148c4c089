//! A rule page held against the catalog's anchors: every sentence of the
//! page must rest under a clause or an out-of-scope entry of some catalog,
//! every anchor must name a sentence the page still has, and its hash must
//! be that sentence's. What fails is a [`Finding`], for the command line
//! to print.

use super::{Anchor, Catalog};
use crate::page::Sentence;

/// What anchors a sentence: a clause or an out-of-scope entry, by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    Clause(String),
    OutOfScope(String),
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Holder::Clause(id) => write!(f, "clause {id}"),
            Holder::OutOfScope(id) => write!(f, "out-of-scope entry {id}"),
        }
    }
}

/// One thing wrong between a page and its anchors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A sentence (its index in the page's sentences) that nothing anchors.
    Unmapped { at: usize },
    /// An anchored sentence (its index) whose text is no longer the one
    /// anchored; `moved` is the index of a sentence that has the anchored
    /// text now, if one has.
    Outdated { at: usize, holder: Holder, moved: Option<usize> },
    /// An anchor past the page's last sentence; `moved` as above.
    Gone { anchor: Anchor, holder: Holder, moved: Option<usize> },
}

/// A page reviewed: what is wrong, and how its sentences are held.
#[derive(Clone, Debug)]
pub struct Review {
    pub findings: Vec<Finding>,
    /// Sentences under at least one clause.
    pub mapped: usize,
    /// Sentences under out-of-scope entries only.
    pub out_of_scope: usize,
}

impl Catalog {
    /// Whether some catalog names the page, or some clause or entry
    /// anchors it.
    pub fn knows_page(&self, page: &str) -> bool {
        self.page(page).is_some()
            || self.pages.iter().any(|p| {
                p.clauses.iter().any(|c| c.sentences.pages().any(|id| id == page))
                    || p.out_of_scope.iter().any(|o| o.sentences.pages().any(|id| id == page))
            })
    }

    /// Every anchor on a page, with what holds it, in catalog order.
    pub fn anchors_on<'a>(&'a self, page: &'a str) -> Vec<(&'a Anchor, Holder)> {
        let mut out = Vec::new();
        for p in &self.pages {
            for c in &p.clauses {
                out.extend(c.sentences.on(page).map(|a| (a, Holder::Clause(c.id.clone()))));
            }
            for o in &p.out_of_scope {
                out.extend(o.sentences.on(page).map(|a| (a, Holder::OutOfScope(o.id.clone()))));
            }
        }
        out
    }

    /// Hold a page's sentences against the anchors on it. An error when no
    /// catalog names the page and nothing anchors it: the page id is
    /// wrong, or the page is not the project's.
    pub fn review(&self, page: &str, sentences: &[Sentence]) -> Result<Review, String> {
        if !self.knows_page(page) {
            let mut known: Vec<&str> =
                self.pages.iter().flat_map(|p| std::iter::once(&p.page).chain(&p.also)).map(String::as_str).collect();
            known.sort_unstable();
            known.dedup();
            let hint = rulecheck_text::did_you_mean(known.iter().copied(), page);
            return Err(format!(
                "no catalog names the page '{}'{hint} (pages: {})",
                rulecheck_text::shown(page),
                known.join(", ")
            ));
        }
        let anchors = self.anchors_on(page);
        let moved = |anchor: &Anchor| sentences.iter().position(|s| s.hash == anchor.hash && s.n != anchor.n);
        let mut by_clause = vec![false; sentences.len()];
        let mut by_entry = vec![false; sentences.len()];
        let mut changed: Vec<Finding> = Vec::new();
        let mut gone: Vec<Finding> = Vec::new();
        for (anchor, holder) in anchors {
            let Some(s) = sentences.get(anchor.n - 1) else {
                gone.push(Finding::Gone { anchor: anchor.clone(), moved: moved(anchor), holder });
                continue;
            };
            match holder {
                Holder::Clause(_) => by_clause[anchor.n - 1] = true,
                Holder::OutOfScope(_) => by_entry[anchor.n - 1] = true,
            }
            if s.hash != anchor.hash {
                changed.push(Finding::Outdated { at: anchor.n - 1, moved: moved(anchor), holder });
            }
        }
        let unmapped =
            (0..sentences.len()).filter(|&i| !by_clause[i] && !by_entry[i]).map(|at| Finding::Unmapped { at });
        let mut findings: Vec<Finding> = unmapped.chain(changed).collect();
        findings.sort_by_key(|f| match f {
            Finding::Unmapped { at } | Finding::Outdated { at, .. } => *at,
            Finding::Gone { .. } => usize::MAX,
        });
        findings.extend(gone);
        Ok(Review {
            findings,
            mapped: by_clause.iter().filter(|m| **m).count(),
            out_of_scope: by_clause.iter().zip(&by_entry).filter(|(c, e)| !**c && **e).count(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Catalog, PageCatalog};
    use super::{Finding, Holder};
    use crate::page::sentences;

    const PAGE: &str = "Title\nFirst rule. Second rule.\nPlay here now!\n";

    /// A catalog of the page with these anchors for its one clause and its
    /// one out-of-scope entry.
    fn catalog(clause: &str, entry: &str) -> Catalog {
        let text = format!(
            "page: test.en\nlanguage: en\ngame: test\nvariants: [english]\nclauses:\n  - id: t.rule\n    rule: R.\n    \
             sentences: {{test.en: [{clause}]}}\nout-of-scope:\n  - id: t.site\n    says: S.\n    why: W.\n    \
             sentences: {{test.en: [{entry}]}}\n"
        );
        let page: PageCatalog = serde_saphyr::from_str(&text).unwrap();
        Catalog::of(vec![page]).unwrap()
    }

    fn anchor(page: &str, n: usize) -> String {
        format!("{n}@{}", sentences(page)[n - 1].hash)
    }

    fn held() -> Catalog {
        catalog(
            &format!("{}, {}", anchor(PAGE, 2), anchor(PAGE, 3)),
            &format!("{}, {}", anchor(PAGE, 1), anchor(PAGE, 4)),
        )
    }

    #[test]
    fn a_page_held_in_full_has_no_finding() {
        let review = held().review("test.en", &sentences(PAGE)).unwrap();
        assert_eq!(review.findings, []);
        assert_eq!((review.mapped, review.out_of_scope), (2, 2));
    }

    #[test]
    fn a_sentence_added_is_unmapped_and_the_ones_after_it_outdated() {
        let page = "Title\nFirst rule. A new rule. Second rule.\nPlay here now!\n";
        let review = held().review("test.en", &sentences(page)).unwrap();
        let clause = Holder::Clause("t.rule".into());
        let entry = Holder::OutOfScope("t.site".into());
        assert_eq!(
            review.findings,
            [
                Finding::Outdated { at: 2, holder: clause, moved: Some(3) },
                Finding::Outdated { at: 3, holder: entry, moved: Some(4) },
                Finding::Unmapped { at: 4 },
            ]
        );
    }

    #[test]
    fn an_anchor_past_the_end_is_gone() {
        let page = "Title\nFirst rule. Second rule.\n";
        let review = held().review("test.en", &sentences(page)).unwrap();
        assert!(
            matches!(&review.findings[..], [Finding::Gone { anchor, holder: Holder::OutOfScope(id), moved: None }]
                if anchor.n == 4 && id == "t.site"),
            "{:?}",
            review.findings
        );
    }

    #[test]
    fn a_page_no_catalog_names_is_an_error() {
        let err = held().review("test.enn", &sentences(PAGE)).unwrap_err();
        assert!(err.starts_with("no catalog names the page 'test.enn'") && err.contains("test.en"), "{err}");
    }
}
