//! Slider attacks by table lookup, without a branch: the occupancy of a
//! line's inner squares (a file, a rank or a diagonal through the square)
//! is gathered into a 7-bit index by one multiplication, and a table built
//! at compile time gives the squares attacked along that line.
//!
//! Square indices run along the files (`file * 9 + rank`), so a line's
//! squares are evenly spaced by its step: 1 along a file, 9 along a rank,
//! 10 and 8 along the two diagonals. Shifted right to the line's first
//! inner square, its at most seven inner squares sit at `step * k` below
//! bit 64; multiplying by the sum of `2^(57 - (step - 1) * k)` carries the
//! k-th to bit `57 + k`, and no two partial products share a bit (so
//! nothing carries into the index). The ends of a line never matter: a
//! slider attacks them whether or not they are occupied.
//!
//! The tables take about 120 KB: the along-the-line patterns of a line of
//! nine (a file is one, shifted into place), ranks as rank `a`'s patterns
//! shifted down, and the diagonals square by square, each square with only
//! as many entries as its diagonals have inner squares.

use super::bitboard::{Bitboard, Square};

/// Where the gathered index starts.
const INDEX_SHIFT: u32 = 57;
/// Inner squares of the longest line.
const INNER: usize = 7;

/// Gathers bits `step * k` (k < 7) into bits `57 + k`.
const fn gather(step: usize) -> u64 {
    let mut m = 0u64;
    let mut k = 0;
    while k < INNER {
        m |= 1 << (INDEX_SHIFT as usize - (step - 1) * k);
        k += 1;
    }
    m
}

/// Bits `step * k` for the first `n` of the k.
const fn spaced(step: usize, n: usize) -> u64 {
    let mut m = 0u64;
    let mut k = 0;
    while k < n {
        m |= 1 << (step * k);
        k += 1;
    }
    m
}

/// The squares a slider on square `p` of a line of nine attacks along it,
/// by the occupancy of the inner squares 1..=7 (bit `i` is square `i + 1`).
const fn line_of_nine() -> [[u16; 128]; 9] {
    let mut t = [[0u16; 128]; 9];
    let mut p = 0;
    while p < 9 {
        let mut occ = 0;
        while occ < 128 {
            let occupied = (occ as u16) << 1;
            let mut bits = 0u16;
            let mut q = p + 1;
            while q < 9 {
                bits |= 1 << q;
                if occupied & (1 << q) != 0 {
                    break;
                }
                q += 1;
            }
            let mut q = p as i32 - 1;
            while q >= 0 {
                bits |= 1 << q;
                if occupied & (1 << q) != 0 {
                    break;
                }
                q -= 1;
            }
            t[p][occ] = bits;
            occ += 1;
        }
        p += 1;
    }
    t
}

static LINE_OF_NINE: [[u16; 128]; 9] = line_of_nine();

/// Rank `a`'s attack patterns as bitboards: a rook on file index `f` of
/// rank `a`, by the occupancy of files 2..=8 (bit `i` is file index `i + 1`).
const fn rank_a() -> [[Bitboard; 128]; 9] {
    let line = line_of_nine();
    let mut t = [[Bitboard::EMPTY; 128]; 9];
    let mut f = 0;
    while f < 9 {
        let mut occ = 0;
        while occ < 128 {
            let mut bb = 0u128;
            let mut j = 0;
            while j < 9 {
                if line[f][occ] & (1 << j) != 0 {
                    bb |= 1 << (9 * j);
                }
                j += 1;
            }
            t[f][occ] = Bitboard(bb);
            occ += 1;
        }
        f += 1;
    }
    t
}

static RANK_A: [[Bitboard; 128]; 9] = rank_a();

const RANK_INNER: u64 = spaced(9, INNER);
const RANK_GATHER: u64 = gather(9);

/// One diagonal through one square: where its inner squares start, which
/// bits they are once shifted there, and where its patterns start in
/// [`DIAGONAL_ATTACKS`].
#[derive(Clone, Copy)]
struct Diagonal {
    shift: u8,
    mask: u64,
    offset: u16,
}

/// The two diagonal directions: file and rank both up (step 10), and file
/// up, rank down (step 8). Each line is walked from its lowest index.
const DIAGONAL_STEPS: [(usize, i32); 2] = [(10, -1), (8, 1)];

/// The lowest-index end of the diagonal of `step` through `sq`, and its
/// length. `back` is the rank delta of a step towards lower indices.
const fn diagonal_of(sq: usize, back: i32) -> (usize, usize) {
    let (mut f, mut r) = ((sq / 9) as i32, (sq % 9) as i32);
    while f > 0 && r + back >= 0 && r + back < 9 {
        f -= 1;
        r += back;
    }
    let start = (f * 9 + r) as usize;
    let mut n = 1;
    let (mut f2, mut r2) = (f + 1, r - back);
    while f2 < 9 && r2 >= 0 && r2 < 9 {
        n += 1;
        f2 += 1;
        r2 -= back;
    }
    (start, n)
}

const fn inner_len(n: usize) -> usize {
    if n >= 3 {
        n - 2
    } else {
        0
    }
}

/// Every square's two diagonals, and the length of the table their
/// patterns fill.
const fn diagonals() -> ([[Diagonal; 81]; 2], usize) {
    let mut t = [[Diagonal {
        shift: 0,
        mask: 0,
        offset: 0,
    }; 81]; 2];
    let mut offset = 0usize;
    let mut d = 0;
    while d < 2 {
        let (step, back) = DIAGONAL_STEPS[d];
        let mut sq = 0;
        while sq < 81 {
            let (start, n) = diagonal_of(sq, back);
            let inner = inner_len(n);
            t[d][sq] = Diagonal {
                shift: if inner > 0 { (start + step) as u8 } else { 0 },
                mask: spaced(step, inner),
                offset: offset as u16,
            };
            offset += 1 << inner;
            sq += 1;
        }
        d += 1;
    }
    (t, offset)
}

static DIAGONALS: [[Diagonal; 81]; 2] = diagonals().0;

const DIAGONAL_LEN: usize = diagonals().1;
// The offsets are `u16`; the table has 5,892 entries.
const _: () = assert!(DIAGONAL_LEN <= u16::MAX as usize);

const fn diagonal_attacks() -> [Bitboard; DIAGONAL_LEN] {
    let mut t = [Bitboard::EMPTY; DIAGONAL_LEN];
    let lines = diagonals().0;
    let mut d = 0;
    while d < 2 {
        let (step, back) = DIAGONAL_STEPS[d];
        let mut sq = 0;
        while sq < 81 {
            let (start, n) = diagonal_of(sq, back);
            let p = (sq - start) / step;
            let inner = inner_len(n);
            let mut occ = 0;
            while occ < 1 << inner {
                // Square j of the line is occupied when inner bit j - 1 is.
                let occupied = (occ as u16) << 1;
                let mut bb = 0u128;
                let mut q = p + 1;
                while q < n {
                    bb |= 1 << (start + step * q);
                    if occupied & (1 << q) != 0 {
                        break;
                    }
                    q += 1;
                }
                let mut q = p as i32 - 1;
                while q >= 0 {
                    bb |= 1 << (start + step * q as usize);
                    if occupied & (1 << q) != 0 {
                        break;
                    }
                    q -= 1;
                }
                t[lines[d][sq].offset as usize + occ] = Bitboard(bb);
                occ += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

static DIAGONAL_ATTACKS: [Bitboard; DIAGONAL_LEN] = diagonal_attacks();
const DIAGONAL_GATHER: [u64; 2] = [gather(10), gather(8)];

/// The squares a slider on `sq` attacks along its file, both ways.
#[inline(always)]
pub fn file_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let (f9, r) = (sq.index() / 9 * 9, sq.index() % 9);
    let inner = (occ.0 >> (f9 + 1)) as usize & 0x7f;
    Bitboard((LINE_OF_NINE[r][inner] as u128) << f9)
}

/// The squares a slider on `sq` attacks along its rank, both ways.
#[inline(always)]
pub fn rank_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let (f, r) = (sq.index() / 9, sq.index() % 9);
    let inner = (occ.0 >> (9 + r)) as u64 & RANK_INNER;
    let index = inner.wrapping_mul(RANK_GATHER) >> INDEX_SHIFT;
    Bitboard(RANK_A[f][index as usize].0 << r)
}

/// The squares a slider on `sq` attacks along diagonal `d` (0: step 10,
/// 1: step 8).
#[inline(always)]
fn diagonal_attacks_of(d: usize, sq: Square, occ: Bitboard) -> Bitboard {
    let line = &DIAGONALS[d][sq.index()];
    let inner = (occ.0 >> line.shift) as u64 & line.mask;
    let index = inner.wrapping_mul(DIAGONAL_GATHER[d]) >> INDEX_SHIFT;
    DIAGONAL_ATTACKS[line.offset as usize + index as usize]
}

/// The squares a slider on `sq` attacks along both diagonals.
#[inline(always)]
pub fn diagonals_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    diagonal_attacks_of(0, sq, occ) | diagonal_attacks_of(1, sq, occ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gathered_index_never_carries() {
        for step in [1, 8, 9, 10] {
            for bits in 0u64..128 {
                let spread = (0..INNER)
                    .filter(|k| bits & (1 << k) != 0)
                    .fold(0u64, |m, k| m | 1 << (step * k));
                assert_eq!(spread.wrapping_mul(gather(step)) >> INDEX_SHIFT, bits);
            }
        }
    }
}
