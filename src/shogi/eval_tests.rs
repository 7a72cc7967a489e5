//! Evaluation tests: symmetry, common-sense orderings, the weights file.

use super::super::Position;
use super::*;
use crate::board::testing;
use crate::game::Color;

fn pos(sfen: &str) -> Position {
    testing::pos(sfen)
}

#[test]
fn eval_is_symmetric_under_colour_flip() {
    let positions = testing::check_eval_symmetry::<Position>(11);
    let with_hands = positions
        .iter()
        .filter(|p| !(p.hand(Color::Black).is_empty() && p.hand(Color::White).is_empty()))
        .count();
    assert!(with_hands > 1000);
}

#[test]
fn eval_model_bookkeeping() {
    testing::check_eval_model::<Position>(include_str!("eval_weights.rs"), 3);
}

#[test]
fn eval_extra_rook_beats_extra_pawn() {
    testing::check_rook_beats_pawn::<Position>();
}

#[test]
fn eval_side_to_move_view() {
    // The same position with the other side to move scores the negation
    // (the model has no tempo term).
    let b = pos("ln1g1g1nl/1ks2rs2/1pppp1bpp/p4pp2/7P1/P1P1P1P2/1P1P1P2P/1BK1GS1R1/LNSG3NL b - 21");
    let w = pos("ln1g1g1nl/1ks2rs2/1pppp1bpp/p4pp2/7P1/P1P1P1P2/1P1P1P2P/1BK1GS1R1/LNSG3NL w - 21");
    assert_eq!(evaluate(&b), -evaluate(&w));
}

#[test]
fn eval_promotion_gains() {
    // A dragon is worth more than a rook, a tokin more than a pawn.
    let rook = evaluate(&pos("4k4/9/9/9/9/9/9/7R1/4K4 b - 1"));
    let dragon = evaluate(&pos("4k4/9/9/9/9/9/9/7+R1/4K4 b - 1"));
    assert!(dragon > rook, "{dragon} {rook}");
    let pawn = evaluate(&pos("4k4/9/9/9/9/4P4/9/9/4K4 b - 1"));
    let tokin = evaluate(&pos("4k4/9/9/9/9/4+P4/9/9/4K4 b - 1"));
    assert!(tokin > pawn, "{tokin} {pawn}");
}

#[test]
fn eval_golds_around_the_king_are_safer() {
    // Gote holds a rook, a bishop and golds to drop; sente's three golds
    // either guard its king or stand far away in a corner.
    let guarded = evaluate(&pos("4k4/9/9/9/9/9/9/3GGG3/4K4 b rbg 1"));
    let bare = evaluate(&pos("4k4/9/9/9/9/9/9/GG7/G3K4 b rbg 1"));
    assert!(guarded > bare + 50, "{guarded} {bare}");
    // The king's view: the same, seen from the attacker.
    let attacker_vs_guarded = evaluate(&pos("4k4/9/9/9/9/9/9/3GGG3/4K4 w rbg 1"));
    let attacker_vs_bare = evaluate(&pos("4k4/9/9/9/9/9/9/GG7/G3K4 w rbg 1"));
    assert!(attacker_vs_bare > attacker_vs_guarded + 50);
}

#[test]
fn eval_piece_in_hand_beats_an_idle_one() {
    // A gold in hand against the same gold idle on the edge, far from
    // both kings.
    let in_hand = evaluate(&pos("4k4/9/9/9/9/9/9/9/4K4 b G 1"));
    let idle = evaluate(&pos("4k4/9/9/9/8G/9/9/9/4K4 b - 1"));
    assert!(in_hand > idle, "{in_hand} {idle}");
    let silver_hand = evaluate(&pos("4k4/9/9/9/9/9/9/9/4K4 b S 1"));
    let silver_idle = evaluate(&pos("4k4/9/9/9/8S/9/9/9/4K4 b - 1"));
    assert!(silver_hand > silver_idle, "{silver_hand} {silver_idle}");
}

/// Feature counts of a position, from the side to move's view.
struct Counts(Vec<i32>);

impl crate::board::eval::FeatureSink for Counts {
    fn add(&mut self, index: usize, count: i32) {
        self.0[index] += count;
    }
}

fn board_checks(sfen: &str) -> (i32, i32) {
    let mut counts = Counts(vec![0; LAYOUT.len]);
    crate::board::eval::features(&pos(sfen), &mut counts);
    let at = LAYOUT.board_checks;
    (counts.0[at], counts.0[at + 1])
}

#[test]
fn eval_counts_checks_by_board_pieces() {
    // The gold on 4c checks from 4b and 5b, both next to the king and
    // unsupported: two checks, none safe.
    assert_eq!(board_checks("4k4/9/5G3/9/9/9/9/9/4K4 b - 1"), (2, 0));
    // The rook on 1b supports both and adds its own check from 1a.
    assert_eq!(board_checks("4k4/8R/5G3/9/9/9/9/9/4K4 b - 1"), (3, 3));
    // Gote's silver on 6a guards 5b, which is then no longer safe.
    assert_eq!(board_checks("3sk4/8R/5G3/9/9/9/9/9/4K4 b - 1"), (3, 2));
    // Seen from gote, sente's checks count against it.
    assert_eq!(board_checks("4k4/8R/5G3/9/9/9/9/9/4K4 w - 1"), (-3, -3));
}

fn threats(sfen: &str) -> Vec<i32> {
    let mut counts = Counts(vec![0; LAYOUT.len]);
    crate::board::eval::features(&pos(sfen), &mut counts);
    counts.0[LAYOUT.threats..LAYOUT.len].to_vec()
}

#[test]
fn eval_counts_threats() {
    // Sente's pawn on 2f attacks gote's loose rook on 2e, its lance on 8i
    // gote's loose gold on 8c: a pawn on a piece, a major attacked by a
    // lesser piece, a loose minor and a loose major, two at once. The rook
    // attacks the loose pawn.
    let sfen = "4k4/9/1g7/9/7r1/7P1/9/9/1L2K4";
    let sente = [1, 1, 0, 1, 1, 1];
    let gote = [0, 0, 1, 0, 0, 0];
    let negated = |c: [i32; 6]| c.map(|n| -n);
    assert_eq!(
        threats(&format!("{sfen} b - 1")),
        [sente, negated(gote)].concat()
    );
    assert_eq!(
        threats(&format!("{sfen} w - 1")),
        [gote, negated(sente)].concat()
    );
    // A gold on 1d guards the rook: no longer loose, still attacked by a
    // pawn, and with the lance's gold still two threats.
    let guarded = "4k4/9/1g7/8g/7r1/7P1/9/9/1L2K4 b - 1";
    assert_eq!(threats(guarded)[..6], [1, 1, 0, 1, 0, 1]);
}

#[test]
fn eval_movers_attack_like_the_kinds() {
    crate::board::eval::assert_movers_match::<Role>();
}
