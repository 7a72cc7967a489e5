//! Sigma 4 setups the rules reject.

use std::fmt::{self, Display, Formatter};

use crate::board::position::side_name;
use crate::game::Color;
use crate::sigma4::types::CompositionError;

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
