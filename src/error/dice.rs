//! Shogammon's dice and doubling cube given from outside.

use std::fmt::{self, Display, Formatter};

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
