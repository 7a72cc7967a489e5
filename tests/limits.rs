//! Resource limits over pipes: `stop` and `quit` answered within 100 ms
//! even in a deep `go perft` of any game, and the largest `USI_Hash`.
//!
//! The latency assertions allow 500 ms so a loaded CI machine does not fail
//! them; the measured figure is printed (`--nocapture`) and the real one is
//! in docs/robustness.md.

mod common;

use common::*;
use std::time::{Duration, Instant};

/// Deep enough to run for minutes in every game.
const DEEP_PERFT: [(&str, &str); 4] = [
    ("shogi", "go perft 7"),
    ("mortal", "go perft 7"),
    ("shogammon", "go perft 4"),
    ("sigma4", "go perft 5"),
];
const SLACK: Duration = Duration::from_millis(500);

fn engine_in(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.handshake();
    e.send(&format!("setoption name USI_Variant value {variant}"));
    e.send("position startpos");
    e.sync();
    e
}

#[test]
fn stop_interrupts_a_deep_perft_at_once_in_every_game() {
    for (variant, go) in DEEP_PERFT {
        let mut e = engine_in(variant);
        e.send(go);
        std::thread::sleep(Duration::from_millis(200));
        let start = Instant::now();
        e.send("stop");
        let lines = e.until(LONG, |l| l.starts_with("info string perft stopped"));
        let took = start.elapsed();
        eprintln!("{variant}: '{go}' answered stop in {took:?}");
        assert!(took < SLACK, "{variant}: stop took {took:?}");
        // No total: a stopped perft must not look like a finished one.
        assert!(
            !lines.iter().any(|l| l.starts_with("Nodes searched")),
            "{lines:#?}"
        );
        // The engine is idle and answers at once.
        assert!(e.sync().is_empty());
        assert_eq!(e.quit(LONG).code(), Some(0));
    }
}

#[test]
fn quit_during_a_deep_perft_exits_at_once() {
    for (variant, go) in DEEP_PERFT {
        let mut e = engine_in(variant);
        e.send(go);
        std::thread::sleep(Duration::from_millis(200));
        let start = Instant::now();
        let status = e.quit(LONG);
        let took = start.elapsed();
        eprintln!("{variant}: quit during '{go}' exited in {took:?}");
        assert_eq!(status.code(), Some(0));
        assert!(took < SLACK, "{variant}: quit took {took:?}");
    }
}

#[test]
fn gameover_stops_a_perft_which_says_so() {
    let mut e = engine_in("shogi");
    e.send("go perft 7");
    std::thread::sleep(Duration::from_millis(100));
    e.send("gameover draw");
    let lines = e.sync();
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("info string perft stopped after"),
        "{lines:?}"
    );
    e.send("go perft 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 30");
}

/// The largest table the option allows is allocated at `isready` (a debug
/// build fills 4 GB slowly, hence the long wait) and searched with.
#[test]
fn largest_hash_is_ready_and_searches() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name USI_Hash value 4096");
    let start = Instant::now();
    e.send("isready");
    let lines = e.until(Duration::from_secs(180), |l| l == "readyok");
    eprintln!("USI_Hash 4096: readyok after {:?}", start.elapsed());
    assert_eq!(lines, ["readyok"], "no error while allocating");
    e.send("position startpos moves 7g7f");
    e.send("go depth 3");
    let best = e.bestmove(LONG);
    assert!(is_move(best_of(&best)), "{best}");
    assert_eq!(e.quit(LONG).code(), Some(0));
}
