//! The shared abstraction every game implements. Search, perft and the USI
//! session are written once against [`Game`] and monomorphised per variant, so
//! a game's special rules stay inside its own module.

use std::fmt::Debug;

// The errors live in their own module; games name them through here too.
pub use crate::error::{
    CubeError, DiceError, GameError, GameName, MoveError, PositionError, SetupError, TurnError,
};

/// A side to move. `Black` is sente (moves first in every game here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_usi(side: usi::Side) -> Color {
        match side {
            usi::Side::Black => Color::Black,
            usi::Side::White => Color::White,
        }
    }

    pub fn to_usi(self) -> usi::Side {
        match self {
            Color::Black => usi::Side::Black,
            Color::White => usi::Side::White,
        }
    }
}

/// How a finished game ended, from the point of view of the side to move in
/// the finished position (the side that would move next).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has lost (mated, perpetual checker, ...).
    Loss(EndReason),
    /// The side to move has won (the opponent's last move lost the game).
    Win(EndReason),
    Draw(EndReason),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Repetition,
    PerpetualCheck,
    Impasse,
    KingCaptured,
    GoalReached,
    MoveLimit,
}

impl EndReason {
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::Impasse => "impasse",
            EndReason::KingCaptured => "king captured",
            EndReason::GoalReached => "goal square reached",
            EndReason::MoveLimit => "move limit",
        }
    }
}

/// The plain move a token holds, or an error saying that it is a turn (a
/// game with dice writes whole turns) where `G` reads single moves.
pub fn plain_move<G: Game>(token: &usi::MoveToken) -> Result<&usi::UsiMove, GameError> {
    match token {
        usi::MoveToken::Move(mv) => Ok(mv),
        usi::MoveToken::Turn(turn) => Err(MoveError::NotAMove {
            turn: turn.clone(),
            game: G::VARIANT,
        }
        .into()),
    }
}

/// A list of moves a generator fills. Each game picks its own backing store
/// (a fixed-size stack array where the maximum is known, a vector otherwise).
pub trait MoveList<M>: Default + std::ops::Deref<Target = [M]> {
    fn push(&mut self, m: M);
    fn clear(&mut self);
}

impl<M, const N: usize> MoveList<M> for arrayvec::ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, m: M) {
        arrayvec::ArrayVec::push(self, m)
    }
    #[inline]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self)
    }
}

impl<M> MoveList<M> for Vec<M> {
    #[inline]
    fn push(&mut self, m: M) {
        Vec::push(self, m)
    }
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self)
    }
}

/// Per-game settings the session passes down (set through USI options).
#[derive(Clone, Debug, Default)]
pub struct Rules {
    pub entering_king: EnteringKingRule,
    /// 0 = no limit; otherwise the game is drawn once this many plies were played.
    pub max_moves_to_draw: u32,
}

/// `EnteringKingRule` values (docs/rules/shogi.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EnteringKingRule {
    #[default]
    CsaRule27,
    CsaRule24,
    CsaRule27H,
    CsaRule24H,
    TryRule,
    Sloan,
    NoEnteringKing,
}

impl EnteringKingRule {
    pub const NAMES: [&'static str; 7] = [
        "CSARule27",
        "CSARule24",
        "CSARule27H",
        "CSARule24H",
        "TryRule",
        "Sloan",
        "NoEnteringKing",
    ];

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "CSARule27" => Self::CsaRule27,
            "CSARule24" => Self::CsaRule24,
            "CSARule27H" => Self::CsaRule27H,
            "CSARule24H" => Self::CsaRule24H,
            "TryRule" => Self::TryRule,
            "Sloan" => Self::Sloan,
            "NoEnteringKing" | "None" => Self::NoEnteringKing,
            _ => return None,
        })
    }
}

/// The [`Game`] items a position answers with its own inherent methods of
/// the same names (`side_to_move` is `side`).
#[macro_export]
macro_rules! inherent_game_basics {
    () => {
        fn startpos() -> Self {
            Self::startpos()
        }

        fn from_sfen(sfen: &usi::Sfen) -> Result<Self, $crate::game::GameError> {
            Self::from_sfen(sfen)
        }

        fn to_sfen(&self) -> usi::Sfen {
            Self::to_sfen(self)
        }

        fn side_to_move(&self) -> $crate::game::Color {
            self.side()
        }

        fn move_number(&self) -> u32 {
            Self::move_number(self)
        }

        fn key(&self) -> u64 {
            Self::key(self)
        }

        fn do_move(&mut self, m: Self::Move) {
            Self::do_move(self, m)
        }

        fn undo_move(&mut self) {
            Self::undo_move(self)
        }
    };
}

/// What besides the players' moves decides a game of this type: nothing
/// ([`NoChance`]), or a chance outcome such as a roll of the dice. It is
/// what keeps a game with dice away from the alpha-beta search: only a game
/// whose `Chance` is `NoChance` can implement [`SearchHooks`].
pub trait Chance: Copy + Eq + Debug + Send + Sync + 'static {}

/// The `Chance` of a deterministic game: it has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoChance {}

impl Chance for NoChance {}

impl Chance for [u8; 2] {}

/// The rules of a two-player game: positions, legal moves with
/// make/unmake, its notation, and how it ends.
///
/// Invariants every implementation keeps: `do_move` followed by `undo_move`
/// restores the position and its `key` exactly; `generate_legal` yields each
/// distinct legal move once; the position never accepts an illegal move from
/// user input (`parse_move` checks legality); `parse_move` reads what
/// `format_move` writes.
pub trait Game: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Debug + Send + Sync + Default + 'static;
    type Moves: MoveList<Self::Move>;
    /// [`NoChance`], or the outcome of the game's dice (see
    /// [`crate::chance::ChanceGame`]).
    type Chance: Chance;

    /// Name used by `USI_Variant`.
    const VARIANT: &'static str;

    fn startpos() -> Self;
    fn from_sfen(sfen: &usi::Sfen) -> Result<Self, GameError>;
    fn to_sfen(&self) -> usi::Sfen;

    fn side_to_move(&self) -> Color;
    /// Plies played since the start position given to `from_sfen`/`startpos`,
    /// plus that position's own move number minus one.
    fn move_number(&self) -> u32;
    fn key(&self) -> u64;

    fn generate_legal(&self, moves: &mut Self::Moves);
    fn do_move(&mut self, m: Self::Move);
    fn undo_move(&mut self);

    /// Reads a move token as the game writes it (a move, or a whole turn in
    /// a game with dice) and checks that it is legal here.
    fn parse_move(&self, token: &usi::MoveToken) -> Result<Self::Move, GameError>;
    /// The token of a legal move, as `bestmove`, `pv` and records write it.
    fn format_move(&self, m: Self::Move) -> usi::MoveToken;

    fn in_check(&self) -> bool;

    /// The game's end as the rules decide it, given the move history (mate,
    /// repetition, ...). `None` while the game goes on.
    fn outcome(&self, rules: &Rules) -> Option<Outcome>;
    /// Repetition-like endings only (cheap; used inside search).
    fn repetition(&self) -> Option<Outcome>;

    /// Human-readable board for `d`.
    fn display(&self) -> String;
}

/// What only some families of games have. Each game implements it, with
/// the defaults where its family has nothing of the kind.
pub trait FamilyRules: Game {
    /// A declaration win available to the side to move (`bestmove win`:
    /// the shogi family's entering-king rules).
    fn can_declare_win(&self, _rules: &Rules) -> bool {
        false
    }

    /// `go setup`: an opening setup for the side to move, as that side's
    /// ranks of an SFEN board field (`R1/R2/R3`), for games that begin by
    /// choosing one (Sigma 4). `None` for games with a fixed start.
    /// `option` gives the value of each of the game's own options.
    fn choose_setup(&self, _seed: u64, _option: &dyn Fn(&str) -> Option<String>) -> Option<String> {
        None
    }
}

/// A game's static evaluation, for every search.
pub trait Evaluate: Game {
    /// Static evaluation from the side to move's point of view, centipawns.
    fn evaluate(&self) -> i32;

    /// The evaluation's main terms (name, centipawns from the side to
    /// move's view) for the `eval` debugging command; empty when the game's
    /// evaluation has no breakdown.
    fn evaluation_terms(&self) -> Vec<(&'static str, i32)> {
        Vec::new()
    }

    /// Takes the net the user loaded (`EvalDir`), or `None` for the
    /// built-in evaluation. Only games with a net format use it; search
    /// never sees which evaluation is in use.
    fn set_net(&mut self, _net: Option<&crate::nnue::NetHandle>) {}
}

/// What the alpha-beta search ([`crate::search`]) and the mate solver need
/// of a game beyond its rules: move ordering, pruning and history hooks,
/// the null move, checking moves. Only a deterministic game has them.
pub trait SearchHooks:
    Evaluate<Chance = NoChance> + FamilyRules + Game<Move: crate::tt::TableMove>
{
    /// True for moves quiescence search should look at (captures, promotions).
    fn is_tactical(&self, m: Self::Move) -> bool;
    /// A cheap ordering score for move ordering (higher first).
    fn order_score(&self, m: Self::Move) -> i32;

    /// Appends the legal moves for which [`SearchHooks::is_tactical`] holds
    /// (quiescence search) and answers whether the side to move has any
    /// legal move at all (no move loses). The default filters the full
    /// legal list; a game can generate them directly, and may answer `true`
    /// without looking where having no move while not in check is too rare
    /// to matter.
    fn generate_tactical(&self, moves: &mut Self::Moves) -> bool {
        let mut all = Self::Moves::default();
        self.generate_legal(&mut all);
        for &m in all.iter() {
            if self.is_tactical(m) {
                moves.push(m);
            }
        }
        !all.is_empty()
    }

    /// Whether `m` is a legal move here. `m` may be any value of the move
    /// type (a transposition-table move stored for another position whose
    /// key collided): such a move is answered `false`, never a panic. The
    /// default looks in the legal list; a game can answer without
    /// generating it, which lets search try the table move first.
    fn is_legal_fast(&self, m: Self::Move) -> bool {
        let mut moves = Self::Moves::default();
        self.generate_legal(&mut moves);
        moves.contains(&m)
    }

    /// Whether `is_legal_fast` answers without generating the legal list:
    /// then search tries a legal table move before generating the rest.
    const FAST_LEGALITY: bool = false;

    /// Whether search brings on a node's moves in stages: the tactical
    /// moves (from [`SearchHooks::generate_tactical`], which must then
    /// generate them directly) with the killers and counter-move (tested by
    /// [`SearchHooks::is_legal_fast`], which must not generate), and the
    /// quiet moves only if none of those cut off.
    const STAGED_GENERATION: bool = false;

    /// Whether the legal move `m` puts the opponent in check. The default
    /// plays it and looks; a game can answer without make/unmake.
    fn gives_check(&mut self, m: Self::Move) -> bool {
        self.do_move(m);
        let check = self.in_check();
        self.undo_move();
        check
    }

    /// Static exchange evaluation: whether playing `m` and then the best
    /// sequence of recaptures on its square leaves the mover at least
    /// `threshold` centipawns up. The default (no exchange model) answers
    /// as if the move never lost material.
    fn see_ge(&self, _m: Self::Move, threshold: i32) -> bool {
        threshold <= 0
    }

    /// Whether the quiet move `m`, about to be pruned (late-move, futility,
    /// history or exchange pruning), is searched anyway. The default keeps
    /// the moves that give check and do not lose material where they land
    /// ([`SearchHooks::see_ge`]): shogi's mating attacks are sequences of
    /// checks, but a check whose piece is simply taken rarely belongs to
    /// one. A game where checks are cheap and make up a large share of
    /// the moves keeps fewer (Sigma 4: the checks that leave the royal
    /// without a move of its own, and the royal's step onto its goal).
    fn keep_from_pruning(&mut self, m: Self::Move) -> bool {
        self.gives_check(m) && self.see_ge(m, 0)
    }

    /// How late-move reductions treat quiet moves that give check: `None`
    /// (the default) searches them to full depth; `Some(k)` reduces them
    /// `k` plies less than other quiet moves.
    const CHECK_REDUCTION: Option<i32> = None;

    /// Whether the late quiet root moves (past the late-move-pruning count
    /// of the iteration's depth) are first probed by quiescence search
    /// alone, and searched to depth only when the probe beats the best
    /// move so far. For games with thousands of root moves (Sigma 4 with
    /// a full storage); by default they are reduced like other late moves.
    const ROOT_QUIESCENCE_PROBES: bool = false;

    /// Size of the history tables search keeps per side: every move maps
    /// to an index below it with [`SearchHooks::history_index`] (for example by
    /// origin and destination). 1 turns history ordering off.
    const HISTORY_SIZE: usize = 1;

    /// The history-table slot of `m`, below [`SearchHooks::HISTORY_SIZE`].
    fn history_index(&self, _m: Self::Move) -> usize {
        0
    }

    /// Size of the continuation-history tables: every move maps to an
    /// index below it with [`SearchHooks::piece_to_index`] (the moving piece's
    /// kind and its destination). 1 turns continuation history off.
    const PIECE_TO_SIZE: usize = 1;

    /// The continuation-history slot of `m` (legal here, not yet played),
    /// below [`SearchHooks::PIECE_TO_SIZE`].
    fn piece_to_index(&self, _m: Self::Move) -> usize {
        0
    }

    /// Passes the turn for null-move pruning and answers `true`, or answers
    /// `false` (and changes nothing) in a game where search should not try
    /// it. Undone by [`SearchHooks::undo_null_move`].
    fn do_null_move(&mut self) -> bool {
        false
    }

    fn undo_null_move(&mut self) {}

    /// Appends to `out` the moves of `legal` (the position's legal moves)
    /// after which the opponent is in check: the mate solver's attacker
    /// moves. The default plays each move and looks; a game can answer
    /// without make/unmake.
    fn checking_moves(&mut self, legal: &Self::Moves, out: &mut Vec<Self::Move>) {
        for &m in legal.iter() {
            self.do_move(m);
            if self.in_check() {
                out.push(m);
            }
            self.undo_move();
        }
    }

    /// Whether the search has the mate solver check a root move before it
    /// becomes the answer: whether the opponent then has a forced mate
    /// (`search/guard.rs`). For games with drops, where sacrificial mating
    /// attacks hide behind the search's pruning; the solver must work for
    /// the game ([`SearchHooks::checking_moves`]).
    const MATE_GUARD: bool = false;

    /// Two keys of the position's slowly changing structure (in shogi the
    /// pawns, and the castles): the search keeps, per key, how far its
    /// results have differed from the static evaluation and corrects later
    /// evaluations by it. `None` (the default): no correction.
    fn structure_keys(&self) -> Option<[u64; 2]> {
        None
    }

    /// Whether the side to move, not in check, has a move that mates at
    /// once (a fast test of the common cases, used at the leaves; `false`
    /// may miss a mate, `true` never invents one). The default tests
    /// nothing.
    fn mate_in_one(&mut self) -> bool {
        false
    }
}
