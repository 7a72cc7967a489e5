//! Static evaluation, centipawn-like, from the side to move's view: a
//! linear model over features counted for each side (the side to move's
//! minus the opponent's), with weights in `eval_weights.rs` (fitted by
//! `henkei-tune`, docs/tuning.md). The features: stones on board bases by
//! kind (and their repeats, and those on the royal base apart), plain
//! bases, mobility, royal safety, the race of the royal base to its goal
//! square, the corner take's threat, storage stones by kind, and tempo.
//!
//! [`features`] is generic over a [`FeatureSink`]: the evaluation sums the
//! weights as features arrive, the tuner records the feature vector, so
//! both always see the same features.

use super::attacks::{destinations, tables};
use super::fits::{fits, Fit};
use super::position::{goal, own_corners, Position};
use super::types::{Base, Bitboard7, Stone, Stones};
use crate::board::eval::FeatureSink;
use crate::game::Color;

/// Value of one stone on a base, by kind (J Z C E N D F W): the hand-set
/// values, kept for move ordering and static exchange (material only). The
/// leapers of rank 3 and 4 reach eight squares; E and D reach a quarter of
/// the board only (both coordinates keep their parity), W and F step
/// anywhere.
const STONE: [i32; 8] = [230, 200, 170, 75, 250, 85, 100, 100];

/// Extra value of every further stone of a repeating kind: it adds reach
/// along the lines (WWWW is a short rook).
const REPEAT_BONUS: [i32; 8] = [0, 0, 0, 30, 0, 30, 45, 45];

/// A plain base on the board: a body that can capture and hold stones.
const BASE_ON_BOARD: i32 = 60;

// The hand-set evaluation's other terms (the model's starting weights).
const HAND_MOBILITY: i32 = 3;
const HAND_ROYAL_DANGER: i32 = 18;
const HAND_RACE: [i32; 7] = [0, 260, 140, 70, 30, 10, 0];
const HAND_CORNER_THREAT: i32 = 25;
const HAND_TEMPO: i32 = 12;

// Feature layout: first index of each group.
/// Stones on board bases, by kind.
pub const STONES: usize = 0;
/// Per kind, each stone beyond the first on one base.
pub const REPEATS: usize = 8;
/// Stones on the royal base, by kind (on top of `STONES`).
pub const ROYAL_STONES: usize = 16;
/// Plain bases on the board.
pub const PLAIN_BASES: usize = 24;
/// Squares reached (empty or enemy) by all bases.
pub const MOBILITY: usize = 25;
/// Squares next to the own royal that the enemy attacks.
pub const ROYAL_DANGER: usize = 26;
/// One-hot: the royal's king-distance to its goal (0..=6), goal unguarded.
pub const RACE_OPEN: usize = 27;
/// The same with the goal attacked by the enemy.
pub const RACE_GUARDED: usize = 34;
/// A base on an opponent's corner while that opponent's storage has stones.
pub const CORNER_THREAT: usize = 41;
/// Storage stones by kind while a plain base is in storage to drop them on.
pub const STORAGE: usize = 42;
/// Storage stones by kind with no base in storage (they wait for a capture).
pub const STORAGE_STUCK: usize = 50;
/// Plain bases in storage.
pub const STORED_BASES: usize = 58;
/// 1 for the side to move.
pub const TEMPO: usize = 59;
pub const NUM_FEATURES: usize = 60;

/// Feature groups: name and first index, in index order.
pub const GROUPS: [(&str, usize); 13] = [
    ("stones", STONES),
    ("repeats", REPEATS),
    ("royal_stones", ROYAL_STONES),
    ("plain_bases", PLAIN_BASES),
    ("mobility", MOBILITY),
    ("royal_danger", ROYAL_DANGER),
    ("race_open", RACE_OPEN),
    ("race_guarded", RACE_GUARDED),
    ("corner_threat", CORNER_THREAT),
    ("storage", STORAGE),
    ("storage_stuck", STORAGE_STUCK),
    ("stored_bases", STORED_BASES),
    ("tempo", TEMPO),
];

/// The hand-set evaluation as weights of the model (the tuner's start and
/// the centre of its prior). Storage stones were worth 3/4 of their board
/// value, and 2/3 of that with no base in storage: those products are
/// rounded down per stone here (the old evaluation rounded the sum).
pub const fn hand_weights() -> [i32; NUM_FEATURES] {
    let mut w = [0; NUM_FEATURES];
    let mut s = 0;
    while s < 8 {
        w[STONES + s] = STONE[s];
        w[REPEATS + s] = REPEAT_BONUS[s];
        w[STORAGE + s] = STONE[s] * 3 / 4;
        w[STORAGE_STUCK + s] = STONE[s] / 2;
        s += 1;
    }
    w[PLAIN_BASES] = BASE_ON_BOARD;
    w[MOBILITY] = HAND_MOBILITY;
    w[ROYAL_DANGER] = -HAND_ROYAL_DANGER;
    let mut d = 0;
    while d < 7 {
        w[RACE_OPEN + d] = HAND_RACE[d];
        // A guarded goal cannot be entered: the race is slower.
        w[RACE_GUARDED + d] = HAND_RACE[d] / 2;
        d += 1;
    }
    w[CORNER_THREAT] = HAND_CORNER_THREAT;
    w[TEMPO] = HAND_TEMPO;
    w
}

/// The weights the engine plays with.
pub const WEIGHTS: [i32; NUM_FEATURES] = super::eval_weights::WEIGHTS;

/// Static value of a base of this composition (hand-set material only:
/// move ordering, static exchange, refit choice).
pub fn composition_value(base: Base) -> i32 {
    let mut v = if base.royal { 0 } else { BASE_ON_BOARD };
    for (s, n) in base.stones.iter() {
        v += STONE[s.index()] * n as i32 + REPEAT_BONUS[s.index()] * (n as i32 - 1);
    }
    v
}

/// Value of stones in storage: three quarters of their board value (they
/// need a free base and a move to come into play, but may go anywhere).
pub fn storage_value(stones: Stones) -> i32 {
    let mut v = 0;
    for (s, n) in stones.iter() {
        v += STONE[s.index()] * n as i32;
    }
    v * 3 / 4
}

/// Rough value of one stone kind (move ordering).
pub fn stone_value(s: Stone) -> i32 {
    STONE[s.index()]
}

/// The model's weight of a base of this composition (its stone, repeat,
/// royal-stone and plain-base features) under `weights`: the fit table
/// keeps it per composition for the shipped weights.
pub fn base_weight(base: Base, weights: &[i32]) -> i32 {
    let mut v = if base.royal { 0 } else { weights[PLAIN_BASES] };
    for (s, n) in base.stones.iter() {
        let (i, n) = (s.index(), n as i32);
        v += weights[STONES + i] * n + weights[REPEATS + i] * (n - 1);
        if base.royal {
            v += weights[ROYAL_STONES + i] * n;
        }
    }
    v
}

/// Where the features go: a [`FeatureSink`], and the base features of one
/// composition at once (the engine adds its precomputed weight).
trait BaseSink {
    fn add(&mut self, index: usize, count: i32);
    fn base(&mut self, fit: &Fit, sign: i32);
}

/// Feeds a [`FeatureSink`] every feature.
struct Each<'a, S>(&'a mut S);

impl<S: FeatureSink> BaseSink for Each<'_, S> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        self.0.add(index, count);
    }

    #[inline(always)]
    fn base(&mut self, fit: &Fit, sign: i32) {
        let base = fit.base;
        if !base.royal {
            self.0.add(PLAIN_BASES, sign);
        }
        for (s, n) in base.stones.iter() {
            let (i, n) = (s.index(), n as i32);
            self.0.add(STONES + i, sign * n);
            if n > 1 {
                self.0.add(REPEATS + i, sign * (n - 1));
            }
            if base.royal {
                self.0.add(ROYAL_STONES + i, sign * n);
            }
        }
    }
}

/// Sums the shipped weights (bases by their precomputed weight).
struct Shipped(i32);

impl BaseSink for Shipped {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        self.0 += WEIGHTS[index] * count;
    }

    #[inline(always)]
    fn base(&mut self, fit: &Fit, sign: i32) {
        self.0 += fit.weight * sign;
    }
}

/// Feeds the features of `pos`: the side to move's counts positive, the
/// opponent's negative.
pub fn features<S: FeatureSink>(pos: &Position, sink: &mut S) {
    feed(pos, &mut Each(sink));
}

/// The evaluation with the given weights (the tuner's candidates).
pub fn evaluate_with(pos: &Position, weights: &[i32]) -> i32 {
    struct Sum<'a>(&'a [i32], i32);
    impl FeatureSink for Sum<'_> {
        fn add(&mut self, index: usize, count: i32) {
            self.1 += self.0[index] * count;
        }
    }
    let mut s = Sum(weights, 0);
    features(pos, &mut s);
    s.1
}

/// Static evaluation for the side to move (the shipped weights).
pub fn evaluate(pos: &Position) -> i32 {
    let mut s = Shipped(0);
    feed(pos, &mut s);
    s.0
}

#[inline(always)]
fn feed<S: BaseSink>(pos: &Position, sink: &mut S) {
    let t = tables();
    let ft = fits();
    let occ = pos.occupied();
    let us = pos.side();
    let mut attacks = [Bitboard7::EMPTY; 2];
    for c in [Color::Black, Color::White] {
        let sign = if c == us { 1 } else { -1 };
        let own = pos.bases(c);
        let mut mobility = 0;
        for sq in own {
            let Some(u) = pos.unit_at(sq) else {
                continue;
            };
            let fit = ft.get(u.fit);
            let reach = destinations(t, fit, sq, occ);
            attacks[c.index()] |= reach;
            mobility += (reach & !own).count() as i32;
            sink.base(fit, sign);
        }
        sink.add(MOBILITY, sign * mobility);
        let free = pos.bases_in_storage(c);
        // Stones with no free base to drop them on wait for a capture.
        let at = if free > 0 { STORAGE } else { STORAGE_STUCK };
        for (s, n) in pos.storage(c).iter() {
            sink.add(at + s.index(), sign * n as i32);
        }
        if free > 0 {
            sink.add(STORED_BASES, sign * free as i32);
        }
    }
    for c in [Color::Black, Color::White] {
        let sign = if c == us { 1 } else { -1 };
        let them = c.flip();
        let royal = pos.royal(c);
        let ring =
            t.leaps[Stone::W.index()][royal.index()] | t.leaps[Stone::F.index()][royal.index()];
        let danger = (ring & attacks[them.index()]).count() as i32;
        if danger > 0 {
            sink.add(ROYAL_DANGER, sign * danger);
        }
        let g = goal(c);
        let race = if attacks[them.index()].contains(g) {
            RACE_GUARDED
        } else {
            RACE_OPEN
        };
        sink.add(race + royal.distance(g) as usize, sign);
        if (pos.bases(c) & own_corners(them)).any() && !pos.storage(them).is_empty() {
            sink.add(CORNER_THREAT, sign);
        }
    }
    sink.add(TEMPO, 1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::{feature_vector, random_positions, Rng};

    /// The hand-set evaluation as it was before the model (the reference
    /// the hand weights must reproduce).
    fn old_evaluate(pos: &Position) -> i32 {
        let t = tables();
        let ft = fits();
        let occ = pos.occupied();
        let mut score = [0i32; 2];
        let mut attacks = [Bitboard7::EMPTY; 2];
        for c in [Color::Black, Color::White] {
            let own = pos.bases(c);
            for sq in own {
                let Some(u) = pos.unit_at(sq) else {
                    continue;
                };
                let fit = ft.get(u.fit);
                let reach = destinations(t, fit, sq, occ);
                attacks[c.index()] |= reach;
                score[c.index()] += fit.value + HAND_MOBILITY * (reach & !own).count() as i32;
            }
            let stored = storage_value(pos.storage(c));
            score[c.index()] += if pos.bases_in_storage(c) > 0 {
                stored
            } else {
                stored * 2 / 3
            };
        }
        for c in [Color::Black, Color::White] {
            let them = c.flip();
            let royal = pos.royal(c);
            let ring =
                t.leaps[Stone::W.index()][royal.index()] | t.leaps[Stone::F.index()][royal.index()];
            let danger = (ring & attacks[them.index()]).count() as i32;
            score[c.index()] -= HAND_ROYAL_DANGER * danger;
            let g = goal(c);
            let mut race = HAND_RACE[royal.distance(g) as usize];
            if attacks[them.index()].contains(g) {
                race /= 2;
            }
            score[c.index()] += race;
            if (pos.bases(c) & own_corners(them)).any() && !pos.storage(them).is_empty() {
                score[c.index()] += HAND_CORNER_THREAT;
            }
        }
        let us = pos.side();
        score[us.index()] - score[us.flip().index()] + HAND_TEMPO
    }

    /// Positions from random games, some from random setups.
    fn positions() -> Vec<Position> {
        let mut out = random_positions::<Position>(30, 120, 3);
        let mut rng = Rng::new(11);
        for _ in 0..20 {
            let Some(mut p) = <Position as crate::tune::Tunable>::random_start(&mut rng) else {
                continue;
            };
            for _ in 0..80 {
                if !crate::tune::random_opening(&mut p, 1, &mut rng) {
                    break;
                }
                out.push(Position::from_sfen(&p.to_sfen()).expect("legal"));
            }
        }
        out
    }

    #[test]
    fn hand_weights_reproduce_the_hand_set_evaluation() {
        let w = hand_weights();
        let mut with_storage = 0;
        for p in positions() {
            let old = old_evaluate(&p);
            let new = evaluate_with(&p, &w);
            // Only the storage terms round differently: per stone (down)
            // instead of the sum.
            let stored = (p.storage(Color::Black).total() + p.storage(Color::White).total()) as i32;
            with_storage += usize::from(stored > 0);
            assert!(
                (old - new).abs() <= 1 + stored,
                "{}: {old} vs {new}",
                p.to_sfen()
            );
            if stored == 0 {
                assert_eq!(old, new, "{}", p.to_sfen());
            }
        }
        assert!(with_storage > 100, "{with_storage}");
    }

    #[test]
    fn engine_and_model_agree() {
        let mut v = Vec::new();
        for p in positions() {
            assert_eq!(evaluate(&p), evaluate_with(&p, &WEIGHTS), "{}", p.to_sfen());
            let sum: i32 = feature_vector(&p)
                .iter()
                .map(|&(i, n)| WEIGHTS[i as usize] * n as i32)
                .sum();
            assert_eq!(sum, evaluate(&p));
            v.push(p);
        }
        assert!(v.len() > 1000);
    }

    #[test]
    fn mirror_positions_evaluate_alike() {
        let w = hand_weights();
        for p in random_positions::<Position>(10, 100, 5) {
            let m = crate::tune::flipped(&p);
            assert_eq!(
                evaluate_with(&p, &w),
                evaluate_with(&m, &w),
                "{}",
                p.to_sfen()
            );
            assert_eq!(evaluate(&p), evaluate(&m));
        }
    }

    #[test]
    fn start_position_is_balanced() {
        // Both sides mirror each other: only the tempo remains.
        assert_eq!(evaluate(&Position::startpos()), WEIGHTS[TEMPO]);
        assert_eq!(
            evaluate_with(&Position::startpos(), &hand_weights()),
            HAND_TEMPO
        );
    }

    #[test]
    fn groups_are_in_order() {
        for pair in GROUPS.windows(2) {
            assert!(pair[0].1 < pair[1].1);
        }
        assert!(GROUPS[GROUPS.len() - 1].1 < NUM_FEATURES);
    }

    #[test]
    fn more_stones_are_worth_more() {
        let w = Stones::EMPTY.with(Stone::W, 1);
        let ww = w.with(Stone::W, 1);
        assert!(composition_value(Base::new(ww, false)) > composition_value(Base::new(w, false)));
        assert!(storage_value(ww) < composition_value(Base::new(ww, false)));
        let hand = hand_weights();
        assert_eq!(
            base_weight(Base::new(ww, false), &hand),
            composition_value(Base::new(ww, false))
        );
    }
}
