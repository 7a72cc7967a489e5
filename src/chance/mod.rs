//! Games with chance: the [`ChanceGame`] extension of [`crate::game::Game`], perft over
//! chance outcomes, and an expectiminimax search with Star1/Star2 pruning.
//!
//! A chance game alternates chance nodes (the side to move has not rolled:
//! `roll() == None`) and decision nodes (it has: `generate_legal` lists the
//! moves for that roll). `do_move` plays a whole turn and leaves the next
//! side unrolled. Search and perft set the roll with [`ChanceGame::set_roll`]
//! for each outcome in turn and clear it afterwards.
//!
//! A chance game's `Game::Chance` is its roll, so it cannot implement
//! [`crate::game::SearchHooks`]: the deterministic alpha-beta
//! ([`crate::search`]) never sees it. The doubling cube ([`cube`]) and the
//! dice roller ([`roller`]) serve the games with dice too.

pub mod calibration;
pub mod control;
pub mod cube;
pub mod perft;
pub mod preroll;
pub mod roller;
pub mod score;
pub mod search;
#[cfg(test)]
mod tests;
pub mod tt;

pub use control::{Control, Deadline};
pub use cube::{Cube, CubeAction};
pub use perft::{perft, perft_divide};
pub use preroll::{pre_roll, PreRoll};
pub use roller::DiceRoller;
pub use search::{search, ChanceLimits, ChanceResult};
pub use tt::ChanceTable;

use crate::game::{Evaluate, FamilyRules};

/// A game whose side to move rolls before it moves: its
/// [`Game::Chance`](crate::game::Game::Chance) is the outcome of a roll.
pub trait ChanceGame: Evaluate + FamilyRules {
    /// Sum of the weights of [`ChanceGame::chance_outcomes`].
    const CHANCE_TOTAL: u32;

    /// The roll of the side to move, `None` before it has rolled.
    fn roll(&self) -> Option<Self::Chance>;

    /// Sets (or clears) the roll of the side to move. `Game::key` changes
    /// with it, so decision nodes of different rolls never share a table
    /// entry.
    fn set_roll(&mut self, roll: Option<Self::Chance>);

    /// Every distinct outcome with its weight (out of `CHANCE_TOTAL`).
    fn chance_outcomes() -> &'static [(Self::Chance, u32)];

    /// A cheap ordering score for the moves of a roll (higher first); by
    /// default none.
    fn order_score(&self, _m: Self::Move) -> i32 {
        0
    }

    /// Whether `m` is legal for the position's roll. Search calls it on
    /// hints (table moves, killers) before playing them; a game can answer
    /// faster than by listing every move, as this default does.
    fn is_legal_move(&self, m: Self::Move) -> bool {
        let mut moves = Self::Moves::default();
        self.generate_legal(&mut moves);
        moves.contains(&m)
    }

    /// Size of the search's history table; 0 (the default): no history.
    const CHANCE_HISTORY_SIZE: usize = 0;

    /// The history slots (below [`ChanceGame::CHANCE_HISTORY_SIZE`]) of the parts
    /// of `m` for the side to move: a turn that did well in one position
    /// is tried early in its siblings, and so is one sharing a step with
    /// it. `None` for parts with no slot.
    fn history_slots(&self, _m: Self::Move) -> [Option<usize>; 2] {
        [None, None]
    }

    /// The static value of the position for the side to move, which has
    /// not rolled yet, in the search's score units ([`score`]): strictly
    /// between `-score::WIN` and `score::WIN`. Decided games are scored by
    /// the search itself, not here.
    fn chance_evaluate(&self) -> i32 {
        self.evaluate()
    }
}
