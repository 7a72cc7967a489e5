//! Pieces, hands and moves of Mortal Shogi (docs/rules/mortal.md).

use crate::board::position::{board_bits, drop_bits, Kind, PackedMove};
use crate::board::zobrist::Zobrist;
use crate::board::{Bitboard, Square};
use crate::game::{Color, GameName};

/// A piece kind, numbered in the Mortal order from the lowest up, so that a
/// captured piece's kind in hand is simply the next lower number, and the
/// kinds a hand can hold (pawn to horse) are the first eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Lance = 2,
    Silver = 3,
    Gold = 4,
    Bishop = 5,
    Rook = 6,
    /// Dragon horse `+B`.
    Horse = 7,
    /// Dragon king `+R`.
    Dragon = 8,
    King = 9,
}

impl Role {
    pub const NUM: usize = 10;
    pub const ALL: [Role; Role::NUM] = [
        Role::Pawn,
        Role::Knight,
        Role::Lance,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
        Role::Horse,
        Role::Dragon,
        Role::King,
    ];
    /// Every kind but the king (which comes last).
    pub const NON_KING: &'static [Role] = Role::ALL.split_at(Role::NUM - 1).0;
    /// How many kinds a hand can hold: pawn up to horse (a captured dragon
    /// becomes a horse, so no dragon is ever in hand).
    pub const HAND_KINDS: usize = 8;
    /// Hand kinds in SFEN order, highest first (`usi::MORTAL_HAND_ORDER`).
    pub const HAND_ORDER: [Role; Role::HAND_KINDS] = [
        Role::Horse,
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Lance,
        Role::Knight,
        Role::Pawn,
    ];

    /// The kind a captured piece goes to hand as; `None` for a pawn, which
    /// leaves the game. (A king is never captured.)
    #[inline]
    pub fn demoted(self) -> Option<Role> {
        match self {
            Role::Pawn | Role::King => None,
            _ => Some(Role::ALL[self as usize - 1]),
        }
    }

    /// What this kind may promote to, lowest first: minors to any higher
    /// kind up to gold, rook and bishop to their dragon forms.
    #[inline]
    pub fn promotions(self) -> &'static [Role] {
        const MINORS: [Role; 4] = [Role::Knight, Role::Lance, Role::Silver, Role::Gold];
        match self {
            Role::Pawn => &MINORS,
            Role::Knight => &MINORS[1..],
            Role::Lance => &MINORS[2..],
            Role::Silver => &MINORS[3..],
            Role::Bishop => &[Role::Horse],
            Role::Rook => &[Role::Dragon],
            _ => &[],
        }
    }

    /// Rook, bishop and their dragon forms: the kinds written with `+` and
    /// counted 5 for impasse.
    #[inline]
    pub fn is_major(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Horse | Role::Dragon)
    }

    /// The kind written as `letter` with an optional `+`, if Mortal Shogi
    /// has it (no `+P`, `+L`, `+N`, `+S`, `+G`, `+K`).
    pub fn from_letter(letter: char, promoted: bool) -> Option<Role> {
        let role = match (letter.to_ascii_uppercase(), promoted) {
            ('P', false) => Role::Pawn,
            ('N', false) => Role::Knight,
            ('L', false) => Role::Lance,
            ('S', false) => Role::Silver,
            ('G', false) => Role::Gold,
            ('B', false) => Role::Bishop,
            ('R', false) => Role::Rook,
            ('B', true) => Role::Horse,
            ('R', true) => Role::Dragon,
            ('K', false) => Role::King,
            _ => return None,
        };
        Some(role)
    }
}

impl Kind for Role {
    const GAME: GameName = GameName::Mortal;
    crate::common_kinds!();
    const GOLDS: &'static [Role] = &[Role::Gold];
    const HAND_ORDER: &'static [Role] = &Role::HAND_ORDER;
    const KEYS: &'static Zobrist = &ZOBRIST;

    /// SFEN letter (upper case), without the `+` of horse and dragon.
    fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Lance => 'L',
            Role::Silver => 'S',
            Role::Gold => 'G',
            Role::Bishop | Role::Horse => 'B',
            Role::Rook | Role::Dragon => 'R',
            Role::King => 'K',
        }
    }

    /// Written with a `+` (horse `+B`, dragon `+R`).
    #[inline]
    fn is_promoted(self) -> bool {
        matches!(self, Role::Horse | Role::Dragon)
    }

    #[inline(always)]
    fn attacks(self, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        super::movegen::piece_attacks(self, c, sq, occ)
    }
}

/// A piece: a kind and its owner.
pub type Piece = crate::board::position::Piece<Role>;

/// A move packed in 32 bits: destination (bits 0-6), origin (bits 7-13: a
/// square, or 81 + role for a drop) and the kind promoted to plus one (bits
/// 14-17; 0 for no promotion). Zero is "no move".
///
/// The promoted kind is stored, not a flag, because a pawn has four
/// promotions; 32 bits keep a transposition entry as small as shogi's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u32);

crate::tt::newtype_table_move!(Move, u32);

const PROMOTION_SHIFT: u32 = 14;

impl Move {
    pub const NONE: Move = Move(0);

    #[inline]
    pub fn board(from: Square, to: Square, promotion: Option<Role>) -> Move {
        let promo = promotion.map_or(0, |r| r as u32 + 1);
        Move(board_bits(from, to) | promo << PROMOTION_SHIFT)
    }

    #[inline]
    pub fn drop(role: Role, to: Square) -> Move {
        Move(drop_bits(role as usize, to))
    }

    /// The kind a board move promotes to, if it promotes.
    #[inline]
    pub fn promotion(self) -> Option<Role> {
        match self.0 >> PROMOTION_SHIFT {
            0 => None,
            n => Some(Role::from_index(n as usize - 1)),
        }
    }
}

impl PackedMove for Move {
    type Role = Role;

    /// A promotion names the kind the piece becomes.
    #[inline]
    fn role_after(self, moved: Role) -> Role {
        self.promotion().unwrap_or(moved)
    }
}

impl From<Move> for u32 {
    fn from(m: Move) -> u32 {
        m.0
    }
}

/// Most non-king pieces a game holds: 38 (a set's 40 less the kings). Pieces
/// are never created, only demoted or removed, so no hand count exceeds it.
pub const MAX_PIECES: u32 = 38;

/// Most rook-class pieces (rook, bishop, horse, dragon): only a set's two
/// rooks and two bishops ever reach that class, since minors promote at most
/// to gold.
pub const MAX_MAJORS: u32 = 4;

/// A different seed from shogi's: the games never share a table, but keys
/// that differ between games make accidental mix-ups show.
/// Hands hold up to every piece of the game, far more than shogi's 18 pawns.
pub static ZOBRIST: Zobrist = Zobrist::new(
    0x6865_6e6b_6569_0002,
    Role::NUM,
    Role::HAND_KINDS,
    MAX_PIECES as usize,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_packing_round_trips() {
        let (from, to) = (Square::new(2, 3), Square::new(2, 2));
        for promotion in [
            None,
            Some(Role::Knight),
            Some(Role::Gold),
            Some(Role::Dragon),
        ] {
            let m = Move::board(from, to, promotion);
            assert_eq!(
                (m.from(), m.to(), m.is_drop(), m.promotion()),
                (from, to, false, promotion)
            );
        }
        let d = Move::drop(Role::Horse, to);
        assert!(d.is_drop());
        assert_eq!(
            (d.dropped(), d.to(), d.promotion()),
            (Role::Horse, to, None)
        );
        assert_ne!(Move::drop(Role::Pawn, Square::new(1, 0)), Move::NONE);
    }

    #[test]
    fn demotion_walks_down_the_order() {
        let chain: Vec<Option<Role>> = Role::ALL[..9].iter().map(|r| r.demoted()).collect();
        assert_eq!(chain[0], None);
        assert_eq!(chain[8], Some(Role::Horse));
        assert_eq!(Role::Horse.demoted(), Some(Role::Rook));
        assert_eq!(Role::Bishop.demoted(), Some(Role::Gold));
        assert_eq!(Role::Knight.demoted(), Some(Role::Pawn));
    }

    #[test]
    fn letters_cover_exactly_the_mortal_pieces() {
        for role in Role::ALL {
            assert_eq!(
                Role::from_letter(role.letter(), role.is_promoted()),
                Some(role)
            );
        }
        for letter in ['P', 'L', 'N', 'S', 'G', 'K'] {
            assert_eq!(Role::from_letter(letter, true), None);
        }
        assert_eq!(Role::Pawn.promotions().len(), 4);
        assert_eq!(Role::Silver.promotions(), [Role::Gold]);
        assert!(Role::Gold.promotions().is_empty());
    }
}
