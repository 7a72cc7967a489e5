//! Rule tests on hand-built positions, and the perft table in tests/perft.
//! Every expectation below is reasoned from docs/rules/shogammon.md by hand (the
//! comments give the reasoning); none is copied from engine output.

use super::movegen::Targets;
use super::*;
use crate::chance::perft::perft;
use crate::chance::DiceRoller;
use crate::game::{
    DiceError, EndReason, Game, GameError, GameName, MoveError, Outcome, PositionError, Rules,
    TurnError,
};

fn pos(sfen: &str) -> Position {
    let parsed = usi::parse_sfen(sfen).expect("test SFEN parses");
    Position::from_sfen(&parsed).expect("test SFEN is legal")
}

fn with_roll(sfen: &str, roll: [u8; 2]) -> Position {
    let mut p = pos(sfen);
    p.set_dice(roll).expect("valid roll");
    p
}

/// The turn tokens of the legal turns for the position's roll, sorted.
fn turns(p: &Position) -> Vec<String> {
    let mut list = Turns::new();
    p.generate_legal(&mut list);
    let mut v: Vec<String> = list.iter().map(|&t| p.format_move(t).to_string()).collect();
    v.sort();
    v
}

fn parse(p: &Position, token: &str) -> Result<Turn, GameError> {
    let t = usi::parse_turn(token).expect("test turn parses");
    p.parse_turn(&t)
}

/// Why the rules refuse a turn token (asserting that they refuse it as a turn).
fn turn_refusal(p: &Position, token: &str) -> TurnError {
    match parse(p, token) {
        Err(GameError::Move(MoveError::IllegalTurn { reason, .. })) => reason,
        other => panic!("'{token}': not an illegal turn: {other:?}"),
    }
}

/// The message of a refused turn token, for reasons the rules word (which
/// die had which move).
fn turn_err(p: &Position, token: &str) -> String {
    let reason = turn_refusal(p, token);
    let message = parse(p, token).unwrap_err().to_string();
    assert!(message.ends_with(&reason.to_string()), "{message}");
    message
}

fn play(p: &mut Position, token: &str) {
    let t = parse(p, token).unwrap_or_else(|e| panic!("{token}: {e}"));
    p.do_move(t);
}

fn sfen_of(p: &Position) -> String {
    p.to_sfen().to_string()
}

/// The steps one die has as a move standing on its own, as text, sorted.
fn die_moves(p: &Position, die: u8) -> Vec<String> {
    let mut v = Vec::new();
    p.core().die_steps(die, Targets::Normal, &mut v);
    let mut out: Vec<String> = v
        .into_iter()
        .filter_map(notation::format_step)
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

fn strings(v: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// Runs every `perft` line of a table up to `max_nodes` expected leaves.
/// Lines: `id`, `sfen`, `dice D1D2` (root roll for the following `perft`
/// lines of that position), `perft <depth> <count>`; `#` comments.
fn run_perft_table(table: &str, max_nodes: u64) {
    let mut id = String::new();
    let mut current: Option<Position> = None;
    for line in table.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "id" => id = rest.to_string(),
            "sfen" => current = Some(pos(rest)),
            "dice" => {
                let d = rest.as_bytes();
                let roll = [d[0] - b'0', d[1] - b'0'];
                current
                    .as_mut()
                    .expect("dice after sfen")
                    .set_dice(roll)
                    .expect("table roll is valid");
            }
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("perft <depth> <count>");
                let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
                if n > max_nodes {
                    continue;
                }
                let p = current.as_mut().expect("perft after sfen");
                assert_eq!(perft(p, d), n, "{id} depth {d}");
            }
            other => panic!("unknown perft table line '{other}'"),
        }
    }
}

#[test]
fn perft_table() {
    // Release builds run the whole table in about a second; debug builds
    // skip the biggest lines.
    let max = if cfg!(debug_assertions) {
        300_000
    } else {
        u64::MAX
    };
    run_perft_table(include_str!("../../tests/perft/shogammon.perft"), max);
}

// ---- dice and the must-move rule ------------------------------------------

#[test]
fn startpos_double_six_moves_only_the_king_twice() {
    // 6 is the king's die. From 5i the king may go to 4h, 5h, 6h (empty) or
    // onto the golds on 4i and 6i (forming points); a second king move
    // follows. Nothing else changes, so a result is the king's final square:
    // every square of files 3-7 on ranks g-i (stacking on the pawns of rank
    // g, the silvers on 3i/7i, the golds) is reachable in two steps, 5i
    // itself by going and coming back: 15 results.
    let p = with_roll(STARTPOS_SFEN, [6, 6]);
    let list = turns(&p);
    assert_eq!(list.len(), 15);
    assert!(list.iter().all(|t| t.starts_with("66:5i")));
    // One representative per result: the king onto the silver on 7i is
    // listed once, however it got there.
    assert_eq!(list.iter().filter(|t| t.ends_with("7i")).count(), 1);
    assert!(parse(&p, "66:5i6i,6i7i").is_ok() && parse(&p, "66:5i6h,6h7i").is_ok());
}

#[test]
fn startpos_six_one_is_king_times_pawn() {
    // 5 king moves (4h, 5h, 6h, onto 4i, onto 6i) and 9 pawn moves, which
    // cannot interfere: both orders reach the same 45 positions, and each
    // is listed once, with the higher die first.
    let p = with_roll(STARTPOS_SFEN, [1, 6]);
    let list = turns(&p);
    assert_eq!(list.len(), 45);
    assert!(list.iter().all(|t| t.starts_with("61:5i")));
}

#[test]
fn promoted_piece_answers_to_its_unpromoted_kind() {
    // A tokin moves like a gold but answers to the pawn's die 1: on 1-1 it
    // moves (twice), on 4-4 nothing answers (no gold, and the tokin is not
    // one), so both dice are lost.
    let p = with_roll("4k4/9/9/9/4+P4/9/9/9/K8 b - 1", [1, 1]);
    assert!(turns(&p).iter().all(|t| t.starts_with("11:5e")));
    let p = with_roll("4k4/9/9/9/4+P4/9/9/9/K8 b - 1", [4, 4]);
    assert_eq!(turns(&p), ["44:pass"]);
}

#[test]
fn seed_example_pawn_onto_king_then_six_lost() {
    // The seed: "if you roll 6 and 1 you might move a pawn onto your king
    // then claim that you can't move your king". King 5e, pawn 5f.
    // - 1 first: the pawn's only move is 5f5e, onto the king, forming a
    //   point with the king below; the king is frozen, the 6 is lost.
    // - 6 first: the king has 8 moves (7 empty squares, and onto the pawn on
    //   5f). Onto the pawn freezes the pawn: the 1 is lost. Otherwise the
    //   pawn must then move to 5e, now empty.
    // 1 + 1 + 7 = 9 turns.
    let p = with_roll("4k4/9/9/9/4K4/4P4/9/9/9 b - 1", [6, 1]);
    let expected = strings(&[
        "16:5f5e",
        "61:5e5f",
        "61:5e4d,5f5e",
        "61:5e5d,5f5e",
        "61:5e6d,5f5e",
        "61:5e4e,5f5e",
        "61:5e6e,5f5e",
        "61:5e4f,5f5e",
        "61:5e6f,5f5e",
    ]);
    assert_eq!(turns(&p), expected);

    let mut q = p.clone();
    play(&mut q, "16:5f5e");
    assert_eq!(sfen_of(&q), "4k4/9/9/9/4(KP)4/9/9/9/9 w - 2", "king below");
    // Both digit orders are accepted; the moves decide.
    assert_eq!(
        p.format_move(parse(&p, "61:5f5e").unwrap()).to_string(),
        "16:5f5e"
    );
    assert_eq!(
        p.format_move(parse(&p, "16:5e5f").unwrap()).to_string(),
        "61:5e5f"
    );
    // King moves first to 4d: the pawn then has a move and must play it.
    let err = turn_err(&p, "61:5e4d");
    assert!(
        err.contains("die 1 had a move (for example 5f5e) and was not played"),
        "{err}"
    );
}

#[test]
fn rulings_example_lance_under_pawn_two_one() {
    // (LP) on 9i: lance below, pawn on top; roll 2-1, nothing else answers
    // to 2 or 1 (the kings answer to 6).
    // - 2 first: the lance is frozen, no knight: the 2 is lost; then the
    //   pawn moves 9i9h.
    // - 1 first: the pawn moves 9i9h; the freed lance must then move: its
    //   ray north stops at the first occupied square, 9h (its own pawn), so
    //   its only move is onto the pawn, forming (PL) on 9h.
    let p = with_roll("4k4/9/9/9/9/9/9/9/(LP)3K4 b - 1", [2, 1]);
    assert_eq!(turns(&p), strings(&["21:9i9h", "12:9i9h,9i9h"]));
    let mut q = p.clone();
    play(&mut q, "12:9i9h,9i9h");
    assert_eq!(sfen_of(&q), "4k4/9/9/9/9/9/9/(PL)8/4K4 w - 2");
    // The pawn alone is the turn that lost the 2, whatever the digit order.
    assert_eq!(
        p.format_move(parse(&p, "12:9i9h").unwrap()).to_string(),
        "21:9i9h"
    );
    // Naming the lance's move first cannot work: 9i moves its top, the pawn.
    let err = turn_err(&p, "21:9i8h");
    assert!(err.contains("cannot reach 8h"), "{err}");
}

#[test]
fn frozen_lower_piece_is_explained() {
    // Roll 2-2: the only lance is under the pawn and nothing else answers
    // to 2, so both dice are lost.
    let p = with_roll("4k4/9/9/9/9/9/9/9/(LP)3K4 b - 1", [2, 2]);
    assert_eq!(turns(&p), ["22:pass"]);
    let err = turn_err(&p, "22:9i9h");
    assert!(
        err.contains("is the pawn (the lance under it cannot move until it leaves), which answers to die 1, not 2"),
        "{err}"
    );
}

#[test]
fn a_die_whose_only_move_is_a_lone_point_landing_is_lost() {
    // Pawn 5f faces gote's point (gs) on 5e; the king on 9i cannot reach
    // 5e. The pawn's move onto the point would need a second capturer with
    // the 6, and there is none: the 1 has no move in either order, and only
    // the king's three moves remain. Listed with the 6 first.
    let p = with_roll("4k4/9/9/9/4(gs)4/4P4/9/9/K8 b - 1", [6, 1]);
    assert_eq!(turns(&p), strings(&["61:9i8h", "61:9i8i", "61:9i9h"]));
    let err = turn_err(&p, "16:5f5e,9i9h");
    assert!(err.contains("alone"), "{err}");
}

#[test]
fn point_pair_counts_for_the_must_move_rule() {
    // Pawn 5f and king 4f next to gote's point (gs) on 5e, roll 6-1.
    // - 1 first: the pawn's only move is onto the point; it counts, because
    //   the king (the 6) can then land there too: the pawn must move, and
    //   the pair captures g and s (pawn below, king on top).
    // - 6 first: the king may start the pair (the pawn completes it: king
    //   below), or make one of its 7 other moves (3e, 4e, 3f, onto the pawn
    //   on 5f, 3g, 4g, 5g); then the pawn's only move would be a lone
    //   landing on the point (or it is frozen under the king): the 1 is lost.
    // 2 + 7 = 9 turns.
    let p = with_roll("4k4/9/9/9/4(gs)4/4PK3/9/9/9 b - 1", [6, 1]);
    let expected = strings(&[
        "16:5f5e,4f5e",
        "61:4f5e,5f5e",
        "61:4f3e",
        "61:4f4e",
        "61:4f3f",
        "61:4f5f",
        "61:4f3g",
        "61:4f4g",
        "61:4f5g",
    ]);
    assert_eq!(turns(&p), expected);
    let mut q = p.clone();
    play(&mut q, "16:5f5e,4f5e");
    assert_eq!(sfen_of(&q), "4k4/9/9/9/4(PK)4/9/9/9/9 w GS 2");
    let mut q = p.clone();
    play(&mut q, "61:4f5e,5f5e");
    assert_eq!(sfen_of(&q), "4k4/9/9/9/4(KP)4/9/9/9/9 w GS 2");
    // The digits do not decide: `16:4f4e` is the king's move with the 1
    // lost, legal with the 6 taken first.
    assert_eq!(
        p.format_move(parse(&p, "16:4f4e").unwrap()).to_string(),
        "61:4f4e"
    );
    // After a king move, the pawn landing on the point alone is refused.
    let err = turn_err(&p, "61:4f4e,5f5e");
    assert!(err.contains("alone"), "{err}");
}

#[test]
fn enemy_point_falls_to_two_pieces_in_either_order() {
    // Gote's (gs) on 5e; sente's gold on 6f and silver on 4f both reach 5e
    // (diagonally forward). Roll 4-3:
    // - either piece may start the pair and the other complete it: two
    //   results (which capturer is below differs);
    // - otherwise the gold has 5 moves (6e, 7e, 7f, 5f, 6g) and the silver
    //   4 (4e, 3e, 3g, 5g) that cannot interfere, and both must move: 20
    //   results, reached by both orders.
    // 22 in all.
    let p = with_roll("4k4/9/9/9/4(gs)4/3G1S3/9/9/4K4 b - 1", [4, 3]);
    let list = turns(&p);
    assert_eq!(list.len(), 22);
    assert!(list.contains(&"43:6f5e,4f5e".to_string()));
    assert!(list.contains(&"34:4f5e,6f5e".to_string()));
    let mut q = p.clone();
    play(&mut q, "43:6f5e,4f5e");
    assert_eq!(sfen_of(&q), "4k4/9/9/9/4(GS)4/9/9/9/4K4 w GS 2");
    let err = turn_err(&p, "43:6f5e,4f4e");
    assert!(err.contains("alone"), "{err}");
}

#[test]
fn unblocked_slider_can_complete_a_point_capture() {
    // Gote's (gs) on 5d, sente's silver on 5e and rook on 5f behind it.
    // Roll 5-3: the silver steps onto the point first; the rook's ray north
    // now runs over the empty 5e to the point, so it completes the pair.
    // The rook cannot start: its ray stops at its own silver on 5e.
    let p = with_roll("4k4/9/9/4(gs)4/4S4/4R4/9/9/4K4 b - 1", [5, 3]);
    let list = turns(&p);
    assert!(list.contains(&"35:5e5d,5f5d".to_string()));
    assert!(!list.iter().any(|t| t.starts_with("53:5f5d")));
    let mut q = p.clone();
    play(&mut q, "35:5e5d,5f5d");
    assert_eq!(sfen_of(&q), "4k4/9/9/4(SR)4/9/9/9/9/4K4 w GS 2");
}

#[test]
fn freed_lower_piece_can_complete_a_point_capture() {
    // Sente's (SG) on 4f: silver below, gold on top; gote's (gs) on 5e.
    // Roll 4-3. 4 first: the gold may step onto the point and the freed
    // silver complete the pair (1 turn), or move normally (5 ways) after
    // which the freed silver must move (4 ways): 20. 3 first: the silver is
    // frozen and nothing else answers to 3, so the 3 is lost and the gold
    // moves alone (5 more results, the silver left on 4f). 26 in all.
    let p = with_roll("4k4/9/9/9/4(gs)4/5(SG)3/9/9/4K4 b - 1", [4, 3]);
    let list = turns(&p);
    assert_eq!(list.len(), 26);
    assert!(list.contains(&"43:4f5e,4f5e".to_string()));
    assert!(list.contains(&"34:4f4e".to_string()));
    let mut q = p.clone();
    play(&mut q, "43:4f5e,4f5e");
    assert_eq!(sfen_of(&q), "4k4/9/9/9/4(GS)4/9/9/9/4K4 w GS 2");
}

#[test]
fn doubles_give_two_moves_by_one_or_two_pieces() {
    // Silvers on 6f and 4f, gote's (sp) on 5e, roll 3-3. Counted by hand:
    // both silvers once, 4 x 4 = 16 (both to 5g stacks); one silver twice,
    // 12 final squares each (back home, or onto the other silver, count),
    // minus the one result both share (each went away and back: the start
    // position); the pair onto (sp), which leaves (SS) whichever silver
    // lands first: one result. 16 + 12 + 12 - 1 + 1 = 40.
    let p = with_roll("4k4/9/9/9/4(sp)4/3S1S3/9/9/4K4 b - 1", [3, 3]);
    assert_eq!(turns(&p).len(), 40);
    let mut q = p.clone();
    play(&mut q, "33:6f5g,5g6f");
    assert_eq!(
        sfen_of(&q),
        "4k4/9/9/9/4(sp)4/3S1S3/9/9/4K4 w - 2",
        "away and back is a turn"
    );
}

// ---- moving, stacking, capturing ------------------------------------------

#[test]
fn sliders_stop_at_the_first_occupied_square() {
    // Rook 5i: north 5h, then its own pawn on 5g (stack, stop); west 6i-9i;
    // east 4i-2i, then its own king on 1i (stack, stop). Never past.
    let p = pos("4k4/9/4p4/9/9/9/4P4/9/4R3K b - 1");
    let expected = [
        "5i5h", "5i5g", "5i6i", "5i7i", "5i8i", "5i9i", "5i4i", "5i3i", "5i2i", "5i1i",
    ];
    assert_eq!(die_moves(&p, 5), strings(&expected));
    // Rook 5e: captures the single pawn on 5c (promoting or not: it enters
    // the zone), never reaches 5b.
    let p = pos("4k4/9/4p4/9/4R4/9/9/9/K8 b - 1");
    let moves = die_moves(&p, 5);
    assert!(moves.contains(&"5e5c".to_string()) && moves.contains(&"5e5c+".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("5e5b")));
}

#[test]
fn knights_jump_and_stack() {
    // Startpos die 2: knights 8i/2i jump over rank h onto the single pawns
    // of rank g (stacking); lances 9i/1i slide to rank h or onto their pawn.
    let p = pos(STARTPOS_SFEN);
    let expected = [
        "8i7g", "8i9g", "2i1g", "2i3g", "9i9h", "9i9g", "1i1h", "1i1g",
    ];
    assert_eq!(die_moves(&p, 2), strings(&expected));
}

#[test]
fn nothing_moves_onto_an_own_point() {
    // Sente's (SG) on 5f; the gold on 5g would step onto it: not allowed.
    let p = with_roll("4k4/9/9/9/9/4(SG)4/4G4/9/K8 b - 1", [4, 4]);
    assert!(!die_moves(&p, 4).iter().any(|m| m == "5g5f"));
    let err = turn_err(&p, "44:5g5f,5f5e");
    assert!(err.contains("already a point of yours"), "{err}");
}

#[test]
fn stacking_on_the_last_rank_must_promote() {
    // The pawn on 8b may only step onto its own gold on 8a, and a pawn on
    // the last rank could never move: it must promote, stacking or not.
    let p = pos("1G1sk4/1P7/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(die_moves(&p, 1), ["8b8a+"]);
    let mut p = with_roll("1G1sk4/1P7/9/9/9/9/9/9/4K4 b - 1", [1, 2]);
    play(&mut p, "12:8b8a+");
    assert_eq!(sfen_of(&p), "1(G+P)1sk4/9/9/9/9/9/9/9/4K4 w - 2");
}

#[test]
fn captured_pieces_go_to_hand_unpromoted() {
    // The dragon on 5e takes the single horse on 5d: a bishop goes to hand.
    let mut p = with_roll("4k4/9/9/4+b4/4+R4/9/9/9/K8 b - 1", [5, 6]);
    play(&mut p, "56:5e5d,9i9h");
    assert_eq!(sfen_of(&p), "4k4/9/9/4+R4/9/9/9/K8/9 w B 2");
}

#[test]
fn drops_respect_nifu_in_points_and_dead_squares() {
    // Sente's pawn on file 9 stands in a point (on top or below): a pawn in
    // hand may not be dropped on file 9. Elsewhere: files 1-8, ranks b-i
    // (never the last rank a), minus 5i (the king): 63 squares.
    for sfen in [
        "4k4/9/9/9/9/9/9/(SP)8/4K4 b P 1",
        "4k4/9/9/9/9/9/9/(PS)8/4K4 b P 1",
    ] {
        let p = pos(sfen);
        let drops: Vec<String> = die_moves(&p, 1)
            .into_iter()
            .filter(|m| m.contains('*'))
            .collect();
        assert_eq!(drops.len(), 63, "{sfen}");
        assert!(!drops.iter().any(|m| m.starts_with("P*9")));
    }
    // Gote (moving towards rank i), roll 2-1 with L, N, P in hand and no
    // pawn on the board: 77 empty squares; a lance or pawn may not go to
    // rank i (8 empty there), a knight not to ranks h or i (16 empty).
    // The die-2 drop and the pawn drop commute, so a result is a pair of
    // different squares: lance 69 x pawn 68 + knight 61 x pawn 68 = 8840.
    let p = with_roll("4k4/4g4/9/9/9/9/9/4r4/4K4 w lnp 1", [2, 1]);
    assert_eq!(turns(&p).len(), 8840);
    let err = turn_err(&p, "21:N*1h,P*1a");
    assert!(err.contains("could never move"), "{err}");
    let err = turn_err(&p, "21:N*5b,P*2c");
    assert!(err.contains("occupied"), "{err}");
}

// ---- the end of the game --------------------------------------------------

#[test]
fn king_capture_ends_the_turn_at_once() {
    // Sente's pawn on 5f faces gote's single king on 5e; roll 6-1.
    // 1 first: the pawn takes the king and the 6 is not played. 6 first:
    // the king on 5i moves (5 ways), then the pawn must move: its only move
    // takes the king. 6 turns, every one ends the game.
    let p = with_roll("9/9/9/9/4k4/4P4/9/9/4K4 b - 1", [6, 1]);
    let list = turns(&p);
    assert_eq!(list.len(), 6);
    assert!(list.contains(&"16:5f5e".to_string()));
    let err = turn_err(&p, "16:5f5e,5i5h");
    assert!(err.contains("the game is over"), "{err}");
    let mut q = p.clone();
    play(&mut q, "16:5f5e");
    assert_eq!(
        sfen_of(&q),
        "9/9/9/9/4P4/9/9/9/4K4 w - 2",
        "no king in hand"
    );
    assert_eq!(
        q.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::KingCaptured))
    );
    assert!(
        matches!(
            q.set_dice([3, 4]),
            Err(GameError::Dice(DiceError::Finished { roll: [3, 4], .. }))
        ),
        "a finished game takes no roll"
    );
    q.set_roll(Some([3, 4]));
    assert!(turns(&q).is_empty());
}

#[test]
fn a_king_in_a_point_falls_with_the_point() {
    // Gote's king sits on top of a pawn on 5e; sente's golds on 6f and 4f
    // both reach it. Roll 4-4: the pair captures both; the pawn goes to
    // hand, the king does not, and the game is over.
    let mut p = with_roll("9/9/9/9/4(pk)4/3G1G3/9/9/4K4 b - 1", [4, 4]);
    play(&mut p, "44:6f5e,4f5e");
    assert_eq!(sfen_of(&p), "9/9/9/9/4(GG)4/9/9/9/4K4 w P 2");
    assert_eq!(
        p.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::KingCaptured))
    );
}

#[test]
fn a_position_without_a_king_is_finished() {
    let p = pos("4k4/9/9/9/9/9/9/9/9 b - 1");
    assert_eq!(
        p.outcome(&Rules::default()),
        Some(Outcome::Loss(EndReason::KingCaptured))
    );
    let err = turn_err(&p, "11:pass");
    assert!(err.contains("sente has no king"), "{err}");
    assert!(matches!(
        turn_refusal(&p, "11:pass"),
        TurnError::Finished(_)
    ));
}

// ---- notation and bookkeeping ---------------------------------------------

#[test]
fn turn_tokens_are_checked_against_the_roll() {
    let p = with_roll(STARTPOS_SFEN, [3, 4]);
    let err = turn_err(&p, "61:5i5h,7g7f");
    assert!(err.contains("the roll is 43, not 61"), "{err}");
    assert_eq!(
        turn_refusal(&p, "61:5i5h,7g7f"),
        TurnError::Dice(DiceError::NotTheRoll {
            roll: [4, 3],
            given: [6, 1]
        })
    );
    // Dice that are no roll, a malformed move inside the turn.
    let wild = usi::Turn {
        dice: [7, 7],
        moves: Vec::new(),
    };
    assert!(matches!(
        pos(STARTPOS_SFEN).parse_turn(&wild),
        Err(GameError::Move(MoveError::IllegalTurn {
            reason: TurnError::Dice(DiceError::OutOfRange { roll: [7, 7] }),
            ..
        }))
    ));
    let step = |e: TurnError| match e {
        TurnError::Step(e) => *e,
        other => panic!("not a malformed move: {other:?}"),
    };
    assert!(matches!(
        step(turn_refusal(&p, "43:7g7f=N")),
        MoveError::InTurn { error, .. } if *error == MoveError::EqualsSuffix { game: GameName::Shogammon }
    ));
    assert!(matches!(
        step(turn_refusal(&p, "43:+P*5e")),
        MoveError::InTurn { error, .. } if *error == MoveError::DropForm { game: GameName::Shogammon }
    ));
    assert!(
        turn_err(&p, "43:+P*5e").contains("'+P*5e': a shogammon drop names one unpromoted piece")
    );
    // Without a roll, the token's dice are the roll.
    let mut p = pos(STARTPOS_SFEN);
    play(&mut p, "61:5i5h,7g7f");
    play(&mut p, "34:7a6b,6a5b");
    assert_eq!(
        sfen_of(&p),
        "ln2kgsnl/1r1sg2b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B2K2R1/LNSG1GSNL b - 3"
    );
    let err = p
        .parse_move(&usi::parse_move_token("7g7f").unwrap())
        .unwrap_err();
    assert!(matches!(err, GameError::Move(MoveError::NotATurn { .. })));
    assert!(
        err.to_string().contains("not a shogammon turn token"),
        "{err}"
    );
}

#[test]
fn points_round_trip_through_sfen_and_keys_know_the_order() {
    let a = pos("4k4/9/9/9/4(+rs)4/9/9/9/4(PK)4 b - 1");
    assert_eq!(sfen_of(&a), "4k4/9/9/9/4(+rs)4/9/9/9/4(PK)4 b - 1");
    let b = pos("4k4/9/9/9/4(s+r)4/9/9/9/4(PK)4 b - 1");
    assert_ne!(a.key(), b.key(), "which piece is below matters");
    assert_eq!(a.key(), a.core().key_from_scratch());
    let mut c = a.clone();
    c.set_roll(Some([3, 4]));
    assert_ne!(c.key(), a.key(), "the roll is part of the key");
    c.set_roll(Some([4, 3]));
    assert_eq!(c.roll(), Some([4, 3]), "stored high die first");
}

#[test]
fn bad_sfens_are_refused() {
    let err = |s: &str| match Position::from_sfen(&usi::parse_sfen(s).unwrap()) {
        Err(GameError::Position(e)) => e,
        other => panic!("'{s}': {other:?}"),
    };
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/(PP)3K4 b - 1"),
        PositionError::Nifu {
            side: Color::Black,
            file: 9
        }
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/(PK)3K4 b - 1"),
        PositionError::TooManyKings { side: Color::Black }
    );
    let dead = err("(PL)3k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert!(matches!(dead, PositionError::DeadPiece { .. }));
    assert!(dead.to_string().contains("could never move"));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b K 1"),
        PositionError::NotHoldable { .. }
    ));
    let hand = err("4k4/9/9/9/9/9/9/9/4K4 b 3R 1");
    assert_eq!(
        hand,
        PositionError::HandOverSet {
            game: GameName::Shogammon,
            count: 3,
            letter: 'R'
        }
    );
    assert!(hand
        .to_string()
        .contains("3 'R' in one hand is more than a set has"));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K3[RW] b - 1"),
        PositionError::ForeignCell {
            game: GameName::Shogammon,
            ..
        }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9 b - 1"),
        PositionError::RankCount {
            game: GameName::Shogammon,
            found: 8
        }
    ));
}

#[test]
fn make_unmake_restores_everything() {
    // Random games through every kind of turn: after each turn and each
    // undo, the incremental key matches a key computed from scratch, and
    // undoing restores the SFEN and roll.
    let mut roller = DiceRoller::new(99);
    for start in [
        STARTPOS_SFEN,
        "4k4/1+R2(gs)3l/p1p1p1p1p/9/2+B6/4P4/P1P3P1P/1(PS)5+p1/4(GK)4 b GNLs2p 1",
    ] {
        let mut p = pos(start);
        for _ in 0..200 {
            if p.outcome(&Rules::default()).is_some() {
                break;
            }
            let roll = roller.roll();
            p.set_dice(roll).unwrap();
            let mut list = Turns::new();
            p.generate_legal(&mut list);
            let mut keyed = Vec::new();
            p.turns_with_keys(p.roll().unwrap(), &mut keyed);
            let before = (sfen_of(&p), p.key(), p.roll());
            for &(t, key) in keyed.iter().take(60) {
                p.do_move(t);
                assert_eq!(p.core().key(), p.core().key_from_scratch());
                // The generator's key (computed, not played, for the last
                // step) is the position's key before the side changes.
                assert_eq!(key ^ types::ZOBRIST.side, p.core().key());
                p.undo_move();
                assert_eq!((sfen_of(&p), p.key(), p.roll()), before);
            }
            let t = list[roller.below(list.len())];
            p.do_move(t);
        }
    }
}

#[test]
fn dice_map_changes_which_pieces_move() {
    // With 1 and 6 swapped, a 1-1 moves the king twice: the 15 results of
    // the double six in the start position.
    let mut p = pos(STARTPOS_SFEN);
    p.set_dice_map(DiceMap::parse("K,LN,S,G,BR,P").unwrap());
    p.set_dice([1, 1]).unwrap();
    assert_eq!(turns(&p).len(), 15);
}

#[test]
fn cached_evaluation_follows_the_dice_map() {
    // A pawn next to the enemy king takes it on the 11 rolls with a 1
    // under the default map, on the 20 with a 1 or a 6 when pawns answer
    // to both: the same board and key, other scores. The evaluation's
    // cache must not hand one map's score to the other.
    let sfen = "4k4/4P4/9/9/9/9/9/9/4K4 b - 1";
    let default = pos(sfen);
    let mut wider = pos(sfen);
    wider.set_dice_map(DiceMap::parse("P,LN,S,G,BR,KP").unwrap());
    for p in [&default, &wider, &default, &wider] {
        assert_eq!(eval::evaluate(p), eval::evaluate_core(p.core()));
    }
    assert!(eval::evaluate(&wider) > eval::evaluate(&default));
}

#[test]
fn fast_legality_check_agrees_with_generation() {
    // `is_legal_turn` (used on search hints) must accept exactly the turns
    // generation produces: every generated turn (duplicates included), and
    // none of the turns made by swapping in another roll's steps.
    let mut roller = DiceRoller::new(5);
    for start in [
        STARTPOS_SFEN,
        "4k4/1+R2(gs)3l/p1p1p1p1p/9/2+B6/4P4/P1P3P1P/1(PS)5+p1/4(GK)4 b GNLs2p 1",
        "4k4/9/9/9/4(gs)4/5(SG)3/9/9/4K4 b - 1",
        "9/9/9/9/4k4/4P4/9/9/4K4 b - 1",
    ] {
        let mut p = pos(start);
        for _ in 0..30 {
            if p.outcome(&Rules::default()).is_some() {
                break;
            }
            let roll = roller.roll();
            p.set_dice(roll).unwrap();
            let all = p.all_turns(p.roll().unwrap());
            for &t in &all {
                assert!(p.is_legal_turn(t), "{} {}", sfen_of(&p), p.format_move(t));
            }
            let other = roller.roll();
            for t in p.all_turns(other).into_iter().take(200) {
                let forged = Turn { dice: roll, ..t };
                assert_eq!(
                    p.is_legal_turn(forged),
                    all.contains(&forged),
                    "{}",
                    p.format_move(forged)
                );
            }
            let list = p.all_turns(p.roll().unwrap());
            let t = list[roller.below(list.len())];
            p.do_move(t);
        }
    }
}

// ---- evaluation -------------------------------------------------------------

/// Ordered rolls (of 36) on which gote could take sente's king.
fn gote_threat(sfen: &str) -> u32 {
    eval::king_capture_rolls(pos(sfen).core(), crate::game::Color::White)
}

#[test]
fn threat_counts_follow_the_dice() {
    // Gote's pawn on 5h stands in front of sente's single king: any roll
    // with a 1, 11 of 36.
    assert_eq!(gote_threat("4k4/9/9/9/9/9/9/4p4/4K4 b - 1"), 11);
    // The king on top of a point needs two different attackers, one per
    // die: gold (4) and silver (3) reach 5i, so 4-3 and 3-4 only.
    assert_eq!(gote_threat("4k4/9/9/9/9/9/9/3s1g3/4(PK)4 b - 1"), 2);
    // Two golds: only 4-4.
    assert_eq!(gote_threat("4k4/9/9/9/9/9/9/3g1g3/4(PK)4 b - 1"), 1);
    // A pawn in hand: dropped on 5h with one 1, it takes with the other:
    // 1-1 only...
    assert_eq!(gote_threat("4k4/9/9/9/9/9/9/9/4K4 b p 1"), 1);
    // ...unless gote has a pawn on file 5 already (nifu); that pawn on 5c
    // is too far to matter: nothing.
    assert_eq!(gote_threat("4k4/9/4p4/9/9/9/9/9/4K4 b p 1"), 0);
    // The rook on 5b is blocked by sente's gold on 5e: it takes the gold
    // with one 5 and the king with the other: 5-5 only.
    assert_eq!(gote_threat("4k4/4r4/9/9/4G4/9/9/9/4K4 b - 1"), 1);
    // Blocked by gote's own silver instead: the silver steps aside (3) and
    // the rook takes (5), in either order of the dice; or the rook stacks
    // on the silver and goes on with 5-5. 3-5, 5-3, 5-5.
    assert_eq!(gote_threat("4k4/4r4/9/9/4s4/9/9/9/4K4 b - 1"), 3);
    // One piece, two moves, on a double of its face: a silver two ranks
    // away (3-3), a knight two jumps away, four ranks and two files (2-2).
    assert_eq!(gote_threat("4k4/9/9/9/9/9/4s4/9/4K4 b - 1"), 1);
    assert_eq!(gote_threat("4k4/9/9/9/2n6/9/9/9/4K4 b - 1"), 1);
    // Three files away neither reaches in two moves.
    assert_eq!(gote_threat("4k4/9/9/9/9/9/1s7/9/4K4 b - 1"), 0);
}

#[test]
fn evaluation_is_symmetric_and_knows_finished_games() {
    assert_eq!(eval::evaluate(&pos(STARTPOS_SFEN)), 0);
    let won = pos("4K4/9/9/9/9/9/9/9/9 b - 1");
    assert!(eval::evaluate(&won) >= crate::chance::score::MAX_EVAL);
    // A king facing a capture on this roll's 1s is worth more to the side
    // about to roll than to the side that must wait.
    let attack = "4k4/4P4/9/9/9/9/9/9/4K4";
    let to_move = eval::evaluate(&pos(&format!("{attack} b - 1")));
    let waiting = -eval::evaluate(&pos(&format!("{attack} w - 1")));
    assert!(to_move > waiting && waiting > 0, "{to_move} {waiting}");
}

#[test]
fn proximity_counts_pieces_near_each_king_from_the_movers_view() {
    // Sente's gold on 6b is next to gote's king (attack, distance 1); gote's
    // silver on 5g is two from sente's king (attack for gote, so -1 for
    // sente); sente's pawn on 4h is next to its own king (defence).
    let f = eval::Features::of(pos("4k4/3G5/9/9/9/9/4s4/5P3/4K4 b - 1").core());
    let (gold, silver, pawn) = (4, 3, 0);
    assert_eq!(f.attack[gold], [1, 0, 0]);
    assert_eq!(f.attack[silver], [0, -1, 0]);
    assert_eq!(f.defend[pawn], [1, 0, 0]);
    assert_eq!(f.defend[silver], [0, 0, 0]);
    // Seen from gote, the same counts change sign.
    let g = eval::Features::of(pos("4k4/3G5/9/9/9/9/4s4/5P3/4K4 w - 1").core());
    assert_eq!((g.attack[gold], g.attack[silver]), ([-1, 0, 0], [0, 1, 0]));
    // Drop room: gote's king on 5a has 5 empty neighbours and sente holds
    // two pieces; sente's king has 4 empty (the pawn on 4h takes one)
    // and gote holds none.
    let h = eval::Features::of(pos("4k4/9/9/9/9/9/9/5P3/4K4 b SP 1").core());
    assert_eq!(h.drop_room, 10);
}

#[test]
fn the_engines_evaluation_is_the_features_score_in_random_positions() {
    // `evaluate` sums the placement weights without filling the feature
    // tables the tuner reads: both must give the same score.
    let mut roller = DiceRoller::new(17);
    for _ in 0..6 {
        let mut p = pos(STARTPOS_SFEN);
        for _ in 0..60 {
            if p.outcome(&Rules::default()).is_some() {
                break;
            }
            let f = eval::Features::of(p.core());
            assert_eq!(
                f.score(&eval::SHIPPED),
                eval::evaluate(&p),
                "{}",
                sfen_of(&p)
            );
            p.set_dice(roller.roll()).unwrap();
            let list = p.all_turns(p.roll().unwrap());
            p.do_move(list[roller.below(list.len())]);
        }
    }
}

#[test]
fn capture_gain_averages_the_best_capture_of_each_roll() {
    use crate::shogi::types::Role;
    let values = &eval::SHIPPED.values;
    let v = |r: Role| values[r.index()];
    // Sente's pawn on 4f takes gote's pawn on 4e with a 1; its silver on
    // 6f takes the gold on 5e with a 3 (the point on 7e is out of reach of
    // a single piece). The 11 rolls with a 3 take the gold, the 9 others
    // with a 1 the pawn.
    let sfen = "4k4/9/9/9/2(gs)1gp3/3S1P3/9/9/4K4";
    let sente = pos(&format!("{sfen} b - 1"));
    assert_eq!(
        eval::capture_gain(sente.core(), Color::Black, values),
        (11 * v(Role::Gold) + 9 * v(Role::Pawn)) / 36
    );
    // Gote: the gold (4) and the point's top silver (3) reach the silver
    // on 6f, the pawn (1) the pawn on 4f: 20 rolls with a 3 or a 4, and 7
    // more with a 1.
    assert_eq!(
        eval::capture_gain(sente.core(), Color::White, values),
        (20 * v(Role::Silver) + 7 * v(Role::Pawn)) / 36
    );
    // A king is not a target here (its rolls are counted apart).
    let kings = pos("9/9/9/9/4k4/4P4/9/9/4K4 b - 1");
    assert_eq!(eval::capture_gain(kings.core(), Color::Black, values), 0);
}
