//! The registry: every variant rulecheck knows, found by id, with its
//! house-rule options checked and filled in.
//!
//! It is apart from the contract (`rulecheck_game`) because it is the one
//! place that names the families: the families implement the contract, the
//! registry lists them, and neither the contract nor any family imports the
//! registry, so their imports form no circle.

use rulecheck_game::{Game, Options, Variant};

/// Every variant rulecheck knows.
pub fn variants() -> Vec<&'static dyn Variant> {
    let mut all = rulecheck_draughts::VARIANTS.to_vec();
    all.push(&rulecheck_halma::CHINESE_CHECKERS);
    all.push(&rulecheck_konane::KONANE);
    all
}

/// Errors choosing a variant and its options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("unknown variant '{given}'{hint} (known: {known})")]
    UnknownVariant { given: String, known: String, hint: String },
    #[error("unknown option '{given}' for {variant} (options: {known})")]
    UnknownOption { variant: String, given: String, known: String },
    #[error("option {option} cannot be '{given}' (values: {known})")]
    BadValue { option: String, given: String, known: String },
    #[error("{0}")]
    Combination(String),
}

/// Find a variant by id.
pub fn variant(id: &str) -> Result<&'static dyn Variant, SetupError> {
    let all = variants();
    all.iter().find(|v| v.info().id == id).copied().ok_or_else(|| SetupError::UnknownVariant {
        given: rulecheck_text::shown(id),
        known: all.iter().map(|v| v.info().id).collect::<Vec<_>>().join(", "),
        hint: rulecheck_text::did_you_mean(all.iter().map(|v| v.info().id), id),
    })
}

/// Check option names and values and fill in the defaults.
pub fn resolve_options(v: &dyn Variant, given: &Options) -> Result<Options, SetupError> {
    let specs = v.info().options;
    let mut out: Options = specs.iter().map(|s| (s.name.to_string(), s.default.to_string())).collect();
    for (name, value) in given {
        let Some(spec) = specs.iter().find(|s| s.name == name) else {
            let known = if specs.is_empty() {
                "none".to_string()
            } else {
                specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            };
            return Err(SetupError::UnknownOption {
                variant: v.info().id.to_string(),
                given: rulecheck_text::shown(name),
                known,
            });
        };
        if !spec.accepts(value) {
            return Err(SetupError::BadValue {
                option: name.clone(),
                given: rulecheck_text::shown(value),
                known: spec.values.join(", "),
            });
        }
        out.insert(name.clone(), value.clone());
    }
    v.validate(&out).map_err(SetupError::Combination)?;
    Ok(out)
}

/// A configured game from a variant id and options.
pub fn configure(id: &str, given: &Options) -> Result<Box<dyn Game>, SetupError> {
    let v = variant(id)?;
    let options = resolve_options(v, given)?;
    Ok(v.configure(&options))
}
