//! Shogammon: shogi with backgammon dice (rules as
//! implemented: docs/rules/shogammon.md).
//!
//! - [`Position`] carries the board (stacks of up to two pieces: points),
//!   hands, side to move and the roll of the side to move.
//! - Its `Game::Move` is a whole [`Turn`]: the dice in the order taken and
//!   what each die did (a board move, a drop, or nothing). `generate_legal`
//!   lists the turns for the position's roll, one per distinct resulting
//!   position; with no roll it lists nothing (the side must roll first).
//! - `Game::parse_move` reads turn tokens (checking them against the roll
//!   once the position has one) and refuses single moves;
//!   `Game::format_move` writes turn tokens.
//! - [`ChanceGame`] gives the 21 rolls and their weights to the chance
//!   search and perft in [`crate::chance`].
//!
//! Session use (USI):
//! - `setoption name DiceMap value ...`: [`DiceMap::parse`] (an error
//!   message for a bad value); keep the map and call
//!   [`Position::set_dice_map`] on every position right after
//!   `startpos`/`from_sfen`, before any turn is read (legality depends on
//!   it).
//! - `position ... moves T1 T2 [dice D1D2]`: each token through
//!   `Game::parse_move` then `do_move`; then [`Position::set_dice`] for the
//!   dice clause ([`session`] does all this).
//! - `go`: when the position has no roll, roll with a [`crate::chance::DiceRoller`] kept
//!   by the session (`DiceRoller::new(DiceSeed)`, 0 = clock), print
//!   `info string dice D1D2` first, then `set_dice`; run
//!   [`crate::chance::search()`] (a `SearchControl` is a
//!   [`crate::chance::Control`]) and print `bestmove` with
//!   `Game::format_move`, or `bestmove resign` when it returns no move (the
//!   game is over).
//! - `go perft N`: [`crate::chance::perft_divide`], each line
//!   `format_move(m): count`, then the sum.

pub mod bench;
pub mod dice;
pub mod eval;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod referee;
pub mod rules;
pub mod session;
pub mod tune;
pub mod turns;
pub mod types;

#[cfg(test)]
mod tests;

pub use dice::{DiceMap, ROLLS};
pub use position::{Core, Position, STARTPOS_SFEN};
pub use referee::referee;
pub use turns::Turns;
pub use types::{Step, Turn};

use crate::board::position::Kind;
use crate::chance::ChanceGame;
use crate::game::{Color, Evaluate, FamilyRules, Game, GameError, MoveError, Outcome, Rules};

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
    type Chance = [u8; 2];
    const VARIANT: &'static str = "shogammon";
    crate::inherent_game_basics!();

    /// The turns for the position's roll; none before the side has rolled.
    fn generate_legal(&self, moves: &mut Turns) {
        moves.clear();
        if let Some(roll) = self.roll() {
            self.turns(roll, moves);
        }
    }

    /// A Shogammon move is a whole turn: its token carries the dice, which
    /// must be the position's roll once it has one.
    fn parse_move(&self, token: &usi::MoveToken) -> Result<Turn, GameError> {
        match token {
            usi::MoveToken::Turn(turn) => self.parse_turn(turn),
            usi::MoveToken::Move(mv) => Err(MoveError::NotATurn { mv: mv.clone() }.into()),
        }
    }

    fn format_move(&self, m: Turn) -> usi::MoveToken {
        usi::MoveToken::Turn(notation::format_turn(m))
    }

    /// Whether an enemy piece could land on our king right now, dice aside.
    fn in_check(&self) -> bool {
        let us = self.side();
        self.king(us)
            .is_some_and(|k| eval::attackers_to(self.core(), k, us.flip()).any())
    }

    fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        Position::outcome(self, rules)
    }

    /// Shogammon has no repetition rule.
    fn repetition(&self) -> Option<Outcome> {
        None
    }

    fn display(&self) -> String {
        Position::display(self)
    }
}

/// Shogammon has no declaration and a fixed start.
impl FamilyRules for Position {}

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn evaluation_terms(&self) -> Vec<(&'static str, i32)> {
        eval::terms(self)
    }
}

impl ChanceGame for Position {
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

    fn order_score(&self, m: Turn) -> i32 {
        self.captures(m)
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
