//! Legal move generation: pins and checks are resolved while generating, so
//! every move produced is legal (no make-and-test).

use super::position::{dead_square, zone, Position};
use super::types::{Move, Piece, Role};
use crate::board::attacks::*;
use crate::board::zones::{files_of, last_ranks};
use crate::board::{Bitboard, Square};
use crate::game::Color;
use arrayvec::ArrayVec;

/// 593 is the most legal moves any shogi position has.
pub type Moves = ArrayVec<Move, 600>;

/// The context one generation pass needs.
struct Gen {
    us: Color,
    occ: Bitboard,
    zone: Bitboard,
    pinned: Bitboard,
    king: Option<Square>,
}

impl Gen {
    /// Restricts a pinned piece to the line through its king.
    #[inline]
    fn legal_dests(&self, from: Square, dests: Bitboard) -> Bitboard {
        match self.king {
            Some(k) if self.pinned.contains(from) => dests & line(k, from),
            _ => dests,
        }
    }

    /// Pushes moves of a `role` piece from `from` to each of `dests`, with
    /// the promotion choices the rules give.
    #[inline]
    fn emit(&self, list: &mut Moves, role: Role, from: Square, dests: Bitboard) {
        match role {
            Role::Pawn | Role::Lance | Role::Knight => {
                for to in dests {
                    if self.zone.contains(to) {
                        list.push(Move::board(from, to, true));
                        if !dead_square(role, self.us, to) {
                            list.push(Move::board(from, to, false));
                        }
                    } else {
                        list.push(Move::board(from, to, false));
                    }
                }
            }
            Role::Silver | Role::Bishop | Role::Rook => {
                let promoting = if self.zone.contains(from) {
                    dests
                } else {
                    dests & self.zone
                };
                for to in promoting {
                    list.push(Move::board(from, to, true));
                }
                for to in dests {
                    list.push(Move::board(from, to, false));
                }
            }
            _ => {
                for to in dests {
                    list.push(Move::board(from, to, false));
                }
            }
        }
    }
}

impl Position {
    /// Every legal move of the side to move.
    pub fn generate_legal(&self, list: &mut Moves) {
        let us = self.side();
        let king = self.king(us);
        let gen = Gen {
            us,
            occ: self.occupied(),
            zone: zone(us),
            pinned: self.pinned(us),
            king,
        };
        let checkers = self.checkers();
        let Some(ksq) = king else {
            self.generate_pieces(&gen, list, !self.pieces(us));
            self.generate_drops(list, !gen.occ);
            return;
        };
        if checkers.any() {
            self.generate_king(ksq, list);
            if checkers.more_than_one() {
                return;
            }
            let checker = checkers.lsb();
            let block = between(ksq, checker);
            self.generate_pieces(&gen, list, block | checker.bit());
            if block.any() {
                self.generate_drops(list, block);
            }
        } else {
            self.generate_king(ksq, list);
            self.generate_pieces(&gen, list, !self.pieces(us));
            self.generate_drops(list, !gen.occ);
        }
    }

    fn generate_king(&self, ksq: Square, list: &mut Moves) {
        let us = self.side();
        let occ = self.occupied() ^ ksq.bit();
        for to in king_attacks(ksq) & !self.pieces(us) {
            if !self.is_attacked(to, us.flip(), occ) {
                list.push(Move::board(ksq, to, false));
            }
        }
    }

    /// Board moves of every piece but the king onto `target`.
    fn generate_pieces(&self, gen: &Gen, list: &mut Moves, target: Bitboard) {
        let us = gen.us;
        let occ = gen.occ;
        for from in self.pieces_of(us, Role::Pawn) {
            let dests = gen.legal_dests(from, pawn_attacks(us, from) & target);
            gen.emit(list, Role::Pawn, from, dests);
        }
        for from in self.pieces_of(us, Role::Lance) {
            let dests = gen.legal_dests(from, lance_attacks(us, from, occ) & target);
            gen.emit(list, Role::Lance, from, dests);
        }
        for from in self.pieces_of(us, Role::Knight) {
            // A pinned knight can never stay on its pin line.
            if !gen.pinned.contains(from) {
                gen.emit(list, Role::Knight, from, knight_attacks(us, from) & target);
            }
        }
        for from in self.pieces_of(us, Role::Silver) {
            let dests = gen.legal_dests(from, silver_attacks(us, from) & target);
            gen.emit(list, Role::Silver, from, dests);
        }
        for from in self.golds() & self.pieces(us) {
            let dests = gen.legal_dests(from, gold_attacks(us, from) & target);
            gen.emit(list, Role::Gold, from, dests);
        }
        for from in self.pieces_of(us, Role::Bishop) {
            let dests = gen.legal_dests(from, bishop_attacks(from, occ) & target);
            gen.emit(list, Role::Bishop, from, dests);
        }
        for from in self.pieces_of(us, Role::Rook) {
            let dests = gen.legal_dests(from, rook_attacks(from, occ) & target);
            gen.emit(list, Role::Rook, from, dests);
        }
        for from in self.pieces_of(us, Role::Horse) {
            let attacks = bishop_attacks(from, occ) | king_attacks(from);
            gen.emit(
                list,
                Role::Horse,
                from,
                gen.legal_dests(from, attacks & target),
            );
        }
        for from in self.pieces_of(us, Role::Dragon) {
            let attacks = rook_attacks(from, occ) | king_attacks(from);
            gen.emit(
                list,
                Role::Dragon,
                from,
                gen.legal_dests(from, attacks & target),
            );
        }
    }

    /// Drops from hand onto the empty squares of `target`.
    fn generate_drops(&self, list: &mut Moves, target: Bitboard) {
        let us = self.side();
        let hand = self.hand(us);
        if hand.is_empty() {
            return;
        }
        let not_last = !last_ranks(us, 1);
        if hand.count(Role::Pawn) > 0 {
            let mut dests = target & not_last & !self.pawn_files(us);
            if let Some(mate_sq) = self.mating_pawn_drop(dests) {
                dests = dests.without(mate_sq);
            }
            for to in dests {
                list.push(Move::drop(Role::Pawn, to));
            }
        }
        if hand.count(Role::Lance) > 0 {
            for to in target & not_last {
                list.push(Move::drop(Role::Lance, to));
            }
        }
        if hand.count(Role::Knight) > 0 {
            for to in target & !last_ranks(us, 2) {
                list.push(Move::drop(Role::Knight, to));
            }
        }
        for role in [Role::Silver, Role::Gold, Role::Bishop, Role::Rook] {
            if hand.count(role) > 0 {
                for to in target {
                    list.push(Move::drop(role, to));
                }
            }
        }
    }

    /// Files holding an unpromoted pawn of `c` (nifu).
    pub fn pawn_files(&self, c: Color) -> Bitboard {
        files_of(self.pieces_of(c, Role::Pawn))
    }

    /// The square among `dests` where a pawn drop would give checkmate
    /// (uchifuzume), if any. Only the square in front of the enemy king can.
    fn mating_pawn_drop(&self, dests: Bitboard) -> Option<Square> {
        let them = self.side().flip();
        let eksq = self.king(them)?;
        let front = pawn_attacks(them, eksq);
        if (front & dests).is_empty() {
            return None;
        }
        let to = front.lsb();
        self.pawn_drop_mates(to, eksq).then_some(to)
    }

    /// Whether a pawn dropped on `to`, checking the king on `eksq`, mates.
    fn pawn_drop_mates(&self, to: Square, eksq: Square) -> bool {
        let us = self.side();
        let them = us.flip();
        let occ = self.occupied() | to.bit();
        let pinned = self.pinned(them);
        let defenders = self.attackers_to(to, them, occ) & !eksq.bit();
        for from in defenders {
            if !pinned.contains(from) || line(eksq, from).contains(to) {
                return false;
            }
        }
        let occ_no_king = occ ^ eksq.bit();
        for flight in king_attacks(eksq) & !self.pieces(them) {
            if !self.is_attacked(flight, us, occ_no_king) {
                return false;
            }
        }
        true
    }

    /// Checks a move against the legal list (used for user input only).
    pub fn is_legal(&self, m: Move) -> bool {
        let mut list = Moves::new();
        self.generate_legal(&mut list);
        list.contains(&m)
    }

    /// Whether the move captures or promotes (quiescence search).
    pub fn is_tactical(&self, m: Move) -> bool {
        m.is_promotion() || (!m.is_drop() && self.piece_at(m.to()).is_some())
    }

    /// Most valuable victim, least valuable attacker.
    pub fn mvv_lva(&self, m: Move) -> i32 {
        let victim = self
            .piece_at(m.to())
            .map_or(0, |p| super::eval::value(p.role));
        let attacker = if m.is_drop() {
            super::eval::value(m.dropped())
        } else {
            self.piece_at(m.from())
                .map_or(0, |p: Piece| super::eval::value(p.role))
        };
        let promotion = if m.is_promotion() { 500 } else { 0 };
        victim * 16 - attacker / 16 + promotion
    }
}
