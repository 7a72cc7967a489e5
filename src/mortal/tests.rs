//! Mortal Shogi rule tests: each builds a position by hand and checks one
//! rule of docs/rules/mortal.md against move lists worked out by hand in the
//! comments, then the perft table in tests/perft/mortal.perft (whose counts
//! come from tests/reference/mortal_perft.py, not from this engine).

use super::*;
use crate::board::testing::{self, legal, play};
use crate::game::{
    Color, EndReason, EnteringKingRule, Game, GameError, GameName, MoveError, Outcome,
    PositionError, Rules,
};
use crate::perft::{perft_divide, run_perft_table};

fn pos(sfen: &str) -> Position {
    testing::pos(sfen)
}

/// The legal moves that start with `prefix` (a square or `P*`), sorted.
fn moves_from(p: &Position, prefix: &str) -> Vec<String> {
    legal(p)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn sfen_of(p: &Position) -> String {
    p.to_sfen().to_string()
}

fn parse_error(p: &Position, text: &str) -> GameError {
    let mv = usi::parse_move_token(text).expect("test move parses");
    p.parse_move(&mv).expect_err(text)
}

fn sfen_error(sfen: &str) -> PositionError {
    let parsed = usi::parse_sfen(sfen).expect("test SFEN parses");
    match Position::from_sfen(&parsed).expect_err(sfen) {
        GameError::Position(e) => e,
        other => panic!("'{sfen}': not a position error: {other:?}"),
    }
}

/// The reason given for an illegal move.
fn illegal_reason(e: GameError) -> String {
    match e {
        GameError::Move(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("not an illegal move: {other:?}"),
    }
}

// ---- SFEN --------------------------------------------------------------

#[test]
fn start_position_is_shogis() {
    let p = Position::startpos();
    assert_eq!(sfen_of(&p), crate::shogi::STARTPOS_SFEN);
    assert_eq!(p.key(), p.key_from_scratch());
    assert_eq!(<Position as Game>::VARIANT, "mortal");
}

#[test]
fn hand_is_printed_highest_first_and_read_in_any_order() {
    // Sente: a horse and three knights; gote: a horse and a gold. The
    // canonical order is + B R B G S L N P for each side, sente first.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b g2N+bN+B 1");
    assert_eq!(sfen_of(&p), "4k4/9/9/9/9/9/9/9/4K4 b +B3N+bg 1");
    assert_eq!(p.key(), p.key_from_scratch());
}

#[test]
fn sfens_with_pieces_mortal_shogi_lacks_are_rejected() {
    let promoted = sfen_error("4k4/9/9/9/4+P4/9/9/9/4K4 b - 1");
    assert!(
        matches!(promoted, PositionError::PromotedMinor { piece, square }
            if piece.letter == 'P' && square.to_string() == "5e"),
        "{promoted:?}"
    );
    assert!(promoted.to_string().contains("'+P' on 5e"), "{promoted}");
    for token in ["+L", "+N", "+s"] {
        let e = sfen_error(&format!("4k4/9/9/9/4{token}4/9/9/9/4K4 b - 1"));
        assert!(matches!(e, PositionError::PromotedMinor { .. }), "{e:?}");
    }
    let dragon = sfen_error("4k4/9/9/9/9/9/9/9/4K4 b +R 1");
    assert!(
        matches!(dragon, PositionError::DragonInHand { .. }),
        "{dragon:?}"
    );
    assert!(dragon.to_string().contains("becomes a horse"), "{dragon}");
    assert!(matches!(
        sfen_error("4k4/9/9/9/9/9/9/9/4K4 b K 1"),
        PositionError::KingInHand { .. }
    ));
    assert!(matches!(
        sfen_error("4k4/9/9/9/9/9/9/9/4K4 b +p 1"),
        PositionError::UnknownHandPiece {
            game: GameName::Mortal,
            ..
        }
    ));
}

#[test]
fn sfens_beyond_what_play_can_reach_are_rejected() {
    // 38 pieces besides the kings is the most a game holds; 39 is not.
    pos("4k4/9/9/9/9/9/9/9/4K4 b 38P 1");
    let hands_over = PositionError::HandsOverGame { max: 38 };
    assert_eq!(sfen_error("4k4/9/9/9/9/9/9/9/4K4 b 39P 1"), hands_over);
    assert_eq!(
        sfen_error("4k4/9/9/9/9/9/9/9/4K4 b 4294967295P 1"),
        hands_over
    );
    // The start position's 38 pieces plus one in hand: 39 in all.
    let e = sfen_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1");
    assert_eq!(e, PositionError::PiecesOverGame { count: 39, max: 38 });
    // Five rook-class pieces: only two rooks and two bishops exist.
    let e = sfen_error("4k4/9/9/9/9/9/9/9/4K4 b +B2R2B 1");
    assert_eq!(e, PositionError::MajorsOverGame { count: 5, max: 4 });
    assert!(
        e.to_string()
            .contains("5 rooks, bishops, horses and dragons"),
        "{e}"
    );
    // As in shogi: dead pieces, nifu, the side not to move in check.
    for sfen in [
        "4k3N/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/8N/9/9/9/9/9/9/4K4 b - 1",
    ] {
        assert!(matches!(sfen_error(sfen), PositionError::DeadPiece { .. }));
    }
    assert_eq!(
        sfen_error("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"),
        PositionError::Nifu {
            side: Color::Black,
            file: 5
        }
    );
    assert!(matches!(
        sfen_error("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
        PositionError::NotToMoveInCheck {
            side: Color::White,
            ..
        }
    ));
}

#[test]
fn hands_beyond_a_set_are_legal_and_keyed() {
    // Ten golds and 28 pawns: more than a set has of either, which Mortal
    // Shogi allows. Key tables must reach counts far above shogi's 18.
    let mut p = pos("4k4/9/9/9/9/9/9/9/4K4 b 10G28P 1");
    assert_eq!(p.hand(Color::Black).count(Role::Pawn), 28);
    assert_eq!(p.key(), p.key_from_scratch());
    play(&mut p, "P*5e 5a4a G*4b");
    assert_eq!(sfen_of(&p), "5k3/5G3/9/9/4P4/9/9/9/4K4 w 9G27P 4");
    assert_eq!(p.key(), p.key_from_scratch());
    // The largest count there is, 38, has a key of its own.
    let mut p = pos("4k4/9/9/9/9/9/9/9/4K4 b 38P 1");
    let full = p.key();
    assert_eq!(full, p.key_from_scratch());
    play(&mut p, "P*5e");
    assert_eq!(p.key(), p.key_from_scratch());
    p.undo_move();
    assert_eq!(p.key(), full);
}

// ---- capture and demotion ------------------------------------------------

/// Sente's gold on 5f takes a gote `victim` on 5e; returns the SFEN after.
fn gold_takes(victim: &str) -> String {
    let mut p = pos(&format!("4k4/9/9/9/4{victim}4/4G4/9/9/4K4 b - 1"));
    play(&mut p, "5f5e");
    assert_eq!(p.key(), p.key_from_scratch());
    sfen_of(&p)
}

#[test]
fn every_capture_steps_the_piece_down_once() {
    // Each kind goes to the capturer's hand one place lower in the order
    // + R > + B > R > B > G > S > L > N > P; the hand field shows it.
    let after = |hand: &str| format!("4k4/9/9/9/4G4/9/9/9/4K4 w {hand} 2");
    assert_eq!(gold_takes("+r"), after("+B"));
    assert_eq!(gold_takes("+b"), after("R"));
    assert_eq!(gold_takes("r"), after("B"));
    assert_eq!(gold_takes("b"), after("G"));
    assert_eq!(gold_takes("g"), after("S"));
    assert_eq!(gold_takes("s"), after("L"));
    assert_eq!(gold_takes("l"), after("N"));
    assert_eq!(gold_takes("n"), after("P"));
}

#[test]
fn a_captured_pawn_leaves_the_game() {
    assert_eq!(gold_takes("p"), "4k4/9/9/9/4G4/9/9/9/4K4 w - 2");
}

#[test]
fn undoing_a_capture_restores_the_victim_and_the_hand() {
    let mut p = pos("4k4/9/9/9/4+r4/4G4/9/9/4K4 b S 1");
    let before = sfen_of(&p);
    play(&mut p, "5f5e");
    p.undo_move();
    assert_eq!(sfen_of(&p), before);
    assert_eq!(p.key(), p.key_from_scratch());
}

#[test]
fn gote_captures_demote_too() {
    // Gote's silver on 5d takes sente's dragon on 5e: gote holds a horse.
    let mut p = pos("4k4/9/9/4s4/4+R4/9/9/9/4K4 w - 1");
    play(&mut p, "5d5e");
    assert_eq!(sfen_of(&p), "4k4/9/9/9/4s4/9/9/9/4K4 b +b 2");
}

// ---- promotion -----------------------------------------------------------

#[test]
fn pawn_promotion_choices_by_rank() {
    // Entering rank c: stay a pawn, or become a knight, lance, silver or gold.
    let p = pos("k8/9/9/4P4/9/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5d"),
        sorted(&["5d5c", "5d5c=N", "5d5c=L", "5d5c=S", "5d5c=G"])
    );
    // Rank b: a knight there could never move, so no =N.
    let p = pos("k8/9/4P4/9/9/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5c"),
        sorted(&["5c5b", "5c5b=L", "5c5b=S", "5c5b=G"])
    );
    // Rank a: the pawn must promote, and neither a knight nor a lance could
    // move from there: only silver and gold remain.
    let p = pos("k8/4P4/9/9/9/9/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5b"), sorted(&["5b5a=S", "5b5a=G"]));
    // Outside the zone there is no choice.
    let p = pos("k8/9/9/9/4P4/9/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5e"), sorted(&["5e5d"]));
}

#[test]
fn gote_pawn_promotes_on_its_own_far_ranks() {
    // Mirror image: gote's zone is ranks g..i, its last rank is i.
    let p = pos("k8/9/9/9/9/4p4/9/9/K8 w - 1");
    assert_eq!(
        moves_from(&p, "5f"),
        sorted(&["5f5g", "5f5g=N", "5f5g=L", "5f5g=S", "5f5g=G"])
    );
    let p = pos("k8/9/9/9/9/9/9/4p4/K8 w - 1");
    assert_eq!(moves_from(&p, "5h"), sorted(&["5h5i=S", "5h5i=G"]));
}

#[test]
fn knight_promotion_choices_by_rank() {
    // From 5e to 4c/6c: stay, or lance, silver, gold (4 each).
    let p = pos("k8/9/9/9/4N4/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5e"),
        sorted(&["5e4c", "5e4c=L", "5e4c=S", "5e4c=G", "5e6c", "5e6c=L", "5e6c=S", "5e6c=G"])
    );
    // To rank b it must promote; a lance can still move from rank b.
    let p = pos("k8/9/9/4N4/9/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5d"),
        sorted(&["5d4b=L", "5d4b=S", "5d4b=G", "5d6b=L", "5d6b=S", "5d6b=G"])
    );
    // To rank a: silver or gold only.
    let p = pos("k8/9/4N4/9/9/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5c"),
        sorted(&["5c4a=S", "5c4a=G", "5c6a=S", "5c6a=G"])
    );
}

#[test]
fn lance_promotion_choices_by_rank() {
    // A lance on 1e runs up an empty file: 1d plain; 1c and 1b stay, =S or
    // =G; 1a only =S or =G (a lance there could never move).
    let p = pos("k8/9/9/9/8L/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "1e"),
        sorted(&[
            "1e1d", "1e1c", "1e1c=S", "1e1c=G", "1e1b", "1e1b=S", "1e1b=G", "1e1a=S", "1e1a=G"
        ])
    );
}

#[test]
fn silver_promotes_entering_leaving_or_inside_the_zone() {
    // 5d: forward to 4c/5c/6c enters the zone (stay or =G); back to 4e/6e
    // stays outside (plain only): 3 x 2 + 2 = 8.
    let p = pos("k8/9/9/4S4/9/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5d"),
        sorted(&["5d4c", "5d4c=G", "5d5c", "5d5c=G", "5d6c", "5d6c=G", "5d4e", "5d6e"])
    );
    // 5c: every move starts in the zone, including the retreats to 4d/6d.
    let p = pos("k8/9/4S4/9/9/9/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5c").len(), 10);
    assert!(moves_from(&p, "5c").contains(&"5c4d=G".to_string()));
}

#[test]
fn gold_never_promotes_and_rook_bishop_use_plus() {
    let p = pos("k8/9/4G4/9/9/9/9/9/K8 b - 1");
    assert!(moves_from(&p, "5c").iter().all(|m| !m.contains('=')));
    // The bishop's exchange: 8h2b takes gote's bishop, promoting or not.
    let p = Position::startpos();
    let mut after = p.clone();
    play(&mut after, "7g7f 3c3d");
    let bishop = moves_from(&after, "8h2b");
    assert_eq!(bishop, sorted(&["8h2b", "8h2b+"]));
}

#[test]
fn bishop_exchange_gives_a_gold_then_a_rook() {
    // 8h2b+ takes the bishop (to hand as a gold); 3a2b takes the horse (to
    // gote's hand as a rook): the mortal exchange is lopsided.
    let mut p = Position::startpos();
    play(&mut p, "7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(
        sfen_of(&p),
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Gr 5"
    );
}

// ---- drops ---------------------------------------------------------------

#[test]
fn a_horse_in_hand_drops_as_a_horse() {
    // Only kings on 9a and 1h: 79 empty squares, all open to a horse.
    let mut p = pos("k8/9/9/9/9/9/9/8K/9 b +B 1");
    assert_eq!(moves_from(&p, "+B*").len(), 79);
    play(&mut p, "+B*5e 9a9b");
    assert_eq!(sfen_of(&p), "9/k8/9/9/4+B4/9/9/8K/9 b - 3");
    // On the board it moves as a horse: four open diagonals of 4 squares
    // (the kings stand off them) and the 4 orthogonal steps.
    assert_eq!(moves_from(&p, "5e").len(), 20);
}

#[test]
fn drops_respect_dead_squares() {
    // Pawn and lance not on rank a (8 empty squares there, 5a holds gote's
    // king); knight not on ranks a and b (8 + 9). 79 empty squares in all.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b NLP 1");
    assert_eq!(moves_from(&p, "N*").len(), 79 - 8 - 9);
    assert_eq!(moves_from(&p, "L*").len(), 79 - 8);
    assert_eq!(moves_from(&p, "P*").len(), 79 - 8);
}

#[test]
fn nifu_counts_every_own_pawn() {
    // Sente's pawn on 5g: no pawn drop on file 5. The gold on 3c (it may
    // well have been a pawn) is a gold and does not count. 8 files x 8
    // ranks (not rank a) minus the gold's square 3c: 63 drops.
    let p = pos("4k4/9/6G2/9/9/9/4P4/9/4K4 b P 1");
    let drops = moves_from(&p, "P*");
    assert!(drops.iter().all(|m| !m.starts_with("P*5")));
    assert!(drops.contains(&"P*3d".to_string()));
    assert_eq!(drops.len(), 63);
    assert!(illegal_reason(parse_error(&p, "P*5e")).contains("nifu"));
}

#[test]
fn pawn_drop_mate_is_illegal() {
    // Gote's king on 1a, its knight on 2a; sente's gold on 2c guards 1b and
    // 2b. P*1b checks; the king cannot take (gold), 2b is covered, 2a holds
    // its own knight: that would be mate by a pawn drop, so it is illegal.
    // A lance on 1b mates legally.
    let p = pos("7nk/9/7G1/9/9/9/9/9/K8 b PL 1");
    let moves = legal(&p);
    assert!(!moves.contains(&"P*1b".to_string()));
    assert!(moves.contains(&"L*1b".to_string()));
    assert!(moves.contains(&"P*1c".to_string()));
    assert!(illegal_reason(parse_error(&p, "P*1b")).contains("uchifuzume"));
}

#[test]
fn pawn_drop_check_that_is_not_mate_is_legal() {
    // No gold: the king can take the pawn or step to 2b.
    let p = pos("7nk/9/9/9/9/9/9/9/K8 b P 1");
    assert!(legal(&p).contains(&"P*1b".to_string()));
}

#[test]
fn a_king_with_a_huge_hand() {
    // Kings on 5i and 5a, 79 empty squares. Sente holds every kind:
    // horse, rook, bishop, gold, silver drop on all 79 (395); lance and
    // pawn not on rank a's 8 empty squares (71 each; P*5b checks but the
    // king takes it, so it is legal); knight not on ranks a, b (62); the
    // king steps to 4h, 5h, 6h, 4i, 6i (5). 395 + 142 + 62 + 5 = 604, more
    // than any standard shogi position has.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b +BRB10G10S5L5N3Pb 1");
    assert_eq!(legal(&p).len(), 604);
}

#[test]
fn drops_while_in_check_only_interpose() {
    // Gote's dragon on 5a checks down file 5 (gote's king is on 1a). A horse
    // in hand may only interpose, on 5b..5h (7 drops). The king may not
    // stay on the file (5h); 4h, 6h, 4i and 6i are free: 4 king moves.
    let p = pos("4+r3k/9/9/9/9/9/9/9/4K4 b +B 1");
    let moves = legal(&p);
    let drops: Vec<&String> = moves.iter().filter(|m| m.contains('*')).collect();
    assert_eq!(drops.len(), 7);
    assert!(drops.iter().all(|m| m.starts_with("+B*5")));
    let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("5i")).collect();
    assert_eq!(king, ["5i4h", "5i4i", "5i6h", "5i6i"]);
}

#[test]
fn pinned_piece_moves_only_along_the_pin() {
    // Gote's horse on 1e pins sente's silver on 4h against the king on 5i
    // (diagonal 1e-2f-3g-4h-5i). Of the silver's squares 3g, 4g, 5g, 3i (and
    // 5i, its own king), only 3g stays on that diagonal.
    let p = pos("k8/9/9/9/8+b/9/9/5S3/4K4 b - 1");
    assert_eq!(moves_from(&p, "4h"), sorted(&["4h3g"]));
    // A dragon on 5c pins a silver on 5h down the file: only 5h5g.
    let p = pos("k8/9/4+r4/9/9/9/9/4S4/4K4 b - 1");
    assert_eq!(moves_from(&p, "5h"), sorted(&["5h5g"]));
}

// ---- notation --------------------------------------------------------------

#[test]
fn every_legal_move_round_trips_through_notation() {
    for sfen in [
        "k8/4P4/2N6/4L4/4S4/9/9/1B5R1/K8 b +BGp 1",
        "4k4/2s3G2/3pp2l1/1G3P3/7Np/1NP3P2/1K1PG4/9/1g7 b 2+B2G3SL2P2p 101",
        "4k4/P8/1P3S3/2PN5/l1n3N1L/5np2/3s3p1/8p/4K4 w - 1",
    ] {
        let p = pos(sfen);
        let mut list = Moves::new();
        p.generate_legal(&mut list);
        for &m in list.iter() {
            let text = format_move(m).to_string();
            let parsed = usi::parse_move_token(&text).expect("own notation parses");
            assert_eq!(p.parse_move(&parsed), Ok(m), "{text}");
        }
    }
}

#[test]
fn notation_of_promotions_and_drops() {
    let p = pos("k8/9/9/4P4/9/9/9/1B7/K8 b +B 1");
    let read =
        |text: &str| format_move(p.parse_move(&usi::parse_move_token(text).unwrap()).unwrap());
    assert_eq!(read("5d5c=N").to_string(), "5d5c=N");
    assert_eq!(read("8h3c+").to_string(), "8h3c+");
    assert_eq!(read("+B*5e").to_string(), "+B*5e");
    // A bare `=` is an explicit non-promotion.
    assert_eq!(read("5d5c=").to_string(), "5d5c");
}

#[test]
fn bad_moves_are_explained() {
    // Sente: pawns on 5b and 3d, bishop 8h, king 9i, a horse and a gold in
    // hand. Gote: king 9a.
    let p = pos("k8/4P4/9/6P2/9/9/9/1B7/K8 b +BG 1");
    let e = |m: &str| parse_error(&p, m);
    let plus = e("3d3c+");
    assert!(matches!(
        plus,
        GameError::Move(MoveError::PromoteByName { .. })
    ));
    assert!(plus.to_string().contains("after '=' (=N, =L, =S, =G)"));
    assert!(matches!(
        e("8h3c=G"),
        GameError::Move(MoveError::PromoteByPlus { .. })
    ));
    let named = e("3d3c=B");
    assert!(matches!(
        named,
        GameError::Move(MoveError::PromotionChoice { to: 'B', .. })
    ));
    assert!(named
        .to_string()
        .contains("cannot promote to 'B': it may become N, L, S, G"));
    assert_eq!(e("3d3c=NL"), GameError::Move(MoveError::PromotionLetters));
    assert!(matches!(
        e("+R*5e"),
        GameError::Move(MoveError::DragonDrop { .. })
    ));
    assert_eq!(e("K*5e"), GameError::Move(MoveError::KingDrop));
    let held = e("R*5e");
    assert!(matches!(held, GameError::Move(MoveError::NotInHand { piece }) if piece.letter == 'R'));
    assert!(held.to_string().contains("no 'R' in hand"));
    // 5b5a exists only as =S and =G.
    assert!(illegal_reason(e("5b5a")).contains("must promote"));
    assert!(illegal_reason(e("5b5a=N")).contains("could never move"));
    assert!(matches!(
        e("5e5d"),
        GameError::Move(MoveError::NoPiece { .. })
    ));
    assert!(matches!(
        e("9a9b"),
        GameError::Move(MoveError::NotYourPiece { .. })
    ));
    assert!(illegal_reason(e("3d3b")).contains("cannot go there"));
    // A pawn moving from 5e to 5d is outside the zone: no promotion.
    let q = pos("k8/9/9/9/4P4/9/9/9/K8 b - 1");
    assert!(illegal_reason(parse_error(&q, "5e5d=G")).contains("promotion zone"));
    let king = parse_error(&q, "9i9h=G");
    assert!(matches!(
        king,
        GameError::Move(MoveError::CannotPromote { from: None, .. })
    ));
    assert!(king.to_string().contains("'K' cannot promote"));
}

// ---- game end --------------------------------------------------------------

#[test]
fn games_end_by_mate_repetition_and_perpetual_check() {
    testing::check_game_ends::<Position>("+R");
}

#[test]
fn entering_king_counts_horses_in_hand_as_five() {
    let rules = Rules::default();
    // Sente's king on 5a with 10 pieces in its camp (8 silvers, 2 golds:
    // 10 points) and a hand of horse, rook, bishop (5 each) and 3 golds:
    // 10 + 15 + 3 = 28, what CSARule27 asks of sente.
    assert!(pos("SSSGKGSSS/2S3S2/9/9/9/9/9/9/4k4 b +BRB3G 1").can_declare_win(&rules));
    // One gold fewer: 27, one short.
    assert!(!pos("SSSGKGSSS/2S3S2/9/9/9/9/9/9/4k4 b +BRB2G 1").can_declare_win(&rules));
    // Gote, mirrored, needs 27: 10 + 15 + 2 golds.
    let gote = |hand: &str| pos(&format!("4K4/9/9/9/9/9/9/2s3s2/sssgkgsss w {hand} 1"));
    assert!(gote("+brb2g").can_declare_win(&rules));
    assert!(!gote("+brbg").can_declare_win(&rules));
    // The handicap-aware rule adds nothing for gote: material missing from
    // a full set has died in play (see docs/rules/mortal.md).
    let h = Rules {
        entering_king: EnteringKingRule::CsaRule27H,
        ..Rules::default()
    };
    assert!(!gote("+brbg").can_declare_win(&h));
    assert!(gote("+brb2g").can_declare_win(&h));
}

#[test]
fn sloan_decides_by_more_than_31_points() {
    let sloan = Rules {
        entering_king: EnteringKingRule::Sloan,
        ..Rules::default()
    };
    // Both kings in the enemy camps. Sente: 4 rook-class in hand (20) and
    // 12 golds (12) = 32 > 31: sente, to move, wins.
    let p = pos("9/4K4/9/9/9/9/9/4k4/9 b +B+BRR12G 1");
    assert_eq!(p.outcome(&sloan), Some(Outcome::Win(EndReason::Impasse)));
    // The same from gote's side to move: gote loses.
    let p = pos("9/4K4/9/9/9/9/9/4k4/9 w +B+BRR12G 1");
    assert_eq!(p.outcome(&sloan), Some(Outcome::Loss(EndReason::Impasse)));
    // Material has died: 20 + 2 against 0. Nobody above 31: a draw, where
    // shogi's "fewer than 23 loses" would have had both sides lose.
    let p = pos("9/4K4/9/9/9/9/9/4k4/9 w +B+BRR2G 1");
    assert_eq!(p.outcome(&sloan), Some(Outcome::Draw(EndReason::Impasse)));
}

// ---- evaluation --------------------------------------------------------------

#[test]
fn material_counts_what_a_capture_really_gains() {
    assert_eq!(eval::evaluate(&Position::startpos()), 0);
    // Taking a pawn gains only the pawn's board value; taking a rook gains
    // the rook and a bishop in hand, less than a rook in hand would be.
    assert_eq!(eval::capture_gain(Role::Pawn), eval::value(Role::Pawn));
    assert_eq!(
        eval::capture_gain(Role::Rook),
        eval::value(Role::Rook) + eval::hand_value(Role::Bishop)
    );
    let mut p = pos("4k4/9/9/9/4r4/4G4/9/9/4K4 b - 1");
    let before = eval::material(&p, Color::Black);
    play(&mut p, "5f5e");
    let gained = eval::material(&p, Color::Black) - before;
    assert_eq!(gained, eval::capture_gain(Role::Rook));
}

// ---- make/unmake and perft ---------------------------------------------------

#[test]
fn make_unmake_restores_key_and_sfen() {
    for sfen in [
        "lns1l1k2/2rgg1s1L/1p1ppp1p1/L1p3p2/3+b1P1N1/4P1PP1/3K1R3/2S1G4/1N1G5 b Ng 61",
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w G 4",
        "4k4/9/9/9/9/9/9/9/4K4 b +BRB10G10S5L5N3Pb 1",
        "k8/4P4/2N6/4L4/4S4/4+r4/9/1B5R1/K8 b +BGp 1",
    ] {
        let mut p = pos(sfen);
        let before = p.to_sfen();
        let mut list = Moves::new();
        p.generate_legal(&mut list);
        for &m in list.iter() {
            p.do_move(m);
            assert_eq!(p.key(), p.key_from_scratch(), "after {}", format_move(m));
            p.undo_move();
            assert_eq!(p.to_sfen(), before);
            assert_eq!(p.key(), p.key_from_scratch());
        }
    }
}

const PERFT_TABLE: &str = include_str!("../../tests/perft/mortal.perft");

#[test]
fn perft_table() {
    run_perft_table::<Position>(PERFT_TABLE, 20_000_000);
}

/// Every line of the table, however deep (tens of seconds in release).
#[test]
#[ignore]
fn perft_table_deep() {
    run_perft_table::<Position>(PERFT_TABLE, u64::MAX);
}

/// Divide for comparing with tests/reference/mortal_perft.py:
/// `MORTAL_SFEN='<sfen>' MORTAL_DEPTH=3 cargo test --release --lib
/// mortal::tests::divide -- --ignored --nocapture`
#[test]
#[ignore]
fn divide() {
    let sfen = std::env::var("MORTAL_SFEN").unwrap_or_else(|_| crate::shogi::STARTPOS_SFEN.into());
    let depth = std::env::var("MORTAL_DEPTH").map_or(2, |d| d.parse().expect("a depth"));
    let mut p = pos(&sfen);
    let mut total = 0;
    for (m, n) in perft_divide(&mut p, depth) {
        println!("{}: {n}", format_move(m));
        total += n;
    }
    println!("\nNodes searched: {total}");
}

#[test]
fn fast_legality_agrees_with_the_legal_list() {
    let sfens = [
        "7nk/9/7G1/9/9/9/9/9/K8 b PL 1",
        "4r3k/9/9/9/9/9/4R4/9/4K4 b G 1",
        "4k4/P7L/9/1N7/9/9/9/9/4K2S1 b - 1",
        "4k4/9/9/9/9/9/2b6/4r4/4K4 b G 1",
    ];
    // Half the garbage within the move's 18 bits, where decoding is tested
    // (every such encoding for some positions).
    crate::board::testing::check_fast_legality::<Position>(
        0x5eed_1e9a,
        &sfens,
        |bits| {
            Move(if bits & 1 == 0 {
                (bits >> 1) as u32 & 0x3ffff
            } else {
                (bits >> 1) as u32
            })
        },
        1 << 19,
        401,
    );
}

/// The tactical generator yields exactly the legal captures and promotions
/// (every promotion choice), and `gives_check` agrees with playing the
/// move, along random games from the bench positions.
#[test]
fn tactical_generator_matches_filtered_legal_moves() {
    crate::board::testing::check_tactical_moves_and_checks::<Position>(
        0x3c6e_f372_fe94_f82b,
        &[
            "2sgkgsnl/5r3/l1p1p2pp/pp1p1Gp2/1n2G4/2P6/PP1PPPPPP/8R/LNS1KGSNL b g 25",
            "2sgkgsn1/9/l1p2G1pl/pp1p2p2/1n6p/5r3/PP1S2PP1/5S2R/LN1KG2NL b Ss 49",
            "2sgk1sn1/5r3/l1p4p1/pps3p2/1n1p4l/4S2Pp/PP1SsSP2/2R5L/LN1KG1SN1 b - 73",
        ],
    );
}

/// The mate-in-one test sees Mortal's promotion choices: a silver or pawn
/// stepping onto 5b mates only as a gold.
#[test]
fn mate_in_one_finds_a_promotion_to_gold() {
    let mut p = pos("4k4/9/4PS3/9/9/9/9/9/4K4 b - 1");
    let m = p.mate_in_one().expect("a mate in one");
    assert_eq!(m.promotion(), Some(Role::Gold), "{m:?}");
    let mut head_gold = pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    assert_eq!(head_gold.mate_in_one().map(|m| m.is_drop()), Some(true));
    let mut unsupported = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(unsupported.mate_in_one(), None);
}

/// Along random games the mate-in-one test agrees with brute force over
/// its candidate moves (board::testing::check_mate_in_one).
#[test]
fn mate_in_one_agrees_with_brute_force() {
    let found = crate::board::testing::check_mate_in_one::<
        Role,
        Move,
        _,
        { Role::NUM },
        { Role::HAND_KINDS },
    >(
        0x2545_f491_4f6c_dd1d,
        &[
            "2sgkgsnl/5r3/l1p1p2pp/pp1p1Gp2/1n2G4/2P6/PP1PPPPPP/8R/LNS1KGSNL b g 25",
            "2sgkgsn1/9/l1p2G1pl/pp1p2p2/1n6p/5r3/PP1S2PP1/5S2R/LN1KG2NL b Ss 49",
            "2sgk1sn1/5r3/l1p4p1/pps3p2/1n1p4l/4S2Pp/PP1SsSP2/2R5L/LN1KG1SN1 b - 73",
            "6n1l/2S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2GPPG1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
        ],
    );
    assert!(found >= 5, "only {found} mates seen");
}
