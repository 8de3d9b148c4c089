//! `rulecheck separate` through the library: for readings and single-rule
//! deviations of the three families, a scenario is found within a small
//! budget from a fixed seed, and it loads, passes under the first rule set
//! and fails under the second, whatever `separate` itself checked; the
//! same seed finds the same scenario.

use std::path::{Path, PathBuf};

use rulecheck::engine::InProcess;
use rulecheck::game::Options;
use rulecheck_fuzz::separate::{separate, Against, Plan};

use crate::support::process::ROOT;

fn opts(pairs: &[(&str, &str)]) -> Options {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The variant's own scenarios: the positions searched first.
fn spec_of(variant: &str) -> Vec<rulecheck::scenario::ScenarioFile> {
    let catalog = rulecheck::catalog::Catalog::builtin().unwrap();
    let dir = Path::new(ROOT).join("spec").join(variant);
    let (files, errors) = rulecheck::runner::load_all(&[dir], &catalog, &Options::new());
    assert!(errors.is_empty(), "{errors:?}");
    files
}

/// Separate `first` from `against` on `variant` and check the scenario
/// written by running it as the spec runs it.
fn separates(variant: &'static str, first: &[(&str, &str)], against: Against) -> String {
    let catalog = rulecheck::catalog::Catalog::builtin().unwrap();
    let files = spec_of(variant);
    let options = opts(first);
    let spec_dir: PathBuf = Path::new(ROOT).join("spec");
    let plan = Plan {
        variant,
        options: &options,
        against: against.clone(),
        files: &files,
        spec: Some(&rulecheck::source::Source::dir(&spec_dir)),
        catalog: &catalog,
        games: 20,
        plies: 40,
        seed: 7,
    };
    let found = separate(&plan).unwrap().unwrap_or_else(|| panic!("{variant}: nothing found"));
    let loaded = rulecheck::scenario::loader::load_str(
        Path::new("separated.yaml"),
        &found.yaml,
        &catalog,
        &Options::new(),
        &rulecheck::oracle::REGISTRY,
    )
    .unwrap_or_else(|e| panic!("{variant}: does not load: {e:?}\n{}", found.yaml));
    let v = rulecheck::registry::variant(variant).unwrap();
    let a = rulecheck::registry::resolve_options(v, &options).unwrap();
    let a2 = a.clone();
    let mut first_engine = InProcess::new("first", Box::new(move |_, _| Some(v.configure(&a2))));
    let mut second_engine = match against {
        Against::Deviation(slug) => {
            let name = v.deviations().into_iter().find(|d| rulecheck::mutation::slug(d) == slug).unwrap();
            InProcess::new("second", Box::new(move |_, _| Some(v.deviant(&a, name).0)))
        }
        Against::Options(o) => {
            let mut b = a.clone();
            if o.is_empty() {
                for k in options.keys() {
                    b.insert(k.clone(), rulecheck::engine::default_of(variant, k).unwrap());
                }
            } else {
                b.extend(o);
            }
            InProcess::new("second", Box::new(move |_, _| Some(v.configure(&b))))
        }
    };
    assert_eq!(loaded.scenarios.len(), 1);
    for s in &loaded.scenarios {
        assert!(rulecheck::oracle::check(s, &mut first_engine).passed(), "{variant}: fails the first\n{}", found.yaml);
        assert!(
            !rulecheck::oracle::check(s, &mut second_engine).passed(),
            "{variant}: passes the second\n{}",
            found.yaml
        );
        assert!(!s.clauses.is_empty());
    }
    assert!(!found.yaml.contains("TO CITE"), "{}", found.yaml);
    found.yaml
}

#[test]
fn a_reading_is_told_apart_from_its_default_both_ways() {
    let y = separates("czech", &[("king-landing", "any")], Against::Options(Options::new()));
    assert!(y.contains("options: {king-landing: any}") && y.contains("clauses: [czech.king.flying]"), "{y}");
    let y = separates("czech", &[], Against::Options(opts(&[("king-landing", "any")])));
    assert!(y.contains("options: {king-landing: continuing}"), "{y}");
    let y = separates("chinese-checkers", &[("other-camps", "pass")], Against::Options(Options::new()));
    assert!(y.contains("clauses: [cc.move.other-camps]"), "{y}");
}

#[test]
fn a_draw_count_is_reached_by_random_play_and_cut_to_the_position_before() {
    let y = separates("brazilian", &[("endgame-count", "russian")], Against::Options(Options::new()));
    assert!(y.contains("result: \"ongoing\""), "{y}");
}

#[test]
fn deviations_of_each_family_are_told_apart_and_shrunk() {
    let y = separates("english", &[], Against::Deviation("men-move-backward".into()));
    assert!(y.contains("illegal: ["), "{y}");
    separates("konane", &[], Against::Deviation("turning-during-a-multi-jump".into()));
    separates("chinese-checkers", &[], Against::Deviation("chains-may-not-change-direction".into()));
}

#[test]
fn the_same_seed_finds_the_same_scenario() {
    let once = separates("thai", &[("king-turn-back", "forbidden")], Against::Options(Options::new()));
    let twice = separates("thai", &[("king-turn-back", "forbidden")], Against::Options(Options::new()));
    assert_eq!(once, twice);
}

#[test]
fn a_plan_that_names_no_second_rule_set_or_the_same_one_is_refused() {
    let catalog = rulecheck::catalog::Catalog::builtin().unwrap();
    let none = Options::new();
    let same = opts(&[("no-progress", "site")]);
    let plan = |options, against| Plan {
        variant: "english",
        options,
        against,
        files: &[],
        spec: None,
        catalog: &catalog,
        games: 1,
        plies: 1,
        seed: 1,
    };
    assert!(separate(&plan(&none, Against::Options(Options::new()))).is_err());
    assert!(separate(&plan(&same, Against::Options(Options::new()))).unwrap_err().contains("the same"));
    assert!(separate(&plan(&none, Against::Deviation("no-such".into()))).unwrap_err().contains("not a deviation"));
}
