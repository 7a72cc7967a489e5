//! Rule tests on hand-built positions (every expectation is reasoned out in
//! the comments from docs/rules/sigma4.md, not read off the engine) and the perft
//! table in tests/perft/sigma4.perft.

use super::notation::legal_move_texts;
use super::position::royal_start;
use super::types::{Bitboard7, CompositionError};
use super::*;
use crate::game::{
    Color, EndReason, Game, GameError, GameName, MoveError, Outcome, PositionError, Rules,
    SearchHooks, SetupError,
};
use crate::perft::perft;

fn pos(sfen: &str) -> Position {
    let parsed = usi::parse_sfen(sfen).expect("test SFEN parses");
    Position::from_sfen(&parsed).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// An SFEN from a list of (square, base) pairs: `&[("4d", "[W]")]`.
fn sfen(bases: &[(&str, &str)], side: &str, storage: &str) -> String {
    let mut cells = vec![vec![String::new(); 7]; 7];
    for (sq, base) in bases {
        let sq = Square7::from_usi(usi::parse_move(&format!("{sq}{sq}")).map_or_else(
            |_| panic!("bad square {sq}"),
            |m| match m {
                usi::UsiMove::Board { from, .. } => from,
                _ => unreachable!(),
            },
        ))
        .expect("on the board");
        cells[sq.rank() as usize][sq.column() as usize] = base.to_string();
    }
    let ranks: Vec<String> = cells
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(cell);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {side} {storage} 1", ranks.join("/"))
}

fn at(bases: &[(&str, &str)], side: &str, storage: &str) -> Position {
    pos(&sfen(bases, side, storage))
}

/// Gote's royal [rw] in the corner 1a, hemmed by its own [d] on 2a and [f]
/// on 1b, sente's [F] on 3c: a drop of [D] on 1c mates (with sente's
/// `storage`).
fn drop_mate_position(storage: &str) -> Position {
    at(
        &[
            ("1a", "[rw]"),
            ("2a", "[d]"),
            ("1b", "[f]"),
            ("3c", "[F]"),
            ("7g", "[RW]"),
        ],
        "b",
        storage,
    )
}

/// Sente's [JFW] on 4e may capture gote's [jew] on 4b.
fn refit_position() -> Position {
    at(
        &[
            ("4e", "[JFW]"),
            ("4b", "[jew]"),
            ("7g", "[RW]"),
            ("1a", "[rw]"),
        ],
        "b",
        "-",
    )
}

fn sq(name: &str) -> Square7 {
    let b = name.as_bytes();
    Square7::new(b[0] - b'0', b[1] - b'a')
}

fn squares(names: &str) -> Bitboard7 {
    names
        .split_whitespace()
        .fold(Bitboard7::EMPTY, |acc, n| acc | sq(n).bit())
}

fn names(b: Bitboard7) -> Vec<String> {
    let mut v: Vec<String> = b.map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Legal moves of the base on `from` (text, sorted).
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    legal_move_texts(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn play(p: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = usi::parse_move_token(text).expect("test move parses");
        let m = p.parse_move(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.do_move(m);
    }
}

fn parse_error(p: &Position, text: &str) -> GameError {
    let mv = usi::parse_move_token(text).expect("test move parses");
    p.parse_move(&mv).expect_err("move must be rejected")
}

/// The message of a rejected move, for reasons worded by the rules
/// (why a well-formed move is illegal).
fn parse_err(p: &Position, text: &str) -> String {
    parse_error(p, text).to_string()
}

fn sfen_err(s: &str) -> PositionError {
    match Position::from_sfen(&usi::parse_sfen(s).expect("parses")) {
        Err(GameError::Position(e)) => e,
        other => panic!("'{s}' must be rejected as a position: {other:?}"),
    }
}

/// Whether `e` is a bad base whose reason says `fragment`.
fn bad_base(e: &PositionError, fragment: &str) -> bool {
    matches!(e, PositionError::BadBase { detail, .. } if detail.contains(fragment))
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_table() {
    // Debug builds run the small lines only; release (CI) runs them all.
    let limit = if cfg!(debug_assertions) {
        40_000
    } else {
        u64::MAX
    };
    crate::perft::run_perft_table::<Position>(
        include_str!("../../tests/perft/sigma4.perft"),
        limit,
    );
}

// ------------------------------------------------------------ notation

#[test]
fn start_position_round_trips_through_sfen() {
    let p = Position::startpos();
    assert_eq!(p.to_sfen().to_string(), STARTPOS_SFEN);
    assert_eq!(p.key(), p.key_from_scratch());
    // Seed d1 = 4g (sente's royal), d7 = 4a (gote's).
    assert_eq!(p.royal(Color::Black), royal_start(Color::Black));
    assert_eq!(p.royal(Color::Black).to_string(), "4g");
    assert_eq!(p.royal(Color::White).to_string(), "4a");
    // 21 bases each, nothing in storage.
    assert_eq!(p.bases(Color::Black).count(), 21);
    assert_eq!(p.bases_in_storage(Color::White), 0);
}

#[test]
fn sfen_reads_any_stone_order_and_writes_the_canonical_one() {
    let p = pos("3[wfr]3/7/7/7/7/7/2[WJFD][WR]3 b W2DeW 1");
    assert_eq!(
        p.to_sfen().to_string(),
        "3[rfw]3/7/7/7/7/7/2[JDFW][RW]3 b 2D2We 1"
    );
    assert!(p.display().contains("[RW]") && p.display().contains("[rfw]"));
}

#[test]
fn bad_sfens_are_rejected_with_reasons() {
    let ranks = sfen_err("3[rw]3/7/7/7/7/7/3[RW]3/7 b - 1");
    assert_eq!(
        ranks,
        PositionError::RankCount {
            game: GameName::Sigma4,
            found: 8
        }
    );
    assert!(ranks.to_string().contains("7 ranks"));
    let piece = sfen_err("3[rw]3/7/7/7/7/7/3K3 b - 1");
    assert!(matches!(
        piece,
        PositionError::ForeignCell {
            game: GameName::Sigma4,
            cell: usi::Cell::Piece(_),
            ..
        }
    ));
    assert!(piece.to_string().contains("brackets"));
    assert!(matches!(
        sfen_err("2[rw]3/6/6/6/6/6/2[RW]3 b - 1"),
        PositionError::RankLength {
            rank: 0,
            found: 6,
            ..
        }
    ));
    assert!(bad_base(
        &sfen_err("3[rw]3/7/7/7/7/7/3[RQ]3 b - 1"),
        "'Q' is not a stone"
    ));
    assert!(bad_base(
        &sfen_err("3[rw]3/7/7/7/7/7/3[RW][WWWWW]2 b - 1"),
        "1 to 4 stones"
    ));
    assert!(bad_base(
        &sfen_err("3[rw]3/7/7/7/7/7/3[RN]3 b - 1"),
        "rank-4"
    ));
    assert_eq!(
        sfen_err("3[rw]3/7/7/7/7/7/3[W]3 b - 1"),
        PositionError::RoyalBaseCount {
            side: Color::Black,
            count: 0
        }
    );
    assert_eq!(
        sfen_err("3[rw]3/7/7/7/7/7/2[RW][RW]3 b - 1"),
        PositionError::RoyalBaseCount {
            side: Color::Black,
            count: 2
        }
    );
    assert_eq!(
        sfen_err("3[rw]3/7/7/7/7/7/3[RW]3 b 17W 1"),
        PositionError::StorageOverSets {
            side: Color::Black,
            count: 17,
            stone: 'W'
        }
    );
    assert!(matches!(
        sfen_err("3[rw]3/7/7/7/7/7/3[RW]3 b R 1"),
        PositionError::NotAStone { entry } if entry.letter == 'R'
    ));
    assert!(matches!(
        sfen_err("3[rw]3/7/7/7/7/7/3[RW]3 b 4294967295W 1"),
        PositionError::StorageOverSets { .. }
    ));
    let long = format!("3[rw]3/7/7/7/7/7/3[RW][{}]2 b - 1", "W".repeat(300));
    assert!(bad_base(&sfen_err(&long), "not 300"));
    // 3 J on the board: the two sets have 4; 5 is too many.
    let stones = sfen_err("3[rw]3/7/7/7/7/[J][J][J]4/3[RW]3 b 2j 1");
    assert_eq!(
        stones,
        PositionError::StonesOverSets {
            count: 5,
            stone: 'J',
            max: 4
        }
    );
    assert!(stones.to_string().contains("two sets have 4"));
    // Gote's royal on 4a is attacked by sente's [D] on 4c while sente is to
    // move: gote must have left its royal in check.
    assert_eq!(
        sfen_err("3[rw]3/7/3[D]3/7/7/7/3[RW]3 b - 1"),
        PositionError::NotToMoveInCheck {
            game: GameName::Sigma4,
            side: Color::White
        }
    );
    // Sente to move with its royal already on its goal 4a.
    assert!(matches!(
        sfen_err("3[RW]3/7/7/7/7/7/[rw]6 b - 1"),
        PositionError::RoyalOnGoal {
            side: Color::Black,
            ..
        }
    ));
    // 7 + 2 + 7 + 7 + 1 = 24 sente bases.
    let many = "[W][W][W][W][W][W][W]/[W][F]5/7/7/[F][F][F][F][F][F][F]/[D][D][D][D][D][D][D]/3[RW]2[rw] b - 1";
    assert_eq!(
        sfen_err(many),
        PositionError::TooManyBases {
            side: Color::Black,
            count: 24,
            max: 21
        }
    );
}

// ------------------------------------------------------------- movement

#[test]
fn each_stone_moves_as_ruled() {
    // A lone sente base on 4d (file 4, rank d: the centre) with one stone;
    // the royals stand where that stone cannot reach. Offsets by hand:
    let cases = [
        ("W", "4c 4e 5d 3d"),
        ("F", "5c 3c 5e 3e"),
        ("D", "4b 4f 6d 2d"),
        ("E", "6b 2b 6f 2f"),
        // (1,2) both ways round: file +-1 rank +-2, file +-2 rank +-1.
        ("N", "5b 3b 5f 3f 6c 2c 6e 2e"),
        // (0,3) and (3,3).
        ("J", "4a 4g 7d 1d 7a 1a 7g 1g"),
        // (2,3): file +-2 rank +-3 and file +-3 rank +-2.
        ("Z", "6a 2a 6g 2g 7b 1b 7f 1f"),
        // (1,3): file +-1 rank +-3 and file +-3 rank +-1.
        ("C", "5a 3a 5g 3g 7c 1c 7e 1e"),
    ];
    for (stone, expected) in cases {
        // J reaches the corners, so its royals go to 6g and 2a (a Z square).
        let (ours, theirs) = if stone == "J" {
            ("6g", "2a")
        } else {
            ("7g", "1a")
        };
        let p = at(
            &[
                ("4d", &format!("[{stone}]")),
                (ours, "[RW]"),
                (theirs, "[rw]"),
            ],
            "b",
            "-",
        );
        assert_eq!(
            names(p.reach_of(sq("4d"))),
            names(squares(expected)),
            "{stone}"
        );
        // Nothing pins the base, so each reachable square is one legal move.
        assert_eq!(
            moves_from(&p, "4d").len(),
            squares(expected).count() as usize
        );
    }
}

#[test]
fn repeated_steps_stop_at_blockers_and_leaps_jump() {
    // [WWW] on 4d: up 4c then the own [F] on 4b stops it; down 4e 4f 4g
    // (three steps); left 5d then gote's [e] on 6d is captured and ends the
    // line; right 3d 2d 1d.
    let p = at(
        &[
            ("4d", "[WWW]"),
            ("4b", "[F]"),
            ("6d", "[e]"),
            ("7g", "[RW]"),
            ("1a", "[rw]"),
        ],
        "b",
        "-",
    );
    assert_eq!(
        names(p.reach_of(sq("4d"))),
        names(squares("4c 4e 4f 4g 5d 6d 3d 2d 1d"))
    );
    // [DD] on 7d leaps 2 or 4: right to 5d and, with 5d empty, on to 3d,
    // jumping the enemy on 6d; up 7b; down 7f; left is off the board.
    let dd = |on_5d: Option<&'static str>| {
        let mut bases = vec![
            ("7d", "[DD]"),
            ("6d", "[w]"),
            ("7g", "[RW]"),
            ("1a", "[rw]"),
        ];
        if let Some(b) = on_5d {
            bases.push(("5d", b));
        }
        names(at(&bases, "b", "-").reach_of(sq("7d")))
    };
    assert_eq!(dd(None), names(squares("7b 7f 5d 3d")));
    // An own base on the middle landing square: no 5d, no 3d.
    assert_eq!(dd(Some("[F]")), names(squares("7b 7f")));
    // An enemy there: captured on 5d, no further.
    assert_eq!(dd(Some("[f]")), names(squares("7b 7f 5d")));
}

#[test]
fn a_base_moves_as_any_of_its_stones() {
    // [NW] on 4d: the union of W (4) and N (8) squares.
    let p = at(&[("4d", "[NW]"), ("7g", "[RW]"), ("1a", "[rw]")], "b", "-");
    assert_eq!(
        names(p.reach_of(sq("4d"))),
        names(squares("4c 4e 5d 3d 5b 3b 5f 3f 6c 2c 6e 2e"))
    );
}

// ---------------------------------------------------------- composition

#[test]
fn composition_limits() {
    let b = |letters: &str, royal: bool| {
        let chars: Vec<char> = letters.chars().collect();
        Base::new(Stones::from_letters(&chars).unwrap(), royal).check()
    };
    assert_eq!(b("", false), Err(CompositionError::Empty));
    assert!(b("WWWW", false).is_ok());
    assert!(matches!(
        b("WWWWF", false),
        Err(CompositionError::TooMany { count: 5, .. })
    ));
    assert!(b("DDEE", false).is_ok());
    assert_eq!(
        b("DDD", false),
        Err(CompositionError::TooManyOfKind(Stone::D))
    );
    assert_eq!(
        b("EEEW", false),
        Err(CompositionError::TooManyOfKind(Stone::E))
    );
    assert_eq!(b("ZCW", false), Err(CompositionError::TwoRank3));
    assert_eq!(b("ZZ", false), Err(CompositionError::TwoRank3));
    assert_eq!(b("NJ", false), Err(CompositionError::TwoRank4));
    assert_eq!(b("NN", false), Err(CompositionError::TwoRank4));
    // Rank 3 with rank 4 is fine after the setup.
    assert!(b("JZDW", false).is_ok());
    // Royal: 1 or 2 stones, no rank 4, at most one rank 3.
    assert!(b("ZW", true).is_ok());
    assert!(b("DD", true).is_ok());
    assert!(matches!(
        b("FWW", true),
        Err(CompositionError::TooMany { royal: true, .. })
    ));
    assert_eq!(b("N", true), Err(CompositionError::Rank4OnRoyal(Stone::N)));
    assert_eq!(b("ZC", true), Err(CompositionError::TwoRank3));
    assert_eq!(b("", true), Err(CompositionError::Empty));
    // Setup only: no J/Z/C on the royal or a corner base, no rank 3 + 4.
    let s = |letters: &str, royal: bool, corner: bool| {
        let chars: Vec<char> = letters.chars().collect();
        Base::new(Stones::from_letters(&chars).unwrap(), royal).check_setup(corner)
    };
    assert!(s("NW", false, true).is_ok());
    assert_eq!(
        s("JW", false, true),
        Err(CompositionError::LongLeaperOnRoyalOrCorner(Stone::J))
    );
    assert_eq!(
        s("CW", false, true),
        Err(CompositionError::LongLeaperOnRoyalOrCorner(Stone::C))
    );
    assert_eq!(
        s("ZW", true, false),
        Err(CompositionError::LongLeaperOnRoyalOrCorner(Stone::Z))
    );
    assert_eq!(s("ZN", false, false), Err(CompositionError::Rank3WithRank4));
    assert!(s("ZDEW", false, false).is_ok());
}

// -------------------------------------------------------------- refits

#[test]
fn refits_of_the_seeds_example_counted_by_hand() {
    // The seed's example: JFW takes JEW. Pool J J E F W W. Keep 3 or 4
    // stones, at most one J (rank 4), E <= 2 trivially. With j, e, f in
    // {0,1} and w in {0,1,2}:
    //   3 stones: JEF; JEW JFW EFW; JWW EWW FWW            -> 7
    //   4 stones: JEFW; JEWW JFWW EFWW                     -> 4
    // 11 refits, each one move.
    let p = refit_position();
    let captures: Vec<String> = moves_from(&p, "4e4b");
    let mut expected: Vec<String> = [
        "JEF", "JEW", "JFW", "EFW", "JWW", "EWW", "FWW", "JEFW", "JEWW", "JFWW", "EFWW",
    ]
    .iter()
    .map(|k| format!("4e4b={k}"))
    .collect();
    expected.sort();
    assert_eq!(captures, expected);

    // Keeping JEFW sends the rest (J, W) to gote's storage; the captured
    // base goes back to gote's storage (gote now has 20 bases off board).
    let mut q = p.clone();
    play(&mut q, "4e4b=JEFW");
    assert_eq!(q.storage(Color::White).letters(), "JW");
    assert!(q.storage(Color::Black).is_empty());
    assert_eq!(q.bases_in_storage(Color::White), 20);
    assert_eq!(q.base_at(sq("4b")).unwrap().1.letters(), "JEFW");
    // Without '=' the base keeps its own stones; the captured ones go over.
    let mut r = p.clone();
    play(&mut r, "4e4b");
    assert_eq!(r.base_at(sq("4b")).unwrap().1.letters(), "JFW");
    assert_eq!(r.storage(Color::White).letters(), "JEW");
}

#[test]
fn refit_rules_are_checked_on_input() {
    let p = refit_position();
    // Two rank-4 stones.
    assert!(parse_err(&p, "4e4b=JJFW").contains("rank-4"));
    // Fewer stones than the capturer had.
    assert!(parse_err(&p, "4e4b=JF").contains("fewer"));
    // A D is not in the pool.
    assert!(parse_err(&p, "4e4b=JDFW").contains("pool"));
    // R on a plain base.
    assert!(parse_err(&p, "4e4b=RJFW").contains("not the royal"));
    // Letters in any order are read.
    assert!(p
        .parse_move(&usi::parse_move_token("4e4b=WWEJ").unwrap())
        .is_ok());
}

#[test]
fn the_royal_refits_within_its_own_limits() {
    // [RW] takes [ww] on 4f: pool W W W, keep 1 or 2 (royal): W or WW.
    let p = at(&[("4g", "[RW]"), ("4f", "[ww]"), ("1a", "[rw]")], "b", "-");
    assert_eq!(moves_from(&p, "4g4f"), vec!["4g4f=RW", "4g4f=RWW"]);
    // The royal may write its R or leave it out.
    assert!(p
        .parse_move(&usi::parse_move_token("4g4f=WW").unwrap())
        .is_ok());
    assert!(parse_err(&p, "4g4f=WWW").contains("royal base holds 1 or 2"));
}

#[test]
fn each_capture_has_one_principal_refit() {
    // Quiescence looks at the principal refit of each capture only, so every
    // (from, to) capture must have exactly one, and quiet moves none.
    let p = Position::startpos();
    let mut list = Moves::new();
    p.generate_legal(&mut list);
    let mut principals = std::collections::HashMap::new();
    for m in list.iter() {
        if m.is_capture() {
            *principals.entry((m.from(), m.to())).or_insert(0) += m.is_principal() as u32;
        } else {
            assert!(!m.is_principal());
        }
    }
    assert!(!principals.is_empty());
    assert!(principals.values().all(|&n| n == 1));
    // [WWFF] takes [zffw] on 3c: defended (the [jdew]'s D leaps 5c -> 3c),
    // but the victim is worth more (a Z outweighs the second W), so
    // quiescence looks at it.
    let p = pos("3[rw]3/7/2[jdew]1[zffw]2/3[WWFF]3/7/7/3[RE]3 b - 1");
    let m = p
        .find_legal(Move::capture(
            sq("4d"),
            sq("3c"),
            fits::fits()
                .id(Base::new(
                    Stones::from_letters(&['W', 'W', 'F', 'F']).unwrap(),
                    false,
                ))
                .unwrap(),
        ))
        .unwrap();
    assert!(p.is_promising_capture(m));
    // At the start [DW] takes [dw] on 7c: equal bases, and gote's [ef] on 6b
    // covers 7c (F): not for quiescence.
    let p = Position::startpos();
    let m = p
        .parse_move(&usi::parse_move_token("7e7c=DW").unwrap())
        .unwrap();
    assert!(!p.is_promising_capture(m));
}

// ---------------------------------------------------------------- royal

#[test]
fn royal_never_moves_onto_an_attacked_square() {
    // Sente's royal [RW] on 4c; gote's royal on 4a attacks 4b: the royal
    // may go 5c, 3c, 4d but not 4b.
    let p = at(&[("4c", "[RW]"), ("4a", "[rw]")], "b", "-");
    assert_eq!(moves_from(&p, "4c"), vec!["4c3c", "4c4d", "4c5c"]);
}

#[test]
fn a_pinned_enemy_base_still_attacks() {
    // Gote's [f] on 4b is pinned to its royal on 4a by sente's [WWWW] on 4e
    // (4d, 4c empty), so it may never move; it still attacks 5c, which the
    // sente royal on 5d therefore may not enter. 6d, 4d and 5e are free
    // (gote's royal covers 5a, 3a, 4b only).
    let p = at(
        &[
            ("4a", "[rw]"),
            ("4b", "[f]"),
            ("4e", "[WWWW]"),
            ("5d", "[RW]"),
        ],
        "b",
        "-",
    );
    assert_eq!(moves_from(&p, "5d"), vec!["5d4d", "5d5e", "5d6d"]);
}

#[test]
fn repeated_royal_steps_may_not_pass_an_attacked_square() {
    // Royal [RWW] on 4e; gote's [wwww] on 7d covers 6d 5d 4d: the royal may
    // neither step to 4d nor pass it to 4c (4c itself is not attacked).
    // Sideways the squares 5e 6e 3e 2e are free; down, gote's [www] on 4g
    // attacks 4f, which also forbids passing 4f to capture on 4g.
    let p = at(
        &[
            ("4e", "[RWW]"),
            ("7d", "[wwww]"),
            ("4g", "[www]"),
            ("1a", "[rw]"),
        ],
        "b",
        "-",
    );
    assert_eq!(moves_from(&p, "4e"), vec!["4e2e", "4e3e", "4e5e", "4e6e"]);
}

#[test]
fn the_passed_square_is_judged_with_the_royal_lifted() {
    // Royal [RWW] on 4e in check from gote's [www] on 4g (4f, 4e). With the
    // royal lifted, [www] reaches 4f 4e 4d, so 4d (attacked after the move
    // too) and 4c (not attacked after the move, but reached by passing 4d)
    // are both illegal. The capture on 4g passes 4f, which the captured
    // [www] itself attacks ("everything else as before the move").
    // Left: 4 sideways moves.
    let lifted = |attacker: &str| {
        let p = at(
            &[("4e", "[RWW]"), ("4g", attacker), ("1a", "[rw]")],
            "b",
            "-",
        );
        assert!(p.in_check());
        moves_from(&p, "4e")
    };
    assert_eq!(lifted("[www]"), vec!["4e2e", "4e3e", "4e5e", "4e6e"]);
    // Control: [ww] reaches 4f 4e only, even with the royal lifted, so 4d
    // and 4c are fine; 4f and the capture through 4f still are not.
    assert_eq!(
        lifted("[ww]"),
        vec!["4e2e", "4e3e", "4e4c", "4e4d", "4e5e", "4e6e"]
    );
}

#[test]
fn royal_leaps_may_pass_attacked_squares() {
    // Royal [RD] on 4g; gote's [wwww] on 7f covers 6f 5f 4f 3f. The D leap
    // to 4e jumps the attacked 4f; 6g and 2g are free: 3 moves.
    let p = at(
        &[("4g", "[RD]"), ("7f", "[wwww]"), ("1a", "[rw]")],
        "b",
        "-",
    );
    assert_eq!(moves_from(&p, "4g"), vec!["4g2g", "4g4e", "4g6g"]);
    // Royal [RDD] on 4g; gote's [wwww] on 7e covers 6e 5e 4e 3e. The double
    // leap to 4c lands in the middle on 4e: empty, attacked, allowed. 4e
    // itself is attacked; 6g and 2g are free.
    let p = at(
        &[("4g", "[RDD]"), ("7e", "[wwww]"), ("1a", "[rw]")],
        "b",
        "-",
    );
    assert_eq!(moves_from(&p, "4g"), vec!["4g2g", "4g4c", "4g6g"]);
}

#[test]
fn check_evasions_counted_by_hand() {
    // Gote's [wwww] on 4c checks the royal [RF] on 4g along 4d 4e 4f.
    // Royal: F to 5f or 3f (off the file, unattacked): 2.
    // [D] on 6e: D lands on 4e, blocking: 1 (6c and 6g do not help).
    // [N] on 2f: N to 4e blocks: 1 (3d, 1d do not help; 4g is own).
    // Nobody reaches 4c. Total 4.
    let evasions = |more: &[(&str, &str)]| {
        let mut bases = vec![
            ("4c", "[wwww]"),
            ("1a", "[rw]"),
            ("4g", "[RF]"),
            ("6e", "[D]"),
            ("2f", "[N]"),
        ];
        bases.extend_from_slice(more);
        let p = at(&bases, "b", "-");
        assert!(p.in_check());
        legal_move_texts(&p)
    };
    assert_eq!(evasions(&[]), vec!["2f4e", "4g3f", "4g5f", "6e4e"]);
    // Add gote's [n] on 5e, which also checks 4g (file -1, rank +2) and
    // covers 3f: double check, no block helps, the royal's only move is 5f.
    assert_eq!(evasions(&[("5e", "[n]")]), vec!["4g5f"]);
}

// ---------------------------------------------------------------- drops

#[test]
fn drop_counts_for_a_small_storage() {
    // Storage D D W: plain compositions D, W, DD, DW, DDW = 5, on each of
    // 47 empty squares: 235 drops; plus the royal's 2 steps from 7g.
    let p = at(&[("7g", "[RW]"), ("1a", "[rw]")], "b", "2DW");
    let moves = legal_move_texts(&p);
    assert_eq!(moves.iter().filter(|m| m.contains('*')).count(), 5 * 47);
    assert_eq!(moves.len(), 235 + 2);
    assert!(moves.contains(&"DDW*4d".to_string()));
    // Storage Z C N J: one rank-3 and one rank-4 at most per base:
    // Z C N J ZN ZJ CN CJ = 8 compositions (no ZC, no NJ).
    let p = at(&[("7g", "[RW]"), ("1a", "[rw]")], "b", "ZCNJ");
    let drops: Vec<String> = legal_move_texts(&p)
        .into_iter()
        .filter(|m| m.ends_with("*4d"))
        .collect();
    assert_eq!(
        drops,
        vec!["C*4d", "CN*4d", "J*4d", "JC*4d", "JZ*4d", "N*4d", "Z*4d", "ZN*4d"]
    );
    assert!(parse_err(&p, "ZC*4d").contains("rank-3"));
    assert!(parse_err(&p, "W*4d").contains("storage"));
    assert!(parse_err(&p, "Z*7g").contains("occupied"));
}

#[test]
fn no_drop_without_a_base_in_storage() {
    // All 21 sente bases stand on the board (the start position with one W
    // moved from 7e into storage): the W cannot be dropped.
    let p = pos("[nw][dw][ef][rfw][ef][dw][nw]/[df][ef][jd][en][jd][ef][df]/[dw][ze][cw][nf][ce][ze][dw]/7/[D][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW] b W 1");
    assert!(!legal_move_texts(&p).iter().any(|m| m.contains('*')));
    assert!(parse_err(&p, "W*4d").contains("no base in storage"));
}

#[test]
fn drops_may_check_and_mate() {
    // Gote's royal [rw] in the corner 1a, hemmed by its own [d] on 2a and
    // [f] on 1b... sente drops [D] on 1c: D leaps to 1a (check). The royal's
    // squares: 2b is the only empty one; sente's [F] on 3c covers 2b. No
    // gote base reaches 1c (the [d] on 2a leaps to 2c, 4a; the [f] on 1b
    // steps to 2a, 2c). Mate by a drop is legal.
    let p = drop_mate_position("D");
    let mut q = p.clone();
    play(&mut q, "D*1c");
    assert!(q.in_check());
    assert_eq!(
        q.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::Checkmate))
    );
}

// --------------------------------------------------------------- corner

#[test]
fn corner_take() {
    // Sente's [W] stands on gote's corner 7a; gote's storage holds D D W:
    // one move per kind, %D and %W.
    let p = at(&[("7a", "[W]"), ("4a", "[rw]"), ("4g", "[RW]")], "b", "2dw");
    let takes: Vec<String> = legal_move_texts(&p)
        .into_iter()
        .filter(|m| m.starts_with('%'))
        .collect();
    assert_eq!(takes, vec!["%D", "%W"]);
    let mut q = p.clone();
    play(&mut q, "%D");
    assert_eq!(q.storage(Color::Black).letters(), "D");
    assert_eq!(q.storage(Color::White).letters(), "DW");
    assert!(parse_err(&p, "%F").contains("no 'F'"));
    // Not from an own corner: sente's base on 7g gives nothing.
    let p = at(&[("7g", "[W]"), ("4a", "[rw]"), ("3g", "[RW]")], "b", "2dw");
    assert!(!legal_move_texts(&p).iter().any(|m| m.starts_with('%')));
    assert!(parse_err(&p, "%D").contains("7a or 1a"));
}

#[test]
fn no_corner_take_while_in_check() {
    // As above, but gote's [dd] on 4c checks the royal on 4g by a double
    // leap (middle 4e empty): the take would leave the royal attacked.
    let p = at(
        &[
            ("7a", "[W]"),
            ("1a", "[rw]"),
            ("4c", "[dd]"),
            ("4g", "[RW]"),
        ],
        "b",
        "2dw",
    );
    assert!(p.in_check());
    assert!(!legal_move_texts(&p).iter().any(|m| m.starts_with('%')));
    assert!(parse_err(&p, "%D").contains("check"));
}

// ---------------------------------------------------------------- ending

#[test]
fn reaching_the_goal_square_wins_at_once() {
    // Sente's royal [RW] on 4b steps to 4a (nothing of gote reaches it):
    // gote, to move, has lost, and has no moves at all.
    let mut p = at(&[("4b", "[RW]"), ("1c", "[rw]"), ("1d", "[w]")], "b", "-");
    play(&mut p, "4b4a");
    assert_eq!(
        p.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::GoalReached))
    );
    assert!(legal_move_texts(&p).is_empty());
    // Gote's royal reaching 4g likewise.
    let mut p = at(&[("4f", "[rw]"), ("1e", "[RW]")], "w", "-");
    play(&mut p, "4f4g");
    assert_eq!(
        p.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::GoalReached))
    );
    // An attacked goal may not be entered: gote's [d] on 6a covers 4a, so
    // the royal [RWW] on 4c may go to 4b but not capture the [e] on 4a.
    let p = at(
        &[
            ("4a", "[e]"),
            ("6a", "[d]"),
            ("2b", "[rw]"),
            ("4c", "[RWW]"),
        ],
        "b",
        "-",
    );
    let moves = moves_from(&p, "4c");
    assert!(moves.contains(&"4c4b".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("4c4a")));
}

#[test]
fn stalemate_loses_for_the_stalemated_side() {
    // Sente's only base is the royal [RW] on 7g; gote's [df] on 6e covers 6g
    // (D) and 7f (F) but not 7g. Sente has no storage and no corner: no
    // legal move while not in check. The stalemated side loses.
    let p = at(&[("7g", "[RW]"), ("6e", "[df]"), ("1a", "[rw]")], "b", "-");
    assert!(!p.in_check());
    assert!(legal_move_texts(&p).is_empty());
    assert_eq!(
        p.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::Stalemate))
    );
    // With gote's [d] on 7e checking (D leap 7e -> 7g) it is checkmate.
    let p = at(
        &[
            ("7g", "[RW]"),
            ("6e", "[df]"),
            ("7e", "[d]"),
            ("1a", "[rw]"),
        ],
        "b",
        "-",
    );
    assert_eq!(
        p.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::Checkmate))
    );
}

#[test]
fn third_repetition_loses_for_the_side_that_made_it() {
    let rules = Rules::default();
    let mut p = at(&[("4g", "[RW]"), ("4a", "[rw]")], "b", "-");
    // P0 (sente to move) occurs at the start...
    play(&mut p, "4g5g 4a5a 5g4g 5a4a");
    // ...again after gote's 4th move (second occurrence): play goes on.
    assert_eq!(p.occurrences(), 2);
    assert_eq!(p.outcome(&rules), None);
    play(&mut p, "4g5g 4a5a 5g4g");
    assert_eq!(p.outcome(&rules), None);
    play(&mut p, "5a4a");
    // Third occurrence, made by gote's move: gote loses, sente (to move) wins.
    assert_eq!(p.occurrences(), 3);
    assert_eq!(p.outcome(&rules), Some(Outcome::Win(EndReason::Repetition)));
    assert_eq!(
        Game::repetition(&p),
        Some(Outcome::Win(EndReason::Repetition))
    );
}

// ------------------------------------------------------------- make/undo

#[test]
fn make_unmake_restores_key_and_sfen() {
    // A playout position with captures, drops and refits of every kind, and
    // one with corner takes.
    let sfens = [
        "[nw][dw]1[rfw]1[dw][nw]/[df][ef][jd][en]1[nf][df]/[dw][ze][CE][efw][ed][dw][NW]/4[JD]2/[DW][ZEW][CE][NF]3/[DF][EF]1[ceed]1[EF][DF]/[NW]2[RFW][EF][DW][NW] b 2JZC2E3Fze2dw 17",
        "[W]2[rw]3/7/7/7/7/7/3[RW]3 b W2d2f 1",
    ];
    let mut kinds = [false; 3];
    for s in sfens {
        let mut p = pos(s);
        let before = p.to_sfen();
        let mut list = Moves::new();
        p.generate_legal(&mut list);
        for &m in list.iter() {
            kinds[0] |= m.is_drop();
            kinds[1] |= m.is_capture();
            kinds[2] |= m.is_corner_take();
            p.do_move(m);
            assert_eq!(p.key(), p.key_from_scratch(), "after {}", format_move(m));
            p.undo_move();
            // What is written reads back as the same move.
            let text = format_move(m);
            assert_eq!(
                p.parse_move(&usi::MoveToken::Move(text.clone())),
                Ok(m),
                "{text}"
            );
            assert_eq!(p.to_sfen(), before);
            assert_eq!(p.key(), p.key_from_scratch());
        }
    }
    assert_eq!(kinds, [true; 3]);
}

#[test]
fn moves_are_explained_when_illegal() {
    let p = Position::startpos();
    let e = |text: &str| parse_error(&p, text);
    assert!(matches!(
        e("4d4c"),
        GameError::Move(MoveError::NoBase { .. })
    ));
    assert!(matches!(
        e("4c4d"),
        GameError::Move(MoveError::NotYourBase {
            owner: Color::White,
            ..
        })
    ));
    assert!(parse_err(&p, "4c4d").contains("gote's"));
    assert!(matches!(
        e("7e7a=DW"),
        GameError::Move(MoveError::Illegal { .. })
    ));
    assert!(parse_err(&p, "7e7a=DW").contains("cannot move"));
    assert!(matches!(
        e("7e7d=DDWW"),
        GameError::Move(MoveError::RefitWithoutCapture { .. })
    ));
    assert!(parse_err(&p, "7e7d=DDWW").contains("only a capture"));
    assert_eq!(e("7e7d+"), GameError::Move(MoveError::PlusSuffix));
    assert!(parse_err(&p, "W*4d").contains("storage"));
    let off = e("9e9d");
    assert!(matches!(
        off,
        GameError::Move(MoveError::OffBoard { size: 7, .. })
    ));
    assert!(off.to_string().contains("off the 7x7"));
    assert!(matches!(
        e(&format!("{}*4d", "W".repeat(200))),
        GameError::Move(MoveError::TooManyStones { count: 200, .. })
    ));
    assert_eq!(
        e("%Q"),
        GameError::Move(MoveError::CornerTakeNotAStone { stone: 'Q' })
    );
    assert_eq!(e("5g5f=RW"), GameError::Move(MoveError::RoyalInRefit));
    assert_eq!(e("R*4d"), GameError::Move(MoveError::RoyalDrop));
    assert_eq!(
        e("pass"),
        GameError::Move(MoveError::NoPass {
            game: GameName::Sigma4
        })
    );
    // Captures are always written with the refit.
    let mut list = Moves::new();
    p.generate_legal(&mut list);
    let capture = list.iter().find(|m| m.is_capture()).unwrap();
    assert!(format_move(*capture).to_string().contains('='));
}

// ---------------------------------------------------------------- setup

#[test]
fn standard_setups_are_valid() {
    for c in [Color::Black, Color::White] {
        let s = setup::standard_setup(c);
        assert_eq!(validate_setup(c, &s), Ok(()), "{s}");
    }
    assert_eq!(
        setup::standard_setup(Color::Black),
        "[DW][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW]"
    );
}

#[test]
fn broken_setups_name_the_rule() {
    let std = setup::standard_setup(Color::Black);
    let check = |s: &str| validate_setup(Color::Black, s).unwrap_err().to_string();
    let kind = |s: &str| match validate_setup(Color::Black, s) {
        Err(GameError::Setup(e)) => e,
        other => panic!("'{s}': not a setup error: {other:?}"),
    };
    // A J on the corner base 7g (swap [NW] and [JD] stones: J to 7g).
    let s = std
        .replacen("[NW][DW][EF][RFW]", "[JW][DW][EF][RFW]", 1)
        .replacen("[JD][EN]", "[ND][EN]", 1);
    assert!(check(&s).contains("corner"), "{}", check(&s));
    assert!(matches!(
        kind(&s),
        SetupError::BreaksRule {
            rule: CompositionError::LongLeaperOnRoyalOrCorner(_),
            ..
        }
    ));
    // A Z on the royal base.
    let s = std
        .replacen("[RFW]", "[RZW]", 1)
        .replacen("[ZE][CE]", "[FE][CE]", 1);
    assert!(
        check(&s).contains("royal base or a corner"),
        "{}",
        check(&s)
    );
    // Rank 3 with rank 4 on one base.
    let s = std.replacen("[ZE][CE][NF]", "[ZNE][CE][F]", 1);
    assert!(check(&s).contains("rank-3 and a rank-4"), "{}", check(&s));
    // A stone missing.
    let s = std.replacen("[DW]", "[D]", 1);
    assert!(check(&s).contains("7 stones 'W'"), "{}", check(&s));
    assert!(matches!(
        kind(&s),
        SetupError::StoneCount {
            count: 7,
            stone: 'W',
            set: 8
        }
    ));
    // An empty square.
    let s = std.replacen("[DW]", "1", 1);
    assert!(check(&s).contains("empty"), "{}", check(&s));
    assert!(matches!(kind(&s), SetupError::Empty { .. }));
    // The royal off its square.
    let s = std.replacen("[EF][RFW]", "[RFW][EF]", 1);
    assert!(check(&s).contains("starts on 4g"), "{}", check(&s));
    assert!(matches!(kind(&s), SetupError::RoyalMisplaced { .. }));
    // Gote's case for sente.
    assert!(check(&std.to_lowercase()).contains("other side's case"));
    assert!(matches!(
        kind(&std.to_lowercase()),
        SetupError::WrongCase { .. }
    ));
    assert!(check("[DW]").contains("three ranks"));
    assert!(matches!(
        kind("[DW]"),
        SetupError::RankCount { found: 1, .. }
    ));
    assert!(matches!(kind("[DW]/[DW/1"), SetupError::Syntax { .. }));
}

#[test]
fn the_engine_chooses_varied_legal_setups() {
    let a = setup::choose_setup_with(Color::Black, None, 1, 8);
    let b = setup::choose_setup_with(Color::Black, None, 2, 8);
    assert_eq!(validate_setup(Color::Black, &a), Ok(()), "{a}");
    assert_ne!(a, b, "different seeds, different setups");
    let g = setup::choose_setup_with(Color::White, None, 3, 8);
    assert_eq!(validate_setup(Color::White, &g), Ok(()), "{g}");
    // Both chosen setups make a position `position sfen` accepts.
    let p = pos(&format!("{g}/7/{a} b - 1"));
    assert_eq!(p.bases(Color::Black).count(), 21);
    // Random setups are legal too (a sample).
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(9);
    for _ in 0..50 {
        let s = setup::setup_text(Color::White, &setup::random_setup(Color::White, &mut rng));
        assert_eq!(validate_setup(Color::White, &s), Ok(()), "{s}");
    }
}

#[test]
fn the_chosen_setup_is_judged_no_worse_than_the_standard_one() {
    // The standard setup is among the finalists: the engine plays another
    // only when its search rates it higher, the opponent moving first.
    for (side, seed) in [(Color::Black, 1), (Color::White, 2), (Color::Black, 3)] {
        let them = setup::standard_setup(side.flip());
        let judge = |s: &str| setup::judge_setup(side, s, &them).expect("a legal position");
        let chosen = setup::choose_setup_with(side, None, seed, 16);
        let standard = judge(&setup::standard_setup(side));
        assert!(
            judge(&chosen) >= standard,
            "{chosen}: {} < {standard}",
            judge(&chosen)
        );
    }
}

#[test]
fn setup_choice_answers_standard_random_or_searched_setups() {
    for side in [Color::Black, Color::White] {
        assert_eq!(
            setup::setup_by_choice("standard", side, 5),
            setup::standard_setup(side)
        );
        let random = setup::setup_by_choice("random", side, 5);
        assert_eq!(validate_setup(side, &random), Ok(()), "{random}");
        assert_eq!(random, setup::setup_by_choice("random", side, 5), "seeded");
        assert_eq!(
            setup::setup_by_choice("search", side, 5),
            choose_setup(side, 5)
        );
    }
}

/// Prints perft counts of `SIGMA4_SFENS` (lines `depth sfen`); a helper for
/// building the perft table, not a test.
#[test]
#[ignore]
fn print_perft() {
    let list = std::env::var("SIGMA4_SFENS").unwrap_or_default();
    for line in list.lines().filter(|l| !l.trim().is_empty()) {
        let (d, sfen) = line.trim().split_once(' ').unwrap();
        let mut p = pos(sfen);
        for depth in 1..=d.parse().unwrap() {
            println!("{sfen} perft {depth} {}", perft(&mut p, depth));
        }
    }
}

// --------------------------------------------------------------- search

fn search_depth(p: &mut Position, depth: u32) -> crate::search::SearchResult<Move> {
    let mut tt = crate::tt::TranspositionTable::new(4).expect("small table");
    search_to(p, &mut tt, depth, None, &Rules::default(), &mut |_| {})
}

/// An uninterrupted search to `depth` (and at most `nodes`).
fn search_to(
    p: &mut Position,
    tt: &mut crate::tt::TranspositionTable<Move>,
    depth: u32,
    nodes: Option<u64>,
    rules: &Rules,
    report: &mut dyn FnMut(usi::Info),
) -> crate::search::SearchResult<Move> {
    use crate::search::{search, Limits, SearchControl};
    let limits = Limits {
        depth: Some(depth),
        nodes,
        ..Limits::default()
    };
    search(p, tt, &SearchControl::unlimited(), &limits, rules, report)
}

#[test]
fn search_finds_the_mate_by_drop() {
    // The position of `drops_may_check_and_mate`: D*1c mates at once, and
    // so does 3c2b (the F checks diagonally; the royal's W cannot take it,
    // 2a and 1b hold its own bases). Either will do.
    let mut p = drop_mate_position("D");
    let r = search_depth(&mut p, 2);
    assert!(crate::search::score::is_mate_score(r.score));
    p.do_move(r.best.expect("a move"));
    assert_eq!(
        p.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::Checkmate))
    );
}

#[test]
fn search_walks_the_royal_to_the_goal() {
    // Sente's royal [RW] on 4b, one step from the goal 4a, nothing guards
    // it: the search must take the win.
    let mut p = at(&[("4b", "[RW]"), ("1c", "[rw]"), ("1d", "[w]")], "b", "-");
    let r = search_depth(&mut p, 2);
    assert_eq!(
        r.best.map(|m| format_move(m).to_string()),
        Some("4b4a".into())
    );
}

/// Prints search progress from a position (`SIGMA4_SFEN`, default start);
/// a helper for tuning, not a test.
#[test]
#[ignore]
fn print_search() {
    let mut p = match std::env::var("SIGMA4_SFEN") {
        Ok(s) => pos(&s),
        Err(_) => Position::startpos(),
    };
    let depth = std::env::var("SIGMA4_DEPTH").map_or(4, |d| d.parse().unwrap());
    let mut tt = crate::tt::TranspositionTable::new(64).expect("table");
    let nodes = std::env::var("SIGMA4_NODES")
        .ok()
        .map(|d| d.parse().unwrap());
    let start = std::time::Instant::now();
    let r = search_to(
        &mut p,
        &mut tt,
        depth,
        nodes,
        &Rules::default(),
        &mut |info| println!("{info}"),
    );
    println!(
        "best {:?} nodes {} in {:?}",
        r.best.map(format_move),
        r.nodes,
        start.elapsed()
    );
}

/// Times the engine's setup choice; a helper, not a test.
#[test]
#[ignore]
fn print_setup() {
    for seed in 0..3 {
        let start = std::time::Instant::now();
        let s = choose_setup(Color::White, seed);
        println!("{s} in {:?}", start.elapsed());
    }
}

/// Prints `SIGMA4_PLAYOUTS` (default 40) random playout positions with their
/// move counts, for cross-checking with the reference generator; a helper.
#[test]
#[ignore]
fn print_playouts() {
    use rand::{Rng, SeedableRng};
    let n = std::env::var("SIGMA4_PLAYOUTS").map_or(40, |d| d.parse().unwrap());
    let mut rng = rand::rngs::StdRng::seed_from_u64(77);
    for _ in 0..n {
        let mut p = Position::startpos();
        let plies = rng.gen_range(1..160);
        for _ in 0..plies {
            let mut list = Moves::new();
            p.generate_legal(&mut list);
            if list.is_empty() {
                break;
            }
            // Prefer non-drop moves so the boards stay busy.
            let m = list[rng.gen_range(0..list.len())];
            let m = if m.is_drop() && rng.gen_bool(0.7) {
                list[rng.gen_range(0..list.len())]
            } else {
                m
            };
            p.do_move(m);
        }
        let mut list = Moves::new();
        p.generate_legal(&mut list);
        println!("{} {}", list.len(), p.to_sfen());
    }
}

/// Plays the engine against itself at a fixed depth (`SIGMA4_DEPTH`,
/// default 2) and prints the game; a helper, not a test.
#[test]
#[ignore]
fn print_selfplay() {
    let depth = std::env::var("SIGMA4_DEPTH").map_or(2, |d| d.parse().unwrap());
    let mut p = Position::startpos();
    let mut tt = crate::tt::TranspositionTable::new(64).expect("table");
    let rules = Rules::default();
    for ply in 0..200 {
        if let Some(o) = p.outcome(&rules) {
            println!(
                "result after {ply} plies: {o:?}, {} to move",
                types::side_name(p.side())
            );
            break;
        }
        let start = std::time::Instant::now();
        let r = search_to(&mut p, &mut tt, depth, None, &rules, &mut |_| {});
        let m = r.best.expect("a move");
        println!(
            "{ply}: {} score {} nodes {} {:?}",
            format_move(m),
            r.score,
            r.nodes,
            start.elapsed()
        );
        p.do_move(m);
    }
    println!("{}\n{}", p.display(), p.to_sfen());
}

/// The captures-only generator gives exactly the legal captures with their
/// principal refit, on random playout positions (in check and not).
#[test]
fn capture_generator_matches_the_filtered_legal_list() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut checked = 0;
    for _ in 0..60 {
        let mut p = Position::startpos();
        for _ in 0..rng.gen_range(1..120) {
            let mut all = Moves::new();
            p.generate_legal(&mut all);
            if all.is_empty() {
                break;
            }
            let mut expected: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| m.is_principal() && matches!(m.kind(), types::MoveKind::Capture { .. }))
                .collect();
            let mut captures = Moves::new();
            p.generate_captures(&mut captures);
            expected.sort_by_key(|m| m.0);
            captures.sort_by_key(|m| m.0);
            assert_eq!(captures, expected, "{}", p.to_sfen());
            checked += 1;
            let boards: Vec<Move> = all.iter().copied().filter(|m| !m.is_drop()).collect();
            let pick = if !boards.is_empty() && rng.gen_bool(0.8) {
                boards[rng.gen_range(0..boards.len())]
            } else {
                all[rng.gen_range(0..all.len())]
            };
            p.do_move(pick);
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn check_evasions_need_only_the_checkers_and_their_lines() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let mut in_check = 0;
    for game in 0..200 {
        let mut p = if game % 2 == 0 {
            Position::startpos()
        } else {
            let setups = [Color::Black, Color::White]
                .map(|c| setup::setup_text(c, &setup::random_setup(c, &mut rng)));
            pos(&(setup::SETUP_RULES.start_sfen)(&setups))
        };
        for _ in 0..rng.gen_range(1..150) {
            let mut all = Moves::new();
            p.generate_legal(&mut all);
            if p.in_check() {
                let mut judged = Moves::new();
                p.generate_legal_judging_every_square(&mut judged);
                assert_eq!(all, judged, "{}", p.to_sfen());
                in_check += 1;
            }
            if all.is_empty() {
                break;
            }
            p.do_move(all[rng.gen_range(0..all.len())]);
        }
    }
    assert!(in_check > 300, "{in_check}");
}

// ---------------------------------------------------------------- search hooks

#[test]
fn static_exchange_counts_the_recapture() {
    // Sente's [WWWW] on 4e takes gote's [w] on 4c (W steps through the
    // empty 4d). Undefended, it wins the [w]'s value (60 + 100; the kept
    // refit, four W, is worth what the capturer was). With gote's [f] on 3b
    // stepping to 4c, the rook is lost for the [w].
    let bases = [
        ("4e", "[WWWW]"),
        ("4c", "[w]"),
        ("7g", "[RW]"),
        ("1a", "[rw]"),
    ];
    let p = at(&bases, "b", "-");
    let m = p
        .parse_move(&usi::parse_move_token("4e4c=WWWW").expect("parses"))
        .expect("legal");
    assert!(p.see_ge(m, 160));
    assert!(!p.see_ge(m, 161));
    let mut defended = bases.to_vec();
    defended.push(("3b", "[f]"));
    let p = at(&defended, "b", "-");
    assert!(!p.see_ge(m, 0));
    // A drop where the enemy takes it and nothing takes back loses the
    // base; where the taker is taken back, it loses nothing.
    let p = at(&defended, "b", "W");
    let drop = p
        .parse_move(&usi::parse_move_token("W*4d").expect("parses"))
        .expect("legal");
    assert!(p.see_ge(drop, 0), "4d: the [w] takes, the rook takes back");
    let drop = p
        .parse_move(&usi::parse_move_token("W*2c").expect("parses"))
        .expect("legal");
    assert!(!p.see_ge(drop, 0), "2c: gote's [f] on 3b takes it");
}

#[test]
fn null_move_restores_the_position() {
    let mut p = Position::startpos();
    play(&mut p, "4e3c=CENF 1c3c=CDFW");
    let key = p.key();
    assert!(
        SearchHooks::do_null_move(&mut p),
        "sente has stones to drop"
    );
    assert_eq!(p.side(), Color::White);
    assert_ne!(p.key(), key);
    assert_eq!(p.key(), p.key_from_scratch());
    SearchHooks::undo_null_move(&mut p);
    assert_eq!(p.side(), Color::Black);
    assert_eq!(p.key(), key);
    // Nothing to drop (the start position): no null move.
    let mut p = Position::startpos();
    assert!(!SearchHooks::do_null_move(&mut p));
}

#[test]
fn kept_from_pruning_mate_threats_and_the_goal() {
    // drops_may_check_and_mate's position: D*1c mates, W*2b would be taken.
    let mut p = drop_mate_position("DW");
    let mate = p
        .parse_move(&usi::parse_move_token("D*1c").expect("parses"))
        .expect("legal");
    assert!(SearchHooks::keep_from_pruning(&mut p, mate));
    let quiet = p
        .parse_move(&usi::parse_move_token("W*5d").expect("parses"))
        .expect("legal");
    assert!(!SearchHooks::keep_from_pruning(&mut p, quiet));
    // The royal one step from its goal: that step is kept, and it is a
    // win in one for the search.
    let mut p = at(&[("4b", "[RW]"), ("1c", "[rw]"), ("1d", "[w]")], "b", "-");
    let goal = p
        .parse_move(&usi::parse_move_token("4b4a").expect("parses"))
        .expect("legal");
    assert!(SearchHooks::keep_from_pruning(&mut p, goal));
    assert!(SearchHooks::mate_in_one(&mut p));
}

#[test]
fn drops_of_different_compositions_have_their_own_history() {
    let p = at(&[("7g", "[RW]"), ("1a", "[rw]")], "b", "DW");
    let mut moves = Moves::new();
    p.generate_legal(&mut moves);
    let mut seen = std::collections::HashSet::new();
    for &m in moves.iter().filter(|m| m.is_drop()) {
        let i = SearchHooks::history_index(&p, m);
        assert!(i < <Position as crate::game::SearchHooks>::HISTORY_SIZE);
        assert!(seen.insert(i), "two drops share a history slot");
    }
    assert!(seen.len() > 49);
}
