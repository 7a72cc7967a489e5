//! The doubling cube in `henkei play` (Shogammon with `--cube`). A side
//! may double before its roll when the cube is centred or its own. The
//! human doubles with `double` (the engine answers `go take`) and answers
//! the engine's double (`go cube`) with `take` or `drop`. A take gives the
//! taker the cube at twice the value; a drop ends the game, and the doubler
//! wins the cube's value.

use std::io::{BufRead, Write};

use super::command::{parse_input, Input};
use super::console::Console;
use super::human::{announce_roll, status};
use super::opponent::Opponent;
use super::table::{Ending, Step, Table};
use crate::chance::CubeAction;

/// The human's `double`: `Some` when the game is over.
pub fn human_doubles<R: BufRead, W: Write>(
    t: &mut Table,
    opp: &mut Opponent,
    con: &mut Console<R, W>,
) -> Result<Option<Step>, String> {
    let Some(cube) = t.cube else {
        con.error("the cube is off (start with --cube to play with it)");
        return Ok(None);
    };
    if !t.needs_roll() {
        con.error("you may double only before rolling");
        return Ok(None);
    }
    if let Err(why) = cube.may_double(t.human()) {
        con.error(format!("you may not double: {why}"));
        return Ok(None);
    }
    con.say(format!(
        "You double: the cube goes to {} if {} takes.",
        cube.value() * 2,
        t.engine_name
    ));
    match opp.cube(&t.cube_position_command(cube), usi::CubeQuery::Take)? {
        CubeAction::Take => {
            let taken = cube.taken_by(t.engine());
            t.cube = Some(taken);
            con.say(format!(
                "{} takes: cube {}.",
                t.engine_name,
                t.cube_text(taken)
            ));
            announce_roll(t, con)?;
            con.say(status(t));
            Ok(None)
        }
        CubeAction::Drop => {
            con.say(format!("{} drops.", t.engine_name));
            Ok(Some(Step::End(t.result(Some(t.human()), "drop"))))
        }
        other => Err(format!(
            "the engine answered 'go take' with '{}'",
            other.word()
        )),
    }
}

/// Before the engine's roll: it may double, and the human answers.
/// `Some` when the game is over.
pub fn engine_may_double<R: BufRead, W: Write>(
    t: &mut Table,
    opp: &mut Opponent,
    con: &mut Console<R, W>,
) -> Result<Option<Step>, String> {
    let Some(cube) = t.cube.filter(|_| t.may_double(t.engine())) else {
        return Ok(None);
    };
    match opp.cube(&t.cube_position_command(cube), usi::CubeQuery::Double)? {
        CubeAction::NoDouble => Ok(None),
        CubeAction::Double => answer_double(t, con, cube),
        other => Err(format!(
            "the engine answered 'go cube' with '{}'",
            other.word()
        )),
    }
}

/// Reads the human's `take` or `drop`.
fn answer_double<R: BufRead, W: Write>(
    t: &mut Table,
    con: &mut Console<R, W>,
    cube: crate::chance::Cube,
) -> Result<Option<Step>, String> {
    let prompt = format!(
        "{} doubles: the cube goes to {} if you take. Type 'take' or 'drop'.",
        t.engine_name,
        cube.value() * 2
    );
    con.say(&prompt);
    loop {
        let Some(line) = con.read() else {
            return Ok(Some(Step::End(Ending::Abandoned("end of input"))));
        };
        match parse_input(&line) {
            Ok(Input::Take) => {
                let taken = cube.taken_by(t.human());
                t.cube = Some(taken);
                con.say(format!("You take: cube {}.", t.cube_text(taken)));
                return Ok(None);
            }
            Ok(Input::Drop) => return Ok(Some(Step::End(t.result(Some(t.engine()), "drop")))),
            Ok(Input::Resign) => {
                return Ok(Some(Step::End(t.result(Some(t.engine()), "resignation"))))
            }
            Ok(Input::Quit) => return Ok(Some(Step::End(Ending::Abandoned("quit")))),
            Ok(Input::Board) => con.say(t.board_text()),
            Ok(Input::Nothing) => {}
            Ok(Input::Help) => con.say(&prompt),
            Ok(_) => con.error("answer the double first: 'take' or 'drop'"),
            Err(e) => con.error(e),
        }
    }
}
