//! Errors in user input about a game: a position (SFEN, Sigma 4 setup), a
//! move or turn, dice, the cube. Each is a value saying what went wrong with
//! the data that shows it, so callers and tests can tell kinds apart;
//! `Display` words the message the user reads (`info string error: ...`).

use std::fmt::{self, Display, Formatter};

mod dice;
mod moves;
mod position;
mod setup;
#[cfg(test)]
mod tests;

pub use dice::{CubeError, DiceError};
pub use moves::{Fitting, MoveError, TurnError};
pub use position::PositionError;
pub use setup::SetupError;

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
