//! Evaluation tests: symmetry, common-sense orderings, the weights file.

use super::*;
use crate::board::eval::{evaluate_uncached, evaluate_with};
use crate::game::Game;
use crate::tune::{feature_vector, flipped, random_positions};

fn pos(sfen: &str) -> Position {
    let parsed = usi::parse_sfen(sfen).expect("test SFEN parses");
    Position::from_sfen(&parsed).expect("test SFEN is legal")
}

#[test]
fn eval_is_symmetric_under_colour_flip() {
    let positions = random_positions::<Position>(40, 150, 12);
    let mut horses_in_hand = 0;
    for p in &positions {
        let m = flipped(p);
        assert_eq!(
            evaluate(p),
            evaluate(&m),
            "{} vs {}",
            p.to_sfen(),
            m.to_sfen()
        );
        assert_eq!(feature_vector(p), feature_vector(&m), "{}", p.to_sfen());
        horses_in_hand += (p.hand(Color::Black).count(Role::Horse)
            + p.hand(Color::White).count(Role::Horse)) as u32;
    }
    assert!(positions.len() > 4000);
    assert!(horses_in_hand > 0 || positions.iter().any(|p| !p.hand(Color::Black).is_empty()));
}

#[test]
fn eval_cache_and_shipped_tables_agree_with_the_model() {
    for p in random_positions::<Position>(10, 120, 21) {
        let model = evaluate_with(&p, &WEIGHTS);
        assert_eq!(evaluate_uncached(&p), model, "{}", p.to_sfen());
        assert_eq!(evaluate(&p), model);
        assert_eq!(evaluate(&p), model);
    }
}

#[test]
fn eval_start_position_is_level() {
    assert_eq!(evaluate(&Position::startpos()), 0);
    assert_eq!(material_eval(&Position::startpos()), 0);
}

#[test]
fn eval_extra_rook_beats_extra_pawn() {
    // Sente has taken gote's rook, or one of its pawns.
    let rook_in_hand = evaluate(&pos(
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1",
    ));
    let pawn_in_hand = evaluate(&pos(
        "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
    ));
    assert!(
        rook_in_hand > pawn_in_hand + 400,
        "{rook_in_hand} {pawn_in_hand}"
    );
    let no_rook = evaluate(&pos(
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ));
    let no_pawn = evaluate(&pos(
        "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ));
    assert!(no_rook > no_pawn + 400, "{no_rook} {no_pawn}");
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
fn eval_material_weights_reproduce_material_eval() {
    let w = material_weights();
    for p in random_positions::<Position>(5, 120, 4) {
        assert_eq!(evaluate_with(&p, &w), material_eval(&p), "{}", p.to_sfen());
    }
}

#[test]
fn eval_weights_file_parses_and_matches() {
    let parsed = crate::tune::weights::load::<Position>(include_str!("eval_weights.rs"))
        .expect("the weights file parses");
    assert_eq!(parsed.as_slice(), WEIGHTS.as_slice());
    assert_ne!(parsed, material_weights());
}

#[test]
fn eval_feature_groups_are_in_order() {
    let groups = LAYOUT.groups();
    for pair in groups.windows(2) {
        assert!(pair[0].1 < pair[1].1, "{pair:?}");
    }
    assert!(groups[groups.len() - 1].1 < NUM_FEATURES);
    assert_eq!(Position::startpos().evaluate(), 0);
}
