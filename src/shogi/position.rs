//! The standard shogi position: board, hands, side to move, incremental
//! Zobrist key and the history make/unmake and repetition need.

use super::types::{Move, Piece, Role};
use crate::board::attacks::*;
pub(super) use crate::board::position::Attackers;
pub use crate::board::position::{dead_square, side_name};
use crate::board::position::{Board, Kind, PackedMove};
pub use crate::board::zones::zone;
use crate::board::{Bitboard, Square};
use crate::game::{Color, GameError, GameName, PositionError};
use crate::nnue::{Change, NetHandle, NnueState, Pending};

/// What `undo_move` needs, plus what repetition checks read.
pub(crate) type State = crate::board::position::State<Move, Role>;

/// Board, hands, key and history ([`Board`]), plus the NNUE net and
/// accumulators when a net is in use (boxed: the common case without one
/// stays small).
pub type Position = Board<Role, Move, Option<Box<NnueState>>, { Role::NUM }, 7>;

pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Position {
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

    /// Plays a move the generator produced (no legality check here).
    pub fn do_move(&mut self, m: Move) {
        let us = self.side;
        let to = m.to();
        let mut state = State {
            mv: m,
            moved: Role::King,
            captured: None,
            key: self.key,
            checkers: self.checkers,
        };
        let mut change = None;
        let (role, from) = if m.is_drop() {
            let role = m.dropped();
            self.take_hand(us, role);
            self.put(Piece::new(us, role), to);
            if self.extra.is_some() {
                let left = self.hand(us).count(role);
                change = Some(Change::Drop {
                    piece: Piece::new(us, role),
                    to,
                    left,
                });
            }
            state.moved = role;
            (role, None)
        } else {
            let from = m.from();
            let Some(piece) = self.piece_at(from) else {
                debug_assert!(false, "do_move from an empty square");
                return;
            };
            if let Some(captured) = self.piece_at(to) {
                self.remove(captured, to);
                self.add_hand(us, captured.role.unpromoted());
                state.captured = Some(captured);
            }
            self.remove(piece, from);
            state.moved = piece.role;
            let role = if m.is_promotion() {
                piece.role.promoted()
            } else {
                piece.role
            };
            self.put(Piece::new(us, role), to);
            if self.extra.is_some() {
                let held = state
                    .captured
                    .map_or(0, |c| self.hand(us).count(c.role.unpromoted()));
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
        let pending = match (&self.extra, &change) {
            (Some(nnue), Some(change)) => Some(nnue.prepare(self, change)),
            _ => None,
        };
        self.side = us.flip();
        self.key ^= Role::KEYS.side;
        self.move_number += 1;
        self.push_state(state);
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
        if let Some(mut nnue) = self.extra.take() {
            nnue.push(self, pending);
            self.extra = Some(nnue);
        }
    }

    pub fn undo_move(&mut self) {
        let Some(state) = self.pop_state() else {
            return;
        };
        // A position given its net after moves has no accumulators for the
        // plies before: recompute when going back past them.
        let refresh = self.extra.as_mut().is_some_and(|nnue| !nnue.pop());
        let m = state.mv;
        let us = self.side.flip();
        let to = m.to();
        let Some(arrived) = self.piece_at(to) else {
            return;
        };
        // The key is restored from the state below, so it is not updated.
        self.lift(arrived, to);
        let hand = &mut self.hands[us.index()].0;
        if m.is_drop() {
            hand[state.moved.index()] += 1;
        } else {
            if let Some(captured) = state.captured {
                hand[captured.role.unpromoted().index()] -= 1;
                self.place(captured, to);
            }
            self.place(Piece::new(us, state.moved), m.from());
        }
        self.side = us;
        self.move_number -= 1;
        self.key = state.key;
        self.checkers = state.checkers;
        if refresh {
            let handle = self.extra.as_ref().map(|n| n.handle().clone());
            self.set_net(handle);
        }
    }

    /// Passes the turn (null move for search); undone by `undo_null_move`.
    pub fn do_null_move(&mut self) {
        if let Some(nnue) = &mut self.extra {
            nnue.push_copy();
        }
        self.push_null();
    }

    pub fn undo_null_move(&mut self) {
        if self.pop_null() {
            if let Some(nnue) = &mut self.extra {
                nnue.pop();
            }
        }
    }

    // ---- NNUE --------------------------------------------------------------

    /// Evaluates with `net` from now on (`None`: the built-in evaluation).
    /// A position without both kings keeps the built-in evaluation: the
    /// net's features need them.
    pub fn set_net(&mut self, net: Option<NetHandle>) {
        self.extra = net.and_then(|h| NnueState::new(h, self)).map(Box::new);
    }

    /// The net in use, if any.
    pub fn nnue(&self) -> Option<&NnueState> {
        self.extra.as_deref()
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
        Position::build(sfen, read_hand_entry, validate_counts, piece_from_token)
    }
}

/// The kind a hand entry holds: an unpromoted kind other than the king
/// (Shogammon's hands hold the same kinds).
pub(crate) fn hand_role(t: usi::PieceToken) -> Result<Role, GameError> {
    Role::from_letter(t.letter, t.promoted)
        .filter(|r| !r.is_promoted() && *r != Role::King)
        .ok_or(PositionError::NotHoldable { piece: t }.into())
}

/// Adds a hand entry: unpromoted kinds only, no more than a set has.
fn read_hand_entry(pos: &mut Position, entry: &usi::HandEntry) -> Result<(), GameError> {
    let t = entry.piece;
    let role = hand_role(t)?;
    let c = Color::from_usi(t.side);
    let total = pos.hand(c).count(role) as u32 + entry.count;
    if total > Role::FULL_SET[role.index()] as u32 {
        return Err(PositionError::HandOverSet {
            game: GameName::Shogi,
            count: total,
            letter: role.letter(),
        }
        .into());
    }
    for _ in 0..entry.count {
        pos.add_hand(c, role);
    }
    Ok(())
}

/// No kind, promoted or not, more often than a set has it.
fn validate_counts(pos: &Position) -> Result<(), GameError> {
    let hands = [pos.hand(Color::Black), pos.hand(Color::White)];
    for role in Role::HAND_ORDER {
        let on_board = (pos.role_bb(role)
            | if role.can_promote() {
                pos.role_bb(role.promoted())
            } else {
                Bitboard::EMPTY
            })
        .count();
        let total = on_board + hands[0].count(role) as u32 + hands[1].count(role) as u32;
        if total > Role::FULL_SET[role.index()] as u32 {
            return Err(PositionError::KindOverSet {
                count: total,
                letter: role.letter(),
                set: Role::FULL_SET[role.index()] as u32,
            }
            .into());
        }
    }
    Ok(())
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
        None => Err(PositionError::UnknownPiece {
            game: GameName::Shogi,
            piece: *t,
            square: sq.to_usi(),
        }
        .into()),
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
