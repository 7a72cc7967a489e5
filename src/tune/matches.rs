//! The tuned evaluation against the material-only one: paired games from
//! the same random opening with the colours swapped, a fixed node budget
//! per move, and an Elo estimate with a 95% interval. Also a speed check:
//! fixed-depth searches with each evaluation.

use std::sync::Arc;
use std::time::Instant;

use super::{decided, random_opening, Material, Rng, Tunable};
use crate::game::{Color, Evaluate, FamilyRules, Game, GameError, Outcome, Rules, SearchHooks};
use crate::nnue::NetHandle;
use crate::search::score::is_mate_score;
use crate::search::{self, Limits, SearchControl, SearchResult};
use crate::tt::TranspositionTable;

/// A game evaluated with weights given at run time (candidate weights can
/// play before they are compiled in).
#[derive(Clone)]
pub struct Tuned<P>(pub P, pub Arc<Vec<i32>>);

super::delegate_game!(Tuned, |p| Tuned(p, Arc::new(P::shipped_weights().to_vec())));

impl<P: Tunable> Evaluate for Tuned<P> {
    fn evaluate(&self) -> i32 {
        self.0.evaluate_with(&self.1)
    }
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Game pairs (each opening is played twice, colours swapped).
    pub pairs: u32,
    pub nodes: u64,
    pub opening_plies: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// Adjudication: both engines agree that the same side leads by at
    /// least `resign` centipawns for `resign_plies` consecutive plies.
    pub resign: i32,
    pub resign_plies: u32,
    pub seed: u64,
    pub hash_mb: usize,
    /// Standard shogi: the candidate plays with this NNUE net instead of
    /// the given weights (`--net`).
    pub net: Option<NetHandle>,
    /// Start from random setups where the game has them (Sigma 4).
    pub random_setup: bool,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            pairs: 100,
            nodes: 20_000,
            opening_plies: 8,
            max_plies: 320,
            resign: 3000,
            resign_plies: 4,
            seed: 7,
            hash_mb: 16,
            net: None,
            random_setup: false,
        }
    }
}

/// Results from the tuned evaluation's view.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Each pair's mean score (0, 0.25, ..., 1).
    pub pair_scores: Vec<f64>,
    pub plies: u64,
    pub adjudicated: u32,
}

impl MatchStats {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// Elo difference and its 95% interval (low, high), from the mean pair
    /// score and its standard error (pairs are the independent units).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.pair_scores.len().max(1) as f64;
        let mean = self.pair_scores.iter().sum::<f64>() / n;
        let var = self
            .pair_scores
            .iter()
            .map(|s| (s - mean) * (s - mean))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        let se = (var / n).sqrt();
        (
            elo_of(mean),
            elo_of(mean - 1.96 * se),
            elo_of(mean + 1.96 * se),
        )
    }
}

/// Elo difference for an expected score (clamped away from 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// A start for a pair of games: `plies` random moves with no capture (the
/// material evaluation stays level) and the game still going.
pub fn opening<P: Tunable>(plies: u32, random_setup: bool, rng: &mut Rng) -> P {
    loop {
        let mut pos = match random_setup {
            true => P::random_start(rng).unwrap_or_else(P::startpos),
            false => P::startpos(),
        };
        if random_opening(&mut pos, plies, rng)
            && pos.is_level()
            && pos.outcome(&Rules::default()).is_none()
        {
            return pos;
        }
    }
}

/// Plays the match; `progress` sees the stats after every game.
pub fn play_match<P: Tunable>(
    config: &MatchConfig,
    weights: Arc<Vec<i32>>,
    progress: &mut dyn FnMut(&MatchStats),
) -> MatchStats {
    let mut rng = Rng::new(config.seed);
    let mut stats = MatchStats::default();
    let mut tuned_tt = TranspositionTable::new(config.hash_mb).unwrap_or_default();
    let mut old_tt = TranspositionTable::new(config.hash_mb).unwrap_or_default();
    for _ in 0..config.pairs {
        let start: P = opening(config.opening_plies, config.random_setup, &mut rng);
        let mut pair = 0.0;
        for tuned_colour in [Color::Black, Color::White] {
            tuned_tt.clear();
            old_tt.clear();
            let (score, plies, adjudicated) = play_game(
                config,
                start.clone(),
                tuned_colour,
                &weights,
                &mut tuned_tt,
                &mut old_tt,
            );
            stats.plies += plies as u64;
            stats.adjudicated += adjudicated as u32;
            match score {
                s if s > 0.75 => stats.wins += 1,
                s if s < 0.25 => stats.losses += 1,
                _ => stats.draws += 1,
            }
            pair += score / 2.0;
            progress(&stats);
        }
        stats.pair_scores.push(pair);
    }
    stats
}

/// One game; returns the tuned side's score, the plies played and whether
/// it was adjudicated.
fn play_game<P: Tunable>(
    config: &MatchConfig,
    mut pos: P,
    tuned_colour: Color,
    weights: &Arc<Vec<i32>>,
    tuned_tt: &mut TranspositionTable<P::Move>,
    old_tt: &mut TranspositionTable<P::Move>,
) -> (f64, u32, bool) {
    let rules = Rules::default();
    let control = SearchControl::unlimited();
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    // Last score of each engine, converted to Black's view.
    let mut last: [Option<i32>; 2] = [None, None];
    let mut streak = 0;
    let mut plies = 0;
    let winner: Option<Color> = loop {
        let stm = pos.side_to_move();
        if let Some(winner) = decided(&pos, &rules) {
            break winner;
        }
        if plies >= config.max_plies {
            break None;
        }
        let result: SearchResult<P::Move> = if stm == tuned_colour && config.net.is_some() {
            let mut g = pos.clone();
            g.set_net(config.net.as_ref());
            search::search(&mut g, tuned_tt, &control, &limits, &rules, &mut |_| {})
        } else if stm == tuned_colour {
            let mut g = Tuned(pos.clone(), weights.clone());
            search::search(&mut g, tuned_tt, &control, &limits, &rules, &mut |_| {})
        } else {
            let mut g = Material(pos.clone());
            search::search(&mut g, old_tt, &control, &limits, &rules, &mut |_| {})
        };
        let Some(best) = result.best else {
            break Some(stm.flip());
        };
        if is_mate_score(result.score) {
            return (
                score_for(
                    tuned_colour,
                    Some(if result.score > 0 { stm } else { stm.flip() }),
                ),
                plies,
                true,
            );
        }
        let black_view = if stm == Color::Black {
            result.score
        } else {
            -result.score
        };
        last[stm.index()] = Some(black_view);
        let agree = match last {
            [Some(a), Some(b)] if a >= config.resign && b >= config.resign => Some(Color::Black),
            [Some(a), Some(b)] if a <= -config.resign && b <= -config.resign => Some(Color::White),
            _ => None,
        };
        streak = if agree.is_some() { streak + 1 } else { 0 };
        if streak >= config.resign_plies {
            return (score_for(tuned_colour, agree), plies, true);
        }
        pos.do_move(best);
        plies += 1;
    };
    (score_for(tuned_colour, winner), plies, false)
}

fn score_for(colour: Color, winner: Option<Color>) -> f64 {
    match winner {
        None => 0.5,
        Some(w) if w == colour => 1.0,
        Some(_) => 0.0,
    }
}

/// Speed of the search with each evaluation.
#[derive(Clone, Debug, Default)]
pub struct BenchStats {
    pub tuned_nodes: u64,
    pub tuned_secs: f64,
    pub material_nodes: u64,
    pub material_secs: f64,
    /// Nanoseconds per static evaluation, over the bench positions.
    pub tuned_eval_ns: f64,
    pub material_eval_ns: f64,
}

/// Seconds this thread has run on a CPU (from the kernel's scheduler
/// statistics, so that other load on a shared machine does not count), or
/// `None` where that is not available.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// A stopwatch on thread CPU time, falling back to wall-clock time.
struct Stopwatch(Option<f64>, Instant);

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch(thread_cpu_seconds(), Instant::now())
    }

    fn seconds(&self) -> f64 {
        match (self.0, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => self.1.elapsed().as_secs_f64(),
        }
    }
}

/// Fixed-depth searches of `positions` with the shipped (compiled-in)
/// evaluation, or `net` if given, and with the material one, alternated
/// `rounds` times so that load on a shared machine hits both alike.
pub fn bench<P: Tunable>(
    positions: &[P],
    depth: u32,
    rounds: u32,
    net: Option<&NetHandle>,
) -> BenchStats {
    let rules = Rules::default();
    let control = SearchControl::unlimited();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut tt = TranspositionTable::new(16).unwrap_or_default();
    let mut stats = BenchStats::default();
    for _ in 0..rounds {
        for p in positions {
            tt.clear();
            let mut candidate = p.clone();
            candidate.set_net(net);
            let t = Stopwatch::start();
            let r = search::search(
                &mut candidate,
                &mut tt,
                &control,
                &limits,
                &rules,
                &mut |_| {},
            );
            stats.tuned_secs += t.seconds();
            stats.tuned_nodes += r.nodes;
            tt.clear();
            let t = Stopwatch::start();
            let mut m = Material(p.clone());
            let r = search::search(&mut m, &mut tt, &control, &limits, &rules, &mut |_| {});
            stats.material_secs += t.seconds();
            stats.material_nodes += r.nodes;
        }
    }
    let reps = 20_000usize;
    let evals = (reps * positions.len().max(1)) as f64;
    let mut sink = 0i64;
    let t = Stopwatch::start();
    for _ in 0..reps {
        for p in positions {
            sink += std::hint::black_box(p).evaluate_uncached() as i64;
        }
    }
    stats.tuned_eval_ns = t.seconds() * 1e9 / evals;
    let t = Stopwatch::start();
    for _ in 0..reps {
        for p in positions {
            sink += std::hint::black_box(p).material_eval() as i64;
        }
    }
    stats.material_eval_ns = t.seconds() * 1e9 / evals;
    std::hint::black_box(sink);
    stats
}

/// Positions for [`bench()`]: the start and positions met in quick
/// material-only self-play from seeded random openings.
pub fn bench_positions<P: Tunable>(count: usize, seed: u64) -> Vec<P> {
    let mut rng = Rng::new(seed);
    let mut out = vec![P::startpos()];
    let rules = Rules::default();
    let control = SearchControl::unlimited();
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    let mut tt = TranspositionTable::new(1).unwrap_or_default();
    while out.len() < count {
        let mut pos = Material(opening::<P>(8, false, &mut rng));
        let target = 20 + rng.below(80) as u32;
        let mut ok = true;
        for _ in 0..target {
            if pos.outcome(&rules).is_some() {
                ok = false;
                break;
            }
            match search::search(&mut pos, &mut tt, &control, &limits, &rules, &mut |_| {}).best {
                Some(m) => pos.do_move(m),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok && pos.outcome(&rules).is_none() {
            // A fresh position (no history), as a GUI would send it.
            if let Ok(p) = P::from_sfen(&pos.to_sfen()) {
                out.push(p);
            }
        }
    }
    out
}
