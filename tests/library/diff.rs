//! `rulecheck diff`: the same positions under two variants. Outputs are
//! snapshotted, so a change in how any variant reads a position shows up as
//! a snapshot diff to review.

use std::collections::BTreeSet;

use crate::support::process;
use process::rulecheck;

/// Diffs of variants on one board, snapshotted: the comparison spec between
/// English and Russian, Russian and pool parting on promotion during a
/// capture, and English and Russian starting with another side to move.
/// Differences exit 1.
#[test]
fn diffs_on_one_board_are_the_snapshots() {
    for (snapshot, args) in [
        ("diff_english_russian_compare", &["diff", "english", "russian", "spec/compare"][..]),
        ("diff_russian_pool_promotion", &["diff", "russian", "pool", "--fen", "B:W26,27:B22"]),
        ("diff_english_russian_first_move", &["diff", "english", "russian", "--play", "11-15"]),
    ] {
        let o = rulecheck(args);
        assert_eq!(o.code, Some(1), "{snapshot}: differences exit 1:\n{}", o.all());
        insta::assert_snapshot!(snapshot, o.stdout);
    }
}

#[test]
fn a_position_both_variants_read_alike_exits_zero() {
    let o = rulecheck(&["diff", "russian", "pool", "--fen", "W:W22:B9", "--play", "22-18 9-13"]).ok();
    assert!(o.stdout.ends_with("russian and pool agree\n"), "{}", o.all());
}

/// Russian draughts is played on 8x8, international on 10x10: a square
/// number is another place on each. They are compared by their rules, topic
/// by topic, and by the game each plays from its own start, never by
/// replaying one board's squares on the other.
#[test]
fn variants_on_other_boards_are_compared_by_their_rules() {
    let o = rulecheck(&["diff", "russian", "international"]).exits(1);
    assert!(!o.stdout.contains("--- russian"), "no square-by-square diff:\n{}", o.all());
    assert!(!o.stdout.contains("refused under"), "no move traced to a clause:\n{}", o.all());
    for says in [
        "russian (8x8 draughts) and international (10x10 draughts) are played on other boards",
        "  only russian has a rule on these topics:\n",
        "    russian.capture.free-choice: ",
        "    international.capture.majority: ",
        "      russian.king.flying: ",
        "      international.king.flying: ",
        "from each one's own start position:\n",
    ] {
        assert!(o.stdout.contains(says), "`{says}`:\n{}", o.all());
    }
    // Depth 1 is the moves from each start: 7 on 8x8, 9 on 10x10.
    let row = |depth: &str| -> Option<Vec<String>> {
        o.stdout
            .lines()
            .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .find(|w| w.first().is_some_and(|d| d == depth))
    };
    assert_eq!(row("1"), Some(vec!["1".to_string(), "7".to_string(), "9".to_string()]), "{}", o.all());
    assert!(o.stdout.contains("    setup.board\n      russian.setup.board: "), "paired by its last word:\n{}", o.all());
    insta::assert_snapshot!("diff_russian_international_rules", o.stdout);

    let o = rulecheck(&["diff", "brazilian", "international"]).exits(1);
    for says in ["    brazilian.draw.twenty: ", "    international.draw.twenty-five: ", "    capture.majority\n"] {
        assert!(o.stdout.contains(says), "`{says}`:\n{}", o.all());
    }
    insta::assert_snapshot!("diff_brazilian_international_rules", o.stdout);
}

/// A board numbered otherwise (Italian, Spanish) or made of every cell
/// (Turkish) is another board too, even at 8x8: square 1 is elsewhere.
#[test]
fn other_numberings_and_kinds_of_board_are_other_boards() {
    for other in ["italian", "spanish", "turkish"] {
        let o = rulecheck(&["diff", "english", other]).exits(1);
        assert!(o.stdout.contains("are played on other boards"), "{other}:\n{}", o.all());
        let o = rulecheck(&["diff", "english", other, "--fen", "B:W21:B12"]).bad_input();
        assert!(o.stderr.contains("are played on other boards"), "{other}:\n{}", o.all());
    }
    // Moves are square numbers too.
    let o = rulecheck(&["diff", "russian", "international", "--play", "22-18"]).bad_input();
    o.stderr_has("are played on other boards");
}

/// Scenario files of one board are not replayed on another: the rules are
/// compared, and the summary counts the scenarios left aside.
#[test]
fn scenario_files_are_not_replayed_on_another_board() {
    let o = rulecheck(&["diff", "russian", "international", "spec/russian/captures.yaml"]).exits(1);
    o.stdout_has("the rules by topic");
    assert!(!o.stdout.contains("--- russian"), "{}", o.all());
    assert!(
        o.stdout.ends_with(
            "positions not replayed, the variants being played on other boards (their rules are compared instead)\n"
        ),
        "{}",
        o.all()
    );
    // On one board, a file of another board's squares is left aside too.
    let o = rulecheck(&["diff", "russian", "pool", "spec/international/men.yaml"]).exits(0);
    o.stdout_has(" 0 agree, 0 differ, ");
    assert!(o.stdout.ends_with(" on another board\n"), "{}", o.all());
}

/// A man that reaches the far row in the middle of a capture is crowned at
/// once in Russian draughts and passes through as a man in pool checkers
/// and Brazilian draughts. With the square past the crowning diagonal
/// taken, both variants list the one same move: only the position it
/// leaves (a king against a man) tells them apart.
#[test]
fn moves_written_alike_that_leave_other_positions_differ() {
    let fen = "B:W26,27:B20,22";
    for other in ["pool", "brazilian"] {
        let o = rulecheck(&["diff", "russian", other, "--fen", fen, "--notation", "numeric"]);
        assert_eq!(o.code, Some(1), "russian against {other}:\n{}", o.all());
        assert!(o.stdout.contains("\n-    22x31x24 -> W:W:B20,K24\n"), "russian crowns:\n{}", o.all());
        assert!(o.stdout.contains("\n+    22x31x24 -> W:W:B20,24\n"), "{other} does not:\n{}", o.all());
        o.stdout_has(&format!("  22x31x24: leaves W:W:B20,K24 under russian, W:W:B20,24 under {other}"));
    }
    // The same move list with the same positions after each move agrees.
    let o = rulecheck(&["diff", "pool", "brazilian", "--fen", fen]).ok();
    o.stdout_has("    22x31x24 -> W:W:B20,24\n");
}

#[test]
fn a_position_of_another_board_is_reported_not_compared() {
    // The same square numbers are other places on another board: refused.
    let o = rulecheck(&["diff", "international", "english", "--fen", "W:W45:B5"]).bad_input();
    o.stderr_has("international (10x10 draughts) and english (8x8 draughts) are played on other boards");
    // On one board, the position is drawn, the moves differ line by line and
    // each differing move says why the other side refuses it.
    let o = rulecheck(&["diff", "english", "english:mandatory-capture=off", "--fen", "B:W14:B9,10"]).exits(1);
    assert!(o.stdout.starts_with(". _ . _"), "the position is drawn first:\n{}", o.all());
    assert!(
        o.stdout.contains("\n+    9-13 -> W:W14:B10,13\n"),
        "one move a line, with the position it leaves:\n{}",
        o.all()
    );
    o.stdout_has("9-13: legal under english:mandatory-capture=off, refused under english (must-capture; english.capture.mandatory");
}

#[test]
fn an_unknown_variant_is_bad_input() {
    rulecheck(&["diff", "english", "rusian"]).bad_input();
}

/// Counters are part of the position: English checkers draws on the
/// fortieth quiet ply, the WCDF house rule counts only toward a claim. With
/// the counter dropped the two would seem to agree.
#[test]
fn counters_are_kept_and_each_side_reads_them_under_its_own_rules() {
    let fen = "W:WK10:BK20:np=39";
    let o = rulecheck(&["diff", "english", "english:no-progress=wcdf", "--fen", fen, "--play", "10-14"]);
    assert_eq!(o.code, Some(1), "the rules differ here:\n{}", o.all());
    o.stdout_has("-  position: W:WK10:BK20:np=39\n");
    assert!(
        o.stdout.contains("-  result: draw: forty-move\n") && o.stdout.contains("+  result: ongoing\n"),
        "{}",
        o.all()
    );
    // A variant that keeps no such counter makes nothing of it.
    let o = rulecheck(&["diff", "russian", "pool", "--fen", fen, "--play", "10-14"]).ok();
    o.stdout_has("  position: W:WKd6:BKh4\n");
}

/// Squares are compared in one notation and shown in each variant's
/// custom: Russian draughts in algebraic squares, pool checkers in numbers,
/// a move both play as the first writes it and then as the second does.
/// `--notation` shows both sides in the one chosen.
#[test]
fn each_side_is_shown_in_its_own_notation() {
    let o = rulecheck(&["diff", "russian", "pool", "--fen", "B:W26,27:B22"]).exits(1);
    assert!(o.stdout.contains("\n-    c3:e1:h4 -> W:W:BKh4\n"), "russian's move in its squares:\n{}", o.all());
    assert!(o.stdout.contains("\n-    c3:e1:g3 -> W:W:BKg3\n"), "russian crowns the man:\n{}", o.all());
    assert!(o.stdout.contains("\n+    22x31x24 -> W:W:B24\n"), "pool does not:\n{}", o.all());
    o.stdout_has("\n  c3:e1:h4: legal under russian, refused under pool");
    let o = rulecheck(&["diff", "russian", "pool", "--fen", "B:W26,27:B22", "--notation", "numeric"]).exits(1);
    o.stdout_has("\n-    22x31x20 -> W:W:BK20\n");
    assert!(!o.stdout.contains("c3:"), "{}", o.all());
    // A move both play, leaving the same position, is written as the first
    // writes it and then as the second does.
    let o = rulecheck(&["diff", "english", "russian", "spec/compare/capture-choice.yaml"]).exits(1);
    o.stdout_has("\n     30x23x14 -> B:W14,K29:B = c1:e3:c5 -> B:Wc5,Ka1:B\n");
}

/// A Chinese checkers position keeps every seat's men and its counters.
#[test]
fn a_chinese_checkers_position_is_compared_whole() {
    let fen = "2/1:g5,l7/2:a1,b1,b2,c1,c2,c3,d1,h4,i4,j6/turns=1.0,quiet=1";
    let o = rulecheck(&["diff", "chinese-checkers", "chinese-checkers:move-limit=off", "--fen", fen]).ok();
    o.stdout_has(&format!("  position: {fen}\n"));
}

/// The draughts variants, in the registry's order: taken from the
/// registry, so that a variant added later is compared too.
fn draughts_variants() -> Vec<&'static str> {
    let draughts = crate::support::variants::of_family("draughts");
    assert!(draughts.len() >= 5, "{draughts:?}");
    draughts
}

/// Every two draughts variants, each pair once.
fn every_pair(draughts: &[&'static str]) -> Vec<(&'static str, &'static str)> {
    draughts.iter().enumerate().flat_map(|(i, a)| draughts[i + 1..].iter().map(move |b| (*a, *b))).collect()
}

/// The pairs of the default run: each variant against the one after it in
/// the registry's order, the last against the first. Every variant (and so
/// every board: each size, numbering and kind) is compared twice, on its
/// own board and across boards, in a number of runs that grows with the
/// variants, not with their pairs.
fn sampled_pairs(draughts: &[&'static str]) -> Vec<(&'static str, &'static str)> {
    (0..draughts.len()).map(|i| (draughts[i], draughts[(i + 1) % draughts.len()])).collect()
}

fn board_of(id: &str) -> String {
    rulecheck::registry::configure(id, &Default::default()).expect("a registered variant").board()
}

/// Two draughts variants compare: on one board their start positions are
/// replayed under both and the verdict is agreement (0) or a diff (1); on
/// other boards their rules are compared (1), and one position is refused
/// as bad input (2).
fn compare_or_refuse(a: &str, b: &str) {
    let game = |id: &str| rulecheck::registry::configure(id, &Default::default()).expect("a registered variant");
    let (ga, gb) = (game(a), game(b));
    let o = rulecheck(&["diff", a, b]);
    let shown = match o.code {
        _ if ga.board() != gb.board() => {
            o.code == Some(1)
                && o.stdout.starts_with(&format!(
                    "{a} ({}) and {b} ({}) are played on other boards",
                    ga.board(),
                    gb.board()
                ))
                && o.stdout.contains("from each one's own start position:\n")
                && !o.stdout.contains(&format!("--- {a}\n"))
        }
        Some(0) => o.stdout.ends_with(&format!("{a} and {b} agree\n")),
        Some(1) => o.stdout.starts_with(&format!("--- {a}\n+++ {b}\n")),
        _ => false,
    };
    assert!(shown, "{a} against {b}:\n{}", o.all());
    let start = ga.start_position();
    let o = rulecheck(&["diff", a, b, "--fen", &start]);
    if ga.board() == gb.board() {
        assert!(matches!(o.code, Some(0 | 1)), "{a} against {b} on {start}:\n{}", o.all());
    } else {
        assert_eq!(o.code, Some(2), "{a} against {b}:\n{}", o.all());
        assert!(o.stderr.contains("are played on other boards"), "{a} against {b}:\n{}", o.all());
    }
}

/// The sampled pairs (`sampled_pairs`: each draughts variant against the
/// next in the registry's order) compare or are refused for their boards.
#[test]
fn sampled_draughts_variants_compare_or_are_refused_for_their_boards() {
    for (a, b) in sampled_pairs(&draughts_variants()) {
        compare_or_refuse(a, b);
    }
}

/// Every two draughts variants compare or are refused for their boards:
/// the complete set, of which the default run takes the sample above.
#[test]
#[ignore = "every pair of draughts variants, slow; the default run compares a sample"]
fn every_two_draughts_variants_compare_or_are_refused_for_their_boards() {
    for (a, b) in every_pair(&draughts_variants()) {
        compare_or_refuse(a, b);
    }
}

/// The sample leaves out no draughts variant, no board, and neither kind
/// of comparison: pairs on one board and pairs across boards.
#[test]
fn the_sampled_pairs_cover_every_variant_board_and_kind_of_comparison() {
    let draughts = draughts_variants();
    let sample = sampled_pairs(&draughts);
    let every = every_pair(&draughts);
    assert!(sample.len() < every.len(), "a sample, not the whole: {} of {}", sample.len(), every.len());
    for (a, b) in &sample {
        assert!(every.contains(&(*a, *b)) || every.contains(&(*b, *a)), "{a} against {b} is a pair");
    }
    let sampled: BTreeSet<&str> = sample.iter().flat_map(|(a, b)| [*a, *b]).collect();
    assert_eq!(sampled, draughts.iter().copied().collect::<BTreeSet<_>>(), "every variant is compared");
    let boards: BTreeSet<String> = draughts.iter().map(|v| board_of(v)).collect();
    let sampled_boards: BTreeSet<String> = sampled.iter().map(|v| board_of(v)).collect();
    assert_eq!(sampled_boards, boards, "every board is compared");
    let (same, other): (Vec<&(&str, &str)>, Vec<_>) = sample.iter().partition(|(a, b)| board_of(a) == board_of(b));
    assert!(!same.is_empty() && !other.is_empty(), "one board {same:?}, other boards {other:?}");
}
