//! The human's turn: read lines until a legal move (or a command that ends
//! the turn). Every mistake gets one `error:` line and the prompt again.

use std::io::{BufRead, Write};

use super::command::{parse_input, Input, COMMANDS, CUBE_COMMANDS};
use super::console::Console;
use super::cube;
use super::opponent::Opponent;
use super::table::{Ending, Step, Table};

/// Width of the lines listing legal moves in `help`.
const LINE_WIDTH: usize = 76;

/// Plays the human's turn.
pub fn turn<R: BufRead, W: Write>(
    t: &mut Table,
    opp: &mut Opponent,
    con: &mut Console<R, W>,
) -> Result<Step, String> {
    // Roll at once unless the human could double first.
    if t.needs_roll() && !t.may_double(t.human()) {
        announce_roll(t, con)?;
    }
    con.say(status(t));
    loop {
        let Some(line) = con.read() else {
            return Ok(Step::End(Ending::Abandoned("end of input")));
        };
        let input = match parse_input(&line) {
            Ok(input) => input,
            Err(e) => {
                con.error(e);
                continue;
            }
        };
        if let Some(step) = handle(t, opp, con, input)? {
            return Ok(step);
        }
    }
}

/// One input; `Some` when the turn is over.
fn handle<R: BufRead, W: Write>(
    t: &mut Table,
    opp: &mut Opponent,
    con: &mut Console<R, W>,
    input: Input,
) -> Result<Option<Step>, String> {
    match input {
        Input::Nothing => {}
        Input::Help => help(t, con),
        Input::Board => {
            con.say(t.board_text());
            con.say(status(t));
        }
        Input::Quit => return Ok(Some(Step::End(Ending::Abandoned("quit")))),
        Input::Resign => {
            return Ok(Some(Step::End(t.result(Some(t.engine()), "resignation"))));
        }
        Input::Win if t.referee.can_declare_win(&t.rules) => {
            return Ok(Some(Step::End(t.result(Some(t.human()), "declaration"))));
        }
        Input::Win => con.error("you may not declare a win here (EnteringKingRule CSARule27)"),
        Input::Undo => match t.undo_pair() {
            Ok(()) => {
                con.say("Took back your last move and the reply.");
                con.say(t.board_text());
                return Ok(Some(Step::Next));
            }
            Err(e) => con.error(e),
        },
        Input::Roll if t.needs_roll() => {
            announce_roll(t, con)?;
            con.say(status(t));
        }
        Input::Roll => con.error("you have rolled already"),
        Input::Double => return cube::human_doubles(t, opp, con),
        Input::Take | Input::Drop => con.error("there is no double to answer"),
        Input::Move(_) if t.needs_roll() => {
            con.error("roll first: type 'roll' (or 'double' to offer the cube)")
        }
        Input::Move(token) => return Ok(play(t, con, &token)),
    }
    Ok(None)
}

/// Plays the human's move if the rules allow it.
fn play<R: BufRead, W: Write>(t: &mut Table, con: &mut Console<R, W>, token: &str) -> Option<Step> {
    let token = with_roll(t, token);
    match t.play(&token) {
        Ok(_) => {
            con.say(t.board_text());
            Some(Step::Next)
        }
        Err(e) => {
            con.error(e);
            None
        }
    }
}

/// Shogammon: a turn typed without its dice gets the roll in front
/// (`7g7f,5i5h` → `61:7g7f,5i5h`; `pass` → `61:pass`).
fn with_roll(t: &Table, token: &str) -> String {
    match t.referee.roll() {
        Some([a, b]) if !token.contains(':') => format!("{a}{b}:{token}"),
        _ => token.to_string(),
    }
}

/// Rolls for the human and shows the roll.
pub fn announce_roll<R: BufRead, W: Write>(
    t: &mut Table,
    con: &mut Console<R, W>,
) -> Result<(), String> {
    let [a, b] = t.roll()?;
    con.say(format!("You rolled {a}{b}."));
    Ok(())
}

/// What the human may do now, on one line.
pub fn status(t: &Table) -> String {
    let side = super::table::side_word(t.human());
    if t.may_double(t.human()) {
        let to = t.cube.map_or(2, |c| c.value() * 2);
        return format!(
            "Your turn ({side}): type 'roll' to roll your dice, or 'double' to offer the cube at {to}."
        );
    }
    let example = t.referee.legal_moves().into_iter().next();
    let example = example.map_or(String::new(), |m| format!(", e.g. {m}"));
    match t.referee.roll() {
        Some([a, b]) => format!(
            "Your turn ({side}), roll {a}{b}: type a turn token{example} (or just the moves), or 'help'."
        ),
        None => format!("Your turn ({side}): type a move in USI notation{example}, or 'help'."),
    }
}

/// The commands and the legal moves now.
fn help<R: BufRead, W: Write>(t: &Table, con: &mut Console<R, W>) {
    let cube = if t.cube.is_some() {
        format!(", {CUBE_COMMANDS}")
    } else {
        String::new()
    };
    con.say(format!(
        "Commands: {COMMANDS}{cube}. Anything else is read as a move in USI notation."
    ));
    if t.needs_roll() {
        con.say("Roll first ('roll'); then 'help' lists the legal turns for your roll.");
        return;
    }
    let moves = t.referee.legal_moves();
    match t.referee.roll() {
        Some([a, b]) => con.say(format!("Legal turns for roll {a}{b} ({}):", moves.len())),
        None => con.say(format!("Legal moves ({}):", moves.len())),
    }
    for line in wrap(&moves, LINE_WIDTH) {
        con.say(line);
    }
}

/// The words in indented lines of at most `width` characters (a longer
/// word gets a line of its own).
fn wrap(words: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from(" ");
    for word in words {
        if line.len() > 1 && line.len() + 1 + word.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(" ")));
        }
        line.push(' ');
        line.push_str(word);
    }
    if line.len() > 1 {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_wrap_at_the_width() {
        let words: Vec<String> = ["7g7f", "2g2f", "5i4h", "61:7g7f,5i5h"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            wrap(&words, 12),
            ["  7g7f 2g2f", "  5i4h", "  61:7g7f,5i5h"]
        );
        assert!(wrap(&[], 12).is_empty());
    }
}
