//! `bench [depth]`: fixed-depth searches of the current game's benchmark
//! positions ([`crate::registry::Bench`]), each with a fresh table,
//! single-threaded, so the node count is a fingerprint of that game's search
//! (it changes only when the search, the evaluation or the move generator
//! does) and nodes per second a measure of speed.

use std::time::Instant;

use crate::game::{Color, Game, Rules, SearchHooks};
use crate::registry::Bench;
use crate::search::{self, Limits, SearchControl};
use crate::timeman::TimeOptions;
use crate::tt::TranspositionTable;

use super::output::Output;
use super::worker::Worker;

/// Table size for bench: fixed, so the node count does not depend on
/// `USI_Hash`.
pub const BENCH_HASH_MB: usize = 16;

/// Reads a benchmark position.
pub fn load<G: Game>(text: &str) -> Result<G, String> {
    let sfen = usi::parse_sfen(text).map_err(|e| format!("bench sfen '{text}': {e}"))?;
    G::from_sfen(&sfen).map_err(|e| format!("bench sfen '{text}': {e}"))
}

/// Searches position `i` (its SFEN given) to a depth with a fresh table
/// and returns the nodes, or why it could not.
pub type SearchOne = fn(usize, &str, u32, &SearchControl) -> Result<u64, String>;

/// Starts the benchmark of `variant` on the worker thread.
pub fn spawn_bench(
    variant: &'static str,
    bench: &'static Bench,
    depth: u32,
    out: &Output,
    search: SearchOne,
) -> Worker {
    Worker::spawn_untimed(
        true,
        Color::Black,
        TimeOptions::default(),
        out,
        move |control, out| run_bench(variant, bench, depth, control, out, search),
    )
}

/// Runs the benchmark, reporting each position and the total.
fn run_bench(
    variant: &str,
    bench: &Bench,
    depth: u32,
    control: &SearchControl,
    out: &Output,
    search: SearchOne,
) {
    let start = Instant::now();
    let mut total_nodes = 0u64;
    for (i, text) in bench.positions.iter().enumerate() {
        let t = Instant::now();
        let nodes = match search(i, text, depth, control) {
            Ok(nodes) => nodes,
            Err(e) => {
                out.error(e);
                continue;
            }
        };
        if control.stop_requested() {
            out.info_string(format!("bench stopped at position {}", i + 1));
            return;
        }
        total_nodes += nodes;
        out.info_string(format!(
            "bench position {} nodes {nodes} {}",
            i + 1,
            rate(nodes, t)
        ));
    }
    out.info_string(format!(
        "bench nodes {total_nodes} {} depth {depth} positions {} variant {variant}",
        rate(total_nodes, start),
        bench.positions.len()
    ));
}

/// The alpha-beta search of one position for [`run_bench`].
pub fn search_position<G: SearchHooks>(
    text: &str,
    depth: u32,
    control: &SearchControl,
) -> Result<u64, String> {
    let mut pos = load::<G>(text)?;
    let mut tt = TranspositionTable::new(BENCH_HASH_MB)
        .map_err(|e| format!("bench: cannot allocate the table: {e}"))?;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let rules = Rules::default();
    let result = search::search(&mut pos, &mut tt, control, &limits, &rules, &mut |_| {});
    Ok(result.nodes)
}

/// `time <ms> nps <n>`.
fn rate(nodes: u64, since: Instant) -> String {
    let ms = since.elapsed().as_millis() as u64;
    format!("time {ms} nps {}", nodes * 1000 / ms.max(1))
}
