//! Why a `setoption` was refused: a value saying what was wrong (tests and
//! callers tell the kinds apart), worded by `Display` for the GUI.

use std::fmt::{self, Display, Formatter};

/// A refused `setoption name <name> [value <value>]`. `name` and `value`
/// are as the GUI sent them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown { name: String },
    /// The option takes a value and none was given.
    MissingValue { name: String },
    /// A spin value that is not an integer within its range.
    OutOfRange {
        name: String,
        value: String,
        min: i64,
        max: i64,
    },
    /// A check value that is neither `true` nor `false`.
    NotBoolean { name: String, value: String },
    /// A combo value that is not among `choices`.
    NotAChoice {
        name: String,
        value: String,
        choices: Vec<&'static str>,
    },
    /// A game's string option whose value its check refuses, and why.
    Invalid {
        name: String,
        value: String,
        reason: String,
    },
}

impl Display for OptionError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("setoption: ")?;
        match self {
            OptionError::Unknown { name } => write!(f, "unknown option '{name}'"),
            OptionError::MissingValue { name } => write!(f, "{name} needs a value"),
            OptionError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "{name} value '{value}' is not an integer from {min} to {max}"
            ),
            OptionError::NotBoolean { name, value } => {
                write!(f, "{name} value '{value}' is not 'true' or 'false'")
            }
            OptionError::NotAChoice {
                name,
                value,
                choices,
            } => write!(
                f,
                "{name} value '{value}' is not one of {}",
                choices.join(", ")
            ),
            OptionError::Invalid {
                name,
                value,
                reason,
            } => write!(f, "{name} value '{value}' is not valid: {reason}"),
        }
    }
}

impl std::error::Error for OptionError {}
