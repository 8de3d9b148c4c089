//! A variant's rules as a short Markdown card: its title, the house rules
//! and readings in force, one line per clause of its catalog pages grouped
//! by what the clause is about (setup, move, capture, ...), each with an
//! example move taken from a scenario that cites it, and, given an
//! engine's fingerprint, where that engine plays otherwise. Everything on
//! the card is read from the catalog and the spec, so a card never says
//! more than the spec checks: a clause no scenario shows gets no example.

mod print;

pub use print::engine_print;

use rulecheck_text::{markdown, markdown_code};

use crate::catalog::{Catalog, Clause, Reading};
use crate::fingerprint::Fingerprint;
use crate::game::{Options, Variant};
use crate::oracle::kinds::{Legal, Moves};
use crate::scenario::{Scenario, ScenarioFile};

/// What a card is made of.
pub struct CardInput<'a> {
    pub variant: &'a dyn Variant,
    /// Every house rule of the variant, defaults filled in.
    pub options: &'a Options,
    pub catalog: &'a Catalog,
    /// The spec's scenarios, from which the examples are taken.
    pub files: &'a [ScenarioFile],
    /// An engine's fingerprint on the variant, to say where it differs.
    pub print: Option<&'a Fingerprint>,
}

/// The card as Markdown.
pub fn card(input: &CardInput<'_>) -> String {
    let info = input.variant.info();
    let readings: Vec<&Reading> = input.catalog.readings(info.id).map(|(_, r)| r).collect();
    let mut s = format!("# {}\n\n", markdown(info.title));
    s.push_str(&format!(
        "The rules of {} as rulecheck plays them, from the rule page {}.\n\n",
        markdown_code(info.id, false),
        markdown(info.page)
    ));
    s.push_str(&house_rules(input, &readings));
    let mut notes: Vec<String> = Vec::new();
    let mut group = "";
    let pages = input.catalog.pages.iter().filter(|p| p.variants.iter().any(|v| v == info.id));
    for clause in pages.flat_map(|p| &p.clauses) {
        let about = about(&clause.id);
        if about != group {
            group = about;
            s.push_str(&format!("\n## {}\n\n", heading(about)));
        }
        s.push_str(&clause_line(input, clause, &readings, &mut notes));
    }
    if let Some(p) = input.print {
        s.push_str(&differs(p, input.options));
    }
    if !notes.is_empty() {
        s.push('\n');
        for (i, id) in notes.iter().enumerate() {
            s.push_str(&format!("[^{}]: scenario {}\n", i + 1, markdown_code(id, false)));
        }
    }
    s
}

/// The house rules in force, each marked as the default or not; a reading
/// with what its value reads the rule to say.
fn house_rules(input: &CardInput<'_>, readings: &[&Reading]) -> String {
    let specs = input.variant.info().options;
    if specs.is_empty() {
        return "It has no house rules.\n".to_string();
    }
    let mut s = "House rules in force:\n\n".to_string();
    for o in specs {
        let value = input.options.get(o.name).map_or(o.default, String::as_str);
        let set = markdown_code(&format!("{}={value}", o.name), false);
        let mark = if value == o.default {
            "the default".to_string()
        } else {
            format!("the default is {}", markdown_code(o.default, false))
        };
        s.push_str(&format!("- {set} ({mark})"));
        if let Some(r) = readings.iter().find(|r| r.option.value == o.name) {
            let said = r.values.value.iter().find(|v| v.value.value == value).map(|v| v.reading.as_str());
            s.push_str(&format!(
                ": a reading of {}: {}",
                markdown_code(&r.clause.value, false),
                markdown(said.unwrap_or(o.help))
            ));
        } else {
            s.push_str(&format!(": {}", markdown(o.help)));
        }
        s.push('\n');
    }
    s
}

/// What a clause is about: the second part of its id (`setup` of
/// `english.setup.board`).
fn about(id: &str) -> &str {
    id.split('.').nth(1).unwrap_or(id)
}

/// A group's heading: its word with a capital.
fn heading(about: &str) -> String {
    let mut c = about.chars();
    let first: String = c.next().map(|f| f.to_uppercase().collect()).unwrap_or_default();
    markdown(&format!("{first}{}", c.as_str()))
}

/// One clause: its rule, its id, the reading in force where that is not
/// the default, and an example move with its scenario as a footnote.
fn clause_line(input: &CardInput<'_>, clause: &Clause, readings: &[&Reading], notes: &mut Vec<String>) -> String {
    let mut s = format!("- {} {}", markdown(&clause.rule), markdown_code(&clause.id, false));
    if let Some((id, example)) = example(input, &clause.id, readings) {
        notes.push(id);
        s.push_str(&format!("; e.g. {}[^{}]", markdown_code(&example, false), notes.len()));
    }
    for r in readings.iter().filter(|r| r.clause.value == clause.id) {
        let value = input.options.get(&r.option.value).map_or(r.default.value.as_str(), String::as_str);
        if value != r.default.value {
            let said = r.values.value.iter().find(|v| v.value.value == value).map_or("", |v| v.reading.as_str());
            s.push_str(&format!(
                ". Read here as {}, not the default {}: {}",
                markdown_code(&format!("{}={value}", r.option.value), false),
                markdown_code(&r.default.value, false),
                markdown(said)
            ));
        }
    }
    s.push('\n');
    s
}

/// The scenario of the spec that best shows a clause, with the move it
/// shows. Only a scenario under the card's value of each reading of the
/// clause shows it; of those, one set wholly as the card is comes first,
/// then one that cites the fewest clauses (the most to the point), then
/// the first in the spec. The move is the first of its `legal:` or
/// `moves:` expectation, else the last action of its play.
fn example(input: &CardInput<'_>, clause: &str, readings: &[&Reading]) -> Option<(String, String)> {
    let id = input.variant.info().id;
    let read: Vec<&str> =
        readings.iter().filter(|r| r.clause.value == clause).map(|r| r.option.value.as_str()).collect();
    let reads_alike = |s: &Scenario| read.iter().all(|name| s.options.get(*name) == input.options.get(*name));
    let shown = input.files.iter().flat_map(|f| {
        f.scenarios
            .iter()
            .filter(|s| s.variant == id && reads_alike(s) && s.clauses.iter().any(|c| c.value == clause))
            .filter_map(move |s| Some((s, f, shown_move(s)?)))
    });
    let (s, f, example) = shown.min_by_key(|(s, _, _)| (s.options != *input.options, s.clauses.len()))?;
    Some((format!("{}::{}", crate::runner::id_path(&f.path), s.name), example))
}

/// The move a scenario shows.
fn shown_move(s: &Scenario) -> Option<String> {
    let listed = s.expect.get::<Legal>().map(|l| &l.0).or_else(|| s.expect.get::<Moves>().map(|m| &m.0));
    match listed.and_then(|l| l.first()) {
        Some(m) => Some(m.value.clone()),
        None => s.play.last().map(|a| a.value.to_string()),
    }
}

/// "Where this engine differs": each rule it follows another value of than
/// the card's, each deviation that explains failures, and how many
/// failures nothing explains.
fn differs(p: &Fingerprint, options: &Options) -> String {
    let mut s = format!(
        "\n## Where this engine differs\n\n{}: {} scenarios run, {} passed.\n\n",
        markdown_code(&p.engine, false),
        p.counts.run,
        p.counts.passed
    );
    let mut any = false;
    for r in &p.rules {
        let (Some(follows), Some(card)) = (&r.follows, options.get(r.option)) else { continue };
        if follows != card {
            any = true;
            let smallest = r.values.iter().find(|v| v.value == *follows).and_then(|v| v.smallest.as_deref());
            let by =
                smallest.map(|id| format!("; the smallest case: {}", markdown_code(id, false))).unwrap_or_default();
            s.push_str(&format!(
                "- It follows {}, not this card's {}{by}.\n",
                markdown_code(&format!("{}={follows}", r.option), false),
                markdown_code(card, false)
            ));
        }
    }
    for d in &p.deviations {
        any = true;
        let n = d.scenarios.len();
        s.push_str(&format!(
            "- The deviation {} explains {n} failure{}; the smallest: {}.\n",
            markdown_code(&d.deviation, false),
            if n == 1 { "" } else { "s" },
            markdown_code(d.scenarios.first().map_or("", String::as_str), false)
        ));
    }
    let n = p.unexplained.len();
    if n > 0 || any {
        s.push_str(&format!("- Unexplained: {n} scenario{}.\n", if n == 1 { "" } else { "s" }));
    } else {
        s.push_str("It plays every rule of this card as the card says, on the spec's scenarios.\n");
    }
    s
}
