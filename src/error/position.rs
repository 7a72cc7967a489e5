//! SFENs the games' rules reject.

use std::fmt::{self, Display, Formatter};

use super::{rank_letter, GameName, KindName};
use crate::board::position::side_name;
use crate::game::Color;

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
