//! Shogammon strength check: henkei's chance search against a random
//! player and a 1-ply greedy player, with seeded dice and alternating
//! colours.
//!
//! ```text
//! cargo run --release --bin shogammon-selfplay -- --games 200 --seed 1
//! ```
//!
//! Options: `--games N` per opponent (default 200, rounded up to even),
//! `--seed S` (default 1), `--opponent random|greedy|both` (default both),
//! `--nodes N` search nodes per turn (default 200000, about 0.2 s of one
//! core: a node budget is reproducible, unlike a time budget on a shared
//! machine), `--max-turns N` (default 300: the
//! game is scored a draw there), `--verbose` (print the last turns of
//! every game henkei loses), `--bench D` (no games: search 60 positions
//! from greedy self-play to depth D and report nodes and speed),
//! `--calibrate N` (no match: N games of henkei against itself; before
//! every roll the side to move's pre-roll score, as `go cube` computes it,
//! is kept with the game's result; prints the win rate per score band and
//! the logistic scale that fits them, the cube's `LOGISTIC_SCALE`;
//! `--positions FILE` also writes each scored position, before its roll,
//! as `game<TAB>result<TAB>sfen<TAB>score`), `--tune FILE` (no games: fits
//! the evaluation's weights to such a file, games numbered by tens held
//! out, and prints them; docs/tuning.md). With `--epochs N` the fit is a
//! gradient descent of N epochs on every linear weight, pulled towards
//! the shipped weights by `--l2 X`; without, a coordinate search over six
//! knobs. `--result-share F` (default 1) labels each position with that
//! share of the game's result and the rest of its recorded score.
//!
//! Games come in pairs that share one dice seed with the colours swapped,
//! so luck of the dice largely cancels within a pair. The score counts a
//! win 1, a draw 1/2; the error bar is 1.96 standard errors of the mean
//! game score, and the Wilson interval is given too (it stays meaningful
//! when every game is won).

use std::time::{Duration, Instant};

use henkei::chance::DiceRoller;
use henkei::chance::{self, calibration, cube, ChanceLimits, ChanceTable, Deadline};
use henkei::game::{Color, Game, Outcome, Rules};
use henkei::shogammon::{eval, tune, Position, Turn};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Henkei,
    Random,
    Greedy,
}

struct Config {
    games: u32,
    seed: u64,
    opponents: Vec<Player>,
    nodes: u64,
    max_turns: u32,
    /// Print the last turns of every game henkei loses.
    verbose: bool,
    /// Instead of games: fixed-depth searches of fixed positions.
    bench: Option<u32>,
    /// Instead of the match: this many self-play games for the cube's
    /// calibration.
    calibrate: Option<u32>,
    /// Where `--calibrate` writes its positions.
    positions: Option<String>,
    /// Instead of games: fit the evaluation to this file of positions.
    tune: Option<String>,
    /// The fit's label: this share of the result, the rest the recorded
    /// pre-roll score.
    result_share: f64,
    /// Epochs of the linear fit (0: only the knobs).
    epochs: u32,
    /// The linear fit's pull towards the starting weights.
    l2: f64,
}

fn parse_args() -> Result<Config, String> {
    let mut config = Config {
        games: 200,
        seed: 1,
        opponents: vec![Player::Random, Player::Greedy],
        nodes: 200_000,
        max_turns: 300,
        verbose: false,
        bench: None,
        calibrate: None,
        positions: None,
        tune: None,
        result_share: 1.0,
        epochs: 0,
        l2: 0.0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--verbose" {
            config.verbose = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{}: '{value}' is not a number", args[i]))
        };
        let fraction = || {
            value
                .parse::<f64>()
                .map_err(|_| format!("{}: '{value}' is not a number", args[i]))
        };
        match args[i].as_str() {
            "--result-share" => config.result_share = fraction()?.clamp(0.0, 1.0),
            "--l2" => config.l2 = fraction()?.max(0.0),
            "--epochs" => config.epochs = number()? as u32,
            "--games" => config.games = number()?.max(2) as u32,
            "--seed" => config.seed = number()?,
            "--nodes" => config.nodes = number()?.max(1),
            "--max-turns" => config.max_turns = number()?.max(1) as u32,
            "--bench" => config.bench = Some(number()?.clamp(1, 8) as u32),
            "--calibrate" => config.calibrate = Some(number()?.max(1) as u32),
            "--positions" => config.positions = Some(value.clone()),
            "--tune" => config.tune = Some(value.clone()),
            "--opponent" => {
                config.opponents = match value.as_str() {
                    "random" => vec![Player::Random],
                    "greedy" => vec![Player::Greedy],
                    "both" => vec![Player::Random, Player::Greedy],
                    other => {
                        return Err(format!(
                            "--opponent: '{other}' is not random, greedy or both"
                        ))
                    }
                }
            }
            other => return Err(format!("unknown option '{other}'")),
        }
        i += 2;
    }
    config.games += config.games % 2;
    Ok(config)
}

/// Search statistics over a match.
#[derive(Default)]
struct Stats {
    searches: u64,
    nodes: u64,
    time: Duration,
    depth_sum: u64,
}

struct Engine {
    tt: ChanceTable<Turn>,
    nodes: u64,
}

impl Engine {
    fn choose(&mut self, pos: &mut Position, stats: &mut Stats) -> Option<Turn> {
        let start = Instant::now();
        let limits = ChanceLimits {
            depth: None,
            nodes: Some(self.nodes),
            ..ChanceLimits::default()
        };
        let r = chance::search(
            pos,
            &mut self.tt,
            &Deadline::unlimited(),
            &limits,
            &mut |_| {},
        );
        stats.searches += 1;
        stats.nodes += r.nodes;
        stats.depth_sum += u64::from(r.depth);
        stats.time += start.elapsed();
        r.best
    }
}

fn random_turn(pos: &Position, rng: &mut DiceRoller) -> Option<Turn> {
    let mut list = Vec::new();
    pos.generate_legal(&mut list);
    (!list.is_empty()).then(|| list[rng.below(list.len())])
}

/// The turn after which the static evaluation (from the mover's view) is
/// best; ties go to the first generated.
fn greedy_turn(pos: &mut Position) -> Option<Turn> {
    let mut list = Vec::new();
    pos.generate_legal(&mut list);
    let mut best: Option<(i32, Turn)> = None;
    for t in list {
        pos.do_move(t);
        let v = -eval::evaluate(pos);
        pos.undo_move();
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, t));
        }
    }
    best.map(|(_, t)| t)
}

/// Plays one game; returns henkei's score (1, 1/2, 0) and the turns played.
fn play_game(
    henkei_color: Color,
    opponent: Player,
    dice_seed: u64,
    config: &Config,
    stats: &mut Stats,
) -> (f64, u32) {
    let mut pos = Position::startpos();
    let mut dice = DiceRoller::new(dice_seed);
    let mut rng = DiceRoller::new(dice_seed ^ 0x5eed_5eed_5eed);
    let mut engine = Engine {
        tt: ChanceTable::new(16),
        nodes: config.nodes,
    };
    let rules = Rules::default();
    let mut record: Vec<String> = Vec::new();
    for turn in 0..config.max_turns {
        if let Some(outcome) = pos.outcome(&rules) {
            let mover_is_henkei = pos.side_to_move() == henkei_color;
            let score = match outcome {
                Outcome::Win(_) => mover_is_henkei as u8 as f64,
                Outcome::Loss(_) => !mover_is_henkei as u8 as f64,
                Outcome::Draw(_) => 0.5,
            };
            if config.verbose && score < 0.25 {
                println!("lost as {henkei_color:?} vs {}:", name(opponent));
                for line in record.iter().rev().take(6).rev() {
                    println!("  {line}");
                }
            }
            return (score, turn);
        }
        let roll = dice.roll();
        if pos.set_dice(roll).is_err() {
            break;
        }
        let player = if pos.side_to_move() == henkei_color {
            Player::Henkei
        } else {
            opponent
        };
        let choice = match player {
            Player::Henkei => engine.choose(&mut pos, stats),
            Player::Random => random_turn(&pos, &mut rng),
            Player::Greedy => greedy_turn(&mut pos),
        };
        match choice {
            Some(t) => {
                if config.verbose {
                    record.push(format!(
                        "{} {} plays {}",
                        pos.to_sfen(),
                        name(player),
                        pos.format_move(t)
                    ));
                }
                pos.do_move(t)
            }
            None => break,
        }
    }
    (0.5, config.max_turns)
}

/// The Wilson score interval (95%) for a proportion `p` over `n` trials:
/// unlike the normal approximation it stays informative at 0% and 100%.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = 1.96f64 * 1.96;
    let centre = p + z2 / (2.0 * n);
    let spread = 1.96 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z2 / n;
    ((centre - spread) / scale, (centre + spread) / scale)
}

fn name(p: Player) -> &'static str {
    match p {
        Player::Henkei => "henkei",
        Player::Random => "random",
        Player::Greedy => "greedy",
    }
}

/// Positions (with their roll) from a greedy-vs-greedy game per seed,
/// every third turn.
fn bench_positions(seed: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for game in 0..6 {
        let mut pos = Position::startpos();
        let mut dice = DiceRoller::new(seed * 7919 + game);
        for turn in 0..60 {
            if pos.outcome(&Rules::default()).is_some() || pos.set_dice(dice.roll()).is_err() {
                break;
            }
            if turn % 3 == 2 && out.len() < 60 {
                let mut snapshot = Position::from_sfen(&pos.to_sfen()).expect("own SFEN");
                snapshot.set_roll(pos.roll());
                out.push(snapshot);
            }
            match greedy_turn(&mut pos) {
                Some(t) => pos.do_move(t),
                None => break,
            }
        }
    }
    out
}

/// Self-play for the cube's calibration: before every roll the side to
/// move's pre-roll score (depth 1 per roll, as `go cube` searches it) is
/// kept; each score is labelled with that side's result at the end.
fn calibration_game(dice_seed: u64, config: &Config) -> Vec<(calibration::Sample, String)> {
    let mut pos = Position::startpos();
    let mut dice = DiceRoller::new(dice_seed);
    let mut engines = [0, 1].map(|_| Engine {
        tt: ChanceTable::new(16),
        nodes: config.nodes,
    });
    let mut cube_tt = ChanceTable::new(4);
    let mut stats = Stats::default();
    let rules = Rules::default();
    let mut scores: Vec<(i32, Color, String)> = Vec::new();
    for _ in 0..config.max_turns {
        if let Some(outcome) = pos.outcome(&rules) {
            let mover = pos.side_to_move();
            let winner = match outcome {
                Outcome::Win(_) => Some(mover),
                Outcome::Loss(_) => Some(mover.flip()),
                Outcome::Draw(_) => None,
            };
            return scores
                .into_iter()
                .map(|(score, side, sfen)| {
                    let result = match winner {
                        Some(w) if w == side => 1.0,
                        Some(_) => 0.0,
                        None => 0.5,
                    };
                    (calibration::Sample { score, result }, sfen)
                })
                .collect();
        }
        let side = pos.side_to_move();
        let value = chance::pre_roll(&mut pos, &mut cube_tt, &Deadline::unlimited(), 1, None);
        scores.push((value.score, side, pos.to_sfen().to_string()));
        if pos.set_dice(dice.roll()).is_err() {
            break;
        }
        match engines[side.index()].choose(&mut pos, &mut stats) {
            Some(t) => pos.do_move(t),
            None => break,
        }
    }
    // Unfinished (the turn limit): no label.
    Vec::new()
}

fn calibrate(games: u32, config: &Config) -> Result<(), String> {
    use std::io::Write;
    let started = Instant::now();
    let mut samples = Vec::new();
    let mut finished = 0;
    let mut out = match &config.positions {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?,
        )),
        None => None,
    };
    for game in 0..games {
        let game_samples = calibration_game(
            config.seed.wrapping_mul(1_000_003) + u64::from(game) + 1,
            config,
        );
        finished += usize::from(!game_samples.is_empty());
        for (sample, sfen) in game_samples {
            if let Some(out) = out.as_mut() {
                writeln!(out, "{game}\t{}\t{sfen}\t{}", sample.result, sample.score)
                    .map_err(|e| e.to_string())?;
            }
            samples.push(sample);
        }
    }
    if let Some(mut out) = out {
        out.flush().map_err(|e| e.to_string())?;
    }
    let scale = calibration::fit_scale(&samples, 100.0, 100_000.0);
    println!(
        "calibration: {games} self-play games ({finished} finished), {} pre-roll scores, {} nodes/turn, seed {} ({:.0} s)",
        samples.len(),
        config.nodes,
        config.seed,
        started.elapsed().as_secs_f64()
    );
    println!(
        "fitted logistic scale {scale:.0} (log loss {:.4}; at the shipped scale {} {:.4})",
        calibration::log_loss(&samples, scale),
        cube::LOGISTIC_SCALE,
        calibration::log_loss(&samples, cube::LOGISTIC_SCALE)
    );
    println!("| pre-roll score | positions | won | fitted | shipped |");
    println!("|---|---|---|---|---|");
    for b in calibration::bands(&samples, 1000, scale) {
        let shipped: f64 = samples
            .iter()
            .filter(|s| s.score >= b.low && s.score < b.high)
            .map(|s| calibration::logistic(s.score, cube::LOGISTIC_SCALE))
            .sum::<f64>()
            / b.count as f64;
        println!(
            "| {} to {} | {} | {:.3} | {:.3} | {:.3} |",
            b.low, b.high, b.count, b.won, b.predicted, shipped
        );
    }
    Ok(())
}

/// Fits the evaluation's weights to a file of positions and results and
/// prints them with the errors before and after.
fn tune(path: &str, config: &Config) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let data = henkei::shogammon::tune::load(&text, 10, config.result_share)?;
    let started = Instant::now();
    let before = (
        tune::mse(&data.train, &eval::SHIPPED),
        tune::mse(&data.valid, &eval::SHIPPED),
    );
    // Every linear weight by gradient descent, or the six knobs.
    let fitted = if config.epochs > 0 {
        let fitted = tune::fit_linear(
            &data.train,
            eval::SHIPPED,
            config.l2,
            config.epochs,
            &mut |epoch, err| eprintln!("epoch {epoch}: train label MSE {err:.6}"),
        );
        eprintln!(
            "linear fit: MSE train {:.6} validation {:.6}",
            tune::mse(&data.train, &fitted),
            tune::mse(&data.valid, &fitted)
        );
        fitted
    } else {
        tune::fit(&data.train, eval::SHIPPED, &mut |round, err| {
            eprintln!("round {round}: train label MSE {err:.6}");
        })
    };
    println!(
        "{}: {} training, {} validation positions; MSE shipped: train {:.6} validation {:.6}; fitted: train {:.6} validation {:.6} ({:.0} s)",
        path,
        data.train.len(),
        data.valid.len(),
        before.0,
        before.1,
        tune::mse(&data.train, &fitted),
        tune::mse(&data.valid, &fitted),
        started.elapsed().as_secs_f64()
    );
    println!("{fitted:#?}");
    Ok(())
}

fn bench(depth: u32, seed: u64) {
    let positions = bench_positions(seed);
    let mut tt = ChanceTable::new(16);
    let (mut nodes, started) = (0u64, Instant::now());
    for p in &positions {
        let mut p = p.clone();
        tt.clear();
        let limits = ChanceLimits {
            depth: Some(depth),
            nodes: None,
            ..ChanceLimits::default()
        };
        let r = chance::search(
            &mut p,
            &mut tt,
            &Deadline::unlimited(),
            &limits,
            &mut |_| {},
        );
        nodes += r.nodes;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "bench depth {depth}: {} positions, {nodes} nodes, {secs:.2} s, {:.0} nodes/s, {:.1} ms/position",
        positions.len(),
        nodes as f64 / secs,
        1000.0 * secs / positions.len() as f64
    );
}

fn main() {
    let config = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("shogammon-selfplay: {e}");
            std::process::exit(2);
        }
    };
    if let Some(depth) = config.bench {
        bench(depth, config.seed);
        return;
    }
    if let Some(path) = &config.tune {
        if let Err(e) = tune(path, &config) {
            eprintln!("shogammon-selfplay: {e}");
            std::process::exit(1);
        }
        return;
    }
    if let Some(games) = config.calibrate {
        if let Err(e) = calibrate(games, &config) {
            eprintln!("shogammon-selfplay: {e}");
            std::process::exit(1);
        }
        return;
    }
    println!(
        "henkei (chance search, {} nodes/turn) vs each opponent: {} games, seed {}, draw at {} turns",
        config.nodes, config.games, config.seed, config.max_turns
    );
    for &opponent in &config.opponents {
        let mut stats = Stats::default();
        let mut scores = Vec::with_capacity(config.games as usize);
        let (mut wins, mut draws, mut losses, mut turns) = (0, 0, 0, 0u64);
        let started = Instant::now();
        for game in 0..config.games {
            // Pairs share the dice; henkei is sente in even games.
            let dice_seed = config.seed.wrapping_mul(1_000_003) + u64::from(game / 2) + 1;
            let color = if game % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let (score, length) = play_game(color, opponent, dice_seed, &config, &mut stats);
            scores.push(score);
            turns += u64::from(length);
            match score {
                s if s > 0.75 => wins += 1,
                s if s < 0.25 => losses += 1,
                _ => draws += 1,
            }
        }
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let margin = 1.96 * (var / n).sqrt();
        let (wilson_low, wilson_high) = wilson(mean, n);
        let secs = stats.time.as_secs_f64().max(1e-9);
        println!(
            "vs {:<6} +{wins} ={draws} -{losses}  score {:.1}% ± {:.1}% (95%; Wilson [{:.1}%, {:.1}%])  avg {:.0} turns/game  search {:.0} nodes/s, avg depth {:.2}, {:.1} ms/turn  ({:.0} s)",
            name(opponent),
            100.0 * mean,
            100.0 * margin,
            100.0 * wilson_low,
            100.0 * wilson_high,
            turns as f64 / n,
            stats.nodes as f64 / secs,
            stats.depth_sum as f64 / stats.searches.max(1) as f64,
            1000.0 * secs / stats.searches.max(1) as f64,
            started.elapsed().as_secs_f64(),
        );
    }
}
