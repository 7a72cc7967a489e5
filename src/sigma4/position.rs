//! The Sigma 4 position: bases on the 7x7 board, both storages, side to
//! move, an incremental Zobrist key and the history make/unmake and the
//! repetition rule need. SFEN reading (with every validity check of
//! docs/rules/sigma4.md) and writing, and the board a person reads (`d`).

use std::sync::OnceLock;

use super::attacks::{is_attacked, tables, StoneMaps};
use super::fits::fits;
use super::types::{side_name, Base, Bitboard7, Move, MoveKind, Square7, Stone, Stones, Unit};
use crate::board::zobrist::SplitMix;
use crate::game::{Color, GameError, GameName, PositionError};

/// The standard start position (docs/rules/sigma4.md).
pub const STARTPOS_SFEN: &str = "[nw][dw][ef][rfw][ef][dw][nw]/[df][ef][jd][en][jd][ef][df]/[dw][ze][cw][nf][ce][ze][dw]/7/[DW][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW] b - 1";

/// Bases per side (20 plain, 1 royal).
pub const BASES: u32 = 21;

/// The royal base's start square of `c`, which is the other side's goal.
#[inline]
pub fn royal_start(c: Color) -> Square7 {
    match c {
        Color::Black => Square7::new(4, 6),
        Color::White => Square7::new(4, 0),
    }
}

/// The square `c`'s royal base wins on: the opponent's royal start square.
#[inline]
pub fn goal(c: Color) -> Square7 {
    royal_start(c.flip())
}

/// `c`'s own corners (its back rank's ends).
pub fn own_corners(c: Color) -> Bitboard7 {
    match c {
        Color::Black => Square7::new(7, 6).bit() | Square7::new(1, 6).bit(),
        Color::White => Square7::new(7, 0).bit() | Square7::new(1, 0).bit(),
    }
}

/// Zobrist keys: one per (side, composition, square), one per (side, stone,
/// count in storage) with count zero keyed zero, and one for the side to
/// move. Bases in storage need no key: the board determines them.
struct Zobrist {
    base: Vec<u64>,
    storage: [[[u64; 17]; 8]; 2],
    side: u64,
}

fn zobrist() -> &'static Zobrist {
    static KEYS: OnceLock<Zobrist> = OnceLock::new();
    KEYS.get_or_init(|| {
        // Built at run time: the composition table it is sized by is too.
        let mut s = SplitMix::new(0x7369_676d_6134_0001);
        let n = fits().len();
        let base = (0..2 * n * 49).map(|_| s.next()).collect();
        let mut storage = [[[0; 17]; 8]; 2];
        for side in storage.iter_mut() {
            for kind in side.iter_mut() {
                for key in kind.iter_mut().skip(1) {
                    *key = s.next();
                }
            }
        }
        Zobrist {
            base,
            storage,
            side: s.next(),
        }
    })
}

#[inline]
fn base_key(u: Unit, sq: Square7) -> u64 {
    let n = fits().len();
    zobrist().base[(u.color.index() * n + u.fit.0 as usize) * 49 + sq.index()]
}

fn storage_key(c: Color, stones: Stones) -> u64 {
    let z = &zobrist().storage[c.index()];
    Stone::ALL
        .iter()
        .map(|&s| z[s.index()][(stones.count(s) as usize).min(16)])
        .fold(0, |a, b| a ^ b)
}

/// What `undo_move` needs, plus what the repetition rule reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub mv: Move,
    /// The moving base before the move (board moves).
    pub moved: Option<Unit>,
    pub captured: Option<Unit>,
    /// Key, check flag and storages of the position before `mv`.
    pub key: u64,
    pub in_check: bool,
    pub storage: [Stones; 2],
}

#[derive(Clone, Debug)]
pub struct Position {
    board: [Option<Unit>; 49],
    by_color: [Bitboard7; 2],
    maps: [StoneMaps; 2],
    royal: [Square7; 2],
    storage: [Stones; 2],
    side: Color,
    move_number: u32,
    key: u64,
    in_check: bool,
    pub(crate) history: Vec<State>,
}

impl Position {
    fn empty() -> Position {
        Position {
            board: [None; 49],
            by_color: [Bitboard7::EMPTY; 2],
            maps: [[[Bitboard7::EMPTY; 4]; 8]; 2],
            royal: [Square7::default(); 2],
            storage: [Stones::EMPTY; 2],
            side: Color::Black,
            move_number: 1,
            key: 0,
            in_check: false,
            history: Vec::with_capacity(256),
        }
    }

    // ---- accessors -------------------------------------------------------

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn unit_at(&self, sq: Square7) -> Option<Unit> {
        self.board[sq.index()]
    }

    /// The composition of the base on `sq`, if any.
    #[inline]
    pub fn base_at(&self, sq: Square7) -> Option<(Color, Base)> {
        self.board[sq.index()].map(|u| (u.color, fits().base(u.fit)))
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard7 {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn bases(&self, c: Color) -> Bitboard7 {
        self.by_color[c.index()]
    }

    #[inline]
    pub fn stone_maps(&self, c: Color) -> &StoneMaps {
        &self.maps[c.index()]
    }

    #[inline]
    pub fn royal(&self, c: Color) -> Square7 {
        self.royal[c.index()]
    }

    #[inline]
    pub fn storage(&self, c: Color) -> Stones {
        self.storage[c.index()]
    }

    /// Plain bases `c` has off the board (available for drops).
    #[inline]
    pub fn bases_in_storage(&self, c: Color) -> u32 {
        BASES.saturating_sub(self.by_color[c.index()].count())
    }

    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Whether the side that just moved has put its royal base on its goal
    /// square: the game is over, won by that side.
    #[inline]
    pub fn goal_reached(&self) -> bool {
        let last = self.side.flip();
        self.royal[last.index()] == goal(last)
    }

    /// Whether an enemy base of `by` (restricted to `mask`) could move to
    /// `sq` with occupancy `occ`, legal or not.
    #[inline]
    pub fn attacked_by(&self, sq: Square7, by: Color, occ: Bitboard7, mask: Bitboard7) -> bool {
        is_attacked(tables(), &self.maps[by.index()], sq, occ, mask)
    }

    fn compute_in_check(&self) -> bool {
        let us = self.side;
        self.attacked_by(self.royal(us), us.flip(), self.occupied(), Bitboard7::ALL)
    }

    // ---- make / unmake ---------------------------------------------------

    #[inline]
    fn toggle_maps(&mut self, u: Unit, sq: Square7) {
        let maps = &mut self.maps[u.color.index()];
        let mut bits = fits().get(u.fit).map_bits;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            maps[i / 4][i % 4] ^= sq.bit();
            bits &= bits - 1;
        }
    }

    #[inline]
    fn put(&mut self, u: Unit, sq: Square7) {
        debug_assert!(self.board[sq.index()].is_none());
        self.board[sq.index()] = Some(u);
        self.by_color[u.color.index()] |= sq.bit();
        self.toggle_maps(u, sq);
        self.key ^= base_key(u, sq);
        if fits().base(u.fit).royal {
            self.royal[u.color.index()] = sq;
        }
    }

    #[inline]
    fn remove(&mut self, sq: Square7) -> Option<Unit> {
        let u = self.board[sq.index()].take()?;
        self.by_color[u.color.index()] ^= sq.bit();
        self.toggle_maps(u, sq);
        self.key ^= base_key(u, sq);
        Some(u)
    }

    #[inline]
    fn set_storage(&mut self, c: Color, stones: Stones) {
        let old = self.storage[c.index()];
        self.key ^= storage_key(c, old) ^ storage_key(c, stones);
        self.storage[c.index()] = stones;
    }

    /// Plays a move the generator produced (no legality check here).
    pub fn do_move(&mut self, m: Move) {
        let us = self.side;
        let them = us.flip();
        let mut state = State {
            mv: m,
            moved: None,
            captured: None,
            key: self.key,
            in_check: self.in_check,
            storage: self.storage,
        };
        match m.kind() {
            MoveKind::Quiet { from, to } => {
                if let Some(u) = self.remove(from) {
                    state.moved = Some(u);
                    self.put(u, to);
                }
            }
            MoveKind::Capture { from, to, kept } => {
                let captured = self.remove(to);
                if let Some(u) = self.remove(from) {
                    state.moved = Some(u);
                    // The pool is both bases' stones; what is not kept goes
                    // to the opponent's storage, the captured base (empty)
                    // back to its owner's.
                    let mut pool = fits().stones(u.fit);
                    if let Some(v) = captured {
                        pool = pool.plus(fits().stones(v.fit));
                    }
                    let kept_stones = fits().stones(kept);
                    let returned = pool.minus(kept_stones);
                    self.set_storage(them, self.storage(them).plus(returned));
                    self.put(
                        Unit {
                            color: us,
                            fit: kept,
                        },
                        to,
                    );
                }
                state.captured = captured;
            }
            MoveKind::Drop { fit, to } => {
                self.set_storage(us, self.storage(us).minus(fits().stones(fit)));
                self.put(Unit { color: us, fit }, to);
            }
            MoveKind::CornerTake(s) => {
                self.set_storage(them, self.storage(them).without(s));
                self.set_storage(us, self.storage(us).with(s, 1));
            }
        }
        self.side = them;
        self.key ^= zobrist().side;
        self.move_number += 1;
        self.history.push(state);
        self.in_check = self.compute_in_check();
    }

    pub fn undo_move(&mut self) {
        let Some(state) = self.history.pop() else {
            return;
        };
        match state.mv.kind() {
            MoveKind::Quiet { from, to } | MoveKind::Capture { from, to, .. } => {
                self.remove(to);
                if let Some(u) = state.moved {
                    self.put(u, from);
                }
                if let Some(v) = state.captured {
                    self.put(v, to);
                }
            }
            MoveKind::Drop { to, .. } => {
                self.remove(to);
            }
            MoveKind::CornerTake(_) => {}
        }
        self.storage = state.storage;
        self.side = self.side.flip();
        self.move_number -= 1;
        self.key = state.key;
        self.in_check = state.in_check;
    }

    /// Passes the turn (null-move pruning): only the side to move and the
    /// key change; recorded in the history like a move, so repetition
    /// counting keeps its parity. The caller makes sure the side to move
    /// is not in check.
    pub fn do_null_move(&mut self) {
        self.history.push(State {
            mv: Move::NONE,
            moved: None,
            captured: None,
            key: self.key,
            in_check: self.in_check,
            storage: self.storage,
        });
        self.side = self.side.flip();
        self.key ^= zobrist().side;
        self.move_number += 1;
        self.in_check = self.compute_in_check();
    }

    pub fn undo_null_move(&mut self) {
        let Some(state) = self.history.pop() else {
            return;
        };
        self.side = self.side.flip();
        self.move_number -= 1;
        self.key = state.key;
        self.in_check = state.in_check;
    }

    /// The key computed from scratch (tests compare it to the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for sq in Square7::all() {
            if let Some(u) = self.board[sq.index()] {
                key ^= base_key(u, sq);
            }
        }
        for c in [Color::Black, Color::White] {
            key ^= storage_key(c, self.storage(c));
        }
        if self.side == Color::White {
            key ^= zobrist().side;
        }
        key
    }

    // ---- SFEN ------------------------------------------------------------

    pub fn startpos() -> Position {
        let parsed = usi::parse_sfen(STARTPOS_SFEN);
        match parsed.map(|s| Position::from_sfen(&s)) {
            Ok(Ok(p)) => p,
            _ => unreachable!("the start position is valid (tested)"),
        }
    }

    /// Builds and validates a position (docs/rules/sigma4.md).
    pub fn from_sfen(sfen: &usi::Sfen) -> Result<Position, GameError> {
        let mut pos = Position::empty();
        if sfen.board.len() != 7 {
            return Err(PositionError::RankCount {
                game: GameName::Sigma4,
                found: sfen.board.len(),
            }
            .into());
        }
        let mut royals = [0u32; 2];
        for (rank, row) in sfen.board.iter().enumerate() {
            if row.len() != 7 {
                return Err(PositionError::RankLength {
                    game: GameName::Sigma4,
                    rank: rank as u8,
                    found: row.len(),
                }
                .into());
            }
            for (col, cell) in row.iter().enumerate() {
                let sq = Square7::new(7 - col as u8, rank as u8);
                let (color, base) = match cell {
                    usi::Cell::Empty => continue,
                    usi::Cell::Base { side, stones } => (
                        Color::from_usi(*side),
                        read_base(stones).map_err(|detail| PositionError::BadBase {
                            square: sq.to_usi(),
                            detail,
                        })?,
                    ),
                    usi::Cell::Piece(_) | usi::Cell::Point { .. } => {
                        return Err(PositionError::ForeignCell {
                            game: GameName::Sigma4,
                            square: sq.to_usi(),
                            cell: cell.clone(),
                        }
                        .into())
                    }
                };
                let fit = fits()
                    .id(base)
                    .ok_or_else(|| PositionError::BaseNotAllowed {
                        square: sq.to_usi(),
                        base: base.to_string(),
                    })?;
                if base.royal {
                    royals[color.index()] += 1;
                }
                pos.put(Unit { color, fit }, sq);
            }
        }
        for entry in &sfen.hand {
            let t = entry.piece;
            let stone = Stone::from_letter(t.letter)
                .filter(|_| !t.promoted)
                .ok_or(PositionError::NotAStone { entry: t })?;
            let c = Color::from_usi(t.side);
            let have = pos.storage(c).count(stone) as u32;
            let total = have.saturating_add(entry.count);
            if total > 2 * Stone::SET[stone.index()] as u32 {
                return Err(PositionError::StorageOverSets {
                    side: c,
                    count: total,
                    stone: stone.letter(),
                }
                .into());
            }
            let stones = pos.storage(c).with(stone, entry.count as u8);
            pos.set_storage(c, stones);
        }
        pos.side = Color::from_usi(sfen.side);
        if pos.side == Color::White {
            pos.key ^= zobrist().side;
        }
        pos.move_number = sfen.move_number.max(1);
        pos.validate(royals)?;
        pos.in_check = pos.compute_in_check();
        Ok(pos)
    }

    /// The checks that need the whole position.
    fn validate(&self, royals: [u32; 2]) -> Result<(), GameError> {
        for c in [Color::Black, Color::White] {
            if royals[c.index()] != 1 {
                return Err(PositionError::RoyalBaseCount {
                    side: c,
                    count: royals[c.index()],
                }
                .into());
            }
            let n = self.bases(c).count();
            if n > BASES {
                return Err(PositionError::TooManyBases {
                    side: c,
                    count: n,
                    max: BASES,
                }
                .into());
            }
        }
        for s in Stone::ALL {
            let mut total = self.storage[0].count(s) as u32 + self.storage[1].count(s) as u32;
            for sq in self.occupied() {
                if let Some(u) = self.board[sq.index()] {
                    total += fits().stones(u.fit).count(s) as u32;
                }
            }
            let max = 2 * Stone::SET[s.index()] as u32;
            if total > max {
                return Err(PositionError::StonesOverSets {
                    count: total,
                    stone: s.letter(),
                    max,
                }
                .into());
            }
        }
        let them = self.side.flip();
        let occ = self.occupied();
        if self.attacked_by(self.royal(them), self.side, occ, Bitboard7::ALL) {
            return Err(PositionError::NotToMoveInCheck {
                game: GameName::Sigma4,
                side: them,
            }
            .into());
        }
        if self.royal(self.side) == goal(self.side) {
            return Err(PositionError::RoyalOnGoal {
                side: self.side,
                goal: goal(self.side).to_usi(),
            }
            .into());
        }
        Ok(())
    }

    pub fn to_sfen(&self) -> usi::Sfen {
        let board = (0..7u8)
            .map(|rank| {
                (0..7u8)
                    .map(
                        |col| match self.board[Square7::new(7 - col, rank).index()] {
                            Some(u) => base_cell(u.color, fits().base(u.fit)),
                            None => usi::Cell::Empty,
                        },
                    )
                    .collect()
            })
            .collect();
        usi::Sfen {
            board,
            side: self.side.to_usi(),
            hand: storage_entries(self.storage),
            move_number: self.move_number,
        }
    }

    /// A board a person can read, sente at the bottom: each base in
    /// brackets, sente's upper case, gote's lower case, `R` on the royal.
    pub fn display(&self) -> String {
        let mut out = String::new();
        let storage_line = |c: Color| {
            let mut s = format!(
                "{} storage: bases {}, stones ",
                side_name(c),
                self.bases_in_storage(c)
            );
            let stones = self.storage(c);
            if stones.is_empty() {
                s.push('-');
            } else {
                let parts: Vec<String> = stones
                    .iter()
                    .map(|(k, n)| format!("{}{n}", k.letter()))
                    .collect();
                s.push_str(&parts.join(" "));
            }
            s
        };
        out.push_str(&storage_line(Color::White));
        out.push('\n');
        out.push_str("    ");
        for file in (1..=7).rev() {
            out.push_str(&format!("{file:^8}"));
        }
        out.push('\n');
        for rank in 0..7u8 {
            out.push_str(&format!(" {}  ", (b'a' + rank) as char));
            for file in (1..=7u8).rev() {
                let cell = match self.board[Square7::new(file, rank).index()] {
                    Some(u) => {
                        let letters = fits().base(u.fit).letters();
                        let letters = match u.color {
                            Color::Black => letters,
                            Color::White => letters.to_ascii_lowercase(),
                        };
                        format!("[{letters}]")
                    }
                    None => ".".to_string(),
                };
                out.push_str(&format!("{cell:^8}"));
            }
            out.push('\n');
        }
        out.push_str(&storage_line(Color::Black));
        out.push('\n');
        out
    }
}

/// Reads a base's letters (`R` marks the royal base; stones in any order).
pub fn read_base(letters: &[char]) -> Result<Base, String> {
    let royal = letters
        .iter()
        .filter(|c| c.eq_ignore_ascii_case(&'R'))
        .count();
    if royal > 1 {
        return Err("a base has at most one 'R'".to_string());
    }
    let stones: Vec<char> = letters
        .iter()
        .copied()
        .filter(|c| !c.eq_ignore_ascii_case(&'R'))
        .collect();
    if stones.len() > 4 {
        return Err(format!(
            "a base holds 1 to 4 stones, not {} ({})",
            stones.len(),
            letters.iter().collect::<String>()
        ));
    }
    let stones =
        Stones::from_letters(&stones).map_err(|c| format!("'{c}' is not a stone letter"))?;
    let base = Base::new(stones, royal == 1);
    base.check()
        .map_err(|e| format!("[{}] breaks a rule: {e}", base.letters()))?;
    Ok(base)
}

/// The SFEN cell of a base.
pub fn base_cell(c: Color, base: Base) -> usi::Cell {
    usi::Cell::Base {
        side: c.to_usi(),
        stones: base.letters().chars().collect(),
    }
}

/// The hand field: sente's stones then gote's, each J Z C E N D F W.
fn storage_entries(storage: [Stones; 2]) -> Vec<usi::HandEntry> {
    let mut hand = Vec::new();
    for c in [Color::Black, Color::White] {
        for (s, n) in storage[c.index()].iter() {
            hand.push(usi::HandEntry {
                count: n as u32,
                piece: usi::PieceToken {
                    side: c.to_usi(),
                    promoted: false,
                    letter: s.letter(),
                },
            });
        }
    }
    hand
}
