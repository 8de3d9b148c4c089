//! The command line as a user meets it: each subcommand run as a process,
//! its exit code, what it prints, and the messages for bad arguments.

use std::path::Path;

use crate::support::process;
use process::{rulecheck, rulecheck_in, rulecheck_with, temp_dir, ROOT};

/// A position with black men on 9 and 10, a black king on 14 and white men
/// on 21-23: black has exactly four moves.
const FOUR_MOVES: &str = "B:W21,22,23:B9,10,K14";

fn sorted_lines(text: &str) -> Vec<&str> {
    let mut v: Vec<&str> = text.lines().collect();
    v.sort();
    v
}

// ---- variants -------------------------------------------------------------

#[test]
fn variants_lists_english_with_its_options_and_defaults() {
    let o = rulecheck(&["variants"]).ok();
    let lines: Vec<&str> = o.stdout.lines().collect();
    let english = lines
        .iter()
        .position(|l| l.starts_with("english "))
        .unwrap_or_else(|| panic!("no line for english:\n{}", o.stdout));
    assert!(lines[english].contains("checkers.hi"), "{}", lines[english]);
    // The option lines that follow the variant's line.
    let options: Vec<&str> =
        lines[english + 1..].iter().take_while(|l| l.starts_with("  ")).map(|l| l.trim()).collect();
    assert!(
        options.iter().any(|l| l.starts_with("--option mandatory-capture=on ") && l.contains("[on|off]")),
        "mandatory-capture, default on, values on|off:\n{}",
        o.stdout
    );
    assert!(
        options.iter().any(|l| l.starts_with("--option no-progress=site ") && l.contains("[site|wcdf]")),
        "no-progress, default site, values site|wcdf:\n{}",
        o.stdout
    );
}

#[test]
fn variants_json_gives_the_same_options_and_defaults() {
    let o = rulecheck(&["variants", "--json"]).ok();
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("valid JSON");
    let english = v
        .as_array()
        .and_then(|a| a.iter().find(|x| x["id"] == "english"))
        .unwrap_or_else(|| panic!("no english in {v}"));
    assert_eq!(english["page"], "checkers.hi");
    let option = |name: &str| {
        english["options"]
            .as_array()
            .and_then(|a| a.iter().find(|o| o["name"] == name))
            .unwrap_or_else(|| panic!("no option {name} in {english}"))
            .clone()
    };
    let mc = option("mandatory-capture");
    assert_eq!(mc["default"], "on");
    assert_eq!(mc["values"], serde_json::json!(["on", "off"]));
    let np = option("no-progress");
    assert_eq!(np["default"], "site");
    assert_eq!(np["values"], serde_json::json!(["site", "wcdf"]));
}

// ---- moves ----------------------------------------------------------------

#[test]
fn moves_prints_exactly_the_legal_moves_one_per_line() {
    let o = rulecheck(&["moves", "english", FOUR_MOVES]).ok();
    assert!(o.stdout.ends_with('\n'), "{:?}", o.stdout);
    assert_eq!(sorted_lines(&o.stdout), vec!["10-15", "14-17", "14-18", "9-13"], "stdout: {:?}", o.stdout);
    assert_eq!(o.stderr, "", "an ongoing game prints nothing on stderr");
}

#[test]
fn moves_json_gives_position_side_result_and_moves() {
    let o = rulecheck(&["moves", "--json", "english", FOUR_MOVES]).ok();
    assert_eq!(o.stdout.lines().count(), 1, "one JSON line: {:?}", o.stdout);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("valid JSON");
    assert_eq!(v["variant"], "english");
    assert_eq!(v["position"], FOUR_MOVES);
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["result"], "ongoing");
    let mut moves: Vec<&str> = v["moves"]
        .as_array()
        .expect("moves is a list")
        .iter()
        .map(|m| m.as_str().expect("a move is a string"))
        .collect();
    moves.sort();
    assert_eq!(moves, vec!["10-15", "14-17", "14-18", "9-13"]);
}

#[test]
fn moves_of_the_start_position_by_default() {
    let moves = rulecheck(&["moves", "english"]).ok().stdout;
    assert_eq!(sorted_lines(&moves), vec!["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
}

// ---- show -----------------------------------------------------------------

#[test]
fn show_draws_the_start_position() {
    let o = rulecheck(&["show", "english"]).ok();
    assert_eq!(o.stderr, "");
    insta::assert_snapshot!("show_english_start", o.stdout);
}

// ---- perft ----------------------------------------------------------------

#[test]
fn perft_of_the_start_position_to_depth_5() {
    // stderr carries the timing, which varies from run to run.
    assert_eq!(rulecheck(&["perft", "english", "5"]).ok().stdout, "7361\n");
}

#[test]
fn perft_divide_lists_the_root_moves_and_their_counts() {
    let o = rulecheck(&["perft", "english", "B:W21-32:B1-12", "3", "--divide"]).ok();
    let lines: Vec<&str> = o.stdout.lines().collect();
    let rows: Vec<(&str, u64)> = lines
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (m, n) = l.split_once(": ").unwrap_or_else(|| panic!("row {l:?}"));
            (m, n.parse().unwrap_or_else(|_| panic!("count in {l:?}")))
        })
        .collect();
    assert_eq!(rows.len(), 7, "seven root moves:\n{}", o.stdout);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 302);
    assert_eq!(lines.last(), Some(&"302"), "the total comes last");
    insta::assert_snapshot!("perft_divide_start_3", o.stdout);
}

#[test]
fn perft_json_gives_the_count() {
    let o = rulecheck(&["perft", "--json", "english", "3"]).ok();
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("valid JSON");
    assert_eq!(v["nodes"], 302);
    assert_eq!(v["depth"], 3);
}

#[test]
fn perft_refuses_a_depth_that_is_not_a_number() {
    let o = rulecheck(&["perft", "english", "three"]).bad_input();
    o.stderr_has("'three'");
}

// ---- --option -------------------------------------------------------------

#[test]
fn option_mandatory_capture_off_is_accepted_and_applies() {
    // Black can capture 9x18 or 10x17; with captures optional the plain
    // moves of the men become legal too.
    let position = "B:W14:B9,10";
    let on = rulecheck(&["moves", "english", position]).ok();
    assert_eq!(sorted_lines(&on.stdout), vec!["10x17", "9x18"]);
    let off = rulecheck(&["--option", "mandatory-capture=off", "moves", "english", position]).ok();
    assert_eq!(sorted_lines(&off.stdout), vec!["10-15", "10x17", "9-13", "9x18"]);
    // The option may also follow the subcommand, and has a short form.
    let after = rulecheck(&["moves", "english", position, "-o", "mandatory-capture=off"]).ok();
    assert_eq!(after.stdout, off.stdout);
}

#[test]
fn option_with_an_unknown_name_lists_the_valid_options() {
    let o = rulecheck(&["--option", "nope=1", "moves", "english"]).bad_input();
    for word in ["'nope'", "mandatory-capture", "no-progress"] {
        assert!(o.stderr.contains(word), "missing {word}:\n{}", o.all());
    }
    assert_eq!(o.stdout, "");
}

#[test]
fn option_with_a_bad_value_lists_the_valid_values() {
    let o = rulecheck(&["--option", "mandatory-capture=maybe", "moves", "english"]).bad_input();
    for word in ["mandatory-capture", "'maybe'", "on", "off"] {
        assert!(o.stderr.contains(word), "missing {word}:\n{}", o.all());
    }
    assert_eq!(o.stdout, "");
}

#[test]
fn option_without_a_value_is_refused() {
    let o = rulecheck(&["--option", "mandatory-capture", "moves", "english"]).bad_input();
    o.stderr_has("NAME=VALUE");
}

#[test]
fn an_unknown_variant_is_refused() {
    let o = rulecheck(&["moves", "englsh"]).bad_input();
    assert!(o.stderr.contains("'englsh'") && o.stderr.contains("english"), "{}", o.all());
}

// ---- positions on the command line -----------------------------------------

#[test]
fn a_bad_fen_on_the_command_line_is_refused_with_its_column() {
    // Square 33 starts at column 7 of the FEN.
    for cmd in [&["moves", "english"][..], &["show", "english"], &["perft", "english"]] {
        let mut args = cmd.to_vec();
        args.push("B:W21,33:B9");
        if cmd[0] == "perft" {
            args.push("1");
        }
        let o = rulecheck(&args).bad_input();
        assert!(o.stderr.contains("'B:W21,33:B9', column 7: square 33 is not on the board"), "{args:?}:\n{}", o.all());
        assert_eq!(o.stdout, "", "{args:?}");
    }
}

#[test]
fn a_garbled_side_letter_is_refused() {
    let o = rulecheck(&["moves", "english", "X:W21:B9"]).bad_input();
    assert!(o.stderr.contains("column 1") && o.stderr.contains("side to move"), "{}", o.all());
}

#[test]
fn an_impossible_position_is_refused() {
    let o = rulecheck(&["moves", "english", "B:W21-32:B1-13"]).bad_input();
    o.stderr_has("black has 13 pieces");
}

// ---- --help -----------------------------------------------------------------

#[test]
fn every_subcommand_has_help_saying_what_it_does() {
    let cases: [(&[&str], &str); 11] = [
        (&["--help"], "A test oracle and spec checker for board-game rule engines"),
        (&["run", "--help"], "Replay the spec's scenarios against an engine"),
        (&["diff", "--help"], "Replay the same positions under two variants"),
        (&["replay", "--help"], "Replay recorded games from a PDN file"),
        (&["serve", "--help"], "Speak the engine protocol"),
        (&["variants", "--help"], "List the variants"),
        (&["check", "--help"], "Validate scenario files"),
        (&["moves", "--help"], "List the legal moves of a position"),
        (&["show", "--help"], "Draw a position as a diagram"),
        (&["perft", "--help"], "Count the leaf nodes of the move tree"),
        (&["variants", "--help"], "List the variants with their house-rule options and defaults"),
    ];
    for (args, says) in cases {
        let o = rulecheck(args).ok();
        assert!(o.stdout.contains(says), "{args:?} should say {says:?}:\n{}", o.all());
        assert!(o.stdout.contains("Usage: rulecheck"), "{args:?}:\n{}", o.all());
    }
}

#[test]
fn check_help_mentions_no_coverage() {
    rulecheck(&["check", "--help"]).ok().stdout_has("--no-coverage");
}

// ---- check and run on a good file --------------------------------------------

#[test]
fn check_accepts_the_minimal_good_file() {
    let o = rulecheck(&["check", "fixtures/good/minimal.yaml", "--no-coverage"]).ok();
    assert_eq!(o.stdout, "checked 1 file, 1 scenario: 0 input errors, 0 uncovered clauses\n");
}

#[test]
fn run_passes_the_minimal_good_file_with_a_closing_summary() {
    let o = rulecheck(&["run", "fixtures/good/minimal.yaml"]).ok();
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(
        lines,
        vec!["ok   fixtures/good/minimal.yaml: 1 passed", "1 file, 1 scenario: 1 passed, 0 failed",],
        "{}",
        o.all()
    );
}

#[test]
fn a_house_rule_set_for_the_run_replaces_the_files_setting() {
    let o = rulecheck(&["run", "fixtures/good/forced-capture.yaml"]).ok();
    o.stdout_has("1 passed, 0 failed");
    let o = rulecheck(&["run", "-o", "mandatory-capture=off", "fixtures/good/forced-capture.yaml"]).exits(1);
    assert!(o.stdout.contains("+9-13") && o.stdout.contains("+10-15"), "the diff shows the plain moves:\n{}", o.all());
    let o =
        rulecheck(&["check", "-o", "mandatory-capture=off", "fixtures/good/forced-capture.yaml", "--no-coverage"]).ok();
    o.stdout_has("0 input errors");
}

#[test]
fn an_unknown_house_rule_for_the_run_is_bad_input() {
    for cmd in ["check", "run"] {
        let o = rulecheck(&[cmd, "-o", "nope=1", "fixtures/good/minimal.yaml"]).bad_input();
        assert!(o.stderr.contains("mandatory-capture") && o.stderr.contains("no-progress"), "{cmd}:\n{}", o.all());
        let o = rulecheck(&[cmd, "-o", "mandatory-capture=maybe", "fixtures/good/minimal.yaml"]).bad_input();
        assert!(o.stderr.contains("on, off"), "{cmd}:\n{}", o.all());
    }
}

#[test]
fn a_missing_file_is_bad_input() {
    let o = rulecheck(&["check", "--no-coverage", "fixtures/no-such-file.yaml"]).exits(2);
    assert!(o.stdout.contains("fixtures/no-such-file.yaml") && o.stdout.contains("no such file"), "{}", o.all());
}

/// The book's scenario example (docs/src/scenarios/index.md) is this file,
/// character for character, and it passes: the documentation cannot drift
/// from the format.
#[test]
fn the_books_scenario_example_is_the_fixture_and_passes() {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/scenarios/index.md");
    let text = std::fs::read_to_string(&page).expect("docs/src/scenarios/index.md");
    let fixture =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/good/readme-example.yaml"))
            .expect("fixture");
    assert!(
        text.contains(&format!("```yaml\n{fixture}```")),
        "the book's scenario example (docs/src/scenarios/index.md) and fixtures/good/readme-example.yaml differ"
    );
    let o = rulecheck(&["run", "fixtures/good/readme-example.yaml"]).ok();
    o.stdout_has("2 passed, 0 failed");
}

#[test]
fn replay_reads_real_games_and_reports_an_illegal_move() {
    let o = rulecheck(&["replay", "russian", "fixtures/pdn/russian.pdn"]).ok();
    o.stdout_has("23 games: 23 replay, 0 with an illegal move");
    let o = rulecheck(&["replay", "english", "fixtures/pdn/bad/illegal-move.pdn"]).exits(1);
    o.stdout_has("illegal move 5. 12-16 (must-capture)");
    let o = rulecheck(&["replay", "english", "fixtures/pdn/bad/garbage-move.pdn"]).bad_input();
    o.stderr_has("fixtures/pdn/bad/garbage-move.pdn:5:19");
}

#[test]
fn replay_writes_a_scenario_file_that_passes() {
    let o = rulecheck(&["replay", "english", "fixtures/pdn/english.pdn", "--scenario"]).ok();
    let dir = temp_dir("replay");
    let file = dir.join("games.yaml");
    std::fs::write(&file, &o.stdout).expect("write");
    let path = file.to_string_lossy().into_owned();
    let run = rulecheck(&["run", &path]).ok();
    run.stdout_has("17 passed, 0 failed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The shards of a run are disjoint and together make the whole run.
#[test]
fn shards_partition_the_spec() {
    let whole = rulecheck(&["run", "--format", "baseline"]).ok();
    let mut union: Vec<String> = Vec::new();
    for k in 1..=3 {
        let part = rulecheck(&["run", "--format", "baseline", "--shard", &format!("{k}/3")]).ok();
        assert!(!part.stdout.is_empty(), "shard {k} is empty");
        union.extend(part.stdout.lines().map(str::to_string));
    }
    let n = union.len();
    union.sort();
    union.dedup();
    assert_eq!(union.len(), n, "a scenario ran in two shards");
    assert_eq!(union, whole.stdout.lines().map(str::to_string).collect::<Vec<_>>());
    rulecheck(&["run", "--shard", "4/3"]).bad_input();
}

/// A run that selects no scenario has run nothing: exit 4, not a pass.
#[test]
fn a_run_of_no_scenario_is_nothing_run() {
    let dir = temp_dir("empty");
    let path = dir.to_string_lossy().into_owned();
    let o = rulecheck(&["run", &path]).exits(4);
    o.stdout_has("0 files, 0 scenarios");
    let _ = std::fs::remove_dir_all(&dir);
    // The one scenario of the file falls in one of two shards: the other
    // selects nothing.
    let codes: Vec<Option<i32>> =
        (1..=2).map(|k| rulecheck(&["run", "--shard", &format!("{k}/2"), "fixtures/good/minimal.yaml"]).code).collect();
    let mut sorted = codes.clone();
    sorted.sort();
    assert_eq!(sorted, vec![Some(0), Some(4)], "{codes:?}");
}

#[test]
fn explain_says_why_with_the_reason_and_its_clauses() {
    let o = rulecheck(&["explain", "english", "B:W14:B9,10", "9-13"]).exits(1);
    o.stdout_has("9-13: illegal (must-capture)");
    o.stdout_has("english.capture.mandatory");
    let o = rulecheck(&["explain", "english", "B:W14:B9,10", "9x18"]).ok();
    assert_eq!(o.stdout, "9x18: legal\n");
    rulecheck(&["explain", "english", "B:W14:B9,10", "9--13"]).bad_input();
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let o = rulecheck(&["completions", shell]).ok();
        assert!(o.stdout.contains("rulecheck") && o.stdout.contains("perft"), "{shell}: {}", o.all());
    }
}

/// `rulecheck new` writes a skeleton that checks and passes as it is, for
/// every variant.
#[test]
fn new_writes_a_skeleton_that_passes_for_every_variant() {
    let dir = temp_dir("new");
    // Every registered variant, so that one added later is covered too.
    let variants: Vec<&str> = rulecheck::registry::variants().into_iter().map(|v| v.info().id).collect();
    assert!(variants.len() >= 13, "{variants:?}");
    for v in variants {
        let o = rulecheck(&["new", v]).ok();
        let file = dir.join(format!("{v}.yaml"));
        std::fs::write(&file, &o.stdout).expect("write");
        let path = file.to_string_lossy().into_owned();
        let run = rulecheck(&["run", &path]).ok();
        assert!(run.stdout.contains("1 passed, 0 failed"), "{v}: {}", run.all());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `show --svg` draws every variant's boards: one square per cell (the
/// star: one circle per hole) and one piece per piece of the position.
#[test]
fn show_svg_draws_each_board_with_its_pieces() {
    let count = |s: &str, what: &str| s.matches(what).count();
    let o = rulecheck(&["show", "english", "--svg"]).ok();
    assert!(o.stdout.starts_with("<svg") && o.stdout.trim_end().ends_with("</svg>"));
    assert_eq!(count(&o.stdout, "<rect"), 64);
    assert_eq!(count(&o.stdout, "<circle"), 24);
    let o = rulecheck(&["show", "international", "W:W28,K45:B22,13", "--svg"]).ok();
    assert_eq!(count(&o.stdout, "<rect"), 100);
    assert_eq!(count(&o.stdout, "<circle"), 4);
    assert_eq!(count(&o.stdout, ">K</text>"), 1);
    let o = rulecheck(&["show", "chinese-checkers", "-o", "players=6", "--svg"]).ok();
    assert_eq!(count(&o.stdout, "<circle"), 121);
    assert_eq!(count(&o.stdout, "r=\"11.0\""), 60);
    let o = rulecheck(&["show", "konane", "--svg"]).ok();
    assert_eq!(count(&o.stdout, "<circle"), 64);
}

/// The JSON Schemas kept in spec/ are the ones the model generates: a
/// change to the scenario or catalog model must update them
/// (`rulecheck schema scenario > spec/scenario.schema.json`).
#[test]
fn the_schemas_in_spec_are_not_stale() {
    for (kind, file) in [("scenario", "spec/scenario.schema.json"), ("catalog", "spec/catalog.schema.json")] {
        let o = rulecheck(&["schema", kind]).ok();
        let kept = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).expect(file);
        assert!(o.stdout == kept, "{file} is stale: run `rulecheck schema {kind} > {file}`");
        let v: serde_json::Value = serde_json::from_str(&kept).expect("JSON");
        assert_eq!(v["additionalProperties"], false, "{file}: unknown keys are marked");
    }
}

// ---- output that cannot be written -------------------------------------------

/// Commands that print something, each with a working argument list.
const PRINTING: &[&[&str]] = &[
    &["show", "english"],
    &["show", "english", "--svg"],
    &["moves", "english"],
    &["moves", "english", "--json"],
    &["perft", "english", "4", "--divide"],
    &["perft", "english", "3", "--json"],
    &["run", "fixtures/good/minimal.yaml"],
    &["run", "fixtures/good/minimal.yaml", "--format", "json"],
    &["check", "--no-coverage", "fixtures/good/minimal.yaml"],
    &["variants"],
    &["readings"],
    &["new", "english"],
    &["schema", "scenario"],
    &["completions", "bash"],
    &["explain", "english", "B:W14:B9,10", "9-13"],
    &["diff", "russian", "pool", "--fen", "B:W26,27:B22"],
    &["replay", "english", "fixtures/pdn/english.pdn"],
    &["--help"],
];

/// A pipe whose reading end is already closed, as after `| head -1` has
/// read its line: every write to it fails.
fn closed_pipe() -> std::process::Stdio {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    writer.into()
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in PRINTING {
        let o = rulecheck_with(Path::new(ROOT), closed_pipe(), args, 120);
        assert!(!o.stderr.contains("panicked"), "{args:?} panicked:\n{}", o.all());
        assert!(!o.stderr.contains("error"), "{args:?} says nothing of the closed pipe:\n{}", o.all());
        assert_eq!(o.code, Some(0), "{args:?}:\n{}", o.all());
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_for_every_command() {
    for args in PRINTING {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let o = rulecheck_with(Path::new(ROOT), full.into(), args, 120);
        assert!(!o.stderr.contains("panicked"), "{args:?} panicked:\n{}", o.all());
        assert_eq!(o.code, Some(2), "{args:?}:\n{}", o.all());
        assert!(
            o.stderr.contains("error: cannot write to standard output: No space left on device"),
            "{args:?}:\n{}",
            o.all()
        );
    }
}

// ---- arguments out of range -----------------------------------------------------

#[test]
fn timeouts_that_are_not_a_span_of_time_are_bad_input() {
    for t in ["-1", "0", "nan", "inf", "1e300"] {
        let timeout = format!("--timeout={t}");
        let o = rulecheck(&["run", "--engine", "python3 x.py", &timeout, "fixtures/good/minimal.yaml"]);
        assert!(!o.stderr.contains("panicked"), "--timeout {t} panicked:\n{}", o.all());
        assert_eq!(o.code, Some(2), "--timeout {t}:\n{}", o.all());
        o.stderr_has("--timeout");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = dir.path().join("engine.yaml");
    std::fs::write(&cfg, "command: python3\ntimeout: -1\n").expect("write");
    let o = rulecheck(&["run", "--engine-config", &cfg.to_string_lossy(), "fixtures/good/minimal.yaml"]);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    assert_eq!(o.code, Some(2), "{}", o.all());
    o.stderr_has("engine.yaml: timeout:");
}

#[test]
fn a_perft_depth_beyond_the_deepest_is_refused() {
    let o = rulecheck(&["perft", "chinese-checkers", "4000000000"]).bad_input();
    o.stderr_has("beyond 64");
}

/// A perft runs until it is done, as long as that takes, but an interrupt
/// ends it at once. The child gets SIGINT's default disposition, as a
/// command started at a terminal has it: a test run started in the
/// background may ignore SIGINT, and a child inherits that.
#[cfg(unix)]
#[test]
fn a_long_perft_ends_on_an_interrupt() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_rulecheck"));
    command
        .args(["perft", "international", "30"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    // SAFETY: between fork and exec only `signal`, which is
    // async-signal-safe, is called.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = command.spawn().expect("runs");
    let pid = i32::try_from(child.id()).expect("pid");
    // SAFETY: a signal sent to the child started above, which has not been waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("perft went on after an interrupt");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?}");
}

// ---- house rules across variants ---------------------------------------------------

/// `no-progress` is an option of English checkers (site, wcdf) and of
/// Chinese checkers (off or a number of turns): a run's value is checked
/// against the variants of the scenarios it applies to.
#[test]
fn a_run_option_is_checked_against_the_variants_that_have_it() {
    let o = rulecheck(&["check", "--no-coverage", "-o", "no-progress=off", "spec/chinese-checkers"]).ok();
    o.stdout_has("0 input errors");
    let o = rulecheck(&["run", "-o", "no-progress=off", "spec/chinese-checkers/intl-setup.yaml"]);
    assert_ne!(o.code, Some(2), "{}", o.all());
    // Where it does not fit, the file says so, once.
    let o = rulecheck(&["check", "--no-coverage", "-o", "no-progress=off", "spec/english/setup.yaml"]).exits(2);
    let errors: Vec<&str> = o.stdout.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{}", o.all());
    assert!(
        errors[0].contains("spec/english/setup.yaml:")
            && errors[0].contains("--option no-progress=off does not fit english: option no-progress cannot be 'off'"),
        "{}",
        o.all()
    );
    // A value no variant takes is refused at once, with every variant's values.
    let o = rulecheck(&["check", "-o", "no-progress=banana", "spec/chinese-checkers"]).bad_input();
    assert!(
        o.stderr.contains("english: site, wcdf") && o.stderr.contains("chinese-checkers: off, 1..100000"),
        "{}",
        o.all()
    );
}

// ---- fuzz ------------------------------------------------------------------------

#[test]
fn fuzzing_with_no_moves_compares_the_start_position() {
    let served = format!("{} serve", env!("CARGO_BIN_EXE_rulecheck"));
    let o = rulecheck(&["fuzz", "english", "--engine", &served, "--plies", "0", "--games", "3"]).ok();
    o.stdout_has("3 games of up to 0 moves (seed 1): the engine and the reference agree");
    let o = rulecheck(&["fuzz", "english", "--engine", &served, "--plies", "18446744073709551615"]).exits(2);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
}

// ---- scenario directories -------------------------------------------------------------

/// A directory with a good scenario file in it, for the tests to add
/// things to.
fn spec_dir_with_a_good_file() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("spec")).expect("dir");
    std::fs::copy(Path::new(ROOT).join("fixtures/good/minimal.yaml"), dir.path().join("spec/minimal.yaml"))
        .expect("copy");
    dir
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_scenario_directory_is_reported_and_not_read() {
    let dir = spec_dir_with_a_good_file();
    let fifo = dir.path().join("spec/pipe.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let o = rulecheck_in(dir.path(), &["check", "--no-coverage", "spec"], 120).exits(2);
    o.stdout_has("error: spec/pipe.yaml:1:1: not read: it is a FIFO (named pipe), and only regular files are read");
    assert!(o.stdout.contains("checked 1 file, 1 scenario: 1 input error"), "the good file is checked:\n{}", o.all());
    // Named on its own, too: a FIFO, not a missing file.
    let o = rulecheck_in(dir.path(), &["run", "spec/pipe.yaml"], 120).exits(2);
    o.stdout_has("it is a FIFO (named pipe)");
    assert!(!o.stdout.contains("no such file"), "{}", o.all());
    // explain, which reads ./spec, does not wait on it either.
    let o = rulecheck_in(dir.path(), &["explain", "english", "B:W14:B9,10", "9-13"], 120).exits(1);
    o.stdout_has("(no scenario in spec expects this refusal)");
    o.stderr_has("1 file in spec did not load");
}

#[cfg(unix)]
#[test]
fn a_link_to_a_device_is_reported_and_not_read() {
    let dir = spec_dir_with_a_good_file();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("spec/zero.yaml")).expect("symlink");
    let o = rulecheck_in(dir.path(), &["check", "--no-coverage", "spec"], 120).exits(2);
    o.stdout_has("spec/zero.yaml:1:1: not read: it is a character device");
    let o = rulecheck_in(dir.path(), &["check", "--no-coverage", "/dev/zero"], 120).exits(2);
    o.stdout_has("it is a character device");
}

/// Thirty levels of directories, each holding two links to the next: 2^30
/// paths lead to the last one, which is walked once. (Thirty, because a
/// path through more than forty links is too long for the system to
/// follow.)
#[cfg(unix)]
#[test]
fn every_directory_is_walked_once_however_many_links_lead_to_it() {
    let dir = spec_dir_with_a_good_file();
    let levels = dir.path().join("levels");
    for i in 0..=30 {
        std::fs::create_dir_all(levels.join(format!("{i}"))).expect("dir");
    }
    for i in 0..30 {
        for name in ["a", "b"] {
            std::os::unix::fs::symlink(format!("../{}", i + 1), levels.join(format!("{i}/{name}"))).expect("symlink");
        }
    }
    std::fs::copy(dir.path().join("spec/minimal.yaml"), levels.join("30/deep.yaml")).expect("copy");
    std::os::unix::fs::symlink("../levels/0", dir.path().join("spec/levels")).expect("symlink");
    // And a loop: a link back to the directory itself.
    std::os::unix::fs::symlink(".", dir.path().join("spec/again")).expect("symlink");
    let o = rulecheck_in(dir.path(), &["check", "--no-coverage", "spec"], 120).exits(0);
    o.stdout_has("checked 2 files, 2 scenarios: 0 input errors");
}

#[test]
fn explain_says_which_spec_it_reads() {
    let o = rulecheck(&["explain", "english", "B:W14:B9,10", "9-13"]).exits(1);
    o.stdout_has("(from the scenarios in spec)");
    let elsewhere = tempfile::tempdir().expect("temp dir");
    // With no spec/ here, the built-in spec's scenarios name the clauses.
    let o = rulecheck_in(elsewhere.path(), &["explain", "english", "B:W14:B9,10", "9-13"], 120).exits(1);
    o.stdout_has("clauses: english.capture.mandatory").stdout_has("(from the scenarios in the built-in spec ");
    let spec = Path::new(ROOT).join("spec").to_string_lossy().into_owned();
    let o = rulecheck_in(elsewhere.path(), &["explain", "english", "B:W14:B9,10", "9-13", "--spec", &spec], 120);
    o.stdout_has("clauses: english.capture.mandatory");
    let o =
        rulecheck(&["explain", "english", "B:W14:B9,10", "9-13", "--spec", "fixtures/good/minimal.yaml"]).bad_input();
    o.stderr_has("not a directory");
}

/// `perft -j N` gives the plain count; `--shard K/N --json` parts add up to
/// it with `perft-add`, which refuses a set with a part missing.
#[test]
fn perft_split_over_threads_and_shards_gives_the_plain_count() {
    let plain = rulecheck(&["perft", "russian", "7", "--paths"]).ok();
    let threads = rulecheck(&["perft", "russian", "7", "--paths", "-j", "2"]).ok();
    assert_eq!(plain.stdout, threads.stdout);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut files = Vec::new();
    for k in 1..=3 {
        let part = rulecheck(&["perft", "russian", "7", "--paths", "--shard", &format!("{k}/3"), "--json"]).ok();
        let f = dir.path().join(format!("part{k}.json"));
        std::fs::write(&f, &part.stdout).expect("write");
        files.push(f.to_string_lossy().into_owned());
    }
    let mut args = vec!["perft-add"];
    args.extend(files.iter().map(String::as_str));
    let total = rulecheck(&args).ok();
    assert_eq!(total.stdout, plain.stdout);
    let o = rulecheck(&["perft-add", &files[0], &files[2]]).bad_input();
    o.stderr_has("shards missing: 2/3");
}

/// With no engine, the answers judged are the reference's own: a scenario
/// it fails is one the scenario and the reference disagree on, and no
/// message of the run blames an engine.
#[test]
fn a_failure_of_the_reference_is_a_disagreement_with_the_reference_not_an_engine() {
    let dir = tempfile::tempdir().expect("temp dir");
    let html = dir.path().join("report.html");
    let html_arg = html.to_string_lossy().into_owned();
    let args = ["run", "-o", "mandatory-capture=off", "spec/english/captures.yaml", "--report", &html_arg];
    let o = rulecheck(&args).exits(1);
    o.stdout_has("the scenario and the reference disagree");
    assert!(!o.stdout.contains("engine"), "no engine to blame:\n{}", o.all());
    let page = std::fs::read_to_string(&html).expect("the HTML report");
    assert!(page.contains("the scenario and the reference disagree"), "{page}");
    assert!(page.contains("a move the reference gives"), "the legend speaks of the reference");
    assert!(!page.contains("the engine"), "{page}");
    for format in ["json", "junit"] {
        let mut all = args.to_vec();
        all.truncate(4);
        all.extend(["--format", format]);
        let o = rulecheck(&all).exits(1);
        assert!(!o.stdout.contains("the engine"), "{format}:\n{}", o.stdout);
    }
}

/// The summary counts unexpected passes in words ("2 unexpected passes").
#[test]
fn the_summary_says_unexpected_passes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let list = dir.path().join("expected-failures");
    let text = "fixtures/good/readme-example.yaml::a man jumps forward and the jumped man leaves the board\n\
                fixtures/good/readme-example.yaml::after the jump white's king has two steps\n";
    std::fs::write(&list, text).expect("list");
    let o = rulecheck(&["run", "fixtures/good/readme-example.yaml", "--expected-failures", &list.to_string_lossy()])
        .exits(1);
    let summary = o.stdout.lines().last().unwrap_or("");
    assert!(summary.ends_with(", 2 unexpected passes"), "{}", o.all());
}

/// `rulecheck run` where there is no spec/ runs the built-in spec and says
/// so, and how to have it as files.
#[test]
fn a_run_without_a_spec_directory_says_it_reads_the_built_in_spec() {
    let dir = tempfile::tempdir().expect("temp dir");
    for cmd in ["run", "check"] {
        let o = rulecheck_in(dir.path(), &[cmd], 300).ok();
        o.stderr_has("rulecheck: no spec/ here: reading the built-in spec ").stderr_has("`rulecheck spec export DIR`");
    }
}

/// `perft-add` refuses parts counted under different house rules, naming
/// both: they are parts of different trees, and their sum is no count.
#[test]
fn perft_add_refuses_parts_counted_under_other_house_rules() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut files = Vec::new();
    for (k, rule) in [(1, "mandatory-capture=on"), (2, "mandatory-capture=off")] {
        let part = rulecheck(&["perft", "english", "5", "-o", rule, "--shard", &format!("{k}/2"), "--json"]).ok();
        let f = dir.path().join(format!("part{k}.json"));
        std::fs::write(&f, &part.stdout).expect("write");
        files.push(f.to_string_lossy().into_owned());
    }
    let o = rulecheck(&["perft-add", &files[0], &files[1]]).bad_input();
    assert!(o.stderr.contains("mandatory-capture=off") && o.stderr.contains("mandatory-capture=on"), "{}", o.all());
}

/// `separate` refuses what it cannot search with exit 2: an unknown
/// variant, no second rule set, the same rules twice, an unknown
/// deviation; and says exit 1 when the budget finds nothing.
#[test]
fn separate_bad_input_exits_2() {
    let o = rulecheck(&["separate", "no-such-variant", "-o", "a=b"]).exits(2);
    assert!(o.stderr.contains("no-such-variant"), "{}", o.stderr);
    let o = rulecheck(&["separate", "english"]).exits(2);
    assert!(o.stderr.contains("--deviate"), "{}", o.stderr);
    let o = rulecheck(&["separate", "english", "-o", "no-progress=site"]).exits(2);
    assert!(o.stderr.contains("the same"), "{}", o.stderr);
    let o = rulecheck(&["separate", "english", "--deviate", "no-such"]).exits(2);
    assert!(o.stderr.contains("not a deviation"), "{}", o.stderr);
    rulecheck(&["separate", "english", "--against", "nonsense"]).exits(2);
    rulecheck(&["separate", "english", "-o", "no-progress=wcdf", "--spec", "no-such-dir"]).exits(2);
    // Told apart only forty plies into a quiet ending: not from the start
    // in one short game.
    let empty = temp_dir("separate-empty-spec");
    let spec = empty.to_string_lossy().into_owned();
    let args = ["separate", "english", "-o", "no-progress=wcdf", "--spec", &spec, "--games", "1", "--plies", "2"];
    let o = rulecheck(&args).exits(1);
    assert!(o.stderr.contains("no difference"), "{}", o.stderr);
}
