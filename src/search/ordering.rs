//! Move ordering: the transposition-table move first, then tactical moves by
//! the game's `order_score`, then the killer moves of this ply, then the
//! quiet moves by `order_score`. Good ordering is what makes alpha-beta cut.

use crate::game::Game;

/// Ordering classes, highest first; within a class `order_score` decides.
const TT_MOVE: i64 = 3 << 40;
const TACTICAL: i64 = 2 << 40;
const KILLER: i64 = 1 << 40;

/// Two quiet moves per ply that recently caused a beta cutoff there.
#[derive(Clone, Copy, Debug)]
pub struct Killers<M>([Option<M>; 2]);

impl<M> Default for Killers<M> {
    fn default() -> Self {
        Killers([None, None])
    }
}

impl<M: Copy + Eq> Killers<M> {
    pub fn add(&mut self, m: M) {
        if self.0[0] != Some(m) {
            self.0[1] = self.0[0];
            self.0[0] = Some(m);
        }
    }

    pub fn contains(&self, m: M) -> bool {
        self.rank(m) > 0
    }

    /// 2 for the newest killer, 1 for the older, 0 otherwise.
    fn rank(&self, m: M) -> i64 {
        if self.0[0] == Some(m) {
            2
        } else if self.0[1] == Some(m) {
            1
        } else {
            0
        }
    }
}

/// Fills `out` with `moves` in search order, each with its sort key.
/// The sort is stable, so equal keys keep the generator's order and the
/// search stays deterministic.
pub fn order_moves<G: Game>(
    pos: &G,
    moves: &[G::Move],
    tt_move: Option<G::Move>,
    killers: &Killers<G::Move>,
    out: &mut Vec<(i64, G::Move)>,
) {
    out.clear();
    out.extend(moves.iter().map(|&m| {
        let key = if Some(m) == tt_move {
            TT_MOVE
        } else if pos.is_tactical(m) {
            TACTICAL + i64::from(pos.order_score(m))
        } else {
            match killers.rank(m) {
                0 => i64::from(pos.order_score(m)),
                rank => KILLER + rank,
            }
        };
        (key, m)
    }));
    out.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
}

/// Quiescence order: every move when in check (all evasions must be
/// looked at), otherwise only tactical moves; by `order_score`.
pub fn order_quiescence<G: Game>(
    pos: &G,
    moves: &[G::Move],
    in_check: bool,
    out: &mut Vec<(i64, G::Move)>,
) {
    out.clear();
    out.extend(
        moves
            .iter()
            .filter(|&&m| in_check || pos.is_tactical(m))
            .map(|&m| (i64::from(pos.order_score(m)), m)),
    );
    out.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
}
