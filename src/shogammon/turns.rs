//! Turn generation: the must-move rule over both orders of the dice, and
//! the reduction to one turn per distinct resulting position.
//!
//! RULINGS §3: the mover picks the order of the dice. Taking them in that
//! order, the first die must move if it has any move; then, in the position
//! that results, the second must move if it has any. A die with no move is
//! lost. A move onto an enemy point is a move of its die only when a
//! different piece answering to the other die can then land there too (the
//! pair captures the point); a lone move onto an enemy point is not legal,
//! so the last die of a turn never has such a move. A turn ends at once
//! when a step captures a king.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::movegen::Targets;
use super::position::{Core, Position};
use super::types::{Step, Turn};

/// Shogammon's move list: turns are unbounded in number (two dice, drops).
pub type Turns = Vec<Turn>;

/// The order(s) in which a roll may be taken: higher die first, then the
/// other way round (a double has one order).
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
                sink(
                    Turn {
                        dice,
                        steps: [first, second],
                    },
                    self.key(),
                );
                self.revert_step(land);
            }
            self.revert_step(lift);
        }

        if !first_die_moves {
            // The first die is lost; the second is now the last move.
            buf.seconds.clear();
            self.die_steps(b, Targets::Normal, &mut buf.seconds);
            if buf.seconds.is_empty() {
                sink(
                    Turn {
                        dice,
                        steps: [Step::Lost, Step::Lost],
                    },
                    self.key(),
                );
            }
            for &second in &buf.seconds {
                let undo = self.apply_step(second, None);
                sink(
                    Turn {
                        dice,
                        steps: [Step::Lost, second],
                    },
                    self.key(),
                );
                self.revert_step(undo);
            }
            return;
        }

        for &first in &buf.firsts {
            let undo = self.apply_step(first, None);
            if undo.captured_king() {
                // The game is over: the second die is not played.
                sink(
                    Turn {
                        dice,
                        steps: [first, Step::Lost],
                    },
                    self.key(),
                );
                self.revert_step(undo);
                continue;
            }
            buf.seconds.clear();
            self.die_steps(b, Targets::Normal, &mut buf.seconds);
            if buf.seconds.is_empty() {
                sink(
                    Turn {
                        dice,
                        steps: [first, Step::Lost],
                    },
                    self.key(),
                );
            }
            for &second in &buf.seconds {
                let undo2 = self.apply_step(second, None);
                sink(
                    Turn {
                        dice,
                        steps: [first, second],
                    },
                    self.key(),
                );
                self.revert_step(undo2);
            }
            self.revert_step(undo);
        }
    }
}

/// A hasher for Zobrist keys, which are already uniformly random.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

impl Position {
    /// The legal turns for `roll`, one per distinct resulting position
    /// (board with point order, hands, side to move), with that position's
    /// key. Of the turns reaching one position the first generated is kept:
    /// the higher die taken first where that order reaches it, then the
    /// generator's order. A finished game has no turns.
    pub fn turns_with_keys(&self, roll: [u8; 2], out: &mut Vec<(Turn, u64)>) {
        out.clear();
        if self.finished_reason().is_some() {
            return;
        }
        let mut core = self.core().clone();
        let mut seen = KeySet::default();
        core.for_each_turn(roll, &mut |turn, key| {
            if seen.insert(key) {
                out.push((turn, key));
            }
        });
    }

    /// The legal turns for `roll`, one per distinct resulting position.
    pub fn turns(&self, roll: [u8; 2], out: &mut Turns) {
        out.clear();
        if self.finished_reason().is_some() {
            return;
        }
        let mut core = self.core().clone();
        let mut seen = KeySet::default();
        core.for_each_turn(roll, &mut |turn, key| {
            if seen.insert(key) {
                out.push(turn);
            }
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
