//! Geometry of the 9x9 board shared by shogi, Mortal Shogi and Shogammon,
//! and the rule machinery those games share (repetition, impasse rules,
//! Zobrist keys).

pub mod attacks;
pub mod bitboard;
pub mod checks;
pub mod eval;
pub mod impasse;
pub mod mate1;
pub mod position;
pub mod repetition;
pub mod see;
pub mod sliders;
#[cfg(test)]
pub mod testing;
pub mod zobrist;
pub mod zones;

pub use bitboard::{Bitboard, Square};
