//! How a shogi game ends: mate, sennichite, impasse declarations, the Sloan
//! count and the move limit (docs/rules/shogi.md; the machinery is
//! [`crate::board::impasse`]'s).

use super::movegen::Moves;
use super::position::Position;
use super::types::Move;
use crate::board::impasse::FULL_SET_POINTS;
use crate::board::Bitboard;
use crate::game::{Color, EndReason, Outcome, Rules};

impl Position {
    /// Points a full set has minus the points on the board and in hands:
    /// in a handicap game, what the upper hand (gote) gave away.
    fn missing_points(&self) -> u32 {
        let present = self.impasse_points(Color::Black, Bitboard::ALL).0
            + self.impasse_points(Color::White, Bitboard::ALL).0;
        FULL_SET_POINTS.saturating_sub(present)
    }

    /// Whether the side to move may declare a win (`bestmove win`).
    pub fn can_declare_win(&self, rules: &Rules) -> bool {
        self.may_declare(
            rules,
            |ksq, target| self.is_legal(Move::board(ksq, target, false)),
            || self.missing_points(),
        )
    }

    /// The game's result, if it has ended. Sloan: more than 31 points wins,
    /// fewer than 23 loses.
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        let mut moves = Moves::new();
        self.generate_legal(&mut moves);
        self.family_outcome(rules, moves.is_empty(), |points, _| {
            if points > 31 {
                Outcome::Win(EndReason::Impasse)
            } else if points < 23 {
                Outcome::Loss(EndReason::Impasse)
            } else {
                Outcome::Draw(EndReason::Impasse)
            }
        })
    }
}
