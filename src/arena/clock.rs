//! Time controls and the clocks the match tool keeps for each side.
//!
//! The tool is the timekeeper: it measures each move from the moment `go`
//! was written until the `bestmove` line was read, and an engine that takes
//! longer than its clock allows (plus a margin for process overhead) loses
//! on time. The engine only hears the clock through `go`.

use crate::game::Color;

/// A time control for one engine.
///
/// - clock modes: `main_ms` main time, then `byoyomi_ms` per move once it is
///   used up (Japanese byoyomi), and/or `increment_ms` added after every
///   move (Fischer); main time alone is sudden death;
/// - `movetime_ms`: a fixed time per move (`go movetime`);
/// - `depth` / `nodes`: fixed search limits (`go depth` / `go nodes`),
///   untimed unless a clock is given too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    pub main_ms: u64,
    pub byoyomi_ms: u64,
    pub increment_ms: u64,
    pub movetime_ms: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// Seconds with an optional fraction (`10`, `0.5`) to milliseconds.
fn seconds(text: &str) -> Result<u64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(v.is_finite() && v >= 0.0) {
        return Err(format!("'{text}' is not a number of seconds"));
    }
    Ok((v * 1000.0).round() as u64)
}

fn integer<T: std::str::FromStr>(key: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{key}: '{text}' is not a whole number"))
}

impl TimeControl {
    /// Reads a time control. Short forms are in seconds:
    ///
    /// - `10+1b`: 10 s main time then 1 s byoyomi per move; `0+1b` or `1b`:
    ///   byoyomi only;
    /// - `60+0.5`: 60 s plus a 0.5 s Fischer increment per move;
    /// - `60`: 60 s sudden death.
    ///
    /// The explicit form is a comma-separated list of `key=value` in
    /// milliseconds (counts for depth and nodes): `main`, `byoyomi`, `inc`,
    /// `movetime`, `depth`, `nodes`, e.g. `main=10000,byoyomi=1000`,
    /// `movetime=200`, `depth=3`, `nodes=20000`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        let err = |e: String| format!("time control '{text}': {e}");
        let mut tc = TimeControl::default();
        if text.contains('=') {
            for part in text.split(',') {
                let (key, value) = part
                    .split_once('=')
                    .ok_or_else(|| err(format!("'{part}' is not key=value")))?;
                let (key, value) = (key.trim(), value.trim());
                match key {
                    "main" | "time" => tc.main_ms = integer(key, value).map_err(err)?,
                    "byoyomi" | "byo" => tc.byoyomi_ms = integer(key, value).map_err(err)?,
                    "inc" | "increment" => tc.increment_ms = integer(key, value).map_err(err)?,
                    "movetime" => tc.movetime_ms = Some(integer(key, value).map_err(err)?),
                    "depth" => tc.depth = Some(integer(key, value).map_err(err)?),
                    "nodes" => tc.nodes = Some(integer(key, value).map_err(err)?),
                    other => {
                        return Err(err(format!(
                            "unknown key '{other}' (main, byoyomi, inc, movetime, depth, nodes)"
                        )))
                    }
                }
            }
        } else if let Some(byo) = text.strip_suffix('b') {
            match byo.split_once('+') {
                Some((main, byo)) => {
                    tc.main_ms = seconds(main).map_err(err)?;
                    tc.byoyomi_ms = seconds(byo).map_err(err)?;
                }
                None => tc.byoyomi_ms = seconds(byo).map_err(err)?,
            }
        } else if let Some((main, inc)) = text.split_once('+') {
            tc.main_ms = seconds(main).map_err(err)?;
            tc.increment_ms = seconds(inc).map_err(err)?;
        } else {
            tc.main_ms = seconds(text).map_err(err)?;
        }
        if tc.movetime_ms.is_some() && tc.has_clock() {
            return Err(err("movetime cannot be combined with a clock".into()));
        }
        if !tc.has_clock() && tc.movetime_ms.is_none() && tc.depth.is_none() && tc.nodes.is_none() {
            return Err(err(
                "no time, byoyomi, movetime, depth or nodes given".into()
            ));
        }
        if tc.movetime_ms == Some(0) {
            return Err(err("movetime must be positive".into()));
        }
        Ok(tc)
    }

    /// Whether the engine plays on a clock (main time, byoyomi or increment).
    pub fn has_clock(&self) -> bool {
        self.main_ms > 0 || self.byoyomi_ms > 0 || self.increment_ms > 0
    }

    /// Whether moves have a time limit at all (a clock or a movetime).
    pub fn is_timed(&self) -> bool {
        self.has_clock() || self.movetime_ms.is_some()
    }

    /// Byoyomi as CSA's `$TIME_LIMIT:HH:MM+SS` (only for whole-second main
    /// time and byoyomi, no increment).
    pub fn csa_time_limit(&self) -> Option<String> {
        if !self.has_clock()
            || self.increment_ms > 0
            || !self.main_ms.is_multiple_of(1000)
            || !self.byoyomi_ms.is_multiple_of(1000)
        {
            return None;
        }
        let mins = self.main_ms / 60_000;
        if !self.main_ms.is_multiple_of(60_000) {
            return None;
        }
        Some(format!(
            "{:02}:{:02}+{:02}",
            mins / 60,
            mins % 60,
            self.byoyomi_ms / 1000
        ))
    }
}

fn secs_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

impl std::fmt::Display for TimeControl {
    /// The short form where there is one (`10+1b`, `60+0.5`, `60`),
    /// otherwise the explicit one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts = Vec::new();
        if self.has_clock() {
            if self.byoyomi_ms > 0 && self.increment_ms == 0 {
                parts.push(format!(
                    "{}+{}b",
                    secs_text(self.main_ms),
                    secs_text(self.byoyomi_ms)
                ));
            } else if self.byoyomi_ms == 0 && self.increment_ms > 0 {
                parts.push(format!(
                    "{}+{}",
                    secs_text(self.main_ms),
                    secs_text(self.increment_ms)
                ));
            } else if self.byoyomi_ms == 0 {
                parts.push(secs_text(self.main_ms));
            } else {
                parts.push(format!(
                    "main={},byoyomi={},inc={}",
                    self.main_ms, self.byoyomi_ms, self.increment_ms
                ));
            }
        }
        if let Some(mt) = self.movetime_ms {
            parts.push(format!("movetime={mt}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        f.write_str(&parts.join(","))
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub tc: TimeControl,
    /// Main time left (ms).
    pub remaining: u64,
    /// Time used so far in the game (ms).
    pub used: u64,
}

/// Why a move was too late.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overrun {
    pub elapsed: u64,
    pub allowed: u64,
}

impl Clock {
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            tc,
            remaining: tc.main_ms,
            used: 0,
        }
    }

    /// How long the coming move may take (before the margin), or `None`
    /// for an untimed search (depth/nodes only).
    pub fn allowed(&self) -> Option<u64> {
        if let Some(mt) = self.tc.movetime_ms {
            Some(mt)
        } else if self.tc.has_clock() {
            Some(self.remaining + self.tc.byoyomi_ms)
        } else {
            None
        }
    }

    /// Charges a move that took `elapsed` ms. More than
    /// [`Clock::allowed`] + `margin` is a time loss; otherwise main time is
    /// used first, then byoyomi, and the increment is added.
    pub fn charge(&mut self, elapsed: u64, margin: u64) -> Result<(), Overrun> {
        self.used += elapsed;
        if let Some(allowed) = self.allowed() {
            if elapsed > allowed + margin {
                return Err(Overrun { elapsed, allowed });
            }
        }
        if self.tc.has_clock() {
            self.remaining = self.remaining.saturating_sub(elapsed) + self.tc.increment_ms;
        }
        Ok(())
    }
}

/// The `go` command for the side to move (`mover`), with both clocks
/// (`clocks[Color::index()]`). With `inc_as_byoyomi` the mover's increment
/// is sent as `byoyomi` (when its control has none) and no `binc`/`winc`:
/// near the end of its main time such an engine then plans as on an
/// increment, the increment arriving after the move instead of within it.
pub fn go_command(clocks: &[Clock; 2], mover: Color, inc_as_byoyomi: bool) -> String {
    let own = &clocks[mover.index()];
    let tc = own.tc;
    let mut go = String::from("go");
    if tc.has_clock() {
        // A side without a clock (movetime/depth) shows the mover's time.
        let shown = |c: Color| {
            let clock = &clocks[c.index()];
            if clock.tc.has_clock() {
                clock.remaining
            } else {
                own.remaining
            }
        };
        let incs = |c: Color| {
            let clock = &clocks[c.index()];
            if clock.tc.has_clock() {
                clock.tc.increment_ms
            } else {
                tc.increment_ms
            }
        };
        go += &format!(
            " btime {} wtime {}",
            shown(Color::Black),
            shown(Color::White)
        );
        if tc.byoyomi_ms > 0 {
            go += &format!(" byoyomi {}", tc.byoyomi_ms);
        } else if inc_as_byoyomi && tc.increment_ms > 0 {
            go += &format!(" byoyomi {}", tc.increment_ms);
        }
        if !inc_as_byoyomi && (incs(Color::Black) > 0 || incs(Color::White) > 0) {
            go += &format!(" binc {} winc {}", incs(Color::Black), incs(Color::White));
        }
    } else if let Some(mt) = tc.movetime_ms {
        go += &format!(" movetime {mt}");
    }
    if let Some(d) = tc.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = tc.nodes {
        go += &format!(" nodes {n}");
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_forms() {
        let tc = TimeControl::parse("10+1b").unwrap();
        assert_eq!(
            (tc.main_ms, tc.byoyomi_ms, tc.increment_ms),
            (10_000, 1000, 0)
        );
        assert_eq!(tc.to_string(), "10+1b");
        let tc = TimeControl::parse("1b").unwrap();
        assert_eq!((tc.main_ms, tc.byoyomi_ms), (0, 1000));
        let tc = TimeControl::parse("60+0.5").unwrap();
        assert_eq!((tc.main_ms, tc.increment_ms), (60_000, 500));
        assert_eq!(tc.to_string(), "60+0.5");
        let tc = TimeControl::parse("90").unwrap();
        assert_eq!((tc.main_ms, tc.byoyomi_ms, tc.increment_ms), (90_000, 0, 0));
        assert_eq!(tc.to_string(), "90");
    }

    #[test]
    fn explicit_forms() {
        let tc = TimeControl::parse("movetime=200").unwrap();
        assert_eq!(tc.movetime_ms, Some(200));
        assert!(tc.is_timed() && !tc.has_clock());
        let tc = TimeControl::parse("depth=3,nodes=1000").unwrap();
        assert_eq!((tc.depth, tc.nodes), (Some(3), Some(1000)));
        assert!(!tc.is_timed());
        assert_eq!(tc.to_string(), "depth=3,nodes=1000");
        let tc = TimeControl::parse("main=5000,byoyomi=100").unwrap();
        assert_eq!(tc.to_string(), "5+0.1b");
        assert!(TimeControl::parse("movetime=100,main=1000").is_err());
        assert!(TimeControl::parse("fast").is_err());
        assert!(TimeControl::parse("depth=x").is_err());
        assert!(TimeControl::parse("main=0").is_err());
    }

    #[test]
    fn csa_time_limit() {
        let tc = TimeControl::parse("600+10b").unwrap();
        assert_eq!(tc.csa_time_limit().as_deref(), Some("00:10+10"));
        assert_eq!(TimeControl::parse("60+1").unwrap().csa_time_limit(), None);
    }

    #[test]
    fn byoyomi_clock() {
        let mut c = Clock::new(TimeControl::parse("1+1b").unwrap());
        assert_eq!(c.allowed(), Some(2000));
        c.charge(1500, 100).unwrap();
        assert_eq!(c.remaining, 0);
        assert_eq!(c.allowed(), Some(1000));
        c.charge(1090, 100).unwrap();
        assert_eq!(
            c.charge(1101, 100),
            Err(Overrun {
                elapsed: 1101,
                allowed: 1000
            })
        );
    }

    #[test]
    fn fischer_clock() {
        let mut c = Clock::new(TimeControl::parse("1+0.5").unwrap());
        c.charge(800, 0).unwrap();
        assert_eq!(c.remaining, 700);
        assert!(c.charge(750, 0).is_err());
        let mut c = Clock::new(TimeControl::parse("movetime=100").unwrap());
        c.charge(150, 100).unwrap();
        assert!(c.charge(201, 100).is_err());
        let mut c = Clock::new(TimeControl::parse("depth=2").unwrap());
        c.charge(1_000_000, 0).unwrap();
        assert_eq!(c.allowed(), None);
    }

    #[test]
    fn go_commands() {
        let a = Clock::new(TimeControl::parse("10+1b").unwrap());
        let b = Clock::new(TimeControl::parse("10+1b").unwrap());
        assert_eq!(
            go_command(&[a, b], Color::Black, false),
            "go btime 10000 wtime 10000 byoyomi 1000"
        );
        let a = Clock::new(TimeControl::parse("10+0.1").unwrap());
        let b = Clock::new(TimeControl::parse("5+0.2").unwrap());
        assert_eq!(
            go_command(&[a, b], Color::White, false),
            "go btime 10000 wtime 5000 binc 100 winc 200"
        );
        let m = Clock::new(TimeControl::parse("movetime=50").unwrap());
        assert_eq!(go_command(&[m, a], Color::Black, false), "go movetime 50");
        let d = Clock::new(TimeControl::parse("depth=2").unwrap());
        assert_eq!(go_command(&[a, d], Color::White, false), "go depth 2");
    }

    #[test]
    fn increments_told_as_byoyomi() {
        let a = Clock::new(TimeControl::parse("10+0.1").unwrap());
        let b = Clock::new(TimeControl::parse("5+0.2").unwrap());
        assert_eq!(
            go_command(&[a, b], Color::White, true),
            "go btime 10000 wtime 5000 byoyomi 200"
        );
        // A control with its own byoyomi keeps it; the increment is not told.
        let c = Clock::new(TimeControl::parse("main=5000,byoyomi=300,inc=100").unwrap());
        assert_eq!(
            go_command(&[c, a], Color::Black, true),
            "go btime 5000 wtime 10000 byoyomi 300"
        );
        // The clock itself is unchanged: the increment comes after the move.
        let mut a = a;
        a.charge(10_000, 0).unwrap();
        assert_eq!(a.remaining, 100);
        assert_eq!(
            go_command(&[a, b], Color::Black, true),
            "go btime 100 wtime 5000 byoyomi 100"
        );
    }
}
