//! The Mortal Shogi position: board, hands, side to move, incremental
//! Zobrist key and the history make/unmake and repetition need.

use super::types::{Hand, Move, Piece, Role, MAX_MAJORS, MAX_PIECES, ZOBRIST};
use crate::board::attacks::*;
use crate::board::zones::last_ranks;
use crate::board::{Bitboard, Square};
use crate::game::{game_error, Color, GameError};

/// What `undo_move` needs, plus what repetition checks read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub mv: Move,
    /// The kind that moved, before any promotion (a gold may have been a
    /// pawn, knight, lance or silver, so the move alone cannot say).
    pub moved: Role,
    pub captured: Option<Piece>,
    /// Key and checkers of the position before `mv`.
    pub key: u64,
    pub checkers: Bitboard,
}

#[derive(Clone, Debug)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; Role::NUM],
    hands: [Hand; 2],
    side: Color,
    move_number: u32,
    key: u64,
    checkers: Bitboard,
    pub(crate) history: Vec<State>,
}

impl Position {
    fn empty() -> Position {
        Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; Role::NUM],
            hands: [Hand::default(); 2],
            side: Color::Black,
            move_number: 1,
            key: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::with_capacity(256),
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

    #[inline]
    fn rook_likes(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Dragon.index()]
    }

    #[inline]
    fn bishop_likes(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Horse.index()]
    }

    /// King, horse and dragon all step one square in every direction.
    #[inline]
    fn king_likes(&self) -> Bitboard {
        self.by_role[Role::King.index()]
            | self.by_role[Role::Horse.index()]
            | self.by_role[Role::Dragon.index()]
    }

    // ---- attacks ---------------------------------------------------------

    /// Pieces of `by` attacking `sq` given occupancy `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        self.step_attackers(sq, by) | self.slider_attackers(sq, by, occ)
    }

    /// Attackers that step or jump: a piece of `by` attacks `sq` exactly when
    /// the same kind of the other side standing on `sq` would attack it.
    #[inline]
    fn step_attackers(&self, sq: Square, by: Color) -> Bitboard {
        let us = by.flip();
        let attackers = (pawn_attacks(us, sq) & self.role_bb(Role::Pawn))
            | (knight_attacks(us, sq) & self.role_bb(Role::Knight))
            | (silver_attacks(us, sq) & self.role_bb(Role::Silver))
            | (gold_attacks(us, sq) & self.role_bb(Role::Gold))
            | (king_attacks(sq) & self.king_likes());
        attackers & self.by_color[by.index()]
    }

    /// Attackers that slide; a slider's ray is only traced when one of that
    /// kind stands on an empty-board line through `sq`.
    #[inline]
    fn slider_attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let theirs = self.by_color[by.index()];
        let mut attackers = Bitboard::EMPTY;
        let rooks = self.rook_likes() & theirs;
        if (rook_pseudo(sq) & rooks).any() {
            attackers |= rook_attacks(sq, occ) & rooks;
        }
        let bishops = self.bishop_likes() & theirs;
        if (bishop_pseudo(sq) & bishops).any() {
            attackers |= bishop_attacks(sq, occ) & bishops;
        }
        let lances = self.role_bb(Role::Lance) & theirs;
        if (lance_pseudo(by.flip(), sq) & lances).any() {
            attackers |= lance_attacks(by.flip(), sq, occ) & lances;
        }
        attackers
    }

    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        self.step_attackers(sq, by).any() || self.slider_attackers(sq, by, occ).any()
    }

    /// Pieces of `c` that stand alone between `c`'s king and an enemy slider.
    pub fn pinned(&self, c: Color) -> Bitboard {
        let Some(ksq) = self.king(c) else {
            return Bitboard::EMPTY;
        };
        let snipers = ((rook_pseudo(ksq) & self.rook_likes())
            | (bishop_pseudo(ksq) & self.bishop_likes())
            | (lance_pseudo(c, ksq) & self.role_bb(Role::Lance)))
            & self.pieces(c.flip());
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
        self.board[sq.index()] = Some(p);
        self.by_color[p.color.index()] |= sq.bit();
        self.by_role[p.role.index()] |= sq.bit();
        self.key ^= ZOBRIST.piece[p.color.index()][p.role.index()][sq.index()];
    }

    #[inline]
    fn remove(&mut self, p: Piece, sq: Square) {
        self.board[sq.index()] = None;
        self.by_color[p.color.index()] ^= sq.bit();
        self.by_role[p.role.index()] ^= sq.bit();
        self.key ^= ZOBRIST.piece[p.color.index()][p.role.index()][sq.index()];
    }

    /// Adds one `r` to `c`'s hand. Counts stay within the key table: no
    /// position holds more than [`MAX_PIECES`] pieces (`from_sfen` checks,
    /// and play never creates a piece).
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
        let (key, checkers) = (self.key, self.checkers);
        let (moved, captured) = if m.is_drop() {
            let role = m.dropped();
            self.take_hand(us, role);
            self.put(Piece::new(us, role), m.to());
            (role, None)
        } else {
            let Some(piece) = self.board[m.from().index()] else {
                debug_assert!(false, "do_move from an empty square");
                return;
            };
            let captured = self.capture_on(m.to());
            self.remove(piece, m.from());
            let role = m.promotion().unwrap_or(piece.role);
            self.put(Piece::new(us, role), m.to());
            (piece.role, captured)
        };
        self.side = us.flip();
        self.key ^= ZOBRIST.side;
        self.move_number += 1;
        self.history.push(State {
            mv: m,
            moved,
            captured,
            key,
            checkers,
        });
        self.checkers = self.compute_checkers();
    }

    /// Takes the piece on `to`, if any, for the side to move: the capture
    /// rule of Mortal Shogi, one step down into the hand, or gone for a pawn.
    #[inline]
    fn capture_on(&mut self, to: Square) -> Option<Piece> {
        let captured = self.board[to.index()]?;
        self.remove(captured, to);
        if let Some(demoted) = captured.role.demoted() {
            self.add_hand(self.side, demoted);
        }
        Some(captured)
    }

    pub fn undo_move(&mut self) {
        let Some(state) = self.history.pop() else {
            return;
        };
        let m = state.mv;
        let us = self.side.flip();
        let to = m.to();
        let Some(arrived) = self.board[to.index()] else {
            return;
        };
        self.remove(arrived, to);
        if m.is_drop() {
            self.add_hand(us, state.moved);
        } else {
            self.put(Piece::new(us, state.moved), m.from());
            if let Some(captured) = state.captured {
                if let Some(demoted) = captured.role.demoted() {
                    self.take_hand(us, demoted);
                }
                self.put(captured, to);
            }
        }
        self.side = us;
        self.move_number -= 1;
        self.key = state.key;
        self.checkers = state.checkers;
    }

    /// Passes the turn (null move for search); undone by `undo_null_move`.
    pub fn do_null_move(&mut self) {
        self.history.push(State {
            mv: Move::NONE,
            moved: Role::King, // nothing moved; never read
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
            self.side = self.side.flip();
            self.key = state.key;
            self.checkers = state.checkers;
        }
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
            for (r, &n) in self.hands[c.index()].0.iter().enumerate() {
                key ^= ZOBRIST.hand[c.index()][r][n as usize];
            }
        }
        if self.side == Color::White {
            key ^= ZOBRIST.side;
        }
        key
    }

    // ---- SFEN ------------------------------------------------------------

    /// The shogi start position, which Mortal Shogi shares.
    pub fn startpos() -> Position {
        let sfen = crate::shogi::position::usi_startpos();
        match Position::from_sfen(&sfen) {
            Ok(p) => p,
            Err(e) => unreachable!("start position is valid: {e}"),
        }
    }

    /// Builds and validates a position (see
    /// docs/rules/mortal.md for what is rejected and why).
    pub fn from_sfen(sfen: &usi::Sfen) -> Result<Position, GameError> {
        let mut pos = Position::empty();
        pos.read_board(sfen)?;
        for entry in &sfen.hand {
            pos.read_hand_entry(entry)?;
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

    fn read_board(&mut self, sfen: &usi::Sfen) -> Result<(), GameError> {
        if sfen.board.len() != 9 {
            return game_error(format!(
                "sfen: Mortal Shogi's board needs 9 ranks, found {}",
                sfen.board.len()
            ));
        }
        for (rank, row) in sfen.board.iter().enumerate() {
            if row.len() != 9 {
                return game_error(format!(
                    "sfen: rank {} has {} squares, Mortal Shogi needs 9",
                    (b'a' + rank as u8) as char,
                    row.len()
                ));
            }
            for (i, cell) in row.iter().enumerate() {
                let sq = Square::new(9 - i as u8, rank as u8);
                match cell {
                    usi::Cell::Empty => {}
                    usi::Cell::Piece(t) => self.put(board_piece(t, sq)?, sq),
                    _ => {
                        return game_error(format!(
                        "sfen: square {sq} holds a point or base, which Mortal Shogi does not have"
                    ))
                    }
                }
            }
        }
        Ok(())
    }

    fn read_hand_entry(&mut self, entry: &usi::HandEntry) -> Result<(), GameError> {
        let role = hand_role(&entry.piece)?;
        let held = self.hands[0].total() + self.hands[1].total();
        // Checked before adding so that a huge count cannot overflow a hand
        // or run past the key table; `validate` adds the board's pieces.
        if entry.count > MAX_PIECES - held {
            return game_error(format!(
                "sfen: the hands hold more than {MAX_PIECES} pieces, more than a game ever has"
            ));
        }
        let c = Color::from_usi(entry.piece.side);
        for _ in 0..entry.count {
            self.add_hand(c, role);
        }
        Ok(())
    }

    /// Rejects positions the rules cannot reach or play from.
    fn validate(&self) -> Result<(), GameError> {
        for c in [Color::Black, Color::White] {
            self.validate_side(c)?;
        }
        self.validate_counts()?;
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

    fn validate_side(&self, c: Color) -> Result<(), GameError> {
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
                    "sfen: {} has two pawns on file {file} (nifu)",
                    side_name(c)
                ));
            }
        }
        Ok(())
    }

    /// Pieces are never created: at most a set's 38 non-king pieces, and at
    /// most its 4 rooks and bishops in any of their forms. Single kinds may
    /// exceed a set (a side can hold 10 golds).
    fn validate_counts(&self) -> Result<(), GameError> {
        let kings = self.role_bb(Role::King);
        let on_board = (self.occupied() & !kings).count();
        let total = on_board + self.hands[0].total() + self.hands[1].total();
        if total > MAX_PIECES {
            return game_error(format!(
                "sfen: {total} pieces besides the kings, a game has at most {MAX_PIECES}"
            ));
        }
        let majors: u32 = Role::ALL
            .iter()
            .filter(|r| r.is_major())
            .map(|&r| {
                self.role_bb(r).count()
                    + self.hands[0].count(r) as u32
                    + self.hands[1].count(r) as u32
            })
            .sum();
        if majors > MAX_MAJORS {
            return game_error(format!(
                "sfen: {majors} rooks, bishops, horses and dragons in all, a game has at most {MAX_MAJORS}"
            ));
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
        let hand_text = |c: Color| {
            let mut s = String::new();
            for role in Role::HAND_ORDER {
                let n = self.hands[c.index()].count(role);
                if n > 0 {
                    s.push_str(&format!(" {}{}", role.name(), n));
                }
            }
            if s.is_empty() {
                s.push_str(" -");
            }
            s
        };
        let mut out = format!("gote hand:{}\n", hand_text(Color::White));
        out.push_str("  9  8  7  6  5  4  3  2  1\n");
        for rank in 0..9u8 {
            for file in (1..=9u8).rev() {
                match self.board[Square::new(file, rank).index()] {
                    Some(p) => out.push_str(&format!("{:>3}", p.sfen())),
                    None => out.push_str("  ."),
                }
            }
            out.push_str(&format!(" {}\n", (b'a' + rank) as char));
        }
        out.push_str(&format!("sente hand:{}\n", hand_text(Color::Black)));
        out
    }
}

/// A board token as a Mortal piece, or why Mortal Shogi has no such piece.
fn board_piece(t: &usi::PieceToken, sq: Square) -> Result<Piece, GameError> {
    match Role::from_letter(t.letter, t.promoted) {
        Some(role) => Ok(Piece::new(Color::from_usi(t.side), role)),
        None if t.promoted && "PLNS".contains(t.letter.to_ascii_uppercase()) => game_error(format!(
            "sfen: '+{}' on {sq}: Mortal Shogi has no promoted pawns, lances, knights or silvers (they promote to a higher piece instead)",
            t.letter
        )),
        None => game_error(format!(
            "sfen: '{}{}' on {sq} is not a Mortal Shogi piece",
            if t.promoted { "+" } else { "" },
            t.letter
        )),
    }
}

/// The kind a hand token holds, or why no Mortal hand can hold it.
fn hand_role(t: &usi::PieceToken) -> Result<Role, GameError> {
    let name = format!("{}{}", if t.promoted { "+" } else { "" }, t.letter);
    match Role::from_letter(t.letter, t.promoted) {
        Some(Role::Dragon) => game_error(format!(
            "sfen: hand piece '{name}': a dragon cannot be in hand (a captured dragon becomes a horse)"
        )),
        Some(Role::King) => game_error(format!("sfen: hand piece '{name}': a king cannot be in hand")),
        Some(role) => Ok(role),
        None => game_error(format!(
            "sfen: hand piece '{name}' is not a Mortal Shogi piece"
        )),
    }
}

pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "sente",
        Color::White => "gote",
    }
}

/// Where a `role` of `c` would have no move ever again: a pawn or lance on
/// its last rank, a knight on its last two. Nothing may stand, arrive or be
/// dropped there as that kind.
#[inline]
pub fn dead_zone(role: Role, c: Color) -> Bitboard {
    match role {
        Role::Pawn | Role::Lance => last_ranks(c, 1),
        Role::Knight => last_ranks(c, 2),
        _ => Bitboard::EMPTY,
    }
}

#[inline]
pub fn dead_square(role: Role, c: Color, sq: Square) -> bool {
    dead_zone(role, c).contains(sq)
}
