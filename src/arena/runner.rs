//! A match: games in parallel worker threads (each with its own pair of
//! engine processes), a progress line per finished game, records, the SPRT
//! and the final summary.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

use super::clock::TimeControl;
use super::engine::{Engine, EngineConfig, Log};
use super::game::{play_game, start_engine, GameSettings, GameSpec, SetupMode};
use super::openings::Opening;
use super::records::{result_text, side_word, GameRecord, Termination};
use super::referee::Variant;
use super::stats::{los, Pentanomial, Sprt, Tally, Verdict};
use crate::game::Rules;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: Variant,
    pub rules: Rules,
    pub engines: [EngineConfig; 2],
    /// Time controls of engine 1 and engine 2.
    pub tcs: [TimeControl; 2],
    pub margin_ms: u64,
    /// Send `stop` when the clock runs out rather than after the margin.
    pub stop_on_time: bool,
    pub hang_ms: u64,
    pub search_timeout_ms: u64,
    /// Played in order, each twice (colours swapped); the start position
    /// when empty.
    pub openings: Vec<Opening>,
    pub setup: SetupMode,
    /// Shogammon: play with the doubling cube.
    pub cube: bool,
    pub dice_map: Option<String>,
    pub games: u32,
    pub concurrency: usize,
    pub seed: u64,
    pub sprt: Option<Sprt>,
    pub records: Option<PathBuf>,
    /// Write KIF as UTF-8 `.kifu` instead of Shift_JIS `.kif`.
    pub kif_utf8: bool,
    pub log: Option<PathBuf>,
    /// No progress line per game.
    pub quiet: bool,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            variant: Variant::ALL[0],
            rules: Rules {
                max_moves_to_draw: 256,
                ..Rules::default()
            },
            engines: [EngineConfig::default(), EngineConfig::default()],
            tcs: [TimeControl::parse("10+0.1").expect("valid"); 2],
            margin_ms: 100,
            stop_on_time: false,
            hang_ms: 5000,
            search_timeout_ms: 60_000,
            openings: Vec::new(),
            setup: SetupMode::Standard,
            cube: false,
            dice_map: None,
            games: 2,
            concurrency: 1,
            seed: 1,
            sprt: None,
            records: None,
            kif_utf8: false,
            log: None,
            quiet: false,
        }
    }
}

/// Faults of one engine over the match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    pub crashes: u32,
    pub illegal: u32,
    pub time_losses: u32,
    pub hangs: u32,
}

/// The match so far.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub names: [String; 2],
    /// Engine 1's results.
    pub tally: Tally,
    /// Engine 1's results as sente and as gote.
    pub by_colour: [Tally; 2],
    pub pairs: Pentanomial,
    pub endings: BTreeMap<&'static str, u32>,
    pub faults: [Faults; 2],
    /// Points won by engine 1 and engine 2 (the cube's value per game won).
    pub points: [u64; 2],
    pub llr: Option<f64>,
    pub verdict: Option<Verdict>,
    pub stopped_early: bool,
    /// Half-finished pairs: pair index to the first game's score.
    halves: HashMap<u32, f64>,
}

impl Summary {
    fn add(&mut self, r: &GameRecord, sprt: Option<&Sprt>) {
        let score = r.engine1_score();
        self.tally.add(score);
        if let Some(w) = r.winner {
            self.points[r.engines[w.index()]] += u64::from(r.points());
        }
        let e1_colour = if r.engines[0] == 0 { 0 } else { 1 };
        self.by_colour[e1_colour].add(score);
        *self.endings.entry(r.termination.name()).or_insert(0) += 1;
        if let Some(off) = r.offender {
            let f = &mut self.faults[r.engines[off.index()]];
            match r.termination {
                Termination::Crash => f.crashes += 1,
                Termination::Hang => f.hangs += 1,
                Termination::TimeForfeit => f.time_losses += 1,
                Termination::IllegalMove
                | Termination::InvalidDeclaration
                | Termination::InvalidSetup => f.illegal += 1,
                _ => {}
            }
        }
        let pair = (r.number - 1) / 2;
        match self.halves.remove(&pair) {
            Some(first) => self.pairs.add(first, score),
            None => {
                self.halves.insert(pair, score);
            }
        }
        if let Some(s) = sprt {
            let llr = if self.pairs.pairs() > 0 {
                s.llr_pentanomial(&self.pairs)
            } else {
                s.llr_trinomial(&self.tally)
            };
            self.llr = Some(llr);
            self.verdict = Some(s.verdict(llr));
        }
    }

    /// The score line used in progress output.
    fn running(&self) -> String {
        format!(
            "engine1 +{} ={} -{} ({:.1}%)",
            self.tally.wins,
            self.tally.draws,
            self.tally.losses,
            100.0 * self.tally.score().unwrap_or(0.5)
        )
    }

    /// The final report.
    pub fn report(&self, cfg: &MatchConfig) -> String {
        let mut out = String::new();
        let mut line = |s: String| {
            out.push_str(&s);
            out.push('\n');
        };
        let t = &self.tally;
        line("--- henkei-match summary ---".to_string());
        line(format!(
            "Variant {}, {} games{}: engine1 {} ({}) vs engine2 {} ({})",
            cfg.variant,
            t.games(),
            if self.stopped_early {
                " (stopped early by the SPRT)"
            } else {
                ""
            },
            self.names[0],
            cfg.tcs[0],
            self.names[1],
            cfg.tcs[1]
        ));
        line(format!(
            "Results (engine1): W {} D {} L {}, score {:.1}% ({:.1}/{})",
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score().unwrap_or(0.5),
            t.points(),
            t.games()
        ));
        let [s, g] = &self.by_colour;
        line(format!(
            "Colours (engine1): as sente +{} ={} -{}, as gote +{} ={} -{}",
            s.wins, s.draws, s.losses, g.wins, g.draws, g.losses
        ));
        match t.elo() {
            Some(e) => line(format!("Elo (games, trinomial): {e} (95%)")),
            None => line("Elo (games, trinomial): no games".to_string()),
        }
        if let Some(e) = self.pairs.elo() {
            let c = self.pairs.counts;
            line(format!(
                "Elo (pairs, pentanomial [{} {} {} {} {}], pairs {}): {e} (95%)",
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                self.pairs.pairs()
            ));
        }
        if cfg.cube {
            let [a, b] = self.points;
            line(format!(
                "Points (cube): engine1 {a}, engine2 {b}, engine1 net {:+}",
                a as i64 - b as i64
            ));
        }
        line(format!("LOS: {:.1}%", 100.0 * los(t.wins, t.losses)));
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        line(format!("Endings: {}", endings.join(", ")));
        for e in 0..2 {
            let f = &self.faults[e];
            line(format!(
                "engine{} {}: crashes {}, illegal moves {}, time losses {}, hangs {}",
                e + 1,
                self.names[e],
                f.crashes,
                f.illegal,
                f.time_losses,
                f.hangs
            ));
        }
        if let (Some(sprt), Some(llr)) = (&cfg.sprt, self.llr) {
            let (lo, hi) = sprt.bounds();
            let verdict = match self.verdict {
                Some(Verdict::H1) => "H1 accepted (engine1 is stronger by at least elo1)",
                Some(Verdict::H0) => "H0 accepted (engine1 is not stronger by elo1)",
                _ => "continue (no decision yet)",
            };
            line(format!(
                "SPRT {sprt}: LLR {llr:.2} [{lo:.2}, {hi:.2}] ({}): {verdict}",
                if self.pairs.pairs() > 0 {
                    "pentanomial"
                } else {
                    "trinomial"
                }
            ));
        }
        out
    }
}

/// SplitMix64 of `x`: per-pair seeds from the match seed.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Game `i` (0-based) of the match.
fn spec_for(cfg: &MatchConfig, i: u32) -> GameSpec {
    let pair = i / 2;
    let opening = if cfg.openings.is_empty() {
        Opening::startpos()
    } else {
        cfg.openings[pair as usize % cfg.openings.len()].clone()
    };
    GameSpec {
        number: i + 1,
        opening,
        engine1_sente: i.is_multiple_of(2),
        seed: mix(cfg.seed ^ mix(u64::from(pair))),
    }
}

/// Writes a game's record files.
fn write_records(dir: &std::path::Path, r: &GameRecord, kif_utf8: bool) -> Result<(), String> {
    let base = dir.join(format!("game-{:04}", r.number));
    let write = |ext: &str, bytes: &[u8]| {
        let path = base.with_extension(ext);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))
    };
    write("txt", r.to_text().as_bytes())?;
    if let Some(formats) = r.variant.capabilities().records {
        write("csa", (formats.to_csa)(r)?.as_bytes())?;
        let kif = (formats.to_kif)(r)?;
        if kif_utf8 {
            write("kifu", kif.as_bytes())?;
        } else {
            write("kif", &(formats.kif_to_shift_jis)(&kif))?;
        }
    }
    Ok(())
}

/// Makes two names that can be told apart.
fn distinct(names: [String; 2]) -> [String; 2] {
    if names[0] == names[1] {
        [format!("{} #1", names[0]), format!("{} #2", names[1])]
    } else {
        names
    }
}

/// Plays the match, writing progress and the summary to `out`.
pub fn run_match(cfg: &MatchConfig, out: &mut dyn Write) -> Result<Summary, String> {
    let log = match &cfg.log {
        Some(p) => Some(Log::create(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    if let Some(dir) = &cfg.records {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut settings = GameSettings {
        variant: cfg.variant,
        rules: cfg.rules.clone(),
        engines: cfg.engines.clone(),
        names: [String::new(), String::new()],
        tcs: cfg.tcs,
        margin_ms: cfg.margin_ms,
        stop_on_time: cfg.stop_on_time,
        hang_ms: cfg.hang_ms,
        search_timeout_ms: cfg.search_timeout_ms,
        setup: cfg.setup,
        cube: cfg.cube,
        dice_map: cfg.dice_map.clone(),
        log,
    };
    // Start each engine once: its name, and that it can play this game at all.
    let mut names = [String::new(), String::new()];
    for (e, name) in names.iter_mut().enumerate() {
        let en = start_engine(&settings, e, format!("probe e{}", e + 1))?;
        *name = cfg.engines[e]
            .name
            .clone()
            .or_else(|| en.id_name.clone())
            .unwrap_or_else(|| format!("engine{}", e + 1));
        en.quit(Duration::from_millis(500));
    }
    settings.names = distinct(names);
    let settings = Arc::new(settings);
    let _ = writeln!(
        out,
        "henkei-match: {} games of {}, engine1 {} ({}) vs engine2 {} ({}), seed {}, concurrency {}",
        cfg.games,
        cfg.variant,
        settings.names[0],
        cfg.tcs[0],
        settings.names[1],
        cfg.tcs[1],
        cfg.seed,
        cfg.concurrency
    );
    let _ = out.flush();

    let next = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    // Each result comes with a channel on which the main thread answers
    // once it has counted it, so a worker asks for its next game only after
    // the SPRT has seen its last one.
    type Done = (Result<GameRecord, String>, mpsc::Sender<()>);
    let (tx, rx) = mpsc::channel::<Done>();
    let cfg_arc = Arc::new(cfg.clone());
    let mut workers = Vec::new();
    for w in 0..cfg.concurrency.max(1).min(cfg.games.max(1) as usize) {
        let (next, stop, tx) = (next.clone(), stop.clone(), tx.clone());
        let (settings, cfg) = (settings.clone(), cfg_arc.clone());
        let handle = thread::Builder::new()
            .name(format!("match worker {w}"))
            .spawn(move || {
                let mut slots: [Option<Engine>; 2] = [None, None];
                let (ack_tx, ack_rx) = mpsc::channel();
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cfg.games {
                        break;
                    }
                    let result = play_game(&spec_for(&cfg, i), &settings, &mut slots);
                    if tx.send((result, ack_tx.clone())).is_err() || ack_rx.recv().is_err() {
                        break;
                    }
                }
                for en in slots.into_iter().flatten() {
                    en.quit(Duration::from_millis(500));
                }
            })
            .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        workers.push(handle);
    }
    drop(tx);

    let mut summary = Summary {
        names: settings.names.clone(),
        ..Summary::default()
    };
    let mut error = None;
    let mut done = 0u32;
    for (result, ack) in rx {
        let record = match result {
            Ok(r) => r,
            Err(e) => {
                stop.store(true, Ordering::SeqCst);
                error.get_or_insert(e);
                let _ = ack.send(());
                continue;
            }
        };
        done += 1;
        if let Some(dir) = &cfg.records {
            if let Err(e) = write_records(dir, &record, cfg.kif_utf8) {
                let _ = writeln!(out, "warning: records: {e}");
            }
        }
        summary.add(&record, cfg.sprt.as_ref());
        if !cfg.quiet {
            let played = record.moves.len() - record.opening_plies;
            let _ = writeln!(
                out,
                "[{done}/{}] game {}: {} (sente) vs {} (gote): {} {}{}, {} moves{} | {}",
                cfg.games,
                record.number,
                record.players[0],
                record.players[1],
                result_text(record.winner),
                record.describe(),
                match record.cube {
                    Some(c) => format!(" (cube {}, {} points)", c.value(), record.points()),
                    None => String::new(),
                },
                played,
                match record.offender {
                    Some(o) if record.termination.is_fault() => format!(
                        " [{} {}: {}]",
                        side_word(o),
                        record.termination.name(),
                        record.detail
                    ),
                    _ => String::new(),
                },
                summary.running()
            );
            let _ = out.flush();
        }
        if matches!(summary.verdict, Some(Verdict::H0 | Verdict::H1))
            && !stop.swap(true, Ordering::SeqCst)
        {
            summary.stopped_early = done < cfg.games;
        }
        let _ = ack.send(());
    }
    for w in workers {
        let _ = w.join();
    }
    if let Some(e) = error {
        return Err(e);
    }
    let _ = write!(out, "{}", summary.report(cfg));
    let _ = out.flush();
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_share_openings_and_seeds_and_swap_colours() {
        let cfg = MatchConfig {
            openings: vec![
                Opening::startpos(),
                Opening {
                    label: "b".into(),
                    ..Opening::startpos()
                },
            ],
            ..MatchConfig::default()
        };
        let s: Vec<GameSpec> = (0..6).map(|i| spec_for(&cfg, i)).collect();
        assert_eq!(s[0].seed, s[1].seed);
        assert_ne!(s[1].seed, s[2].seed);
        assert!(s[0].engine1_sente && !s[1].engine1_sente && s[2].engine1_sente);
        assert_eq!(s[2].opening.label, "b");
        assert_eq!(s[3].opening.label, "b");
        assert_eq!(s[4].opening.label, s[0].opening.label);
        assert_eq!(s[5].number, 6);
    }

    #[test]
    fn names_are_told_apart() {
        assert_eq!(
            distinct(["a".into(), "a".into()]),
            ["a #1".to_string(), "a #2".to_string()]
        );
        assert_eq!(
            distinct(["a".into(), "b".into()]),
            ["a".to_string(), "b".to_string()]
        );
    }
}
