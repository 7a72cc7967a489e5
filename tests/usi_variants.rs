//! End-to-end tests of the variants over pipes: Shogammon's dice, turn
//! tokens and perft; Mortal Shogi and Sigma 4 through the same session.

mod common;

use common::*;
use std::time::Duration;

const SHORT: Duration = Duration::from_secs(5);

fn shogammon() -> Engine {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name USI_Variant value shogammon");
    assert_eq!(errors(&e.sync()), 0);
    e
}

/// `61:5i5h,7g7f` -> ([6, 1], ["5i5h", "7g7f"]).
fn split_turn(token: &str) -> ([u8; 2], Vec<String>) {
    let (dice, moves) = token.split_once(':').expect("a turn token has a colon");
    let d = dice.as_bytes();
    assert_eq!(d.len(), 2, "two dice in {token}");
    let moves = if moves == "pass" {
        Vec::new()
    } else {
        moves.split(',').map(str::to_string).collect()
    };
    ([d[0] - b'0', d[1] - b'0'], moves)
}

/// `go` without a roll: `info string dice D1D2` comes first; returns the
/// roll and the answered turn token.
fn roll_and_answer(e: &mut Engine, go: &str) -> ([u8; 2], String) {
    e.send(go);
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let dice = lines[0]
        .strip_prefix("info string dice ")
        .unwrap_or_else(|| panic!("first line is not the roll: {lines:#?}"));
    let roll = [dice.as_bytes()[0] - b'0', dice.as_bytes()[1] - b'0'];
    assert!(roll.iter().all(|d| (1..=6).contains(d)), "{dice}");
    let turn = best_of(lines.last().unwrap()).to_string();
    (roll, turn)
}

#[test]
fn shogammon_engine_rolls_answers_for_its_roll_and_replays_the_seed() {
    let mut e = shogammon();
    e.send("setoption name DiceSeed value 12345");
    e.send("usinewgame");
    let mut moves = Vec::new();
    let mut rolls = Vec::new();
    for _ in 0..6 {
        e.send(format!("position startpos moves {}", moves.join(" ")).trim_end());
        let (roll, turn) = roll_and_answer(&mut e, "go btime 2000 wtime 2000 byoyomi 100");
        let (dice, played) = split_turn(&turn);
        let mut sorted = dice;
        sorted.sort();
        let mut expected = roll;
        expected.sort();
        assert_eq!(sorted, expected, "turn {turn} is not for the roll {roll:?}");
        assert!(played.len() <= 2, "{turn}");
        rolls.push(roll);
        moves.push(turn);
    }
    // Every answer was legal: the whole game reads back without error.
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(errors(&e.sync()), 0, "{moves:?}");

    // The same seed after usinewgame gives the same rolls.
    e.send("usinewgame");
    for roll in &rolls {
        e.send("position startpos");
        let (again, _) = roll_and_answer(&mut e, "go depth 1");
        assert_eq!(&again, roll);
    }
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn shogammon_dice_clause_is_searched_and_kept() {
    let mut e = shogammon();
    e.send("position startpos dice 66");
    e.send("go depth 2");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string dice")),
        "the engine rolled although the GUI gave the dice: {lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2 ")),
        "{lines:#?}"
    );
    let turn = best_of(lines.last().unwrap()).to_string();
    assert!(turn.starts_with("66:"), "{turn}");
    // Only the king answers to 6: both moves start where the king stands.
    let (_, played) = split_turn(&turn);
    assert_eq!(played.len(), 2);
    assert!(played[0].starts_with("5i"), "{turn}");
    assert_eq!(&played[1][..2], &played[0][2..4], "{turn}");

    // `d` shows the roll; a second `go` searches the same roll.
    e.send("d");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l == "info string roll: 66"),
        "{lines:#?}"
    );
    e.send("go depth 1");
    assert!(best_of(&e.bestmove(LONG)).starts_with("66:"));
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn shogammon_searchmoves_restricts_the_root() {
    let mut e = shogammon();
    e.send("position startpos dice 61");
    // Written in the other digit order: any spelling of a turn selects it.
    e.send("go depth 2 searchmoves 16:1g1f,5i4h");
    assert_eq!(best_of(&e.bestmove(LONG)), "61:5i4h,1g1f");
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn shogammon_perft_over_one_roll_and_over_all() {
    let mut e = shogammon();
    e.send("position startpos dice 61");
    e.send("go perft 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 45");
    let turns: Vec<_> = lines.iter().filter(|l| l.contains(": 1")).collect();
    assert_eq!(turns.len(), 45, "{lines:#?}");
    assert!(turns.iter().all(|l| l.starts_with("61:")), "{turns:#?}");

    e.send("position startpos");
    e.send("go perft 2");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1835270");
    assert_eq!(
        lines.len(),
        1355 + 2,
        "one line per root turn, a blank, the total"
    );
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn shogammon_bad_input_answers_one_error_and_keeps_the_position() {
    let mut e = shogammon();
    e.send("position startpos moves 61:5i5h,7g7f dice 34");
    assert_eq!(errors(&e.sync()), 0);
    let before = displayed_sfen(&mut e);
    for bad in [
        // A plain move where a turn token belongs.
        "position startpos moves 7g7f",
        // Moving the opponent's piece.
        "position startpos moves 61:1a1b",
        // Dice out of range.
        "position startpos dice 70",
        // The 1 had a move and was not played (must-move rule).
        "position startpos moves 61:5i5h",
        // A double gives two moves: the second 1 had a move too.
        "position startpos moves 11:7g7f",
        // Five groups for six faces.
        "setoption name DiceMap value P,LN,S,G,BR",
        "setoption name DiceSeed value -1",
        // Shogammon has no setup to choose.
        "go setup",
    ] {
        e.send(bad);
        let lines = e.sync();
        assert_eq!(errors(&lines), 1, "{bad}: {lines:#?}");
    }
    assert_eq!(displayed_sfen(&mut e), before);
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn shogammon_finished_game_answers_resign() {
    let mut e = shogammon();
    // Gote's king is gone: the game is over.
    e.send("position sfen 9/9/9/9/9/9/9/9/4K4 w - 1");
    e.send("go btime 1000 wtime 1000");
    let lines = e.until(SHORT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove resign");
    assert!(!lines.iter().any(|l| l.starts_with("info string dice")));
    e.send("position sfen 9/9/9/9/9/9/9/9/4K4 w - 1 dice 11");
    assert_eq!(errors(&e.sync()), 1);
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn shogammon_dice_map_changes_which_pieces_move() {
    let mut e = shogammon();
    e.send("setoption name DiceMap value K,LN,S,G,BR,P");
    e.send("position startpos dice 11");
    e.send("go depth 1");
    let turn = best_of(&e.bestmove(LONG)).to_string();
    let (_, played) = split_turn(&turn);
    assert!(
        played[0].starts_with("5i"),
        "the king answers to 1 now: {turn}"
    );
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn mortal_and_sigma4_play_through_the_same_session() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name USI_Variant value mortal");
    e.send("position startpos moves 7g7f 3c3d 8h2b+");
    assert_eq!(errors(&e.sync()), 0);
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    let best = e.bestmove(LONG);
    assert!(best.starts_with("bestmove "), "{best}");
    e.send("go perft 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert!(lines.len() > 2, "{lines:#?}");

    e.send("setoption name USI_Variant value sigma4");
    e.send("position startpos");
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    let best = e.bestmove(LONG);
    assert!(best.starts_with("bestmove "), "{best}");
    e.send("go setup");
    let setup = e.bestmove(SHORT);
    let ranks = setup.strip_prefix("bestmove setup ").expect("a setup");
    assert_eq!(ranks.split('/').count(), 3, "{setup}");
    // SetupChoice standard: the start position's camp of the side to move.
    e.send("setoption name SetupChoice value Standard");
    e.send("go setup");
    assert_eq!(
        e.bestmove(SHORT),
        "bestmove setup [DW][ZE][CE][NF][CW][ZE][DW]/[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW]"
    );
    e.send("setoption name SetupChoice value best");
    assert_eq!(errors(&e.sync()), 1, "not one of the choices");
    assert_eq!(e.quit(LONG).code(), Some(0));
}

#[test]
fn shogammon_cube_questions_are_answered_from_the_pre_roll_score() {
    let mut e = shogammon();
    // Even start: no double, and a double would be taken.
    e.send("position startpos cube 1 -");
    e.send("go cube");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info string cube 1:")),
        "{lines:#?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove nodouble");
    e.send("go take");
    assert_eq!(e.bestmove(LONG), "bestmove take");
    // Sente's pieces stand around gote's lone king: double, and gote drops.
    let crushing = "position sfen 4k4/3GSB3/4R4/9/9/9/9/9/4K4 b - 1";
    e.send(&format!("{crushing} cube 1 -"));
    e.send("go cube");
    assert_eq!(e.bestmove(LONG), "bestmove double");
    e.send("go take depth 1");
    assert_eq!(e.bestmove(LONG), "bestmove drop");
    // Gote owns the cube: sente may not double, however good its game.
    e.send(&format!("{crushing} cube 2 w"));
    e.send("go cube");
    assert_eq!(e.bestmove(LONG), "bestmove nodouble");
    // Bad questions answer one error each and no bestmove.
    e.send(&format!("{crushing} dice 11"));
    e.send("go cube");
    e.send(&format!("{crushing} cube 3 b"));
    e.send("position startpos cube 2 -");
    let lines = e.sync();
    assert_eq!(errors(&lines), 3, "{lines:#?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:#?}"
    );
    // Other games have no cube.
    e.send("setoption name USI_Variant value shogi");
    e.send("position startpos cube 1 -");
    e.send("position startpos");
    e.send("go cube");
    let lines = e.sync();
    assert_eq!(errors(&lines), 2, "{lines:#?}");
}
