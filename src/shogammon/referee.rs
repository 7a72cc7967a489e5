//! The match tool's arbiter for Shogammon: moves are whole turn tokens,
//! played for the roll the arbiter gave.

use crate::arena::referee::{referee_for, start_position, MoveText, Referee};
use crate::registry::Variant;

use super::{DiceMap, Position, Turn};

/// The arbiter of a game from `start`; `options` are the engines' game
/// options (`DiceMap` changes which pieces answer to which die).
pub fn referee(
    start: &usi::StartPosition,
    options: &[(String, String)],
) -> Result<Box<dyn Referee>, String> {
    let mut pos = start_position::<Position>(Variant::Shogammon, start)?;
    for (name, value) in options {
        if name.eq_ignore_ascii_case("DiceMap") {
            pos.set_dice_map(DiceMap::parse(value).map_err(|e| e.to_string())?);
        }
    }
    Ok(referee_for::<Position, TurnText>(Variant::Shogammon, pos))
}

/// Turn tokens (`<dice>:<steps>`), which must be for the roll given.
struct TurnText;

impl MoveText<Position> for TurnText {
    fn read(pos: &Position, token: &str) -> Result<Turn, String> {
        let turn = usi::parse_turn(token).map_err(|e| e.to_string())?;
        if let Some(roll) = pos.roll() {
            let mut given = turn.dice;
            let mut want = roll;
            given.sort_unstable();
            want.sort_unstable();
            if given != want {
                return Err(format!(
                    "the turn is for dice {}{}, but the roll is {}{}",
                    turn.dice[0], turn.dice[1], roll[0], roll[1]
                ));
            }
        }
        pos.parse_turn(&turn).map_err(|e| e.to_string())
    }

    fn write(pos: &Position, t: Turn) -> String {
        pos.format_turn(t).to_string()
    }

    fn set_roll(pos: &mut Position, roll: [u8; 2]) -> Option<Result<(), String>> {
        Some(pos.set_dice(roll).map_err(|e| e.to_string()))
    }

    fn roll(pos: &Position) -> Option<[u8; 2]> {
        pos.roll()
    }
}
