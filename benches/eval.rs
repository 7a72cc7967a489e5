//! Speed of the static evaluation shared by standard shogi and Mortal
//! Shogi (single thread, release, its cache bypassed): nanoseconds per
//! evaluation over the positions two plies from each game's `bench`
//! positions (every reply, every seventh answer to it). Prints every run,
//! the median, and a checksum of the scores, which a change that should
//! only make the evaluation faster must leave as it is.
//!
//! `cargo bench --bench eval` (add `-- quick` for one run).

use henkei::board::eval::{evaluate_uncached, EvalPosition};
use henkei::game::Game;
use henkei::registry::Bench;
use std::time::Instant;

/// The positions two plies from each of `bench`'s positions.
fn positions<G: Game>(bench: &Bench) -> Vec<G> {
    let mut out = Vec::new();
    for sfen in bench.positions {
        let sfen = usi::parse_sfen(sfen).expect("a bench position parses");
        let mut pos = G::from_sfen(&sfen).expect("a bench position is valid");
        let mut replies = G::Moves::default();
        pos.generate_legal(&mut replies);
        for &m in replies.iter() {
            pos.do_move(m);
            let mut answers = G::Moves::default();
            pos.generate_legal(&mut answers);
            for &a in answers.iter().step_by(7) {
                pos.do_move(a);
                out.push(pos.clone());
                pos.undo_move();
            }
            pos.undo_move();
        }
    }
    out
}

fn time_game<G: Game + EvalPosition>(name: &str, bench: &Bench, runs: usize) {
    let positions = positions::<G>(bench);
    let passes = 20;
    let mut times = Vec::new();
    let mut checksum = 0i64;
    for _ in 0..runs {
        let start = Instant::now();
        let mut sum = 0i64;
        for _ in 0..passes {
            for p in &positions {
                sum += i64::from(evaluate_uncached(p));
            }
        }
        let ns = start.elapsed().as_nanos() as f64 / (positions.len() * passes) as f64;
        checksum = sum / passes as i64;
        println!(
            "{name}: {} positions, {ns:.1} ns per evaluation",
            positions.len()
        );
        times.push(ns);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{name}: median {:.1} ns per evaluation over {runs} runs, checksum {checksum}",
        times[runs / 2]
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let runs = if quick { 1 } else { 5 };
    time_game::<henkei::shogi::Position>("shogi", &henkei::shogi::bench::BENCH, runs);
    time_game::<henkei::mortal::Position>("mortal", &henkei::mortal::bench::BENCH, runs);
}
