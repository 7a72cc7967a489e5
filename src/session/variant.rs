//! Per-game session state. [`GameState<G>`] holds a deterministic game's
//! position and transposition table and implements everything the session
//! does with them once, generically ([`VariantOps`]); a game that needs more
//! (dice, a cube) implements `VariantOps` on a state type of its own module.
//! [`Variant`] is the current game, made by the registry
//! ([`crate::registry::Variant::session_state`]). Reading a `position`
//! command and `go searchmoves` is the same for every game
//! ([`build_position`], [`searchmoves`]).

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::game::{Color, FamilyRules, Game, Outcome, Rules, SearchHooks};
use crate::mate::MateLimits;
use crate::registry::{self, Bench};
use crate::search::Limits;
use crate::tt::TranspositionTable;
use usi::{CubeQuery, DebugQuery, GoCommand, MateLimit, MoveToken, PositionCommand, StartPosition};

use super::bench::{search_position, spawn_bench};
use super::debug;
use super::nnue;
use super::options::Options;
use super::output::Output;
use super::worker::{run_mate, run_perft, run_search, search_control, SearchJob, Worker};
use crate::nnue::NetHandle;

/// One game's position (with its move history) and table.
pub struct GameState<G: SearchHooks> {
    pos: G,
    /// Shared with the worker thread, which holds the lock while it searches;
    /// the session only touches the table while no search runs.
    tt: Arc<Mutex<TranspositionTable<G::Move>>>,
    /// Searches in a row whose score fell below `ResignValue`.
    low_scores: Arc<AtomicU32>,
}

impl<G: SearchHooks> Default for GameState<G> {
    fn default() -> Self {
        GameState {
            pos: G::startpos(),
            tt: Arc::new(Mutex::new(TranspositionTable::default())),
            low_scores: Arc::new(AtomicU32::new(0)),
        }
    }
}

/// What the session does with the current game, whatever it is.
pub trait VariantOps {
    fn name(&self) -> &'static str;
    /// `position`: replaces the position only if the whole command is valid.
    fn set_position(&mut self, cmd: &PositionCommand, options: &Options) -> Result<(), String>;
    /// A game-specific option changed (`DiceMap`, `DiceSeed`).
    fn options_changed(&mut self, _options: &Options) {}
    /// `usinewgame` (besides clearing the table).
    fn new_game(&mut self) {}
    /// The NNUE net to evaluate with (`None`: built-in); games without a
    /// net format ignore it.
    fn set_net(&mut self, _net: Option<&NetHandle>) {}
    /// `d`: lines describing the position and the game's state.
    fn describe(&self, rules: &Rules) -> Vec<String>;
    /// `eval`, `moves`, `sfen`, `key`: the `info string` lines to answer.
    fn debug(&self, query: DebugQuery) -> Vec<String>;
    /// Gives the table `mb` megabytes (if it has another size) and clears it
    /// when asked. Call only while no search runs.
    fn prepare_table(&mut self, mb: usize, clear: bool) -> Result<(), String>;
    /// `go` (not perft): starts the search thread, its clock running since
    /// `arrived` (when the session read `go`).
    fn start_search(
        &mut self,
        go: &GoCommand,
        arrived: Instant,
        options: &Options,
        out: &Output,
    ) -> Worker;
    /// `go perft N`.
    fn start_perft(&mut self, depth: u32, options: &Options, out: &Output) -> Worker;
    /// `bench`: the game's benchmark positions searched to `depth`.
    fn start_bench(&mut self, bench: &'static Bench, depth: u32, out: &Output) -> Worker;
    /// `go setup`: the engine's opening setup for the side to move.
    fn setup(&self, seed: u64, options: &Options) -> Result<String, String>;
    /// `go mate`: starts the mate solver, or says why the game has none.
    fn start_mate(
        &mut self,
        limit: MateLimit,
        options: &Options,
        out: &Output,
    ) -> Result<Worker, String>;
    /// `go cube` / `go take`: a doubling-cube decision (games with a cube).
    fn start_cube(
        &mut self,
        query: CubeQuery,
        _go: &GoCommand,
        _options: &Options,
        _out: &Output,
    ) -> Result<Worker, String> {
        Err(format!(
            "go {query}: {} has no doubling cube (only {} has)",
            self.name(),
            registry::Variant::names_where(|c| c.cube)
        ))
    }
}

/// Builds the position a `position` command describes, on a fresh copy:
/// its start, then `prepare` (a game's own options that decide legality),
/// then its moves. The `dice` and `cube` clauses are the caller's.
pub fn build_position<G: Game>(
    cmd: &PositionCommand,
    prepare: impl FnOnce(&mut G),
) -> Result<G, String> {
    let mut pos = match &cmd.start {
        StartPosition::Startpos => G::startpos(),
        StartPosition::Sfen(sfen) => {
            G::from_sfen(sfen).map_err(|e| format!("position: sfen '{sfen}' is not valid: {e}"))?
        }
    };
    prepare(&mut pos);
    for (i, token) in cmd.moves.iter().enumerate() {
        let what = match token {
            MoveToken::Move(_) => "move",
            MoveToken::Turn(_) => "turn",
        };
        let m = pos
            .parse_move(token)
            .map_err(|e| format!("position: {what} {} '{token}' is illegal: {e}", i + 1))?;
        pos.do_move(m);
    }
    Ok(pos)
}

/// Refuses the clauses of `position` that only games with dice or a cube have.
fn refuse_chance_clauses(cmd: &PositionCommand, game: &str) -> Result<(), String> {
    if cmd.dice.is_some() {
        return Err(format!(
            "position: a dice clause is only for {}, not {game}",
            registry::Variant::names_where(|c| c.dice),
        ));
    }
    if cmd.cube.is_some() {
        return Err(format!(
            "position: a cube clause is only for {}, not {game}",
            registry::Variant::names_where(|c| c.cube),
        ));
    }
    Ok(())
}

/// The root moves `go searchmoves` names, each as the generated move that
/// reaches the same position (a game may spell one move several ways, as
/// Shogammon's turns); unknown or illegal ones are reported and skipped.
pub fn searchmoves<G: Game>(pos: &G, tokens: &[MoveToken], out: &Output) -> Vec<G::Move> {
    let mut pos = pos.clone();
    let mut generated = G::Moves::default();
    pos.generate_legal(&mut generated);
    let key_after = |pos: &mut G, m| {
        pos.do_move(m);
        let key = pos.key();
        pos.undo_move();
        key
    };
    let keys: Vec<u64> = generated.iter().map(|&m| key_after(&mut pos, m)).collect();
    let mut chosen = Vec::new();
    for token in tokens {
        match pos.parse_move(token) {
            Ok(m) => {
                let key = key_after(&mut pos, m);
                match keys.iter().position(|&k| k == key) {
                    Some(i) if !chosen.contains(&generated[i]) => chosen.push(generated[i]),
                    _ => {}
                }
            }
            Err(e) => out.warning(format!("go searchmoves: '{token}' skipped: {e}")),
        }
    }
    chosen
}

/// Gives a table `mb` megabytes (if it has another size, by `resize`) or
/// clears it when asked; refused while a search holds it.
pub(crate) fn prepare_table<T: SizedTable>(
    tt: &Mutex<T>,
    mb: usize,
    clear: bool,
    resize: impl FnOnce(&mut T, usize) -> Result<(), String>,
) -> Result<(), String> {
    let Ok(mut tt) = tt.try_lock() else {
        return Err("the hash table is in use by a search".to_string());
    };
    if !tt.has_size(mb) {
        log::info!("allocating {mb} MB for the hash table");
        resize(&mut tt, mb).map_err(|e| format!("USI_Hash: cannot allocate {mb} MB: {e}"))?;
    } else if clear {
        tt.clear();
    }
    Ok(())
}

/// What [`prepare_table`] needs of a table.
pub(crate) trait SizedTable {
    fn has_size(&self, mb: usize) -> bool;
    fn clear(&mut self);
}

impl<M: crate::tt::TableMove> SizedTable for TranspositionTable<M> {
    fn has_size(&self, mb: usize) -> bool {
        TranspositionTable::has_size(self, mb)
    }
    fn clear(&mut self) {
        TranspositionTable::clear(self)
    }
}

pub(crate) fn side_name(side: Color) -> &'static str {
    match side {
        Color::Black => "sente (b)",
        Color::White => "gote (w)",
    }
}

/// `d`: the board, the SFEN, the game, the side to move, `extra` (a line
/// of the game's own, such as the cube) and the game's state.
pub(crate) fn describe<G: FamilyRules>(
    pos: &G,
    rules: &Rules,
    extra: Option<String>,
) -> Vec<String> {
    let mut lines: Vec<String> = pos.display().lines().map(str::to_string).collect();
    let side = pos.side_to_move();
    lines.push(format!("sfen {}", pos.to_sfen()));
    lines.push(format!("variant {}", G::VARIANT));
    lines.push(format!("side to move: {}", side_name(side)));
    lines.extend(extra);
    lines.push(match pos.outcome(rules) {
        Some(outcome) => describe_outcome(outcome, side),
        None if pos.can_declare_win(rules) => {
            "state: in progress; the side to move can declare a win".to_string()
        }
        None => "state: in progress".to_string(),
    });
    lines
}

fn describe_outcome(outcome: Outcome, side: Color) -> String {
    let side = side_name(side);
    match outcome {
        Outcome::Loss(r) => format!("result: {side}, to move, has lost by {}", r.describe()),
        Outcome::Win(r) => format!("result: {side}, to move, has won by {}", r.describe()),
        Outcome::Draw(r) => format!("result: draw by {}", r.describe()),
    }
}

impl<G: SearchHooks> VariantOps for GameState<G> {
    fn name(&self) -> &'static str {
        G::VARIANT
    }

    fn set_position(&mut self, cmd: &PositionCommand, options: &Options) -> Result<(), String> {
        refuse_chance_clauses(cmd, G::VARIANT)?;
        self.pos = build_position(cmd, |_| {})?;
        self.pos.set_net(nnue::handle(options).as_ref());
        Ok(())
    }

    fn set_net(&mut self, net: Option<&NetHandle>) {
        self.pos.set_net(net);
    }

    fn new_game(&mut self) {
        self.low_scores.store(0, Ordering::Relaxed);
    }

    fn describe(&self, rules: &Rules) -> Vec<String> {
        describe(&self.pos, rules, None)
    }

    fn debug(&self, query: DebugQuery) -> Vec<String> {
        debug::answer(&self.pos, query, || {
            debug::moves_line(&debug::legal_moves(&self.pos))
        })
    }

    fn prepare_table(&mut self, mb: usize, clear: bool) -> Result<(), String> {
        prepare_table(&self.tt, mb, clear, |tt, mb| {
            tt.resize(mb).map_err(|e| e.to_string())
        })
    }

    fn start_search(
        &mut self,
        go: &GoCommand,
        arrived: Instant,
        options: &Options,
        out: &Output,
    ) -> Worker {
        let side = self.pos.side_to_move();
        let (control, bounded) = search_control(go, side, arrived, &options.time);
        let job = SearchJob {
            pos: self.pos.clone(),
            tt: Arc::clone(&self.tt),
            limits: Limits {
                depth: go.depth,
                nodes: go.nodes,
                searchmoves: searchmoves(&self.pos, &go.searchmoves, out),
                multipv: options.multipv,
                threads: options.threads,
            },
            rules: options.rules.clone(),
            resign_value: options.resign_value,
            low_scores: Arc::clone(&self.low_scores),
        };
        Worker::spawn(
            control,
            bounded,
            side,
            options.time,
            out.clone(),
            move |control, out| run_search(job, control, out),
        )
    }

    fn setup(&self, seed: u64, options: &Options) -> Result<String, String> {
        self.pos
            .choose_setup(seed, &|name| options.game_option(name))
            .ok_or_else(|| format!("go setup: {} starts from a fixed position", G::VARIANT))
    }

    fn start_perft(&mut self, depth: u32, options: &Options, out: &Output) -> Worker {
        let pos = self.pos.clone();
        let side = pos.side_to_move();
        Worker::spawn_untimed(true, side, options.time, out, move |control, out| {
            run_perft(pos, depth, control, out)
        })
    }

    fn start_bench(&mut self, bench: &'static Bench, depth: u32, out: &Output) -> Worker {
        spawn_bench(G::VARIANT, bench, depth, out, |_, text, depth, control| {
            search_position::<G>(text, depth, control)
        })
    }

    fn start_mate(
        &mut self,
        limit: MateLimit,
        options: &Options,
        out: &Output,
    ) -> Result<Worker, String> {
        let pos = self.pos.clone();
        let side = pos.side_to_move();
        let limits = MateLimits::from_usi(limit, options.hash_mb);
        let bounded = limit != MateLimit::Infinite;
        Ok(Worker::spawn_untimed(
            bounded,
            side,
            options.time,
            out,
            move |control, out| run_mate(pos, limits, control, out),
        ))
    }
}

/// The current game of the session: its state behind [`VariantOps`], made
/// by the game registry ([`crate::registry`]).
pub struct Variant {
    game: registry::Variant,
    ops: Box<dyn VariantOps>,
}

impl Variant {
    /// `USI_Variant` names, the default first.
    pub fn names() -> [&'static str; 4] {
        registry::Variant::names()
    }

    /// A fresh game (start position, empty table) by `USI_Variant` name or alias.
    pub fn by_name(name: &str) -> Option<Variant> {
        registry::Variant::parse(name).map(Variant::new)
    }

    fn new(game: registry::Variant) -> Variant {
        Variant {
            game,
            ops: game.session_state(),
        }
    }

    /// The game's entry in the registry.
    pub fn game(&self) -> registry::Variant {
        self.game
    }

    pub fn ops(&mut self) -> &mut dyn VariantOps {
        self.ops.as_mut()
    }

    pub fn ops_ref(&self) -> &dyn VariantOps {
        self.ops.as_ref()
    }
}

impl Default for Variant {
    fn default() -> Self {
        Variant::new(registry::Variant::ALL[0])
    }
}
