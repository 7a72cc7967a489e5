//! Steps, turns and Zobrist keys of Shogammon. Pieces, roles and hands are
//! standard shogi's ([`crate::shogi::types`]): Shogammon has the same piece
//! set and the same promotions; what differs is how they are moved.

use crate::board::Square;
use crate::shogi::types::Role;

/// What one die did in a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Step {
    /// No move for this die: it had none (lost), or the game ended before
    /// its turn came (a king was captured by the first die's move).
    #[default]
    Lost,
    /// A board move of a single piece or of the top piece of a point.
    Board {
        from: Square,
        to: Square,
        promote: bool,
    },
    /// A drop of an unpromoted piece from hand onto an empty square.
    Drop { role: Role, to: Square },
}

impl Step {
    #[inline]
    pub fn is_played(self) -> bool {
        self != Step::Lost
    }

    /// The square the step ends on, if it was played.
    #[inline]
    pub fn to(self) -> Option<Square> {
        match self {
            Step::Lost => None,
            Step::Board { to, .. } | Step::Drop { to, .. } => Some(to),
        }
    }
}

/// A whole turn: the dice in the order they were taken, and what each did.
/// This is Shogammon's `Game::Move`, so make/unmake, perft and the
/// transposition table all work a turn at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turn {
    pub dice: [u8; 2],
    pub steps: [Step; 2],
}

impl Turn {
    /// The played steps, in order.
    pub fn played(&self) -> impl Iterator<Item = Step> + '_ {
        self.steps.iter().copied().filter(|s| s.is_played())
    }

    /// Both dice lost (`61:pass`).
    pub fn is_pass(&self) -> bool {
        !self.steps[0].is_played() && !self.steps[1].is_played()
    }
}

/// Most pieces of one kind a hand can hold (18 pawns).
pub const MAX_HAND: usize = 18;

/// The two layers of a square: the single piece or a point's lower piece is
/// `BOTTOM`; a point's upper piece is `TOP`. Keying pieces by layer is what
/// tells `(PK)` from `(KP)`.
pub const BOTTOM: usize = 0;
pub const TOP: usize = 1;

/// Zobrist keys: per piece, layer and square; per (kind, count) in hand
/// (count zero keys zero); for the side to move; and for the roll of the
/// side to move (21 rolls, indexed by [`roll_index`]).
pub struct Zobrist {
    pub piece: [[[[u64; 81]; 14]; 2]; 2],
    pub hand: [[[u64; MAX_HAND + 1]; 7]; 2],
    pub side: u64,
    pub roll: [u64; 21],
}

/// Index 0..21 of an unordered roll (a die pair in either order).
#[inline]
pub fn roll_index(roll: [u8; 2]) -> usize {
    let (hi, lo) = if roll[0] >= roll[1] {
        (roll[0], roll[1])
    } else {
        (roll[1], roll[0])
    };
    // Rolls with high die h take indices h(h-1)/2 .. h(h-1)/2 + h - 1.
    let h = hi.clamp(1, 6) as usize;
    let l = lo.clamp(1, 6) as usize;
    h * (h - 1) / 2 + (l - 1)
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn make_zobrist(seed: u64) -> Zobrist {
    let mut z = Zobrist {
        piece: [[[[0; 81]; 14]; 2]; 2],
        hand: [[[0; MAX_HAND + 1]; 7]; 2],
        side: 0,
        roll: [0; 21],
    };
    let mut s = seed;
    let mut layer = 0;
    while layer < 2 {
        let mut c = 0;
        while c < 2 {
            let mut r = 0;
            while r < 14 {
                let mut sq = 0;
                while sq < 81 {
                    let (ns, v) = splitmix(s);
                    s = ns;
                    z.piece[layer][c][r][sq] = v;
                    sq += 1;
                }
                r += 1;
            }
            c += 1;
        }
        layer += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut h = 0;
        while h < 7 {
            let mut n = 1;
            while n <= MAX_HAND {
                let (ns, v) = splitmix(s);
                s = ns;
                z.hand[c][h][n] = v;
                n += 1;
            }
            h += 1;
        }
        c += 1;
    }
    let (ns, v) = splitmix(s);
    s = ns;
    z.side = v;
    let mut i = 0;
    while i < 21 {
        let (ns, v) = splitmix(s);
        s = ns;
        z.roll[i] = v;
        i += 1;
    }
    z
}

pub static ZOBRIST: Zobrist = make_zobrist(0x6865_6e6b_6569_0004);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_indices_cover_the_21_rolls_once() {
        let mut seen = [false; 21];
        for a in 1..=6u8 {
            for b in 1..=a {
                let i = roll_index([a, b]);
                assert_eq!(i, roll_index([b, a]), "order does not matter");
                assert!(!seen[i], "{a}{b}");
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
