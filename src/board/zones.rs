//! Side-relative regions of the 9x9 board: the promotion zone, the last ranks
//! where some pieces could never move again.

use super::bitboard::Bitboard;
use crate::game::Color;

/// The promotion zone (far three ranks) of `c`; also its enemy camp.
#[inline]
pub fn zone(c: Color) -> Bitboard {
    last_ranks(c, 3)
}

/// The `n` ranks farthest from `c` (`n` in 0..=9). Arithmetic rather than a
/// table: with `n` known at the call site it folds to a constant per side.
#[inline]
pub fn last_ranks(c: Color, n: u8) -> Bitboard {
    let mask = (1u128 << n) - 1;
    let mask = match c {
        Color::Black => mask,
        Color::White => mask << (9 - n),
    };
    // A nine-bit rank mask copied into every file; no carries, as mask < 2^9.
    Bitboard(mask * ONE_PER_FILE)
}

/// Bit 0 of every file: the rank-a squares.
const ONE_PER_FILE: u128 = {
    let mut bits = 0u128;
    let mut f = 0;
    while f < 9 {
        bits |= 1 << (9 * f);
        f += 1;
    }
    bits
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn regions_face_each_side() {
        let c3 = Square::new(5, 2);
        assert!(zone(Color::Black).contains(c3) && !zone(Color::White).contains(c3));
        assert_eq!(zone(Color::White).count(), 27);
        assert_eq!(last_ranks(Color::White, 2), Bitboard::ranks(0b1_1000_0000));
    }
}
