//! The `henkei` command line: with no argument the engine speaks USI on
//! stdin/stdout; the arguments below select another mode. An unknown
//! argument is an error (exit status 2), never a silent USI session.

use crate::registry::Variant;

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// No argument: a USI session on stdin/stdout.
    Usi,
    /// `play [options]`: a person against the engine (the options go to
    /// `henkei play`'s own parser).
    Play(Vec<String>),
    /// `bench [GAME|all] [DEPTH]`: the games' search benchmarks (standard
    /// shogi's alone by default), then exit.
    Bench {
        games: Vec<&'static str>,
        depth: Option<u32>,
    },
    /// `-h`, `--help`, `help`.
    Help,
    /// `-V`, `--version`, `version`.
    Version,
}

pub const HELP: &str = "\
henkei: a USI engine for shogi, Mortal Shogi, Shogammon and Sigma 4 Shogi

usage:
  henkei                 speak USI on stdin/stdout (register this in a GUI)
  henkei play [OPTIONS]  play against the engine in the terminal
                         (henkei play --help lists its options)
  henkei bench [GAME|all] [DEPTH]
                         search a game's benchmark positions (default: shogi
                         at depth 5; each game has its own positions and
                         depth), print the node count and speed, and exit
  henkei --version       print the version and exit
  henkei --help          print this help and exit

Logs go to stderr (RUST_LOG=debug shows every USI line).";

/// Reads the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Mode, String> {
    let Some(first) = args.first() else {
        return Ok(Mode::Usi);
    };
    let rest = &args[1..];
    match first.as_str() {
        "play" => Ok(Mode::Play(rest.to_vec())),
        "-h" | "--help" | "help" => no_more(rest, first).map(|()| Mode::Help),
        "-V" | "--version" | "version" => no_more(rest, first).map(|()| Mode::Version),
        "bench" => parse_bench(rest),
        other => Err(format!("unknown argument '{other}'")),
    }
}

/// `bench [GAME|all] [DEPTH]`, in either order.
fn parse_bench(args: &[String]) -> Result<Mode, String> {
    let mut games = Vec::new();
    let mut depth = None;
    for arg in args {
        if let Ok(d) = arg.parse::<i64>() {
            if d < 1 || d > i64::from(u32::MAX) || depth.is_some() {
                return Err(format!(
                    "bench: the depth must be one positive integer, not '{arg}'"
                ));
            }
            depth = Some(d as u32);
        } else if !games.is_empty() {
            return Err(format!("bench: unexpected argument '{arg}'"));
        } else if arg == "all" {
            games = Variant::names().to_vec();
        } else {
            games.push(Variant::from_flag("bench", arg)?.name());
        }
    }
    if games.is_empty() {
        games.push(Variant::ALL[0].name());
    }
    Ok(Mode::Bench { games, depth })
}

fn no_more(rest: &[String], mode: &str) -> Result<(), String> {
    match rest.first() {
        None => Ok(()),
        Some(extra) => Err(format!("{mode}: unexpected argument '{extra}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(line: &str) -> Result<Mode, String> {
        let args: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        parse(&args)
    }

    #[test]
    fn modes() {
        assert_eq!(parse_words(""), Ok(Mode::Usi));
        assert_eq!(parse_words("--help"), Ok(Mode::Help));
        assert_eq!(parse_words("-V"), Ok(Mode::Version));
        let bench = |games: &[&'static str], depth| {
            Ok(Mode::Bench {
                games: games.to_vec(),
                depth,
            })
        };
        assert_eq!(parse_words("bench"), bench(&["shogi"], None));
        assert_eq!(parse_words("bench 3"), bench(&["shogi"], Some(3)));
        assert_eq!(parse_words("bench mortal"), bench(&["mortal"], None));
        assert_eq!(parse_words("bench 2 standard"), bench(&["shogi"], Some(2)));
        assert_eq!(
            parse_words("bench all"),
            bench(&["shogi", "mortal", "shogammon", "sigma4"], None)
        );
        assert_eq!(
            parse_words("play --variant mortal"),
            Ok(Mode::Play(vec!["--variant".into(), "mortal".into()]))
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse_words("--frob"),
            Err("unknown argument '--frob'".into())
        );
        assert!(parse_words("bench x").is_err());
        assert!(parse_words("bench 0").is_err());
        assert!(parse_words("bench 2 3").is_err());
        assert!(parse_words("bench chess").is_err());
        assert!(parse_words("bench mortal sigma4").is_err());
        assert!(parse_words("--version now").is_err());
    }
}
