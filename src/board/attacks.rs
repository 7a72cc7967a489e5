//! Attack tables for the 9x9 board, built at compile time: step patterns per
//! side, slider rays, and the squares between and through two squares.
//!
//! Sliders are looked up by the occupancy of their lines
//! ([`super::sliders`]); the rays here give their empty-board reach and
//! the squares between two squares.

use super::bitboard::{Bitboard, Square};
use super::sliders::{diagonals_attacks, file_attacks, rank_attacks};
use super::zones::last_ranks;
use crate::game::Color;

/// Ray directions as (file delta, rank delta). Rank -1 is sente's forward.
const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
];

/// Index of the direction sente's lance moves in (towards rank a).
pub const NORTH: usize = 0;
/// Index of the direction gote's lance moves in (towards rank i).
pub const SOUTH: usize = 1;
const ROOK_DIRS: [usize; 4] = [0, 1, 2, 3];
const BISHOP_DIRS: [usize; 4] = [4, 5, 6, 7];

/// Step patterns, for sente; gote's are mirrored in rank.
pub const PAWN_STEPS: &[(i8, i8)] = &[(0, -1)];
pub const KNIGHT_STEPS: &[(i8, i8)] = &[(-1, -2), (1, -2)];
pub const SILVER_STEPS: &[(i8, i8)] = &[(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
pub const GOLD_STEPS: &[(i8, i8)] = &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
pub const KING_STEPS: &[(i8, i8)] = &[
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq / 9) as i8 + df;
    let r = (sq % 9) as i8 + dr;
    if f >= 0 && f < 9 && r >= 0 && r < 9 {
        Some(f as usize * 9 + r as usize)
    } else {
        None
    }
}

const fn step_table(steps: &[(i8, i8)], color: usize) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut bb = 0u128;
        let mut i = 0;
        while i < steps.len() {
            let (df, dr) = steps[i];
            let dr = if color == 0 { dr } else { -dr };
            if let Some(to) = offset(sq, df, dr) {
                bb |= 1u128 << to;
            }
            i += 1;
        }
        table[sq] = Bitboard(bb);
        sq += 1;
    }
    table
}

/// A table of step attacks indexed `[color][square]`.
pub type StepTable = [[Bitboard; 81]; 2];

pub const fn step_tables(steps: &[(i8, i8)]) -> StepTable {
    [step_table(steps, 0), step_table(steps, 1)]
}

static PAWN: StepTable = step_tables(PAWN_STEPS);
static KNIGHT: StepTable = step_tables(KNIGHT_STEPS);
static SILVER: StepTable = step_tables(SILVER_STEPS);
static GOLD: StepTable = step_tables(GOLD_STEPS);
static KING: [Bitboard; 81] = step_table(KING_STEPS, 0);

/// The squares at most two files and two ranks away (a 5x5 box, `sq` in).
static WITHIN_TWO: [Bitboard; 81] = box_table(2, 2);

/// Per square, the squares at most `files` files and `ranks` ranks away
/// (itself included).
pub const fn box_table(files: usize, ranks: usize) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut i: usize = 0;
    while i < 81 {
        let mut j: usize = 0;
        let mut bits = 0u128;
        while j < 81 {
            if (i / 9).abs_diff(j / 9) <= files && (i % 9).abs_diff(j % 9) <= ranks {
                bits |= 1 << j;
            }
            j += 1;
        }
        table[i] = Bitboard(bits);
        i += 1;
    }
    table
}

const fn ray_tables() -> [[Bitboard; 81]; 8] {
    let mut t = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut bb = 0u128;
            let mut cur = sq;
            while let Some(next) = offset(cur, DIRS[d].0, DIRS[d].1) {
                bb |= 1u128 << next;
                cur = next;
            }
            t[d][sq] = Bitboard(bb);
            sq += 1;
        }
        d += 1;
    }
    t
}

static RAYS: [[Bitboard; 81]; 8] = ray_tables();

/// The union of the rays in `dirs` from every square.
const fn pseudo_table(dirs: [usize; 4]) -> [Bitboard; 81] {
    let rays = ray_tables();
    let mut t = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut bb = 0u128;
        let mut i = 0;
        while i < 4 {
            bb |= rays[dirs[i]][sq].0;
            i += 1;
        }
        t[sq] = Bitboard(bb);
        sq += 1;
    }
    t
}

static ROOK_PSEUDO: [Bitboard; 81] = pseudo_table(ROOK_DIRS);
static BISHOP_PSEUDO: [Bitboard; 81] = pseudo_table(BISHOP_DIRS);

const fn between_tables() -> ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) {
    let mut between = [[Bitboard::EMPTY; 81]; 81];
    let mut line = [[Bitboard::EMPTY; 81]; 81];
    let rays = ray_tables();
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut cur = a;
            let mut inside = 0u128;
            while let Some(next) = offset(cur, DIRS[d].0, DIRS[d].1) {
                between[a][next] = Bitboard(inside);
                // The whole line through both squares, both ends included.
                let opposite = d ^ 1;
                line[a][next] = Bitboard(rays[d][a].0 | rays[opposite][a].0 | (1u128 << a));
                inside |= 1u128 << next;
                cur = next;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static BETWEEN_LINE: ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) = between_tables();

#[inline]
pub fn pawn_attacks(c: Color, sq: Square) -> Bitboard {
    PAWN[c.index()][sq.index()]
}

#[inline]
pub fn knight_attacks(c: Color, sq: Square) -> Bitboard {
    KNIGHT[c.index()][sq.index()]
}

#[inline]
pub fn silver_attacks(c: Color, sq: Square) -> Bitboard {
    SILVER[c.index()][sq.index()]
}

#[inline]
pub fn gold_attacks(c: Color, sq: Square) -> Bitboard {
    GOLD[c.index()][sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares at most two files and two ranks from `sq` (`sq` included): where
/// a piece stepping one square must stand to attack a square next to `sq`.
#[inline]
pub fn within_two(sq: Square) -> Bitboard {
    WITHIN_TWO[sq.index()]
}

/// Every square some pawn of `c` in `pawns` attacks (its square ahead).
///
/// A whole set at once: square indices run along the files, so a step
/// forward is a shift by one. Pawns on the last rank (which cannot exist)
/// are dropped so that no shift wraps into the next file.
#[inline]
pub fn pawn_attacks_all(c: Color, pawns: Bitboard) -> Bitboard {
    let pawns = pawns & !last_ranks(c, 1);
    match c {
        Color::Black => Bitboard(pawns.0 >> 1),
        Color::White => Bitboard(pawns.0 << 1),
    }
}

/// Every square some knight of `c` in `knights` attacks, as a set at once:
/// two ranks forward (two index steps) and one file aside (nine). Knights
/// on the last two ranks (which cannot exist) are dropped so that no shift
/// wraps into another file; moves off files 1 and 9 shift out of the board.
#[inline]
pub fn knight_attacks_all(c: Color, knights: Bitboard) -> Bitboard {
    let k = (knights & !last_ranks(c, 2)).0;
    let bb = match c {
        Color::Black => (k >> 11) | (k << 7),
        Color::White => (k >> 7) | (k << 11),
    };
    Bitboard(bb) & Bitboard::ALL
}

#[inline]
pub fn lance_attacks(c: Color, sq: Square, occ: Bitboard) -> Bitboard {
    file_attacks(sq, occ) & lance_pseudo(c, sq)
}

/// The squares a lance could reach on an empty board.
#[inline]
pub fn lance_pseudo(c: Color, sq: Square) -> Bitboard {
    RAYS[if c == Color::Black { NORTH } else { SOUTH }][sq.index()]
}

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    file_attacks(sq, occ) | rank_attacks(sq, occ)
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    diagonals_attacks(sq, occ)
}

#[inline]
pub fn rook_pseudo(sq: Square) -> Bitboard {
    ROOK_PSEUDO[sq.index()]
}

#[inline]
pub fn bishop_pseudo(sq: Square) -> Bitboard {
    BISHOP_PSEUDO[sq.index()]
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.0[a.index()][b.index()]
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.1[a.index()][b.index()]
}

/// Own pieces standing alone between the enemy king on `ek` and one of our
/// sliders: moving one off that line uncovers a check.
#[inline]
pub fn discoverers(
    ek: Square,
    them: Color,
    occ: Bitboard,
    ours: Bitboard,
    rooks: Bitboard,
    bishops: Bitboard,
    lances: Bitboard,
) -> Bitboard {
    let snipers = ((rook_pseudo(ek) & rooks)
        | (bishop_pseudo(ek) & bishops)
        | (lance_pseudo(them, ek) & lances))
        & ours;
    let mut found = Bitboard::EMPTY;
    for s in snipers {
        let blockers = between(ek, s) & occ;
        if blockers.any() && !blockers.more_than_one() {
            found |= blockers & ours;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classical ray method, the reference the lookups are checked
    /// against: the first blocker along a ray is the lowest or highest set
    /// bit of `ray & occupied`, and the squares past it are cut off with
    /// that blocker's own ray.
    fn slide(dir: usize, sq: Square, occ: Bitboard) -> Bitboard {
        let ray = RAYS[dir][sq.index()];
        let blockers = ray & occ;
        if blockers.is_empty() {
            return ray;
        }
        // Odd direction indices point to higher square indices.
        let first = if dir & 1 == 1 {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        ray ^ RAYS[dir][first.index()]
    }

    fn sq(s: &str) -> Square {
        let b = s.as_bytes();
        Square::new(b[0] - b'0', b[1] - b'a')
    }

    #[test]
    fn step_patterns_face_each_side() {
        assert_eq!(pawn_attacks(Color::Black, sq("7g")), sq("7f").bit());
        assert_eq!(pawn_attacks(Color::White, sq("3c")), sq("3d").bit());
        assert_eq!(
            knight_attacks(Color::Black, sq("8i")),
            sq("7g").bit() | sq("9g").bit()
        );
        assert_eq!(silver_attacks(Color::White, sq("5e")).count(), 5);
        assert!(gold_attacks(Color::Black, sq("5e")).contains(sq("5f")));
        assert!(!gold_attacks(Color::Black, sq("5e")).contains(sq("4f")));
        assert_eq!(king_attacks(sq("1a")).count(), 3);
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let occ = sq("5c").bit() | sq("2e").bit();
        let rook = rook_attacks(sq("5e"), occ);
        assert!(rook.contains(sq("5c")));
        assert!(!rook.contains(sq("5b")));
        assert!(rook.contains(sq("2e")) && !rook.contains(sq("1e")));
        assert!(rook.contains(sq("9e")) && rook.contains(sq("5i")));
        assert_eq!(rook.count(), 2 + 4 + 3 + 4);
        assert_eq!(bishop_attacks(sq("5e"), Bitboard::EMPTY).count(), 16);
        let lance = lance_attacks(Color::Black, sq("1i"), sq("1c").bit());
        assert_eq!(lance.count(), 6);
    }

    /// Every slider lookup against the ray method, on every square and
    /// occupancies from empty to dense (a fixed xorshift sequence).
    #[test]
    fn slider_lookups_match_the_rays() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..3000 {
            let bits = (u128::from(next()) << 64 | u128::from(next())) & Bitboard::ALL.0;
            let occ = match round % 3 {
                0 => Bitboard(bits & u128::from(next()) & (u128::from(next()) << 17)),
                1 => Bitboard(bits),
                _ => Bitboard(bits | u128::from(next()) << 40) & Bitboard::ALL,
            };
            for sq in Square::all() {
                let rays = |dirs: [usize; 4]| {
                    dirs.iter()
                        .fold(Bitboard::EMPTY, |a, &d| a | slide(d, sq, occ))
                };
                assert_eq!(rook_attacks(sq, occ), rays(ROOK_DIRS), "rook {sq} {occ:?}");
                assert_eq!(
                    bishop_attacks(sq, occ),
                    rays(BISHOP_DIRS),
                    "bishop {sq} {occ:?}"
                );
                assert_eq!(lance_attacks(Color::Black, sq, occ), slide(NORTH, sq, occ));
                assert_eq!(lance_attacks(Color::White, sq, occ), slide(SOUTH, sq, occ));
            }
        }
    }

    #[test]
    fn set_attacks_match_the_tables() {
        for c in [Color::Black, Color::White] {
            for sq in Square::all() {
                let alive = !last_ranks(c, 2).contains(sq);
                let knights = if alive {
                    knight_attacks(c, sq)
                } else {
                    Bitboard::EMPTY
                };
                assert_eq!(knight_attacks_all(c, sq.bit()), knights, "{sq}");
                let pawns = if last_ranks(c, 1).contains(sq) {
                    Bitboard::EMPTY
                } else {
                    pawn_attacks(c, sq)
                };
                assert_eq!(pawn_attacks_all(c, sq.bit()), pawns, "{sq}");
            }
            let all = !last_ranks(c, 2);
            let union = all
                .into_iter()
                .fold(Bitboard::EMPTY, |u, sq| u | knight_attacks(c, sq));
            assert_eq!(knight_attacks_all(c, all), union);
        }
        for sq in Square::all() {
            assert_eq!(rook_pseudo(sq), rook_attacks(sq, Bitboard::EMPTY));
            assert_eq!(bishop_pseudo(sq), bishop_attacks(sq, Bitboard::EMPTY));
        }
        assert_eq!(within_two(sq("5e")).count(), 25);
        assert_eq!(within_two(sq("1a")).count(), 9);
        assert!(within_two(sq("5e")).contains(sq("3c")));
        assert!(!within_two(sq("5e")).contains(sq("2e")));
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("5e"), sq("5a")).count(), 3);
        assert_eq!(between(sq("1a"), sq("9i")).count(), 7);
        assert!(between(sq("1a"), sq("2c")).is_empty());
        assert_eq!(line(sq("5e"), sq("5a")), Bitboard::file(5));
        assert!(line(sq("1a"), sq("2c")).is_empty());
    }
}
