//! Search scores: centipawns from the side to move's view, with mates encoded
//! near `MATE` so that a shorter win scores higher.
//!
//! "Mated at ply p" (the side to move at distance p from the root has lost)
//! is `-MATE + p`; "mate at ply p" is `MATE - p`. Scores stored in the
//! transposition table are made relative to the storing node and converted
//! back on probe, so a mate found through a transposition keeps its true
//! distance.

use crate::game::Outcome;

pub const MATE: i32 = 32_000;
/// Plies the search never goes beyond (the stacks are this deep).
pub const MAX_PLY: usize = 128;
/// Scores at least this large (in magnitude) are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Above any real score: the initial window.
pub const INFINITE: i32 = MATE + 1;
pub const DRAW: i32 = 0;

#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

pub fn is_mate_score(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// The side to move is lost by force (mated, or loses by rule).
pub fn is_loss(score: i32) -> bool {
    score <= -MATE_BOUND
}

/// Plies to the end of a mate score, whoever wins.
pub fn mate_distance(score: i32) -> i32 {
    MATE - score.abs()
}

/// A static evaluation kept clear of the mate range.
pub fn clamp_eval(eval: i32) -> i32 {
    eval.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// The score of a game that has ended at `ply`.
pub fn outcome_score(outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Loss(_) => mated_in(ply),
        Outcome::Win(_) => mate_in(ply),
        Outcome::Draw(_) => DRAW,
    }
}

/// Root-relative score to the storing node's view (for the TT).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of `to_tt`.
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The USI form: `score mate N` in plies (negative when being mated) or cp.
pub fn to_usi(score: i32) -> usi::Score {
    if is_mate_score(score) {
        usi::Score::Mate(if score > 0 {
            mate_distance(score)
        } else {
            -mate_distance(score)
        })
    } else {
        usi::Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndReason;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0, 1, 7, 60] {
            for s in [mate_in(9), mated_in(12), 150, -3000] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
    }

    #[test]
    fn usi_mate_counts_plies_with_sign() {
        assert_eq!(to_usi(mate_in(3)), usi::Score::Mate(3));
        assert_eq!(to_usi(mated_in(4)), usi::Score::Mate(-4));
        assert_eq!(to_usi(-25), usi::Score::Cp(-25));
    }

    #[test]
    fn outcomes_score_from_side_to_move() {
        let r = EndReason::Checkmate;
        assert_eq!(outcome_score(Outcome::Loss(r), 5), mated_in(5));
        assert_eq!(outcome_score(Outcome::Win(r), 5), mate_in(5));
        assert_eq!(outcome_score(Outcome::Draw(r), 5), DRAW);
        assert!(is_loss(mated_in(5)));
        assert!(!is_loss(clamp_eval(-1_000_000)));
    }
}
