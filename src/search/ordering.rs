//! Move ordering: the transposition-table move first, then captures and
//! promotions that do not lose material (by static exchange), by the game's
//! `order_score`; then the killer moves of this ply and the counter-move to
//! the opponent's last move; then the quiet moves by history; losing
//! captures last. Good ordering is what makes alpha-beta cut.

use crate::game::{Color, SearchHooks};

/// Ordering classes, highest first; within a class the low bits decide.
const TT_MOVE: i64 = 6 << 40;
const GOOD_TACTICAL: i64 = 5 << 40;
const KILLER: i64 = 4 << 40;
const COUNTER: i64 = 3 << 40;
const QUIET: i64 = 2 << 40;
const BAD_TACTICAL: i64 = 1 << 40;

/// History scores stay within this magnitude (the update saturates).
pub const HISTORY_MAX: i32 = 1 << 14;

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

/// How often quiet moves caused cutoffs, per side and
/// [`SearchHooks::history_index`], and the counter-move that refuted each of the
/// opponent's moves.
///
/// Continuation history: how often a quiet move (by
/// [`SearchHooks::piece_to_index`]) caused a cutoff after a given move one,
/// two or four plies before it ([`EARLIER_PLIES`]), in one table indexed by
/// the earlier move and the reply.
pub struct History<G: SearchHooks> {
    scores: Vec<i32>,
    counters: Vec<Option<G::Move>>,
    continuation: Vec<i16>,
}

impl<G: SearchHooks> Default for History<G> {
    fn default() -> Self {
        let continuation = if G::PIECE_TO_SIZE > 1 {
            G::PIECE_TO_SIZE * G::PIECE_TO_SIZE
        } else {
            0
        };
        History {
            scores: vec![0; 2 * G::HISTORY_SIZE],
            counters: vec![None; 2 * G::HISTORY_SIZE],
            continuation: vec![0; continuation],
        }
    }
}

/// The saturating history update: `bonus` (negative: a malus) pulls the
/// entry towards [`HISTORY_MAX`] or its negative.
#[inline]
fn saturate(entry: i32, bonus: i32) -> i32 {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    entry + bonus - entry * bonus.abs() / HISTORY_MAX
}

impl<G: SearchHooks> History<G> {
    #[inline]
    fn slot(side: Color, index: usize) -> usize {
        side.index() * G::HISTORY_SIZE + index.min(G::HISTORY_SIZE - 1)
    }

    #[inline]
    pub fn score(&self, side: Color, index: usize) -> i32 {
        self.scores[Self::slot(side, index)]
    }

    /// Adds `bonus` (negative: a malus), pulling scores towards zero as
    /// they near [`HISTORY_MAX`] so recent results keep counting.
    pub fn update(&mut self, side: Color, index: usize, bonus: i32) {
        let entry = &mut self.scores[Self::slot(side, index)];
        *entry = saturate(*entry, bonus);
    }

    /// The continuation score of the reply `piece_to` after each earlier
    /// move of `earlier` (their piece-to indices; `None`: no such move).
    #[inline]
    pub fn continuation(&self, earlier: &Earlier, piece_to: usize) -> i32 {
        if self.continuation.is_empty() {
            return 0;
        }
        earlier
            .iter()
            .flatten()
            .map(|&e| i32::from(self.continuation[e * G::PIECE_TO_SIZE + piece_to]))
            .sum()
    }

    pub fn update_continuation(&mut self, earlier: &Earlier, piece_to: usize, bonus: i32) {
        if self.continuation.is_empty() {
            return;
        }
        for &e in earlier.iter().flatten() {
            let entry = &mut self.continuation[e * G::PIECE_TO_SIZE + piece_to];
            *entry = saturate(i32::from(*entry), bonus) as i16;
        }
    }

    /// The reply that last refuted the move at `index` by `side`.
    #[inline]
    pub fn counter(&self, side: Color, index: usize) -> Option<G::Move> {
        self.counters[Self::slot(side, index)]
    }

    pub fn set_counter(&mut self, side: Color, index: usize, reply: G::Move) {
        self.counters[Self::slot(side, index)] = Some(reply);
    }
}

/// How many plies back each move that continuation history pairs with a
/// reply was played: the opponent's last move, the mover's own last move,
/// and the mover's move before that.
pub const EARLIER_PLIES: [usize; 3] = [1, 2, 4];

/// Piece-to indices of the moves [`EARLIER_PLIES`] back (`None`: a null
/// move, or before the root).
pub type Earlier = [Option<usize>; EARLIER_PLIES.len()];

/// What ordering knows at a node besides the moves.
pub struct Hints<'a, G: SearchHooks> {
    pub tt_move: Option<G::Move>,
    pub killers: Killers<G::Move>,
    pub counter: Option<G::Move>,
    pub history: &'a History<G>,
    /// Piece-to indices of the moves [`EARLIER_PLIES`] back.
    pub earlier: Earlier,
}

/// How many moves [`pick_next`] selects one by one before it sorts the
/// rest: most cutoffs come from the first few moves, so most nodes never
/// pay for a full sort.
const SELECT_FIRST: usize = 6;

/// Bits of a key below the ordering score: the move's place in the
/// generator's list, earlier higher. Every key of a list is then distinct
/// and ties between scores go to the earlier move, as in a stable sort,
/// while the sort itself need not be stable (the unstable one is faster).
const INDEX_BITS: u32 = 16;

/// The key of the `index`-th generated move with ordering score `score`.
/// (Scores stay below 2^44 in magnitude, so the shift cannot overflow.)
#[inline]
fn keyed(score: i64, index: usize) -> i64 {
    const LAST: usize = (1 << INDEX_BITS) - 1;
    (score << INDEX_BITS) | (LAST - index.min(LAST)) as i64
}

/// Brings the move to search `i`-th into place (the first `i` are done):
/// the highest key among the rest (the keys are distinct), so the search
/// order is that of a sort by key and the search stays deterministic.
#[inline]
pub fn pick_next<M: Copy>(list: &mut [(i64, M)], i: usize) {
    if i < SELECT_FIRST {
        let mut best = i;
        for j in i + 1..list.len() {
            if list[j].0 > list[best].0 {
                best = j;
            }
        }
        list[i..=best].rotate_right(1);
    } else if i == SELECT_FIRST {
        list[i..].sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
    }
}

/// Appends to `out` the moves but `searched` (a table move searched
/// before generation), each with its sort key, in generator order;
/// [`pick_next`] then takes them in search order.
pub fn order_moves<G: SearchHooks>(
    pos: &G,
    moves: &[G::Move],
    searched: Option<G::Move>,
    hints: &Hints<'_, G>,
    out: &mut Vec<(i64, G::Move)>,
) {
    let side = pos.side_to_move();
    let unsearched = moves
        .iter()
        .enumerate()
        .filter(|&(_, &m)| Some(m) != searched);
    out.extend(unsearched.map(|(i, &m)| {
        let key = if Some(m) == hints.tt_move {
            TT_MOVE
        } else if pos.is_tactical(m) {
            let class = if pos.see_ge(m, 0) {
                GOOD_TACTICAL
            } else {
                BAD_TACTICAL
            };
            class + i64::from(pos.order_score(m))
        } else {
            match hints.killers.rank(m) {
                0 if Some(m) == hints.counter => COUNTER,
                0 => quiet_score(pos, side, m, hints),
                rank => KILLER + rank,
            }
        };
        (keyed(key, i), m)
    }));
}

/// Keeps [`pick_next`]'s order after moves were appended to `list`, whose
/// first `i` are done (past [`SELECT_FIRST`] the rest is sorted already).
pub fn appended<M: Copy>(list: &mut [(i64, M)], i: usize) {
    if i > SELECT_FIRST {
        list[i..].sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
    }
}

/// Whether a key of [`order_moves`] belongs to a losing capture or
/// promotion, ordered after every quiet move.
#[inline]
pub fn is_losing_tactical(key: i64) -> bool {
    key >> INDEX_BITS < (BAD_TACTICAL + QUIET) / 2
}

/// The first stage of a node whose moves come in stages: appends to
/// `out` the tactical moves of `tactical` and the legal quiet killers and
/// counter-move, keyed as [`order_moves`] keys them, leaving out the table
/// move (searched already). The quiet moves follow from
/// [`order_quiet_stage`] once these are done.
pub fn order_tactical_stage<G: SearchHooks>(
    pos: &G,
    tactical: &[G::Move],
    hints: &Hints<'_, G>,
    out: &mut Vec<(i64, G::Move)>,
) {
    for (i, &m) in tactical.iter().enumerate() {
        if Some(m) != hints.tt_move {
            let class = if pos.see_ge(m, 0) {
                GOOD_TACTICAL
            } else {
                BAD_TACTICAL
            };
            out.push((keyed(class + i64::from(pos.order_score(m)), i), m));
        }
    }
    let index = tactical.len();
    let special = [hints.killers.0[0], hints.killers.0[1], hints.counter];
    for (j, m) in special.into_iter().enumerate() {
        let Some(m) = m else { continue };
        let seen = special[..j].contains(&Some(m)) || Some(m) == hints.tt_move;
        if !seen && pos.is_legal_fast(m) && !pos.is_tactical(m) {
            let key = match hints.killers.rank(m) {
                0 => COUNTER,
                rank => KILLER + rank,
            };
            out.push((keyed(key, index + j), m));
        }
    }
}

/// The second stage: appends the quiet moves of `moves` (every legal
/// move) but the table move, killers and counter-move, which the first
/// stage holds.
pub fn order_quiet_stage<G: SearchHooks>(
    pos: &G,
    moves: &[G::Move],
    hints: &Hints<'_, G>,
    out: &mut Vec<(i64, G::Move)>,
) {
    let side = pos.side_to_move();
    for (i, &m) in moves.iter().enumerate() {
        let special = Some(m) == hints.tt_move
            || Some(m) == hints.counter
            || hints.killers.contains(m)
            || pos.is_tactical(m);
        if !special {
            out.push((keyed(quiet_score(pos, side, m, hints), i), m));
        }
    }
}

/// A quiet move's score: its history, then the game's `order_score`.
#[inline]
fn quiet_score<G: SearchHooks>(pos: &G, side: Color, m: G::Move, hints: &Hints<'_, G>) -> i64 {
    let history = hints.history.score(side, pos.history_index(m))
        + hints
            .history
            .continuation(&hints.earlier, pos.piece_to_index(m));
    QUIET + (i64::from(history) << 16) + i64::from(pos.order_score(m))
}

/// Quiescence keys: by `order_score` (the moves are the evasions in check,
/// the tactical moves otherwise); taken in order with [`pick_next`].
pub fn order_quiescence<G: SearchHooks>(pos: &G, moves: &[G::Move], out: &mut Vec<(i64, G::Move)>) {
    out.clear();
    out.extend(
        moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (keyed(i64::from(pos.order_score(m)), i), m)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::testing::xorshift;

    /// Along random games: a staged node's two lists (the tactical stage,
    /// then the quiet stage) hold every legal move but the table move
    /// exactly once, each with the score [`order_moves`] gives it, so the
    /// node searches in the same order but for ties. The killers and the
    /// counter-move are moves of earlier positions: legal here or not,
    /// quiet or not (those of the same side two plies back, as in search).
    fn check_stages<G: SearchHooks>(seed: u64) {
        let mut next = xorshift(seed);
        let mut history = History::<G>::default();
        let (mut checked, mut special) = (0usize, 0usize);
        for _ in 0..8 {
            let mut pos = G::startpos();
            let mut killers = [Killers::default(); 2];
            let mut counter = [None; 2];
            for _ in 0..120 {
                let mut legal = G::Moves::default();
                pos.generate_legal(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let pick = |r: u64| legal[r as usize % legal.len()];
                let side = pos.side_to_move();
                for _ in 0..4 {
                    let m = pick(next());
                    let bonus = (next() % 2000) as i32 - 1000;
                    history.update(side, pos.history_index(m), bonus);
                }
                if !pos.in_check() {
                    let tt_move = (!next().is_multiple_of(3)).then(|| pick(next()));
                    let hints = Hints {
                        tt_move,
                        killers: killers[side.index()],
                        counter: counter[side.index()],
                        history: &history,
                        earlier: [None; EARLIER_PLIES.len()],
                    };
                    let mut want = Vec::new();
                    order_moves(&pos, &legal, tt_move, &hints, &mut want);
                    let mut tactical = G::Moves::default();
                    pos.generate_tactical(&mut tactical);
                    let mut got = Vec::new();
                    order_tactical_stage(&pos, &tactical, &hints, &mut got);
                    order_quiet_stage(&pos, &legal, &hints, &mut got);
                    let scored = |list: Vec<(i64, G::Move)>| {
                        let mut list: Vec<(String, i64)> = list
                            .into_iter()
                            .map(|(key, m)| (format!("{m:?}"), key >> INDEX_BITS))
                            .collect();
                        list.sort();
                        list
                    };
                    let is_special = |k: i64| (COUNTER..GOOD_TACTICAL).contains(&(k >> INDEX_BITS));
                    special += want.iter().filter(|&&(k, _)| is_special(k)).count();
                    checked += want.len();
                    assert_eq!(scored(got), scored(want), "{:?}", pos.to_sfen());
                }
                let other = pick(next());
                if next().is_multiple_of(2) {
                    killers[side.index()].add(other);
                } else {
                    counter[side.index()] = Some(other);
                }
                pos.do_move(pick(next()));
            }
        }
        assert!(checked > 20_000 && special > 1_000, "{checked} {special}");
    }

    /// Each earlier move keeps its own row for a reply: an update counts
    /// in every row it was made through, and a score sums the rows asked.
    #[test]
    fn continuation_sums_the_rows_of_the_earlier_moves() {
        type P = crate::shogi::Position;
        let mut history = History::<P>::default();
        let (a, b, c, reply) = (3, 500, 1000, 77);
        history.update_continuation(&[Some(a), None, Some(c)], reply, 400);
        history.update_continuation(&[Some(b), None, None], reply, -100);
        assert_eq!(history.continuation(&[Some(a), None, None], reply), 400);
        assert_eq!(history.continuation(&[None, None, Some(c)], reply), 400);
        assert_eq!(
            history.continuation(&[Some(a), Some(b), Some(c)], reply),
            700
        );
        assert_eq!(
            history.continuation(&[Some(a), Some(b), Some(c)], reply + 1),
            0
        );
        assert_eq!(history.continuation(&[None; EARLIER_PLIES.len()], reply), 0);
    }

    #[test]
    fn shogi_stages_hold_every_move_once_keyed_as_order_moves_keys_them() {
        check_stages::<crate::shogi::Position>(11);
    }

    #[test]
    fn mortal_stages_hold_every_move_once_keyed_as_order_moves_keys_them() {
        check_stages::<crate::mortal::Position>(12);
    }
}
