//! A variant in its family's own types: house rules made into the
//! family's rules, and the single-rule deviations of those rules that the
//! mutation tests flip. [`Configure`] is what a family writes for each of
//! its variants; every [`Variant`], the registry's face of it, follows
//! from it, so that the mutation tests and `serve --deviate` reach every
//! family's deviations without naming a family.

use crate::family::{Family, Text};
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
    type Rules: Deviations + IntoGame<Self>;
    /// Its id, family, page, title and options.
    fn info(&self) -> &VariantInfo;
    /// Check a complete set of options for combinations the rules forbid.
    fn validate(&self, _options: &Options) -> Result<(), String> {
        Ok(())
    }
    /// The rules under validated options.
    fn rules(&self, options: &Options) -> Self::Rules;
}

/// Rules that make the text game of a variant `V`: the variant's own
/// rules, or a deviation of them. Rules that are a [`Family`] make it
/// through [`Text`] with nothing more to write; draughts reads its
/// variant's word and square notation as well.
pub trait IntoGame<V: ?Sized> {
    fn into_game(self, variant: &V) -> Box<dyn Game>;
}

impl<F: Family + 'static, V: ?Sized> IntoGame<V> for F {
    fn into_game(self, _: &V) -> Box<dyn Game> {
        Text::boxed(self)
    }
}

impl<V: Configure> Variant for V {
    fn info(&self) -> &VariantInfo {
        Configure::info(self)
    }

    fn validate(&self, options: &Options) -> Result<(), String> {
        Configure::validate(self, options)
    }

    fn configure(&self, options: &Options) -> Box<dyn Game> {
        self.rules(options).into_game(self)
    }

    fn deviations(&self) -> Vec<&'static str> {
        V::Rules::DEVIATIONS.iter().map(|d| d.name).collect()
    }

    fn deviant(&self, options: &Options, deviation: &str) -> (Box<dyn Game>, bool) {
        let rules = self.rules(options);
        let deviant = deviated(rules.clone(), deviation);
        let changed = deviant != rules;
        (deviant.into_game(self), changed)
    }

    fn same_rules(&self, options: &Options, a: &str, b: &str) -> bool {
        let rules = self.rules(options);
        deviated(rules.clone(), a) == deviated(rules, b)
    }

    fn inert(&self, deviation: &str) -> Option<&'static str> {
        V::Rules::inert(Configure::info(self).id, deviation)
    }
}

/// Rules with the named deviation applied (unchanged where the family has
/// no such deviation).
fn deviated<R: Deviations>(mut rules: R, deviation: &str) -> R {
    if let Some(d) = R::DEVIATIONS.iter().find(|d| d.name == deviation) {
        (d.apply)(&mut rules);
    }
    rules
}
