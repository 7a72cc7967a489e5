//! Perft for chance games (RULINGS §5): each level runs over every distinct
//! roll (the root over the given roll only, when the position has one), and
//! a roll's moves are whatever `generate_legal` lists for it: for
//! Shogammon, one turn per distinct resulting position. Rolls are counted,
//! not weighted. A finished game has no moves.

use super::ChanceGame;
use crate::game::Rules;

/// Leaf count at `depth` turns.
pub fn perft<G: ChanceGame>(pos: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome(&Rules::default()).is_some() {
        return 0;
    }
    let given = pos.roll();
    let mut total = 0;
    let mut moves = G::Moves::default();
    let mut one = |pos: &mut G, roll: G::Roll| {
        pos.set_roll(Some(roll));
        pos.generate_legal(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for &m in moves.iter() {
            pos.do_move(m);
            n += perft(pos, depth - 1);
            pos.undo_move();
        }
        n
    };
    match given {
        Some(roll) => total += one(pos, roll),
        None => {
            for &(roll, _) in G::chance_outcomes() {
                total += one(pos, roll);
            }
        }
    }
    pos.set_roll(given);
    total
}

/// Per-root-move counts (`go perft` divide), rolls in
/// [`ChanceGame::chance_outcomes`] order (only the given roll when the
/// position has one), each roll's moves in generation order. The moves
/// carry their roll (Shogammon turns hold their dice), so they can be
/// printed without the position's roll.
pub fn perft_divide<G: ChanceGame>(pos: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut out = Vec::new();
    if pos.outcome(&Rules::default()).is_some() {
        return out;
    }
    let given = pos.roll();
    let rolls: Vec<G::Roll> = match given {
        Some(roll) => vec![roll],
        None => G::chance_outcomes().iter().map(|&(r, _)| r).collect(),
    };
    let mut moves = G::Moves::default();
    for roll in rolls {
        pos.set_roll(Some(roll));
        pos.generate_legal(&mut moves);
        for &m in moves.iter() {
            pos.do_move(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.undo_move();
            out.push((m, n));
        }
    }
    pos.set_roll(given);
    out
}
