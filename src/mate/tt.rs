//! The solver's transposition table: proof and disproof numbers keyed by
//! the position key, plus the two facts df-pn establishes about a position
//! — "mate in at most `proof_len` plies" and "no mate within
//! `disproof_rem` plies" — which hold whatever path reached it.
//!
//! Buckets of four entries; a full bucket gives up the entry with the least
//! work, proofs last (the mate line is read back from proofs). An entry is
//! four words whose all-zero state is "empty", so the table is allocated
//! zeroed (pages come from the OS on first touch: creating even a large
//! table costs no time before the search can look at its stop flag), and a
//! bucket fills two cache lines exactly.

use super::dfpn::{Val, INF};

/// `proof_len` of an entry without a proof.
pub const NO_PROOF: u16 = u16::MAX;
/// A remaining-plies budget meaning "no limit" (and, as a disproof
/// horizon, "no mate at all").
pub const NO_LIMIT: u16 = u16::MAX;

const BUCKET: usize = 4;
const WORDS: usize = 4;
const BUCKET_WORDS: usize = BUCKET * WORDS;

/// Word 0: key (0: empty slot). Word 1: `pn` | `dn` << 32. Word 2: `dep`
/// (for a path-dependent disproof, `pn == INF`: the tag of the ancestor
/// whose repetition caused it) | work << 32 (nodes spent below, for
/// replacement). Word 3: `rem` (the budget `pn`/`dn` were computed under) |
/// `!proof_len` << 16 | `disproof_rem` << 32 (0: nothing known) | `epoch`
/// << 48 (the numbering scheme `pn`/`dn` belong to).
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    pn: u32,
    dn: u32,
    dep: u32,
    work: u32,
    rem: u16,
    proof_len: u16,
    disproof_rem: u16,
    epoch: u16,
}

impl Entry {
    #[inline]
    fn unpack(w: &[u64]) -> Entry {
        Entry {
            key: w[0],
            pn: w[1] as u32,
            dn: (w[1] >> 32) as u32,
            dep: w[2] as u32,
            work: (w[2] >> 32) as u32,
            rem: w[3] as u16,
            proof_len: !((w[3] >> 16) as u16),
            disproof_rem: (w[3] >> 32) as u16,
            epoch: (w[3] >> 48) as u16,
        }
    }

    #[inline]
    fn pack(&self, w: &mut [u64]) {
        w[0] = self.key;
        w[1] = self.pn as u64 | (self.dn as u64) << 32;
        w[2] = self.dep as u64 | (self.work as u64) << 32;
        w[3] = self.rem as u64
            | (!self.proof_len as u64) << 16
            | (self.disproof_rem as u64) << 32
            | (self.epoch as u64) << 48;
    }
}

pub struct Table {
    words: Vec<u64>,
    /// First word of bucket 0, chosen so buckets start on cache lines.
    base: usize,
    mask: usize,
    epoch: u16,
}

impl Table {
    /// A table using at most `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let per_bucket = BUCKET * Self::entry_size();
        let mut buckets = 1usize;
        while (buckets * 2 + 1) * per_bucket <= bytes {
            buckets *= 2;
        }
        // One spare bucket's worth of words to align the start.
        let words = vec![0u64; (buckets + 1) * BUCKET_WORDS];
        let misalign = (words.as_ptr() as usize / 8) % 8;
        let base = (8 - misalign) % 8;
        Table {
            words,
            base,
            mask: buckets - 1,
            epoch: 0,
        }
    }

    /// Makes the proof and disproof numbers stored so far stale (the
    /// solver changed how it counts); proofs and disproofs stay.
    pub fn new_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// Bytes per entry.
    pub fn entry_size() -> usize {
        WORDS * 8
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        (self.mask + 1) * BUCKET
    }

    /// Bytes allocated.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.base + (key as usize & self.mask) * BUCKET_WORDS
    }

    #[inline]
    fn find(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.words[b..b + BUCKET_WORDS]
            .chunks_exact(WORDS)
            .find(|w| w[0] == key)
            .map(Entry::unpack)
    }

    /// What the table knows about `key` for a search with `rem` plies left.
    /// `on_path` tells whether a key stands on the current search path (a
    /// path-dependent disproof is used only when its cause is on the path).
    #[inline]
    pub fn probe(&self, key: u64, rem: u16, on_path: impl Fn(u32) -> bool) -> Option<Val> {
        let e = self.find(key)?;
        if e.proof_len != NO_PROOF && e.proof_len <= rem {
            return Some(Val::proven(e.proof_len));
        }
        if e.disproof_rem > 0 && e.disproof_rem >= rem {
            return Some(Val::disproven(e.disproof_rem, 0));
        }
        if e.pn >= INF {
            // A path-dependent disproof: valid for the same budget while the
            // repeated ancestor is on the path; otherwise start afresh.
            if e.rem == rem && on_path(e.dep) {
                return Some(Val::disproven(rem, e.dep));
            }
            return None;
        }
        if e.epoch != self.epoch {
            return None;
        }
        // Numbers from another budget are still a fair first estimate; an
        // entry holding only a (too long) proof has none: start from 1.
        Some(Val::unknown(e.pn.max(1), e.dn.max(1)))
    }

    /// The mate length proved for `key`, if any.
    pub fn proof_len(&self, key: u64) -> Option<u16> {
        self.find(key)
            .map(|e| e.proof_len)
            .filter(|&l| l != NO_PROOF)
    }

    /// The disproof horizon known for `key` (0 if none).
    pub fn disproof_rem(&self, key: u64) -> u16 {
        self.find(key).map_or(0, |e| e.disproof_rem)
    }

    /// Records a search result for `key` under budget `rem`.
    pub fn store(&mut self, key: u64, rem: u16, v: &Val, work: u64) {
        let b = self.bucket(key);
        let bucket = &mut self.words[b..b + BUCKET_WORDS];
        let found = bucket.chunks_exact(WORDS).position(|w| w[0] == key);
        let (slot, mut e) = match found {
            Some(i) => (i, Entry::unpack(&bucket[i * WORDS..(i + 1) * WORDS])),
            None => {
                let i = bucket
                    .chunks_exact(WORDS)
                    .map(Entry::unpack)
                    .enumerate()
                    .min_by_key(|(_, e)| (e.key != 0, e.proof_len != NO_PROOF, e.work))
                    .map_or(0, |(i, _)| i);
                let fresh = Entry {
                    key,
                    pn: 1,
                    dn: 1,
                    dep: 0,
                    work: 0,
                    rem,
                    proof_len: NO_PROOF,
                    disproof_rem: 0,
                    epoch: self.epoch,
                };
                (i, fresh)
            }
        };
        e.work = e.work.saturating_add(work.min(u32::MAX as u64) as u32);
        if v.pn == 0 {
            e.proof_len = e.proof_len.min(v.len);
        } else if v.dn == 0 && v.dep == 0 {
            e.disproof_rem = e.disproof_rem.max(v.drem);
        } else {
            e.pn = v.pn;
            e.dn = v.dn;
            e.rem = rem;
            e.dep = v.dep;
            e.epoch = self.epoch;
        }
        e.pack(&mut bucket[slot * WORDS..(slot + 1) * WORDS]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_and_unpack() {
        let e = Entry {
            key: 0x1234_5678_9abc_def0,
            dep: 77,
            pn: INF,
            dn: 3,
            work: 99,
            rem: 17,
            proof_len: NO_PROOF,
            disproof_rem: 5,
            epoch: 9,
        };
        let mut w = [0u64; WORDS];
        e.pack(&mut w);
        let back = Entry::unpack(&w);
        assert_eq!(
            (back.key, back.dep, back.pn, back.dn, back.work),
            (e.key, e.dep, e.pn, e.dn, e.work)
        );
        assert_eq!(
            (back.rem, back.proof_len, back.disproof_rem),
            (17, NO_PROOF, 5)
        );
        let empty = Entry::unpack(&[0; WORDS]);
        assert_eq!(
            (empty.key, empty.proof_len, empty.disproof_rem),
            (0, NO_PROOF, 0)
        );
    }

    #[test]
    fn buckets_start_on_cache_lines() {
        for mb in [1, 2, 5] {
            let t = Table::new(mb);
            assert_eq!((t.words.as_ptr() as usize + t.base * 8) % 64, 0);
            assert!(t.bytes() <= mb << 20);
        }
    }

    #[test]
    fn facts_survive_and_budgets_are_respected() {
        let mut t = Table::new(1);
        let anywhere = |_| true;
        t.store(42, 9, &Val::proven(7), 10);
        assert_eq!(t.probe(42, 9, anywhere).map(|v| v.pn), Some(0));
        // A proof of 7 plies does not answer a 5-ply budget.
        assert_ne!(t.probe(42, 5, anywhere).map(|v| v.pn), Some(0));
        t.store(42, 5, &Val::disproven(5, 0), 10);
        assert_eq!(t.probe(42, 5, anywhere).map(|v| v.dn), Some(0));
        assert_eq!(t.probe(42, 3, anywhere).map(|v| v.dn), Some(0));
        assert_eq!(t.probe(42, NO_LIMIT, anywhere).map(|v| v.pn), Some(0));
        assert_eq!(t.proof_len(42), Some(7));
        // A disproof caused by a repetition of key 5 counts only while 5 is
        // on the path.
        t.store(43, NO_LIMIT, &Val::disproven(NO_LIMIT, 5), 1);
        assert_eq!(t.probe(43, NO_LIMIT, |k| k == 5).map(|v| v.dn), Some(0));
        assert_eq!(t.probe(43, NO_LIMIT, |_| false), None);
        // A new epoch forgets numbers, not facts.
        t.store(44, NO_LIMIT, &Val::unknown(7, 8), 1);
        assert_eq!(t.probe(44, NO_LIMIT, anywhere).map(|v| v.pn), Some(7));
        t.new_epoch();
        assert_eq!(t.probe(44, NO_LIMIT, anywhere), None);
        assert_eq!(t.proof_len(42), Some(7));
    }
}
