//! The engine's turn: the cube (Shogammon with `--cube`), its roll, then
//! `position`/`go` and its answer, checked by the rules like the match
//! tool checks it.

use std::io::{BufRead, Write};

use super::console::Console;
use super::cube;
use super::opponent::Opponent;
use super::table::{capitalised, Step, Table};

/// Plays the engine's turn.
pub fn turn<R: BufRead, W: Write>(
    t: &mut Table,
    opp: &mut Opponent,
    con: &mut Console<R, W>,
) -> Result<Step, String> {
    if let Some(step) = cube::engine_may_double(t, opp, con)? {
        return Ok(step);
    }
    let engine = t.engine();
    let who = capitalised(&t.who(engine));
    if t.needs_roll() {
        let [a, b] = t.roll()?;
        con.say(format!("{who} rolled {a}{b}."));
    }
    let allowed = t.clocks[engine.index()].allowed();
    let (answer, ms) = opp.best_move(&t.position_command(), &t.go_command(), allowed)?;
    // The human's opponent is not forfeited on time: the clock only feeds
    // `go`, so an overrun is simply charged.
    let _ = t.clocks[engine.index()].charge(ms, u64::MAX / 2);
    Ok(match answer.as_str() {
        "resign" => Step::End(t.result(Some(t.human()), "resignation")),
        "win" if t.referee.can_declare_win(&t.rules) => {
            Step::End(t.result(Some(engine), "declaration"))
        }
        "win" => Step::End(t.result(Some(t.human()), "invalid-declaration")),
        token => match t.play(token) {
            Ok(_) => {
                con.say(t.board_text());
                Step::Next
            }
            Err(e) => {
                con.say(format!("{who} played an illegal move: {e}"));
                Step::End(t.result(Some(t.human()), "illegal-move"))
            }
        },
    })
}
