//! Sennichite for the shogi family: the same position (board, hands, side to
//! move, all in the Zobrist key) occurring `needed` times. A side that gave
//! check with every one of its moves since the first occurrence loses;
//! otherwise it is a draw (docs/rules/shogi.md).

use crate::game::{EndReason, Outcome};

/// One entry of a game's move history, as repetition detection reads it.
pub trait Ply {
    /// Key of the position this move was played from.
    fn key_before(&self) -> u64;
    /// Whether the side making this move stood in check before it.
    fn in_check_before(&self) -> bool;
    /// A null move (search passing the turn): it breaks any repetition chain.
    fn is_null(&self) -> bool;
}

/// The current position after `history`, with its own key and check state.
pub struct Line<'a, P> {
    pub history: &'a [P],
    pub key: u64,
    pub in_check: bool,
}

impl<P: Ply> Line<'_, P> {
    fn key_at(&self, ply: usize) -> u64 {
        self.history.get(ply).map_or(self.key, P::key_before)
    }

    fn in_check_at(&self, ply: usize) -> bool {
        self.history
            .get(ply)
            .map_or(self.in_check, P::in_check_before)
    }

    /// The verdict once the current position has occurred `needed` times,
    /// looking back at most `max_plies` plies; `None` before that.
    pub fn repetition(&self, needed: u32, max_plies: usize) -> Option<Outcome> {
        let n = self.history.len();
        let mut seen = 1;
        let mut ply = n;
        let oldest = n.saturating_sub(max_plies);
        while ply >= oldest + 2 {
            if self.history[ply - 1].is_null() || self.history[ply - 2].is_null() {
                return None;
            }
            ply -= 2;
            if self.key_at(ply) == self.key {
                seen += 1;
                if seen >= needed {
                    return Some(self.verdict(ply));
                }
            }
        }
        None
    }

    /// Who loses a repetition whose first occurrence was at ply `first`.
    fn verdict(&self, first: usize) -> Outcome {
        let n = self.history.len();
        // Positions first+1..=n: those with the same parity as n were reached
        // by the opponent's moves, the others by the side to move's.
        let opponent_always_checked = (first + 1..=n)
            .filter(|j| (n - j).is_multiple_of(2))
            .all(|j| self.in_check_at(j));
        let we_always_checked = (first + 1..=n)
            .filter(|j| !(n - j).is_multiple_of(2))
            .all(|j| self.in_check_at(j));
        if opponent_always_checked {
            Outcome::Win(EndReason::PerpetualCheck)
        } else if we_always_checked {
            Outcome::Loss(EndReason::PerpetualCheck)
        } else {
            Outcome::Draw(EndReason::Repetition)
        }
    }
}
