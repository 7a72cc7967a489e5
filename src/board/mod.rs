//! Geometry of the 9x9 board shared by shogi, Mortal Shogi and Shogammon.

pub mod attacks;
pub mod bitboard;

pub use bitboard::{Bitboard, Square};
