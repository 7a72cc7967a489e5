//! End-to-end tests of the USI session: the built binary driven over pipes.
//!
//! Every line the engine writes is checked to be plain ASCII with single
//! spaces (docs/rules/notation.md); bad input must answer exactly one
//! `info string error:` line and leave the engine answering `isready`.

mod common;

use common::*;
use std::time::{Duration, Instant};

#[test]
fn usi_handshake_lists_identity_and_options() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.until(LONG, |l| l == "usiok");
    assert!(lines[0].starts_with("id name henkei "), "{lines:?}");
    assert_eq!(lines[1], "id author henkei developers");
    for option in [
        "option name USI_Hash type spin default 64 min 1 max 4096",
        "option name USI_Ponder type check default false",
        "option name USI_Variant type combo default shogi var shogi",
        "option name MaxMovesToDraw type spin default 0 min 0 max 100000",
        "option name NetworkDelay type spin default 40",
        "option name MinimumThinkingTime type spin default 0",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "missing {option:?} in {lines:#?}"
        );
    }
    let ek = lines
        .iter()
        .find(|l| l.starts_with("option name EnteringKingRule type combo default CSARule27"))
        .expect("EnteringKingRule");
    assert!(ek.contains("var TryRule") && ek.contains("var NoEnteringKing"));
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn isready_answers_readyok() {
    let mut e = Engine::start();
    assert!(e.sync().is_empty());
    e.send("setoption name USI_Hash value 16");
    e.send("usinewgame");
    assert!(e.sync().is_empty());
}

#[test]
fn go_depth_answers_a_legal_looking_move() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go depth 3");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let best = lines.last().unwrap();
    assert!(is_move(best_of(best)), "{best}");
    let infos: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "{lines:#?}");
    assert!(infos[2].starts_with("info depth 3 "));
    for field in [
        " score cp ",
        " nodes ",
        " nps ",
        " time ",
        " hashfull ",
        " pv ",
    ] {
        assert!(infos[2].contains(field), "{field} in {}", infos[2]);
    }
}

#[test]
fn finds_a_mate_in_one_and_resigns_when_mated() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1");
    e.send("go depth 4");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert_eq!(best_of(lines.last().unwrap()), "G*1b", "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:#?}"
    );

    e.send("position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1 moves G*1b");
    e.send("go depth 4");
    assert_eq!(e.bestmove(LONG), "bestmove resign");
    e.send("d");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("has lost by checkmate")),
        "{lines:#?}"
    );
}

#[test]
fn byoyomi_search_answers_in_time() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    let start = Instant::now();
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    let best = e.bestmove(Duration::from_secs(5));
    let took = start.elapsed();
    assert!(is_move(best_of(&best)), "{best}");
    assert!(took < Duration::from_millis(1100), "took {took:?}");

    e.send("position startpos moves 7g7f");
    let start = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 500");
    let best = e.bestmove(Duration::from_secs(5));
    assert!(is_move(best_of(&best)), "{best}");
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn go_infinite_waits_for_stop_and_answers_promptly() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go infinite");
    let before = e.collect(Duration::from_millis(700));
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:#?}"
    );
    // isready is answered mid-search.
    assert!(e.sync().iter().all(|l| l.starts_with("info")));
    let start = Instant::now();
    e.send("stop");
    let best = e.bestmove(Duration::from_secs(5));
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    assert!(is_move(best_of(&best)), "{best}");
}

#[test]
fn go_infinite_with_a_depth_still_waits_for_stop() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go infinite depth 1");
    let before = e.collect(Duration::from_millis(300));
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:#?}"
    );
    e.send("stop");
    assert!(is_move(best_of(&e.bestmove(Duration::from_secs(2)))));
}

#[test]
fn ponder_answers_only_after_ponderhit_or_stop() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go ponder btime 0 wtime 0 byoyomi 400");
    let before = e.collect(Duration::from_millis(600));
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:#?}"
    );
    let start = Instant::now();
    e.send("ponderhit");
    // The clock starts at ponderhit: the byoyomi is used from then on.
    let best = e.bestmove(Duration::from_secs(5));
    assert!(
        start.elapsed() < Duration::from_millis(400),
        "{:?}",
        start.elapsed()
    );
    assert!(is_move(best_of(&best)), "{best}");

    e.send("go ponder btime 0 wtime 0 byoyomi 200");
    let before = e.collect(Duration::from_millis(300));
    assert!(!before.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    assert!(is_move(best_of(&e.bestmove(Duration::from_secs(2)))));
}

#[test]
fn gameover_stops_a_ponder_which_answers_once() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go ponder btime 0 wtime 0 byoyomi 1000");
    e.collect(Duration::from_millis(200));
    e.send("gameover lose");
    let lines = e.sync();
    let answers = lines.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(answers, 1, "{lines:#?}");
    let later = e.collect(Duration::from_millis(300));
    assert!(
        !later.iter().any(|l| l.starts_with("bestmove")),
        "{later:#?}"
    );
    // The next game works.
    e.send("usinewgame");
    e.send("position startpos");
    e.send("go depth 2");
    assert!(is_move(best_of(&e.bestmove(LONG))));
}

#[test]
fn perft_3_from_startpos() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.len(), 32, "{lines:#?}");
    let mut sum = 0u64;
    for line in &lines[..30] {
        let (mv, count) = line.split_once(": ").expect("move: count");
        assert!(is_move(mv), "{line}");
        sum += count.parse::<u64>().expect("count");
    }
    assert_eq!(lines[30], "");
    assert_eq!(lines[31], "Nodes searched: 25470");
    assert_eq!(sum, 25470);
    assert!(e.sync().is_empty(), "nothing after the total");
}

#[test]
fn d_shows_board_sfen_and_state() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("d");
    let lines = e.sync();
    assert!(lines.len() > 4, "{lines:#?}");
    assert!(
        lines.iter().all(|l| l.starts_with("info string ")),
        "{lines:#?}"
    );
    assert!(lines.contains(&format!("info string sfen {STARTPOS_SFEN}")));
    assert!(lines.iter().any(|l| l.contains("side to move: sente")));
    assert!(lines.iter().any(|l| l.contains("in progress")));
}

/// Sends `input`, expects exactly one error line and nothing else before
/// `readyok`.
fn expect_one_error(e: &mut Engine, input: &[u8]) -> String {
    e.send_bytes(input);
    let lines = e.sync();
    let shown = String::from_utf8_lossy(&input[..input.len().min(60)]).into_owned();
    assert_eq!(errors(&lines), 1, "input {shown:?} gave {lines:#?}");
    assert_eq!(lines.len(), 1, "input {shown:?} gave {lines:#?}");
    lines[0].clone()
}

#[test]
fn bad_input_answers_one_error_and_keeps_running() {
    let mut e = Engine::start();
    e.handshake();
    let long = vec![b'x'; 100 * 1024];
    let cases: [&[u8]; 11] = [
        b"foo",
        b"",
        b"   ",
        b"position sfen xyz b - 1",
        b"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
        b"position startpos dice 31",
        b"setoption name NoSuchOption value 1",
        b"setoption name USI_Hash value lots",
        b"setoption name USI_Variant value chess",
        b"go \xff\xfe depth 1",
        &long,
    ];
    for input in cases {
        expect_one_error(&mut e, input);
    }
    // Still fully working.
    e.send("position startpos");
    e.send("go depth 2");
    assert!(is_move(best_of(&e.bestmove(LONG))));
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn non_utf8_input_is_reported_as_such() {
    let mut e = Engine::start();
    let line = expect_one_error(&mut e, b"isready\xc3");
    assert!(line.contains("not valid UTF-8"), "{line}");
}

#[test]
fn illegal_move_keeps_the_previous_position() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos moves 7g7f");
    let good = displayed_sfen(&mut e);
    assert_ne!(good, STARTPOS_SFEN);
    let error = expect_one_error(&mut e, b"position startpos moves 7g7f 3c3d 7g7e");
    assert!(
        error.contains("move 3") && error.contains("7g7e"),
        "{error}"
    );
    assert_eq!(displayed_sfen(&mut e), good);
    expect_one_error(&mut e, b"position sfen 9/9/9/9/9/9/9/9/9 b - 1 moves 7g7f");
    assert_eq!(displayed_sfen(&mut e), good);
    // perft agrees: after 7g7f, gote has 30 moves.
    e.send("go perft 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 30");
}

#[test]
fn options_are_case_insensitive_and_accept_aliases() {
    let mut e = Engine::start();
    e.handshake();
    for line in [
        "setoption name usi_hash value 8",
        "setoption name USI_Ponder value true",
        "setoption name UCI_Variant value standard",
        "setoption name USI_Variant value shogi",
        "setoption name EnteringKingRule value None",
        "setoption name enteringkingrule value TryRule",
        "setoption name MaxMovesToDraw value 256",
        "setoption name NetworkDelay value 200",
        "setoption name MinimumThinkingTime value 100",
    ] {
        e.send(line);
        assert!(e.sync().is_empty(), "{line}");
    }
}

/// A lone king in the middle with only a rook and bishop in hand: the solver
/// cannot settle it quickly, so it runs until told to stop.
const HARD_MATE: &str = "sfen 9/9/9/9/4k4/9/9/9/9 b RB 1";

#[test]
fn go_mate_answers_a_tsume_with_its_line() {
    let mut e = Engine::start();
    e.handshake();
    // Mate in 3: S*3a first (the line is checked move by move in src/mate).
    e.send("position sfen 7nl/7k1/5+Pppp/9/9/9/9/9/9 b GS2r2b2g3s3n3l14p 1");
    e.send("go mate 10000");
    let lines = e.until(LONG, |l| l.starts_with("checkmate"));
    let answer = lines.last().unwrap();
    let moves: Vec<&str> = answer.split_whitespace().skip(1).collect();
    assert_eq!(moves.len(), 3, "{answer}");
    assert_eq!(moves[0], "S*3a", "{answer}");
    // One info with the solver's effort comes first.
    assert!(
        lines.iter().any(|l| l.starts_with("info nodes")),
        "{lines:?}"
    );
    // The session is still usable and the position unchanged.
    e.send("go mate infinite");
    e.until(LONG, |l| l.starts_with("checkmate S*3a"));
}

#[test]
fn go_mate_says_nomate_and_timeout() {
    let mut e = Engine::start();
    e.handshake();
    // No check exists at the start: no mate, found at once.
    e.send("position startpos");
    e.send("go mate 5000");
    e.until(LONG, |l| l == "checkmate nomate");
    e.send(&format!("position {HARD_MATE}"));
    e.send("go mate 100");
    e.until(LONG, |l| l == "checkmate timeout");
}

#[test]
fn stop_ends_go_mate_infinite_at_once() {
    let mut e = Engine::start();
    e.handshake();
    e.send(&format!("position {HARD_MATE}"));
    e.send("go mate infinite");
    assert!(e.collect(Duration::from_millis(200)).is_empty());
    let start = Instant::now();
    e.send("stop");
    e.until(LONG, |l| l == "checkmate timeout");
    // The solver polls every 16 nodes; the slack is for a loaded machine.
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    // gameover and quit stop it too, and it still answers.
    e.send("go mate infinite");
    e.send("gameover draw");
    let after = e.sync();
    assert_eq!(
        after.iter().filter(|l| l.starts_with("checkmate")).count(),
        1,
        "{after:?}"
    );
    e.send("go mate infinite");
    let start = Instant::now();
    assert_eq!(e.quit(Duration::from_secs(2)).code(), Some(0));
    assert!(start.elapsed() < Duration::from_millis(500));
}

#[test]
fn go_mate_in_shogammon_is_an_error() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name USI_Variant value shogammon");
    e.send("position startpos dice 61");
    e.send("go mate 1000");
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error: go mate: shogammon"),
        "{lines:?}"
    );
}

#[test]
fn quit_exits_quickly_even_mid_search() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go infinite");
    e.collect(Duration::from_millis(200));
    let start = Instant::now();
    let status = e.quit(Duration::from_secs(2));
    assert_eq!(status.code(), Some(0));
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut e = Engine::start();
    e.handshake();
    e.stdin = None; // close the pipe
    assert_eq!(e.wait(LONG).code(), Some(0));
}

#[test]
fn bench_reports_nodes_and_speed() {
    let mut e = Engine::start();
    e.send("bench 2");
    let lines = e.until(LONG, |l| l.starts_with("info string bench nodes"));
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    let summary = lines.last().unwrap();
    assert!(
        summary.contains(" time ") && summary.contains(" nps "),
        "{summary}"
    );
    assert!(summary.ends_with(" variant shogi"), "{summary}");
    // The current game's bench: its own positions and signature, the same
    // every run.
    e.send("setoption name USI_Variant value mortal");
    let mut totals = Vec::new();
    for _ in 0..2 {
        e.send("bench 3");
        let lines = e.until(LONG, |l| l.starts_with("info string bench nodes"));
        let summary = lines.last().unwrap().clone();
        assert!(
            summary.ends_with(" positions 4 variant mortal"),
            "{summary}"
        );
        totals.push(summary.split(' ').nth(4).unwrap().to_string());
    }
    assert_eq!(totals[0], totals[1]);
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let last_depth: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 4 ") && l.contains(" multipv "))
        .collect();
    assert_eq!(last_depth.len(), 3, "{lines:#?}");
    let field = |line: &str, name: &str| -> String {
        let words: Vec<&str> = line.split(' ').collect();
        let at = words.iter().position(|w| *w == name).expect("field");
        words[at + 1].to_string()
    };
    let mut firsts = Vec::new();
    let mut scores = Vec::new();
    for (k, line) in last_depth.iter().enumerate() {
        assert_eq!(field(line, "multipv"), (k + 1).to_string(), "{line}");
        firsts.push(field(line, "pv"));
        scores.push(field(line, "cp").parse::<i32>().expect("cp score"));
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "distinct first moves: {last_depth:#?}");
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // The answer is the first line's move.
    let best = best_of(lines.last().unwrap()).to_string();
    assert_eq!(best, field(last_depth[0], "pv"));
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn threads_search_together_and_answer_in_time() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name Threads value 3");
    e.send("position startpos moves 7g7f 3c3d 2g2f");
    let start = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 500");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    assert!(is_move(best_of(lines.last().unwrap())), "{lines:#?}");
    e.send("go depth 5");
    assert!(is_move(best_of(&e.bestmove(LONG))));
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn resign_value_gives_up_a_hopeless_game_after_three_searches() {
    // Sente has a bare king against gote's whole army.
    let hopeless = "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K4 b - 1";
    let mut e = Engine::start();
    e.handshake();
    e.send(hopeless);
    for _ in 0..3 {
        e.send("go depth 3");
        assert!(is_move(best_of(&e.bestmove(LONG))), "default: never resign");
    }
    e.send("setoption name ResignValue value -2000");
    e.send("usinewgame");
    e.send(hopeless);
    for _ in 0..2 {
        e.send("go depth 3");
        assert!(is_move(best_of(&e.bestmove(LONG))), "not after one search");
    }
    e.send("go depth 3");
    assert_eq!(e.bestmove(LONG), "bestmove resign");
    assert_eq!(e.quit(LONG).code(), Some(0));
}
