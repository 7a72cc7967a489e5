//! Calibration of pre-roll scores against game results: how often the side
//! to move went on to win, per score band, and the scale of the logistic
//! ([`crate::chance::cube::win_probability`]) that fits those results best.
//! The doubling cube's decisions rest on that mapping, so it is measured
//! from self-play (`shogammon-selfplay --calibrate`), not guessed.

/// One sample: a pre-roll score (side to move's view, score units) and the
/// game's result for that side (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub score: i32,
    pub result: f64,
}

/// The samples of one score band.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    /// Scores in `low..high`.
    pub low: i32,
    pub high: i32,
    pub count: usize,
    /// Mean result of the band's samples.
    pub won: f64,
    /// Mean of the fitted logistic over the band's samples.
    pub predicted: f64,
}

/// The logistic win probability of `score` at `scale`.
pub fn logistic(score: i32, scale: f64) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / scale).exp())
}

/// Mean negative log-likelihood of the results under the logistic at
/// `scale` (a draw counts half a win and half a loss).
pub fn log_loss(samples: &[Sample], scale: f64) -> f64 {
    const FLOOR: f64 = 1e-12;
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = logistic(s.score, scale).clamp(FLOOR, 1.0 - FLOOR);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale in `[lo, hi]` that minimises [`log_loss`] (golden-section
/// search on the log of the scale; the loss is unimodal in it).
pub fn fit_scale(samples: &[Sample], lo: f64, hi: f64) -> f64 {
    crate::golden::minimise_on_log(lo, hi, 80, |scale| log_loss(samples, scale))
}

/// The samples grouped by score into bands `width` wide (the band of 0 is
/// `0..width`), with their observed and predicted win rates; bands without
/// samples are left out.
pub fn bands(samples: &[Sample], width: i32, scale: f64) -> Vec<Band> {
    let width = width.max(1);
    let mut by_band: std::collections::BTreeMap<i32, (usize, f64, f64)> = Default::default();
    for s in samples {
        let e = by_band.entry(s.score.div_euclid(width)).or_default();
        e.0 += 1;
        e.1 += s.result;
        e.2 += logistic(s.score, scale);
    }
    by_band
        .into_iter()
        .map(|(b, (count, won, predicted))| Band {
            low: b * width,
            high: (b + 1) * width,
            count,
            won: won / count as f64,
            predicted: predicted / count as f64,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::DiceRoller;

    /// Samples whose results follow the logistic at `scale` exactly in
    /// expectation: scores spread over ±8000, results drawn from it.
    fn synthetic(scale: f64, n: usize, seed: u64) -> Vec<Sample> {
        let mut rng = DiceRoller::new(seed);
        (0..n)
            .map(|i| {
                let score = (i as i32 * 7919) % 16001 - 8000;
                let u = rng.below(1_000_000) as f64 / 1_000_000.0;
                let result = if u < logistic(score, scale) { 1.0 } else { 0.0 };
                Sample { score, result }
            })
            .collect()
    }

    #[test]
    fn the_fit_recovers_the_scale_the_results_were_drawn_from() {
        for scale in [1200.0, 2500.0, 4000.0] {
            let samples = synthetic(scale, 40_000, 3);
            let fitted = fit_scale(&samples, 100.0, 100_000.0);
            assert!(
                (fitted / scale - 1.0).abs() < 0.08,
                "drawn at {scale}, fitted {fitted}"
            );
        }
    }

    #[test]
    fn bands_count_every_sample_and_average_their_results() {
        let samples = [
            Sample {
                score: -150,
                result: 0.0,
            },
            Sample {
                score: 20,
                result: 1.0,
            },
            Sample {
                score: 80,
                result: 0.0,
            },
            Sample {
                score: 120,
                result: 0.5,
            },
        ];
        let b = bands(&samples, 100, 2500.0);
        assert_eq!(b.len(), 3);
        assert_eq!((b[0].low, b[0].high, b[0].count), (-200, -100, 1));
        assert_eq!((b[1].low, b[1].count, b[1].won), (0, 2, 0.5));
        assert_eq!((b[2].low, b[2].count, b[2].won), (100, 1, 0.5));
        assert!(b[1].predicted > 0.5 && b[1].predicted < 0.51);
    }

    #[test]
    fn a_sharper_fit_loses_less_on_decisive_results() {
        let samples = [
            Sample {
                score: 1000,
                result: 1.0,
            },
            Sample {
                score: -1000,
                result: 0.0,
            },
        ];
        assert!(log_loss(&samples, 500.0) < log_loss(&samples, 5000.0));
    }
}
