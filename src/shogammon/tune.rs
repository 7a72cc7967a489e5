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
//! then plain arithmetic, so a coordinate search over the weights is fast.

use super::eval::{Features, Params};
use super::Position;
use crate::chance::score::WIN;

/// A position's features and its game's result for the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub features: Features,
    pub result: f64,
}

/// Training and validation samples (games numbered by a multiple of
/// `holdout` validate).
pub struct Data {
    pub train: Vec<Sample>,
    pub valid: Vec<Sample>,
}

/// Reads `game<TAB>result<TAB>sfen` lines (positions before the roll;
/// `#` lines and blank lines are skipped).
pub fn load(text: &str, holdout: u32) -> Result<Data, String> {
    let mut data = Data {
        train: Vec::new(),
        valid: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}", n + 1);
        let mut parts = line.splitn(3, '\t');
        let (Some(game), Some(result), Some(sfen)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected game, result and SFEN separated by tabs"));
        };
        let game: u32 = game.parse().map_err(|_| bad("bad game number"))?;
        let result: f64 = result.parse().map_err(|_| bad("bad result"))?;
        let sfen = usi::parse_sfen(sfen).map_err(|e| bad(&e.to_string()))?;
        let pos = Position::from_sfen(&sfen).map_err(|e| bad(&e.to_string()))?;
        let core = pos.core();
        if core.king(core.side()).is_none() || core.king(core.side().flip()).is_none() {
            continue;
        }
        let sample = Sample {
            features: Features::of(core),
            result,
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
/// results.
pub fn mse(samples: &[Sample], p: &Params) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let predicted = (1.0 + f64::from(s.features.score(p)) / f64::from(WIN)) / 2.0;
            (predicted - s.result).powi(2)
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
    }
}

/// Coordinate search from `start`: each knob in turn is moved up or down
/// by its step while that lowers the training error; when a whole round
/// changes nothing the steps halve, down to 1. `progress` hears the round
/// and the training error.
pub fn fit(train: &[Sample], start: Params, progress: &mut dyn FnMut(u32, f64)) -> Params {
    let mut best = knobs_of(&start);
    let mut best_err = mse(train, &apply(&start, &best));
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
                    let err = mse(train, &apply(&start, &candidate));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogammon::eval::{evaluate, SHIPPED};

    fn sample(sfen: &str, result: f64) -> Sample {
        let pos = Position::from_sfen(&usi::parse_sfen(sfen).unwrap()).unwrap();
        Sample {
            features: Features::of(pos.core()),
            result,
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
        let data = load(text, 3).unwrap();
        assert_eq!((data.train.len(), data.valid.len()), (0, 2));
        let err = load("1\tx\t4k4/9/9/9/9/9/9/9/4K4 b - 1\n", 10)
            .err()
            .unwrap();
        assert!(err.contains("line 1") && err.contains("result"), "{err}");
    }
}
