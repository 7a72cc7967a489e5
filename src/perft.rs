//! Perft: counts leaf nodes of the legal move tree, the backbone of rule tests.

use crate::game::Game;

/// Leaf count at `depth`; the last ply is counted from the legal list's length.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::Moves::default();
    pos.generate_legal(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        pos.do_move(m);
        total += perft(pos, depth - 1);
        pos.undo_move();
    }
    total
}

/// Per-root-move counts (`go perft` divide), in generation order.
pub fn perft_divide<G: Game>(pos: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = G::Moves::default();
    pos.generate_legal(&mut moves);
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        pos.do_move(m);
        let n = perft(pos, depth.saturating_sub(1));
        pos.undo_move();
        out.push((m, n));
    }
    out
}
