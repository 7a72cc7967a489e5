//! The Mortal Shogi position: board, hands, side to move, incremental
//! Zobrist key and the history make/unmake and repetition need.

use super::types::{Move, Piece, Role, MAX_MAJORS, MAX_PIECES};
pub use crate::board::position::{dead_square, dead_zone, side_name};
use crate::board::position::{Board, Kind, PackedMove};
use crate::board::Square;
use crate::game::{Color, GameError, GameName, PositionError};

/// What `undo_move` needs, plus what repetition checks read.
pub(crate) type State = crate::board::position::State<Move, Role>;

/// Board, hands, key and history: all [`Board`]'s.
pub type Position = Board<Role, Move, (), { Role::NUM }, { Role::HAND_KINDS }>;

impl Position {
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
            let Some(piece) = self.piece_at(m.from()) else {
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
        self.key ^= Role::KEYS.side;
        self.move_number += 1;
        self.push_state(State {
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
        let captured = self.piece_at(to)?;
        self.remove(captured, to);
        if let Some(demoted) = captured.role.demoted() {
            self.add_hand(self.side, demoted);
        }
        Some(captured)
    }

    pub fn undo_move(&mut self) {
        let Some(state) = self.pop_state() else {
            return;
        };
        let m = state.mv;
        let us = self.side.flip();
        let to = m.to();
        let Some(arrived) = self.piece_at(to) else {
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
        self.push_null();
    }

    pub fn undo_null_move(&mut self) {
        self.pop_null();
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
        Position::build(sfen, read_hand_entry, validate_counts, board_piece)
    }
}

/// Adds a hand entry, unless the hands would then hold more pieces than a
/// game has.
fn read_hand_entry(pos: &mut Position, entry: &usi::HandEntry) -> Result<(), GameError> {
    let role = hand_role(&entry.piece)?;
    let held = pos.hand(Color::Black).total() + pos.hand(Color::White).total();
    // Checked before adding so that a huge count cannot overflow a hand
    // or run past the key table; `validate_counts` adds the board's pieces.
    if entry.count > MAX_PIECES - held {
        return Err(PositionError::HandsOverGame { max: MAX_PIECES }.into());
    }
    let c = Color::from_usi(entry.piece.side);
    for _ in 0..entry.count {
        pos.add_hand(c, role);
    }
    Ok(())
}

/// Pieces are never created: at most a set's 38 non-king pieces, and at
/// most its 4 rooks and bishops in any of their forms. Single kinds may
/// exceed a set (a side can hold 10 golds).
fn validate_counts(pos: &Position) -> Result<(), GameError> {
    let hands = [pos.hand(Color::Black), pos.hand(Color::White)];
    let on_board = (pos.occupied() & !pos.role_bb(Role::King)).count();
    let total = on_board + hands[0].total() + hands[1].total();
    if total > MAX_PIECES {
        return Err(PositionError::PiecesOverGame {
            count: total,
            max: MAX_PIECES,
        }
        .into());
    }
    let majors: u32 = Role::ALL
        .iter()
        .filter(|r| r.is_major())
        .map(|&r| pos.role_bb(r).count() + hands[0].count(r) as u32 + hands[1].count(r) as u32)
        .sum();
    if majors > MAX_MAJORS {
        return Err(PositionError::MajorsOverGame {
            count: majors,
            max: MAX_MAJORS,
        }
        .into());
    }
    Ok(())
}

/// A board token as a Mortal piece, or why Mortal Shogi has no such piece.
fn board_piece(t: &usi::PieceToken, sq: Square) -> Result<Piece, GameError> {
    match Role::from_letter(t.letter, t.promoted) {
        Some(role) => Ok(Piece::new(Color::from_usi(t.side), role)),
        None if t.promoted && "PLNS".contains(t.letter.to_ascii_uppercase()) => {
            Err(PositionError::PromotedMinor {
                piece: *t,
                square: sq.to_usi(),
            }
            .into())
        }
        None => Err(PositionError::UnknownPiece {
            game: GameName::Mortal,
            piece: *t,
            square: sq.to_usi(),
        }
        .into()),
    }
}

/// The kind a hand token holds, or why no Mortal hand can hold it.
fn hand_role(t: &usi::PieceToken) -> Result<Role, GameError> {
    let piece = *t;
    match Role::from_letter(t.letter, t.promoted) {
        Some(Role::Dragon) => Err(PositionError::DragonInHand { piece }.into()),
        Some(Role::King) => Err(PositionError::KingInHand { piece }.into()),
        Some(role) => Ok(role),
        None => Err(PositionError::UnknownHandPiece {
            game: GameName::Mortal,
            piece,
        }
        .into()),
    }
}
