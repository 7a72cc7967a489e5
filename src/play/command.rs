//! What the human types: a command word or a move.

/// One line of the human's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// The commands and the legal moves.
    Help,
    /// Take back the last own move and the engine's reply.
    Undo,
    /// Show the board again.
    Board,
    Resign,
    /// Declare an entering-king win (`EnteringKingRule`, shogi and Mortal).
    Win,
    Quit,
    /// Shogammon: roll the dice (when a double could be offered first).
    Roll,
    /// Shogammon: offer the cube, before rolling.
    Double,
    /// Shogammon: answer the engine's double.
    Take,
    Drop,
    /// Anything else: a move (or turn token) to check by the rules.
    Move(String),
    /// A blank line.
    Nothing,
}

/// The command words, for `help`.
pub const COMMANDS: &str = "help, board, undo, resign, win, quit";

/// The cube's command words, for `help` in a game with the cube.
pub const CUBE_COMMANDS: &str = "roll, double, take, drop";

/// Reads one line. Command words ignore case; a move is one token.
pub fn parse_input(line: &str) -> Result<Input, String> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(Input::Nothing);
    };
    let input = match first.to_ascii_lowercase().as_str() {
        "help" | "?" => Input::Help,
        "undo" | "takeback" => Input::Undo,
        "board" | "d" => Input::Board,
        "resign" => Input::Resign,
        "win" => Input::Win,
        "quit" | "exit" => Input::Quit,
        "roll" => Input::Roll,
        "double" => Input::Double,
        "take" => Input::Take,
        "drop" => Input::Drop,
        _ => Input::Move(first.to_string()),
    };
    match words.next() {
        None => Ok(input),
        Some(extra) => Err(match input {
            Input::Move(_) => format!("one move at a time ('{first}', then '{extra}')"),
            _ => format!("'{first}' takes no argument (found '{extra}')"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_moves() {
        assert_eq!(parse_input("help"), Ok(Input::Help));
        assert_eq!(parse_input("  UNDO "), Ok(Input::Undo));
        assert_eq!(parse_input("quit\r"), Ok(Input::Quit));
        assert_eq!(parse_input("take"), Ok(Input::Take));
        assert_eq!(parse_input(""), Ok(Input::Nothing));
        assert_eq!(parse_input("7g7f"), Ok(Input::Move("7g7f".into())));
        assert_eq!(
            parse_input("61:5g5h,7g7f"),
            Ok(Input::Move("61:5g5h,7g7f".into()))
        );
        assert!(parse_input("7g7f 3c3d").unwrap_err().contains("one move"));
        assert!(parse_input("quit now").unwrap_err().contains("no argument"));
    }
}
