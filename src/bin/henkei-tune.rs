//! Tunes the shogi, Mortal Shogi and Sigma 4 evaluations by Texel's method and
//! checks the result in games (docs/tuning.md).
//!
//! ```text
//! henkei-tune gen   --variant shogi --games 2000 --nodes 1500 --seed 1 --out shogi.data
//! henkei-tune tune  --variant shogi --data shogi.data [--epochs 600 --lr 4 --l2 2e-8 --material-l2 1 --lambda 0.5]
//! henkei-tune match --variant shogi --pairs 100 --nodes 20000 [--weights FILE | --net DIR [--fv-scale 16]]
//! henkei-tune bench --variant shogi [--depth 5 --positions 8 --rounds 2 --sfens FILE] [--net DIR [--fv-scale 16]]
//! henkei-tune error --variant shogi --data shogi.data [--weights FILE]
//! henkei-tune records --variant shogi --records DIR[,DIR...] --out games.data [--skip-plies 16]
//! ```
//!
//! `--variant` is `shogi` (default), `mortal` or `sigma4`; `--setup random`
//! (gen, match) starts Sigma 4 games from random setups. `tune` writes the weights
//! to the game's shipped file (`src/<game>/eval_weights.rs`, run from the
//! repository root) unless `--out` names another; `--start shipped`
//! continues from the shipped weights instead of the material values.
//! `--net DIR` (standard shogi) makes the candidate a YaneuraOu-format
//! NNUE net, `DIR/nn.bin` (docs/nnue.md).

use std::collections::HashMap;
use std::io::{BufWriter, Write};
use std::sync::Arc;
use std::time::Instant;

use henkei::nnue::{self, NetHandle};
use henkei::registry::Variant;
use henkei::tune::label::{self, LabelConfig};
use henkei::tune::matches::{self, MatchConfig};
use henkei::tune::records::{self, ImportConfig, ImportStats};
use henkei::tune::selfplay::{self, GenConfig};
use henkei::tune::texel::{self, TuneConfig};
use henkei::tune::{weights, Player, Tunable, WithTunable};

const USAGE: &str = "usage: henkei-tune gen|label|tune|match|bench|error|records [--variant shogi|mortal|sigma4] [options] (see docs/tuning.md)";

struct Args {
    command: String,
    options: HashMap<String, String>,
}

impl Args {
    fn parse() -> Result<Args, String> {
        let mut it = std::env::args().skip(1);
        let command = it.next().ok_or(USAGE)?;
        let mut options = HashMap::new();
        while let Some(key) = it.next() {
            let Some(name) = key.strip_prefix("--") else {
                return Err(format!("unexpected argument '{key}'\n{USAGE}"));
            };
            let value = it.next().ok_or(format!("--{name} needs a value"))?;
            options.insert(name.to_string(), value);
        }
        Ok(Args { command, options })
    }

    fn get<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.options.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{name}: cannot read '{v}'")),
        }
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }
}

fn main() {
    let result = Args::parse().and_then(|args| {
        let name = args.text("variant").unwrap_or(Variant::ALL[0].name());
        let variant = Variant::from_flag("--variant", name)?;
        variant.tune(Run(&args)).unwrap_or_else(|| {
            Err(format!(
                "--variant {variant}: its evaluation is not the tuner's model (tunable: {})",
                Variant::names_where(|c| c.tuned_evaluation)
            ))
        })
    });
    if let Err(e) = result {
        eprintln!("henkei-tune: {e}");
        std::process::exit(2);
    }
}

/// The command, run with the chosen game's type.
struct Run<'a>(&'a Args);

impl WithTunable for Run<'_> {
    type Output = Result<(), String>;

    fn run<P: Tunable>(self) -> Self::Output {
        run::<P>(self.0)
    }
}

fn run<P: Tunable>(args: &Args) -> Result<(), String> {
    match args.command.as_str() {
        "gen" => gen::<P>(args),
        "label" => label::<P>(args),
        "tune" => tune::<P>(args),
        "match" => play::<P>(args),
        "bench" => bench::<P>(args),
        "error" => error::<P>(args),
        "records" => import_records::<P>(args),
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}

fn gen<P: Tunable>(args: &Args) -> Result<(), String> {
    let d = GenConfig::default();
    let config = GenConfig {
        games: args.get("games", d.games)?,
        nodes: args.get("nodes", d.nodes)?,
        random_plies: (
            args.get("min-random", d.random_plies.0)?,
            args.get("max-random", d.random_plies.1)?,
        ),
        max_plies: args.get("max-plies", d.max_plies)?,
        resign: args.get("resign", d.resign)?,
        resign_plies: args.get("resign-plies", d.resign_plies)?,
        noise: args.get("noise", d.noise)?,
        quiet_margin: args.get("quiet-margin", d.quiet_margin)?,
        seed: args.get("seed", d.seed)?,
        hash_mb: args.get("hash", d.hash_mb)?,
        first_game: args.get("first-game", d.first_game)?,
        player: player_arg(args, Player::Material)?,
        random_setup: setup_arg(args)?,
        leaves: args.get("leaves", false)?,
    };
    let path = args.text("out").ok_or("gen needs --out FILE")?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{path}: {e}"))?;
    let mut out = BufWriter::new(file);
    let start = Instant::now();
    let stats = selfplay::generate::<P>(&config, &mut out, &mut |s| {
        if s.games.is_multiple_of(50) {
            eprintln!(
                "games {} positions {} plies/game {:.0} ({:.0} s)",
                s.games,
                s.positions,
                s.plies as f64 / s.games.max(1) as f64,
                start.elapsed().as_secs_f64()
            );
        }
    })
    .map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())?;
    println!(
        "{}: {} games ({} sente wins, {} gote wins, {} draws, {} adjudicated), {} positions, {:.1} plies/game, {:.0} s",
        P::VARIANT,
        stats.games,
        stats.black_wins,
        stats.white_wins,
        stats.draws,
        stats.adjudicated,
        stats.positions,
        stats.plies as f64 / stats.games.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `records --records DIR[,DIR...] --out FILE [--skip-plies N]
/// [--quiet-margin CP] [--first-game N]`: the quiet positions of the
/// `game-NNNN.txt` records in the directories, as data lines without a
/// score for `label`, games numbered from N in file order (docs/tuning.md).
fn import_records<P: Tunable>(args: &Args) -> Result<(), String> {
    let d = ImportConfig::default();
    let config = ImportConfig {
        skip_plies: args.get("skip-plies", d.skip_plies)?,
        quiet_margin: args.get("quiet-margin", d.quiet_margin)?,
    };
    let first_game: u32 = args.get("first-game", 0)?;
    let dirs = args.text("records").ok_or("records needs --records DIR")?;
    let mut files = Vec::new();
    for dir in dirs.split(',') {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{dir}: {e}"))?;
        for entry in entries {
            let path = entry.map_err(|e| format!("{dir}: {e}"))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with("game-") && name.ends_with(".txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    let path = args.text("out").ok_or("records needs --out FILE")?;
    let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = BufWriter::new(file);
    let mut stats = ImportStats::default();
    // Games are numbered in file order, so records of several matches
    // (each numbered from 1) stay apart.
    for (n, f) in files.iter().enumerate() {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let game = first_game + n as u32;
        records::import_record::<P>(&config, game, &text, &mut out, &mut stats)
            .map_err(|e| format!("{}: {e}", f.display()))?;
    }
    out.flush().map_err(|e| e.to_string())?;
    println!(
        "{}: {} games, {} positions, {} records left out (unfinished or lost by a fault)",
        P::VARIANT,
        stats.games,
        stats.positions,
        stats.skipped
    );
    Ok(())
}

/// `label --data IN --out OUT --nodes N [--player shipped|material]
/// [--part K/M] [--hash MB]`: the lines of IN searched again (docs/tuning.md).
fn label<P: Tunable>(args: &Args) -> Result<(), String> {
    let part = match args.text("part") {
        None => (0, 1),
        Some(text) => text
            .split_once('/')
            .and_then(|(k, m)| Some((k.parse().ok()?, m.parse().ok()?)))
            .ok_or(format!("--part: '{text}' is not K/M"))?,
    };
    let config = LabelConfig {
        nodes: args.get("nodes", 100_000)?,
        hash_mb: args.get("hash", 16)?,
        player: player_arg(args, Player::Shipped)?,
        part,
    };
    let input = args.text("data").ok_or("label needs --data FILE")?;
    let text = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let path = args.text("out").ok_or("label needs --out FILE")?;
    let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = BufWriter::new(file);
    let start = Instant::now();
    let stats = label::relabel::<P>(&config, &text, &mut out, &mut |s| {
        if (s.written + s.mates).is_multiple_of(1000) {
            eprintln!(
                "positions {} ({} mates left out, {:.0} s)",
                s.written + s.mates,
                s.mates,
                start.elapsed().as_secs_f64()
            );
        }
    })?;
    out.flush().map_err(|e| e.to_string())?;
    println!(
        "{}: {} positions written, {} left out (mate found), {} nodes each, {:.0} s",
        P::VARIANT,
        stats.written,
        stats.mates,
        config.nodes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn player_arg(args: &Args, default: Player) -> Result<Player, String> {
    match args.text("player") {
        None => Ok(default),
        Some("material") => Ok(Player::Material),
        Some("shipped") => Ok(Player::Shipped),
        Some(other) => Err(format!("--player: '{other}' (material or shipped)")),
    }
}

fn load_data<P: Tunable>(args: &Args) -> Result<(texel::Dataset, texel::Dataset), String> {
    let path = args.text("data").ok_or("needs --data FILE")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let holdout = args.get("holdout", 10u32)?;
    let labels = texel::Labels {
        lambda: args.get("lambda", 0.0)?,
        score_k: args
            .text("score-k")
            .map(str::parse)
            .transpose()
            .map_err(|_| "--score-k: not a number")?,
    };
    if !(0.0..=1.0).contains(&labels.lambda) {
        return Err(format!("--lambda {} is not between 0 and 1", labels.lambda));
    }
    let (train, valid, score_k) = texel::load_labelled::<P>(&text, holdout, labels)?;
    println!(
        "{}: {} training positions, {} validation positions, {:.0} features each",
        P::VARIANT,
        train.len(),
        valid.len(),
        train.density()
    );
    if let Some(k) = score_k {
        println!(
            "targets: {} x sigmoid({k:.6} x search score) + {} x result",
            labels.lambda,
            1.0 - labels.lambda
        );
    }
    Ok((train, valid))
}

fn as_f64(w: &[i32]) -> Vec<f64> {
    w.iter().map(|&x| x as f64).collect()
}

fn tune<P: Tunable>(args: &Args) -> Result<(), String> {
    let (train, valid) = load_data::<P>(args)?;
    let d = TuneConfig::default();
    let config = TuneConfig {
        epochs: args.get("epochs", d.epochs)?,
        lr: args.get("lr", d.lr)?,
        l2: args.get("l2", d.l2)?,
    };
    let material = as_f64(&P::material_weights());
    let start = match args.text("start").unwrap_or("material") {
        "material" => material.clone(),
        "shipped" => as_f64(P::shipped_weights()),
        other => return Err(format!("--start: 'material' or 'shipped', not '{other}'")),
    };
    let k = match args.text("k") {
        Some(k) => k.parse().map_err(|_| format!("--k: cannot read '{k}'"))?,
        None => texel::fit_k(&train, &material),
    };
    let before = (train.mse(&material, k), valid.mse(&material, k));
    println!(
        "K = {k:.6}; material-only MSE: train {:.6} validation {:.6}",
        before.0, before.1
    );
    let t = Instant::now();
    let material_l2 = args.get("material-l2", 1.0)?;
    let mut prior = texel::Prior::new::<P>(material_l2);
    match args.text("prior").unwrap_or("material") {
        "material" => {}
        // Pulled towards the shipped weights, all alike: a refit on new
        // data that keeps what the old data taught where the new is silent.
        "shipped" => {
            prior.center = as_f64(P::shipped_weights());
            prior.strength.fill(1.0);
        }
        other => return Err(format!("--prior: 'material' or 'shipped', not '{other}'")),
    }
    let w = texel::train(&train, &start, k, &prior, &config, &mut |epoch, mse| {
        eprintln!(
            "epoch {epoch}: train MSE {mse:.6} ({:.0} s)",
            t.elapsed().as_secs_f64()
        );
    });
    let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    let after = (train.mse(&w, k), valid.mse(&w, k));
    let after_int = (
        train.mse(&as_f64(&rounded), k),
        valid.mse(&as_f64(&rounded), k),
    );
    println!(
        "tuned MSE: train {:.6} validation {:.6} (rounded weights: train {:.6} validation {:.6})",
        after.0, after.1, after_int.0, after_int.1
    );
    for (name, s) in P::groups() {
        println!(
            "  {name:>22} starts at {s:>5}: {:?}",
            &rounded[s..(s + 9).min(P::NUM_FEATURES)]
        );
    }
    let data_name = args.text("data").unwrap_or("?");
    let data_name = std::path::Path::new(data_name)
        .file_name()
        .map_or(data_name.to_string(), |n| n.to_string_lossy().into_owned());
    let notes = vec![
        format!(
            "Data: {data_name}, {} training and {} validation positions.",
            train.len(),
            valid.len()
        ),
        format!(
            "K = {k:.6}; epochs {}, lr {}, l2 {:e}, material-l2 {material_l2}, prior {}, lambda {}.",
            config.epochs,
            config.lr,
            config.l2,
            args.text("prior").unwrap_or("material"),
            args.get("lambda", 0.0)?
        ),
        format!(
            "MSE material-only: train {:.6}, validation {:.6}.",
            before.0, before.1
        ),
        format!(
            "MSE tuned: train {:.6}, validation {:.6}.",
            after_int.0, after_int.1
        ),
    ];
    let path = args.text("out").unwrap_or(P::WEIGHTS_PATH);
    std::fs::write(path, weights::render::<P>(&rounded, &notes))
        .map_err(|e| format!("{path}: {e}"))?;
    println!("wrote {path}");
    Ok(())
}

fn weights_arg<P: Tunable>(args: &Args) -> Result<Vec<i32>, String> {
    match args.text("weights") {
        None => Ok(P::shipped_weights().to_vec()),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            weights::load::<P>(&text).map_err(|e| format!("{path}: {e}"))
        }
    }
}

fn error<P: Tunable>(args: &Args) -> Result<(), String> {
    let (train, valid) = load_data::<P>(args)?;
    let material = as_f64(&P::material_weights());
    let k = match args.text("k") {
        Some(k) => k.parse().map_err(|_| format!("--k: cannot read '{k}'"))?,
        None => texel::fit_k(&train, &material),
    };
    let w = as_f64(&weights_arg::<P>(args)?);
    println!(
        "K = {k:.6}; material-only MSE: train {:.6} validation {:.6}; weights: train {:.6} validation {:.6}",
        train.mse(&material, k),
        valid.mse(&material, k),
        train.mse(&w, k),
        valid.mse(&w, k)
    );
    Ok(())
}

fn play<P: Tunable>(args: &Args) -> Result<(), String> {
    let d = MatchConfig::default();
    let config = MatchConfig {
        pairs: args.get("pairs", d.pairs)?,
        nodes: args.get("nodes", d.nodes)?,
        opening_plies: args.get("opening-plies", d.opening_plies)?,
        max_plies: args.get("max-plies", d.max_plies)?,
        resign: args.get("resign", d.resign)?,
        resign_plies: args.get("resign-plies", d.resign_plies)?,
        seed: args.get("seed", d.seed)?,
        hash_mb: args.get("hash", d.hash_mb)?,
        net: net_arg(args)?,
        random_setup: setup_arg(args)?,
    };
    let w = Arc::new(weights_arg::<P>(args)?);
    let start = Instant::now();
    let stats = matches::play_match::<P>(&config, w, &mut |s| {
        if s.games().is_multiple_of(10) {
            let (elo, lo, hi) = s.elo();
            eprintln!(
                "games {} +{} ={} -{} elo {elo:+.0} [{lo:+.0}, {hi:+.0}] ({:.0} s)",
                s.games(),
                s.wins,
                s.draws,
                s.losses,
                start.elapsed().as_secs_f64()
            );
        }
    });
    let (elo, lo, hi) = stats.elo();
    println!(
        "{} tuned vs material, {} nodes/move: {} games, W {} D {} L {} (score {:.3}), Elo {elo:+.0} (95% [{lo:+.0}, {hi:+.0}]), {:.0} plies/game, {} adjudicated, {:.0} s",
        P::VARIANT,
        config.nodes,
        stats.games(),
        stats.wins,
        stats.draws,
        stats.losses,
        stats.score(),
        stats.plies as f64 / stats.games().max(1) as f64,
        stats.adjudicated,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `--setup standard|random`: random setups (games that have them).
fn setup_arg(args: &Args) -> Result<bool, String> {
    match args.text("setup").unwrap_or("standard") {
        "standard" => Ok(false),
        "random" => Ok(true),
        other => Err(format!("--setup: '{other}' (standard or random)")),
    }
}

/// `--sfens FILE`: bench positions, one SFEN a line (`#` comments).
fn read_sfens<P: Tunable>(file: &str) -> Result<Vec<P>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let sfen = usi::parse_sfen(l.strip_prefix("sfen ").unwrap_or(l))
                .map_err(|e| format!("{file}: '{l}': {e}"))?;
            P::from_sfen(&sfen).map_err(|e| format!("{file}: '{l}': {e}"))
        })
        .collect()
}

/// `--net DIR` (or a file) and `--fv-scale N`: the NNUE net to play with.
fn net_arg(args: &Args) -> Result<Option<NetHandle>, String> {
    let Some(dir) = args.text("net") else {
        return Ok(None);
    };
    let path = std::path::Path::new(dir);
    let file = if path.is_dir() {
        path.join("nn.bin")
    } else {
        path.to_path_buf()
    };
    let loaded = nnue::load_file(&file).map_err(|e| format!("--net: {e}"))?;
    for w in &loaded.warnings {
        eprintln!("henkei-tune: warning: {w}");
    }
    let fv_scale = args.get("fv-scale", nnue::DEFAULT_FV_SCALE)?;
    if !(1..=nnue::MAX_FV_SCALE).contains(&fv_scale) {
        return Err(format!("--fv-scale {fv_scale} is not 1..=128"));
    }
    Ok(Some(NetHandle {
        net: Arc::new(loaded.net),
        fv_scale,
        source: file.display().to_string(),
    }))
}

fn bench<P: Tunable>(args: &Args) -> Result<(), String> {
    let depth = args.get("depth", 5u32)?;
    let count = args.get("positions", 8usize)?;
    let rounds = args.get("rounds", 2u32)?;
    let positions = match args.text("sfens") {
        Some(file) => read_sfens::<P>(file)?,
        None => matches::bench_positions::<P>(count, args.get("seed", 3u64)?),
    };
    let net = net_arg(args)?;
    let s = matches::bench::<P>(&positions, depth, rounds, net.as_ref());
    let nps = |n: u64, t: f64| n as f64 / t.max(1e-9);
    let (tuned, material) = (
        nps(s.tuned_nodes, s.tuned_secs),
        nps(s.material_nodes, s.material_secs),
    );
    println!(
        "{} depth {depth}, {} positions x {rounds}: tuned {} nodes {:.0} nps; material {} nodes {:.0} nps; speed ratio {:.2}; eval {:.0} ns vs {:.0} ns",
        P::VARIANT,
        positions.len(),
        s.tuned_nodes,
        tuned,
        s.material_nodes,
        material,
        tuned / material,
        s.tuned_eval_ns,
        s.material_eval_ns
    );
    Ok(())
}
