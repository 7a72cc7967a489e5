//! Checking moves without make/unmake, for the mate solver
//! ([`crate::game::SearchHooks::checking_moves`]) of standard shogi and Mortal
//! Shogi: a move checks when the moved (or dropped) piece attacks the enemy
//! king from its new square, with the occupancy after the move, or when it
//! uncovers one of the mover's sliders (it stood alone between that slider
//! and the king and leaves the line).

use super::attacks::{discoverers, line};
use super::position::{Board, Kind, PackedMove};

/// Appends the moves of `legal` that give check.
pub fn checking_moves<R: Kind, M: PackedMove<Role = R>, X, const N: usize, const K: usize>(
    pos: &Board<R, M, X, N, K>,
    legal: &[M],
    out: &mut Vec<M>,
) {
    let us = pos.side();
    let them = us.flip();
    let Some(ek) = pos.king(them) else {
        return;
    };
    let occ = pos.occupied();
    let disc = discoverers(
        ek,
        them,
        occ,
        pos.pieces(us),
        pos.rook_likes(),
        pos.bishop_likes(),
        pos.role_bb(R::LANCE),
    );
    for &m in legal {
        let to = m.to();
        let checks = if m.is_drop() {
            m.dropped().attacks(us, to, occ).contains(ek)
        } else {
            let from = m.from();
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            let after = occ.without(from).with(to);
            m.role_after(p.role).attacks(us, to, after).contains(ek)
                || (disc.contains(from) && !line(ek, from).contains(to))
        };
        if checks {
            out.push(m);
        }
    }
}

impl<R: Kind, M: PackedMove<Role = R>, X, const N: usize, const K: usize> Board<R, M, X, N, K> {
    /// Whether `m` (legal here) puts the opponent in check, without playing
    /// it: the moved piece attacks the king from its new square, or it
    /// uncovers one of our sliders.
    pub fn gives_check(&self, m: M) -> bool {
        let us = self.side();
        let Some(ksq) = self.king(us.flip()) else {
            return false;
        };
        let to = m.to();
        if m.is_drop() {
            return m.dropped().attacks(us, to, self.occupied()).contains(ksq);
        }
        let from = m.from();
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let occ = self.occupied().without(from).with(to);
        if m.role_after(piece.role).attacks(us, to, occ).contains(ksq) {
            return true;
        }
        // A discovered check: a slider of ours behind `from`, on the line
        // through the king, that the move leaves.
        let ray = line(ksq, from);
        ray.any()
            && !ray.contains(to)
            && (self.attackers_to(ksq, us, occ) & !from.bit() & ray).any()
    }
}
