//! Expectiminimax with Star1/Star2 chance-node pruning (Ballard 1983),
//! iterative deepening in turns, a transposition table and time control.
//!
//! The tree alternates two kinds of node, in negamax form:
//! - a decision node (the side to move has rolled): the best over its
//!   moves of minus the child chance node;
//! - a chance node (it has not): the weighted average over the rolls of
//!   the decision nodes, in the same side's view. Depth is counted in
//!   turns: a chance node at depth 0 is a leaf and is evaluated.
//!
//! Pruning at chance nodes, with every value inside `[-WIN, WIN]`:
//! - Star1: before searching roll `i`, the rolls done so far and the worst
//!   (best) case of the rest give the window the roll's value must leave
//!   for the average to stay inside `(alpha, beta)`; a child that fails
//!   outside it ends the chance node.
//! - Star2: a probing pass first searches one move (the most promising)
//!   for every roll. A decision node is worth at least any one of its
//!   moves, so each probe gives a lower bound; if the bounds alone reach
//!   `beta` the chance node fails high without any full search, and
//!   otherwise they replace `-WIN` in Star1's windows.
//!
//! With every value inside `[-WIN, WIN]` (a king can fall on any turn),
//! Star1 alone cuts little: what cuts is Star2 with good probes. Rolls are
//! probed and searched likeliest first (two-way rolls, 2/36, before
//! doubles); a probe is the table's turn, else one of the roll's two
//! killers, else (when the reply is a leaf) the first turn by captures and
//! history. Decision nodes try the table's turn, the killers, then (two or
//! more turns left) the static value after each turn or (one turn left)
//! captures and history. Iterations reuse the table: a node's move from
//! the last iteration is its first move and its first probe.
//!
//! Beyond exact pruning, move filters (`MoveFilter`) search only a
//! few promising turns at the root from three turns on and at decision
//! nodes with two or more turns left; `ChanceLimits::full_width` turns
//! them off.
//!
//! The root is a decision node (the roll must be set). Scores are in
//! [`score`] units (equity × 10000).

use std::time::Duration;

use super::control::Control;
use super::score::{self, clamp_eval, from_tt, lost_in, to_tt, won_in, MAX_TURNS, WIN};
use super::tt::{ChanceTable, Entry};
use super::ChanceGame;
use crate::game::{Outcome, Rules};
use crate::tt::Bound;

/// Forward pruning at decision nodes, as backgammon programs filter moves
/// (gnubg's move filters): of the moves in search order, the first
/// `always` and the others whose static value (after the move, before the
/// opponent rolls) is within `margin` of the best static value are
/// searched, at most `keep`; the rest are not searched at this depth.
/// A filtered node's value is a lower bound of its full-width value.
struct MoveFilter {
    /// Nodes with at least this many turns left (the root: iterations of
    /// this depth on).
    from_depth: u32,
    keep: usize,
    always: usize,
    margin: i32,
}

/// At the root the order comes from the last iteration: its best moves are
/// always kept.
const ROOT_FILTER: MoveFilter = MoveFilter {
    from_depth: 3,
    keep: 6,
    always: 2,
    margin: 500,
};

/// Inside the tree the order is the table's move, the killers, then the
/// static value.
const INNER_FILTER: MoveFilter = MoveFilter {
    from_depth: 2,
    keep: 5,
    always: 3,
    margin: 300,
};

impl MoveFilter {
    /// Moves the selected entries of `list` (move, rank, static value) to
    /// its front, both parts in their order, and returns how many.
    fn select<M: Copy, R: Copy>(&self, list: &mut Vec<(M, R, i32)>) -> usize {
        let best = list.iter().map(|e| e.2).max().unwrap_or(-WIN);
        let floor = best.saturating_sub(self.margin);
        let mut chosen = Vec::with_capacity(self.keep);
        let mut rest = Vec::with_capacity(list.len());
        for (i, &e) in list.iter().enumerate() {
            if chosen.len() < self.keep && (i < self.always || e.2 >= floor) {
                chosen.push(e);
            } else {
                rest.push(e);
            }
        }
        let n = chosen.len();
        chosen.extend(rest);
        *list = chosen;
        n
    }
}

/// How much longer than the last the next iteration is expected to take, at
/// least. Shogammon's turns multiply the work by 20 to 300 a turn (nodes at
/// the start and four midgame positions: 2 -> 3 turns 18-280 times, 3 -> 4
/// turns 86 times at the start): an iteration started on a smaller guess
/// would mostly be cut by the soft limit before its first root move is
/// done, and the time it took would be lost.
const GROWTH: f64 = 32.0;

/// How far past the planned time an iteration may be expected to end and
/// still be started. Its moves are searched best first and a partial
/// iteration's completed moves count, so one that would end at twice the
/// planned time mostly finishes its first moves within it. (With 1, at
/// 10 s + 0.1 s a three-turn search was started only after a two-turn
/// search of 11 ms or less: the engine used a third of its clock.)
const STRETCH: f64 = 2.0;

/// Iterations shorter than this in all say nothing of the growth.
const MEASURABLE: Duration = Duration::from_millis(5);

/// True when the next iteration, expected to take `GROWTH` times the last
/// one (or more, as the last grew), would end past `STRETCH` times the
/// planned time. Never before the floor of a byoyomi period or `movetime`
/// (`soft_limit_scaled`): that time is lost if not used.
fn next_iteration_too_long(control: &dyn Control, elapsed: Duration, last: Duration) -> bool {
    let before_last = elapsed.saturating_sub(last).as_secs_f64();
    // The growth seen so far, once the earlier iterations took long
    // enough to time: a one-turn search takes a millisecond or less, and
    // the ratio of two turns to it says nothing.
    let growth = if before_last >= MEASURABLE.as_secs_f64() {
        (last.as_secs_f64() / before_last).max(GROWTH)
    } else {
        GROWTH
    };
    let expected_end = elapsed.as_secs_f64() + last.as_secs_f64() * growth;
    let share = STRETCH * elapsed.as_secs_f64() / expected_end.max(f64::MIN_POSITIVE);
    control.soft_limit_reached() || control.soft_limit_scaled(share)
}

/// History values are halved when one passes this.
const HISTORY_MAX: i32 = 1 << 24;

/// How often (in nodes) the clock is read.
const CHECK_INTERVAL: u64 = 32;

/// What the GUI asked for besides time.
#[derive(Clone, Debug)]
pub struct ChanceLimits<M> {
    /// Turns to search (1: our turn only, judged by the evaluation).
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// `go searchmoves`: only these root moves (all when empty).
    pub searchmoves: Vec<M>,
    /// Search every turn to the full depth: no move filter (see
    /// `MoveFilter`), so the score is the expectiminimax value at that
    /// depth. Tests compare against the definition with it.
    pub full_width: bool,
}

impl<M> Default for ChanceLimits<M> {
    fn default() -> Self {
        ChanceLimits {
            depth: None,
            nodes: None,
            searchmoves: Vec::new(),
            full_width: false,
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceResult<M> {
    /// `None` only when the root has no move: the game is over, or the
    /// side to move has not rolled.
    pub best: Option<M>,
    /// For the side to move, [`score`] units.
    pub score: i32,
    /// Last iteration whose result is used (partial iterations count when
    /// they completed at least the first root move).
    pub depth: u32,
    pub nodes: u64,
}

/// Searches the position's roll and returns the best move. `report`
/// receives one `info` per iteration. The position is restored.
pub fn search<G: ChanceGame>(
    pos: &mut G,
    tt: &mut ChanceTable<G::Move>,
    control: &dyn Control,
    limits: &ChanceLimits<G::Move>,
    report: &mut dyn FnMut(usi::Info),
) -> ChanceResult<G::Move> {
    tt.new_search();
    let mut outcomes: Vec<(G::Chance, u32)> = G::chance_outcomes().to_vec();
    // Heavier rolls first: they move the average most, so Star1's windows
    // narrow soonest.
    outcomes.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
    let mut searcher = Searcher {
        tt,
        control,
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        nodes: 0,
        next_check: CHECK_INTERVAL,
        aborted: false,
        has_answer: false,
        killers: vec![Vec::new(); MAX_TURNS + 1],
        history: vec![0; G::CHANCE_HISTORY_SIZE],
        filter: false,
        outcomes,
    };
    searcher.iterate(pos, limits, report)
}

struct Searcher<'a, G: ChanceGame> {
    tt: &'a mut ChanceTable<G::Move>,
    control: &'a dyn Control,
    node_limit: u64,
    nodes: u64,
    next_check: u64,
    aborted: bool,
    /// An iteration has completed: past the planned time, the search may
    /// stop anywhere and answer with it.
    has_answer: bool,
    /// `killers[turns][i]`: the two best moves last found for roll `i` at
    /// that distance from the root, newest first. Replies to different
    /// moves of ours are often the same, so a sibling's best reply is the
    /// first one tried: Star2's probe then usually finds the refutation at
    /// once.
    killers: Vec<Vec<[Option<G::Move>; 2]>>,
    /// Credit of the parts of turns that were best or cut off
    /// ([`ChanceGame::history_slots`]), for ordering the rest.
    history: Vec<i32>,
    /// Whether the move filters apply (not with `full_width` or
    /// `searchmoves`).
    filter: bool,
    outcomes: Vec<(G::Chance, u32)>,
}

#[inline]
fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

#[inline]
fn ceil_div(a: i64, b: i64) -> i64 {
    -((-a).div_euclid(b))
}

/// The score of a table entry that settles the node without a search: deep
/// enough, and a bound on the side of the window that makes it final.
fn tt_cutoff<M>(e: &Entry<M>, depth: u32, alpha: i32, beta: i32, turns: usize) -> Option<i32> {
    if u32::from(e.depth) < depth {
        return None;
    }
    let s = from_tt(e.score, turns);
    e.bound.cuts(s, alpha, beta).then_some(s)
}

fn terminal(outcome: Outcome, turns: usize) -> i32 {
    match outcome {
        Outcome::Loss(_) => lost_in(turns),
        Outcome::Win(_) => won_in(turns),
        Outcome::Draw(_) => 0,
    }
}

impl<G: ChanceGame> Searcher<'_, G> {
    fn iterate(
        &mut self,
        pos: &mut G,
        limits: &ChanceLimits<G::Move>,
        report: &mut dyn FnMut(usi::Info),
    ) -> ChanceResult<G::Move> {
        let mut result = ChanceResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if pos.roll().is_none() || pos.outcome(&Rules::default()).is_some() {
            result.score = clamp_eval(pos.chance_evaluate());
            return result;
        }
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        // Root moves with the score of the last iteration that searched them
        // and their static value (the move filter's measure).
        let mut root: Vec<(G::Move, i32, i32)> = moves
            .iter()
            .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
            .map(|&m| (m, -WIN, -WIN))
            .collect();
        self.filter = !limits.full_width && limits.searchmoves.is_empty();
        if root.is_empty() {
            // No legal move, or none of the searchmoves is legal.
            result.score = clamp_eval(pos.chance_evaluate());
            return result;
        }
        self.order_root(pos, &mut root);
        result.best = root.first().map(|r| r.0);
        result.score = root.first().map_or(0, |r| r.1);
        if root.len() == 1 && limits.depth.is_none() {
            // One legal turn: nothing to think about (unless the GUI asked
            // for a depth, and so for that depth's score).
            result.depth = 1;
            report(self.info(pos, 1, root[0].0, root[0].1));
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_TURNS as u32)
            .clamp(1, MAX_TURNS as u32);
        let mut last_iteration = Duration::ZERO;
        for depth in 1..=max_depth {
            // Each ply multiplies the work by the rolls and the turns of a
            // roll: start one only when it can finish in the planned time.
            let started = self.control.elapsed();
            if depth > 1 && self.next_iteration_too_long(started, last_iteration) {
                break;
            }
            // The move filter: deeper iterations search the moves that
            // were best or close to it by their static value. The others
            // keep their place behind.
            let searched = if self.filter && depth >= ROOT_FILTER.from_depth {
                ROOT_FILTER.select(&mut root)
            } else {
                root.len()
            };
            let (completed, best, best_score) = self.search_root(pos, &mut root[..searched], depth);
            last_iteration = self.control.elapsed().saturating_sub(started);
            if completed == 0 {
                break;
            }
            self.has_answer = true;
            result.best = Some(best);
            result.score = best_score;
            result.depth = depth;
            result.nodes = self.nodes;
            report(self.info(pos, depth, best, best_score));
            // Scores of moves not reached keep their old order behind.
            root[..searched].sort_by_key(|&(_, s, _)| std::cmp::Reverse(s));
            if self.aborted || score::DECIDED <= best_score.abs() {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn next_iteration_too_long(&self, elapsed: Duration, last: Duration) -> bool {
        next_iteration_too_long(self.control, elapsed, last)
    }

    /// One iteration at the root: every move with a window raised by the
    /// best so far. Returns how many moves were completed and the best.
    fn search_root(
        &mut self,
        pos: &mut G,
        root: &mut [(G::Move, i32, i32)],
        depth: u32,
    ) -> (usize, G::Move, i32) {
        let mut alpha = -WIN;
        let mut best = (root[0].0, -WIN);
        let mut completed = 0;
        for entry in root.iter_mut() {
            let m = entry.0;
            pos.do_move(m);
            self.nodes += 1;
            let v = -self.chance(pos, depth - 1, -WIN, -alpha, 1);
            pos.undo_move();
            if self.aborted {
                break;
            }
            completed += 1;
            // A move that failed low keeps a score just below the best, so
            // that it stays behind it in the next iteration's order.
            entry.1 = if v > alpha { v } else { alpha - 1 };
            if v > alpha {
                alpha = v;
                best = (m, v);
            }
            // Past the soft limit, a completed first move is an answer.
            if self.control.soft_limit_reached() && depth > 1 {
                self.aborted = true;
                break;
            }
        }
        (completed, best.0, best.1)
    }

    fn info(&self, pos: &G, depth: u32, best: G::Move, best_score: i32) -> usi::Info {
        let elapsed = self.control.elapsed();
        let ms = elapsed.as_millis() as u64;
        usi::Info {
            depth: Some(depth),
            score: Some((score::to_usi(best_score), usi::Bound::Exact)),
            nodes: Some(self.nodes),
            nps: Some(self.nodes * 1000 / ms.max(1)),
            time: Some(ms),
            hashfull: Some(self.tt.hashfull()),
            pv: vec![pos.format_move(best).to_string()],
            ..usi::Info::default()
        }
    }

    /// Root order before the first iteration: by the static value after
    /// each move.
    fn order_root(&mut self, pos: &mut G, root: &mut [(G::Move, i32, i32)]) {
        for entry in root.iter_mut() {
            pos.do_move(entry.0);
            entry.1 = -self.static_value(pos, 1);
            entry.2 = entry.1;
            pos.undo_move();
        }
        root.sort_by_key(|&(_, s, _)| std::cmp::Reverse(s));
    }

    /// Decided games by their outcome, others by the evaluation.
    #[inline]
    fn static_value(&self, pos: &G, turns: usize) -> i32 {
        match pos.outcome(&Rules::default()) {
            Some(o) => terminal(o, turns),
            None => clamp_eval(pos.chance_evaluate()),
        }
    }

    #[inline]
    fn check_limits(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_INTERVAL;
            self.control.publish_nodes(self.nodes);
            // Past the planned time with an answer in hand, stop: the hard
            // limit (three times the plan) is for games that need it.
            if self.control.must_stop() || (self.has_answer && self.control.soft_limit_scaled(1.0))
            {
                self.aborted = true;
            }
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        self.aborted
    }

    /// The moves of the rolled position, best first: the table's move, then
    /// by the static value after the move (at depth 1 the children are
    /// leaves anyway, so captures first is enough).
    fn ordered_moves(
        &mut self,
        pos: &mut G,
        depth: u32,
        hint: Option<G::Move>,
        killers: [Option<G::Move>; 2],
        turns: usize,
    ) -> Vec<G::Move> {
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        // (move, rank, static value after it)
        let mut scored: Vec<(G::Move, i64, i32)> = if depth >= 2 {
            moves
                .iter()
                .map(|&m| {
                    pos.do_move(m);
                    self.nodes += 1;
                    let v = -self.static_value(pos, turns + 1);
                    pos.undo_move();
                    (m, i64::from(v), v)
                })
                .collect()
        } else {
            moves
                .iter()
                .map(|&m| (m, self.cheap_order(pos, m), 0))
                .collect()
        };
        let top = i64::MAX;
        for (m, rank) in [(killers[1], top - 2), (killers[0], top - 1), (hint, top)] {
            if let Some(e) = m.and_then(|m| scored.iter_mut().find(|e| e.0 == m)) {
                e.1 = rank;
            }
        }
        // Stable: equal scores keep the generator's (canonical) order.
        scored.sort_by_key(|&(_, s, _)| std::cmp::Reverse(s));
        if self.filter && depth >= INNER_FILTER.from_depth {
            let n = INNER_FILTER.select(&mut scored);
            scored.truncate(n);
        }
        scored.into_iter().map(|(m, _, _)| m).collect()
    }

    /// Order without playing the move: captures first, then history.
    #[inline]
    fn cheap_order(&self, pos: &G, m: G::Move) -> i64 {
        let history: i64 = pos
            .history_slots(m)
            .iter()
            .flatten()
            .map(|&i| i64::from(self.history[i]))
            .sum();
        (i64::from(pos.order_score(m)) << 32) + history
    }

    /// Credits the best move of a decision node: it becomes the roll's
    /// first killer at this distance, and its parts gain history.
    fn reward(&mut self, pos: &G, m: G::Move, depth: u32, turns: usize, slot: usize) {
        if let Some(row) = self.killers.get_mut(turns) {
            if row.len() <= slot {
                row.resize(slot + 1, [None; 2]);
            }
            let k = &mut row[slot];
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        let bonus = (depth * depth) as i32;
        for i in pos.history_slots(m).into_iter().flatten() {
            let h = &mut self.history[i];
            *h = h.saturating_add(bonus);
            if *h > HISTORY_MAX {
                self.history.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }

    /// A decision node: the position has its roll, outcome `slot` of the
    /// parent chance node (the killer table's index).
    fn decision(
        &mut self,
        pos: &mut G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        turns: usize,
        slot: usize,
    ) -> i32 {
        if self.check_limits() {
            return 0;
        }
        let key = pos.key();
        let mut hint = None;
        if let Some(e) = self.tt.probe(key) {
            hint = e.mv;
            if let Some(s) = tt_cutoff(&e, depth, alpha, beta, turns) {
                return s;
            }
        }
        let killers = self.killers(turns, slot);
        let moves = self.ordered_moves(pos, depth, hint, killers, turns);
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_move = None;
        for m in moves {
            pos.do_move(m);
            self.nodes += 1;
            let v = -self.chance(pos, depth - 1, -beta, -alpha, turns + 1);
            pos.undo_move();
            if self.aborted {
                return 0;
            }
            if v > best || best_move.is_none() {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt
            .store(key, best_move, to_tt(best, turns), depth, bound);
        if let (Some(m), false) = (best_move, bound == Bound::Upper) {
            self.reward(pos, m, depth, turns, slot);
        }
        best
    }

    fn killers(&self, turns: usize, slot: usize) -> [Option<G::Move>; 2] {
        self.killers
            .get(turns)
            .and_then(|row| row.get(slot).copied())
            .unwrap_or([None; 2])
    }

    /// The first move by [`Self::cheap_order`]: a probe for a roll with no
    /// hint, where the reply is a leaf and a probe costs one evaluation.
    fn best_cheap(&self, pos: &G) -> Option<G::Move> {
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        let mut best: Option<(i64, G::Move)> = None;
        for &m in moves.iter() {
            let s = self.cheap_order(pos, m);
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// A chance node: the side to move has not rolled. Star2 probing, then
    /// Star1 search over the rolls.
    fn chance(&mut self, pos: &mut G, depth: u32, alpha: i32, beta: i32, turns: usize) -> i32 {
        if let Some(o) = pos.outcome(&Rules::default()) {
            return terminal(o, turns);
        }
        if depth == 0 || turns >= MAX_TURNS {
            return clamp_eval(pos.chance_evaluate());
        }
        if self.check_limits() {
            return 0;
        }
        let key = pos.key();
        if let Some(s) = self
            .tt
            .probe(key)
            .and_then(|e| tt_cutoff(&e, depth, alpha, beta, turns))
        {
            return s;
        }
        let value = self.chance_search(pos, depth, alpha, beta, turns);
        pos.set_roll(None);
        if self.aborted {
            return 0;
        }
        let bound = Bound::of(value, alpha, beta);
        self.tt.store(key, None, to_tt(value, turns), depth, bound);
        value
    }

    fn chance_search(
        &mut self,
        pos: &mut G,
        depth: u32,
        alpha: i32,
        beta: i32,
        turns: usize,
    ) -> i32 {
        let total = i64::from(G::CHANCE_TOTAL);
        let (lo, hi) = (-i64::from(WIN), i64::from(WIN));
        let (a_t, b_t) = (i64::from(alpha) * total, i64::from(beta) * total);
        let n = self.outcomes.len();

        // Star2 probing: one move per roll gives a lower bound per roll.
        // The move probed is the table's or the killer, when it is legal
        // for this roll: checking one move is far cheaper than listing all
        // of them, and often the probes alone refute the node.
        let mut lower: Vec<i64> = vec![lo; n];
        let mut sum_lower = lo * total; // Σ w·lower over all rolls
        for (i, low) in lower.iter_mut().enumerate() {
            let (roll, w) = self.outcomes[i];
            let w = i64::from(w);
            pos.set_roll(Some(roll));
            let entry = self.tt.probe(pos.key());
            let rest = sum_lower - w * *low;
            let beta_i = ceil_div(b_t - rest, w).min(hi);
            let stored_lower = entry.filter(|e| {
                u32::from(e.depth) >= depth && matches!(e.bound, Bound::Exact | Bound::Lower)
            });
            if let Some(e) = stored_lower {
                *low = i64::from(from_tt(e.score, turns));
            } else {
                let candidate = entry
                    .and_then(|e| e.mv)
                    .into_iter()
                    .chain(self.killers(turns, i).into_iter().flatten())
                    .find(|&m| pos.is_legal_move(m))
                    .or_else(|| (depth == 1).then(|| self.best_cheap(pos)).flatten());
                let Some(first) = candidate else {
                    continue;
                };
                pos.do_move(first);
                self.nodes += 1;
                let v = -self.chance(pos, depth - 1, -beta_i as i32, WIN, turns + 1);
                pos.undo_move();
                if self.aborted {
                    return 0;
                }
                *low = i64::from(v);
            }
            sum_lower = rest + w * *low;
            if *low >= beta_i {
                // The lower bounds alone reach beta.
                return floor_div(sum_lower, total) as i32;
            }
        }

        // Star1 over the rolls, the probes' bounds standing in for the
        // rolls not searched yet.
        let mut sum = 0i64; // Σ w·value over rolls searched
        let mut left_w = total; // weight of rolls not searched
        let mut left_lower = sum_lower; // Σ w·lower over rolls not searched
        for (i, &low) in lower.iter().enumerate() {
            let (roll, w) = self.outcomes[i];
            let w = i64::from(w);
            left_w -= w;
            left_lower -= w * low;
            let alpha_i = floor_div(a_t - sum - left_w * hi, w).max(lo);
            let beta_i = ceil_div(b_t - sum - left_lower, w).min(hi);
            let alpha_i = alpha_i.max(low - 1).min(beta_i - 1);
            pos.set_roll(Some(roll));
            let v = self.decision(pos, depth, alpha_i as i32, beta_i as i32, turns, i);
            if self.aborted {
                return 0;
            }
            // A decision node is worth at least its probe.
            let v = i64::from(v).max(low);
            sum += w * v;
            if v >= beta_i && sum + left_lower >= b_t {
                return floor_div(sum + left_lower, total) as i32;
            }
            if v <= alpha_i && sum + left_w * hi <= a_t {
                return ceil_div(sum + left_w * hi, total) as i32;
            }
        }
        (sum as f64 / total as f64).round() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clock stopped at `elapsed` with a soft limit and no floor.
    struct Frozen {
        elapsed: Duration,
        soft: Duration,
    }

    impl Control for Frozen {
        fn must_stop(&self) -> bool {
            false
        }
        fn soft_limit_reached(&self) -> bool {
            self.elapsed >= self.soft
        }
        fn soft_limit_scaled(&self, factor: f64) -> bool {
            self.elapsed >= self.soft.mul_f64(factor)
        }
        fn elapsed(&self) -> Duration {
            self.elapsed
        }
    }

    #[test]
    fn an_iteration_expected_to_end_past_twice_the_planned_time_is_not_started() {
        let ms = Duration::from_millis;
        let control = |elapsed| Frozen {
            elapsed: ms(elapsed),
            soft: ms(2500),
        };
        // Two turns took 15 ms of 20: three turns (about 0.5 s) fit.
        assert!(!next_iteration_too_long(&control(20), ms(20), ms(15)));
        // Three turns took 170 ms of 190: four (several seconds, past
        // twice the planned 2.5 s) do not.
        assert!(next_iteration_too_long(&control(190), ms(190), ms(170)));
        // Expected to end at 1.8 times the planned time: started (its
        // first moves finish in time); at 2.1 times: not.
        let planned_350 = |elapsed| Frozen {
            elapsed: ms(elapsed),
            soft: ms(350),
        };
        assert!(!next_iteration_too_long(&planned_350(20), ms(20), ms(19)));
        assert!(next_iteration_too_long(&planned_350(23), ms(23), ms(22)));
        // Two turns in 9 ms after one in 1: the ratio of 9 is not taken
        // for the growth (both are too short to time).
        assert!(!next_iteration_too_long(&planned_350(10), ms(10), ms(9)));
        // Three turns in 60 ms after 20 for the rest: growth 32 expected.
        assert!(next_iteration_too_long(&planned_350(80), ms(80), ms(60)));
        // Past the soft limit nothing starts.
        assert!(next_iteration_too_long(&control(2600), ms(2600), ms(1)));
    }

    #[test]
    fn the_filter_keeps_the_first_and_the_close_within_the_cap() {
        let f = MoveFilter {
            from_depth: 2,
            keep: 3,
            always: 1,
            margin: 100,
        };
        // (move, rank, static value) in search order.
        let mut list = vec![
            (0, 0, -500),
            (1, 0, 0),
            (2, 0, -150),
            (3, 0, -50),
            (4, 0, -90),
        ];
        let n = f.select(&mut list);
        assert_eq!(n, 3);
        let order: Vec<i32> = list.iter().map(|e| e.0).collect();
        assert_eq!(order, [0, 1, 3, 2, 4]);
    }
}
