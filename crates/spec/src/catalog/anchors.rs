//! Anchors: the sentences of a rule page a clause (or an out-of-scope
//! entry) rests on, each named by its ordinal and the hash of its text as
//! [`crate::page`] cuts the page, so that the page's text need not be kept
//! and a change to it is noticed sentence by sentence.
//!
//! In a catalog file they are a mapping from page id to a list of
//! `N@HASH` strings, one mapping for each clause or entry:
//!
//! ```yaml
//! sentences:
//!   chinese-checkers.hi: [13@ef99b7876b2f, 14@41b1b3a6e05f]
//!   chinese-checkers.bn: [13@38959b1ff449, 14@7d44619561eb]
//! ```
//!
//! The page id is any page a catalog of the set names (its `page:` or one
//! of its `also:`), so that a clause may rest on a page that describes its
//! variant among others. They are checked when the catalog loads: each
//! anchor well formed, no page or ordinal given twice, every page known.

use std::borrow::Cow;
use std::collections::BTreeSet;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

use super::PageCatalog;
use crate::page::HASH_LEN;
use rulecheck_text::{did_you_mean, shown};

/// One sentence of a page: its ordinal (from 1) and its hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anchor {
    pub n: usize,
    pub hash: String,
}

impl Anchor {
    /// An anchor as a catalog writes it, `N@HASH`.
    pub fn parse(text: &str) -> Result<Anchor, String> {
        let bad = |why: &str| format!("anchor '{}' {why}: write N@HASH, e.g. 12@1a2b3c4d5e6f", shown(text));
        let (n, hash) = text.split_once('@').ok_or_else(|| bad("has no '@'"))?;
        let number = !n.is_empty() && !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit());
        let Some(n) = n.parse::<usize>().ok().filter(|_| number) else {
            return Err(bad("does not start with a sentence number from 1"));
        };
        if hash.len() != HASH_LEN || !hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
            return Err(bad(&format!("does not end with {HASH_LEN} lowercase hex digits")));
        }
        Ok(Anchor { n, hash: hash.to_string() })
    }
}

impl std::fmt::Display for Anchor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}@{}", self.n, self.hash)
    }
}

impl<'de> Deserialize<'de> for Anchor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // A number alone (`12`) reads as text too, to be refused with the form.
        let text = match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) => s,
            other => other.to_string(),
        };
        Anchor::parse(&text).map_err(de::Error::custom)
    }
}

/// The anchors of one page.
#[derive(Clone, Debug)]
pub struct PageAnchors {
    /// The page id, where the catalog file gives it.
    pub page: Spanned<String>,
    pub anchors: Vec<Spanned<Anchor>>,
}

/// The `sentences:` of a clause or an out-of-scope entry: its anchors,
/// page by page, in the file's order.
#[derive(Clone, Debug, Default)]
pub struct Sentences(pub Vec<PageAnchors>);

impl Sentences {
    /// The anchors on one page.
    pub fn on<'a>(&'a self, page: &'a str) -> impl Iterator<Item = &'a Anchor> + 'a {
        self.0.iter().filter(move |p| p.page.value == page).flat_map(|p| p.anchors.iter().map(|a| &a.value))
    }

    /// The pages anchored.
    pub fn pages(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|p| p.page.value.as_str())
    }
}

impl<'de> Deserialize<'de> for Sentences {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Pages;
        impl<'de> Visitor<'de> for Pages {
            type Value = Sentences;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping from page id to a list of anchors (N@HASH)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Sentences, A::Error> {
                let mut out = Vec::new();
                while let Some(page) = map.next_key::<Spanned<String>>()? {
                    let anchors: Vec<Spanned<Anchor>> = map.next_value()?;
                    out.push(PageAnchors { page, anchors });
                }
                Ok(Sentences(out))
            }
        }
        d.deserialize_map(Pages)
    }
}

impl schemars::JsonSchema for Sentences {
    fn schema_name() -> Cow<'static, str> {
        "Sentences".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The sentences of each rule page this rests on: page id to a list of anchors, \
                            each N@HASH (the sentence's ordinal, from 1, and the first 12 hex digits of \
                            the SHA-256 of its normalised text), as `rulecheck check --page` prints them.",
            "type": "object",
            "additionalProperties": {
                "type": "array",
                "items": { "type": "string", "pattern": "^[1-9][0-9]*@[0-9a-f]{12}$" }
            }
        })
    }
}

/// An error at a place of a catalog file, as `file:line:column: message`.
fn at(file: &str, place: &Location, message: String) -> String {
    format!("{file}:{}:{}: {message}", place.line(), place.column())
}

/// Every `sentences:` of a page (its clauses' and its out-of-scope
/// entries'), each with the id of what holds it.
fn all(page: &PageCatalog) -> impl Iterator<Item = (&str, &Sentences)> {
    let clauses = page.clauses.iter().map(|c| (c.id.as_str(), &c.sentences));
    clauses.chain(page.out_of_scope.iter().map(|o| (o.id.as_str(), &o.sentences)))
}

/// Check the anchors of every catalog of a set, each given with its file:
/// no page given twice in one `sentences:`, no ordinal twice on one page,
/// and every page one that some catalog of the set names, or one of
/// `also_known` (the built-in catalogs' pages, for a directory that holds
/// only some catalogs: Russian draughts anchors a page of English
/// checkers' catalog).
pub(super) fn check(pages: &[(String, &PageCatalog)], also_known: &[String]) -> Result<(), String> {
    let named = pages.iter().flat_map(|(_, p)| std::iter::once(&p.page).chain(&p.also));
    let known: BTreeSet<&str> = named.chain(also_known).map(String::as_str).collect();
    for (file, page) in pages {
        for (holder, sentences) in all(page) {
            let mut seen: Vec<&str> = Vec::new();
            for on in &sentences.0 {
                let id = on.page.value.as_str();
                if !known.contains(id) {
                    let hint = did_you_mean(known.iter().copied(), id);
                    let list = known.iter().copied().collect::<Vec<_>>().join(", ");
                    return Err(at(
                        file,
                        &on.page.referenced,
                        format!("{holder}: '{}' is the page of no catalog{hint} (pages: {list})", shown(id)),
                    ));
                }
                if seen.contains(&id) {
                    return Err(at(file, &on.page.referenced, format!("{holder}: page '{id}' is given twice")));
                }
                seen.push(id);
                let mut ordinals: Vec<usize> = Vec::new();
                for a in &on.anchors {
                    if ordinals.contains(&a.value.n) {
                        return Err(at(
                            file,
                            &a.referenced,
                            format!("{holder}: sentence {} of {id} is anchored twice", a.value.n),
                        ));
                    }
                    ordinals.push(a.value.n);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::PageCatalog;
    use super::{check, Anchor};

    const PAGE: &str = "\
page: test.en
also: [test.fr]
language: en
game: test
variants: [english]
clauses:
  - id: t.one
    rule: One.
    sentences:
      test.en: [1@0123456789ab, 2@abcdefabcdef]
      test.fr: [1@00000000000f]
out-of-scope:
  - id: t.site
    says: A site.
    why: Not a rule.
    sentences:
      test.en: [3@0123456789ab]
";

    fn read(text: &str) -> Result<PageCatalog, String> {
        serde_saphyr::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn anchors_read_page_by_page() {
        let page = read(PAGE).unwrap();
        let on_en: Vec<String> = page.clauses[0].sentences.on("test.en").map(Anchor::to_string).collect();
        assert_eq!(on_en, ["1@0123456789ab", "2@abcdefabcdef"]);
        assert_eq!(page.clauses[0].sentences.on("test.fr").count(), 1);
        assert_eq!(page.out_of_scope[0].sentences.on("test.en").next().map(|a| a.n), Some(3));
        assert_eq!(page.clauses[0].sentences.0[1].page.referenced.line(), 11);
        check(&[("t.yaml".into(), &page)], &[]).unwrap();
    }

    #[test]
    fn a_malformed_anchor_is_refused_with_the_form() {
        for bad in ["12", "0@0123456789ab", "01@0123456789ab", "x@0123456789ab", "1@0123", "1@0123456789AB", "1-abc"] {
            let err = Anchor::parse(bad).unwrap_err();
            assert!(err.contains("N@HASH"), "{bad}: {err}");
        }
        let text = PAGE.replace("2@abcdefabcdef", "2@abc");
        let err = read(&text).unwrap_err();
        assert!(err.contains("anchor '2@abc'") && err.contains("10"), "{err}");
        let text = PAGE.replace("2@abcdefabcdef", "12");
        assert!(read(&text).unwrap_err().contains("anchor '12'"));
    }

    #[test]
    fn an_unknown_page_or_an_anchor_twice_is_refused_where_it_is() {
        let page = read(&PAGE.replace("test.fr: [", "test.de: [")).unwrap();
        let err = check(&[("t.yaml".into(), &page)], &[]).unwrap_err();
        assert!(err.starts_with("t.yaml:11:7: t.one: 'test.de' is the page of no catalog"), "{err}");
        let page = read(&PAGE.replace("2@abcdefabcdef", "1@abcdefabcdef")).unwrap();
        let err = check(&[("t.yaml".into(), &page)], &[]).unwrap_err();
        assert!(err.starts_with("t.yaml:10:") && err.contains("sentence 1 of test.en is anchored twice"), "{err}");
    }
}
