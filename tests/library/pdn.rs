//! Replaying PDN game files: real published games of each variant replay
//! without an illegal move and with results the board does not contradict;
//! malformed files give located errors; an illegal move is reported with its
//! number, text, reason and place; a replayed game becomes a scenario file
//! that loads and passes against the reference engine.

use std::path::{Path, PathBuf};

use rulecheck::catalog::Catalog;
use rulecheck::engine;
use rulecheck::game::Options;
use rulecheck::oracle;
use rulecheck::pdn::{self, GameReport, PdnError, Recorded, ResultCheck, Status};
use rulecheck::scenario::loader;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pdn").join(name)
}

fn no_options() -> Options {
    Options::new()
}

fn replay(variant: &str, name: &str) -> Vec<GameReport> {
    pdn::replay_file(variant, &no_options(), &fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn replay_text(variant: &str, text: &str) -> Vec<GameReport> {
    pdn::replay_str(variant, &no_options(), text).unwrap_or_else(|e| panic!("{e}"))
}

/// The located problems of a file that does not parse.
fn problems(variant: &str, text: &str) -> Vec<(usize, usize, String)> {
    match pdn::replay_str(variant, &no_options(), text) {
        Err(PdnError::Parse { problems, .. }) => {
            problems.into_iter().map(|p| (p.loc.line, p.loc.col, p.message)).collect()
        }
        other => panic!("expected parse errors, got {other:?}"),
    }
}

// --- Real games -----------------------------------------------------------

fn check_real_games(variant: &str, min_games: usize) -> Vec<GameReport> {
    let reports = replay(variant, &format!("{variant}.pdn"));
    let transcript = pdn::Transcript(&reports).to_string();
    assert!(reports.len() >= min_games, "{variant}: only {} games\n{transcript}", reports.len());
    for r in &reports {
        assert!(r.ok(), "{variant}: a real game does not replay cleanly:\n{r}\n\n{transcript}");
        assert!(!r.moves.is_empty(), "{variant}: game {} has no moves", r.number);
        assert!(!r.title().is_empty(), "{variant}: game {} has no headers", r.number);
        assert_ne!(r.recorded, Recorded::Unknown, "{variant}: game {} has no recorded result", r.number);
    }
    assert_eq!(pdn::exit_code(&reports), 0, "{transcript}");
    reports
}

#[test]
fn real_english_games_replay() {
    let reports = check_real_games("english", 8);
    // The Tinsley games write some plain moves with 'x' (29x25): read the
    // other way, and said so.
    let quirks: Vec<usize> =
        reports.iter().filter(|r| r.notes.iter().any(|n| n.contains("separator quirk"))).map(|r| r.number).collect();
    assert_eq!(quirks, vec![15, 16, 17]);
    assert!(reports[14].notes[0].contains("8... 29x25 as 29-25"), "{}", reports[14]);
    assert_eq!(reports[14].played[15], "29-25");
    assert_eq!(reports[14].moves[15].text, "29x25");
}

#[test]
fn real_russian_games_replay() {
    let reports = check_real_games("russian", 8);
    // Every game starts from its FEN tag, which is the start position.
    for r in &reports {
        assert!(r.from_fen);
        assert_eq!(r.start, rulecheck::registry::configure("russian", &no_options()).unwrap().start_position());
        assert_eq!(r.first_to_move, "white");
    }
}

#[test]
fn real_international_games_replay() {
    let reports = check_real_games("international", 8);
    // The kurnik players went on after the third repetition; the board ends
    // the game there, and the recorded draw agrees with it.
    let g = &reports[18];
    match &g.status {
        Status::EndedEarly { next, check } => {
            assert_eq!(next.number, "79...");
            assert_eq!(next.text, "16-2");
            assert_eq!(next.reason, "game-over");
            assert_eq!(*check, ResultCheck::Agrees);
        }
        other => panic!("game 19: {other:?}"),
    }
    assert_eq!(g.reference.as_deref(), Some("draw: repetition"));
    assert_eq!(g.replayed, 157);
    assert_eq!(pdn::summary(&reports).ended_early, 1);
}

#[test]
fn real_game_headers_and_move_counts_are_reported() {
    let reports = replay("international", "international.pdn");
    let g = &reports[5];
    assert_eq!(g.number, 6);
    assert_eq!(g.tag("Event"), Some("WK 2003"));
    assert_eq!(g.title(), "WK 2003, Jansen,G. - Valneris,G., 2003.05.23");
    assert_eq!(g.moves.len(), 101);
    assert_eq!(g.replayed, 101);
    assert_eq!(g.recorded, Recorded::Win("white".into()));
    assert_eq!(g.status, Status::Replayed(ResultCheck::NotReached));
    let line = g.to_string();
    assert!(line.starts_with("game 6 (WK 2003, Jansen,G. - Valneris,G., 2003.05.23): 101 plies, result 1-0"), "{line}");
    // English lists black, the first player, first.
    let english = replay("english", "english.pdn");
    assert_eq!(english[0].title(), "Manchester 1841, Moorhead, W. - Wyllie, J., 1841-??-??");
}

// --- Results ----------------------------------------------------------------

#[test]
fn the_left_score_belongs_to_the_player_who_moves_first() {
    let english = ["black".to_string(), "white".to_string()];
    let russian = ["white".to_string(), "black".to_string()];
    assert_eq!(pdn::recorded_result("1-0", &english), Recorded::Win("black".into()));
    assert_eq!(pdn::recorded_result("2-0", &english), Recorded::Win("black".into()));
    assert_eq!(pdn::recorded_result("0-1", &english), Recorded::Win("white".into()));
    assert_eq!(pdn::recorded_result("2-0", &russian), Recorded::Win("white".into()));
    assert_eq!(pdn::recorded_result("1-0", &russian), Recorded::Win("white".into()));
    assert_eq!(pdn::recorded_result("0-2", &russian), Recorded::Win("black".into()));
    assert_eq!(pdn::recorded_result("1-1", &russian), Recorded::Draw);
    assert_eq!(pdn::recorded_result("1/2-1/2", &english), Recorded::Draw);
    assert_eq!(pdn::recorded_result("*", &english), Recorded::Unknown);
    assert_eq!(pdn::recorded_result("0-0", &english), Recorded::Other);
}

#[test]
fn a_game_that_ends_on_the_board_is_checked_against_its_record() {
    // Black takes white's last piece.
    let agree = "[FEN \"B:W18:B14\"]\n[Result \"1-0\"]\n1. 14x23 1-0\n";
    let r = replay_text("english", agree);
    assert_eq!(r[0].status, Status::Replayed(ResultCheck::Agrees));
    assert_eq!(r[0].reference.as_deref(), Some("black wins: no-pieces"));
    assert_eq!(pdn::exit_code(&r), 0);

    let contradicted = "[FEN \"B:W18:B14\"]\n[Result \"0-1\"]\n1. 14x23 0-1\n";
    let r = replay_text("english", contradicted);
    assert_eq!(r[0].status, Status::Replayed(ResultCheck::Contradicts));
    assert!(r[0].to_string().contains("but the board says black wins: no-pieces"), "{}", r[0]);
    assert_eq!(pdn::exit_code(&r), 1);

    // Russian: white captures the last black piece, recorded 2-0.
    let r = replay_text("russian", "[FEN \"W:Wc3:Bd4\"]\n[Result \"2-0\"]\n1. c3:e5 2-0\n");
    assert_eq!(r[0].status, Status::Replayed(ResultCheck::Agrees));

    // A game that stops while still going on is not contradicted.
    let r = replay_text("international", "[Result \"0-2\"]\n1. 32-28 19-23 0-2\n");
    assert_eq!(r[0].status, Status::Replayed(ResultCheck::NotReached));
    assert!(r[0].ok());
}

#[test]
fn the_result_tag_wins_over_a_differing_terminator() {
    let r = replay_text("russian", "[Result \"2-0\"]\n1. c3-d4 0-2\n");
    assert_eq!(r[0].recorded, Recorded::Win("white".into()));
    assert!(r[0].notes.iter().any(|n| n.contains("Result tag says 2-0")), "{:?}", r[0].notes);
    // Without a tag the terminator is the record.
    let r = replay_text("russian", "1. c3-d4 0-2\n");
    assert_eq!(r[0].recorded, Recorded::Win("black".into()));
}

// --- Illegal moves ------------------------------------------------------------

#[test]
fn an_illegal_move_is_reported_with_its_number_reason_and_place() {
    let reports = replay("english", "bad/illegal-move.pdn");
    assert_eq!(reports.len(), 1);
    let Status::Illegal(m) = &reports[0].status else { panic!("{:?}", reports[0].status) };
    assert_eq!(m.number, "5.");
    assert_eq!(m.text, "12-16");
    assert_eq!(m.reason, "must-capture");
    assert_eq!((m.loc.line, m.loc.col), (9, 62));
    assert_eq!(m.ply, 8);
    assert_eq!(m.position, "B:W18,19,21,22,23,25,26,27,28,29,31,32:B1,2,3,4,5,6,9,10,11,12,14,15");
    assert_eq!(reports[0].replayed, 8);
    assert_eq!(pdn::exit_code(&reports), 1);
    let line = reports[0].to_string();
    assert!(line.contains("illegal move 5. 12-16 (must-capture) at line 9:62 in B:W18,19"), "{line}");
}

#[test]
fn moves_are_numbered_from_the_side_that_starts() {
    // Black to move first in Russian draughts: the first move is 1...
    let text = "[FEN \"B:Wc3:Ba7,h8\"]\n1... a7-b6 2. c3-d4 h8-h6 *\n";
    let r = replay_text("russian", text);
    let Status::Illegal(m) = &r[0].status else { panic!("{:?}", r[0].status) };
    assert_eq!((m.number.as_str(), m.text.as_str(), m.reason.as_str()), ("2...", "h8-h6", "not-diagonal"));
    assert_eq!((m.loc.line, m.loc.col), (2, 21));
}

#[test]
fn a_move_that_does_not_read_on_the_board_makes_the_game_unreadable() {
    let r = replay_text("english", "[Event \"x\"]\n1. 11-15 23-18 2. 9-33 *\n");
    let Status::Unreadable(p) = &r[0].status else { panic!("{:?}", r[0].status) };
    assert_eq!((p.loc.line, p.loc.col), (2, 21));
    assert!(p.message.contains("square 33"), "{}", p.message);
    assert_eq!(pdn::exit_code(&r), 2);

    let reports = replay("english", "bad/bad-fen.pdn");
    assert!(reports[0].ok());
    let Status::Unreadable(p) = &reports[1].status else { panic!("{:?}", reports[1].status) };
    assert_eq!((p.loc.line, p.loc.col), (8, 13));
    assert!(p.message.starts_with("bad FEN"), "{}", p.message);
    assert_eq!(pdn::exit_code(&reports), 2);
}

#[test]
fn a_game_type_for_another_variant_is_noted() {
    let r = replay_text("russian", "[GameType \"21\"]\n1. c3-d4 *\n");
    assert!(r[0].notes[0].contains("GameType 21 is english"), "{:?}", r[0].notes);
    assert!(r[0].ok());
    let r = replay_text("international", "[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 *\n");
    assert!(r[0].notes.is_empty(), "{:?}", r[0].notes);
}

/// GameType 31 is Thai draughts in the PDN standard's table, and 30 is
/// Turkish draughts, whose records name the squares: each replays under its
/// own variant without a note, and under English with one naming it.
#[test]
fn game_types_31_and_30_are_thai_and_turkish() {
    for (number, variant, moves) in [("31", "thai", "1. 26-22 7-11 *"), ("30", "turkish", "1. e3-e4 f6-f5 2. e4-e5 *")]
    {
        let r = replay_text(variant, &format!("[GameType \"{number}\"]\n{moves}\n"));
        assert!(r[0].notes.is_empty(), "{variant}: {:?}", r[0].notes);
        assert!(r[0].ok(), "{variant}");
        let r = replay_text("english", &format!("[GameType \"{number}\"]\n1. 11-15 *\n"));
        assert!(r[0].notes[0].contains(&format!("GameType {number} is {variant}")), "{:?}", r[0].notes);
    }
}

// --- Malformed files ----------------------------------------------------------

#[test]
fn malformed_files_give_located_errors() {
    let cases = [
        ("bad/unclosed-comment.pdn", 5, 24, "never closed"),
        ("bad/bad-tag.pdn", 3, 8, "quoted tag value"),
        ("bad/garbage-move.pdn", 5, 19, "'11/15' is not a move"),
    ];
    for (name, line, col, words) in cases {
        match pdn::replay_file("english", &no_options(), &fixture(name)) {
            Err(PdnError::Parse { file, problems }) => {
                assert_eq!(file, fixture(name));
                assert_eq!((problems[0].loc.line, problems[0].loc.col), (line, col), "{name}: {problems:?}");
                assert!(problems[0].message.contains(words), "{name}: {}", problems[0].message);
            }
            other => panic!("{name}: expected a parse error, got {other:?}"),
        }
    }
}

#[test]
fn every_problem_of_a_file_is_reported_and_the_error_names_the_file() {
    let text = "1. 11-15 ) 23-18 2. 8-11 @ *\n\n[Event \"two\"]\n1. 9-13 (22-18 {open\n";
    let found = problems("english", text);
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (1, 10));
    assert!(found[0].2.contains("')' closes nothing"));
    assert_eq!((found[1].0, found[1].1), (1, 26));
    assert_eq!((found[2].0, found[2].1), (4, 9));
    assert!(found[2].2.contains("variation is never closed"), "{}", found[2].2);
    let err = pdn::replay_str("english", &no_options(), text).unwrap_err();
    assert!(err.to_string().starts_with("<input>:1:10: "), "{err}");
}

#[test]
fn an_unknown_variant_is_a_setup_error() {
    let err = pdn::replay_str("checkers", &no_options(), "1. 11-15 *").unwrap_err();
    assert!(matches!(err, PdnError::Setup(_)), "{err:?}");
    let err = pdn::replay_file("english", &no_options(), &fixture("no-such-file.pdn")).unwrap_err();
    assert!(matches!(err, PdnError::Io { .. }), "{err:?}");
}

// --- Tolerance ------------------------------------------------------------------

#[test]
fn real_world_layout_is_tolerated() {
    let text = "\u{FEFF}; a collection\r\n\r\n[Event \"one\"]  \r\n[Result \"2-0\"]\r\n\r\n\
                1.32-28 {a comment (with a bracket)} 19-23 $1 2. 28x19 !? 14x23\r\n\
                (2... 13x24 {side line} (2... 14x23 3. 37-32) 3. 37-32) ; to the end of the line\r\n\
                3. 37-32 1... 10-14 ... 4. 41-37\r\n\
                %escaped line\r\n\
                [Event \"two\"]\r\n[Result \"1-1\"]\r\n1. 33-28 1-1\r\n\
                1. 32-28 *\r\n";
    let r = replay_text("international", text);
    assert_eq!(r.len(), 3);
    assert_eq!(r[0].tag("Event"), Some("one"));
    let moves: Vec<&str> = r[0].moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14", "41-37"]);
    assert_eq!((r[0].moves[6].loc.line, r[0].moves[6].loc.col), (8, 28));
    // No terminator: the game ends at the next tags.
    assert_eq!(r[0].recorded, Recorded::Win("white".into()));
    assert!(r[0].ok(), "{}", r[0]);
    assert_eq!(r[1].recorded, Recorded::Draw);
    // A game without tags.
    assert!(r[2].tags.is_empty());
    assert_eq!(r[2].moves.len(), 1);
    // Quotes inside a tag value are kept.
    let r = replay_text("english", "[Black \"Al \"Eastpoint\" Barnett\"]\n1. 11-15 *");
    assert_eq!(r[0].tag("Black"), Some("Al \"Eastpoint\" Barnett"));
}

#[test]
fn crlf_and_lf_give_the_same_places() {
    let lf = std::fs::read_to_string(fixture("bad/unclosed-comment.pdn")).unwrap();
    let crlf = lf.replace('\n', "\r\n");
    assert_eq!(problems("english", &lf), problems("english", &crlf));
    let lf = std::fs::read_to_string(fixture("bad/illegal-move.pdn")).unwrap();
    let a = replay_text("english", &lf);
    let b = replay_text("english", &lf.replace('\n', "\r\n"));
    assert_eq!(a, b);
}

#[test]
fn results_that_look_like_moves_end_the_game() {
    let r = replay_text("international", "1. 32-28 1-0\n1. 33-28 0-1\n1. 34-29 2-0 1. 31-26 *");
    assert_eq!(r.len(), 4);
    let recorded: Vec<&str> = r.iter().map(|g| g.recorded_text.as_deref().unwrap_or("")).collect();
    assert_eq!(recorded, ["1-0", "0-1", "2-0", "*"]);
    // A move from square 1 to 10 is a move, not the result 1-1 and a 0.
    let r = replay_text("international", "1. 32-28 19-23 1-10 *");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].moves[2].text, "1-10");
}

// --- Scenarios ------------------------------------------------------------------

/// A scenario file made from reports loads, and passes against the reference.
fn assert_scenario_passes(variant: &str, text: &str) {
    let catalog = Catalog::builtin().unwrap();
    let file =
        loader::load_str(Path::new("replayed.yaml"), text, &catalog, &no_options(), &rulecheck::oracle::REGISTRY)
            .unwrap_or_else(|e| panic!("{variant}: the scenario does not load: {e:?}\n{text}"));
    assert_eq!(file.variant, variant);
    assert!(!file.scenarios.is_empty());
    for s in &file.scenarios {
        assert!(!s.clauses.is_empty());
        let v = oracle::check(s, &mut engine::reference());
        assert!(v.passed(), "{variant}: {}: {:?}\n{text}", s.name, v.failures);
    }
}

#[test]
fn a_replayed_game_becomes_a_scenario_that_passes() {
    for variant in ["english", "russian", "international"] {
        let reports = replay(variant, &format!("{variant}.pdn"));
        let one = pdn::scenario_yaml(variant, &no_options(), &reports[0], &format!("{variant}.pdn")).unwrap();
        assert!(one.contains(&format!("variant: {variant}\n")), "{one}");
        assert!(one.contains("    expect:\n      after: "), "{one}");
        assert_scenario_passes(variant, &one);
        let all = pdn::scenarios_yaml(variant, &no_options(), &reports, "x.pdn").unwrap();
        assert_scenario_passes(variant, &all);
    }
}

#[test]
fn scenario_details() {
    // A game from a FEN that ends on the board: the position and the result.
    let r = replay_text("english", "[Event \"end\"]\n[FEN \"B:W18:B14\"]\n[Result \"1-0\"]\n1. 14x23 1-0\n");
    let yaml = pdn::scenario_yaml("english", &no_options(), &r[0], "end.pdn").unwrap();
    assert!(yaml.contains("    position: \"B:W18:B14\"\n"), "{yaml}");
    assert!(yaml.contains("      result: \"black wins: no-pieces\"\n"), "{yaml}");
    assert!(yaml.contains("english.end.no-pieces"), "{yaml}");
    assert!(yaml.contains("english.capture.mandatory"), "{yaml}");
    assert!(!yaml.contains("english.setup.board"), "{yaml}");
    assert_scenario_passes("english", &yaml);

    // The separator quirk: the scenario plays the move as it was read.
    let reports = replay("english", "english.pdn");
    let yaml = pdn::scenario_yaml("english", &no_options(), &reports[14], "english.pdn").unwrap();
    assert!(yaml.contains("\"29-25\""), "{yaml}");
    assert_scenario_passes("english", &yaml);

    // A game the board ends early plays up to the end.
    let reports = replay("international", "international.pdn");
    let yaml = pdn::scenario_yaml("international", &no_options(), &reports[18], "international.pdn").unwrap();
    assert!(yaml.contains("      result: \"draw: repetition\"\n"), "{yaml}");
    assert!(yaml.contains("international.draw.repetition"), "{yaml}");
    assert_scenario_passes("international", &yaml);

    // Options given are written to the file.
    let mut options = Options::new();
    options.insert("no-progress".into(), "wcdf".into());
    let r = pdn::replay_str("english", &options, "1. 11-15 23-18 *").unwrap();
    let yaml = pdn::scenario_yaml("english", &options, &r[0], "x.pdn").unwrap();
    assert!(yaml.contains("options:\n  no-progress: \"wcdf\"\n"), "{yaml}");
    assert_scenario_passes("english", &yaml);

    // A game with an illegal move cannot become a scenario.
    let reports = replay("english", "bad/illegal-move.pdn");
    let err = pdn::scenario_yaml("english", &no_options(), &reports[0], "x.pdn").unwrap_err();
    assert!(err.to_string().contains("does not replay"), "{err}");
}

#[test]
fn the_transcript_ends_with_a_summary() {
    let reports = replay("international", "international.pdn");
    let text = pdn::Transcript(&reports).to_string();
    assert_eq!(text.lines().count(), reports.len() + 1);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("20 games: 20 replay, 0 with an illegal move"), "{last}");
}

// --- Pool checkers --------------------------------------------------------------
//
// No real published pool checkers game was found in a public PDN collection,
// so pool is checked on short games made up here (not real games).

#[test]
fn pool_games_replay_with_black_first() {
    // Black opens; white's 25x18 is one of two captures pool lets it choose.
    let r = replay_text("pool", "[Result \"*\"]\n1. 11-15 22-18 2. 15x22 25x18 *\n");
    assert!(r[0].ok(), "{}", r[0]);
    assert_eq!(r[0].first_to_move, "black");
    // A man captures backward in pool, not in English checkers.
    let backward = "[FEN \"B:W9,K30:B14\"]\n[Result \"1-0\"]\n1. 14x5 1-0\n";
    let r = replay_text("pool", backward);
    assert_eq!(r[0].status, Status::Replayed(ResultCheck::NotReached), "{}", r[0]);
    assert_eq!(r[0].recorded, Recorded::Win("black".into()));
    let r = replay_text("english", backward);
    let Status::Illegal(m) = &r[0].status else { panic!("{:?}", r[0].status) };
    assert_eq!(m.reason, "man-capture-backward");
}

/// A capture circuit is one move whichever way round the file writes it: a
/// game that records the king going round the other way replays as well,
/// with the same result.
#[test]
fn a_circuit_replays_written_either_way_round() {
    for (variant, fen, moves, result) in [
        ("english", "W:WK22:B18,10,9,17", ["22x13x6x15x22", "22x15x6x13x22"], "0-1"),
        ("international", "W:W33:B18,19,28,29", ["33x22x13x24x33", "33x24x13x22x33"], "2-0"),
        ("russian", "W:WKc3:Bd4,d6,b6,b4", ["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3"], "2-0"),
    ] {
        for m in moves {
            let text = format!("[FEN \"{fen}\"]\n[Result \"{result}\"]\n1. {m} {result}\n");
            let r = replay_text(variant, &text);
            assert!(r[0].ok(), "{variant} {m}:\n{}", r[0]);
            assert_eq!(r[0].status, Status::Replayed(ResultCheck::Agrees), "{variant} {m}:\n{}", r[0]);
        }
    }
}

/// What a game's tags may hold (a name in any script, quotes, line
/// breaks, control characters, a bidirectional override, noncharacters)
/// is written so that the YAML reader reads it back unchanged.
#[test]
fn tag_text_reads_back_from_the_scenario_file() {
    for text in ["Игрок \"A\" – 名人", "a\\b\nc\td\re", "\u{1b}[31m \u{202e}txt \u{ffff} \u{1fffe} \u{85}", ""]
    {
        let read: String = serde_saphyr::from_str(&rulecheck_text::yaml(text)).unwrap();
        assert_eq!(read, text);
    }
}
