//! Pieces, hands and moves of standard shogi.

use crate::board::zobrist::SplitMix;
use crate::board::Square;
use crate::game::Color;

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
    pub fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    #[inline]
    pub fn promoted(self) -> Role {
        debug_assert!(self.can_promote());
        Role::ALL[self as usize | 8]
    }

    #[inline]
    pub fn is_promoted(self) -> bool {
        (self as u8) >= 8
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

    /// SFEN letter of the unpromoted kind (upper case).
    pub fn letter(self) -> char {
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

/// A piece: a kind and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    pub fn to_token(self) -> usi::PieceToken {
        usi::PieceToken {
            side: self.color.to_usi(),
            promoted: self.role.is_promoted(),
            letter: self.role.letter(),
        }
    }

    /// SFEN text: `+p`, `K`.
    pub fn sfen(self) -> String {
        let letter = match self.color {
            Color::Black => self.role.letter(),
            Color::White => self.role.letter().to_ascii_lowercase(),
        };
        if self.role.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

/// Pieces in one side's hand, counted by role index 0..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Hand(pub [u8; 7]);

impl Hand {
    #[inline]
    pub fn count(self, role: Role) -> u8 {
        self.0[role.index()]
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The kinds held, as a set: bit `i` for role index `i` (0..=6).
    #[inline]
    pub fn kinds(self) -> u8 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |set, (i, &n)| set | u8::from(n > 0) << i)
    }
}

/// A move packed in 16 bits: destination (bits 0-6), origin (bits 7-13:
/// a square, or 81 + role for a drop), promotion (bit 14). Zero is "no move".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

const DROP_BASE: u16 = 81;

impl Move {
    pub const NONE: Move = Move(0);

    #[inline]
    pub fn board(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | (promote as u16) << 14)
    }

    #[inline]
    pub const fn drop(role: Role, to: Square) -> Move {
        Move(to.index() as u16 | (DROP_BASE + role as u16) << 7)
    }

    /// A move with destination 0 (a template) sent to `to` instead.
    #[inline]
    pub fn with_to(self, to: Square) -> Move {
        debug_assert!(self.0 & 0x7f == 0, "not a template");
        Move(self.0 | to.index() as u16)
    }

    #[inline]
    pub fn to(self) -> Square {
        Square::from_index((self.0 & 0x7f) as usize)
    }

    #[inline]
    fn origin(self) -> u16 {
        (self.0 >> 7) & 0x7f
    }

    #[inline]
    pub fn is_drop(self) -> bool {
        self.origin() >= DROP_BASE
    }

    /// Origin square of a board move.
    #[inline]
    pub fn from(self) -> Square {
        Square::from_index(self.origin() as usize)
    }

    /// Kind dropped by a drop move.
    #[inline]
    pub fn dropped(self) -> Role {
        Role::from_index((self.origin() - DROP_BASE) as usize)
    }

    #[inline]
    pub fn is_promotion(self) -> bool {
        self.0 & (1 << 14) != 0
    }
}

impl From<Move> for u32 {
    fn from(m: Move) -> u32 {
        m.0 as u32
    }
}

/// Most pieces of one kind a hand can hold (18 pawns).
pub const MAX_HAND: usize = 18;

/// Zobrist keys: XOR per piece on a square, per (kind, count) in hand (count
/// zero has key zero) and for the side to move.
pub struct Zobrist {
    pub piece: [[[u64; 81]; 14]; 2],
    pub hand: [[[u64; MAX_HAND + 1]; 7]; 2],
    pub side: u64,
}

const fn make_zobrist(seed: u64) -> Zobrist {
    let mut z = Zobrist {
        piece: [[[0; 81]; 14]; 2],
        hand: [[[0; MAX_HAND + 1]; 7]; 2],
        side: 0,
    };
    let mut rng = SplitMix::new(seed);
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 14 {
            let mut sq = 0;
            while sq < 81 {
                z.piece[c][r][sq] = rng.next();
                sq += 1;
            }
            r += 1;
        }
        let mut h = 0;
        while h < 7 {
            let mut n = 1;
            while n <= MAX_HAND {
                z.hand[c][h][n] = rng.next();
                n += 1;
            }
            h += 1;
        }
        c += 1;
    }
    z.side = rng.next();
    z
}

pub static ZOBRIST: Zobrist = make_zobrist(0x6865_6e6b_6569_0001);

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
