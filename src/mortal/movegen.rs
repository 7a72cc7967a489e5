//! Legal move generation: pins and checks are resolved while generating, so
//! every move produced is legal (no make-and-test).

use super::eval;
use super::position::{dead_square, dead_zone, Position};
use super::types::{Move, Role};
use crate::board::attacks::*;
use crate::board::position::{PackedMove, DROP_BASE};
use crate::board::zones::zone;
use crate::board::{Bitboard, Square};
use crate::game::Color;
use arrayvec::ArrayVec;

/// Room for every legal move of any position `from_sfen` accepts. Bound:
/// with k kinds in hand (so at most 38 - k own pieces on the board), drops
/// number at most k per empty square; an own piece on the board removes a
/// square from all k kinds and adds at most 13 moves (a lance: 5 plain, 3
/// choices on each of ranks c and b, 2 on rank a), each of the four
/// rook-class pieces 19 more (16 squares, promoting or not), the king 8.
/// k(81 - m) + 13m + 4 x 19 + 8 with m = 38 - k peaks at k = 8: 882 < 1024.
pub type Moves = ArrayVec<Move, 1024>;

/// Where a piece of `role` and colour `c` on `sq` attacks, occupancy `occ`.
#[inline]
pub fn piece_attacks(role: Role, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(c, sq),
        Role::Knight => knight_attacks(c, sq),
        Role::Lance => lance_attacks(c, sq, occ),
        Role::Silver => silver_attacks(c, sq),
        Role::Gold => gold_attacks(c, sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Horse => bishop_attacks(sq, occ) | king_attacks(sq),
        Role::Dragon => rook_attacks(sq, occ) | king_attacks(sq),
        Role::King => king_attacks(sq),
    }
}

/// The context one generation pass needs.
struct Gen {
    us: Color,
    occ: Bitboard,
    zone: Bitboard,
    pinned: Bitboard,
    king: Option<Square>,
}

impl Gen {
    /// The context for generating the side to move's moves in `pos`.
    fn of(pos: &Position) -> Gen {
        let us = pos.side();
        Gen {
            us,
            occ: pos.occupied(),
            zone: zone(us),
            pinned: pos.pinned(us),
            king: pos.king(us),
        }
    }

    /// Restricts a pinned piece to the line through its king.
    #[inline]
    fn legal_dests(&self, from: Square, dests: Bitboard) -> Bitboard {
        match self.king {
            Some(k) if self.pinned.contains(from) => dests & line(k, from),
            _ => dests,
        }
    }

    /// Pushes the moves of a `role` piece from `from` to each of `dests`:
    /// staying itself unless it would have no move there, and, when the move
    /// enters, leaves or stays in the zone, each promotion that leaves the
    /// piece a move (docs/rules/mortal.md).
    #[inline]
    fn emit(&self, list: &mut Moves, role: Role, from: Square, dests: Bitboard) {
        let promotions = role.promotions();
        let promoting = if promotions.is_empty() {
            Bitboard::EMPTY
        } else if self.zone.contains(from) {
            dests
        } else {
            dests & self.zone
        };
        for to in dests & !dead_zone(role, self.us) {
            list.push(Move::board(from, to, None));
        }
        self.emit_promotions(list, role, from, promoting);
    }

    /// Pushes each promotion of a `role` piece from `from` to each of
    /// `dests` (squares where it may promote) that leaves it a move.
    #[inline]
    fn emit_promotions(&self, list: &mut Moves, role: Role, from: Square, dests: Bitboard) {
        for to in dests {
            for &new in role.promotions() {
                if !dead_square(new, self.us, to) {
                    list.push(Move::board(from, to, Some(new)));
                }
            }
        }
    }
}

/// Appends the moves of `us`'s `role` from `from` to `to`, each promotion
/// choice as the generator offers it (legality aside).
pub fn push_moves(list: &mut Moves, us: Color, role: Role, from: Square, to: Square) {
    let gen = Gen {
        us,
        occ: Bitboard::EMPTY,
        zone: zone(us),
        pinned: Bitboard::EMPTY,
        king: None,
    };
    gen.emit(list, role, from, to.bit());
}

impl Position {
    /// Every legal move of the side to move.
    pub fn generate_legal(&self, list: &mut Moves) {
        let gen = Gen::of(self);
        let us = gen.us;
        let checkers = self.checkers();
        let Some(ksq) = gen.king else {
            self.generate_pieces(&gen, list, !self.pieces(us));
            self.generate_drops(list, !gen.occ);
            return;
        };
        self.generate_king(ksq, list, !self.pieces(us));
        if checkers.is_empty() {
            self.generate_pieces(&gen, list, !self.pieces(us));
            self.generate_drops(list, !gen.occ);
        } else if !checkers.more_than_one() {
            // One checker: capture it or, against a slider, block its line.
            let checker = checkers.lsb();
            let block = between(ksq, checker);
            self.generate_pieces(&gen, list, block | checker.bit());
            self.generate_drops(list, block);
        }
    }

    /// The king's moves onto `target` that leave it unattacked.
    fn generate_king(&self, ksq: Square, list: &mut Moves, target: Bitboard) {
        let us = self.side();
        let occ = self.occupied() ^ ksq.bit();
        for to in king_attacks(ksq) & target {
            if !self.is_attacked(to, us.flip(), occ) {
                list.push(Move::board(ksq, to, None));
            }
        }
    }

    /// The legal captures and promotions of the side to move (quiescence
    /// search), without the drops and quiet moves `generate_legal` adds.
    /// In check, the tactical moves among the evasions.
    pub fn generate_tactical(&self, list: &mut Moves) {
        let us = self.side();
        let Some(ksq) = self.king(us).filter(|_| self.checkers().is_empty()) else {
            let mut all = Moves::new();
            self.generate_legal(&mut all);
            list.extend(all.into_iter().filter(|&m| self.is_tactical(m)));
            return;
        };
        // Pins only once the in-check fallback is ruled out.
        let gen = Gen::of(self);
        let theirs = self.pieces(us.flip());
        self.generate_king(ksq, list, theirs);
        self.generate_pieces(&gen, list, theirs);
        // Promotions onto empty squares.
        let empty = !gen.occ & Bitboard::ALL;
        for &role in Role::NON_KING {
            if role.promotions().is_empty() {
                continue;
            }
            for from in self.pieces_of(us, role) {
                if role == Role::Knight && gen.pinned.contains(from) {
                    continue;
                }
                let reach = piece_attacks(role, us, from, gen.occ) & empty;
                let reach = if gen.zone.contains(from) {
                    reach
                } else {
                    reach & gen.zone
                };
                gen.emit_promotions(list, role, from, gen.legal_dests(from, reach));
            }
        }
    }

    /// Board moves of every piece but the king onto `target`.
    fn generate_pieces(&self, gen: &Gen, list: &mut Moves, target: Bitboard) {
        // The king is generated apart.
        for &role in Role::NON_KING {
            for from in self.pieces_of(gen.us, role) {
                // A pinned knight can never stay on its pin line.
                if role == Role::Knight && gen.pinned.contains(from) {
                    continue;
                }
                let attacks = piece_attacks(role, gen.us, from, gen.occ);
                let dests = gen.legal_dests(from, attacks & target);
                gen.emit(list, role, from, dests);
            }
        }
    }

    /// Drops from hand onto the empty squares of `target`.
    fn generate_drops(&self, list: &mut Moves, target: Bitboard) {
        let us = self.side();
        let hand = self.hand(us);
        if hand.is_empty() || target.is_empty() {
            return;
        }
        for role in Role::HAND_ORDER {
            if hand.count(role) == 0 {
                continue;
            }
            let mut dests = target & !dead_zone(role, us);
            if role == Role::Pawn {
                dests &= !self.pawn_files(us);
                if let Some(mate_sq) = self.mating_pawn_drop(dests) {
                    dests = dests.without(mate_sq);
                }
            }
            for to in dests {
                list.push(Move::drop(role, to));
            }
        }
    }

    /// Whether `m` is legal here, without generating the legal moves. Any
    /// 32 bits are answered (a transposition-table move may come from
    /// another position): those no generator writes are not legal.
    pub fn is_legal_fast(&self, m: Move) -> bool {
        // Bits 18 and up are never set; destinations stop at 80; the
        // promotion field holds a kind plus one.
        let promotion = (m.0 >> 14) as usize;
        if m.0 >> 18 != 0 || (m.0 & 0x7f) >= 81 || promotion > Role::NUM {
            return false;
        }
        let to = m.to();
        if m.is_drop() {
            let role = (m.origin() - DROP_BASE) as usize;
            return promotion == 0 && role < Role::NUM && self.drop_is_legal(Role::ALL[role], to);
        }
        let from = m.from();
        let us = self.side();
        self.board_move_is_legal(from, to, |role| match m.promotion() {
            None => !dead_square(role, us, to),
            // As `Gen::emit` offers them.
            Some(new) => {
                role.promotions().contains(&new)
                    && (zone(us).contains(from) || zone(us).contains(to))
                    && !dead_square(new, us, to)
            }
        })
    }

    /// Whether the move captures or promotes (quiescence search).
    pub fn is_tactical(&self, m: Move) -> bool {
        m.promotion().is_some() || (!m.is_drop() && self.piece_at(m.to()).is_some())
    }

    /// Most valuable victim (what the capture takes from the opponent and
    /// gives to the capturer), least valuable attacker, then promotions.
    pub fn mvv_lva(&self, m: Move) -> i32 {
        let victim = self
            .piece_at(m.to())
            .map_or(0, |p| eval::capture_gain(p.role));
        let attacker = if m.is_drop() {
            eval::value(m.dropped())
        } else {
            self.piece_at(m.from()).map_or(0, |p| eval::value(p.role))
        };
        // A drop never promotes; a promotion gains the new kind's value.
        let promotion = m.promotion().map_or(0, |new| eval::value(new) - attacker);
        victim * 16 - attacker / 16 + promotion
    }
}
