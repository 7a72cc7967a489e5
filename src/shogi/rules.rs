//! How a shogi game ends: mate, sennichite, impasse declarations, the Sloan
//! count and the move limit (docs/rules/shogi.md).

use super::movegen::Moves;
use super::position::{zone, Position};
use super::types::{Move, Role};
use crate::board::impasse::{Declaration, FULL_SET_POINTS, PIECES_IN_CAMP};
use crate::board::Square;
use crate::game::{Color, EndReason, EnteringKingRule, Outcome, Rules};

/// Impasse points of one piece kind: rook and bishop (promoted or not) 5.
fn impasse_value(role: Role) -> u32 {
    match role.unpromoted() {
        Role::Rook | Role::Bishop => 5,
        Role::King => 0,
        _ => 1,
    }
}

impl Position {
    /// Points for impasse: pieces of `c` inside `area` (king excluded) plus
    /// its hand, rook/bishop 5, others 1. Also returns how many pieces stood there.
    fn impasse_points(&self, c: Color, area: crate::board::Bitboard) -> (u32, u32) {
        let mut points = 0;
        let mut pieces = 0;
        for sq in self.pieces(c) & area {
            if let Some(p) = self.piece_at(sq) {
                if p.role != Role::King {
                    points += impasse_value(p.role);
                    pieces += 1;
                }
            }
        }
        for role in Role::HAND_ORDER {
            points += self.hand(c).count(role) as u32 * impasse_value(role);
        }
        (points, pieces)
    }

    /// Points a full set has minus the points on the board and in hands:
    /// in a handicap game, what the upper hand (gote) gave away.
    fn missing_points(&self) -> u32 {
        let everywhere = crate::board::Bitboard::ALL;
        let present = self.impasse_points(Color::Black, everywhere).0
            + self.impasse_points(Color::White, everywhere).0;
        FULL_SET_POINTS.saturating_sub(present)
    }

    /// Whether the side to move may declare a win (`bestmove win`).
    pub fn can_declare_win(&self, rules: &Rules) -> bool {
        let us = self.side();
        let (needed, handicap_aware) = match Declaration::of(rules.entering_king, us) {
            Declaration::Points {
                needed,
                handicap_aware,
            } => (needed, handicap_aware),
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
        let (mut points, pieces) = self.impasse_points(us, camp);
        if handicap_aware && us == Color::White {
            points += self.missing_points();
        }
        pieces >= PIECES_IN_CAMP && points >= needed
    }

    /// TryRule: the king can legally step onto `target`.
    fn can_try(&self, target: Square) -> bool {
        match self.king(self.side()) {
            Some(ksq) => self.is_legal(Move::board(ksq, target, false)),
            None => false,
        }
    }

    /// Sloan's count once both kings stand in the enemy camps.
    fn sloan_outcome(&self) -> Option<Outcome> {
        let us = self.side();
        let in_camp = |c: Color| self.king(c).is_some_and(|k| zone(c).contains(k));
        if !(in_camp(Color::Black) && in_camp(Color::White)) {
            return None;
        }
        let (points, _) = self.impasse_points(us, crate::board::Bitboard::ALL);
        Some(if points > 31 {
            Outcome::Win(EndReason::Impasse)
        } else if points < 23 {
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
