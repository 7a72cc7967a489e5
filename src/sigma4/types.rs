//! The vocabulary of Sigma 4 Shogi: squares and bitboards of the 7x7 board,
//! stones, stone multisets, bases (a composition plus the royal mark) and
//! the packed move.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::game::Color;

// ---------------------------------------------------------------- squares

/// A square of the 7x7 board. Index = rank * 7 + column, where rank 0 is
/// `a` (gote's back rank) and column 0 is file 7 (the left edge as sente sees
/// it), so indices run in the order an SFEN board field lists squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square7(u8);

impl Square7 {
    pub const NUM: usize = 49;

    /// `file` 1..=7 as USI writes it, `rank` 0..=6 from `a`.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square7 {
        Square7(rank * 7 + (7 - file))
    }

    #[inline]
    pub const fn from_index(i: usize) -> Square7 {
        Square7(i as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 1..=7, counted from sente's right.
    #[inline]
    pub const fn file(self) -> u8 {
        7 - self.0 % 7
    }

    /// 0..=6 from rank `a`.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 7
    }

    /// 0..=6 from the left edge (file 7).
    #[inline]
    pub const fn column(self) -> u8 {
        self.0 % 7
    }

    #[inline]
    pub const fn bit(self) -> Bitboard7 {
        Bitboard7(1u64 << self.0)
    }

    /// The square `dc` columns right and `dr` ranks down, if on the board.
    pub const fn offset(self, dc: i8, dr: i8) -> Option<Square7> {
        let c = self.column() as i8 + dc;
        let r = self.rank() as i8 + dr;
        if c >= 0 && c < 7 && r >= 0 && r < 7 {
            Some(Square7((r * 7 + c) as u8))
        } else {
            None
        }
    }

    pub fn all() -> impl Iterator<Item = Square7> {
        (0..49u8).map(Square7)
    }

    pub fn to_usi(self) -> usi::Square {
        usi::Square {
            file: self.file(),
            rank: self.rank(),
        }
    }

    pub fn from_usi(sq: usi::Square) -> Option<Square7> {
        ((1..=7).contains(&sq.file) && sq.rank < 7).then(|| Square7::new(sq.file, sq.rank))
    }

    /// Chebyshev distance (king steps).
    pub fn distance(self, other: Square7) -> u8 {
        let dc = (self.column() as i8 - other.column() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        dc.max(dr)
    }
}

impl fmt::Display for Square7 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank()) as char)
    }
}

/// A set of squares in the low 49 bits of a `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard7(pub u64);

impl Bitboard7 {
    pub const EMPTY: Bitboard7 = Bitboard7(0);
    pub const ALL: Bitboard7 = Bitboard7((1u64 << 49) - 1);

    #[inline]
    pub const fn contains(self, sq: Square7) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Lowest square; the set must not be empty.
    #[inline]
    pub fn lsb(self) -> Square7 {
        debug_assert!(self.any());
        Square7(self.0.trailing_zeros() as u8)
    }

    /// The squares of one rank (0 = `a`).
    pub const fn rank(rank: u8) -> Bitboard7 {
        Bitboard7(0x7f << (rank * 7))
    }
}

impl Iterator for Bitboard7 {
    type Item = Square7;

    #[inline]
    fn next(&mut self) -> Option<Square7> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square7(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

macro_rules! bit_ops {
    ($($tr:ident $f:ident $tra:ident $fa:ident $op:tt;)*) => {$(
        impl $tr for Bitboard7 {
            type Output = Bitboard7;
            #[inline]
            fn $f(self, rhs: Bitboard7) -> Bitboard7 {
                Bitboard7(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard7 {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard7) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard7 {
    type Output = Bitboard7;
    #[inline]
    fn not(self) -> Bitboard7 {
        Bitboard7(!self.0 & Bitboard7::ALL.0)
    }
}

// ----------------------------------------------------------------- stones

/// A stone kind. The discriminants follow the canonical notation order
/// J Z C E N D F W (longest range first), so sorting by index is writing
/// canonically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Stone {
    /// Jumper: (0,3) and (3,3) leaps. Rank 4.
    J = 0,
    /// Zebra: (2,3) leap. Rank 3.
    Z = 1,
    /// Camel: (1,3) leap. Rank 3.
    C = 2,
    /// Elephant: (2,2) leap. Rank 2.
    E = 3,
    /// Knight: (1,2) leap. Rank 4.
    N = 4,
    /// Dabbaba: (0,2) leap. Rank 2.
    D = 5,
    /// Ferz: (1,1) step. Rank 1.
    F = 6,
    /// Wazir: (0,1) step. Rank 1.
    W = 7,
}

impl Stone {
    pub const NUM: usize = 8;
    /// Canonical order (also the index order).
    pub const ALL: [Stone; 8] = [
        Stone::J,
        Stone::Z,
        Stone::C,
        Stone::E,
        Stone::N,
        Stone::D,
        Stone::F,
        Stone::W,
    ];
    /// How many of each kind one side's full set has (index = stone).
    pub const SET: [u8; 8] = [2, 2, 2, 8, 4, 8, 8, 8];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn from_index(i: usize) -> Stone {
        Stone::ALL[i]
    }

    /// The seed's rank: 1 (W F, repeatable up to 4), 2 (D E, up to 2),
    /// 3 (Z C) and 4 (N J), at most one of each of the last two per base.
    pub const fn rank(self) -> u8 {
        match self {
            Stone::W | Stone::F => 1,
            Stone::D | Stone::E => 2,
            Stone::Z | Stone::C => 3,
            Stone::N | Stone::J => 4,
        }
    }

    /// Upper-case letter.
    pub const fn letter(self) -> char {
        match self {
            Stone::J => 'J',
            Stone::Z => 'Z',
            Stone::C => 'C',
            Stone::E => 'E',
            Stone::N => 'N',
            Stone::D => 'D',
            Stone::F => 'F',
            Stone::W => 'W',
        }
    }

    /// Either case.
    pub fn from_letter(c: char) -> Option<Stone> {
        Some(match c.to_ascii_uppercase() {
            'J' => Stone::J,
            'Z' => Stone::Z,
            'C' => Stone::C,
            'E' => Stone::E,
            'N' => Stone::N,
            'D' => Stone::D,
            'F' => Stone::F,
            'W' => Stone::W,
            _ => return None,
        })
    }

    /// W, F, D and E repeat their step once per stone of the kind.
    #[inline]
    pub const fn repeats(self) -> bool {
        self.rank() <= 2
    }
}

/// A multiset of stones: one byte of count per kind (byte `i` = stone `i`).
/// Counts stay below 128 (a game has 16 of a kind at most), which the
/// borrow-free subset test relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Stones(u64);

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

impl Stones {
    pub const EMPTY: Stones = Stones(0);

    #[inline]
    pub const fn raw(self) -> u64 {
        self.0
    }

    #[inline]
    pub fn count(self, s: Stone) -> u8 {
        (self.0 >> (8 * s.index())) as u8
    }

    /// A multiset with `n` stones of kind `s` added.
    #[inline]
    pub fn with(self, s: Stone, n: u8) -> Stones {
        Stones(self.0 + ((n as u64) << (8 * s.index())))
    }

    /// The multiset with one stone of kind `s` removed (it must be there).
    #[inline]
    pub fn without(self, s: Stone) -> Stones {
        debug_assert!(self.count(s) > 0);
        Stones(self.0 - (1u64 << (8 * s.index())))
    }

    /// Number of stones.
    #[inline]
    pub fn total(self) -> u32 {
        // Sum of the eight bytes (each < 128, the sum < 256).
        (self.0.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every stone of `self` is also in `other` (multiset inclusion).
    #[inline]
    pub fn is_subset_of(self, other: Stones) -> bool {
        // Per byte: (other | 0x80) - self keeps its high bit iff other >= self.
        ((other.0 | HIGH_BITS).wrapping_sub(self.0) & HIGH_BITS) == HIGH_BITS
    }

    /// Multiset sum.
    #[inline]
    pub fn plus(self, other: Stones) -> Stones {
        Stones(self.0 + other.0)
    }

    /// Multiset difference; `other` must be a subset of `self`.
    #[inline]
    pub fn minus(self, other: Stones) -> Stones {
        debug_assert!(other.is_subset_of(self));
        Stones(self.0 - other.0)
    }

    /// The kinds present, one bit per stone index.
    #[inline]
    pub fn kinds(self) -> u8 {
        // Fold each byte onto its lowest bit (the masks keep the shifts
        // inside their byte), then gather the eight bits.
        let mut x = self.0;
        x |= (x >> 4) & 0x0f0f_0f0f_0f0f_0f0f;
        x |= (x >> 2) & 0x3333_3333_3333_3333;
        x |= (x >> 1) & 0x5555_5555_5555_5555;
        x &= 0x0101_0101_0101_0101;
        (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    }

    /// Kinds present with their counts, in canonical order.
    pub fn iter(self) -> impl Iterator<Item = (Stone, u8)> {
        Stone::ALL
            .into_iter()
            .map(move |s| (s, self.count(s)))
            .filter(|&(_, n)| n > 0)
    }

    /// Stones of one rank.
    pub fn of_rank(self, rank: u8) -> u32 {
        self.iter()
            .filter(|(s, _)| s.rank() == rank)
            .map(|(_, n)| n as u32)
            .sum()
    }

    /// Upper-case letters in canonical order, one per stone.
    pub fn letters(self) -> String {
        let mut out = String::new();
        for (s, n) in self.iter() {
            for _ in 0..n {
                out.push(s.letter());
            }
        }
        out
    }

    /// Reads stone letters (either case, any order).
    pub fn from_letters(letters: &[char]) -> Result<Stones, char> {
        let mut stones = Stones::EMPTY;
        for &c in letters {
            let s = Stone::from_letter(c).ok_or(c)?;
            if stones.count(s) >= 127 {
                return Err(c);
            }
            stones = stones.with(s, 1);
        }
        Ok(stones)
    }
}

impl fmt::Display for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.letters())
    }
}

// ------------------------------------------------------------------ bases

/// A base's composition: its stones and whether it is the royal base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Base {
    pub stones: Stones,
    pub royal: bool,
}

/// Why a composition is not allowed (docs/rules/sigma4.md), for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompositionError {
    Empty,
    TooMany {
        royal: bool,
        count: u32,
    },
    TooManyOfKind(Stone),
    TwoRank3,
    TwoRank4,
    Rank4OnRoyal(Stone),
    /// Setup only: J, Z or C on the royal base or a corner base.
    LongLeaperOnRoyalOrCorner(Stone),
    /// Setup only: rank 3 and rank 4 together.
    Rank3WithRank4,
}

impl fmt::Display for CompositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CompositionError::Empty => f.write_str("a base holds at least one stone"),
            CompositionError::TooMany { royal: true, count } => {
                write!(f, "the royal base holds 1 or 2 stones, not {count}")
            }
            CompositionError::TooMany {
                royal: false,
                count,
            } => {
                write!(f, "a base holds 1 to 4 stones, not {count}")
            }
            CompositionError::TooManyOfKind(s) => write!(
                f,
                "a base holds at most 2 stones of the rank-2 kind '{}'",
                s.letter()
            ),
            CompositionError::TwoRank3 => {
                f.write_str("a base holds at most one rank-3 stone (Z or C)")
            }
            CompositionError::TwoRank4 => {
                f.write_str("a base holds at most one rank-4 stone (N or J)")
            }
            CompositionError::Rank4OnRoyal(s) => write!(
                f,
                "the royal base may not hold the rank-4 stone '{}'",
                s.letter()
            ),
            CompositionError::LongLeaperOnRoyalOrCorner(s) => write!(
                f,
                "at setup no '{}' (J, Z or C) may stand on the royal base or a corner base",
                s.letter()
            ),
            CompositionError::Rank3WithRank4 => {
                f.write_str("at setup no base holds a rank-3 and a rank-4 stone together")
            }
        }
    }
}

impl Base {
    pub fn new(stones: Stones, royal: bool) -> Base {
        Base { stones, royal }
    }

    /// The composition rules that hold at all times.
    pub fn check(self) -> Result<(), CompositionError> {
        let n = self.stones.total();
        if n == 0 {
            return Err(CompositionError::Empty);
        }
        let max = if self.royal { 2 } else { 4 };
        if n > max {
            return Err(CompositionError::TooMany {
                royal: self.royal,
                count: n,
            });
        }
        for s in [Stone::D, Stone::E] {
            if self.stones.count(s) > 2 {
                return Err(CompositionError::TooManyOfKind(s));
            }
        }
        if self.stones.of_rank(3) > 1 {
            return Err(CompositionError::TwoRank3);
        }
        if self.royal {
            if let Some((s, _)) = self.stones.iter().find(|(s, _)| s.rank() == 4) {
                return Err(CompositionError::Rank4OnRoyal(s));
            }
        } else if self.stones.of_rank(4) > 1 {
            return Err(CompositionError::TwoRank4);
        }
        Ok(())
    }

    /// The extra limits of the opening setup, for a base on `corner` (one of
    /// its side's own corners) or not.
    pub fn check_setup(self, corner: bool) -> Result<(), CompositionError> {
        self.check()?;
        if self.royal || corner {
            for s in [Stone::J, Stone::Z, Stone::C] {
                if self.stones.count(s) > 0 {
                    return Err(CompositionError::LongLeaperOnRoyalOrCorner(s));
                }
            }
        }
        if self.stones.of_rank(3) > 0 && self.stones.of_rank(4) > 0 {
            return Err(CompositionError::Rank3WithRank4);
        }
        Ok(())
    }

    /// Canonical letters: `R` first on the royal base, then J Z C E N D F W.
    pub fn letters(self) -> String {
        let stones = self.stones.letters();
        if self.royal {
            format!("R{stones}")
        } else {
            stones
        }
    }
}

impl fmt::Display for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.letters())
    }
}

// ------------------------------------------------------------------ moves

/// Index of an allowed composition in the table of `fits` (see
/// [`super::fits`]); bases on the board and in moves are stored as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct FitId(pub u16);

/// A base of one side on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    pub color: Color,
    pub fit: FitId,
}

/// What a move does, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A base moves to an empty square.
    Quiet { from: Square7, to: Square7 },
    /// A base captures on `to` and is refitted to `kept`.
    Capture {
        from: Square7,
        to: Square7,
        kept: FitId,
    },
    /// A plain base from storage, fitted as `fit`, onto `to`.
    Drop { fit: FitId, to: Square7 },
    /// A stone from the opponent's storage into the mover's.
    CornerTake(Stone),
}

/// A move packed in 32 bits: destination (bits 0-5), origin (6-11: a square,
/// or `DROP`/`CORNER`), a composition or stone (12-20: the kept fit of a
/// capture, the fit of a drop, the stone of a corner take), the capture flag
/// (21) and the principal-refit flag (22). Zero is "no move".
///
/// The principal flag marks, among the refits of one capture, the one the
/// generator judged best; quiescence search looks at that one only. It is a
/// function of the position and the rest of the move, so equal moves stay
/// equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u32);

crate::tt::newtype_table_move!(Move, u32);

const DROP: u32 = 49;
const CORNER: u32 = 50;
const CAPTURE_BIT: u32 = 1 << 21;
const PRINCIPAL_BIT: u32 = 1 << 22;

impl Move {
    pub const NONE: Move = Move(0);

    #[inline]
    pub fn quiet(from: Square7, to: Square7) -> Move {
        Move(to.0 as u32 | (from.0 as u32) << 6)
    }

    #[inline]
    pub fn capture(from: Square7, to: Square7, kept: FitId) -> Move {
        Move(to.0 as u32 | (from.0 as u32) << 6 | (kept.0 as u32) << 12 | CAPTURE_BIT)
    }

    #[inline]
    pub fn drop(fit: FitId, to: Square7) -> Move {
        Move(to.0 as u32 | DROP << 6 | (fit.0 as u32) << 12)
    }

    #[inline]
    pub fn corner_take(stone: Stone) -> Move {
        Move(CORNER << 6 | (stone as u32) << 12)
    }

    /// The same move marked as its capture's principal refit.
    #[inline]
    pub fn principal(self) -> Move {
        Move(self.0 | PRINCIPAL_BIT)
    }

    #[inline]
    pub fn is_principal(self) -> bool {
        self.0 & PRINCIPAL_BIT != 0
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        self.0 & CAPTURE_BIT != 0
    }

    #[inline]
    fn origin(self) -> u32 {
        (self.0 >> 6) & 63
    }

    #[inline]
    pub fn is_drop(self) -> bool {
        self.origin() == DROP
    }

    #[inline]
    pub fn is_corner_take(self) -> bool {
        self.origin() == CORNER
    }

    /// A base moves on the board (quiet or capture).
    #[inline]
    pub fn is_board(self) -> bool {
        self.origin() < DROP
    }

    #[inline]
    pub fn to(self) -> Square7 {
        Square7((self.0 & 63) as u8)
    }

    /// Origin of a board move.
    #[inline]
    pub fn from(self) -> Square7 {
        Square7(self.origin() as u8)
    }

    /// Kept fit of a capture, fit of a drop.
    #[inline]
    pub fn fit(self) -> FitId {
        FitId(((self.0 >> 12) & 511) as u16)
    }

    pub fn kind(self) -> MoveKind {
        if self.is_drop() {
            MoveKind::Drop {
                fit: self.fit(),
                to: self.to(),
            }
        } else if self.is_corner_take() {
            MoveKind::CornerTake(Stone::from_index(self.fit().0 as usize & 7))
        } else if self.is_capture() {
            MoveKind::Capture {
                from: self.from(),
                to: self.to(),
                kept: self.fit(),
            }
        } else {
            MoveKind::Quiet {
                from: self.from(),
                to: self.to(),
            }
        }
    }

    /// The same move without generator annotations (for comparing with a
    /// move read from text).
    #[inline]
    pub fn plain(self) -> Move {
        Move(self.0 & !PRINCIPAL_BIT)
    }
}

impl From<Move> for u32 {
    fn from(m: Move) -> u32 {
        m.0
    }
}

/// One side's name as the messages write it.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "sente",
        Color::White => "gote",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_map_to_usi() {
        let sq = Square7::new(4, 6);
        assert_eq!(sq.to_string(), "4g");
        assert_eq!(Square7::new(7, 0).index(), 0);
        assert_eq!(Square7::new(1, 6).index(), 48);
        assert_eq!(Square7::from_usi(sq.to_usi()), Some(sq));
        assert_eq!(
            Square7::from_usi(usi::Square { file: 8, rank: 0 }),
            None,
            "file 8 is off the 7x7 board"
        );
        assert_eq!(sq.offset(0, 1), None);
        assert_eq!(sq.offset(-1, -1), Some(Square7::new(5, 5)));
    }

    #[test]
    fn stone_multisets() {
        let a = Stones::from_letters(&['W', 'W', 'j', 'E']).unwrap();
        assert_eq!(a.letters(), "JEWW");
        assert_eq!(a.total(), 4);
        let b = Stones::EMPTY.with(Stone::W, 1);
        assert!(b.is_subset_of(a));
        assert!(!a.is_subset_of(b));
        assert_eq!(a.minus(b).letters(), "JEW");
        assert_eq!(Stones::from_letters(&['Q']), Err('Q'));
        // J is bit 0, E bit 3, W bit 7.
        assert_eq!(a.kinds(), 0b1000_1001);
        assert_eq!(Stones::EMPTY.kinds(), 0);
        let all = Stone::ALL
            .iter()
            .fold(Stones::EMPTY, |acc, &s| acc.with(s, 3));
        assert_eq!(all.kinds(), 0xff);
        for s in Stone::ALL {
            for n in 1..=16 {
                assert_eq!(
                    Stones::EMPTY.with(s, n).kinds(),
                    1 << s.index(),
                    "{s:?} x{n}"
                );
            }
        }
    }

    #[test]
    fn move_packing_round_trips() {
        let from = Square7::new(4, 4);
        let to = Square7::new(4, 1);
        let m = Move::capture(from, to, FitId(250));
        assert_eq!(
            m.kind(),
            MoveKind::Capture {
                from,
                to,
                kept: FitId(250)
            }
        );
        assert_eq!(m.principal().plain(), m);
        assert_eq!(
            Move::drop(FitId(3), to).kind(),
            MoveKind::Drop { fit: FitId(3), to }
        );
        assert_eq!(
            Move::corner_take(Stone::W).kind(),
            MoveKind::CornerTake(Stone::W)
        );
        assert_ne!(Move::quiet(from, to), Move::NONE);
    }
}
