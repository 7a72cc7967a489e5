//! Sigma 4 Shogi (docs/rules/sigma4.md): a 7x7 board of
//! bases whose stones give their moves, captures that refit the capturer
//! from both bases' stones, drops of bases fitted from storage, corner
//! takes, and wins by mate, stalemate, the royal's goal square or the
//! opponent's third repetition.
//!
//! Layout: [`types`] (squares, stones, bases, moves), [`fits`] (the table of
//! allowed compositions), [`attacks`] (movement and attack detection),
//! [`position`] (state, make/unmake, SFEN), [`movegen`] (legal moves),
//! [`rules`] (game end), [`see`] (static exchange), [`notation`] (USI
//! moves), [`eval`] (its weights in `eval_weights.rs`, fitted by the tuner), [`setup`]
//! (opening setups: validation and the engine's choice).

pub mod attacks;
pub mod bench;
pub mod eval;
mod eval_weights;
pub mod fits;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod rules;
pub mod see;
pub mod setup;
mod tune;
pub mod types;

pub use movegen::Moves;
pub use notation::format_move;
pub use position::{Position, STARTPOS_SFEN};
pub use setup::{choose_setup, validate_setup};
pub use types::{Base, Move, Square7, Stone, Stones};

use crate::game::{Evaluate, FamilyRules, Game, GameError, NoChance, Outcome, Rules, SearchHooks};
use types::Bitboard7;

/// What Sigma 4 has beyond moves on a board (its entry in the game registry).
pub const CAPABILITIES: crate::registry::Capabilities = crate::registry::Capabilities {
    setup: Some(setup::SETUP_RULES),
    options: &setup::OPTIONS,
    bench: bench::BENCH,
    tuned_evaluation: true,
    ..crate::registry::Capabilities::PLAIN
};

impl Game for Position {
    type Move = Move;
    type Moves = Moves;
    type Chance = NoChance;
    const VARIANT: &'static str = "sigma4";
    crate::inherent_game_basics!();

    fn generate_legal(&self, moves: &mut Moves) {
        Position::generate_legal(self, moves)
    }

    fn parse_move(&self, token: &usi::MoveToken) -> Result<Move, GameError> {
        self.parse_usi_move(crate::game::plain_move::<Self>(token)?)
    }

    fn format_move(&self, m: Move) -> usi::MoveToken {
        usi::MoveToken::Move(format_move(m))
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        Position::outcome(self, rules)
    }

    fn repetition(&self) -> Option<Outcome> {
        self.repetition_outcome()
    }

    fn display(&self) -> String {
        Position::display(self)
    }
}

impl SearchHooks for Position {
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
        let recapture = self.recapture_square();
        for &m in &captures {
            if recapture.is_none_or(|sq| m.to() == sq) && self.is_promising_capture(m) {
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

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        Position::see_ge(self, m, threshold)
    }

    /// Of the quiet moves about to be pruned, only the royal's step onto
    /// its goal (it wins), the checks that leave the enemy royal no move of
    /// its own (mate threats) and the checks from a square no enemy base
    /// reaches are kept. A base dropped with a leaper's stone checks from a
    /// dozen squares in a dozen compositions each, mostly where it is taken
    /// at once: keeping every check kept a third of the moves.
    fn keep_from_pruning(&mut self, m: Move) -> bool {
        self.wins_at_once(m) || self.safe_check(m) || self.threatens_mate(m)
    }

    /// Checks are reduced like other quiet moves (they are many).
    const CHECK_REDUCTION: Option<i32> = Some(0);

    /// A full storage gives thousands of root moves, nearly all drops.
    const ROOT_QUIESCENCE_PROBES: bool = true;

    /// Passing is tried only by a side that could drop instead: a drop
    /// rarely hurts its side, so being obliged to move is no zugzwang
    /// then (with nothing to drop it can be).
    fn do_null_move(&mut self) -> bool {
        let us = self.side();
        let can_drop = !self.in_check()
            && !self.goal_reached()
            && !self.storage(us).is_empty()
            && self.bases_in_storage(us) > 0
            && self.occupied().count() < 49;
        if can_drop {
            Position::do_null_move(self);
        }
        can_drop
    }

    fn undo_null_move(&mut self) {
        Position::undo_null_move(self)
    }

    /// The royal can step onto its goal square now (a win at once).
    fn mate_in_one(&mut self) -> bool {
        self.can_reach_goal()
    }

    /// Board moves and corner takes by origin and destination (12 bits:
    /// all refits of one capture share a slot); drops by composition and
    /// square, above them. Drops are most of the moves and a drop's worth
    /// depends on what it holds: with one slot per square for every
    /// composition, one cutoff raised hundreds of unrelated drops.
    const HISTORY_SIZE: usize = (1 << 12) + (1 << 9) * 64;

    fn history_index(&self, m: Move) -> usize {
        if m.is_drop() {
            (1 << 12) + (m.fit().0 as usize) * 64 + m.to().index()
        } else {
            (m.0 as usize) & ((1 << 12) - 1)
        }
    }
}

/// Sigma 4 has no declaration (the goal square ends the game by a move);
/// it begins with a setup.
impl FamilyRules for Position {
    fn choose_setup(&self, seed: u64, option: &dyn Fn(&str) -> Option<String>) -> Option<String> {
        let choice = option(setup::SETUP_CHOICE).unwrap_or_default();
        Some(setup::setup_by_choice(&choice, self.side_to_move(), seed))
    }
}

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }
}

/// Captures in a row after which quiescence looks only at recaptures on the
/// last capture's square.
const RECAPTURES_AFTER: usize = 3;

impl Position {
    /// The square of the last capture once the last `RECAPTURES_AFTER`
    /// moves were all captures (deep in an exchange): quiescence then
    /// settles that exchange only. In this game both sides nearly always
    /// have some base en prise, so capture sequences elsewhere on the board
    /// otherwise run to quiescence's ply limit.
    fn recapture_square(&self) -> Option<Square7> {
        let ra = RECAPTURES_AFTER;
        let n = self.history.len();
        if n < ra {
            return None;
        }
        let tail = &self.history[n - ra..];
        tail.iter()
            .all(|s| s.captured.is_some())
            .then(|| tail[ra - 1].mv.to())
    }

    /// The royal base moves onto its goal square with `m` (the game is won).
    pub fn wins_at_once(&self, m: Move) -> bool {
        let us = self.side();
        m.is_board() && m.from() == self.royal(us) && m.to() == position::goal(us)
    }

    /// Whether the royal base of the side to move can legally step onto its
    /// goal square now.
    pub fn can_reach_goal(&self) -> bool {
        let us = self.side();
        let g = position::goal(us);
        if !self.reach_of(self.royal(us)).contains(g) {
            return false;
        }
        let mut moves = Moves::new();
        self.generate_royal(&mut moves);
        moves.iter().any(|&m| m.to() == g)
    }

    /// `m` gives check and leaves the enemy royal without a legal move of
    /// its own: only a capture of the checker or an interposition can
    /// answer it.
    pub fn threatens_mate(&mut self, m: Move) -> bool {
        if m.is_drop() && !self.checks(m) {
            return false; // cheaply rejected without playing it
        }
        self.do_move(m);
        let threat = self.in_check() && {
            let mut moves = Moves::new();
            self.generate_royal(&mut moves);
            moves.is_empty()
        };
        self.undo_move();
        threat
    }

    /// Whether `m` gives check; a drop is judged without playing it (it
    /// checks only by the dropped base itself).
    pub fn checks(&mut self, m: Move) -> bool {
        if let types::MoveKind::Drop { fit, to } = m.kind() {
            let them = self.royal(self.side().flip());
            let occ = self.occupied() | to.bit();
            let reach = attacks::destinations(attacks::tables(), fits::fits().get(fit), to, occ);
            return reach.contains(them);
        }
        self.do_move(m);
        let check = self.in_check();
        self.undo_move();
        check
    }

    /// `m` gives check from a square no enemy base could then move to.
    pub fn safe_check(&mut self, m: Move) -> bool {
        if m.is_corner_take() {
            return false;
        }
        let to = m.to();
        let mut occ = self.occupied() | to.bit();
        if m.is_board() {
            occ ^= m.from().bit();
        }
        !self.attacked_by(to, self.side().flip(), occ, Bitboard7::ALL) && self.checks(m)
    }

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
