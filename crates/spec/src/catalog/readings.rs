//! Readings: house-rule options whose values are the ways the authorities
//! read one disputed rule, each value with the texts that read it so. A
//! catalog page lists them under `readings:`; they are checked against the
//! variants' options and the page's clauses when the catalog loads, so that
//! a reading never names a value an engine cannot be set to, nor leaves one
//! out, nor claims a default the program does not play.

use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

use super::PageCatalog;
use rulecheck_game::OptionSpec;
use rulecheck_text::{did_you_mean, shown};

/// One disputed rule, read in as many ways as its option has values.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The option of the page's variant(s) whose values are the readings.
    #[schemars(with = "String")]
    pub option: Spanned<String>,
    /// The clause of the same page that the option reads.
    #[schemars(with = "String")]
    pub clause: Spanned<String>,
    /// The disputed point, as a question.
    pub question: String,
    /// The value rulecheck plays unless told otherwise: the option's default.
    #[schemars(with = "String")]
    pub default: Spanned<String>,
    /// Why the default was chosen over the other readings.
    pub why: String,
    /// Every value of the option, once each.
    #[schemars(with = "Vec<ReadingValue>")]
    pub values: Spanned<Vec<ReadingValue>>,
}

/// One value of a reading's option: what it reads the rule to say, and who
/// reads it so.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadingValue {
    #[schemars(with = "String")]
    pub value: Spanned<String>,
    /// The rule under this value, in the project's own words.
    pub reading: String,
    /// Who reads it so, each in one string: who, what, where, which article,
    /// and "(secondhand: ...)" when only a report of the text was read.
    #[schemars(with = "Vec<String>")]
    pub sources: Spanned<Vec<String>>,
}

/// An error at a place of a catalog file, as `file:line:column: message`.
pub(super) fn at(file: &str, place: &Location, message: String) -> String {
    format!("{file}:{}:{}: {message}", place.line(), place.column())
}

/// Check every reading of a page: its option is an option of each of the
/// page's variants and takes named values only, its values are the
/// option's values once each and each has a source, its default is the
/// option's default, and its clause is a clause of the page. `file` names
/// the page in the error.
pub(super) fn check(file: &str, page: &PageCatalog) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    for r in &page.readings {
        let name = r.option.value.as_str();
        if seen.contains(&name) {
            return Err(at(file, &r.option.referenced, format!("option '{}' has a reading already", shown(name))));
        }
        seen.push(name);
        for variant in &page.variants {
            let spec = option_of(variant, name).map_err(|m| at(file, &r.option.referenced, m))?;
            check_values(file, r, spec)?;
        }
        if !page.clauses.iter().any(|c| c.id == r.clause.value) {
            let hint = did_you_mean(page.clauses.iter().map(|c| c.id.as_str()), &r.clause.value);
            return Err(at(
                file,
                &r.clause.referenced,
                format!("clause '{}' is not a clause of this page{hint}", shown(&r.clause.value)),
            ));
        }
    }
    Ok(())
}

/// The option of a variant by name, or why there is none to read.
fn option_of(variant: &str, name: &str) -> Result<&'static OptionSpec, String> {
    let v = crate::registry::variant(variant).map_err(|e| e.to_string())?;
    let options = v.info().options;
    let spec = options.iter().find(|o| o.name == name).ok_or_else(|| {
        let known: Vec<&str> = options.iter().map(|o| o.name).collect();
        let hint = did_you_mean(known.iter().copied(), name);
        let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
        format!("'{}' is not an option of {variant}{hint} (its options: {known})", shown(name))
    })?;
    if let Some(range) = spec.values.iter().find(|v| v.contains("..")) {
        return Err(format!(
            "option '{name}' of {variant} takes a range of numbers ({range}): a reading names each value of its \
             option, so a numeric option cannot be one"
        ));
    }
    Ok(spec)
}

/// The values of a reading against its option's: each named once, none
/// missing, each with a source, and the default the option's own.
fn check_values(file: &str, r: &Reading, spec: &OptionSpec) -> Result<(), String> {
    let option = spec.name;
    let mut named: Vec<&str> = Vec::new();
    for v in &r.values.value {
        let value = v.value.value.as_str();
        if !spec.values.contains(&value) {
            let hint = did_you_mean(spec.values.iter().copied(), value);
            return Err(at(
                file,
                &v.value.referenced,
                format!(
                    "'{}' is not a value of option '{option}'{hint} (values: {})",
                    shown(value),
                    spec.values.join(", ")
                ),
            ));
        }
        if named.contains(&value) {
            return Err(at(file, &v.value.referenced, format!("value '{value}' is read twice; name each value once")));
        }
        named.push(value);
        if v.sources.value.is_empty() {
            return Err(at(file, &v.sources.referenced, format!("value '{value}' has no source: cite at least one")));
        }
    }
    let missing: Vec<&str> = spec.values.iter().copied().filter(|v| !named.contains(v)).collect();
    if !missing.is_empty() {
        return Err(at(
            file,
            &r.values.referenced,
            format!("the values of option '{option}' are not all read: {} missing", missing.join(", ")),
        ));
    }
    if r.default.value != spec.default {
        return Err(at(
            file,
            &r.default.referenced,
            format!(
                "the default '{}' is not the default of option '{option}', which is '{}'",
                shown(&r.default.value),
                spec.default
            ),
        ));
    }
    Ok(())
}
