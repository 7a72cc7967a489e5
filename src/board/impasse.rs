//! The impasse (entering king) rules the shogi family shares (docs/rules/shogi.md):
//! what a declaration needs under each `EnteringKingRule`. The point count
//! itself is each game's, since their piece sets differ.

use super::bitboard::Square;
use crate::game::{Color, EnteringKingRule};

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
