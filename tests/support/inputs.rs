//! Large inputs made to size, for the tests that check the parsers' work
//! grows in proportion to their input (tests/cli/limits.rs) and the
//! benchmarks that time them (benches/parse.rs, which includes this file).

/// A PDN file of `n` short games, each with a comment and a variation.
pub fn pdn_games(n: usize) -> String {
    let mut out = String::new();
    for i in 0..n {
        out.push_str(&format!(
            "[Event \"game {i}\"]\n[Result \"*\"]\n1. 11-15 23-19 {{a comment}} 2. 8-11 (2. 9-14 22-17) 22-17 3. 9-13 *\n\n"
        ));
    }
    out
}

/// An English scenario file of `n` scenarios, `s0` on, each citing
/// `english.setup.first` and ending in `rest`: its keys after those two,
/// indented as a scenario's.
pub fn english_scenarios(n: usize, rest: &str) -> String {
    let mut out = String::from("variant: english\npage: checkers.hi\nscenarios:\n");
    for i in 0..n {
        out.push_str(&format!("  - name: s{i}\n    clauses: [english.setup.first]\n{rest}"));
    }
    out
}
