//! A variant in its family's own types: house rules made into the
//! family's rules, and the single-rule deviations of those rules that the
//! mutation tests flip. [`Configure`] is what a family writes for each of
//! its variants; every [`Variant`], the registry's face of it, follows
//! from it, so that the mutation tests and `serve --deviate` reach every
//! family's deviations without naming a family.

use crate::game::{Game, Options, Variant, VariantInfo};

/// One single-rule deviation of a family's rules `R`: its name, and the
/// change it makes.
pub struct Deviation<R: 'static> {
    pub name: &'static str,
    pub apply: fn(&mut R),
}

/// A family's rules, with every single-rule deviation of them. A family
/// without its list of deviations does not compile: the mutation score
/// holds every family to one.
pub trait Deviations: Clone + PartialEq + Send + Sync + Sized + 'static {
    /// Every single-rule deviation. One that leaves a variant's rules
    /// unchanged does not apply to it.
    const DEVIATIONS: &'static [Deviation<Self>];
    /// Why a deviation cannot change a variant's play, if it cannot: it
    /// is reported with the score rather than asserted.
    fn inert(variant: &str, deviation: &str) -> Option<&'static str>;
}

/// A variant of a family: what it is, and its game under house rules,
/// through the family's rules.
pub trait Configure: Sync {
    type Rules: Deviations;
    /// Its id, family, page, title and options.
    fn info(&self) -> &VariantInfo;
    /// Check a complete set of options for combinations the rules forbid.
    fn validate(&self, _options: &Options) -> Result<(), String> {
        Ok(())
    }
    /// The rules under validated options.
    fn rules(&self, options: &Options) -> Self::Rules;
    /// The game under rules: the variant's own, or a deviation of them.
    fn game(&self, rules: Self::Rules) -> Box<dyn Game>;
}

impl<V: Configure> Variant for V {
    fn info(&self) -> &VariantInfo {
        Configure::info(self)
    }

    fn validate(&self, options: &Options) -> Result<(), String> {
        Configure::validate(self, options)
    }

    fn configure(&self, options: &Options) -> Box<dyn Game> {
        self.game(self.rules(options))
    }

    fn deviations(&self) -> Vec<&'static str> {
        V::Rules::DEVIATIONS.iter().map(|d| d.name).collect()
    }

    fn deviant(&self, options: &Options, deviation: &str) -> (Box<dyn Game>, bool) {
        let rules = self.rules(options);
        let mut deviant = rules.clone();
        if let Some(d) = V::Rules::DEVIATIONS.iter().find(|d| d.name == deviation) {
            (d.apply)(&mut deviant);
        }
        let changed = deviant != rules;
        (self.game(deviant), changed)
    }

    fn inert(&self, deviation: &str) -> Option<&'static str> {
        V::Rules::inert(Configure::info(self).id, deviation)
    }
}
