//! Iterative-deepening principal variation search, written once for every
//! [`Game`].
//!
//! - Negamax alpha-beta with PVS null windows, a transposition table, check
//!   extension and mate-distance pruning.
//! - Quiescence search over the game's tactical moves with stand-pat, or over
//!   every evasion when in check.
//! - A position with no legal move is lost for the side to move (checkmate
//!   and stalemate alike, as in shogi and Sigma 4); `repetition()` and the
//!   move limit end the game at interior nodes (never at the root, which
//!   must answer with a move).
//! - Stops on the shared stop flag, the node limit, the depth limit and the
//!   hard time limit; starts no new iteration past the soft limit.
//!
//! The answer is the result of the last completed iteration; a search
//! stopped during its first iteration falls back to the best move found so
//! far, or the first legal move in search order.

mod control;
mod ordering;
pub mod score;
#[cfg(test)]
mod tests;

pub use control::SearchControl;

use crate::game::{Game, Rules};
use crate::tt::{Bound, TranspositionTable};
use ordering::{order_moves, order_quiescence, Killers};
use score::{
    clamp_eval, from_tt, is_mate_score, mate_distance, mate_in, mated_in, outcome_score, to_tt,
    DRAW, INFINITE, MATE_BOUND, MAX_PLY,
};

/// The deepest iteration the search starts (interior plies can go further
/// through check extensions, up to `MAX_PLY`).
pub const MAX_DEPTH: u32 = (MAX_PLY / 2) as u32;

/// How often (in nodes) the clock is read; the stop flag is read every node.
const CLOCK_CHECK_INTERVAL: u64 = 1024;

/// Quiet check evasions quiescence search tries once one of its moves has
/// escaped mate.
const QUIET_EVASION_LIMIT: usize = 2;

/// Plies of quiescence search after which the static evaluation is taken
/// as it is. Without exchange evaluation, shogi's capture trees (pieces
/// everywhere, drops interposing) can otherwise explode.
const QUIESCENCE_MAX_PLIES: usize = 8;

/// Centipawns added to a capture's resulting evaluation before deciding it
/// cannot raise alpha.
const DELTA_MARGIN: i32 = 200;

/// What the GUI asked for besides time.
#[derive(Clone, Debug)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// `go searchmoves`: only these root moves (all when empty).
    pub searchmoves: Vec<M>,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            searchmoves: Vec::new(),
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// `None` only when the root has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    /// From the side to move's view (see [`score`]).
    pub score: i32,
    /// Depth of the last completed iteration (0: none completed).
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<M>,
}

impl<M> SearchResult<M> {
    /// The side to move is lost by force (or has no move at all).
    pub fn is_lost(&self) -> bool {
        self.best.is_none() || score::is_loss(self.score)
    }
}

/// Searches `pos` and returns the best move. `report` receives one `info`
/// per completed iteration. The position is restored before returning.
pub fn search<G: Game>(
    pos: &mut G,
    tt: &mut TranspositionTable<G::Move>,
    control: &SearchControl,
    limits: &Limits<G::Move>,
    rules: &Rules,
    report: &mut dyn FnMut(usi::Info),
) -> SearchResult<G::Move> {
    tt.new_search();
    let mut searcher = Searcher {
        tt,
        control,
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        max_moves_to_draw: rules.max_moves_to_draw,
        nodes: 0,
        seldepth: 0,
        aborted: false,
        root_depth: 0,
        stack: (0..=MAX_PLY).map(|_| Frame::default()).collect(),
    };
    searcher.iterate(pos, limits, report)
}

/// Plies by which a move is searched shallower first: late quiet moves
/// (not captures, promotions, killers, checks or check evasions) rarely
/// matter, so they get a reduced null-window look and a full one only if
/// they beat alpha.
fn late_move_reduction(depth: i32, index: usize, late_quiet: bool) -> i32 {
    if !late_quiet || depth < 3 || index < 3 {
        0
    } else if depth >= 6 && index >= 12 {
        2
    } else {
        1
    }
}

/// What a node's best score says, given the window it was searched with.
fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Formats a line of moves, each in the position it is played from.
pub fn format_line<G: Game>(pos: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    line.iter()
        .map(|&m| {
            let text = pos.format_move(m).to_string();
            pos.do_move(m);
            text
        })
        .collect()
}

/// Per-ply scratch space.
struct Frame<M> {
    killers: Killers<M>,
    /// The principal variation from this ply on.
    pv: Vec<M>,
    /// Reused buffer for the ordered move list.
    ordered: Vec<(i64, M)>,
}

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Frame {
            killers: Killers::default(),
            pv: Vec::new(),
            ordered: Vec::new(),
        }
    }
}

struct RootMove<M> {
    mv: M,
    /// Score in the current iteration; `-INFINITE` until it raised alpha.
    score: i32,
    pv: Vec<M>,
}

/// A completed iteration's answer.
struct Completed<M> {
    depth: u32,
    score: i32,
    pv: Vec<M>,
}

struct Searcher<'a, G: Game> {
    tt: &'a mut TranspositionTable<G::Move>,
    control: &'a SearchControl,
    node_limit: u64,
    max_moves_to_draw: u32,
    nodes: u64,
    seldepth: usize,
    /// Set once a stop condition is met; every score computed after that is
    /// meaningless and is thrown away.
    aborted: bool,
    root_depth: i32,
    stack: Vec<Frame<G::Move>>,
}

impl<G: Game> Searcher<'_, G> {
    fn iterate(
        &mut self,
        pos: &mut G,
        limits: &Limits<G::Move>,
        report: &mut dyn FnMut(usi::Info),
    ) -> SearchResult<G::Move> {
        let mut root = self.root_moves(pos, &limits.searchmoves);
        if root.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: mated_in(0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut completed: Option<Completed<G::Move>> = None;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let Some(score) = self.search_root(pos, depth as i32, &mut root) else {
                break;
            };
            let done = Completed {
                depth,
                score,
                pv: root[0].pv.clone(),
            };
            report(self.info(pos, &done));
            let proven = is_mate_score(score) && mate_distance(score) <= depth as i32;
            completed = Some(done);
            if proven || self.out_of_time(root.len()) {
                break;
            }
        }
        self.result(pos, completed, &root)
    }

    /// Legal root moves in initial order, restricted to `searchmoves` when it
    /// names at least one of them.
    fn root_moves(&mut self, pos: &G, searchmoves: &[G::Move]) -> Vec<RootMove<G::Move>> {
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        let tt_move = self.tt.probe(pos.key()).map(|e| e.mv);
        let mut ordered = Vec::new();
        order_moves(pos, &moves, tt_move, &Killers::default(), &mut ordered);
        let wanted = |m: &G::Move| searchmoves.is_empty() || searchmoves.contains(m);
        let mut root: Vec<_> = ordered
            .iter()
            .map(|&(_, mv)| mv)
            .filter(wanted)
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        if root.is_empty() && !searchmoves.is_empty() {
            // None of the requested moves is legal: search them all.
            root = ordered
                .iter()
                .map(|&(_, mv)| RootMove {
                    mv,
                    score: -INFINITE,
                    pv: vec![mv],
                })
                .collect();
        }
        root
    }

    /// One iteration over the root moves. `None` when the search was stopped
    /// before the iteration finished.
    fn search_root(
        &mut self,
        pos: &mut G,
        depth: i32,
        root: &mut [RootMove<G::Move>],
    ) -> Option<i32> {
        let mut alpha = -INFINITE;
        let beta = INFINITE;
        for rm in root.iter_mut() {
            rm.score = -INFINITE;
        }
        self.nodes += 1;
        for (i, rm) in root.iter_mut().enumerate() {
            let m = rm.mv;
            pos.do_move(m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(pos, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha {
                    -self.negamax(pos, depth - 1, 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            pos.undo_move();
            if self.aborted {
                return None;
            }
            if score > alpha {
                alpha = score;
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.stack[1].pv);
            }
        }
        // Stable: moves that never raised alpha keep their previous order.
        root.sort_by_key(|rm| std::cmp::Reverse(rm.score));
        let best = &root[0];
        self.tt
            .store(pos.key(), best.mv, to_tt(alpha, 0), depth, Bound::Exact);
        Some(alpha)
    }

    fn negamax(
        &mut self,
        pos: &mut G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, ply, 0, alpha, beta);
        }
        self.stack[ply].pv.clear();
        if self.visit(ply) {
            return 0;
        }
        if let Some(ended) = self.ended_by_rule(pos, ply) {
            return ended;
        }
        if ply >= MAX_PLY - 1 {
            return clamp_eval(pos.evaluate());
        }
        // No line from here can beat a mate already found closer to the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let entry = self.tt.probe(key);
        if !pv_node {
            if let Some(cut) = self.tt_cutoff(key, depth, ply, alpha, beta) {
                return cut;
            }
        }

        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return mated_in(ply);
        }
        let in_check = pos.in_check();
        let extend = in_check && ply < 2 * self.root_depth as usize;
        let depth = if extend { depth + 1 } else { depth };

        let mut ordered = std::mem::take(&mut self.stack[ply].ordered);
        let killers = self.stack[ply].killers;
        order_moves(pos, &moves, entry.map(|e| e.mv), &killers, &mut ordered);

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = ordered[0].1;
        for (i, &(_, m)) in ordered.iter().enumerate() {
            let quiet = !pos.is_tactical(m) && !killers.contains(m);
            pos.do_move(m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let late_quiet = quiet && !in_check && !pos.in_check();
                let reduction = late_move_reduction(depth, i, late_quiet);
                let mut probe =
                    -self.negamax(pos, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
                if reduction > 0 && probe > alpha {
                    probe = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if probe > alpha && probe < beta {
                    -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            pos.undo_move();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if !pos.is_tactical(m) {
                            self.stack[ply].killers.add(m);
                        }
                        break;
                    }
                }
            }
        }
        self.stack[ply].ordered = ordered;

        let bound = bound_of(best, original_alpha, beta);
        self.tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Resolves captures (and escapes from check) until the position is
    /// quiet, so that the static evaluation is not taken mid-exchange.
    fn qsearch(&mut self, pos: &mut G, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.stack[ply].pv.clear();
        if self.visit(ply) {
            return 0;
        }
        if let Some(ended) = self.ended_by_rule(pos, ply) {
            return ended;
        }
        if ply >= MAX_PLY - 1 || qply >= QUIESCENCE_MAX_PLIES {
            return clamp_eval(pos.evaluate());
        }
        let key = pos.key();
        if let Some(cut) = self.tt_cutoff(key, 0, ply, alpha, beta) {
            return cut;
        }
        let original_alpha = alpha;
        let in_check = pos.in_check();
        let mut best = -INFINITE;
        if !in_check {
            // Stand pat: the side to move need not capture. (Checked before
            // generating moves: a side not in check without any legal move,
            // a stalemate, is too rare in these games to pay for here.)
            best = clamp_eval(pos.evaluate());
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return mated_in(ply);
        }

        let mut ordered = std::mem::take(&mut self.stack[ply].ordered);
        order_quiescence(pos, &moves, in_check, &mut ordered);
        let mut quiet_evasions = 0;
        let mut best_move = None;
        for &(_, m) in ordered.iter() {
            if in_check && !pos.is_tactical(m) {
                // Interpositions by drop multiply fast; once a move has shown
                // that the check is survived, a few quiet evasions suffice.
                if quiet_evasions >= QUIET_EVASION_LIMIT && best > -MATE_BOUND {
                    continue;
                }
                quiet_evasions += 1;
            }
            pos.do_move(m);
            if !in_check && !pos.in_check() {
                // Delta pruning: even with a margin for what the evaluation
                // misses, this capture cannot reach alpha.
                let optimistic = -clamp_eval(pos.evaluate()) + DELTA_MARGIN;
                if optimistic <= alpha {
                    pos.undo_move();
                    best = best.max(optimistic);
                    continue;
                }
            }
            let score = -self.qsearch(pos, ply + 1, qply + 1, -beta, -alpha);
            pos.undo_move();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.stack[ply].ordered = ordered;
        if let Some(m) = best_move {
            let bound = bound_of(best, original_alpha, beta);
            self.tt.store(key, m, to_tt(best, ply), 0, bound);
        }
        best
    }

    /// The score the table proves for this node, if it is deep enough and
    /// its bound decides the window.
    fn tt_cutoff(&self, key: u64, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let e = self.tt.probe(key)?;
        if i32::from(e.depth) < depth {
            return None;
        }
        let s = from_tt(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
            Bound::None => false,
        };
        cut.then_some(s)
    }

    /// Counts a node and checks the stop conditions; true means abort.
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if !self.aborted {
            let clock_due = self.nodes.is_multiple_of(CLOCK_CHECK_INTERVAL);
            self.aborted = self.control.stop_requested()
                || self.nodes >= self.node_limit
                || (clock_due && self.control.hard_limit_reached());
        }
        self.aborted
    }

    /// The score of an interior node whose game the rules have ended
    /// (repetition, perpetual check, move limit).
    fn ended_by_rule(&self, pos: &G, ply: usize) -> Option<i32> {
        if let Some(outcome) = pos.repetition() {
            return Some(outcome_score(outcome, ply));
        }
        let limit = self.max_moves_to_draw;
        (limit != 0 && pos.move_number() >= limit).then_some(DRAW)
    }

    /// The PV at `ply` becomes `m` followed by the child's PV.
    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(m);
        pv.extend_from_slice(&tail[0].pv);
    }

    /// After an iteration: should the search start another?
    fn out_of_time(&self, root_moves: usize) -> bool {
        let timed = self.control.is_time_limited();
        self.control.soft_limit_reached() || (timed && root_moves == 1)
    }

    fn info(&self, pos: &G, done: &Completed<G::Move>) -> usi::Info {
        let elapsed = self.control.elapsed();
        let millis = elapsed.as_millis() as u64;
        let nps = self.nodes * 1000 / millis.max(1);
        usi::Info {
            depth: Some(done.depth),
            seldepth: Some(self.seldepth.max(done.depth as usize) as u32),
            score: Some((score::to_usi(done.score), usi::Bound::Exact)),
            nodes: Some(self.nodes),
            nps: Some(nps),
            time: Some(millis),
            hashfull: Some(self.tt.hashfull()),
            pv: format_line(pos, &done.pv),
            ..usi::Info::default()
        }
    }

    fn result(
        &mut self,
        pos: &mut G,
        completed: Option<Completed<G::Move>>,
        root: &[RootMove<G::Move>],
    ) -> SearchResult<G::Move> {
        let (depth, score, pv) = match completed {
            Some(c) => (c.depth, c.score, c.pv),
            None => {
                // Stopped in the first iteration: the best move searched so
                // far (moves not yet searched score -INFINITE), else the
                // first in search order. A loss is not proven until every
                // move was searched, so it is not reported as one.
                let best = root
                    .iter()
                    .fold(&root[0], |b, rm| if rm.score > b.score { rm } else { b });
                let score = if score::is_loss(best.score) {
                    DRAW
                } else {
                    best.score
                };
                (0, score, vec![best.mv])
            }
        };
        let best = pv[0];
        let ponder = pv
            .get(1)
            .copied()
            .or_else(|| self.ponder_from_tt(pos, best));
        SearchResult {
            best: Some(best),
            ponder,
            score,
            depth,
            nodes: self.nodes,
            pv,
        }
    }

    /// A reply to ponder on when the PV is one move long: the table's move
    /// for the position after `best`, if it is legal there.
    fn ponder_from_tt(&self, pos: &mut G, best: G::Move) -> Option<G::Move> {
        pos.do_move(best);
        let reply = self.tt.probe(pos.key()).map(|e| e.mv).filter(|&m| {
            let mut moves = G::Moves::default();
            pos.generate_legal(&mut moves);
            moves.contains(&m)
        });
        pos.undo_move();
        reply
    }
}
