//! `bench [depth]`: fixed-depth searches of fixed shogi positions with a
//! fresh table, single-threaded, so the node count is a fingerprint of the
//! search (it changes only when the search or the move generator does) and
//! nodes per second a measure of speed.

use std::time::Instant;

use crate::game::Rules;
use crate::search::{self, Limits, SearchControl};
use crate::shogi;
use crate::tt::TranspositionTable;

use super::output::Output;

pub const DEFAULT_DEPTH: u32 = 5;

/// Table size for bench: fixed, so the node count does not depend on
/// `USI_Hash`.
const BENCH_HASH_MB: usize = 16;

/// The start, openings, middlegames and endgames with drops, promotions
/// and checks.
const POSITIONS: [&str; 8] = [
    "ln1g1g1nl/1ks2rs2/1pppp1bpp/p4pp2/7P1/P1P1P1P2/1P1P1P2P/1BK1GS1R1/LNSG3NL b - 21",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "lnsgk1snl/1r4gb1/p1pppp2p/6pR1/1p7/2P6/PP1PPPP1P/1BG6/LNS1KGSNL w Pp 1",
    "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 1",
    "lnsg1gsnl/1r2k2b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 5",
    "ln3k1nl/1r3g3/p1ppsgbpp/4ppp2/1p7/2PP1PP2/PPBSPG1PP/2G4R1/LN2K2NL b Ss 25",
];

fn load(text: &str) -> Result<shogi::Position, String> {
    let sfen = usi::parse_sfen(text).map_err(|e| format!("bench sfen '{text}': {e}"))?;
    shogi::Position::from_sfen(&sfen).map_err(|e| format!("bench sfen '{text}': {e}"))
}

/// Runs the benchmark, reporting each position and the total.
pub fn run_bench(depth: u32, control: &SearchControl, out: &Output) {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let rules = Rules::default();
    let start = Instant::now();
    let mut total_nodes = 0u64;
    for (i, text) in POSITIONS.iter().enumerate() {
        let mut pos = match load(text) {
            Ok(pos) => pos,
            Err(e) => {
                out.error(e);
                continue;
            }
        };
        let mut tt = match TranspositionTable::new(BENCH_HASH_MB) {
            Ok(tt) => tt,
            Err(e) => return out.error(format!("bench: cannot allocate the table: {e}")),
        };
        let t = Instant::now();
        let result = search::search(&mut pos, &mut tt, control, &limits, &rules, &mut |_| {});
        if control.stop_requested() {
            out.info_string(format!("bench stopped at position {}", i + 1));
            return;
        }
        total_nodes += result.nodes;
        out.info_string(format!(
            "bench position {} nodes {} {}",
            i + 1,
            result.nodes,
            rate(result.nodes, t)
        ));
    }
    out.info_string(format!(
        "bench nodes {total_nodes} {} depth {depth} positions {}",
        rate(total_nodes, start),
        POSITIONS.len()
    ));
}

/// `time <ms> nps <n>`.
fn rate(nodes: u64, since: Instant) -> String {
    let ms = since.elapsed().as_millis() as u64;
    format!("time {ms} nps {}", nodes * 1000 / ms.max(1))
}
