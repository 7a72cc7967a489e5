//! How a shogi game ends: mate, sennichite, impasse declarations, the Sloan
//! count and the move limit (RULINGS.md §1).

use super::movegen::Moves;
use super::position::{zone, Position};
use super::types::{Move, Role};
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
    fn in_check_at(&self, ply: usize) -> bool {
        match self.history.get(ply) {
            Some(state) => state.checkers.any(),
            None => self.checkers().any(),
        }
    }

    fn key_at(&self, ply: usize) -> u64 {
        match self.history.get(ply) {
            Some(state) => state.key,
            None => self.key(),
        }
    }

    /// Repetition verdict once the current position has occurred `needed`
    /// times, looking back at most `max_plies` plies. The side that gave check
    /// with every one of its moves since the first of those occurrences loses.
    pub fn repetition_outcome(&self, needed: u32, max_plies: usize) -> Option<Outcome> {
        let n = self.history.len();
        let key = self.key();
        let mut seen = 1;
        let mut ply = n;
        let oldest = n.saturating_sub(max_plies);
        while ply >= oldest + 2 {
            // A null move in between breaks the chain of real moves.
            if self.history[ply - 1].mv == Move::NONE || self.history[ply - 2].mv == Move::NONE {
                return None;
            }
            ply -= 2;
            if self.key_at(ply) == key {
                seen += 1;
                if seen >= needed {
                    return Some(self.repetition_verdict(ply));
                }
            }
        }
        None
    }

    fn repetition_verdict(&self, first: usize) -> Outcome {
        let n = self.history.len();
        // Positions first+1..=n: those with the same parity as n were reached
        // by the opponent's moves, the others by the side to move's.
        let opponent_always_checked = (first + 1..=n)
            .filter(|j| (n - j) % 2 == 0)
            .all(|j| self.in_check_at(j));
        let we_always_checked = (first + 1..=n)
            .filter(|j| (n - j) % 2 == 1)
            .all(|j| self.in_check_at(j));
        if opponent_always_checked {
            Outcome::Win(EndReason::PerpetualCheck)
        } else if we_always_checked {
            Outcome::Loss(EndReason::PerpetualCheck)
        } else {
            Outcome::Draw(EndReason::Repetition)
        }
    }

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
        54u32.saturating_sub(present)
    }

    /// Whether the side to move may declare a win (`bestmove win`).
    pub fn can_declare_win(&self, rules: &Rules) -> bool {
        let us = self.side();
        let (threshold, handicap_aware) = match rules.entering_king {
            EnteringKingRule::CsaRule27 => (if us == Color::Black { 28 } else { 27 }, false),
            EnteringKingRule::CsaRule27H => (if us == Color::Black { 28 } else { 27 }, true),
            EnteringKingRule::CsaRule24 => (31, false),
            EnteringKingRule::CsaRule24H => (31, true),
            EnteringKingRule::TryRule => return self.can_try(),
            EnteringKingRule::Sloan | EnteringKingRule::NoEnteringKing => return false,
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
        pieces >= 10 && points >= threshold
    }

    /// TryRule: the king can legally step onto the enemy king's start square.
    fn can_try(&self) -> bool {
        let us = self.side();
        let target = match us {
            Color::Black => Square::new(5, 0),
            Color::White => Square::new(5, 8),
        };
        match self.king(us) {
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
