//! Bad input: every fixture under `fixtures/bad/` holds one defect. For each
//! one, `rulecheck check --no-coverage` and `rulecheck run` must both refuse
//! the file with exit code 2 (bad input), without panicking, naming the file
//! and a `line:column`; their combined output is snapshotted, one named
//! snapshot per fixture. A test also checks that the reported place points
//! at the defect in the fixture's text (one YAML syntax error, which the
//! YAML reader places at the next key, is an ignored test).

use std::collections::BTreeSet;
use std::path::Path;

use crate::support::process;
use process::{rulecheck, Outcome, ROOT};

/// The fixture's path as the tests pass it (relative to the crate root).
fn fixture_path(stem: &str) -> String {
    format!("fixtures/bad/{stem}.yaml")
}

/// Every `path:line:col` place that the output reports for the file.
fn reported_places(output: &str, path: &str) -> Vec<(usize, usize)> {
    let prefix = format!("{path}:");
    let mut places = Vec::new();
    let mut rest = output;
    while let Some(i) = rest.find(&prefix) {
        rest = &rest[i + prefix.len()..];
        let mut nums = rest.splitn(3, ':');
        let line = nums.next().and_then(|n| n.parse().ok());
        let col = nums.next().and_then(|n| n.parse().ok());
        if let (Some(line), Some(col)) = (line, col) {
            places.push((line, col));
        }
    }
    places
}

/// The `error:` lines of an output.
fn error_lines(output: &str) -> Vec<&str> {
    output.lines().filter(|l| l.starts_with("error:")).collect()
}

fn section(cmd: &str, o: &Outcome) -> String {
    let code = o.code.map_or("none (killed by a signal)".to_string(), |c| c.to_string());
    format!("$ {cmd}\nexit code: {code}\n--- stdout\n{}--- stderr\n{}", o.stdout, o.stderr)
}

/// Run both commands on a fixture, check what every bad input must do, and
/// snapshot the combined output under the fixture's name.
fn check_fixture(stem: &str) {
    let path = fixture_path(stem);
    assert!(Path::new(ROOT).join(&path).is_file(), "fixture {path} is missing");
    let check = rulecheck(&["check", "--no-coverage", &path]);
    let run = rulecheck(&["run", &path]);
    for (cmd, o) in [("check --no-coverage", &check), ("run", &run)] {
        let all = format!("{}{}", o.stdout, o.stderr);
        assert!(!o.stderr.contains("panicked"), "`rulecheck {cmd} {path}` panicked:\n{all}");
        assert_eq!(o.code, Some(2), "`rulecheck {cmd} {path}` must exit 2 (bad input):\n{all}");
        assert!(
            !reported_places(&all, &path).is_empty(),
            "`rulecheck {cmd} {path}` must name the file and a line:column:\n{all}"
        );
        assert!(
            o.stdout.contains("input error"),
            "`rulecheck {cmd} {path}` must count the input errors in its summary:\n{all}"
        );
    }
    // Both commands load the file the same way: the same errors.
    assert_eq!(
        error_lines(&check.stdout),
        error_lines(&run.stdout),
        "check and run report different errors for {path}"
    );
    let output = format!(
        "{}\n{}",
        section(&format!("rulecheck check --no-coverage {path}"), &check),
        section(&format!("rulecheck run {path}"), &run)
    );
    insta::assert_snapshot!(stem, output);
}

/// The 1-based line and column (in characters) of the `nth` occurrence of
/// `needle` in the text, outside comment lines (each fixture opens with a
/// comment naming its defect).
fn locate(src: &str, needle: &str, nth: usize) -> (usize, usize) {
    let mut found = 0;
    for (i, line) in src.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut from = 0;
        while let Some(at) = line[from..].find(needle) {
            let byte = from + at;
            found += 1;
            if found == nth {
                return (i + 1, line[..byte].chars().count() + 1);
            }
            from = byte + needle.len().max(1);
        }
    }
    panic!("'{needle}' occurs fewer than {nth} times in the fixture");
}

/// The place reported for the fixture (by `check`) must be where the `nth`
/// occurrence of `needle` starts in the fixture's text.
fn assert_points_at(stem: &str, needle: &str, nth: usize) {
    let path = fixture_path(stem);
    let src = std::fs::read_to_string(Path::new(ROOT).join(&path)).expect("fixture reads");
    let (line, col) = locate(&src, needle, nth);
    let o = rulecheck(&["check", "--no-coverage", &path]);
    let places = reported_places(&o.stdout, &path);
    let text_at = |(l, c): (usize, usize)| -> String {
        src.lines().nth(l.wrapping_sub(1)).map(|t| t.chars().skip(c.saturating_sub(1)).collect()).unwrap_or_default()
    };
    assert_eq!(
        places,
        vec![(line, col)],
        "{path}: expected one error at {line}:{col} (`{}`), the start of `{needle}`; \
         the reported places point at {:?}\n{}",
        text_at((line, col)),
        places.iter().map(|&p| text_at(p)).collect::<Vec<_>>(),
        o.stdout
    );
}

/// [`assert_points_at`] for a fixture that is not UTF-8: the place is
/// counted in characters of the text before the needle's bytes.
fn assert_points_at_bytes(stem: &str, needle: &[u8], nth: usize) {
    let path = fixture_path(stem);
    let bytes = std::fs::read(Path::new(ROOT).join(&path)).expect("fixture reads");
    let at = (0..bytes.len())
        .filter(|&i| bytes[i..].starts_with(needle))
        .nth(nth - 1)
        .unwrap_or_else(|| panic!("the needle occurs fewer than {nth} times in {path}"));
    let before = String::from_utf8_lossy(&bytes[..at]);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let o = rulecheck(&["check", "--no-coverage", &path]);
    assert_eq!(reported_places(&o.stdout, &path), vec![(line, col)], "{path}:\n{}", o.stdout);
}

/// One test per fixture: `name: "stem" => at("needle", nth)` checks the
/// reported place too; `=> misplaced` leaves the place to an ignored test
/// below. `ALL` lists the stems so that no fixture goes untested.
macro_rules! fixtures {
    ($( $test:ident : $stem:literal => $kind:ident $( ( $needle:literal, $nth:literal ) )? ; )*) => {
        const ALL: &[&str] = &[$($stem),*];
        $(
            #[test]
            fn $test() {
                check_fixture($stem);
                fixtures!(@place $stem, $kind $( ( $needle, $nth ) )?);
            }
        )*
    };
    (@place $stem:literal, at ( $needle:literal, $nth:literal )) => {
        assert_points_at($stem, $needle, $nth)
    };
    (@place $stem:literal, at_bytes ( $needle:literal, $nth:literal )) => {
        assert_points_at_bytes($stem, $needle, $nth)
    };
    (@place $stem:literal, misplaced) => {};
}

fixtures! {
    // YAML itself.
    yaml_bad_indent: "yaml-bad-indent" => at(": [english.setup.first]", 1);
    yaml_unclosed_bracket: "yaml-unclosed-bracket" => misplaced;
    unknown_top_level_key: "unknown-top-level-key" => at("option:", 1);
    unknown_scenario_key: "unknown-scenario-key" => at("expcet", 1);
    // Names: variant, options, clauses, reasons, players.
    unknown_variant: "unknown-variant" => at("englsh", 1);
    unknown_option_name: "unknown-option-name" => at("mandatory-captures", 1);
    bad_option_value: "bad-option-value" => at("maybe", 1);
    unknown_clause: "unknown-clause" => at("english.capture.mandatroy", 1);
    out_of_scope_clause: "out-of-scope-clause" => at("cc.site.turn-timer", 1);
    unknown_reason: "unknown-reason" => at("not-your-peice", 1);
    unknown_player: "unknown-player" => at("resign by red", 1);
    // Positions.
    bad_fen_square: "bad-fen-square" => at("33", 1);
    bad_fen_side: "bad-fen-side" => at("R:W21", 1);
    bad_diagram_row_length: "bad-diagram-row-length" => at(". b . _ . _ .", 1);
    bad_diagram_light_square: "bad-diagram-light-square" => at("b _ . _ . _    9-12", 1);
    impossible_thirteen_men: "impossible-thirteen-men" => at("B:W21-32:B1-13", 1);
    impossible_man_on_crown_row: "impossible-man-on-crown-row" => at("B:W1:B30", 1);
    impossible_two_pieces_one_square: "impossible-two-pieces-one-square" => at("K18", 1);
    bad_diagram_label: "bad-diagram-label" => at("5-8", 1);
    impossible_finished_twice: "impossible-finished-twice" => at("1/1:n1", 1);
    impossible_all_resigned: "impossible-all-resigned" => at("1/1:/2:", 1);
    konane_bad_rank_label: "konane-bad-rank-label" => at("6 b w", 1);
    // Moves and results.
    illegal_play_move: "illegal-play-move" => at("15-11", 1);
    malformed_move: "malformed-move" => at("-15]", 1);
    bad_result: "bad-result" => at("black win:", 1);
    ranking_twice: "ranking-twice" => at("1st: seat 1, 2nd", 1);
    ranking_out_of_order: "ranking-out-of-order" => at("2nd: seat 1", 1);
    ranking_missing_a_player: "ranking-missing-a-player" => at("1st: seat 2", 1);
    perft_depth_too_deep: "perft-depth-too-deep" => at("11: 2", 1);
    perft_over_budget: "perft-over-budget" => at("10: 18391564", 1);
    captured_empty_play: "captured-empty-play" => at("[18]", 1);
    captured_bad_square: "captured-bad-square" => at("38", 1);
    // Scenario structure.
    no_clauses: "no-clauses" => at("black moves first", 1);
    empty_expect: "empty-expect" => at("black moves first", 1);
    duplicate_name: "duplicate-name" => at("black moves first", 2);
    scenario_name_newline: "scenario-name-newline" => at("\"black moves first", 1);
    scenario_name_comment: "scenario-name-comment" => at("\"#1 black moves first", 1);
    scenario_name_empty: "scenario-name-empty" => at("\"\"", 1);
    scenario_name_tab_others_run: "scenario-name-tab-others-run" => at("\"white", 1);
    page_of_another_variant: "page-of-another-variant" => at("konane.hi", 1);
    japanese_four_players: "japanese-four-players" => at("japanese", 1);
    konane_impossible_position: "konane-impossible-position" => at("8/8/8/8/8/8/w7/bb6 b", 1);
    turns_one_number: "turns-one-number" => at("turns=18", 1);
    // Numbers out of range, each bounded with a message of its own.
    konane_run_overflows: "konane-run-overflows" => at("18446744073709551615", 1);
    konane_run_too_long: "konane-run-too-long" => at("99999999999", 1);
    fen_square_too_long: "fen-square-too-long" => at("1234567890123456789012345", 1);
    fen_range_too_long: "fen-range-too-long" => at("21-9999", 1);
    fen_counter_too_large: "fen-counter-too-large" => at("np=70000", 1);
    fen_king_run_not_a_king: "fen-king-run-not-a-king" => at("43/3", 1);
    halma_turns_too_large: "halma-turns-too-large" => at("turns=", 1);
    halma_best_too_large: "halma-best-too-large" => at("best=", 1);
    perft_depth_overflows: "perft-depth-overflows" => at("99999999999", 1);
    perft_count_overflows: "perft-count-overflows" => at("99999999999999999999999", 1);
    // The YAML reader's findings, in words for the author.
    yaml_missing_value: "yaml-missing-value" => at(":", 4);
    yaml_duplicate_key: "yaml-duplicate-key" => at("expect:", 2);
    yaml_too_many_aliases: "yaml-too-many-aliases" => at("*c", 1001);
    invalid_utf8: "invalid-utf8" => at_bytes(b"\xff", 1);
    // What messages quote: shortened, control characters escaped.
    huge_unknown_clause: "huge-unknown-clause" => at("english.setup.setup", 1);
    control_characters: "control-characters" => at("\"english.setup.first", 1);
}

/// The messages of these fixtures say what to write, in the author's terms:
/// no Rust type, no option of the YAML library, no huge or raw token.
#[test]
fn messages_say_what_to_write() {
    let cases: &[(&str, &[&str])] = &[
        ("konane-run-overflows", &["18446744073709551615 empty cells", "1 to 16"]),
        ("konane-run-too-long", &["99999999999 empty cells", "1 to 16"]),
        ("fen-square-too-long", &["square 1234567890123456789012345 is not on the board (squares are 1..32)"]),
        ("fen-range-too-long", &["range 21-99999999999999999999 is not an ascending range", "write it as 21-32"]),
        ("fen-counter-too-large", &["np=70000: a counter is a whole number of plies from 0 to 65535"]),
        ("fen-king-run-not-a-king", &["wk=43/3: square 43 holds no white king"]),
        ("halma-turns-too-large", &["turns: '4294967295' is not a whole number from 0 to 1000000000"]),
        ("halma-best-too-large", &["'300' is not a whole number from 0 to 10"]),
        ("perft-depth-overflows", &["perft depth 99999999999 is outside 1..=10"]),
        ("perft-count-overflows", &["is not a whole number of leaves"]),
        ("yaml-missing-value", &["a value is missing here: write it after the colon"]),
        ("yaml-duplicate-key", &["the key 'expect' is given twice in the same mapping: keep one"]),
        ("yaml-too-many-aliases", &["more than 1000 aliases (*name): write the values out instead"]),
        ("invalid-utf8", &["the file is not UTF-8 text (bytes \\xff here): save it as UTF-8"]),
        ("huge-unknown-clause", &["unknown clause 'english.setup.setup", "... (3013 characters)'"]),
        ("control-characters", &["unknown clause 'english.setup.first\\u{1b}[2J\\u{7}'"]),
    ];
    let internals = ["Option<", "DuplicateKeyPolicy", "budget breached", "u32", "u64", "struct ", "Aliases {"];
    for (stem, words) in cases {
        let path = fixture_path(stem);
        let o = rulecheck(&["check", "--no-coverage", &path]);
        for w in *words {
            assert!(o.stdout.contains(w), "{path}: the message should say `{w}`:\n{}", o.stdout);
        }
        for i in internals {
            assert!(!o.stdout.contains(i), "{path}: the message shows `{i}`:\n{}", o.stdout);
        }
        assert!(
            !o.stdout.chars().any(|c| c.is_control() && c != '\n'),
            "{path}: a raw control character:\n{:?}",
            o.stdout
        );
        assert!(o.stdout.lines().all(|l| l.chars().count() < 400), "{path}: a message line is too long:\n{}", o.stdout);
    }
}

/// Every fixture under `fixtures/bad/` has its test above, and every test
/// its fixture.
#[test]
fn every_bad_fixture_is_tested() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(Path::new(ROOT).join("fixtures/bad"))
        .expect("fixtures/bad exists")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    let tested: BTreeSet<String> = ALL.iter().map(|s| s.to_string()).collect();
    assert_eq!(on_disk, tested, "fixtures/bad/*.yaml and the tests differ");
}

// The one place that stays off: the YAML reader reports an unclosed flow
// sequence where it notices it, at the next key, and says so in its own
// words ("illegal placement of ':' indicator"); the `[` is one line above.
#[test]
#[ignore = "the YAML reader reports an unclosed `[` at the next key (7:11), not at the bracket (6:14)"]
fn yaml_unclosed_bracket_points_at_the_bracket() {
    assert_points_at("yaml-unclosed-bracket", "[english.setup.first", 1);
}

/// A bad scenario name is that scenario's error: the file's other
/// scenarios still load and run (the run exits 2 all the same).
#[test]
fn a_bad_scenario_name_leaves_the_files_other_scenarios_running() {
    for (stem, passed) in [("scenario-name-empty", 2), ("scenario-name-tab-others-run", 1)] {
        let path = fixture_path(stem);
        let o = rulecheck(&["run", &path]);
        assert_eq!(o.code, Some(2), "{path}:\n{}", o.all());
        assert!(
            o.stdout.contains(&format!("1 file, {passed} scenario"))
                && o.stdout.contains(&format!("{passed} passed, 0 failed, 1 input error")),
            "{path}: the other scenarios must run:\n{}",
            o.all()
        );
        let o = rulecheck(&["check", "--no-coverage", &path]);
        assert!(o.stdout.contains(&format!("checked 1 file, {passed} scenario")), "{path}:\n{}", o.all());
    }
}

/// A page of the catalog that is not the variant's own is refused with the
/// variant's pages; a page several variants share is each one's.
#[test]
fn a_files_page_must_be_one_of_its_variants() {
    let o = rulecheck(&["check", "--no-coverage", &fixture_path("page-of-another-variant")]);
    assert!(
        o.stdout.contains("rule page 'konane.hi' is not a page of english: its catalog is for konane; english is written from checkers.hi"),
        "{}",
        o.all()
    );
    // checkers.hi serves English, international and pool alike.
    for f in ["spec/english/men.yaml", "spec/international/men.yaml", "spec/pool/setup.yaml"] {
        rulecheck(&["check", "--no-coverage", f]).ok();
    }
}

/// `--notation` takes the notations the families write; any other name is
/// refused on every command, before anything runs, with the list.
#[test]
fn an_unknown_notation_is_refused_with_the_known_ones() {
    let commands: &[&[&str]] = &[
        &["run", "--notation", "roman", "fixtures/good/minimal.yaml"],
        &["check", "--notation", "roman", "fixtures/good/minimal.yaml"],
        &["moves", "english", "--notation", "roman"],
        &["diff", "english", "russian", "--notation", "roman"],
    ];
    for args in commands {
        let o = rulecheck(args);
        assert_eq!(o.code, Some(2), "{args:?}:\n{}", o.all());
        assert!(!o.stderr.contains("panicked"), "{args:?}:\n{}", o.all());
        assert!(o.stdout.is_empty(), "{args:?} ran:\n{}", o.all());
        for known in ["'roman'", "numeric", "algebraic", "holes"] {
            assert!(o.stderr.contains(known), "{args:?} must name {known}:\n{}", o.all());
        }
    }
    insta::assert_snapshot!("notation-roman", rulecheck(commands[0]).stderr);
    // The known ones are still taken.
    rulecheck(&["run", "--notation", "numeric", "fixtures/good/minimal.yaml"]).ok();
    rulecheck(&["moves", "russian", "--notation", "algebraic"]).ok();
}

/// A `--play` that cannot be read, or that neither variant can play, is
/// bad input: two equal refusals would make the variants seem to agree.
#[test]
fn a_diff_play_that_cannot_be_played_is_bad_input() {
    let cases: &[(&[&str], &str)] = &[
        (&["diff", "russian", "pool", "--play", "zz"], "'zz' is not a move of russian"),
        (&["diff", "russian", "pool", "--play", "22-18 99-95"], "'99-95' is not a move of russian"),
        (
            &["diff", "english", "english:mandatory-capture=off", "--play", "11-15 11-15"],
            "--play step 2 ('11-15') is refused under both variants",
        ),
        (&["diff", "russian", "pool", "--fen", "B:W33:B1"], "--fen: not a position of russian"),
    ];
    let mut shown = String::new();
    for (args, says) in cases {
        let o = rulecheck(args).bad_input();
        assert!(o.stderr.contains(says), "{args:?} must say `{says}`:\n{}", o.all());
        assert!(!o.stdout.contains("agree"), "{args:?}:\n{}", o.all());
        shown.push_str(&format!("$ rulecheck {}\n{}", args.join(" "), o.stderr));
    }
    insta::assert_snapshot!("diff-play-unplayable", shown);
}
