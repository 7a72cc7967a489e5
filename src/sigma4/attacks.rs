//! Where stones move (docs/rules/sigma4.md): single steps and leaps from tables, the
//! repeated steps of W, F, D and E along rays with the "every landing square
//! on the way is empty" rule, and the reverse question "is this square
//! attacked", answered by looking outward from the square.

use std::sync::OnceLock;

use super::fits::Fit;
use super::types::{Bitboard7, Square7, Stone};

/// The (column, rank) offsets of one stone's single move, every direction.
pub fn offsets(s: Stone) -> Vec<(i8, i8)> {
    let base: &[(i8, i8)] = match s {
        Stone::W => &[(0, 1)],
        Stone::F => &[(1, 1)],
        Stone::D => &[(0, 2)],
        Stone::E => &[(2, 2)],
        Stone::N => &[(1, 2)],
        Stone::J => &[(0, 3), (3, 3)],
        Stone::Z => &[(2, 3)],
        Stone::C => &[(1, 3)],
    };
    let mut all = Vec::new();
    for &(a, b) in base {
        // All sign changes and the swap: the eight symmetries of the square.
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let o = (x * sx, y * sy);
                if !all.contains(&o) {
                    all.push(o);
                }
            }
        }
    }
    all
}

/// Single-move destinations of each stone kind from each square.
pub fn leap_table() -> [[Bitboard7; 49]; 8] {
    let mut table = [[Bitboard7::EMPTY; 49]; 8];
    for s in Stone::ALL {
        let offs = offsets(s);
        for sq in Square7::all() {
            for &(dc, dr) in &offs {
                if let Some(to) = sq.offset(dc, dr) {
                    table[s.index()][sq.index()] |= to.bit();
                }
            }
        }
    }
    table
}

/// A stone kind whose step repeats when a base holds several of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepper {
    W = 0,
    F = 1,
    D = 2,
    E = 3,
}

impl Stepper {
    pub const ALL: [Stepper; 4] = [Stepper::W, Stepper::F, Stepper::D, Stepper::E];

    pub fn of(s: Stone) -> Stepper {
        match s {
            Stone::W => Stepper::W,
            Stone::F => Stepper::F,
            Stone::D => Stepper::D,
            Stone::E => Stepper::E,
            _ => unreachable!("only W, F, D and E repeat"),
        }
    }

    pub fn stone(self) -> Stone {
        match self {
            Stepper::W => Stone::W,
            Stepper::F => Stone::F,
            Stepper::D => Stone::D,
            Stepper::E => Stone::E,
        }
    }

    /// Rank-1 kinds repeat up to 4 times, rank-2 kinds up to 2.
    pub fn max_repeats(self) -> usize {
        match self {
            Stepper::W | Stepper::F => 4,
            Stepper::D | Stepper::E => 2,
        }
    }
}

/// The landing squares of one repeated step in one direction, nearest first.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ray {
    pub len: u8,
    pub squares: [Square7; 4],
}

impl Ray {
    #[inline]
    pub fn get(&self, i: usize) -> Option<Square7> {
        (i < self.len as usize).then(|| self.squares[i])
    }
}

pub struct Tables {
    pub leaps: [[Bitboard7; 49]; 8],
    /// `rays[stepper][square][direction]`.
    pub rays: [[[Ray; 4]; 49]; 4],
    /// [`discovery_lines`] of each square.
    pub discovery: [Bitboard7; 49],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(|| {
        let mut rays = [[[Ray::default(); 4]; 49]; 4];
        for st in Stepper::ALL {
            let dirs = offsets(st.stone());
            for sq in Square7::all() {
                for (d, &(dc, dr)) in dirs.iter().enumerate() {
                    let ray = &mut rays[st as usize][sq.index()][d];
                    let mut cur = sq;
                    while (ray.len as usize) < st.max_repeats() {
                        let Some(next) = cur.offset(dc, dr) else {
                            break;
                        };
                        ray.squares[ray.len as usize] = next;
                        ray.len += 1;
                        cur = next;
                    }
                }
            }
        }
        let mut t = Tables {
            leaps: leap_table(),
            rays,
            discovery: [Bitboard7::EMPTY; 49],
        };
        for sq in Square7::all() {
            t.discovery[sq.index()] = discovery_lines(&t, sq);
        }
        t
    })
}

/// Where a base of composition `fit` on `sq` can move (or defends) with
/// occupancy `occ`: the union of its stones' moves. Own-occupied squares are
/// included; the caller masks them.
#[inline]
pub fn destinations(t: &Tables, fit: &Fit, sq: Square7, occ: Bitboard7) -> Bitboard7 {
    let mut dests = fit.reach[sq.index()];
    for &(st, n) in &fit.steppers {
        for ray in &t.rays[st as usize][sq.index()] {
            // The first landing is in `reach`; each further one needs the
            // previous landing square empty.
            let steps = (n as usize).min(ray.len as usize);
            for j in 1..steps {
                if occ.contains(ray.squares[j - 1]) {
                    break;
                }
                dests |= ray.squares[j].bit();
            }
        }
    }
    dests
}

/// One side's bases by stone content: `at_least[stone][k]` holds the bases
/// with more than `k` stones of that kind.
pub type StoneMaps = [[Bitboard7; 4]; 8];

/// Whether any base in `maps` (restricted to `mask`) can move to `sq` given
/// occupancy `occ`. Looks outward from `sq`: a repeated step reaches it from
/// the `j`-th landing square of a ray when the base there holds at least `j`
/// stones of the kind and every nearer landing square is empty.
#[inline]
pub fn is_attacked(
    t: &Tables,
    maps: &StoneMaps,
    sq: Square7,
    occ: Bitboard7,
    mask: Bitboard7,
) -> bool {
    for s in Stone::ALL {
        if (t.leaps[s.index()][sq.index()] & maps[s.index()][0] & mask).any() {
            return true;
        }
    }
    for st in Stepper::ALL {
        let repeaters = maps[st.stone().index()][1] & mask;
        if repeaters.is_empty() {
            continue;
        }
        let maps = &maps[st.stone().index()];
        for ray in &t.rays[st as usize][sq.index()] {
            // The (j+1)-th landing square is reached through the j-th.
            let landings = &ray.squares[..ray.len as usize];
            for (j, pair) in landings.windows(2).enumerate() {
                if occ.contains(pair[0]) {
                    break;
                }
                if (maps[j + 1] & mask).contains(pair[1]) {
                    return true;
                }
            }
        }
    }
    false
}

/// In check on `sq`, the squares where a plain base (moved or dropped)
/// could end the check: the checkers' squares, and the empty squares of a
/// repeated step's line between its checker and `sq` (leaps cannot be
/// blocked). The attacks are `is_attacked`'s, square by square.
pub fn evasion_squares(t: &Tables, maps: &StoneMaps, sq: Square7, occ: Bitboard7) -> Bitboard7 {
    let mut squares = Bitboard7::EMPTY;
    for s in Stone::ALL {
        squares |= t.leaps[s.index()][sq.index()] & maps[s.index()][0];
    }
    for st in Stepper::ALL {
        let maps = &maps[st.stone().index()];
        if maps[1].is_empty() {
            continue;
        }
        for ray in &t.rays[st as usize][sq.index()] {
            let landings = &ray.squares[..ray.len as usize];
            for (j, pair) in landings.windows(2).enumerate() {
                if occ.contains(pair[0]) {
                    break;
                }
                if maps[j + 1].contains(pair[1]) {
                    for &block in &landings[..=j] {
                        squares |= block.bit();
                    }
                    squares |= pair[1].bit();
                    break;
                }
            }
        }
    }
    squares
}

/// The squares within reach of a discovered attack on `sq`: the first three
/// landing squares of W/F rays and the middle landing square of D/E double
/// leaps. Only a base leaving one of these can expose `sq`, because leaps
/// ignore what they jump over.
pub fn discovery_lines(t: &Tables, sq: Square7) -> Bitboard7 {
    let mut lines = Bitboard7::EMPTY;
    for st in Stepper::ALL {
        for ray in &t.rays[st as usize][sq.index()] {
            // The last landing square of a full ray cannot block anything.
            for j in 0..(ray.len as usize).min(st.max_repeats() - 1) {
                lines |= ray.squares[j].bit();
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_have_the_right_sizes() {
        // W, F, D, E: 4 directions; N, Z, C: 8; J: 4 orthogonal + 4 diagonal.
        let sizes: Vec<usize> = Stone::ALL.iter().map(|&s| offsets(s).len()).collect();
        // Order J Z C E N D F W.
        assert_eq!(sizes, vec![8, 8, 8, 4, 8, 4, 4, 4]);
    }

    #[test]
    fn rays_stop_at_the_edge() {
        let t = tables();
        // W rays from 4d (centre): 3 squares to each edge.
        let centre = Square7::new(4, 3);
        for ray in &t.rays[Stepper::W as usize][centre.index()] {
            assert_eq!(ray.len, 3);
        }
        // D rays from 4d: one landing (2 away), the next would be 4 away: off.
        for ray in &t.rays[Stepper::D as usize][centre.index()] {
            assert_eq!(ray.len, 1);
        }
    }
}
