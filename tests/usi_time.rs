//! Time controls and the remaining USI transcripts, driven over pipes: the
//! engine must never overstep its clock (byoyomi, Fischer, sudden death,
//! movetime, with NetworkDelay and MinimumThinkingTime), and every message
//! of issue 6 has a transcript here or in `usi_session.rs`.
//!
//! The clock tests play several moves in a row the way a GUI keeps the
//! clock: each search's wall time is taken off the remaining time (and the
//! increment added), and the engine loses if its time goes below zero.
//! Wall time here includes the pipes, so it is a little harsher than a GUI.

mod common;

use common::*;
use std::time::{Duration, Instant};

/// A clock the test keeps for sente, as a GUI would.
struct Clock {
    remaining: i64,
    byoyomi: i64,
    increment: i64,
}

impl Clock {
    fn go(&self) -> String {
        format!(
            "go btime {r} wtime {r} byoyomi {b} binc {i} winc {i}",
            r = self.remaining.max(0),
            b = self.byoyomi,
            i = self.increment
        )
    }

    /// Charges a move that took `took`; panics on a time loss.
    fn charge(&mut self, took: Duration, what: &str) {
        let took = took.as_millis() as i64;
        let left = self.remaining + self.byoyomi - took;
        assert!(
            left >= 0,
            "{what}: {took} ms used with {} ms + {} ms byoyomi left",
            self.remaining,
            self.byoyomi
        );
        self.remaining = (self.remaining - took).max(0) + self.increment;
    }
}

/// Plays `moves` engine moves for sente from the start position, charging
/// each to `clock`.
fn play_on_clock(mut clock: Clock, moves: usize, what: &str) {
    let mut e = Engine::start();
    e.handshake();
    e.send("usinewgame");
    let mut line = vec![];
    for i in 0..moves {
        e.send(&format!("position startpos moves {}", line.join(" ")));
        let start = Instant::now();
        e.send(&clock.go());
        let best = e.bestmove(Duration::from_secs(30));
        clock.charge(start.elapsed(), &format!("{what}, move {}", i + 1));
        let mv = best_of(&best).to_string();
        assert!(is_move(&mv), "{what}: {best}");
        line.push(mv);
        // Gote's reply: the engine's own quick choice (untimed).
        e.send(&format!("position startpos moves {}", line.join(" ")));
        e.send("go depth 1");
        let reply = e.bestmove(LONG);
        let reply = best_of(&reply).to_string();
        if !is_move(&reply) {
            break;
        }
        line.push(reply);
    }
}

#[test]
fn sudden_death_never_runs_out() {
    // Two seconds for the whole game, no increment, no byoyomi.
    let clock = Clock {
        remaining: 2000,
        byoyomi: 0,
        increment: 0,
    };
    play_on_clock(clock, 12, "sudden death 2 s");
}

#[test]
fn fischer_increment_is_used_not_overspent() {
    let clock = Clock {
        remaining: 500,
        byoyomi: 0,
        increment: 100,
    };
    play_on_clock(clock, 12, "Fischer 0.5 s + 0.1 s");
}

#[test]
fn byoyomi_moves_stay_inside_the_period() {
    let clock = Clock {
        remaining: 300,
        byoyomi: 200,
        increment: 0,
    };
    play_on_clock(clock, 10, "0.3 s + 0.2 s byoyomi");
}

#[test]
fn movetime_network_delay_and_minimum_thinking_time() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    let start = Instant::now();
    e.send("go movetime 300");
    let best = e.bestmove(LONG);
    let took = start.elapsed();
    assert!(is_move(best_of(&best)), "{best}");
    assert!(took < Duration::from_millis(300), "movetime 300: {took:?}");

    // A larger NetworkDelay answers earlier.
    e.send("setoption name NetworkDelay value 250");
    let start = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 600");
    e.bestmove(LONG);
    let took = start.elapsed();
    assert!(
        took < Duration::from_millis(600 - 200),
        "NetworkDelay 250: {took:?}"
    );

    // MinimumThinkingTime: an obvious position still thinks that long, but
    // never past the clock.
    e.send("setoption name NetworkDelay value 50");
    e.send("setoption name MinimumThinkingTime value 400");
    e.send("position startpos");
    let start = Instant::now();
    e.send("go btime 60000 wtime 60000 byoyomi 0 binc 0 winc 0 movestogo 200");
    e.bestmove(LONG);
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(350),
        "MinimumThinkingTime 400: {took:?}"
    );
    let start = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 200");
    e.bestmove(LONG);
    let took = start.elapsed();
    assert!(
        took < Duration::from_millis(200),
        "byoyomi 200 beats minimum: {took:?}"
    );
}

#[test]
fn ponderhit_with_fresh_clock_answers_in_time() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go ponder btime 10000 wtime 10000 byoyomi 5000");
    assert!(e
        .collect(Duration::from_millis(300))
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    // The GUI sends the real clock: almost nothing left.
    let start = Instant::now();
    e.send("ponderhit btime 0 wtime 0 byoyomi 300");
    let best = e.bestmove(LONG);
    let took = start.elapsed();
    assert!(is_move(best_of(&best)), "{best}");
    assert!(took < Duration::from_millis(300), "{took:?}");
}

#[test]
fn go_nodes_and_searchmoves() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go nodes 3000");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let last_nodes = lines
        .iter()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            it.position(|t| t == "nodes")?;
            it.next()?.parse::<u64>().ok()
        })
        .max()
        .expect("info with nodes");
    // The node limit is polled, not exact: a few hundred over at most.
    assert!(last_nodes <= 3000 + 1024, "{last_nodes}");

    e.send("go depth 4 searchmoves 1g1f 9g9f");
    let best = e.bestmove(LONG);
    assert!(
        ["1g1f", "9g9f"].contains(&best_of(&best)),
        "searchmoves ignored: {best}"
    );
}

/// Sente's king stands in the enemy camp with eleven pieces there and 35
/// points with its hand (CSARule27 needs 28): it may declare.
const DECLARABLE: &str = "RB2K4/PPPPPPPPP/9/9/9/9/9/9/4k4 b 4G4S4N4Lrb9p 1";

#[test]
fn bestmove_win_when_the_declaration_holds() {
    let mut e = Engine::start();
    e.handshake();
    e.send(&format!("position sfen {DECLARABLE}"));
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    assert_eq!(e.bestmove(LONG), "bestmove win");
    // Without an impasse rule the engine plays on.
    e.send("setoption name EnteringKingRule value NoEnteringKing");
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    let best = e.bestmove(LONG);
    assert!(is_move(best_of(&best)), "{best}");
}

#[test]
fn max_moves_to_draw_is_exact() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name MaxMovesToDraw value 256");
    let base = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 255";
    // 255 moves played after 7g7f: the game goes on.
    e.send(&format!("position sfen {base} moves 7g7f"));
    let lines = e.sync();
    assert!(lines.is_empty(), "{lines:?}");
    e.send("d");
    let shown = e.sync();
    assert!(
        shown.iter().any(|l| l.contains("state: in progress")),
        "{shown:?}"
    );
    // 256 moves played: a draw by the move limit.
    e.send(&format!("position sfen {base} moves 7g7f 3c3d"));
    e.send("d");
    let shown = e.sync();
    assert!(
        shown.iter().any(|l| l.contains("result: draw")),
        "{shown:?}"
    );
}
