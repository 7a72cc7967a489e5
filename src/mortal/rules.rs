//! How a Mortal Shogi game ends: as standard shogi (docs/rules/mortal.md) — mate,
//! sennichite, impasse declarations, the Sloan count, the move limit — with
//! the adjustments docs/rules/mortal.md explains for material that dies
//! (the machinery is [`crate::board::impasse`]'s).

use super::movegen::Moves;
use super::position::Position;
use super::types::Move;
use crate::game::{EndReason, Outcome, Rules};

/// Sloan: more than this many points wins (out of a full set's 54).
const SLOAN_WIN: u32 = 31;

impl Position {
    /// Whether the side to move may declare a win (`bestmove win`). The
    /// handicap-aware CSA rules count as the plain ones: in Mortal Shogi
    /// material missing from a full set has mostly died in play, and cannot
    /// be told apart from a handicap.
    pub fn can_declare_win(&self, rules: &Rules) -> bool {
        self.may_declare(
            rules,
            |ksq, target| self.is_legal(Move::board(ksq, target, None)),
            || 0,
        )
    }

    /// The game's result, if it has ended. Sloan's count: shogi's "more than
    /// 31 wins, fewer than 23 loses" relies on the 54 points summing up;
    /// Mortal material shrinks, so a side wins with more than 31 points and
    /// loses when the opponent has more than 31; otherwise it is a draw
    /// (the same verdicts whenever all 54 points are still in play).
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        let mut moves = Moves::new();
        self.generate_legal(&mut moves);
        self.family_outcome(rules, moves.is_empty(), |ours, theirs| {
            if ours > SLOAN_WIN {
                Outcome::Win(EndReason::Impasse)
            } else if theirs > SLOAN_WIN {
                Outcome::Loss(EndReason::Impasse)
            } else {
                Outcome::Draw(EndReason::Impasse)
            }
        })
    }
}
