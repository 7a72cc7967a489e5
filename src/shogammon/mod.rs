//! Shogammon: shogi with backgammon dice (rules as
//! implemented: docs/rules/shogammon.md).
//!
//! - [`Position`] carries the board (stacks of up to two pieces: points),
//!   hands, side to move and the roll of the side to move.
//! - Its `Game::Move` is a whole [`Turn`]: the dice in the order taken and
//!   what each die did (a board move, a drop, or nothing). `generate_legal`
//!   lists the turns for the position's roll, one per distinct resulting
//!   position; with no roll it lists nothing (the side must roll first).
//! - Turns are read with [`Position::parse_turn`] and written with
//!   [`Position::format_turn`]; `Game::parse_move` refuses single moves.
//! - [`ChanceGame`] gives the 21 rolls and their weights to the chance
//!   search and perft in [`crate::chance`].
//!
//! Session use (USI):
//! - `setoption name DiceMap value ...`: [`DiceMap::parse`] (an error
//!   message for a bad value); keep the map and call
//!   [`Position::set_dice_map`] on every position right after
//!   `startpos`/`from_sfen`, before any turn is read (legality depends on
//!   it).
//! - `position ... moves T1 T2 [dice D1D2]`: for each
//!   `usi::MoveToken::Turn(t)`, `pos.parse_turn(&t)?` then `pos.do_move`
//!   (a plain move token is an error); then [`Position::set_dice`] for the
//!   dice clause.
//! - `go`: when the position has no roll, roll with a [`DiceRoller`] kept
//!   by the session (`DiceRoller::new(DiceSeed)`, 0 = clock), print
//!   `info string dice D1D2` first, then `set_dice`; run
//!   [`crate::chance::search()`] (a `SearchControl` is a
//!   [`crate::chance::Control`]) and print `bestmove` with
//!   [`Position::format_turn`], or `bestmove resign` when it returns no
//!   move (the game is over).
//! - `go perft N`: [`crate::chance::perft_divide`], each line
//!   `format_turn(m): count`, then the sum.

pub mod bench;
pub mod cube;
pub mod dice;
pub mod eval;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod referee;
pub mod rules;
pub mod turns;
pub mod types;

#[cfg(test)]
mod tests;

pub use cube::{Cube, CubeAction};
pub use dice::{DiceMap, DiceRoller, ROLLS};
pub use position::{Core, Position, STARTPOS_SFEN};
pub use referee::referee;
pub use turns::Turns;
pub use types::{Step, Turn};

use crate::board::position::Kind;
use crate::chance::ChanceGame;
use crate::game::{Color, Game, GameError, MoveError, Outcome, Rules};

/// What Shogammon has beyond moves on a board (its entry in the game registry).
pub const CAPABILITIES: crate::registry::Capabilities = crate::registry::Capabilities {
    dice: true,
    cube: true,
    bench: bench::BENCH,
    options: &dice::OPTIONS,
    ..crate::registry::Capabilities::PLAIN
};

impl Game for Position {
    type Move = Turn;
    type Moves = Turns;
    const VARIANT: &'static str = "shogammon";
    crate::inherent_game_basics!();

    /// The turns for the position's roll; none before the side has rolled.
    fn generate_legal(&self, moves: &mut Turns) {
        moves.clear();
        if let Some(roll) = self.roll() {
            self.turns(roll, moves);
        }
    }

    /// A Shogammon move is a whole turn, which a `UsiMove` cannot hold:
    /// use [`Position::parse_turn`].
    fn parse_move(&self, mv: &usi::UsiMove) -> Result<Turn, GameError> {
        Err(MoveError::NotATurn { mv: mv.clone() }.into())
    }

    /// The turn's first played move (`pass` if none). Only for generic
    /// code; USI output uses [`Position::format_turn`].
    fn format_move(&self, m: Turn) -> usi::UsiMove {
        m.played()
            .find_map(notation::format_step)
            .unwrap_or(usi::UsiMove::Pass)
    }

    /// Whether an enemy piece could land on our king right now, dice aside.
    fn in_check(&self) -> bool {
        let us = self.side();
        self.king(us)
            .is_some_and(|k| eval::attackers_to(self.core(), k, us.flip()).any())
    }

    fn is_tactical(&self, m: Turn) -> bool {
        self.captures(m) > 0
    }

    fn order_score(&self, m: Turn) -> i32 {
        self.captures(m)
    }

    fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        Position::outcome(self, rules)
    }

    /// Shogammon has no repetition rule.
    fn repetition(&self) -> Option<Outcome> {
        None
    }

    fn can_declare_win(&self, _rules: &Rules) -> bool {
        false
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn evaluation_terms(&self) -> Vec<(&'static str, i32)> {
        eval::terms(self)
    }

    fn display(&self) -> String {
        Position::display(self)
    }
}

impl ChanceGame for Position {
    type Roll = [u8; 2];
    const CHANCE_TOTAL: u32 = dice::ROLL_WEIGHT_TOTAL;

    fn roll(&self) -> Option<[u8; 2]> {
        Position::roll(self)
    }

    fn set_roll(&mut self, roll: Option<[u8; 2]>) {
        Position::set_roll(self, roll)
    }

    fn chance_outcomes() -> &'static [([u8; 2], u32)] {
        &ROLLS
    }

    fn is_legal_move(&self, m: Turn) -> bool {
        self.is_legal_turn(m)
    }

    fn move_text(&self, m: Turn) -> String {
        notation::format_turn(m).to_string()
    }

    /// Per side: a board step by (from, to), a drop by (role, to).
    const CHANCE_HISTORY_SIZE: usize = 2 * HISTORY_PER_SIDE;

    fn history_slots(&self, m: Turn) -> [Option<usize>; 2] {
        let base = match self.side() {
            Color::Black => 0,
            Color::White => HISTORY_PER_SIDE,
        };
        m.steps.map(|step| match step {
            Step::Lost => None,
            Step::Board { from, to, .. } => Some(base + from.index() * 81 + to.index()),
            Step::Drop { role, to } => Some(base + 81 * 81 + role.index() * 81 + to.index()),
        })
    }
}

/// History slots of one side: 81 × 81 board steps, 7 × 81 drops.
const HISTORY_PER_SIDE: usize = 81 * 81 + 7 * 81;

impl Position {
    /// The turn token for `turn` (docs/rules/shogammon.md): dice in the order taken, a
    /// lost die in its place, `pass` when both were lost.
    pub fn format_turn(&self, turn: Turn) -> usi::Turn {
        notation::format_turn(turn)
    }

    /// Value of what the turn captures, judged on the current board (for
    /// move ordering). The two halves of an enemy point capture land on one
    /// square and count it once.
    pub fn captures(&self, m: Turn) -> i32 {
        let them = self.side().flip();
        let mut total = 0;
        let mut counted = None;
        for step in m.played() {
            let Step::Board { to, .. } = step else {
                continue;
            };
            if counted == Some(to) || !self.pieces(them).contains(to) {
                continue;
            }
            counted = Some(to);
            for p in self.stack(to).into_iter().flatten() {
                if p.color == them {
                    total += if p.role == crate::shogi::types::Role::King {
                        crate::chance::score::WIN
                    } else {
                        eval::value(p.role)
                    };
                }
            }
        }
        total
    }
}
