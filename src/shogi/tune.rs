//! What the tuner ([`crate::tune`]) needs of standard shogi beyond the
//! evaluation model: where its weights live, its piece names, and the
//! material-only evaluation its data and matches start from.

use super::Position;
use crate::tune::Tunable;

impl Tunable for Position {
    const WEIGHTS_PATH: &'static str = "src/shogi/eval_weights.rs";
    const ROLE_NAMES: &'static [&'static str] = &[
        "pawn",
        "lance",
        "knight",
        "silver",
        "bishop",
        "rook",
        "gold",
        "king",
        "tokin",
        "promoted lance",
        "promoted knight",
        "promoted silver",
        "horse",
        "dragon",
    ];

    fn material_eval(&self) -> i32 {
        super::eval::material_eval(self)
    }

    fn material_weights() -> Vec<i32> {
        super::eval::material_weights()
    }
}
