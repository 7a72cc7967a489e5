//! The impasse (entering king) rules the shogi family shares (docs/rules/shogi.md):
//! what a declaration needs under each `EnteringKingRule`, the point count
//! (rook-class pieces 5, the king nothing, others 1) and the end of a game
//! by mate, repetition, Sloan's count or the move limit. What differs is
//! each game's: whether material missing from a set counts as a handicap,
//! and Sloan's verdict.

use super::bitboard::{Bitboard, Square};
use super::position::{Board, Kind};
use super::zones::zone;
use crate::game::{Color, EndReason, EnteringKingRule, Outcome, Rules};

/// Pieces besides the king that must stand in the enemy camp to declare.
pub const PIECES_IN_CAMP: u32 = 10;

/// Impasse points of a full set: four rook-class pieces at 5, 34 others at 1.
pub const FULL_SET_POINTS: u32 = 54;

/// What the rule in force asks of a side that wants to declare a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declaration {
    /// King in the enemy camp and not in check, [`PIECES_IN_CAMP`] pieces
    /// there, and `needed` points over them and the hand. `handicap_aware`:
    /// gote also counts the points missing from a full set.
    Points { needed: u32, handicap_aware: bool },
    /// The king can legally step onto this square (the enemy king's start).
    Try(Square),
    /// No declaration (`Sloan` decides by count instead of declaring).
    Never,
}

impl Declaration {
    pub fn of(rule: EnteringKingRule, side: Color) -> Declaration {
        let csa27 = if side == Color::Black { 28 } else { 27 };
        let points = |needed, handicap_aware| Declaration::Points {
            needed,
            handicap_aware,
        };
        match rule {
            EnteringKingRule::CsaRule27 => points(csa27, false),
            EnteringKingRule::CsaRule27H => points(csa27, true),
            EnteringKingRule::CsaRule24 => points(31, false),
            EnteringKingRule::CsaRule24H => points(31, true),
            EnteringKingRule::TryRule => Declaration::Try(match side {
                Color::Black => Square::new(5, 0),
                Color::White => Square::new(5, 8),
            }),
            EnteringKingRule::Sloan | EnteringKingRule::NoEnteringKing => Declaration::Never,
        }
    }
}

impl<R: Kind, M: Copy + Eq + Default, X, const ROLES: usize, const KINDS: usize>
    Board<R, M, X, ROLES, KINDS>
{
    /// Impasse points of one kind: rook-class pieces 5, the king nothing,
    /// every other piece 1.
    fn impasse_value(role: R) -> u32 {
        if role == R::KING {
            0
        } else if R::ROOKS.contains(&role) || R::BISHOPS.contains(&role) {
            5
        } else {
            1
        }
    }

    /// Points for impasse: pieces of `c` inside `area` (king excluded) plus
    /// its hand. Also returns how many pieces stood there.
    pub(crate) fn impasse_points(&self, c: Color, area: Bitboard) -> (u32, u32) {
        let mut points = 0;
        let mut pieces = 0;
        for sq in self.pieces(c) & area {
            if let Some(p) = self.piece_at(sq).filter(|p| p.role != R::KING) {
                points += Self::impasse_value(p.role);
                pieces += 1;
            }
        }
        for &role in R::HAND_ORDER {
            points += self.hand(c).count(role) as u32 * Self::impasse_value(role);
        }
        (points, pieces)
    }

    /// Whether the side to move may declare a win (`bestmove win`):
    /// `can_step(king, target)` says whether the king may legally step onto
    /// the TryRule's target, `handicap()` gives the points gote adds under
    /// the handicap-aware rules.
    pub(crate) fn may_declare(
        &self,
        rules: &Rules,
        can_step: impl FnOnce(Square, Square) -> bool,
        handicap: impl FnOnce() -> u32,
    ) -> bool {
        let us = self.side();
        let (needed, handicap_aware) = match Declaration::of(rules.entering_king, us) {
            Declaration::Points {
                needed,
                handicap_aware,
            } => (needed, handicap_aware),
            Declaration::Try(target) => {
                return self.king(us).is_some_and(|ksq| can_step(ksq, target))
            }
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
            points += handicap();
        }
        pieces >= PIECES_IN_CAMP && points >= needed
    }

    /// The game's result, if it has ended: `no_moves` (mate or stalemate,
    /// both a loss), repetition, Sloan's count once both kings stand in the
    /// enemy camps (`sloan` turns the side to move's and the opponent's
    /// points into the verdict), the move limit.
    pub(crate) fn family_outcome(
        &self,
        rules: &Rules,
        no_moves: bool,
        sloan: impl FnOnce(u32, u32) -> Outcome,
    ) -> Option<Outcome> {
        if no_moves {
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
            let in_camp = |c: Color| self.king(c).is_some_and(|k| zone(c).contains(k));
            if in_camp(Color::Black) && in_camp(Color::White) {
                let us = self.side();
                let (ours, _) = self.impasse_points(us, Bitboard::ALL);
                let (theirs, _) = self.impasse_points(us.flip(), Bitboard::ALL);
                return Some(sloan(ours, theirs));
            }
        }
        let played = self.move_number().saturating_sub(1);
        if rules.max_moves_to_draw > 0 && played >= rules.max_moves_to_draw {
            return Some(Outcome::Draw(EndReason::MoveLimit));
        }
        None
    }
}
