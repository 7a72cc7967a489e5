//! Errors in user input about a game: a position (SFEN, Sigma 4 setup), a
//! move or turn, dice, the cube. Each is a value saying what went wrong with
//! the data that shows it, so callers and tests can tell kinds apart;
//! `Display` words the message the user reads (`info string error: ...`).

use std::fmt::{self, Display, Formatter};

use crate::board::position::side_name;
use crate::game::Color;
use crate::sigma4::types::CompositionError;

/// The game an error is about: some messages are worded per game (a
/// shogammon square may hold a point, a Sigma 4 side has a royal base).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameName {
    Shogi,
    Mortal,
    Shogammon,
    Sigma4,
}

impl Display for GameName {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameName::Shogi => "shogi",
            GameName::Mortal => "Mortal Shogi",
            GameName::Shogammon => "shogammon",
            GameName::Sigma4 => "Sigma 4",
        })
    }
}

/// An error in user input about a game, by what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// An SFEN the game's rules reject.
    Position(PositionError),
    /// A Sigma 4 setup (`go setup`, a match's opening) the rules reject.
    Setup(SetupError),
    /// A move or turn that is malformed for the game or not legal here.
    Move(MoveError),
    /// A Shogammon roll or `DiceMap`.
    Dice(DiceError),
    /// A Shogammon doubling cube.
    Cube(CubeError),
}

impl Display for GameError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Position(e) => e.fmt(f),
            GameError::Setup(e) => e.fmt(f),
            GameError::Move(e) => e.fmt(f),
            GameError::Dice(e) => e.fmt(f),
            GameError::Cube(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

/// Each kind is a `GameError` (so `?` lifts it).
macro_rules! game_error_kinds {
    ($($variant:ident($kind:ident)),*) => {
        $(
            impl From<$kind> for GameError {
                fn from(e: $kind) -> GameError {
                    GameError::$variant(e)
                }
            }
        )*
    };
}

game_error_kinds!(
    Position(PositionError),
    Setup(SetupError),
    Move(MoveError),
    Dice(DiceError),
    Cube(CubeError)
);

/// A piece kind as messages write it, whatever its side: `P`, `+B` (the
/// token's letter as stored, upper case).
struct KindName<'a>(&'a usi::PieceToken);

impl Display for KindName<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.0.promoted {
            f.write_str("+")?;
        }
        write!(f, "{}", self.0.letter)
    }
}

/// The letter of a 0-based rank index (`0` is `a`).
fn rank_letter(rank: u8) -> char {
    char::from(b'a'.saturating_add(rank))
}

/// An SFEN that cannot be a position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board has the wrong number of ranks.
    RankCount {
        game: GameName,
        found: usize,
    },
    /// A rank (0-based, from `a`) has the wrong number of squares.
    RankLength {
        game: GameName,
        rank: u8,
        found: usize,
    },
    /// A square holds a cell of another game (a point, a base, a piece).
    ForeignCell {
        game: GameName,
        square: usi::Square,
        cell: usi::Cell,
    },
    /// A board letter that is no piece of the game.
    UnknownPiece {
        game: GameName,
        piece: usi::PieceToken,
        square: usi::Square,
    },
    /// Mortal Shogi: `+P`, `+L`, `+N`, `+S` on the board.
    PromotedMinor {
        piece: usi::PieceToken,
        square: usi::Square,
    },
    /// A Shogammon point of pieces of both sides.
    MixedPoint {
        square: usi::Square,
    },
    TooManyKings {
        side: Color,
    },
    /// A pawn, lance or knight where it has no move ever again.
    DeadPiece {
        piece: usi::PieceToken,
        square: usi::Square,
    },
    /// Two unpromoted pawns of a side on one file.
    Nifu {
        side: Color,
        file: u8,
    },
    /// The side that is not to move stands in check (its king, or in
    /// Sigma 4 its royal base).
    NotToMoveInCheck {
        game: GameName,
        side: Color,
    },
    /// A hand kind no hand holds (promoted, or the king).
    NotHoldable {
        piece: usi::PieceToken,
    },
    /// Mortal Shogi: a king in hand.
    KingInHand {
        piece: usi::PieceToken,
    },
    /// Mortal Shogi: a dragon in hand (a captured dragon becomes a horse).
    DragonInHand {
        piece: usi::PieceToken,
    },
    /// A hand letter that is no piece of the game.
    UnknownHandPiece {
        game: GameName,
        piece: usi::PieceToken,
    },
    /// More of a kind in one hand than a set has.
    HandOverSet {
        game: GameName,
        count: u32,
        letter: char,
    },
    /// Mortal Shogi: the hands hold more pieces than a game has.
    HandsOverGame {
        max: u32,
    },
    /// More of a kind (promoted or not) in the game than a set has.
    KindOverSet {
        count: u32,
        letter: char,
        set: u32,
    },
    /// Mortal Shogi: more non-king pieces than a game has.
    PiecesOverGame {
        count: u32,
        max: u32,
    },
    /// Mortal Shogi: more rooks and bishops, in all forms, than a game has.
    MajorsOverGame {
        count: u32,
        max: u32,
    },
    /// Sigma 4: a base whose letters break a rule (the reader's reason).
    BadBase {
        square: usi::Square,
        detail: String,
    },
    /// Sigma 4: a base that is not one of the allowed compositions.
    BaseNotAllowed {
        square: usi::Square,
        base: String,
    },
    /// Sigma 4: a storage entry that is no stone.
    NotAStone {
        entry: usi::PieceToken,
    },
    /// Sigma 4: more of a stone in a storage than both sets have.
    StorageOverSets {
        side: Color,
        count: u32,
        stone: char,
    },
    /// Sigma 4: more of a stone in the game than both sets have.
    StonesOverSets {
        count: u32,
        stone: char,
        max: u32,
    },
    /// Sigma 4: a side without exactly one royal base.
    RoyalBaseCount {
        side: Color,
        count: u32,
    },
    /// Sigma 4: more bases on the board than a side has.
    TooManyBases {
        side: Color,
        count: u32,
        max: u32,
    },
    /// Sigma 4: the side to move's royal base is on its goal (the game is over).
    RoyalOnGoal {
        side: Color,
        goal: usi::Square,
    },
}

impl Display for PositionError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        f.write_str("sfen: ")?;
        match self {
            RankCount {
                game: GameName::Sigma4,
                found,
            } => write!(f, "the Sigma 4 board has 7 ranks, found {found}"),
            RankCount {
                game: GameName::Shogammon,
                found,
            } => write!(f, "a shogammon board needs 9 ranks, found {found}"),
            RankCount { game, found } => write!(f, "{game} board needs 9 ranks, found {found}"),
            RankLength {
                game: GameName::Sigma4,
                rank,
                found,
            } => write!(
                f,
                "rank {} has {found} squares, the Sigma 4 board has 7",
                rank_letter(*rank)
            ),
            RankLength { game, rank, found } => write!(
                f,
                "rank {} has {found} squares, {game} needs 9",
                rank_letter(*rank)
            ),
            ForeignCell {
                game: GameName::Sigma4,
                square,
                cell: usi::Cell::Piece(t),
            } => write!(
                f,
                "{square} holds '{t}', but Sigma 4 squares hold bases written in brackets, like [WF]"
            ),
            ForeignCell {
                game: GameName::Sigma4,
                square,
                ..
            } => write!(f, "{square} holds a Shogammon point, not a Sigma 4 base"),
            ForeignCell {
                game: GameName::Shogammon,
                square,
                ..
            } => write!(
                f,
                "square {square} holds a Sigma 4 base, which shogammon does not have"
            ),
            ForeignCell { game, square, .. } => write!(
                f,
                "square {square} holds a point or base, which {game} does not have"
            ),
            UnknownPiece {
                game,
                piece,
                square,
            } => write!(f, "'{}' on {square} is not a {game} piece", KindName(piece)),
            PromotedMinor { piece, square } => write!(
                f,
                "'{}' on {square}: Mortal Shogi has no promoted pawns, lances, knights or silvers (they promote to a higher piece instead)",
                KindName(piece)
            ),
            MixedPoint { square } => write!(f, "the point on {square} mixes both sides' pieces"),
            TooManyKings { side } => write!(f, "{} has more than one king", side_name(*side)),
            DeadPiece { piece, square } => write!(f, "{piece} on {square} could never move again"),
            Nifu { side, file } => write!(
                f,
                "{} has two unpromoted pawns on file {file} (nifu)",
                side_name(*side)
            ),
            NotToMoveInCheck { game, side } => write!(
                f,
                "{}{} is in check but it is {} to move",
                side_name(*side),
                if *game == GameName::Sigma4 {
                    "'s royal base"
                } else {
                    ""
                },
                side_name(side.flip())
            ),
            NotHoldable { piece } => {
                write!(f, "hand piece '{}' cannot be held in hand", KindName(piece))
            }
            KingInHand { piece } => write!(
                f,
                "hand piece '{}': a king cannot be in hand",
                KindName(piece)
            ),
            DragonInHand { piece } => write!(
                f,
                "hand piece '{}': a dragon cannot be in hand (a captured dragon becomes a horse)",
                KindName(piece)
            ),
            UnknownHandPiece { game, piece } => {
                write!(f, "hand piece '{}' is not a {game} piece", KindName(piece))
            }
            HandOverSet {
                game,
                count,
                letter,
            } => write!(
                f,
                "{count} '{letter}' in {} is more than a set has",
                if *game == GameName::Shogammon {
                    "one hand"
                } else {
                    "hand"
                }
            ),
            HandsOverGame { max } => write!(
                f,
                "the hands hold more than {max} pieces, more than a game ever has"
            ),
            KindOverSet { count, letter, set } => write!(
                f,
                "{count} pieces of kind '{letter}' in all, a set has {set}"
            ),
            PiecesOverGame { count, max } => write!(
                f,
                "{count} pieces besides the kings, a game has at most {max}"
            ),
            MajorsOverGame { count, max } => write!(
                f,
                "{count} rooks, bishops, horses and dragons in all, a game has at most {max}"
            ),
            BadBase { square, detail } => write!(f, "{square}: {detail}"),
            BaseNotAllowed { square, base } => {
                write!(f, "{square}: [{base}] is not an allowed base")
            }
            NotAStone { entry } => write!(
                f,
                "storage entry '{entry}' is not a stone (storage holds J Z C E N D F W)"
            ),
            StorageOverSets { side, count, stone } => write!(
                f,
                "{count} '{stone}' in {}'s storage is more than both sets have",
                side_name(*side)
            ),
            StonesOverSets { count, stone, max } => write!(
                f,
                "{count} stones '{stone}' in the game, the two sets have {max}"
            ),
            RoyalBaseCount { side, count } => write!(
                f,
                "{} has {count} royal bases, a side has exactly one",
                side_name(*side)
            ),
            TooManyBases { side, count, max } => write!(
                f,
                "{} has {count} bases on the board, a side has {max}",
                side_name(*side)
            ),
            RoyalOnGoal { side, goal } => write!(
                f,
                "{}'s royal base stands on its goal square {goal}, so the game ended before {}'s last move",
                side_name(*side),
                side_name(side.flip())
            ),
        }
    }
}

/// A Sigma 4 setup (one side's three ranks) the rules reject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Not three ranks separated by `/`.
    RankCount {
        text: String,
        found: usize,
    },
    /// The ranks are not SFEN board syntax.
    Syntax {
        text: String,
        error: usi::ParseError,
    },
    /// Not three ranks of seven squares.
    Shape {
        side: Color,
    },
    /// A base whose letters break a rule (the reader's reason).
    BadBase {
        square: usi::Square,
        detail: String,
    },
    /// A base in the other side's case.
    WrongCase {
        square: usi::Square,
        side: Color,
    },
    Empty {
        square: usi::Square,
        side: Color,
    },
    /// A piece or point where a base belongs.
    NotABase {
        square: usi::Square,
    },
    /// A base that breaks a composition rule (of play or of the setup).
    BreaksRule {
        square: usi::Square,
        base: String,
        rule: CompositionError,
    },
    /// The royal base is not on its start square.
    RoyalMisplaced {
        square: usi::Square,
        start: usi::Square,
    },
    /// Not exactly one royal base.
    RoyalCount {
        side: Color,
        count: usize,
        start: usi::Square,
    },
    /// A stone kind placed other than a set's number of times.
    StoneCount {
        count: u8,
        stone: char,
        set: u8,
    },
}

impl Display for SetupError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        use SetupError::*;
        match self {
            RankCount { text, found } => write!(
                f,
                "setup '{text}': a setup is three ranks separated by '/', found {found}"
            ),
            Syntax { text, error } => write!(f, "setup '{text}': {error}"),
            Shape { side } => write!(
                f,
                "setup: {} fills three ranks of seven squares (21 bases)",
                side_name(*side)
            ),
            BadBase { square, detail } => write!(f, "setup: {square}: {detail}"),
            WrongCase { square, side } => write!(
                f,
                "setup: the base on {square} is written in the other side's case ({} writes {})",
                side_name(*side),
                if *side == Color::Black {
                    "upper case"
                } else {
                    "lower case"
                }
            ),
            Empty { square, side } => write!(
                f,
                "setup: {square} is empty; all 21 bases of {} stand on its three ranks",
                side_name(*side)
            ),
            NotABase { square } => write!(f, "setup: {square} holds something other than a base"),
            BreaksRule { square, base, rule } => write!(f, "setup: {square}: [{base}]: {rule}"),
            RoyalMisplaced { square, start } => write!(
                f,
                "setup: the royal base stands on {square}; it starts on {start}"
            ),
            RoyalCount { side, count, start } => write!(
                f,
                "setup: {} has {count} royal bases (R), exactly one is needed, on {start}",
                side_name(*side)
            ),
            StoneCount { count, stone, set } => write!(
                f,
                "setup: {count} stones '{stone}' placed; all 42 stones are placed, {set} of this kind"
            ),
        }
    }
}

/// What a Sigma 4 drop or refit names: the messages say which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fitting {
    Drop,
    Refit,
}

impl Display for Fitting {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fitting::Drop => "drop",
            Fitting::Refit => "refit",
        })
    }
}

/// A move or turn that is malformed for the game or not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A move form the game does not have (a corner take in shogi, ...).
    NotOfGame {
        game: GameName,
    },
    /// A square outside the `size` x `size` board.
    OffBoard {
        square: usi::Square,
        size: u8,
    },
    NoPiece {
        square: usi::Square,
    },
    /// The piece on the origin square belongs to the side not to move.
    NotYourPiece {
        square: usi::Square,
    },
    /// A drop of a kind the side to move does not hold.
    NotInHand {
        piece: usi::PieceToken,
    },
    /// `+` or `=X` on a piece that never promotes; shogi names the square.
    CannotPromote {
        piece: usi::PieceToken,
        from: Option<usi::Square>,
    },
    /// A `=` suffix in a game that promotes with `+` only.
    EqualsSuffix {
        game: GameName,
    },
    /// Mortal Shogi: `=` followed by several letters.
    PromotionLetters,
    /// Mortal Shogi: `+` on a minor piece, which names its new kind.
    PromoteByName {
        piece: usi::PieceToken,
        choices: String,
    },
    /// Mortal Shogi: `=X` on a rook or bishop, which promotes with `+`.
    PromoteByPlus {
        piece: usi::PieceToken,
    },
    /// Mortal Shogi: `=X` naming a kind this piece cannot become.
    PromotionChoice {
        piece: usi::PieceToken,
        to: char,
        choices: String,
    },
    /// A drop token of a form the game does not use.
    DropForm {
        game: GameName,
    },
    /// A drop of a kind that is never dropped.
    NotDroppable {
        letter: char,
    },
    /// Mortal Shogi: a king drop.
    KingDrop,
    /// Mortal Shogi: a dragon drop (a captured dragon is held as a horse).
    DragonDrop {
        piece: usi::PieceToken,
    },
    /// A drop letter that is no piece of the game.
    UnknownPiece {
        game: GameName,
        piece: usi::PieceToken,
    },
    /// A well-formed move the rules forbid here, and why.
    Illegal {
        mv: String,
        reason: String,
    },
    /// Shogammon: a move inside a turn token, with what is wrong with it.
    InTurn {
        mv: usi::UsiMove,
        error: Box<MoveError>,
    },
    /// Shogammon: a Sigma 4 corner take.
    CornerTake {
        mv: usi::UsiMove,
    },
    /// Shogammon: a single move where a turn token belongs.
    NotATurn {
        mv: usi::UsiMove,
    },
    /// Shogammon: a turn token the rules refuse, and why.
    IllegalTurn {
        turn: usi::Turn,
        reason: TurnError,
    },
    /// Sigma 4: no base on the origin square.
    NoBase {
        square: usi::Square,
    },
    /// Sigma 4: the base on the origin square is `owner`'s, not the mover's.
    NotYourBase {
        square: usi::Square,
        owner: Color,
    },
    /// Sigma 4: `+` (a capture names its refit after `=` instead).
    PlusSuffix,
    /// Sigma 4: a refit on a move that captures nothing.
    RefitWithoutCapture {
        letters: String,
        to: usi::Square,
    },
    /// Sigma 4: a base not among the allowed compositions.
    BaseNotAllowed {
        fitting: Fitting,
        base: String,
    },
    /// Sigma 4: a drop or refit breaking a composition rule.
    BreaksRule {
        fitting: Fitting,
        base: String,
        rule: CompositionError,
    },
    /// Sigma 4: a drop naming the royal base.
    RoyalDrop,
    /// Sigma 4: `R` in the refit of a plain base.
    RoyalInRefit,
    /// Sigma 4: `R` written twice in a refit.
    TwoRoyalsInRefit,
    /// Sigma 4: more stones than a base holds.
    TooManyStones {
        fitting: Fitting,
        count: usize,
    },
    /// Sigma 4: a letter that is no stone.
    NotAStone {
        fitting: Fitting,
        letter: char,
    },
    /// Sigma 4: a corner take naming no stone.
    CornerTakeNotAStone {
        stone: char,
    },
    /// A `pass` in a game without one.
    NoPass {
        game: GameName,
    },
}

impl Display for MoveError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        use MoveError::*;
        match self {
            NotOfGame { game } => write!(f, "not a {game} move"),
            OffBoard { square, size: 9 } => write!(f, "square {square} is off the board"),
            OffBoard { square, size } => write!(
                f,
                "square {square} is off the {size}x{size} board (files 1-{size}, ranks a-{})",
                rank_letter(size.saturating_sub(1))
            ),
            NoPiece { square } => write!(f, "no piece on {square}"),
            NotYourPiece { square } => {
                write!(f, "the piece on {square} is not the side to move's")
            }
            NotInHand { piece } => write!(f, "no '{}' in hand", KindName(piece)),
            CannotPromote {
                piece,
                from: Some(from),
            } => write!(f, "{piece} on {from} cannot promote"),
            CannotPromote { piece, from: None } => write!(f, "'{}' cannot promote", KindName(piece)),
            EqualsSuffix {
                game: GameName::Shogammon,
            } => f.write_str("'=' suffixes are not used in shogammon (promote with '+')"),
            EqualsSuffix { game } => write!(f, "'=' suffixes are not used in standard {game}"),
            PromotionLetters => f.write_str("'=' names one piece to promote to"),
            PromoteByName { piece, choices } => write!(
                f,
                "'{}' promotes by naming its new piece after '=' ({choices}), not with '+'",
                KindName(piece)
            ),
            PromoteByPlus { piece } => write!(
                f,
                "'{}' promotes with '+', not by naming a piece",
                KindName(piece)
            ),
            PromotionChoice { piece, to, choices } => write!(
                f,
                "'{}' cannot promote to '{to}': it may become {choices}",
                KindName(piece)
            ),
            DropForm {
                game: GameName::Mortal,
            } => f.write_str("a Mortal Shogi drop names one piece"),
            DropForm {
                game: GameName::Sigma4,
            } => f.write_str("a Sigma 4 drop names stones, without '+'"),
            DropForm { game } => write!(f, "a {game} drop names one unpromoted piece"),
            NotDroppable { letter } => write!(f, "'{letter}' cannot be dropped"),
            KingDrop => f.write_str("a king cannot be dropped"),
            DragonDrop { piece } => write!(
                f,
                "'{}' cannot be dropped: a captured dragon goes to hand as a horse",
                KindName(piece)
            ),
            UnknownPiece { game, piece } => write!(f, "'{}' is not a {game} piece", KindName(piece)),
            Illegal { mv, reason } => write!(f, "illegal move {mv}: {reason}"),
            InTurn { mv, error } => write!(f, "'{mv}': {error}"),
            CornerTake { mv } => write!(f, "'{mv}' is a Sigma 4 move"),
            NotATurn { mv } => write!(
                f,
                "'{mv}': shogammon moves are turn tokens (dice, ':', moves), e.g. 61:5i5h,7g7f"
            ),
            IllegalTurn { turn, reason } => write!(f, "illegal turn {turn}: {reason}"),
            NoBase { square } => write!(f, "no base on {square}"),
            NotYourBase { square, owner } => write!(
                f,
                "the base on {square} is {}'s, it is {} to move",
                side_name(*owner),
                side_name(owner.flip())
            ),
            PlusSuffix => f.write_str(
                "Sigma 4 has no promotion ('+'); a capture names its refit after '='",
            ),
            RefitWithoutCapture { letters, to } => write!(
                f,
                "'={letters}' names a refit, but only a capture refits a base ({to} holds no enemy base)"
            ),
            BaseNotAllowed {
                fitting: Fitting::Refit,
                base,
            } => write!(f, "the refit [{base}] is not an allowed base"),
            BaseNotAllowed {
                fitting: Fitting::Drop,
                base,
            } => write!(f, "[{base}] is not an allowed base"),
            BreaksRule {
                fitting: Fitting::Drop,
                base,
                rule,
            } => write!(f, "the dropped base [{base}] breaks a rule: {rule}"),
            BreaksRule {
                fitting: Fitting::Refit,
                base,
                rule,
            } => write!(f, "the refit [{base}] breaks a rule: {rule}"),
            RoyalDrop => f.write_str("the royal base is never dropped ('R' in a drop)"),
            RoyalInRefit => {
                f.write_str("'R' in a refit, but the capturing base is not the royal base")
            }
            TwoRoyalsInRefit => f.write_str("a refit names 'R' at most once"),
            TooManyStones { fitting, count } => {
                write!(f, "{fitting}: a base holds 1 to 4 stones, not {count}")
            }
            NotAStone { fitting, letter } => write!(
                f,
                "{fitting}: '{letter}' is not a stone letter (J Z C E N D F W)"
            ),
            CornerTakeNotAStone { stone } => {
                write!(f, "'%{stone}': '{stone}' is not a stone letter")
            }
            NoPass { game } => write!(f, "{game} has no pass"),
        }
    }
}

/// Why a Shogammon turn token is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// The game is over (the position's own explanation).
    Finished(String),
    /// Dice that are not a roll, or not the roll given.
    Dice(DiceError),
    /// A move of the turn is malformed.
    Step(Box<MoveError>),
    /// No legal way of taking the dice plays these moves (the reading that
    /// gets furthest, and where it breaks).
    Unplayable(String),
}

impl Display for TurnError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Finished(reason) | TurnError::Unplayable(reason) => f.write_str(reason),
            TurnError::Dice(e) => e.fmt(f),
            TurnError::Step(e) => e.fmt(f),
        }
    }
}

/// A Shogammon roll or `DiceMap` text the rules reject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    /// A die outside 1..=6.
    OutOfRange { roll: [u8; 2] },
    /// A roll for a finished game (the position's own explanation).
    Finished { roll: [u8; 2], reason: String },
    /// A turn's dice that are not the roll set for it.
    NotTheRoll { roll: [u8; 2], given: [u8; 2] },
    /// `DiceMap` without six groups (`example` is the default map).
    MapGroups {
        text: String,
        found: usize,
        example: &'static str,
    },
    /// `DiceMap`: a die face (1..=6) answering to no kind.
    MapEmptyGroup { text: String, face: usize },
    /// `DiceMap`: a `+` (promoted kinds answer to their base kind's dice).
    MapPromoted { text: String },
    /// `DiceMap`: a letter that is no unpromoted kind.
    MapLetter {
        text: String,
        letter: char,
        face: usize,
    },
    /// `DiceMap`: a kind twice in one face's group.
    MapDuplicate {
        text: String,
        letter: char,
        face: usize,
    },
    /// `DiceMap`: a kind that no face moves.
    MapUnmoved { text: String, letter: char },
}

impl Display for DiceError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        use DiceError::*;
        match self {
            OutOfRange { roll: [a, b] } => write!(f, "dice {a}{b}: each die is 1 to 6"),
            Finished {
                roll: [a, b],
                reason,
            } => write!(f, "dice {a}{b}: {reason}"),
            NotTheRoll {
                roll: [r0, r1],
                given: [g0, g1],
            } => write!(f, "the roll is {r0}{r1}, not {g0}{g1}"),
            MapGroups {
                text,
                found,
                example,
            } => write!(
                f,
                "DiceMap '{text}' has {found} group(s); it needs six, one per die face, separated by commas (e.g. {example})"
            ),
            MapEmptyGroup { text, face } => {
                write!(f, "DiceMap '{text}': the group for die {face} is empty")
            }
            MapPromoted { text } => write!(
                f,
                "DiceMap '{text}': promoted pieces answer to their unpromoted kind's die; write only P L N S G B R K"
            ),
            MapLetter { text, letter, face } => write!(
                f,
                "DiceMap '{text}': '{letter}' in the group for die {face} is not one of P L N S G B R K"
            ),
            MapDuplicate { text, letter, face } => write!(
                f,
                "DiceMap '{text}': '{letter}' appears twice in the group for die {face}"
            ),
            MapUnmoved { text, letter } => write!(
                f,
                "DiceMap '{text}': no die moves '{letter}', so it could never move"
            ),
        }
    }
}

/// A Shogammon doubling cube state that cannot occur.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CubeError {
    /// Not a power of two up to `max`.
    Value { value: u32, max: u32 },
    /// A cube at 1 with an owner.
    CentredOwned,
    /// A cube above 1 without an owner.
    TakenUnowned { value: u32 },
}

impl Display for CubeError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            CubeError::Value { value, max } => write!(
                f,
                "cube value {value} is not a power of two from 1 to {max}"
            ),
            CubeError::CentredOwned => f.write_str("a cube at 1 is centred: its owner is '-'"),
            CubeError::TakenUnowned { value } => write!(
                f,
                "a cube at {value} has been taken: its owner is 'b' or 'w', not '-'"
            ),
        }
    }
}
