//! Static exchange evaluation for standard shogi and Mortal Shogi: the
//! material result of a move and the best sequence of recaptures on its
//! square, least valuable attacker first. Search uses it to put losing
//! captures last and to prune losing moves. Pins are ignored and captured
//! pieces are not dropped back, as usual for an estimate that must be cheap.
//! Each game says what its kinds are worth in an exchange ([`ExchangeKind`]).

use super::position::{Board, Kind, PackedMove};
use super::{Bitboard, Square};

/// What a game's kinds are worth in an exchange.
pub trait ExchangeKind: Kind {
    /// Every kind, the cheapest first: the order recaptures are tried in.
    const CHEAPEST_FIRST: &'static [Self];

    /// What the side that takes a piece of this kind gains (centipawn-like).
    fn exchange_value(self) -> i32;

    /// What a piece gains by becoming `new` on a move.
    fn promotion_gain(self, new: Self) -> i32 {
        new.exchange_value() - self.exchange_value()
    }
}

impl<R: ExchangeKind, M: PackedMove<Role = R>, X, const ROLES: usize, const KINDS: usize>
    Board<R, M, X, ROLES, KINDS>
{
    /// Whether `m` (legal here) wins at least `threshold` once the exchange
    /// on its square has run its course.
    pub fn see_ge(&self, m: M, threshold: i32) -> bool {
        let to = m.to();
        let (occ, mut on_square, mut gain) = if m.is_drop() {
            (self.occupied(), m.dropped().exchange_value(), 0)
        } else {
            let from = m.from();
            let Some(piece) = self.piece_at(from) else {
                return threshold <= 0;
            };
            let captured = self.piece_at(to).map_or(0, |p| p.role.exchange_value());
            let role = m.role_after(piece.role);
            let promotion = if role == piece.role {
                0
            } else {
                piece.role.promotion_gain(role)
            };
            (
                self.occupied().without(from),
                role.exchange_value(),
                captured + promotion,
            )
        };
        if gain < threshold {
            return false;
        }
        // Even losing the mover to the first recapture (the mover may then
        // stop) leaves enough: the common pawn-takes-pawn ends here.
        if gain - on_square >= threshold {
            return true;
        }
        // The square is occupied by the mover from now on.
        let mut occ = occ.with(to);
        // Swap list: `gains[d]` is the balance if the exchange stops after
        // capture d; negamaxed backwards at the end.
        let mut gains = [0i32; 40];
        gains[0] = gain;
        let mut depth = 0;
        let mut side = self.side().flip();
        loop {
            let attackers = self.attackers_to(to, side, occ) & occ;
            let Some((sq, role)) = self.cheapest(attackers) else {
                break;
            };
            if role == R::KING && (self.attackers_to(to, side.flip(), occ) & occ).any() {
                // The king cannot capture into an attacked square.
                break;
            }
            depth += 1;
            if depth >= gains.len() {
                break;
            }
            gain = on_square - gains[depth - 1];
            gains[depth] = gain;
            on_square = role.exchange_value();
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
    fn cheapest(&self, attackers: Bitboard) -> Option<(Square, R)> {
        if attackers.is_empty() {
            return None;
        }
        R::CHEAPEST_FIRST.iter().find_map(|&role| {
            let of_role = attackers & self.role_bb(role);
            of_role.any().then(|| (of_role.lsb(), role))
        })
    }
}
