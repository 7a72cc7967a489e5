//! The command line of `henkei play`.

use crate::arena::engine::split_command;
use crate::arena::{TimeControl, Variant};
use crate::game::Color;

pub const HELP: &str = "\
henkei play: play a game against henkei in the terminal (docs/play.md)

USAGE
  henkei play [--variant V] [--side b|w] [--time TC] [--cube] [--seed N]
              [--max-moves N] [--engine CMD]

OPTIONS
  --variant V     shogi (default), mortal, shogammon or sigma4
  --side b|w      your side: b = sente, moves first (default); w = gote
  --time TC       the engine's time control, as henkei-match's --tc
                  (default 1b: 1 s per move; 10+1b, 60+0.5, movetime=500,
                  depth=3, nodes=20000 ...). You are not timed.
  --cube          Shogammon: play with the doubling cube
  --seed N        seed of the dice (Shogammon); default from the clock
  --max-moves N   drawn when the move number reaches N+1 (default 256;
                  0: no limit)
  --engine CMD    the opponent's command line (default: this program as a
                  USI engine)
  --help          this text

Type 'help' during the game for the commands and the legal moves.
";

/// Everything a game of `henkei play` needs.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    pub variant: Variant,
    /// The human's side.
    pub human: Color,
    /// The engine's time control.
    pub tc: TimeControl,
    pub cube: bool,
    /// Dice seed; 0: from the clock.
    pub seed: u64,
    pub max_moves: u32,
    /// The engine's program and arguments; empty: this program.
    pub engine: Vec<String>,
}

impl Default for PlayConfig {
    fn default() -> Self {
        PlayConfig {
            variant: Variant::ALL[0],
            human: Color::Black,
            tc: TimeControl {
                byoyomi_ms: 1000,
                ..TimeControl::default()
            },
            cube: false,
            seed: 0,
            max_moves: 256,
            engine: Vec::new(),
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Cli {
    Help,
    Play(PlayConfig),
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: '{text}' is not a whole number"))
}

/// Reads `henkei play`'s arguments (after `play`).
pub fn parse_args(args: &[String]) -> Result<Cli, String> {
    let mut cfg = PlayConfig::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag {
            "--help" | "-h" => return Ok(Cli::Help),
            "--variant" => {
                let v = value()?;
                cfg.variant = Variant::from_flag("--variant", &v)?;
            }
            "--side" => {
                cfg.human = match value()?.as_str() {
                    "b" | "sente" | "black" => Color::Black,
                    "w" | "gote" | "white" => Color::White,
                    other => return Err(format!("--side: '{other}' is not b or w")),
                }
            }
            "--time" => cfg.tc = TimeControl::parse(&value()?)?,
            "--cube" => cfg.cube = true,
            "--seed" => cfg.seed = number(flag, &value()?)?,
            "--max-moves" => cfg.max_moves = number(flag, &value()?)?,
            "--engine" => cfg.engine = split_command(&value()?)?,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if cfg.cube && !cfg.variant.capabilities().cube {
        return Err(format!(
            "--cube is for --variant {}",
            Variant::names_where(|c| c.cube)
        ));
    }
    Ok(Cli::Play(cfg))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn options_and_defaults() {
        let Cli::Play(cfg) = parse_args(&[]).unwrap() else {
            panic!()
        };
        assert_eq!(cfg.variant, Variant::Shogi);
        assert_eq!(cfg.human, Color::Black);
        assert_eq!(cfg.tc.to_string(), "0+1b");
        let Cli::Play(cfg) = parse_args(&args(
            "--variant shogammon --side w --time depth=2 --cube --seed 7 --max-moves=40",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!(cfg.variant, Variant::Shogammon);
        assert_eq!(cfg.human, Color::White);
        assert_eq!(cfg.tc.depth, Some(2));
        assert!(cfg.cube);
        assert_eq!((cfg.seed, cfg.max_moves), (7, 40));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = parse_args(&args("--variant chess")).unwrap_err();
        assert!(e.contains("chess"), "{e}");
        assert!(parse_args(&args("--side x")).is_err());
        assert!(parse_args(&args("--time fast")).is_err());
        assert!(parse_args(&args("--cube"))
            .unwrap_err()
            .contains("shogammon"));
        assert!(parse_args(&args("--seed"))
            .unwrap_err()
            .contains("needs a value"));
        assert!(parse_args(&args("--bogus")).is_err());
        assert!(matches!(parse_args(&args("--help")), Ok(Cli::Help)));
    }
}
