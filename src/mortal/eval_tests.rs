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
    let positions = testing::check_eval_symmetry::<Position>(12);
    let horses_in_hand: u32 = positions
        .iter()
        .map(|p| {
            (p.hand(Color::Black).count(Role::Horse) + p.hand(Color::White).count(Role::Horse))
                as u32
        })
        .sum();
    assert!(horses_in_hand > 0 || positions.iter().any(|p| !p.hand(Color::Black).is_empty()));
}

#[test]
fn eval_model_bookkeeping() {
    testing::check_eval_model::<Position>(include_str!("eval_weights.rs"), 4);
}

#[test]
fn eval_extra_rook_beats_extra_pawn() {
    testing::check_rook_beats_pawn::<Position>();
}

#[test]
fn eval_horse_in_hand_beats_gold_in_hand() {
    let horse = evaluate(&pos("4k4/9/9/9/9/9/9/9/4K4 b +B 1"));
    let gold = evaluate(&pos("4k4/9/9/9/9/9/9/9/4K4 b G 1"));
    assert!(horse > gold, "{horse} {gold}");
}

#[test]
fn eval_golds_around_the_king_are_safer() {
    let guarded = evaluate(&pos("4k4/9/9/9/9/9/9/3GGG3/4K4 b rbg 1"));
    let bare = evaluate(&pos("4k4/9/9/9/9/9/9/GG7/G3K4 b rbg 1"));
    assert!(guarded > bare + 50, "{guarded} {bare}");
}

#[test]
fn eval_movers_attack_like_the_kinds() {
    crate::board::eval::assert_movers_match::<Role>();
}
