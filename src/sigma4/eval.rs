//! Static evaluation, centipawn-like, from the side to move's view:
//! material (each base valued from its stones, storage stones as a little
//! less), mobility, royal safety, the race of the royal base to its goal
//! square, and the corner take's threat.

use super::attacks::{destinations, tables};
use super::fits::fits;
use super::position::{goal, own_corners, Position};
use super::types::{Base, Bitboard7, Stone, Stones};
use crate::game::Color;

/// Value of one stone on a base, by kind (J Z C E N D F W). The leapers of
/// rank 3 and 4 reach eight squares; E and D reach a quarter of the board
/// only (both coordinates keep their parity), W and F step anywhere.
const STONE: [i32; 8] = [230, 200, 170, 75, 250, 85, 100, 100];

/// Extra value of every further stone of a repeating kind: it adds reach
/// along the lines (WWWW is a short rook).
const REPEAT_BONUS: [i32; 8] = [0, 0, 0, 30, 0, 30, 45, 45];

/// A plain base on the board: a body that can capture and hold stones.
const BASE_ON_BOARD: i32 = 60;

/// Per reachable square (empty or enemy).
const MOBILITY: i32 = 3;

/// Per square next to the own royal that the enemy attacks.
const ROYAL_DANGER: i32 = 18;

/// By the royal's king-distance to its goal square (0..=6).
const RACE: [i32; 7] = [0, 260, 140, 70, 30, 10, 0];

/// A base on an opponent's corner while its storage has stones.
const CORNER_THREAT: i32 = 25;

const TEMPO: i32 = 12;

/// Static value of a base of this composition (without mobility).
pub fn composition_value(base: Base) -> i32 {
    let mut v = if base.royal { 0 } else { BASE_ON_BOARD };
    for (s, n) in base.stones.iter() {
        v += STONE[s.index()] * n as i32 + REPEAT_BONUS[s.index()] * (n as i32 - 1);
    }
    v
}

/// Value of stones in storage: three quarters of their board value (they
/// need a free base and a move to come into play, but may go anywhere).
pub fn storage_value(stones: Stones) -> i32 {
    let mut v = 0;
    for (s, n) in stones.iter() {
        v += STONE[s.index()] * n as i32;
    }
    v * 3 / 4
}

/// Rough value of one stone kind (move ordering).
pub fn stone_value(s: Stone) -> i32 {
    STONE[s.index()]
}

/// Static evaluation for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let t = tables();
    let ft = fits();
    let occ = pos.occupied();
    let mut score = [0i32; 2];
    let mut attacks = [Bitboard7::EMPTY; 2];
    for c in [Color::Black, Color::White] {
        let own = pos.bases(c);
        for sq in own {
            let Some(u) = pos.unit_at(sq) else {
                continue;
            };
            let fit = ft.get(u.fit);
            let reach = destinations(t, fit, sq, occ);
            attacks[c.index()] |= reach;
            score[c.index()] += fit.value + MOBILITY * (reach & !own).count() as i32;
        }
        let stored = storage_value(pos.storage(c));
        // Stones with no free base to drop them on wait for a capture.
        score[c.index()] += if pos.bases_in_storage(c) > 0 {
            stored
        } else {
            stored * 2 / 3
        };
    }
    for c in [Color::Black, Color::White] {
        let them = c.flip();
        let royal = pos.royal(c);
        let ring =
            t.leaps[Stone::W.index()][royal.index()] | t.leaps[Stone::F.index()][royal.index()];
        let danger = (ring & attacks[them.index()]).count() as i32;
        score[c.index()] -= ROYAL_DANGER * danger;
        let g = goal(c);
        let mut race = RACE[royal.distance(g) as usize];
        if attacks[them.index()].contains(g) {
            // A guarded goal cannot be entered: the race is slower.
            race /= 2;
        }
        score[c.index()] += race;
        if (pos.bases(c) & own_corners(them)).any() && !pos.storage(them).is_empty() {
            score[c.index()] += CORNER_THREAT;
        }
    }
    let us = pos.side();
    score[us.index()] - score[us.flip().index()] + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        // Both sides mirror each other: only the tempo remains.
        assert_eq!(evaluate(&Position::startpos()), TEMPO);
    }

    #[test]
    fn more_stones_are_worth_more() {
        let w = Stones::EMPTY.with(Stone::W, 1);
        let ww = w.with(Stone::W, 1);
        assert!(composition_value(Base::new(ww, false)) > composition_value(Base::new(w, false)));
        assert!(storage_value(ww) < composition_value(Base::new(ww, false)));
    }
}
