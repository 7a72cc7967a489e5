//! The match tool's arbiter for Shogammon: the arbiter gives the rolls,
//! and turns are read for them (`Game::parse_move`).

use crate::arena::referee::{referee_for, start_position, Dice, Referee};
use crate::registry::Variant;

use super::{DiceMap, Position};

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
    Ok(referee_for::<Position, TwoDice>(Variant::Shogammon, pos))
}

/// The arbiter's rolls, checked as the `dice` clause checks them.
struct TwoDice;

impl Dice<Position> for TwoDice {
    fn set_roll(pos: &mut Position, roll: [u8; 2]) -> Option<Result<(), String>> {
        Some(pos.set_dice(roll).map_err(|e| e.to_string()))
    }

    fn roll(pos: &Position) -> Option<[u8; 2]> {
        pos.roll()
    }
}
