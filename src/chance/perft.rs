//! Perft for chance games (docs/rules/notation.md): each level runs over every distinct
//! roll (the root over the given roll only, when the position has one), and
//! a roll's moves are whatever `generate_legal` lists for it: for
//! Shogammon, one turn per distinct resulting position. Rolls are counted,
//! not weighted. A finished game has no moves.

use super::ChanceGame;
use crate::game::Rules;
use crate::perft::children;
pub use crate::perft::Stopped;

/// Leaf count at `depth` turns.
pub fn perft<G: ChanceGame>(pos: &mut G, depth: u32) -> u64 {
    // A stop that never comes: the check compiles away.
    match perft_until(pos, depth, &|| false) {
        Ok(n) => n,
        Err(Stopped) => unreachable!("nothing asks this perft to stop"),
    }
}

/// [`perft`] that asks `stop` once per node (every node runs up to 21
/// rolls' turn generation, so the check costs nothing), so `go perft` ends
/// soon after a `stop` however deep it is. On `Err` the position is as
/// given (roll included).
pub fn perft_until<G: ChanceGame>(
    pos: &mut G,
    depth: u32,
    stop: &impl Fn() -> bool,
) -> Result<u64, Stopped> {
    if depth == 0 {
        return Ok(1);
    }
    if pos.outcome(&Rules::default()).is_some() {
        return Ok(0);
    }
    if stop() {
        return Err(Stopped);
    }
    let given = pos.roll();
    let total = over_rolls(pos, given, depth, stop);
    pos.set_roll(given);
    total
}

/// The leaves under the given roll, or under each of the distinct rolls.
fn over_rolls<G: ChanceGame>(
    pos: &mut G,
    given: Option<G::Chance>,
    depth: u32,
    stop: &impl Fn() -> bool,
) -> Result<u64, Stopped> {
    let mut moves = G::Moves::default();
    if let Some(roll) = given {
        return one_roll(pos, roll, depth, &mut moves, stop);
    }
    let mut total = 0;
    for &(roll, _) in G::chance_outcomes() {
        total += one_roll(pos, roll, depth, &mut moves, stop)?;
    }
    Ok(total)
}

/// The leaves under one roll's moves.
fn one_roll<G: ChanceGame>(
    pos: &mut G,
    roll: G::Chance,
    depth: u32,
    moves: &mut G::Moves,
    stop: &impl Fn() -> bool,
) -> Result<u64, Stopped> {
    pos.set_roll(Some(roll));
    pos.generate_legal(moves);
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    children(pos, moves, |pos| perft_until(pos, depth - 1, stop))
}

/// The root moves of a perft: the given roll's moves (when the position
/// has one) or every roll's, in [`ChanceGame::chance_outcomes`] order, each
/// roll's in generation order; none once the game is over. The moves carry
/// their roll (Shogammon turns hold their dice), so they can be played and
/// printed without the position's roll, which is left as it was.
pub fn root_moves<G: ChanceGame>(pos: &mut G) -> Vec<G::Move> {
    let mut out = Vec::new();
    if pos.outcome(&Rules::default()).is_some() {
        return out;
    }
    let given = pos.roll();
    let rolls: Vec<G::Chance> = match given {
        Some(roll) => vec![roll],
        None => G::chance_outcomes().iter().map(|&(r, _)| r).collect(),
    };
    let mut moves = G::Moves::default();
    for roll in rolls {
        pos.set_roll(Some(roll));
        pos.generate_legal(&mut moves);
        out.extend_from_slice(&moves);
    }
    pos.set_roll(given);
    out
}

/// Per-root-move counts (`go perft` divide) of the [`root_moves`].
pub fn perft_divide<G: ChanceGame>(pos: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    root_moves(pos)
        .into_iter()
        .map(|m| {
            pos.do_move(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.undo_move();
            (m, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogammon::Position;
    use std::cell::Cell;

    #[test]
    fn perft_until_stops_midway_and_restores_the_position() {
        let mut pos = Position::startpos();
        pos.set_roll(Some([6, 1]));
        let before = (pos.to_sfen(), pos.key(), pos.roll());
        let asked = Cell::new(0u32);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > 5
        };
        assert_eq!(perft_until(&mut pos, 4, &stop), Err(Stopped));
        assert_eq!((pos.to_sfen(), pos.key(), pos.roll()), before);
        // Without a stop it counts as perft: 5 king moves x 9 pawn moves.
        assert_eq!(perft_until(&mut pos, 1, &|| false), Ok(45));
    }
}
