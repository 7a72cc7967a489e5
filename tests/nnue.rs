//! NNUE nets over the pipes: `EvalDir` and `FV_SCALE` as a GUI sets them,
//! loading at `isready`, refusing bad files with one precise error and
//! playing on with the evaluation it had. The nets are seeded test nets
//! written here (64 MB each, in a temporary folder removed afterwards).

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

use common::{best_of, errors, is_move, Engine, LONG};
use henkei::nnue::testnet;

fn good_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| testnet::bytes(1))
}

/// A temporary folder holding `nn.bin` with `bytes`; removed on drop.
struct NetDir(PathBuf);

impl NetDir {
    fn new(name: &str, bytes: Option<&[u8]>) -> NetDir {
        let dir = std::env::temp_dir().join(format!("henkei-nnue-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        if let Some(bytes) = bytes {
            std::fs::write(dir.join("nn.bin"), bytes).expect("write net");
        }
        NetDir(dir)
    }

    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for NetDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn engine_with(dir: &str) -> (Engine, Vec<String>) {
    let mut e = Engine::start();
    e.handshake();
    e.send(&format!("setoption name EvalDir value {dir}"));
    let lines = e.sync();
    (e, lines)
}

/// The score of `go depth 1` (the evaluation shows through), from an
/// empty table so that earlier searches do not show through too.
fn depth1_score(e: &mut Engine, position: &str) -> String {
    e.send("usinewgame");
    e.sync();
    e.send(&format!("position {position}"));
    e.send("go depth 1");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .unwrap_or_else(|| panic!("no score in {lines:#?}"));
    let mut words = info.split(' ').skip_while(|w| *w != "score");
    format!(
        "{} {}",
        words.nth(1).unwrap_or(""),
        words.next().unwrap_or("")
    )
}

const POSITIONS: [&str; 3] = [
    "startpos moves 7g7f",
    "startpos moves 7g7f 3c3d 8h2b+ 3a2b",
    "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
];

#[test]
fn a_good_net_loads_and_changes_the_evaluation() {
    let dir = NetDir::new("good", Some(good_bytes()));
    let (mut builtin, lines) = engine_with("<builtin>");
    assert!(lines.is_empty(), "{lines:#?}");
    let (mut net, lines) = engine_with(&dir.path());
    assert_eq!(errors(&lines), 0, "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string NNUE net") && l.contains("loaded")),
        "{lines:#?}"
    );
    let differ = POSITIONS
        .iter()
        .filter(|p| depth1_score(&mut builtin, p) != depth1_score(&mut net, p))
        .count();
    assert!(differ > 0, "the net changed no score");
    // A second isready does not load again; `<builtin>` goes back.
    assert!(net.sync().is_empty());
    net.send("setoption name EvalDir value <builtin>");
    assert!(net.sync().is_empty());
    for p in POSITIONS {
        assert_eq!(depth1_score(&mut builtin, p), depth1_score(&mut net, p));
    }
}

#[test]
fn a_search_with_a_net_answers_a_legal_move() {
    let dir = NetDir::new("search", Some(good_bytes()));
    let (mut e, _) = engine_with(&dir.path());
    for threads in ["1", "2"] {
        e.send(&format!("setoption name Threads value {threads}"));
        e.send("setoption name FV_SCALE value 24");
        assert_eq!(errors(&e.sync()), 0);
        e.send("position startpos moves 2g2f 8c8d 2f2e 8d8e");
        e.send("go movetime 300");
        let best = e.bestmove(LONG);
        assert!(is_move(best_of(&best)), "{best}");
    }
    // Another game ignores the net and still plays.
    e.send("setoption name USI_Variant value mortal");
    e.send("position startpos");
    e.send("go depth 2");
    let best = e.bestmove(LONG);
    assert!(best.starts_with("bestmove "), "{best}");
    assert!(e.quit(Duration::from_secs(5)).success());
}

/// One `info string error:` containing `expected`, then a working engine.
fn refused(name: &str, bytes: Option<Vec<u8>>, expected: &str) {
    let dir = NetDir::new(name, bytes.as_deref());
    let (mut e, lines) = engine_with(&dir.path());
    assert_eq!(errors(&lines), 1, "{lines:#?}");
    let error = &lines[0];
    assert!(
        error.contains(expected) && error.contains("stays built-in"),
        "{error}"
    );
    e.send("position startpos");
    e.send("go depth 3");
    assert!(is_move(best_of(&e.bestmove(LONG))));
    assert!(e.quit(Duration::from_secs(5)).success());
}

#[test]
fn a_missing_file_is_refused() {
    refused("missing", None, "cannot open");
}

#[test]
fn a_truncated_file_is_refused() {
    let good = good_bytes();
    refused(
        "truncated",
        Some(good[..good.len() - 100].to_vec()),
        "truncated",
    );
}

#[test]
fn an_oversized_file_is_refused() {
    let mut bytes = good_bytes().to_vec();
    bytes.push(0);
    refused("oversized", Some(bytes), "1 bytes too long");
}

#[test]
fn a_wrong_version_is_refused() {
    let mut bytes = good_bytes().to_vec();
    bytes[0] ^= 0x40;
    refused("version", Some(bytes), "version 0x7af32f56");
}

#[test]
fn another_shape_is_refused() {
    let mut bytes = good_bytes().to_vec();
    bytes[4..8].copy_from_slice(&0x3E5A_B7ECu32.to_le_bytes());
    refused("shape", Some(bytes), "1024x2-8-32");
}

#[test]
fn an_unknown_hash_warns_and_loads() {
    let mut bytes = good_bytes().to_vec();
    bytes[4..8].copy_from_slice(&0x0BAD_CAFEu32.to_le_bytes());
    let dir = NetDir::new("hash", Some(&bytes));
    let (_e, lines) = engine_with(&dir.path());
    assert_eq!(errors(&lines), 0, "{lines:#?}");
    assert!(
        lines[0].starts_with("info string warning:") && lines[0].contains("0x0badcafe"),
        "{lines:#?}"
    );
    assert!(lines[1].contains("loaded"), "{lines:#?}");
}

#[test]
fn a_failed_load_keeps_the_net_in_use() {
    let good = NetDir::new("keep", Some(good_bytes()));
    let (mut e, _) = engine_with(&good.path());
    let before = depth1_score(&mut e, POSITIONS[0]);
    e.send("setoption name EvalDir value /nonexistent/henkei");
    let lines = e.sync();
    assert_eq!(errors(&lines), 1);
    assert!(lines[0].contains("stays the net from"), "{lines:#?}");
    assert_eq!(depth1_score(&mut e, POSITIONS[0]), before);
}

#[test]
fn the_default_eval_dir_may_be_absent() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name EvalDir value eval");
    assert!(e.sync().is_empty());
}

/// `eval` ends with the net's value: the first fixture of net 1
/// (src/nnue/fixtures.txt), the one these tests load.
#[test]
fn eval_prints_the_nets_value() {
    let dir = NetDir::new("eval", Some(good_bytes()));
    let (mut e, _) = engine_with(&dir.path());
    e.send("position sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    e.send("eval");
    let lines = e.sync();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("info string eval = 125"),
        "{lines:#?}"
    );
    e.send("setoption name FV_SCALE value 1");
    e.sync();
    e.send("eval");
    let lines = e.sync();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("info string eval = 2006"),
        "{lines:#?}"
    );
}
