//! Correction history: how far searches have found the static evaluation
//! to err, kept per side to move and per position structure (the game's
//! [`SearchHooks::structure_keys`]; shogi's are the pawns and the
//! castles), and added to the static evaluation of later positions with
//! the same structures. A hand-set evaluation errs alike across positions
//! of one structure (its king safety above all); the search sees the
//! error, and the pruning decisions and quiescence's stand-pat that rest
//! on the evaluation use the corrected value.

use crate::game::Color;
#[cfg(doc)]
use crate::game::SearchHooks;

/// Entries per side and key (a power of two).
const SIZE: usize = 1 << 14;
/// Structure keys (tables).
pub const KEYS: usize = 2;
/// Entries hold centipawns times this.
const GRAIN: i32 = 256;
/// The largest correction, centipawns.
const MAX_CORRECTION: i32 = 400;
/// An update moves the entry this many 256ths of the way (at most) toward
/// the error just seen; deeper searches move it more.
const MAX_WEIGHT: i32 = 16;

/// The learnt corrections: for each key, one table per side to move.
pub struct Correction {
    entries: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            entries: vec![0; KEYS * 2 * SIZE],
        }
    }
}

impl Correction {
    fn slots(side: Color, keys: [u64; KEYS]) -> [usize; KEYS] {
        std::array::from_fn(|i| {
            (i * 2 + side.index()) * SIZE + (keys[i] >> (64 - SIZE.trailing_zeros())) as usize
        })
    }

    /// The static evaluation `raw` of a position with `side` to move and
    /// structure keys `keys` ([`SearchHooks::structure_keys`]) corrected by
    /// what searches of positions of its structures found (the mean of the
    /// keys' entries).
    pub fn corrected(&self, side: Color, keys: Option<[u64; KEYS]>, raw: i32) -> i32 {
        match keys {
            Some(keys) => {
                let sum: i32 = Self::slots(side, keys)
                    .iter()
                    .map(|&s| self.entries[s])
                    .sum();
                raw + sum / (GRAIN * KEYS as i32)
            }
            None => raw,
        }
    }

    /// A search of `depth` of a position (`side` to move, structure keys
    /// `keys`) found `score` where the static evaluation said `raw`.
    pub fn update(
        &mut self,
        side: Color,
        keys: Option<[u64; KEYS]>,
        depth: i32,
        raw: i32,
        score: i32,
    ) {
        let Some(keys) = keys else {
            return;
        };
        let target = (score - raw).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        for s in Self::slots(side, keys) {
            let entry = &mut self.entries[s];
            *entry = (*entry * (256 - weight) + target * weight) / 256;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::SearchHooks;
    use crate::shogi::Position;

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::startpos();
        for text in moves {
            let token = usi::parse_move_token(text).expect("move text");
            let m = pos.parse_move(&token).expect("legal move");
            pos.do_move(m);
        }
        pos
    }

    fn corrected_after(c: &Correction, pos: Position, raw: i32) -> i32 {
        c.corrected(pos.side_to_move(), pos.structure_keys(), raw)
    }

    #[test]
    fn corrections_follow_the_searches_of_one_structure() {
        let pos = Position::startpos();
        let mut c = Correction::default();
        assert_eq!(
            c.corrected(pos.side_to_move(), pos.structure_keys(), 50),
            50,
            "nothing learnt yet"
        );
        for _ in 0..300 {
            c.update(pos.side_to_move(), pos.structure_keys(), 10, 50, 250);
        }
        let learnt = c.corrected(pos.side_to_move(), pos.structure_keys(), 50);
        assert!((245..=250).contains(&learnt), "{learnt}");
        // Rook moves away from the kings keep both structures.
        let same = after(&["2h3h", "8b7b"]);
        assert_eq!(
            c.corrected(same.side_to_move(), same.structure_keys(), 0),
            learnt - 50
        );
        // Pawn moves change one structure, king moves the other: each
        // table's entry for the old structure is learnt, the new one not.
        let pawns = after(&["7g7f", "3c3d"]);
        let kings = after(&["5i5h", "5a5b"]);
        for other in [pawns, kings] {
            let half = c.corrected(other.side_to_move(), other.structure_keys(), 50);
            assert!((145..=150).contains(&half), "{half}");
        }
        // The other side to move has its own entries.
        assert_eq!(corrected_after(&c, after(&["5i5h"]), 50), 50);
    }

    #[test]
    fn corrections_are_bounded() {
        let pos = Position::startpos();
        let mut c = Correction::default();
        for _ in 0..1000 {
            c.update(pos.side_to_move(), pos.structure_keys(), 30, 0, 30_000);
        }
        let v = c.corrected(pos.side_to_move(), pos.structure_keys(), 0);
        assert!((MAX_CORRECTION - 2..=MAX_CORRECTION).contains(&v), "{v}");
    }
}
