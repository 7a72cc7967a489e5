//! The mate guard: a root move about to become the search's answer is
//! first given to the mate solver from the opponent's side. Shogi's lost
//! games turn on sacrificial mating attacks (a piece given up to open the
//! king, then a drop) that the search's pruning skips, so the search can
//! rate a move +1,000 after which the opponent mates in 9; df-pn, which
//! searches checks only, proves such mates in milliseconds. A move it
//! refutes scores as the mate it allows, and the search answers with
//! another.

use super::score::{mate_distance, mated_in, MAX_PLY};
use super::Searcher;
use crate::game::SearchHooks;
use crate::mate;

/// The solver may spend this fraction of the search's nodes so far on one
/// move (its nodes cost about three of the search's).
const GUARD_SHARE: u64 = 32;
/// ... but at least this many, and at most `GUARD_MAX_NODES`.
const GUARD_MIN_NODES: u64 = 2_000;
const GUARD_MAX_NODES: u64 = 1 << 20;
/// The solver's table (megabytes).
const GUARD_HASH_MB: usize = 2;
/// Root moves are guarded from this iteration on (earlier ones are cheap
/// and soon overruled).
pub(super) const GUARD_MIN_DEPTH: i32 = 5;

/// What the guard found for one root move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// No mate found within the budget.
    Safe,
    /// The opponent mates: the score of the move from the root.
    Mated(i32),
}

impl<G: SearchHooks> Searcher<'_, G> {
    /// The guard's verdict on the root move `m` (asked once a search per
    /// move; later iterations reuse it).
    pub(super) fn guard(&mut self, pos: &mut G, m: G::Move) -> Verdict {
        if let Some(verdict) = self.verdict(m) {
            return verdict;
        }
        let budget = (self.nodes / GUARD_SHARE).clamp(GUARD_MIN_NODES, GUARD_MAX_NODES);
        let control = self.control;
        let stop = || control.stop_requested() || control.hard_limit_reached();
        pos.do_move(m);
        // A move that ends the game by repetition or the move limit is
        // judged by that rule, which the solver does not know.
        let verdict = if self.ended_by_rule(pos, 1).is_some() {
            Verdict::Safe
        } else {
            match mate::find_mate(pos, budget, GUARD_HASH_MB, &stop) {
                Some(line) => Verdict::Mated(mated_in((1 + line.len()).min(MAX_PLY - 1))),
                None => Verdict::Safe,
            }
        };
        pos.undo_move();
        if let Verdict::Mated(score) = verdict {
            log::info!(
                "mate guard: {} allows a mate in {} plies (depth {}, {} nodes)",
                pos.format_move(m),
                mate_distance(score) - 1,
                self.root_depth,
                self.nodes
            );
        }
        // A solver stopped by the clock has not cleared the move; it is
        // not cached, and the search is ending anyway.
        if verdict != Verdict::Safe || !stop() {
            self.guarded.push((m, verdict));
        }
        verdict
    }

    /// The score of the root move `m` if the guard has refuted it this
    /// search (it need not be searched again).
    pub(super) fn refuted(&self, m: G::Move) -> Option<i32> {
        match self.verdict(m) {
            Some(Verdict::Mated(score)) => Some(score),
            _ => None,
        }
    }

    /// The guard's verdict on `m` this search, if it was asked.
    fn verdict(&self, m: G::Move) -> Option<Verdict> {
        self.guarded.iter().find(|(g, _)| *g == m).map(|&(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::testing::{mv, pos};
    use crate::game::{Game, Rules};
    use crate::mate;
    use crate::search::{search, Limits, SearchControl};
    use crate::shogi::Position;
    use crate::tt::TranspositionTable;

    /// From a game henkei lost to GPSShogi: it played 3g4h at +1,627 and
    /// was mated in 9 (G*3g, a gold given to open the king). Without the
    /// guard a search of depth 8 chooses 3g4h too.
    const SACRIFICE: &str =
        "1+L1g4l/7R1/+B1p1ppG1p/2k1sn3/3n1nP1P/4P2GL/BP3PS2/2+s+r2K2/1NL6 b 7Pgs2p 119";

    fn best_at_depth(p: &mut Position, depth: u32) -> String {
        let mut tt = TranspositionTable::new(16).expect("table");
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let control = SearchControl::unlimited();
        let r = search(
            p,
            &mut tt,
            &control,
            &limits,
            &Rules::default(),
            &mut |_| {},
        );
        p.format_move(r.best.expect("a move")).to_string()
    }

    #[test]
    fn the_solver_finds_the_mate_the_search_misses() {
        let mut p: Position = pos(SACRIFICE);
        p.do_move(mv(&p, "3g4h"));
        let line = mate::find_mate(&mut p, 20_000, 2, &|| false).expect("a mate");
        assert!(mate::is_mate_line(&mut p, &line));
        assert_eq!(line.len(), 9);
    }

    #[test]
    fn a_move_that_allows_a_mate_is_not_the_answer() {
        let mut p: Position = pos(SACRIFICE);
        assert_ne!(best_at_depth(&mut p, 8), "3g4h");
    }

    #[test]
    fn a_tiny_budget_finds_nothing() {
        let mut p: Position = pos(SACRIFICE);
        p.do_move(mv(&p, "3g4h"));
        assert_eq!(mate::find_mate(&mut p, 10, 2, &|| false), None);
    }

    #[test]
    fn a_stopped_solver_finds_nothing() {
        let mut p: Position = pos(SACRIFICE);
        p.do_move(mv(&p, "3g4h"));
        assert_eq!(mate::find_mate(&mut p, 20_000, 2, &|| true), None);
    }
}
