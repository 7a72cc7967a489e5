//! Tuner tests: small, synthetic and fast.

use super::matches::{elo_of, play_match, MatchConfig, MatchStats};
use super::selfplay::{generate, is_quiet, GenConfig};
use super::texel::{self, Dataset, TuneConfig};
use super::*;
use crate::board::position::Kind;
use crate::{mortal, shogi};
use std::sync::Arc;

fn shogi_pos(sfen: &str) -> shogi::Position {
    shogi::Position::from_sfen(&usi::parse_sfen(sfen).expect("parses")).expect("legal")
}

/// Positions from random play, with results made up from their material
/// balance by a known K: the tuner must recover K and fit such labels.
fn synthetic(count: usize, k: f64) -> (Vec<shogi::Position>, Dataset) {
    let mut rng = Rng::new(5);
    let mut positions = Vec::new();
    let mut data = Dataset::new();
    while positions.len() < count {
        let mut p = shogi::Position::startpos();
        if !random_opening(&mut p, 20 + rng.below(100) as u32, &mut rng) {
            continue;
        }
        let r = texel::sigmoid(k * p.material_eval() as f64) as f32;
        data.push_position(&p, r);
        positions.push(p);
    }
    (positions, data)
}

#[test]
fn tune_fit_k_recovers_the_scale() {
    let (_, data) = synthetic(60, 0.004);
    let w: Vec<f64> = shogi::Position::material_weights()
        .iter()
        .map(|&x| x as f64)
        .collect();
    let k = texel::fit_k(&data, &w);
    assert!((k - 0.004).abs() < 0.0004, "{k}");
    assert!(data.mse(&w, k) < 1e-6);
}

#[test]
fn tune_training_reduces_the_error() {
    let (_, data) = synthetic(40, 0.004);
    // Start from nothing: every weight zero.
    let start = vec![0.0; shogi::Position::NUM_FEATURES];
    let before = data.mse(&start, 0.004);
    let prior = texel::Prior::new::<shogi::Position>(0.0);
    let config = TuneConfig {
        epochs: 150,
        lr: 10.0,
        l2: 1e-9,
    };
    let mut reports = 0;
    let w = texel::train(&data, &start, 0.004, &prior, &config, &mut |_, _| {
        reports += 1
    });
    let after = data.mse(&w, 0.004);
    assert!(reports >= 3);
    assert!(after < before * 0.5, "{before} -> {after}");
    // The material and hand counts are pulled towards the classic values,
    // steps and tables towards zero.
    let prior = texel::Prior::new::<shogi::Position>(0.5);
    let rook = shogi::eval::LAYOUT.material + shogi::Role::Rook.index();
    assert_eq!((prior.center[rook], prior.strength[rook]), (990.0, 0.5));
    assert_eq!(prior.strength[shogi::eval::LAYOUT.hand], 0.5);
    assert_eq!(prior.strength[shogi::eval::LAYOUT.hand + 1], 1.0);
    assert_eq!(prior.center[shogi::eval::LAYOUT.pst], 0.0);
    assert_eq!(prior.penalty(&prior.center, 1.0), 0.0);
}

#[test]
fn tune_feature_vector_matches_the_evaluation() {
    let (positions, _) = synthetic(30, 0.004);
    let w = shogi::Position::shipped_weights();
    for p in &positions {
        let v = feature_vector(p);
        let sum: i64 = v
            .iter()
            .map(|&(i, n)| w[i as usize] as i64 * n as i64)
            .sum();
        // The shipped weights may add the quadratic danger term on top.
        let layout = <shogi::Position as EvalPosition>::LAYOUT;
        let mut linear = w.to_vec();
        linear[layout.king_danger] = 0;
        assert_eq!(sum, p.evaluate_with(&linear) as i64);
        // Sorted by index; an index twice only with the two signs.
        assert!(v
            .windows(2)
            .all(|x| x[0].0 < x[1].0 || (x[0].0 == x[1].0 && x[0].1 > 0 && x[1].1 < 0)));
    }
}

#[test]
fn tune_weights_render_and_parse_round_trip() {
    let w: Vec<i32> = (0..mortal::Position::NUM_FEATURES as i32)
        .map(|i| i * 7 - 500)
        .collect();
    let text = weights::render::<mortal::Position>(&w, &["a note".to_string()]);
    assert!(text.contains("// pst horse") && text.contains("//! a note"));
    assert_eq!(weights::load::<mortal::Position>(&text), Ok(w.clone()));
    assert!(weights::load::<shogi::Position>(&text).is_err());
    assert!(weights::parse("pub const WEIGHTS: [i32; 2] = [1, x];").is_err());
}

#[test]
fn tune_data_lines_load_with_a_holdout() {
    let text = "0\t1\tlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n\
                1\t0.5\tlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\n\
                2\t0\t4k4/9/9/9/9/9/9/9/4K4 b r 1\n";
    let (train, valid) = texel::load::<shogi::Position>(text, 2).expect("loads");
    assert_eq!((train.len(), valid.len()), (1, 2));
    assert!(texel::load::<shogi::Position>("0\t1\tnot a sfen", 0).is_err());
    assert!(texel::load::<shogi::Position>("x", 0).is_err());
}

#[test]
fn tune_targets_blend_results_with_search_scores() {
    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    // Zero weights evaluate everything at 0, a predicted result of 0.5, so
    // the error tells the target: (0.5 - target)^2.
    let zero = vec![0.0; shogi::Position::NUM_FEATURES];
    let target_of = |line: &str, lambda: f64| {
        let labels = texel::Labels {
            lambda,
            score_k: Some(0.01),
        };
        let (train, _, k) = texel::load_labelled::<shogi::Position>(line, 0, labels).unwrap();
        assert_eq!(k, (lambda > 0.0).then_some(0.01));
        0.5 + train.mse(&zero, 1.0).sqrt()
    };
    let won_level = format!("1\t1\t{START}\t0");
    assert!((target_of(&won_level, 0.0) - 1.0).abs() < 1e-6);
    assert!((target_of(&won_level, 0.5) - 0.75).abs() < 1e-6);
    // A line without a score keeps its result whatever the blend.
    assert!((target_of(&format!("1\t1\t{START}"), 0.5) - 1.0).abs() < 1e-6);
    // Lost, but the search saw +400: sigmoid(4) = 0.982.
    let lost_ahead = format!("1\t0\t{START}\t400");
    assert!((target_of(&lost_ahead, 1.0) - 0.982_014).abs() < 1e-5);
    assert!(texel::load::<shogi::Position>(&format!("1\t0\t{START}\tx"), 0).is_err());
    assert!(texel::load::<shogi::Position>(&format!("1\t0\t{START}\t1\t2"), 0).is_err());

    // Unscaled, the scale is fitted: at +200 three games in four won, at
    // -200 one in four, so sigmoid(200 k) = 0.75 and k = ln 3 / 200.
    let mut text = String::new();
    for (result, score) in [(1, 200), (1, 200), (1, 200), (0, 200)] {
        text += &format!(
            "1\t{result}\t{START}\t{score}\n1\t{}\t{START}\t{}\n",
            1 - result,
            -score
        );
    }
    let labels = texel::Labels {
        lambda: 1.0,
        score_k: None,
    };
    let (_, _, k) = texel::load_labelled::<shogi::Position>(&text, 0, labels).unwrap();
    let k = k.unwrap();
    assert!((k - 3f64.ln() / 200.0).abs() < 1e-6, "{k}");
}

#[test]
fn tune_quiet_filter() {
    let mut start = Material(shogi::Position::startpos());
    assert!(is_quiet(&mut start, 30));
    // Sente's pawn can take gote's undefended rook.
    let mut hanging = Material(shogi_pos("4k4/9/9/9/4r4/4P4/9/9/4K4 b - 1"));
    assert!(!is_quiet(&mut hanging, 30));
}

#[test]
fn tune_selfplay_writes_loadable_data() {
    for variant in 0..2 {
        let config = GenConfig {
            games: 2,
            nodes: 60,
            max_plies: 30,
            ..GenConfig::default()
        };
        let mut out = Vec::new();
        let text = if variant == 0 {
            let stats = generate::<shogi::Position>(&config, &mut out, &mut |_| {}).unwrap();
            assert_eq!(stats.games, 2);
            let text = String::from_utf8(out).unwrap();
            let (train, valid) = texel::load::<shogi::Position>(&text, 0).unwrap();
            assert_eq!(train.len() + valid.len(), stats.positions as usize);
            text
        } else {
            let stats = generate::<mortal::Position>(&config, &mut out, &mut |_| {}).unwrap();
            let text = String::from_utf8(out).unwrap();
            let (train, _) = texel::load::<mortal::Position>(&text, 0).unwrap();
            assert_eq!(train.len(), stats.positions as usize);
            text
        };
        assert!(text.lines().count() > 5, "{text}");
    }
}

#[test]
fn tune_match_smoke() {
    let config = MatchConfig {
        pairs: 1,
        nodes: 80,
        max_plies: 16,
        hash_mb: 1,
        ..MatchConfig::default()
    };
    let w = Arc::new(mortal::Position::shipped_weights().to_vec());
    let stats = play_match::<mortal::Position>(&config, w, &mut |_| {});
    assert_eq!(stats.games(), 2);
    assert_eq!(stats.pair_scores.len(), 1);
}

#[test]
fn tune_match_with_a_net_smoke() {
    use crate::nnue::{read_net, testnet, NetHandle};
    let bytes = testnet::bytes(5);
    let net = read_net(&mut bytes.as_slice(), bytes.len() as u64)
        .unwrap()
        .net;
    let config = MatchConfig {
        pairs: 1,
        nodes: 200,
        max_plies: 24,
        hash_mb: 1,
        net: Some(NetHandle {
            net: Arc::new(net),
            fv_scale: 16,
            source: "test net 5".to_string(),
        }),
        ..MatchConfig::default()
    };
    let w = Arc::new(shogi::Position::shipped_weights().to_vec());
    let stats = play_match::<shogi::Position>(&config, w, &mut |_| {});
    assert_eq!(stats.games(), 2);
}

#[test]
fn tune_elo_estimates() {
    assert_eq!(elo_of(0.5), 0.0);
    assert!((elo_of(0.75) - 190.85).abs() < 0.1);
    assert!((elo_of(0.25) + elo_of(0.75)).abs() < 1e-9);
    let stats = MatchStats {
        wins: 3,
        draws: 2,
        losses: 1,
        pair_scores: vec![0.5, 1.0, 0.75],
        ..MatchStats::default()
    };
    let (elo, lo, hi) = stats.elo();
    assert!(lo < elo && elo < hi && elo > 0.0);
}

#[test]
fn tune_flip_is_an_involution_and_material_wrapper_counts_material() {
    let sfen =
        usi::parse_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
            .unwrap();
    assert_eq!(flip_sfen(&flip_sfen(&sfen)), sfen);
    let p = shogi::Position::from_sfen(&sfen).unwrap();
    let m = Material(p.clone());
    assert_eq!(m.evaluate(), shogi::eval::material(&p, p.side()));
}

/// The king-danger term: the dataset evaluates as the engine does, and the
/// analytic gradient (through the squared attack sums) matches finite
/// differences.
#[test]
fn tune_danger_term_matches_engine_and_gradient() {
    let mut rng = Rng::new(9);
    let mut data = Dataset::for_game::<shogi::Position>();
    let mut positions = Vec::new();
    while positions.len() < 30 {
        let mut p = shogi::Position::startpos();
        if !random_opening(&mut p, 40 + rng.below(80) as u32, &mut rng) {
            continue;
        }
        data.push_position(&p, (positions.len() % 2) as f32);
        positions.push(p);
    }
    let layout = <shogi::Position as EvalPosition>::LAYOUT;
    let mut weights = shogi::Position::shipped_weights().to_vec();
    weights[layout.king_danger] = 150;
    let w: Vec<f64> = weights.iter().map(|&x| x as f64).collect();
    let mut dangerous = 0;
    for (j, p) in positions.iter().enumerate() {
        let engine = p.evaluate_with(&weights);
        let linear = {
            let mut no_danger = weights.clone();
            no_danger[layout.king_danger] = 0;
            p.evaluate_with(&no_danger)
        };
        dangerous += usize::from(engine != linear);
        // The engine rounds each side's term down; the tuner does not.
        assert!(
            (data.eval(j, &w) - engine as f64).abs() <= 2.0,
            "position {j}"
        );
    }
    assert!(
        dangerous > 10,
        "the term is active in {dangerous} positions"
    );

    let k = 0.002;
    let mut grad = vec![0.0; w.len()];
    texel::gradient(&data, &w, k, &mut grad);
    let probes = [
        layout.king_danger,
        layout.zone_attacked,
        layout.ring_attacked,
        layout.safe_check_drops + 1,
        layout.material + 1,
    ];
    for i in probes {
        let h = 1e-3;
        let (mut up, mut down) = (w.clone(), w.clone());
        up[i] += h;
        down[i] -= h;
        let numeric = (data.mse(&up, k) - data.mse(&down, k)) / (2.0 * h);
        let tolerance = 1e-6 + 1e-3 * numeric.abs();
        assert!(
            (grad[i] - numeric).abs() <= tolerance,
            "weight {i}: analytic {} numeric {numeric}",
            grad[i]
        );
    }
}

/// Sigma 4's own model through the tuner: data from self-play from random
/// setups loads, its feature vectors sum to the evaluation, the weights
/// file round-trips, and a short fit from the hand values lowers the
/// error.
#[test]
fn tune_sigma4_round_trip() {
    use crate::sigma4;
    type S4 = sigma4::Position;
    let config = GenConfig {
        games: 4,
        nodes: 150,
        max_plies: 24,
        random_plies: (0, 2),
        quiet_margin: 300,
        random_setup: true,
        ..GenConfig::default()
    };
    let mut out = Vec::new();
    let stats = generate::<S4>(&config, &mut out, &mut |_| {}).unwrap();
    assert_eq!(stats.games, 4);
    let text = String::from_utf8(out).unwrap();
    let (train, valid) = texel::load::<S4>(&text, 2).unwrap();
    assert_eq!(train.len() + valid.len(), stats.positions as usize);
    assert!(!train.is_empty(), "{text}");

    let shipped = S4::shipped_weights();
    for line in text.lines() {
        let sfen = usi::parse_sfen(line.split('\t').nth(2).unwrap()).unwrap();
        let p = S4::from_sfen(&sfen).unwrap();
        let sum: i32 = feature_vector(&p)
            .iter()
            .map(|&(i, n)| shipped[i as usize] * n as i32)
            .sum();
        assert_eq!(sum, p.evaluate());
        assert_eq!(p.evaluate_with(shipped), p.evaluate());
    }

    let w: Vec<i32> = (0..S4::NUM_FEATURES as i32).map(|i| i * 3 - 40).collect();
    let rendered = weights::render::<S4>(&w, &[]);
    assert!(rendered.contains("// race_guarded"));
    assert_eq!(weights::load::<S4>(&rendered), Ok(w));
    assert!(weights::load::<shogi::Position>(&rendered).is_err());
    let file = weights::load::<S4>(include_str!("../sigma4/eval_weights.rs")).unwrap();
    assert_eq!(file.as_slice(), shipped);

    let start: Vec<f64> = S4::material_weights().iter().map(|&x| x as f64).collect();
    let k = texel::fit_k(&train, &start);
    let prior = texel::Prior::new::<S4>(1.0);
    assert_eq!(prior.penalty(&start, 1.0), 0.0);
    let config = TuneConfig {
        epochs: 100,
        lr: 4.0,
        l2: 1e-9,
    };
    let fitted = texel::train(&train, &start, k, &prior, &config, &mut |_, _| {});
    assert!(train.mse(&fitted, k) <= train.mse(&start, k));

    // A pair of games from a random setup, tuned against hand-set.
    let config = MatchConfig {
        pairs: 1,
        nodes: 100,
        max_plies: 16,
        hash_mb: 1,
        random_setup: true,
        ..MatchConfig::default()
    };
    let stats = play_match::<S4>(&config, Arc::new(shipped.to_vec()), &mut |_| {});
    assert_eq!(stats.games(), 2);
}

/// A short recorded game: 1.P-7f 2.P-3d 3.Bx2b+ (a capture) 4.Sx2b 5.B*4e
/// (a quiet drop) 6.P-8d, then a resignation by gote.
fn record(termination: &str) -> String {
    format!(
        "format henkei-match 1\nvariant shogi\ngame 7\nposition startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d\n\
         result 1-0\nwinner sente\ntermination {termination}\n"
    )
}

#[test]
fn tune_records_import_quiet_positions_with_the_result() {
    let config = records::ImportConfig {
        skip_plies: 1,
        quiet_margin: 30,
    };
    let mut out = Vec::new();
    let mut stats = records::ImportStats::default();
    let kept = records::import_record::<shogi::Position>(
        &config,
        1007,
        &record("resignation"),
        &mut out,
        &mut stats,
    );
    assert_eq!(kept, Ok(true));
    let text = String::from_utf8(out).expect("utf-8");
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    // Ply 0 is skipped; the moves played at plies 2 and 3 are captures;
    // the last position has no move played from it: plies 1, 4 and 5
    // remain.
    let sfens: Vec<&str> = lines.iter().map(|l| l[2]).collect();
    assert_eq!(
        sfens,
        [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5",
            "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6",
        ]
    );
    for l in &lines {
        assert_eq!(l[0], "1007", "the number given");
        assert_eq!(l.len(), 3, "the score is left for `label`");
        // Sente won: 1 where sente is to move, 0 where gote is.
        let sente_to_move = l[2].split(' ').nth(1) == Some("b");
        assert_eq!(l[1], if sente_to_move { "1" } else { "0" });
        let line = l.join("\t");
        let data = texel::parse_line(&line).expect("a data line");
        assert_eq!((data.game, data.score), (1007, None));
    }
    assert_eq!(stats.games, 1);
    assert_eq!(stats.positions, 3);

    // A game lost on time says nothing of its positions.
    let mut out = Vec::new();
    let kept = records::import_record::<shogi::Position>(
        &config,
        1008,
        &record("time-forfeit"),
        &mut out,
        &mut stats,
    );
    assert_eq!(kept, Ok(false));
    assert!(out.is_empty());
    assert_eq!(stats.skipped, 1);

    // Another game's record is an error naming it.
    let mortal = record("resignation").replace("variant shogi", "variant mortal");
    let err = records::import_record::<shogi::Position>(
        &config,
        1009,
        &mortal,
        &mut Vec::new(),
        &mut stats,
    );
    assert!(err.is_err_and(|e| e.contains("mortal")));
}
