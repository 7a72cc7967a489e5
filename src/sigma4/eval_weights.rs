//! Tuned evaluation weights for `sigma4`, written by `henkei-tune tune`;
//! docs/tuning.md tells how to regenerate them. Do not edit by hand.
//!
//! The hand-set evaluation (`eval::hand_weights`), the tuner's starting point.

/// Indexed by the feature layout of `eval.rs`.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 60] = [
    // stones
    230, 200, 170, 75, 250, 85, 100, 100,
    // repeats
    0, 0, 0, 30, 0, 30, 45, 45,
    // royal_stones
    0, 0, 0, 0, 0, 0, 0, 0,
    // plain_bases
    60,
    // mobility
    3,
    // royal_danger
    -18,
    // race_open
    0, 260, 140, 70, 30, 10, 0,
    // race_guarded
    0, 130, 70, 35, 15, 5, 0,
    // corner_threat
    25,
    // storage
    172, 150, 127, 56, 187, 63, 75, 75,
    // storage_stuck
    115, 100, 85, 37, 125, 42, 50, 50,
    // stored_bases
    0,
    // tempo
    12,
];
