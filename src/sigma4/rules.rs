//! How a Sigma 4 game ends (docs/rules/sigma4.md): checkmate and stalemate both lose
//! for the side with no move, the royal base reaching its goal square wins
//! at once, and the third occurrence of a position loses for the side whose
//! move made it. No draws, except an optional move limit.

use super::movegen::Moves;
use super::position::Position;
use crate::game::{EndReason, Outcome, Rules};

impl Position {
    /// How often the current position (board, storages, side to move) has
    /// occurred in the game, this occurrence included. No move is
    /// irreversible in Sigma 4 (captured bases come back by drops), so the
    /// whole history is looked at.
    pub fn occurrences(&self) -> u32 {
        let n = self.history.len();
        let key = self.key();
        let mut seen = 1;
        let mut ply = n;
        while ply >= 2 {
            ply -= 2;
            if self.history[ply].key == key {
                seen += 1;
            }
        }
        seen
    }

    /// The third occurrence: the opponent's last move made it, so the side
    /// to move wins.
    pub fn repetition_outcome(&self) -> Option<Outcome> {
        (self.occurrences() >= 3).then_some(Outcome::Win(EndReason::Repetition))
    }

    /// The game's result, if it has ended.
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        if self.goal_reached() {
            return Some(Outcome::Loss(EndReason::GoalReached));
        }
        let mut moves = Moves::new();
        self.generate_legal(&mut moves);
        if moves.is_empty() {
            let reason = if self.in_check() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            return Some(Outcome::Loss(reason));
        }
        if let Some(o) = self.repetition_outcome() {
            return Some(o);
        }
        let played = self.move_number().saturating_sub(1);
        if rules.max_moves_to_draw > 0 && played >= rules.max_moves_to_draw {
            return Some(Outcome::Draw(EndReason::MoveLimit));
        }
        None
    }
}
