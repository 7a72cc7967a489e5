//! HalfKP features: which rows of the feature transformer a position lights
//! for each perspective, and which a move turns off and on.
//!
//! A perspective sees the board from its own side: White's view is rotated
//! (square `80 - sq`) and calls White's men "friend". A feature is
//! `king square * FE_END + BonaPiece`, the king square being the viewer's
//! own, seen from its side. Kings are never features.

use super::{ACTIVE, FE_END};
use crate::board::position::Kind;
use crate::board::Square;
use crate::game::Color;
use crate::shogi::position::Position;
use crate::shogi::types::{Piece, Role};

/// First BonaPiece of each role on the board, friend's men (the enemy's
/// follow 81 later). Promoted minors count as golds.
const BOARD_BASE: [usize; 14] = [
    90,   // pawn
    252,  // lance
    414,  // knight
    576,  // silver
    900,  // bishop
    1224, // rook
    738,  // gold
    0,    // king (never a feature)
    738,  // tokin
    738,  // promoted lance
    738,  // promoted knight
    738,  // promoted silver
    1062, // horse
    1386, // dragon
];

/// First BonaPiece of each hand kind (pawn, lance, knight, silver, bishop,
/// rook, gold): (friend's hand, enemy's hand). The i-th copy held is base + i.
const HAND_BASE: [(usize, usize); 7] = [
    (1, 20),
    (39, 44),
    (49, 54),
    (59, 64),
    (79, 82),
    (85, 88),
    (69, 74),
];

/// What a move changed, as `do_move` reports it (after making it).
#[derive(Clone, Copy, Debug)]
pub enum Change {
    /// `piece` (before any promotion) went from `from` to `to`, becoming
    /// `role`; `captured` was on `to`, and the mover now holds `held` of its
    /// unpromoted kind.
    Move {
        piece: Piece,
        from: Square,
        to: Square,
        role: Role,
        captured: Option<Piece>,
        held: u8,
    },
    /// `piece` was dropped on `to`; its owner has `left` of the kind in hand.
    Drop { piece: Piece, to: Square, left: u8 },
}

#[inline]
fn orient(v: Color, sq: Square) -> usize {
    match v {
        Color::Black => sq.index(),
        Color::White => 80 - sq.index(),
    }
}

/// The BonaPiece of a man `p` on `sq` as `v` sees it.
#[inline]
fn board_piece(v: Color, p: Piece, sq: Square) -> usize {
    let enemy = if p.color == v { 0 } else { 81 };
    BOARD_BASE[p.role.index()] + enemy + orient(v, sq)
}

/// The BonaPiece of the `i`-th (from 0) `role` in `owner`'s hand as `v` sees it.
#[inline]
fn hand_piece(v: Color, owner: Color, role: Role, i: usize) -> usize {
    let (friend, enemy) = HAND_BASE[role.index()];
    (if owner == v { friend } else { enemy }) + i
}

/// `v`'s king square as `v` sees it, times `FE_END`.
#[inline]
fn king_offset(pos: &Position, v: Color) -> Option<usize> {
    Some(orient(v, pos.king(v)?) * FE_END)
}

/// The 38 features of perspective `v`; men missing from the position (a
/// handicap, a tsume position) each add BonaPiece 0. `None` without both
/// kings, or with more men than a set has.
pub fn active(pos: &Position, v: Color) -> Option<[usize; ACTIVE]> {
    pos.king(v.flip())?;
    let k = king_offset(pos, v)?;
    let mut out = [k; ACTIVE];
    let mut n = 0;
    let mut push = |bp: usize| -> Option<()> {
        *out.get_mut(n)? = k + bp;
        n += 1;
        Some(())
    };
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            if p.role != Role::King {
                push(board_piece(v, p, sq))?;
            }
        }
    }
    for owner in [Color::Black, Color::White] {
        let hand = pos.hand(owner);
        for i in 0..7 {
            let role = Role::from_index(i);
            for copy in 0..usize::from(hand.count(role)) {
                push(hand_piece(v, owner, role, copy))?;
            }
        }
    }
    Some(out)
}

/// Words of a set of BonaPieces (one bit each, 0..FE_END).
pub const SET_WORDS: usize = FE_END.div_ceil(64);

/// The men of perspective `v` as a set of BonaPieces (each is distinct;
/// BonaPiece 0 never is one) and the number of padding entries, with
/// `v`'s king square times `FE_END`. `None` as for [`active`].
pub fn piece_set(pos: &Position, v: Color) -> Option<([u64; SET_WORDS], usize, usize)> {
    let features = active(pos, v)?;
    let k = king_offset(pos, v)?;
    let mut set = [0u64; SET_WORDS];
    let mut padding = 0;
    for f in features {
        let bp = f - k;
        if bp == 0 {
            padding += 1;
        } else {
            set[bp / 64] |= 1 << (bp % 64);
        }
    }
    Some((set, padding, k))
}

/// Up to two features a move turns off and two it turns on, for one view.
pub type Delta = (arrayvec::ArrayVec<usize, 2>, arrayvec::ArrayVec<usize, 2>);

/// The features `change` turned off and on for perspective `v`, or `None`
/// when `v`'s own king moved (every feature moves: refresh that half).
#[inline]
pub fn delta(pos: &Position, v: Color, change: &Change) -> Option<Delta> {
    let mut removed = arrayvec::ArrayVec::new();
    let mut added = arrayvec::ArrayVec::new();
    match *change {
        Change::Move {
            piece,
            from,
            to,
            role,
            captured,
            held,
        } => {
            let is_king = piece.role == Role::King;
            if is_king && piece.color == v {
                return None;
            }
            let k = king_offset(pos, v)?;
            if !is_king {
                removed.push(k + board_piece(v, piece, from));
                added.push(k + board_piece(v, Piece::new(piece.color, role), to));
            }
            if let Some(c) = captured {
                removed.push(k + board_piece(v, c, to));
                let kind = c.role.unpromoted();
                added.push(k + hand_piece(v, piece.color, kind, usize::from(held) - 1));
            }
        }
        Change::Drop { piece, to, left } => {
            let k = king_offset(pos, v)?;
            removed.push(k + hand_piece(v, piece.color, piece.role, usize::from(left)));
            added.push(k + board_piece(v, piece, to));
        }
    }
    Some((removed, added))
}
