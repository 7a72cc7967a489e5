//! NNUE tests. The nets are made here from seeds ([`testnet`]); the
//! expected values in `fixtures.txt` were recorded once from an independent
//! implementation of YaneuraOu's inference on the same files (see the
//! file's header).

use crate::board::position::PackedMove;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use super::*;
use crate::game::{Evaluate, Game};
use crate::shogi::{Moves, Position};
use rand::prelude::*;

const FIXTURES: &str = include_str!("fixtures.txt");

/// The seeds the fixtures use, each net built once per test process.
fn net(seed: u64) -> Arc<Network> {
    static NETS: OnceLock<std::sync::Mutex<BTreeMap<u64, Arc<Network>>>> = OnceLock::new();
    let nets = NETS.get_or_init(Default::default);
    let mut nets = nets.lock().unwrap_or_else(|e| e.into_inner());
    nets.entry(seed)
        .or_insert_with(|| {
            let bytes = testnet::bytes(seed);
            let loaded = read_net(&mut bytes.as_slice(), bytes.len() as u64)
                .unwrap_or_else(|e| panic!("test net {seed}: {e}"));
            assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
            Arc::new(loaded.net)
        })
        .clone()
}

fn handle(seed: u64, fv_scale: i32) -> NetHandle {
    NetHandle {
        net: net(seed),
        fv_scale,
        source: format!("test net {seed}"),
    }
}

fn pos(sfen: &str) -> Position {
    let parsed = usi::parse_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    Position::from_sfen(&parsed).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

struct Fixture {
    seed: u64,
    fv_scale: i32,
    value: i32,
    sfen: String,
}

fn fixtures() -> Vec<Fixture> {
    FIXTURES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.splitn(4, ' ');
            let mut next = || parts.next().expect("fixture line has 4 fields");
            Fixture {
                seed: next().parse().expect("seed"),
                fv_scale: next().parse().expect("fv_scale"),
                value: next().parse().expect("value"),
                sfen: next().to_string(),
            }
        })
        .collect()
}

/// Every fixture position, from scratch, through both the AVX2 and the
/// scalar kernels.
#[test]
fn evaluations_match_the_reference_bit_exactly() {
    let all = fixtures();
    assert!(all.len() >= 400, "{} fixtures", all.len());
    let mut seeds = std::collections::BTreeSet::new();
    for f in &all {
        seeds.insert(f.seed);
        let p = pos(&f.sfen);
        let h = handle(f.seed, f.fv_scale);
        let acc = h.net.accumulate(&p).expect("both kings");
        let got = h.net.evaluate(&acc, p.side(), f.fv_scale);
        assert_eq!(
            got, f.value,
            "net {} fv {} sfen {}",
            f.seed, f.fv_scale, f.sfen
        );
        let mut q = p.clone();
        q.set_net(Some(h));
        assert_eq!(q.evaluate(), f.value, "through the position");
    }
    assert!(seeds.len() >= 3);
}

#[test]
fn scalar_and_simd_kernels_agree() {
    let simd = net(1);
    if !simd.uses_avx2() {
        return; // nothing to compare on this CPU
    }
    let bytes = testnet::bytes(1);
    let mut scalar = read_net(&mut bytes.as_slice(), bytes.len() as u64)
        .expect("test net")
        .net;
    scalar.set_simd(false);
    for f in fixtures().iter().filter(|f| f.seed == 1) {
        let p = pos(&f.sfen);
        let a = simd.accumulate(&p).expect("kings");
        let b = scalar.accumulate(&p).expect("kings");
        assert_eq!(a, b);
        for side in [Color::Black, Color::White] {
            assert_eq!(
                simd.evaluate(&a, side, 16),
                scalar.evaluate(&b, side, 16),
                "{}",
                f.sfen
            );
        }
    }
}

/// Random games with captures, drops, promotions, king moves and null
/// moves: the incremental accumulator equals the one from scratch at every
/// ply, and unmaking restores every earlier one.
#[test]
fn incremental_updates_match_a_full_refresh() {
    let mut rng = StdRng::seed_from_u64(7);
    for (game, start) in STARTS.iter().cycle().take(24).enumerate() {
        let mut p = pos(start);
        p.set_net(Some(handle(2, 16)));
        let mut seen = vec![];
        for _ in 0..rng.gen_range(20..200) {
            let mut moves = Moves::new();
            p.generate_legal(&mut moves);
            let Some(&m) = choose(&mut rng, &p, &moves) else {
                break;
            };
            seen.push(*p.nnue().expect("net").current());
            p.do_move(m);
            let scratch = net(2).accumulate(&p).expect("kings");
            assert_eq!(*p.nnue().expect("net").current(), scratch, "game {game}");
            if rng.gen_bool(0.05) && !p.in_check() {
                p.do_null_move();
                assert_eq!(p.evaluate(), net(2).evaluate(&scratch, p.side(), 16));
                p.undo_null_move();
            }
        }
        while let Some(acc) = seen.pop() {
            p.undo_move();
            assert_eq!(*p.nnue().expect("net").current(), acc);
        }
    }
}

/// A net given after moves were played still unmakes correctly past them.
#[test]
fn unmaking_past_the_first_accumulator_refreshes() {
    let mut p = Position::startpos();
    for mv in ["7g7f", "3c3d", "8h2b+"] {
        let m = p
            .parse_move(&usi::parse_move_token(mv).expect("move"))
            .expect("legal");
        p.do_move(m);
    }
    p.set_net(Some(handle(1, 16)));
    p.undo_move();
    let scratch = net(1).accumulate(&p).expect("kings");
    assert_eq!(*p.nnue().expect("net").current(), scratch);
}

#[test]
fn positions_without_a_king_keep_the_built_in_evaluation() {
    let mut p = pos("4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1");
    let builtin = p.evaluate();
    p.set_net(Some(handle(1, 16)));
    assert!(p.nnue().is_none());
    assert_eq!(p.evaluate(), builtin);
    assert!(!p.evaluation_terms().is_empty(), "the built-in's terms");
    let mut q = Position::startpos();
    q.set_net(Some(handle(1, 16)));
    assert!(q.evaluation_terms().is_empty(), "a net has no terms");
}

#[test]
fn missing_men_pad_with_bona_piece_zero() {
    // Two kings alone: 38 padding features, all the row of BonaPiece 0.
    // Sente's king on 5i is square 44; gote's on 4a is 27, seen as 80 - 27.
    let p = pos("5k3/9/9/9/9/9/9/9/4K4 b - 1");
    let f = features::active(&p, Color::Black).expect("kings");
    assert!(f.iter().all(|&i| i == 44 * FE_END));
    let w = features::active(&p, Color::White).expect("kings");
    assert!(w.iter().all(|&i| i == 53 * FE_END));
}

#[test]
fn the_header_is_checked() {
    let good = testnet::bytes(3);
    let read = |b: &[u8]| read_net(&mut &b[..], b.len() as u64).map(|l| l.warnings);
    assert_eq!(read(&good).expect("good net"), Vec::<String>::new());
    assert_eq!(good.len() as u64, file_size(testnet::ARCH.len()));
    assert_eq!(good.len(), 64_217_066);

    let mut bad = good.clone();
    bad[0] ^= 1;
    assert!(read(&bad).unwrap_err().0.contains("version"));

    let mut other = good.clone();
    other[4..8].copy_from_slice(&0x3E5A_A772u32.to_le_bytes());
    assert!(read(&other).unwrap_err().0.contains("512x2-16-32"));

    let mut unknown = good.clone();
    unknown[4..8].copy_from_slice(&0x1234_5678u32.to_le_bytes());
    let warnings = read(&unknown).expect("loads with a warning");
    assert!(warnings[0].contains("0x12345678"), "{warnings:?}");

    let short = &good[..good.len() - 1];
    assert!(read(short).unwrap_err().0.starts_with("truncated"));
    let mut long = good.clone();
    long.push(0);
    assert!(read(&long).unwrap_err().0.contains("1 bytes too long"));
    assert!(read(&good[..5]).unwrap_err().0.contains("too short"));
}

#[test]
fn files_load_and_report_errors() {
    let dir = std::env::temp_dir().join(format!("henkei-nnue-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = testnet::write(&dir, 1).expect("write net");
    let loaded = load_file(&file).expect("loads");
    let p = Position::startpos();
    let a = loaded.net.accumulate(&p).expect("kings");
    let b = net(1).accumulate(&p).expect("kings");
    assert_eq!(a, b);
    let missing = load_file(&dir.join("nope.bin")).unwrap_err();
    assert!(missing.0.contains("cannot open"), "{missing}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- fixture generation ------------------------------------------------------

/// Even and handicap starts (the handicapped side, gote, moves first).
const STARTS: [&str; 8] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
];

/// Hand-written: many men in hand, promoted men, gote to move, kings
/// alone, a king far advanced.
const HANDWRITTEN: [&str; 14] = [
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 1",
    "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
    "4k4/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l18p 1",
    "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "4k4/9/9/9/9/9/9/9/4K4 w - 1",
    "+L+N+S1k1+S+N+L/1+R5+B1/+P+P+P+P+P+P+P+P+P/9/9/9/+p+p+p+p+p+p+p+p+p/1+b5+r1/+l+n+s1K1+s+n+l b 2G2g 1",
    "lnsg1gsnl/1r5b1/ppppppppp/9/4k4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "K8/9/9/9/9/9/9/9/8k b 18P4L 1",
    "k8/9/9/9/9/9/9/9/8K w 18p4l 1",
    "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 1",
    "lnsgk1snl/1r4gb1/p1pppp2p/6pR1/1p7/2P6/PP1PPPP1P/1BG6/LNS1KGSNL w Pp 1",
    "4k4/9/1+R7/9/9/9/1+r7/9/4K4 b 2B4G4S4N4L18P 1",
    "4K4/9/9/9/9/9/9/9/4k4 w 2B4G4S4N4L9P9p 1",
];

/// A random legal move, preferring captures half the time so that hands
/// fill up.
fn choose<'a>(rng: &mut StdRng, p: &Position, moves: &'a Moves) -> Option<&'a crate::shogi::Move> {
    if rng.gen_bool(0.5) {
        let captures: Vec<_> = moves
            .iter()
            .filter(|m| !m.is_drop() && p.piece_at(m.to()).is_some())
            .collect();
        if let Some(m) = captures.choose(rng) {
            return Some(m);
        }
    }
    moves.choose(rng)
}

/// Writes the fixture nets and the positions to `$HENKEI_NNUE_FIXTURE_DIR`
/// (see the header of fixtures.txt): `cargo test --release --lib
/// write_fixture_inputs -- --ignored`.
#[test]
#[ignore]
fn write_fixture_inputs() {
    let Ok(dir) = std::env::var("HENKEI_NNUE_FIXTURE_DIR") else {
        panic!("set HENKEI_NNUE_FIXTURE_DIR");
    };
    let dir = std::path::PathBuf::from(dir);
    let mut rng = StdRng::seed_from_u64(2026);
    for seed in 1..=4u64 {
        let sub = dir.join(format!("net{seed}"));
        std::fs::create_dir_all(&sub).expect("dir");
        testnet::write(&sub, seed).expect("write");
        let mut lines: Vec<String> = HANDWRITTEN.iter().map(|s| s.to_string()).collect();
        while lines.len() < 120 {
            let mut p = pos(STARTS[rng.gen_range(0..STARTS.len())]);
            let plies = rng.gen_range(0..180);
            for ply in 0..=plies {
                if ply == plies || rng.gen_bool(0.04) {
                    lines.push(p.to_sfen().to_string());
                }
                let mut moves = Moves::new();
                p.generate_legal(&mut moves);
                let Some(&m) = choose(&mut rng, &p, &moves) else {
                    break;
                };
                p.do_move(m);
            }
        }
        std::fs::write(sub.join("positions.txt"), lines.join("\n") + "\n").expect("write");
    }
}

/// Prints `value<TAB>sfen` for each SFEN of `$HENKEI_NNUE_POSITIONS` under
/// the net file `$HENKEI_NNUE_NET` (FV_SCALE `$HENKEI_NNUE_FV`, default
/// 16), for comparing with other implementations on any net:
/// `cargo test --release --lib print_evaluations -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_evaluations() {
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("set {name}"));
    let loaded = load_file(std::path::Path::new(&var("HENKEI_NNUE_NET"))).expect("net loads");
    let fv: i32 = std::env::var("HENKEI_NNUE_FV").map_or(16, |v| v.parse().expect("FV"));
    let handle = NetHandle {
        net: Arc::new(loaded.net),
        fv_scale: fv,
        source: "file".to_string(),
    };
    let text = std::fs::read_to_string(var("HENKEI_NNUE_POSITIONS")).expect("positions");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut p = pos(line.trim());
        p.set_net(Some(handle.clone()));
        println!("{}\t{}", p.evaluate(), line.trim());
    }
}
