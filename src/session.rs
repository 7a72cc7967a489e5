//! The USI front end: reads GUI lines, keeps the engine's state (options,
//! current game) and dispatches commands. Thinking happens on a worker
//! thread (`session/worker.rs`), so this thread answers `isready`, `stop`,
//! `ponderhit`, `gameover` and `quit` at once, even mid-search.
//!
//! Choices where USI leaves room:
//! - Every stdout line is a USI line. `d` prints its board as `info string`
//!   lines (cleaned to single-spaced ASCII), then `sfen`, side to move and
//!   the game's state. `go perft` prints the plain lines of docs/rules/notation.md.
//! - Bad input of any kind answers exactly one `info string error: ...` and
//!   changes nothing; parser warnings answer `info string warning: ...`.
//! - Every `go` gets exactly one answer, whatever follows it. `stop`,
//!   `gameover` (with or without a result), `quit` and a new `go` stop a
//!   running job, which still answers; `quit` waits for that answer before
//!   the engine exits. At the end of input a job that ends by itself (a
//!   depth, node or time limit, perft, bench, mate with a time) runs to its
//!   end and answers; an unbounded one (infinite, ponder) is stopped and
//!   answers. `isready` after a stop waits for the stopped job's answer, so
//!   `readyok` always comes after it.
//! - A `go ponder` that comes after `gameover` (and before the next
//!   `position` or `usinewgame`) is answered at once: the game it would
//!   ponder is over, and no `stop` or `ponderhit` will come for it. cshogi's
//!   runner sends one there when its ponder thread loses the race with its
//!   `gameover`, and then reads that answer before its `readyok`.
//! - `USI_Hash` is allocated at `isready` (or at the next `go` if no
//!   `isready` came); `usinewgame` clears the table.

pub(crate) mod bench;
pub(crate) mod debug;
mod input;
mod nnue;
pub(crate) mod option_error;
pub(crate) mod options;
pub(crate) mod output;
pub(crate) mod variant;
pub(crate) mod worker;

pub use input::{Line, LineReader};
pub use option_error::OptionError;
pub use options::Options;
pub use output::{sanitize, Output};
pub use variant::{GameState, Variant, VariantOps};

use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use options::Change;
use usi::{Command, GoCommand, OptionDecl, Response};
use worker::Worker;

/// How long `quit` waits for a stopped job's answer before exiting anyway
/// (a stopped job answers within milliseconds; this only guards a bug).
const QUIT_GRACE: Duration = Duration::from_secs(5);

/// Whether to keep reading input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub struct Session {
    out: Output,
    options: Options,
    variant: Variant,
    worker: Option<Worker>,
    /// `usinewgame` came while the table was busy: clear it when free.
    clear_pending: bool,
    /// `gameover` came and no `position` or `usinewgame` since.
    game_over: bool,
}

/// Runs a session until `quit` or the end of input.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let mut session = Session::new(Output::new(output));
    let mut reader = LineReader::new(input);
    while let Some(line) = reader.next_line()? {
        if session.handle_input(line) == Flow::Quit {
            return Ok(());
        }
    }
    log::info!("end of input");
    session.finish_at_end_of_input();
    Ok(())
}

impl Session {
    pub fn new(out: Output) -> Session {
        Session {
            out,
            options: Options::new(Variant::names()[0]),
            variant: Variant::default(),
            worker: None,
            clear_pending: false,
            game_over: false,
        }
    }

    /// Handles one raw input line.
    pub fn handle_input(&mut self, line: Line) -> Flow {
        match line {
            Line::Text(text) => self.handle_line(&text),
            Line::NotUtf8 { at } => {
                self.out.error(format!(
                    "input is not valid UTF-8 (bad byte at column {}); line ignored",
                    at + 1
                ));
                Flow::Continue
            }
            Line::TooLong { len } => {
                self.out.error(format!(
                    "input line of {len} bytes is longer than {} bytes; line ignored",
                    input::MAX_LINE
                ));
                Flow::Continue
            }
        }
    }

    /// Parses and runs one line. A panic inside is reported, not fatal.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("< {line}");
        if line.trim().is_empty() {
            self.out.error("empty command");
            return Flow::Continue;
        }
        let parsed = match usi::parse_command(line) {
            Ok(parsed) => parsed,
            Err(e) => {
                self.out.error(e);
                return Flow::Continue;
            }
        };
        for warning in &parsed.warnings {
            self.out.warning(&warning.message);
        }
        let command = parsed.command;
        match catch_unwind(AssertUnwindSafe(|| self.execute(command))) {
            Ok(flow) => flow,
            Err(_) => {
                self.out
                    .error("internal error while handling the command (see stderr)");
                Flow::Continue
            }
        }
    }

    fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Usi => self.usi(),
            Command::IsReady => self.isready(),
            Command::SetOption { name, value } => self.setoption(&name, value.as_deref()),
            Command::UsiNewGame => self.usinewgame(),
            Command::Position(cmd) => {
                self.game_over = false;
                if let Err(e) = self.variant.ops().set_position(&cmd, &self.options) {
                    self.out.error(e);
                }
            }
            Command::Go(go) => self.go(&go),
            Command::Stop => {
                if let Some(worker) = &self.worker {
                    worker.stop();
                }
            }
            Command::PonderHit(go) => {
                if let Some(worker) = &self.worker {
                    worker.ponderhit(&go);
                }
            }
            // The game is over: stop thinking, as YaneuraOu does. The job
            // still answers, since the host may be waiting for it.
            Command::GameOver(_) => {
                self.game_over = true;
                if let Some(worker) = &self.worker {
                    worker.stop();
                }
            }
            Command::Quit => {
                self.shutdown();
                return Flow::Quit;
            }
            Command::Display => self.display(),
            Command::Debug(query) => {
                for line in self.variant.ops_ref().debug(query) {
                    self.out.info_string(line);
                }
            }
            Command::Bench { depth } => self.bench(depth),
        }
        Flow::Continue
    }

    fn usi(&self) {
        let version = env!("CARGO_PKG_VERSION");
        self.out
            .send(&Response::IdName(format!("henkei {version}")));
        self.out
            .send(&Response::IdAuthor("henkei developers".to_string()));
        for decl in Options::declarations(&Variant::names()) {
            self.out.send(&Response::Option(decl));
        }
        self.out.send(&Response::UsiOk);
    }

    /// The option declarations `usi` prints (for tests and docs).
    pub fn option_declarations() -> Vec<OptionDecl> {
        Options::declarations(&Variant::names())
    }

    fn isready(&mut self) {
        // A stopped job answers within milliseconds: let that answer come
        // before `readyok`, so hosts that count answers stay in step.
        if self.worker.as_ref().is_some_and(Worker::stop_requested) {
            self.finish_worker();
        }
        self.reap_worker();
        if self.worker.is_none() {
            self.prepare_table();
        }
        self.prepare_net();
        self.out.send(&Response::ReadyOk);
    }

    /// Loads the net `EvalDir` names (if new) and hands it, with
    /// `FV_SCALE`, to the current game. Safe during a search: the search
    /// works on its own copy of the position, holding its own net.
    fn prepare_net(&mut self) {
        nnue::prepare(&mut self.options, &self.out);
        let net = nnue::handle(&self.options);
        self.variant.ops().set_net(net.as_ref());
    }

    /// Sizes (and, after `usinewgame`, clears) the table. Only while idle.
    fn prepare_table(&mut self) {
        let clear = std::mem::take(&mut self.clear_pending);
        let mb = self.options.hash_mb;
        if let Err(e) = self.variant.ops().prepare_table(mb, clear) {
            self.out.error(e);
        }
    }

    fn setoption(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value, &Variant::names()) {
            Ok(Change::Stored) => {}
            Ok(Change::Game) => {
                // The search thread works on its own copy of the position.
                self.variant.ops().options_changed(&self.options);
            }
            Ok(Change::Variant(variant)) => self.switch_variant(variant),
            Err(e) => self.out.error(e),
        }
    }

    fn switch_variant(&mut self, name: &'static str) {
        if self.variant.ops_ref().name() == name {
            return;
        }
        // The search thread may hold the old game's table: let it answer first.
        self.finish_worker();
        match Variant::by_name(name) {
            Some(variant) => {
                log::info!("variant is now {name}");
                self.variant = variant;
                self.variant.ops().options_changed(&self.options);
                let net = nnue::handle(&self.options);
                self.variant.ops().set_net(net.as_ref());
            }
            None => self
                .out
                .error(format!("USI_Variant: no game named '{name}'")),
        }
    }

    fn usinewgame(&mut self) {
        self.game_over = false;
        self.clear_pending = true;
        self.variant.ops().new_game();
        self.reap_worker();
        if self.worker.is_none() {
            self.prepare_table();
        }
    }

    fn go(&mut self, go: &GoCommand) {
        // The GUI's clock runs from here: waiting for the last job and
        // clearing the table below are on it.
        let arrived = Instant::now();
        self.finish_worker();
        if let Some(depth) = go.perft {
            let worker = self
                .variant
                .ops()
                .start_perft(depth, &self.options, &self.out);
            self.worker = Some(worker);
            return;
        }
        if let Some(limit) = go.mate {
            match self
                .variant
                .ops()
                .start_mate(limit, &self.options, &self.out)
            {
                Ok(worker) => self.worker = Some(worker),
                Err(e) => self.out.error(e),
            }
            return;
        }
        if go.setup {
            self.setup();
            return;
        }
        if let Some(query) = go.cube {
            match self
                .variant
                .ops()
                .start_cube(query, go, &self.options, &self.out)
            {
                Ok(worker) => self.worker = Some(worker),
                Err(e) => self.out.error(e),
            }
            return;
        }
        self.prepare_table();
        let worker = self
            .variant
            .ops()
            .start_search(go, arrived, &self.options, &self.out);
        if go.ponder && self.game_over {
            log::info!("go ponder after gameover: answered at once");
            worker.stop();
        }
        self.worker = Some(worker);
    }

    /// `go setup` answers `bestmove setup R1/R2/R3` before the next command
    /// is read (the choice takes under a second; commands sent meanwhile
    /// are read after it), seeded by `SetupSeed`, or from the clock
    /// so setups vary from game to game.
    fn setup(&mut self) {
        let seed = match self.options.setup_seed {
            0 => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
            seed => seed,
        };
        match self.variant.ops_ref().setup(seed, &self.options) {
            Ok(ranks) => self.out.send(&Response::BestMove {
                mv: format!("setup {ranks}"),
                ponder: None,
            }),
            Err(e) => self.out.error(e),
        }
    }

    fn bench(&mut self, depth: Option<u32>) {
        self.finish_worker();
        let bench = &self.variant.game().capabilities().bench;
        let depth = depth.unwrap_or(bench.depth).max(1);
        let worker = self.variant.ops().start_bench(bench, depth, &self.out);
        self.worker = Some(worker);
    }

    fn display(&self) {
        for line in self.variant.ops_ref().describe(&self.options.rules) {
            self.out.info_string(line);
        }
    }

    /// Forgets a worker whose thread has ended.
    fn reap_worker(&mut self) {
        if self.worker.as_ref().is_some_and(Worker::is_finished) {
            if let Some(worker) = self.worker.take() {
                worker.join();
            }
        }
    }

    /// Stops a running job (it answers as after `stop`) and waits for it.
    fn finish_worker(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.stop();
            worker.join();
        }
    }

    /// `quit`: stop a running job, wait for its answer, return.
    pub fn shutdown(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.stop();
            if !worker.join_within(QUIT_GRACE) {
                log::warn!("worker still busy at quit; exiting anyway");
            }
        }
    }

    /// End of input: a job that ends by itself runs to its end and answers
    /// (a script piping `go depth 8` wants that answer); an unbounded one is
    /// stopped and answers.
    pub fn finish_at_end_of_input(&mut self) {
        match self.worker.take() {
            Some(worker) if worker.is_bounded() => worker.join(),
            Some(worker) => {
                self.worker = Some(worker);
                self.shutdown();
            }
            None => {}
        }
    }
}
