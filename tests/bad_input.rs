//! Malformed input across all four games, as a table: each case sends a
//! known-good position, then the bad line, and expects exactly one
//! `info string error: ...` line naming the problem (a meaningful fragment
//! of the message), and the position `d` shows unchanged (docs/rules/notation.md).

mod common;

use common::*;

/// One bad line: the game it is sent in, the line, and a fragment the error
/// message must contain.
struct Case {
    variant: &'static str,
    input: &'static str,
    expect: &'static str,
}

const fn case(variant: &'static str, input: &'static str, expect: &'static str) -> Case {
    Case {
        variant,
        input,
        expect,
    }
}

/// The good position each game is put in before every case.
const GOOD: [(&str, &str); 4] = [
    ("shogi", "position startpos moves 7g7f 3c3d"),
    ("mortal", "position startpos moves 7g7f 3c3d"),
    ("shogammon", "position startpos moves 61:5i5h,7g7f"),
    ("sigma4", "position startpos moves 7e7c=DDWW"),
];

const CASES: &[Case] = &[
    // ---- shogi: truncated and malformed SFENs ----
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        "expected the SFEN side",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
        "needs 9 ranks, found 8",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "expected 'b' or 'w'",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
        "expected a move number",
    ),
    case("shogi", "position sfen", "expected an SFEN board"),
    case("shogi", "position", "expected 'startpos' or 'sfen'"),
    case(
        "shogi",
        "position startpos garbage",
        "expected 'moves', 'dice', 'cube' or the end",
    ),
    // ---- shogi: impossible positions ----
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1",
        "19 'P' in hand is more than a set has",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1",
        "3 pieces of kind 'R' in all, a set has 2",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNK b - 1",
        "more than one king",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b +P 1",
        "'+P' cannot be held in hand",
    ),
    case(
        "shogi",
        "position sfen Pnsgkgsnl/1r5b1/ppppppppp/9/9/9/1PPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "P on 9a could never move again",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "two unpromoted pawns on file 5 (nifu)",
    ),
    case(
        "shogi",
        "position sfen 4k4/4G4/9/9/9/9/9/9/4K4 b - 1",
        "gote is in check but it is sente to move",
    ),
    case(
        "shogi",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(PK)GSNL b - 1",
        "holds a point or base, which shogi does not have",
    ),
    // ---- shogi: illegal moves ----
    case(
        "shogi",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5g",
        "move 1 '5i5g' is illegal",
    ),
    case(
        "shogi",
        "position startpos moves 7g7f 7g7f",
        "move 2 '7g7f' is illegal: no piece on 7g",
    ),
    case(
        "shogi",
        "position startpos moves 7g7f 3c3d P*5e",
        "move 3 'P*5e' is illegal: no 'P' in hand",
    ),
    case(
        "shogi",
        "position startpos moves 7g7f=N",
        "'=' suffixes are not used in standard shogi",
    ),
    case(
        "shogi",
        "position startpos moves 1a1b",
        "the piece on 1a is not the side to move's",
    ),
    case(
        "shogi",
        "position startpos moves 61:5i5h,7g7f",
        "is a shogammon turn, not a shogi move",
    ),
    case(
        "shogi",
        "position startpos dice 34",
        "a dice clause is only for shogammon",
    ),
    // ---- options and commands ----
    case(
        "shogi",
        "setoption name USI_Hash value 0",
        "USI_Hash value '0' is not an integer from 1 to 4096",
    ),
    case(
        "shogi",
        "setoption name USI_Hash value 99999",
        "is not an integer from 1 to 4096",
    ),
    case(
        "shogi",
        "setoption name Nope value 1",
        "unknown option 'Nope'",
    ),
    case(
        "shogi",
        "setoption name USI_Variant value chess",
        "USI_Variant value 'chess' is not one of",
    ),
    case(
        "shogi",
        "setoption name EnteringKingRule value Foo",
        "EnteringKingRule value 'Foo' is not one of",
    ),
    case(
        "shogi",
        "setoption name USI_Ponder value maybe",
        "is not 'true' or 'false'",
    ),
    case(
        "shogi",
        "setoption name DiceMap value P,LN,S,G,BR",
        "has 5 group(s); it needs six",
    ),
    case(
        "shogi",
        "setoption name DiceMap value P,LN,S,G,BR,X",
        "'X' in the group for die 6",
    ),
    case(
        "shogi",
        "setoption name Threads value 0",
        "Threads value '0' is not an integer",
    ),
    case("shogi", "setoption USI_Hash value 16", "expected 'name'"),
    case("shogi", "go perft x", "expected a number after 'perft'"),
    case("shogi", "go depth -1", "expected a number after 'depth'"),
    case(
        "shogi",
        "go nodes 1e9",
        "expected a number after 'nodes', found '1e9'",
    ),
    case(
        "shogi",
        "go mate 5s",
        "expected a time in ms or 'infinite' after 'mate'",
    ),
    case(
        "shogi",
        "go setup",
        "go setup: shogi starts from a fixed position",
    ),
    case(
        "shogi",
        "bench x",
        "expected a depth or the end of the line",
    ),
    case("shogi", "frobnicate", "unknown command 'frobnicate'"),
    // ---- Mortal Shogi ----
    case(
        "mortal",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b +R 1",
        "a dragon cannot be in hand",
    ),
    case(
        "mortal",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+L b - 1",
        "Mortal Shogi has no promoted pawns",
    ),
    case(
        "mortal",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
        "a king cannot be in hand",
    ),
    case(
        "mortal",
        "position sfen 8k/9/9/9/9/9/9/9/K8 b 39P 1",
        "more than 38 pieces",
    ),
    case(
        "mortal",
        "position sfen 8k/9/9/9/9/9/9/9/K8 b 5+B 1",
        "5 rooks, bishops, horses and dragons in all",
    ),
    case(
        "mortal",
        "position sfen 4k4/9/2P6/9/9/9/9/9/4K4 b - 1 moves 7c7b=R",
        "'P' cannot promote to 'R'",
    ),
    case(
        "mortal",
        "position sfen 4k4/9/2P6/9/9/9/9/9/4K4 b - 1 moves 7c7b+",
        "promotes by naming its new piece after '='",
    ),
    case(
        "mortal",
        "position sfen 4k4/9/9/9/2N6/9/9/9/4K4 b - 1 moves 7e8c=N",
        "'N' cannot promote to 'N'",
    ),
    // ---- Shogammon: stacks, hands, dice, turns ----
    case(
        "shogammon",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(PPP)GSNL b - 1",
        "expected ')' closing the point",
    ),
    case(
        "shogammon",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(KK)GSNL b - 1",
        "sente has more than one king",
    ),
    case(
        "shogammon",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(Pk)GSNL b - 1",
        "must belong to the same side",
    ),
    case(
        "shogammon",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG()GSNL b - 1",
        "expected a piece letter",
    ),
    case(
        "shogammon",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(PK GSNL b - 1",
        "expected ')' closing the point",
    ),
    case(
        "shogammon",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(PK)GSNL b 3R 1",
        "3 'R' in one hand is more than a set has",
    ),
    case(
        "shogammon",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(+PK)GSNL b - 1",
        "19 pieces of kind 'P' in all",
    ),
    case(
        "shogammon",
        "position sfen lnsgkgsn(LP)/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 b - 1",
        "L on 1a could never move again",
    ),
    case(
        "shogammon",
        "position startpos dice 70",
        "expected a die 1-6 in dice '70'",
    ),
    case(
        "shogammon",
        "position startpos dice 1",
        "expected a die 1-6 in dice '1'",
    ),
    case(
        "shogammon",
        "position startpos dice 07",
        "expected a die 1-6 in dice '07'",
    ),
    case(
        "shogammon",
        "position startpos moves 77:5i5h",
        "expected a die 1-6 in turn '77:5i5h'",
    ),
    case(
        "shogammon",
        "position startpos moves 61:7g7f",
        "die 6 had a move (for example 5i4h) and was not played",
    ),
    case(
        "shogammon",
        "position startpos moves 61:5i5h",
        "die 1 had a move (for example 1g1f) and was not played",
    ),
    case(
        "shogammon",
        "position startpos moves 61:pass",
        "die 6 had a move",
    ),
    case(
        "shogammon",
        "position startpos moves 34:7g7f,5i5h",
        "answers to die 1, not 4",
    ),
    case(
        "shogammon",
        "position startpos moves 7g7f",
        "is not a shogammon turn token",
    ),
    case(
        "shogammon",
        "position startpos moves 11:7g7f,6g6f,5g5f",
        "a turn holds at most two moves",
    ),
    case(
        "shogammon",
        "position startpos moves 61:5i5h,7g7f 61:5i5h,7g7f",
        "turn 2 '61:5i5h,7g7f' is illegal",
    ),
    case(
        "shogammon",
        "position sfen 9/9/9/9/9/9/9/9/4K4 w - 1 dice 11",
        "the game is over: gote has no king",
    ),
    case(
        "shogammon",
        "setoption name DiceSeed value -1",
        "DiceSeed value '-1' is not an integer",
    ),
    // ---- Sigma 4: bases, storages, refits, drops ----
    case(
        "sigma4",
        "position sfen [RFW]5/7/7/7/7/7/[rfw]6 b - 1",
        "rank 2 has 7 squares, rank 1 has 6",
    ),
    case(
        "sigma4",
        "position sfen [RFW]6/7/7/7/7/7/[RFW]6 b - 1",
        "sente has 2 royal bases",
    ),
    case(
        "sigma4",
        "position sfen [RFWWW]6/7/7/7/7/7/[rfw]6 b - 1",
        "the royal base holds 1 or 2 stones, not 4",
    ),
    case(
        "sigma4",
        "position sfen [WWWWW]6/7/7/7/7/7/[rfw]5[rw] b - 1",
        "a base holds 1 to 4 stones, not 5",
    ),
    case(
        "sigma4",
        "position sfen 3[rw]3/7/7/7/7/7/3[RJ]3 b - 1",
        "the royal base may not hold the rank-4 stone 'J'",
    ),
    case(
        "sigma4",
        "position sfen 3[rw]3/7/7/7/7/[EEE]6/3[RW]3 b - 1",
        "at most 2 stones of the rank-2 kind 'E'",
    ),
    case(
        "sigma4",
        "position sfen 3[rw]3/7/7/7/7/7/3[RW]3 b Q 1",
        "storage entry 'Q' is not a stone",
    ),
    case(
        "sigma4",
        "position sfen 3[rw]3/7/7/7/7/7/3[RW]3 b 15W 1",
        "17 stones 'W' in the game, the two sets have 16",
    ),
    case(
        "sigma4",
        "position startpos moves 7e7c=D",
        "keeps 1 stones, fewer than the 2 the base had",
    ),
    case(
        "sigma4",
        "position startpos moves 7e7c=DDDW",
        "at most 2 stones of the rank-2 kind 'D'",
    ),
    case(
        "sigma4",
        "position startpos moves 7e7c=DWWWW",
        "a base holds 1 to 4 stones, not 5",
    ),
    case(
        "sigma4",
        "position startpos moves 7e7c=RDW",
        "the capturing base is not the royal base",
    ),
    case(
        "sigma4",
        "position startpos moves 3e3d=JW",
        "only a capture refits a base",
    ),
    case(
        "sigma4",
        "position startpos moves 6g6b=ZEE",
        "cannot move to 6b",
    ),
    case(
        "sigma4",
        "position startpos moves 9e9d",
        "square 9e is off the 7x7 board",
    ),
    case(
        "sigma4",
        "position sfen 3[rw]3/7/7/7/7/7/3[RW]3 b DFWe 1 moves DFWE*4d",
        "storage does not hold the stones EDFW",
    ),
    case(
        "sigma4",
        "position sfen 3[rw]3/7/7/7/7/7/3[RW]3 b DFWe 1 moves DF*4a",
        "4a is occupied",
    ),
    case(
        "sigma4",
        "position sfen 3[rw]3/7/7/7/7/7/3[RW]3 b DFWe 1 moves %W",
        "a corner take needs a base of sente on 7a or 1a",
    ),
];

/// Runs one game's cases on one engine.
fn run_cases(variant: &str, good: &str) -> usize {
    let mut e = Engine::start();
    e.handshake();
    e.send(&format!("setoption name USI_Variant value {variant}"));
    let mut ran = 0;
    for case in CASES.iter().filter(|c| c.variant == variant) {
        e.send(good);
        let before = displayed_sfen(&mut e);
        e.send(case.input);
        let lines = e.sync();
        assert_eq!(
            lines.len(),
            1,
            "{variant}: '{}' should answer exactly one line: {lines:#?}",
            case.input
        );
        let message = lines[0]
            .strip_prefix("info string error: ")
            .unwrap_or_else(|| panic!("{variant}: '{}' gave {:?}", case.input, lines[0]));
        assert!(
            message.contains(case.expect),
            "{variant}: '{}' answered '{message}', which does not say '{}'",
            case.input,
            case.expect
        );
        assert_eq!(
            displayed_sfen(&mut e),
            before,
            "{variant}: '{}' changed the position",
            case.input
        );
        ran += 1;
    }
    assert_eq!(e.quit(LONG).code(), Some(0));
    ran
}

#[test]
fn malformed_input_answers_one_precise_error_and_changes_nothing() {
    let total: usize = GOOD.iter().map(|(v, good)| run_cases(v, good)).sum();
    assert_eq!(total, CASES.len(), "every case belongs to a listed game");
    assert!(total >= 40);
}

/// Sigma 4 setups reach the engine's rules only from a `bestmove setup`
/// answer (henkei-match checks them with `validate_setup`), so their cases
/// call it directly. Each breaks one setup rule of docs/rules/sigma4.md.
#[test]
fn sigma4_setups_breaking_setup_rules_are_refused_with_the_rule() {
    use henkei::game::Color;
    use henkei::sigma4::validate_setup;
    const STANDARD: &str =
        "[DW][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW]";
    assert_eq!(validate_setup(Color::Black, STANDARD), Ok(()));
    let cases = [
        // Two ranks only.
        ("[DW][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]", "three ranks"),
        // A Z on the royal base.
        ("[DW][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RZW][EF][DW][NW]", "royal"),
        // A C on the corner 7g.
        ("[DW][ZE][WE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[CW][DW][EF][RFW][EF][DN][NW]", "corner"),
        // A rank-3 (Z) and a rank-4 (J) stone on one base.
        ("[DW][ZE][CE][NF][CW][EW][DW]/[DF][EF][JD][EN][JZ][EF][DF]/[NW][DW][EF][RFW][EF][DD][NW]", "rank-3"),
        // A stone missing (41 placed).
        ("[DW][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][N]", "42"),
    ];
    for (setup, fragment) in cases {
        let err = validate_setup(Color::Black, setup)
            .expect_err(setup)
            .to_string();
        assert!(
            err.contains(fragment),
            "'{setup}': '{err}' does not say '{fragment}'"
        );
    }
}
