//! How a Shogammon game ends: the moment a king is captured (docs/rules/shogammon.md).
//! There is no checkmate, no repetition rule and no impasse; a position
//! where a side has no king is finished. `MaxMovesToDraw` applies as in the
//! other games (counted in turns).

use super::position::Position;
use crate::game::{EndReason, Outcome, Rules};

impl Position {
    /// The game's result, if it has ended, for the side to move.
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        let us = self.side();
        match (self.king(us), self.king(us.flip())) {
            (None, Some(_)) => return Some(Outcome::Loss(EndReason::KingCaptured)),
            (Some(_), None) => return Some(Outcome::Win(EndReason::KingCaptured)),
            // Only a hand-made SFEN lacks both kings: nobody can win.
            (None, None) => return Some(Outcome::Draw(EndReason::KingCaptured)),
            (Some(_), Some(_)) => {}
        }
        let played = self.move_number().saturating_sub(1);
        if rules.max_moves_to_draw > 0 && played >= rules.max_moves_to_draw {
            return Some(Outcome::Draw(EndReason::MoveLimit));
        }
        None
    }
}
