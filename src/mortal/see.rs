//! What Mortal Shogi's kinds are worth in a static exchange (the exchange
//! itself is [`crate::board::see`], shared with standard shogi).

use super::eval;
use super::types::Role;
use crate::board::see::ExchangeKind;

/// A king taken ends the game: worth more than any exchange.
const KING_VALUE: i32 = 20_000;

impl ExchangeKind for Role {
    /// The kinds are numbered by value, the king last.
    const CHEAPEST_FIRST: &'static [Role] = &Role::ALL;

    /// The victim's board value plus the hand value of its demoted kind.
    #[inline]
    fn exchange_value(self) -> i32 {
        if self == Role::King {
            KING_VALUE
        } else {
            eval::capture_gain(self)
        }
    }

    /// A promoted piece gains the difference of board values: what it
    /// would give to hand if taken is in the exchange values already.
    #[inline]
    fn promotion_gain(self, new: Role) -> i32 {
        eval::value(new) - eval::value(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::testing::mv;
    use crate::mortal::Position;

    fn pos(sfen: &str) -> Position {
        crate::board::testing::pos(sfen)
    }

    #[test]
    fn undefended_capture_wins_the_piece_and_its_demoted_kind() {
        // Sente's rook takes an undefended gote silver on 5c: the silver
        // (480) leaves the board and a lance (360) comes to hand.
        let p = pos("4k4/9/4s4/9/9/9/9/4R4/4K4 b - 1");
        let m = mv(&p, "5h5c");
        assert!(p.see_ge(m, 840));
        assert!(!p.see_ge(m, 841));
    }

    #[test]
    fn defended_pawn_taken_by_rook_loses() {
        // Rook takes a pawn defended by a gold: +90 (a pawn leaves the game)
        // - (980 + 880) for the rook taken and its bishop in gote's hand.
        let p = pos("4k4/4g4/4p4/9/9/9/9/4R4/4K4 b - 1");
        let m = mv(&p, "5h5c");
        assert!(!p.see_ge(m, 0));
        assert!(p.see_ge(m, 90 - 1860));
        assert!(!p.see_ge(m, 91 - 1860));
    }

    #[test]
    fn promotion_gains_the_board_values_difference() {
        // A pawn steps into the zone and becomes a gold (560 - 90), on a
        // square nobody attacks.
        let p = pos("k8/9/9/4P4/9/9/9/9/4K4 b - 1");
        let m = mv(&p, "5d5c=G");
        assert!(p.see_ge(m, 470));
        assert!(!p.see_ge(m, 471));
        // Defended by a gote gold, the new gold is lost again: 470 - 1080.
        let p = pos("k8/4g4/9/4P4/9/9/9/9/4K4 b - 1");
        let m = mv(&p, "5d5c=G");
        assert!(p.see_ge(m, 470 - 1080));
        assert!(!p.see_ge(m, 471 - 1080));
    }

    #[test]
    fn drop_onto_an_attacked_square_loses_the_piece() {
        // A gold dropped where a gote pawn takes it for free.
        let p = pos("4k4/9/4p4/9/9/9/9/9/4K4 b G 1");
        assert!(!p.see_ge(mv(&p, "G*5d"), 0));
        assert!(p.see_ge(mv(&p, "G*1e"), 0));
    }
}
