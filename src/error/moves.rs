//! Moves and turns that are malformed for a game or not legal.

use std::fmt::{self, Display, Formatter};

use super::{rank_letter, DiceError, GameName, KindName};
use crate::board::position::side_name;
use crate::game::Color;
use crate::sigma4::types::CompositionError;

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
    /// A turn token (of a game with dice) where a game reads single moves.
    NotAMove {
        turn: usi::Turn,
        game: &'static str,
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
                "'{mv}' is not a shogammon turn token (dice, ':', moves, e.g. 61:5i5h,7g7f)"
            ),
            NotAMove { turn, game } => write!(
                f,
                "'{turn}' is a {} turn, not a {game} move",
                crate::registry::Variant::names_where(|c| c.dice)
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
