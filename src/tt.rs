//! Transposition table: a fixed-size hash of search results keyed by the
//! position's 64-bit key, shared by every iteration of one search and kept
//! between moves of a game.
//!
//! Slots are buckets of [`BUCKET`] entries, indexed by the key's low bits
//! (the slot count is a power of two); the key's high 32 bits are stored to
//! tell positions sharing a bucket apart. A new position replaces an empty
//! entry, else the one worth least: shallow, and from older searches first,
//! so the deep results that save the most work survive the flood of
//! shallow ones. A stored move is only a hint: the search checks it against the legal
//! moves before playing it, so a collision can cost time but never legality.
//!
//! A slot is one cache line: four entries of two 64-bit words each, so a
//! probe costs one memory access. Search threads share the table
//! (`Threads`, lazy SMP) without locks: each entry's check bits are stored
//! mixed with its data word, so an entry two threads wrote at once (one
//! word from each) fails the check and reads as a miss; no thread ever
//! waits. Moves are stored as 32 bits ([`TableMove`]).

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// A move the table can hold: 32 bits and back.
pub trait TableMove: Copy + Default {
    fn to_table(self) -> u32;
    fn from_table(bits: u32) -> Self;
}

/// [`TableMove`] for a game's move type, a newtype over an unsigned integer
/// of at most 32 bits (`$bits`).
macro_rules! newtype_table_move {
    ($move:ty, $bits:ty) => {
        impl $crate::tt::TableMove for $move {
            #[inline]
            fn to_table(self) -> u32 {
                self.0.into()
            }
            #[inline]
            fn from_table(bits: u32) -> Self {
                // Only bits `to_table` gave are read back, so they fit.
                Self(<$bits>::try_from(bits).unwrap_or_default())
            }
        }
    };
}
pub(crate) use newtype_table_move;

impl TableMove for u8 {
    fn to_table(self) -> u32 {
        self.into()
    }
    fn from_table(bits: u32) -> Self {
        bits as u8
    }
}

impl TableMove for u32 {
    fn to_table(self) -> u32 {
        self
    }
    fn from_table(bits: u32) -> Self {
        bits
    }
}

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// An empty slot.
    #[default]
    None,
    /// The true value is at least the score (a beta cutoff).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
    Exact,
}

impl Bound {
    /// What a node's best score says, given the window it was searched with.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound decides a node searched with
    /// the window (`alpha`, `beta`) without a search.
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
            Bound::None => false,
        }
    }

    fn from_bits(bits: u8) -> Bound {
        match bits & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

/// One stored search result. `M` is the game's move (stored as 32 bits,
/// [`TableMove`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry<M> {
    check: u32,
    /// The best move found (`None`: the node stood pat in quiescence).
    pub mv: Option<M>,
    /// Score relative to the node it was stored at (mate scores are
    /// distances from that node, see `search`). Every search score fits in
    /// 16 bits, which keeps the slot small.
    pub score: i16,
    pub depth: i16,
    pub bound: Bound,
    /// The node was searched as a principal-variation node (now or by an
    /// earlier search that stored it): the search reduces less there.
    pub pv: bool,
    generation: u8,
    /// The static evaluation of the position, or [`NO_EVAL`].
    pub eval: i16,
}

/// [`Entry::eval`] when no static evaluation was stored.
pub const NO_EVAL: i16 = i16::MIN;

impl<M> Entry<M> {
    /// The stored static evaluation, if any.
    #[inline]
    pub fn static_eval(&self) -> Option<i32> {
        (self.eval != NO_EVAL).then_some(i32::from(self.eval))
    }
}

/// Entries per slot.
pub const BUCKET: usize = 4;

/// Plies of depth an entry is worth less per search it has aged.
const AGE_WEIGHT: i32 = 8;

impl<M: TableMove> Entry<M> {
    /// The entry as two words: the move with the check bits mixed with
    /// the data word, and the data word (score, depth, bound, generation,
    /// evaluation). An empty word pair is an empty entry (bound `None`).
    #[inline]
    fn pack(&self) -> [u64; 2] {
        let data = u64::from(self.score as u16)
            | u64::from(self.depth as u16) << 16
            | u64::from(
                self.bound as u8 | u8::from(self.pv) << 2 | u8::from(self.mv.is_some()) << 3,
            ) << 32
            | u64::from(self.generation) << 40
            | u64::from(self.eval as u16) << 48;
        let mv = self.mv.map_or(0, M::to_table);
        let head = u64::from(self.check ^ fold(data)) << 32 | u64::from(mv);
        [head, data]
    }

    #[inline]
    fn unpack([head, data]: [u64; 2]) -> Entry<M> {
        Entry {
            check: (head >> 32) as u32 ^ fold(data),
            mv: ((data >> 35) & 1 != 0).then(|| M::from_table(head as u32)),
            score: data as u16 as i16,
            depth: (data >> 16) as u16 as i16,
            bound: Bound::from_bits((data >> 32) as u8),
            pv: (data >> 34) & 1 != 0,
            generation: (data >> 40) as u8,
            eval: (data >> 48) as u16 as i16,
        }
    }
}

/// The data word folded to 32 bits, mixed into the stored check bits: a
/// head and data word written by different stores do not pass the check.
#[inline]
fn fold(data: u64) -> u32 {
    data as u32 ^ (data >> 32) as u32
}

/// One slot: a bucket of entries, one cache line.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Slot([[AtomicU64; 2]; BUCKET]);

impl Slot {
    #[inline]
    fn read<M: TableMove>(&self, i: usize) -> Entry<M> {
        let [head, data] = &self.0[i];
        Entry::unpack([head.load(Ordering::Relaxed), data.load(Ordering::Relaxed)])
    }

    #[inline]
    fn write<M: TableMove>(&self, i: usize, entry: &Entry<M>) {
        let [head, data] = entry.pack();
        self.0[i][0].store(head, Ordering::Relaxed);
        self.0[i][1].store(data, Ordering::Relaxed);
    }

    fn clear(&mut self) {
        for words in &mut self.0 {
            for w in words {
                *w.get_mut() = 0;
            }
        }
    }
}

/// The table. `Default` is an empty table that stores nothing until `resize`.
#[derive(Debug, Default)]
pub struct TranspositionTable<M> {
    entries: Vec<Slot>,
    generation: AtomicU8,
    moves: std::marker::PhantomData<M>,
}

const MIB: usize = 1 << 20;

/// How many slots of type `S` fit in `mb` megabytes, rounded down to a power
/// of two (so that [`slot_index`] can mask). Shared with the chance search's
/// table.
pub(crate) fn slot_count<S>(mb: usize) -> usize {
    let bytes = mb.saturating_mul(MIB);
    let fit = bytes / std::mem::size_of::<S>().max(1);
    if fit == 0 {
        0
    } else {
        1 << fit.ilog2()
    }
}

/// `slots` default slots (on huge pages where the system gives them); an
/// allocation failure is returned rather than aborting the engine.
pub(crate) fn allocate<S: Default>(slots: usize) -> Result<Vec<S>, TryReserveError> {
    crate::huge_pages::vec_with(slots, S::default)
}

/// The slot of `key` in a table of `len` slots (a power of two, so masking
/// keeps the index in range); `None` for an empty table, which stores
/// nothing.
#[inline]
pub(crate) fn slot_index(key: u64, len: usize) -> Option<usize> {
    (len != 0).then(|| (key as usize) & (len - 1))
}

/// The part of the key that is not used for indexing.
#[inline]
fn check_bits(key: u64) -> u32 {
    (key >> 32) as u32
}

impl<M: TableMove> TranspositionTable<M> {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Result<Self, TryReserveError> {
        let mut tt = Self::default();
        tt.resize(mb)?;
        Ok(tt)
    }

    /// Reallocates to about `mb` megabytes (rounded down to a power of two
    /// number of entries) and clears. On allocation failure the table is left
    /// empty (and so stores nothing) rather than aborting the engine.
    pub fn resize(&mut self, mb: usize) -> Result<(), TryReserveError> {
        let slots = slot_count::<Slot>(mb);
        self.entries = Vec::new();
        *self.generation.get_mut() = 0;
        self.entries = allocate(slots)?;
        Ok(())
    }

    /// Size in megabytes the table was allocated for (rounded as allocated).
    pub fn size_mb(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Slot>() / MIB
    }

    /// True when `resize(mb)` would give the same number of slots.
    pub fn has_size(&self, mb: usize) -> bool {
        self.entries.len() == slot_count::<Slot>(mb)
    }

    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    pub fn clear(&mut self) {
        for slot in &mut self.entries {
            slot.clear();
        }
        *self.generation.get_mut() = 0;
    }

    /// Marks the start of a new search: entries of older searches become the
    /// first to be replaced and stop counting in `hashfull`.
    pub fn new_search(&mut self) {
        let generation = self.generation.get_mut();
        *generation = generation.wrapping_add(1);
    }

    #[inline]
    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Asks the processor to fetch `key`'s slot into the cache: a probe
    /// follows soon (just after a move is made), and the table is far
    /// larger than the caches, so it would otherwise wait for memory.
    /// Reads and changes nothing.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(i) = slot_index(key, self.entries.len()) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let first = std::ptr::from_ref(&self.entries[i]).cast::<i8>();
            // A slot may straddle two cache lines.
            let last = first.wrapping_add(std::mem::size_of::<Slot>() - 1);
            // SAFETY: a prefetch is a hint that never faults nor reads into
            // the program; both addresses lie within the slot.
            unsafe {
                _mm_prefetch(first, _MM_HINT_T0);
                _mm_prefetch(last, _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let i = slot_index(key, self.entries.len())?;
        let check = check_bits(key);
        let slot = &self.entries[i];
        (0..BUCKET)
            .map(|j| slot.read::<M>(j))
            .find(|e| e.bound != Bound::None && e.check == check)
    }

    /// Stores a result. A slot holding a deeper result of the current search
    /// for the same position keeps it; anything else is overwritten.
    pub fn store(&self, key: u64, mv: M, score: i32, depth: i32, bound: Bound) {
        self.store_with_eval(key, Some(mv), score, depth, bound, None, false);
    }

    /// [`TranspositionTable::store`] with the position's static evaluation,
    /// which a later visit can reuse instead of evaluating again, and
    /// whether the node is a principal-variation one ([`Entry::pv`]).
    #[allow(clippy::too_many_arguments)]
    pub fn store_with_eval(
        &self,
        key: u64,
        mv: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
        eval: Option<i32>,
        pv: bool,
    ) {
        let Some(i) = slot_index(key, self.entries.len()) else {
            return;
        };
        let generation = self.generation();
        let check = check_bits(key);
        let entry = Entry {
            check,
            mv,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth: depth.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            bound,
            pv,
            generation,
            eval: eval.map_or(NO_EVAL, |e| {
                e.clamp(i32::from(NO_EVAL) + 1, i16::MAX.into()) as i16
            }),
        };
        let slot = &self.entries[i];
        let bucket: [Entry<M>; BUCKET] = std::array::from_fn(|j| slot.read(j));
        if let Some(same) = bucket
            .iter()
            .position(|e| e.bound != Bound::None && e.check == check)
        {
            let old = &bucket[same];
            let keep_old = old.generation == generation
                && i32::from(old.depth) > depth
                && bound != Bound::Exact;
            if !keep_old {
                slot.write(same, &entry);
            }
            return;
        }
        let worth = |e: &Entry<M>| {
            if e.bound == Bound::None {
                i32::MIN
            } else {
                let age = i32::from(generation.wrapping_sub(e.generation));
                i32::from(e.depth) - AGE_WEIGHT * age
            }
        };
        if let Some(victim) = (0..BUCKET).min_by_key(|&j| worth(&bucket[j])) {
            slot.write(victim, &entry);
        }
    }

    /// Occupancy in per mille, sampled over the first thousand entries:
    /// entries written by the current search only (as USI engines report
    /// it).
    pub fn hashfull(&self) -> u32 {
        let buckets = self.entries.len().min(1000 / BUCKET);
        if buckets == 0 {
            return 0;
        }
        let generation = self.generation();
        let used: usize = self.entries[..buckets]
            .iter()
            .map(|slot| {
                (0..BUCKET)
                    .map(|j| slot.read::<M>(j))
                    .filter(|e| e.bound != Bound::None && e.generation == generation)
                    .count()
            })
            .sum();
        (used * 1000 / (buckets * BUCKET)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_budget() {
        let tt = TranspositionTable::<u32>::new(1).unwrap();
        assert!(tt.capacity().is_power_of_two());
        assert!(tt.capacity() * std::mem::size_of::<Slot>() <= MIB);
        assert!(tt.has_size(1));
        assert!(!tt.has_size(2));
        assert!(tt.capacity() * 2 * std::mem::size_of::<Slot>() > MIB);
    }

    #[test]
    fn a_slot_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 64);
        assert_eq!(std::mem::align_of::<Slot>(), 64);
    }

    #[test]
    fn entries_pack_and_unpack() {
        let e = Entry {
            check: 0xFEDC_BA98,
            mv: Some(0x8000_0001u32),
            score: -32000,
            depth: -3,
            bound: Bound::Upper,
            pv: true,
            generation: 255,
            eval: NO_EVAL,
        };
        assert_eq!(Entry::unpack(e.pack()), e);
        let standing = Entry { mv: None, ..e };
        assert_eq!(Entry::unpack(standing.pack()), standing);
        assert_eq!(Entry::<u32>::unpack([0, 0]).bound, Bound::None);
    }

    #[test]
    fn an_entry_of_two_stores_fails_its_check() {
        let entry = |score: i16| Entry {
            check: 77,
            mv: Some(5u32),
            score,
            depth: 4,
            bound: Bound::Exact,
            pv: false,
            generation: 1,
            eval: 12,
        };
        let [head, _] = entry(100).pack();
        let [_, data] = entry(-100).pack();
        assert_ne!(Entry::<u32>::unpack([head, data]).check, 77);
    }

    #[test]
    fn empty_table_stores_nothing() {
        let tt = TranspositionTable::<u32>::default();
        tt.store(42, 7, 100, 3, Bound::Exact);
        assert_eq!(tt.probe(42), None);
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn store_then_probe_round_trips() {
        let tt = TranspositionTable::<u32>::new(1).unwrap();
        let key = 0xDEAD_BEEF_1234_5678;
        tt.store(key, 9, -250, 5, Bound::Lower);
        let e = tt.probe(key).expect("stored entry");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(9), -250, 5, Bound::Lower)
        );
        // Same slot, different high bits: not this position.
        assert_eq!(tt.probe(key ^ (1 << 40)), None);
    }

    #[test]
    fn deeper_entry_of_same_search_is_kept() {
        let mut tt = TranspositionTable::<u32>::new(1).unwrap();
        tt.store(5, 1, 10, 8, Bound::Lower);
        tt.store(5, 2, 20, 3, Bound::Upper);
        assert_eq!(tt.probe(5).unwrap().mv, Some(1));
        tt.new_search();
        tt.store(5, 2, 20, 3, Bound::Upper);
        assert_eq!(tt.probe(5).unwrap().mv, Some(2));
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_or_oldest_entry() {
        let mut tt = TranspositionTable::<u32>::new(1).unwrap();
        let key = |high: u64| 7 | high << 40;
        for (high, depth) in [(0, 9), (1, 2), (2, 7), (3, 5)] {
            tt.store(key(high), high as u32, 0, depth, Bound::Lower);
        }
        tt.store(key(4), 4, 0, 1, Bound::Lower);
        assert_eq!(tt.probe(key(1)), None, "the shallowest went");
        assert!(tt.probe(key(4)).is_some() && tt.probe(key(0)).is_some());
        // Two searches later the deep entry is worth less than fresh ones.
        tt.new_search();
        tt.new_search();
        for high in 5..9 {
            tt.store(key(high), high as u32, 0, 3, Bound::Lower);
        }
        assert_eq!(tt.probe(key(0)), None, "aged out");
    }

    #[test]
    fn clear_and_resize_empty_the_table() {
        let mut tt = TranspositionTable::<u32>::new(1).unwrap();
        // Every entry of the first buckets: keys apart only in their high bits.
        for key in 0..2000u64 {
            for high in 0..BUCKET as u64 {
                tt.store(key | high << 40, 1, 0, 1, Bound::Exact);
            }
        }
        assert_eq!(tt.hashfull(), 1000);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0, "old entries do not count");
        tt.clear();
        assert_eq!(tt.probe(3), None);
        tt.store(3, 1, 0, 1, Bound::Exact);
        tt.resize(2).unwrap();
        assert_eq!(tt.probe(3), None);
        assert!(tt.has_size(2));
    }

    #[test]
    fn threads_share_the_table() {
        let tt = TranspositionTable::<u32>::new(1).unwrap();
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for key in (t * 1000)..(t * 1000 + 1000) {
                        tt.store(key, key as u32, key as i32, 1, Bound::Exact);
                    }
                });
            }
        });
        // Uncontended slots hold what was stored last, never a torn mix.
        let mut found = 0;
        for key in 0..4000u64 {
            if let Some(e) = tt.probe(key) {
                assert_eq!((e.mv, i32::from(e.score)), (Some(key as u32), key as i32));
                found += 1;
            }
        }
        assert!(found > 3000, "{found}");
    }

    #[test]
    fn absurd_size_fails_cleanly() {
        let mut tt = TranspositionTable::<u32>::new(1).unwrap();
        assert!(tt.resize(usize::MAX / MIB).is_err());
        assert_eq!(tt.capacity(), 0);
    }
}
