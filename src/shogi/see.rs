//! Static exchange evaluation: the material result of a move and the best
//! sequence of recaptures on its square, least valuable attacker first.
//! Search uses it to put losing captures last and to skip them in
//! quiescence. Pins are ignored and captured pieces are not dropped back,
//! as usual for an estimate that must be cheap.

use super::position::Position;
use super::types::{Move, Role};
use crate::board::position::{Kind, PackedMove};
use crate::board::Bitboard;

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

/// Attackers tried in this order: the cheapest first.
const CHEAPEST_FIRST: [Role; 14] = {
    use Role::*;
    [
        Pawn, Lance, Knight, Silver, ProPawn, ProLance, ProKnight, ProSilver, Gold, Bishop, Rook,
        Horse, Dragon, King,
    ]
};

#[inline]
pub fn see_value(role: Role) -> i32 {
    VALUES[role.index()]
}

impl Position {
    /// Whether `m` (legal here) wins at least `threshold` once the exchange
    /// on its square has run its course.
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        let to = m.to();
        let us = self.side();
        let (mut occ, mut on_square, mut gain) = if m.is_drop() {
            let role = m.dropped();
            (self.occupied(), see_value(role), 0)
        } else {
            let from = m.from();
            let Some(piece) = self.piece_at(from) else {
                return threshold <= 0;
            };
            let captured = self.piece_at(to).map_or(0, |p| see_value(p.role));
            let (role, promotion) = if m.is_promotion() {
                let promoted = piece.role.promoted();
                (promoted, see_value(promoted) - see_value(piece.role))
            } else {
                (piece.role, 0)
            };
            (
                self.occupied().without(from),
                see_value(role),
                captured + promotion,
            )
        };
        // The square is occupied by the mover from now on.
        occ = occ.with(to);
        if gain < threshold {
            return false;
        }
        // Swap list: `gains[d]` is the balance if the exchange stops after
        // capture d; negamaxed backwards at the end.
        let mut gains = [0i32; 40];
        gains[0] = gain;
        let mut depth = 0;
        let mut side = us.flip();
        loop {
            let attackers = self.attackers_to(to, side, occ) & occ;
            let Some((sq, role)) = self.cheapest(attackers) else {
                break;
            };
            if role == Role::King && (self.attackers_to(to, side.flip(), occ) & occ).any() {
                // The king cannot capture into an attacked square.
                break;
            }
            depth += 1;
            if depth >= gains.len() {
                break;
            }
            gain = on_square - gains[depth - 1];
            gains[depth] = gain;
            on_square = see_value(role);
            occ = occ.without(sq);
            side = side.flip();
        }
        while depth > 0 {
            gains[depth - 1] = -((-gains[depth - 1]).max(gains[depth]));
            depth -= 1;
        }
        gains[0] >= threshold
    }

    /// The least valuable piece among `attackers` (all of one side).
    fn cheapest(&self, attackers: Bitboard) -> Option<(crate::board::Square, Role)> {
        if attackers.is_empty() {
            return None;
        }
        CHEAPEST_FIRST.iter().find_map(|&role| {
            let of_role = attackers & self.role_bb(role);
            of_role.any().then(|| (of_role.lsb(), role))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn pos(sfen: &str) -> Position {
        Position::from_sfen(&usi::parse_sfen(sfen).expect("test SFEN parses"))
            .expect("test SFEN is legal")
    }

    fn mv(p: &Position, text: &str) -> Move {
        p.parse_move(&usi::parse_move_token(text).expect("test move parses"))
            .expect("test move is legal")
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
