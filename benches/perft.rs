//! Perft speed benchmark (single thread, release). Runs each position several
//! times and prints every run and the median. The last ply is counted from the
//! length of the legal move list (bulk counting), as fast engines do.
//!
//! `cargo bench --bench perft` (add `-- quick` for one run each, `-- shallow`
//! for one ply less: a quick signal under `valgrind --tool=callgrind`).

use henkei::perft::perft;
use henkei::shogi::Position;
use std::time::Instant;

/// Name, position, depth, count, and the count one ply shallower.
const CASES: &[(&str, &str, u32, u64, u64)] = &[
    (
        "startpos d5",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        5,
        19_861_490,
        719_731,
    ),
    (
        "midgame-207 d4",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        4,
        516_925_165,
        4_809_015,
    ),
];

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let shallow = std::env::args().any(|a| a == "shallow");
    let runs = if quick || shallow { 1 } else { 5 };
    for &(name, sfen, depth, expected, shallower) in CASES {
        let (depth, expected) = if shallow {
            (depth - 1, shallower)
        } else {
            (depth, expected)
        };
        let parsed = usi::parse_sfen(sfen).expect("bench SFEN parses");
        let mut pos = Position::from_sfen(&parsed).expect("bench SFEN is legal");
        let mut times = Vec::new();
        for _ in 0..runs {
            let start = Instant::now();
            let nodes = perft(&mut pos, depth);
            let secs = start.elapsed().as_secs_f64();
            assert_eq!(nodes, expected, "{name}: wrong node count");
            println!(
                "{name}: {nodes} nodes in {secs:.3} s ({:.1} Mnps)",
                nodes as f64 / secs / 1e6
            );
            times.push(secs);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        println!("{name}: median {:.3} s over {runs} runs", times[runs / 2]);
    }
}
