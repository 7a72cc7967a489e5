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
