//! Rule tests on hand-built positions and the perft table in tests/perft.

use super::*;
use crate::board::testing::{self, legal};
use crate::game::{
    Color, EnteringKingRule, Game, GameError, GameName, MoveError, PositionError, Rules,
};
use crate::perft::run_perft_table;

fn pos(sfen: &str) -> Position {
    testing::pos(sfen)
}

#[test]
fn games_end_by_mate_repetition_and_perpetual_check() {
    testing::check_game_ends::<Position>("R");
}

#[test]
fn perft_table() {
    run_perft_table::<Position>(include_str!("../../tests/perft/shogi.perft"), 20_000_000);
}

#[test]
fn start_position_round_trips_through_sfen() {
    let p = Position::startpos();
    assert_eq!(p.to_sfen().to_string(), STARTPOS_SFEN);
    assert_eq!(p.key(), p.key_from_scratch());
}

#[test]
fn make_unmake_restores_key_and_sfen() {
    let mut p = pos("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    let before = p.to_sfen();
    let mut list = Moves::new();
    p.generate_legal(&mut list);
    for &m in list.iter() {
        p.do_move(m);
        assert_eq!(p.key(), p.key_from_scratch(), "after {:?}", format_move(m));
        p.undo_move();
        assert_eq!(p.to_sfen(), before);
        assert_eq!(p.key(), p.key_from_scratch());
    }
}

#[test]
fn pinned_piece_moves_only_along_the_pin() {
    // Sente's rook on 5g is pinned by gote's rook on 5a against the king on 5i:
    // it may slide on file 5 (5h, 5f..5b, capture 5a) but not sideways.
    let p = pos("4r3k/9/9/9/9/9/4R4/9/4K4 b - 1");
    let rook: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("5g"))
        .collect();
    let mut expected: Vec<String> = ["5h", "5f", "5e", "5d", "5c", "5b", "5a"]
        .iter()
        .map(|s| format!("5g{s}"))
        .collect();
    // Entering the zone (5c, 5b, 5a) gives the promotion choice too.
    expected.extend(["5g5c+", "5g5b+", "5g5a+"].iter().map(|s| s.to_string()));
    expected.sort();
    assert_eq!(rook, expected);
}

#[test]
fn drops_while_in_check_only_interpose() {
    // Gote's rook on 5a checks the king on 5i down an open file: sente's gold
    // in hand may only be dropped on 5b..5h (7 squares); the king has 4 flights
    // off the file (4h, 6h, 4i, 6i) and may not step to 5h (still on the file).
    let p = pos("4r3k/9/9/9/9/9/9/9/4K4 b G 1");
    let moves = legal(&p);
    let drops: Vec<&String> = moves.iter().filter(|m| m.contains('*')).collect();
    assert_eq!(drops.len(), 7);
    assert!(drops
        .iter()
        .all(|m| m.ends_with(|c: char| ('b'..='h').contains(&c)) && m.contains("*5")));
    let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("5i")).collect();
    assert_eq!(king, ["5i4h", "5i4i", "5i6h", "5i6i"]);
}

#[test]
fn pawn_drop_mate_is_illegal_but_other_mates_are_not() {
    // Gote's king in the corner 1a, boxed by its own lance (1b is empty, 2a and
    // 2b are sente's gold guard). A pawn on 1b would be defended by the gold on
    // 2c and mate: uchifuzume forbids it. A lance drop there mates legally.
    let p = pos("7nk/9/7G1/9/9/9/9/9/K8 b PL 1");
    let moves = legal(&p);
    assert!(!moves.contains(&"P*1b".to_string()));
    assert!(moves.contains(&"L*1b".to_string()));
    assert!(moves.contains(&"P*1c".to_string()));
}

#[test]
fn pawn_drop_check_that_is_not_mate_is_legal() {
    // Same corner but the king can escape to 2b: the pawn drop check is fine.
    let p = pos("7nk/9/9/9/9/9/9/9/K8 b P 1");
    assert!(legal(&p).contains(&"P*1b".to_string()));
}

#[test]
fn nifu_forbids_a_second_pawn_on_a_file() {
    // Sente's pawn on 5g: no pawn drop on file 5; a tokin on 3c does not count.
    let p = pos("4k4/9/6+P2/9/9/9/4P4/9/4K4 b P 1");
    let drops: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("P*"))
        .collect();
    assert!(drops.iter().all(|m| !m.starts_with("P*5")));
    assert!(drops.contains(&"P*3d".to_string()));
    // 8 files x 8 ranks (not rank a), minus occupied 3c on file 3 = 63.
    assert_eq!(drops.len(), 63);
}

#[test]
fn forced_promotion_on_last_ranks() {
    // A pawn reaching rank a, a lance reaching rank a and a knight reaching
    // rank b must promote; the silver may choose.
    let p = pos("4k4/P7L/9/1N7/9/9/9/9/4K2S1 b - 1");
    let moves = legal(&p);
    assert!(moves.contains(&"9b9a+".to_string()) && !moves.contains(&"9b9a".to_string()));
    assert!(moves.contains(&"1b1a+".to_string()) && !moves.contains(&"1b1a".to_string()));
    assert!(moves.contains(&"8d7b+".to_string()) && !moves.contains(&"8d7b".to_string()));
    // 9b holds sente's own pawn, so the knight's only move is 7b.
    assert!(!moves.iter().any(|m| m.starts_with("8d9b")));
    let p = pos("4k4/9/9/9/9/9/9/9/4K2S1 b - 1");
    assert!(!legal(&p).iter().any(|m| m.ends_with('+')));
}

#[test]
fn drops_respect_dead_squares() {
    // Knight drops not on ranks a/b, lance and pawn not on rank a.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b NLP 1");
    let moves = legal(&p);
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("N*") && (m.ends_with('a') || m.ends_with('b'))));
    assert!(!moves
        .iter()
        .any(|m| (m.starts_with("L*") || m.starts_with("P*")) && m.ends_with('a')));
    // 81 squares minus ranks a and b (18) minus the sente king on 5i (gote's
    // king on 5a is already on rank a).
    assert_eq!(
        moves.iter().filter(|m| m.starts_with("N*")).count(),
        81 - 18 - 1
    );
}

#[test]
fn entering_king_declarations() {
    // Sente king on 5b with 10 pieces in camp and plenty of points.
    let sfen = "+R+B1GKG1+P+P/+P+P+P+P5/9/9/9/9/9/9/4k4 b RBGG4S4N4L8P 1";
    let p = pos(sfen);
    let csa27 = Rules::default();
    assert!(p.can_declare_win(&csa27));
    let none = Rules {
        entering_king: EnteringKingRule::NoEnteringKing,
        ..Rules::default()
    };
    assert!(!p.can_declare_win(&none));
    // Only 9 pieces in camp: no declaration.
    let p = pos("+R+B1GKG1+P+P/+P+P+P6/9/9/9/9/9/9/4k4 b RBGG4S4N4L9P 1");
    assert!(!p.can_declare_win(&csa27));
}

#[test]
fn try_rule_needs_a_legal_step_to_5a() {
    let rules = Rules {
        entering_king: EnteringKingRule::TryRule,
        ..Rules::default()
    };
    assert!(pos("9/4K4/9/9/9/9/9/9/k8 b - 1").can_declare_win(&rules));
    // 5a is attacked by gote's rook on 9a: no try.
    assert!(!pos("r8/4K4/9/9/9/9/9/9/k8 b - 1").can_declare_win(&rules));
}

#[test]
fn bad_sfens_are_rejected_with_reasons() {
    let err = |s: &str| match Position::from_sfen(&usi::parse_sfen(s).unwrap()) {
        Err(GameError::Position(e)) => e,
        other => panic!("'{s}': {other:?}"),
    };
    let over = err("4k4/9/9/9/9/9/9/9/4K4 b 19P 1");
    assert_eq!(
        over,
        PositionError::HandOverSet {
            game: GameName::Shogi,
            count: 19,
            letter: 'P'
        }
    );
    assert!(over.to_string().contains("more than a set"), "{over}");
    assert!(matches!(
        err("P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
        PositionError::DeadPiece { piece, .. } if piece.letter == 'P'
    ));
    assert_eq!(
        err("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"),
        PositionError::Nifu {
            side: Color::Black,
            file: 5
        }
    );
    assert_eq!(
        err("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
        PositionError::NotToMoveInCheck {
            game: GameName::Shogi,
            side: Color::White
        }
    );
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b +P 1"),
        PositionError::NotHoldable { .. }
    ));
    let ranks = err("4k4/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(
        ranks,
        PositionError::RankCount {
            game: GameName::Shogi,
            found: 8
        }
    );
    assert!(ranks.to_string().contains("9 ranks"));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4KK3 b - 1"),
        PositionError::TooManyKings { side: Color::Black }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K3X b - 1"),
        PositionError::UnknownPiece { .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K3(PK) b - 1"),
        PositionError::ForeignCell { .. }
    ));
}

#[test]
fn illegal_moves_are_explained() {
    let p = Position::startpos();
    let e = |m: &str| {
        p.parse_move(&usi::parse_move_token(m).unwrap())
            .unwrap_err()
    };
    let illegal = e("7g7e");
    assert!(matches!(
        illegal,
        GameError::Move(MoveError::Illegal { .. })
    ));
    assert!(illegal.to_string().contains("illegal"));
    assert!(matches!(
        e("5e5d"),
        GameError::Move(MoveError::NoPiece { .. })
    ));
    assert!(matches!(
        e("3c3d"),
        GameError::Move(MoveError::NotYourPiece { .. })
    ));
    let held = e("P*5e");
    assert!(matches!(held, GameError::Move(MoveError::NotInHand { .. })));
    assert!(held.to_string().contains("no 'P' in hand"));
    assert!(matches!(
        e("5i4h+"),
        GameError::Move(MoveError::CannotPromote { from: Some(_), .. })
    ));
    assert_eq!(
        e("7g7f=N"),
        GameError::Move(MoveError::EqualsSuffix {
            game: GameName::Shogi
        })
    );
    assert_eq!(
        e("K*5e"),
        GameError::Move(MoveError::NotDroppable { letter: 'K' })
    );
    assert!(matches!(
        e("%W"),
        GameError::Move(MoveError::NotOfGame {
            game: GameName::Shogi
        })
    ));
}

/// The tactical generator yields exactly the legal captures and promotions,
/// and `gives_check` agrees with playing the move, along random games from
/// the bench-like positions.
#[test]
fn tactical_generator_matches_filtered_legal_moves() {
    crate::board::testing::check_tactical_moves_and_checks::<Position>(
        0x9e37_79b9_7f4a_7c15,
        &[
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 1",
        ],
    );
}

/// The mate-in-one test: a head gold, a knight drop and a board move mate;
/// nothing else is called a mate.
#[test]
fn mate_in_one_finds_drop_and_move_mates() {
    let mut head_gold = pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    assert_eq!(
        head_gold.mate_in_one(),
        Some(Move::drop(Role::Gold, sq("5b")))
    );
    let mut unsupported = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(unsupported.mate_in_one(), None);
    // A knight drop on 2c checks the king on 1a, walled in by its own men.
    let mut knight = pos("7sk/7bl/9/9/9/9/9/9/4K4 b N 1");
    assert_eq!(
        knight.mate_in_one(),
        Some(Move::drop(Role::Knight, sq("2c")))
    );
    // A gold moving up to 5b, supported by the pawn.
    let mut board = pos("4k4/9/4PG3/9/9/9/9/9/4K4 b - 1");
    assert_eq!(
        board.mate_in_one(),
        Some(Move::board(sq("4c"), sq("5b"), false))
    );
    // No pawn-drop mate.
    let mut pawn = pos("3gkg3/3s1s3/9/9/9/9/9/9/4K4 b P 1");
    assert_eq!(pawn.mate_in_one(), None);
}

/// Along random games the mate-in-one test agrees with brute force over
/// its candidate moves (board::testing::check_mate_in_one).
#[test]
fn mate_in_one_agrees_with_brute_force() {
    let found = crate::board::testing::check_mate_in_one::<Role, Move, _, { Role::NUM }, 7>(
        0x2545_f491_4f6c_dd1d,
        &[
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 1",
            "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
        ],
    );
    assert!(found >= 5, "only {found} mates seen");
}

/// A square from its USI name (`5b`).
fn sq(name: &str) -> crate::board::Square {
    let b = name.as_bytes();
    crate::board::Square::new(b[0] - b'0', b[1] - b'a')
}

#[test]
fn fast_legality_agrees_with_the_legal_list() {
    let sfens = [
        // Uchifuzume, a pawn drop check that is not mate, a drop in check,
        // a pin, nifu, forced promotions.
        "7nk/9/7G1/9/9/9/9/9/K8 b PL 1",
        "7nk/9/9/9/9/9/9/9/K8 b P 1",
        "4r3k/9/9/9/9/9/9/9/4K4 b G 1",
        "4r3k/9/9/9/9/9/4R4/9/4K4 b - 1",
        "4k4/9/6+P2/9/9/9/4P4/9/4K4 b P 1",
        "4k4/P7L/9/1N7/9/9/9/9/4K2S1 b - 1",
        // Double check, and no sente king.
        "4k4/9/9/9/9/9/2b6/4r4/4K4 b G 1",
        "4k4/9/9/9/9/9/9/9/9 b RBGSNLP 1",
    ];
    testing::check_fast_legality::<Position>(
        0x1e9a_5eed,
        &sfens,
        |bits| Move(bits as u16),
        1 << 16,
        97,
    );
}
