//! 81-square bitboards in a `u128`. Square index = (file - 1) * 9 + rank, so a
//! file's nine squares are contiguous and rank `a` (0) is gote's back rank.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A square on the 9x9 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    pub const NUM: usize = 81;

    /// `file` 1..=9, `rank` 0..=8 (a..i).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square((file - 1) * 9 + rank)
    }

    #[inline]
    pub const fn from_index(i: usize) -> Square {
        Square(i as u8)
    }

    /// 1..=9 as USI writes it.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// 0..=8 from rank `a`.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1u128 << self.0)
    }

    /// The square `(df, dr)` away, if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 1 && f <= 9 && r >= 0 && r <= 8 {
            Some(Square::new(f as u8, r as u8))
        } else {
            None
        }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    pub fn to_usi(self) -> usi::Square {
        usi::Square {
            file: self.file(),
            rank: self.rank(),
        }
    }

    pub fn from_usi(sq: usi::Square) -> Option<Square> {
        if (1..=9).contains(&sq.file) && sq.rank < 9 {
            Some(Square::new(sq.file, sq.rank))
        } else {
            None
        }
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank()) as char)
    }
}

/// A set of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

const ALL_BITS: u128 = (1u128 << 81) - 1;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(ALL_BITS);

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (self.0 >> sq.0) & 1 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Lowest square; the set must not be empty.
    #[inline]
    pub const fn lsb(self) -> Square {
        Square(self.0.trailing_zeros() as u8)
    }

    /// Highest square; the set must not be empty.
    #[inline]
    pub const fn msb(self) -> Square {
        Square(127 - self.0.leading_zeros() as u8)
    }

    #[inline]
    pub fn pop(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.lsb();
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u128 << sq.0))
    }

    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.0))
    }

    #[inline]
    pub const fn and(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }

    #[inline]
    pub const fn or(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }

    /// All squares of the given 0-based ranks mask (bit r = rank r).
    pub const fn ranks(mask: u16) -> Bitboard {
        let mut bb = 0u128;
        let mut sq = 0;
        while sq < 81 {
            if mask >> (sq % 9) & 1 != 0 {
                bb |= 1u128 << sq;
            }
            sq += 1;
        }
        Bitboard(bb)
    }

    /// All squares of file 1..=9.
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x1ffu128 << ((file as u32 - 1) * 9))
    }

    /// Every square of each file that holds at least one square of the set,
    /// without a loop over the files (nifu tests run on every pawn drop).
    #[inline]
    pub const fn filled_files(self) -> Bitboard {
        // Per nine-bit file: adding 0xff to the low eight bits carries into
        // bit 8 unless they are all clear, so bit 8 ends up set exactly when
        // the file is not empty. No carry leaves a file.
        let low = FILE_LOW_BITS;
        let top = FILE_TOP_BIT;
        let marks = (((self.0 & low) + low) | self.0) & top;
        // A file's bit 8 becomes all nine bits: its bit 9 minus its bit 0.
        Bitboard((marks << 1) - (marks >> 8))
    }
}

/// `0xff` in every file: ranks a-h.
const FILE_LOW_BITS: u128 = ALL_BITS / 0x1ff * 0xff;
/// `0x100` in every file: rank i.
const FILE_TOP_BIT: u128 = ALL_BITS / 0x1ff * 0x100;

/// Iterates squares low to high. The set is walked as two `u64` halves:
/// 128-bit bit scans and clears cost about twice as much as 64-bit ones.
pub struct Squares {
    lo: u64,
    hi: u64,
}

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.lo != 0 {
            let sq = self.lo.trailing_zeros() as u8;
            self.lo &= self.lo - 1;
            Some(Square(sq))
        } else if self.hi != 0 {
            let sq = self.hi.trailing_zeros() as u8 + 64;
            self.hi &= self.hi - 1;
            Some(Square(sq))
        } else {
            None
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.lo.count_ones() + self.hi.count_ones()) as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        (self.lo.count_ones() + self.hi.count_ones()) as usize
    }

    /// One tight loop per half instead of `next`'s test of both halves on
    /// every step: `for_each` (and so the move generator's pushes) use this.
    #[inline]
    fn fold<B, F: FnMut(B, Square) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        let mut lo = self.lo;
        while lo != 0 {
            acc = f(acc, Square(lo.trailing_zeros() as u8));
            lo &= lo - 1;
        }
        let mut hi = self.hi;
        while hi != 0 {
            acc = f(acc, Square(hi.trailing_zeros() as u8 + 64));
            hi &= hi - 1;
        }
        acc
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares {
            lo: self.0 as u64,
            hi: (self.0 >> 64) as u64,
        }
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        self.0 &= o.0
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        self.0 |= o.0
    }
}

impl BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, o: Bitboard) {
        self.0 ^= o.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
        }
        assert_eq!(Square::new(7, 6).to_string(), "7g");
        assert_eq!(Square::new(1, 0).index(), 0);
    }

    #[test]
    fn bit_scans_and_pop() {
        let bb = Square::new(9, 8).bit() | Square::new(1, 0).bit() | Square::new(5, 4).bit();
        assert_eq!(bb.count(), 3);
        assert_eq!(bb.lsb(), Square::new(1, 0));
        assert_eq!(bb.msb(), Square::new(9, 8));
        assert_eq!(
            bb.into_iter().collect::<Vec<_>>(),
            [Square::new(1, 0), Square::new(5, 4), Square::new(9, 8)]
        );
        assert!(bb.more_than_one());
        assert_eq!((!Bitboard::EMPTY).count(), 81);
        // `for_each` (a fold over the two halves) visits the same squares.
        let mut seen = Vec::new();
        bb.into_iter().for_each(|sq| seen.push(sq));
        assert_eq!(seen, bb.into_iter().collect::<Vec<_>>());
        assert_eq!(bb.into_iter().count(), 3);
        assert_eq!(Bitboard::ALL.into_iter().len(), 81);
    }

    #[test]
    fn filled_files_fills_each_file_touched() {
        assert_eq!(Bitboard::EMPTY.filled_files(), Bitboard::EMPTY);
        assert_eq!(Bitboard::ALL.filled_files(), Bitboard::ALL);
        for sq in Square::all() {
            assert_eq!(sq.bit().filled_files(), Bitboard::file(sq.file()));
        }
        let bb = Square::new(9, 8).bit() | Square::new(1, 0).bit() | Square::new(5, 7).bit();
        assert_eq!(
            bb.filled_files(),
            Bitboard::file(1) | Bitboard::file(5) | Bitboard::file(9)
        );
    }

    #[test]
    fn rank_and_file_masks() {
        assert_eq!(Bitboard::ranks(0b111).count(), 27);
        assert_eq!(Bitboard::file(9).count(), 9);
        assert!(Bitboard::file(3).contains(Square::new(3, 4)));
    }
}
