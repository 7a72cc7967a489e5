//! Checking moves without make/unmake, for the mate solver
//! ([`crate::game::Game::checking_moves`]): a move checks when the moved
//! (or dropped) piece attacks the enemy king from its new square, with the
//! occupancy after the move, or when it uncovers one of the mover's sliders
//! (it stood alone between that slider and the king and leaves the line).

use super::{Move, Moves, Piece, Position, Role};
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
        pos.rook_likes(),
        pos.bishop_likes(),
        pos.role_bb(Role::Lance),
    );
    for &m in legal.iter() {
        let to = m.to();
        let checks = if m.is_drop() {
            Position::piece_attacks(Piece::new(us, m.dropped()), to, occ).contains(ek)
        } else {
            let from = m.from();
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            let role = if m.is_promotion() {
                p.role.promoted()
            } else {
                p.role
            };
            let after = occ.without(from).with(to);
            Position::piece_attacks(Piece::new(us, role), to, after).contains(ek)
                || (disc.contains(from) && !line(ek, from).contains(to))
        };
        if checks {
            out.push(m);
        }
    }
}
