//! (a) The USI line parsers on arbitrary text: no panic; an error points at
//! a character boundary inside the line and reads as ASCII; whatever parses
//! prints as text that parses back to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn check_error(text: &str, e: &usi::ParseError) {
    assert!(e.column <= text.len(), "{text:?}: {e:?}");
    assert!(text.is_char_boundary(e.column), "{text:?}: {e:?}");
    assert!(e.message.is_ascii(), "{text:?}: {e:?}");
}

fuzz_target!(|data: &[u8]| {
    // The session rejects non-UTF-8 lines before parsing (LineReader).
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match usi::parse_command(text) {
        Ok(p) => {
            let again = usi::parse_command(&p.command.to_string()).map(|q| q.command);
            assert_eq!(again, Ok(p.command), "{text:?}");
        }
        Err(e) => check_error(text, &e),
    }
    match usi::parse_response(text) {
        Ok(r) => assert_eq!(usi::parse_response(&r.to_string()), Ok(r), "{text:?}"),
        Err(e) => check_error(text, &e),
    }
    match usi::parse_move_token(text) {
        Ok(m) => assert_eq!(usi::parse_move_token(&m.to_string()), Ok(m), "{text:?}"),
        Err(e) => check_error(text, &e),
    }
});
