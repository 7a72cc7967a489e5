//! Time management: turns a `go` command's clock into two limits for one move.
//!
//! - `soft`: once this much time has passed, the search starts no new
//!   iteration (it ends after the one in progress).
//! - `hard`: the search aborts at once and answers with what it has.
//! - `floor`: the search does not stop for time before this (it may stop
//!   earlier when the result is proven, the root has one move, or a depth
//!   or node limit is met). A byoyomi period is use-it-or-lose-it, so the
//!   floor is the period less the margin; `movetime` is thought for in full.
//!
//! The hard limit never exceeds what the clock allows for this move minus a
//! safety margin (`NetworkDelay`), so the engine does not lose on time. Pondering
//! and `go infinite` have no limits; the session applies the limits of a ponder
//! search from `ponderhit` on (the clock starts then).

use std::time::Duration;

use crate::game::Color;
use usi::GoCommand;

/// Moves assumed left in the game when the GUI sends no `movestogo`.
pub const DEFAULT_MOVES_TO_GO: u64 = 40;

/// The hard limit is at most this many times the planned time for the move.
const HARD_FACTOR: u64 = 3;

/// Settings from USI options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeOptions {
    /// Milliseconds kept back from every deadline for transmission lag and
    /// the time between the search stopping and `bestmove` reaching the GUI.
    pub network_delay: u64,
    /// The search thinks at least this long when the clock allows it (ms).
    pub minimum_thinking_time: u64,
}

/// The default `NetworkDelay`: the engine's own answer latency (from the
/// deadline to `bestmove` on the pipe) measured 0-8 ms with the machine's
/// cores oversubscribed three times, with room to spare for a GUI on the
/// same machine. An internet server's lag wants more: set the option.
pub const DEFAULT_NETWORK_DELAY: u64 = 40;

impl Default for TimeOptions {
    fn default() -> Self {
        TimeOptions {
            network_delay: DEFAULT_NETWORK_DELAY,
            minimum_thinking_time: 0,
        }
    }
}

/// Limits for one move; `None` is no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeLimits {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    /// No stop for time before this (zero: none).
    pub floor: Duration,
}

impl TimeLimits {
    pub const UNLIMITED: TimeLimits = TimeLimits {
        soft: None,
        hard: None,
        floor: Duration::ZERO,
    };

    /// Limits in milliseconds; the floor and the soft limit never exceed
    /// the hard limit.
    fn from_millis(soft: u64, hard: u64, floor: u64) -> TimeLimits {
        TimeLimits {
            soft: Some(Duration::from_millis(soft.min(hard))),
            hard: Some(Duration::from_millis(hard)),
            floor: Duration::from_millis(floor.min(hard)),
        }
    }

    pub fn is_limited(&self) -> bool {
        self.hard.is_some() || self.soft.is_some()
    }
}

/// The clock fields of `go` as they concern the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Clock {
    remaining: u64,
    increment: u64,
    byoyomi: u64,
    moves_to_go: Option<u64>,
}

fn own_clock(go: &GoCommand, side: Color) -> Option<Clock> {
    let (time, inc) = match side {
        Color::Black => (go.btime, go.binc),
        Color::White => (go.wtime, go.winc),
    };
    if time.is_none() && inc.is_none() && go.byoyomi.is_none() {
        return None;
    }
    Some(Clock {
        remaining: time.unwrap_or(0),
        increment: inc.unwrap_or(0),
        byoyomi: go.byoyomi.unwrap_or(0),
        moves_to_go: go.movestogo.map(u64::from),
    })
}

/// True when `go` carries any clock field (used for `ponderhit` with fresh
/// times).
pub fn has_clock(go: &GoCommand) -> bool {
    go.btime.is_some()
        || go.wtime.is_some()
        || go.binc.is_some()
        || go.winc.is_some()
        || go.byoyomi.is_some()
        || go.movetime.is_some()
}

/// The limits for the side to move. The `ponder` flag is ignored here: the
/// caller holds these limits back until `ponderhit`.
pub fn limits(go: &GoCommand, side: Color, options: &TimeOptions) -> TimeLimits {
    if go.infinite {
        return TimeLimits::UNLIMITED;
    }
    if let Some(movetime) = go.movetime {
        return movetime_limits(movetime, options);
    }
    match own_clock(go, side) {
        Some(clock) => clock_limits(&clock, options),
        None => TimeLimits::UNLIMITED,
    }
}

/// The margin actually kept: the configured delay, but never more than half
/// of what there is, so that a tiny clock still leaves time for a move.
fn margin(available: u64, options: &TimeOptions) -> u64 {
    options.network_delay.min(available / 2)
}

/// `go movetime`: think that long (less the margin).
fn movetime_limits(movetime: u64, options: &TimeOptions) -> TimeLimits {
    let limit = movetime - margin(movetime, options);
    TimeLimits::from_millis(limit, limit, limit)
}

fn clock_limits(clock: &Clock, options: &TimeOptions) -> TimeLimits {
    // The most this move may take: main time plus the byoyomi period. An
    // increment is only credited after the move, so it is not counted here.
    let available = clock.remaining.saturating_add(clock.byoyomi);
    let max_allowed = available - margin(available, options);

    // A fair share of the main time, plus what the clock hands back every
    // move anyway: the increment, and the byoyomi (unused byoyomi is lost).
    let moves_to_go = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
    let planned = (clock.remaining / moves_to_go)
        .saturating_add(clock.increment)
        .saturating_add(clock.byoyomi);

    let minimum = options.minimum_thinking_time;
    let soft = planned.max(minimum).min(max_allowed);
    let hard = planned
        .saturating_mul(HARD_FACTOR)
        .max(minimum)
        .min(max_allowed);
    // Byoyomi not used is lost: think at least the period (less the margin).
    let floor = minimum.max(clock.byoyomi.saturating_sub(options.network_delay));
    TimeLimits::from_millis(soft, hard, floor)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Option<Duration>) -> u64 {
        d.expect("limited").as_millis() as u64
    }

    fn go() -> GoCommand {
        GoCommand::default()
    }

    const OPTS: TimeOptions = TimeOptions {
        network_delay: 120,
        minimum_thinking_time: 0,
    };

    #[test]
    fn byoyomi_only_uses_most_of_the_period() {
        let g = GoCommand {
            btime: Some(0),
            wtime: Some(0),
            byoyomi: Some(1000),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert!(ms(l.hard) <= 1000 - 120);
        assert!(ms(l.soft) >= 800, "byoyomi is use-it-or-lose-it");
        assert!(ms(l.soft) <= ms(l.hard));
    }

    #[test]
    fn default_byoyomi_and_movetime_use_at_least_eighty_percent() {
        let opts = TimeOptions::default();
        for period in [300, 1000, 10_000] {
            let byoyomi = GoCommand {
                btime: Some(0),
                wtime: Some(0),
                byoyomi: Some(period),
                ..go()
            };
            let movetime = GoCommand {
                movetime: Some(period),
                ..go()
            };
            for g in [byoyomi, movetime] {
                let l = limits(&g, Color::Black, &opts);
                assert!(
                    l.floor.as_millis() as u64 >= period * 8 / 10,
                    "{period}: {l:?}"
                );
                assert!(ms(l.hard) < period);
            }
        }
    }

    #[test]
    fn byoyomi_with_main_time_never_exceeds_the_clock() {
        let g = GoCommand {
            btime: Some(1000),
            wtime: Some(1000),
            byoyomi: Some(100),
            ..go()
        };
        let l = limits(&g, Color::White, &OPTS);
        assert!(ms(l.hard) <= 1100 - 120);
        assert!(ms(l.soft) >= 100);
    }

    #[test]
    fn tiny_byoyomi_keeps_half_as_margin() {
        let g = GoCommand {
            byoyomi: Some(100),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert_eq!(ms(l.hard), 50);
    }

    #[test]
    fn short_sudden_death_thinks_briefly() {
        let g = GoCommand {
            btime: Some(500),
            binc: Some(0),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert!(ms(l.hard) <= 50, "hard {:?}", l.hard);
        assert!(ms(l.soft) <= ms(l.hard));
    }

    #[test]
    fn sudden_death_spreads_time_over_forty_moves() {
        let g = GoCommand {
            btime: Some(600_000),
            wtime: Some(10),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert_eq!(ms(l.soft), 15_000);
        assert_eq!(ms(l.hard), 45_000);
        // White's own clock is what counts for White.
        let w = limits(&g, Color::White, &OPTS);
        assert!(ms(w.hard) <= 5);
    }

    #[test]
    fn increment_is_spent_but_not_borrowed() {
        let g = GoCommand {
            btime: Some(2000),
            binc: Some(5000),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert!(
            ms(l.hard) <= 2000 - 120,
            "the increment comes after the move"
        );
        let g = GoCommand {
            btime: Some(60_000),
            binc: Some(2000),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert_eq!(ms(l.soft), 1500 + 2000);
    }

    #[test]
    fn movestogo_one_may_use_everything_but_the_margin() {
        let g = GoCommand {
            btime: Some(10_000),
            movestogo: Some(1),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert_eq!(ms(l.hard), 10_000 - 120);
    }

    #[test]
    fn movetime_is_used_minus_margin() {
        let g = GoCommand {
            movetime: Some(1000),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert_eq!((ms(l.soft), ms(l.hard)), (880, 880));
    }

    #[test]
    fn infinite_and_no_clock_are_unlimited() {
        let g = GoCommand {
            infinite: true,
            btime: Some(1000),
            ..go()
        };
        assert_eq!(limits(&g, Color::Black, &OPTS), TimeLimits::UNLIMITED);
        let g = GoCommand {
            depth: Some(5),
            ..go()
        };
        assert!(!limits(&g, Color::Black, &OPTS).is_limited());
    }

    #[test]
    fn minimum_thinking_time_raises_short_plans_within_the_clock() {
        let opts = TimeOptions {
            network_delay: 120,
            minimum_thinking_time: 3000,
        };
        let g = GoCommand {
            btime: Some(60_000),
            ..go()
        };
        let l = limits(&g, Color::Black, &opts);
        assert_eq!(ms(l.soft), 3000);
        let g = GoCommand {
            btime: Some(1000),
            ..go()
        };
        let l = limits(&g, Color::Black, &opts);
        assert!(ms(l.hard) <= 1000 - 120, "never beyond the clock");
    }

    #[test]
    fn zero_clock_gives_zero_limits() {
        let g = GoCommand {
            btime: Some(0),
            ..go()
        };
        let l = limits(&g, Color::Black, &OPTS);
        assert_eq!((ms(l.soft), ms(l.hard)), (0, 0));
    }
}
