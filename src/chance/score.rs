//! Scores of the chance search: equity in hundredths of a percent.
//!
//! A score is 10000 times the expected result for the side to move, where
//! a win counts +1 and a loss -1: `+10000` is a certain win, `0` an even
//! game, `-2500` a position that loses a quarter more often than it wins
//! (in expectation). Static evaluations map material into this scale
//! nearly one to one for small advantages (a pawn is about 100, as in
//! centipawns) and saturate towards ±10000 for large ones, so `score cp`
//! reads like centipawns in quiet positions and like an equity near the
//! end. Expectation over the dice is then plain averaging.
//!
//! Decided games score `WIN - turns` (the side to move has won, `turns`
//! turns from the root) or its negation, so the search prefers the
//! fastest win and the slowest loss; the distance is never more than
//! [`MAX_TURNS`], so every decided score lies beyond [`DECIDED`].

/// A certain win for the side to move.
pub const WIN: i32 = 10_000;

/// The deepest search, in turns.
pub const MAX_TURNS: usize = 64;

/// Scores at or beyond this magnitude are decided games.
pub const DECIDED: i32 = WIN - MAX_TURNS as i32;

/// Largest magnitude a static evaluation may have.
pub const MAX_EVAL: i32 = DECIDED - 1;

/// The score of a won game for the side to move, `turns` from the root.
#[inline]
pub fn won_in(turns: usize) -> i32 {
    WIN - turns.min(MAX_TURNS) as i32
}

/// The score of a lost game for the side to move, `turns` from the root.
#[inline]
pub fn lost_in(turns: usize) -> i32 {
    -won_in(turns)
}

#[inline]
pub fn clamp_eval(eval: i32) -> i32 {
    eval.clamp(-MAX_EVAL, MAX_EVAL)
}

/// A score for `info score cp`: equity units as they are (see above).
pub fn to_usi(score: i32) -> usi::Score {
    usi::Score::Cp(score)
}

/// Decided-game scores are relative to the root; the table stores them
/// relative to the node (as distances from it), like mate scores.
#[inline]
pub fn to_tt(score: i32, turns: usize) -> i32 {
    if score >= DECIDED {
        score + turns as i32
    } else if score <= -DECIDED {
        score - turns as i32
    } else {
        score
    }
}

#[inline]
pub fn from_tt(score: i32, turns: usize) -> i32 {
    if score >= DECIDED {
        (score - turns as i32).max(DECIDED)
    } else if score <= -DECIDED {
        (score + turns as i32).min(-DECIDED)
    } else {
        score
    }
}
