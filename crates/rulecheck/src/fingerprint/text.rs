//! A fingerprint as a reader takes it in: the rules first (what the engine
//! follows, and where that is not what it is sent), then what explains
//! its failures, then what nothing explains.

use super::{Fingerprint, RuleFound};

impl Fingerprint {
    /// Whether the engine plays the variant as the reference does under
    /// the values it is sent: nothing to explain, no rule followed other
    /// than sent.
    pub fn is_clean(&self) -> bool {
        self.deviations.is_empty()
            && self.unexplained.is_empty()
            && self.rules.iter().all(|r| r.follows.as_ref().is_none_or(|f| *f == r.sent))
    }

    /// The fingerprint as text, one block a variant.
    pub fn text(&self) -> String {
        let c = self.counts;
        let failed = c.run - c.passed - c.not_held;
        let mut s = format!(
            "{}, {}: {} scenarios run, {} passed, {failed} failed, {} skipped\n",
            self.engine, self.variant, c.run, c.passed, c.skipped
        );
        if c.not_held > 0 {
            s.push_str(&format!(
                "  {} more hold only under values it is not sent, and say nothing of it\n",
                c.not_held
            ));
        }
        if !self.rules.is_empty() {
            s.push_str("  rules it plays one way:\n");
            for r in &self.rules {
                s.push_str(&format!("    {}\n", rule_line(r)));
            }
        }
        if !self.deviations.is_empty() {
            s.push_str("  deviations that explain its failures:\n");
            for d in &self.deviations {
                let mut alike = String::new();
                if !d.alike.same_rules.is_empty() {
                    alike.push_str(&format!(" (the same rules as {})", d.alike.same_rules.join(", ")));
                }
                if !d.alike.on_this_spec.is_empty() {
                    alike.push_str(&format!(" (or, alike on this spec: {})", d.alike.on_this_spec.join(", ")));
                }
                s.push_str(&format!(
                    "    {}{alike}: {} scenario{}; the smallest: {}\n",
                    d.deviation,
                    d.scenarios.len(),
                    if d.scenarios.len() == 1 { "" } else { "s" },
                    d.scenarios.first().map_or("", String::as_str)
                ));
            }
        }
        if !self.unexplained.is_empty() {
            s.push_str(&format!("  unexplained: {} scenarios\n", self.unexplained.len()));
            for id in &self.unexplained {
                s.push_str(&format!("    {id}\n"));
            }
        }
        if self.is_clean() {
            s.push_str("  it plays every rule as the reference does under the values it is sent\n");
        }
        s
    }
}

/// `no-progress=site (sent): follows wcdf, 4 of 4 scenarios that tell them
/// apart; the smallest: ...`.
fn rule_line(r: &RuleFound) -> String {
    let head = format!("{}={} (sent{})", r.option, r.sent, if r.sent == r.default { ", the default" } else { "" });
    if r.separating == 0 {
        return format!("{head}: no scenario tells its values apart");
    }
    match &r.follows {
        Some(v) => {
            let smallest = r.values.iter().find(|a| a.value == *v).and_then(|a| a.smallest.as_deref());
            let verb = if *v == r.sent { "follows it" } else { "follows" };
            let shown = if *v == r.sent { String::new() } else { format!(" {v}") };
            let by = smallest.map(|id| format!("; the smallest case: {id}")).unwrap_or_default();
            format!("{head}: {verb}{shown}, on all {} scenarios that tell the values apart{by}", r.separating)
        }
        None => {
            let each: Vec<String> =
                r.values.iter().map(|a| format!("{} {} of {}", a.value, a.agree, r.separating)).collect();
            format!("{head}: no value agrees with every scenario that tells them apart ({})", each.join(", "))
        }
    }
}
