//! The `henkei` command line: with no argument the engine speaks USI on
//! stdin/stdout; the arguments below select another mode. An unknown
//! argument is an error (exit status 2), never a silent USI session.

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// No argument: a USI session on stdin/stdout.
    Usi,
    /// `play [options]`: a person against the engine (the options go to
    /// `henkei play`'s own parser).
    Play(Vec<String>),
    /// `bench [depth]`: the search benchmark, then exit.
    Bench(Option<u32>),
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
  henkei bench [DEPTH]   search the benchmark positions (default depth 5),
                         print the node count and speed, and exit
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
        "bench" => match rest {
            [] => Ok(Mode::Bench(None)),
            [depth] => match depth.parse::<u32>() {
                Ok(d) if d >= 1 => Ok(Mode::Bench(Some(d))),
                _ => Err(format!(
                    "bench: the depth must be a positive integer, not '{depth}'"
                )),
            },
            _ => Err(format!("bench: unexpected argument '{}'", rest[1])),
        },
        other => Err(format!("unknown argument '{other}'")),
    }
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
        assert_eq!(parse_words("bench"), Ok(Mode::Bench(None)));
        assert_eq!(parse_words("bench 3"), Ok(Mode::Bench(Some(3))));
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
        assert!(parse_words("--version now").is_err());
    }
}
