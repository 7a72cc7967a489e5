//! What the tuner ([`crate::tune`]) needs of Sigma 4: its own linear
//! model (`eval`), with the hand-set evaluation as the reference the
//! tuner starts from and matches play against, and random setups for
//! varied self-play.

use rand::SeedableRng;

use super::eval::{self, NUM_FEATURES};
use super::setup::{random_setup, setup_text, SETUP_RULES};
use super::Position;
use crate::board::eval::FeatureSink;
use crate::game::Color;
use crate::tune::{Rng, Tunable};

impl Tunable for Position {
    const NUM_FEATURES: usize = NUM_FEATURES;
    const WEIGHTS_PATH: &'static str = "src/sigma4/eval_weights.rs";

    fn material_eval(&self) -> i32 {
        eval::evaluate_with(self, &eval::hand_weights())
    }
    fn material_weights() -> Vec<i32> {
        eval::hand_weights().to_vec()
    }
    fn groups() -> Vec<(&'static str, usize)> {
        eval::GROUPS.to_vec()
    }
    fn features<S: FeatureSink>(&self, sink: &mut S) {
        eval::features(self, sink)
    }
    fn shipped_weights() -> &'static [i32] {
        &eval::WEIGHTS
    }
    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        eval::evaluate_with(self, weights)
    }
    fn evaluate_uncached(&self) -> i32 {
        eval::evaluate(self)
    }
    /// Stones on the board and in storage, and plain bases.
    fn is_material(index: usize) -> bool {
        (eval::STONES..eval::REPEATS).contains(&index)
            || (eval::STORAGE..eval::STORED_BASES).contains(&index)
            || index == eval::PLAIN_BASES
    }
    /// Every base on the board and nothing in storage: no capture yet.
    fn is_level(&self) -> bool {
        [Color::Black, Color::White]
            .iter()
            .all(|&c| self.bases_in_storage(c) == 0 && self.storage(c).is_empty())
    }
    /// Both camps set up at random (legal setups, docs/rules/sigma4.md).
    fn random_start(rng: &mut Rng) -> Option<Position> {
        let mut r = rand::rngs::StdRng::seed_from_u64(rng.next_u64());
        let setups = [Color::Black, Color::White].map(|c| setup_text(c, &random_setup(c, &mut r)));
        let sfen = usi::parse_sfen(&(SETUP_RULES.start_sfen)(&setups)).ok()?;
        Position::from_sfen(&sfen).ok()
    }
}
