//! Pieces, hands and moves of standard shogi.

use crate::board::position::{board_bits, drop_bits, Kind, PackedMove};
use crate::board::zobrist::Zobrist;
use crate::board::{Bitboard, Square};
use crate::game::{Color, GameName};

/// A piece kind. Unpromoted kinds that can be held in hand come first
/// (0..=6), so a hand is indexed by role; `role | 8` promotes P, L, N, S, B, R.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Bishop = 4,
    Rook = 5,
    Gold = 6,
    King = 7,
    ProPawn = 8,
    ProLance = 9,
    ProKnight = 10,
    ProSilver = 11,
    Horse = 12,
    Dragon = 13,
}

impl Role {
    pub const NUM: usize = 14;
    pub const ALL: [Role; 14] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Bishop,
        Role::Rook,
        Role::Gold,
        Role::King,
        Role::ProPawn,
        Role::ProLance,
        Role::ProKnight,
        Role::ProSilver,
        Role::Horse,
        Role::Dragon,
    ];
    /// Every kind but the king, in `ALL` order.
    pub const NON_KING: [Role; 13] = {
        let mut out = [Role::Pawn; 13];
        let mut i = 0;
        while i < 13 {
            out[i] = Role::ALL[if i < Role::King as usize { i } else { i + 1 }];
            i += 1;
        }
        out
    };
    /// Kinds a hand can hold, in SFEN hand order (highest first).
    pub const HAND_ORDER: [Role; 7] = [
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Knight,
        Role::Lance,
        Role::Pawn,
    ];
    /// How many of each hand kind a full set has (index = role).
    pub const FULL_SET: [u8; 7] = [18, 4, 4, 4, 2, 2, 4];

    #[inline]
    pub fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    #[inline]
    pub fn promoted(self) -> Role {
        debug_assert!(self.can_promote());
        Role::ALL[self as usize | 8]
    }

    /// The kind a captured piece becomes in hand.
    #[inline]
    pub fn unpromoted(self) -> Role {
        if self.is_promoted() {
            Role::ALL[self as usize & 7]
        } else {
            self
        }
    }

    /// The kind written as `letter` with an optional `+`.
    pub fn from_letter(letter: char, promoted: bool) -> Option<Role> {
        let base = match letter.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'L' => Role::Lance,
            'N' => Role::Knight,
            'S' => Role::Silver,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'G' => Role::Gold,
            'K' => Role::King,
            _ => return None,
        };
        match (promoted, base.can_promote()) {
            (false, _) => Some(base),
            (true, true) => Some(base.promoted()),
            (true, false) => None,
        }
    }
}

impl Kind for Role {
    const GAME: GameName = GameName::Shogi;
    crate::common_kinds!();
    const GOLDS: &'static [Role] = &[
        Role::Gold,
        Role::ProPawn,
        Role::ProLance,
        Role::ProKnight,
        Role::ProSilver,
    ];
    const HAND_ORDER: &'static [Role] = &Role::HAND_ORDER;
    const KEYS: &'static Zobrist = &ZOBRIST;

    /// SFEN letter of the unpromoted kind (upper case).
    fn letter(self) -> char {
        match self.unpromoted() {
            Role::Pawn => 'P',
            Role::Lance => 'L',
            Role::Knight => 'N',
            Role::Silver => 'S',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Gold => 'G',
            _ => 'K',
        }
    }

    #[inline]
    fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    #[inline(always)]
    fn attacks(self, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        super::Position::piece_attacks(Piece::new(c, self), sq, occ)
    }
}

/// A piece: a kind and its owner.
pub type Piece = crate::board::position::Piece<Role>;

/// Pieces in one side's hand, counted by role index 0..=6.
pub type Hand = crate::board::position::Hand<7>;

/// A move packed in 16 bits: destination (bits 0-6), origin (bits 7-13:
/// a square, or 81 + role for a drop), promotion (bit 14). Zero is "no move".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

crate::tt::newtype_table_move!(Move, u16);

impl Move {
    pub const NONE: Move = Move(0);

    #[inline]
    pub fn board(from: Square, to: Square, promote: bool) -> Move {
        Move((board_bits(from, to) | (promote as u32) << 14) as u16)
    }

    #[inline]
    pub const fn drop(role: Role, to: Square) -> Move {
        Move(drop_bits(role as usize, to) as u16)
    }

    /// A move with destination 0 (a template) sent to `to` instead.
    #[inline]
    pub fn with_to(self, to: Square) -> Move {
        debug_assert!(self.0 & 0x7f == 0, "not a template");
        Move(self.0 | to.index() as u16)
    }

    #[inline]
    pub fn is_promotion(self) -> bool {
        self.0 & (1 << 14) != 0
    }
}

impl PackedMove for Move {
    type Role = Role;

    /// A promotion turns the piece into its one promoted kind.
    #[inline]
    fn role_after(self, moved: Role) -> Role {
        if self.is_promotion() {
            moved.promoted()
        } else {
            moved
        }
    }
}

impl From<Move> for u32 {
    fn from(m: Move) -> u32 {
        m.0 as u32
    }
}

/// Zobrist keys (18 pawns at most in a hand).
pub static ZOBRIST: Zobrist = Zobrist::new(0x6865_6e6b_6569_0001, Role::NUM, 7, 18);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_packing_round_trips() {
        let from = Square::new(8, 7);
        let to = Square::new(2, 1);
        let m = Move::board(from, to, true);
        assert_eq!(
            (m.from(), m.to(), m.is_drop(), m.is_promotion()),
            (from, to, false, true)
        );
        let d = Move::drop(Role::Gold, to);
        assert!(d.is_drop());
        assert_eq!(d.dropped(), Role::Gold);
        assert_eq!(d.to(), to);
        assert_ne!(d, Move::NONE);
    }

    #[test]
    fn roles_promote_and_demote() {
        assert_eq!(Role::Pawn.promoted(), Role::ProPawn);
        assert_eq!(Role::Bishop.promoted(), Role::Horse);
        assert_eq!(Role::Dragon.unpromoted(), Role::Rook);
        assert!(!Role::Gold.can_promote() && !Role::King.can_promote());
        assert_eq!(Role::from_letter('b', true), Some(Role::Horse));
        assert_eq!(Role::from_letter('G', true), None);
    }
}
