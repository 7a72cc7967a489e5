//! Sigma 4 move generation speed (single thread, release): legal moves
//! generated per second over mid-game positions reached by random playouts
//! from the start position with a fixed seed, and perft speed on the start
//! position. Prints every run and the median.
//!
//! `cargo bench --bench sigma4_movegen` (add `-- quick` for one run).

use henkei::game::Game;
use henkei::perft::perft;
use henkei::sigma4::{Moves, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// Positions after 10..=60 random plies (games that end early are skipped).
fn playout_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Position::startpos();
        let plies = rng.gen_range(10..=60);
        let mut moves = Moves::new();
        let mut ended = false;
        for _ in 0..plies {
            moves.clear();
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                ended = true;
                break;
            }
            pos.do_move(moves[rng.gen_range(0..moves.len())]);
        }
        if !ended {
            // Keep the position only (the history is not needed).
            let sfen = pos.to_sfen();
            out.push(Position::from_sfen(&sfen).expect("a reached position is valid"));
        }
    }
    out
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let runs = if quick { 1 } else { 5 };
    let positions = playout_positions(0x5167_4d41, 1000);
    let mut moves = Moves::new();
    let per_pass: usize = positions
        .iter()
        .map(|p| {
            moves.clear();
            p.generate_legal(&mut moves);
            moves.len()
        })
        .sum();
    println!(
        "{} positions, {} legal moves in all ({:.0} per position)",
        positions.len(),
        per_pass,
        per_pass as f64 / positions.len() as f64
    );
    let passes = 20;
    let mut rates = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut total = 0usize;
        for _ in 0..passes {
            for p in &positions {
                moves.clear();
                p.generate_legal(&mut moves);
                total += moves.len();
            }
        }
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(total, per_pass * passes);
        let rate = total as f64 / secs;
        println!(
            "movegen: {total} moves in {secs:.3} s ({:.1} M legal moves/s, {:.0} positions/s)",
            rate / 1e6,
            (positions.len() * passes) as f64 / secs
        );
        rates.push(rate);
    }
    rates.sort_by(|a, b| a.total_cmp(b));
    println!(
        "movegen: median {:.1} M legal moves/s over {runs} runs",
        rates[runs / 2] / 1e6
    );

    let mut start_pos = Position::startpos();
    for _ in 0..runs {
        let start = Instant::now();
        let nodes = perft(&mut start_pos, 3);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "perft 3 from the start: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
            nodes as f64 / secs / 1e6
        );
        assert_eq!(Game::key(&start_pos), Position::startpos().key());
    }
}
