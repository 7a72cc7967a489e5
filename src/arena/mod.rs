//! The match tool's library (`henkei-match`, docs/match.md): plays two USI
//! engines against each other over pipes, as the arbiter.
//!
//! - [`engine`]: a child process with a reader thread and a channel, so
//!   every wait has a deadline; `usi`/`isready` handshakes; kill/restart.
//! - [`clock`]: time controls (byoyomi, Fischer, sudden death, movetime,
//!   depth/nodes), the clocks the tool keeps, and the `go` command.
//! - [`referee`]: one interface over the four games' `Game`
//!   implementations: legality of every answer, the rules' verdict.
//! - [`game`]: one game (setups, dice, adjudication, as the game's
//!   registry entry says); [`cube`]: the doubling cube before each roll
//!   (`--cube`).
//! - [`runner`]: a match: parallel games, progress, summary, SPRT.
//! - [`stats`]: Elo (trinomial and pentanomial), LOS, SPRT.
//! - [`records`]: the plain-text record of every variant and replay; a
//!   game's other formats come from its registry entry (standard shogi's
//!   CSA and KIF: `shogi::kifu`).
//! - [`openings`]: opening files; [`cli`]: the command line.

pub mod cli;
pub mod clock;
pub mod cube;
pub mod engine;
pub mod game;
pub mod openings;
pub mod records;
pub mod referee;
pub mod runner;
pub mod stats;

use std::io::Write;

pub use clock::TimeControl;
pub use referee::Variant;
pub use runner::{run_match, MatchConfig, Summary};

/// `henkei-match` with its arguments (program name excluded); returns the
/// exit status: 0 done, 1 an error or a record that does not replay, 2 a
/// usage error.
pub fn main_with_args(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let cli = match cli::parse_args(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(
                err,
                "henkei-match: {e}\n(henkei-match --help lists the options)"
            );
            return 2;
        }
    };
    match cli {
        cli::Cli::Help => {
            let _ = write!(out, "{}", cli::HELP);
            0
        }
        cli::Cli::Match(cfg) => match run_match(&cfg, out) {
            Ok(_) => 0,
            Err(e) => {
                let _ = writeln!(err, "henkei-match: {e}");
                1
            }
        },
        cli::Cli::Replay { files, rules } => {
            let mut status = 0;
            for f in &files {
                for (label, result) in records::replay_file(f, &rules) {
                    match result {
                        Ok(report) => {
                            let _ = writeln!(out, "{label}: {report}");
                            if !report.is_ok() {
                                status = 1;
                            }
                        }
                        Err(e) => {
                            let _ = writeln!(out, "{label}: ERROR: {e}");
                            status = 1;
                        }
                    }
                }
            }
            status
        }
    }
}
