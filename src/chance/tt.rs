//! The chance search's transposition table: one entry per slot, indexed by
//! the key's low bits, the full key stored to tell positions apart.
//!
//! Chance nodes (no roll) and decision nodes (a roll) share the table: the
//! game's key includes the roll, so they never collide. A stored move is a
//! hint the search checks against the legal list before using it.

use crate::tt::{allocate, slot_count, slot_index, Bound};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry<M> {
    key: u64,
    pub mv: Option<M>,
    /// Relative to the node (see `score::to_tt`).
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

#[derive(Debug, Default)]
pub struct ChanceTable<M> {
    entries: Vec<Entry<M>>,
    generation: u8,
}

impl<M: Copy + Default> ChanceTable<M> {
    /// About `mb` megabytes, rounded down to a power of two of slots. A
    /// failed allocation leaves an empty table (which stores nothing).
    pub fn new(mb: usize) -> Self {
        let mut t = ChanceTable::default();
        t.resize(mb);
        t
    }

    /// Whether the table already has the size `resize(mb)` would give.
    pub fn has_size(&self, mb: usize) -> bool {
        self.entries.len() == slot_count::<Entry<M>>(mb)
    }

    /// Reallocates and clears; `false` if the memory was not available.
    pub fn resize(&mut self, mb: usize) -> bool {
        self.entries = Vec::new();
        self.generation = 0;
        let Ok(entries) = allocate(slot_count::<Entry<M>>(mb)) else {
            return false;
        };
        self.entries = entries;
        true
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// A new search: older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let e = self.entries[slot_index(key, self.entries.len())?];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Stores a result; a deeper result of the current search for the same
    /// position stays unless the new one is exact.
    pub fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: u32, bound: Bound) {
        let Some(i) = slot_index(key, self.entries.len()) else {
            return;
        };
        let generation = self.generation;
        let slot = &mut self.entries[i];
        let depth = depth.min(u8::MAX as u32) as u8;
        if slot.bound != Bound::None
            && slot.key == key
            && slot.generation == generation
            && slot.depth > depth
            && bound != Bound::Exact
        {
            return;
        }
        // Keep the old move hint when the new result has none.
        let mv = mv.or(if slot.key == key { slot.mv } else { None });
        *slot = Entry {
            key,
            mv,
            score,
            depth,
            bound,
            generation,
        };
    }

    /// Per mille of the first thousand slots used by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        if sample == 0 {
            return 0;
        }
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.bound != Bound::None && e.generation == self.generation)
            .count();
        (used * 1000 / sample) as u32
    }
}
