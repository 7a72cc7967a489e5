//! The thread that thinks: searches, perft and bench run here so that the
//! session thread keeps answering `isready`, `stop`, `ponderhit`, `gameover`
//! and `quit` meanwhile.
//!
//! A job writes its own answer (`bestmove`, perft lines) through the shared
//! [`Output`]. A panic inside a job is caught and reported; a search that
//! panicked answers `bestmove resign` so the GUI is never left waiting.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::chance::{self, ChanceGame};
use crate::game::{Color, Game, Rules, SearchHooks};
use crate::mate::{self, MateLimits};
use crate::search::{self, Limits, SearchControl, SearchResult};
use crate::timeman::{self, TimeOptions};
use crate::tt::TranspositionTable;
use usi::{GoCommand, Response};

use super::output::Output;

/// A running (or finished, not yet joined) job.
pub struct Worker {
    control: Arc<SearchControl>,
    handle: JoinHandle<()>,
    /// The job ends by itself (a depth, node, time or perft limit); at the
    /// end of input it may finish. An unbounded one (infinite, ponder, a
    /// bare `go`) is stopped instead.
    bounded: bool,
    /// For `ponderhit` with fresh clock fields.
    side: Color,
    time: TimeOptions,
}

impl Worker {
    /// Runs `job` on a new thread; `job` gets the control to poll.
    /// `bounded`: the job ends by itself (see [`Worker`]).
    pub fn spawn(
        control: SearchControl,
        bounded: bool,
        side: Color,
        time: TimeOptions,
        out: Output,
        job: impl FnOnce(&SearchControl, &Output) + Send + 'static,
    ) -> Worker {
        let control = Arc::new(control);
        spawn_ticker(Arc::clone(&control), out.clone());
        let shared = Arc::clone(&control);
        let handle = std::thread::spawn(move || {
            let ran = catch_unwind(AssertUnwindSafe(|| job(&shared, &out)));
            shared.progress.finish();
            if ran.is_err() {
                out.error("internal error: the search thread panicked (see stderr)");
            }
        });
        Worker {
            control,
            handle,
            bounded,
            side,
            time,
        }
    }

    /// Runs a job without a clock (perft, bench, mate): only `stop` ends it
    /// early. `bounded`: it ends by itself (see [`Worker`]).
    pub fn spawn_untimed(
        bounded: bool,
        side: Color,
        time: TimeOptions,
        out: &Output,
        job: impl FnOnce(&SearchControl, &Output) + Send + 'static,
    ) -> Worker {
        Worker::spawn(
            SearchControl::unlimited(),
            bounded,
            side,
            time,
            out.clone(),
            job,
        )
    }

    /// Ends the job now; it still answers.
    pub fn stop(&self) {
        self.control.stop();
    }

    pub fn is_bounded(&self) -> bool {
        self.bounded
    }

    pub fn stop_requested(&self) -> bool {
        self.control.stop_requested()
    }

    pub fn ponderhit(&self, go: &GoCommand) {
        let fresh = timeman::has_clock(go).then(|| timeman::limits(go, self.side, &self.time));
        self.control.ponderhit(fresh);
    }

    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the thread to end.
    pub fn join(self) {
        if self.handle.join().is_err() {
            log::error!("worker thread panicked outside its job");
        }
    }

    /// Waits at most `limit` for the thread to end; true if it did.
    pub fn join_within(self, limit: Duration) -> bool {
        let start = Instant::now();
        while !self.handle.is_finished() {
            if start.elapsed() >= limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        self.join();
        true
    }
}

/// How often the ticker looks at the search's progress.
const TICK: Duration = Duration::from_millis(100);

/// A thread that writes a progress `info` line whenever a search has been
/// silent for a second ([`crate::search::progress`]); it ends with the job.
fn spawn_ticker(control: Arc<SearchControl>, out: Output) {
    std::thread::spawn(move || {
        while !control.progress.is_finished() {
            std::thread::sleep(TICK);
            control.progress.tick(control.started(), |info| {
                out.send(&Response::Info(info.clone()))
            });
        }
    });
}

/// The control of a `go` search by `side`, its clock running since
/// `arrived` (when the session read `go`), and whether the search ends by
/// itself ([`search_is_bounded`]).
pub fn search_control(
    go: &GoCommand,
    side: Color,
    arrived: Instant,
    time: &TimeOptions,
) -> (SearchControl, bool) {
    let limits = timeman::limits(go, side, time);
    log::info!("go: side {side:?}, limits {limits:?}");
    let control = SearchControl::since(arrived, limits, go.ponder, go.infinite);
    (control, search_is_bounded(go, &limits))
}

/// Whether a `go` search ends by itself: it has a depth, node or time
/// limit and is neither `ponder` nor `infinite`.
fn search_is_bounded(go: &GoCommand, limits: &timeman::TimeLimits) -> bool {
    !go.ponder && !go.infinite && (limits.is_limited() || go.depth.is_some() || go.nodes.is_some())
}

/// Everything a search job needs, owned (it moves to the worker thread).
pub struct SearchJob<G: SearchHooks> {
    pub pos: G,
    pub tt: Arc<Mutex<TranspositionTable<G::Move>>>,
    pub limits: Limits<G::Move>,
    pub rules: Rules,
    /// `ResignValue` (cp), and the count of searches in a row below it.
    pub resign_value: i32,
    pub low_scores: Arc<AtomicU32>,
}

/// Searches in a row that must score below `ResignValue` before resigning:
/// one bad evaluation is not enough.
const RESIGN_STREAK: u32 = 3;

/// Searches, waits until the GUI allows an answer (ponder, infinite), then
/// writes `bestmove`: every `go` gets exactly one, and a panic after the
/// answer (a helper thread's, surfacing at its join) does not add another.
pub fn run_search<G: SearchHooks>(job: SearchJob<G>, control: &SearchControl, out: &Output) {
    let answered = std::cell::Cell::new(false);
    let mut answer = |response: Response| {
        if !answered.replace(true) {
            control.wait_for_release();
            control.progress.finish();
            out.send(&response);
        }
    };
    let panicked =
        catch_unwind(AssertUnwindSafe(|| think(job, control, out, &mut answer))).is_err();
    if panicked && !answered.get() {
        out.error("internal error: the search panicked (see stderr); resigning");
        answer(resign());
    }
}

/// Answers the position: `win` when a declaration is available, otherwise
/// the search's move, sent before the helper threads are joined.
fn think<G: SearchHooks>(
    job: SearchJob<G>,
    control: &SearchControl,
    out: &Output,
    answer: &mut dyn FnMut(Response),
) {
    let SearchJob {
        mut pos,
        tt,
        limits,
        rules,
        resign_value,
        low_scores,
    } = job;
    if pos.can_declare_win(&rules) {
        return answer(Response::BestMove {
            mv: "win".to_string(),
            ponder: None,
        });
    }
    let mut tt = tt.lock().unwrap_or_else(|e| e.into_inner());
    let mut report = |info| {
        control
            .progress
            .report(info, |i| out.send(&Response::Info(i.clone())))
    };
    search::search_then(
        &mut pos,
        &mut tt,
        control,
        &limits,
        &rules,
        &mut report,
        |pos, result| {
            answer(if gives_up(&result, resign_value, &low_scores) {
                resign()
            } else {
                bestmove(pos, &result)
            })
        },
    );
}

/// `ResignValue`: true once enough searches in a row scored below it.
fn gives_up<M>(result: &SearchResult<M>, resign_value: i32, low_scores: &AtomicU32) -> bool {
    if i64::from(resign_value) <= super::options::RESIGN_NEVER || result.depth == 0 {
        return false;
    }
    if result.score < resign_value {
        low_scores.fetch_add(1, Ordering::Relaxed) + 1 >= RESIGN_STREAK
    } else {
        low_scores.store(0, Ordering::Relaxed);
        false
    }
}

fn resign() -> Response {
    Response::BestMove {
        mv: "resign".to_string(),
        ponder: None,
    }
}

/// `bestmove <move> [ponder <move>]`, or `resign` when there is no move or
/// every move loses by force.
fn bestmove<G: SearchHooks>(pos: &G, result: &SearchResult<G::Move>) -> Response {
    let Some(best) = result.best else {
        return resign();
    };
    if result.is_lost() {
        return resign();
    }
    let line: Vec<G::Move> = std::iter::once(best).chain(result.ponder).collect();
    let mut text = search::format_line(pos, &line).into_iter();
    Response::BestMove {
        mv: text.next().unwrap_or_default(),
        ponder: text.next(),
    }
}

/// `go perft N`: one `<move>: <count>` line per root move, a blank line and
/// `Nodes searched: <total>` (docs/rules/notation.md). The recursion polls
/// `stop`, so a stopped perft ends within one node's work: the finished root
/// moves' lines stand, the interrupted one is not printed, and
/// [`perft_stopped`] says how far it got.
pub fn run_perft<G: Game>(mut pos: G, depth: u32, control: &SearchControl, out: &Output) {
    let mut moves = G::Moves::default();
    if depth > 0 {
        pos.generate_legal(&mut moves);
    }
    perft_lines(&mut pos, &moves, depth, out, |pos, depth| {
        crate::perft::perft_until(pos, depth, &|| control.stop_requested())
    });
}

/// [`run_perft`] in a game with dice: the root moves of every roll (or of
/// the position's roll), each counted over the rolls below it
/// ([`crate::chance::perft`](mod@crate::chance::perft)).
pub fn run_chance_perft<G: ChanceGame>(
    mut pos: G,
    depth: u32,
    control: &SearchControl,
    out: &Output,
) {
    let root = if depth > 0 {
        chance::perft::root_moves(&mut pos)
    } else {
        Vec::new()
    };
    perft_lines(&mut pos, &root, depth, out, |pos, depth| {
        chance::perft::perft_until(pos, depth, &|| control.stop_requested())
    });
}

/// The leaves `count` finds below each of the `root` moves, one line each,
/// then the total (1 at depth 0).
fn perft_lines<G: Game>(
    pos: &mut G,
    root: &[G::Move],
    depth: u32,
    out: &Output,
    count: impl Fn(&mut G, u32) -> Result<u64, crate::perft::Stopped>,
) {
    let mut total: u64 = if depth == 0 { 1 } else { 0 };
    for (done, &m) in root.iter().enumerate() {
        let name = pos.format_move(m).to_string();
        pos.do_move(m);
        let below = count(pos, depth - 1);
        pos.undo_move();
        let Ok(below) = below else {
            return perft_stopped(out, done, root.len(), total);
        };
        total += below;
        out.line(&format!("{name}: {below}"));
    }
    out.line("");
    out.line(&format!("Nodes searched: {total}"));
}

/// `go mate`: the df-pn solver on the position. Answers `checkmate <moves>`,
/// `checkmate nomate` or `checkmate timeout` (also after `stop`), preceded by
/// one `info` with the solver's nodes and time.
pub fn run_mate<G: SearchHooks>(
    mut pos: G,
    limits: MateLimits,
    control: &SearchControl,
    out: &Output,
) {
    let stop = || control.stop_requested();
    let (result, stats) = mate::solve_with_stats(&mut pos, &limits, &stop);
    let millis = stats.elapsed.as_millis() as u64;
    out.send(&Response::Info(usi::Info {
        nodes: Some(stats.nodes),
        time: Some(millis),
        nps: Some(stats.nodes * 1000 / millis.max(1)),
        ..usi::Info::default()
    }));
    out.send(&Response::Checkmate(mate::to_checkmate(&pos, &result)));
}

/// The end of a perft that `stop` (or `gameover`, `quit`) interrupted after
/// `done` of `of` root moves: `info string perft stopped after <done> of
/// <of> root moves (<total> nodes counted)`. A `stop` that lands between the
/// last root move and the total is too late to matter: the perft answers in
/// full.
fn perft_stopped(out: &Output, done: usize, of: usize, total: u64) {
    out.info_string(format!(
        "perft stopped after {done} of {of} root moves ({total} nodes counted)"
    ));
}
