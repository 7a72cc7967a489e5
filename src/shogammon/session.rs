//! Shogammon's session state: the position with its roll and cube, the
//! chance search's table, and the engine's own dice. The deterministic
//! games share [`crate::session::GameState`]; Shogammon differs in what
//! `position` reads (the `dice` and `cube` clauses, its `DiceMap`), in `go`
//! (the engine may roll first and searches by expectiminimax), in `go
//! perft` (over the rolls) and in the cube queries.
//!
//! Decisions (documented in docs/rules/shogammon.md):
//! - `DiceMap` applies to the current position at once and to every
//!   position built later; a `position` is read with the map in force.
//! - The engine's roller restarts from `DiceSeed` when the option is set
//!   and at `usinewgame`, so a seed replays the same rolls game after game.
//! - A roll stays with the position: a second `go` on the same position
//!   searches the same roll.
//! - `bestmove` never carries `ponder` (the reply depends on a roll not yet
//!   made).
//! - The cube (`position ... cube V O`, centred when the clause is absent)
//!   matters only to `go cube` and `go take`, which answer from the side to
//!   move's pre-roll score searched to `go depth` turns per roll (default
//!   1), `go nodes` per roll if given; clocks are ignored.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::chance::cube::{self, Cube};
use crate::chance::DiceRoller;
use crate::chance::{self, ChanceLimits, ChanceTable};
use crate::game::{Game, Rules};
use crate::registry::Bench;
use crate::search::SearchControl;
use crate::session::bench::{load, spawn_bench, BENCH_HASH_MB};
use crate::session::debug;
use crate::session::options::Options;
use crate::session::output::Output;
use crate::session::variant::{
    build_position, describe, prepare_table, searchmoves, side_name, SizedTable, VariantOps,
};
use crate::session::worker::{run_chance_perft, search_control, Worker};
use crate::shogammon::{Position, Turn};
use usi::{CubeQuery, DebugQuery, GoCommand, PositionCommand, Response};

/// Turns searched per roll for a cube decision when `go` gives no depth.
const CUBE_DEPTH: u32 = 1;

pub struct ShogammonState {
    pos: Position,
    /// The cube of the last `position` (centred when it had no clause).
    cube: Cube,
    tt: Arc<Mutex<ChanceTable<Turn>>>,
    /// Created at the first `go` that needs a roll, from `DiceSeed`.
    roller: Option<DiceRoller>,
}

impl Default for ShogammonState {
    fn default() -> Self {
        ShogammonState {
            pos: Position::startpos(),
            cube: Cube::centred(),
            tt: Arc::new(Mutex::new(ChanceTable::new(1))),
            roller: None,
        }
    }
}

impl ShogammonState {
    const NAME: &'static str = <Position as Game>::VARIANT;
}

impl SizedTable for ChanceTable<Turn> {
    fn has_size(&self, mb: usize) -> bool {
        ChanceTable::has_size(self, mb)
    }
    fn clear(&mut self) {
        ChanceTable::clear(self)
    }
}

/// Shogammon's options (`DiceMap`, `DiceSeed`) from the session's.
fn dice_options(options: &Options) -> (crate::shogammon::DiceMap, u64) {
    crate::shogammon::dice::from_options(|name| options.game_option(name))
}

/// Searches bench position `i` for its fixed roll with a fresh table.
fn bench_position(
    i: usize,
    text: &str,
    depth: u32,
    control: &SearchControl,
) -> Result<u64, String> {
    let mut pos = load::<Position>(text)?;
    let rolls = crate::shogammon::bench::ROLLS;
    pos.set_dice(rolls[i % rolls.len()])
        .map_err(|e| e.to_string())?;
    let mut tt = ChanceTable::new(BENCH_HASH_MB);
    let limits = ChanceLimits {
        depth: Some(depth),
        ..ChanceLimits::default()
    };
    Ok(chance::search(&mut pos, &mut tt, control, &limits, &mut |_| {}).nodes)
}

/// Builds the position a `position` command describes, on a fresh copy:
/// the turns are read with the `DiceMap` in force (legality depends on it),
/// and the `dice` clause gives the side to move its roll.
fn read_position(cmd: &PositionCommand, options: &Options) -> Result<Position, String> {
    let mut pos = build_position(cmd, |pos: &mut Position| {
        pos.set_dice_map(dice_options(options).0)
    })?;
    if let Some(roll) = cmd.dice {
        pos.set_dice(roll)
            .map_err(|e| format!("position: dice clause: {e}"))?;
    }
    Ok(pos)
}

impl ShogammonState {
    /// Makes sure the side to move has a roll: rolls the engine's dice if
    /// the GUI gave none and says which (`info string dice D1D2`).
    fn ensure_roll(&mut self, options: &Options, out: &Output) {
        if self.pos.roll().is_some() || self.pos.finished_reason().is_some() {
            return;
        }
        let roller = self
            .roller
            .get_or_insert_with(|| DiceRoller::new(dice_options(options).1));
        let roll = roller.roll();
        out.info_string(format!("dice {}{}", roll[0], roll[1]));
        // A fresh roll of 1..=6 dice on an unfinished game is always valid.
        if let Err(e) = self.pos.set_dice(roll) {
            out.error(format!("go: {e}"));
        }
    }
}

impl VariantOps for ShogammonState {
    fn name(&self) -> &'static str {
        Self::NAME
    }

    fn set_position(&mut self, cmd: &PositionCommand, options: &Options) -> Result<(), String> {
        let cube = match cmd.cube {
            Some(state) => {
                Cube::from_usi(state).map_err(|e| format!("position: cube clause: {e}"))?
            }
            None => Cube::centred(),
        };
        self.pos = read_position(cmd, options)?;
        self.cube = cube;
        Ok(())
    }

    fn options_changed(&mut self, options: &Options) {
        self.pos.set_dice_map(dice_options(options).0);
        self.roller = None;
    }

    fn new_game(&mut self) {
        self.roller = None;
    }

    fn describe(&self, rules: &Rules) -> Vec<String> {
        describe(&self.pos, rules, Some(format!("cube: {}", self.cube)))
    }

    /// As for the other games, but `moves` lists the turns of the roll
    /// (each distinct turn token once), or says that no roll was given.
    fn debug(&self, query: DebugQuery) -> Vec<String> {
        debug::answer(&self.pos, query, || match self.pos.roll() {
            Some(roll) => {
                let mut turns: Vec<String> = Vec::new();
                for turn in self.pos.all_turns(roll) {
                    let token = self.pos.format_move(turn).to_string();
                    if !turns.contains(&token) {
                        turns.push(token);
                    }
                }
                debug::moves_line(&turns)
            }
            None => {
                "legal moves: no roll yet (give one with the dice clause of position)".to_string()
            }
        })
    }

    fn prepare_table(&mut self, mb: usize, clear: bool) -> Result<(), String> {
        prepare_table(&self.tt, mb, clear, |tt, mb| {
            tt.resize(mb)
                .then_some(())
                .ok_or_else(|| "out of memory".to_string())
        })
    }

    fn start_search(
        &mut self,
        go: &GoCommand,
        arrived: Instant,
        options: &Options,
        out: &Output,
    ) -> Worker {
        self.ensure_roll(options, out);
        let side = self.pos.side_to_move();
        log::info!("go: roll {:?}", self.pos.roll());
        let (control, bounded) = search_control(go, side, arrived, &options.time);
        let mut pos = self.pos.clone();
        let tt = Arc::clone(&self.tt);
        let limits = ChanceLimits {
            depth: go.depth,
            nodes: go.nodes,
            searchmoves: searchmoves(&self.pos, &go.searchmoves, out),
            ..ChanceLimits::default()
        };
        Worker::spawn(
            control,
            bounded,
            side,
            options.time,
            out.clone(),
            move |control, out| {
                let answer = {
                    let mut tt = tt.lock().unwrap_or_else(|e| e.into_inner());
                    let mut report = |info| {
                        control
                            .progress
                            .report(info, |i| out.send(&Response::Info(i.clone())))
                    };
                    let result = chance::search(&mut pos, &mut tt, control, &limits, &mut report);
                    Response::BestMove {
                        mv: result.best.map_or_else(
                            || "resign".to_string(),
                            |m| pos.format_move(m).to_string(),
                        ),
                        ponder: None,
                    }
                };
                control.wait_for_release();
                control.progress.finish();
                out.send(&answer);
            },
        )
    }

    fn start_bench(&mut self, bench: &'static Bench, depth: u32, out: &Output) -> Worker {
        spawn_bench(Self::NAME, bench, depth, out, bench_position)
    }

    fn start_perft(&mut self, depth: u32, options: &Options, out: &Output) -> Worker {
        let pos = self.pos.clone();
        let side = pos.side_to_move();
        Worker::spawn_untimed(true, side, options.time, out, move |control, out| {
            run_chance_perft(pos, depth, control, out)
        })
    }

    fn setup(&self, _seed: u64, _options: &Options) -> Result<String, String> {
        Err("go setup: shogammon starts from a fixed position".to_string())
    }

    fn start_mate(
        &mut self,
        _limit: usi::MateLimit,
        _options: &Options,
        _out: &Output,
    ) -> Result<Worker, String> {
        Err("go mate: shogammon has no check or checkmate (a king is captured)".to_string())
    }

    fn start_cube(
        &mut self,
        query: CubeQuery,
        go: &GoCommand,
        options: &Options,
        out: &Output,
    ) -> Result<Worker, String> {
        if let Some(reason) = self.pos.finished_reason() {
            return Err(format!("go {query}: {reason}"));
        }
        if let Some([a, b]) = self.pos.roll() {
            return Err(format!(
                "go {query}: the side to move has rolled {a}{b}; the cube is turned before the roll \
                 (send the position without a dice clause)"
            ));
        }
        let job = CubeJob {
            pos: self.pos.clone(),
            cube: self.cube,
            query,
            depth: go.depth.unwrap_or(CUBE_DEPTH),
            nodes: go.nodes,
            tt: Arc::clone(&self.tt),
        };
        let side = self.pos.side_to_move();
        Ok(Worker::spawn_untimed(
            true,
            side,
            options.time,
            out,
            move |control, out| job.run(control, out),
        ))
    }
}

/// A cube decision on the worker thread.
struct CubeJob {
    pos: Position,
    cube: Cube,
    query: CubeQuery,
    depth: u32,
    nodes: Option<u64>,
    tt: Arc<Mutex<ChanceTable<Turn>>>,
}

impl CubeJob {
    /// Writes the pre-roll score and probability, then `bestmove <word>`.
    fn run(mut self, control: &SearchControl, out: &Output) {
        let mover = self.pos.side_to_move();
        let value = {
            let mut tt = self.tt.lock().unwrap_or_else(|e| e.into_inner());
            chance::pre_roll(&mut self.pos, &mut tt, control, self.depth, self.nodes)
        };
        let (action, p) = cube::decide(self.query, self.cube, mover, value.score);
        let answerer = match self.query {
            CubeQuery::Double => mover,
            CubeQuery::Take => mover.flip(),
        };
        out.info_string(format!(
            "cube {}: pre-roll score {} for {}, win probability {p:.3} for {}",
            self.cube.value(),
            value.score,
            side_name(mover),
            side_name(answerer)
        ));
        control.wait_for_release();
        out.send(&Response::BestMove {
            mv: action.word().to_string(),
            ponder: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Color;

    fn command(line: &str) -> PositionCommand {
        match usi::parse_command(line).expect("test line parses").command {
            usi::Command::Position(cmd) => cmd,
            other => panic!("not a position command: {other:?}"),
        }
    }

    #[test]
    fn position_reads_turns_and_dice() {
        let options = Options::new("shogammon");
        let cmd = command("position startpos moves 61:5i5h,7g7f dice 34");
        let pos = read_position(&cmd, &options).unwrap();
        assert_eq!(pos.roll(), Some([4, 3]));
        assert_eq!(pos.side_to_move(), Color::White);
    }

    #[test]
    fn position_errors_name_the_token() {
        let options = Options::new("shogammon");
        let err = read_position(&command("position startpos moves 7g7f"), &options).unwrap_err();
        assert!(err.contains("move 1 '7g7f'"), "{err}");
        let err = read_position(
            &command("position startpos moves 61:5i5h,7g7f 61:1a1b"),
            &options,
        )
        .unwrap_err();
        assert!(err.contains("turn 2 '61:1a1b'"), "{err}");
        // A roll on a finished game (gote has no king).
        let err = read_position(
            &command("position sfen 9/9/9/9/9/9/9/9/4K4 w - 1 dice 11"),
            &options,
        )
        .unwrap_err();
        assert!(
            err.contains("dice clause") && err.contains("no king"),
            "{err}"
        );
    }

    #[test]
    fn dice_map_decides_legality() {
        // With pawns on the 6 and the king on the 1, 1-1 moves pawns no
        // more: the king must move.
        let mut options = Options::new("shogammon");
        options
            .set("DiceMap", Some("K,LN,S,G,BR,P"), &["shogammon"])
            .unwrap();
        let cmd = command("position startpos moves 11:7g7f,6g6f");
        assert!(read_position(&cmd, &options).is_err());
        let cmd = command("position startpos moves 11:5i5h,5h5g");
        assert!(read_position(&cmd, &options).is_ok());
    }
}
