//! Messages read and written: the protocol's own examples, every way a
//! message can be malformed (each an error naming its field and offset),
//! and round trips over random messages and random bytes.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use rulecheck_dxp::{
    decode, encode, Acceptance, BackAcceptance, Colour, DecodeError, EndReason, GameRequest, Message, Move, Piece,
    Problem, Start, StopCode,
};

fn name(text: &str) -> String {
    format!("{text:<32}")
}

fn fails(wire: &[u8]) -> DecodeError {
    match decode(wire) {
        Ok(m) => panic!("{:?} decoded as {m:?}", String::from_utf8_lossy(wire)),
        Err(e) => e,
    }
}

/// The field, offset and problem of the error of a malformed message.
fn fault(wire: impl AsRef<[u8]>) -> (&'static str, usize, Problem) {
    let e = fails(wire.as_ref());
    (e.field, e.offset, e.problem)
}

#[test]
fn the_protocols_examples_are_read() {
    assert_eq!(
        decode(b"M001205250422122320").unwrap(),
        Message::Move(Move { seconds: 12, from: 5, to: 25, captured: vec![22, 12, 23, 20] })
    );
    assert_eq!(
        decode(format!("A{}0", name("Tornado voor Windows 4.0")).as_bytes()).unwrap(),
        Message::GameAccept { follower: "Tornado voor Windows 4.0".into(), acceptance: Acceptance::Accepted }
    );
    assert_eq!(decode(b"E00").unwrap(), Message::GameEnd { reason: EndReason::Unknown, stop: StopCode::NextGame });
    assert_eq!(decode(b"E31").unwrap(), Message::GameEnd { reason: EndReason::IWin, stop: StopCode::NoMoreGames });
    assert_eq!(decode(b"B005Z").unwrap(), Message::BackRequest { move_number: 5, to_move: Colour::Black });
    assert_eq!(decode(b"K1").unwrap(), Message::BackAccept { acceptance: BackAcceptance::NotSupported });
    assert_eq!(
        decode(b"CWhat do you think about move 35?").unwrap(),
        Message::Chat { text: "What do you think about move 35?".into() }
    );
}

#[test]
fn a_request_is_read_from_the_initial_position_and_from_a_given_one() {
    let initial = format!("R01{}Z003075A", name("Scan 3.1"));
    let expected = GameRequest {
        version: 1,
        initiator: "Scan 3.1".into(),
        follower_colour: Colour::Black,
        minutes: 3,
        moves: 75,
        start: Start::Initial,
    };
    assert_eq!(decode(initial.as_bytes()).unwrap(), Message::GameRequest(expected.clone()));
    let board = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(19) + "W");
    let given = format!("R01{}W120000BZ{board}", name("Scan 3.1"));
    let Message::GameRequest(request) = decode(given.as_bytes()).unwrap() else { panic!() };
    let Start::Position { to_move, squares } = request.start else { panic!("{:?}", request.start) };
    assert_eq!(
        (to_move, request.follower_colour, request.minutes, request.moves),
        (Colour::Black, Colour::White, 120, 0)
    );
    assert_eq!(squares[0], Some(Piece::Man(Colour::Black)));
    assert_eq!(squares[25], None);
    assert_eq!(squares[48], Some(Piece::Man(Colour::White)));
    assert_eq!(squares[49], Some(Piece::King(Colour::White)));
    let again = GameRequest {
        start: Start::Position { to_move, squares },
        follower_colour: Colour::White,
        minutes: 120,
        moves: 0,
        ..expected
    };
    assert_eq!(encode(&Message::GameRequest(again)).unwrap(), given.as_bytes());
}

#[test]
fn fields_of_the_wrong_width_are_refused() {
    // A count of one digit.
    assert_eq!(fault("M001206110"), ("number captured", 9, Problem::Missing { width: 2 }));
    assert_eq!(fault("M001206"), ("to field", 7, Problem::Missing { width: 2 }));
    assert_eq!(fault("M0012061101"), ("captured piece", 11, Problem::Missing { width: 2 }));
    assert_eq!(fault("M00120611011"), ("captured piece", 11, Problem::Missing { width: 2 }));
    assert_eq!(fault("M001206110012"), ("trailing text", 11, Problem::Trailing { after: "number captured" }));
    assert_eq!(fault("E0"), ("stop code", 2, Problem::Missing { width: 1 }));
    assert_eq!(fault("E000"), ("trailing text", 3, Problem::Trailing { after: "stop code" }));
    assert_eq!(fault("K"), ("acceptance code", 1, Problem::Missing { width: 1 }));
    assert_eq!(fault("B005"), ("color to move", 4, Problem::Missing { width: 1 }));
    // A name of 31 characters.
    assert_eq!(fault(format!("A{:<31}0", "Scan")), ("acceptance code", 33, Problem::Missing { width: 1 }));
    // The position fields after 'A', as some writers might add.
    let extra = format!("R01{}Z003075AW{}", name("x"), "e".repeat(50));
    assert_eq!(fault(extra), ("trailing text", 43, Problem::Trailing { after: "starting position" }));
    let short = format!("R01{}Z003075BW{}", name("x"), "e".repeat(49));
    assert_eq!(fault(short), ("position", 93, Problem::Missing { width: 1 }));
}

#[test]
fn numbers_are_digits_only_and_within_their_range() {
    for bad in ["M 012061100", "M+012061100", "M00120x1100", "M0012-61100", "M0012 61100"] {
        let e = fails(bad.as_bytes());
        assert!(matches!(e.problem, Problem::NotDigits { .. }), "{bad}: {e}");
    }
    assert_eq!(fault("M0012001100"), ("from field", 5, Problem::OutOfRange { min: 1, max: 50 }));
    assert_eq!(fault("M0012065100"), ("to field", 7, Problem::OutOfRange { min: 1, max: 50 }));
    assert_eq!(fault("M0012061121"), ("number captured", 9, Problem::OutOfRange { min: 0, max: 20 }));
    assert_eq!(fault("M00120611019"), ("captured piece", 11, Problem::Missing { width: 2 }));
    assert_eq!(fault("M001206110199"), ("captured piece", 11, Problem::OutOfRange { min: 1, max: 50 }));
    assert_eq!(fault("B000W"), ("move number", 1, Problem::OutOfRange { min: 1, max: 999 }));
    assert_eq!(fault(format!("R0x{}Z003075A", name("x"))), ("version", 1, Problem::NotDigits { width: 2 }));
    assert_eq!(fault(format!("R01{}Z 03075A", name("x"))), ("thinking time", 36, Problem::NotDigits { width: 3 }));
    assert_eq!(fault(format!("R01{}Z0030x5A", name("x"))), ("number of moves", 39, Problem::NotDigits { width: 3 }));
}

#[test]
fn codes_and_names_are_among_those_the_protocol_lists() {
    assert_eq!(fault("E40"), ("reason", 1, Problem::NotOneOf("0, 1, 2, 3")));
    assert_eq!(fault("E02"), ("stop code", 2, Problem::NotOneOf("0, 1")));
    assert_eq!(fault("K3"), ("acceptance code", 1, Problem::NotOneOf("0, 1, 2")));
    assert_eq!(fault(format!("A{}4", name("x"))), ("acceptance code", 33, Problem::NotOneOf("0, 1, 2, 3")));
    assert_eq!(fault("B005w"), ("color to move", 4, Problem::NotOneOf("W, Z")));
    assert_eq!(fault(format!("R01{}B003075A", name("x"))), ("follower color", 35, Problem::NotOneOf("W, Z")));
    assert_eq!(fault(format!("R01{}Z003075C", name("x"))), ("starting position", 42, Problem::NotOneOf("A, B")));
    let board = format!("{}x{}", "e".repeat(16), "e".repeat(33));
    let e = fails(format!("R01{}Z003075BW{board}", name("x")).as_bytes());
    assert_eq!((e.field, e.offset, e.problem), ("position", 60, Problem::NotSquareContent { square: 17 }));
    assert_eq!(fault(format!("A{}0", name(""))), ("follower name", 1, Problem::BlankName));
    assert_eq!(fault(format!("A {:<31}0", "Scan")), ("follower name", 1, Problem::LeadingBlank));
    assert_eq!(fault(format!("A{:<31}\t0", "Scan")), ("follower name", 1, Problem::NotPrintable));
}

#[test]
fn garbage_and_unknown_headers_are_refused_and_shown_safely() {
    assert_eq!(fault(""), ("header", 0, Problem::Empty));
    assert_eq!(fails(b"").to_string(), "an empty DXP message: no header");
    assert_eq!(fault("X123"), ("header", 0, Problem::UnknownHeader));
    assert_eq!(fault("m0012061100"), ("header", 0, Problem::UnknownHeader));
    let e = fails(b"\x1b[2J\xff");
    assert_eq!(
        e.to_string(),
        "DXP \"\\u{1b}\" message, header at offset 0: \"\\u{1b}\" starts no message (C, R, A, M, E, B or K)"
    );
    let e = fails(b"M0012\xe91100");
    assert_eq!(e.to_string(), "DXP MOVE message, from field at offset 5: \"\\xe91\" is not 2 digits");
    assert_eq!(fault(b"Ccaf\xe9"), ("text", 1, Problem::NotAscii));
    assert_eq!(fault(b"Cnul\0inside"), ("text", 1, Problem::NotAscii));
    let e = fails(b"E0");
    assert_eq!(
        e.to_string(),
        "DXP GAMEEND message, stop code at offset 2: missing (1 characters expected, the message ends there)"
    );
    let e = fails(b"M0012061101");
    assert_eq!(e.kind(), Some("MOVE"));
    let e = fails(format!("E00{}", "\u{7}".repeat(100)).as_bytes());
    assert!(e.to_string().ends_with("... (100 bytes)\" follows the last field (stop code)"), "{e}");
}

#[test]
fn chat_is_any_ascii_text_of_any_length_when_read() {
    assert_eq!(decode(b"C").unwrap(), Message::Chat { text: String::new() });
    let long = format!("C{}", "y".repeat(500));
    assert_eq!(decode(long.as_bytes()).unwrap(), Message::Chat { text: "y".repeat(500) });
    assert_eq!(decode(b"C\x01\x7f").unwrap(), Message::Chat { text: "\u{1}\u{7f}".into() });
}

fn colour() -> impl Strategy<Value = Colour> {
    prop_oneof![Just(Colour::White), Just(Colour::Black)]
}

fn square() -> impl Strategy<Value = u8> {
    1u8..=50
}

fn name_strategy() -> impl Strategy<Value = String> {
    "[!-~]([ -~]{0,30}[!-~])?"
}

fn start() -> impl Strategy<Value = Start> {
    let content = prop_oneof![
        Just(None),
        colour().prop_map(|c| Some(Piece::Man(c))),
        colour().prop_map(|c| Some(Piece::King(c))),
    ];
    let position = (colour(), proptest::collection::vec(content, 50)).prop_map(|(to_move, squares)| {
        let mut board = [None; 50];
        board.copy_from_slice(&squares);
        Start::Position { to_move, squares: board }
    });
    prop_oneof![Just(Start::Initial), position]
}

fn message() -> impl Strategy<Value = Message> {
    let request = (0u8..=99, name_strategy(), colour(), 0u16..=999, 0u16..=999, start()).prop_map(
        |(version, initiator, follower_colour, minutes, moves, start)| {
            Message::GameRequest(GameRequest { version, initiator, follower_colour, minutes, moves, start })
        },
    );
    let acceptance = prop_oneof![
        Just(Acceptance::Accepted),
        Just(Acceptance::WrongVersion),
        Just(Acceptance::NotThisGame),
        Just(Acceptance::NoGame)
    ];
    let reason =
        prop_oneof![Just(EndReason::Unknown), Just(EndReason::ILose), Just(EndReason::Draw), Just(EndReason::IWin)];
    let stop = prop_oneof![Just(StopCode::NextGame), Just(StopCode::NoMoreGames)];
    let back =
        prop_oneof![Just(BackAcceptance::Accepted), Just(BackAcceptance::NotSupported), Just(BackAcceptance::Declined)];
    prop_oneof![
        "[\\x01-\\x7f]{1,126}".prop_map(|text| Message::Chat { text }),
        request,
        (name_strategy(), acceptance).prop_map(|(follower, acceptance)| Message::GameAccept { follower, acceptance }),
        (0u16..=9999, square(), square(), proptest::collection::vec(square(), 0..=20))
            .prop_map(|(seconds, from, to, captured)| Message::Move(Move { seconds, from, to, captured })),
        (reason, stop).prop_map(|(reason, stop)| Message::GameEnd { reason, stop }),
        (1u16..=999, colour()).prop_map(|(move_number, to_move)| Message::BackRequest { move_number, to_move }),
        back.prop_map(|acceptance| Message::BackAccept { acceptance }),
    ]
}

proptest! {
    #[test]
    fn every_message_written_reads_back_as_itself(m in message()) {
        let wire = encode(&m).unwrap();
        prop_assert!(wire.len() <= 127, "{} bytes", wire.len());
        prop_assert!(wire.iter().all(|&b| b != 0 && b.is_ascii()));
        prop_assert_eq!(decode(&wire).unwrap(), m);
    }

    /// Decoding never panics, and what it accepts has one spelling: written
    /// back, it is the bytes read (but for chat beyond what may be sent).
    #[test]
    fn bytes_that_decode_are_the_messages_one_spelling(
        header in prop::sample::select(b"CRAMEBKX".to_vec()),
        body in prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..120),
            proptest::collection::vec(prop::sample::select(b"0123456789WZABe wz".to_vec()), 0..100),
        ],
    ) {
        let mut wire = vec![header];
        wire.extend(body);
        if let Ok(m) = decode(&wire) {
            match encode(&m) {
                Ok(again) => prop_assert_eq!(again, wire),
                Err(e) => prop_assert!(matches!(m, Message::Chat { .. }), "{e}"),
            }
        }
    }

    /// A valid message with one byte changed, anywhere to anything, is
    /// refused or read as the message it now spells.
    #[test]
    fn a_message_with_one_byte_changed_reads_as_what_it_spells(m in message(), at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut wire = encode(&m).unwrap();
        let i = at.index(wire.len());
        wire[i] = byte;
        if let Ok(changed) = decode(&wire) {
            prop_assert_eq!(encode(&changed).unwrap(), wire);
        }
    }

    /// Every prefix of a valid message but the whole one is refused.
    #[test]
    fn a_message_cut_short_is_refused(m in message()) {
        let wire = encode(&m).unwrap();
        if !matches!(m, Message::Chat { .. }) {
            for cut in 0..wire.len() {
                prop_assert!(decode(&wire[..cut]).is_err(), "{:?}", String::from_utf8_lossy(&wire[..cut]));
            }
        }
    }
}
