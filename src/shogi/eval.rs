//! Evaluation of standard shogi: the linear model of
//! [`crate::board::eval`] over shogi's pieces, with the weights tuned by
//! Texel's method (docs/tuning.md) and shipped in `eval_weights.rs`.
//!
//! What is shogi's own here: the roles, the classes of the king
//! neighbourhood tables (the promoted minors move as golds and share the
//! gold's class) and the tuned weights. The plain material values
//! ([`value`], [`material`]) stay: move ordering uses them, and the tuner
//! compares the tuned evaluation with them.

use super::types::Role;
use crate::board::eval::{EvalKind, Layout, Mover};

pub use crate::board::eval::{evaluate, material, value};

#[path = "eval_weights.rs"]
mod eval_weights;

/// Board value of each role, indexed by role (the material-only values).
const VALUES: [i32; 14] = [
    90,   // pawn
    315,  // lance
    405,  // knight
    495,  // silver
    855,  // bishop
    990,  // rook
    540,  // gold
    0,    // king
    540,  // tokin
    540,  // promoted lance
    540,  // promoted knight
    540,  // promoted silver
    945,  // horse
    1395, // dragon
];

/// Hand value of each hand kind (roles 0..=6), material-only.
const HAND_VALUES: [i32; 7] = [105, 345, 440, 540, 920, 1050, 590];

// ---- feature layout ----------------------------------------------------------

/// Classes of the king-neighbourhood tables (see `EvalKind::KING_CLASS` below).
pub const KING_CLASSES: usize = 9;
/// Where each feature group starts.
pub const LAYOUT: Layout = Layout::new(Role::NUM, Role::HAND_ORDER.len(), KING_CLASSES);
pub const NUM_FEATURES: usize = LAYOUT.len;

/// The shipped, tuned weights.
pub static WEIGHTS: [i32; NUM_FEATURES] = eval_weights::WEIGHTS;

// ---- shogi's pieces in the model ---------------------------------------------

impl EvalKind for Role {
    crate::eval_kind_tables!();
    /// Non-king roles in board order.
    const BOARD_ROLES: &'static [Role] = &Role::NON_KING;
    /// Pawn, lance, knight, silver, gold-like (gold and promoted minors),
    /// bishop, rook, horse, dragon.
    const KING_CLASS: &'static [usize] = &[0, 1, 2, 3, 5, 6, 4, 0, 4, 4, 4, 4, 7, 8];
    const MOBILITY_SLOT: &'static [Option<usize>] = &[
        None,    // pawn
        Some(0), // lance
        None,    // knight
        None,    // silver
        Some(1), // bishop
        Some(2), // rook
        None,    // gold
        None,    // king
        None,    // tokin
        None,    // promoted lance
        None,    // promoted knight
        None,    // promoted silver
        Some(3), // horse
        Some(4), // dragon
    ];
    const MOVERS: &'static [Mover] = &[
        Mover::Pawn,
        Mover::Lance,
        Mover::Knight,
        Mover::Silver,
        Mover::Bishop,
        Mover::Rook,
        Mover::Gold,
        Mover::King,
        Mover::Gold, // tokin
        Mover::Gold, // promoted lance
        Mover::Gold, // promoted knight
        Mover::Gold, // promoted silver
        Mover::Horse,
        Mover::Dragon,
    ];
}

#[cfg(test)]
#[path = "eval_tests.rs"]
mod tests;
