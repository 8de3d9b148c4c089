//! The Hub protocol's notation, read exactly as its document writes it: a
//! position is the side to move (`W` or `B`) and one character for each of
//! the fifty squares in standard order (`w` `b` men, `W` `B` kings, `e`
//! empty); a plain move is `from-to`, a capture `from x to x captured x
//! captured ...`, the captured squares in any order and the squares it
//! lands on between not given. And the Hub's names of the variants, which
//! are not rulecheck's.

use crate::board::{square, Board, Piece, WireMove, SQUARES};

/// The Hub name of each variant rulecheck referees, with rulecheck's id.
pub const VARIANTS: [(&str, &str); 3] = [("normal", "international"), ("killer", "killer"), ("frisian", "frisian")];

/// Hub variants no rulecheck variant plays, with what they are.
const UNPLAYED: [(&str, &str); 2] = [
    ("bt", "breakthrough draughts, won by the first king"),
    ("losing", "losing draughts, won by the side that loses its pieces"),
];

/// The rulecheck variant a name given by the user or declared by an
/// engine stands for: a Hub name (`normal`) or a rulecheck id
/// (`international`). A Hub variant rulecheck does not play, and any other
/// name, is refused saying which are refereed.
pub fn variant(name: &str) -> Result<&'static str, String> {
    if let Some((_, id)) = VARIANTS.iter().find(|(hub, id)| *hub == name || *id == name) {
        return Ok(id);
    }
    let refereed = VARIANTS
        .iter()
        .map(|(hub, id)| if hub == id { hub.to_string() } else { format!("{hub} ({id})") })
        .collect::<Vec<_>>()
        .join(", ");
    if let Some((hub, what)) = UNPLAYED.iter().find(|(hub, _)| *hub == name) {
        return Err(format!(
            "the Hub variant '{hub}' ({what}) has no rulecheck variant, so it cannot be refereed; \
             rulecheck referees {refereed}"
        ));
    }
    Err(format!("'{}' is no variant rulecheck referees over the Hub protocol: {refereed}", rulecheck_text::shown(name)))
}

/// The Hub name of a rulecheck variant.
pub fn hub_name(variant: &str) -> Option<&'static str> {
    VARIANTS.iter().find(|(_, id)| *id == variant).map(|(hub, _)| *hub)
}

/// A board as a Hub position.
pub fn position(board: &Board) -> String {
    let mut out = String::with_capacity(usize::from(SQUARES) + 1);
    out.push(if board.white_to_move { 'W' } else { 'B' });
    for n in 1..=SQUARES {
        out.push(match board.at(n) {
            Piece::Empty => 'e',
            Piece::WhiteMan => 'w',
            Piece::BlackMan => 'b',
            Piece::WhiteKing => 'W',
            Piece::BlackKing => 'B',
        });
    }
    out
}

/// A Hub position read as a board.
pub fn board(text: &str) -> Result<Board, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != usize::from(SQUARES) + 1 {
        return Err(format!(
            "Hub position '{}': {} characters, where the side to move and one a square are 51",
            rulecheck_text::shown(text),
            chars.len()
        ));
    }
    let white_to_move = match chars[0] {
        'W' => true,
        'B' => false,
        c => return Err(format!("Hub position: '{c}' where the side to move (W or B) was expected")),
    };
    let mut board = Board { white_to_move, squares: [Piece::Empty; SQUARES as usize] };
    for (i, c) in chars[1..].iter().enumerate() {
        board.squares[i] = match c {
            'e' => Piece::Empty,
            'w' => Piece::WhiteMan,
            'b' => Piece::BlackMan,
            'W' => Piece::WhiteKing,
            'B' => Piece::BlackKing,
            _ => return Err(format!("Hub position: '{c}' on square {} (w, b, W, B or e)", i + 1)),
        };
    }
    Ok(board)
}

/// A Hub move: `32-28`, or `28x19x23` (start, end, then every square
/// taken, in any order).
pub fn parse_move(text: &str) -> Result<WireMove, String> {
    let bad = |why: &str| format!("'{}' is no Hub move: {why}", rulecheck_text::shown(text));
    let t = text.trim();
    if let Some((a, b)) = t.split_once('-') {
        return Ok(WireMove::new(square(a).map_err(|e| bad(&e))?, square(b).map_err(|e| bad(&e))?, Vec::new()));
    }
    let parts: Vec<&str> = t.split('x').collect();
    if parts.len() < 3 {
        return Err(bad("a plain move is from-to, a capture from x to x each square taken"));
    }
    let squares = parts.iter().map(|p| square(p)).collect::<Result<Vec<u8>, String>>().map_err(|e| bad(&e))?;
    let taken = &squares[2..];
    if (1..taken.len()).any(|i| taken[..i].contains(&taken[i])) {
        return Err(bad("a square is taken twice"));
    }
    Ok(WireMove::new(squares[0], squares[1], taken.to_vec()))
}

/// A principal variation: moves parted by blanks.
pub fn parse_line(text: &str) -> Result<Vec<WireMove>, String> {
    text.split_whitespace().map(parse_move).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

    #[test]
    fn the_start_position_is_the_documents() {
        let b = Board::from_fen("W:W31-50:B1-20").unwrap();
        assert_eq!(position(&b), START);
        assert_eq!(board(START).unwrap(), b);
        let example = "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee";
        let b = board(example).unwrap();
        // The document's example: its moves 38-15 5-41 48-26 are the kings'.
        assert_eq!(b.to_fen(), "B:WK4,K5,25,35,36:BK38,K48");
        assert_eq!(position(&b), example);
    }

    #[test]
    fn bad_positions_are_refused_saying_why() {
        for (text, said) in [
            ("W", "51"),
            (&START[..50], "51"),
            (&format!("X{}", &START[1..]), "side to move"),
            (&START.replace("eeeeeeeeee", "eeeeeeeeex"), "'x' on square 30"),
        ] {
            let e = board(text).expect_err(text);
            assert!(e.contains(said), "{text}: {e}");
        }
    }

    #[test]
    fn moves_read_as_the_document_writes_them() {
        assert_eq!(parse_move("32-28").unwrap(), WireMove::new(32, 28, vec![]));
        assert_eq!(parse_move("28x19x23").unwrap(), WireMove::new(28, 19, vec![23]));
        assert_eq!(parse_move("46x5x41x32x23x14").unwrap(), WireMove::new(46, 5, vec![14, 23, 32, 41]));
        // The captured squares in any order are one move.
        assert_eq!(parse_move("1x23x12x18").unwrap(), parse_move("1x23x18x12").unwrap());
        for bad in ["", "28x19", "28", "32-", "0-5", "32-51", "28x19x23x23", "a-b", "32+28"] {
            assert!(parse_move(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_line(" 32-28  17-22 ").unwrap().len(), 2);
        assert!(parse_line("32-28 zz").is_err());
    }

    #[test]
    fn hub_names_and_rulecheck_ids_name_one_variant_and_the_rest_are_refused() {
        assert_eq!(variant("normal").unwrap(), "international");
        assert_eq!(variant("international").unwrap(), "international");
        assert_eq!(variant("frisian").unwrap(), "frisian");
        assert_eq!(hub_name("killer"), Some("killer"));
        let e = variant("bt").unwrap_err();
        assert!(e.contains("'bt'") && e.contains("breakthrough") && e.contains("normal (international)"), "{e}");
        assert!(variant("losing").unwrap_err().contains("losing draughts"));
        assert!(variant("english").unwrap_err().contains("'english' is no variant"));
    }
}
