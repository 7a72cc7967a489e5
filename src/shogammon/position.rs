//! The Shogammon position: stacks of at most two pieces per square, hands,
//! side to move, the roll of the side to move, an incremental Zobrist key
//! that knows which piece of a point is below, and step-level make/unmake
//! that turn generation and `do_move` share.

use super::dice::{check_roll, DiceMap};
use super::types::{roll_index, Step, Turn, BOTTOM, MAX_HAND, TOP, ZOBRIST};
use crate::board::position::{read_sfen_board, sfen_board, sfen_hand, Kind};
use crate::board::{Bitboard, Square};
use crate::game::{Color, DiceError, GameError, GameName, PositionError};
use crate::shogi::position::{
    dead_square, hand_role, side_name, usi_startpos, Position as ShogiPosition,
};
use crate::shogi::types::{Hand, Piece, Role};

/// The board, hands and side to move: everything turn generation changes
/// and restores. Kept apart from the history so that generation can work on
/// a cheap copy from `&Position`.
#[derive(Clone, Debug)]
pub struct Core {
    /// `[bottom, top]` per square: bottom is a single piece or the lower
    /// piece of a point; top is set only on a point.
    stacks: [[Option<Piece>; 2]; 81],
    by_color: [Bitboard; 2],
    /// Squares holding two pieces.
    points: Bitboard,
    /// Squares whose movable piece (single, or a point's top) has this role.
    mobile: [Bitboard; 14],
    /// Squares whose lower (frozen) piece has this role.
    lower: [Bitboard; 14],
    /// Piece counts `[color][role]`, movable and lower (the evaluation
    /// reads them at every leaf).
    mobile_count: [[u8; 14]; 2],
    lower_count: [[u8; 14]; 2],
    hands: [Hand; 2],
    side: Color,
    /// Board, hands and side; the roll is added by [`Position::key`].
    key: u64,
    dice_map: DiceMap,
}

/// What reverting one step needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepUndo {
    Lost,
    Drop {
        role: Role,
        to: Square,
    },
    /// A move onto an empty square, a single enemy or a single own piece.
    Move {
        from: Square,
        to: Square,
        moved: Piece,
        captured: Option<Piece>,
    },
    /// The first half of an enemy point capture: the piece has left `from`
    /// and waits to land on the point with the second die.
    Lift {
        from: Square,
        moved: Piece,
    },
    /// The second half: both capturers land, both enemies are captured.
    Land {
        from: Square,
        to: Square,
        moved: Piece,
        first: Piece,
        /// The enemy point as it stood: lower, upper.
        captured: [Piece; 2],
    },
}

impl StepUndo {
    /// Whether this step captured a king (the game ends there).
    pub(crate) fn captured_king(&self) -> bool {
        match self {
            StepUndo::Move {
                captured: Some(p), ..
            } => p.role == Role::King,
            StepUndo::Land { captured, .. } => captured.iter().any(|p| p.role == Role::King),
            _ => false,
        }
    }
}

impl Core {
    fn empty(dice_map: DiceMap) -> Core {
        Core {
            stacks: [[None; 2]; 81],
            by_color: [Bitboard::EMPTY; 2],
            points: Bitboard::EMPTY,
            mobile: [Bitboard::EMPTY; 14],
            lower: [Bitboard::EMPTY; 14],
            mobile_count: [[0; 14]; 2],
            lower_count: [[0; 14]; 2],
            hands: [Hand::default(); 2],
            side: Color::Black,
            key: 0,
            dice_map,
        }
    }

    // ---- accessors -------------------------------------------------------

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    pub fn dice_map(&self) -> &DiceMap {
        &self.dice_map
    }

    /// `[bottom, top]` of a square.
    #[inline]
    pub fn stack(&self, sq: Square) -> [Option<Piece>; 2] {
        self.stacks[sq.index()]
    }

    /// The piece that can move from `sq` (a single piece or a point's top).
    #[inline]
    pub fn mobile_piece(&self, sq: Square) -> Option<Piece> {
        let [bottom, top] = self.stacks[sq.index()];
        top.or(bottom)
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
    pub fn points(&self) -> Bitboard {
        self.points
    }

    /// Squares of `c` whose movable piece has `role`.
    #[inline]
    pub fn mobile_of(&self, c: Color, role: Role) -> Bitboard {
        self.mobile[role.index()] & self.by_color[c.index()]
    }

    /// Squares of `c` whose frozen lower piece has `role`.
    #[inline]
    pub fn lower_of(&self, c: Color, role: Role) -> Bitboard {
        self.lower[role.index()] & self.by_color[c.index()]
    }

    /// How many movable pieces (single or on top) of `c` have `role`.
    #[inline]
    pub fn mobile_count(&self, c: Color, role: Role) -> u8 {
        self.mobile_count[c.index()][role.index()]
    }

    /// How many lower pieces of points of `c` have `role`.
    #[inline]
    pub fn lower_count(&self, c: Color, role: Role) -> u8 {
        self.lower_count[c.index()][role.index()]
    }

    /// Squares holding a piece of `c` of `role`, at either layer.
    #[inline]
    pub fn anywhere(&self, c: Color, role: Role) -> Bitboard {
        (self.mobile[role.index()] | self.lower[role.index()]) & self.by_color[c.index()]
    }

    #[inline]
    pub fn hand(&self, c: Color) -> Hand {
        self.hands[c.index()]
    }

    /// The king's square, if `c` still has a king.
    #[inline]
    pub fn king(&self, c: Color) -> Option<Square> {
        let k = self.anywhere(c, Role::King);
        k.any().then(|| k.lsb())
    }

    /// Files holding an unpromoted pawn of `c`, lower or upper (nifu).
    pub fn pawn_files(&self, c: Color) -> Bitboard {
        let pawns = self.anywhere(c, Role::Pawn);
        let mut files = Bitboard::EMPTY;
        for f in 1..=9 {
            let file = Bitboard::file(f);
            if (pawns & file).any() {
                files |= file;
            }
        }
        files
    }

    /// Where a piece standing on `sq` can go, with occupancy `occ`: the
    /// shogi attack set, sliders stopping at (and including) the first
    /// occupied square.
    #[inline]
    pub fn reach(p: Piece, sq: Square, occ: Bitboard) -> Bitboard {
        ShogiPosition::piece_attacks(p, sq, occ)
    }

    // ---- primitive edits -------------------------------------------------

    /// Puts `p` on `sq`: alone on an empty square, or on top of a single
    /// own piece (forming a point).
    #[inline]
    fn put_top(&mut self, p: Piece, sq: Square) {
        let i = sq.index();
        let c = p.color.index();
        let layer = match self.stacks[i][BOTTOM] {
            None => BOTTOM,
            Some(below) => {
                debug_assert!(below.color == p.color && self.stacks[i][TOP].is_none());
                self.mobile[below.role.index()] ^= sq.bit();
                self.lower[below.role.index()] |= sq.bit();
                self.mobile_count[c][below.role.index()] -= 1;
                self.lower_count[c][below.role.index()] += 1;
                self.points |= sq.bit();
                TOP
            }
        };
        self.mobile_count[c][p.role.index()] += 1;
        self.stacks[i][layer] = Some(p);
        self.by_color[c] |= sq.bit();
        self.mobile[p.role.index()] |= sq.bit();
        self.key ^= ZOBRIST.piece[layer][c][p.role.index()][i];
    }

    /// Takes the movable piece off `sq`, freeing a point's lower piece.
    #[inline]
    fn remove_top(&mut self, sq: Square) -> Option<Piece> {
        let i = sq.index();
        let (layer, p) = match self.stacks[i] {
            [Some(_), Some(top)] => (TOP, top),
            [Some(bottom), None] => (BOTTOM, bottom),
            _ => return None,
        };
        self.stacks[i][layer] = None;
        self.mobile[p.role.index()] ^= sq.bit();
        self.mobile_count[p.color.index()][p.role.index()] -= 1;
        self.key ^= ZOBRIST.piece[layer][p.color.index()][p.role.index()][i];
        if layer == TOP {
            if let Some(below) = self.stacks[i][BOTTOM] {
                self.lower[below.role.index()] ^= sq.bit();
                self.mobile[below.role.index()] |= sq.bit();
                self.lower_count[below.color.index()][below.role.index()] -= 1;
                self.mobile_count[below.color.index()][below.role.index()] += 1;
            }
            self.points ^= sq.bit();
        } else {
            self.by_color[p.color.index()] ^= sq.bit();
        }
        Some(p)
    }

    #[inline]
    fn add_hand(&mut self, c: Color, r: Role) {
        let n = &mut self.hands[c.index()].0[r.index()];
        if *n as usize >= MAX_HAND {
            debug_assert!(false, "hand overflow");
            return;
        }
        let keys = &ZOBRIST.hand[c.index()][r.index()];
        self.key ^= keys[*n as usize] ^ keys[*n as usize + 1];
        *n += 1;
    }

    #[inline]
    fn take_hand(&mut self, c: Color, r: Role) {
        let n = &mut self.hands[c.index()].0[r.index()];
        if *n == 0 {
            debug_assert!(false, "hand underflow");
            return;
        }
        let keys = &ZOBRIST.hand[c.index()][r.index()];
        self.key ^= keys[*n as usize] ^ keys[*n as usize - 1];
        *n -= 1;
    }

    /// A captured piece goes to the capturer's hand unpromoted; a king does
    /// not go anywhere.
    #[inline]
    fn bank(&mut self, capturer: Color, victim: Piece) {
        if victim.role != Role::King {
            self.add_hand(capturer, victim.role.unpromoted());
        }
    }

    #[inline]
    fn unbank(&mut self, capturer: Color, victim: Piece) {
        if victim.role != Role::King {
            self.take_hand(capturer, victim.role.unpromoted());
        }
    }

    pub(crate) fn flip_side(&mut self) {
        self.side = self.side.flip();
        self.key ^= ZOBRIST.side;
    }

    // ---- steps -----------------------------------------------------------

    /// Whether a board step would start an enemy point capture (it lands on
    /// a point of the opponent).
    #[inline]
    pub fn lands_on_enemy_point(&self, step: Step) -> bool {
        match step {
            Step::Board { to, .. } => {
                (self.points & self.by_color[self.side.flip().index()]).contains(to)
            }
            _ => false,
        }
    }

    /// Plays one step of the side to move. `pending` is the first capturer
    /// of an enemy point when this step is the second half of that capture.
    /// The step must come from the generator (or a checked turn).
    pub(crate) fn apply_step(&mut self, step: Step, pending: Option<(Piece, Square)>) -> StepUndo {
        let us = self.side;
        match step {
            Step::Lost => StepUndo::Lost,
            Step::Drop { role, to } => {
                self.take_hand(us, role);
                self.put_top(Piece::new(us, role), to);
                StepUndo::Drop { role, to }
            }
            Step::Board { from, to, promote } => {
                let Some(moved) = self.remove_top(from) else {
                    debug_assert!(false, "step from an empty square");
                    return StepUndo::Lost;
                };
                let arrived = if promote {
                    Piece::new(us, moved.role.promoted())
                } else {
                    moved
                };
                let enemy_point = (self.points & self.by_color[us.flip().index()]).contains(to);
                match (enemy_point, pending) {
                    (true, Some((first, at))) if at == to => {
                        let upper = self.remove_top(to);
                        let lower = self.remove_top(to);
                        let (Some(upper), Some(lower)) = (upper, lower) else {
                            debug_assert!(false, "enemy point vanished");
                            return StepUndo::Lost;
                        };
                        self.bank(us, upper);
                        self.bank(us, lower);
                        self.put_top(first, to);
                        self.put_top(arrived, to);
                        StepUndo::Land {
                            from,
                            to,
                            moved,
                            first,
                            captured: [lower, upper],
                        }
                    }
                    (true, _) => StepUndo::Lift { from, moved },
                    (false, _) => {
                        let captured = match self.stacks[to.index()][BOTTOM] {
                            Some(p) if p.color != us => {
                                self.remove_top(to);
                                self.bank(us, p);
                                Some(p)
                            }
                            _ => None,
                        };
                        self.put_top(arrived, to);
                        StepUndo::Move {
                            from,
                            to,
                            moved,
                            captured,
                        }
                    }
                }
            }
        }
    }

    /// The key after `step` (not a point capture's second half), without
    /// playing it: what turn generation needs for a turn's last step.
    #[inline]
    pub(crate) fn key_after(&self, step: Step) -> u64 {
        let us = self.side;
        let c = us.index();
        let mut key = self.key;
        match step {
            Step::Lost => {}
            Step::Drop { role, to } => {
                let n = self.hands[c].0[role.index()] as usize;
                let keys = &ZOBRIST.hand[c][role.index()];
                key ^= keys[n] ^ keys[n.saturating_sub(1)];
                key ^= ZOBRIST.piece[BOTTOM][c][role.index()][to.index()];
            }
            Step::Board { from, to, promote } => {
                let [bottom, top] = self.stacks[from.index()];
                let (layer, moved) = match (bottom, top) {
                    (_, Some(t)) => (TOP, t),
                    (Some(b), None) => (BOTTOM, b),
                    (None, None) => return key,
                };
                key ^= ZOBRIST.piece[layer][c][moved.role.index()][from.index()];
                let role = if promote {
                    moved.role.promoted()
                } else {
                    moved.role
                };
                let layer = match self.stacks[to.index()] {
                    [None, _] => BOTTOM,
                    [Some(p), _] if p.color == us => TOP,
                    [Some(victim), _] => {
                        let v = victim.color.index();
                        key ^= ZOBRIST.piece[BOTTOM][v][victim.role.index()][to.index()];
                        if victim.role != Role::King {
                            let r = victim.role.unpromoted().index();
                            let n = self.hands[c].0[r] as usize;
                            let keys = &ZOBRIST.hand[c][r];
                            key ^= keys[n] ^ keys[(n + 1).min(MAX_HAND)];
                        }
                        BOTTOM
                    }
                };
                key ^= ZOBRIST.piece[layer][c][role.index()][to.index()];
            }
        }
        key
    }

    /// Undoes [`Core::apply_step`].
    pub(crate) fn revert_step(&mut self, undo: StepUndo) {
        let us = self.side;
        match undo {
            StepUndo::Lost => {}
            StepUndo::Drop { role, to } => {
                self.remove_top(to);
                self.add_hand(us, role);
            }
            StepUndo::Move {
                from,
                to,
                moved,
                captured,
            } => {
                self.remove_top(to);
                if let Some(victim) = captured {
                    self.unbank(us, victim);
                    self.put_top(victim, to);
                }
                self.put_top(moved, from);
            }
            StepUndo::Lift { from, moved } => self.put_top(moved, from),
            StepUndo::Land {
                from,
                to,
                moved,
                captured: [lower, upper],
                ..
            } => {
                self.remove_top(to);
                self.remove_top(to);
                self.unbank(us, upper);
                self.unbank(us, lower);
                self.put_top(lower, to);
                self.put_top(upper, to);
                self.put_top(moved, from);
            }
        }
    }

    /// The piece a lift left in the air, promoted as its move said, and the
    /// point it will land on.
    pub(crate) fn pending_of(undo: StepUndo, step: Step) -> Option<(Piece, Square)> {
        match (undo, step) {
            (StepUndo::Lift { moved, .. }, Step::Board { to, promote, .. }) => {
                let role = if promote {
                    moved.role.promoted()
                } else {
                    moved.role
                };
                Some((Piece::new(moved.color, role), to))
            }
            _ => None,
        }
    }

    /// Plays a whole turn's steps (not the side change). Stops after a step
    /// that captures a king. Returns the undo records.
    pub(crate) fn apply_turn(&mut self, turn: &Turn) -> [StepUndo; 2] {
        let first = self.apply_step(turn.steps[0], None);
        if first.captured_king() {
            return [first, StepUndo::Lost];
        }
        let pending = Core::pending_of(first, turn.steps[0]);
        let second = self.apply_step(turn.steps[1], pending);
        [first, second]
    }

    pub(crate) fn revert_turn(&mut self, undos: [StepUndo; 2]) {
        self.revert_step(undos[1]);
        self.revert_step(undos[0]);
    }

    /// The key computed from scratch (tests compare it to the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0u64;
        for sq in Square::all() {
            for (layer, p) in self.stacks[sq.index()].iter().enumerate() {
                if let Some(p) = p {
                    key ^= ZOBRIST.piece[layer][p.color.index()][p.role.index()][sq.index()];
                }
            }
        }
        for c in [Color::Black, Color::White] {
            for r in 0..7 {
                key ^= ZOBRIST.hand[c.index()][r][self.hands[c.index()].0[r] as usize];
            }
        }
        if self.side == Color::White {
            key ^= ZOBRIST.side;
        }
        key
    }
}

/// What `undo_move` needs.
#[derive(Clone, Copy, Debug)]
struct History {
    undos: [StepUndo; 2],
    roll: Option<[u8; 2]>,
}

/// A Shogammon game position with its move history.
#[derive(Clone, Debug)]
pub struct Position {
    core: Core,
    /// The roll of the side to move, high die first; `None` until rolled.
    roll: Option<[u8; 2]>,
    move_number: u32,
    history: Vec<History>,
}

impl std::ops::Deref for Position {
    type Target = Core;
    fn deref(&self) -> &Core {
        &self.core
    }
}

pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Full set of each hand kind (index = role): 18 P, 4 L, 4 N, 4 S, 2 B, 2 R, 4 G.
const FULL_SET: [u32; 7] = [18, 4, 4, 4, 2, 2, 4];

impl Position {
    // ---- state -----------------------------------------------------------

    #[inline]
    pub fn core(&self) -> &Core {
        &self.core
    }

    /// The roll of the side to move, high die first.
    #[inline]
    pub fn roll(&self) -> Option<[u8; 2]> {
        self.roll
    }

    /// Sets the roll of the side to move (each die 1..=6; order does not
    /// matter). Invalid dice clear the roll.
    pub fn set_roll(&mut self, roll: Option<[u8; 2]>) {
        let roll =
            roll.filter(|r| check_roll(*r).is_ok()).map(
                |[a, b]| {
                    if a >= b {
                        [a, b]
                    } else {
                        [b, a]
                    }
                },
            );
        self.roll = roll;
    }

    /// Sets the roll from user input (`dice` clause), refusing bad dice and
    /// finished games.
    pub fn set_dice(&mut self, roll: [u8; 2]) -> Result<(), GameError> {
        check_roll(roll)?;
        if let Some(reason) = self.finished_reason() {
            return Err(DiceError::Finished { roll, reason }.into());
        }
        self.set_roll(Some(roll));
        Ok(())
    }

    /// Board, hands, side to move and roll.
    #[inline]
    pub fn key(&self) -> u64 {
        match self.roll {
            Some(r) => self.core.key ^ ZOBRIST.roll[roll_index(r)],
            None => self.core.key,
        }
    }

    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Changes which pieces answer to which die (USI option `DiceMap`).
    pub fn set_dice_map(&mut self, map: DiceMap) {
        self.core.dice_map = map;
    }

    /// Why no turn can be played here (a side has no king), if so.
    pub fn finished_reason(&self) -> Option<String> {
        for c in [Color::Black, Color::White] {
            if self.core.king(c).is_none() {
                return Some(format!("the game is over: {} has no king", side_name(c)));
            }
        }
        None
    }

    // ---- make / unmake ---------------------------------------------------

    /// Plays a turn from the generator or [`Position::parse_turn`]. The roll
    /// is used up: the next side has not rolled yet.
    pub fn do_move(&mut self, turn: Turn) {
        let undos = self.core.apply_turn(&turn);
        self.history.push(History {
            undos,
            roll: self.roll,
        });
        self.roll = None;
        self.core.flip_side();
        self.move_number += 1;
    }

    pub fn undo_move(&mut self) {
        let Some(h) = self.history.pop() else {
            return;
        };
        self.core.flip_side();
        self.core.revert_turn(h.undos);
        self.roll = h.roll;
        self.move_number -= 1;
    }

    /// Plies (turns) played since the position was set up.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    // ---- SFEN ------------------------------------------------------------

    pub fn startpos() -> Position {
        match Position::from_sfen(&usi_startpos()) {
            Ok(p) => p,
            Err(e) => unreachable!("start position is valid: {e}"),
        }
    }

    /// Builds and validates a position (docs/rules/shogammon.md).
    pub fn from_sfen(sfen: &usi::Sfen) -> Result<Position, GameError> {
        let mut core = Core::empty(DiceMap::default());
        read_sfen_board(sfen, GameName::Shogammon, |sq, cell| {
            match cell {
                usi::Cell::Empty => {}
                usi::Cell::Piece(t) => core.put_top(piece_from_token(t, sq)?, sq),
                usi::Cell::Point { lower, upper } => {
                    let (lower, upper) =
                        (piece_from_token(lower, sq)?, piece_from_token(upper, sq)?);
                    if lower.color != upper.color {
                        return Err(PositionError::MixedPoint {
                            square: sq.to_usi(),
                        }
                        .into());
                    }
                    core.put_top(lower, sq);
                    core.put_top(upper, sq);
                }
                usi::Cell::Base { .. } => {
                    return Err(PositionError::ForeignCell {
                        game: GameName::Shogammon,
                        square: sq.to_usi(),
                        cell: cell.clone(),
                    }
                    .into())
                }
            }
            Ok(())
        })?;
        for entry in &sfen.hand {
            let t = entry.piece;
            let role = hand_role(t)?;
            let c = Color::from_usi(t.side);
            let total = core.hands[c.index()].0[role.index()] as u32 + entry.count;
            if total > FULL_SET[role.index()] {
                return Err(PositionError::HandOverSet {
                    game: GameName::Shogammon,
                    count: total,
                    letter: role.letter(),
                }
                .into());
            }
            for _ in 0..entry.count {
                core.add_hand(c, role);
            }
        }
        if Color::from_usi(sfen.side) == Color::White {
            core.flip_side();
        }
        validate(&core)?;
        Ok(Position {
            core,
            roll: None,
            move_number: sfen.move_number.max(1),
            history: Vec::with_capacity(256),
        })
    }

    pub fn to_sfen(&self) -> usi::Sfen {
        usi::Sfen {
            board: sfen_board(|sq| match self.core.stack(sq) {
                [Some(lower), Some(upper)] => usi::Cell::Point {
                    lower: lower.to_token(),
                    upper: upper.to_token(),
                },
                [Some(p), None] => usi::Cell::Piece(p.to_token()),
                _ => usi::Cell::Empty,
            }),
            side: self.core.side().to_usi(),
            hand: sfen_hand(self.core.hands, &Role::HAND_ORDER),
            move_number: self.move_number,
        }
    }

    /// A board a person can read, sente at the bottom; points in
    /// parentheses, lower piece first.
    pub fn display(&self) -> String {
        let mut out = String::new();
        let hand_text = |c: Color| {
            let mut s = String::new();
            for role in Role::HAND_ORDER {
                let n = self.core.hand(c).count(role);
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
        out.push(' ');
        for file in (1..=9u8).rev() {
            out.push_str(&format!("{file:>7}"));
        }
        out.push('\n');
        for rank in 0..9u8 {
            out.push(' ');
            for file in (1..=9u8).rev() {
                let cell = match self.core.stack(Square::new(file, rank)) {
                    [Some(lower), Some(upper)] => {
                        format!("({}{})", lower.sfen(), upper.sfen())
                    }
                    [Some(p), None] => p.sfen(),
                    _ => ".".to_string(),
                };
                out.push_str(&format!("{cell:>7}"));
            }
            out.push_str(&format!("  {}\n", (b'a' + rank) as char));
        }
        out.push_str(&format!("sente hand:{}\n", hand_text(Color::Black)));
        match self.roll {
            Some([a, b]) => out.push_str(&format!("roll: {a}{b}\n")),
            None => out.push_str("roll: not rolled yet\n"),
        }
        out
    }
}

/// Rejects positions the rules cannot reach or play from. Pieces are
/// counted one by one (not by bitboard) so that a point of two pieces of one
/// kind, `(PP)`, counts twice.
fn validate(core: &Core) -> Result<(), GameError> {
    // [color][unpromoted role index 0..=7]
    let mut counts = [[0u32; 8]; 2];
    let mut pawn_files = [[0u32; 10]; 2];
    for sq in core.occupied() {
        for p in core.stack(sq).into_iter().flatten() {
            let c = p.color;
            if dead_square(p.role, c, sq) {
                return Err(PositionError::DeadPiece {
                    piece: p.to_token(),
                    square: sq.to_usi(),
                }
                .into());
            }
            counts[c.index()][p.role.unpromoted().index()] += 1;
            if p.role == Role::Pawn {
                pawn_files[c.index()][sq.file() as usize] += 1;
            }
        }
    }
    for c in [Color::Black, Color::White] {
        if counts[c.index()][Role::King.index()] > 1 {
            return Err(PositionError::TooManyKings { side: c }.into());
        }
        if let Some(file) = (1..=9).find(|&f| pawn_files[c.index()][f] > 1) {
            return Err(PositionError::Nifu {
                side: c,
                file: file as u8,
            }
            .into());
        }
    }
    for role in Role::HAND_ORDER {
        let i = role.index();
        let total = counts[0][i]
            + counts[1][i]
            + core.hands[0].count(role) as u32
            + core.hands[1].count(role) as u32;
        if total > FULL_SET[i] {
            return Err(PositionError::KindOverSet {
                count: total,
                letter: role.letter(),
                set: FULL_SET[i],
            }
            .into());
        }
    }
    Ok(())
}

fn piece_from_token(t: &usi::PieceToken, sq: Square) -> Result<Piece, GameError> {
    match Role::from_letter(t.letter, t.promoted) {
        Some(role) => Ok(Piece::new(Color::from_usi(t.side), role)),
        None => Err(PositionError::UnknownPiece {
            game: GameName::Shogammon,
            piece: *t,
            square: sq.to_usi(),
        }
        .into()),
    }
}
