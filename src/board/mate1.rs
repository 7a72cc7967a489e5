//! Checkmate in one move, tested at the leaves of the search in standard
//! shogi and Mortal Shogi. A quiet drop or move next to the king that
//! mates is invisible to a captures-only quiescence search, and drops make
//! such mates common: without this test every move that allows one looks
//! as good as its static evaluation one ply before the horizon.
//!
//! Candidates are the checks most mates in one are made of: drops next to
//! the king that the king cannot take (no pawn: a pawn-drop mate is
//! illegal), knight drops, and board moves onto a square next to the king
//! that another of our pieces also attacks. Distant checks by a dropped or
//! moving slider, discovered checks and moves supported only by a slider
//! behind the mover are not looked for: they rarely mate, and trying them
//! would cost more than the test saves.

use super::attacks::{king_attacks, line};
use super::position::{Attackers, Board, Kind, PackedMove};
use super::{Bitboard, Square};
use crate::game::{Color, Game, MoveList};

/// What the mate-in-one test needs of a game's moves.
pub trait MateMoves: Game {
    type Role: Kind;
    /// Hand kinds tried as mating drops (never the pawn).
    const MATING_DROPS: &'static [Self::Role];
    fn drop_move(role: Self::Role, to: Square) -> Self::Move;
    /// Appends the moves of `us`'s `role` from `from` to `to` (each
    /// promotion choice), as the generator writes them.
    fn push_moves(list: &mut Self::Moves, us: Color, role: Self::Role, from: Square, to: Square);
}

impl<R: Kind, M: PackedMove<Role = R>, X, const N: usize, const K: usize> Board<R, M, X, N, K>
where
    Self: MateMoves<Role = R> + Game<Move = M>,
{
    /// The first candidate move that mates at once, if any (see the module
    /// comment); none while the side to move is in check.
    pub fn mate_in_one(&mut self) -> Option<M> {
        let us = self.side();
        let them = us.flip();
        let ek = self.king(them)?;
        if self.checkers().any() {
            return None;
        }
        let occ = self.occupied();
        let zone = king_attacks(ek);
        let hand = self.hand(us);
        let ours = Attackers::of(self, us);
        for &role in Self::MATING_DROPS {
            if hand.count(role) == 0 {
                continue;
            }
            // A piece of ours checks from where the same piece of theirs
            // on the king's square would attack.
            let checks = role.attacks(them, ek, occ) & !occ;
            let candidates = if role == R::KNIGHT {
                checks
            } else {
                checks & zone
            };
            for to in candidates {
                // The king takes an unsupported piece next to it.
                if zone.contains(to) && !ours.attack(to, occ) {
                    continue;
                }
                // Or steps away: told without playing the drop.
                let lifted = occ.with(to).without(ek);
                let covered = role.attacks(us, to, lifted);
                let blocked = self.pieces(them).with(to) | covered;
                if free_step(ek, blocked, |s| ours.attack(s, lifted)) {
                    continue;
                }
                let m = Self::drop_move(role, to);
                if self.mates(m) {
                    return Some(m);
                }
            }
        }
        let our_king = self.king(us);
        let not_king = !self.pieces_of(us, R::KING);
        let mut pinned = None;
        let mut choices = <Self as Game>::Moves::default();
        for to in zone & !self.pieces(us) {
            let movers = ours.attackers_to(to, occ) & not_king;
            // The king takes a piece no other of ours defends.
            if !movers.more_than_one() {
                continue;
            }
            for from in movers {
                let pinned = *pinned.get_or_insert_with(|| self.pinned(us));
                if pinned.contains(from) && our_king.is_some_and(|k| !line(k, from).contains(to)) {
                    continue;
                }
                let Some(piece) = self.piece_at(from) else {
                    continue;
                };
                choices.clear();
                Self::push_moves(&mut choices, us, piece.role, from, to);
                for &m in choices.iter() {
                    if self.gives_check(m) && self.mates(m) {
                        return Some(m);
                    }
                }
            }
        }
        None
    }

    /// Whether the legal check `m` leaves the opponent without a move.
    fn mates(&mut self, m: M) -> bool {
        self.do_move(m);
        let mated = !self.king_can_step() && {
            let mut replies = <Self as Game>::Moves::default();
            self.generate_legal(&mut replies);
            replies.is_empty()
        };
        self.undo_move();
        mated
    }

    /// Whether the side to move's king has a legal step (a square next to
    /// it, not its own piece's, that no enemy piece attacks once the king
    /// has left its square). Most checks leave one, and finding it is far
    /// cheaper than generating every evasion.
    pub(crate) fn king_can_step(&self) -> bool {
        let side = self.side();
        let Some(k) = self.king(side) else {
            return false;
        };
        let lifted = self.occupied().without(k);
        free_step(k, self.pieces(side), |s| {
            self.is_attacked(s, side.flip(), lifted)
        })
    }
}

/// Whether a king on `k` can step to a square next to it that is not in
/// `blocked` (its own pieces, squares known to be covered) and that
/// `attacked` (with the king already off its square) does not name.
fn free_step(k: Square, blocked: Bitboard, attacked: impl Fn(Square) -> bool) -> bool {
    (king_attacks(k) & !blocked)
        .into_iter()
        .any(|s| !attacked(s))
}
