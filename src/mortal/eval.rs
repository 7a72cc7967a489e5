//! Material evaluation for Mortal Shogi.
//!
//! A piece is valued by what it is worth to its owner where it stands. A
//! capture is worth less than in shogi because the capturer only gains the
//! next lower kind (a rook taken becomes a bishop in hand, a pawn taken is
//! gone): [`capture_gain`] is the victim's board value plus the hand value of
//! its demoted kind, and the material sum sees exactly that, since hands are
//! counted by what they hold. A promoted pawn is simply a gold, so it counts
//! as a gold. A piece in hand is worth a little more than on the board,
//! because a drop goes anywhere.

use super::position::Position;
use super::types::Role;
use crate::game::Color;

/// Board value of each role, indexed by role (pawn .. king).
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

/// Hand value of each hand kind (pawn .. horse).
const HAND_VALUES: [i32; Role::HAND_KINDS] = [110, 340, 360, 520, 600, 880, 1040, 1130];

#[inline]
pub fn value(role: Role) -> i32 {
    VALUES[role.index()]
}

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

/// Material balance from `c`'s point of view.
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

/// Static evaluation for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    material(pos, pos.side())
}
