//! One game between two engine processes: starting (or restarting) the
//! engines, Sigma 4 setups, the clock, dice for Shogammon, and the
//! arbiter's decisions. Every answer is checked by the library; every wait
//! has a deadline.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::clock::{go_command, Clock, TimeControl};
use super::cube::{CubeStep, CubeTurn};
use super::engine::{Engine, EngineConfig, Log, WaitError};
use super::openings::Opening;
use super::records::{
    adjudicate, entering_king_name, position_command, side_word, utc_now, GameRecord, Report,
    Termination,
};
use super::referee::{new_referee, Variant};
use crate::chance::{Cube, DiceRoller};
use crate::game::{Color, Rules};

/// How long an engine may take to answer `usi` and `isready`.
pub const READY_TIMEOUT: Duration = Duration::from_secs(60);

/// How Sigma 4 games get their opening setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupMode {
    /// The start position or the opening book.
    Standard,
    /// Each engine chooses its own (`go setup`).
    Engines,
    /// Random legal setups drawn by the tool from the seed (shared by the
    /// two games of a pair).
    Random,
}

impl SetupMode {
    pub fn parse(s: &str) -> Option<SetupMode> {
        Some(match s {
            "standard" => SetupMode::Standard,
            "engines" => SetupMode::Engines,
            "random" => SetupMode::Random,
            _ => return None,
        })
    }
}

/// What every game of a match shares.
#[derive(Clone)]
pub struct GameSettings {
    pub variant: Variant,
    pub rules: Rules,
    pub engines: [EngineConfig; 2],
    /// Display names of engine 1 and engine 2.
    pub names: [String; 2],
    /// Time controls of engine 1 and engine 2.
    pub tcs: [TimeControl; 2],
    /// Overrun allowed beyond the clock (process and pipe overhead), ms.
    pub margin_ms: u64,
    /// Send `stop` as soon as the clock runs out (the answer must still
    /// come within the margin), for engines that search on until stopped
    /// when their clock reads 0; otherwise `stop` goes only once the margin
    /// is spent too.
    pub stop_on_time: bool,
    /// After `stop`, how long to wait for `bestmove` before the engine is
    /// declared hung and killed, ms.
    pub hang_ms: u64,
    /// Time limit of an untimed search (depth/nodes) and of `go setup`, ms.
    pub search_timeout_ms: u64,
    pub setup: SetupMode,
    /// Shogammon: play with the doubling cube (`--cube`).
    pub cube: bool,
    /// Shogammon `DiceMap` (sent to engines that list the option).
    pub dice_map: Option<String>,
    pub log: Option<Log>,
}

/// One game to play.
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// 1-based.
    pub number: u32,
    pub opening: Opening,
    /// Engine 1 plays sente.
    pub engine1_sente: bool,
    /// Seed of the dice (Shogammon) and of random setups (Sigma 4); the
    /// two games of a pair share it.
    pub seed: u64,
}

/// The value to give `decl` (a `USI_Variant`/`UCI_Variant` option) for `variant`.
fn variant_value(decl: &usi::OptionDecl, variant: Variant) -> Result<String, String> {
    match &decl.kind {
        usi::OptionKind::Combo { vars, .. } => {
            let names = std::iter::once(variant.name())
                .chain(variant.capabilities().aliases.iter().copied())
                .collect::<Vec<_>>();
            names
                .iter()
                .find_map(|n| vars.iter().find(|v| v.eq_ignore_ascii_case(n)))
                .cloned()
                .ok_or_else(|| {
                    format!(
                        "the engine's {} lists {}, not {variant}",
                        decl.name,
                        vars.join(", ")
                    )
                })
        }
        _ => Ok(variant.name().to_string()),
    }
}

/// Starts engine `which` (0 or 1): `usi`, the variant, options, `isready`.
pub fn start_engine(s: &GameSettings, which: usize, label: String) -> Result<Engine, String> {
    let cfg = &s.engines[which];
    let who = format!("engine{} ({})", which + 1, cfg.command.join(" "));
    let mut en = Engine::spawn(cfg, label, s.log.clone()).map_err(|e| format!("{who}: {e}"))?;
    en.handshake(READY_TIMEOUT)
        .map_err(|e| format!("{who}: {e}"))?;
    let user_set = |name: &str| {
        cfg.options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    let variant_option = en
        .option("USI_Variant")
        .or_else(|| en.option("UCI_Variant"))
        .cloned();
    let mut settings: Vec<(String, String)> = Vec::new();
    match variant_option {
        None if s.variant.is_default() => {}
        None => {
            return Err(format!(
                "{who}: no USI_Variant option, so it cannot play {}",
                s.variant
            ))
        }
        Some(decl) => {
            let value = variant_value(&decl, s.variant).map_err(|e| format!("{who}: {e}"))?;
            settings.push((decl.name.clone(), value));
        }
    }
    let mut auto = |name: &str, value: String| {
        if let Some(decl) = en.option(name) {
            if !user_set(name) {
                settings.push((decl.name.clone(), value));
            }
        }
    };
    let caps = s.variant.capabilities();
    if caps.entering_king {
        auto(
            "EnteringKingRule",
            entering_king_name(s.rules.entering_king).to_string(),
        );
    }
    auto("MaxMovesToDraw", s.rules.max_moves_to_draw.to_string());
    if let (true, Some(map)) = (caps.dice, &s.dice_map) {
        auto("DiceMap", map.clone());
    }
    for (name, value) in &settings {
        en.set_option(name, Some(value))
            .map_err(|_| format!("{who}: exited while being set up"))?;
    }
    for (name, value) in &cfg.options {
        en.set_option(name, value.as_deref())
            .map_err(|_| format!("{who}: exited while being set up"))?;
    }
    en.sync(READY_TIMEOUT).map_err(|e| match e {
        WaitError::Timeout => format!("{who}: no 'readyok' within {} s", READY_TIMEOUT.as_secs()),
        WaitError::Exited => format!("{who}: exited before 'readyok' (a bad option value?)"),
    })?;
    Ok(en)
}

/// An engine's answer to `go`.
pub(crate) enum Answer {
    /// `bestmove X`; `stopped` when it came only after `stop`; `report`,
    /// what its `info` lines said before.
    Move {
        mv: String,
        at: Instant,
        stopped: bool,
        report: Report,
    },
    /// No answer even after `stop` and the hang timeout.
    Hang,
    /// The engine exited.
    Crash,
}

fn bestmove_of(line: &str) -> Option<String> {
    if line.split_whitespace().next() != Some("bestmove") {
        return None;
    }
    match usi::parse_response(line) {
        Ok(usi::Response::BestMove { mv, .. }) => Some(mv),
        _ => Some(line.trim()["bestmove".len()..].trim().to_string()),
    }
}

pub(crate) fn await_bestmove(en: &mut Engine, deadline: Instant, hang_ms: u64) -> Answer {
    let mut report = Report::default();
    let mut pick = |line: &str| {
        report.note(line);
        bestmove_of(line)
    };
    let (answer, stopped) = match en.wait_for(deadline, &mut pick) {
        Ok(answer) => (answer, false),
        Err(WaitError::Exited) => return Answer::Crash,
        Err(WaitError::Timeout) => {
            if en.send("stop").is_err() {
                return Answer::Crash;
            }
            let grace = Instant::now() + Duration::from_millis(hang_ms);
            match en.wait_for(grace, &mut pick) {
                Ok(answer) => (answer, true),
                Err(WaitError::Exited) => return Answer::Crash,
                Err(WaitError::Timeout) => return Answer::Hang,
            }
        }
    };
    let (mv, at) = answer;
    Answer::Move {
        mv,
        at,
        stopped,
        report,
    }
}

/// How a game ended, before it is written into the record.
pub(super) struct Ending {
    pub(super) winner: Option<Color>,
    pub(super) termination: Termination,
    pub(super) offender: Option<Color>,
    pub(super) illegal: Option<String>,
    pub(super) end_ms: Option<u64>,
    pub(super) detail: String,
}

impl Ending {
    pub(super) fn fault(side: Color, termination: Termination, detail: String) -> Ending {
        Ending {
            winner: Some(side.flip()),
            termination,
            offender: Some(side),
            illegal: None,
            end_ms: None,
            detail,
        }
    }

    fn with_time(mut self, ms: u64) -> Ending {
        self.end_ms = Some(ms);
        self
    }

    pub(super) fn with_illegal(mut self, text: &str) -> Ending {
        self.illegal = Some(text.to_string());
        self
    }
}

/// Plays one game. `slots[0]`/`slots[1]` are engine 1 and engine 2's
/// processes, kept between games; a dead or killed engine is restarted.
/// `Err` is a problem of the match itself (not of an engine).
pub fn play_game(
    spec: &GameSpec,
    s: &GameSettings,
    slots: &mut [Option<Engine>; 2],
) -> Result<GameRecord, String> {
    let engines = if spec.engine1_sente { [0, 1] } else { [1, 0] };
    let mut rec = GameRecord {
        number: spec.number,
        variant: s.variant,
        players: [s.names[engines[0]].clone(), s.names[engines[1]].clone()],
        engines,
        tcs: [s.tcs[engines[0]], s.tcs[engines[1]]],
        rules: s.rules.clone(),
        dice_map: s.dice_map.clone().filter(|_| s.variant.capabilities().dice),
        seed: None,
        opening: spec.opening.label.clone(),
        setups: None,
        start: spec.opening.start.clone(),
        moves: spec.opening.moves.clone(),
        opening_plies: spec.opening.moves.len(),
        times: vec![None; spec.opening.moves.len()],
        reports: vec![None; spec.opening.moves.len()],
        pending_roll: None,
        cube: (s.cube && s.variant.capabilities().cube).then(Cube::centred),
        winner: None,
        termination: Termination::Crash,
        offender: None,
        illegal: None,
        end_ms: None,
        detail: String::new(),
        started: utc_now(),
        ended: String::new(),
    };
    let ending = run(spec, s, slots, &mut rec)?;
    for c in [Color::Black, Color::White] {
        if let Some(en) = slots[engines[c.index()]].as_mut() {
            let word = match ending.winner {
                None => "draw",
                Some(w) if w == c => "win",
                Some(_) => "lose",
            };
            let _ = en.send(&format!("gameover {word}"));
        }
    }
    rec.winner = ending.winner;
    rec.termination = ending.termination;
    rec.offender = ending.offender;
    rec.illegal = ending.illegal;
    rec.end_ms = ending.end_ms;
    rec.detail = ending.detail;
    rec.ended = utc_now();
    Ok(rec)
}

fn run(
    spec: &GameSpec,
    s: &GameSettings,
    slots: &mut [Option<Engine>; 2],
    rec: &mut GameRecord,
) -> Result<Ending, String> {
    let engines = rec.engines;
    let players = rec.players.clone();
    let name = |c: Color| format!("{} ({})", players[c.index()], side_word(c));

    // Engines up, synchronised, told a new game starts.
    for c in [Color::Black, Color::White] {
        let e = engines[c.index()];
        if !slots[e].as_mut().is_some_and(|en| en.is_alive()) {
            slots[e] = None;
            let label = format!("g{} e{}", spec.number, e + 1);
            match start_engine(s, e, label) {
                Ok(en) => slots[e] = Some(en),
                Err(msg) => {
                    return Ok(Ending::fault(
                        c,
                        Termination::Crash,
                        format!("{} failed to start: {msg}", name(c)),
                    ))
                }
            }
        }
    }
    for c in [Color::Black, Color::White] {
        let e = engines[c.index()];
        let en = slots[e].as_mut().ok_or("engine missing")?;
        match en.sync(READY_TIMEOUT).and_then(|_| en.send("usinewgame")) {
            Ok(()) => {}
            Err(WaitError::Exited) => {
                slots[e] = None;
                return Ok(Ending::fault(
                    c,
                    Termination::Crash,
                    format!("{} exited before the game", name(c)),
                ));
            }
            Err(WaitError::Timeout) => {
                en.kill();
                slots[e] = None;
                return Ok(Ending::fault(
                    c,
                    Termination::Hang,
                    format!("{} did not answer isready", name(c)),
                ));
            }
        }
    }

    // Chosen setups, in games that have them.
    let setup_rules = s.variant.capabilities().setup;
    if let Some(rules) = setup_rules.filter(|_| s.setup != SetupMode::Standard) {
        let mut texts = [String::new(), String::new()];
        match s.setup {
            SetupMode::Random => {
                rec.seed = Some(spec.seed);
                let mut rng = StdRng::seed_from_u64(spec.seed);
                for c in [Color::Black, Color::White] {
                    texts[c.index()] = (rules.random)(c, &mut rng);
                }
            }
            _ => {
                for c in [Color::Black, Color::White] {
                    let e = engines[c.index()];
                    let en = slots[e].as_mut().ok_or("engine missing")?;
                    let sent = en
                        .send(&(rules.request_position)(c))
                        .and_then(|_| en.send("go setup"));
                    if sent.is_err() {
                        slots[e] = None;
                        return Ok(Ending::fault(
                            c,
                            Termination::Crash,
                            format!("{} exited before its setup", name(c)),
                        ));
                    }
                    let start = Instant::now();
                    let deadline = start + Duration::from_millis(s.search_timeout_ms);
                    match await_bestmove(en, deadline, s.hang_ms) {
                        Answer::Crash => {
                            slots[e] = None;
                            return Ok(Ending::fault(
                                c,
                                Termination::Crash,
                                format!("{} exited during go setup", name(c)),
                            ));
                        }
                        Answer::Hang => {
                            en.kill();
                            slots[e] = None;
                            return Ok(Ending::fault(
                                c,
                                Termination::Hang,
                                format!("{} never answered go setup", name(c)),
                            ));
                        }
                        Answer::Move { stopped: true, .. } => {
                            return Ok(Ending::fault(
                                c,
                                Termination::TimeForfeit,
                                format!(
                                    "{} took longer than {} ms over go setup",
                                    name(c),
                                    s.search_timeout_ms
                                ),
                            ));
                        }
                        Answer::Move { mv, .. } => {
                            let text = mv.strip_prefix("setup").map(str::trim).unwrap_or("");
                            if let Err(err) = (rules.validate)(c, text) {
                                let shown = if text.is_empty() { mv.as_str() } else { text };
                                return Ok(Ending::fault(
                                    c,
                                    Termination::InvalidSetup,
                                    format!("{} answered go setup with '{mv}': {err}", name(c)),
                                )
                                .with_illegal(shown));
                            }
                            texts[c.index()] = text.to_string();
                        }
                    }
                }
            }
        }
        let sfen_text = (rules.start_sfen)(&texts);
        let sfen = usi::parse_sfen(&sfen_text).map_err(|e| format!("setup sfen: {e}"))?;
        rec.setups = Some(texts);
        rec.start = usi::StartPosition::Sfen(sfen);
        rec.moves.clear();
        rec.times.clear();
        rec.reports.clear();
        rec.opening_plies = 0;
        rec.opening = match s.setup {
            SetupMode::Random => "random setups".to_string(),
            _ => "engines' setups".to_string(),
        };
    }

    let mut referee = new_referee(s.variant, &rec.start, rec.dice_map.as_deref())?;
    for m in &rec.moves {
        referee
            .play(m)
            .map_err(|e| format!("opening {}: {e}", rec.opening))?;
    }
    let mut clocks = [Clock::new(s.tcs[engines[0]]), Clock::new(s.tcs[engines[1]])];
    let mut dice = if s.variant.capabilities().dice {
        rec.seed = Some(spec.seed);
        // Seed 0 would mean "from the clock" to the roller.
        Some(DiceRoller::new(spec.seed.max(1)))
    } else {
        None
    };

    loop {
        rec.pending_roll = None;
        let mover = referee.side_to_move();
        if let Some(o) = referee.outcome(&s.rules) {
            let (winner, termination) = adjudicate(o, mover);
            let detail = match winner {
                Some(w) => format!("{} wins: {}", name(w), termination.name()),
                None => format!("draw: {}", termination.name()),
            };
            return Ok(Ending {
                winner,
                termination,
                offender: None,
                illegal: None,
                end_ms: None,
                detail,
            });
        }
        if let Some(cube) = rec.cube {
            let position = position_command(&rec.start, &rec.moves, None);
            let turn = CubeTurn {
                settings: s,
                engines,
                names: &players,
                position: &position,
                mover,
            };
            match turn.before_roll(slots, cube) {
                CubeStep::Play(cube) => rec.cube = Some(cube),
                CubeStep::End(ending) => return Ok(ending),
            }
        }
        if let Some(d) = dice.as_mut() {
            let roll = d.roll();
            referee.set_roll(roll)?;
            rec.pending_roll = Some(roll);
        }
        let e = engines[mover.index()];
        let position = position_command(&rec.start, &rec.moves, rec.pending_roll);
        let go = go_command(&clocks, mover, s.engines[e].inc_as_byoyomi);
        let en = slots[e].as_mut().ok_or("engine missing")?;
        if en.send(&position).and_then(|_| en.send(&go)).is_err() {
            slots[e] = None;
            return Ok(Ending::fault(
                mover,
                Termination::Crash,
                format!("{} exited before its move", name(mover)),
            ));
        }
        let start = Instant::now();
        let clock = clocks[mover.index()];
        let stop_after = if s.stop_on_time { 0 } else { s.margin_ms };
        let limit = clock
            .allowed()
            .map_or(s.search_timeout_ms, |a| a + stop_after);
        let answer = await_bestmove(en, start + Duration::from_millis(limit), s.hang_ms);
        let (mv, at, stopped, report) = match answer {
            Answer::Crash => {
                slots[e] = None;
                return Ok(Ending::fault(
                    mover,
                    Termination::Crash,
                    format!("{} exited while thinking", name(mover)),
                ));
            }
            Answer::Hang => {
                en.kill();
                slots[e] = None;
                return Ok(Ending::fault(
                    mover,
                    Termination::Hang,
                    format!(
                        "{} sent no bestmove in {limit} ms nor {} ms after stop; killed",
                        name(mover),
                        s.hang_ms
                    ),
                ));
            }
            Answer::Move {
                mv,
                at,
                stopped,
                report,
            } => (mv, at, stopped, report),
        };
        let elapsed = at.saturating_duration_since(start).as_millis() as u64;
        let late = match (stopped, clock.allowed()) {
            (true, None) => Some(format!(
                "{} needed a stop after the search timeout of {} ms",
                name(mover),
                s.search_timeout_ms
            )),
            // Stopped once the margin was spent: late even if the answer
            // came within the same millisecond.
            (true, Some(allowed)) if !s.stop_on_time => Some(format!(
                "{} answered only after stop: {elapsed} ms, {allowed} ms allowed (+{} ms margin)",
                name(mover),
                s.margin_ms
            )),
            _ => clocks[mover.index()]
                .charge(elapsed, s.margin_ms)
                .err()
                .map(|over| {
                    format!(
                        "{} took {} ms, {} ms allowed (+{} ms margin)",
                        name(mover),
                        over.elapsed,
                        over.allowed,
                        s.margin_ms
                    )
                }),
        };
        if let Some(detail) = late {
            return Ok(Ending::fault(mover, Termination::TimeForfeit, detail).with_time(elapsed));
        }
        match mv.as_str() {
            "resign" => {
                return Ok(Ending {
                    winner: Some(mover.flip()),
                    termination: Termination::Resignation,
                    offender: None,
                    illegal: None,
                    end_ms: Some(elapsed),
                    detail: format!("{} resigned", name(mover)),
                })
            }
            "win" => {
                return Ok(if referee.can_declare_win(&s.rules) {
                    Ending {
                        winner: Some(mover),
                        termination: Termination::Declaration,
                        offender: None,
                        illegal: None,
                        end_ms: Some(elapsed),
                        detail: format!("{} declared a win (valid)", name(mover)),
                    }
                } else {
                    Ending::fault(
                        mover,
                        Termination::InvalidDeclaration,
                        format!(
                            "{} declared a win the rules do not allow ({})",
                            name(mover),
                            entering_king_name(s.rules.entering_king)
                        ),
                    )
                    .with_time(elapsed)
                    .with_illegal("win")
                });
            }
            _ => match referee.play(&mv) {
                Ok(canonical) => {
                    rec.moves.push(canonical);
                    rec.times.push(Some(elapsed));
                    rec.reports.push(Some(report));
                }
                Err(err) => {
                    return Ok(Ending::fault(
                        mover,
                        Termination::IllegalMove,
                        format!("{} played an illegal move: {err}", name(mover)),
                    )
                    .with_time(elapsed)
                    .with_illegal(&mv))
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bestmove_lines() {
        assert_eq!(
            bestmove_of("bestmove 7g7f ponder 3c3d").as_deref(),
            Some("7g7f")
        );
        assert_eq!(bestmove_of("bestmove resign").as_deref(), Some("resign"));
        assert_eq!(
            bestmove_of("bestmove setup [A]/[B]/[C]").as_deref(),
            Some("setup [A]/[B]/[C]")
        );
        assert_eq!(bestmove_of("bestmove").as_deref(), Some(""));
        assert_eq!(bestmove_of("info depth 1 pv 7g7f"), None);
        assert_eq!(bestmove_of("bestmovex"), None);
    }

    #[test]
    fn variant_values() {
        let decl = usi::OptionDecl {
            name: "UCI_Variant".into(),
            kind: usi::OptionKind::Combo {
                default: "standard".into(),
                vars: vec!["standard".into(), "mortal".into()],
            },
        };
        assert_eq!(variant_value(&decl, Variant::Shogi).unwrap(), "standard");
        assert_eq!(variant_value(&decl, Variant::Mortal).unwrap(), "mortal");
        assert!(variant_value(&decl, Variant::Sigma4).is_err());
    }
}
