//! What shogi's kinds are worth in a static exchange (the exchange itself
//! is [`crate::board::see`], shared with Mortal Shogi).

use super::types::Role;
use crate::board::position::Kind;
use crate::board::see::ExchangeKind;

/// Exchange values (centipawn-like; what a piece is worth when it is taken:
/// its board value plus the capturer's gain of a hand piece is already in
/// the evaluation, so plain board values are enough to compare exchanges).
const VALUES: [i32; 14] = [
    100,   // pawn
    350,   // lance
    450,   // knight
    550,   // silver
    950,   // bishop
    1100,  // rook
    600,   // gold
    20000, // king
    600,   // tokin
    600,   // promoted lance
    600,   // promoted knight
    600,   // promoted silver
    1150,  // horse
    1300,  // dragon
];

impl ExchangeKind for Role {
    const CHEAPEST_FIRST: &'static [Role] = {
        use Role::*;
        &[
            Pawn, Lance, Knight, Silver, ProPawn, ProLance, ProKnight, ProSilver, Gold, Bishop,
            Rook, Horse, Dragon, King,
        ]
    };

    #[inline]
    fn exchange_value(self) -> i32 {
        VALUES[self.index()]
    }
}

#[cfg(test)]
mod tests {
    use crate::board::testing::mv;
    use crate::shogi::Position;

    fn pos(sfen: &str) -> Position {
        crate::board::testing::pos(sfen)
    }

    #[test]
    fn undefended_capture_wins_the_piece() {
        // Sente's rook takes an undefended gote silver on 5c.
        let p = pos("4k4/9/4s4/9/9/9/9/4R4/4K4 b - 1");
        let m = mv(&p, "5h5c");
        assert!(p.see_ge(m, 550));
        assert!(!p.see_ge(m, 551));
    }

    #[test]
    fn defended_pawn_taken_by_rook_loses() {
        // Rook takes a pawn defended by a gold: +100 - 1100.
        let p = pos("4k4/4g4/4p4/9/9/9/9/4R4/4K4 b - 1");
        let m = mv(&p, "5h5c");
        assert!(!p.see_ge(m, 0));
        assert!(p.see_ge(m, -1000));
        assert!(!p.see_ge(m, -999));
    }

    #[test]
    fn xray_recapture_behind_the_first_attacker() {
        // Pawn takes pawn on 5d, defended by gote's rook on 5a; sente's
        // rook on 5i backs the pawn up through the file once it has moved,
        // so gote's RxP would lose the rook: gote stops, net +100.
        let p = pos("3kr4/9/9/4p4/4P4/9/9/9/3KR4 b - 1");
        let m = mv(&p, "5e5d");
        assert!(p.see_ge(m, 100));
        assert!(!p.see_ge(m, 101));
        // Without sente's rook the exchange is only even.
        let p = pos("3kr4/9/9/4p4/4P4/9/9/9/3K5 b - 1");
        let m = mv(&p, "5e5d");
        assert!(p.see_ge(m, 0));
        assert!(!p.see_ge(m, 1));
    }

    #[test]
    fn drop_onto_an_attacked_square_loses_the_piece() {
        // A gold dropped where a gote pawn takes it for free.
        let p = pos("4k4/9/4p4/9/9/9/9/9/4K4 b G 1");
        let m = mv(&p, "G*5d");
        assert!(!p.see_ge(m, 0));
        let m = mv(&p, "G*1e");
        assert!(p.see_ge(m, 0));
    }

    #[test]
    fn king_does_not_recapture_into_an_attack() {
        // Silver takes a pawn next to the gote king, backed by a rook: the
        // king cannot take back, so the pawn is won.
        let p = pos("9/4k4/4p4/4S4/9/9/9/9/4RK3 b - 1");
        let m = mv(&p, "5d5c");
        assert!(p.see_ge(m, 100));
    }
}
