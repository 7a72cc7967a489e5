//! Every parser against hostile input: random bytes, truncations and
//! mutations of valid lines, huge lines. Nothing may panic; every error must
//! point inside the line and read as plain ASCII; whatever parses must print
//! as text that parses back to the same value.

use crate::*;

/// A small deterministic generator (xorshift64*), so failures reproduce
/// without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const SEEDS: &[&str] = &[
    "usi",
    "setoption name USI_Variant value shogammon",
    "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
    "position startpos moves 61:5g5h,7g7f 52:pass dice 34",
    "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w +B3N+bg 42 moves 2d2c=N",
    "position sfen lnsg(+rs)gsnl/9/9/9/9/9/9/9/LNSG(PK)GSNL b 2P 3",
    "position sfen [RFW]6/7/7/7/7/7/[rfw]6 w D2W3e 10 moves 4e4b=JEDF DF*4d %W",
    "go ponder btime 1 wtime 2 byoyomi 3 mate infinite searchmoves 7g7f 61:pass perft 2 setup",
    "ponderhit btime 100 wtime 200",
    "gameover win",
    "bench 5",
    "id name henkei",
    "option name USI_Hash type spin default 256 min 1 max 4096",
    "option name V type combo default a var a var b",
    "option name S type string default <empty>",
    "bestmove 7g7f ponder 3c3d",
    "info depth 5 seldepth 7 score cp 34 lowerbound nodes 1 pv 7g7f 3c3d string hi",
    "checkmate 1a1b 2c2b",
];

/// Characters that drive the grammars into their corners, plus some that
/// have no business there (multi-byte, control, combining).
const ALPHABET: &[&str] = &[
    "1",
    "5",
    "9",
    "0",
    "a",
    "e",
    "i",
    "z",
    "P",
    "K",
    "R",
    "B",
    "p",
    "k",
    "+",
    "*",
    "=",
    "%",
    ":",
    ",",
    "(",
    ")",
    "[",
    "]",
    "/",
    "-",
    " ",
    "\t",
    "\r",
    "\n",
    "b",
    "w",
    "é",
    "語",
    "\u{301}",
    "\u{0}",
    "\u{feff}",
    "moves ",
    "sfen ",
    "startpos ",
    "dice ",
    "go ",
    "position ",
    "pass",
    "name ",
    "value ",
    "type ",
    "info ",
    "score ",
    "mate ",
    "cp ",
    "pv ",
    "string ",
    "ponder ",
];

fn random_line(rng: &mut Rng) -> String {
    let len = rng.below(40);
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

fn random_bytes(rng: &mut Rng) -> String {
    let bytes: Vec<u8> = (0..rng.below(60)).map(|_| rng.next() as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        let piece: Vec<char> = ALPHABET[rng.below(ALPHABET.len())].chars().collect();
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => {
                chars.splice(at..=at, piece);
            }
            _ => {
                chars.splice(at..at, piece);
            }
        }
    }
    chars.into_iter().collect()
}

/// An error must point at a char boundary inside the text and be ASCII.
fn check_error(text: &str, e: &ParseError) {
    assert!(e.column <= text.len(), "{text:?}: {e:?}");
    assert!(text.is_char_boundary(e.column), "{text:?}: {e:?}");
    assert!(e.message.is_ascii(), "{text:?}: {e:?}");
}

fn check_all(text: &str) {
    match parse_command(text) {
        Ok(p) => {
            let again = parse_command(&p.command.to_string());
            assert_eq!(again.map(|q| q.command), Ok(p.command), "{text:?}");
            assert!(p.warnings.iter().all(|w| w.message.is_ascii()));
        }
        Err(e) => check_error(text, &e),
    }
    match parse_response(text) {
        Ok(r) => assert_eq!(parse_response(&r.to_string()), Ok(r), "{text:?}"),
        Err(e) => check_error(text, &e),
    }
    check_notation(text);
}

fn check_notation(text: &str) {
    match parse_sfen(text) {
        Ok(s) => assert_eq!(parse_sfen(&s.to_string()), Ok(s), "{text:?}"),
        Err(e) => check_error(text, &e),
    }
    match parse_move_token(text) {
        Ok(m) => assert_eq!(parse_move_token(&m.to_string()), Ok(m), "{text:?}"),
        Err(e) => check_error(text, &e),
    }
    let errors = [parse_move(text).err(), parse_turn(text).err()];
    for e in errors.into_iter().flatten() {
        check_error(text, &e);
    }
}

#[test]
fn random_lines_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20_000 {
        check_all(&random_line(&mut rng));
        check_all(&random_bytes(&mut rng));
    }
}

#[test]
fn truncated_valid_lines_never_panic() {
    for line in SEEDS {
        for (at, _) in line.char_indices() {
            check_all(&line[..at]);
            check_all(&line[at..]);
        }
    }
}

#[test]
fn mutated_valid_lines_never_panic() {
    let mut rng = Rng(42);
    for _ in 0..20_000 {
        let seed = SEEDS[rng.below(SEEDS.len())];
        check_all(&mutate(&mut rng, seed));
    }
}

#[test]
fn mutated_tokens_never_panic() {
    let tokens = [
        "7g7f",
        "8h2b+",
        "2d2c=N",
        "+B*5e",
        "DF*4d",
        "%W",
        "61:5g5h,7g7f",
        "61:pass",
        "lnsg(+rs)gsnl/9/[RFW]8 b 2P+b 3",
    ];
    let mut rng = Rng(7);
    for _ in 0..20_000 {
        let token = tokens[rng.below(tokens.len())];
        check_notation(&mutate(&mut rng, token));
    }
}

#[test]
fn huge_lines_are_handled() {
    let moves = "7g7f 3c3d ".repeat(50_000);
    let line = format!("position startpos moves {moves}");
    let Command::Position(p) = parse_command(&line).unwrap().command else {
        panic!("not a position");
    };
    assert_eq!(p.moves.len(), 100_000);
    let token = "P".repeat(1_000_000);
    let e = parse_command(&format!("position startpos moves {token}")).unwrap_err();
    assert!(e.message.len() < 300, "message not cut short");
    check_all(&format!("position sfen {token} b - 1"));
    check_all(&"9/".repeat(100_000));
    check_all(&format!("go searchmoves {moves}"));
    check_all(&format!("info pv {moves}"));
}

/// Fuzzing found an `info pv` token ending in `\n` in the middle of a line:
/// printed last, the `\n` became the line's end and was trimmed on reading
/// back. Line breaks inside a line now separate tokens.
#[test]
fn line_breaks_inside_a_line_separate_tokens() {
    check_all("info depth 5 pv 7g7f 7g\0\0\n seldepth 7 pvf 3c3d");
    check_all("info pv 7g7f\r3c3d\n");
    let Response::Info(info) = parse_response("info pv 7g7f\n3c3d").unwrap() else {
        panic!("not an info line");
    };
    assert_eq!(info.pv, ["7g7f", "3c3d"]);
}
