//! `rulecheck diff`: the same positions under two variants. Outputs are
//! snapshotted, so a change in how any variant reads a position shows up as
//! a snapshot diff to review.

#[path = "support/process.rs"]
mod process;
use process::rulecheck;

#[test]
fn the_comparison_spec_differs_between_english_and_russian() {
    let o = rulecheck(&["diff", "english", "russian", "spec/compare"]);
    assert_eq!(o.code, Some(1), "differences exit 1:\n{}", o.all());
    insta::assert_snapshot!("diff_english_russian_compare", o.stdout);
}

#[test]
fn russian_and_pool_part_on_promotion_during_a_capture() {
    let o = rulecheck(&["diff", "russian", "pool", "--fen", "B:W26,27:B22"]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    insta::assert_snapshot!("diff_russian_pool_promotion", o.stdout);
}

#[test]
fn a_position_both_variants_read_alike_exits_zero() {
    let o = rulecheck(&["diff", "russian", "pool", "--fen", "W:W22:B9", "--play", "22-18 9-13"]).ok();
    assert!(o.stdout.ends_with("russian and pool agree\n"), "{}", o.all());
}

#[test]
fn the_start_positions_differ_in_who_moves_first() {
    let o = rulecheck(&["diff", "english", "russian", "--play", "11-15"]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    insta::assert_snapshot!("diff_english_russian_first_move", o.stdout);
}

#[test]
fn a_position_of_another_board_is_reported_not_compared() {
    // The same square numbers are other places on another board: refused.
    let o = rulecheck(&["diff", "international", "english", "--fen", "W:W45:B5"]).bad_input();
    assert!(
        o.stderr.contains("international (10x10 draughts) and english (8x8 draughts) are played on other boards"),
        "{}",
        o.all()
    );
    // On one board, the position is drawn, the moves differ line by line and
    // each differing move says why the other side refuses it.
    let o = rulecheck(&["diff", "english", "english:mandatory-capture=off", "--fen", "B:W14:B9,10"]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    assert!(o.stdout.starts_with(". _ . _"), "the position is drawn first:\n{}", o.all());
    assert!(o.stdout.contains("\n+    9-13\n"), "one move a line:\n{}", o.all());
    assert!(
        o.stdout.contains("9-13: legal under english:mandatory-capture=off, refused under english (must-capture; english.capture.mandatory"),
        "{}",
        o.all()
    );
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
    assert!(o.stdout.contains("-  position: W:WK10:BK20:np=39\n"), "{}", o.all());
    assert!(
        o.stdout.contains("-  result: draw: forty-move\n") && o.stdout.contains("+  result: ongoing\n"),
        "{}",
        o.all()
    );
    // A variant that keeps no such counter makes nothing of it.
    let o = rulecheck(&["diff", "russian", "pool", "--fen", fen, "--play", "10-14"]).ok();
    assert!(o.stdout.contains("  position: W:WKd6:BKh4\n"), "{}", o.all());
}

/// Squares are compared in one notation and shown in each variant's
/// custom: Russian draughts in algebraic squares, pool checkers in numbers,
/// a move both play as the first writes it and then as the second does.
/// `--notation` shows both sides in the one chosen.
#[test]
fn each_side_is_shown_in_its_own_notation() {
    let o = rulecheck(&["diff", "russian", "pool", "--fen", "B:W26,27:B22"]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    assert!(o.stdout.contains("\n-    c3:e1:h4\n"), "russian's move in its squares:\n{}", o.all());
    assert!(o.stdout.contains("\n     c3:e1:g3 = 22x31x24\n"), "a shared move in both:\n{}", o.all());
    assert!(o.stdout.contains("\n  c3:e1:h4: legal under russian, refused under pool"), "{}", o.all());
    let o = rulecheck(&["diff", "russian", "pool", "--fen", "B:W26,27:B22", "--notation", "numeric"]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    assert!(o.stdout.contains("\n-    22x31x20\n") && o.stdout.contains("\n     22x31x24\n"), "{}", o.all());
    assert!(!o.stdout.contains("c3:"), "{}", o.all());
}

/// A Chinese checkers position keeps every seat's men and its counters.
#[test]
fn a_chinese_checkers_position_is_compared_whole() {
    let fen = "2/1:g5,l7/2:a1,b1,b2,c1,c2,c3,d1,h4,i4,j6/turns=1.0,quiet=1";
    let o = rulecheck(&["diff", "chinese-checkers", "chinese-checkers:move-limit=off", "--fen", fen]).ok();
    assert!(o.stdout.contains(&format!("  position: {fen}\n")), "{}", o.all());
}

/// Every two draughts variants compare: their start positions are
/// replayed under both and the verdict is agreement (0) or a diff (1), and
/// one position is compared under both only where they share a board (on
/// boards of other sizes it is refused as bad input, 2). Taken from the
/// registry, so that a variant added later is compared too.
#[test]
fn every_two_draughts_variants_compare_or_are_refused_for_their_boards() {
    let draughts: Vec<&str> = rulecheck::registry::variants()
        .into_iter()
        .filter(|v| v.info().family == "draughts")
        .map(|v| v.info().id)
        .collect();
    assert!(draughts.len() >= 5, "{draughts:?}");
    let game = |id: &str| rulecheck::registry::configure(id, &Default::default()).expect("a registered variant");
    for (i, a) in draughts.iter().enumerate() {
        for b in &draughts[i + 1..] {
            let o = rulecheck(&["diff", a, b]);
            let shown = match o.code {
                Some(0) => o.stdout.ends_with(&format!("{a} and {b} agree\n")),
                Some(1) => o.stdout.starts_with(&format!("--- {a}\n+++ {b}\n")),
                _ => false,
            };
            assert!(shown, "{a} against {b}:\n{}", o.all());
            let (ga, gb) = (game(a), game(b));
            let start = ga.start_position();
            let o = rulecheck(&["diff", a, b, "--fen", &start]);
            if ga.board() == gb.board() {
                assert!(matches!(o.code, Some(0 | 1)), "{a} against {b} on {start}:\n{}", o.all());
            } else {
                assert_eq!(o.code, Some(2), "{a} against {b}:\n{}", o.all());
                assert!(o.stderr.contains("are played on other boards"), "{a} against {b}:\n{}", o.all());
            }
        }
    }
}
