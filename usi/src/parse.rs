//! Parsing what a GUI sends: [`parse_command`] for whole lines, and the
//! notation parsers ([`parse_sfen`], [`parse_move`], [`parse_turn`],
//! [`parse_move_token`]) for the pieces inside them.
//!
//! Errors are values: a [`ParseError`] says what was expected, what was found,
//! and where (token index and byte column). No input makes these functions
//! panic.

use crate::lex::{number, quote, Cursor, Tok, Words};
use crate::notation::{dice_at, move_token_at, sfen_at};
use crate::types::*;

pub use crate::notation::{parse_move, parse_move_token, parse_sfen, parse_turn};

/// Parses one line from the GUI into a [`Command`], plus [`Warning`]s for
/// anything skipped (unknown `go` tokens, extra words after a command).
///
/// Tokens are separated by runs of spaces and tabs; leading and trailing
/// whitespace and a trailing `\r` are ignored. See `PROTOCOL.md` for the
/// commands.
pub fn parse_command(line: &str) -> Result<Parsed, ParseError> {
    let words = Words::new(line);
    let mut cx = Cx {
        cursor: Cursor::after_name(&words)?,
        warnings: Vec::new(),
    };
    let command = cx.command()?;
    cx.warn_extra();
    Ok(Parsed {
        command,
        warnings: cx.warnings,
    })
}

/// `"7g7f".parse::<UsiMove>()` and friends: the same as the `parse_*`
/// functions.
macro_rules! from_str_via {
    ($($ty:ty => $f:path),* $(,)?) => {$(
        impl std::str::FromStr for $ty {
            type Err = ParseError;
            fn from_str(s: &str) -> Result<Self, ParseError> {
                $f(s)
            }
        }
    )*};
}

from_str_via! {
    Sfen => parse_sfen,
    UsiMove => parse_move,
    Turn => parse_turn,
    MoveToken => parse_move_token,
    Response => crate::response::parse_response,
}

impl std::str::FromStr for Command {
    type Err = ParseError;

    /// Like [`parse_command`], dropping the warnings: for tools that build
    /// command lines they know to be clean.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_command(s).map(|p| p.command)
    }
}

/// A cursor into the tokens of a command line, and the warnings collected
/// so far.
struct Cx<'a> {
    cursor: Cursor<'a>,
    warnings: Vec<Warning>,
}

// The command parser is the shared cursor plus warnings: its methods read
// tokens as the cursor's own.
impl<'a> std::ops::Deref for Cx<'a> {
    type Target = Cursor<'a>;

    fn deref(&self) -> &Cursor<'a> {
        &self.cursor
    }
}

impl std::ops::DerefMut for Cx<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.cursor
    }
}

/// The `go` fields that can also follow `ponderhit`.
const CLOCK_FIELDS: [&str; 6] = ["btime", "wtime", "byoyomi", "binc", "winc", "movestogo"];

impl<'a> Cx<'a> {
    fn command(&mut self) -> Result<Command, ParseError> {
        Ok(match self.name {
            "usi" => Command::Usi,
            "isready" => Command::IsReady,
            "setoption" => self.setoption()?,
            "usinewgame" => Command::UsiNewGame,
            "position" => Command::Position(self.position()?),
            "go" => Command::Go(self.go(false)?),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit(self.go(true)?),
            "gameover" => self.gameover()?,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "bench" => self.bench()?,
            other => {
                if let Some(query) = DebugQuery::ALL.into_iter().find(|q| q.word() == other) {
                    self.warn_extra();
                    return Ok(Command::Debug(query));
                }
                let tok = self.words.toks[0];
                return Err(tok.error(format!("unknown command {}", quote(other))));
            }
        })
    }

    // ------------------------------------------------------------- cursor

    fn peek_is(&self, word: &str) -> bool {
        self.peek().is_some_and(|t| t.text == word)
    }

    /// Prefixes an error from a token parser with the command.
    fn within(&self, e: ParseError) -> ParseError {
        ParseError {
            message: format!("{}: {}", self.name, e.message),
            ..e
        }
    }

    fn warn(&mut self, tok: Tok, what: &str) {
        let message = format!(
            "{}: {what} {} at token {}",
            self.name,
            quote(tok.text),
            tok.index + 1
        );
        self.warnings.push(Warning { message });
    }

    /// Words nobody consumed are reported, not fatal: an older GUI's extra
    /// word should not stop the game.
    fn warn_extra(&mut self) {
        while let Some(tok) = self.next() {
            self.warn(tok, "ignored extra token");
        }
    }

    // ------------------------------------------------------------- setoption

    fn setoption(&mut self) -> Result<Command, ParseError> {
        let tok = self.next();
        if tok.map(|t| t.text) != Some("name") {
            return Err(self.expected(tok, "'name'"));
        }
        let name = self.join_until(&["value"]);
        if name.is_empty() {
            return Err(self.expected(self.peek(), "an option name after 'name'"));
        }
        // Whatever follows the name can only be `value`.
        let value = self.next().map(|_| self.join_until(&[]));
        Ok(Command::SetOption { name, value })
    }

    // ------------------------------------------------------------- position

    fn position(&mut self) -> Result<PositionCommand, ParseError> {
        let start = match self.next() {
            Some(t) if t.text == "startpos" => StartPosition::Startpos,
            Some(t) if t.text == "sfen" => StartPosition::Sfen(self.sfen()?),
            other => return Err(self.expected(other, "'startpos' or 'sfen'")),
        };
        let mut moves = Vec::new();
        if self.peek_is("moves") {
            self.pos += 1;
            moves = self.moves()?;
        }
        let dice = self.dice()?;
        let cube = self.cube()?;
        if let Some(tok) = self.peek() {
            let what = match (dice, cube) {
                (_, Some(_)) => "the end of the line (the cube clause comes last)",
                (Some(_), None) => {
                    "'cube' or the end of the line (only the cube clause may follow the dice clause)"
                }
                (None, None) => "'moves', 'dice', 'cube' or the end of the line",
            };
            return Err(self.expected(Some(tok), what));
        }
        Ok(PositionCommand {
            start,
            moves,
            dice,
            cube,
        })
    }

    /// `cube <value> <owner>`: a positive value and `b`, `w` or `-`.
    fn cube(&mut self) -> Result<Option<CubeState>, ParseError> {
        if !self.peek_is("cube") {
            return Ok(None);
        }
        self.pos += 1;
        let tok = self.next();
        let value = match tok.and_then(|t| number::<u32>(t.text)).filter(|&v| v > 0) {
            Some(v) => v,
            None => {
                return Err(self.expected(tok, "a cube value (a positive integer) after 'cube'"))
            }
        };
        let tok = self.next();
        let owner = match tok.map(|t| t.text) {
            Some("b") => Some(Side::Black),
            Some("w") => Some(Side::White),
            Some("-") => None,
            _ => return Err(self.expected(tok, "the cube's owner 'b', 'w' or '-'")),
        };
        Ok(Some(CubeState { value, owner }))
    }

    /// The SFEN after `position sfen`: four fields, or three when the move
    /// number is left out before `moves`, `dice` or the end.
    fn sfen(&mut self) -> Result<Sfen, ParseError> {
        let mut fields = [Tok::whole(""); 3];
        for (n, field) in fields.iter_mut().enumerate() {
            *field = match self.next() {
                Some(t) => t,
                None => {
                    let what = ["an SFEN board", "the SFEN side", "the SFEN hand"][n];
                    return Err(self.expected(None, what));
                }
            };
        }
        let number = match self.peek() {
            Some(t) if !["moves", "dice", "cube"].contains(&t.text) => self.next(),
            _ => None,
        };
        sfen_at(&fields, number.as_ref()).map_err(|e| self.within(e))
    }

    fn moves(&mut self) -> Result<Vec<MoveToken>, ParseError> {
        let mut moves = Vec::new();
        while let Some(tok) = self.peek() {
            if tok.text == "dice" || tok.text == "cube" {
                break;
            }
            moves.push(move_token_at(&tok).map_err(|e| self.within(e))?);
            self.pos += 1;
        }
        Ok(moves)
    }

    fn dice(&mut self) -> Result<Option<[u8; 2]>, ParseError> {
        if !self.peek_is("dice") {
            return Ok(None);
        }
        self.pos += 1;
        match self.next() {
            Some(tok) => dice_at(&tok).map(Some).map_err(|e| self.within(e)),
            None => Err(self.expected(None, "two dice after 'dice'")),
        }
    }

    // ------------------------------------------------------------- go

    /// The fields of `go`, or of `ponderhit` (`clock_only`). Unknown tokens are
    /// skipped with a warning; a known field with a bad value is an error.
    fn go(&mut self, clock_only: bool) -> Result<GoCommand, ParseError> {
        let mut go = GoCommand::default();
        let mut zeroed = Vec::new();
        while let Some(tok) = self.next() {
            let not_clock = clock_only && !CLOCK_FIELDS.contains(&tok.text);
            if not_clock || !self.go_field(&mut go, tok.text, &mut zeroed)? {
                self.warn(tok, "ignored unknown token");
            }
        }
        if !zeroed.is_empty() {
            let message = format!(
                "{}: negative or overflowing clock values read as 0: {}",
                self.name,
                zeroed.join(", ")
            );
            self.warnings.push(Warning { message });
        }
        Ok(go)
    }

    /// A clock value after `key` (milliseconds). Hosts whose lag ate the
    /// clock send negative values, and a number past u64 is as useless:
    /// both read as 0 and are listed in `zeroed` for one warning.
    fn clock_after(&mut self, key: &str, zeroed: &mut Vec<String>) -> Result<u64, ParseError> {
        let tok = self.peek();
        let text = tok.map_or("", |t| t.text);
        let digits = text.strip_prefix('-').unwrap_or(text);
        let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        if all_digits && (text.starts_with('-') || number::<u64>(text).is_none()) {
            self.pos += 1;
            zeroed.push(format!("{key} {}", quote(text)));
            return Ok(0);
        }
        self.number_after(key)
    }

    /// Reads the field named `key`; false when `key` is no `go` field.
    fn go_field(
        &mut self,
        go: &mut GoCommand,
        key: &str,
        zeroed: &mut Vec<String>,
    ) -> Result<bool, ParseError> {
        match key {
            "btime" => go.btime = Some(self.clock_after(key, zeroed)?),
            "wtime" => go.wtime = Some(self.clock_after(key, zeroed)?),
            "byoyomi" => go.byoyomi = Some(self.clock_after(key, zeroed)?),
            "binc" => go.binc = Some(self.clock_after(key, zeroed)?),
            "winc" => go.winc = Some(self.clock_after(key, zeroed)?),
            "movestogo" => go.movestogo = Some(self.number_after(key)?),
            "movetime" => go.movetime = Some(self.clock_after(key, zeroed)?),
            "depth" => go.depth = Some(self.number_after(key)?),
            "nodes" => go.nodes = Some(self.number_after(key)?),
            "perft" => go.perft = Some(self.number_after(key)?),
            "mate" => go.mate = Some(self.mate_limit()?),
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "setup" => go.setup = true,
            "cube" => go.cube = Some(CubeQuery::Double),
            "take" => go.cube = Some(CubeQuery::Take),
            "searchmoves" => go.searchmoves = self.searchmoves(),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The limit after `mate`: milliseconds, `infinite`, or nothing (a bare
    /// `go mate`, as several hosts send it, means `infinite`).
    fn mate_limit(&mut self) -> Result<MateLimit, ParseError> {
        if self.peek_is("infinite") {
            self.pos += 1;
            return Ok(MateLimit::Infinite);
        }
        let tok = self.peek();
        let text = tok.map_or("", |t| t.text);
        if !text.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
            return Ok(MateLimit::Infinite);
        }
        self.pos += 1;
        match number(text) {
            Some(ms) => Ok(MateLimit::Millis(ms)),
            None => Err(self.expected(tok, "a time in ms or 'infinite' after 'mate'")),
        }
    }

    /// Moves after `searchmoves`: as many following tokens as read as moves.
    fn searchmoves(&mut self) -> Vec<MoveToken> {
        let mut moves = Vec::new();
        while let Some(mv) = self.peek().and_then(|t| move_token_at(&t).ok()) {
            moves.push(mv);
            self.pos += 1;
        }
        moves
    }

    // ------------------------------------------------------------- others

    /// The result after `gameover`, if any. An unknown word is skipped with
    /// a warning: the game is over whatever the host calls the result, and
    /// the engine must stop thinking.
    fn gameover(&mut self) -> Result<Command, ParseError> {
        let result = match self.peek().map(|t| t.text) {
            Some("win") => Some(GameResult::Win),
            Some("lose") => Some(GameResult::Lose),
            Some("draw") => Some(GameResult::Draw),
            _ => None,
        };
        if result.is_some() {
            self.pos += 1;
        }
        self.warn_extra();
        Ok(Command::GameOver(result))
    }

    fn bench(&mut self) -> Result<Command, ParseError> {
        let tok = self.next();
        let depth = match tok {
            None => None,
            Some(t) => match number(t.text) {
                Some(d) => Some(d),
                None => return Err(self.expected(tok, "a depth or the end of the line")),
            },
        };
        Ok(Command::Bench { depth })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        match parse_command(line) {
            Ok(p) => {
                assert!(p.warnings.is_empty(), "{line}: {:?}", p.warnings);
                p.command
            }
            Err(e) => panic!("{line}: {e}"),
        }
    }

    fn err(line: &str) -> ParseError {
        parse_command(line).expect_err(line)
    }

    #[test]
    fn from_str_matches_the_parsers() {
        let m: UsiMove = "7g7f".parse().unwrap();
        assert_eq!(m, parse_move("7g7f").unwrap());
        let c: Command = "go depth 3 junk".parse().unwrap();
        assert!(matches!(c, Command::Go(_)));
        assert!("bogus".parse::<Command>().is_err());
        assert!("61:pass".parse::<Turn>().is_ok());
        assert!("9 b - 1".parse::<Sfen>().is_ok());
        assert!("usiok".parse::<Response>().is_ok());
        assert!("61:7g7f".parse::<MoveToken>().is_ok());
    }

    #[test]
    fn simple_commands() {
        assert_eq!(cmd("usi"), Command::Usi);
        assert_eq!(cmd("isready"), Command::IsReady);
        assert_eq!(cmd("usinewgame"), Command::UsiNewGame);
        assert_eq!(cmd("stop"), Command::Stop);
        assert_eq!(cmd("quit"), Command::Quit);
        assert_eq!(cmd("d"), Command::Display);
        assert_eq!(cmd("bench"), Command::Bench { depth: None });
        assert_eq!(cmd("bench 9"), Command::Bench { depth: Some(9) });
        assert_eq!(
            cmd("gameover lose"),
            Command::GameOver(Some(GameResult::Lose))
        );
        assert_eq!(cmd("ponderhit"), Command::PonderHit(GoCommand::default()));
    }

    #[test]
    fn whitespace_is_forgiving() {
        assert_eq!(cmd("  \tisready \r"), Command::IsReady);
        assert_eq!(cmd("isready\r\n"), Command::IsReady);
        let go = cmd("go\tbtime  10 \t wtime 20");
        let Command::Go(g) = go else { panic!() };
        assert_eq!((g.btime, g.wtime), (Some(10), Some(20)));
    }

    #[test]
    fn setoption_joins_name_and_value() {
        assert_eq!(
            cmd("setoption name Big  Option value a  b c"),
            Command::SetOption {
                name: "Big Option".into(),
                value: Some("a b c".into())
            }
        );
        assert_eq!(
            cmd("setoption name USI_Ponder"),
            Command::SetOption {
                name: "USI_Ponder".into(),
                value: None
            }
        );
        assert_eq!(
            cmd("setoption name S value"),
            Command::SetOption {
                name: "S".into(),
                value: Some(String::new())
            }
        );
    }

    #[test]
    fn position_forms() {
        let Command::Position(p) = cmd("position startpos moves 7g7f 61:5g5h,7g7f dice 34") else {
            panic!()
        };
        assert_eq!(p.start, StartPosition::Startpos);
        assert_eq!(p.moves.len(), 2);
        assert!(matches!(p.moves[1], MoveToken::Turn(_)));
        assert_eq!(p.dice, Some([3, 4]));
        let Command::Position(p) = cmd("position sfen 9 b - moves 1a1b") else {
            panic!()
        };
        let StartPosition::Sfen(s) = p.start else {
            panic!()
        };
        assert_eq!(s.move_number, 1);
        assert_eq!(p.moves.len(), 1);
        let Command::Position(p) = cmd("position sfen 9 w - dice 11") else {
            panic!()
        };
        assert_eq!(p.dice, Some([1, 1]));
        assert!(matches!(cmd("position sfen 9 w -"), Command::Position(_)));
        let Command::Position(p) = cmd("position startpos moves") else {
            panic!()
        };
        assert!(p.moves.is_empty());
    }

    #[test]
    fn position_errors() {
        let e = err("position foo");
        assert_eq!(
            e.message,
            "position: expected 'startpos' or 'sfen', found 'foo'"
        );
        assert_eq!((e.token, e.column), (1, 9));
        let e = err("position startpos moves 7g7f 7g7z");
        assert_eq!(
            e.message,
            "position: expected a rank letter a-i in move '7g7z' at character 4, found 'z'"
        );
        assert_eq!((e.token, e.column), (4, 32));
        let e = err("position startpos dice 61 moves 7g7f");
        assert!(
            e.message
                .contains("only the cube clause may follow the dice clause"),
            "{}",
            e.message
        );
        assert_eq!(e.token, 4);
        let e = err("position startpos dice 71");
        assert!(e.message.contains("die 1-6"), "{}", e.message);
        assert_eq!((e.token, e.column), (3, 23));
        let e = err("position startpos dice");
        assert!(e.message.contains("two dice"), "{}", e.message);
        assert_eq!((e.token, e.column), (3, 22));
        let e = err("position startpos junk");
        assert!(e.message.contains("'junk'"), "{}", e.message);
        let e = err("position sfen 9 b");
        assert!(e.message.contains("the SFEN hand"), "{}", e.message);
        assert_eq!(e.token, 4);
        let e = err("position sfen 9/8 b - 1");
        assert!(
            e.message.starts_with("position: rank 2 has 8"),
            "{}",
            e.message
        );
        assert_eq!((e.token, e.column), (2, 16));
        let e = err("position sfen 9 b - x");
        assert!(e.message.contains("move number"), "{}", e.message);
        assert_eq!(e.token, 5);
        let e = err("position");
        assert!(e.message.contains("the end of the line"), "{}", e.message);
        assert_eq!((e.token, e.column), (1, 8));
        let e = err("position startpos moves 61:7g7f,7f7e,7e7d");
        assert!(e.message.contains("at most two"), "{}", e.message);
    }

    #[test]
    fn cube_clause_and_questions() {
        let Command::Position(p) = cmd("position startpos moves 61:5g5h,7g7f cube 2 w") else {
            panic!()
        };
        assert_eq!(p.moves.len(), 1);
        assert_eq!(
            p.cube,
            Some(CubeState {
                value: 2,
                owner: Some(Side::White)
            })
        );
        let Command::Position(p) = cmd("position sfen 9 b - cube 1 -") else {
            panic!()
        };
        assert_eq!(p.cube.map(|c| (c.value, c.owner)), Some((1, None)));
        let Command::Position(p) = cmd("position startpos dice 34 cube 4 b") else {
            panic!()
        };
        assert_eq!((p.dice, p.cube.map(|c| c.value)), (Some([3, 4]), Some(4)));
        let e = err("position startpos cube 0 b");
        assert!(e.message.contains("positive integer"), "{}", e.message);
        assert_eq!(e.token, 3);
        let e = err("position startpos cube 2 x");
        assert!(e.message.contains("'b', 'w' or '-'"), "{}", e.message);
        let e = err("position startpos cube 2 b dice 11");
        assert!(
            e.message.contains("cube clause comes last"),
            "{}",
            e.message
        );
        let Command::Go(g) = cmd("go cube") else {
            panic!()
        };
        assert_eq!(g.cube, Some(CubeQuery::Double));
        let Command::Go(g) = cmd("go take depth 2") else {
            panic!()
        };
        assert_eq!((g.cube, g.depth), (Some(CubeQuery::Take), Some(2)));
    }

    #[test]
    fn go_fields_any_order() {
        let Command::Go(g) = cmd(
            "go ponder btime 1 wtime 2 byoyomi 3 binc 4 winc 5 movestogo 6 movetime 7 \
             depth 8 nodes 9 mate 10 infinite perft 3 setup",
        ) else {
            panic!()
        };
        assert!(g.ponder && g.infinite && g.setup);
        assert_eq!(
            (g.btime, g.wtime, g.byoyomi, g.binc, g.winc),
            (Some(1), Some(2), Some(3), Some(4), Some(5))
        );
        assert_eq!(
            (g.movestogo, g.movetime, g.depth),
            (Some(6), Some(7), Some(8))
        );
        assert_eq!(
            (g.nodes, g.mate, g.perft),
            (Some(9), Some(MateLimit::Millis(10)), Some(3))
        );
        let Command::Go(g) = cmd("go mate infinite searchmoves 7g7f P*5e 61:pass depth 3") else {
            panic!()
        };
        assert_eq!(g.mate, Some(MateLimit::Infinite));
        assert_eq!(g.searchmoves.len(), 3);
        assert_eq!(g.depth, Some(3));
    }

    #[test]
    fn go_unknown_tokens_warn() {
        let p = parse_command("go wibble depth 3 wobble").unwrap();
        let Command::Go(g) = p.command else { panic!() };
        assert_eq!(g.depth, Some(3));
        assert_eq!(p.warnings.len(), 2);
        assert_eq!(
            p.warnings[0].message,
            "go: ignored unknown token 'wibble' at token 2"
        );
        let p = parse_command("ponderhit btime 5 depth 3").unwrap();
        let Command::PonderHit(g) = p.command else {
            panic!()
        };
        assert_eq!((g.btime, g.depth), (Some(5), None));
        assert_eq!(p.warnings.len(), 2);
        let p = parse_command("isready now").unwrap();
        assert_eq!(p.command, Command::IsReady);
        assert_eq!(
            p.warnings[0].message,
            "isready: ignored extra token 'now' at token 2"
        );
    }

    #[test]
    fn go_errors() {
        let e = err("go btime x");
        assert_eq!(e.message, "go: expected a number after 'btime', found 'x'");
        assert_eq!((e.token, e.column), (2, 9));
        let e = err("go depth");
        assert_eq!(
            e.message,
            "go: expected a number after 'depth', found the end of the line"
        );
        assert_eq!((e.token, e.column), (2, 8));
        let e = err("go btime -x");
        assert!(e.message.contains("'-x'"), "{}", e.message);
        let e = err("go mate 5s");
        assert!(e.message.contains("'infinite'"), "{}", e.message);
        let e = err("go depth 99999999999");
        assert_eq!(e.token, 2);
    }

    #[test]
    fn gameover_with_or_without_a_result() {
        assert_eq!(cmd("gameover"), Command::GameOver(None));
        assert_eq!(
            cmd("gameover draw"),
            Command::GameOver(Some(GameResult::Draw))
        );
        let p = parse_command("gameover maybe").unwrap();
        assert_eq!(p.command, Command::GameOver(None));
        assert_eq!(
            p.warnings[0].message,
            "gameover: ignored extra token 'maybe' at token 2"
        );
    }

    #[test]
    fn bare_go_mate_is_infinite() {
        let Command::Go(g) = cmd("go mate") else {
            panic!()
        };
        assert_eq!(g.mate, Some(MateLimit::Infinite));
        let Command::Go(g) = cmd("go mate depth 3") else {
            panic!()
        };
        assert_eq!((g.mate, g.depth), (Some(MateLimit::Infinite), Some(3)));
    }

    #[test]
    fn negative_and_huge_clocks_read_as_zero_with_one_warning() {
        let p = parse_command("go btime -1000 wtime -1000 byoyomi -100").unwrap();
        let Command::Go(g) = p.command else { panic!() };
        assert_eq!((g.btime, g.wtime, g.byoyomi), (Some(0), Some(0), Some(0)));
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(
            p.warnings[0].message,
            "go: negative or overflowing clock values read as 0: btime '-1000', \
             wtime '-1000', byoyomi '-100'"
        );
        let p = parse_command("go movetime 99999999999999999999999 binc 5").unwrap();
        let Command::Go(g) = p.command else { panic!() };
        assert_eq!((g.movetime, g.binc), (Some(0), Some(5)));
        assert_eq!(p.warnings.len(), 1);
        let p = parse_command("ponderhit btime -5").unwrap();
        let Command::PonderHit(g) = p.command else {
            panic!()
        };
        assert_eq!(g.btime, Some(0));
    }

    #[test]
    fn debugging_queries() {
        for q in DebugQuery::ALL {
            assert_eq!(cmd(q.word()), Command::Debug(q));
            assert_eq!(Command::Debug(q).to_string(), q.word());
        }
    }

    #[test]
    fn command_errors() {
        let e = err("");
        assert_eq!(
            (e.message.as_str(), e.token, e.column),
            ("empty line", 0, 0)
        );
        let e = err("   \r");
        assert_eq!(e.message, "empty line");
        let e = err("  foo bar");
        assert_eq!(e.message, "unknown command 'foo'");
        assert_eq!((e.token, e.column), (0, 2));
        let e = err("setoption USI_Hash");
        assert_eq!(e.message, "setoption: expected 'name', found 'USI_Hash'");
        let e = err("setoption name value 3");
        assert!(e.message.contains("an option name"), "{}", e.message);
        assert_eq!(e.token, 2);
        let e = err("bench deep");
        assert_eq!(e.token, 1);
    }
}
