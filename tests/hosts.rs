//! Real hosts' sequences, each a regression test for a way a host was once
//! left waiting: ShogiHome's end of game (`stop` and `gameover` in one
//! write), cshogi's bare `gameover` during a ponder, scripts that pipe
//! commands and close the pipe, bare `go mate`, negative clocks, time use,
//! Shogammon's move time, progress lines in long searches and the command
//! line. Every `go` gets exactly one answer, whatever follows it.

mod common;

use common::*;
use std::time::{Duration, Instant};

fn answers(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestmove")).count()
}

/// ShogiHome ends a game with `stop` and `gameover` in one write, keeps the
/// process, and discards one `bestmove` after `gameover`: exactly one must
/// come, before `readyok`, and the next game's answer must not be lost.
#[test]
fn shogihome_stop_and_gameover_in_one_write() {
    let mut e = Engine::start();
    e.handshake();
    for game in 0..3 {
        e.send("usinewgame");
        e.send("position startpos moves 7g7f");
        e.send("go ponder btime 60000 wtime 60000 byoyomi 1000");
        e.collect(Duration::from_millis(150));
        e.send_bytes(b"stop\ngameover win");
        let lines = e.sync();
        assert_eq!(answers(&lines), 1, "game {game}: {lines:#?}");
        assert!(e.collect(Duration::from_millis(200)).is_empty());
        // A search (not a ponder) ended the same way.
        e.send("position startpos");
        e.send("go btime 60000 wtime 60000 byoyomi 5000");
        e.collect(Duration::from_millis(100));
        e.send_bytes(b"stop\ngameover lose");
        let lines = e.sync();
        assert_eq!(answers(&lines), 1, "game {game}: {lines:#?}");
    }
    // The next game's first answer arrives.
    e.send("usinewgame");
    e.send("position startpos");
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    assert!(is_move(best_of(&e.bestmove(LONG))));
}

/// ShogiHome's ponder hit (with fresh clock fields) and ponder miss (stop,
/// discard, new position), and `isready` while pondering.
#[test]
fn shogihome_ponder_hit_miss_and_isready_while_pondering() {
    let mut e = Engine::start();
    e.send("setoption name USI_Ponder value true");
    e.handshake();
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go ponder btime 10000 wtime 10000 byoyomi 300");
    // isready while pondering: readyok at once, no answer yet.
    let start = Instant::now();
    let lines = e.sync();
    assert!(start.elapsed() < Duration::from_millis(500));
    assert_eq!(answers(&lines), 0, "{lines:#?}");
    // Ponder hit: one answer, in the byoyomi.
    e.send("ponderhit btime 9000 wtime 10000 byoyomi 300");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(is_move(best_of(lines.last().unwrap())));
    // Ponder miss: stop answers (the GUI discards it), then the real move.
    e.send("position startpos moves 7g7f 3c3d 2g2f");
    e.send("go ponder btime 9000 wtime 9000 byoyomi 300");
    e.collect(Duration::from_millis(100));
    e.send("stop");
    e.bestmove(LONG);
    e.send("position startpos moves 7g7f 3c3d 2g2f 8c8d");
    e.send("go btime 9000 wtime 9000 byoyomi 300");
    e.bestmove(LONG);
    assert!(e.collect(Duration::from_millis(300)).is_empty());
}

/// cshogi's runner with `--ponder --keep-process`: a bare `gameover` while
/// the engine ponders, then `isready`, whose `readyok` must come after the
/// ponder search's one answer.
#[test]
fn cshogi_bare_gameover_during_ponder() {
    let mut e = Engine::start();
    e.handshake();
    for _ in 0..2 {
        e.send("usinewgame");
        e.send("position startpos moves 2g2f");
        e.send("go ponder btime 5000 wtime 5000 byoyomi 100");
        e.collect(Duration::from_millis(100));
        e.send("gameover");
        let lines = e.sync();
        assert_eq!(answers(&lines), 1, "{lines:#?}");
        assert!(!lines.iter().any(|l| l.starts_with("info string error")));
    }
}

/// cshogi's runner with `--ponder --keep-process` when its ponder thread
/// loses the race with its `gameover`: `position`, `gameover`, then `go
/// ponder`. The ponder is answered at once, before the next game's
/// `readyok`, which the runner's main thread waits for.
#[test]
fn cshogi_go_ponder_after_gameover_is_answered_at_once() {
    let mut e = Engine::start();
    e.handshake();
    for _ in 0..2 {
        e.send("usinewgame");
        e.send("position startpos moves 2g2f 8c8d");
        e.send("gameover");
        e.send("go ponder btime 0 wtime 0 byoyomi 100");
        e.send("setoption name USI_Ponder value true");
        let start = Instant::now();
        let lines = e.sync();
        assert!(start.elapsed() < Duration::from_millis(500));
        assert_eq!(answers(&lines), 1, "{lines:#?}");
    }
    // A `position` ends the game-over state: the next ponder ponders.
    e.send("position startpos moves 2g2f");
    e.send("go ponder btime 0 wtime 0 byoyomi 100");
    assert!(e
        .collect(Duration::from_millis(300))
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    assert!(is_move(best_of(&e.bestmove(LONG))));
}

/// Scripts: commands piped in at once, then `quit` or the end of input.
#[test]
fn scripts_get_their_answers() {
    let limit = Duration::from_secs(60);
    // A finite search runs to its end at the end of input.
    let (lines, status) = run_script(&[], "position startpos\ngo depth 8\n", limit);
    assert_eq!(status.code(), Some(0));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 8 ")),
        "{lines:#?}"
    );
    assert_eq!(answers(&lines), 1, "{lines:#?}");
    // `quit` stops it, and its answer still comes.
    let (lines, _) = run_script(&[], "position startpos\ngo depth 30\nquit\n", limit);
    assert_eq!(answers(&lines), 1, "{lines:#?}");
    // An unlimited search is stopped at the end of input, and answers.
    let (lines, _) = run_script(&[], "position startpos\ngo infinite\n", limit);
    assert_eq!(answers(&lines), 1, "{lines:#?}");
    // perft and bench run to their end.
    let (lines, _) = run_script(&[], "position startpos\ngo perft 3\n", limit);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 25470");
    let (lines, _) = run_script(&[], "bench 3\n", limit);
    assert!(lines
        .last()
        .unwrap()
        .starts_with("info string bench nodes "));
    // perft then `quit`: stopped, and says so.
    let (lines, _) = run_script(&[], "position startpos\ngo perft 6\nquit\n", limit);
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("info string perft stopped after"),
        "{lines:#?}"
    );
    // `go mate` with a time runs to its answer.
    let (lines, _) = run_script(
        &[],
        "position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1\ngo mate 5000\n",
        limit,
    );
    assert_eq!(lines.last().unwrap(), "checkmate G*1b");
}

#[test]
fn bare_go_mate_means_infinite_and_answers() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1");
    e.send("go mate");
    let lines = e.until(LONG, |l| l.starts_with("checkmate"));
    assert_eq!(lines.last().unwrap(), "checkmate G*1b");
    assert_eq!(errors(&lines), 0);
    // On a position with no mate, infinite runs until stop.
    e.send("position startpos");
    e.send("go mate");
    e.send("stop");
    let lines = e.until(LONG, |l| l.starts_with("checkmate"));
    assert!(
        lines.last().unwrap().starts_with("checkmate n")
            || lines.last().unwrap() == "checkmate timeout"
    );
}

#[test]
fn negative_clocks_warn_once_and_still_answer_a_move() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go btime -1000 wtime -1000 byoyomi -100");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let warnings: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("info string warning"))
        .collect();
    assert_eq!(warnings.len(), 1, "{lines:#?}");
    assert_eq!(errors(&lines), 0);
    assert!(is_move(best_of(lines.last().unwrap())));
}

fn answer_time(e: &mut Engine, go: &str) -> Duration {
    e.send("position startpos moves 7g7f 3c3d");
    let start = Instant::now();
    e.send(go);
    e.bestmove(LONG);
    start.elapsed()
}

/// A byoyomi period and `movetime` are used, not thrown away: at least 80%
/// under default options. (That no move goes past the period is checked
/// on the limits themselves in timeman's tests, and by the cshogi and soak
/// runs, which keep the clocks.)
#[test]
fn byoyomi_and_movetime_are_used() {
    let mut e = Engine::start();
    e.handshake();
    for (go, period) in [
        ("go btime 0 wtime 0 byoyomi 300", 300),
        ("go byoyomi 1000", 1000),
        ("go movetime 300", 300),
        ("go movetime 500", 500),
    ] {
        let took = answer_time(&mut e, go);
        eprintln!("{go}: answered after {took:?}");
        assert!(
            took >= Duration::from_millis(period * 8 / 10),
            "{go}: {took:?}"
        );
    }
}

/// Shogammon spends a fair share of the clock, not three times it.
#[test]
fn shogammon_budgets_its_time() {
    let mut e = Engine::start();
    e.send("setoption name USI_Variant value shogammon");
    e.handshake();
    e.send("position startpos dice 61");
    let start = Instant::now();
    // A fair share: 20000 / 40 + 1000 = 1.5 s.
    e.send("go btime 20000 wtime 20000 byoyomi 1000");
    e.bestmove(LONG);
    let took = start.elapsed();
    eprintln!("shogammon 20 s + 1 s: answered after {took:?}");
    assert!(took >= Duration::from_millis(960), "{took:?}");
    assert!(took < Duration::from_millis(2500), "{took:?}");
}

/// During a long search the GUI hears from the engine about once a second,
/// in every game.
#[test]
fn long_searches_report_progress_every_second() {
    for (variant, position) in [
        ("shogi", "position startpos"),
        ("mortal", "position startpos"),
        ("sigma4", "position startpos"),
        ("shogammon", "position startpos dice 61"),
    ] {
        let mut e = Engine::start();
        e.send(&format!("setoption name USI_Variant value {variant}"));
        e.handshake();
        e.send(position);
        let start = Instant::now();
        e.send("go infinite");
        let mut last = Duration::ZERO;
        let mut longest_gap = Duration::ZERO;
        let mut infos = 0;
        while start.elapsed() < Duration::from_millis(3500) {
            if let Some(line) = e.recv(Duration::from_millis(100)) {
                if line.starts_with("info ") && line.contains(" nodes ") {
                    let at = start.elapsed();
                    longest_gap = longest_gap.max(at - last);
                    last = at;
                    infos += 1;
                    assert!(line.contains(" nps ") && line.contains(" time "), "{line}");
                    assert!(line.contains(" hashfull "), "{line}");
                }
            }
        }
        longest_gap = longest_gap.max(start.elapsed() - last);
        e.send("stop");
        e.bestmove(LONG);
        assert!(infos >= 3, "{variant}: {infos} info lines");
        assert!(
            longest_gap < Duration::from_millis(1600),
            "{variant}: silent for {longest_gap:?}"
        );
    }
}

#[test]
fn command_line_modes() {
    let limit = Duration::from_secs(60);
    let (lines, status) = run_script(&["--help"], "", limit);
    assert_eq!(status.code(), Some(0));
    assert!(lines
        .iter()
        .any(|l| l.contains("henkei bench [GAME|all] [DEPTH]")));
    let (lines, status) = run_script(&["--version"], "", limit);
    assert_eq!(status.code(), Some(0));
    assert_eq!(lines, [format!("henkei {}", env!("CARGO_PKG_VERSION"))]);
    let (lines, status) = run_script(&["bench", "3"], "", limit);
    assert_eq!(status.code(), Some(0));
    assert!(lines
        .last()
        .unwrap()
        .starts_with("info string bench nodes "));
    assert!(lines.last().unwrap().contains(" depth 3 "));
    // Every game's bench, each with its own positions, depth and signature.
    let (lines, status) = run_script(&["bench", "all"], "", limit);
    assert_eq!(status.code(), Some(0));
    let totals: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string bench nodes "))
        .collect();
    let games: Vec<&str> = totals
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    assert_eq!(
        games,
        ["shogi", "mortal", "shogammon", "sigma4"],
        "{lines:#?}"
    );
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    let (lines, status) = run_script(&["--frobnicate"], "usi\n", limit);
    assert_eq!(status.code(), Some(2));
    assert!(lines.is_empty(), "no USI mode: {lines:?}");
}

#[test]
fn debugging_commands() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos moves 7g7f");
    for cmd in ["eval", "moves", "sfen", "key", "compiler"] {
        e.send(cmd);
    }
    let lines = e.sync();
    assert!(
        lines.iter().all(|l| l.starts_with("info string ")),
        "{lines:#?}"
    );
    let text = lines.join("\n");
    assert!(text.contains("info string eval = "), "{text}");
    assert!(text.contains("info string legal moves 30: "), "{text}");
    assert!(text.contains(
        "info string sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    ));
    assert!(lines
        .iter()
        .any(|l| l.len() == "info string key ".len() + 16 && l.starts_with("info string key ")));
    assert!(text.contains("info string compiler rustc "), "{text}");
}
