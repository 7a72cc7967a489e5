//! Sigma 4 Shogi (docs/rules/sigma4.md): a 7x7 board of
//! bases whose stones give their moves, captures that refit the capturer
//! from both bases' stones, drops of bases fitted from storage, corner
//! takes, and wins by mate, stalemate, the royal's goal square or the
//! opponent's third repetition.
//!
//! Layout: [`types`] (squares, stones, bases, moves), [`fits`] (the table of
//! allowed compositions), [`attacks`] (movement and attack detection),
//! [`position`] (state, make/unmake, SFEN), [`movegen`] (legal moves),
//! [`rules`] (game end), [`notation`] (USI moves), [`eval`], [`setup`]
//! (opening setups: validation and the engine's choice).

pub mod attacks;
pub mod eval;
pub mod fits;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod rules;
pub mod setup;
pub mod types;

pub use movegen::Moves;
pub use notation::format_move;
pub use position::{Position, STARTPOS_SFEN};
pub use setup::{choose_setup, validate_setup};
pub use types::{Base, Move, Square7, Stone, Stones};

use crate::game::{Game, GameError, Outcome, Rules};

impl Game for Position {
    type Move = Move;
    type Moves = Moves;
    const VARIANT: &'static str = "sigma4";
    crate::inherent_game_basics!();

    fn generate_legal(&self, moves: &mut Moves) {
        Position::generate_legal(self, moves)
    }

    fn parse_move(&self, mv: &usi::UsiMove) -> Result<Move, GameError> {
        self.parse_usi_move(mv)
    }

    fn format_move(&self, m: Move) -> usi::UsiMove {
        format_move(m)
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    /// Captures with their principal refit only (a capture can have dozens
    /// of refits; quiescence needs the best one), and of those only the ones
    /// that do not obviously lose: the victim is undefended or worth at
    /// least the capturer. In this game nearly everything attacks something
    /// from the first move on, so quiescence over every capture explodes.
    fn is_tactical(&self, m: Move) -> bool {
        m.is_principal() && self.is_promising_capture(m)
    }

    /// The promising captures straight from the captures-only generator
    /// (as the default's filter of the full list would give them):
    /// without it, quiescence generated every drop (hundreds) to find a few
    /// captures. A side with a base and a stone in storage and an empty
    /// square can always drop when not in check, so only a bare position
    /// needs the full list to know whether any move exists.
    fn generate_tactical(&self, moves: &mut Moves) -> bool {
        if self.goal_reached() {
            return false; // the game is over: no move
        }
        let mut captures = Moves::new();
        self.generate_captures(&mut captures);
        for &m in &captures {
            if self.is_promising_capture(m) {
                moves.push(m);
            }
        }
        let us = self.side();
        let can_drop = !self.in_check()
            && !self.storage(us).is_empty()
            && self.bases_in_storage(us) > 0
            && self.occupied().count() < 49;
        if !captures.is_empty() || can_drop {
            return true;
        }
        let mut all = Moves::new();
        self.generate_legal(&mut all);
        !all.is_empty()
    }

    fn order_score(&self, m: Move) -> i32 {
        self.order_score(m)
    }

    /// Origin (square, drop or corner take) and destination: 12 bits.
    /// No null move: a side without a legal move loses (zugzwang exists).
    const HISTORY_SIZE: usize = 1 << 12;

    fn history_index(&self, m: Move) -> usize {
        (m.0 as usize) & ((1 << 12) - 1)
    }

    fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        Position::outcome(self, rules)
    }

    fn repetition(&self) -> Option<Outcome> {
        self.repetition_outcome()
    }

    fn can_declare_win(&self, _rules: &Rules) -> bool {
        // Sigma 4 has no declaration: the goal square ends the game by a move.
        false
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn display(&self) -> String {
        Position::display(self)
    }

    fn choose_setup(&self, seed: u64) -> Option<String> {
        Some(choose_setup(self.side_to_move(), seed))
    }
}

impl Position {
    /// A capture whose victim is worth at least the capturing base, or that
    /// no enemy base could answer by capturing back on the square.
    pub fn is_promising_capture(&self, m: Move) -> bool {
        let types::MoveKind::Capture { from, to, .. } = m.kind() else {
            return false;
        };
        let ft = fits::fits();
        let (Some(a), Some(v)) = (self.unit_at(from), self.unit_at(to)) else {
            return false;
        };
        if ft.get(v.fit).value > ft.get(a.fit).value {
            return true;
        }
        let them = self.side().flip();
        let occ = self.occupied() ^ from.bit();
        !self.attacked_by(to, them, occ, !to.bit())
    }

    /// Move ordering: captures by victim value (the principal refit first),
    /// then the royal's steps towards its goal, quiet moves, corner takes,
    /// and drops last (they are many).
    pub fn order_score(&self, m: Move) -> i32 {
        let ft = fits::fits();
        match m.kind() {
            types::MoveKind::Capture { to, kept, .. } => {
                let victim = self.unit_at(to).map_or(0, |v| ft.get(v.fit).value);
                let principal = if m.is_principal() { 2000 } else { 0 };
                victim * 4 + ft.get(kept).value / 8 + principal
            }
            types::MoveKind::Quiet { from, to } => {
                let us = self.side();
                if from == self.royal(us) {
                    let g = position::goal(us);
                    10 * (from.distance(g) as i32 - to.distance(g) as i32)
                } else {
                    0
                }
            }
            types::MoveKind::CornerTake(s) => eval::stone_value(s) / 4,
            types::MoveKind::Drop { fit, .. } => -1000 + ft.get(fit).value / 16,
        }
    }
}

#[cfg(test)]
mod tests;
