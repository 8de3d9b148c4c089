//! The reference engine served over the protocol in process: a line that
//! is not UTF-8 is answered with an error and serving goes on.

use rulecheck::engine::protocol::{Response, VERSION};
use rulecheck::engine::serve::{reference_games, serve, Served, DEFAULT_PERFT_BUDGET};

fn served(input: &[u8]) -> Vec<Response> {
    let mut out = Vec::new();
    serve(input, &mut out, "test", &reference_games, &Served::default(), DEFAULT_PERFT_BUDGET).expect("serves");
    String::from_utf8_lossy(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is a response"))
        .collect()
}

#[test]
fn a_line_that_is_not_utf8_is_answered_with_an_error_and_serving_goes_on() {
    let mut input = b"{\"id\":1,\"request\":\"hello\",\"protocol\":1}\n".to_vec();
    input.extend_from_slice(b"{\"id\":2,\"request\":\"moves\",\"variant\":\"english\xff\"}\n");
    input.extend_from_slice(b"\xfe\xfe\n");
    input.extend_from_slice(b"{\"id\":4,\"request\":\"perft\",\"variant\":\"english\",\"depth\":2}\n");
    input.extend_from_slice(b"{\"id\":5,\"request\":\"quit\"}\n");
    let answers = served(&input);
    assert_eq!(answers.len(), 5, "{answers:?}");
    assert_eq!(answers[0].protocol, Some(VERSION));
    assert!(answers[1].error.as_deref().is_some_and(|e| e.contains("not UTF-8")), "{:?}", answers[1]);
    assert_eq!(answers[2].id, 0);
    assert!(answers[2].error.as_deref().is_some_and(|e| e.contains("not UTF-8")), "{:?}", answers[2]);
    assert_eq!((answers[3].id, answers[3].nodes), (4, Some(49)));
    assert_eq!(answers[4].id, 5);
}
