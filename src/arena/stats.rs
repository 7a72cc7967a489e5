//! Match statistics: score, Elo difference with a 95% interval (from the
//! game results, trinomial, and from game pairs, pentanomial), likelihood
//! of superiority, and a sequential probability ratio test.
//!
//! Elo is the logistic model: an expected score `s` is
//! `-400 log10(1/s - 1)` Elo. The SPRT is the generalised SPRT with the
//! normal approximation fishtest uses (M. Van den Bergh): for hypotheses
//! `elo0` and `elo1` with expected scores `s0`, `s1`, the log-likelihood
//! ratio after `N` samples with mean score `x̄` and variance `σ²` is
//! `N (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`. A sample is a game
//! (trinomial) or a pair of games with colours swapped (pentanomial, each
//! pair scored 0, ¼, ½, ¾ or 1).

/// 1.96: the two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference for an expected score (±infinity at 1 and 0).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// Likelihood of superiority: the probability that engine 1 is the
/// stronger, from wins and losses (draws carry no information).
pub fn los(wins: u32, losses: u32) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let (w, l) = (f64::from(wins), f64::from(losses));
    0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// Mean and variance of a discrete distribution: `counts[k]` samples of
/// value `values[k]`.
fn mean_var(counts: &[u32], values: &[f64]) -> Option<(f64, f64, f64)> {
    let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
    if n == 0.0 {
        return None;
    }
    let mean = counts
        .iter()
        .zip(values)
        .map(|(&c, v)| f64::from(c) * v)
        .sum::<f64>()
        / n;
    let var = counts
        .iter()
        .zip(values)
        .map(|(&c, v)| f64::from(c) * (v - mean).powi(2))
        .sum::<f64>()
        / n;
    Some((n, mean, var))
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub score: f64,
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    /// Why there is no meaningful interval (the bounds are then not
    /// printed): too few samples, no spread, or a bound at a 0% or 100%
    /// score.
    pub undefined: Option<&'static str>,
}

impl EloEstimate {
    fn from(n: f64, mean: f64, var: f64) -> EloEstimate {
        let se = (var / n).sqrt();
        let low = elo_from_score(mean - Z95 * se);
        let high = elo_from_score(mean + Z95 * se);
        let undefined = if n < 2.0 {
            Some("fewer than two samples")
        } else if var == 0.0 {
            Some("every sample had the same result")
        } else if !(low.is_finite() && high.is_finite()) {
            Some("too few samples: a bound falls at a 0% or 100% score")
        } else {
            None
        };
        EloEstimate {
            score: mean,
            elo: elo_from_score(mean),
            low,
            high,
            undefined,
        }
    }

    /// Half the interval's width, when it is finite.
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

fn signed(x: f64) -> String {
    // Adding 0.0 turns -0.0 into 0.0.
    let x = x + 0.0;
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.1}")
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.undefined {
            None => write!(
                f,
                "{} ± {:.1} [{}, {}]",
                signed(self.elo),
                self.margin() + 0.0,
                signed(self.low),
                signed(self.high)
            ),
            Some(reason) => write!(f, "{} (interval undefined: {reason})", signed(self.elo)),
        }
    }
}

const GAME_VALUES: [f64; 3] = [0.0, 0.5, 1.0];
const PAIR_VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Game results from engine 1's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points (win 1, draw ½).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// Adds one game scored 0, ½ or 1.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    fn counts(&self) -> [u32; 3] {
        [self.losses, self.draws, self.wins]
    }

    /// Elo from the games (trinomial model).
    pub fn elo(&self) -> Option<EloEstimate> {
        let (n, mean, var) = mean_var(&self.counts(), &GAME_VALUES)?;
        Some(EloEstimate::from(n, mean, var))
    }
}

/// Results of game pairs (same opening, colours swapped) from engine 1's
/// point of view: `counts[k]` pairs scored `k/2` points (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Adds a pair from its two game scores (each 0, ½ or 1).
    pub fn add(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Elo from the pairs (pentanomial model).
    pub fn elo(&self) -> Option<EloEstimate> {
        let (n, mean, var) = mean_var(&self.counts, &PAIR_VALUES)?;
        Some(EloEstimate::from(n, mean, var))
    }
}

/// `--sprt elo0=..,elo1=..,alpha=..,beta=..`
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Samples all on one side of an even score that the SPRT waits for
/// before the pseudo-samples' variance may decide it.
const ONE_SIDED_SAMPLES: u32 = 30;

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: engine 1 is at least `elo1` stronger.
    H1,
    /// H0 accepted: engine 1 is at most `elo0` stronger.
    H0,
    Continue,
}

impl Sprt {
    /// Reads `elo0=0,elo1=5,alpha=0.05,beta=0.05` (alpha and beta default
    /// to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',') {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{part}' is not key=value"))?;
            let v: f64 = v
                .trim()
                .parse()
                .map_err(|_| format!("--sprt: '{v}' is not a number"))?;
            match k.trim() {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                other => {
                    return Err(format!(
                        "--sprt: unknown key '{other}' (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if !(s.elo0.is_finite() && s.elo1.is_finite()) {
            return Err("--sprt needs elo0 and elo1".to_string());
        }
        if s.elo1 <= s.elo0 {
            return Err("--sprt: elo1 must be greater than elo0".to_string());
        }
        for p in [s.alpha, s.beta] {
            if !(p > 0.0 && p < 0.5) {
                return Err("--sprt: alpha and beta must lie between 0 and 0.5".to_string());
            }
        }
        Ok(s)
    }

    /// The stopping bounds (lower: accept H0, upper: accept H1).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of the samples. As fishtest does, empty outcome classes
    /// count as 0.001 samples. Until the samples hold a result on each side
    /// of an even score (a win and a loss, or a won and a lost pair), the
    /// variance is nothing but those pseudo-samples and the LLR would be
    /// huge after one game: it is 0 then, for the first
    /// [`ONE_SIDED_SAMPLES`] samples (a longer one-sided run does decide).
    fn llr(&self, counts: &[u32], values: &[f64]) -> f64 {
        let seen = |better: bool| {
            counts
                .iter()
                .zip(values)
                .any(|(&c, &v)| c > 0 && if better { v > 0.5 } else { v < 0.5 })
        };
        let samples: u32 = counts.iter().sum();
        if (!seen(true) || !seen(false)) && samples < ONE_SIDED_SAMPLES {
            return 0.0;
        }
        let weights: Vec<f64> = counts.iter().map(|&c| f64::from(c).max(1e-3)).collect();
        let n: f64 = weights.iter().sum();
        let mean = weights.iter().zip(values).map(|(w, v)| w * v).sum::<f64>() / n;
        let var = weights
            .iter()
            .zip(values)
            .map(|(w, v)| w * (v - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Log-likelihood ratio from single games.
    pub fn llr_trinomial(&self, t: &Tally) -> f64 {
        self.llr(&t.counts(), &GAME_VALUES)
    }

    /// Log-likelihood ratio from game pairs.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr(&p.counts, &PAIR_VALUES)
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

impl std::fmt::Display for Sprt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(elo_from_score(0.25), -190.848_501_887_865, 1e-9));
        assert!(close(score_from_elo(190.848_501_887_865), 0.75, 1e-12));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn erf_and_los() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_792_9, 2e-7));
        assert!(close(erf(-0.5), -0.520_499_877_8, 2e-7));
        assert!(close(los(120, 80), 0.997_661_132_5, 1e-6));
        assert!(close(los(3, 3), 0.5, 1e-9));
    }

    #[test]
    fn trinomial_interval() {
        let t = Tally {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        let e = t.elo().unwrap();
        assert!(close(e.elo, 0.0, 1e-9));
        // s = 0.5, σ² = 0.15, se = 0.0387: ±53.16 Elo.
        assert!(close(e.high, 53.158_971_904_578_7, 1e-3), "{e:?}");
        assert!(close(e.low, -53.158_971_904_578_7, 1e-3), "{e:?}");
        let t = Tally {
            wins: 120,
            draws: 100,
            losses: 80,
        };
        let e = t.elo().unwrap();
        assert!(close(e.elo, 46.602_227_628_574_88, 1e-9));
        assert!(close(e.low, 14.662_944_677_134_563, 1e-3));
        assert!(close(e.high, 79.346_535_402_943_2, 1e-3));
    }

    #[test]
    fn undefined_intervals_say_so() {
        let all_draws = Tally {
            wins: 0,
            draws: 4,
            losses: 0,
        };
        assert_eq!(
            all_draws.elo().unwrap().to_string(),
            "+0.0 (interval undefined: every sample had the same result)"
        );
        let all_wins = Tally {
            wins: 3,
            draws: 0,
            losses: 0,
        };
        assert_eq!(
            all_wins.elo().unwrap().to_string(),
            "+inf (interval undefined: every sample had the same result)"
        );
        let lopsided = Tally {
            wins: 5,
            draws: 0,
            losses: 1,
        };
        let text = lopsided.elo().unwrap().to_string();
        assert!(
            text.contains("interval undefined: too few samples"),
            "{text}"
        );
        let one = Tally {
            wins: 1,
            draws: 0,
            losses: 0,
        };
        assert!(one.elo().unwrap().to_string().contains("fewer than two"));
    }

    #[test]
    fn pentanomial_interval() {
        let p = Pentanomial {
            counts: [5, 20, 50, 30, 10],
        };
        let e = p.elo().unwrap();
        assert!(close(e.score, 0.543_478_260_869_565_2, 1e-12));
        assert!(close(e.elo, 30.288_285_575_247_322, 1e-9));
        assert!(close(e.low, -0.345_980_072_353_803_24, 1e-3));
        assert!(close(e.high, 61.400_899_889_430_21, 1e-3));
        let mut q = Pentanomial::default();
        q.add(1.0, 0.5);
        q.add(0.0, 0.0);
        assert_eq!(q.counts, [1, 0, 0, 1, 0]);
    }

    #[test]
    fn sprt_llr_and_bounds() {
        let s = Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.944_438_979_166_440_3, 1e-12));
        assert!(close(hi, 2.944_438_979_166_440_3, 1e-12));
        let t = Tally {
            wins: 120,
            draws: 100,
            losses: 80,
        };
        assert!(close(s.llr_trinomial(&t), 0.839_196_086_677_634_2, 1e-9));
        let p = Pentanomial {
            counts: [5, 20, 50, 30, 10],
        };
        assert!(close(s.llr_pentanomial(&p), 0.570_001_680_166_828_3, 1e-9));
        assert_eq!(s.verdict(0.0), Verdict::Continue);
        assert_eq!(s.verdict(3.0), Verdict::H1);
        assert_eq!(s.verdict(-3.0), Verdict::H0);
        // A lopsided result accepts H1 quickly.
        let big = Tally {
            wins: 900,
            draws: 0,
            losses: 100,
        };
        assert_eq!(s.verdict(s.llr_trinomial(&big)), Verdict::H1);
        let bad = Tally {
            wins: 100,
            draws: 0,
            losses: 900,
        };
        assert_eq!(s.verdict(s.llr_trinomial(&bad)), Verdict::H0);
        // Every pair won: undecided after two pairs, decided after 30.
        let two = Pentanomial {
            counts: [0, 0, 0, 0, 2],
        };
        let thirty = Pentanomial {
            counts: [0, 0, 0, 0, 30],
        };
        assert_eq!(s.verdict(s.llr_pentanomial(&two)), Verdict::Continue);
        assert_eq!(s.verdict(s.llr_pentanomial(&thirty)), Verdict::H1);
        assert_eq!(s.llr_trinomial(&Tally::default()), 0.0);
    }

    #[test]
    fn sprt_waits_for_results_on_both_sides() {
        let s = Sprt::parse("elo0=-10,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let one_loss = Tally {
            wins: 0,
            draws: 0,
            losses: 1,
        };
        assert_eq!(s.llr_trinomial(&one_loss), 0.0);
        assert_eq!(s.verdict(s.llr_trinomial(&one_loss)), Verdict::Continue);
        let many_wins = Tally {
            wins: 7,
            draws: 3,
            losses: 0,
        };
        assert_eq!(s.llr_trinomial(&many_wins), 0.0);
        let mixed = Tally {
            wins: 7,
            draws: 3,
            losses: 1,
        };
        assert!(s.llr_trinomial(&mixed) > 0.0);
        let pairs = Pentanomial {
            counts: [1, 0, 0, 0, 0],
        };
        assert_eq!(s.llr_pentanomial(&pairs), 0.0);
    }

    #[test]
    fn sprt_parse_errors() {
        assert!(Sprt::parse("elo0=0").is_err());
        assert!(Sprt::parse("elo0=5,elo1=0").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,alpha=0.7").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,gamma=1").is_err());
        let s = Sprt::parse("elo0=-1.5,elo1=3.5").unwrap();
        assert_eq!((s.alpha, s.beta), (0.05, 0.05));
    }
}
