//! Texel's method: with `eval = w . x + danger` (the features `x` of a quiet
//! position, side to move's view; `danger` the quadratic king-danger term
//! of [`crate::board::eval::king_danger`], whose scale is one of the `w`) and the game's result `r` from the same view,
//! minimise `mean((sigmoid(K * eval) - r)^2) + l2 * sum(s_i * (w_i - c_i)^2)`,
//! an L2 prior that pulls the material weights towards the classic
//! material values and every other weight towards zero ([`Prior`]). K is fitted first, with the starting weights, and
//! then held, so the tuned evaluation keeps the starting scale (a pawn near
//! 100). The weights are fitted by full-batch Adam.

use super::{feature_vector, Tunable};

/// Where the quadratic king-danger term reads its weights: the
/// king-safety features `from..to` and the scale weight `scale`.
#[derive(Clone, Copy, Debug, Default)]
pub struct DangerTerm {
    pub from: usize,
    pub to: usize,
    pub scale: usize,
}

/// `max(a, 0)^2 / DANGER_DIVISOR`: the danger term per unit of scale.
#[inline]
fn danger_unit(a: f64) -> f64 {
    let a = a.max(0.0);
    a * a / crate::board::eval::DANGER_DIVISOR as f64
}

/// Quiet positions as sparse feature vectors with their results.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Position `j` owns entries `offsets[j]..offsets[j + 1]`.
    offsets: Vec<u32>,
    index: Vec<u16>,
    count: Vec<i16>,
    result: Vec<f32>,
    danger: DangerTerm,
}

impl Dataset {
    pub fn new() -> Dataset {
        Dataset {
            offsets: vec![0],
            ..Dataset::default()
        }
    }

    /// An empty set for positions of `P` (its king-danger term).
    pub fn for_game<P: Tunable>() -> Dataset {
        Dataset {
            danger: P::danger_term(),
            ..Dataset::new()
        }
    }

    pub fn len(&self) -> usize {
        self.result.len()
    }

    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    /// Average number of non-zero features per position.
    pub fn density(&self) -> f64 {
        self.index.len() as f64 / self.len().max(1) as f64
    }

    pub fn push(&mut self, features: &[(u16, i16)], result: f32) {
        for &(i, n) in features {
            self.index.push(i);
            self.count.push(n);
        }
        self.offsets.push(self.index.len() as u32);
        self.result.push(result);
    }

    pub fn push_position<P: Tunable>(&mut self, pos: &P, result: f32) {
        self.push(&feature_vector(pos), result);
    }

    #[inline]
    fn entries(&self, j: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (a, b) = (self.offsets[j] as usize, self.offsets[j + 1] as usize);
        self.index[a..b]
            .iter()
            .zip(&self.count[a..b])
            .map(|(&i, &n)| (i as usize, n as f64))
    }

    /// The model's evaluation of position `j`.
    #[inline]
    pub fn eval(&self, j: usize, w: &[f64]) -> f64 {
        self.eval_parts(j, w).0
    }

    /// The evaluation of position `j` and the two sides' attack sums (side
    /// to move first) that the danger term squares.
    #[inline]
    fn eval_parts(&self, j: usize, w: &[f64]) -> (f64, [f64; 2]) {
        let d = self.danger;
        let mut linear = 0.0;
        let mut attack = [0.0; 2];
        for (i, n) in self.entries(j) {
            let v = w[i] * n;
            linear += v;
            if i >= d.from && i < d.to {
                if n > 0.0 {
                    attack[0] += v;
                } else {
                    attack[1] -= v;
                }
            }
        }
        let scale = if d.to > d.from { w[d.scale] } else { 0.0 };
        let danger = scale * (danger_unit(attack[0]) - danger_unit(attack[1]));
        (linear + danger, attack)
    }

    /// Mean squared error of `sigmoid(k * eval)` against the results.
    pub fn mse(&self, w: &[f64], k: f64) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let total: f64 = (0..self.len())
            .map(|j| {
                let e = sigmoid(k * self.eval(j, w)) - self.result[j] as f64;
                e * e
            })
            .sum();
        total / self.len() as f64
    }

    /// How often each feature is non-zero.
    pub fn feature_counts(&self, num_features: usize) -> Vec<u32> {
        let mut c = vec![0u32; num_features];
        for &i in &self.index {
            c[i as usize] += 1;
        }
        c
    }
}

/// How a line's training target is formed from its result and, when the
/// line carries one, the search score of the game that played it:
/// `lambda * sigmoid(k * score) + (1 - lambda) * result`. A game's result
/// labels every position of it alike, a won game's mistakes too; the score
/// of a search deeper than the evaluation labels the position itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Labels {
    /// The score's share of the target (0: the result alone).
    pub lambda: f64,
    /// The scale turning a score into an expected result; `None`: the
    /// one that best predicts the data's results from their scores.
    pub score_k: Option<f64>,
}

/// One data line: `game<TAB>result<TAB>sfen[<TAB>score]`.
pub(super) struct Line<'a> {
    pub(super) game: u32,
    pub(super) result: f32,
    pub(super) sfen: &'a str,
    pub(super) score: Option<i32>,
}

pub(super) fn parse_line(line: &str) -> Result<Line<'_>, &'static str> {
    let mut parts = line.split('\t');
    let (Some(game), Some(result), Some(sfen)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("expected game, result and sfen separated by tabs");
    };
    let score = match parts.next() {
        None => None,
        Some(s) => Some(s.trim().parse().map_err(|_| "bad score")?),
    };
    if parts.next().is_some() {
        return Err("more than four fields");
    }
    Ok(Line {
        game: game.parse().map_err(|_| "bad game number")?,
        result: result.parse().map_err(|_| "bad result")?,
        sfen,
        score,
    })
}

/// The `k` for which `sigmoid(k * score)` best predicts the results (least
/// squares) over the lines with a score.
fn fit_score_k(lines: &[Line]) -> f64 {
    let scored: Vec<(f64, f64)> = lines
        .iter()
        .filter_map(|l| Some((f64::from(l.score?), f64::from(l.result))))
        .collect();
    crate::golden::minimise_on_log(1e-5, 1e-1, 60, |k| {
        scored
            .iter()
            .map(|&(s, r)| (sigmoid(k * s) - r).powi(2))
            .sum::<f64>()
    })
}

/// Reads `game<TAB>result<TAB>sfen` lines (a fourth field, the search score,
/// is ignored) into a training and a validation set: the games whose
/// number is a multiple of `holdout` (if not zero) form the validation
/// set, so no game is split between the two.
pub fn load<P: Tunable>(text: &str, holdout: u32) -> Result<(Dataset, Dataset), String> {
    load_labelled::<P>(text, holdout, Labels::default()).map(|(train, valid, _)| (train, valid))
}

/// [`load`] with targets blended from results and scores by `labels`;
/// also gives the score scale used (`None` when no score counts).
pub fn load_labelled<P: Tunable>(
    text: &str,
    holdout: u32,
    labels: Labels,
) -> Result<(Dataset, Dataset, Option<f64>), String> {
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        lines.push(parse_line(line).map_err(|what| format!("line {}: {what}: {line}", n + 1))?);
    }
    let score_k =
        (labels.lambda > 0.0).then(|| labels.score_k.unwrap_or_else(|| fit_score_k(&lines)));
    let mut train = Dataset::for_game::<P>();
    let mut valid = Dataset::for_game::<P>();
    for line in &lines {
        let bad = |e: &dyn std::fmt::Display| format!("game {}: {e}: {}", line.game, line.sfen);
        let parsed = usi::parse_sfen(line.sfen).map_err(|e| bad(&e))?;
        let pos = P::from_sfen(&parsed).map_err(|e| bad(&e))?;
        let target = match (score_k, line.score) {
            (Some(k), Some(score)) => {
                let expected = sigmoid(k * f64::from(score));
                (labels.lambda * expected + (1.0 - labels.lambda) * f64::from(line.result)) as f32
            }
            _ => line.result,
        };
        if holdout != 0 && line.game.is_multiple_of(holdout) {
            valid.push_position(&pos, target);
        } else {
            train.push_position(&pos, target);
        }
    }
    Ok((train, valid, score_k))
}

#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The K that minimises the error of the given weights (golden-section
/// search on log K over 1e-4 ..= 1e-1).
pub fn fit_k(data: &Dataset, w: &[f64]) -> f64 {
    crate::golden::minimise_on_log(1e-4, 1e-1, 60, |k| data.mse(w, k))
}

#[derive(Clone, Debug)]
pub struct TuneConfig {
    pub epochs: u32,
    /// Adam step size, centipawns; decays linearly to a tenth.
    pub lr: f64,
    /// L2 penalty per weight (in MSE units per cp^2).
    pub l2: f64,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            epochs: 600,
            lr: 4.0,
            l2: 2e-8,
        }
    }
}

/// The L2 prior: each weight is pulled towards `center` with `l2 *
/// strength` (the material and hand-count weights towards the classic
/// material values, everything else towards zero).
#[derive(Clone, Debug)]
pub struct Prior {
    pub center: Vec<f64>,
    pub strength: Vec<f64>,
}

impl Prior {
    /// `material_strength` scales the pull on the material weights.
    pub fn new<P: Tunable>(material_strength: f64) -> Prior {
        let center = P::material_weights().iter().map(|&x| x as f64).collect();
        let strength = (0..P::NUM_FEATURES)
            .map(|i| {
                if P::is_material(i) {
                    material_strength
                } else {
                    1.0
                }
            })
            .collect();
        Prior { center, strength }
    }

    /// The penalty term of the objective.
    pub fn penalty(&self, w: &[f64], l2: f64) -> f64 {
        w.iter()
            .zip(self.center.iter().zip(&self.strength))
            .map(|(x, (c, s))| l2 * s * (x - c) * (x - c))
            .sum()
    }
}

/// Fits the weights from `start` by full-batch Adam. Weights whose feature
/// never occurs keep their starting value. `report(epoch, train_mse)` is
/// called every few epochs.
pub fn train(
    data: &Dataset,
    start: &[f64],
    k: f64,
    prior: &Prior,
    config: &TuneConfig,
    report: &mut dyn FnMut(u32, f64),
) -> Vec<f64> {
    let n = start.len();
    let mut w = start.to_vec();
    let mut m = vec![0.0; n];
    let mut v = vec![0.0; n];
    let mut grad = vec![0.0; n];
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    let mut used: Vec<bool> = data.feature_counts(n).iter().map(|&c| c > 0).collect();
    if data.danger.to > data.danger.from {
        used[data.danger.scale] = true;
    }
    for epoch in 1..=config.epochs {
        let total = gradient(data, &w, k, &mut grad);
        let frac = (epoch - 1) as f64 / config.epochs.max(1) as f64;
        let lr = config.lr * (1.0 - 0.9 * frac);
        let (b1t, b2t) = (
            1.0 - beta1.powi(epoch as i32),
            1.0 - beta2.powi(epoch as i32),
        );
        for i in 0..n {
            if !used[i] {
                continue;
            }
            let g = grad[i] + 2.0 * config.l2 * prior.strength[i] * (w[i] - prior.center[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            w[i] -= lr * (m[i] / b1t) / ((v[i] / b2t).sqrt() + eps);
        }
        if epoch.is_multiple_of(50) || epoch == config.epochs {
            report(epoch, total);
        }
    }
    w
}

/// The gradient of the mean squared error at `w` into `grad` (cleared
/// first); returns the error.
pub fn gradient(data: &Dataset, w: &[f64], k: f64, grad: &mut [f64]) -> f64 {
    grad.iter_mut().for_each(|g| *g = 0.0);
    let d = data.danger;
    let has_danger = d.to > d.from;
    let scale = 2.0 * k / data.len().max(1) as f64;
    let mut total = 0.0;
    for j in 0..data.len() {
        let (e, attack) = data.eval_parts(j, w);
        let s = sigmoid(k * e);
        let err = s - data.result[j] as f64;
        total += err * err;
        let g = err * s * (1.0 - s) * scale;
        if !has_danger {
            for (i, x) in data.entries(j) {
                grad[i] += g * x;
            }
            continue;
        }
        // d danger / d w_i = x_i * 2 * scale * max(attack, 0) / divisor
        // for a safety feature of the side whose attack it is.
        let unit = 2.0 * w[d.scale] / crate::board::eval::DANGER_DIVISOR as f64;
        let slope = [unit * attack[0].max(0.0), unit * attack[1].max(0.0)];
        for (i, x) in data.entries(j) {
            let factor = if i >= d.from && i < d.to {
                1.0 + slope[usize::from(x < 0.0)]
            } else {
                1.0
            };
            grad[i] += g * x * factor;
        }
        grad[d.scale] += g * (danger_unit(attack[0]) - danger_unit(attack[1]));
    }
    total / data.len().max(1) as f64
}
