//! Material evaluation. Values are centipawn-like; a piece in hand is worth a
//! little more than the same piece on the board, because a drop goes anywhere.

use super::position::Position;
use super::types::Role;
use crate::game::Color;

/// Board value of each role, indexed by role.
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

/// Hand value of each hand kind (roles 0..=6).
const HAND_VALUES: [i32; 7] = [105, 345, 440, 540, 920, 1050, 590];

#[inline]
pub fn value(role: Role) -> i32 {
    VALUES[role.index()]
}

/// Material balance from `c`'s point of view.
pub fn material(pos: &Position, c: Color) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        let diff =
            pos.pieces_of(c, role).count() as i32 - pos.pieces_of(c.flip(), role).count() as i32;
        score += diff * VALUES[role.index()];
    }
    for (i, hv) in HAND_VALUES.iter().enumerate() {
        let role = Role::from_index(i);
        let diff = pos.hand(c).count(role) as i32 - pos.hand(c.flip()).count(role) as i32;
        score += diff * hv;
    }
    score
}

/// Static evaluation for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    material(pos, pos.side())
}
