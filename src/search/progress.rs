//! Progress of a running search for the GUI: the search publishes its node
//! count and every `info` line it reports, and a ticker (on its own thread,
//! see the session's worker) repeats the latest line with fresh nodes, nps,
//! time and hashfull whenever a second has passed without one. Long
//! iterations (deep shogi, Shogammon's chance plies, Sigma 4's branching)
//! would otherwise leave the GUI silent for many seconds.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long the GUI may go without an `info` line during a search.
pub const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

#[derive(Debug, Default)]
struct Latest {
    /// The last reported line (depth, score, pv), if any.
    info: Option<usi::Info>,
    /// When a line was last written (reported or repeated).
    sent: Option<Instant>,
    /// The search has answered (or is about to): no more progress lines.
    finished: bool,
    /// The search has reported a line: it is one that reports (bench and
    /// the tuner search silently, and get no progress lines either).
    active: bool,
}

#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    hashfull: AtomicU64,
    latest: Mutex<Latest>,
}

impl Progress {
    fn latest(&self) -> MutexGuard<'_, Latest> {
        // Plain data: a panic elsewhere cannot leave it inconsistent.
        self.latest.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The search's node count so far (all threads). Cheap: an atomic store.
    #[inline]
    pub fn publish_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    /// The table's fill (per mille), as the last report saw it.
    pub fn publish_hashfull(&self, permille: u32) {
        self.hashfull.store(u64::from(permille), Ordering::Relaxed);
    }

    /// An `info` line the search reports: `send` writes it. Written under
    /// the progress lock, so a ticker line never interleaves with it.
    pub fn report(&self, info: usi::Info, send: impl FnOnce(&usi::Info)) {
        let mut latest = self.latest();
        if let Some(h) = info.hashfull {
            self.publish_hashfull(h);
        }
        if let Some(n) = info.nodes {
            self.publish_nodes(n);
        }
        send(&info);
        latest.sent = Some(Instant::now());
        latest.active = true;
        // A fail-high or fail-low line has a bound; the exact one stands.
        if info.score.is_some_and(|(_, b)| b == usi::Bound::Exact) || latest.info.is_none() {
            latest.info = Some(info);
        }
    }

    /// The search answers now: after this no progress line is written.
    /// Call it before writing `bestmove`.
    pub fn finish(&self) {
        self.latest().finished = true;
    }

    pub fn is_finished(&self) -> bool {
        self.latest().finished
    }

    /// Called by the ticker: when the search has gone `PROGRESS_INTERVAL`
    /// without a line, writes the latest line again with fresh counters.
    /// `started` is when the search began, for `time` and `nps`.
    pub fn tick(&self, started: Instant, send: impl FnOnce(&usi::Info)) {
        let mut latest = self.latest();
        let nodes = self.nodes.load(Ordering::Relaxed);
        if latest.finished || !latest.active {
            return;
        }
        let since = latest.sent.map_or(started.elapsed(), |t| t.elapsed());
        if since < PROGRESS_INTERVAL {
            return;
        }
        let millis = started.elapsed().as_millis() as u64;
        let mut info = latest.info.clone().unwrap_or_default();
        info.nodes = Some(nodes);
        info.time = Some(millis);
        info.nps = Some(nodes * 1000 / millis.max(1));
        info.hashfull = Some(self.hashfull.load(Ordering::Relaxed) as u32);
        info.currmove = None;
        info.string = None;
        send(&info);
        latest.sent = Some(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(depth: u32) -> usi::Info {
        usi::Info {
            depth: Some(depth),
            score: Some((usi::Score::Cp(5), usi::Bound::Exact)),
            pv: vec!["7g7f".to_string()],
            ..usi::Info::default()
        }
    }

    #[test]
    fn ticks_repeat_the_latest_line_with_fresh_counters() {
        let p = Progress::default();
        let started = Instant::now() - Duration::from_secs(5);
        let mut sent = Vec::new();
        p.publish_nodes(100);
        p.tick(started, |i| sent.push(i.clone()));
        assert!(sent.is_empty(), "nothing reported yet");
        p.report(line(7), |_| {});
        p.tick(started, |i| sent.push(i.clone()));
        assert!(sent.is_empty(), "a line was just written");
        p.latest().sent = Some(Instant::now() - Duration::from_secs(2));
        p.publish_nodes(12_345);
        p.tick(started, |i| sent.push(i.clone()));
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].depth, Some(7));
        assert_eq!(sent[0].nodes, Some(12_345));
        assert_eq!(sent[0].pv, ["7g7f"]);
        assert!(sent[0].time.unwrap() >= 5000);
    }

    #[test]
    fn nothing_after_finish() {
        let p = Progress::default();
        p.report(line(3), |_| {});
        p.latest().sent = Some(Instant::now() - Duration::from_secs(2));
        p.finish();
        let mut sent = 0;
        p.tick(Instant::now() - Duration::from_secs(5), |_| sent += 1);
        assert_eq!(sent, 0);
    }
}
