//! Checking moves without make/unmake, for the mate solver (the same test
//! as standard shogi's, see `crate::shogi::checks`, with Mortal Shogi's
//! pieces and promotions).

use super::movegen::piece_attacks;
use super::{Move, Moves, Position, Role};
use crate::board::attacks::{discoverers, line};
use crate::board::position::PackedMove;

/// Appends the moves of `legal` that give check.
pub(super) fn checking_moves(pos: &Position, legal: &Moves, out: &mut Vec<Move>) {
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
        pos.role_bb(Role::Rook) | pos.role_bb(Role::Dragon),
        pos.role_bb(Role::Bishop) | pos.role_bb(Role::Horse),
        pos.role_bb(Role::Lance),
    );
    for &m in legal.iter() {
        let to = m.to();
        let checks = if m.is_drop() {
            piece_attacks(m.dropped(), us, to, occ).contains(ek)
        } else {
            let from = m.from();
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            let role = m.promotion().unwrap_or(p.role);
            let after = occ.without(from).with(to);
            piece_attacks(role, us, to, after).contains(ek)
                || (disc.contains(from) && !line(ek, from).contains(to))
        };
        if checks {
            out.push(m);
        }
    }
}
