//! Static exchange evaluation: the material a move wins or loses on its
//! destination square once both sides have captured there with their least
//! valuable bases in turn, each capturer refitted as the generator's
//! principal refit. Values are the bases' static values (`eval`); the stones
//! a refit leaves to the opponent's storage are not counted.

use super::attacks::{destinations, tables};
use super::fits::{fits, FitTable};
use super::position::Position;
use super::types::{Bitboard7, FitId, MoveKind, Square7};
use crate::game::Color;

/// Exchanges looked at, at most.
const MAX_SWAPS: usize = 16;

/// A royal base captures last: its value for choosing the capturer.
const ROYAL_ORDER: i32 = 1 << 20;

/// The refit a capture by a base of `own` on a base of `victim` keeps: the
/// generator's principal refit (`FitTable::refits`), or the capturer's own
/// composition if none exists.
pub fn principal_refit(ft: &FitTable, own: FitId, victim: FitId) -> FitId {
    ft.refits(own, victim).principal_id().unwrap_or(own)
}

impl Position {
    /// The least valuable base of `side` among `occ` that can move to `sq`:
    /// its square and composition.
    fn least_attacker(&self, sq: Square7, side: Color, occ: Bitboard7) -> Option<(Square7, FitId)> {
        let t = tables();
        let ft = fits();
        let mut best: Option<(i32, Square7, FitId)> = None;
        for from in self.bases(side) & occ {
            let Some(u) = self.unit_at(from) else {
                continue;
            };
            let fit = ft.get(u.fit);
            let order = if fit.base.royal {
                ROYAL_ORDER
            } else {
                fit.value
            };
            if best.is_some_and(|(b, _, _)| b <= order) {
                continue;
            }
            if destinations(t, fit, from, occ).contains(sq) {
                best = Some((order, from, u.fit));
            }
        }
        best.map(|(_, sq, fit)| (sq, fit))
    }

    /// Whether `m` wins at least `threshold` by static exchange on its
    /// destination square.
    pub fn see_ge(&self, m: super::types::Move, threshold: i32) -> bool {
        let ft = fits();
        let us = self.side();
        let (to, mut occ, mut gain, mut on_square) = match m.kind() {
            MoveKind::CornerTake(_) => return threshold <= 0,
            MoveKind::Drop { fit, to } => (to, self.occupied() | to.bit(), 0, fit),
            MoveKind::Quiet { from, to } => {
                let Some(u) = self.unit_at(from) else {
                    return threshold <= 0;
                };
                (to, (self.occupied() ^ from.bit()) | to.bit(), 0, u.fit)
            }
            MoveKind::Capture { from, to, kept } => {
                let (Some(a), Some(v)) = (self.unit_at(from), self.unit_at(to)) else {
                    return threshold <= 0;
                };
                let won = ft.get(v.fit).value + ft.get(kept).value - ft.get(a.fit).value;
                (to, self.occupied() ^ from.bit(), won, kept)
            }
        };
        if gain < threshold {
            return false;
        }
        // gains[d]: what the side making the d-th capture stands to win
        // from there on, before the later captures are decided.
        let mut gains = [0i32; MAX_SWAPS];
        gains[0] = gain;
        let mut depth = 0;
        let mut side = us.flip();
        while depth + 1 < MAX_SWAPS {
            let Some((from, fit)) = self.least_attacker(to, side, occ) else {
                break;
            };
            if ft.get(fit).base.royal
                && self
                    .least_attacker(to, side.flip(), occ ^ from.bit())
                    .is_some()
            {
                break; // the royal may not capture onto a defended square
            }
            let kept = principal_refit(ft, fit, on_square);
            gain = ft.get(on_square).value + ft.get(kept).value - ft.get(fit).value - gain;
            depth += 1;
            gains[depth] = gain;
            on_square = kept;
            occ ^= from.bit();
            side = side.flip();
        }
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0] >= threshold
    }
}
