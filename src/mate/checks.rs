//! Checking moves of the side to move: the attacker's candidate moves.
//! Each game answers through [`crate::game::SearchHooks::checking_moves`] (standard and Mortal
//! Shogi without make/unmake; the others by playing each move).

use crate::game::{MoveList, SearchHooks};

/// Fills `out` with the legal moves of the side to move that give check.
/// `buf` is scratch space for the legal move list.
pub fn generate_checks<G: SearchHooks>(pos: &mut G, buf: &mut G::Moves, out: &mut Vec<G::Move>) {
    out.clear();
    buf.clear();
    pos.generate_legal(buf);
    pos.checking_moves(buf, out);
}

/// The slow reference: make each legal move and look (tests compare the
/// games' fast answers with it).
#[cfg(test)]
pub fn generic_checks<G: SearchHooks>(pos: &mut G, legal: &G::Moves, out: &mut Vec<G::Move>) {
    for &m in legal.iter() {
        pos.do_move(m);
        if pos.in_check() {
            out.push(m);
        }
        pos.undo_move();
    }
}
