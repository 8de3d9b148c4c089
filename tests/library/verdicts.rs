//! The oracle's verdicts on engines that answer in ways the protocol allows
//! but that a careless oracle would judge wrongly: a refusal without a named
//! reason, a wrong reason, a move applied wrongly before a perft or a
//! `captured` expectation, and house rules that the engine plays its own way.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rulecheck::catalog::Catalog;
use rulecheck::engine::{self, Engine, EngineError, Explanation, Setup};
use rulecheck::game::{Action, Options, Replay};
use rulecheck::oracle::kinds::{Captured, Illegal, Perft};
use rulecheck::oracle::{self, Difference, Status};
use rulecheck::runner;
use rulecheck::scenario::ScenarioFile;

use crate::support::declaring::Declaring;
use crate::support::faulty::Faulty;
use crate::support::process::{temp_dir, write_file};

/// The reference's explanation, a refusal with a named reason said as
/// `said` instead (`None`: no reason named); `None` for any other answer,
/// which the reference gives as it is.
fn refusal_said(
    inner: &mut engine::InProcess,
    setup: &Setup<'_>,
    played: &[Action],
    action: &Action,
    said: Option<&str>,
) -> Option<Explanation> {
    match inner.explain(setup, played, action) {
        Ok(Explanation::Refused(Some(_))) => Some(Explanation::Refused(said.map(str::to_string))),
        _ => None,
    }
}

fn load(path: &str) -> Vec<rulecheck::scenario::ScenarioFile> {
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    let (files, errors) = runner::load_all(&[dir], &catalog, &Options::new());
    assert!(errors.is_empty(), "{errors:?}");
    files
}

fn statuses(files: &[rulecheck::scenario::ScenarioFile], engine: &mut dyn Engine) -> Vec<Status> {
    files.iter().flat_map(|f| runner::run_file(f, engine).verdicts).map(|v| v.status()).collect()
}

/// `illegal` is the vocabulary's refusal without a reason: an engine that
/// answers every refusal with it passes wherever only the refusal matters,
/// as one that names no reason does; a wrong named reason still fails.
#[test]
fn an_unnamed_refusal_is_checked_as_a_refusal_only() {
    let files = load("spec/english");
    let with_reasons = files
        .iter()
        .flat_map(|f| &f.scenarios)
        .filter(|s| s.expect.get::<Illegal>().is_some_and(|i| i.0.iter().any(|r| r.value.reason.is_some())))
        .count();
    assert!(with_reasons > 10, "the English spec names reasons");
    let mut unnamed =
        Faulty { explain: |i, s, p, a| refusal_said(i, s, p, a, Some("illegal")), ..Faulty::new("reasons") };
    assert!(statuses(&files, &mut unnamed).iter().all(|s| *s == Status::Pass));
    let mut silent = Faulty { explain: |i, s, p, a| refusal_said(i, s, p, a, None), ..Faulty::new("reasons") };
    assert!(statuses(&files, &mut silent).iter().all(|s| *s == Status::Pass));
    let mut wrong =
        Faulty { explain: |i, s, p, a| refusal_said(i, s, p, a, Some("off-board")), ..Faulty::new("reasons") };
    let failed = statuses(&files, &mut wrong).iter().filter(|s| **s == Status::Fail).count();
    assert!(failed >= 10, "a wrong reason fails: {failed} failed");
}

/// The reference, except that what a capture takes is rewritten
/// (`rewrite` makes the position after a capture from the positions before
/// and after it): its positions after a capture are wrong, while its move
/// lists from any position it is given are right.
struct Miscapturing {
    inner: engine::InProcess,
    rewrite: fn(&str, &str) -> String,
}

impl Miscapturing {
    /// The reference, except that the pieces a capture jumps stay on the board.
    fn unremoved() -> Miscapturing {
        Miscapturing { inner: engine::reference(), rewrite: unremoved }
    }

    /// Play the actions one by one, rewriting what each capture took.
    fn position_after(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<String, EngineError> {
        let mut here = match setup.position {
            Some(p) => p.to_string(),
            None => self.inner.replay(setup, &[])?.position,
        };
        for a in actions {
            let at = Setup { position: Some(&here), ..*setup };
            let after = self.inner.replay(&at, std::slice::from_ref(a))?.position;
            here = match a {
                Action::Move(m) if m.contains('x') => (self.rewrite)(&here, &after),
                _ => after,
            };
        }
        Ok(here)
    }
}

/// The piece field (`W18,30`) of the side that did not move in `before`,
/// in a FEN `S:W..:B..`, if that side has pieces there.
fn victims(before: &str, fen: &str) -> Option<String> {
    let victim = if before.starts_with('W') { "B" } else { "W" };
    fen.split(':').find(|f| f.starts_with(victim) && f.len() > 1).map(str::to_string)
}

/// In FEN `S:W..:B..`: the side that did not move gets back its pieces of
/// `before`.
fn unremoved(before: &str, after: &str) -> String {
    match (victims(before, before), victims(before, after)) {
        (Some(old), Some(new)) => after.replacen(&new, &old, 1),
        _ => after.to_string(),
    }
}

/// In FEN `S:W..:B..`: the side that did not move gets back the pieces a
/// capture took and loses the first of its others instead (nothing changes
/// where the capture took every piece).
fn misremoved(before: &str, after: &str) -> String {
    let (Some(old), Some(new)) = (victims(before, before), victims(before, after)) else { return after.to_string() };
    let Some(spared) = new[1..].split(',').next() else { return after.to_string() };
    let kept: Vec<&str> = old[1..].split(',').filter(|p| p != &spared).collect();
    after.replacen(&new, &format!("{}{}", &old[..1], kept.join(",")), 1)
}

impl Engine for Miscapturing {
    fn name(&self) -> String {
        "miscapturing".into()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let here = self.position_after(setup, actions)?;
        self.inner.replay(&Setup { position: Some(&here), ..*setup }, &[])
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        let here = self.position_after(setup, played)?;
        self.inner.explain(&Setup { position: Some(&here), ..*setup }, &[], action)
    }
    fn perft(&mut self, _setup: &Setup<'_>, _depth: u32) -> Result<Option<u64>, EngineError> {
        Ok(None)
    }
}

/// A capture whose jumped piece the engine leaves on the board changes the
/// tree below it. Bisection hands the engine the parent position and the
/// move, so the engine applies it itself, and the wrong position is found.
#[test]
fn bisection_makes_the_engine_apply_the_move_under_examination() {
    use rulecheck::bisect::{bisect, divide, Bisection, Tree};
    // White to move: 10x1 takes the man on 6, whose moves then count below.
    let position = "W:W10,K32:B6,K29";
    let game = rulecheck::registry::configure("english", &Options::new()).expect("english");
    let options = rulecheck::registry::resolve_options(
        rulecheck::registry::variant("english").expect("english"),
        &Options::new(),
    )
    .expect("options");
    let tree = Tree { reference: game.as_ref(), variant: "english", options: &options, position, depth: 3 };
    let mut buggy = Miscapturing::unremoved();
    let found = bisect(&tree, &mut buggy).expect("bisect");
    match &found {
        Bisection::Applied { path, reference, engine } => {
            assert_eq!(path, &vec!["10x1".to_string()], "{}", found.report());
            assert!(!reference.contains("B6"), "{reference}");
            assert!(engine.contains("B6"), "{engine}");
        }
        other => panic!("expected the applied move to be caught, got {other:?}"),
    }
    let (table, differs) = divide(&tree, &mut buggy).expect("divide");
    assert!(differs, "{table}");
    assert!(table.lines().any(|l| l.starts_with("10x1:") && l.ends_with("<- differs")), "{table}");
    // The honest reference agrees with itself, with the same counts.
    let mut honest = engine::reference();
    let found = bisect(&tree, &mut honest).expect("bisect");
    assert!(found.agrees(), "{}", found.report());
    let (table, differs) = divide(&tree, &mut honest).expect("divide");
    assert!(!differs, "{table}");
}

/// `captured` is read off the engine's own positions before and after the
/// last move: an engine that leaves the captured pieces on the board, or
/// takes another piece than the one it jumped, fails every scenario that
/// names what a capture took, with the squares missing and extra; where a
/// move took nothing, it passes.
#[test]
fn captured_squares_are_read_off_the_engines_own_positions() {
    let files: Vec<ScenarioFile> = ["spec/english", "spec/international"].into_iter().flat_map(load).collect();
    for (name, rewrite) in [("unremoved", unremoved as fn(&str, &str) -> String), ("misremoved", misremoved)] {
        let mut buggy = Miscapturing { inner: engine::reference(), rewrite };
        let mut caught = 0;
        for s in files.iter().flat_map(|f| &f.scenarios) {
            let Some(Captured(want)) = s.expect.get::<Captured>() else { continue };
            let v = oracle::check(s, &mut buggy);
            let found: Vec<&Difference> =
                v.failures.iter().filter(|f| f.expectation == "captured").map(|f| &f.difference).collect();
            if want.value.is_empty() {
                assert!(found.is_empty(), "{name}, '{}': nothing was captured: {found:?}", s.name);
                continue;
            }
            let [d @ Difference::Squares { .. }] = found.as_slice() else {
                panic!("{name}, '{}': one difference of squares, not {found:?}", s.name)
            };
            assert_eq!(d.missing(), want.value, "{name}, '{}': what the capture took is missing", s.name);
            assert_eq!(d.extra().is_empty(), name == "unremoved", "{name}, '{}': {d:?}", s.name);
            caught += 1;
        }
        assert!(caught >= 4, "{name}: {caught} scenarios caught it");
    }
}

/// An engine asked ahead (`pipeline`) is asked for the play without its
/// last move too where a scenario names what that move captured, so that
/// the position before it costs no round trip of its own.
#[test]
fn the_plan_of_a_captured_expectation_replays_the_play_without_its_last_move() {
    let files = load("spec/konane/jumps.yaml");
    let mut reference = engine::reference();
    let plan = |name: &str, reference: &mut dyn Engine| {
        let s = files.iter().flat_map(|f| &f.scenarios).find(|s| s.name == name).expect("the scenario");
        oracle::plan(s, reference).expect("a plan")
    };
    let single = plan("a single jump captures the one stone it jumps over", &mut reference);
    let removals: Vec<Action> = ["-d4", "-d5"].map(|m| Action::Move(m.into())).to_vec();
    assert_eq!(single.replays, vec![removals]);
    let no_capture = plan("a jump from the side takes the stone beside the hole", &mut reference);
    assert!(no_capture.replays.is_empty(), "{:?}", no_capture.replays);
}

/// A scenario's perft is counted at the engine's own position after the
/// play, so a move the engine applies wrongly fails the perft too.
#[test]
fn scenario_perft_counts_below_the_engines_own_position() {
    let dir = temp_dir("verdicts");
    let file = write_file(&dir, "crowning.yaml", "variant: english\npage: checkers.hi\nscenarios:\n  - name: the jumped man leaves the board\n    clauses: [english.capture.man]\n    position: \"W:W10,K32:B6,K29\"\n    play: [10x1]\n    expect:\n      perft: {2: 4}\n");
    let catalog = Catalog::builtin().expect("catalog");
    let (files, errors) = runner::load_all(&[file], &catalog, &Options::new());
    assert!(errors.is_empty(), "{errors:?}");
    let mut honest = engine::reference();
    assert_eq!(statuses(&files, &mut honest), vec![Status::Pass]);
    struct Counting(Miscapturing);
    impl Engine for Counting {
        fn name(&self) -> String {
            "counting".into()
        }
        fn replay(&mut self, s: &Setup<'_>, a: &[Action]) -> Result<Replay, EngineError> {
            self.0.replay(s, a)
        }
        fn explain(&mut self, s: &Setup<'_>, p: &[Action], a: &Action) -> Result<Explanation, EngineError> {
            self.0.explain(s, p, a)
        }
        fn perft(&mut self, s: &Setup<'_>, d: u32) -> Result<Option<u64>, EngineError> {
            self.0.inner.perft(s, d)
        }
    }
    let mut buggy = Counting(Miscapturing::unremoved());
    assert_eq!(statuses(&files, &mut buggy), vec![Status::Fail]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fuzzing find whose difference points to no clause says so plainly, in
/// a file that still loads, so the author knows to cite the clauses.
#[test]
fn a_fuzzed_scenario_without_a_clause_to_cite_is_marked_for_the_author() {
    let start = rulecheck::registry::configure("english", &Options::new()).expect("english").start_position();
    let found = rulecheck_fuzz::Disagreement {
        start: start.clone(),
        moves: vec!["9-13".into(), "22-18".into()],
        detail: "after 2 moves the result differs".into(),
        extra: Vec::new(),
        missing: Vec::new(),
        accepted: None,
        from: start,
        play: vec!["9-13".into(), "22-18".into()],
    };
    let spec = rulecheck::source::Source::dir(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec"));
    let yaml = rulecheck_fuzz::scenario("english", &Options::new(), &found, Some(&spec)).expect("scenario");
    assert!(yaml.contains("# TO CITE: nothing that differs points to a clause."), "{yaml}");
    assert!(yaml.contains("(clause to cite)"), "{yaml}");
    // An extra move the reference refuses points to the clauses that
    // scenarios refusing it for the same reason cite.
    let found = rulecheck_fuzz::Disagreement { extra: vec!["13-9".into()], ..found };
    let yaml = rulecheck_fuzz::scenario("english", &Options::new(), &found, Some(&spec)).expect("scenario");
    assert!(!yaml.contains("TO CITE"), "{yaml}");
    assert!(yaml.contains("english.move.man"), "{yaml}");
}

/// A fuzzing find where the engine lacks a move (a Russian man's backward
/// capture) cites the clause of the rule that makes the move legal, found
/// through the rule's deviation, not a placeholder.
#[test]
fn a_fuzzed_scenario_for_a_missing_move_cites_the_rule_that_makes_it_legal() {
    let spec = rulecheck::source::Source::dir(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec"));
    let position = "W:We5:Bd4,h8".to_string();
    let found = rulecheck_fuzz::Disagreement {
        start: position.clone(),
        moves: Vec::new(),
        detail: "after 0 moves the legal moves differ".into(),
        extra: Vec::new(),
        missing: vec!["e5:c3".into()],
        accepted: None,
        from: position,
        play: Vec::new(),
    };
    let yaml = rulecheck_fuzz::scenario("russian", &Options::new(), &found, Some(&spec)).expect("scenario");
    assert!(!yaml.contains("TO CITE"), "{yaml}");
    assert!(yaml.contains("    clauses: [russian.capture.man-backward"), "{yaml}");
}

/// The reference without perft, and optionally without the last legal
/// move of every list.
struct Uncounting {
    inner: engine::InProcess,
    drop_a_move: bool,
}

impl Engine for Uncounting {
    fn name(&self) -> String {
        "uncounting".into()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let mut r = self.inner.replay(setup, actions)?;
        if self.drop_a_move {
            r.moves.pop();
        }
        Ok(r)
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        self.inner.explain(setup, played, action)
    }
    fn perft(&mut self, _setup: &Setup<'_>, _depth: u32) -> Result<Option<u64>, EngineError> {
        Ok(None)
    }
}

/// A scenario that expects perft counts never passes against an engine
/// that does not count: it is skipped with the reason when every other
/// expectation holds, and fails when one does not.
#[test]
fn perft_an_engine_does_not_count_is_skipped_or_failed_never_passed() {
    let files = load("spec/english/setup.yaml");
    let file = &files[0];
    let index = file.scenarios.iter().position(|s| s.expect.get::<Perft>().is_some()).expect("a perft scenario");
    let verdict = |drop_a_move: bool| {
        let mut e = Uncounting { inner: engine::reference(), drop_a_move };
        runner::run_file(file, &mut e).verdicts.swap_remove(index)
    };
    let v = verdict(false);
    assert_eq!(v.status(), Status::Skip, "{v:?}");
    assert!(v.skipped.as_deref().is_some_and(|r| r.contains("perft 1, 2, 3, 4 not checked")), "{v:?}");
    let v = verdict(true);
    assert_eq!(v.status(), Status::Fail, "{v:?}");
}

/// A value that depends on another rule is declared as an entry of its
/// own: an engine whose four-player game starts at seat 2, and every other
/// at seat 1, is held to every scenario at those settings and to those
/// that answer alike under them; a four-player scenario that starts at
/// seat 1 and depends on it is skipped naming `first-seat=1`, and one
/// with fewer players is never run under the four-player entry's value.
#[test]
fn a_value_declared_for_one_number_of_players_holds_there_alone() {
    let files = load("spec/chinese-checkers");
    let others: &[&str] = &["2..3", "5..6"];
    let mut e = Declaring::entries(
        engine::reference(),
        "chinese-checkers",
        &[&[("players", others), ("first-seat", &["1"])], &[("players", &["4"]), ("first-seat", &["2"])]],
    );
    let (mut four_skipped, mut four_run, mut others_run) = (0, 0, 0);
    for f in &files {
        for (s, v) in f.scenarios.iter().zip(runner::run_file(f, &mut e).verdicts) {
            let setting = |name: &str, default: &str| s.options.get(name).cloned().unwrap_or(default.to_string());
            // Every other rule at its default, the international form.
            let only_seats = s.options.iter().all(|(k, v)| {
                k == "players" || k == "first-seat" || engine::default_of("chinese-checkers", k).as_ref() == Some(v)
            });
            if !only_seats {
                continue;
            }
            let (players, first) = (setting("players", "2"), setting("first-seat", "1"));
            let under = v.run_under.as_deref().unwrap_or("");
            assert_ne!(v.status(), Status::Fail, "'{}': {v:?}", s.name);
            match (players == "4", first.as_str()) {
                (true, "1") => match v.status() {
                    Status::Skip => {
                        four_skipped += 1;
                        let why = v.skipped.as_deref().unwrap_or("");
                        assert!(why.starts_with("the engine does not declare first-seat=1 ("), "'{}': {why}", s.name);
                    }
                    _ => {
                        four_run += 1;
                        assert_eq!(under, "first-seat=2", "'{}': {v:?}", s.name);
                    }
                },
                (false, "1") => {
                    others_run += 1;
                    assert_eq!(v.status(), Status::Pass, "'{}': {v:?}", s.name);
                    assert!(under.is_empty(), "'{}' was run under {under}", s.name);
                }
                _ => assert!(!under.contains("players="), "'{}' was run under {under}", s.name),
            }
        }
    }
    assert!(four_skipped >= 2 && four_run >= 2 && others_run >= 20, "{four_skipped} {four_run} {others_run}");
}

/// The number of players is the size of the game: a five-player scenario
/// is skipped by an engine that has no five-player game, never run as a
/// six-player game with a seat left empty, however alike the reference
/// answers there. The same holds of every rule that says which game is
/// played (Chinese checkers' form, Konane's board), and of none of the
/// house rules proper.
#[test]
fn a_scenario_is_never_run_under_another_number_of_players() {
    let files = load("spec/chinese-checkers/every-goal.yaml");
    let info = rulecheck::registry::variant("chinese-checkers").expect("chinese-checkers").info();
    // Every value of every rule, but no five-player game.
    let mut all: Vec<(&str, &[&str])> = info.options.iter().map(|o| (o.name, o.values)).collect();
    all.retain(|(name, _)| *name != "players");
    all.push(("players", &["2..4", "6"]));
    let mut e = Declaring::new("chinese-checkers", &all);
    let mut five = 0;
    for f in &files {
        for (s, v) in f.scenarios.iter().zip(runner::run_file(f, &mut e).verdicts) {
            assert!(
                v.run_under.as_deref().is_none_or(|u| !u.contains("players=")),
                "'{}' was run under {:?}",
                s.name,
                v.run_under
            );
            if s.options.get("players").map(String::as_str) == Some("5") {
                five += 1;
                assert_eq!(v.status(), Status::Skip, "'{}': {v:?}", s.name);
                let why = v.skipped.as_deref().unwrap_or("");
                assert!(why.starts_with("the engine does not declare players=5 ("), "'{}': {why}", s.name);
            }
        }
    }
    assert!(five >= 3, "five-player scenarios: {five}");
    let never = |variant: &str, name: &str| {
        let v = rulecheck::registry::variant(variant).expect("variant");
        v.info().options.iter().find(|o| o.name == name).expect("option").never_adapted
    };
    assert!(never("chinese-checkers", "players") && never("chinese-checkers", "form") && never("konane", "size"));
    for (variant, name) in [
        ("chinese-checkers", "blocking-prevention"),
        ("chinese-checkers", "move-limit"),
        ("english", "mandatory-capture"),
    ] {
        assert!(!never(variant, name), "{variant} {name} is a house rule");
    }
}

/// A skip's reason names what really stops the scenario: the rules that
/// say which game is played first, then those under each declared value
/// of which the reference answers otherwise; never a rule the scenario
/// would run under another value of merely because its name comes first.
#[test]
fn a_skip_names_the_setting_that_stops_the_scenario() {
    let files = load("spec/chinese-checkers");
    let mut e = Declaring::new("chinese-checkers", &[("blocking-prevention", &["off"]), ("play-to-end", &["off"])]);
    let mut reference = engine::reference();
    let mut named = BTreeMap::<&str, usize>::new();
    for f in &files {
        for (s, v) in f.scenarios.iter().zip(runner::run_file(f, &mut e).verdicts) {
            let Some(why) = v.skipped.as_deref() else { continue };
            let setting = |name: &str| format!("{name}={}", s.options.get(name).map(String::as_str).unwrap_or("?"));
            let players = s.options.get("players").map(String::as_str);
            let form = s.options.get("form").map(String::as_str);
            if form == Some("japanese") {
                assert!(why.starts_with("the engine does not declare form=japanese ("), "'{}': {why}", s.name);
            } else if players != Some("2") {
                assert!(
                    why.starts_with(&format!("the engine does not declare {} (", setting("players"))),
                    "'{}': {why}",
                    s.name
                );
            }
            for rule in ["blocking-prevention", "play-to-end"] {
                let named_here = why.contains(&format!("{} (", setting(rule)));
                if named_here {
                    // Named only where its declared value changes the answers.
                    let mut alt = s.clone();
                    alt.options.insert(rule.to_string(), "off".to_string());
                    let same = rulecheck::oracle::check(&alt, &mut reference).passed();
                    assert!(!same, "'{}' blames {rule}, which changes none of its answers: {why}", s.name);
                }
            }
            for rule in ["players", "form", "rematch", "move-limit", "first-seat", "blocking-prevention"] {
                if why.contains(&format!("{} (", setting(rule))) {
                    *named.entry(rule).or_default() += 1;
                }
            }
        }
    }
    for rule in ["players", "form", "rematch", "move-limit"] {
        assert!(named.get(rule).is_some_and(|&n| n > 0), "some skip is for {rule}: {named:?}");
    }
}
