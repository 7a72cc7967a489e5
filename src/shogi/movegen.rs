//! Legal move generation: pins and checks are resolved while generating, so
//! every move produced is legal (no make-and-test).
//!
//! Perft and search spend most of their time here, so moves are produced in
//! whole sets: a piece's destinations are one bitboard, promotion choices are
//! masks over it, pawns move all at once, and drops are written a byte of
//! squares at a time. The per-move work is a bit scan and a store.

use super::position::{dead_square, zone, Attackers, Position};
use super::types::{Move, Piece, Role};
use crate::board::attacks::*;
use crate::board::position::{PackedMove, DROP_BASE};
use crate::board::zones::last_ranks;
use crate::board::{Bitboard, Square};
use crate::game::Color;
use arrayvec::ArrayVec;

/// 593 is the most legal moves any shogi position has.
const MAX_MOVES: usize = 600;
pub type Moves = ArrayVec<Move, MAX_MOVES>;

/// Appends `make(to)` for every square `to` of `dests`.
///
/// The generator's innermost loop. `ArrayVec::push` checks the capacity and
/// stores the length on every call; here one check covers the whole set (a
/// `Bitboard` holds at most 128 squares) and the length is stored once.
#[inline(always)]
fn push_each(list: &mut Moves, dests: Bitboard, make: impl Fn(Square) -> Move) {
    if list.remaining_capacity() < 128 {
        // Only a list that is already nearly full: one checked push a move.
        dests.into_iter().for_each(|to| list.push(make(to)));
        return;
    }
    let start = list.len();
    let slots = list.as_mut_ptr();
    let mut len = start;
    dests.into_iter().for_each(|to| {
        // SAFETY: this runs at most 128 times (once per bit of `dests`), and
        // the 128 slots from `start` are within the capacity (checked above).
        unsafe { slots.add(len).write(make(to)) };
        len += 1;
    });
    // SAFETY: slots `start..len` were all written just above.
    unsafe { list.set_len(len) };
}

/// Pushes a move from `from` to each square of `dests`.
#[inline(always)]
fn push_board(list: &mut Moves, from: Square, dests: Bitboard, promote: bool) {
    push_each(list, dests, |to| Move::board(from, to, promote));
}

/// Pushes the moves of a `role` piece on `from` to each of `dests`, with
/// the promotion choices the rules give: promotion when the move enters,
/// leaves or stays in the `zone`; no unpromoted pawn or lance onto the last
/// rank, nor knight onto the last two.
///
/// With `PROMOTIONS_ONLY`, only the promoting moves (quiescence search's
/// non-capturing tactical moves).
#[inline(always)]
pub(crate) fn push_piece<const PROMOTIONS_ONLY: bool>(
    list: &mut Moves,
    us: Color,
    role: Role,
    from: Square,
    dests: Bitboard,
) {
    let zone = zone(us);
    match role {
        Role::Pawn | Role::Lance => {
            push_board(list, from, dests & zone, true);
            if !PROMOTIONS_ONLY {
                push_board(list, from, dests & !last_ranks(us, 1), false);
            }
        }
        Role::Knight => {
            push_board(list, from, dests & zone, true);
            if !PROMOTIONS_ONLY {
                push_board(list, from, dests & !last_ranks(us, 2), false);
            }
        }
        Role::Silver | Role::Bishop | Role::Rook => {
            let promoting = if zone.contains(from) {
                dests
            } else {
                dests & zone
            };
            push_board(list, from, promoting, true);
            if !PROMOTIONS_ONLY {
                push_board(list, from, dests, false);
            }
        }
        _ => {
            if !PROMOTIONS_ONLY {
                push_board(list, from, dests, false)
            }
        }
    }
}

/// For each byte value, the positions of its set bits (padded with zeros).
static BYTE_SQUARES: [[u16; 8]; 256] = {
    let mut table = [[0u16; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte][n] = bit as u16;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// For each byte value, how many bits are set.
static BYTE_COUNTS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u8).count_ones() as u8;
        byte += 1;
    }
    table
};

/// Appends `template` (a move to square 0) sent to each square of `squares`.
///
/// For the many drops of one kind onto the empty squares: the set is read
/// a byte (eight squares) at a time, and each byte's moves are written as
/// one block of eight from a table, without a test or a branch per square.
#[inline]
fn push_to_each(list: &mut Moves, template: Move, squares: Bitboard) {
    let squares = squares & Bitboard::ALL;
    // 81 squares are 11 bytes; the last block of eight may start 80 slots in.
    if list.remaining_capacity() < 88 {
        // Only a list that is already nearly full: one checked push a move.
        squares
            .into_iter()
            .for_each(|to| list.push(template.with_to(to)));
        return;
    }
    let bytes = squares.0.to_le_bytes();
    let slots = list.as_mut_ptr();
    let mut len = list.len();
    let template = [template.0; 8];
    for (i, &byte) in bytes[..11].iter().enumerate() {
        let bits = &BYTE_SQUARES[byte as usize];
        let block: [Move; 8] =
            std::array::from_fn(|j| Move(template[j] + (8 * i) as u16 + bits[j]));
        // SAFETY: `len` grows by at most 8 a byte, 80 over the first ten,
        // so every block lies within the 88 free slots checked above. (The
        // sum is a square index below 88: no carry into the origin bits.)
        unsafe { slots.add(len).cast::<[Move; 8]>().write(block) };
        len += BYTE_COUNTS[byte as usize] as usize;
    }
    // SAFETY: the first `len` slots hold moves: the old ones and, from
    // each block, the moves its byte counted.
    unsafe { list.set_len(len) };
}

impl Position {
    /// Every legal move of the side to move.
    pub fn generate_legal(&self, list: &mut Moves) {
        let us = self.side();
        let own = self.pieces(us);
        let Some(ksq) = self.king(us) else {
            self.generate_pieces::<false>(list, !own, Bitboard::EMPTY, None);
            self.generate_drops(list, !self.occupied());
            return;
        };
        self.generate_king(ksq, list);
        let checkers = self.checkers();
        if checkers.more_than_one() {
            return;
        }
        let pinned = self.pinned(us);
        if checkers.any() {
            let checker = checkers.lsb();
            let block = between(ksq, checker);
            self.generate_pieces::<false>(list, block | checker.bit(), pinned, Some(ksq));
            self.generate_drops(list, block);
        } else {
            self.generate_pieces::<false>(list, !own, pinned, Some(ksq));
            self.generate_drops(list, !self.occupied());
        }
    }

    /// The legal captures and promotions of the side to move (quiescence
    /// search), without the drops and quiet moves `generate_legal` adds.
    /// In check, the tactical moves among the evasions.
    pub fn generate_tactical(&self, list: &mut Moves) {
        let us = self.side();
        let theirs = self.pieces(us.flip());
        let king = self.king(us);
        if self.checkers().any() || king.is_none() {
            let mut all = Moves::new();
            self.generate_legal(&mut all);
            for &m in all.iter() {
                if self.is_tactical(m) {
                    list.push(m);
                }
            }
            return;
        }
        let ksq = king.unwrap_or(Square::from_index(0));
        let start = list.len();
        self.generate_king(ksq, list);
        // Keep only the king's captures (a king never promotes).
        let mut kept = start;
        for i in start..list.len() {
            let m = list[i];
            if theirs.contains(m.to()) {
                list[kept] = m;
                kept += 1;
            }
        }
        list.truncate(kept);
        let pinned = self.pinned(us);
        self.generate_pieces::<false>(list, theirs, pinned, Some(ksq));
        let empty = !self.occupied() & Bitboard::ALL;
        self.generate_pieces::<true>(list, empty, pinned, Some(ksq));
    }

    fn generate_king(&self, ksq: Square, list: &mut Moves) {
        let us = self.side();
        let them = us.flip();
        let theirs = self.pieces(them);
        // The squares next to the king that enemy steppers cover: pawns and
        // knights all at once, the others from the few that stand close.
        let mut covered = pawn_attacks_all(them, self.pieces_of(them, Role::Pawn))
            | knight_attacks_all(them, self.pieces_of(them, Role::Knight));
        let near = within_two(ksq) & theirs;
        for s in self.role_bb(Role::Silver) & near {
            covered |= silver_attacks(them, s);
        }
        for s in self.golds() & near {
            covered |= gold_attacks(them, s);
        }
        for s in self.king_likes() & near {
            covered |= king_attacks(s);
        }
        // Then the sliders, square by square; the king no longer shields
        // the squares behind it.
        let occ = self.occupied() ^ ksq.bit();
        let enemy = Attackers::of(self, them);
        for to in king_attacks(ksq) & !self.pieces(us) & !covered {
            if !enemy.slide_to(to, occ) {
                list.push(Move::board(ksq, to, false));
            }
        }
    }

    /// Board moves of every piece but the king onto `target`. Pieces off
    /// `pinned` move freely; a pinned piece stays on the line through its
    /// king on `ksq`.
    fn generate_pieces<const PROMOTIONS_ONLY: bool>(
        &self,
        list: &mut Moves,
        target: Bitboard,
        pinned: Bitboard,
        ksq: Option<Square>,
    ) {
        let us = self.side();
        let occ = self.occupied();
        let free = self.pieces(us) & !pinned;

        // Pawns all at once, each pawn one square behind its destination.
        let pawns = self.pieces_of(us, Role::Pawn) & free;
        let dests = pawn_attacks_all(us, pawns) & target;
        let back = match us {
            Color::Black => 1,
            Color::White => -1,
        };
        let behind = |to: Square| Square::from_index(to.index().wrapping_add_signed(back));
        let pawn_move = |to, promote| Move::board(behind(to), to, promote);
        push_each(list, dests & zone(us), |to| pawn_move(to, true));
        if !PROMOTIONS_ONLY {
            push_each(list, dests & !last_ranks(us, 1), |to| pawn_move(to, false));
        }

        for from in self.pieces_of(us, Role::Lance) & free {
            let dests = lance_attacks(us, from, occ) & target;
            push_piece::<PROMOTIONS_ONLY>(list, us, Role::Lance, from, dests);
        }
        // A pinned knight can never stay on its pin line.
        for from in self.pieces_of(us, Role::Knight) & free {
            let dests = knight_attacks(us, from) & target;
            push_piece::<PROMOTIONS_ONLY>(list, us, Role::Knight, from, dests);
        }
        for from in self.pieces_of(us, Role::Silver) & free {
            let dests = silver_attacks(us, from) & target;
            push_piece::<PROMOTIONS_ONLY>(list, us, Role::Silver, from, dests);
        }
        if !PROMOTIONS_ONLY {
            for from in self.golds() & free {
                push_board(list, from, gold_attacks(us, from) & target, false);
            }
        }
        for from in self.pieces_of(us, Role::Bishop) & free {
            let dests = bishop_attacks(from, occ) & target;
            push_piece::<PROMOTIONS_ONLY>(list, us, Role::Bishop, from, dests);
        }
        for from in self.pieces_of(us, Role::Rook) & free {
            let dests = rook_attacks(from, occ) & target;
            push_piece::<PROMOTIONS_ONLY>(list, us, Role::Rook, from, dests);
        }
        if !PROMOTIONS_ONLY {
            for from in self.pieces_of(us, Role::Horse) & free {
                let dests = (bishop_attacks(from, occ) | king_attacks(from)) & target;
                push_board(list, from, dests, false);
            }
            for from in self.pieces_of(us, Role::Dragon) & free {
                let dests = (rook_attacks(from, occ) | king_attacks(from)) & target;
                push_board(list, from, dests, false);
            }
        }

        // Pinned pieces (rare): any kind, restricted to the pin line.
        if let Some(ksq) = ksq {
            for from in pinned {
                let Some(piece) = self.piece_at(from) else {
                    continue;
                };
                let dests = Position::piece_attacks(piece, from, occ) & target & line(ksq, from);
                push_piece::<PROMOTIONS_ONLY>(list, us, piece.role, from, dests);
            }
        }
    }

    /// Drops from hand onto the empty squares of `target`, kind by kind.
    fn generate_drops(&self, list: &mut Moves, target: Bitboard) {
        let us = self.side();
        let hand = self.hand(us);
        if target.is_empty() || hand.is_empty() {
            return;
        }
        let drop = |role| Move::drop(role, Square::from_index(0));
        if hand.count(Role::Pawn) > 0 {
            let mut squares = target & !last_ranks(us, 1) & !self.pawn_files(us);
            if let Some(mate_sq) = self.mating_pawn_drop(squares) {
                squares = squares.without(mate_sq);
            }
            push_to_each(list, drop(Role::Pawn), squares);
        }
        if hand.count(Role::Lance) > 0 {
            push_to_each(list, drop(Role::Lance), target & !last_ranks(us, 1));
        }
        if hand.count(Role::Knight) > 0 {
            push_to_each(list, drop(Role::Knight), target & !last_ranks(us, 2));
        }
        for role in [Role::Silver, Role::Gold, Role::Bishop, Role::Rook] {
            if hand.count(role) > 0 {
                push_to_each(list, drop(role), target);
            }
        }
    }

    /// Whether `m` is legal here, without generating the legal moves. Any
    /// 16 bits are answered (a transposition-table move may come from
    /// another position): those no generator writes are not legal.
    pub fn is_legal_fast(&self, m: Move) -> bool {
        // Bit 15 is never set; destinations stop at 80.
        if m.0 >> 15 != 0 || usize::from(m.0 & 0x7f) >= 81 {
            return false;
        }
        let to = m.to();
        if m.is_drop() {
            let role = (m.origin() - DROP_BASE) as usize;
            return !m.is_promotion()
                && role < Role::NUM
                && self.drop_is_legal(Role::ALL[role], to);
        }
        let from = m.from();
        let us = self.side();
        let zone = zone(us);
        self.board_move_is_legal(from, to, |role| {
            if !m.is_promotion() {
                return !dead_square(role, us, to);
            }
            // As `push_piece` offers them.
            match role {
                Role::Pawn | Role::Lance | Role::Knight => zone.contains(to),
                Role::Silver | Role::Bishop | Role::Rook => {
                    zone.contains(from) || zone.contains(to)
                }
                _ => false,
            }
        })
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
