//! Perft: counts leaf nodes of the legal move tree, the backbone of rule tests.

use crate::game::Game;

/// Leaf count at `depth`; the last ply is counted from the legal list's length.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    // A stop that never comes: the check compiles away.
    match perft_until(pos, depth, &|| false) {
        Ok(n) => n,
        Err(Stopped) => unreachable!("nothing asks this perft to stop"),
    }
}

/// A perft that `stop` interrupted before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// [`perft`] that asks `stop` at every node that generates moves to recurse
/// (not at the counted last ply), so `go perft` ends within one node's work
/// of a `stop`, however deep. A relaxed atomic load per node costs nothing
/// next to generating that node's moves.
pub fn perft_until<G: Game>(
    pos: &mut G,
    depth: u32,
    stop: &impl Fn() -> bool,
) -> Result<u64, Stopped> {
    if depth == 0 {
        return Ok(1);
    }
    let mut moves = G::Moves::default();
    pos.generate_legal(&mut moves);
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    if stop() {
        return Err(Stopped);
    }
    children(pos, &moves, |pos| perft_until(pos, depth - 1, stop))
}

/// The sum of `count` after each of `moves` (played and taken back).
pub fn children<G: Game>(
    pos: &mut G,
    moves: &[G::Move],
    count: impl Fn(&mut G) -> Result<u64, Stopped>,
) -> Result<u64, Stopped> {
    let mut total = 0;
    for &m in moves {
        pos.do_move(m);
        let n = count(pos);
        pos.undo_move();
        total += n?;
    }
    Ok(total)
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

/// Runs a perft table (the format of `tests/perft/*.perft`): `id <name>`,
/// `sfen <SFEN>`, then `perft <depth> <count>` lines; `#` starts a comment.
/// Lines expecting more than `max_nodes` leaves are skipped, so a table can
/// hold deep counts for slow runs and stay fast in the unit tests.
#[cfg(test)]
pub fn run_perft_table<G: Game>(table: &str, max_nodes: u64) {
    let mut id = String::new();
    let mut pos: Option<G> = None;
    for line in table.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "id" => {
                id = rest.to_string();
                pos = None;
            }
            "sfen" => {
                let sfen = usi::parse_sfen(rest)
                    .unwrap_or_else(|e| panic!("{id}: table SFEN does not parse: {e}"));
                let p = G::from_sfen(&sfen)
                    .unwrap_or_else(|e| panic!("{id}: table SFEN is not legal: {e}"));
                pos = Some(p);
            }
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("perft <depth> <count>");
                let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
                if n > max_nodes {
                    continue;
                }
                let p = pos
                    .as_mut()
                    .unwrap_or_else(|| panic!("{id}: perft before sfen"));
                assert_eq!(perft(p, d), n, "{id} depth {d}");
            }
            other => panic!("unknown perft table line '{other}'"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Position;
    use std::cell::Cell;

    #[test]
    fn perft_until_without_a_stop_counts_as_perft() {
        let mut pos = Position::startpos();
        assert_eq!(perft_until(&mut pos, 3, &|| false), Ok(25_470));
    }

    /// `go perft` must end soon after `stop` however deep it is: the
    /// recursion asks at every node and unwinds back to the position given.
    #[test]
    fn perft_until_stops_midway_and_restores_the_position() {
        let mut pos = Position::startpos();
        let before = (pos.to_sfen(), pos.key());
        let asked = Cell::new(0u32);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > 10
        };
        assert_eq!(perft_until(&mut pos, 6, &stop), Err(Stopped));
        assert_eq!(asked.get(), 11, "stopped at the first ask after the flag");
        assert_eq!((pos.to_sfen(), pos.key()), before);
    }
}
