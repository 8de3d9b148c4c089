//! "Did you mean" for names a user typed: the known name nearest a
//! misspelt one, when one is near enough to be the likely intent. Every
//! list of names (variants, options, clause ids, reasons, YAML fields) is
//! offered the same way.

/// The known name closest to a misspelt one, if any is close.
pub fn suggest<'a>(candidates: impl Iterator<Item = &'a str>, given: &str) -> Option<&'a str> {
    let given_len = given.chars().count();
    candidates
        .filter_map(|c| {
            let most = (c.len() / 4).max(2);
            // The distance is at least the difference in length: a long
            // token is no near miss of a short name, and costs nothing.
            if c.chars().count().abs_diff(given_len) > most {
                return None;
            }
            edit_distance_within(c, given, most).map(|d| (d, c))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// [`suggest`] as every error message offers it: ` (did you mean 'x'?)`
/// after the name the user typed, or nothing when no known name is close.
pub fn did_you_mean<'a>(candidates: impl Iterator<Item = &'a str>, given: &str) -> String {
    suggest(candidates, given).map(|s| format!(" (did you mean '{s}'?)")).unwrap_or_default()
}

/// Levenshtein distance, if at most `most`: a row whose every entry is past
/// `most` ends the count.
fn edit_distance_within(a: &str, b: &str, most: usize) -> Option<usize> {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb { prev } else { 1 + prev.min(cur).min(row[j]) };
            prev = cur;
        }
        if row.iter().all(|&d| d > most) {
            return None;
        }
    }
    Some(row[b.len()]).filter(|&d| d <= most)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_find_near_misses_only() {
        let ids = ["english.king.crown-ends-turn", "english.king.crown"];
        assert_eq!(suggest(ids.iter().copied(), "english.king.crown-end-turn"), Some(ids[0]));
        assert_eq!(suggest(ids.iter().copied(), "konane.move.jump"), None);
    }

    #[test]
    fn did_you_mean_is_said_only_of_a_near_miss() {
        let ids = ["english", "russian"];
        assert_eq!(did_you_mean(ids.iter().copied(), "englsh"), " (did you mean 'english'?)");
        assert_eq!(did_you_mean(ids.iter().copied(), "konane"), "");
    }
}
