//! The order moves and other names are listed in: numbers inside a name are
//! compared as numbers, so that `9-13` comes before `10-14` and `c3` before
//! `c10`, as a reader expects of a move list.

/// Sort key that orders `9-13` before `10-14`.
pub fn natural(s: &str) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let mut num = String::new();
    let mut text = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            if !num.is_empty() {
                out.push((num.parse().unwrap_or(0), std::mem::take(&mut text)));
                num.clear();
            }
            text.push(c);
        }
    }
    out.push((num.parse().unwrap_or(0), text));
    out
}

#[cfg(test)]
mod tests {
    use super::natural;

    #[test]
    fn numbers_are_compared_as_numbers() {
        let mut v = vec!["10-14", "9-14", "9-13"];
        v.sort_by_key(|m| natural(m));
        assert_eq!(v, ["9-13", "9-14", "10-14"]);
        let mut v = vec!["c10", "c3"];
        v.sort_by_key(|m| natural(m));
        assert_eq!(v, ["c3", "c10"]);
    }
}
