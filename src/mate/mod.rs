//! `go mate`: a df-pn mate solver, generic over [`crate::game::SearchHooks`].
//!
//! The side to move at the root is the attacker and plays only checking
//! moves; the defender plays every legal move (king moves, captures,
//! interpositions by board moves and by drops). A defender without a legal
//! move is mated; a pawn drop that would mate is never generated (the games'
//! legal move generators exclude it), so such a "mate" is not found. A move
//! that returns to a position already on the search path is a failure for
//! the attacker (perpetual check loses; a repetition is never a mate). The
//! game history before the root is not consulted: the solver treats the
//! root as a fresh position (a mate line repeats nothing, and sennichite
//! needs a fourth occurrence).
//!
//! The answer is a mate line that has been replayed and checked before it
//! is returned: every move legal, every attacker move a check, the defender
//! mated at the end. When the search has time, the line is also the
//! shortest mate against the longest defence (the game-theoretic distance;
//! see [`dfpn`]). Tsume composers' conventions are *not* applied: a useless
//! interposition (無駄合, a drop the attacker simply captures) counts as a
//! defence like any other, so a problem whose published answer ignores such
//! drops can come out longer here than in the book.
//!
//! Algorithm, in short (details in [`dfpn`]):
//! - df-pn (Nagai 2002) with a transposition table of proof and disproof
//!   numbers keyed by the position key, sized from a megabyte figure, buckets
//!   of four with least-work replacement that keeps proofs longest;
//! - the 1+ε trick for child thresholds; a new defender node starts with its
//!   number of legal replies as proof number (0 replies: mate at once);
//!   weak proof numbers where summed ones would saturate;
//! - repetitions: a child repeating a position of the current path is a
//!   disproof for the attacker; a disproof that depends on such a repetition
//!   is stored with a tag of the repeated ancestor and reused only while
//!   that ancestor is on the path (a cheap answer to the graph-history
//!   interaction problem); proofs never depend on the path; paths deeper
//!   than 1000 plies are cut (counted as no mate);
//! - every search has a ply budget; the unlimited search finds a mate, then
//!   budgeted searches look for one at least two plies shorter until that is
//!   disproved, and the line is read from the table (re-searching lost
//!   entries), picking at each defender node a reply whose mate is exactly
//!   one ply shorter. Shortening and line reading each get a node budget
//!   (16 times the finding's nodes, at least a million); past it the answer
//!   is the mate in hand, verified but perhaps not the shortest
//!   ([`MateStats::exact`] tells).
//!
//! Stopping: the clock, the node limit and the caller's `stop` closure are
//! looked at every 16 expanded nodes (tens of microseconds), and the solver
//! unwinds at once. The table is allocated zeroed, lazily by the OS, so a
//! large one does not delay the first look.
//!
//! Attacker moves come from [`crate::game::SearchHooks::checking_moves`] (standard and Mortal
//! Shogi answer without make/unmake). A `key_after(m)` hook (the key after
//! a move without playing it) would save more; not added yet.

pub mod checks;
pub mod dfpn;
mod tt;

#[cfg(test)]
mod tests;

pub use dfpn::MateStats;

use crate::game::{MoveList, SearchHooks};
use std::time::Duration;

/// What `go mate` may spend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateLimits {
    /// Wall-clock limit; `None` for `go mate infinite`.
    pub time: Option<Duration>,
    /// Expanded-node limit; `None` for none.
    pub nodes: Option<u64>,
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
}

impl Default for MateLimits {
    fn default() -> Self {
        MateLimits {
            time: None,
            nodes: None,
            hash_mb: 64,
        }
    }
}

impl MateLimits {
    /// Limits for `go mate <ms>` / `go mate infinite`.
    pub fn from_usi(limit: usi::MateLimit, hash_mb: usize) -> Self {
        MateLimits {
            time: match limit {
                usi::MateLimit::Millis(ms) => Some(Duration::from_millis(ms)),
                usi::MateLimit::Infinite => None,
            },
            nodes: None,
            hash_mb,
        }
    }
}

/// The solver's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult<M> {
    /// A mate line, attacker first, odd length, verified.
    Mate(Vec<M>),
    /// The attacker has no forced mate.
    NoMate,
    /// Stopped (time, nodes or the stop flag) before an answer.
    Timeout,
}

/// Looks for a forced mate by the side to move. `stop` is polled while the
/// search runs; once it returns true the solver returns (`Timeout`, or a
/// mate already found) within a few milliseconds. `pos` is left as given.
pub fn solve<G: SearchHooks>(
    pos: &mut G,
    limits: &MateLimits,
    stop: &dyn Fn() -> bool,
) -> MateResult<G::Move> {
    solve_with_stats(pos, limits, stop).0
}

/// [`solve`], also reporting nodes, time and whether the length is exact.
pub fn solve_with_stats<G: SearchHooks>(
    pos: &mut G,
    limits: &MateLimits,
    stop: &dyn Fn() -> bool,
) -> (MateResult<G::Move>, MateStats) {
    let mut solver = dfpn::Solver::<G>::new(limits, stop);
    let (result, exact) = solver.run(pos);
    (result, solver.stats(exact))
}

/// A forced mate by the side to move that `nodes` expanded nodes find (a
/// verified line), or `None`: no mate, or none found in the budget. The
/// line is the first one proved, not shortened; `pos` is left as given.
pub fn find_mate<G: SearchHooks>(
    pos: &mut G,
    nodes: u64,
    hash_mb: usize,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<G::Move>> {
    let limits = MateLimits {
        time: None,
        nodes: None,
        hash_mb,
    };
    dfpn::Solver::<G>::new(&limits, stop).find(pos, nodes)
}

/// The `checkmate ...` answer for a result found from `pos`.
pub fn to_checkmate<G: SearchHooks>(pos: &G, result: &MateResult<G::Move>) -> usi::Checkmate {
    match result {
        MateResult::Mate(line) => {
            let mut p = pos.clone();
            let mut moves = Vec::with_capacity(line.len());
            for &m in line {
                moves.push(p.format_move(m).to_string());
                p.do_move(m);
            }
            usi::Checkmate::Moves(moves)
        }
        MateResult::NoMate => usi::Checkmate::NoMate,
        MateResult::Timeout => usi::Checkmate::Timeout,
    }
}

/// Whether `line` is a mate from `pos`: odd length, every move legal, every
/// attacker move a check, the defender without a legal move at the end.
/// `pos` is left as given.
pub fn is_mate_line<G: SearchHooks>(pos: &mut G, line: &[G::Move]) -> bool {
    if line.len() % 2 == 0 {
        return false;
    }
    let mut legal = G::Moves::default();
    let mut played = 0;
    let mut ok = true;
    for (i, &m) in line.iter().enumerate() {
        legal.clear();
        pos.generate_legal(&mut legal);
        if !legal.contains(&m) {
            ok = false;
            break;
        }
        pos.do_move(m);
        played += 1;
        if i % 2 == 0 && !pos.in_check() {
            ok = false;
            break;
        }
    }
    if ok {
        legal.clear();
        pos.generate_legal(&mut legal);
        ok = pos.in_check() && legal.is_empty();
    }
    for _ in 0..played {
        pos.undo_move();
    }
    ok
}
