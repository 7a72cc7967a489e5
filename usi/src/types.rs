//! The protocol's data: what a GUI sends (`Command`) and what an engine answers
//! (`Response`). These types carry syntax only; which pieces, squares and moves
//! are legal is decided by the engine's games, never here.

use std::fmt;

/// A side: `Black` is sente (`b`, moves first, upper case), `White` is gote (`w`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Black,
    White,
}

/// A square as USI writes it: file digit then rank letter (`7g`).
/// `file` is 1-based as written; `rank` is 0-based from `a`.
/// The parser accepts files 1..=9 and ranks a..=i; a game narrows that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

/// One piece letter with its optional `+`: `P`, `+B`, `k`. In Sigma 4 the same
/// letters name stones. `letter` is stored upper case; `side` comes from its case
/// (in a move or a hand count without case meaning, `side` is `Black`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceToken {
    pub side: Side,
    pub promoted: bool,
    pub letter: char,
}

/// One square of an SFEN board field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Piece(PieceToken),
    /// Shogammon point `(PK)`: lower piece first.
    Point {
        lower: PieceToken,
        upper: PieceToken,
    },
    /// Sigma 4 base `[RFW]`: the stones as written (upper case letters, `R` marks the royal base).
    Base {
        side: Side,
        stones: Vec<char>,
    },
}

/// One hand/storage entry: `3P`, `+B`, `2+b`, `W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandEntry {
    pub count: u32,
    pub piece: PieceToken,
}

/// A parsed SFEN: board ranks top (`a`) to bottom, each rank's cells from the
/// highest file (left) to file 1 (right), empties expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sfen {
    pub board: Vec<Vec<Cell>>,
    pub side: Side,
    pub hand: Vec<HandEntry>,
    pub move_number: u32,
}

/// What follows a board move's destination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suffix {
    None,
    /// `+`
    Promote,
    /// `=` followed by letters (possibly none): Mortal promotion `=N`,
    /// explicit non-promotion `=`, Sigma 4 refit `=RZW`.
    Assign(Vec<char>),
}

/// One move as USI writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsiMove {
    /// `7g7f`, `8h2b+`, `2d2c=N`, `4e4b=JEDF`
    Board {
        from: Square,
        to: Square,
        suffix: Suffix,
    },
    /// `P*5e`, `+B*5e` (one piece), or a Sigma 4 base `DF*4d` (several stone letters).
    Drop {
        promoted: bool,
        letters: Vec<char>,
        to: Square,
    },
    /// Sigma 4 corner take `%W`.
    CornerTake { stone: char },
    /// `pass`: only inside a Shogammon turn where both dice are lost.
    Pass,
}

/// A Shogammon turn token `61:5g5h,7g7f`, `61:pass`: dice in the order taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub dice: [u8; 2],
    pub moves: Vec<UsiMove>,
}

/// An element of `position ... moves`: a plain move or a Shogammon turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveToken {
    Move(UsiMove),
    Turn(Turn),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    Startpos,
    Sfen(Sfen),
}

/// `position (startpos | sfen <4 fields>) [moves ...] [dice D1D2] [cube V O]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    pub start: StartPosition,
    pub moves: Vec<MoveToken>,
    pub dice: Option<[u8; 2]>,
    /// Shogammon doubling cube (`cube 2 w`); `None`: not given.
    pub cube: Option<CubeState>,
}

/// The `cube <value> <owner>` clause: the cube's value and who owns it
/// (`b`, `w`, or `-` for a centred cube). Syntax only: which values and
/// owners make sense is the game's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeState {
    pub value: u32,
    pub owner: Option<Side>,
}

/// The cube questions of `go` (Shogammon): `go cube` asks the side to move
/// whether to double before rolling; `go take` asks the other side whether
/// to take the side to move's double.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeQuery {
    /// `go cube`: answered `bestmove double` or `bestmove nodouble`.
    Double,
    /// `go take`: answered `bestmove take` or `bestmove drop`.
    Take,
}

/// `go mate <ms|infinite>`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateLimit {
    Millis(u64),
    Infinite,
}

/// Every field of `go`. Times are milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    pub ponder: bool,
    pub btime: Option<u64>,
    pub wtime: Option<u64>,
    pub byoyomi: Option<u64>,
    pub binc: Option<u64>,
    pub winc: Option<u64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<MateLimit>,
    pub searchmoves: Vec<MoveToken>,
    pub perft: Option<u32>,
    /// `go setup` (Sigma 4 opening setup request).
    pub setup: bool,
    /// `go cube` / `go take` (Shogammon cube decisions).
    pub cube: Option<CubeQuery>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win,
    Lose,
    Draw,
}

/// A command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Usi,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UsiNewGame,
    Position(PositionCommand),
    Go(GoCommand),
    Stop,
    /// `ponderhit`, optionally followed by fresh clock fields.
    PonderHit(GoCommand),
    /// `gameover [win|lose|draw]`: cshogi and other hosts send it bare.
    GameOver(Option<GameResult>),
    Quit,
    /// `d`: print the position.
    Display,
    /// `eval`, `moves`, `sfen`, `key`, `compiler`: debugging queries
    /// answered with `info string` lines (extension).
    Debug(DebugQuery),
    /// `bench [depth]`: fixed search benchmark (extension).
    Bench {
        depth: Option<u32>,
    },
}

/// The debugging queries (extension); each is answered with `info string`
/// lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugQuery {
    /// `eval`: the static evaluation and its main terms.
    Eval,
    /// `moves`: the legal moves.
    Moves,
    /// `sfen`: the current position as one SFEN line.
    Sfen,
    /// `key`: the position's hash key.
    Key,
    /// `compiler`: how the binary was built.
    Compiler,
}

impl DebugQuery {
    pub const ALL: [DebugQuery; 5] = [
        DebugQuery::Eval,
        DebugQuery::Moves,
        DebugQuery::Sfen,
        DebugQuery::Key,
        DebugQuery::Compiler,
    ];

    /// The command word.
    pub fn word(self) -> &'static str {
        match self {
            DebugQuery::Eval => "eval",
            DebugQuery::Moves => "moves",
            DebugQuery::Sfen => "sfen",
            DebugQuery::Key => "key",
            DebugQuery::Compiler => "compiler",
        }
    }
}

/// A non-fatal remark from parsing (an unknown `go` token that was skipped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub message: String,
}

/// A parsed line: the command and any warnings to report with `info string`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub command: Command,
    pub warnings: Vec<Warning>,
}

/// A parse failure: what was expected, and where (0-based token index and the
/// byte column in the line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub token: usize,
    pub column: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (token {}, column {})",
            self.message,
            self.token + 1,
            self.column + 1
        )
    }
}

impl std::error::Error for ParseError {}

/// `score cp N` or `score mate N` (negative: being mated), with an optional bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// An `info` line. Fields left `None` are not printed. `string` must be last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<(Score, Bound)>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time: Option<u64>,
    pub hashfull: Option<u32>,
    pub currmove: Option<String>,
    pub pv: Vec<String>,
    pub string: Option<String>,
}

/// Kinds of `option` declarations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Check { default: bool },
    Spin { default: i64, min: i64, max: i64 },
    Combo { default: String, vars: Vec<String> },
    String { default: String },
    Button,
    Filename { default: String },
}

/// `option name <name> type <kind> ...`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    pub name: String,
    pub kind: OptionKind,
}

/// `checkmate` answers to `go mate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checkmate {
    Moves(Vec<String>),
    NoMate,
    Timeout,
    NotImplemented,
}

/// A line the engine writes. Moves are already formatted strings (the game
/// formats them with this crate's `UsiMove`/`Turn` formatters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    IdName(String),
    IdAuthor(String),
    Option(OptionDecl),
    UsiOk,
    ReadyOk,
    BestMove { mv: String, ponder: Option<String> },
    Info(Info),
    Checkmate(Checkmate),
}
