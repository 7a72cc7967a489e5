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

use super::position::Position;
use super::types::Role;
use crate::board::eval::{self as model, EvalCache, EvalPosition, Layout};
use crate::board::position::Kind;
use crate::board::{Bitboard, Square};
use crate::game::Color;

pub use crate::board::eval::{FeatureSink, WINDOW_CELLS};

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

/// Material-only board value of a role (move ordering).
#[inline]
pub fn value(role: Role) -> i32 {
    VALUES[role.index()]
}

/// Material-only hand value of a hand kind.
#[inline]
pub fn hand_value(role: Role) -> i32 {
    HAND_VALUES.get(role.index()).copied().unwrap_or(0)
}

/// What capturing a `role` is worth to the capturer: the opponent loses the
/// piece, the capturer gains its demoted kind in hand (nothing for a pawn).
#[inline]
pub fn capture_gain(role: Role) -> i32 {
    value(role) + role.demoted().map_or(0, hand_value)
}

/// Material balance from `c`'s point of view (the old, material-only
/// evaluation).
pub fn material(pos: &Position, c: Color) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        let diff =
            pos.pieces_of(c, role).count() as i32 - pos.pieces_of(c.flip(), role).count() as i32;
        score += diff * value(role);
    }
    for role in Role::HAND_ORDER {
        let diff = pos.hand(c).count(role) as i32 - pos.hand(c.flip()).count(role) as i32;
        score += diff * hand_value(role);
    }
    score
}

/// The material-only evaluation for the side to move (what the engine
/// used before the tuned evaluation; the tuner plays against it).
pub fn material_eval(pos: &Position) -> i32 {
    material(pos, pos.side())
}

// ---- feature layout ----------------------------------------------------------

/// Classes of the king-neighbourhood tables: one per non-king kind.
pub const KING_CLASSES: usize = Role::NUM - 1;
/// Where each feature group starts.
pub const LAYOUT: Layout = Layout::new(Role::NUM, Role::HAND_KINDS, KING_CLASSES);
pub const NUM_FEATURES: usize = LAYOUT.len;

/// The shipped, tuned weights.
pub static WEIGHTS: [i32; NUM_FEATURES] = eval_weights::WEIGHTS;

/// The material-only evaluation as weights of this model.
pub fn material_weights() -> Vec<i32> {
    model::material_weights(&LAYOUT, &VALUES, &HAND_VALUES)
}

/// Material plus piece-square weight of each role on each square.
const PIECE_SQUARE: [i32; Role::NUM * 81] =
    model::piece_square_table(&LAYOUT, &eval_weights::WEIGHTS);

static CACHE: EvalCache = EvalCache::new();

/// Static evaluation for the side to move, centipawns (the shipped
/// weights, cached by position key).
pub fn evaluate(pos: &Position) -> i32 {
    model::evaluate(pos, &CACHE)
}

// ---- Mortal's pieces in the model --------------------------------------------

/// The class of a non-king role in the king-neighbourhood tables: the
/// role itself (pawn .. dragon).
#[inline(always)]
pub fn king_class(role: Role) -> usize {
    role.index()
}

/// Non-king roles in board order.
const BOARD_ROLES: [Role; 9] = [
    Role::Pawn,
    Role::Knight,
    Role::Lance,
    Role::Silver,
    Role::Gold,
    Role::Bishop,
    Role::Rook,
    Role::Horse,
    Role::Dragon,
];

impl EvalPosition for Position {
    type Role = Role;
    const BOARD_ROLES: &'static [Role] = &BOARD_ROLES;
    const PAWN: Role = Role::Pawn;
    const KING: Role = Role::King;
    const HAND_KINDS: usize = Role::HAND_KINDS;
    const LAYOUT: Layout = LAYOUT;
    const WEIGHTS: &'static [i32] = &eval_weights::WEIGHTS;
    const PIECE_SQUARE: &'static [i32] = &PIECE_SQUARE;

    #[inline(always)]
    fn role_index(role: Role) -> usize {
        role.index()
    }

    #[inline(always)]
    fn hand_role(kind: usize) -> Role {
        Role::from_index(kind)
    }

    #[inline(always)]
    fn king_class(role: Role) -> usize {
        king_class(role)
    }

    #[inline(always)]
    fn mobility_slot(role: Role) -> Option<usize> {
        match role {
            Role::Lance => Some(0),
            Role::Bishop => Some(1),
            Role::Rook => Some(2),
            Role::Horse => Some(3),
            Role::Dragon => Some(4),
            _ => None,
        }
    }

    #[inline(always)]
    fn attacks(role: Role, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        super::movegen::piece_attacks(role, c, sq, occ)
    }

    crate::eval_position_queries!(Position, Role);
}

#[cfg(test)]
#[path = "eval_tests.rs"]
mod tests;
