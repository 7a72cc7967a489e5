//! `henkei play` (docs/play.md): a person plays henkei in a terminal, in
//! any of the four games. The engine runs as a USI child process (this
//! program again, unless `--engine` names another) driven by the match
//! tool's engine code, and the match tool's referee checks every move by
//! the rules; so the human sees exactly the game an engine match would
//! see: the same notation, the same dice handling, the same endings.
//!
//! - [`cli`]: the command line; [`command`]: what the human types;
//! - [`console`]: line-by-line input and output (works through pipes);
//! - [`table`]: the game state and its display;
//! - [`human`], [`reply`]: the two sides' turns; [`cube`]: the doubling
//!   cube in Shogammon.
//!
//! Decisions where the brief is open:
//! - Sigma 4 starts from the standard start position (no setups typed).
//! - `undo` takes back moves only: a cube that was turned stays turned; in
//!   Shogammon the undone turn's roll comes back with it.
//! - The human is untimed; `--time` is the engine's time control.
//! - The game ends when the rules (or a resignation, or a drop) end it;
//!   `quit` and the end of input abandon it. The exit status is 0 then, 1
//!   when the engine fails, 2 for a bad command line.

pub mod cli;
pub mod command;
pub mod console;
pub mod cube;
pub mod human;
pub mod opponent;
pub mod reply;
pub mod table;

use std::io::{BufRead, Write};

use cli::{Cli, PlayConfig};
use console::Console;
use opponent::Opponent;
use table::{side_word, Ending, Step, Table};

/// `henkei play ARGS...`: returns the exit status.
pub fn main_with_args(
    args: &[String],
    input: impl BufRead,
    out: impl Write,
    interactive: bool,
) -> i32 {
    let mut con = Console::new(input, out, interactive);
    let cfg = match cli::parse_args(args) {
        Ok(Cli::Play(cfg)) => cfg,
        Ok(Cli::Help) => {
            con.say(cli::HELP.trim_end());
            return 0;
        }
        Err(e) => {
            con.say(format!(
                "henkei play: {e}\n(henkei play --help lists the options)"
            ));
            return 2;
        }
    };
    match play(&cfg, &mut con) {
        Ok(()) => 0,
        Err(e) => {
            con.say(format!("henkei play: error: {e}"));
            1
        }
    }
}

/// The engine's command: `--engine`, or this program as a USI engine.
fn engine_command(cfg: &PlayConfig) -> Result<Vec<String>, String> {
    if !cfg.engine.is_empty() {
        return Ok(cfg.engine.clone());
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    Ok(vec![exe.display().to_string()])
}

fn play<R: BufRead, W: Write>(cfg: &PlayConfig, con: &mut Console<R, W>) -> Result<(), String> {
    let mut opp = Opponent::start(&engine_command(cfg)?, cfg.variant, cfg.max_moves)?;
    let mut t = Table::new(cfg, opp.name.clone())?;
    con.say(format!(
        "henkei play: {}, you are {} ({}), {} is {}, engine time {}{}. Type 'help' for commands.",
        cfg.variant,
        side_word(cfg.human),
        cfg.human.to_usi(),
        t.engine_name,
        side_word(t.engine()),
        cfg.tc,
        if t.cube.is_some() {
            ", with the cube"
        } else {
            ""
        }
    ));
    con.say(t.board_text());
    let ending = loop {
        if let Some(ending) = t.rules_ending() {
            break ending;
        }
        let step = if t.referee.side_to_move() == t.human() {
            human::turn(&mut t, &mut opp, con)?
        } else {
            reply::turn(&mut t, &mut opp, con)?
        };
        if let Step::End(ending) = step {
            break ending;
        }
    };
    con.say(announce(&t, &ending));
    opp.finish(gameover_word(&t, &ending));
    Ok(())
}

/// `Game over: you win by checkmate.`
fn announce(t: &Table, ending: &Ending) -> String {
    match ending {
        Ending::Abandoned(why) => format!("Game abandoned ({why})."),
        Ending::Result {
            winner: None, how, ..
        } => format!("Game over: draw by {how}."),
        Ending::Result {
            winner: Some(w),
            how,
            points,
        } => {
            let who = if *w == t.human() {
                "you win".to_string()
            } else {
                format!("{} wins", t.engine_name)
            };
            let points = match t.cube {
                Some(_) => format!(" ({points} point{})", if *points == 1 { "" } else { "s" }),
                None => String::new(),
            };
            format!("Game over: {who} by {how}{points}.")
        }
    }
}

/// The engine's `gameover` word, if the game was decided.
fn gameover_word(t: &Table, ending: &Ending) -> Option<&'static str> {
    match ending {
        Ending::Abandoned(_) => None,
        Ending::Result { winner: None, .. } => Some("draw"),
        Ending::Result {
            winner: Some(w), ..
        } if *w == t.engine() => Some("win"),
        Ending::Result { .. } => Some("lose"),
    }
}
