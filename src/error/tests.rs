//! The messages are what users read: each kind is worded exactly as the
//! games' text errors were (per game where the games differ).

use super::*;
use crate::game::Color;
use crate::sigma4::types::{CompositionError, Stone};

fn sq(text: &str) -> usi::Square {
    let b = text.as_bytes();
    usi::Square {
        file: b[0] - b'0',
        rank: b[1] - b'a',
    }
}

fn token(text: &str) -> usi::PieceToken {
    let promoted = text.starts_with('+');
    let letter = text.chars().last().unwrap();
    usi::PieceToken {
        side: if letter.is_ascii_uppercase() {
            usi::Side::Black
        } else {
            usi::Side::White
        },
        promoted,
        letter: letter.to_ascii_uppercase(),
    }
}

fn mv(text: &str) -> usi::UsiMove {
    usi::parse_move(text).unwrap()
}

fn check(cases: Vec<(GameError, &str)>) {
    for (error, message) in cases {
        assert_eq!(error.to_string(), message, "{error:?}");
    }
}

#[test]
fn position_messages() {
    use PositionError::*;
    let p = |e: PositionError| GameError::from(e);
    check(vec![
        (
            p(RankCount {
                game: GameName::Shogi,
                found: 8,
            }),
            "sfen: shogi board needs 9 ranks, found 8",
        ),
        (
            p(RankCount {
                game: GameName::Mortal,
                found: 10,
            }),
            "sfen: Mortal Shogi board needs 9 ranks, found 10",
        ),
        (
            p(RankCount {
                game: GameName::Shogammon,
                found: 8,
            }),
            "sfen: a shogammon board needs 9 ranks, found 8",
        ),
        (
            p(RankCount {
                game: GameName::Sigma4,
                found: 8,
            }),
            "sfen: the Sigma 4 board has 7 ranks, found 8",
        ),
        (
            p(RankLength {
                game: GameName::Mortal,
                rank: 0,
                found: 8,
            }),
            "sfen: rank a has 8 squares, Mortal Shogi needs 9",
        ),
        (
            p(RankLength {
                game: GameName::Shogammon,
                rank: 2,
                found: 8,
            }),
            "sfen: rank c has 8 squares, shogammon needs 9",
        ),
        (
            p(RankLength {
                game: GameName::Sigma4,
                rank: 6,
                found: 6,
            }),
            "sfen: rank g has 6 squares, the Sigma 4 board has 7",
        ),
        (
            p(ForeignCell {
                game: GameName::Shogi,
                square: sq("5i"),
                cell: usi::Cell::Point {
                    lower: token("P"),
                    upper: token("K"),
                },
            }),
            "sfen: square 5i holds a point or base, which shogi does not have",
        ),
        (
            p(ForeignCell {
                game: GameName::Shogammon,
                square: sq("1i"),
                cell: usi::Cell::Base {
                    side: usi::Side::Black,
                    stones: vec!['W'],
                },
            }),
            "sfen: square 1i holds a Sigma 4 base, which shogammon does not have",
        ),
        (
            p(ForeignCell {
                game: GameName::Sigma4,
                square: sq("4g"),
                cell: usi::Cell::Piece(token("k")),
            }),
            "sfen: 4g holds 'k', but Sigma 4 squares hold bases written in brackets, like [WF]",
        ),
        (
            p(ForeignCell {
                game: GameName::Sigma4,
                square: sq("4g"),
                cell: usi::Cell::Point {
                    lower: token("P"),
                    upper: token("K"),
                },
            }),
            "sfen: 4g holds a Shogammon point, not a Sigma 4 base",
        ),
        (
            p(UnknownPiece {
                game: GameName::Shogammon,
                piece: token("+k"),
                square: sq("5a"),
            }),
            "sfen: '+K' on 5a is not a shogammon piece",
        ),
        (
            p(PromotedMinor {
                piece: token("+l"),
                square: sq("1a"),
            }),
            "sfen: '+L' on 1a: Mortal Shogi has no promoted pawns, lances, knights or silvers (they promote to a higher piece instead)",
        ),
        (
            p(MixedPoint { square: sq("5e") }),
            "sfen: the point on 5e mixes both sides' pieces",
        ),
        (
            p(TooManyKings { side: Color::White }),
            "sfen: gote has more than one king",
        ),
        (
            p(DeadPiece {
                piece: token("n"),
                square: sq("2h"),
            }),
            "sfen: n on 2h could never move again",
        ),
        (
            p(Nifu {
                side: Color::White,
                file: 3,
            }),
            "sfen: gote has two unpromoted pawns on file 3 (nifu)",
        ),
        (
            p(NotToMoveInCheck {
                game: GameName::Mortal,
                side: Color::Black,
            }),
            "sfen: sente is in check but it is gote to move",
        ),
        (
            p(NotToMoveInCheck {
                game: GameName::Sigma4,
                side: Color::White,
            }),
            "sfen: gote's royal base is in check but it is sente to move",
        ),
        (
            p(NotHoldable { piece: token("+p") }),
            "sfen: hand piece '+P' cannot be held in hand",
        ),
        (
            p(KingInHand { piece: token("k") }),
            "sfen: hand piece 'K': a king cannot be in hand",
        ),
        (
            p(DragonInHand { piece: token("+R") }),
            "sfen: hand piece '+R': a dragon cannot be in hand (a captured dragon becomes a horse)",
        ),
        (
            p(UnknownHandPiece {
                game: GameName::Mortal,
                piece: token("+G"),
            }),
            "sfen: hand piece '+G' is not a Mortal Shogi piece",
        ),
        (
            p(HandOverSet {
                game: GameName::Shogi,
                count: 19,
                letter: 'P',
            }),
            "sfen: 19 'P' in hand is more than a set has",
        ),
        (
            p(HandOverSet {
                game: GameName::Shogammon,
                count: 3,
                letter: 'R',
            }),
            "sfen: 3 'R' in one hand is more than a set has",
        ),
        (
            p(HandsOverGame { max: 38 }),
            "sfen: the hands hold more than 38 pieces, more than a game ever has",
        ),
        (
            p(KindOverSet {
                count: 3,
                letter: 'R',
                set: 2,
            }),
            "sfen: 3 pieces of kind 'R' in all, a set has 2",
        ),
        (
            p(PiecesOverGame { count: 39, max: 38 }),
            "sfen: 39 pieces besides the kings, a game has at most 38",
        ),
        (
            p(MajorsOverGame { count: 5, max: 4 }),
            "sfen: 5 rooks, bishops, horses and dragons in all, a game has at most 4",
        ),
        (
            p(BadBase {
                square: sq("4g"),
                detail: "a base has at most one 'R'".to_string(),
            }),
            "sfen: 4g: a base has at most one 'R'",
        ),
        (
            p(BaseNotAllowed {
                square: sq("4g"),
                base: "RJ".to_string(),
            }),
            "sfen: 4g: [RJ] is not an allowed base",
        ),
        (
            p(NotAStone { entry: token("q") }),
            "sfen: storage entry 'q' is not a stone (storage holds J Z C E N D F W)",
        ),
        (
            p(StorageOverSets {
                side: Color::White,
                count: 17,
                stone: 'W',
            }),
            "sfen: 17 'W' in gote's storage is more than both sets have",
        ),
        (
            p(StonesOverSets {
                count: 5,
                stone: 'J',
                max: 4,
            }),
            "sfen: 5 stones 'J' in the game, the two sets have 4",
        ),
        (
            p(RoyalBaseCount {
                side: Color::Black,
                count: 0,
            }),
            "sfen: sente has 0 royal bases, a side has exactly one",
        ),
        (
            p(TooManyBases {
                side: Color::Black,
                count: 24,
                max: 21,
            }),
            "sfen: sente has 24 bases on the board, a side has 21",
        ),
        (
            p(RoyalOnGoal {
                side: Color::Black,
                goal: sq("4a"),
            }),
            "sfen: sente's royal base stands on its goal square 4a, so the game ended before gote's last move",
        ),
    ]);
}

#[test]
fn setup_messages() {
    use SetupError::*;
    let s = |e: SetupError| GameError::from(e);
    let syntax = usi::parse_sfen("[DW]/[DW/1 b - 1").unwrap_err();
    let syntax_text = format!("setup '[DW]/[DW/1': {syntax}");
    check(vec![
        (
            s(RankCount {
                text: "[DW]".to_string(),
                found: 1,
            }),
            "setup '[DW]': a setup is three ranks separated by '/', found 1",
        ),
        (
            s(Syntax {
                text: "[DW]/[DW/1".to_string(),
                error: syntax,
            }),
            &syntax_text,
        ),
        (
            s(Shape { side: Color::White }),
            "setup: gote fills three ranks of seven squares (21 bases)",
        ),
        (
            s(BadBase {
                square: sq("7e"),
                detail: "'Q' is not a stone letter".to_string(),
            }),
            "setup: 7e: 'Q' is not a stone letter",
        ),
        (
            s(WrongCase {
                square: sq("7e"),
                side: Color::Black,
            }),
            "setup: the base on 7e is written in the other side's case (sente writes upper case)",
        ),
        (
            s(WrongCase {
                square: sq("7a"),
                side: Color::White,
            }),
            "setup: the base on 7a is written in the other side's case (gote writes lower case)",
        ),
        (
            s(Empty {
                square: sq("7e"),
                side: Color::Black,
            }),
            "setup: 7e is empty; all 21 bases of sente stand on its three ranks",
        ),
        (
            s(NotABase { square: sq("7e") }),
            "setup: 7e holds something other than a base",
        ),
        (
            s(BreaksRule {
                square: sq("7g"),
                base: "JW".to_string(),
                rule: CompositionError::LongLeaperOnRoyalOrCorner(Stone::J),
            }),
            "setup: 7g: [JW]: at setup no 'J' (J, Z or C) may stand on the royal base or a corner base",
        ),
        (
            s(RoyalMisplaced {
                square: sq("5g"),
                start: sq("4g"),
            }),
            "setup: the royal base stands on 5g; it starts on 4g",
        ),
        (
            s(RoyalCount {
                side: Color::Black,
                count: 2,
                start: sq("4g"),
            }),
            "setup: sente has 2 royal bases (R), exactly one is needed, on 4g",
        ),
        (
            s(StoneCount {
                count: 7,
                stone: 'W',
                set: 8,
            }),
            "setup: 7 stones 'W' placed; all 42 stones are placed, 8 of this kind",
        ),
    ]);
}

#[test]
fn move_messages() {
    use MoveError::*;
    let m = |e: MoveError| GameError::from(e);
    check(vec![
        (
            m(NotOfGame {
                game: GameName::Mortal,
            }),
            "not a Mortal Shogi move",
        ),
        (
            m(OffBoard {
                square: usi::Square { file: 0, rank: 0 },
                size: 9,
            }),
            "square 0a is off the board",
        ),
        (
            m(OffBoard {
                square: sq("9e"),
                size: 7,
            }),
            "square 9e is off the 7x7 board (files 1-7, ranks a-g)",
        ),
        (m(NoPiece { square: sq("7g") }), "no piece on 7g"),
        (
            m(NotYourPiece { square: sq("1a") }),
            "the piece on 1a is not the side to move's",
        ),
        (m(NotInHand { piece: token("+B") }), "no '+B' in hand"),
        (
            m(CannotPromote {
                piece: token("g"),
                from: Some(sq("4a")),
            }),
            "g on 4a cannot promote",
        ),
        (
            m(CannotPromote {
                piece: token("K"),
                from: None,
            }),
            "'K' cannot promote",
        ),
        (
            m(EqualsSuffix {
                game: GameName::Shogi,
            }),
            "'=' suffixes are not used in standard shogi",
        ),
        (m(PromotionLetters), "'=' names one piece to promote to"),
        (
            m(PromoteByName {
                piece: token("P"),
                choices: "=N, =L, =S, =G".to_string(),
            }),
            "'P' promotes by naming its new piece after '=' (=N, =L, =S, =G), not with '+'",
        ),
        (
            m(PromoteByPlus { piece: token("R") }),
            "'R' promotes with '+', not by naming a piece",
        ),
        (
            m(PromotionChoice {
                piece: token("P"),
                to: 'R',
                choices: "N, L, S, G".to_string(),
            }),
            "'P' cannot promote to 'R': it may become N, L, S, G",
        ),
        (
            m(DropForm {
                game: GameName::Shogi,
            }),
            "a shogi drop names one unpromoted piece",
        ),
        (
            m(DropForm {
                game: GameName::Mortal,
            }),
            "a Mortal Shogi drop names one piece",
        ),
        (
            m(DropForm {
                game: GameName::Sigma4,
            }),
            "a Sigma 4 drop names stones, without '+'",
        ),
        (m(NotDroppable { letter: 'K' }), "'K' cannot be dropped"),
        (m(KingDrop), "a king cannot be dropped"),
        (
            m(DragonDrop { piece: token("+R") }),
            "'+R' cannot be dropped: a captured dragon goes to hand as a horse",
        ),
        (
            m(UnknownPiece {
                game: GameName::Mortal,
                piece: token("+G"),
            }),
            "'+G' is not a Mortal Shogi piece",
        ),
        (
            m(Illegal {
                mv: "7g7e".to_string(),
                reason: "the piece cannot go there".to_string(),
            }),
            "illegal move 7g7e: the piece cannot go there",
        ),
        (
            m(InTurn {
                mv: mv("7g7f=N"),
                error: Box::new(EqualsSuffix {
                    game: GameName::Shogammon,
                }),
            }),
            "'7g7f=N': '=' suffixes are not used in shogammon (promote with '+')",
        ),
        (
            m(InTurn {
                mv: mv("K*5e"),
                error: Box::new(NotDroppable { letter: 'K' }),
            }),
            "'K*5e': 'K' cannot be dropped",
        ),
        (
            m(InTurn {
                mv: mv("+P*5e"),
                error: Box::new(DropForm {
                    game: GameName::Shogammon,
                }),
            }),
            "'+P*5e': a shogammon drop names one unpromoted piece",
        ),
        (m(CornerTake { mv: mv("%W") }), "'%W' is a Sigma 4 move"),
        (
            m(NotATurn { mv: mv("7g7f") }),
            "'7g7f' is not a shogammon turn token (dice, ':', moves, e.g. 61:5i5h,7g7f)",
        ),
        (m(NoBase { square: sq("4d") }), "no base on 4d"),
        (
            m(NotYourBase {
                square: sq("4c"),
                owner: Color::White,
            }),
            "the base on 4c is gote's, it is sente to move",
        ),
        (
            m(PlusSuffix),
            "Sigma 4 has no promotion ('+'); a capture names its refit after '='",
        ),
        (
            m(RefitWithoutCapture {
                letters: "DDWW".to_string(),
                to: sq("7d"),
            }),
            "'=DDWW' names a refit, but only a capture refits a base (7d holds no enemy base)",
        ),
        (
            m(BaseNotAllowed {
                fitting: Fitting::Refit,
                base: "JN".to_string(),
            }),
            "the refit [JN] is not an allowed base",
        ),
        (
            m(BaseNotAllowed {
                fitting: Fitting::Drop,
                base: "JN".to_string(),
            }),
            "[JN] is not an allowed base",
        ),
        (
            m(BreaksRule {
                fitting: Fitting::Drop,
                base: "ZC".to_string(),
                rule: CompositionError::TwoRank3,
            }),
            "the dropped base [ZC] breaks a rule: a base holds at most one rank-3 stone (Z or C)",
        ),
        (
            m(BreaksRule {
                fitting: Fitting::Refit,
                base: "JJ".to_string(),
                rule: CompositionError::TwoRank4,
            }),
            "the refit [JJ] breaks a rule: a base holds at most one rank-4 stone (N or J)",
        ),
        (
            m(RoyalDrop),
            "the royal base is never dropped ('R' in a drop)",
        ),
        (
            m(RoyalInRefit),
            "'R' in a refit, but the capturing base is not the royal base",
        ),
        (m(TwoRoyalsInRefit), "a refit names 'R' at most once"),
        (
            m(TooManyStones {
                fitting: Fitting::Drop,
                count: 200,
            }),
            "drop: a base holds 1 to 4 stones, not 200",
        ),
        (
            m(NotAStone {
                fitting: Fitting::Refit,
                letter: 'Q',
            }),
            "refit: 'Q' is not a stone letter (J Z C E N D F W)",
        ),
        (
            m(CornerTakeNotAStone { stone: 'Q' }),
            "'%Q': 'Q' is not a stone letter",
        ),
        (
            m(NoPass {
                game: GameName::Sigma4,
            }),
            "Sigma 4 has no pass",
        ),
    ]);
}

#[test]
fn turn_dice_and_cube_messages() {
    let turn = usi::parse_turn("61:5i5h,7g7f").unwrap();
    let refused = |reason: TurnError| {
        GameError::from(MoveError::IllegalTurn {
            turn: turn.clone(),
            reason,
        })
    };
    let d = |e: DiceError| GameError::from(e);
    let c = |e: CubeError| GameError::from(e);
    check(vec![
        (
            refused(TurnError::Finished(
                "the game is over: sente has no king".to_string(),
            )),
            "illegal turn 61:5i5h,7g7f: the game is over: sente has no king",
        ),
        (
            refused(TurnError::Dice(DiceError::NotTheRoll {
                roll: [4, 3],
                given: [6, 1],
            })),
            "illegal turn 61:5i5h,7g7f: the roll is 43, not 61",
        ),
        (
            refused(TurnError::Dice(DiceError::OutOfRange { roll: [7, 7] })),
            "illegal turn 61:5i5h,7g7f: dice 77: each die is 1 to 6",
        ),
        (
            refused(TurnError::Step(Box::new(MoveError::OffBoard {
                square: usi::Square { file: 0, rank: 4 },
                size: 9,
            }))),
            "illegal turn 61:5i5h,7g7f: square 0e is off the board",
        ),
        (
            refused(TurnError::Unplayable(
                "no legal turn plays these moves".to_string(),
            )),
            "illegal turn 61:5i5h,7g7f: no legal turn plays these moves",
        ),
        (
            d(DiceError::Finished {
                roll: [3, 4],
                reason: "the game is over: gote has no king".to_string(),
            }),
            "dice 34: the game is over: gote has no king",
        ),
        (
            d(DiceError::MapGroups {
                text: "P,LN".to_string(),
                found: 2,
                example: "P,LN,S,G,BR,K",
            }),
            "DiceMap 'P,LN' has 2 group(s); it needs six, one per die face, separated by commas (e.g. P,LN,S,G,BR,K)",
        ),
        (
            d(DiceError::MapEmptyGroup {
                text: "P,,S,G,BR,K".to_string(),
                face: 2,
            }),
            "DiceMap 'P,,S,G,BR,K': the group for die 2 is empty",
        ),
        (
            d(DiceError::MapPromoted {
                text: "+P".to_string(),
            }),
            "DiceMap '+P': promoted pieces answer to their unpromoted kind's die; write only P L N S G B R K",
        ),
        (
            d(DiceError::MapLetter {
                text: "X".to_string(),
                letter: 'X',
                face: 1,
            }),
            "DiceMap 'X': 'X' in the group for die 1 is not one of P L N S G B R K",
        ),
        (
            d(DiceError::MapDuplicate {
                text: "BB".to_string(),
                letter: 'B',
                face: 5,
            }),
            "DiceMap 'BB': 'B' appears twice in the group for die 5",
        ),
        (
            d(DiceError::MapUnmoved {
                text: "P,LN,S,G,B,K".to_string(),
                letter: 'R',
            }),
            "DiceMap 'P,LN,S,G,B,K': no die moves 'R', so it could never move",
        ),
        (
            c(CubeError::Value { value: 3, max: 64 }),
            "cube value 3 is not a power of two from 1 to 64",
        ),
        (
            c(CubeError::CentredOwned),
            "a cube at 1 is centred: its owner is '-'",
        ),
        (
            c(CubeError::TakenUnowned { value: 4 }),
            "a cube at 4 has been taken: its owner is 'b' or 'w', not '-'",
        ),
    ]);
}

#[test]
fn kinds_convert_into_game_errors() {
    let e: GameError = CubeError::CentredOwned.into();
    assert_eq!(e, GameError::Cube(CubeError::CentredOwned));
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert_eq!(
        boxed.to_string(),
        "a cube at 1 is centred: its owner is '-'"
    );
}
