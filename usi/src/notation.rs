//! nom grammars for the notation inside a command: squares, moves, Shogammon
//! turn tokens, dice and SFEN fields. Each public function parses one string
//! on its own (errors at token 0, columns within the string); the `*_at`
//! variants parse one token of a longer line and report its place there.

use crate::lex::{expect, expect_here, fail_at, number, token_error, PResult, Tok, Words};
use crate::types::*;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{cut, eof, map, not, opt, success, value};
use nom::multi::{many0, many1};
use nom::sequence::{pair, preceded, terminated, tuple};

// ----------------------------------------------------------------- moves

fn file_digit(i: &str) -> PResult<'_, u8> {
    let digit = satisfy(|c| matches!(c, '1'..='9'));
    expect("a file digit 1-9", map(digit, |c| c as u8 - b'0'))(i)
}

fn rank_letter(i: &str) -> PResult<'_, u8> {
    let letter = satisfy(|c| matches!(c, 'a'..='i'));
    expect("a rank letter a-i", map(letter, |c| c as u8 - b'a'))(i)
}

fn square(i: &str) -> PResult<'_, Square> {
    map(pair(file_digit, rank_letter), |(file, rank)| Square {
        file,
        rank,
    })(i)
}

fn upper_letter(i: &str) -> PResult<'_, char> {
    expect(
        "an upper-case letter A-Z",
        satisfy(|c| c.is_ascii_uppercase()),
    )(i)
}

/// The letters after `=`. Lower case is refused by name here, since moves
/// always write pieces in upper case.
fn assigned(i: &str) -> PResult<'_, Vec<char>> {
    let lower = satisfy(|c: char| c.is_ascii_lowercase());
    terminated(
        many0(upper_letter),
        expect("an upper-case letter A-Z", not(lower)),
    )(i)
}

fn suffix(i: &str) -> PResult<'_, Suffix> {
    alt((
        value(Suffix::Promote, char('+')),
        map(preceded(char('='), cut(assigned)), Suffix::Assign),
        success(Suffix::None),
    ))(i)
}

fn board_move(i: &str) -> PResult<'_, UsiMove> {
    map(tuple((square, square, suffix)), |(from, to, suffix)| {
        UsiMove::Board { from, to, suffix }
    })(i)
}

fn drop_move(i: &str) -> PResult<'_, UsiMove> {
    let star = expect("'*' (a drop)", char('*'));
    map(
        tuple((opt(char('+')), many1(upper_letter), star, square)),
        |(plus, letters, _, to)| UsiMove::Drop {
            promoted: plus.is_some(),
            letters,
            to,
        },
    )(i)
}

fn corner_take(i: &str) -> PResult<'_, UsiMove> {
    map(preceded(char('%'), upper_letter), |stone| {
        UsiMove::CornerTake { stone }
    })(i)
}

/// One move, any form. Not anchored: a turn token goes on after it.
pub(crate) fn usi_move(i: &str) -> PResult<'_, UsiMove> {
    let pass = value(UsiMove::Pass, tag("pass"));
    expect_here(
        "a move (like 7g7f, 8h2b+, 2d2c=N, P*5e, %W or pass)",
        alt((pass, corner_take, drop_move, board_move)),
    )(i)
}

/// Parses one token as a move and reports errors at its place in the line.
pub(crate) fn move_at(tok: &Tok) -> Result<UsiMove, ParseError> {
    let mut whole = terminated(usi_move, expect("the end of the move", eof));
    whole(tok.text)
        .map(|(_, m)| m)
        .map_err(|e| token_error(tok, "move", e))
}

/// Parses a move: `7g7f`, `8h2b+`, `2d2c=N`, `2d2c=` (explicit no
/// promotion), `4e4b=JEDF` (Sigma 4 refit), `P*5e`, `+B*5e`, `DF*4d`, `%W`,
/// `pass`. Squares are file 1-9 then rank a-i; whether the board is that big
/// is the game's business. The whole string must be the move (no spaces).
pub fn parse_move(s: &str) -> Result<UsiMove, ParseError> {
    move_at(&Tok::whole(s))
}

// ----------------------------------------------------------------- turns

fn die(i: &str) -> PResult<'_, u8> {
    let digit = satisfy(|c| matches!(c, '1'..='6'));
    expect("a die 1-6", map(digit, |c| c as u8 - b'0'))(i)
}

fn dice(i: &str) -> PResult<'_, [u8; 2]> {
    map(pair(die, die), |(a, b)| [a, b])(i)
}

/// The moves of a turn, joined by commas: at most two, `pass` only alone.
fn turn_moves(mut i: &str) -> PResult<'_, Vec<UsiMove>> {
    let mut moves: Vec<UsiMove> = Vec::new();
    loop {
        let start = i;
        let (rest, mv) = usi_move(i)?;
        if moves.len() == 2 {
            return fail_at(start, "a turn holds at most two moves".to_string());
        }
        let lone_pass = mv == UsiMove::Pass || moves.first() == Some(&UsiMove::Pass);
        if lone_pass && !moves.is_empty() {
            return fail_at(start, "'pass' must be the turn's only move".to_string());
        }
        moves.push(mv);
        match char::<_, crate::lex::PErr>(',')(rest) {
            Ok((after, _)) => i = after,
            Err(_) => return Ok((rest, moves)),
        }
    }
}

fn turn(i: &str) -> PResult<'_, Turn> {
    let colon = expect("':' after the two dice", char(':'));
    map(tuple((dice, colon, turn_moves)), |(dice, _, moves)| Turn {
        dice,
        moves,
    })(i)
}

pub(crate) fn turn_at(tok: &Tok) -> Result<Turn, ParseError> {
    let end = expect("',' or the end of the turn", eof);
    terminated(turn, end)(tok.text)
        .map(|(_, t)| t)
        .map_err(|e| token_error(tok, "turn", e))
}

/// Parses a Shogammon turn token: the two dice in the order taken, `:`, then
/// one or two moves joined by `,` (`61:5g5h,7g7f`, `61:7g7f`), or `pass`
/// alone when both dice are lost (`61:pass`). Dice are 1-6.
pub fn parse_turn(s: &str) -> Result<Turn, ParseError> {
    turn_at(&Tok::whole(s))
}

pub(crate) fn move_token_at(tok: &Tok) -> Result<MoveToken, ParseError> {
    if tok.text.contains(':') {
        turn_at(tok).map(MoveToken::Turn)
    } else {
        move_at(tok).map(MoveToken::Move)
    }
}

/// Parses an element of `position ... moves`: a turn token when it holds a
/// `:`, otherwise a single move.
pub fn parse_move_token(s: &str) -> Result<MoveToken, ParseError> {
    move_token_at(&Tok::whole(s))
}

/// Parses the roll of a `dice` clause: exactly two digits 1-6 (`61`).
pub(crate) fn dice_at(tok: &Tok) -> Result<[u8; 2], ParseError> {
    let end = expect("the end of the dice (exactly two digits)", eof);
    terminated(dice, end)(tok.text)
        .map(|(_, d)| d)
        .map_err(|e| token_error(tok, "dice", e))
}

// ----------------------------------------------------------------- SFEN board

fn side_of(c: char) -> Side {
    if c.is_ascii_uppercase() {
        Side::Black
    } else {
        Side::White
    }
}

fn piece(i: &str) -> PResult<'_, PieceToken> {
    let letter = expect("a piece letter", satisfy(|c| c.is_ascii_alphabetic()));
    map(pair(opt(char('+')), letter), |(plus, c)| PieceToken {
        side: side_of(c),
        promoted: plus.is_some(),
        letter: c.to_ascii_uppercase(),
    })(i)
}

/// `(PK)`: a Shogammon point, lower piece first, both of one side.
fn point(i: &str) -> PResult<'_, Cell> {
    let (rest, _) = char('(')(i)?;
    let close = expect("')' closing the point", char(')'));
    let (rest, (lower, upper, _)) = cut(tuple((piece, piece, close)))(rest)?;
    if lower.side != upper.side {
        return fail_at(
            i,
            "the two pieces of a point must belong to the same side".to_string(),
        );
    }
    Ok((rest, Cell::Point { lower, upper }))
}

/// `[RFW]`: a Sigma 4 base, its stones all upper (sente) or all lower case.
fn base(i: &str) -> PResult<'_, Cell> {
    let (rest, _) = char('[')(i)?;
    let stone = expect("a stone letter", satisfy(|c| c.is_ascii_alphabetic()));
    let close = expect("a stone letter or ']' closing the base", char(']'));
    let (rest, (stones, _)) = cut(pair(many1(stone), close))(rest)?;
    let side = side_of(stones[0]);
    if stones.iter().any(|&c| side_of(c) != side) {
        return fail_at(
            i,
            "a base's stones must be all upper case (sente) or all lower case (gote)".to_string(),
        );
    }
    let stones = stones.iter().map(|c| c.to_ascii_uppercase()).collect();
    Ok((rest, Cell::Base { side, stones }))
}

fn empties(i: &str) -> PResult<'_, usize> {
    map(satisfy(|c| matches!(c, '1'..='9')), |c| {
        (c as u8 - b'0') as usize
    })(i)
}

/// One item of a rank: a run of empty squares or one occupied square.
enum Item {
    Empties(usize),
    Cell(Cell),
}

fn item(i: &str) -> PResult<'_, Item> {
    expect_here(
        "a square (a digit 1-9, a piece letter, '(' or '[')",
        alt((
            map(empties, Item::Empties),
            map(point, Item::Cell),
            map(base, Item::Cell),
            map(piece, |p| Item::Cell(Cell::Piece(p))),
        )),
    )(i)
}

fn rank(i: &str) -> PResult<'_, Vec<Cell>> {
    let (mut rest, first) = item(i)?;
    let mut cells = Vec::new();
    push_item(&mut cells, first);
    // Further items end the rank quietly at '/' or the end; a broken
    // point or base inside has already failed for good (cut).
    loop {
        match item(rest) {
            Ok((after, it)) => {
                push_item(&mut cells, it);
                rest = after;
            }
            Err(nom::Err::Error(_)) => return Ok((rest, cells)),
            Err(e) => return Err(e),
        }
    }
}

fn push_item(cells: &mut Vec<Cell>, item: Item) {
    match item {
        Item::Empties(n) => cells.extend(std::iter::repeat_n(Cell::Empty, n)),
        Item::Cell(c) => cells.push(c),
    }
}

fn board(i: &str) -> PResult<'_, Vec<Vec<Cell>>> {
    let mut ranks: Vec<Vec<Cell>> = Vec::new();
    let mut rest = i;
    loop {
        let start = rest;
        let (after, cells) = rank(rest)?;
        if let Some(first) = ranks.first() {
            if first.len() != cells.len() {
                let msg = format!(
                    "rank {} has {} squares, rank 1 has {}",
                    ranks.len() + 1,
                    cells.len(),
                    first.len()
                );
                return fail_at(start, msg);
            }
        }
        ranks.push(cells);
        match char::<_, crate::lex::PErr>('/')(after) {
            Ok((next, _)) => rest = next,
            Err(_) => return Ok((after, ranks)),
        }
    }
}

fn board_at(tok: &Tok) -> Result<Vec<Vec<Cell>>, ParseError> {
    let end = expect("a square, '/' or the end of the board", eof);
    terminated(board, end)(tok.text)
        .map(|(_, b)| b)
        .map_err(|e| token_error(tok, "SFEN board", e))
}

// ----------------------------------------------------------------- SFEN hand

fn hand_count(i: &str) -> PResult<'_, u32> {
    let (rest, digits) = digit1(i)?;
    if digits.starts_with('0') {
        let msg = "a hand count must be at least 1, without leading zeros".to_string();
        return fail_at(i, msg);
    }
    match number(digits) {
        Some(n) => Ok((rest, n)),
        None => fail_at(i, "hand count too large".to_string()),
    }
}

fn hand_entry(i: &str) -> PResult<'_, HandEntry> {
    let counted = map(pair(hand_count, cut(piece)), |(count, piece)| HandEntry {
        count,
        piece,
    });
    let single = map(piece, |piece| HandEntry { count: 1, piece });
    alt((counted, single))(i)
}

fn hand(i: &str) -> PResult<'_, Vec<HandEntry>> {
    let none = value(Vec::new(), char('-'));
    let entries = many1(hand_entry);
    expect_here(
        "'-' or a hand entry (like P, 2p or +B)",
        alt((none, entries)),
    )(i)
}

fn hand_at(tok: &Tok) -> Result<Vec<HandEntry>, ParseError> {
    let end = expect("a hand entry or the end of the hand", eof);
    terminated(hand, end)(tok.text)
        .map(|(_, h)| h)
        .map_err(|e| token_error(tok, "SFEN hand", e))
}

// ----------------------------------------------------------------- SFEN

fn side_at(tok: &Tok) -> Result<Side, ParseError> {
    match tok.text {
        "b" => Ok(Side::Black),
        "w" => Ok(Side::White),
        _ => Err(tok.error(format!(
            "expected 'b' or 'w' for the side to move, found {}",
            crate::lex::quote(tok.text)
        ))),
    }
}

fn move_number_at(tok: &Tok) -> Result<u32, ParseError> {
    match number::<u32>(tok.text) {
        Some(n) if n >= 1 => Ok(n),
        _ => Err(tok.error(format!(
            "expected a move number (a positive integer), found {}",
            crate::lex::quote(tok.text)
        ))),
    }
}

/// Parses board, side and hand from three tokens and the move number from
/// an optional fourth (default 1).
pub(crate) fn sfen_at(fields: &[Tok; 3], number: Option<&Tok>) -> Result<Sfen, ParseError> {
    let board = board_at(&fields[0])?;
    let side = side_at(&fields[1])?;
    let hand = hand_at(&fields[2])?;
    let move_number = match number {
        Some(t) => move_number_at(t)?,
        None => 1,
    };
    Ok(Sfen {
        board,
        side,
        hand,
        move_number,
    })
}

/// Parses the four SFEN fields, separated by spaces or tabs: board (ranks
/// from `a` down, separated by `/`; digits for empty squares, `+`-prefixed
/// letters for promoted pieces, `(PK)` for a Shogammon point, `[RFW]` for a
/// Sigma 4 base), side (`b`/`w`), hand (`-` or entries like `2P`, `+B`, `p`)
/// and move number. All ranks must be equally wide. Errors report token 0 and
/// the byte column in `s`.
pub fn parse_sfen(s: &str) -> Result<Sfen, ParseError> {
    let words = Words::new(s);
    let t = &words.toks;
    let sfen = match t.as_slice() {
        [a, b, c, d] => sfen_at(&[*a, *b, *c], Some(d)),
        [_, _, _, _, extra, ..] => Err(extra.error(format!(
            "unexpected {} after the SFEN's move number",
            crate::lex::quote(extra.text)
        ))),
        _ => Err(words.end_error(format!(
            "expected 4 SFEN fields (board, side, hand, move number), found {}",
            t.len()
        ))),
    };
    sfen.map_err(|e| ParseError { token: 0, ..e })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(file: u8, rank: char) -> Square {
        Square {
            file,
            rank: rank as u8 - b'a',
        }
    }

    fn err_of<T: std::fmt::Debug>(r: Result<T, ParseError>) -> ParseError {
        r.expect_err("input should be refused")
    }

    #[test]
    fn board_moves_and_suffixes() {
        let m = parse_move("7g7f").unwrap();
        assert_eq!(
            m,
            UsiMove::Board {
                from: sq(7, 'g'),
                to: sq(7, 'f'),
                suffix: Suffix::None
            }
        );
        let suffix_of = |s| match parse_move(s).unwrap() {
            UsiMove::Board { suffix, .. } => suffix,
            other => panic!("not a board move: {other:?}"),
        };
        assert_eq!(suffix_of("8h2b+"), Suffix::Promote);
        assert_eq!(suffix_of("2d2c=N"), Suffix::Assign(vec!['N']));
        assert_eq!(suffix_of("2d2c="), Suffix::Assign(vec![]));
        assert_eq!(suffix_of("4f4e=RZW"), Suffix::Assign(vec!['R', 'Z', 'W']));
    }

    #[test]
    fn drops_corner_takes_and_pass() {
        assert_eq!(
            parse_move("+B*5e").unwrap(),
            UsiMove::Drop {
                promoted: true,
                letters: vec!['B'],
                to: sq(5, 'e')
            }
        );
        assert_eq!(
            parse_move("DF*4d").unwrap(),
            UsiMove::Drop {
                promoted: false,
                letters: vec!['D', 'F'],
                to: sq(4, 'd')
            }
        );
        assert_eq!(
            parse_move("%W").unwrap(),
            UsiMove::CornerTake { stone: 'W' }
        );
        assert_eq!(parse_move("pass").unwrap(), UsiMove::Pass);
    }

    #[test]
    fn move_errors_name_the_character() {
        let e = err_of(parse_move("7g7z"));
        assert_eq!(
            e.message,
            "expected a rank letter a-i in move '7g7z' at character 4, found 'z'"
        );
        assert_eq!((e.token, e.column), (0, 3));
        let e = err_of(parse_move("P*5z"));
        assert!(e.message.contains("rank letter"), "{}", e.message);
        assert_eq!(e.column, 3);
        let e = err_of(parse_move("p*5e"));
        assert!(e.message.starts_with("expected a move"), "{}", e.message);
        let e = err_of(parse_move("7g7f+x"));
        assert!(e.message.contains("the end of the move"), "{}", e.message);
        assert_eq!(e.column, 5);
        let e = err_of(parse_move("7g7"));
        assert!(
            e.message.ends_with("found the end of the move"),
            "{}",
            e.message
        );
        let e = err_of(parse_move("P5e"));
        assert!(e.message.contains("'*'"), "{}", e.message);
        let e = err_of(parse_move("%w"));
        assert!(e.message.contains("upper-case"), "{}", e.message);
        let e = err_of(parse_move("2d2c=n"));
        assert!(
            e.message.starts_with("expected an upper-case letter"),
            "{}",
            e.message
        );
        assert_eq!(e.column, 5);
        let e = err_of(parse_move(""));
        assert!(e.message.starts_with("expected a move"), "{}", e.message);
    }

    #[test]
    fn turns() {
        let t = parse_turn("61:5g5h,7g7f").unwrap();
        assert_eq!(t.dice, [6, 1]);
        assert_eq!(t.moves.len(), 2);
        let t = parse_turn("61:pass").unwrap();
        assert_eq!(t.moves, vec![UsiMove::Pass]);
        assert_eq!(parse_turn("33:7g7f").unwrap().moves.len(), 1);
    }

    #[test]
    fn turn_errors() {
        let e = err_of(parse_turn("71:7g7f"));
        assert!(e.message.starts_with("expected a die 1-6"), "{}", e.message);
        assert_eq!(e.column, 0);
        let e = err_of(parse_turn("33:7g7f,7f7e,7e7d"));
        assert!(e.message.starts_with("a turn holds at most two moves"));
        assert_eq!(e.column, 13);
        let e = err_of(parse_turn("61:pass,7g7f"));
        assert!(e.message.contains("only move"), "{}", e.message);
        let e = err_of(parse_turn("61:7g7f,pass"));
        assert!(e.message.contains("only move"), "{}", e.message);
        let e = err_of(parse_turn("61:"));
        assert!(e.message.starts_with("expected a move"), "{}", e.message);
        let e = err_of(parse_turn("61:7g7f,"));
        assert!(e.message.starts_with("expected a move"), "{}", e.message);
        let e = err_of(parse_turn("617g7f"));
        assert!(e.message.contains("':'"), "{}", e.message);
    }

    #[test]
    fn move_token_picks_turn_by_colon() {
        assert!(matches!(
            parse_move_token("61:7g7f").unwrap(),
            MoveToken::Turn(_)
        ));
        assert!(matches!(
            parse_move_token("7g7f").unwrap(),
            MoveToken::Move(_)
        ));
    }

    #[test]
    fn shogi_start_sfen() {
        let s =
            parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
        assert_eq!(s.board.len(), 9);
        assert!(s.board.iter().all(|r| r.len() == 9));
        assert_eq!(s.side, Side::Black);
        assert!(s.hand.is_empty());
        assert_eq!(s.move_number, 1);
        let king = PieceToken {
            side: Side::White,
            promoted: false,
            letter: 'K',
        };
        assert_eq!(s.board[0][4], Cell::Piece(king));
    }

    #[test]
    fn points_bases_and_hands() {
        let s = parse_sfen("(PK)(+rs)[RFW][jd]11 w +B3N+bg 12").unwrap();
        let row = &s.board[0];
        assert_eq!(row.len(), 6);
        assert!(matches!(row[1], Cell::Point { lower, upper }
            if lower.promoted && lower.letter == 'R' && upper.letter == 'S' && upper.side == Side::White));
        assert_eq!(
            row[2],
            Cell::Base {
                side: Side::Black,
                stones: vec!['R', 'F', 'W']
            }
        );
        assert_eq!(
            row[3],
            Cell::Base {
                side: Side::White,
                stones: vec!['J', 'D']
            }
        );
        assert_eq!((row[4].clone(), row[5].clone()), (Cell::Empty, Cell::Empty));
        let counts: Vec<_> = s.hand.iter().map(|h| (h.count, h.piece.letter)).collect();
        assert_eq!(counts, vec![(1, 'B'), (3, 'N'), (1, 'B'), (1, 'G')]);
        assert_eq!(s.move_number, 12);
        let big = parse_sfen("9 b 12P 1").unwrap();
        assert_eq!(big.hand[0].count, 12);
    }

    #[test]
    fn sfen_errors() {
        let e = err_of(parse_sfen("9/8 b - 1"));
        assert!(
            e.message.starts_with("rank 2 has 8 squares, rank 1 has 9"),
            "{}",
            e.message
        );
        assert_eq!((e.token, e.column), (0, 2));
        let e = err_of(parse_sfen("(Pk)8 b - 1"));
        assert!(e.message.contains("same side"), "{}", e.message);
        let e = err_of(parse_sfen("[Rf]8 b - 1"));
        assert!(e.message.contains("all upper case"), "{}", e.message);
        let e = err_of(parse_sfen("[]8 b - 1"));
        assert!(
            e.message.starts_with("expected a stone letter"),
            "{}",
            e.message
        );
        let e = err_of(parse_sfen("(P)8 b - 1"));
        assert!(e.message.contains("piece letter"), "{}", e.message);
        assert_eq!(e.column, 2);
        let e = err_of(parse_sfen("9 x - 1"));
        assert_eq!(
            e.message,
            "expected 'b' or 'w' for the side to move, found 'x'"
        );
        assert_eq!(e.column, 2);
        let e = err_of(parse_sfen("9 b 0P 1"));
        assert!(e.message.contains("at least 1"), "{}", e.message);
        let e = err_of(parse_sfen("9 b 01P 1"));
        assert!(e.message.contains("leading zeros"), "{}", e.message);
        let e = err_of(parse_sfen("9 b 2 1"));
        assert!(e.message.contains("piece letter"), "{}", e.message);
        let e = err_of(parse_sfen("9 b -P 1"));
        assert!(e.message.contains("the end of the hand"), "{}", e.message);
        let e = err_of(parse_sfen("9 b - 0"));
        assert!(e.message.contains("positive integer"), "{}", e.message);
        let e = err_of(parse_sfen("9 b -"));
        assert!(e.message.contains("4 SFEN fields"), "{}", e.message);
        let e = err_of(parse_sfen("9 b - 1 x"));
        assert!(e.message.contains("'x'"), "{}", e.message);
        let e = err_of(parse_sfen("9/ b - 1"));
        assert!(e.message.starts_with("expected a square"), "{}", e.message);
        let e = err_of(parse_sfen("4$4 b - 1"));
        assert!(e.message.contains("'$'"), "{}", e.message);
        assert_eq!(e.column, 1);
        let e = err_of(parse_sfen("90 b - 1"));
        assert!(e.message.contains("'0'"), "{}", e.message);
    }

    #[test]
    fn dice_clause() {
        assert_eq!(dice_at(&Tok::whole("61")).unwrap(), [6, 1]);
        assert!(dice_at(&Tok::whole("6")).is_err());
        assert!(dice_at(&Tok::whole("611")).is_err());
        let e = err_of(dice_at(&Tok::whole("07")));
        assert!(e.message.contains("die 1-6"), "{}", e.message);
    }
}
