//! How a running search is told to stop: the shared stop flag, the clock
//! deadlines (which `ponderhit` can start late), and the wait that keeps a
//! ponder or infinite search from answering before the GUI allows it.
//!
//! One `SearchControl` is shared (in an `Arc`) by the session thread, which
//! calls `stop` and `ponderhit`, and the search thread, which polls
//! `stop_requested` and the deadlines and finally calls `wait_for_release`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::progress::Progress;
use crate::timeman::TimeLimits;

/// Deadline value meaning "none".
const NO_DEADLINE: u64 = u64::MAX;

/// Why the search thread may not answer yet.
#[derive(Debug)]
struct Hold {
    /// `go ponder` until `ponderhit` or `stop`.
    pondering: bool,
    /// `go infinite` until `stop`.
    infinite: bool,
    /// `stop`, `gameover`, `quit` or the end of input arrived.
    stopped: bool,
}

#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    /// Deadlines in microseconds since `origin`.
    soft_deadline: AtomicU64,
    hard_deadline: AtomicU64,
    /// No stop for time before this (microseconds since `origin`).
    floor_deadline: AtomicU64,
    /// When the clock started (microseconds since `origin`).
    clock_start: AtomicU64,
    time_limited: AtomicBool,
    /// Limits a ponder search starts using at `ponderhit`.
    pending: Mutex<TimeLimits>,
    origin: Instant,
    hold: Mutex<Hold>,
    released: Condvar,
    /// What the search has found so far, for periodic `info` lines.
    pub progress: Progress,
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(NO_DEADLINE)
}

impl SearchControl {
    /// A control whose clock starts now, or, when `pondering`, at `ponderhit`.
    pub fn new(limits: TimeLimits, pondering: bool, infinite: bool) -> SearchControl {
        SearchControl::since(Instant::now(), limits, pondering, infinite)
    }

    /// A control whose clock started at `arrived`, when the session read
    /// `go`: the time before the search thread runs (waiting for the last
    /// job, clearing a large table) is the GUI's time too. When `pondering`
    /// the clock starts at `ponderhit` instead.
    pub fn since(
        arrived: Instant,
        limits: TimeLimits,
        pondering: bool,
        infinite: bool,
    ) -> SearchControl {
        let control = SearchControl {
            stop: AtomicBool::new(false),
            soft_deadline: AtomicU64::new(NO_DEADLINE),
            hard_deadline: AtomicU64::new(NO_DEADLINE),
            floor_deadline: AtomicU64::new(0),
            clock_start: AtomicU64::new(0),
            time_limited: AtomicBool::new(false),
            pending: Mutex::new(limits),
            origin: arrived,
            hold: Mutex::new(Hold {
                pondering,
                infinite,
                stopped: false,
            }),
            released: Condvar::new(),
            progress: Progress::default(),
        };
        if !pondering {
            control.start_clock(0, limits);
        }
        control
    }

    /// A control with no limits, as tests and benchmarks use.
    pub fn unlimited() -> SearchControl {
        SearchControl::new(TimeLimits::UNLIMITED, false, false)
    }

    fn now(&self) -> u64 {
        micros(self.origin.elapsed())
    }

    /// Sets the deadlines from `now` (microseconds since `origin`).
    fn start_clock(&self, now: u64, limits: TimeLimits) {
        let deadline = |limit: Option<Duration>| match limit {
            Some(d) => now.saturating_add(micros(d)),
            None => NO_DEADLINE,
        };
        self.soft_deadline
            .store(deadline(limits.soft), Ordering::Relaxed);
        self.hard_deadline
            .store(deadline(limits.hard), Ordering::Relaxed);
        self.floor_deadline
            .store(deadline(Some(limits.floor)), Ordering::Relaxed);
        self.time_limited
            .store(limits.is_limited(), Ordering::Relaxed);
        self.clock_start.store(now, Ordering::Relaxed);
    }

    fn hold(&self) -> MutexGuard<'_, Hold> {
        // The guarded data is three flags; a panic elsewhere cannot leave
        // them inconsistent, so a poisoned lock is still usable.
        self.hold.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `stop` (also `gameover`, `quit`, end of input): end the search now
    /// and answer.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.hold().stopped = true;
        self.released.notify_all();
    }

    /// `ponderhit`: the predicted move was played; the clock starts now with
    /// the limits given at `go ponder`, or `fresh` ones if the GUI sent some.
    pub fn ponderhit(&self, fresh: Option<TimeLimits>) {
        let mut hold = self.hold();
        if !hold.pondering {
            return;
        }
        hold.pondering = false;
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(limits) = fresh {
            *pending = limits;
        }
        self.start_clock(self.now(), *pending);
        drop(hold);
        self.released.notify_all();
    }

    pub fn is_pondering(&self) -> bool {
        self.hold().pondering
    }

    /// The stop flag (cheap: poll it at every node).
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// True when the clock has a limit (ponder searches: after `ponderhit`).
    pub fn is_time_limited(&self) -> bool {
        self.time_limited.load(Ordering::Relaxed)
    }

    /// The search must abort now.
    pub fn hard_limit_reached(&self) -> bool {
        let deadline = self.hard_deadline.load(Ordering::Relaxed);
        deadline != NO_DEADLINE && self.now() >= deadline
    }

    /// The search should not start another iteration.
    pub fn soft_limit_reached(&self) -> bool {
        let deadline = self.soft_deadline.load(Ordering::Relaxed);
        deadline != NO_DEADLINE && self.now() >= deadline && self.past_floor()
    }

    /// The floor (a byoyomi period, a `movetime`) has passed.
    fn past_floor(&self) -> bool {
        self.now() >= self.floor_deadline.load(Ordering::Relaxed)
    }

    /// [`SearchControl::soft_limit_reached`] with the planned time scaled by
    /// `factor`: more than planned while the best move keeps changing, less
    /// on an obvious move. The hard limit still caps every search.
    pub fn soft_limit_scaled(&self, factor: f64) -> bool {
        let deadline = self.soft_deadline.load(Ordering::Relaxed);
        if deadline == NO_DEADLINE {
            return false;
        }
        let start = self.clock_start.load(Ordering::Relaxed);
        let planned = deadline.saturating_sub(start) as f64 * factor.max(0.0);
        self.now() >= start.saturating_add(planned as u64) && self.past_floor()
    }

    /// Time since `go` arrived (not since `ponderhit`): for `info time`.
    pub fn elapsed(&self) -> Duration {
        self.origin.elapsed()
    }

    /// When `go` arrived.
    pub fn started(&self) -> Instant {
        self.origin
    }

    /// Blocks a finished search while the GUI still expects it to run: a
    /// ponder search until `ponderhit` or `stop`, an infinite one until `stop`.
    pub fn wait_for_release(&self) {
        let mut hold = self.hold();
        while !hold.stopped && (hold.pondering || hold.infinite) {
            hold = self.released.wait(hold).unwrap_or_else(|e| e.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn limits(soft: u64, hard: u64) -> TimeLimits {
        TimeLimits {
            floor: Duration::ZERO,
            soft: Some(Duration::from_millis(soft)),
            hard: Some(Duration::from_millis(hard)),
        }
    }

    #[test]
    fn unlimited_never_expires() {
        let c = SearchControl::unlimited();
        assert!(!c.hard_limit_reached());
        assert!(!c.soft_limit_reached());
        assert!(!c.is_time_limited());
        c.wait_for_release(); // returns at once
    }

    #[test]
    fn zero_limits_expire_at_once() {
        let c = SearchControl::new(limits(0, 0), false, false);
        assert!(c.hard_limit_reached());
        assert!(c.soft_limit_reached());
    }

    #[test]
    fn the_clock_runs_from_the_arrival_of_go() {
        // (A machine up for less than 10 s cannot go back that far.)
        let Some(arrived) = Instant::now().checked_sub(Duration::from_secs(10)) else {
            return;
        };
        let c = SearchControl::since(arrived, limits(5_000, 5_000), false, false);
        assert!(
            c.hard_limit_reached(),
            "the 5 s were spent before the search"
        );
        let c = SearchControl::since(arrived, limits(60_000, 60_000), false, false);
        assert!(!c.hard_limit_reached());
        assert!(c.elapsed() >= Duration::from_secs(10));
        // A ponder search's clock starts at `ponderhit`, not at its `go`.
        let c = SearchControl::since(arrived, limits(5_000, 5_000), true, false);
        c.ponderhit(None);
        assert!(!c.hard_limit_reached());
    }

    #[test]
    fn the_floor_holds_back_the_soft_limit() {
        let c = SearchControl::new(
            TimeLimits {
                floor: Duration::from_millis(60_000),
                ..limits(0, 60_000)
            },
            false,
            false,
        );
        assert!(!c.soft_limit_reached());
        assert!(!c.soft_limit_scaled(0.1));
        let c = SearchControl::new(limits(0, 60_000), false, false);
        assert!(c.soft_limit_reached());
    }

    #[test]
    fn pondering_has_no_clock_until_ponderhit() {
        let c = SearchControl::new(limits(0, 0), true, false);
        assert!(!c.hard_limit_reached());
        assert!(c.is_pondering());
        c.ponderhit(None);
        assert!(c.hard_limit_reached());
        assert!(!c.is_pondering());
        c.wait_for_release();
    }

    #[test]
    fn ponderhit_takes_fresh_limits() {
        let c = SearchControl::new(limits(0, 0), true, false);
        c.ponderhit(Some(limits(60_000, 60_000)));
        assert!(!c.hard_limit_reached());
        assert!(c.is_time_limited());
    }

    #[test]
    fn infinite_waits_for_stop() {
        let c = Arc::new(SearchControl::new(TimeLimits::UNLIMITED, false, true));
        let waiter = {
            let c = Arc::clone(&c);
            std::thread::spawn(move || c.wait_for_release())
        };
        std::thread::sleep(Duration::from_millis(20));
        assert!(!waiter.is_finished());
        c.stop();
        waiter.join().unwrap();
        assert!(c.stop_requested());
    }

    #[test]
    fn stop_releases_a_ponder_search() {
        let c = SearchControl::new(TimeLimits::UNLIMITED, true, false);
        c.stop();
        assert!(c.stop_requested());
        c.wait_for_release();
    }
}
