//! Two peers in process over loopback TCP: a whole game's dialogue between
//! an initiator and a follower, a proxy between them, and peers that break
//! the protocol: garbage, a message cut by a close, one without end, a
//! peer that says nothing, one that reads nothing. Every time limit here is
//! either a hang guard of a minute or more, or the limit under test against
//! a peer that never answers.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

use rulecheck_dxp::{
    connect, Acceptance, Colour, Connection, ConnectionError, Direction, EndReason, Event, GameRequest, Limits,
    Listener, Message, Move, Problem, Start, StopCode, Transcript,
};

/// Limits whose times only guard against a hang.
fn guarded() -> Limits {
    Limits { read_timeout: Duration::from_secs(60), ..Limits::default() }
}

/// A connection and the raw socket of its peer.
fn with_raw_peer() -> (Connection<TcpStream>, TcpStream) {
    let listener = Listener::bind("127.0.0.1:0").unwrap();
    let peer = TcpStream::connect(listener.addr()).unwrap();
    let (connection, _) = listener.accept(guarded()).unwrap();
    (connection, peer)
}

fn request(follower_colour: Colour) -> Message {
    Message::GameRequest(GameRequest {
        version: 1,
        initiator: "rulecheck".into(),
        follower_colour,
        minutes: 3,
        moves: 75,
        start: Start::Initial,
    })
}

fn mv(from: u8, to: u8, captured: &[u8]) -> Message {
    Message::Move(Move { seconds: 1, from, to, captured: captured.to_vec() })
}

/// The follower's side of a short game: accepts, answers each move with
/// the next of `replies`, and acknowledges the end.
fn follower(mut c: Connection<TcpStream>, replies: Vec<Message>) -> Transcript {
    let Message::GameRequest(r) = c.receive().unwrap() else { panic!("no request") };
    assert_eq!((r.initiator.as_str(), r.follower_colour), ("rulecheck", Colour::Black));
    c.send(&Message::GameAccept { follower: "follower".into(), acceptance: Acceptance::Accepted }).unwrap();
    let mut replies = replies.into_iter();
    loop {
        match c.receive().unwrap() {
            Message::Move(_) => c.send(&replies.next().unwrap()).unwrap(),
            Message::GameEnd { stop, .. } => {
                c.send(&Message::GameEnd { reason: EndReason::Unknown, stop }).unwrap();
                return c.into_parts().1;
            }
            other => panic!("{other:?}"),
        }
    }
}

/// The initiator's side: requests, plays `moves`, ends with a draw claim.
fn initiator(c: &mut Connection<TcpStream>, moves: &[Message]) -> Vec<Message> {
    c.send(&request(Colour::Black)).unwrap();
    let accept = c.receive().unwrap();
    assert_eq!(accept, Message::GameAccept { follower: "follower".into(), acceptance: Acceptance::Accepted });
    let mut replies = Vec::new();
    for m in moves {
        c.send(m).unwrap();
        replies.push(c.receive().unwrap());
    }
    c.send(&Message::GameEnd { reason: EndReason::Draw, stop: StopCode::NoMoreGames }).unwrap();
    replies.push(c.receive().unwrap());
    replies
}

fn wire(t: &Transcript) -> Vec<(Direction, String)> {
    t.entries().iter().map(|e| (e.direction, String::from_utf8_lossy(&e.bytes).into_owned())).collect()
}

#[test]
fn an_initiator_and_a_follower_play_a_short_game() {
    let listener = Listener::bind("127.0.0.1:0").unwrap();
    let addr = listener.addr();
    assert!(addr.ip().is_loopback() && addr.port() != 0, "{addr}");
    let replies = vec![mv(19, 23, &[]), mv(23, 32, &[28]), mv(17, 21, &[])];
    let sent = replies.clone();
    let side = thread::spawn(move || follower(listener.accept(guarded()).unwrap().0, sent));
    let mut c = connect(addr, guarded()).unwrap();
    let moves = [mv(32, 28, &[]), mv(37, 32, &[]), mv(31, 27, &[])];
    let got = initiator(&mut c, &moves);
    let ack = Message::GameEnd { reason: EndReason::Unknown, stop: StopCode::NoMoreGames };
    assert_eq!(got, [replies, vec![ack]].concat());
    let theirs = side.join().unwrap();
    let ours = c.transcript();
    use Direction::{Received as In, Sent as Out};
    let name = |n: &str| format!("{n:<32}");
    let expected = vec![
        (Out, format!("R01{}Z003075A", name("rulecheck"))),
        (In, format!("A{}0", name("follower"))),
        (Out, "M0001322800".into()),
        (In, "M0001192300".into()),
        (Out, "M0001373200".into()),
        (In, "M000123320128".into()),
        (Out, "M0001312700".into()),
        (In, "M0001172100".into()),
        (Out, "E21".into()),
        (In, "E01".into()),
    ];
    assert_eq!(wire(ours), expected);
    let mirrored: Vec<(Direction, String)> =
        expected.into_iter().map(|(d, m)| (if d == Out { In } else { Out }, m)).collect();
    assert_eq!(wire(&theirs), mirrored);
    assert!(ours.entries().iter().all(|e| e.event == Event::Message));
    assert!(ours.entries().windows(2).all(|w| w[0].at <= w[1].at));
    let text = ours.to_string();
    assert_eq!(text.lines().count(), 10);
    assert!(text.lines().nth(3).unwrap().ends_with("s <  M0001192300"), "{text}");
}

#[test]
fn a_proxy_forwards_both_ways_and_its_two_transcripts_interleave() {
    let (front, back) = (Listener::bind("127.0.0.1:0").unwrap(), Listener::bind("127.0.0.1:0").unwrap());
    let back_addr = back.addr();
    let side = thread::spawn(move || follower(back.accept(guarded()).unwrap().0, vec![mv(19, 23, &[])]));
    let front_addr = front.addr();
    let proxy = thread::spawn(move || {
        let start = Instant::now();
        let (a, _) = front.accept(guarded()).unwrap();
        let mut a = Connection::with_start(a.into_parts().0, guarded(), start);
        let mut b = Connection::with_start(connect(back_addr, guarded()).unwrap().into_parts().0, guarded(), start);
        // Request, move and end one way; accept, reply and acknowledgement
        // the other.
        for _ in 0..3 {
            let m = a.receive_raw().unwrap();
            b.send_raw(&m).unwrap();
            let r = b.receive_raw().unwrap();
            a.send_raw(&r).unwrap();
        }
        let (a, b) = (a.into_parts().1, b.into_parts().1);
        Transcript::interleave(&[("initiator", &a), ("follower", &b)])
            .into_iter()
            .map(|(side, e)| format!("{side} {:?} {}", e.direction, String::from_utf8_lossy(&e.bytes)))
            .collect::<Vec<_>>()
    });
    let mut c = connect(front_addr, guarded()).unwrap();
    initiator(&mut c, &[mv(32, 28, &[])]);
    side.join().unwrap();
    let lines = proxy.join().unwrap();
    assert_eq!(lines.len(), 12);
    assert!(lines[0].starts_with("initiator Received R01rulecheck"), "{lines:#?}");
    assert!(lines[1].starts_with("follower Sent R01rulecheck"), "{lines:#?}");
    assert_eq!(&lines[4..6], ["initiator Received M0001322800", "follower Sent M0001322800"]);
    assert_eq!(&lines[10..], ["follower Received E01", "initiator Sent E01"]);
}

#[test]
fn messages_split_and_joined_by_the_network_are_framed_alike() {
    let (mut c, mut peer) = with_raw_peer();
    // Two messages in one write, then one trickled a byte at a time.
    peer.write_all(b"E00\0K0\0").unwrap();
    let writer = thread::spawn(move || {
        for b in b"M0012061100\0" {
            peer.write_all(&[*b]).unwrap();
            thread::sleep(Duration::from_millis(2));
        }
        peer
    });
    // No limit at all is taken as such, not as an overflow.
    assert_eq!(c.receive_raw_within(Duration::MAX).unwrap(), b"E00");
    assert_eq!(c.receive_raw().unwrap(), b"K0");
    assert_eq!(c.receive().unwrap(), Message::Move(Move { seconds: 12, from: 6, to: 11, captured: vec![] }));
    drop(writer.join().unwrap());
    assert!(matches!(c.receive(), Err(ConnectionError::Closed)));
    assert_eq!(c.transcript().entries().last().unwrap().event, Event::Closed);
}

#[test]
fn a_malformed_message_is_an_error_naming_its_field_and_the_next_one_is_read() {
    let (mut c, mut peer) = with_raw_peer();
    peer.write_all(b"M0012x61100\0\x1b[31mhello\xff\0E00\0").unwrap();
    let Err(ConnectionError::Decode { error, bytes }) = c.receive() else { panic!() };
    assert_eq!((error.field, error.offset, bytes.as_slice()), ("from field", 5, b"M0012x61100".as_slice()));
    let Err(e) = c.receive() else { panic!() };
    assert_eq!(
        e.to_string(),
        "DXP \"\\u{1b}\" message, header at offset 0: \"\\u{1b}\" starts no message (C, R, A, M, E, B or K)"
    );
    assert!(matches!(c.receive().unwrap(), Message::GameEnd { .. }));
    let shown = c.transcript().to_string();
    assert!(shown.contains("<  \\u{1b}[31mhello\\xff\n"), "{shown}");
}

#[test]
fn a_peer_that_closes_in_the_middle_of_a_message_is_reported_with_what_it_sent() {
    let (mut c, mut peer) = with_raw_peer();
    peer.write_all(b"E00\0M00120").unwrap();
    drop(peer);
    assert!(c.receive().is_ok());
    let Err(ConnectionError::ClosedMidway { received }) = c.receive() else { panic!() };
    assert_eq!(received, b"M00120");
    let last = c.transcript().entries().last().unwrap().clone();
    assert_eq!((last.event, last.bytes.as_slice()), (Event::ClosedMidway, b"M00120".as_slice()));
    assert!(matches!(c.receive(), Err(ConnectionError::Closed)));
}

#[test]
fn a_message_without_end_is_refused_at_the_bound_and_the_next_one_is_read() {
    let (mut c, mut peer) = with_raw_peer();
    let writer = thread::spawn(move || {
        peer.write_all(&vec![b'C'; 10_000]).unwrap();
        peer.write_all(b"\0E00\0").unwrap();
        // A message one byte over the bound, its NUL in sight.
        peer.write_all(&[vec![b'C'; 4097], vec![0]].concat()).unwrap();
        peer.write_all(b"K0\0").unwrap();
        peer
    });
    let Err(e @ ConnectionError::TooLong { limit: 4096, .. }) = c.receive() else { panic!() };
    assert!(e.to_string().starts_with("the peer sent a message longer than 4096 bytes"), "{e}");
    assert!(e.to_string().ends_with("... (4096 bytes)\""), "{e}");
    assert!(matches!(c.receive().unwrap(), Message::GameEnd { .. }));
    assert!(matches!(c.receive(), Err(ConnectionError::TooLong { .. })));
    assert!(matches!(c.receive().unwrap(), Message::BackAccept { .. }));
    // A message of exactly the bound is read.
    let mut peer = writer.join().unwrap();
    peer.write_all(&[vec![b'C'; 4096], vec![0]].concat()).unwrap();
    assert_eq!(c.receive_raw().unwrap().len(), 4096);
    let events: Vec<Event> = c.transcript().entries().iter().map(|e| e.event).collect();
    assert_eq!(events, [Event::TooLong, Event::Message, Event::TooLong, Event::Message, Event::Message]);
}

#[test]
fn a_silent_peer_is_a_time_out_with_what_it_sent_of_the_message() {
    let (mut c, mut peer) = with_raw_peer();
    let limit = Duration::from_millis(300);
    let began = Instant::now();
    let Err(e) = c.receive_within(limit) else { panic!() };
    assert!(began.elapsed() >= limit);
    assert_eq!(e.to_string(), "no whole message from the peer within 0.3 s, and nothing of one");
    // Half a message, then silence: the half is kept for when the rest
    // comes.
    peer.write_all(b"M0012").unwrap();
    let Err(ConnectionError::TimedOut { received, .. }) = c.receive_within(limit) else { panic!() };
    assert_eq!(received, b"M0012");
    peer.write_all(b"061100\0").unwrap();
    assert_eq!(c.receive().unwrap(), Message::Move(Move { seconds: 12, from: 6, to: 11, captured: vec![] }));
    let events: Vec<Event> = c.transcript().entries().iter().map(|e| e.event).collect();
    assert_eq!(events, [Event::TimedOut, Event::TimedOut, Event::Message]);
}

#[test]
fn a_wait_is_cut_short_when_its_stop_check_says_so_and_what_arrived_is_kept() {
    let (mut c, mut peer) = with_raw_peer();
    peer.write_all(b"M0012").unwrap();
    let asked = std::cell::Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        asked.get() > 2
    };
    // The hang guard is far off: the stop check alone ends the wait.
    let Err(ConnectionError::Stopped) = c.receive_raw_unless(Duration::from_secs(600), &stop) else { panic!() };
    assert_eq!(asked.get(), 3);
    peer.write_all(b"061100\0").unwrap();
    assert_eq!(c.receive().unwrap(), Message::Move(Move { seconds: 12, from: 6, to: 11, captured: vec![] }));
    let events: Vec<Event> = c.transcript().entries().iter().map(|e| e.event).collect();
    assert_eq!(events, [Event::Message], "a stop is no event of the peer's");
}

#[test]
fn a_peer_that_reads_nothing_is_a_write_time_out() {
    let (mut c, peer) = with_raw_peer();
    c.set_limits(Limits { write_timeout: Duration::from_millis(300), ..c.limits() });
    let big = vec![b'C'; 1 << 16];
    // The socket buffers fill after some megabytes at most.
    let mut sent = 0usize;
    let e = loop {
        match c.send_raw(&big) {
            Ok(()) => sent += 1,
            Err(e) => break e,
        }
        assert!(sent < 16_384, "1 GiB written to a peer that reads nothing");
    };
    assert!(matches!(e, ConnectionError::WriteTimedOut { .. }), "{e}");
    assert_eq!(c.transcript().entries().last().unwrap().event, Event::NotSent);
    drop(peer);
}

#[test]
fn writing_to_a_peer_that_closed_says_so() {
    let (mut c, peer) = with_raw_peer();
    drop(peer);
    // The first writes may be taken by the socket before the close is seen.
    let began = Instant::now();
    let e = loop {
        if let Err(e) = c.send(&Message::Chat { text: "hello".into() }) {
            break e;
        }
        assert!(began.elapsed() < Duration::from_secs(60), "writes to a closed peer never fail");
    };
    assert!(matches!(e, ConnectionError::Closed), "{e}");
}

#[test]
fn what_cannot_be_sent_is_refused_before_the_wire() {
    let (mut c, mut peer) = with_raw_peer();
    let Err(e) = c.send_raw(b"E0\x000") else { panic!() };
    assert_eq!(e.to_string(), "a message to send holds a NUL byte at offset 2, which would end it there");
    let Err(e) = c.send(&mv(0, 28, &[])) else { panic!() };
    assert_eq!(e.to_string(), "cannot write the DXP MOVE message: from field is 0, outside 1 to 50");
    assert!(c.transcript().entries().is_empty());
    c.send(&Message::GameEnd { reason: EndReason::ILose, stop: StopCode::NextGame }).unwrap();
    let mut got = [0u8; 4];
    peer.read_exact(&mut got).unwrap();
    assert_eq!(&got, b"E10\0");
}

#[test]
fn a_listener_that_no_peer_joins_and_a_port_no_one_listens_on_are_errors() {
    let listener = Listener::bind("127.0.0.1:0").unwrap();
    let quick = Limits { connect_timeout: Duration::from_millis(200), ..guarded() };
    let Err(e) = listener.accept(quick) else { panic!() };
    assert_eq!(e.to_string(), "no peer connected within 0.2 s");
    let addr = listener.addr();
    drop(listener);
    let Err(e) = connect(addr, guarded()) else { panic!() };
    assert!(e.to_string().starts_with(&format!("connecting to {addr}: ")), "{e}");
}

#[test]
fn any_stream_with_time_limits_carries_a_connection() {
    let (a, b) = std::os::unix::net::UnixStream::pair().unwrap();
    let (mut a, mut b) = (Connection::new(a, guarded()), Connection::new(b, guarded()));
    a.send(&request(Colour::White)).unwrap();
    assert_eq!(b.receive().unwrap(), request(Colour::White));
    b.send_raw(b"A").unwrap();
    let Err(ConnectionError::Decode { error, .. }) = a.receive() else { panic!() };
    assert_eq!((error.field, error.problem), ("follower name", Problem::Missing { width: 32 }));
}
