//! Checkmate in one move, tested at the leaves of the search. A quiet drop
//! or move next to the king that mates is invisible to a captures-only
//! quiescence search, and shogi's drops make such mates common: without
//! this test every move that allows one looks as good as its static
//! evaluation one ply before the horizon.
//!
//! Candidates are the checks most mates in one are made of: drops next to
//! the king that the king cannot take (no pawn: a pawn-drop mate is
//! illegal), knight drops, and board moves onto a square next to the king
//! that another of our pieces also attacks. Distant checks by a dropped or
//! moving slider, discovered checks and moves supported only by a slider
//! behind the mover are not looked for: they rarely mate, and trying them
//! would cost more than the test saves.

use super::movegen::{push_piece, Moves};
use super::position::{Attackers, Position};
use super::types::{Move, Piece, Role};
use crate::board::attacks::{king_attacks, line};

/// Hand kinds tried as mating drops.
const DROPPED: [Role; 6] = [
    Role::Gold,
    Role::Silver,
    Role::Rook,
    Role::Bishop,
    Role::Lance,
    Role::Knight,
];

impl Position {
    /// Whether the side to move, not in check, can mate at once with one of
    /// the candidate moves (see the module comment).
    pub fn has_mate_in_one(&mut self) -> bool {
        self.mate_in_one().is_some()
    }

    /// The first candidate move that mates at once, if any.
    pub fn mate_in_one(&mut self) -> Option<Move> {
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
        for role in DROPPED {
            if hand.count(role) == 0 {
                continue;
            }
            // A piece of ours checks from where the same piece of theirs
            // on the king's square would attack.
            let checks = Position::piece_attacks(Piece::new(them, role), ek, occ) & !occ;
            let candidates = if role == Role::Knight {
                checks
            } else {
                checks & zone
            };
            for to in candidates {
                // The king takes an unsupported piece next to it.
                if zone.contains(to) && !ours.attack(to, occ) {
                    continue;
                }
                let m = Move::drop(role, to);
                if self.mates(m) {
                    return Some(m);
                }
            }
        }
        let our_king = self.king(us);
        let not_king = !self.pieces_of(us, Role::King);
        let mut pinned = None;
        let mut choices = Moves::new();
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
                push_piece::<false>(&mut choices, us, piece.role, from, to.bit());
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
    fn mates(&mut self, m: Move) -> bool {
        self.do_move(m);
        let mut replies = Moves::new();
        self.generate_legal(&mut replies);
        let mated = replies.is_empty();
        self.undo_move();
        mated
    }
}
