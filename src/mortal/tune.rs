//! What the tuner ([`crate::tune`]) needs of Mortal Shogi beyond the
//! evaluation model: where its weights live, its piece names, and the
//! material-only evaluation its data and matches start from.

use super::Position;
use crate::tune::Tunable;

impl Tunable for Position {
    const WEIGHTS_PATH: &'static str = "src/mortal/eval_weights.rs";
    const ROLE_NAMES: &'static [&'static str] = &[
        "pawn", "knight", "lance", "silver", "gold", "bishop", "rook", "horse", "dragon", "king",
    ];

    fn material_eval(&self) -> i32 {
        super::eval::material_eval(self)
    }

    fn material_weights() -> Vec<i32> {
        super::eval::material_weights()
    }
}
