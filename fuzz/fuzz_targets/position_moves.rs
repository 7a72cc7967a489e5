//! (c) `position ... moves ...` through the session's per-game state, in
//! process: the first byte picks the game, the rest is a `position` line
//! (the word `position` is added when missing). No panic; a refused line
//! leaves the state exactly as it was (what `d` shows); an accepted one
//! leaves a position whose SFEN the same game reads back.
#![no_main]

use henkei::session::{Options, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let line = if text.trim_start().starts_with("position") {
        text.to_string()
    } else {
        format!("position {text}")
    };
    let Ok(parsed) = usi::parse_command(&line) else {
        return;
    };
    let usi::Command::Position(cmd) = parsed.command else {
        return;
    };
    let name = Variant::NAMES[usize::from(pick) % Variant::NAMES.len()];
    let options = Options::new(name);
    let mut variant = Variant::by_name(name).expect("a listed variant");
    let rules = options.rules.clone();
    let before = variant.ops_ref().describe(&rules);
    match variant.ops().set_position(&cmd, &options) {
        Err(_) => assert_eq!(variant.ops_ref().describe(&rules), before, "{line:?}"),
        Ok(()) => {
            let shown = variant.ops_ref().describe(&rules);
            let sfen = shown
                .iter()
                .find_map(|l| l.strip_prefix("sfen "))
                .expect("d shows the sfen");
            let again = usi::parse_command(&format!("position sfen {sfen}"));
            let Ok(usi::Parsed {
                command: usi::Command::Position(again),
                ..
            }) = again
            else {
                panic!("{name}: shown SFEN '{sfen}' does not parse");
            };
            let mut fresh = Variant::by_name(name).expect("a listed variant");
            if let Err(e) = fresh.ops().set_position(&again, &options) {
                panic!("{name}: shown SFEN '{sfen}' is refused: {e}");
            }
        }
    }
});
