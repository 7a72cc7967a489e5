//! Iterative-deepening principal variation search, written once for every
//! deterministic game ([`crate::game::SearchHooks`]).
//!
//! - Negamax alpha-beta with PVS null windows, a transposition table and
//!   mate-distance pruning (no check extension: with drops, chains of
//!   checks ran lines to twice the root's depth); aspiration windows at
//!   the root from depth 4; MultiPV.
//! - The static evaluation corrected by what earlier searches found at
//!   positions of the same structure (`search/correction.rs`), and
//!   replaced for pruning by the table's score where its bound says the
//!   true value lies beyond it.
//! - Forward pruning at non-PV nodes not in check: reverse futility
//!   (static evaluation far above beta), razoring (far below alpha),
//!   null-move pruning (where the game allows passing), futility and
//!   late-move pruning of quiet moves near the leaves, and pruning of
//!   captures that lose material by static exchange.
//! - Late-move reductions, less for killers, counter-moves and moves with
//!   a good history, more for moves with a bad one, and less at nodes the
//!   table remembers on a principal variation; quiet checks as the game
//!   says (`SearchHooks::CHECK_REDUCTION`).
//! - Move ordering: table move, good captures (SEE), killers, counter-move,
//!   history (by side, and by the moves one, two and four plies before);
//!   losing captures last (`search/ordering.rs`). A cutoff raises the
//!   cutting quiet move's history and lowers that of the quiet moves
//!   searched before it, also when a capture or promotion cut off.
//! - Quiescence search over the game's tactical moves with stand-pat, or over
//!   every evasion when in check; captures losing material are skipped;
//!   positions that stood pat are kept in the table for their evaluation.
//! - The mate guard (`search/guard.rs`, games that ask for it): a root
//!   move about to become the answer is given to the mate solver from the
//!   opponent's side; a move it finds a mate after scores as that mate.
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
mod correction;
mod guard;
mod ordering;
pub mod progress;
pub mod score;
#[cfg(test)]
mod tests;

pub use control::SearchControl;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::game::{MoveList, Rules, SearchHooks};
use crate::tt::{Bound, Entry, TranspositionTable};
use correction::Correction;
use guard::{Verdict, GUARD_MIN_DEPTH};
use ordering::{
    appended, is_losing_tactical, order_moves, order_quiescence, order_quiet_stage,
    order_tactical_stage, pick_next, Earlier, Hints, History, Killers, EARLIER_PLIES, HISTORY_MAX,
};
use score::{
    clamp_eval, from_tt, is_mate_score, mate_distance, mate_in, mated_in, outcome_score, to_tt,
    DRAW, INFINITE, MATE_BOUND, MAX_PLY,
};

/// The deepest iteration the search starts (interior plies can go further
/// through singular extensions and quiescence, up to `MAX_PLY`).
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

/// Half-width of the first aspiration window (centipawns).
const ASPIRATION_DELTA: i32 = 40;

/// Reverse futility: a non-PV node whose static evaluation beats beta by
/// this much per ply of depth left (one ply less when improving) is taken
/// to fail high.
const REVERSE_FUTILITY_MARGIN: i32 = 120;
const REVERSE_FUTILITY_DEPTH: i32 = 8;

/// Razoring: at depth 1-2, a static evaluation this far below alpha is
/// checked by quiescence alone.
const RAZOR_MARGIN: i32 = 500;

/// Futility pruning of quiet moves: static evaluation plus a base plus
/// this margin per ply of reduced depth still below alpha.
const FUTILITY_BASE: i32 = 150;
const FUTILITY_MARGIN: i32 = 120;
const FUTILITY_DEPTH: i32 = 8;

/// Null move: only from this depth, reduced by `4 + depth / 3` and more
/// the further the evaluation is above beta; verified from
/// `NULL_VERIFY_DEPTH`.
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_VERIFY_DEPTH: i32 = 12;

/// Captures losing more than this per ply by static exchange are not
/// searched (once a move has been).
const SEE_CAPTURE_MARGIN: i32 = 200;
/// Quiet moves losing more than this times the reduced depth squared.
const SEE_QUIET_MARGIN: i32 = 30;

/// Quiet moves whose history is below `-HISTORY_PRUNE * depth` are not
/// searched when their reduced depth is below `HISTORY_PRUNE_DEPTH`.
const HISTORY_PRUNE: i32 = 3000;
const HISTORY_PRUNE_DEPTH: i32 = 5;

/// History points worth one ply of late-move reduction.
const LMR_HISTORY_DIVISOR: i32 = 10_000;

/// Internal iterative reduction without a table move: at PV nodes from
/// this depth (by two plies), at expected cut nodes from this one (one).
const IIR_PV_DEPTH: i32 = 3;
const IIR_CUT_DEPTH: i32 = 8;

/// Singular extension: from this depth, with a window this far per ply
/// below the table score.
const SINGULAR_DEPTH: i32 = 7;
const SINGULAR_MARGIN: i32 = 2;
/// ... and two plies when the rest fall this far below it.
const SINGULAR_DOUBLE_MARGIN: i32 = 30;

/// Where a node is in bringing on its moves (see `negamax`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// Only the table move, searched before anything is generated.
    TableMove,
    /// The captures and promotions, the killers and the counter-move.
    Tactical,
    /// Every move is in the list.
    Done,
}

/// A node's moves as they come, stage by stage, and what orders them.
struct Stages<G: SearchHooks> {
    stage: Stage,
    /// Whether the tactical moves come before the others are generated.
    staged: bool,
    /// The last stage's generated moves.
    moves: G::Moves,
    tt_move: Option<G::Move>,
    killers: Killers<G::Move>,
    counter: Option<G::Move>,
    earlier: Earlier,
    /// Set when the full generation found no legal move.
    no_moves: bool,
}

/// Root moves from this index on may be searched reduced.
const ROOT_LMR_FROM: usize = 3;

/// Late-move pruning: once this many quiet moves (`LMP_BASE + depth^2`)
/// have been searched, the remaining quiet moves are not. (Chess engines
/// count fewer, and fewer still when the position is not improving; both
/// lost games here: shogi's quiet moves include the drops that attack.)
const LMP_BASE: usize = 6;

fn lmp_count(depth: i32) -> usize {
    LMP_BASE + (depth * depth) as usize
}

/// History bonus for a quiet move that caused a cutoff at `depth`.
fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 32).min(HISTORY_MAX / 4)
}

/// What the GUI asked for besides time.
#[derive(Clone, Debug)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// `go searchmoves`: only these root moves (all when empty).
    pub searchmoves: Vec<M>,
    /// Principal variations to find and report (`MultiPV`), at least 1.
    pub multipv: usize,
    /// Search threads (`Threads`), at least 1.
    pub threads: usize,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            searchmoves: Vec::new(),
            multipv: 1,
            threads: 1,
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
pub fn search<G: SearchHooks>(
    pos: &mut G,
    tt: &mut TranspositionTable<G::Move>,
    control: &SearchControl,
    limits: &Limits<G::Move>,
    rules: &Rules,
    report: &mut dyn FnMut(usi::Info),
) -> SearchResult<G::Move> {
    search_then(pos, tt, control, limits, rules, report, |_, result| result)
}

/// [`search`], handing the result to `finish` as soon as the main thread
/// is done: helper threads are told to stop but not yet joined, so an
/// answer sent from `finish` never waits for a descheduled helper.
pub fn search_then<G: SearchHooks, R>(
    pos: &mut G,
    tt: &mut TranspositionTable<G::Move>,
    control: &SearchControl,
    limits: &Limits<G::Move>,
    rules: &Rules,
    report: &mut dyn FnMut(usi::Info),
    finish: impl FnOnce(&G, SearchResult<G::Move>) -> R,
) -> R {
    tt.new_search();
    let tt: &TranspositionTable<G::Move> = tt;
    let helpers_stop = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    std::thread::scope(|scope| {
        // Lazy SMP: helper threads search the same position on their own,
        // sharing only the table, which is what makes them useful to the
        // main thread; half of them start one ply deeper for variety.
        for id in 1..limits.threads.max(1) {
            let mut pos = pos.clone();
            let shared = Shared {
                helpers_stop: Some(&helpers_stop),
                helper_nodes: &helper_nodes,
            };
            scope.spawn(move || {
                let mut helper = Searcher::new(tt, control, rules, None, shared);
                helper.iterate_helper(&mut pos, limits, id);
            });
        }
        let shared = Shared {
            helpers_stop: None,
            helper_nodes: &helper_nodes,
        };
        let mut main = Searcher::new(tt, control, rules, limits.nodes, shared);
        let mut result = main.iterate(pos, limits, report);
        helpers_stop.store(true, Ordering::Relaxed);
        result.nodes = main.total_nodes();
        finish(pos, result)
    })
}

/// What the threads of one search share besides the table and control.
#[derive(Clone, Copy)]
struct Shared<'a> {
    /// Set for helper threads: raised when the main thread has answered.
    helpers_stop: Option<&'a AtomicBool>,
    /// Nodes searched by helper threads (added in batches).
    helper_nodes: &'a AtomicU64,
}

/// Rows (depth) and columns (move index) of the reduction table.
const REDUCTION_SIZE: usize = 64;

/// Base late-move reductions by depth and move index: logarithmic in
/// both, as the big branching factor of shogi calls for.
fn reduction_table() -> Vec<[u8; REDUCTION_SIZE]> {
    (0..REDUCTION_SIZE)
        .map(|depth| {
            let mut row = [0u8; REDUCTION_SIZE];
            for (index, r) in row.iter_mut().enumerate().skip(1) {
                if depth > 0 {
                    let d = (depth as f64).ln();
                    let i = (index as f64).ln();
                    *r = (0.6 + d * i / 2.2).floor().max(0.0) as u8;
                }
            }
            row
        })
        .collect()
}

/// Whether the node of table entry `entry` was already tested for a mate
/// in one: a search of depth 1 or more stored it, and that search tests
/// every node not in check (a mate found returns without storing), so
/// only nodes new to the table pay for the test.
fn mate_in_one_tested<M>(entry: &Option<Entry<M>>) -> bool {
    entry.as_ref().is_some_and(|e| e.depth >= 1)
}

/// The estimate pruning decisions use: the (corrected) static evaluation,
/// unless the table's score for the position says the true value lies
/// beyond it (a lower bound above it, an upper bound below it, or an
/// exact score).
fn table_bounded_eval<M>(eval: i32, entry: Option<&Entry<M>>, ply: usize) -> i32 {
    let Some(e) = entry else {
        return eval;
    };
    let score = from_tt(i32::from(e.score), ply);
    let beyond = match e.bound {
        Bound::Lower => score > eval,
        Bound::Upper => score < eval,
        Bound::Exact => true,
        Bound::None => false,
    };
    if beyond && !is_mate_score(score) {
        score
    } else {
        eval
    }
}

/// The score a table entry proves for a node, if it is deep enough and its
/// bound decides the window.
fn tt_cutoff<M>(e: &Entry<M>, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    if i32::from(e.depth) < depth {
        return None;
    }
    let s = from_tt(i32::from(e.score), ply);
    e.bound.cuts(s, alpha, beta).then_some(s)
}

/// Formats a line of moves, each in the position it is played from.
pub fn format_line<G: SearchHooks>(pos: &G, line: &[G::Move]) -> Vec<String> {
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
    /// Quiet moves searched at this node (for the history malus).
    quiets: Vec<M>,
    /// The move being searched from this ply (`None`: a null move).
    current: Option<M>,
    /// Its [`SearchHooks::history_index`] (for the counter-move table).
    current_index: usize,
    /// Its [`SearchHooks::piece_to_index`] (for continuation history).
    current_piece_to: usize,
    /// Static evaluation here (`None` when in check).
    static_eval: Option<i32>,
    /// The move a singular-extension test leaves out here.
    excluded: Option<M>,
}

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Frame {
            killers: Killers::default(),
            pv: Vec::new(),
            ordered: Vec::new(),
            quiets: Vec::new(),
            current: None,
            current_index: 0,
            current_piece_to: 0,
            static_eval: None,
            excluded: None,
        }
    }
}

struct RootMove<M> {
    mv: M,
    /// Score in the current iteration; `-INFINITE` until it raised alpha.
    score: i32,
    /// Score of the last completed iteration (aspiration windows).
    previous: i32,
    pv: Vec<M>,
}

/// How settled the search's answer is, for time management.
struct Stability<M> {
    best: Option<M>,
    /// Iterations in a row that kept the best move.
    unchanged: u32,
    /// Best-move changes, decaying by half each iteration.
    changes: f64,
    score: Option<i32>,
    /// The last iteration's score fell this much below the one before.
    drop: i32,
}

impl<M> Default for Stability<M> {
    fn default() -> Self {
        Stability {
            best: None,
            unchanged: 0,
            changes: 0.0,
            score: None,
            drop: 0,
        }
    }
}

impl<M: Copy + Eq> Stability<M> {
    fn update(&mut self, best: M, score: i32) {
        self.changes /= 2.0;
        if self.best == Some(best) {
            self.unchanged += 1;
        } else {
            if self.best.is_some() {
                self.changes += 1.0;
            }
            self.unchanged = 0;
            self.best = Some(best);
        }
        self.drop = self.score.map_or(0, |s| (s - score).max(0));
        self.score = Some(score);
    }

    /// Multiplier of the planned time: up to about 2 while the best move
    /// changes or the score falls, down to 0.5 for a long-settled move.
    fn time_factor(&self) -> f64 {
        let unstable = 1.0 + self.changes * 0.6;
        let falling = 1.0 + (f64::from(self.drop) / 200.0).min(0.5);
        let settled = if self.unchanged >= 6 {
            0.5
        } else if self.unchanged >= 3 {
            0.75
        } else {
            1.0
        };
        (unstable * falling * settled).clamp(0.4, 2.2)
    }
}

/// A completed iteration's answer.
struct Completed<M> {
    depth: u32,
    score: i32,
    pv: Vec<M>,
}

struct Searcher<'a, G: SearchHooks> {
    tt: &'a TranspositionTable<G::Move>,
    control: &'a SearchControl,
    shared: Shared<'a>,
    /// Nodes of this helper thread already added to `shared.helper_nodes`.
    reported_nodes: u64,
    node_limit: u64,
    max_moves_to_draw: u32,
    nodes: u64,
    seldepth: usize,
    /// Set once a stop condition is met; every score computed after that is
    /// meaningless and is thrown away.
    aborted: bool,
    root_depth: i32,
    stack: Vec<Frame<G::Move>>,
    history: History<G>,
    correction: Correction,
    reductions: Vec<[u8; REDUCTION_SIZE]>,
    /// Null moves are not tried above this ply (a null-move verification
    /// search is running); 0: no restriction.
    null_min_ply: usize,
    /// The mate guard's verdicts on root moves this search.
    guarded: Vec<(G::Move, Verdict)>,
}

/// What the node-level pruning needs to know of a node.
#[derive(Clone, Copy)]
struct NodeKind {
    improving: bool,
    /// A fail high is expected (zero-window child of a fail-high search).
    cut_node: bool,
}

/// What move-level pruning needs to know of a move.
#[derive(Clone, Copy)]
struct MoveTraits {
    tactical: bool,
    history: i32,
    /// Depth after the base late-move reduction.
    lmr_depth: i32,
    /// Quiet moves searched at the node so far.
    quiets: usize,
}

/// The verdict of a singular-extension test.
#[derive(Debug, PartialEq, Eq)]
enum Singular {
    /// Plies to add to (negative: take from) the table move's search.
    Extend(i32),
    /// Even without the table move the node fails high: its score.
    Cut(i32),
}

/// What a singular-extension test found: the best score of the other
/// moves (`value`) against the window (`singular_beta`) set below the
/// table move's score (`tt_score`), and the node's `beta`.
#[derive(Clone, Copy, Debug)]
struct SingularTest {
    value: i32,
    singular_beta: i32,
    tt_score: i32,
    beta: i32,
}

/// How a singular test changes the table move's search (see
/// `Searcher::singular`).
fn singular_verdict(t: SingularTest, pv_node: bool, cut_node: bool) -> Singular {
    if t.value < t.singular_beta {
        // Far below: the only move by a margin, two plies more (not on the
        // principal variation, whose nodes are few and re-searched).
        let double = !pv_node && t.value < t.singular_beta - SINGULAR_DOUBLE_MARGIN;
        Singular::Extend(1 + i32::from(double))
    } else if t.singular_beta >= t.beta {
        Singular::Cut(t.singular_beta)
    } else if t.tt_score >= t.beta || cut_node {
        // The table move was only expected to fail high (or the node to be
        // cut): a ply less.
        Singular::Extend(-1)
    } else {
        Singular::Extend(0)
    }
}

impl<'a, G: SearchHooks> Searcher<'a, G> {
    fn new(
        tt: &'a TranspositionTable<G::Move>,
        control: &'a SearchControl,
        rules: &Rules,
        node_limit: Option<u64>,
        shared: Shared<'a>,
    ) -> Self {
        Searcher {
            tt,
            control,
            shared,
            reported_nodes: 0,
            node_limit: node_limit.unwrap_or(u64::MAX),
            max_moves_to_draw: rules.max_moves_to_draw,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_depth: 0,
            stack: (0..=MAX_PLY).map(|_| Frame::default()).collect(),
            history: History::default(),
            correction: Correction::default(),
            reductions: reduction_table(),
            null_min_ply: 0,
            guarded: Vec::new(),
        }
    }

    /// Nodes of this thread and of the helper threads so far.
    fn total_nodes(&self) -> u64 {
        self.nodes + self.shared.helper_nodes.load(Ordering::Relaxed)
    }

    /// A helper thread's iterative deepening: no reports, no answer; it
    /// ends when the main thread has answered (or on `stop`).
    fn iterate_helper(&mut self, pos: &mut G, limits: &Limits<G::Move>, id: usize) {
        let mut root = self.root_moves(pos, &limits.searchmoves);
        if root.is_empty() {
            return;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let first = 1 + (id % 2) as u32;
        for depth in first..=max_depth {
            self.root_depth = depth as i32;
            if self
                .aspiration(pos, depth, &mut root, 0, 1, &mut |_| {})
                .is_none()
            {
                break;
            }
            for rm in root.iter_mut() {
                rm.previous = rm.score;
            }
        }
        self.batch_helper_nodes();
    }

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
        let multipv = limits.multipv.clamp(1, root.len());
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut completed: Option<Completed<G::Move>> = None;
        let mut stability = Stability::default();
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let mut finished = true;
            for pv_index in 0..multipv {
                if self
                    .aspiration(pos, depth, &mut root, pv_index, multipv, report)
                    .is_none()
                {
                    finished = false;
                    break;
                }
                // The lines found so far, best first; the rest keep their order.
                root[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if !finished {
                if multipv == 1 {
                    if let Some(better) = Self::improved_in_partial(&root, &completed) {
                        completed = Some(better);
                    }
                }
                break;
            }
            for rm in root.iter_mut() {
                rm.previous = rm.score;
            }
            let done = Completed {
                depth,
                score: root[0].score,
                pv: root[0].pv.clone(),
            };
            for (k, rm) in root.iter().take(multipv).enumerate() {
                let multipv_index = (multipv > 1).then_some(k as u32 + 1);
                report(self.info(
                    pos,
                    depth,
                    rm.score,
                    &rm.pv,
                    usi::Bound::Exact,
                    multipv_index,
                ));
            }
            stability.update(root[0].mv, done.score);
            let proven = is_mate_score(done.score) && mate_distance(done.score) <= depth as i32;
            completed = Some(done);
            if proven || self.out_of_time(root.len(), &stability) {
                break;
            }
        }
        self.result(pos, completed, &root)
    }

    /// After an iteration stopped part-way: a root move that, in that
    /// iteration, beat the first move searched (its score is only set when
    /// it raised alpha in a finished search) is a better answer than the
    /// last completed iteration's. Byoyomi stops most searches this way.
    /// A loss it scores is not proven (moves not yet searched may hold),
    /// so it is reported as the worst score short of one: the engine does
    /// not resign on it.
    fn improved_in_partial(
        root: &[RootMove<G::Move>],
        completed: &Option<Completed<G::Move>>,
    ) -> Option<Completed<G::Move>> {
        let done = completed.as_ref()?;
        let best = root[1..]
            .iter()
            .filter(|rm| rm.score > -INFINITE)
            .max_by_key(|rm| rm.score)?;
        (best.mv != done.pv[0]).then(|| Completed {
            depth: done.depth,
            score: best.score.max(-MATE_BOUND + 1),
            pv: best.pv.clone(),
        })
    }

    /// Searches the `pv_index`-th line of an iteration with an aspiration
    /// window around its last score, widening on failure. `None` when the
    /// search was stopped.
    fn aspiration(
        &mut self,
        pos: &mut G,
        depth: u32,
        root: &mut [RootMove<G::Move>],
        pv_index: usize,
        multipv: usize,
        report: &mut dyn FnMut(usi::Info),
    ) -> Option<i32> {
        let previous = root[pv_index].previous;
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= 4 && !is_mate_score(previous) {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(pos, depth as i32, &mut root[pv_index..], alpha, beta)?;
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                usi::Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                usi::Bound::Lower
            } else {
                return Some(score);
            };
            // GUIs show a failing line once it has taken a while.
            if self.control.elapsed().as_millis() >= 1000 {
                let rm = &root[pv_index];
                let multipv_index = (multipv > 1).then_some(pv_index as u32 + 1);
                report(self.info(pos, depth, score, &rm.pv, bound, multipv_index));
            }
            delta += delta / 2 + 10;
            if delta > 1500 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// Legal root moves in initial order, restricted to `searchmoves` when it
    /// names at least one of them.
    fn root_moves(&mut self, pos: &G, searchmoves: &[G::Move]) -> Vec<RootMove<G::Move>> {
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        let hints = Hints {
            tt_move: self.tt.probe(pos.key()).and_then(|e| e.mv),
            killers: Killers::default(),
            counter: None,
            history: &self.history,
            earlier: [None; EARLIER_PLIES.len()],
        };
        let mut ordered = Vec::new();
        order_moves(pos, &moves, None, &hints, &mut ordered);
        ordered.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        let wanted = |m: &G::Move| searchmoves.is_empty() || searchmoves.contains(m);
        let mut chosen: Vec<G::Move> = ordered.iter().map(|&(_, mv)| mv).filter(wanted).collect();
        if chosen.is_empty() && !searchmoves.is_empty() {
            // None of the requested moves is legal: search them all.
            chosen = ordered.iter().map(|&(_, mv)| mv).collect();
        }
        chosen
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                previous: -INFINITE,
                pv: vec![mv],
            })
            .collect()
    }

    /// One pass over `root` (the moves not yet chosen as earlier lines)
    /// with the window `(alpha, beta)`. Returns the best score, fail-soft;
    /// `None` when the search was stopped before the pass finished.
    fn search_root(
        &mut self,
        pos: &mut G,
        depth: i32,
        root: &mut [RootMove<G::Move>],
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        for rm in root.iter_mut() {
            rm.score = -INFINITE;
        }
        self.nodes += 1;
        let mut best = -INFINITE;
        let guarding = G::MATE_GUARD
            && depth >= GUARD_MIN_DEPTH
            && root.len() > 1
            && self.shared.helpers_stop.is_none();
        for (i, rm) in root.iter_mut().enumerate() {
            let m = rm.mv;
            if let Some(score) = self.refuted(m) {
                if i == 0 {
                    rm.score = score;
                    rm.pv.clear();
                    rm.pv.push(m);
                }
                best = best.max(score);
                continue;
            }
            self.stack[0].current = Some(m);
            self.stack[0].current_index = pos.history_index(m);
            self.stack[0].current_piece_to = pos.piece_to_index(m);
            let tactical = pos.is_tactical(m);
            pos.do_move(m);
            let mut score = if i == 0 {
                -self.negamax(pos, depth - 1, 1, -beta, -alpha, false)
            } else {
                // Late quiet root moves are searched a little shallower
                // first, as anywhere else in the tree.
                let reduction = if tactical || pos.in_check() || depth < 3 || i < ROOT_LMR_FROM {
                    0
                } else if G::ROOT_QUIESCENCE_PROBES && i >= lmp_count(depth) {
                    depth - 1
                } else {
                    (self.base_reduction(depth, i + 1, true) - 1).clamp(0, depth - 2)
                };
                let mut probe =
                    -self.negamax(pos, depth - 1 - reduction, 1, -alpha - 1, -alpha, true);
                if reduction > 0 && probe > alpha {
                    probe = -self.negamax(pos, depth - 1, 1, -alpha - 1, -alpha, true);
                }
                if probe > alpha && probe < beta {
                    -self.negamax(pos, depth - 1, 1, -beta, -alpha, false)
                } else {
                    probe
                }
            };
            pos.undo_move();
            if self.aborted {
                return None;
            }
            if guarding && (i == 0 || score > alpha) && !is_mate_score(score) {
                if let Verdict::Mated(mated) = self.guard(pos, m) {
                    score = mated;
                    self.stack[1].pv.clear();
                }
            }
            if i == 0 || score > alpha {
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.stack[1].pv);
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // Stable: moves that never raised alpha keep their previous order.
        root.sort_by_key(|rm| std::cmp::Reverse(rm.score));
        let first = &root[0];
        let bound = Bound::of(best, -INFINITE, beta);
        self.tt
            .store(pos.key(), first.mv, to_tt(best, 0), depth, bound);
        Some(best)
    }

    fn negamax(
        &mut self,
        pos: &mut G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        cut_node: bool,
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
        // Set while a singular-extension test searches this node without
        // its table move: that value is not the node's, so the table's
        // verdict is neither used nor overwritten.
        let excluded = self.stack[ply].excluded;
        let key = pos.key();
        let entry = self.tt.probe(key);
        let tt_move = entry.filter(|_| excluded.is_none()).and_then(|e| e.mv);
        // On a principal variation now or when the table's search was.
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        if !pv_node && excluded.is_none() {
            if let Some(cut) = entry.and_then(|e| tt_cutoff(&e, depth, ply, alpha, beta)) {
                return cut;
            }
        }

        let in_check = pos.in_check();
        // A mate at once ends the node before anything is generated (and
        // the pruning below could otherwise skip the mating drop).
        if !in_check && excluded.is_none() && !mate_in_one_tested(&entry) && pos.mate_in_one() {
            return mate_in(ply + 1);
        }
        let raw_eval = (!in_check).then(|| {
            entry
                .and_then(|e| e.static_eval())
                .unwrap_or_else(|| clamp_eval(pos.evaluate()))
        });
        let side = pos.side_to_move();
        // Hashed once: the correction reads and later updates its entries.
        let structure = raw_eval.and_then(|_| pos.structure_keys());
        let static_eval =
            raw_eval.map(|e| clamp_eval(self.correction.corrected(side, structure, e)));
        self.stack[ply].static_eval = static_eval;
        let improving = self.improving(ply, static_eval);
        let eval = static_eval.map(|e| table_bounded_eval(e, entry.as_ref(), ply));
        if let (false, None, Some(eval)) = (pv_node, excluded, eval) {
            let node = NodeKind {
                improving,
                cut_node,
            };
            if let Some(score) = self.prune_node(pos, depth, ply, eval, alpha, beta, node) {
                return score;
            }
        }

        // Internal iterative reduction: without a table move this node's
        // ordering is poor; a shallower search costs less and fills the
        // table for the next iteration.
        let mut depth = depth;
        if tt_move.is_none() && excluded.is_none() {
            if pv_node && depth >= IIR_PV_DEPTH {
                depth -= 2;
            } else if cut_node && depth >= IIR_CUT_DEPTH {
                depth -= 1;
            }
        }

        // Moves come in stages where the game allows: a legal table move
        // before anything is generated (`G::FAST_LEGALITY`), then, where
        // captures are generated apart (`G::STAGED_GENERATION`, not in
        // check), the captures and promotions with the killers and the
        // counter-move, and the quiet moves only if none of those cut off,
        // which most cut nodes do. Later stages are ordered by the history
        // tables as the earlier moves' searches left them.
        let lazy = G::FAST_LEGALITY && tt_move.is_some_and(|m| pos.is_legal_fast(m));
        let previous = self.stack[ply - 1].current;
        let previous_index = self.stack[ply - 1].current_index;
        let mut stages = Stages {
            stage: Stage::TableMove,
            staged: G::STAGED_GENERATION && !in_check,
            moves: G::Moves::default(),
            tt_move,
            killers: self.stack[ply].killers,
            counter: previous.and_then(|_| self.history.counter(side.flip(), previous_index)),
            earlier: self.earlier_moves(ply),
            no_moves: false,
        };
        let (killers, counter, earlier) = (stages.killers, stages.counter, stages.earlier);
        let mut ordered = std::mem::take(&mut self.stack[ply].ordered);
        ordered.clear();
        match tt_move {
            Some(m) if lazy => ordered.push((0, m)),
            _ => self.next_stage(pos, &mut stages, &mut ordered, 0),
        }
        if stages.no_moves {
            self.stack[ply].ordered = ordered;
            return mated_in(ply);
        }
        let mut quiets = std::mem::take(&mut self.stack[ply].quiets);
        quiets.clear();

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut move_count = 0usize;
        let mut tt_tactical = false;
        let mut next = 0;
        while let Some(m) = self.pick_move(pos, &mut stages, &mut ordered, next) {
            next += 1;
            if Some(m) == excluded {
                continue;
            }
            move_count += 1;
            let tactical = pos.is_tactical(m);
            if Some(m) == tt_move {
                tt_tactical = tactical;
            }
            let special = killers.contains(m) || Some(m) == counter;
            let index = pos.history_index(m);
            let piece_to = pos.piece_to_index(m);
            let history = if tactical {
                0
            } else {
                self.history.score(side, index) + self.history.continuation(&earlier, piece_to)
            };
            let base_reduction = self.base_reduction(depth, move_count, improving);
            if searched > 0 && best > -MATE_BOUND {
                let lmr_depth = (depth - 1 - base_reduction).max(0);
                let quiet = MoveTraits {
                    tactical,
                    history,
                    lmr_depth,
                    quiets: quiets.len(),
                };
                if self.prune_move(pos, m, depth, eval, alpha, quiet) {
                    continue;
                }
            }

            let mut extension = 0;
            if Some(m) == tt_move && depth >= SINGULAR_DEPTH && ply < 2 * self.root_depth as usize {
                match self.singular(pos, entry, m, depth, ply, beta, (pv_node, cut_node)) {
                    Singular::Extend(e) => extension = e,
                    Singular::Cut(score) => {
                        self.stack[ply].ordered = ordered;
                        self.stack[ply].quiets = quiets;
                        return score;
                    }
                }
                if self.aborted {
                    self.stack[ply].ordered = ordered;
                    self.stack[ply].quiets = quiets;
                    return 0;
                }
            }

            pos.do_move(m);
            self.tt.prefetch(pos.key());
            let gives_check = pos.in_check();
            self.stack[ply].current = Some(m);
            self.stack[ply].current_index = index;
            self.stack[ply].current_piece_to = piece_to;
            let new_depth = depth - 1 + extension;
            let score = if pv_node && searched == 0 {
                -self.negamax(pos, new_depth, ply + 1, -beta, -alpha, false)
            } else {
                let reduce = depth >= 2
                    && move_count > 1
                    && !tactical
                    && (!gives_check || G::CHECK_REDUCTION.is_some())
                    && !in_check;
                let mut score = if reduce {
                    let mut r = base_reduction;
                    r += 2 * i32::from(cut_node) + i32::from(tt_tactical);
                    r -= i32::from(tt_pv) + i32::from(special);
                    if gives_check {
                        r -= G::CHECK_REDUCTION.unwrap_or(0);
                    }
                    r -= history / LMR_HISTORY_DIVISOR;
                    let reduced = (new_depth - r).clamp(1, new_depth.max(1));
                    let probe = -self.negamax(pos, reduced, ply + 1, -alpha - 1, -alpha, true);
                    if probe > alpha && reduced < new_depth {
                        -self.negamax(pos, new_depth, ply + 1, -alpha - 1, -alpha, !cut_node)
                    } else {
                        probe
                    }
                } else {
                    -self.negamax(pos, new_depth, ply + 1, -alpha - 1, -alpha, !cut_node)
                };
                if pv_node && score > alpha && score < beta {
                    score = -self.negamax(pos, new_depth, ply + 1, -beta, -alpha, false);
                }
                score
            };
            pos.undo_move();
            if self.aborted {
                self.stack[ply].ordered = ordered;
                self.stack[ply].quiets = quiets;
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if tactical {
                            self.punish_quiets(pos, &earlier, depth, &quiets);
                        } else {
                            self.reward_quiet(pos, ply, &earlier, depth, m, &quiets);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets.push(m);
            }
        }
        self.stack[ply].ordered = ordered;
        self.stack[ply].quiets = quiets;
        if stages.no_moves {
            return mated_in(ply);
        }
        let Some(best_move) = best_move else {
            // Only the excluded move was legal (or, never, every move was
            // pruned): a fail low for the singular test.
            return if excluded.is_some() {
                alpha
            } else {
                static_eval.unwrap_or(alpha).min(alpha)
            };
        };

        if excluded.is_none() {
            let bound = Bound::of(best, original_alpha, beta);
            if bound == Bound::Exact && !pos.is_tactical(best_move) {
                // A principal variation's best quiet move is rewarded as a
                // cutoff is, the other quiet moves punished.
                let mut tried = std::mem::take(&mut self.stack[ply].quiets);
                tried.retain(|&q| q != best_move);
                self.reward_quiet(pos, ply, &earlier, depth, best_move, &tried);
                self.stack[ply].quiets = tried;
            }
            self.tt.store_with_eval(
                key,
                Some(best_move),
                to_tt(best, ply),
                depth,
                bound,
                raw_eval,
                tt_pv,
            );
            let evals = (raw_eval, static_eval, structure);
            self.correct(pos, depth, evals, best, best_move, bound);
        }
        best
    }

    /// The move to search `next`-th at a node (the first `next` are
    /// searched), bringing on the next stage of its moves when the current
    /// one is used up; `None` once every stage is.
    fn pick_move(
        &self,
        pos: &G,
        stages: &mut Stages<G>,
        ordered: &mut Vec<(i64, G::Move)>,
        next: usize,
    ) -> Option<G::Move> {
        loop {
            if next < ordered.len() {
                pick_next(ordered, next);
                // The losing captures and promotions wait for the quiet moves.
                let key = ordered[next].0;
                if stages.stage != Stage::Tactical || !is_losing_tactical(key) {
                    return Some(ordered[next].1);
                }
            }
            if stages.stage == Stage::Done {
                return None;
            }
            self.next_stage(pos, stages, ordered, next);
        }
    }

    /// Generates and appends to `ordered` (the first `next` searched) the
    /// moves of a node's next stage.
    fn next_stage(
        &self,
        pos: &G,
        stages: &mut Stages<G>,
        ordered: &mut Vec<(i64, G::Move)>,
        next: usize,
    ) {
        let hints = self.hints(
            stages.tt_move,
            stages.killers,
            stages.counter,
            stages.earlier,
        );
        stages.moves.clear();
        stages.stage = match stages.stage {
            Stage::TableMove if stages.staged => {
                pos.generate_tactical(&mut stages.moves);
                order_tactical_stage(pos, &stages.moves, &hints, ordered);
                Stage::Tactical
            }
            Stage::TableMove => {
                pos.generate_legal(&mut stages.moves);
                stages.no_moves = stages.moves.is_empty();
                let searched = stages.tt_move.filter(|_| next > 0);
                order_moves(pos, &stages.moves, searched, &hints, ordered);
                Stage::Done
            }
            Stage::Tactical => {
                pos.generate_legal(&mut stages.moves);
                stages.no_moves = stages.moves.is_empty();
                order_quiet_stage(pos, &stages.moves, &hints, ordered);
                Stage::Done
            }
            Stage::Done => Stage::Done,
        };
        appended(ordered, next);
    }

    /// A node's ordering hints: its table move, killers and counter-move,
    /// with the history tables as they are now.
    fn hints(
        &self,
        tt_move: Option<G::Move>,
        killers: Killers<G::Move>,
        counter: Option<G::Move>,
        earlier: Earlier,
    ) -> Hints<'_, G> {
        Hints {
            tt_move,
            killers,
            counter,
            history: &self.history,
            earlier,
        }
    }

    /// Whether the side to move's static evaluation rose since its last
    /// move (two plies back); unknown counts as improving, which prunes less.
    fn improving(&self, ply: usize, static_eval: Option<i32>) -> bool {
        match (
            static_eval,
            ply.checked_sub(2).map(|p| self.stack[p].static_eval),
        ) {
            (Some(now), Some(Some(before))) => now > before,
            (Some(_), _) => true,
            (None, _) => false,
        }
    }

    /// The base late-move reduction at `depth` for the `move_count`-th move:
    /// logarithmic in both, one more when the position is not improving.
    fn base_reduction(&self, depth: i32, move_count: usize, improving: bool) -> i32 {
        let base = i32::from(
            self.reductions[(depth.max(0) as usize).min(REDUCTION_SIZE - 1)]
                [move_count.min(REDUCTION_SIZE - 1)],
        );
        base + i32::from(!improving && base >= 2)
    }

    /// Pruning of one move before it is played, once a move has been
    /// searched: captures losing too much by static exchange; quiet moves
    /// that do not give check, late in the list, with a bad history, far
    /// below alpha or losing material where they land.
    #[allow(clippy::too_many_arguments)]
    fn prune_move(
        &self,
        pos: &mut G,
        m: G::Move,
        depth: i32,
        static_eval: Option<i32>,
        alpha: i32,
        t: MoveTraits,
    ) -> bool {
        if t.tactical {
            return !pos.see_ge(m, -SEE_CAPTURE_MARGIN * depth);
        }
        let late = t.quiets >= lmp_count(depth);
        let bad_history = t.lmr_depth < HISTORY_PRUNE_DEPTH && t.history < -HISTORY_PRUNE * depth;
        let futile = t.lmr_depth < FUTILITY_DEPTH
            && static_eval
                .is_some_and(|e| e + FUTILITY_BASE + FUTILITY_MARGIN * t.lmr_depth <= alpha);
        let prune = late
            || bad_history
            || futile
            || !pos.see_ge(m, -SEE_QUIET_MARGIN * t.lmr_depth * t.lmr_depth);
        // The game may keep the move anyway (by default: quiet checks that
        // do not lose the piece by exchange; shogi's mating attacks are
        // sequences of checks). Asked only of the moves that would be
        // pruned.
        prune && !pos.keep_from_pruning(m)
    }

    /// Singular extension: the table move is tried against the rest
    /// searched to half depth with a window just below its table score.
    /// If nothing else comes close it is extended (by two plies when,
    /// off the principal variation, the rest fall far below); if even the
    /// rest beat beta the node is cut (multi-cut); if the table move was only
    /// expected to fail high, or the node is an expected cut node, it is
    /// searched a ply shallower.
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        pos: &mut G,
        entry: Option<Entry<G::Move>>,
        m: G::Move,
        depth: i32,
        ply: usize,
        beta: i32,
        (pv_node, cut_node): (bool, bool),
    ) -> Singular {
        let Some(e) = entry else {
            return Singular::Extend(0);
        };
        let tt_score = from_tt(i32::from(e.score), ply);
        if !matches!(e.bound, Bound::Lower | Bound::Exact)
            || i32::from(e.depth) < depth - 3
            || is_mate_score(tt_score)
        {
            return Singular::Extend(0);
        }
        let singular_beta = tt_score - SINGULAR_MARGIN * depth;
        let singular_depth = (depth - 1) / 2;
        self.stack[ply].excluded = Some(m);
        let value = self.negamax(
            pos,
            singular_depth,
            ply,
            singular_beta - 1,
            singular_beta,
            cut_node,
        );
        self.stack[ply].excluded = None;
        let test = SingularTest {
            value,
            singular_beta,
            tt_score,
            beta,
        };
        singular_verdict(test, pv_node, cut_node)
    }

    /// Pruning decided before any move is searched at a non-PV node not in
    /// check: reverse futility, razoring and the null move (verified by a
    /// search without null moves at high depth). `Some(score)` ends the
    /// node.
    #[allow(clippy::too_many_arguments)]
    fn prune_node(
        &mut self,
        pos: &mut G,
        depth: i32,
        ply: usize,
        eval: i32,
        alpha: i32,
        beta: i32,
        node: NodeKind,
    ) -> Option<i32> {
        if is_mate_score(beta) || is_mate_score(alpha) {
            return None;
        }
        let margin = REVERSE_FUTILITY_MARGIN * (depth - i32::from(node.improving));
        if depth <= REVERSE_FUTILITY_DEPTH && eval - margin >= beta {
            return Some(eval);
        }
        if depth <= 2 && eval + RAZOR_MARGIN * depth < alpha {
            let score = self.qsearch(pos, ply, 0, alpha, alpha + 1);
            if score <= alpha {
                return Some(score);
            }
        }
        let after_null = self.stack[ply - 1].current.is_none();
        if depth >= NULL_MOVE_DEPTH
            && eval >= beta
            && !after_null
            && ply >= self.null_min_ply
            && pos.do_null_move()
        {
            let reduction = 4 + depth / 3 + ((eval - beta) / 200).min(3);
            self.stack[ply].current = None;
            let reduced = depth - reduction;
            let score = -self.negamax(pos, reduced, ply + 1, -beta, -beta + 1, !node.cut_node);
            pos.undo_null_move();
            if self.aborted {
                return Some(0);
            }
            if score >= beta {
                // A mate found after passing proves nothing.
                let score = if is_mate_score(score) { beta } else { score };
                if self.null_min_ply > 0 || depth < NULL_VERIFY_DEPTH {
                    return Some(score);
                }
                // Verification: the same search without null moves for our
                // side near the top (zugzwang-like positions, rare in
                // shogi but real with few pieces in hand).
                self.null_min_ply = ply + (3 * reduced.max(0) as usize) / 4;
                let verified = self.negamax(pos, reduced, ply, beta - 1, beta, false);
                self.null_min_ply = 0;
                if self.aborted {
                    return Some(0);
                }
                if verified >= beta {
                    return Some(score);
                }
            }
        }
        None
    }

    /// Teaches the correction history what a search of `depth` found
    /// against the static evaluation (`evals`: raw, corrected, and the
    /// position's structure keys): not
    /// when in check (no evaluation), when a capture or promotion decided
    /// the node (the error is not the evaluation's), at mate scores, or
    /// when the bound does not say which way the evaluation erred.
    fn correct(
        &mut self,
        pos: &G,
        depth: i32,
        evals: (Option<i32>, Option<i32>, Option<[u64; correction::KEYS]>),
        best: i32,
        best_move: G::Move,
        bound: Bound,
    ) {
        let (Some(raw), Some(eval), structure) = evals else {
            return;
        };
        let uninformative = match bound {
            Bound::Lower => best <= eval,
            Bound::Upper => best >= eval,
            Bound::Exact => false,
            Bound::None => true,
        };
        if uninformative || is_mate_score(best) || pos.is_tactical(best_move) {
            return;
        }
        let side = pos.side_to_move();
        self.correction.update(side, structure, depth, raw, best);
    }

    /// A quiet move caused a cutoff (or was a principal variation's best):
    /// it becomes a killer and the counter-move to the opponent's last
    /// move, its history rises and the other quiet moves searched fall.
    /// `earlier`: the node's [`Self::earlier_moves`].
    fn reward_quiet(
        &mut self,
        pos: &G,
        ply: usize,
        earlier: &Earlier,
        depth: i32,
        m: G::Move,
        tried: &[G::Move],
    ) {
        let side = pos.side_to_move();
        self.stack[ply].killers.add(m);
        let bonus = history_bonus(depth);
        self.history.update(side, pos.history_index(m), bonus);
        self.history
            .update_continuation(earlier, pos.piece_to_index(m), bonus);
        self.punish_quiets(pos, earlier, depth, tried);
        if self.stack[ply - 1].current.is_some() {
            let index = self.stack[ply - 1].current_index;
            self.history.set_counter(side.flip(), index, m);
        }
    }

    /// The quiet moves searched before a cutoff at `depth` did not cause
    /// it: their history falls (also when a capture or promotion cut off).
    /// `earlier`: the node's [`Self::earlier_moves`].
    fn punish_quiets(&mut self, pos: &G, earlier: &Earlier, depth: i32, tried: &[G::Move]) {
        let side = pos.side_to_move();
        let malus = -history_bonus(depth);
        for &q in tried {
            self.history.update(side, pos.history_index(q), malus);
            self.history
                .update_continuation(earlier, pos.piece_to_index(q), malus);
        }
    }

    /// Piece-to indices of the moves [`EARLIER_PLIES`] before `ply`.
    fn earlier_moves(&self, ply: usize) -> Earlier {
        EARLIER_PLIES.map(|back| {
            let frame = &self.stack[ply.checked_sub(back)?];
            frame.current.is_some().then_some(frame.current_piece_to)
        })
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
        let entry = self.tt.probe(key);
        if let Some(cut) = entry.and_then(|e| tt_cutoff(&e, 0, ply, alpha, beta)) {
            return cut;
        }
        let original_alpha = alpha;
        let in_check = pos.in_check();
        // At the horizon a quiet mate in one (a drop, mostly) is what
        // standing pat would miss.
        if qply == 0 && !in_check && !mate_in_one_tested(&entry) && pos.mate_in_one() {
            return mate_in(ply + 1);
        }
        let mut best = -INFINITE;
        let mut static_eval = None;
        let mut moves = G::Moves::default();
        if in_check {
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                return mated_in(ply);
            }
        } else {
            // Stand pat: the side to move need not capture. (A side not in
            // check without any legal move, a stalemate, is too rare in
            // these games to pay for here.)
            let raw = entry
                .and_then(|e| e.static_eval())
                .unwrap_or_else(|| clamp_eval(pos.evaluate()));
            static_eval = Some(raw);
            let structure = pos.structure_keys();
            best = clamp_eval(
                self.correction
                    .corrected(pos.side_to_move(), structure, raw),
            );
            if best >= beta {
                // Kept (where the table knows nothing of the position) so
                // that a later visit need not evaluate it again.
                if entry.is_none() {
                    let score = to_tt(best, ply);
                    let bound = Bound::Lower;
                    self.tt
                        .store_with_eval(key, None, score, 0, bound, static_eval, false);
                }
                return best;
            }
            alpha = alpha.max(best);
            if !pos.generate_tactical(&mut moves) {
                return mated_in(ply);
            }
        }

        let mut ordered = std::mem::take(&mut self.stack[ply].ordered);
        order_quiescence(pos, &moves, &mut ordered);
        let mut quiet_evasions = 0;
        let mut best_move = None;
        for next in 0..ordered.len() {
            pick_next(&mut ordered, next);
            let m = ordered[next].1;
            if in_check && !pos.is_tactical(m) {
                // Interpositions by drop multiply fast; once a move has shown
                // that the check is survived, a few quiet evasions suffice.
                if quiet_evasions >= QUIET_EVASION_LIMIT && best > -MATE_BOUND {
                    continue;
                }
                quiet_evasions += 1;
            }
            if !in_check && !pos.see_ge(m, 0) {
                // Loses material on the square: not what resolves a position.
                continue;
            }
            pos.do_move(m);
            self.tt.prefetch(pos.key());
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
        // A node that stood pat is kept too (without a move), for its
        // evaluation, unless the table holds something of it already.
        if best_move.is_some() || (entry.is_none() && best > -INFINITE) {
            let bound = Bound::of(best, original_alpha, beta);
            let pv = entry.is_some_and(|e| e.pv);
            self.tt
                .store_with_eval(key, best_move, to_tt(best, ply), 0, bound, static_eval, pv);
        }
        best
    }

    /// Counts a node and checks the stop conditions; true means abort.
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if !self.aborted {
            let clock_due = self.nodes.is_multiple_of(CLOCK_CHECK_INTERVAL);
            if clock_due {
                self.batch_helper_nodes();
                if self.shared.helpers_stop.is_none() {
                    self.control.progress.publish_nodes(self.total_nodes());
                }
            }
            self.aborted = self.control.stop_requested()
                || self.nodes >= self.node_limit
                || (clock_due && self.control.hard_limit_reached())
                || self
                    .shared
                    .helpers_stop
                    .is_some_and(|stop| stop.load(Ordering::Relaxed));
        }
        self.aborted
    }

    /// A helper thread adds its nodes to the shared count now and then.
    #[inline]
    fn batch_helper_nodes(&mut self) {
        if self.shared.helpers_stop.is_some() {
            let batch = self.nodes - self.reported_nodes;
            self.shared.helper_nodes.fetch_add(batch, Ordering::Relaxed);
            self.reported_nodes = self.nodes;
        }
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

    /// After an iteration: should the search start another? The planned
    /// time stretches while the best move keeps changing and shrinks once
    /// it has stood for several iterations.
    fn out_of_time(&self, root_moves: usize, stability: &Stability<G::Move>) -> bool {
        let timed = self.control.is_time_limited();
        self.control.soft_limit_scaled(stability.time_factor()) || (timed && root_moves == 1)
    }

    fn info(
        &self,
        pos: &G,
        depth: u32,
        score: i32,
        pv: &[G::Move],
        bound: usi::Bound,
        multipv: Option<u32>,
    ) -> usi::Info {
        let elapsed = self.control.elapsed();
        let millis = elapsed.as_millis() as u64;
        let nodes = self.total_nodes();
        let nps = nodes * 1000 / millis.max(1);
        usi::Info {
            depth: Some(depth),
            seldepth: Some(self.seldepth.max(depth as usize) as u32),
            multipv,
            score: Some((score::to_usi(score), bound)),
            nodes: Some(nodes),
            nps: Some(nps),
            time: Some(millis),
            hashfull: Some(self.tt.hashfull()),
            pv: format_line(pos, pv),
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
        let reply = self.tt.probe(pos.key()).and_then(|e| e.mv).filter(|&m| {
            let mut moves = G::Moves::default();
            pos.generate_legal(&mut moves);
            moves.contains(&m)
        });
        pos.undo_move();
        reply
    }
}
