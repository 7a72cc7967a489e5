//! Turn generation: the must-move rule over both orders of the dice, and
//! the reduction to one turn per distinct resulting position.
//!
//! docs/rules/shogammon.md: the mover picks the order of the dice. Taking them in that
//! order, the first die must move if it has any move; then, in the position
//! that results, the second must move if it has any. A die with no move is
//! lost. A move onto an enemy point is a move of its die only when a
//! different piece answering to the other die can then land there too (the
//! pair captures the point); a lone move onto an enemy point is not legal,
//! so the last die of a turn never has such a move. A turn ends at once
//! when a step captures a king.

use super::movegen::Targets;
use super::position::{Core, Position};
use super::types::{Step, Turn};

/// Shogammon's move list: turns are unbounded in number (two dice, drops).
pub type Turns = Vec<Turn>;

/// The order(s) in which a roll may be taken: as given, then the other way
/// round (a double has one order).
#[inline]
pub fn orders(roll: [u8; 2]) -> impl Iterator<Item = [u8; 2]> {
    let [a, b] = roll;
    let second = (a != b).then_some([b, a]);
    std::iter::once([a, b]).chain(second)
}

/// Scratch buffers, one per level of the turn, reused across orders.
#[derive(Default)]
struct Buffers {
    firsts: Vec<Step>,
    point_firsts: Vec<Step>,
    seconds: Vec<Step>,
}

impl Core {
    /// Calls `sink(turn, key)` for every legal turn of `roll` (both orders,
    /// not deduplicated); `key` is the key of the position the turn leads
    /// to, before the side to move changes. The core is restored.
    pub(crate) fn for_each_turn(&mut self, roll: [u8; 2], sink: &mut impl FnMut(Turn, u64)) {
        let mut buf = Buffers::default();
        // Higher die first, whatever order the roll was given in: that is
        // the order whose turns are kept as representatives.
        let roll = [roll[0].max(roll[1]), roll[0].min(roll[1])];
        for [a, b] in orders(roll) {
            self.turns_in_order(a, b, &mut buf, sink);
        }
    }

    fn turns_in_order(
        &mut self,
        a: u8,
        b: u8,
        buf: &mut Buffers,
        sink: &mut impl FnMut(Turn, u64),
    ) {
        let dice = [a, b];
        let mut emit = move |steps, key| sink(Turn { dice, steps }, key);
        buf.firsts.clear();
        buf.point_firsts.clear();
        self.die_steps(a, Targets::Normal, &mut buf.firsts);
        self.die_steps(a, Targets::EnemyPoints, &mut buf.point_firsts);

        // Enemy point captures: the first capturer leaves its square, then
        // a different piece answering to `b` must land on the point too.
        let mut first_die_moves = !buf.firsts.is_empty();
        for &first in &buf.point_firsts {
            let Some(target) = first.to() else { continue };
            let lift = self.apply_step(first, None);
            let pending = Core::pending_of(lift, first);
            buf.seconds.clear();
            self.die_steps(b, Targets::Onto(target), &mut buf.seconds);
            first_die_moves |= !buf.seconds.is_empty();
            for &second in &buf.seconds {
                let land = self.apply_step(second, pending);
                emit([first, second], self.key());
                self.revert_step(land);
            }
            self.revert_step(lift);
        }

        if !first_die_moves {
            // The first die is lost; the second is now the last move.
            buf.seconds.clear();
            self.die_steps(b, Targets::Normal, &mut buf.seconds);
            if buf.seconds.is_empty() {
                emit([Step::Lost, Step::Lost], self.key());
            }
            for &second in &buf.seconds {
                emit([Step::Lost, second], self.key_after(second));
            }
            return;
        }

        for &first in &buf.firsts {
            let undo = self.apply_step(first, None);
            if undo.captured_king() {
                // The game is over: the second die is not played.
                emit([first, Step::Lost], self.key());
                self.revert_step(undo);
                continue;
            }
            buf.seconds.clear();
            self.die_steps(b, Targets::Normal, &mut buf.seconds);
            if buf.seconds.is_empty() {
                emit([first, Step::Lost], self.key());
            }
            // The last step's key is computed, not played: most of a
            // turn list is second steps.
            for &second in &buf.seconds {
                emit([first, second], self.key_after(second));
            }
            self.revert_step(undo);
        }
    }
}

/// The keys of the positions a turn list already reached: open addressing
/// over a power-of-two table, reused between generations (one per thread)
/// so that a generation neither allocates nor clears the whole table.
pub(crate) struct KeySet {
    slots: Vec<u64>,
    used: Vec<usize>,
}

/// Marks an empty slot; a real key of 0 is stored as 1 (one collision in
/// 2^64 is of no concern).
const EMPTY: u64 = 0;

impl KeySet {
    fn new() -> KeySet {
        KeySet {
            slots: vec![EMPTY; 1 << 10],
            used: Vec::with_capacity(1 << 9),
        }
    }

    /// Forgets every key (only the slots in use are touched).
    fn reset(&mut self) {
        for &i in &self.used {
            self.slots[i] = EMPTY;
        }
        self.used.clear();
    }

    /// Adds `key`; false if it was there already.
    #[inline]
    fn insert(&mut self, key: u64) -> bool {
        if 2 * (self.used.len() + 1) > self.slots.len() {
            self.grow();
        }
        let key = key.max(1);
        let mask = self.slots.len() - 1;
        let mut i = (key as usize) & mask;
        loop {
            match self.slots[i] {
                EMPTY => {
                    self.slots[i] = key;
                    self.used.push(i);
                    return true;
                }
                k if k == key => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let keys: Vec<u64> = self.used.iter().map(|&i| self.slots[i]).collect();
        self.slots = vec![EMPTY; self.slots.len() * 2];
        self.used.clear();
        for k in keys {
            self.insert(k);
        }
    }
}

thread_local! {
    static SEEN: std::cell::RefCell<KeySet> = std::cell::RefCell::new(KeySet::new());
}

/// Runs `f` with this thread's emptied key set.
fn with_seen<R>(f: impl FnOnce(&mut KeySet) -> R) -> R {
    SEEN.with(|cell| match cell.try_borrow_mut() {
        Ok(mut set) => {
            set.reset();
            f(&mut set)
        }
        // Only a generation inside a generation's sink could get here.
        Err(_) => f(&mut KeySet::new()),
    })
}

impl Core {
    /// Whether `steps` is a legal way of playing the dice in the order
    /// `dice` (the must-move rule, point captures, the end at a king
    /// capture), checked step by step without listing every turn.
    fn reading_is_legal(&mut self, [a, b]: [u8; 2], [s, t]: [Step; 2]) -> bool {
        let mut v = Vec::new();
        let first_undo = match s {
            Step::Lost => {
                // The first die must have had no move at all.
                self.die_steps(a, Targets::Normal, &mut v);
                if !v.is_empty() {
                    return false;
                }
                self.die_steps(a, Targets::EnemyPoints, &mut v);
                for first in std::mem::take(&mut v) {
                    let Some(sq) = first.to() else { continue };
                    let lift = self.apply_step(first, None);
                    let completes = self.die_has_step(b, Targets::Onto(sq));
                    self.revert_step(lift);
                    if completes {
                        return false;
                    }
                }
                None
            }
            _ if self.lands_on_enemy_point(s) => {
                let Some(sq) = s.to() else { return false };
                self.die_steps(a, Targets::EnemyPoints, &mut v);
                if !v.contains(&s) || t.to() != Some(sq) {
                    return false;
                }
                let lift = self.apply_step(s, None);
                v.clear();
                self.die_steps(b, Targets::Onto(sq), &mut v);
                let ok = v.contains(&t);
                self.revert_step(lift);
                return ok;
            }
            _ => {
                self.die_steps(a, Targets::Normal, &mut v);
                if !v.contains(&s) {
                    return false;
                }
                Some(self.apply_step(s, None))
            }
        };
        if first_undo.is_some_and(|u| u.captured_king()) {
            if let Some(u) = first_undo {
                self.revert_step(u);
            }
            return t == Step::Lost;
        }
        v.clear();
        self.die_steps(b, Targets::Normal, &mut v);
        let ok = match t {
            Step::Lost => v.is_empty(),
            _ => v.contains(&t),
        };
        if let Some(u) = first_undo {
            self.revert_step(u);
        }
        ok
    }
}

impl Position {
    /// Whether `turn` is legal for the position's roll: a fast check for
    /// search hints (it plays at most the turn's first step).
    pub fn is_legal_turn(&self, turn: Turn) -> bool {
        let Some(roll) = self.roll() else {
            return false;
        };
        let [x, y] = turn.dice;
        if [x.max(y), x.min(y)] != roll || self.finished_reason().is_some() {
            return false;
        }
        self.core().clone().reading_is_legal(turn.dice, turn.steps)
    }

    /// The legal turns for `roll`, one per distinct resulting position
    /// (board with point order, hands, side to move), with that position's
    /// key. Of the turns reaching one position the first generated is kept:
    /// the higher die taken first where that order reaches it, then the
    /// generator's order. A finished game has no turns.
    pub fn turns_with_keys(&self, roll: [u8; 2], out: &mut Vec<(Turn, u64)>) {
        out.clear();
        self.for_each_distinct_turn(roll, |turn, key| out.push((turn, key)));
    }

    /// The legal turns for `roll`, one per distinct resulting position.
    pub fn turns(&self, roll: [u8; 2], out: &mut Turns) {
        out.clear();
        self.for_each_distinct_turn(roll, |turn, _| out.push(turn));
    }

    /// Calls `f` with the first turn reaching each distinct resulting
    /// position of `roll` and that position's key (see
    /// [`Self::turns_with_keys`]).
    fn for_each_distinct_turn(&self, roll: [u8; 2], mut f: impl FnMut(Turn, u64)) {
        if self.finished_reason().is_some() {
            return;
        }
        let mut core = self.core().clone();
        with_seen(|seen| {
            core.for_each_turn(roll, &mut |turn, key| {
                if seen.insert(key) {
                    f(turn, key);
                }
            })
        });
    }

    /// Every legal turn for `roll`, duplicates included (both orders of the
    /// dice, every way to reach a position). For reading user input.
    pub fn all_turns(&self, roll: [u8; 2]) -> Vec<Turn> {
        let mut out = Vec::new();
        if self.finished_reason().is_some() {
            return out;
        }
        let mut core = self.core().clone();
        core.for_each_turn(roll, &mut |turn, _| out.push(turn));
        out
    }
}
