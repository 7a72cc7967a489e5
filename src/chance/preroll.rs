//! The value of a chance node at the root: the side to move has not rolled
//! yet. This is what a doubling decision needs (backgammon's pre-roll
//! equity): the weighted average over every roll of the best turn's value,
//! each roll searched by [`search`] to a small fixed depth.

use super::control::Control;
use super::score::{clamp_eval, lost_in, won_in};
use super::search::{search, ChanceLimits};
use super::tt::ChanceTable;
use super::ChanceGame;
use crate::game::{Outcome, Rules};

/// The pre-roll value and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreRoll {
    /// For the side to move, in [`super::score`] units.
    pub score: i32,
    pub nodes: u64,
}

/// Averages, over the rolls, the score of the best turn for each roll
/// searched to `depth` turns (`nodes` per roll, if given). The position's
/// own roll is ignored and restored afterwards.
pub fn pre_roll<G: ChanceGame>(
    pos: &mut G,
    tt: &mut ChanceTable<G::Move>,
    control: &dyn Control,
    depth: u32,
    nodes: Option<u64>,
) -> PreRoll {
    if let Some(outcome) = pos.outcome(&Rules::default()) {
        let score = match outcome {
            Outcome::Win(_) => won_in(0),
            Outcome::Loss(_) => lost_in(0),
            Outcome::Draw(_) => 0,
        };
        return PreRoll { score, nodes: 0 };
    }
    let saved = pos.roll();
    // A depth is always given: with none, a roll with a single legal turn
    // would not be searched and would report no score.
    let limits = ChanceLimits {
        depth: Some(depth.max(1)),
        nodes,
        ..ChanceLimits::default()
    };
    let mut sum = 0i64;
    let mut total_nodes = 0;
    for &(roll, weight) in G::chance_outcomes() {
        pos.set_roll(Some(roll));
        let result = search(pos, tt, control, &limits, &mut |_| {});
        sum += i64::from(weight) * i64::from(result.score);
        total_nodes += result.nodes;
    }
    pos.set_roll(saved);
    let total = i64::from(G::CHANCE_TOTAL.max(1));
    let average = (sum as f64 / total as f64).round() as i32;
    PreRoll {
        score: clamp_eval(average).max(lost_in(0)).min(won_in(0)),
        nodes: total_nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::Deadline;
    use crate::shogammon::Position;

    fn position(sfen: &str) -> Position {
        Position::from_sfen(&usi::parse_sfen(sfen).unwrap()).unwrap()
    }

    #[test]
    fn the_start_is_about_even_and_the_roll_is_kept() {
        let mut p = Position::startpos();
        let mut tt = ChanceTable::new(1);
        let v = pre_roll(&mut p, &mut tt, &Deadline::unlimited(), 1, None);
        assert!(v.score.abs() < 2500, "{v:?}");
        assert!(v.nodes > 0);
        assert_eq!(p.roll(), None);
    }

    #[test]
    fn a_king_in_reach_of_every_roll_is_a_big_edge() {
        // Sente's rook, bishop, gold and silver all stand next to gote's
        // lone king: most rolls capture it.
        let mut p = position("4k4/3GSB3/4R4/9/9/9/9/9/4K4 b - 1");
        let mut tt = ChanceTable::new(1);
        let v = pre_roll(&mut p, &mut tt, &Deadline::unlimited(), 1, None);
        assert!(v.score > 5000, "{v:?}");
    }
}
