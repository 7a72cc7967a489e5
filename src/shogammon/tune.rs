//! Fitting Shogammon's evaluation weights ([`Params`]) to self-play
//! results (docs/tuning.md). The evaluation is an equity (score / WIN,
//! -1 to 1), and without gammons a side's equity is `2p - 1` for its win
//! probability `p`; so the fit minimises the squared error between
//! `(1 + score / WIN) / 2` and the result, over positions labelled with
//! the result of the game they came from. The expectiminimax search
//! averages scores over the rolls, which is only right for scores linear
//! in the chance of winning: the fit makes them so.
//!
//! Each position's [`Features`] are computed once; a candidate's error is
//! then plain arithmetic. Two fits: a coordinate search over six knobs
//! ([`fit`]), and a gradient descent on every linear weight
//! ([`fit_linear`]) for data sets large enough to bear it.

use super::eval::{Features, Params, CLASSES, DISTANCES};
use super::Position;
use crate::chance::score::WIN;

/// A position's features, its game's result for the side to move, and
/// the target the fit aims at (the result, or a blend of it with the
/// pre-roll search score recorded with the position).
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub features: Features,
    pub result: f64,
    pub label: f64,
}

/// Training and validation samples (games numbered by a multiple of
/// `holdout` validate).
pub struct Data {
    pub train: Vec<Sample>,
    pub valid: Vec<Sample>,
}

/// Reads `game<TAB>result<TAB>sfen[<TAB>score]` lines (positions before
/// the roll; `#` lines and blank lines are skipped). With a score (the
/// pre-roll search score, equity x 10000) the label is `result_share` of
/// the result plus the rest of the score's win probability; without, the
/// result.
pub fn load(text: &str, holdout: u32, result_share: f64) -> Result<Data, String> {
    let mut data = Data {
        train: Vec::new(),
        valid: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}", n + 1);
        let mut parts = line.splitn(4, '\t');
        let (Some(game), Some(result), Some(sfen)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected game, result and SFEN separated by tabs"));
        };
        let game: u32 = game.parse().map_err(|_| bad("bad game number"))?;
        let result: f64 = result.parse().map_err(|_| bad("bad result"))?;
        let label = match parts.next() {
            Some(score) => {
                let score: f64 = score.parse().map_err(|_| bad("bad score"))?;
                let searched = ((1.0 + score / f64::from(WIN)) / 2.0).clamp(0.0, 1.0);
                result_share * result + (1.0 - result_share) * searched
            }
            None => result,
        };
        let sfen = usi::parse_sfen(sfen).map_err(|e| bad(&e.to_string()))?;
        let pos = Position::from_sfen(&sfen).map_err(|e| bad(&e.to_string()))?;
        let core = pos.core();
        if core.king(core.side()).is_none() || core.king(core.side().flip()).is_none() {
            continue;
        }
        let sample = Sample {
            features: Features::of(core),
            result,
            label,
        };
        if holdout > 0 && game.is_multiple_of(holdout) {
            data.valid.push(sample);
        } else {
            data.train.push(sample);
        }
    }
    Ok(data)
}

/// Mean squared error of the equity's win probability against the
/// results (not the labels: the error that matters is the games').
pub fn mse(samples: &[Sample], p: &Params) -> f64 {
    squared_error(samples, p, |s| s.result)
}

/// Mean squared error against the labels (what the fits minimise).
fn label_mse(samples: &[Sample], p: &Params) -> f64 {
    squared_error(samples, p, |s| s.label)
}

fn squared_error(samples: &[Sample], p: &Params, target: impl Fn(&Sample) -> f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let predicted = (1.0 + f64::from(s.features.score(p)) / f64::from(WIN)) / 2.0;
            (predicted - target(s)).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// What the fit moves: one scale for every piece value (per mille; a
/// hand of piece values would overfit the few thousand games self-play
/// gives), the point's lower share, the two king-shape weights, the
/// threat share and the squash. Each with its bounds.
const KNOBS: [(&str, i32, i32); 6] = [
    ("material_scale", 100, 5000),
    ("lower_share", 0, 1000),
    ("king_on_top", 0, 1000),
    ("king_flight", 0, 500),
    ("threat_share", 0, 1000),
    ("squash", 500, 100_000),
];

/// The knobs' values for `p` (material scale 1000).
fn knobs_of(p: &Params) -> [i32; 6] {
    [
        1000,
        p.lower_share,
        p.king_on_top,
        p.king_flight,
        p.threat_share,
        p.squash,
    ]
}

/// `base` with the knobs applied.
fn apply(base: &Params, k: &[i32; 6]) -> Params {
    let scale = |v: i32| (i64::from(v) * i64::from(k[0]) / 1000) as i32;
    Params {
        values: base.values.map(scale),
        hand_values: base.hand_values.map(scale),
        lower_share: k[1],
        king_on_top: k[2],
        king_flight: k[3],
        threat_share: k[4],
        squash: k[5],
        ..*base
    }
}

/// Coordinate search from `start`: each knob in turn is moved up or down
/// by its step while that lowers the training error; when a whole round
/// changes nothing the steps halve, down to 1. `progress` hears the round
/// and the training error.
pub fn fit(train: &[Sample], start: Params, progress: &mut dyn FnMut(u32, f64)) -> Params {
    let mut best = knobs_of(&start);
    let mut best_err = label_mse(train, &apply(&start, &best));
    // Steps start at a tenth of each knob (at least 8).
    let mut steps: Vec<i32> = best.iter().map(|&v| (v / 10).max(8)).collect();
    let mut round = 0;
    while steps.iter().any(|&s| s > 1) && round < 200 {
        round += 1;
        let mut changed = false;
        for (i, step) in steps.iter_mut().enumerate() {
            let (_, low, high) = KNOBS[i];
            for dir in [1, -1] {
                loop {
                    let v = best[i] + dir * *step;
                    if v < low || v > high {
                        break;
                    }
                    let mut candidate = best;
                    candidate[i] = v;
                    let err = label_mse(train, &apply(&start, &candidate));
                    if err >= best_err {
                        break;
                    }
                    best = candidate;
                    best_err = err;
                    changed = true;
                }
            }
        }
        if !changed {
            for s in steps.iter_mut() {
                *s = (*s / 2).max(1);
            }
        }
        progress(round, best_err);
    }
    apply(&start, &best)
}

/// The linear weights [`fit_linear`] moves, in one vector: board values
/// (a point's lower piece counted at the lower share), hand values, the
/// two king-shape terms, the proximity tables, the drop room and the
/// expected-capture share.
const LINEAR: usize = 14 + 7 + 2 + 2 * CLASSES * DISTANCES + 1 + 1;

fn linear_features(f: &Features, lower_share: f64) -> [f64; LINEAR] {
    let board =
        (f.mobile.iter().zip(&f.lower)).map(|(&m, &l)| f64::from(m) + f64::from(l) * lower_share);
    let rest = (f.hand.iter())
        .chain([&f.king_on_top, &f.king_flights])
        .chain(f.attack.iter().flatten())
        .chain(f.defend.iter().flatten())
        .chain([&f.drop_room])
        .map(|&v| f64::from(v))
        // The share is per mille.
        .chain([f64::from(f.gain) / 1000.0]);
    let mut x = [0.0; LINEAR];
    for (xi, v) in x.iter_mut().zip(board.chain(rest)) {
        *xi = v;
    }
    x
}

/// `p`'s linear weights in the order of [`linear_features`].
fn weights_mut(p: &mut Params) -> impl Iterator<Item = &mut i32> {
    (p.values.iter_mut())
        .chain(p.hand_values.iter_mut())
        .chain([&mut p.king_on_top, &mut p.king_flight])
        .chain(p.attack.iter_mut().flatten())
        .chain(p.defend.iter_mut().flatten())
        .chain([&mut p.drop_room, &mut p.gain_share])
}

fn linear_weights(p: &Params) -> [f64; LINEAR] {
    let mut p = *p;
    let mut w = [0.0; LINEAR];
    for (wi, v) in w.iter_mut().zip(weights_mut(&mut p)) {
        *wi = f64::from(*v);
    }
    w
}

fn with_linear(base: &Params, w: &[f64; LINEAR]) -> Params {
    let mut p = *base;
    for (v, wi) in weights_mut(&mut p).zip(w) {
        *v = wi.round() as i32;
    }
    // The king has no value: its loss ends the game.
    p.values[7] = 0;
    p
}

/// The win probability [`Features::score`] gives for centipawns `cp`, and
/// its derivative in `cp` (the clamp at the decided scores aside).
fn predict(f: &Features, cp: f64, p: &Params) -> (f64, f64) {
    let win = f64::from(WIN);
    let s = f64::from(p.squash.max(1));
    let quiet = win * cp / (cp.abs() + s);
    let dquiet = win * s / (cp.abs() + s).powi(2);
    let p_us = f64::from(f.our_rolls) / 36.0;
    let p_them = f64::from(f.their_rolls) * f64::from(p.threat_share) / 1000.0 / 36.0;
    let rest = (1.0 - p_them) * quiet - p_them * win;
    let score = p_us * win + (1.0 - p_us) * rest;
    let dscore = (1.0 - p_us) * (1.0 - p_them) * dquiet;
    ((1.0 + score / win) / 2.0, dscore / win / 2.0)
}

/// Gradient descent (Adam, full batch) on the linear weights from
/// `start`, minimising the squared error against the labels plus `l2`
/// times the squared distance (in pawns of 100) from `start`'s weights.
/// The squash, threat share and lower share stay as `start` has them.
/// `progress` hears the epoch and the training error every 100 epochs.
pub fn fit_linear(
    train: &[Sample],
    start: Params,
    l2: f64,
    epochs: u32,
    progress: &mut dyn FnMut(u32, f64),
) -> Params {
    let lower_share = f64::from(start.lower_share) / 1000.0;
    let xs: Vec<[f64; LINEAR]> = train
        .iter()
        .map(|s| linear_features(&s.features, lower_share))
        .collect();
    let w0 = linear_weights(&start);
    let mut w = w0;
    let (mut m, mut v) = ([0.0; LINEAR], [0.0; LINEAR]);
    let (rate, beta1, beta2) = (4.0, 0.9, 0.999);
    let n = train.len().max(1) as f64;
    for epoch in 1..=epochs {
        let mut grad = [0.0; LINEAR];
        let mut loss = 0.0;
        for (s, x) in train.iter().zip(&xs) {
            let cp: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let (pred, dpred) = predict(&s.features, cp, &start);
            let e = pred - s.label;
            loss += e * e;
            let g = 2.0 * e * dpred / n;
            for (gi, xi) in grad.iter_mut().zip(x) {
                *gi += g * xi;
            }
        }
        for i in 0..LINEAR {
            let pawns = (w[i] - w0[i]) / 100.0;
            grad[i] += 2.0 * l2 * pawns / 100.0;
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - beta1.powi(epoch as i32));
            let vh = v[i] / (1.0 - beta2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % 100 == 0 || epoch == epochs {
            progress(epoch, loss / n);
        }
    }
    with_linear(&start, &w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogammon::eval::{evaluate, SHIPPED};

    fn sample(sfen: &str, result: f64) -> Sample {
        let pos = Position::from_sfen(&usi::parse_sfen(sfen).unwrap()).unwrap();
        Sample {
            features: Features::of(pos.core()),
            result,
            label: result,
        }
    }

    #[test]
    fn the_features_at_the_shipped_weights_are_the_evaluation() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "4k4/3GSB3/4R4/9/9/9/9/9/4K4 b - 1",
            "4k4/9/9/9/9/9/9/9/4K4 w RB2P 30",
        ] {
            let pos = Position::from_sfen(&usi::parse_sfen(sfen).unwrap()).unwrap();
            assert_eq!(
                Features::of(pos.core()).score(&SHIPPED),
                evaluate(&pos),
                "{sfen}"
            );
        }
    }

    #[test]
    fn the_fit_lowers_the_error_and_follows_the_results() {
        // Sente up a rook wins, down a rook loses: the fit must raise the
        // material's weight, which starts far too low here.
        let up = "4k4/9/9/9/9/9/9/9/R3K4 b - 1";
        let down = "4k4/9/9/9/9/9/9/9/r3K4 b - 1";
        let train: Vec<Sample> = (0..20)
            .flat_map(|_| [sample(up, 1.0), sample(down, 0.0)])
            .collect();
        let mut start = SHIPPED;
        start.squash = 90_000;
        let fitted = fit(&train, start, &mut |_, _| {});
        assert!(mse(&train, &fitted) < mse(&train, &start));
        let rook = |p: &Params| f64::from(p.values[5]) / f64::from(p.squash);
        assert!(rook(&fitted) > rook(&start), "{fitted:?}");
    }

    #[test]
    fn loading_keeps_holdout_games_apart_and_reports_bad_lines() {
        let text = "0\t1\t4k4/9/9/9/9/9/9/9/4K4 b - 1\n\
                    # a comment\n\
                    3\t0\t4k4/9/9/9/9/9/9/9/4K4 w - 1\n";
        let data = load(text, 3, 1.0).unwrap();
        assert_eq!((data.train.len(), data.valid.len()), (0, 2));
        let err = load("1\tx\t4k4/9/9/9/9/9/9/9/4K4 b - 1\n", 10, 1.0)
            .err()
            .unwrap();
        assert!(err.contains("line 1") && err.contains("result"), "{err}");
    }
}
