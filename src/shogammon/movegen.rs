//! The moves one die allows: board moves of single pieces and point tops
//! answering to the die, and drops of hand pieces of its kinds. Which
//! destinations are allowed depends on where in the turn the die comes
//! (see `Targets`); the must-move rule on top of this is in `turns.rs`.

use super::position::Core;
use super::types::Step;
use crate::board::position::Kind;
use crate::board::{Bitboard, Square};
use crate::game::Color;
use crate::shogi::position::{dead_square, zone};
use crate::shogi::types::Role;

/// Which squares a die's board moves may end on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Targets {
    /// A move that stands on its own: to an empty square, a single enemy
    /// (capture) or a single own piece (forming a point). Drops included.
    Normal,
    /// The first half of an enemy point capture: onto any enemy point.
    EnemyPoints,
    /// The second half: onto this enemy point, where the first capturer
    /// waits.
    Onto(Square),
}

/// Last rank (`n == 1`) or last two ranks (`n == 2`) of `c`.
fn last_ranks(c: Color, n: u8) -> Bitboard {
    let mask: u16 = if n == 1 { 0b1 } else { 0b11 };
    match c {
        Color::Black => Bitboard::ranks(mask),
        Color::White => Bitboard::ranks(mask << (9 - n)),
    }
}

impl Core {
    /// Appends the steps `die` allows the side to move onto `targets`.
    pub(crate) fn die_steps(&self, die: u8, targets: Targets, out: &mut Vec<Step>) {
        let us = self.side();
        let them = us.flip();
        let mask = self.dice_map().mask(die);
        if mask == 0 {
            return;
        }
        let target = match targets {
            Targets::Normal => !self.points(),
            Targets::EnemyPoints => self.points() & self.pieces(them),
            Targets::Onto(sq) => sq.bit(),
        };
        let occ = self.occupied();
        let zone = zone(us);
        for role in Role::ALL {
            if mask & (1 << role.unpromoted().index()) == 0 {
                continue;
            }
            for from in self.mobile_of(us, role) {
                let piece = crate::shogi::types::Piece::new(us, role);
                let dests = Core::reach(piece, from, occ) & target;
                emit(out, role, us, from, dests, zone);
            }
        }
        if targets == Targets::Normal {
            self.drop_steps(mask, out);
        }
    }

    /// Drops of hand kinds in `mask` onto empty squares, with the shogi
    /// restrictions (no dead pieces, nifu counting pawns in points too).
    fn drop_steps(&self, mask: u8, out: &mut Vec<Step>) {
        let us = self.side();
        let hand = self.hand(us);
        if hand.is_empty() {
            return;
        }
        let empty = !self.occupied();
        for role in Role::HAND_ORDER {
            if hand.count(role) == 0 || mask & (1 << role.index()) == 0 {
                continue;
            }
            let dests = match role {
                Role::Pawn => empty & !last_ranks(us, 1) & !self.pawn_files(us),
                Role::Lance => empty & !last_ranks(us, 1),
                Role::Knight => empty & !last_ranks(us, 2),
                _ => empty,
            };
            for to in dests {
                out.push(Step::Drop { role, to });
            }
        }
    }

    /// Whether `die` has any step onto `targets` (stops at the first).
    pub(crate) fn die_has_step(&self, die: u8, targets: Targets) -> bool {
        let mut v = Vec::new();
        self.die_steps(die, targets, &mut v);
        !v.is_empty()
    }
}

/// Pushes the moves of a `role` piece from `from` to each of `dests`, with
/// the promotion choices of shogi: optional when the move starts or ends in
/// the zone, forced where the unpromoted piece could never move again.
#[inline]
fn emit(out: &mut Vec<Step>, role: Role, us: Color, from: Square, dests: Bitboard, zone: Bitboard) {
    if !role.can_promote() {
        for to in dests {
            out.push(Step::Board {
                from,
                to,
                promote: false,
            });
        }
        return;
    }
    let from_zone = zone.contains(from);
    for to in dests {
        if from_zone || zone.contains(to) {
            out.push(Step::Board {
                from,
                to,
                promote: true,
            });
            if dead_square(role, us, to) {
                continue;
            }
        }
        out.push(Step::Board {
            from,
            to,
            promote: false,
        });
    }
}
