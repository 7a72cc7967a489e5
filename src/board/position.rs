//! The position machinery standard shogi and Mortal Shogi share. Their
//! pieces move alike and are held and dropped alike; what differs is what a
//! piece promotes into and what a capture puts in hand. So the board, hands,
//! incremental key, attacks, history, SFEN and display are written once here
//! over a game's [`Kind`], and each game adds its own move making and rules
//! (`src/shogi/position.rs`, `src/mortal/position.rs`).

use super::attacks::*;
use super::repetition::{Line, Ply};
use super::zobrist::Zobrist;
use super::zones::last_ranks;
use super::{Bitboard, Square};
use crate::game::{Color, Game, GameError, GameName, MoveError, Outcome, PositionError};
use std::fmt::Debug;
use std::hash::Hash;

/// A game's piece kinds, as the shared machinery needs them.
pub trait Kind: Copy + Eq + Debug + Hash + 'static {
    /// The game, for error messages.
    const GAME: GameName;
    const KING: Self;
    const PAWN: Self;
    const LANCE: Self;
    const KNIGHT: Self;
    const SILVER: Self;
    /// Kinds that move like a gold.
    const GOLDS: &'static [Self];
    /// Kinds that slide like a rook (rook, dragon) and like a bishop
    /// (bishop, horse).
    const ROOKS: &'static [Self];
    const BISHOPS: &'static [Self];
    /// Kinds that step one square every way (king, horse, dragon).
    const KINGS: &'static [Self];
    /// Kinds a hand holds, in SFEN order (highest first).
    const HAND_ORDER: &'static [Self];
    /// The game's key table.
    const KEYS: &'static Zobrist;

    fn index(self) -> usize;
    fn from_index(i: usize) -> Self;
    /// SFEN letter (upper case), without any `+`.
    fn letter(self) -> char;
    /// Written with a `+`.
    fn is_promoted(self) -> bool;
    /// Squares a `self` of `c` on `sq` attacks with occupancy `occ`.
    fn attacks(self, c: Color, sq: Square, occ: Bitboard) -> Bitboard;

    /// `+B`, `G`: the kind as SFEN writes it, upper case.
    fn name(self) -> String {
        if self.is_promoted() {
            format!("+{}", self.letter())
        } else {
            self.letter().to_string()
        }
    }
}

/// The [`Kind`] items both games define alike, for a role enum with
/// variants of those names, numbered as its `ALL` lists them.
#[macro_export]
macro_rules! common_kinds {
    () => {
        const KING: Self = Self::King;
        const PAWN: Self = Self::Pawn;
        const LANCE: Self = Self::Lance;
        const KNIGHT: Self = Self::Knight;
        const SILVER: Self = Self::Silver;
        const ROOKS: &'static [Self] = &[Self::Rook, Self::Dragon];
        const BISHOPS: &'static [Self] = &[Self::Bishop, Self::Horse];
        const KINGS: &'static [Self] = &[Self::King, Self::Horse, Self::Dragon];

        #[inline]
        fn index(self) -> usize {
            self as usize
        }

        #[inline]
        fn from_index(i: usize) -> Self {
            Self::ALL[i]
        }
    };
}

/// The origin field of a drop: 81 plus the dropped role's index.
pub const DROP_BASE: u32 = 81;

/// The fields both games pack alike into a move: the destination in bits
/// 0-6 and the origin in bits 7-13 (a square, or [`DROP_BASE`] + role for a
/// drop). How a promotion is packed is each game's own.
pub trait PackedMove: Copy + Into<u32> {
    type Role: Kind;

    #[inline]
    fn bits(self) -> u32 {
        self.into()
    }

    #[inline]
    fn to(self) -> Square {
        Square::from_index((self.bits() & 0x7f) as usize)
    }

    #[inline]
    fn origin(self) -> u32 {
        (self.bits() >> 7) & 0x7f
    }

    #[inline]
    fn is_drop(self) -> bool {
        self.origin() >= DROP_BASE
    }

    /// Origin square of a board move.
    #[inline]
    fn from(self) -> Square {
        Square::from_index(self.origin() as usize)
    }

    /// Kind dropped by a drop move.
    #[inline]
    fn dropped(self) -> Self::Role {
        Self::Role::from_index((self.origin() - DROP_BASE) as usize)
    }

    /// The kind a board move's piece of kind `moved` is once it arrives.
    fn role_after(self, moved: Self::Role) -> Self::Role;
}

/// The destination and origin bits of a board move.
#[inline]
pub const fn board_bits(from: Square, to: Square) -> u32 {
    to.index() as u32 | (from.index() as u32) << 7
}

/// The destination and origin bits of a drop of role index `role`.
#[inline]
pub const fn drop_bits(role: usize, to: Square) -> u32 {
    to.index() as u32 | (DROP_BASE + role as u32) << 7
}

/// The [`Game`] items standard shogi and Mortal Shogi
/// answer alike, from inherent methods of the same names and, in the game's
/// module, `board_move` and `drop_role` (see `Board::read_usi_move`) and
/// `format_move`.
#[macro_export]
macro_rules! shogi_family_game {
    () => {
        $crate::inherent_game_basics!();

        fn generate_legal(&self, moves: &mut Self::Moves) {
            Self::generate_legal(self, moves)
        }

        fn parse_move(
            &self,
            token: &usi::MoveToken,
        ) -> Result<Self::Move, $crate::game::GameError> {
            let mv = $crate::game::plain_move::<Self>(token)?;
            let m = self.read_usi_move(mv, board_move, drop_role, Self::Move::drop)?;
            if self.is_legal(m) {
                Ok(m)
            } else {
                Err(self.explain_illegal(m, mv))
            }
        }

        fn format_move(&self, m: Self::Move) -> usi::MoveToken {
            usi::MoveToken::Move(format_move(m))
        }

        fn in_check(&self) -> bool {
            self.checkers().any()
        }

        fn outcome(&self, rules: &$crate::game::Rules) -> Option<$crate::game::Outcome> {
            Self::outcome(self, rules)
        }

        fn repetition(&self) -> Option<$crate::game::Outcome> {
            self.repetition_outcome(2, $crate::board::position::SEARCH_REPETITION_WINDOW)
        }

        fn display(&self) -> String {
            Self::display(self)
        }
    };
}

/// The [`SearchHooks`](crate::game::SearchHooks) items standard shogi and
/// Mortal Shogi answer alike; each game's impl adds what differs.
#[macro_export]
macro_rules! shogi_family_search_hooks {
    () => {
        fn is_tactical(&self, m: Self::Move) -> bool {
            Self::is_tactical(self, m)
        }

        fn order_score(&self, m: Self::Move) -> i32 {
            self.mvv_lva(m)
        }

        fn is_legal_fast(&self, m: Self::Move) -> bool {
            Self::is_legal_fast(self, m)
        }

        const FAST_LEGALITY: bool = true;
        const STAGED_GENERATION: bool = true;

        fn gives_check(&mut self, m: Self::Move) -> bool {
            Self::gives_check(self, m)
        }

        fn see_ge(&self, m: Self::Move, threshold: i32) -> bool {
            Self::see_ge(self, m, threshold)
        }

        /// The moving kind (after promotion) and the destination.
        const PIECE_TO_SIZE: usize = Role::NUM * 81;

        fn piece_to_index(&self, m: Self::Move) -> usize {
            use $crate::board::position::{Kind, PackedMove};
            let role = if m.is_drop() {
                m.dropped()
            } else {
                match self.piece_at(m.from()) {
                    Some(p) => m.role_after(p.role),
                    None => Role::Pawn,
                }
            };
            role.index() * 81 + m.to().index()
        }

        /// Origin (square or dropped kind) and destination: 14 bits.
        const HISTORY_SIZE: usize = 1 << 14;

        fn history_index(&self, m: Self::Move) -> usize {
            use $crate::board::position::PackedMove;
            m.bits() as usize & ((1 << 14) - 1)
        }

        fn do_null_move(&mut self) -> bool {
            Self::do_null_move(self);
            true
        }

        fn undo_null_move(&mut self) {
            Self::undo_null_move(self)
        }

        fn checking_moves(&mut self, legal: &Self::Moves, out: &mut Vec<Self::Move>) {
            $crate::board::checks::checking_moves(self, legal, out);
        }

        fn mate_in_one(&mut self) -> bool {
            Self::mate_in_one(self).is_some()
        }

        /// The pawns of both sides, and the pieces on and next to the
        /// kings' squares (the castles).
        fn structure_keys(&self) -> Option<[u64; 2]> {
            use $crate::board::attacks::king_attacks;
            use $crate::board::zobrist::structure_key;
            use $crate::game::Color;
            let pawns = structure_key(
                self.pieces_of(Color::Black, Role::Pawn),
                self.pieces_of(Color::White, Role::Pawn),
            );
            let mut near = $crate::board::bitboard::Bitboard::EMPTY;
            for c in [Color::Black, Color::White] {
                if let Some(k) = self.king(c) {
                    near |= king_attacks(k) | k.bit();
                }
            }
            let castles = structure_key(
                self.pieces(Color::Black) & near,
                self.pieces(Color::White) & near,
            );
            Some([pawns, castles])
        }

        /// Stalemate without check is too rare to look for in quiescence
        /// search: always `true`.
        fn generate_tactical(&self, moves: &mut Self::Moves) -> bool {
            Self::generate_tactical(self, moves);
            true
        }
    };
}

/// How far back search looks for repetitions (game-level checks look at all).
pub const SEARCH_REPETITION_WINDOW: usize = 64;

/// A piece: a kind and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece<R> {
    pub color: Color,
    pub role: R,
}

impl<R: Kind> Piece<R> {
    pub fn new(color: Color, role: R) -> Piece<R> {
        Piece { color, role }
    }

    pub fn to_token(self) -> usi::PieceToken {
        usi::PieceToken {
            side: self.color.to_usi(),
            promoted: self.role.is_promoted(),
            letter: self.role.letter(),
        }
    }

    /// SFEN text: `+p`, `K`.
    pub fn sfen(self) -> String {
        match self.color {
            Color::Black => self.role.name(),
            Color::White => self.role.name().to_ascii_lowercase(),
        }
    }
}

/// Pieces in one side's hand, counted by role index (the hand kinds come
/// first in both games' role order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand<const KINDS: usize>(pub [u8; KINDS]);

impl<const KINDS: usize> Default for Hand<KINDS> {
    fn default() -> Self {
        Hand([0; KINDS])
    }
}

impl<const KINDS: usize> Hand<KINDS> {
    /// How many of `role` are held; 0 for kinds a hand never holds.
    #[inline]
    pub fn count<R: Kind>(self, role: R) -> u8 {
        self.0.get(role.index()).copied().unwrap_or(0)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// All pieces held.
    pub fn total(self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
}

/// One history entry: what `undo_move` needs, plus what repetition checks read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State<M, R> {
    pub mv: M,
    /// The kind that moved, before any promotion (in Mortal Shogi a gold may
    /// have been a pawn, knight, lance or silver, so the move cannot say).
    pub moved: R,
    pub captured: Option<Piece<R>>,
    /// Key and checkers of the position before `mv`.
    pub key: u64,
    pub checkers: Bitboard,
}

impl<M: Copy + Eq + Default, R> Ply for State<M, R> {
    fn key_before(&self) -> u64 {
        self.key
    }

    fn in_check_before(&self) -> bool {
        self.checkers.any()
    }

    fn is_null(&self) -> bool {
        self.mv == M::default()
    }
}

/// A position of a game with kinds `R`, moves `M`, `ROLES` roles and `KINDS`
/// hand kinds; `X` is whatever else the game keeps (shogi: its NNUE state).
#[derive(Clone, Debug)]
pub struct Board<R, M, X, const ROLES: usize, const KINDS: usize> {
    board: [Option<Piece<R>>; 81],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; ROLES],
    pub(crate) hands: [Hand<KINDS>; 2],
    pub(crate) side: Color,
    pub(crate) move_number: u32,
    pub(crate) key: u64,
    pub(crate) checkers: Bitboard,
    history: Vec<State<M, R>>,
    /// The history's keys counted by bucket (see [`KeyCounts`]).
    key_counts: KeyCounts,
    pub(crate) extra: X,
}

/// The keys of a position's history counted by their top bits: a key whose
/// bucket is empty has not occurred before, so the repetition check, run
/// at every node of the search, skips its walk back through the history
/// (in a game's middle, most nodes; the walk cost 4% of the search).
#[derive(Clone, Debug)]
struct KeyCounts(Box<[u16; KEY_BUCKETS]>);

const KEY_BUCKETS: usize = 1 << 12;

impl KeyCounts {
    fn new() -> KeyCounts {
        KeyCounts(Box::new([0; KEY_BUCKETS]))
    }

    #[inline(always)]
    fn bucket(key: u64) -> usize {
        (key >> (64 - KEY_BUCKETS.trailing_zeros())) as usize
    }

    // Wrapping: a bucket would need 65,536 entries of one history to wrap.
    #[inline(always)]
    fn add(&mut self, key: u64) {
        let n = &mut self.0[Self::bucket(key)];
        *n = n.wrapping_add(1);
    }

    #[inline(always)]
    fn remove(&mut self, key: u64) {
        let n = &mut self.0[Self::bucket(key)];
        *n = n.wrapping_sub(1);
    }

    #[inline(always)]
    fn may_hold(&self, key: u64) -> bool {
        self.0[Self::bucket(key)] != 0
    }
}

/// One side's pieces grouped by how they attack. Built once, it answers
/// "who attacks this square" for several squares (a king's flights).
#[derive(Clone, Copy, Debug)]
pub struct Attackers {
    /// The side the pieces belong to.
    by: Color,
    pawns: Bitboard,
    knights: Bitboard,
    silvers: Bitboard,
    /// Gold and the kinds that move like it.
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
    pub fn of<R: Kind, M, X, const N: usize, const K: usize>(
        pos: &Board<R, M, X, N, K>,
        by: Color,
    ) -> Attackers {
        let theirs = pos.pieces(by);
        Attackers {
            by,
            pawns: pos.role_bb(R::PAWN) & theirs,
            knights: pos.role_bb(R::KNIGHT) & theirs,
            silvers: pos.role_bb(R::SILVER) & theirs,
            golds: pos.golds() & theirs,
            kings: pos.king_likes() & theirs,
            lances: pos.role_bb(R::LANCE) & theirs,
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
    pub fn aligned_sliders(&self, sq: Square) -> Bitboard {
        (rook_pseudo(sq) & self.rooks)
            | (bishop_pseudo(sq) & self.bishops)
            | (lance_pseudo(self.by.flip(), sq) & self.lances)
    }

    /// The pieces attacking `sq` given occupancy `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
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
    pub fn attack(&self, sq: Square, occ: Bitboard) -> bool {
        self.steppers(sq).any() || self.slide_to(sq, occ)
    }

    /// Whether a slider attacks `sq` given occupancy `occ`.
    #[inline]
    pub fn slide_to(&self, sq: Square, occ: Bitboard) -> bool {
        self.aligned_sliders(sq)
            .into_iter()
            .any(|s| (between(sq, s) & occ).is_empty())
    }
}

impl<R: Kind, M: Copy + Eq + Default, X, const ROLES: usize, const KINDS: usize>
    Board<R, M, X, ROLES, KINDS>
{
    fn empty() -> Self
    where
        X: Default,
    {
        Board {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; ROLES],
            hands: [Hand::default(); 2],
            side: Color::Black,
            move_number: 1,
            key: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::with_capacity(256),
            key_counts: KeyCounts::new(),
            extra: X::default(),
        }
    }

    /// Builds and validates a position from `sfen`: `hand_entry` adds one
    /// hand entry (the games limit hands differently), `counts` checks the
    /// material as a whole once everything is placed.
    pub(crate) fn build(
        sfen: &usi::Sfen,
        mut hand_entry: impl FnMut(&mut Self, &usi::HandEntry) -> Result<(), GameError>,
        counts: impl FnOnce(&Self) -> Result<(), GameError>,
        board_piece: impl Fn(&usi::PieceToken, Square) -> Result<Piece<R>, GameError>,
    ) -> Result<Self, GameError>
    where
        X: Default,
    {
        let mut pos = Self::empty();
        pos.read_board(sfen, board_piece)?;
        for entry in &sfen.hand {
            hand_entry(&mut pos, entry)?;
        }
        pos.side = Color::from_usi(sfen.side);
        if pos.side == Color::White {
            pos.key ^= R::KEYS.side;
        }
        pos.move_number = sfen.move_number.max(1);
        for c in [Color::Black, Color::White] {
            pos.validate_side(c)?;
        }
        counts(&pos)?;
        pos.validate_turn()?;
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    fn read_board(
        &mut self,
        sfen: &usi::Sfen,
        board_piece: impl Fn(&usi::PieceToken, Square) -> Result<Piece<R>, GameError>,
    ) -> Result<(), GameError> {
        read_sfen_board(sfen, R::GAME, |sq, cell| {
            match cell {
                usi::Cell::Empty => {}
                usi::Cell::Piece(t) => self.put(board_piece(t, sq)?, sq),
                _ => {
                    return Err(PositionError::ForeignCell {
                        game: R::GAME,
                        square: sq.to_usi(),
                        cell: cell.clone(),
                    }
                    .into())
                }
            }
            Ok(())
        })
    }

    /// One king at most, no piece that could never move, no two pawns on a file.
    fn validate_side(&self, c: Color) -> Result<(), GameError> {
        if self.pieces_of(c, R::KING).more_than_one() {
            return Err(PositionError::TooManyKings { side: c }.into());
        }
        for sq in self.pieces(c) {
            if let Some(p) = self.board[sq.index()] {
                if dead_square(p.role, c, sq) {
                    return Err(PositionError::DeadPiece {
                        piece: p.to_token(),
                        square: sq.to_usi(),
                    }
                    .into());
                }
            }
        }
        for file in 1..=9 {
            if (self.pieces_of(c, R::PAWN) & Bitboard::file(file)).more_than_one() {
                return Err(PositionError::Nifu { side: c, file }.into());
            }
        }
        Ok(())
    }

    /// The side not to move must not stand in check.
    fn validate_turn(&self) -> Result<(), GameError> {
        let them = self.side.flip();
        if let Some(k) = self.king(them) {
            if self.is_attacked(k, self.side, self.occupied()) {
                return Err(PositionError::NotToMoveInCheck {
                    game: R::GAME,
                    side: them,
                }
                .into());
            }
        }
        Ok(())
    }

    /// Repetition verdict once the current position has occurred `needed`
    /// times, looking back at most `max_plies` plies (see
    /// [`crate::board::repetition`]).
    pub fn repetition_outcome(&self, needed: u32, max_plies: usize) -> Option<Outcome> {
        if !self.key_counts.may_hold(self.key) {
            return None;
        }
        Line {
            history: &self.history,
            key: self.key,
            in_check: self.checkers.any(),
        }
        .repetition(needed, max_plies)
    }

    // ---- make / unmake ---------------------------------------------------

    /// Records a move's state (the position before it) in the history.
    #[inline(always)]
    pub(crate) fn push_state(&mut self, state: State<M, R>) {
        self.key_counts.add(state.key);
        self.history.push(state);
    }

    /// Takes back the last state pushed.
    #[inline(always)]
    pub(crate) fn pop_state(&mut self) -> Option<State<M, R>> {
        let state = self.history.pop()?;
        self.key_counts.remove(state.key);
        Some(state)
    }

    /// Passes the turn (null move for search); undone by `pop_null`.
    pub(crate) fn push_null(&mut self) {
        self.push_state(State {
            mv: M::default(),
            moved: R::KING, // nothing moved; never read
            captured: None,
            key: self.key,
            checkers: self.checkers,
        });
        self.side = self.side.flip();
        self.key ^= R::KEYS.side;
        self.checkers = self.compute_checkers();
    }

    pub(crate) fn pop_null(&mut self) -> bool {
        let Some(state) = self.pop_state() else {
            return false;
        };
        self.side = self.side.flip();
        self.key = state.key;
        self.checkers = state.checkers;
        true
    }
}

impl<R: Kind, M, X, const ROLES: usize, const KINDS: usize> Board<R, M, X, ROLES, KINDS> {
    // ---- accessors -------------------------------------------------------

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece<R>> {
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
    pub fn role_bb(&self, r: R) -> Bitboard {
        self.by_role[r.index()]
    }

    #[inline]
    pub fn pieces_of(&self, c: Color, r: R) -> Bitboard {
        self.by_role[r.index()] & self.by_color[c.index()]
    }

    #[inline]
    pub fn hand(&self, c: Color) -> Hand<KINDS> {
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
        let k = self.pieces_of(c, R::KING);
        if k.is_empty() {
            None
        } else {
            Some(k.lsb())
        }
    }

    #[inline]
    fn any_of(&self, roles: &[R]) -> Bitboard {
        roles
            .iter()
            .fold(Bitboard::EMPTY, |bb, &r| bb | self.role_bb(r))
    }

    /// Pieces that move like a gold.
    #[inline]
    pub fn golds(&self) -> Bitboard {
        self.any_of(R::GOLDS)
    }

    #[inline]
    pub fn rook_likes(&self) -> Bitboard {
        self.any_of(R::ROOKS)
    }

    #[inline]
    pub fn bishop_likes(&self) -> Bitboard {
        self.any_of(R::BISHOPS)
    }

    /// King, horse and dragon all step one square in every direction.
    #[inline]
    pub fn king_likes(&self) -> Bitboard {
        self.any_of(R::KINGS)
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

    /// Pieces of `c` that stand alone between `c`'s king and an enemy slider.
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

    // ---- one move's legality ----------------------------------------------

    /// Whether the side to move's board move from `from` to `to` is legal,
    /// with `promotion_ok` judging the game's promotion choice for the
    /// moving kind. The generators' rules, for one move without generating
    /// them all: search checks a transposition-table move this way before
    /// it searches it.
    pub(crate) fn board_move_is_legal(
        &self,
        from: Square,
        to: Square,
        promotion_ok: impl FnOnce(R) -> bool,
    ) -> bool {
        let us = self.side;
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        let occ = self.occupied();
        if p.color != us
            || self.pieces(us).contains(to)
            || !p.role.attacks(us, from, occ).contains(to)
            || !promotion_ok(p.role)
        {
            return false;
        }
        let Some(ksq) = self.king(us) else {
            return true;
        };
        if from == ksq {
            // The king no longer shields the squares behind it.
            return !self.is_attacked(to, us.flip(), occ ^ from.bit());
        }
        self.resolves_check(ksq, to)
            && (line(ksq, from).contains(to) || !self.pinned(us).contains(from))
    }

    /// Whether the side to move may drop a `role` on `to`: one in hand, an
    /// empty square where it can move again, no second pawn on the file, no
    /// mate by pawn drop, and a block of the check if in check.
    pub(crate) fn drop_is_legal(&self, role: R, to: Square) -> bool {
        let us = self.side;
        if self.hand(us).count(role) == 0
            || self.occupied().contains(to)
            || dead_square(role, us, to)
        {
            return false;
        }
        if role == R::PAWN
            && (self.pawn_files(us).contains(to) || self.mating_pawn_drop(to.bit()).is_some())
        {
            return false;
        }
        match self.king(us) {
            Some(ksq) => self.checkers.is_empty() || self.blocks_check(ksq, to),
            None => true,
        }
    }

    /// Whether a piece other than the king arriving on `to` leaves the king
    /// on `ksq` out of check: no check, or one that it takes or blocks.
    #[inline]
    fn resolves_check(&self, ksq: Square, to: Square) -> bool {
        let checkers = self.checkers;
        checkers.is_empty()
            || (!checkers.more_than_one() && (checkers.contains(to) || self.blocks_check(ksq, to)))
    }

    /// Whether `to` stands between the king on `ksq` and its one checker
    /// (a second checker cannot be blocked too).
    #[inline]
    fn blocks_check(&self, ksq: Square, to: Square) -> bool {
        let checkers = self.checkers;
        checkers.any() && !checkers.more_than_one() && between(ksq, checkers.lsb()).contains(to)
    }

    pub(crate) fn compute_checkers(&self) -> Bitboard {
        match self.king(self.side) {
            Some(k) => self.attackers_to(k, self.side.flip(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    // ---- USI input -------------------------------------------------------

    /// Turns USI syntax into a move, without the legality check. The games
    /// read promotions and drops their own ways: `board` makes the move of
    /// the side to move's `piece` from `from` to `to` with the suffix,
    /// `drop_role` names the kind a drop token drops, `drop` makes the drop.
    pub(crate) fn read_usi_move(
        &self,
        mv: &usi::UsiMove,
        board: impl FnOnce(Piece<R>, Square, Square, &usi::Suffix) -> Result<M, GameError>,
        drop_role: impl FnOnce(bool, &[char]) -> Result<R, GameError>,
        drop: impl FnOnce(R, Square) -> M,
    ) -> Result<M, GameError> {
        match mv {
            usi::UsiMove::Board { from, to, suffix } => {
                let (from, to) = (usi_square(*from)?, usi_square(*to)?);
                board(self.own_piece_on(from)?, from, to, suffix)
            }
            usi::UsiMove::Drop {
                promoted,
                letters,
                to,
            } => {
                let role = drop_role(*promoted, letters)?;
                let to = usi_square(*to)?;
                Ok(drop(self.held(role)?, to))
            }
            _ => Err(MoveError::NotOfGame { game: R::GAME }.into()),
        }
    }

    /// The side to move's piece on `from`, the origin of a board move.
    fn own_piece_on(&self, from: Square) -> Result<Piece<R>, GameError> {
        match self.piece_at(from) {
            None => Err(MoveError::NoPiece {
                square: from.to_usi(),
            }
            .into()),
            Some(p) if p.color != self.side => Err(MoveError::NotYourPiece {
                square: from.to_usi(),
            }
            .into()),
            Some(p) => Ok(p),
        }
    }

    /// `role`, the kind of a drop, if the side to move holds one.
    fn held(&self, role: R) -> Result<R, GameError> {
        if self.hand(self.side).count(role) == 0 {
            return Err(MoveError::NotInHand {
                piece: Piece::new(Color::Black, role).to_token(),
            }
            .into());
        }
        Ok(role)
    }

    /// Why a drop of a held `role` on `to` is not legal.
    pub(crate) fn drop_refusal(&self, role: R, to: Square) -> String {
        let us = self.side;
        if self.piece_at(to).is_some() {
            format!("{to} is occupied")
        } else if dead_square(role, us, to) {
            format!("a dropped '{}' on {to} could never move", role.name())
        } else if role == R::PAWN && self.pawn_files(us).contains(to) {
            format!("{} already has a pawn on that file (nifu)", side_name(us))
        } else if role == R::PAWN && self.checkers.is_empty() {
            "a pawn drop may not give checkmate (uchifuzume)".to_string()
        } else {
            "it leaves the king in check".to_string()
        }
    }

    /// Files holding a pawn of `c` (nifu; shogi's tokins are another kind).
    #[inline]
    pub fn pawn_files(&self, c: Color) -> Bitboard {
        self.pieces_of(c, R::PAWN).filled_files()
    }

    /// The square among `dests` where a pawn drop would give checkmate
    /// (uchifuzume), if any. Only the square in front of the enemy king can.
    pub(crate) fn mating_pawn_drop(&self, dests: Bitboard) -> Option<Square> {
        let them = self.side.flip();
        let eksq = self.king(them)?;
        let front = pawn_attacks(them, eksq) & dests;
        if front.is_empty() {
            return None;
        }
        let to = front.lsb();
        self.pawn_drop_mates(to, eksq).then_some(to)
    }

    /// Whether a pawn dropped on `to`, checking the king on `eksq`, mates.
    /// A pawn's check cannot be blocked: the king must take it or flee, or
    /// another piece must take it without exposing the king.
    fn pawn_drop_mates(&self, to: Square, eksq: Square) -> bool {
        let us = self.side;
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

    // ---- make / unmake ---------------------------------------------------

    #[inline]
    pub(crate) fn put(&mut self, p: Piece<R>, sq: Square) {
        self.place(p, sq);
        self.key ^= R::KEYS.piece[p.color.index()][p.role.index()][sq.index()];
    }

    #[inline]
    pub(crate) fn remove(&mut self, p: Piece<R>, sq: Square) {
        self.lift(p, sq);
        self.key ^= R::KEYS.piece[p.color.index()][p.role.index()][sq.index()];
    }

    /// `put` without the key update (`undo_move` restores the key whole).
    #[inline]
    pub(crate) fn place(&mut self, p: Piece<R>, sq: Square) {
        self.board[sq.index()] = Some(p);
        self.by_color[p.color.index()] |= sq.bit();
        self.by_role[p.role.index()] |= sq.bit();
    }

    /// `remove` without the key update.
    #[inline]
    pub(crate) fn lift(&mut self, p: Piece<R>, sq: Square) {
        self.board[sq.index()] = None;
        self.by_color[p.color.index()] ^= sq.bit();
        self.by_role[p.role.index()] ^= sq.bit();
    }

    /// Adds one `r` to `c`'s hand; the caller keeps counts within the key
    /// table (every game checks its hands when it reads a position, and
    /// play never creates a piece).
    #[inline]
    pub(crate) fn add_hand(&mut self, c: Color, r: R) {
        let n = &mut self.hands[c.index()].0[r.index()];
        let keys = &R::KEYS.hand[c.index()][r.index()];
        self.key ^= keys[*n as usize] ^ keys[*n as usize + 1];
        *n += 1;
    }

    #[inline]
    pub(crate) fn take_hand(&mut self, c: Color, r: R) {
        let n = &mut self.hands[c.index()].0[r.index()];
        let keys = &R::KEYS.hand[c.index()][r.index()];
        self.key ^= keys[*n as usize] ^ keys[*n as usize - 1];
        *n -= 1;
    }

    /// The key computed from scratch (tests compare it to the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0u64;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                key ^= R::KEYS.piece[p.color.index()][p.role.index()][sq.index()];
            }
        }
        for c in [Color::Black, Color::White] {
            for (r, &n) in self.hands[c.index()].0.iter().enumerate() {
                key ^= R::KEYS.hand[c.index()][r][n as usize];
            }
        }
        if self.side == Color::White {
            key ^= R::KEYS.side;
        }
        key
    }

    // ---- SFEN ------------------------------------------------------------

    pub fn to_sfen(&self) -> usi::Sfen {
        usi::Sfen {
            board: sfen_board(|sq| match self.board[sq.index()] {
                Some(p) => usi::Cell::Piece(p.to_token()),
                None => usi::Cell::Empty,
            }),
            side: self.side.to_usi(),
            hand: sfen_hand(self.hands, R::HAND_ORDER),
            move_number: self.move_number,
        }
    }

    /// A board a person can read, sente at the bottom.
    pub fn display(&self) -> String {
        let hand_text = |c: Color| {
            let mut s = String::new();
            for &role in R::HAND_ORDER {
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

impl<R: Kind, M: Copy + Eq, X, const ROLES: usize, const KINDS: usize> Board<R, M, X, ROLES, KINDS>
where
    Self: Game<Move = M>,
{
    /// Checks a move against the legal list (used for user input only).
    pub fn is_legal(&self, m: M) -> bool {
        let mut list = <Self as Game>::Moves::default();
        self.generate_legal(&mut list);
        list.contains(&m)
    }
}

/// A square of USI input, if it is on the board.
pub fn usi_square(sq: usi::Square) -> Result<Square, GameError> {
    Square::from_usi(sq).ok_or(GameError::Move(MoveError::OffBoard {
        square: sq,
        size: 9,
    }))
}

/// Reads a 9x9 SFEN board field: checks its shape, then calls `read` with
/// every square and its cell, rank a first, each rank from file 9. The
/// shape errors name the game.
pub fn read_sfen_board(
    sfen: &usi::Sfen,
    game: GameName,
    mut read: impl FnMut(Square, &usi::Cell) -> Result<(), GameError>,
) -> Result<(), GameError> {
    if sfen.board.len() != 9 {
        return Err(PositionError::RankCount {
            game,
            found: sfen.board.len(),
        }
        .into());
    }
    for (rank, row) in sfen.board.iter().enumerate() {
        if row.len() != 9 {
            return Err(PositionError::RankLength {
                game,
                rank: rank as u8,
                found: row.len(),
            }
            .into());
        }
        for (i, cell) in row.iter().enumerate() {
            read(Square::new(9 - i as u8, rank as u8), cell)?;
        }
    }
    Ok(())
}

/// The SFEN board field of a 9x9 board whose squares hold `cell(sq)`, rank
/// a first, each rank from file 9.
pub fn sfen_board(cell: impl Fn(Square) -> usi::Cell) -> Vec<Vec<usi::Cell>> {
    (0..9u8)
        .map(|rank| (0..9u8).map(|i| cell(Square::new(9 - i, rank))).collect())
        .collect()
}

/// The SFEN hand field of `hands` (sente's, gote's), kinds in `order`.
pub fn sfen_hand<R: Kind, const KINDS: usize>(
    hands: [Hand<KINDS>; 2],
    order: &[R],
) -> Vec<usi::HandEntry> {
    let mut hand = Vec::new();
    for c in [Color::Black, Color::White] {
        for &role in order {
            let n = hands[c.index()].count(role);
            if n > 0 {
                hand.push(usi::HandEntry {
                    count: n as u32,
                    piece: Piece::new(c, role).to_token(),
                });
            }
        }
    }
    hand
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
pub fn dead_zone<R: Kind>(role: R, c: Color) -> Bitboard {
    if role == R::PAWN || role == R::LANCE {
        last_ranks(c, 1)
    } else if role == R::KNIGHT {
        last_ranks(c, 2)
    } else {
        Bitboard::EMPTY
    }
}

#[inline]
pub fn dead_square<R: Kind>(role: R, c: Color, sq: Square) -> bool {
    dead_zone(role, c).contains(sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::shogi::{Moves, Position};

    fn recount(p: &Position) -> Vec<u16> {
        let mut counts = vec![0u16; KEY_BUCKETS];
        for s in &p.history {
            counts[KeyCounts::bucket(s.key)] += 1;
        }
        counts
    }

    /// Through moves, take-backs and null moves the counts stay those of
    /// the history, so the walk is skipped only where it finds nothing.
    #[test]
    fn key_counts_follow_the_history() {
        let mut p = Position::startpos();
        let mut rand = crate::board::testing::xorshift(12345);
        let mut next = |n: usize| (rand() % n as u64) as usize;
        let mut nulls = 0;
        for _ in 0..3000 {
            let mut moves = Moves::default();
            p.generate_legal(&mut moves);
            match next(6) {
                0 | 1 if !p.history.is_empty() => {
                    if nulls > 0 && p.history.last().is_some_and(|s| s.mv == Default::default()) {
                        assert!(p.pop_null());
                        nulls -= 1;
                    } else {
                        p.undo_move();
                    }
                }
                2 if !p.in_check() => {
                    p.push_null();
                    nulls += 1;
                }
                _ if !moves.is_empty() => p.do_move(moves[next(moves.len())]),
                _ => p.undo_move(),
            }
            assert_eq!(&p.key_counts.0[..], &recount(&p)[..]);
            let walk = Line {
                history: &p.history,
                key: p.key,
                in_check: p.checkers.any(),
            }
            .repetition(2, 64);
            assert_eq!(p.repetition_outcome(2, 64), walk);
        }
        // Kings stepping out and back repeat the start position.
        let mut p = Position::startpos();
        crate::board::testing::play(&mut p, "5i4h 5a4b 4h5i 4b5a");
        assert!(p.repetition_outcome(2, 64).is_some());
    }
}
