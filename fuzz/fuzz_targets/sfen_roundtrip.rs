//! (b) SFEN parsing for each of the four games. Whatever a game accepts must
//! print as an SFEN that the game accepts again, giving the same SFEN and
//! the same key; its legal moves must generate without panicking, and each
//! must make and unmake back to the same SFEN and key.
#![no_main]

use henkei::game::Game;
use libfuzzer_sys::fuzz_target;

/// The position as its SFEN text and key.
fn fingerprint<G: Game>(pos: &G) -> (String, u64) {
    (pos.to_sfen().to_string(), pos.key())
}

fn check<G: Game>(sfen: &usi::Sfen, prepare: impl Fn(&mut G)) {
    let Ok(mut pos) = G::from_sfen(sfen) else {
        return;
    };
    prepare(&mut pos);
    let before = fingerprint(&pos);
    let text = pos.to_sfen().to_string();
    let reparsed = usi::parse_sfen(&text)
        .unwrap_or_else(|e| panic!("{}: own SFEN '{text}' does not parse: {e}", G::VARIANT));
    let mut again = G::from_sfen(&reparsed)
        .unwrap_or_else(|e| panic!("{}: own SFEN '{text}' is refused: {e}", G::VARIANT));
    prepare(&mut again);
    assert_eq!(
        fingerprint(&again),
        before,
        "{}: SFEN round trip",
        G::VARIANT
    );

    let mut moves = G::Moves::default();
    pos.generate_legal(&mut moves);
    // Bounded: Sigma 4 drop lists can be long and the fuzzer wants speed.
    for &m in moves.iter().take(64) {
        let _ = pos.format_move(m);
        pos.do_move(m);
        let _ = pos.to_sfen();
        pos.undo_move();
        assert_eq!(
            fingerprint(&pos),
            before,
            "{}: make/unmake {m:?}",
            G::VARIANT
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&roll_byte, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(sfen) = usi::parse_sfen(text) else {
        return;
    };
    check::<henkei::shogi::Position>(&sfen, |_| {});
    check::<henkei::mortal::Position>(&sfen, |_| {});
    check::<henkei::sigma4::Position>(&sfen, |_| {});
    // Shogammon generates turns for the roll of the side to move: the first
    // byte picks one of the 21 rolls.
    let roll = henkei::shogammon::ROLLS[usize::from(roll_byte) % henkei::shogammon::ROLLS.len()].0;
    check::<henkei::shogammon::Position>(&sfen, |p| p.set_roll(Some(roll)));
});
