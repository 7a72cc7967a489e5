//! How a Mortal Shogi game ends: as standard shogi (docs/rules/mortal.md) — mate,
//! sennichite, impasse declarations, the Sloan count, the move limit — with
//! the adjustments docs/rules/mortal.md explains for material that dies.

use super::movegen::Moves;
use super::position::Position;
use super::types::{Move, Role};
use crate::board::impasse::{Declaration, PIECES_IN_CAMP};
use crate::board::zones::zone;
use crate::board::{Bitboard, Square};
use crate::game::{Color, EndReason, EnteringKingRule, Outcome, Rules};

/// Impasse points of one kind: rook-class pieces (rook, bishop, horse,
/// dragon) 5, the king nothing, every other piece 1.
fn impasse_value(role: Role) -> u32 {
    match role {
        Role::King => 0,
        r if r.is_major() => 5,
        _ => 1,
    }
}

/// Sloan: more than this many points wins (out of a full set's 54).
const SLOAN_WIN: u32 = 31;

impl Position {
    /// Points for impasse: pieces of `c` inside `area` (king excluded) plus
    /// its hand. Also returns how many pieces stood there.
    fn impasse_points(&self, c: Color, area: Bitboard) -> (u32, u32) {
        let mut points = 0;
        let mut pieces = 0;
        for sq in self.pieces(c) & area {
            if let Some(p) = self.piece_at(sq).filter(|p| p.role != Role::King) {
                points += impasse_value(p.role);
                pieces += 1;
            }
        }
        for role in Role::HAND_ORDER {
            points += self.hand(c).count(role) as u32 * impasse_value(role);
        }
        (points, pieces)
    }

    /// Whether the side to move may declare a win (`bestmove win`). The
    /// handicap-aware CSA rules count as the plain ones: in Mortal Shogi
    /// material missing from a full set has mostly died in play, and cannot
    /// be told apart from a handicap.
    pub fn can_declare_win(&self, rules: &Rules) -> bool {
        let us = self.side();
        let needed = match Declaration::of(rules.entering_king, us) {
            Declaration::Points { needed, .. } => needed,
            Declaration::Try(target) => return self.can_try(target),
            Declaration::Never => return false,
        };
        let Some(ksq) = self.king(us) else {
            return false;
        };
        let camp = zone(us);
        if !camp.contains(ksq) || self.checkers().any() {
            return false;
        }
        let (points, pieces) = self.impasse_points(us, camp);
        pieces >= PIECES_IN_CAMP && points >= needed
    }

    /// TryRule: the king can legally step onto `target`.
    fn can_try(&self, target: Square) -> bool {
        match self.king(self.side()) {
            Some(ksq) => self.is_legal(Move::board(ksq, target, None)),
            None => false,
        }
    }

    /// Sloan's count once both kings stand in the enemy camps. Shogi's "more
    /// than 31 wins, fewer than 23 loses" relies on the 54 points summing up;
    /// Mortal material shrinks, so a side wins with more than 31 points and
    /// loses when the opponent has more than 31; otherwise it is a draw
    /// (the same verdicts whenever all 54 points are still in play).
    fn sloan_outcome(&self) -> Option<Outcome> {
        let in_camp = |c: Color| self.king(c).is_some_and(|k| zone(c).contains(k));
        if !(in_camp(Color::Black) && in_camp(Color::White)) {
            return None;
        }
        let us = self.side();
        let (ours, _) = self.impasse_points(us, Bitboard::ALL);
        let (theirs, _) = self.impasse_points(us.flip(), Bitboard::ALL);
        Some(if ours > SLOAN_WIN {
            Outcome::Win(EndReason::Impasse)
        } else if theirs > SLOAN_WIN {
            Outcome::Loss(EndReason::Impasse)
        } else {
            Outcome::Draw(EndReason::Impasse)
        })
    }

    /// The game's result, if it has ended.
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        let mut moves = Moves::new();
        self.generate_legal(&mut moves);
        if moves.is_empty() {
            let reason = if self.checkers().any() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            return Some(Outcome::Loss(reason));
        }
        if let Some(o) = self.repetition_outcome(4, usize::MAX) {
            return Some(o);
        }
        if rules.entering_king == EnteringKingRule::Sloan {
            if let Some(o) = self.sloan_outcome() {
                return Some(o);
            }
        }
        let played = self.move_number().saturating_sub(1);
        if rules.max_moves_to_draw > 0 && played >= rules.max_moves_to_draw {
            return Some(Outcome::Draw(EndReason::MoveLimit));
        }
        None
    }
}
