//! Writing the protocol: `Display` for every type, giving the canonical text
//! that this crate's parsers read back to an equal value. Output is single-space
//! separated plain ASCII whenever the values hold what the parsers produce.
//!
//! The crate knows no game, so an SFEN hand is printed in the order its entries
//! are stored in [`Sfen::hand`]. A game puts them in its canonical order first
//! with [`Sfen::sort_hand`] and one of the order constants below.

use crate::types::*;
use std::fmt::{self, Display, Formatter, Write};

/// Standard shogi hand order (per side): `R B G S N L P`.
pub const SHOGI_HAND_ORDER: &str = "RBGSNLP";
/// Mortal Shogi hand order, highest piece first: `+B R B G S L N P`.
pub const MORTAL_HAND_ORDER: &str = "+BRBGSLNP";
/// Sigma 4 storage order, and the stone order inside a base and a refit
/// (`R` first marks the royal base): `R J Z C E N D F W`.
pub const SIGMA4_ORDER: &str = "RJZCENDFW";

/// The (promoted, letter) pairs of an order string such as `"+BRBGSLNP"`.
fn order_list(order: &str) -> Vec<(bool, char)> {
    let mut list = Vec::new();
    let mut promoted = false;
    for c in order.chars() {
        if c == '+' {
            promoted = true;
        } else {
            list.push((promoted, c.to_ascii_uppercase()));
            promoted = false;
        }
    }
    list
}

/// Where a piece stands in `order`; pieces not listed come after all listed.
fn rank_in(order: &[(bool, char)], promoted: bool, letter: char) -> usize {
    let letter = letter.to_ascii_uppercase();
    order
        .iter()
        .position(|&p| p == (promoted, letter))
        .unwrap_or(order.len())
}

impl Sfen {
    /// Puts the hand in canonical order: sente's entries first, then gote's,
    /// each side in `order` (e.g. [`MORTAL_HAND_ORDER`]); pieces `order` does
    /// not name keep their relative order after the named ones.
    pub fn sort_hand(&mut self, order: &str) {
        let list = order_list(order);
        self.hand.sort_by_key(|h| {
            let side = (h.piece.side == Side::White) as usize;
            (side, rank_in(&list, h.piece.promoted, h.piece.letter))
        });
    }

    /// Number of files (squares per rank); 0 for an empty board.
    pub fn files(&self) -> usize {
        self.board.first().map_or(0, Vec::len)
    }

    /// Number of ranks.
    pub fn ranks(&self) -> usize {
        self.board.len()
    }
}

/// Sorts letters (stones of a Sigma 4 base or refit) into `order`, e.g.
/// [`SIGMA4_ORDER`]; letters `order` does not name go last, in their order.
pub fn sort_letters(letters: &mut [char], order: &str) {
    let list = order_list(order);
    letters.sort_by_key(|&c| rank_in(&list, false, c));
}

// ----------------------------------------------------------------- notation

impl Display for Side {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Black => "b",
            Side::White => "w",
        })
    }
}

/// A rank index as its letter (`0` → `a`); out-of-range ranks print `?`.
fn rank_char(rank: u8) -> char {
    if rank < 26 {
        (b'a' + rank) as char
    } else {
        '?'
    }
}

impl Display for Square {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, rank_char(self.rank))
    }
}

/// A letter in the case of its side.
fn cased(side: Side, letter: char) -> char {
    match side {
        Side::Black => letter.to_ascii_uppercase(),
        Side::White => letter.to_ascii_lowercase(),
    }
}

impl Display for PieceToken {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.promoted {
            f.write_char('+')?;
        }
        f.write_char(cased(self.side, self.letter))
    }
}

impl Display for Cell {
    /// One square as it stands in a rank; an empty square is `1` (the
    /// [`Sfen`] printer merges runs).
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Empty => f.write_char('1'),
            Cell::Piece(p) => write!(f, "{p}"),
            Cell::Point { lower, upper } => write!(f, "({lower}{upper})"),
            Cell::Base { side, stones } => {
                f.write_char('[')?;
                for &c in stones {
                    f.write_char(cased(*side, c))?;
                }
                f.write_char(']')
            }
        }
    }
}

impl Display for HandEntry {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "{}", self.piece)
    }
}

/// Writes a rank, merging empty squares into digits (at most 9 each).
fn write_rank(f: &mut Formatter<'_>, cells: &[Cell]) -> fmt::Result {
    let mut empties = 0;
    for cell in cells {
        if *cell == Cell::Empty {
            empties += 1;
            if empties == 9 {
                f.write_char('9')?;
                empties = 0;
            }
            continue;
        }
        if empties > 0 {
            write!(f, "{empties}")?;
            empties = 0;
        }
        write!(f, "{cell}")?;
    }
    if empties > 0 {
        write!(f, "{empties}")?;
    }
    Ok(())
}

impl Display for Sfen {
    /// The four SFEN fields. The hand is printed in stored order (see
    /// [`Sfen::sort_hand`]); entries with a count of 0 are left out.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (n, rank) in self.board.iter().enumerate() {
            if n > 0 {
                f.write_char('/')?;
            }
            write_rank(f, rank)?;
        }
        write!(f, " {} ", self.side)?;
        let mut any = false;
        for entry in self.hand.iter().filter(|h| h.count > 0) {
            write!(f, "{entry}")?;
            any = true;
        }
        if !any {
            f.write_char('-')?;
        }
        write!(f, " {}", self.move_number)
    }
}

impl Display for Suffix {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Suffix::None => Ok(()),
            Suffix::Promote => f.write_char('+'),
            Suffix::Assign(letters) => {
                f.write_char('=')?;
                letters.iter().try_for_each(|&c| f.write_char(c))
            }
        }
    }
}

impl Display for UsiMove {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            UsiMove::Board { from, to, suffix } => write!(f, "{from}{to}{suffix}"),
            UsiMove::Drop {
                promoted,
                letters,
                to,
            } => {
                if *promoted {
                    f.write_char('+')?;
                }
                letters.iter().try_for_each(|&c| f.write_char(c))?;
                write!(f, "*{to}")
            }
            UsiMove::CornerTake { stone } => write!(f, "%{stone}"),
            UsiMove::Pass => f.write_str("pass"),
        }
    }
}

impl Display for Turn {
    /// `61:5g5h,7g7f`; a turn without moves prints as `61:pass`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}:", self.dice[0], self.dice[1])?;
        if self.moves.is_empty() {
            return f.write_str("pass");
        }
        write_joined(f, &self.moves, ",")
    }
}

impl Display for MoveToken {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            MoveToken::Move(m) => write!(f, "{m}"),
            MoveToken::Turn(t) => write!(f, "{t}"),
        }
    }
}

fn write_joined<T: Display>(f: &mut Formatter<'_>, items: &[T], sep: &str) -> fmt::Result {
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

// ----------------------------------------------------------------- commands

impl Display for StartPosition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            StartPosition::Startpos => f.write_str("startpos"),
            StartPosition::Sfen(s) => write!(f, "sfen {s}"),
        }
    }
}

impl Display for PositionCommand {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "position {}", self.start)?;
        if !self.moves.is_empty() {
            f.write_str(" moves ")?;
            write_joined(f, &self.moves, " ")?;
        }
        if let Some([a, b]) = self.dice {
            write!(f, " dice {a}{b}")?;
        }
        if let Some(cube) = self.cube {
            write!(f, " {cube}")?;
        }
        Ok(())
    }
}

impl Display for CubeState {
    /// `cube 2 w`; a centred cube is `cube 1 -`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "cube {} ", self.value)?;
        match self.owner {
            Some(side) => write!(f, "{side}"),
            None => f.write_char('-'),
        }
    }
}

impl Display for CubeQuery {
    /// The `go` word: `cube` or `take`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CubeQuery::Double => "cube",
            CubeQuery::Take => "take",
        })
    }
}

impl Display for MateLimit {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            MateLimit::Millis(ms) => write!(f, "{ms}"),
            MateLimit::Infinite => f.write_str("infinite"),
        }
    }
}

/// Writes ` key value` when the value is set.
fn field<T: Display>(f: &mut Formatter<'_>, key: &str, value: &Option<T>) -> fmt::Result {
    match value {
        Some(v) => write!(f, " {key} {v}"),
        None => Ok(()),
    }
}

/// Writes ` key` when the flag is set.
fn flag(f: &mut Formatter<'_>, key: &str, on: bool) -> fmt::Result {
    if on {
        write!(f, " {key}")?;
    }
    Ok(())
}

/// The fields of `go`/`ponderhit` in canonical order, each with a leading
/// space; `searchmoves` last, since it runs on while tokens read as moves.
fn write_go_fields(f: &mut Formatter<'_>, g: &GoCommand) -> fmt::Result {
    flag(f, "ponder", g.ponder)?;
    field(f, "btime", &g.btime)?;
    field(f, "wtime", &g.wtime)?;
    field(f, "byoyomi", &g.byoyomi)?;
    field(f, "binc", &g.binc)?;
    field(f, "winc", &g.winc)?;
    field(f, "movestogo", &g.movestogo)?;
    field(f, "movetime", &g.movetime)?;
    field(f, "depth", &g.depth)?;
    field(f, "nodes", &g.nodes)?;
    field(f, "mate", &g.mate)?;
    flag(f, "infinite", g.infinite)?;
    field(f, "perft", &g.perft)?;
    flag(f, "setup", g.setup)?;
    if let Some(q) = g.cube {
        write!(f, " {q}")?;
    }
    if !g.searchmoves.is_empty() {
        f.write_str(" searchmoves ")?;
        write_joined(f, &g.searchmoves, " ")?;
    }
    Ok(())
}

impl Display for GoCommand {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        write_go_fields(f, self)
    }
}

impl Display for GameResult {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Win => "win",
            GameResult::Lose => "lose",
            GameResult::Draw => "draw",
        })
    }
}

impl Display for Command {
    /// The line a GUI (or a match tool) sends, without a newline.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Command::Usi => f.write_str("usi"),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) => write_rest(f, " value", v),
                    None => Ok(()),
                }
            }
            Command::UsiNewGame => f.write_str("usinewgame"),
            Command::Position(p) => write!(f, "{p}"),
            Command::Go(g) => write!(f, "{g}"),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit(g) => {
                f.write_str("ponderhit")?;
                write_go_fields(f, g)
            }
            Command::GameOver(Some(r)) => write!(f, "gameover {r}"),
            Command::GameOver(None) => f.write_str("gameover"),
            Command::Quit => f.write_str("quit"),
            Command::Display => f.write_str("d"),
            Command::Debug(q) => f.write_str(q.word()),
            Command::Bench { depth } => {
                f.write_str("bench")?;
                match depth {
                    Some(d) => write!(f, " {d}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Display for Warning {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

// ----------------------------------------------------------------- responses

impl Display for Score {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

impl Display for Bound {
    /// `lowerbound`, `upperbound`, or nothing for an exact score.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bound::Exact => "",
            Bound::Lower => "lowerbound",
            Bound::Upper => "upperbound",
        })
    }
}

impl Display for Info {
    /// `info` and the set fields in the usual order, `pv` then `string` last.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        field(f, "depth", &self.depth)?;
        field(f, "seldepth", &self.seldepth)?;
        field(f, "multipv", &self.multipv)?;
        if let Some((score, bound)) = self.score {
            write!(f, " score {score}")?;
            if bound != Bound::Exact {
                write!(f, " {bound}")?;
            }
        }
        field(f, "nodes", &self.nodes)?;
        field(f, "nps", &self.nps)?;
        field(f, "time", &self.time)?;
        field(f, "hashfull", &self.hashfull)?;
        field(f, "currmove", &self.currmove)?;
        if !self.pv.is_empty() {
            f.write_str(" pv ")?;
            write_joined(f, &self.pv, " ")?;
        }
        match &self.string {
            Some(s) => write_rest(f, " string", s),
            None => Ok(()),
        }
    }
}

/// USI writes an empty string default as `<empty>`.
fn or_empty(s: &str) -> &str {
    if s.is_empty() {
        "<empty>"
    } else {
        s
    }
}

impl Display for OptionKind {
    /// `type <kind> ...` as in an `option` line.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Check { default } => write!(f, "type check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "type combo default {default}")?;
                vars.iter().try_for_each(|v| write!(f, " var {v}"))
            }
            OptionKind::String { default } => {
                write!(f, "type string default {}", or_empty(default))
            }
            OptionKind::Button => f.write_str("type button"),
            OptionKind::Filename { default } => {
                write!(f, "type filename default {}", or_empty(default))
            }
        }
    }
}

impl Display for OptionDecl {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} {}", self.name, self.kind)
    }
}

impl Display for Checkmate {
    /// `checkmate 1a1b 2c2b`; an empty move list prints as `checkmate nomate`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("checkmate ")?;
        match self {
            Checkmate::Moves(moves) if !moves.is_empty() => write_joined(f, moves, " "),
            Checkmate::Moves(_) | Checkmate::NoMate => f.write_str("nomate"),
            Checkmate::Timeout => f.write_str("timeout"),
            Checkmate::NotImplemented => f.write_str("notimplemented"),
        }
    }
}

/// `head text`, or just `head` when the text is empty (no trailing space).
fn write_rest(f: &mut Formatter<'_>, head: &str, text: &str) -> fmt::Result {
    f.write_str(head)?;
    if !text.is_empty() {
        write!(f, " {text}")?;
    }
    Ok(())
}

impl Display for Response {
    /// The line the engine writes, without a newline.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Response::IdName(n) => write_rest(f, "id name", n),
            Response::IdAuthor(a) => write_rest(f, "id author", a),
            Response::Option(o) => write!(f, "{o}"),
            Response::UsiOk => f.write_str("usiok"),
            Response::ReadyOk => f.write_str("readyok"),
            Response::BestMove { mv, ponder } => {
                write!(f, "bestmove {mv}")?;
                field(f, "ponder", ponder)
            }
            Response::Info(i) => write!(f, "{i}"),
            Response::Checkmate(c) => write!(f, "{c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_command, parse_move, parse_move_token, parse_sfen, parse_turn};
    use crate::response::parse_response;

    const SHOGI_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    const SIGMA4_START: &str = "[nw][dw][ef][rfw][ef][dw][nw]/[df][ef][jd][en][jd][ef][df]/\
        [dw][ze][cw][nf][ce][ze][dw]/7/[DW][ZE][CE][NF][CW][ZE][DW]/\
        [DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW] b - 1";

    const SFENS: &[&str] = &[
        SHOGI_START,
        SIGMA4_START,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w +B3N+bg 42",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "lnsg(+rs)gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG(PK)GSNL b 2P 3",
        "[RFW]6/7/7/7/7/7/[rfw]6 w D2W3e 10",
        "9/9/9/9/9/9/9/9/9 b 18P2+B10p 200",
    ];

    const MOVES: &[&str] = &[
        "7g7f",
        "8h2b+",
        "2d2c=N",
        "1c1b=S",
        "2d2c=",
        "4e4b=JEDF",
        "4f4e=RZW",
        "P*5e",
        "+B*5e",
        "DF*4d",
        "%W",
        "pass",
        "9a1i",
    ];

    const TURNS: &[&str] = &[
        "61:5g5h,7g7f",
        "61:7g7f",
        "16:7g7f",
        "61:pass",
        "33:7g7f,7f7e",
        "25:P*5e,8h2b+",
    ];

    fn commands() -> Vec<String> {
        let fixed = [
            "usi",
            "isready",
            "usinewgame",
            "stop",
            "quit",
            "d",
            "bench",
            "bench 12",
            "gameover win",
            "gameover lose",
            "gameover draw",
            "ponderhit",
            "ponderhit btime 100 wtime 200 byoyomi 1000 binc 5 winc 6 movestogo 7",
            "setoption name USI_Hash value 256",
            "setoption name USI_Ponder",
            "setoption name Big Option value a b c",
            "setoption name DiceMap value P,LN,S,G,BR,K",
            "setoption name S value",
            "position startpos",
            "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
            "position startpos moves 61:5g5h,7g7f 52:pass 16:7g7f dice 34",
            "position startpos dice 11",
            "position startpos moves 61:5g5h,7g7f cube 2 w",
            "position startpos dice 34 cube 1 -",
            "position sfen 9 b - 1 cube 64 b",
            "go",
            "go ponder btime 1 wtime 2 byoyomi 3 binc 4 winc 5 movestogo 6 movetime 7 \
             depth 8 nodes 9 mate 10 infinite perft 11 setup searchmoves 7g7f 61:pass",
            "go infinite",
            "go mate infinite",
            "go perft 3",
            "go setup",
            "go cube",
            "go take",
            "go depth 1 cube",
            "go btime 0 wtime 0 byoyomi 10000",
            "go depth 5 searchmoves 7g7f P*5e",
        ];
        let mut all: Vec<String> = fixed.iter().map(|s| s.to_string()).collect();
        for sfen in SFENS {
            all.push(format!("position sfen {sfen}"));
            all.push(format!(
                "position sfen {sfen} moves 7g7f 4e4b=JEDF %W dice 66"
            ));
        }
        all
    }

    const RESPONSES: &[&str] = &[
        "id name henkei 0.1.0",
        "id author the henkei authors",
        "option name USI_Hash type spin default 256 min 1 max 4096",
        "option name ResignValue type spin default -32000 min -32000 max 0",
        "option name USI_Variant type combo default shogi var shogi var mortal var shogammon var sigma4",
        "option name USI_Ponder type check default true",
        "option name DiceMap type string default P,LN,S,G,BR,K",
        "option name Book type string default <empty>",
        "option name Clear Hash type button",
        "option name BookFile type filename default <empty>",
        "usiok",
        "readyok",
        "bestmove 7g7f",
        "bestmove 7g7f ponder 3c3d",
        "bestmove resign",
        "bestmove win",
        "bestmove 61:5g5h,7g7f ponder 43:3c3d,4c4d",
        "bestmove setup [NW][DW][EF][RFW][EF][DW][NW]/[DF][EF][JD][EN][JD][EF][DF]/[DW][ZE][CE][NF][CW][ZE][DW]",
        "info depth 5 seldepth 7 multipv 1 score cp 34 lowerbound nodes 12345 nps 678900 \
         time 18 hashfull 12 currmove 7g7f pv 7g7f 3c3d 2g2f",
        "info depth 9 score mate -3 upperbound pv 1a1b",
        "info score mate 5 nodes 1",
        "info nodes 100 string a note",
        "info string dice 61",
        "info string error: unknown command 'foo' (token 1, column 1)",
        "info string",
        "checkmate 1a1b 2c2b",
        "checkmate nomate",
        "checkmate timeout",
        "checkmate notimplemented",
    ];

    #[test]
    fn sfens_round_trip() {
        for &s in SFENS {
            assert_eq!(parse_sfen(s).unwrap().to_string(), s);
        }
    }

    #[test]
    fn moves_and_turns_round_trip() {
        for &m in MOVES {
            assert_eq!(parse_move(m).unwrap().to_string(), m);
            assert_eq!(parse_move_token(m).unwrap().to_string(), m);
        }
        for &t in TURNS {
            assert_eq!(parse_turn(t).unwrap().to_string(), t);
            assert_eq!(parse_move_token(t).unwrap().to_string(), t);
        }
    }

    #[test]
    fn commands_round_trip() {
        for line in commands() {
            let parsed = parse_command(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert!(parsed.warnings.is_empty(), "{line}: {:?}", parsed.warnings);
            assert_eq!(parsed.command.to_string(), line);
        }
    }

    #[test]
    fn responses_round_trip() {
        for &line in RESPONSES {
            let parsed = parse_response(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(parsed.to_string(), line);
        }
    }

    #[test]
    fn sfen_with_three_fields_gets_move_number_one() {
        let p = parse_command("position sfen 9 b - moves 1a1b").unwrap();
        assert_eq!(p.command.to_string(), "position sfen 9 b - 1 moves 1a1b");
    }

    #[test]
    fn built_responses_print_canonically() {
        let hash = Response::Option(OptionDecl {
            name: "USI_Hash".into(),
            kind: OptionKind::Spin {
                default: 256,
                min: 1,
                max: 4096,
            },
        });
        assert_eq!(
            hash.to_string(),
            "option name USI_Hash type spin default 256 min 1 max 4096"
        );
        let info = Info {
            depth: Some(1),
            pv: vec!["7g7f".into()],
            string: Some("last".into()),
            ..Info::default()
        };
        assert_eq!(info.to_string(), "info depth 1 pv 7g7f string last");
        let best = Response::BestMove {
            mv: "7g7f".into(),
            ponder: None,
        };
        assert_eq!(best.to_string(), "bestmove 7g7f");
    }

    #[test]
    fn long_runs_of_empties_split_at_nine() {
        let s = parse_sfen("55 b - 1").unwrap();
        assert_eq!(s.to_string(), "91 b - 1");
    }

    #[test]
    fn sort_hand_orders_by_side_then_order() {
        let mut s = parse_sfen("9 b gP+b3NX+BG 1").unwrap();
        s.sort_hand(MORTAL_HAND_ORDER);
        assert_eq!(s.to_string(), "9 b +BG3NPX+bg 1");
        s.sort_hand(SHOGI_HAND_ORDER);
        assert_eq!(s.to_string(), "9 b G3NP+BXg+b 1");
    }

    #[test]
    fn sort_letters_puts_royal_first() {
        let mut stones = vec!['W', 'F', 'R', 'J'];
        sort_letters(&mut stones, SIGMA4_ORDER);
        assert_eq!(stones, vec!['R', 'J', 'F', 'W']);
    }

    #[test]
    fn zero_counts_and_empty_turns() {
        let piece = PieceToken {
            side: Side::Black,
            promoted: false,
            letter: 'P',
        };
        let mut s = parse_sfen("9 b - 1").unwrap();
        s.hand.push(HandEntry { count: 0, piece });
        assert_eq!(s.to_string(), "9 b - 1");
        let t = Turn {
            dice: [6, 1],
            moves: vec![],
        };
        assert_eq!(t.to_string(), "61:pass");
        assert_eq!(Checkmate::Moves(vec![]).to_string(), "checkmate nomate");
    }

    #[test]
    fn out_of_range_square_does_not_panic() {
        let sq = Square {
            file: 200,
            rank: 255,
        };
        assert_eq!(sq.to_string(), "200?");
    }
}
