//! When the chance search stops: a [`Control`] answers "stop now?" (the
//! `stop` flag, the hard time limit) and "start another iteration?" (the
//! soft limit). The session's [`SearchControl`] is one; [`Deadline`] is a
//! self-contained one for tools, tests and self-play.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::search::SearchControl;
use crate::timeman::TimeLimits;

pub trait Control {
    /// The search must end now (`stop`, hard time limit). Polled often.
    fn must_stop(&self) -> bool;
    /// No new iteration should start (soft time limit).
    fn soft_limit_reached(&self) -> bool;
    /// The planned time scaled by `factor` has passed (never before the
    /// floor of a byoyomi period or `movetime`).
    fn soft_limit_scaled(&self, factor: f64) -> bool;
    /// The search's node count so far, for periodic progress lines.
    fn publish_nodes(&self, _nodes: u64) {}
    /// Time since the search started, for `info time`/`nps`.
    fn elapsed(&self) -> Duration;
}

impl Control for SearchControl {
    fn must_stop(&self) -> bool {
        self.stop_requested() || self.hard_limit_reached()
    }
    fn soft_limit_reached(&self) -> bool {
        SearchControl::soft_limit_reached(self)
    }
    fn soft_limit_scaled(&self, factor: f64) -> bool {
        SearchControl::soft_limit_scaled(self, factor)
    }
    fn publish_nodes(&self, nodes: u64) {
        self.progress.publish_nodes(nodes);
    }
    fn elapsed(&self) -> Duration {
        SearchControl::elapsed(self)
    }
}

/// A stop flag and optional soft/hard time limits counted from `new`.
#[derive(Debug)]
pub struct Deadline<'a> {
    stop: Option<&'a AtomicBool>,
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl<'a> Deadline<'a> {
    pub fn new(
        stop: Option<&'a AtomicBool>,
        soft: Option<Duration>,
        hard: Option<Duration>,
    ) -> Self {
        Deadline {
            stop,
            start: Instant::now(),
            soft,
            hard,
        }
    }

    /// A flag and the limits `timeman` computed for this move.
    pub fn from_limits(stop: Option<&'a AtomicBool>, limits: TimeLimits) -> Self {
        Deadline::new(stop, limits.soft, limits.hard)
    }

    /// No flag, no time limit (depth or node limits still apply).
    pub fn unlimited() -> Deadline<'static> {
        Deadline::new(None, None, None)
    }
}

impl Control for Deadline<'_> {
    fn must_stop(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }
    fn soft_limit_reached(&self) -> bool {
        self.soft.is_some_and(|s| self.start.elapsed() >= s)
    }
    fn soft_limit_scaled(&self, factor: f64) -> bool {
        self.soft
            .is_some_and(|s| self.start.elapsed() >= s.mul_f64(factor.max(0.0)))
    }
    fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
