//! `henkei-match`'s command line.

use std::path::PathBuf;

use super::clock::TimeControl;
use super::engine::split_command;
use super::game::SetupMode;
use super::openings::parse_openings;
use super::referee::Variant;
use super::runner::MatchConfig;
use super::stats::Sprt;
use crate::game::{EnteringKingRule, Rules};
use crate::registry::GameOptionKind;

pub const HELP: &str = "\
henkei-match: plays two USI engines against each other and reports the score.

USAGE
  henkei-match --engine1 CMD --engine2 CMD [OPTIONS]
  henkei-match replay [--entering-king RULE] [--max-moves N] FILE...
  henkei-match --help

ENGINES
  --engine1 CMD, --engine2 CMD
        The command line of each engine, split into words like a shell does
        (quotes and backslashes; no variables or redirections).
  --engine CMD          The same command for both engines (self-play).
  --name1 NAME, --name2 NAME
        Names for output and records (default: the engine's `id name`;
        equal names get #1 and #2).
  --dir1 DIR, --dir2 DIR
        Working directory of an engine.
  --option NAME=VALUE   `setoption` for both engines (repeatable; NAME alone
                        presses a button). Sent after the tool's own options,
                        so it overrides them.
  --option1 NAME=VALUE, --option2 NAME=VALUE
                        The same for one engine.
  --show-stderr         Let the engines' stderr through (default: discarded).
  --inc-as-byoyomi1, --inc-as-byoyomi2
                        Tell one engine its Fischer increment as `byoyomi`
                        in `go` (no `binc`/`winc`), for engines that refuse
                        them (GPSShogi's gpsusi). Its clock is kept as before:
                        the increment is added after each move, and a move
                        may take the main time left (plus --margin).

  The tool sets `USI_Variant` (or `UCI_Variant`) to the variant, except for
  plain shogi with an engine that does not list the option, and sets
  `EnteringKingRule`, `MaxMovesToDraw` and `DiceMap` on engines that list
  them (unless given with --option).

GAME
  --variant V           shogi (default), mortal, shogammon or sigma4.
  --openings FILE       One start per line: `startpos [moves ...]`,
                        `sfen <SFEN> [moves ...]` or a bare SFEN; `#` starts a
                        comment. Each opening is played twice, colours
                        swapped; openings are used in order and repeat.
                        Default: the variant's start position.
  --setup MODE          Sigma 4 only: `standard` (the start position or the
                        openings; default), `engines` (each engine answers
                        `go setup` for its side before the game; the setup is
                        checked by the rules, a bad one loses), or `random`
                        (random legal setups from the seed, the same for both
                        games of a pair).
  --max-moves N         Draw when the move number reaches N+1, as the engine
                        option MaxMovesToDraw (default 256; 0: no limit).
  --entering-king RULE  Impasse rule: CSARule27 (default), CSARule24,
                        CSARule27H, CSARule24H, TryRule, Sloan, NoEnteringKing.
                        `bestmove win` is checked with it: a valid
                        declaration wins, an invalid one loses.
  --dice-map MAP        Shogammon: which pieces answer to each die face
                        (default P,LN,S,G,BR,K), for the arbiter and engines.
  --cube                Shogammon: play with the doubling cube (money play,
                        no gammons). Before each roll the side to move's
                        engine is asked `go cube`, and on `double` the other
                        `go take`; a drop ends the game and the doubler wins
                        the cube's value. Points are counted in the summary.
  --seed N              Seeds Shogammon dice and Sigma 4 random setups
                        (default: from the clock; printed at the start).
                        Both games of a pair get the same dice sequence.

TIME (the tool keeps the clocks)
  --tc TC               Time control of both engines (default 10+0.1).
  --tc1 TC, --tc2 TC    Time control of one engine.
      10+1b             10 s main time, then 1 s byoyomi per move (1b: byoyomi only)
      60+0.5            60 s plus a 0.5 s Fischer increment per move
      60                60 s sudden death
      movetime=200      200 ms per move (go movetime)
      depth=3, nodes=20000
                        fixed search (go depth / go nodes), untimed
      main=MS,byoyomi=MS,inc=MS,movetime=MS,depth=N,nodes=N
                        the explicit form (milliseconds); keys combine, e.g.
                        main=60000,inc=1000,depth=8
  --margin MS           Overrun allowed beyond the clock before a time loss,
                        for process and pipe overhead (default 100).
  --stop-on-time        Send `stop` when the mover's clock runs out instead of
                        once the margin is spent too; a `bestmove` within the
                        margin then counts. For engines that search until
                        stopped once their main time is gone (Fairy-Stockfish
                        11 with an increment).
  --hang-timeout MS     Once the time is up the tool sends `stop`; an engine
                        with no `bestmove` this long after it is hung: it
                        loses, is killed and restarted for the next game
                        (default 5000). An answer after `stop` is a time loss
                        (with --stop-on-time: one after the margin).
  --search-timeout MS   Time limit of an untimed search (depth, nodes) and of
                        `go setup` (default 60000).

MATCH
  --games N             Games to play (default: two per opening, or 2).
  --concurrency K       Games played at once, each with its own engine
                        processes (default 1).
  --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]
                        Sequential test of H0 (elo0) against H1 (elo1);
                        alpha and beta default to 0.05. Prints the LLR and a
                        verdict; stops the match once it is decided.
  --records DIR         Save every game: DIR/game-NNNN.txt (all variants,
                        docs/records.md; with each move's time and the
                        engine's last score, depth and nodes) and, for
                        shogi, game-NNNN.csa
                        (CSA V2.2) and game-NNNN.kif (KIF, Shift_JIS).
  --kifu                Write KIF as UTF-8 game-NNNN.kifu instead.
  --log FILE            Write all engine traffic to FILE.
  --quiet               No progress line per game.

REPLAY
  henkei-match replay FILE... re-plays records (.txt from --records, or CSA)
  through the library: every move must be legal, and the recorded result
  must agree with the rules. Exit status 1 if any file does not.
  CSA files written by other tools use --entering-king and --max-moves
  (default: no move limit).

OUTPUT
  One line per finished game with the running score of engine 1, then a
  summary: W/D/L from engine 1's view, score, Elo with a 95% interval from
  the games (trinomial) and from the game pairs (pentanomial), LOS, how the
  games ended, and each engine's crashes, illegal moves, time losses and
  hangs. Exit status: 0 after a match, 1 on an error, 2 on a usage error.
";

/// What the command line asks for.
#[derive(Debug)]
pub enum Cli {
    Help,
    Match(Box<MatchConfig>),
    Replay { files: Vec<PathBuf>, rules: Rules },
}

fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag}: '{v}' is not a valid number"))
}

fn option_pair(flag: &str, v: &str) -> Result<(String, Option<String>), String> {
    let (name, value) = match v.split_once('=') {
        Some((n, val)) => (n.trim(), Some(val.trim().to_string())),
        None => (v.trim(), None),
    };
    if name.is_empty() {
        return Err(format!("{flag}: '{v}' has no option name"));
    }
    Ok((name.to_string(), value))
}

/// Splits `--flag=value` and `--flag value` forms.
struct Args<'a> {
    args: &'a [String],
    i: usize,
}

impl<'a> Args<'a> {
    fn next_flag(&mut self) -> Option<(String, Option<String>)> {
        let a = self.args.get(self.i)?;
        self.i += 1;
        match a.split_once('=').filter(|_| a.starts_with("--")) {
            Some((f, v)) => Some((f.to_string(), Some(v.to_string()))),
            None => Some((a.clone(), None)),
        }
    }

    fn value(&mut self, flag: &str, inline: Option<String>) -> Result<String, String> {
        if let Some(v) = inline {
            return Ok(v);
        }
        let v = self
            .args
            .get(self.i)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        self.i += 1;
        Ok(v.clone())
    }
}

fn parse_replay(args: &[String]) -> Result<Cli, String> {
    let mut rules = Rules::default();
    let mut files = Vec::new();
    let mut a = Args { args, i: 0 };
    while let Some((flag, inline)) = a.next_flag() {
        match flag.as_str() {
            "--entering-king" => {
                let v = a.value(&flag, inline)?;
                rules.entering_king = EnteringKingRule::parse(&v)
                    .ok_or_else(|| format!("--entering-king: unknown rule '{v}'"))?;
            }
            "--max-moves" => rules.max_moves_to_draw = number(&flag, &a.value(&flag, inline)?)?,
            "-h" | "--help" => return Ok(Cli::Help),
            f if f.starts_with("--") => return Err(format!("replay: unknown option '{f}'")),
            _ => files.push(PathBuf::from(&args[a.i - 1])),
        }
    }
    if files.is_empty() {
        return Err("replay needs at least one record file".to_string());
    }
    Ok(Cli::Replay { files, rules })
}

/// Reads the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Cli, String> {
    if args.first().map(String::as_str) == Some("replay") {
        return parse_replay(&args[1..]);
    }
    if args.iter().any(|a| a == "--replay") {
        let rest: Vec<String> = args.iter().filter(|a| *a != "--replay").cloned().collect();
        return parse_replay(&rest);
    }
    let mut cfg = MatchConfig {
        seed: 0,
        ..MatchConfig::default()
    };
    let mut commands: [Option<String>; 2] = [None, None];
    let mut tc_both: Option<TimeControl> = None;
    let mut tcs: [Option<TimeControl>; 2] = [None, None];
    let mut openings_file: Option<PathBuf> = None;
    let mut games: Option<u32> = None;
    let mut setup_given = false;
    let mut a = Args { args, i: 0 };
    while let Some((flag, inline)) = a.next_flag() {
        match flag.as_str() {
            "-h" | "--help" => return Ok(Cli::Help),
            "--engine" => {
                let v = a.value(&flag, inline)?;
                commands = [Some(v.clone()), Some(v)];
            }
            "--engine1" => commands[0] = Some(a.value(&flag, inline)?),
            "--engine2" => commands[1] = Some(a.value(&flag, inline)?),
            "--name1" => cfg.engines[0].name = Some(a.value(&flag, inline)?),
            "--name2" => cfg.engines[1].name = Some(a.value(&flag, inline)?),
            "--dir1" => cfg.engines[0].dir = Some(a.value(&flag, inline)?.into()),
            "--dir2" => cfg.engines[1].dir = Some(a.value(&flag, inline)?.into()),
            "--option" => {
                let pair = option_pair(&flag, &a.value(&flag, inline)?)?;
                cfg.engines[0].options.push(pair.clone());
                cfg.engines[1].options.push(pair);
            }
            "--option1" => {
                let pair = option_pair(&flag, &a.value(&flag, inline)?)?;
                cfg.engines[0].options.push(pair);
            }
            "--option2" => {
                let pair = option_pair(&flag, &a.value(&flag, inline)?)?;
                cfg.engines[1].options.push(pair);
            }
            "--inc-as-byoyomi1" => cfg.engines[0].inc_as_byoyomi = true,
            "--inc-as-byoyomi2" => cfg.engines[1].inc_as_byoyomi = true,
            "--show-stderr" => {
                cfg.engines[0].show_stderr = true;
                cfg.engines[1].show_stderr = true;
            }
            "--variant" => {
                let v = a.value(&flag, inline)?;
                cfg.variant = Variant::from_flag("--variant", &v)?;
            }
            "--openings" => openings_file = Some(a.value(&flag, inline)?.into()),
            "--setup" => {
                let v = a.value(&flag, inline)?;
                cfg.setup = SetupMode::parse(&v)
                    .ok_or_else(|| format!("--setup: '{v}' is not standard, engines or random"))?;
                setup_given = true;
            }
            "--max-moves" => cfg.rules.max_moves_to_draw = number(&flag, &a.value(&flag, inline)?)?,
            "--entering-king" => {
                let v = a.value(&flag, inline)?;
                cfg.rules.entering_king = EnteringKingRule::parse(&v).ok_or_else(|| {
                    format!(
                        "--entering-king: '{v}' is not one of {}",
                        EnteringKingRule::NAMES.join(", ")
                    )
                })?;
            }
            "--cube" => cfg.cube = true,
            "--dice-map" => {
                let v = a.value(&flag, inline)?;
                check_game_option("DiceMap", &v).map_err(|e| format!("--dice-map: {e}"))?;
                cfg.dice_map = Some(v);
            }
            "--seed" => cfg.seed = number(&flag, &a.value(&flag, inline)?)?,
            "--tc" => tc_both = Some(TimeControl::parse(&a.value(&flag, inline)?)?),
            "--tc1" => tcs[0] = Some(TimeControl::parse(&a.value(&flag, inline)?)?),
            "--tc2" => tcs[1] = Some(TimeControl::parse(&a.value(&flag, inline)?)?),
            "--margin" => cfg.margin_ms = number(&flag, &a.value(&flag, inline)?)?,
            "--stop-on-time" => cfg.stop_on_time = true,
            "--hang-timeout" => cfg.hang_ms = number(&flag, &a.value(&flag, inline)?)?,
            "--search-timeout" => cfg.search_timeout_ms = number(&flag, &a.value(&flag, inline)?)?,
            "--games" => games = Some(number(&flag, &a.value(&flag, inline)?)?),
            "--concurrency" => {
                cfg.concurrency = number(&flag, &a.value(&flag, inline)?)?;
                if cfg.concurrency == 0 {
                    return Err("--concurrency must be at least 1".to_string());
                }
            }
            "--sprt" => cfg.sprt = Some(Sprt::parse(&a.value(&flag, inline)?)?),
            "--records" => cfg.records = Some(a.value(&flag, inline)?.into()),
            "--kifu" => cfg.kif_utf8 = true,
            "--log" => cfg.log = Some(a.value(&flag, inline)?.into()),
            "--quiet" => cfg.quiet = true,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    for (e, cmd) in commands.iter().enumerate() {
        let cmd = cmd
            .as_ref()
            .ok_or_else(|| format!("--engine{} is missing (or give --engine for both)", e + 1))?;
        cfg.engines[e].command = split_command(cmd)?;
    }
    let default_tc = tc_both.unwrap_or(cfg.tcs[0]);
    cfg.tcs = [tcs[0].unwrap_or(default_tc), tcs[1].unwrap_or(default_tc)];
    let caps = cfg.variant.capabilities();
    if setup_given && caps.setup.is_none() && cfg.setup != SetupMode::Standard {
        return Err(format!(
            "--setup is for --variant {}",
            Variant::names_where(|c| c.setup.is_some())
        ));
    }
    if cfg.dice_map.is_some() && !caps.dice {
        return Err(format!(
            "--dice-map is for --variant {}",
            Variant::names_where(|c| c.dice)
        ));
    }
    if cfg.cube && !cfg.variant.capabilities().cube {
        return Err(format!(
            "--cube is for --variant {}",
            Variant::names_where(|c| c.cube)
        ));
    }
    if let Some(path) = &openings_file {
        if cfg.setup != SetupMode::Standard {
            return Err("--openings cannot be combined with --setup engines/random".to_string());
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("--openings {}: {e}", path.display()))?;
        cfg.openings = parse_openings(
            cfg.variant,
            &text,
            &path.display().to_string(),
            cfg.dice_map.as_deref(),
        )?;
    }
    cfg.games = games.unwrap_or(2 * cfg.openings.len().max(1) as u32);
    if cfg.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if cfg.seed == 0 {
        cfg.seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 % 1_000_000_000)
            .unwrap_or(1)
            .max(1);
    }
    Ok(Cli::Match(Box::new(cfg)))
}

/// Checks a value for a game's own text option (as the engines will).
fn check_game_option(name: &str, value: &str) -> Result<(), String> {
    let option = Variant::game_options()
        .into_iter()
        .find(|o| o.name == name)
        .ok_or_else(|| format!("no game has an option {name}"))?;
    match option.kind {
        GameOptionKind::Text { check, .. } => check(value),
        GameOptionKind::Combo { vars, .. } => vars
            .iter()
            .any(|v| v.eq_ignore_ascii_case(value))
            .then_some(())
            .ok_or_else(|| format!("'{value}' is not one of {}", vars.join(", "))),
        GameOptionKind::Spin { .. } => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_full_command_line() {
        let cli = parse_args(&args(
            "--engine1 ./a --engine2=./b --variant mortal --tc 10+1b --tc2 depth=3 \
             --option USI_Hash=16 --option2 Threads=2 --option1 ClearHash --games 6 \
             --concurrency 3 --seed 7 --max-moves 100 --entering-king TryRule \
             --sprt elo0=0,elo1=5 --records out --quiet",
        ))
        .unwrap();
        let Cli::Match(cfg) = cli else { panic!() };
        assert_eq!(cfg.variant, Variant::Mortal);
        assert_eq!(cfg.engines[0].command, ["./a"]);
        assert_eq!(cfg.engines[1].command, ["./b"]);
        assert_eq!(cfg.tcs[0].to_string(), "10+1b");
        assert_eq!(cfg.tcs[1].to_string(), "depth=3");
        assert_eq!(
            cfg.engines[0].options,
            [
                ("USI_Hash".to_string(), Some("16".to_string())),
                ("ClearHash".to_string(), None)
            ]
        );
        assert_eq!(cfg.engines[1].options.len(), 2);
        assert_eq!((cfg.games, cfg.concurrency, cfg.seed), (6, 3, 7));
        assert_eq!(cfg.rules.max_moves_to_draw, 100);
        assert_eq!(cfg.rules.entering_king, EnteringKingRule::TryRule);
        assert!(cfg.sprt.is_some() && cfg.quiet);
        assert_eq!(cfg.records, Some(PathBuf::from("out")));
    }

    #[test]
    fn defaults_and_errors() {
        let Cli::Match(cfg) = parse_args(&args("--engine x")).unwrap() else {
            panic!()
        };
        assert_eq!(cfg.games, 2);
        assert_eq!(cfg.rules.max_moves_to_draw, 256);
        assert_eq!(cfg.tcs[0].to_string(), "10+0.1");
        assert!(cfg.seed > 0);
        assert!(parse_args(&args("--engine1 x")).is_err());
        assert!(parse_args(&args("--engine x --variant chess")).is_err());
        assert!(parse_args(&args("--engine x --tc fast")).is_err());
        assert!(parse_args(&args("--engine x --setup engines")).is_err());
        assert!(parse_args(&args("--engine x --cube")).is_err());
        let Cli::Match(cfg) = parse_args(&args("--engine x --variant shogammon --cube")).unwrap()
        else {
            panic!()
        };
        assert!(cfg.cube);
        assert!(parse_args(&args("--engine x --bogus")).is_err());
        assert!(parse_args(&args("--engine x --games")).is_err());
        assert!(matches!(parse_args(&args("--help")), Ok(Cli::Help)));
    }

    #[test]
    fn replay_arguments() {
        let Cli::Replay { files, rules } =
            parse_args(&args("replay --max-moves 256 a.txt b.csa")).unwrap()
        else {
            panic!()
        };
        assert_eq!(files.len(), 2);
        assert_eq!(rules.max_moves_to_draw, 256);
        assert!(parse_args(&args("replay")).is_err());
    }
}
