//! The standard shogi position: board, hands, side to move, incremental
//! Zobrist key and the history make/unmake and repetition need.

use super::nnue::{Change, NetHandle, NnueState, Pending};
use super::types::{Hand, Move, Piece, Role, ZOBRIST};
use crate::board::attacks::*;
pub use crate::board::zones::{relative_rank, zone};
use crate::board::{Bitboard, Square};
use crate::game::{game_error, Color, GameError};

/// What `undo_move` needs, plus what repetition checks read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub mv: Move,
    pub captured: Option<Piece>,
    /// Key and checkers of the position before `mv`.
    pub key: u64,
    pub checkers: Bitboard,
}

#[derive(Clone, Debug)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 14],
    hands: [Hand; 2],
    side: Color,
    move_number: u32,
    key: u64,
    checkers: Bitboard,
    pub(crate) history: Vec<State>,
    /// The NNUE net and accumulators, when a net is in use (boxed: the
    /// common case without one stays small).
    nnue: Option<Box<NnueState>>,
}

/// One side's pieces grouped by how they attack. Built once, it answers
/// "who attacks this square" for several squares (a king's flights).
#[derive(Clone, Copy, Debug)]
pub(super) struct Attackers {
    /// The side the pieces belong to.
    by: Color,
    pawns: Bitboard,
    knights: Bitboard,
    silvers: Bitboard,
    /// Gold and the promoted minors.
    golds: Bitboard,
    /// King, horse and dragon (the one-step moves all around).
    kings: Bitboard,
    lances: Bitboard,
    /// Rook and dragon.
    rooks: Bitboard,
    /// Bishop and horse.
    bishops: Bitboard,
}

impl Attackers {
    #[inline]
    pub(super) fn of(pos: &Position, by: Color) -> Attackers {
        let theirs = pos.by_color[by.index()];
        let kind = |r: Role| pos.by_role[r.index()] & theirs;
        Attackers {
            by,
            pawns: kind(Role::Pawn),
            knights: kind(Role::Knight),
            silvers: kind(Role::Silver),
            golds: pos.golds() & theirs,
            kings: pos.king_likes() & theirs,
            lances: kind(Role::Lance),
            rooks: pos.rook_likes() & theirs,
            bishops: pos.bishop_likes() & theirs,
        }
    }

    /// Attackers of `sq` that step or jump (no occupancy needed): the
    /// squares a piece of the other side would reach from `sq`.
    #[inline]
    fn steppers(&self, sq: Square) -> Bitboard {
        let other = self.by.flip();
        (pawn_attacks(other, sq) & self.pawns)
            | (knight_attacks(other, sq) & self.knights)
            | (silver_attacks(other, sq) & self.silvers)
            | (gold_attacks(other, sq) & self.golds)
            | (king_attacks(sq) & self.kings)
    }

    /// Sliders standing on a line through `sq` along which they move,
    /// whatever stands between. Usually there is none, so no ray is traced.
    #[inline]
    pub(super) fn aligned_sliders(&self, sq: Square) -> Bitboard {
        (rook_pseudo(sq) & self.rooks)
            | (bishop_pseudo(sq) & self.bishops)
            | (lance_pseudo(self.by.flip(), sq) & self.lances)
    }

    /// The pieces attacking `sq` given occupancy `occ`.
    #[inline]
    pub(super) fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let mut attackers = self.steppers(sq);
        for s in self.aligned_sliders(sq) {
            if (between(sq, s) & occ).is_empty() {
                attackers |= s.bit();
            }
        }
        attackers
    }

    /// Whether any piece attacks `sq` given occupancy `occ`.
    #[inline]
    pub(super) fn attack(&self, sq: Square, occ: Bitboard) -> bool {
        self.steppers(sq).any() || self.slide_to(sq, occ)
    }

    /// Whether a slider attacks `sq` given occupancy `occ`.
    #[inline]
    pub(super) fn slide_to(&self, sq: Square, occ: Bitboard) -> bool {
        self.aligned_sliders(sq)
            .into_iter()
            .any(|s| (between(sq, s) & occ).is_empty())
    }
}

pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Position {
    fn empty() -> Position {
        Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 14],
            hands: [Hand::default(); 2],
            side: Color::Black,
            move_number: 1,
            key: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::with_capacity(256),
            nnue: None,
        }
    }

    // ---- accessors -------------------------------------------------------

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    #[inline]
    pub fn role_bb(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }

    #[inline]
    pub fn pieces_of(&self, c: Color, r: Role) -> Bitboard {
        self.by_role[r.index()] & self.by_color[c.index()]
    }

    #[inline]
    pub fn hand(&self, c: Color) -> Hand {
        self.hands[c.index()]
    }

    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The king's square, if that side has a king (tsume positions may not).
    #[inline]
    pub fn king(&self, c: Color) -> Option<Square> {
        let k = self.pieces_of(c, Role::King);
        if k.is_empty() {
            None
        } else {
            Some(k.lsb())
        }
    }

    /// Pieces that move like a gold: gold and the four promoted minors.
    #[inline]
    pub fn golds(&self) -> Bitboard {
        self.by_role[Role::Gold.index()]
            | self.by_role[Role::ProPawn.index()]
            | self.by_role[Role::ProLance.index()]
            | self.by_role[Role::ProKnight.index()]
            | self.by_role[Role::ProSilver.index()]
    }

    #[inline]
    pub fn rook_likes(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Dragon.index()]
    }

    #[inline]
    pub fn bishop_likes(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Horse.index()]
    }

    /// King, horse and dragon all step one square in every direction.
    #[inline]
    pub fn king_likes(&self) -> Bitboard {
        self.by_role[Role::King.index()]
            | self.by_role[Role::Horse.index()]
            | self.by_role[Role::Dragon.index()]
    }

    // ---- attacks ---------------------------------------------------------

    /// Pieces of `by` attacking `sq` given occupancy `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        Attackers::of(self, by).attackers_to(sq, occ)
    }

    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        Attackers::of(self, by).attack(sq, occ)
    }

    /// Where a piece of `p` on `sq` attacks with occupancy `occ`.
    #[inline]
    pub fn piece_attacks(p: Piece, sq: Square, occ: Bitboard) -> Bitboard {
        let c = p.color;
        match p.role {
            Role::Pawn => pawn_attacks(c, sq),
            Role::Lance => lance_attacks(c, sq, occ),
            Role::Knight => knight_attacks(c, sq),
            Role::Silver => silver_attacks(c, sq),
            Role::Gold | Role::ProPawn | Role::ProLance | Role::ProKnight | Role::ProSilver => {
                gold_attacks(c, sq)
            }
            Role::King => king_attacks(sq),
            Role::Bishop => bishop_attacks(sq, occ),
            Role::Rook => rook_attacks(sq, occ),
            Role::Horse => bishop_attacks(sq, occ) | king_attacks(sq),
            Role::Dragon => rook_attacks(sq, occ) | king_attacks(sq),
        }
    }

    /// Pieces of `c` that stand between `c`'s king and an enemy slider.
    pub fn pinned(&self, c: Color) -> Bitboard {
        let Some(ksq) = self.king(c) else {
            return Bitboard::EMPTY;
        };
        let snipers = Attackers::of(self, c.flip()).aligned_sliders(ksq);
        let occ = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = between(ksq, s) & occ;
            if blockers.any() && !blockers.more_than_one() {
                pinned |= blockers & self.pieces(c);
            }
        }
        pinned
    }

    fn compute_checkers(&self) -> Bitboard {
        match self.king(self.side) {
            Some(k) => self.attackers_to(k, self.side.flip(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    // ---- make / unmake ---------------------------------------------------

    #[inline]
    fn put(&mut self, p: Piece, sq: Square) {
        self.place(p, sq);
        self.key ^= ZOBRIST.piece[p.color.index()][p.role.index()][sq.index()];
    }

    #[inline]
    fn remove(&mut self, p: Piece, sq: Square) {
        self.lift(p, sq);
        self.key ^= ZOBRIST.piece[p.color.index()][p.role.index()][sq.index()];
    }

    /// `put` without the key update (`undo_move` restores the key whole).
    #[inline]
    fn place(&mut self, p: Piece, sq: Square) {
        self.board[sq.index()] = Some(p);
        self.by_color[p.color.index()] |= sq.bit();
        self.by_role[p.role.index()] |= sq.bit();
    }

    /// `remove` without the key update.
    #[inline]
    fn lift(&mut self, p: Piece, sq: Square) {
        self.board[sq.index()] = None;
        self.by_color[p.color.index()] ^= sq.bit();
        self.by_role[p.role.index()] ^= sq.bit();
    }

    #[inline]
    fn add_hand(&mut self, c: Color, r: Role) {
        let n = &mut self.hands[c.index()].0[r.index()];
        let keys = &ZOBRIST.hand[c.index()][r.index()];
        self.key ^= keys[*n as usize] ^ keys[*n as usize + 1];
        *n += 1;
    }

    #[inline]
    fn take_hand(&mut self, c: Color, r: Role) {
        let n = &mut self.hands[c.index()].0[r.index()];
        let keys = &ZOBRIST.hand[c.index()][r.index()];
        self.key ^= keys[*n as usize] ^ keys[*n as usize - 1];
        *n -= 1;
    }

    /// Plays a move the generator produced (no legality check here).
    pub fn do_move(&mut self, m: Move) {
        let us = self.side;
        let to = m.to();
        let mut state = State {
            mv: m,
            captured: None,
            key: self.key,
            checkers: self.checkers,
        };
        let mut change = None;
        let (role, from) = if m.is_drop() {
            let role = m.dropped();
            self.take_hand(us, role);
            self.put(Piece::new(us, role), to);
            if self.nnue.is_some() {
                let left = self.hands[us.index()].count(role);
                change = Some(Change::Drop {
                    piece: Piece::new(us, role),
                    to,
                    left,
                });
            }
            (role, None)
        } else {
            let from = m.from();
            let Some(piece) = self.board[from.index()] else {
                debug_assert!(false, "do_move from an empty square");
                return;
            };
            if let Some(captured) = self.board[to.index()] {
                self.remove(captured, to);
                self.add_hand(us, captured.role.unpromoted());
                state.captured = Some(captured);
            }
            self.remove(piece, from);
            let role = if m.is_promotion() {
                piece.role.promoted()
            } else {
                piece.role
            };
            self.put(Piece::new(us, role), to);
            if self.nnue.is_some() {
                let held = state
                    .captured
                    .map_or(0, |c| self.hands[us.index()].count(c.role.unpromoted()));
                change = Some(Change::Move {
                    piece,
                    from,
                    to,
                    role,
                    captured: state.captured,
                    held,
                });
            }
            (role, Some(from))
        };
        // The net's rows are fetched from memory while the rest of the move
        // is made; the accumulator is written at the end.
        let pending = match (&self.nnue, &change) {
            (Some(nnue), Some(change)) => Some(nnue.prepare(self, change)),
            _ => None,
        };
        self.side = us.flip();
        self.key ^= ZOBRIST.side;
        self.move_number += 1;
        self.history.push(state);
        self.checkers = self.checkers_after(Piece::new(us, role), from, to);
        debug_assert_eq!(self.checkers, self.compute_checkers());
        if let Some(pending) = pending {
            self.nnue_push(pending);
        }
    }

    /// The checkers after `piece` moved to `to` (from `from`, or dropped):
    /// the piece itself, and sliders behind `from` that it uncovered. The
    /// same as `compute_checkers`, without looking at every enemy kind.
    fn checkers_after(&self, piece: Piece, from: Option<Square>, to: Square) -> Bitboard {
        let Some(ksq) = self.king(piece.color.flip()) else {
            return Bitboard::EMPTY;
        };
        let occ = self.occupied();
        let mut checkers = Bitboard::EMPTY;
        if Position::piece_reaches(piece, to, ksq, occ) {
            checkers = to.bit();
        }
        if let Some(from) = from {
            // Only a slider on the line through the king and `from` can
            // have been uncovered.
            let ray = line(ksq, from);
            if ray.any() {
                let sliders = Attackers::of(self, piece.color).aligned_sliders(ksq) & ray;
                for s in sliders {
                    if (between(ksq, s) & occ).is_empty() {
                        checkers |= s.bit();
                    }
                }
            }
        }
        checkers
    }

    /// Whether a `p` on `sq` attacks `target`, given occupancy `occ`.
    #[inline]
    fn piece_reaches(p: Piece, sq: Square, target: Square, occ: Bitboard) -> bool {
        let c = p.color;
        let clear = || (between(sq, target) & occ).is_empty();
        match p.role {
            Role::Pawn => pawn_attacks(c, sq).contains(target),
            Role::Knight => knight_attacks(c, sq).contains(target),
            Role::Silver => silver_attacks(c, sq).contains(target),
            Role::Gold | Role::ProPawn | Role::ProLance | Role::ProKnight | Role::ProSilver => {
                gold_attacks(c, sq).contains(target)
            }
            Role::King => king_attacks(sq).contains(target),
            Role::Lance => lance_pseudo(c, sq).contains(target) && clear(),
            Role::Bishop => bishop_pseudo(sq).contains(target) && clear(),
            Role::Rook => rook_pseudo(sq).contains(target) && clear(),
            Role::Horse => {
                king_attacks(sq).contains(target) || (bishop_pseudo(sq).contains(target) && clear())
            }
            Role::Dragon => {
                king_attacks(sq).contains(target) || (rook_pseudo(sq).contains(target) && clear())
            }
        }
    }

    /// Pushes the accumulator after a move (the board already changed).
    #[inline]
    fn nnue_push(&mut self, pending: Pending) {
        if let Some(mut nnue) = self.nnue.take() {
            nnue.push(self, pending);
            self.nnue = Some(nnue);
        }
    }

    pub fn undo_move(&mut self) {
        let Some(state) = self.history.pop() else {
            return;
        };
        // A position given its net after moves has no accumulators for the
        // plies before: recompute when going back past them.
        let refresh = self.nnue.as_mut().is_some_and(|nnue| !nnue.pop());
        let m = state.mv;
        let us = self.side.flip();
        let to = m.to();
        let Some(moved) = self.board[to.index()] else {
            return;
        };
        // The key is restored from the state below, so it is not updated.
        self.lift(moved, to);
        let hand = &mut self.hands[us.index()].0;
        if m.is_drop() {
            hand[moved.role.index()] += 1;
        } else {
            let role = if m.is_promotion() {
                moved.role.unpromoted()
            } else {
                moved.role
            };
            if let Some(captured) = state.captured {
                hand[captured.role.unpromoted().index()] -= 1;
                self.place(captured, to);
            }
            self.place(Piece::new(us, role), m.from());
        }
        self.side = us;
        self.move_number -= 1;
        self.key = state.key;
        self.checkers = state.checkers;
        if refresh {
            let handle = self.nnue.as_ref().map(|n| n.handle().clone());
            self.set_net(handle);
        }
    }

    /// Passes the turn (null move for search); undone by `undo_null_move`.
    pub fn do_null_move(&mut self) {
        if let Some(nnue) = &mut self.nnue {
            nnue.push_copy();
        }
        self.history.push(State {
            mv: Move::NONE,
            captured: None,
            key: self.key,
            checkers: self.checkers,
        });
        self.side = self.side.flip();
        self.key ^= ZOBRIST.side;
        self.checkers = self.compute_checkers();
    }

    pub fn undo_null_move(&mut self) {
        if let Some(state) = self.history.pop() {
            if let Some(nnue) = &mut self.nnue {
                nnue.pop();
            }
            self.side = self.side.flip();
            self.key = state.key;
            self.checkers = state.checkers;
        }
    }

    // ---- NNUE --------------------------------------------------------------

    /// Evaluates with `net` from now on (`None`: the built-in evaluation).
    /// A position without both kings keeps the built-in evaluation: the
    /// net's features need them.
    pub fn set_net(&mut self, net: Option<NetHandle>) {
        self.nnue = net.and_then(|h| NnueState::new(h, self)).map(Box::new);
    }

    /// The net in use, if any.
    pub fn nnue(&self) -> Option<&NnueState> {
        self.nnue.as_deref()
    }

    /// The key computed from scratch (tests compare it to the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0u64;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                key ^= ZOBRIST.piece[p.color.index()][p.role.index()][sq.index()];
            }
        }
        for c in [Color::Black, Color::White] {
            for r in 0..7 {
                let n = self.hands[c.index()].0[r] as usize;
                key ^= ZOBRIST.hand[c.index()][r][n];
            }
        }
        if self.side == Color::White {
            key ^= ZOBRIST.side;
        }
        key
    }

    // ---- SFEN ------------------------------------------------------------

    pub fn startpos() -> Position {
        let sfen = usi_startpos();
        match Position::from_sfen(&sfen) {
            Ok(p) => p,
            Err(e) => unreachable!("start position is valid: {e}"),
        }
    }

    /// Builds and validates a position (see docs/rules/shogi.md).
    pub fn from_sfen(sfen: &usi::Sfen) -> Result<Position, GameError> {
        let mut pos = Position::empty();
        if sfen.board.len() != 9 {
            return game_error(format!(
                "sfen: shogi board needs 9 ranks, found {}",
                sfen.board.len()
            ));
        }
        for (rank, row) in sfen.board.iter().enumerate() {
            if row.len() != 9 {
                return game_error(format!(
                    "sfen: rank {} has {} squares, shogi needs 9",
                    (b'a' + rank as u8) as char,
                    row.len()
                ));
            }
            for (i, cell) in row.iter().enumerate() {
                let sq = Square::new(9 - i as u8, rank as u8);
                match cell {
                    usi::Cell::Empty => {}
                    usi::Cell::Piece(t) => pos.put(piece_from_token(t, sq)?, sq),
                    _ => {
                        return game_error(format!(
                            "sfen: square {sq} holds a point or base, which shogi does not have"
                        ))
                    }
                }
            }
        }
        for entry in &sfen.hand {
            let t = entry.piece;
            let role = Role::from_letter(t.letter, t.promoted)
                .filter(|r| !r.is_promoted() && *r != Role::King)
                .ok_or_else(|| {
                    GameError(format!(
                        "sfen: hand piece '{}{}' cannot be held in hand",
                        if t.promoted { "+" } else { "" },
                        t.letter
                    ))
                })?;
            let c = Color::from_usi(t.side);
            let total = pos.hands[c.index()].0[role.index()] as u32 + entry.count;
            if total > Role::FULL_SET[role.index()] as u32 {
                return game_error(format!(
                    "sfen: {} '{}' in hand is more than a set has",
                    total,
                    role.letter()
                ));
            }
            for _ in 0..entry.count {
                pos.add_hand(c, role);
            }
        }
        pos.side = Color::from_usi(sfen.side);
        if pos.side == Color::White {
            pos.key ^= ZOBRIST.side;
        }
        pos.move_number = sfen.move_number.max(1);
        pos.validate()?;
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    /// Rejects positions the rules cannot reach or play from.
    fn validate(&self) -> Result<(), GameError> {
        for c in [Color::Black, Color::White] {
            if self.pieces_of(c, Role::King).more_than_one() {
                return game_error(format!("sfen: {} has more than one king", side_name(c)));
            }
            for sq in self.pieces(c) {
                if let Some(p) = self.board[sq.index()] {
                    if dead_square(p.role, c, sq) {
                        return game_error(format!(
                            "sfen: {} on {sq} could never move again",
                            p.sfen()
                        ));
                    }
                }
            }
            for file in 1..=9 {
                if (self.pieces_of(c, Role::Pawn) & Bitboard::file(file)).more_than_one() {
                    return game_error(format!(
                        "sfen: {} has two unpromoted pawns on file {file} (nifu)",
                        side_name(c)
                    ));
                }
            }
        }
        for role in Role::HAND_ORDER {
            let on_board = (self.role_bb(role)
                | if role.can_promote() {
                    self.role_bb(role.promoted())
                } else {
                    Bitboard::EMPTY
                })
            .count();
            let total =
                on_board + self.hands[0].count(role) as u32 + self.hands[1].count(role) as u32;
            if total > Role::FULL_SET[role.index()] as u32 {
                return game_error(format!(
                    "sfen: {total} pieces of kind '{}' in all, a set has {}",
                    role.letter(),
                    Role::FULL_SET[role.index()]
                ));
            }
        }
        let them = self.side.flip();
        if let Some(k) = self.king(them) {
            if self.is_attacked(k, self.side, self.occupied()) {
                return game_error(format!(
                    "sfen: {} is in check but it is {} to move",
                    side_name(them),
                    side_name(self.side)
                ));
            }
        }
        Ok(())
    }

    pub fn to_sfen(&self) -> usi::Sfen {
        let board = (0..9u8)
            .map(|rank| {
                (0..9u8)
                    .map(|i| match self.board[Square::new(9 - i, rank).index()] {
                        Some(p) => usi::Cell::Piece(p.to_token()),
                        None => usi::Cell::Empty,
                    })
                    .collect()
            })
            .collect();
        let mut hand = Vec::new();
        for c in [Color::Black, Color::White] {
            for role in Role::HAND_ORDER {
                let n = self.hands[c.index()].count(role);
                if n > 0 {
                    hand.push(usi::HandEntry {
                        count: n as u32,
                        piece: Piece::new(c, role).to_token(),
                    });
                }
            }
        }
        usi::Sfen {
            board,
            side: self.side.to_usi(),
            hand,
            move_number: self.move_number,
        }
    }

    /// A board a person can read, sente at the bottom.
    pub fn display(&self) -> String {
        let mut out = String::new();
        let hand_text = |c: Color| {
            let mut s = String::new();
            for role in Role::HAND_ORDER {
                let n = self.hands[c.index()].count(role);
                if n > 0 {
                    s.push_str(&format!(" {}{}", role.letter(), n));
                }
            }
            if s.is_empty() {
                s.push_str(" -");
            }
            s
        };
        out.push_str(&format!("gote hand:{}\n", hand_text(Color::White)));
        out.push_str("  9  8  7  6  5  4  3  2  1\n");
        for rank in 0..9u8 {
            for file in (1..=9u8).rev() {
                let cell = match self.board[Square::new(file, rank).index()] {
                    Some(p) => format!("{:>3}", p.sfen()),
                    None => "  .".to_string(),
                };
                out.push_str(&cell);
            }
            out.push_str(&format!(" {}\n", (b'a' + rank) as char));
        }
        out.push_str(&format!("sente hand:{}\n", hand_text(Color::Black)));
        out
    }
}

pub fn usi_startpos() -> usi::Sfen {
    // The start position is spelled out so no parser is needed at run time.
    let back = |side: usi::Side| -> Vec<usi::Cell> {
        "LNSGKGSNL"
            .chars()
            .map(|letter| {
                usi::Cell::Piece(usi::PieceToken {
                    side,
                    promoted: false,
                    letter,
                })
            })
            .collect()
    };
    let piece = |side, letter| {
        usi::Cell::Piece(usi::PieceToken {
            side,
            promoted: false,
            letter,
        })
    };
    let empty_rank = || vec![usi::Cell::Empty; 9];
    let pawns = |side| vec![piece(side, 'P'); 9];
    let mut gote_second = empty_rank();
    gote_second[1] = piece(usi::Side::White, 'R');
    gote_second[7] = piece(usi::Side::White, 'B');
    let mut sente_second = empty_rank();
    sente_second[1] = piece(usi::Side::Black, 'B');
    sente_second[7] = piece(usi::Side::Black, 'R');
    usi::Sfen {
        board: vec![
            back(usi::Side::White),
            gote_second,
            pawns(usi::Side::White),
            empty_rank(),
            empty_rank(),
            empty_rank(),
            pawns(usi::Side::Black),
            sente_second,
            back(usi::Side::Black),
        ],
        side: usi::Side::Black,
        hand: Vec::new(),
        move_number: 1,
    }
}

fn piece_from_token(t: &usi::PieceToken, sq: Square) -> Result<Piece, GameError> {
    match Role::from_letter(t.letter, t.promoted) {
        Some(role) => Ok(Piece::new(Color::from_usi(t.side), role)),
        None => game_error(format!(
            "sfen: '{}{}' on {sq} is not a shogi piece",
            if t.promoted { "+" } else { "" },
            t.letter
        )),
    }
}

pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "sente",
        Color::White => "gote",
    }
}

/// A pawn or lance on its last rank, or a knight on its last two, has no move.
pub fn dead_square(role: Role, c: Color, sq: Square) -> bool {
    let r = relative_rank(c, sq);
    match role {
        Role::Pawn | Role::Lance => r == 0,
        Role::Knight => r <= 1,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Moves;

    /// Walks the move tree checking the incremental checkers (do_move)
    /// against the ones computed from scratch.
    fn walk(pos: &mut Position, depth: u32) {
        assert_eq!(pos.checkers(), pos.compute_checkers(), "{}", pos.to_sfen());
        if depth == 0 {
            return;
        }
        let mut moves = Moves::new();
        pos.generate_legal(&mut moves);
        for &m in moves.iter() {
            pos.do_move(m);
            walk(pos, depth - 1);
            pos.undo_move();
        }
    }

    #[test]
    fn incremental_checkers_match_a_full_scan() {
        for (sfen, depth) in [
            (STARTPOS_SFEN, 3),
            // Promotions, drops and checks on both sides.
            (
                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                2,
            ),
            // Pins and discovered checks by every slider.
            ("4r3k/9/2b6/9/l3G4/3S1S3/2R1K1b2/9/9 b - 1", 3),
            ("4k4/9/4l4/9/1B2P2+R1/9/4L4/9/4K4 b 2P2p 1", 3),
        ] {
            let sfen = usi::parse_sfen(sfen).expect("test SFEN parses");
            let mut pos = Position::from_sfen(&sfen).expect("test SFEN is legal");
            walk(&mut pos, depth);
        }
    }
}
