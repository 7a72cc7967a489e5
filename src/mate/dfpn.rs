//! Depth-first proof-number search (Nagai 2002) over the AND/OR tree of
//! checks (attacker, OR nodes) and evasions (defender, AND nodes).
//!
//! Numbers are kept from the attacker's side: `pn` is the proof number (how
//! hard the mate still looks), `dn` the disproof number. An OR node takes the
//! minimum `pn` and the sum of `dn` over its children, an AND node the sum of
//! `pn` and the minimum `dn`. `mid` expands the most-proving child with
//! thresholds derived from the second-best sibling (widened by the 1+ε
//! trick) and returns once the node's numbers reach its thresholds. A new
//! defender node starts with its number of replies as proof number.
//!
//! Sums over a wide DAG can saturate (`INF - 1`), which would stall the
//! root. Budgeted searches therefore use weak proof numbers (Ueda et al.
//! 2008: the largest child value plus the number of other open children),
//! and so does the unlimited search if its summed numbers ever saturate;
//! a table "epoch" then retires the summed numbers it stored.
//!
//! Every search runs under a budget `rem` of plies: the attacker must mate
//! within `rem` plies (`NO_LIMIT`: any length). The unlimited search finds a
//! mate; budgeted re-searches then shorten it until a shorter one is
//! disproved, which makes the length exact (see [`Solver::run`]).
//!
//! Repetitions: a child that repeats a position of the current path is a
//! disproof *for this path*, tagged with that ancestor ([`dep_tag`]). A
//! disproof depending on ancestors above the node is stored as such and
//! reused only while the tagged ancestor is on the path; one whose cycle
//! returns to the node itself holds on every path and becomes a fact. (One
//! tag is kept where several ancestors are involved: an approximation that
//! can, rarely, lose a mate, never invent one.) Proofs never rest on a
//! repetition, so they hold on every path.

use super::checks::generate_checks;
use super::tt::{Table, NO_LIMIT, NO_PROOF};
use super::{MateLimits, MateResult};
use crate::game::{MoveList, SearchHooks};
use std::time::Instant;

/// Infinite proof or disproof number. Sums stop at `INF - 1`.
pub const INF: u32 = u32::MAX / 4;
/// Deepest path the solver follows; an attacker node deeper than this counts
/// as disproved (path-dependently: see [`DEPTH_DEP`]).
const MAX_PLY: usize = 1000;
/// A `dep` marking a disproof caused by `MAX_PLY` rather than a repetition:
/// it is taken to be on every path, so it never becomes a clean fact.
const DEPTH_DEP: u32 = 1;
/// How many nodes pass between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 16;
const FILTER_BITS: usize = 12;
/// Once a mate is found, shortening it and reading the line may each spend
/// this many times the nodes the finding took (at least `PHASE_MIN`);
/// past that the solver answers with the mate it has (`go mate infinite`
/// must end).
const PHASE_FACTOR: u64 = 16;
const PHASE_MIN: u64 = 1_000_000;

/// A node's value as its parent sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Val {
    pub pn: u32,
    pub dn: u32,
    /// Proved mate length in plies (when `pn == 0`).
    pub len: u16,
    /// When `dn == 0`: no mate within this many plies.
    pub drem: u16,
    /// When `dn == 0`: 0 for a disproof that holds on any path, otherwise
    /// the [`dep_tag`] of the ancestor whose repetition caused it.
    pub dep: u32,
}

impl Val {
    #[inline]
    pub fn proven(len: u16) -> Val {
        Val {
            pn: 0,
            dn: INF,
            len,
            drem: 0,
            dep: 0,
        }
    }

    #[inline]
    pub fn disproven(drem: u16, dep: u32) -> Val {
        Val {
            pn: INF,
            dn: 0,
            len: NO_PROOF,
            drem,
            dep,
        }
    }

    #[inline]
    pub fn unknown(pn: u32, dn: u32) -> Val {
        Val {
            pn,
            dn,
            len: NO_PROOF,
            drem: 0,
            dep: 0,
        }
    }

    #[inline]
    fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// The 32-bit tag a path dependency names a position by (the key's high
/// half; never 0, which means "none", nor `DEPTH_DEP`).
#[inline]
pub fn dep_tag(key: u64) -> u32 {
    let t = (key >> 32) as u32;
    if t < 2 {
        t + 2
    } else {
        t
    }
}

/// One more ply spent from a budget.
#[inline]
fn dec(rem: u16) -> u16 {
    if rem == NO_LIMIT {
        NO_LIMIT
    } else {
        rem.saturating_sub(1)
    }
}

/// One more ply added to a length or horizon.
#[inline]
fn inc(n: u16) -> u16 {
    if n >= NO_LIMIT - 1 {
        n
    } else {
        n + 1
    }
}

/// The 1+ε trick (Pawlewicz & Lew): a child may run until it is a quarter
/// worse than its best sibling, which saves many re-expansions.
#[inline]
fn widen(second: u32) -> u32 {
    second
        .saturating_add(1)
        .saturating_add(second / 4)
        .min(INF - 1)
}

#[derive(Clone, Copy, Debug)]
struct Child<M> {
    mv: M,
    key: u64,
    val: Val,
    /// The move repeats a position of the current path.
    rep: bool,
}

/// Nodes searched and the like, for `info` output and benchmarks.
#[derive(Clone, Copy, Debug, Default)]
pub struct MateStats {
    /// Interior nodes expanded.
    pub nodes: u64,
    pub elapsed: std::time::Duration,
    /// True when the mate length was shown to be the shortest possible.
    pub exact: bool,
}

pub struct Solver<'a, G: SearchHooks> {
    tt: Table,
    path: Vec<u64>,
    filter: Vec<u16>,
    stack: Vec<Vec<Child<G::Move>>>,
    buf: G::Moves,
    moves: Vec<G::Move>,
    nodes: u64,
    node_limit: u64,
    start: Instant,
    deadline: Option<Instant>,
    stop: &'a dyn Fn() -> bool,
    /// The search must unwind: a hard stop or the end of a phase budget.
    aborted: bool,
    /// Stop flag, clock or node limit: nothing more may be searched.
    hard_stop: bool,
    /// Node count at which the current phase (shortening, line reading)
    /// gives up.
    phase_end: u64,
    /// Nodes the unlimited search took (phase budgets scale with it).
    main_nodes: u64,
    /// Use weak proof numbers in the unlimited search too (see `combine`).
    weak: bool,
}

impl<'a, G: SearchHooks> Solver<'a, G> {
    pub fn new(limits: &MateLimits, stop: &'a dyn Fn() -> bool) -> Self {
        let start = Instant::now();
        Solver {
            tt: Table::new(limits.hash_mb),
            path: Vec::with_capacity(MAX_PLY + 2),
            filter: vec![0; 1 << FILTER_BITS],
            stack: Vec::new(),
            buf: G::Moves::default(),
            moves: Vec::new(),
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            start,
            deadline: limits.time.map(|t| start + t),
            stop,
            aborted: false,
            hard_stop: false,
            phase_end: u64::MAX,
            main_nodes: 0,
            weak: false,
        }
    }

    pub fn stats(&self, exact: bool) -> MateStats {
        MateStats {
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            exact,
        }
    }

    /// Bytes the table takes, and its number of entries.
    pub fn table_size(&self) -> (usize, usize) {
        (self.tt.bytes(), self.tt.capacity())
    }

    // ---- limits ----------------------------------------------------------

    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.hard_stop = true;
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        if self.hard_stop || self.nodes >= self.phase_end {
            self.aborted = true;
        }
    }

    fn poll(&mut self) {
        if (self.stop)() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.hard_stop = true;
        }
    }

    /// Starts a phase that may spend at most `PHASE_FACTOR` times the
    /// unlimited search's nodes (at least `PHASE_MIN`), unless stopped.
    fn new_phase(&mut self) {
        let budget = self.main_nodes.saturating_mul(PHASE_FACTOR).max(PHASE_MIN);
        self.phase_end = self.nodes.saturating_add(budget);
        self.aborted = self.hard_stop;
    }

    // ---- the path (repetitions) -------------------------------------------

    #[inline]
    fn slot(key: u64) -> usize {
        (key as usize) & ((1 << FILTER_BITS) - 1)
    }

    #[inline]
    fn push_path(&mut self, key: u64) {
        self.path.push(key);
        self.filter[Self::slot(key)] += 1;
    }

    #[inline]
    fn pop_path(&mut self) {
        if let Some(key) = self.path.pop() {
            self.filter[Self::slot(key)] -= 1;
        }
    }

    /// Whether `key` is on the current path (a repetition).
    #[inline]
    fn on_path(&self, key: u64) -> bool {
        self.filter[Self::slot(key)] > 0 && self.path.contains(&key)
    }

    /// Whether the cause of a path-dependent disproof is on the path.
    fn dep_on_path(&self, dep: u32) -> bool {
        dep == DEPTH_DEP || self.path.iter().any(|&k| dep_tag(k) == dep)
    }

    // ---- df-pn -----------------------------------------------------------

    /// Searches `pos` (attacker to move when `or`) until it is proved or
    /// disproved within budget `rem`, or the search is stopped.
    pub fn search(&mut self, pos: &mut G, rem: u16, or: bool) -> Val {
        self.path.clear();
        self.filter.iter_mut().for_each(|c| *c = 0);
        self.push_path(pos.key());
        let v = self.mid(pos, 0, rem, or, INF - 1, INF - 1);
        self.pop_path();
        v
    }

    /// Generates the children of the node and their first values.
    fn expand(&mut self, pos: &mut G, or: bool, child_rem: u16, kids: &mut Vec<Child<G::Move>>) {
        kids.clear();
        let mut moves = std::mem::take(&mut self.moves);
        if or {
            generate_checks(pos, &mut self.buf, &mut moves);
        } else {
            moves.clear();
            self.buf.clear();
            pos.generate_legal(&mut self.buf);
            moves.extend(self.buf.iter().copied());
        }
        for &mv in &moves {
            pos.do_move(mv);
            let key = pos.key();
            let rep = self.on_path(key);
            let val = if rep {
                // Returning to a position of the path never mates.
                Val::disproven(NO_LIMIT, dep_tag(key))
            } else if let Some(v) = self.tt.probe(key, child_rem, |d| self.dep_on_path(d)) {
                v
            } else if or {
                // The defender's reply count is a good first proof number,
                // and none at all is mate.
                self.buf.clear();
                pos.generate_legal(&mut self.buf);
                if self.buf.is_empty() {
                    let v = Val::proven(0);
                    self.tt.store(key, child_rem, &v, 1);
                    v
                } else if child_rem < 2 {
                    // Not mated, and no budget for more.
                    Val::disproven(1, 0)
                } else {
                    Val::unknown(self.buf.len() as u32, 1)
                }
            } else {
                Val::unknown(1, 1)
            };
            pos.undo_move();
            kids.push(Child { mv, key, val, rep });
        }
        self.moves = moves;
    }

    /// The node's value from its children's.
    fn combine(or: bool, weak: bool, key: u64, kids: &[Child<G::Move>]) -> Val {
        let own = dep_tag(key);
        let clean = |dep: u32| if dep == own { 0 } else { dep };
        if or {
            let mut pn = INF;
            let mut dn = 0u32;
            let (mut dn_max, mut open) = (0u32, 0u32);
            let mut len = NO_PROOF;
            let mut drem = NO_LIMIT;
            let mut dep = 0;
            for c in kids {
                let v = &c.val;
                pn = pn.min(v.pn);
                dn = dn.saturating_add(v.dn);
                if v.dn > 0 {
                    dn_max = dn_max.max(v.dn);
                    open += 1;
                }
                if v.pn == 0 {
                    len = len.min(v.len);
                }
                if v.dn == 0 {
                    drem = drem.min(v.drem);
                    if dep == 0 {
                        dep = clean(v.dep);
                    }
                }
            }
            if pn == 0 {
                Val::proven(inc(len))
            } else if dn == 0 {
                Val::disproven(inc(drem), dep)
            } else if weak {
                Val::unknown(pn, dn_max.saturating_add(open - 1).min(INF - 1))
            } else {
                Val::unknown(pn, dn.min(INF - 1))
            }
        } else {
            let mut pn = 0u32;
            let mut dn = INF;
            let (mut pn_max, mut open) = (0u32, 0u32);
            let mut len = 0u16;
            // The best disproved child: a clean one with the widest horizon.
            let mut refute: Option<(u16, u32)> = None;
            for c in kids {
                let v = &c.val;
                pn = pn.saturating_add(v.pn);
                dn = dn.min(v.dn);
                if v.pn > 0 {
                    pn_max = pn_max.max(v.pn);
                    open += 1;
                }
                if v.pn == 0 {
                    len = len.max(v.len);
                }
                if v.dn == 0 {
                    let cand = (v.drem, clean(v.dep));
                    refute = Some(match refute {
                        None => cand,
                        Some(old) => {
                            let better = (cand.1 == 0, cand.0) > (old.1 == 0, old.0);
                            if better {
                                cand
                            } else {
                                old
                            }
                        }
                    });
                }
            }
            if let Some((drem, dep)) = refute {
                Val::disproven(inc(drem), dep)
            } else if pn == 0 {
                Val::proven(inc(len))
            } else if weak {
                Val::unknown(pn_max.saturating_add(open - 1).min(INF - 1), dn)
            } else {
                Val::unknown(pn.min(INF - 1), dn)
            }
        }
    }

    /// The child to search next and the best value among the others.
    fn select(or: bool, kids: &[Child<G::Move>]) -> (usize, u32) {
        let mut best = 0;
        let mut best_v = INF + 1;
        let mut second = INF;
        for (i, c) in kids.iter().enumerate() {
            let v = if or { c.val.pn } else { c.val.dn };
            if v < best_v {
                second = best_v.min(INF);
                best_v = v;
                best = i;
            } else if v < second {
                second = v;
            }
        }
        (best, second.min(INF))
    }

    fn mid(&mut self, pos: &mut G, ply: usize, rem: u16, or: bool, th_pn: u32, th_dn: u32) -> Val {
        self.tick();
        if self.aborted {
            return Val::unknown(1, 1);
        }
        if or && rem == 0 {
            return Val::disproven(0, 0);
        }
        if ply >= MAX_PLY {
            return Val::disproven(NO_LIMIT, DEPTH_DEP);
        }
        let key = pos.key();
        if !or && rem < 2 {
            // Mated now, or not within the budget: no need to look further.
            self.buf.clear();
            pos.generate_legal(&mut self.buf);
            let v = if self.buf.is_empty() {
                Val::proven(0)
            } else {
                Val::disproven(1, 0)
            };
            self.tt.store(key, rem, &v, 1);
            return v;
        }
        let nodes_before = self.nodes;
        if self.stack.len() <= ply {
            self.stack.resize_with(ply + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.stack[ply]);
        let child_rem = dec(rem);
        self.expand(pos, or, child_rem, &mut kids);
        let result = if kids.is_empty() {
            if or {
                Val::disproven(NO_LIMIT, 0)
            } else {
                Val::proven(0)
            }
        } else {
            let mut fresh = true;
            loop {
                // Siblings may have changed through transpositions while
                // another child was searched (not so right after expanding).
                for c in kids.iter_mut().filter(|_| !fresh) {
                    if !c.rep && !c.val.solved() {
                        if let Some(v) = self.tt.probe(c.key, child_rem, |d| self.dep_on_path(d)) {
                            c.val = v;
                        }
                    }
                }
                fresh = false;
                let v = Self::combine(or, self.weak || rem != NO_LIMIT, key, &kids);
                if v.solved() || v.pn >= th_pn || v.dn >= th_dn || self.aborted {
                    break v;
                }
                let (i, second) = Self::select(or, &kids);
                let c = kids[i].val;
                let (cth_pn, cth_dn) = if or {
                    (
                        th_pn.min(widen(second)),
                        (th_dn - v.dn).saturating_add(c.dn).min(INF - 1),
                    )
                } else {
                    (
                        (th_pn - v.pn).saturating_add(c.pn).min(INF - 1),
                        th_dn.min(widen(second)),
                    )
                };
                pos.do_move(kids[i].mv);
                self.push_path(kids[i].key);
                let cv = self.mid(pos, ply + 1, child_rem, !or, cth_pn, cth_dn);
                self.pop_path();
                pos.undo_move();
                kids[i].val = cv;
            }
        };
        self.tt
            .store(key, rem, &result, self.nodes - nodes_before + 1);
        self.stack[ply] = kids;
        result
    }

    // ---- driving the search -------------------------------------------------

    /// Solves the root (attacker to move). Returns the result and whether
    /// the mate length was shown to be the shortest.
    pub fn run(&mut self, pos: &mut G) -> (MateResult<G::Move>, bool) {
        let mut v = self.search(pos, NO_LIMIT, true);
        if !v.solved() && !self.aborted {
            // Summed numbers saturated (a wide tree, many transpositions):
            // go on with weak proof numbers, which grow far slower.
            self.weak = true;
            self.tt.new_epoch();
            v = self.search(pos, NO_LIMIT, true);
        }
        if v.dn == 0 {
            return (MateResult::NoMate, false);
        }
        if v.pn != 0 {
            return (MateResult::Timeout, false);
        }
        self.main_nodes = self.nodes;
        // Shorten: look for a mate at least two plies shorter until none is.
        // (Budgeted searches count with weak numbers: a fresh epoch.)
        self.new_phase();
        if !self.weak {
            self.tt.new_epoch();
        }
        let mut len = v.len;
        let mut exact = len <= 1;
        while !exact && !self.aborted {
            let w = self.search(pos, len - 2, true);
            if w.pn == 0 {
                len = w.len;
                exact = len <= 1;
            } else if w.dn == 0 {
                exact = true;
            } else {
                break;
            }
        }
        self.new_phase();
        let (line, exact) = self.extract_pv(pos, len, exact);
        let Some(pv) = line else {
            return (MateResult::Timeout, false);
        };
        if super::is_mate_line(pos, &pv) {
            (MateResult::Mate(pv), exact)
        } else {
            log::warn!("mate solver: extracted line failed verification");
            (MateResult::Timeout, false)
        }
    }

    /// Looks for a mate within `nodes` expanded nodes, without shortening
    /// it: the first mate proved, its line read from the table (with as
    /// many nodes again at most) and verified. `None` when there is none or
    /// the budget ran out first.
    pub fn find(&mut self, pos: &mut G, nodes: u64) -> Option<Vec<G::Move>> {
        self.node_limit = self.node_limit.min(nodes.saturating_mul(2));
        self.phase_end = nodes;
        let v = self.search(pos, NO_LIMIT, true);
        if v.pn != 0 {
            return None;
        }
        self.phase_end = self.node_limit;
        self.aborted = self.hard_stop;
        let (line, _) = self.extract_pv(pos, v.len, false);
        line.filter(|pv| super::is_mate_line(pos, pv))
    }

    /// Reads a mate line of `len` plies (or at most `len` when not `exact`)
    /// from the table, re-searching where it has lost an entry.
    fn extract_pv(
        &mut self,
        pos: &mut G,
        len: u16,
        mut exact: bool,
    ) -> (Option<Vec<G::Move>>, bool) {
        let mut pv = Vec::new();
        let ok = self.pv_walk(pos, len, &mut exact, &mut pv);
        for _ in 0..pv.len() {
            pos.undo_move();
        }
        (ok.then_some(pv), exact)
    }

    fn legal_moves(&mut self, pos: &G) -> Vec<G::Move> {
        self.buf.clear();
        pos.generate_legal(&mut self.buf);
        self.buf.iter().copied().collect()
    }

    /// The table's proof length of the position after `m`.
    fn child_proof(&mut self, pos: &mut G, m: G::Move) -> (u64, Option<u16>) {
        pos.do_move(m);
        let key = pos.key();
        let len = self.tt.proof_len(key);
        pos.undo_move();
        (key, len)
    }

    fn pv_walk(
        &mut self,
        pos: &mut G,
        mut k: u16,
        exact: &mut bool,
        pv: &mut Vec<G::Move>,
    ) -> bool {
        loop {
            // Attacker to move, with a mate within `k` plies.
            if k == 0 {
                return false;
            }
            let mut checks = Vec::new();
            generate_checks(pos, &mut self.buf, &mut checks);
            let mut pick: Option<(G::Move, u16)> = None;
            for &m in &checks {
                if let (_, Some(l)) = self.child_proof(pos, m) {
                    if l < k && pick.is_none_or(|(_, best)| l < best) {
                        pick = Some((m, l));
                    }
                }
            }
            if pick.is_none() {
                for &m in &checks {
                    if self.aborted {
                        break;
                    }
                    pos.do_move(m);
                    let v = self.search(pos, k - 1, false);
                    pos.undo_move();
                    if v.pn == 0 {
                        pick = Some((m, v.len));
                        break;
                    }
                }
            }
            let Some((m, l)) = pick else {
                return false;
            };
            pos.do_move(m);
            pv.push(m);
            let j = if *exact { k - 1 } else { l };

            // Defender to move, mated within `j` plies.
            let evasions = self.legal_moves(pos);
            if evasions.is_empty() {
                return true;
            }
            if j < 2 {
                return false;
            }
            let mut choice: Option<(G::Move, u16)> = None;
            if *exact {
                choice = self.longest_exact(pos, &evasions, j);
                if choice.is_none() {
                    // Out of budget, or the table disagrees: settle for the
                    // longest defence the table knows.
                    *exact = false;
                    self.new_phase();
                }
            }
            if choice.is_none() {
                choice = self.longest_known(pos, &evasions, j);
            }
            let Some((m, l)) = choice else {
                return false;
            };
            pos.do_move(m);
            pv.push(m);
            k = l;
        }
    }

    /// At a defender node mated in exactly `j` plies: a reply after which the
    /// mate takes exactly `j - 1` plies (no mate within `j - 3`).
    fn longest_exact(
        &mut self,
        pos: &mut G,
        evasions: &[G::Move],
        j: u16,
    ) -> Option<(G::Move, u16)> {
        if j < 4 {
            // Every reply leaves a mate of exactly one ply.
            return evasions.first().map(|&m| (m, j - 1));
        }
        let horizon = j - 3;
        let mut order: Vec<(u16, u64, G::Move)> = evasions
            .iter()
            .map(|&m| {
                let (key, l) = self.child_proof(pos, m);
                (l.unwrap_or(j - 1), key, m)
            })
            .collect();
        order.sort_by_key(|e| std::cmp::Reverse(e.0));
        for &(_, key, m) in &order {
            if self.tt.disproof_rem(key) >= horizon {
                return Some((m, j - 1));
            }
        }
        for &(_, _, m) in &order {
            if self.aborted {
                return None;
            }
            pos.do_move(m);
            let v = self.search(pos, horizon, true);
            pos.undo_move();
            if v.dn == 0 && !self.aborted {
                return Some((m, j - 1));
            }
        }
        None
    }

    /// At a defender node mated within `j` plies: the reply with the longest
    /// mate the table knows (searching replies it has lost).
    fn longest_known(
        &mut self,
        pos: &mut G,
        evasions: &[G::Move],
        j: u16,
    ) -> Option<(G::Move, u16)> {
        let mut choice: Option<(G::Move, u16)> = None;
        let mut missing = Vec::new();
        for &m in evasions {
            match self.child_proof(pos, m) {
                (_, Some(l)) if l < j => {
                    if choice.is_none_or(|(_, best)| l > best) {
                        choice = Some((m, l));
                    }
                }
                _ => missing.push(m),
            }
        }
        if choice.is_some() {
            return choice;
        }
        for m in missing {
            if self.aborted {
                break;
            }
            pos.do_move(m);
            let v = self.search(pos, j - 1, true);
            pos.undo_move();
            if v.pn == 0 {
                return Some((m, v.len));
            }
        }
        None
    }
}
