//! Evaluation of Mortal Shogi: the linear model of [`crate::board::eval`]
//! (shared with standard shogi) over Mortal's pieces, with its own tuned
//! weights in `eval_weights.rs` (docs/tuning.md). Each kind has its own
//! class in the king-neighbourhood tables.
//!
//! What differs: there are no promoted minors (a promoted pawn simply is a
//! knight, lance, silver or gold, and counts as one); a hand can hold a
//! dragon horse and more of a kind than a set has; and a captured piece
//! steps down one kind before it goes to hand, so the tuned hand values
//! and the board values are learned separately from shogi's.
//!
//! The plain material values ([`value`], [`hand_value`], [`capture_gain`],
//! [`material`]) stay: move ordering uses them, and the tuner compares the
//! tuned evaluation with them. A capture is worth less than in shogi
//! because the capturer only gains the next lower kind (a rook taken
//! becomes a bishop in hand, a pawn taken is gone): [`capture_gain`] is the
//! victim's board value plus the hand value of its demoted kind.

use super::types::Role;
use crate::board::eval::{EvalKind, Layout, Mover};

pub use crate::board::eval::{evaluate, hand_value, material, value};

#[path = "eval_weights.rs"]
mod eval_weights;

/// Board value of each role, indexed by role (pawn .. king), material-only.
const VALUES: [i32; Role::NUM] = [
    90,   // pawn
    300,  // knight
    340,  // lance
    480,  // silver
    560,  // gold
    820,  // bishop
    980,  // rook
    1080, // horse
    1350, // dragon
    0,    // king
];

/// Hand value of each hand kind (pawn .. horse), material-only.
const HAND_VALUES: [i32; Role::HAND_KINDS] = [110, 340, 360, 520, 600, 880, 1040, 1130];

/// What capturing a `role` is worth to the capturer: the opponent loses the
/// piece, the capturer gains its demoted kind in hand (nothing for a pawn).
#[inline]
pub fn capture_gain(role: Role) -> i32 {
    value(role) + role.demoted().map_or(0, hand_value)
}

// ---- feature layout ----------------------------------------------------------

/// Classes of the king-neighbourhood tables: one per non-king kind.
pub const KING_CLASSES: usize = Role::NUM - 1;
/// Where each feature group starts.
pub const LAYOUT: Layout = Layout::new(Role::NUM, Role::HAND_KINDS, KING_CLASSES);
pub const NUM_FEATURES: usize = LAYOUT.len;

/// The shipped, tuned weights.
pub static WEIGHTS: [i32; NUM_FEATURES] = eval_weights::WEIGHTS;

// ---- Mortal's pieces in the model --------------------------------------------

impl EvalKind for Role {
    crate::eval_kind_tables!();
    /// Non-king roles in board order.
    const BOARD_ROLES: &'static [Role] = Role::NON_KING;
    /// Each non-king kind is its own class (pawn .. dragon).
    const KING_CLASS: &'static [usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 0];
    const MOBILITY_SLOT: &'static [Option<usize>] = &[
        None,    // pawn
        None,    // knight
        Some(0), // lance
        None,    // silver
        None,    // gold
        Some(1), // bishop
        Some(2), // rook
        Some(3), // horse
        Some(4), // dragon
        None,    // king
    ];
    const MOVERS: &'static [Mover] = &[
        Mover::Pawn,
        Mover::Knight,
        Mover::Lance,
        Mover::Silver,
        Mover::Gold,
        Mover::Bishop,
        Mover::Rook,
        Mover::Horse,
        Mover::Dragon,
        Mover::King,
    ];
}

#[cfg(test)]
#[path = "eval_tests.rs"]
mod tests;
