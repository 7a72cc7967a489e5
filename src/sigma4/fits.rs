//! The table of every composition a base may have (docs/rules/sigma4.md: 251 plain
//! and 24 royal ones), built once. Bases on the board and in moves are
//! stored as an index into it ([`FitId`]), so the generator enumerates
//! refits and drops by walking a short list with a subset test instead of
//! building multisets, and each entry carries what movement and hashing need.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::attacks::{leap_table, Stepper};
use super::types::{Base, Bitboard7, FitId, Square7, Stone, Stones};

/// What the generator and the position need about one composition.
pub struct Fit {
    pub base: Base,
    pub total: u8,
    /// Occupancy-independent destinations from each square: every single
    /// step or leap, and the first step of each repeated kind.
    pub reach: [Bitboard7; 49],
    /// Kinds whose step repeats (count >= 2 of W, F, D or E), with the count.
    pub steppers: Vec<(Stepper, u8)>,
    /// Static value of a base of this composition (see `eval`).
    pub value: i32,
    /// Its stone and base features summed with the shipped evaluation
    /// weights (`eval::base_weight`).
    pub weight: i32,
    /// The kinds it holds, one bit per stone index.
    pub kinds: u8,
    /// How much a capturer likes keeping this refit: its value plus what
    /// its stones would be worth in the opponent's storage otherwise (the
    /// pool is fixed, so this ranks the refits of one capture).
    pub keep_score: i32,
    /// The stone maps a base of this composition sets (`Position::maps`,
    /// bit `kind * 4 + n` for its `n+1`-th stone of that kind), so placing
    /// or lifting a base toggles them without walking its stones.
    pub map_bits: u32,
}

/// All allowed compositions; `FitId(0)` is unused so that a zero move means
/// "no move".
pub struct FitTable {
    fits: Vec<Fit>,
    /// Plain compositions, most stones first.
    plain: Vec<FitId>,
    /// Royal compositions, most stones first.
    royal: Vec<FitId>,
    /// `plain[..plain_by_total[n]]` are the plain fits with at least `n`
    /// stones (the list is sorted by size, largest first).
    plain_by_total: [usize; 6],
    royal_by_total: [usize; 6],
    /// `within[royal * 256 + kinds]`: the fits of that class using only
    /// those kinds, most stones first. A refit or drop can only use the
    /// kinds its pool holds, so this shortens the walk a lot.
    within: Vec<Vec<FitId>>,
    lookup: HashMap<Base, FitId>,
    /// Every (capturer, victim) pair's refits, computed once: captures are
    /// generated and exchanged at every node, and walking `within` for
    /// each was a tenth of the search's time.
    refits: RefitTable,
}

/// The refits of a capture by a base of one composition on a base of
/// another, indexed by the pair: `spans[own * n + victim]` is a slice of
/// `ids` in the generator's order, with the principal refit's place in it.
#[derive(Default)]
struct RefitTable {
    n: usize,
    ids: Vec<FitId>,
    spans: Vec<RefitSpan>,
}

#[derive(Clone, Copy)]
struct RefitSpan {
    start: u32,
    len: u16,
    principal: u16,
}

/// A capture's refits (in the order the generator lists them) and the
/// index among them of the principal one; empty when no refit exists.
#[derive(Clone, Copy)]
pub struct Refits<'a> {
    pub ids: &'a [FitId],
    pub principal: usize,
}

impl Refits<'_> {
    /// The principal refit, if the capture has any.
    #[inline]
    pub fn principal_id(&self) -> Option<FitId> {
        self.ids.get(self.principal).copied()
    }
}

static TABLE: OnceLock<FitTable> = OnceLock::new();

/// The shared table (built on first use).
#[inline]
pub fn fits() -> &'static FitTable {
    TABLE.get_or_init(FitTable::build)
}

impl FitTable {
    fn build() -> FitTable {
        let mut bases = Vec::new();
        // Every multiset within the plain limits, then the royal ones; the
        // composition check itself decides, so the table cannot disagree
        // with the rules.
        for j in 0..=1u8 {
            for z in 0..=1u8 {
                for c in 0..=1u8 {
                    for e in 0..=2u8 {
                        for n in 0..=1u8 {
                            for d in 0..=2u8 {
                                for f in 0..=4u8 {
                                    for w in 0..=4u8 {
                                        let stones = Stones::EMPTY
                                            .with(Stone::J, j)
                                            .with(Stone::Z, z)
                                            .with(Stone::C, c)
                                            .with(Stone::E, e)
                                            .with(Stone::N, n)
                                            .with(Stone::D, d)
                                            .with(Stone::F, f)
                                            .with(Stone::W, w);
                                        for royal in [false, true] {
                                            let base = Base::new(stones, royal);
                                            if base.check().is_ok() {
                                                bases.push(base);
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Most stones first within each class; ties in canonical-letter
        // order so the table (and generation order) is stable.
        bases.sort_by_key(|b| {
            (
                b.royal,
                std::cmp::Reverse(b.stones.total()),
                b.stones.letters(),
            )
        });
        let leaps = leap_table();
        let mut fits = vec![Fit {
            base: Base::default(),
            total: 0,
            reach: [Bitboard7::EMPTY; 49],
            steppers: Vec::new(),
            value: 0,
            weight: 0,
            kinds: 0,
            keep_score: 0,
            map_bits: 0,
        }];
        let mut plain = Vec::new();
        let mut royal = Vec::new();
        let mut lookup = HashMap::new();
        for base in bases {
            let id = FitId(fits.len() as u16);
            let mut reach = [Bitboard7::EMPTY; 49];
            for sq in Square7::all() {
                for (s, _) in base.stones.iter() {
                    reach[sq.index()] |= leaps[s.index()][sq.index()];
                }
            }
            let steppers = base
                .stones
                .iter()
                .filter(|&(s, n)| s.repeats() && n >= 2)
                .map(|(s, n)| (Stepper::of(s), n))
                .collect();
            fits.push(Fit {
                base,
                total: base.stones.total() as u8,
                reach,
                steppers,
                value: super::eval::composition_value(base),
                weight: super::eval::base_weight(base, &super::eval::WEIGHTS),
                kinds: base.stones.kinds(),
                keep_score: super::eval::composition_value(base)
                    + super::eval::storage_value(base.stones),
                map_bits: base
                    .stones
                    .iter()
                    .flat_map(|(s, n)| {
                        (0..n.min(4)).map(move |i| 1 << (s.index() * 4 + i as usize))
                    })
                    .fold(0, |a, b| a | b),
            });
            if base.royal {
                royal.push(id);
            } else {
                plain.push(id);
            }
            lookup.insert(base, id);
        }
        let index_of_total = |list: &[FitId], fits: &[Fit]| {
            let mut at = [list.len(); 6];
            for n in 0..6u8 {
                at[n as usize] = list
                    .iter()
                    .position(|id| fits[id.0 as usize].total < n)
                    .unwrap_or(list.len());
            }
            at
        };
        let plain_by_total = index_of_total(&plain, &fits);
        let royal_by_total = index_of_total(&royal, &fits);
        let within = (0..512usize)
            .map(|i| {
                let (list, kinds) = if i < 256 {
                    (&plain, i)
                } else {
                    (&royal, i - 256)
                };
                list.iter()
                    .copied()
                    .filter(|id| fits[id.0 as usize].kinds as usize & !kinds == 0)
                    .collect()
            })
            .collect();
        let mut table = FitTable {
            fits,
            plain,
            royal,
            plain_by_total,
            royal_by_total,
            within,
            lookup,
            refits: RefitTable::default(),
        };
        table.refits = table.build_refits();
        table
    }

    /// Every allowed composition (royal or plain, as the capturer) drawn
    /// from the pool of both bases' stones with at least as many stones as
    /// the capturer had, per pair; the principal one is the first with the
    /// highest `keep_score`.
    fn build_refits(&self) -> RefitTable {
        let n = self.fits.len();
        let mut ids = Vec::new();
        let mut spans = Vec::with_capacity(n * n);
        for own in 0..n {
            let own_fit = &self.fits[own];
            for victim in 0..n {
                let victim_fit = &self.fits[victim];
                let pool = own_fit.base.stones.plus(victim_fit.base.stones);
                let kinds = own_fit.kinds | victim_fit.kinds;
                let start = ids.len();
                let mut best: Option<(i32, usize)> = None;
                if own != 0 && victim != 0 {
                    for &id in self.within(own_fit.base.royal, kinds) {
                        let kept = self.get(id);
                        if kept.total < own_fit.total {
                            break; // the list is sorted by size
                        }
                        if kept.base.stones.is_subset_of(pool) {
                            if best.is_none_or(|(b, _)| kept.keep_score > b) {
                                best = Some((kept.keep_score, ids.len() - start));
                            }
                            ids.push(id);
                        }
                    }
                }
                spans.push(RefitSpan {
                    start: start as u32,
                    len: (ids.len() - start) as u16,
                    principal: best.map_or(0, |(_, i)| i as u16),
                });
            }
        }
        RefitTable { n, ids, spans }
    }

    /// The refits of a capture by a base of `own` on a base of `victim`.
    #[inline]
    pub fn refits(&self, own: FitId, victim: FitId) -> Refits<'_> {
        let t = &self.refits;
        let span = t.spans[own.0 as usize * t.n + victim.0 as usize];
        let start = span.start as usize;
        Refits {
            ids: &t.ids[start..start + span.len as usize],
            principal: span.principal as usize,
        }
    }

    #[inline]
    pub fn get(&self, id: FitId) -> &Fit {
        &self.fits[id.0 as usize]
    }

    #[inline]
    pub fn base(&self, id: FitId) -> Base {
        self.fits[id.0 as usize].base
    }

    #[inline]
    pub fn stones(&self, id: FitId) -> Stones {
        self.fits[id.0 as usize].base.stones
    }

    /// The id of an allowed composition, `None` if the rules forbid it.
    pub fn id(&self, base: Base) -> Option<FitId> {
        self.lookup.get(&base).copied()
    }

    /// Number of ids (including the unused 0).
    pub fn len(&self) -> usize {
        self.fits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.fits.len() <= 1
    }

    /// Plain or royal compositions holding at least `n` stones.
    #[inline]
    pub fn at_least(&self, royal: bool, n: u32) -> &[FitId] {
        let n = (n as usize).min(5);
        if royal {
            &self.royal[..self.royal_by_total[n]]
        } else {
            &self.plain[..self.plain_by_total[n]]
        }
    }

    /// Plain or royal compositions using only the kinds in `kinds` (one bit
    /// per stone index), most stones first.
    #[inline]
    pub fn within(&self, royal: bool, kinds: u8) -> &[FitId] {
        &self.within[(royal as usize) << 8 | kinds as usize]
    }

    /// All plain compositions (what a drop may fit).
    pub fn plain(&self) -> &[FitId] {
        &self.plain
    }

    pub fn royal(&self) -> &[FitId] {
        &self.royal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_counts_match_a_hand_count() {
        // Royal: 1 or 2 stones from W F D E Z C with at most one of Z/C and
        // no N/J. One stone: 6 kinds. Two stones: pairs with repetition from
        // W F D E (4*5/2 = 10), one of Z/C with one of W F D E (2*4 = 8):
        // 6 + 10 + 8 = 24.
        let t = fits();
        assert_eq!(t.royal().len(), 24);
        // Plain: counted by the enumeration in docs/rules/sigma4.md's terms (w, f <= 4,
        // d, e <= 2, at most one of Z/C, at most one of N/J, 1..=4 in all).
        let mut n = 0;
        for w in 0..5 {
            for f in 0..5 {
                for d in 0..3 {
                    for e in 0..3 {
                        for r3 in 0..3 {
                            for r4 in 0..3 {
                                let t = w + f + d + e + (r3 > 0) as i32 + (r4 > 0) as i32;
                                if (1..=4).contains(&t) {
                                    n += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(t.plain().len(), n);
        assert_eq!(n, 251);
        assert_eq!(t.len(), 1 + 251 + 24);
    }

    #[test]
    fn at_least_filters_by_size() {
        let t = fits();
        assert!(t.at_least(false, 3).iter().all(|&id| t.get(id).total >= 3));
        let threes_and_fours = t.plain().iter().filter(|&&id| t.get(id).total >= 3).count();
        assert_eq!(t.at_least(false, 3).len(), threes_and_fours);
        assert_eq!(t.at_least(true, 2).len(), 18);
        assert!(t.at_least(true, 3).is_empty());
        // Only W and F: 1-4 stones of two kinds, w + f in 1..=4: 14.
        let wf = (1 << Stone::W.index()) | (1 << Stone::F.index());
        assert_eq!(t.within(false, wf).len(), 14);
        // Royal with W and F: W, F, WW, FF, FW.
        assert_eq!(t.within(true, wf).len(), 5);
        assert_eq!(t.within(false, 0xff).len(), 251);
    }

    #[test]
    fn refits_are_the_allowed_compositions_from_the_pool() {
        let t = fits();
        let all: Vec<FitId> = (1..t.len() as u16).map(FitId).collect();
        for &own in &all {
            for &victim in &all {
                let (a, b) = (t.get(own), t.get(victim));
                let pool = a.base.stones.plus(b.base.stones);
                let class = if a.base.royal { t.royal() } else { t.plain() };
                let mut expected: Vec<FitId> = class
                    .iter()
                    .copied()
                    .filter(|&id| t.get(id).total >= a.total && t.stones(id).is_subset_of(pool))
                    .collect();
                let refits = t.refits(own, victim);
                let mut got = refits.ids.to_vec();
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "{own:?} takes {victim:?}");
                if let Some(p) = refits.principal_id() {
                    let best = expected.iter().map(|&id| t.get(id).keep_score).max();
                    assert_eq!(Some(t.get(p).keep_score), best);
                    let first = refits
                        .ids
                        .iter()
                        .position(|&id| t.get(id).keep_score == best.unwrap());
                    assert_eq!(first, Some(refits.principal), "the first best is principal");
                } else {
                    assert!(expected.is_empty());
                }
            }
        }
    }
}
