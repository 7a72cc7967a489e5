//! What the tuner ([`crate::tune`]) needs of Mortal Shogi beyond the
//! evaluation model: where its weights live and its piece names.

use super::Position;
use crate::tune::BoardTunable;

impl BoardTunable for Position {
    const WEIGHTS_PATH: &'static str = "src/mortal/eval_weights.rs";
    const ROLE_NAMES: &'static [&'static str] = &[
        "pawn", "knight", "lance", "silver", "gold", "bishop", "rook", "horse", "dragon", "king",
    ];
}
