//! The match tool's arbiter for Shogammon: moves are whole turn tokens,
//! played for the roll the arbiter gave.

use crate::arena::referee::Referee;
use crate::game::{Color, Game, Outcome, Rules};
use crate::registry::Variant;

use super::{DiceMap, Position, Turns};

/// The arbiter of a game from `start`; `options` are the engines' game
/// options (`DiceMap` changes which pieces answer to which die).
pub fn referee(
    start: &usi::StartPosition,
    options: &[(String, String)],
) -> Result<Box<dyn Referee>, String> {
    let mut pos = match start {
        usi::StartPosition::Startpos => Position::startpos(),
        usi::StartPosition::Sfen(sfen) => {
            Position::from_sfen(sfen).map_err(|e| format!("shogammon sfen '{sfen}': {e}"))?
        }
    };
    for (name, value) in options {
        if name.eq_ignore_ascii_case("DiceMap") {
            pos.set_dice_map(DiceMap::parse(value).map_err(|e| e.0)?);
        }
    }
    Ok(Box::new(ShogammonReferee { pos, plies: 0 }))
}

/// Shogammon: moves are turn tokens, played for the roll the arbiter gave.
struct ShogammonReferee {
    pos: Position,
    plies: usize,
}

impl Referee for ShogammonReferee {
    fn variant(&self) -> Variant {
        Variant::Shogammon
    }

    fn side_to_move(&self) -> Color {
        self.pos.side()
    }

    fn plies(&self) -> usize {
        self.plies
    }

    fn sfen(&self) -> String {
        self.pos.to_sfen().to_string()
    }

    fn play(&mut self, token: &str) -> Result<String, String> {
        let turn = usi::parse_turn(token).map_err(|e| format!("'{token}': {e}"))?;
        if let Some(roll) = self.pos.roll() {
            let mut given = turn.dice;
            let mut want = roll;
            given.sort_unstable();
            want.sort_unstable();
            if given != want {
                return Err(format!(
                    "'{token}': the turn is for dice {}{}, but the roll is {}{}",
                    turn.dice[0], turn.dice[1], roll[0], roll[1]
                ));
            }
        }
        let t = self
            .pos
            .parse_turn(&turn)
            .map_err(|e| format!("'{token}': {e}"))?;
        let text = self.pos.format_turn(t).to_string();
        self.pos.do_move(t);
        self.plies += 1;
        Ok(text)
    }

    fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        self.pos.outcome(rules)
    }

    fn can_declare_win(&self, rules: &Rules) -> bool {
        Game::can_declare_win(&self.pos, rules)
    }

    fn set_roll(&mut self, roll: [u8; 2]) -> Result<(), String> {
        self.pos.set_dice(roll).map_err(|e| e.0)
    }

    fn roll(&self) -> Option<[u8; 2]> {
        self.pos.roll()
    }

    fn legal_move_count(&self) -> usize {
        let mut moves = Turns::default();
        self.pos.generate_legal(&mut moves);
        moves.len()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Turns::default();
        self.pos.generate_legal(&mut moves);
        moves
            .iter()
            .map(|&t| self.pos.format_turn(t).to_string())
            .collect()
    }

    fn undo(&mut self) -> bool {
        if self.plies == 0 {
            return false;
        }
        self.pos.undo_move();
        self.plies -= 1;
        true
    }

    fn display(&self) -> String {
        self.pos.display()
    }
}
