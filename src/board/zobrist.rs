//! The pseudo-random stream Zobrist tables are filled from, usable in `const`
//! context so every game's table is built at compile time; and the mixing
//! of a structure key (the search's correction history) from two bitboards.

use super::bitboard::Bitboard;

/// SplitMix64: tiny, fast, and every output bit depends on every state bit,
/// which is all a Zobrist table needs.
pub struct SplitMix(u64);

impl SplitMix {
    pub const fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub const fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A key of two bitboards (a structure of the position, such as the pawns
/// of each side), its high bits well mixed.
pub fn structure_key(black: Bitboard, white: Bitboard) -> u64 {
    let fold = |b: Bitboard| (b.0 as u64) ^ ((b.0 >> 64) as u64).rotate_left(29);
    let z = fold(black).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ fold(white).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    z ^ (z >> 29)
}

/// Most roles a piece-square key table of [`Zobrist`] has room for.
pub const MAX_ROLES: usize = 14;
/// Most hand kinds [`Zobrist`] has room for.
pub const MAX_HAND_KINDS: usize = 8;
/// Most pieces of one kind in hand [`Zobrist`] has room for.
pub const MAX_HELD: usize = 38;

/// Zobrist keys of a game with pieces in hand: XOR per piece on a square,
/// per (kind, count) in hand (count zero has key zero) and for the side to
/// move. Sized for the largest game; each game fills only its own part.
pub struct Zobrist {
    pub piece: [[[u64; 81]; MAX_ROLES]; 2],
    pub hand: [[[u64; MAX_HELD + 1]; MAX_HAND_KINDS]; 2],
    pub side: u64,
}

impl Zobrist {
    /// The table of a game with `roles` roles, `kinds` hand kinds and at most
    /// `held` pieces of a kind in hand, drawn from `seed` in a fixed order
    /// (a game's keys depend only on its own sizes).
    pub const fn new(seed: u64, roles: usize, kinds: usize, held: usize) -> Zobrist {
        let mut z = Zobrist {
            piece: [[[0; 81]; MAX_ROLES]; 2],
            hand: [[[0; MAX_HELD + 1]; MAX_HAND_KINDS]; 2],
            side: 0,
        };
        let mut rng = SplitMix::new(seed);
        let mut c = 0;
        while c < 2 {
            let mut r = 0;
            while r < roles {
                let mut sq = 0;
                while sq < 81 {
                    z.piece[c][r][sq] = rng.next();
                    sq += 1;
                }
                r += 1;
            }
            let mut h = 0;
            while h < kinds {
                let mut n = 1;
                while n <= held {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_is_deterministic_and_varied() {
        let (mut a, mut b) = (SplitMix::new(7), SplitMix::new(7));
        let first: Vec<u64> = (0..4).map(|_| a.next()).collect();
        assert_eq!(first, (0..4).map(|_| b.next()).collect::<Vec<_>>());
        assert!(first.windows(2).all(|w| w[0] != w[1]));
    }
}
