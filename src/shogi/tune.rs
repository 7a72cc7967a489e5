//! What the tuner ([`crate::tune`]) needs of standard shogi beyond the
//! evaluation model: where its weights live and its piece names.

use super::Position;
use crate::tune::BoardTunable;

impl BoardTunable for Position {
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
}
