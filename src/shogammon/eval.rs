//! Static evaluation. Shogammon is a race to capture a king under dice, so
//! besides material the evaluation counts, over the 36 ordered rolls, how
//! often the side to move could capture the enemy king on this roll, and
//! how often the opponent could capture ours if it rolled now. A king in a
//! point needs two different attackers with matching dice, so those counts
//! already reward a king's "castling" into a point. Quieter terms count
//! each side's pieces, by class, at distance 1, 2 and 3 of either king
//! (attackers of the enemy king, guards of its own), the room for drops
//! next to the enemy king, and the capture the side to move can expect on
//! its coming roll (the search has no quiescence: a leaf with a piece en
//! prise would otherwise read as quiet).
//!
//! Units: [`crate::chance::score`] (equity × 10000; a pawn ahead ≈ 350, a
//! rook ahead ≈ 2200). The weights are fitted to self-play results so that
//! a score reads as an equity (docs/tuning.md).

use super::position::{Core, Position};
use crate::board::attacks::*;
use crate::board::eval::EvalCache;
use crate::board::position::Kind;
use crate::board::{Bitboard, Square};
use crate::chance::score::{clamp_eval, MAX_EVAL, WIN};
use crate::game::Color;
use crate::shogi::types::{Piece, Role};

/// The evaluation's weights: piece values, the point and king-shape terms,
/// how much of the opponent's threat counts, and the squash of quiet
/// centipawns into equity. [`SHIPPED`] is what the engine plays with;
/// `shogammon-selfplay --tune` fits them (docs/tuning.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Board value of each role (index = role).
    pub values: [i32; 14],
    /// Hand value (roles 0..=6): a drop goes anywhere empty.
    pub hand_values: [i32; 7],
    /// A point's lower piece cannot move: it is worth this share (per
    /// mille) of its value.
    pub lower_share: i32,
    /// Bonus for a king on top of a point: it needs two attackers to
    /// capture and can still step away on a 6.
    pub king_on_top: i32,
    /// Per square the king can step to (on a 6), up to four: a king that
    /// can run is harder to pin down.
    pub king_flight: i32,
    /// How much of the opponent's chance to capture our king next turn
    /// counts (we move first and may run, block or capture the attacker),
    /// per mille.
    pub threat_share: i32,
    /// Quiet centipawns `x` map to equity through `WIN * x / (|x| +
    /// squash)`: nearly one to one for small `x`.
    pub squash: i32,
    /// Per piece class ([`CLASSES`]) and king distance 1, 2, 3: a piece
    /// that near the enemy king threatens it within a turn or two.
    pub attack: [[i32; DISTANCES]; CLASSES],
    /// The same near the piece's own king: a guard, or a blocker.
    pub defend: [[i32; DISTANCES]; CLASSES],
    /// Per empty square next to the enemy king, per piece in hand (at most
    /// four): room for drops that threaten the king.
    pub drop_room: i32,
    /// How much (per mille) of the capture the side to move can expect on
    /// its coming roll counts: the leaves are not quiet, and nothing else
    /// sees a piece left hanging. (The opponent's threat, had it rolled
    /// now, fitted to almost nothing: the side to move moves first.)
    pub gain_share: i32,
}

/// Piece classes of the proximity terms: pawn, lance, knight, silver,
/// gold-like (gold and the promoted minors), bishop, rook, horse, dragon.
pub const CLASSES: usize = 9;
/// King distances (Chebyshev) the proximity terms count: 1, 2 and 3.
pub const DISTANCES: usize = 3;

/// The proximity class of each role (index = role, padded to 16 so a
/// masked index needs no bounds check); the king has none ([`NO_CLASS`]).
const CLASS: [u8; 16] = [
    0, 1, 2, 3, 5, 6, 4, NO_CLASS, 4, 4, 4, 4, 7, 8, NO_CLASS, NO_CLASS,
];
const NO_CLASS: u8 = u8::MAX;

/// The shipped weights.
pub const SHIPPED: Params = Params {
    values: [
        442,  // pawn
        993,  // lance
        1284, // knight
        1799, // silver
        2159, // bishop
        2789, // rook
        1786, // gold
        0,    // king
        1056, // tokin
        1230, // promoted lance
        1480, // promoted knight
        2000, // promoted silver
        3320, // horse
        3402, // dragon
    ],
    hand_values: [338, 1599, 1698, 2132, 2566, 3076, 2178],
    lower_share: 1000,
    king_on_top: 399,
    king_flight: 781,
    threat_share: 635,
    squash: 9954,
    attack: [
        [233, 13, -14],
        [62, -30, -215],
        [-58, -26, 0],
        [167, -103, 0],
        [587, 119, -107],
        [49, 52, 1],
        [31, -2, 128],
        [4, 40, -40],
        [0, -41, -40],
    ],
    defend: [
        [87, -40, -156],
        [127, 39, -54],
        [198, 126, 3],
        [167, 65, 31],
        [280, 391, 270],
        [-364, -240, 12],
        [19, 152, 186],
        [169, 170, 47],
        [-9, -24, -20],
    ],
    drop_room: 38,
    gain_share: 1199,
};

#[inline]
pub fn value(role: Role) -> i32 {
    SHIPPED.values[role.index()]
}

/// Material of `c` minus material of the other side, in centipawns.
pub fn material(core: &Core, c: Color) -> i32 {
    Features::of_material(core, c).material(&SHIPPED)
}

/// What the evaluation counts in a position, from the side to move's view
/// (ours less theirs), before any weight is applied: the tuner keeps these
/// per position and re-weighs them cheaply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Pieces free to move (single, or on top of a point), by role.
    pub mobile: [i8; 14],
    /// Lower pieces of points, by role.
    pub lower: [i8; 14],
    /// Pieces in hand, by hand kind.
    pub hand: [i8; 7],
    /// King on top of a point (ours less theirs).
    pub king_on_top: i8,
    /// King flight squares, at most four each (ours less theirs).
    pub king_flights: i8,
    /// Rolls of 36 on which we capture their king, and they ours.
    pub our_rolls: u8,
    pub their_rolls: u8,
    /// Our pieces by class at distance 1, 2, 3 of their king, less theirs
    /// near ours.
    pub attack: [[i8; DISTANCES]; CLASSES],
    /// Our pieces near our king, less theirs near theirs.
    pub defend: [[i8; DISTANCES]; CLASSES],
    /// Empty squares next to their king times our hand (at most four
    /// pieces), less the same for theirs.
    pub drop_room: i8,
    /// The capture we can expect on our coming roll ([`capture_gain`], at
    /// the shipped values).
    pub gain: i32,
}

impl Features {
    /// The material counts of `c` less the other side's.
    fn of_material(core: &Core, c: Color) -> Features {
        let them = c.flip();
        let mut f = Features::default();
        for role in Role::ALL {
            let i = role.index();
            f.mobile[i] = (i32::from(core.mobile_count(c, role))
                - i32::from(core.mobile_count(them, role))) as i8;
            f.lower[i] = (i32::from(core.lower_count(c, role))
                - i32::from(core.lower_count(them, role))) as i8;
        }
        for i in 0..f.hand.len() {
            f.hand[i] = (i32::from(core.hand(c).0[i]) - i32::from(core.hand(them).0[i])) as i8;
        }
        f
    }

    /// Every feature of a core whose kings are both on the board.
    pub fn of(core: &Core) -> Features {
        let us = core.side();
        let them = us.flip();
        let (our_top, our_flights) = king_shape(core, us);
        let (their_top, their_flights) = king_shape(core, them);
        let ours = Placement::of(core, us);
        let theirs = Placement::of(core, them);
        let mut attack = [[0; DISTANCES]; CLASSES];
        let mut defend = [[0; DISTANCES]; CLASSES];
        for c in 0..CLASSES {
            for d in 0..DISTANCES {
                attack[c][d] = ours.near_enemy[c][d] - theirs.near_enemy[c][d];
                defend[c][d] = ours.near_own[c][d] - theirs.near_own[c][d];
            }
        }
        Features {
            king_on_top: our_top - their_top,
            king_flights: our_flights - their_flights,
            our_rolls: king_capture_rolls(core, us) as u8,
            their_rolls: king_capture_rolls(core, them) as u8,
            attack,
            defend,
            drop_room: drop_room(core, us) - drop_room(core, them),
            gain: capture_gain(core, us, &SHIPPED.values),
            ..Features::of_material(core, us)
        }
    }

    /// Material in centipawns.
    pub fn material(&self, p: &Params) -> i32 {
        let mut score = 0;
        let mut lower_total = 0;
        for i in 0..14 {
            score += i32::from(self.mobile[i]) * p.values[i];
            lower_total += i32::from(self.lower[i]) * p.values[i];
        }
        score += lower_total * p.lower_share / 1000;
        for i in 0..7 {
            score += i32::from(self.hand[i]) * p.hand_values[i];
        }
        score
    }

    /// The king-shape terms in centipawns (ours less theirs).
    pub fn king_shape(&self, p: &Params) -> i32 {
        i32::from(self.king_on_top) * p.king_on_top + i32::from(self.king_flights) * p.king_flight
    }

    /// The expected-capture term in centipawns.
    pub fn captures(&self, p: &Params) -> i32 {
        self.gain * p.gain_share / 1000
    }

    /// The proximity and drop-room terms in centipawns.
    pub fn proximity(&self, p: &Params) -> i32 {
        let mut score = i32::from(self.drop_room) * p.drop_room;
        for c in 0..CLASSES {
            for d in 0..DISTANCES {
                score += i32::from(self.attack[c][d]) * p.attack[c][d]
                    + i32::from(self.defend[c][d]) * p.defend[c][d];
            }
        }
        score
    }

    /// The evaluation of these features with weights `p`.
    pub fn score(&self, p: &Params) -> i32 {
        let cp = self.material(p) + self.king_shape(p) + self.proximity(p) + self.captures(p);
        equity(cp, self.our_rolls, self.their_rolls, p)
    }
}

/// The score of quiet centipawns `cp` when the side to move captures the
/// enemy king on `our_rolls` of the 36 rolls and the enemy ours on
/// `their_rolls`.
#[inline]
fn equity(cp: i32, our_rolls: u8, their_rolls: u8, p: &Params) -> i32 {
    let quiet = squash(cp, p.squash);
    // This roll: we capture their king with probability p_us and the
    // game is over; otherwise they may capture ours on their roll
    // (discounted: we move in between), else the quiet value stands.
    let p_us = i64::from(our_rolls);
    let p_them = i64::from(their_rolls) * i64::from(p.threat_share) / 1000;
    let win = WIN as i64;
    let rest = ((36 - p_them) * quiet as i64 - p_them * win) / 36;
    let value = (p_us * win + (36 - p_us) * rest) / 36;
    clamp_eval(value as i32)
}

/// The mobile pieces of `by` that could land on `sq` in one move, by
/// reach alone (dice, and whether `sq` holds a point, are the caller's).
pub fn attackers_to(core: &Core, sq: Square, by: Color) -> Bitboard {
    let occ = core.occupied();
    let me = by.flip();
    let m = |r: Role| core.mobile_of(by, r);
    let golds = m(Role::Gold)
        | m(Role::ProPawn)
        | m(Role::ProLance)
        | m(Role::ProKnight)
        | m(Role::ProSilver);
    let step = (pawn_attacks(me, sq) & m(Role::Pawn))
        | (knight_attacks(me, sq) & m(Role::Knight))
        | (silver_attacks(me, sq) & m(Role::Silver))
        | (gold_attacks(me, sq) & golds)
        | (king_attacks(sq) & (m(Role::King) | m(Role::Horse) | m(Role::Dragon)));
    let rooks = m(Role::Rook) | m(Role::Dragon);
    let bishops = m(Role::Bishop) | m(Role::Horse);
    let mut slide = Bitboard::EMPTY;
    if (rook_pseudo(sq) & rooks).any() {
        slide |= rook_attacks(sq, occ) & rooks;
    }
    if (bishop_pseudo(sq) & bishops).any() {
        slide |= bishop_attacks(sq, occ) & bishops;
    }
    let lances = m(Role::Lance);
    if (lance_pseudo(me, sq) & lances).any() {
        slide |= lance_attacks(me, sq, occ) & lances;
    }
    step | slide
}

/// The squares from which a piece of `role` of side `by` would reach `sq`,
/// with occupancy `occ`.
fn reverse_reach(role: Role, by: Color, sq: Square, occ: Bitboard) -> Bitboard {
    // Step patterns are mirrored: a `by` pawn reaches `sq` from where the
    // other side's pawn pattern from `sq` points.
    Core::reach(Piece::new(by.flip(), role), sq, occ)
}

/// Die faces (bit d-1) a piece of `role` answers to.
#[inline]
fn faces(core: &Core, role: Role) -> u8 {
    core.dice_map().face_mask(role)
}

/// Adds "first a die of `first`, then a die of `then`" to `table`
/// (`table[x]` holds the second dice that complete a capture after `x`).
#[inline]
fn add_order(table: &mut [u8; 6], first: u8, then: u8) {
    for (x, row) in table.iter_mut().enumerate() {
        if first & (1 << x) != 0 {
            *row |= then;
        }
    }
}

#[inline]
fn is_slider(role: Role) -> bool {
    matches!(
        role,
        Role::Lance | Role::Bishop | Role::Rook | Role::Horse | Role::Dragon
    )
}

/// How many of the 36 ordered rolls let `by` capture the other side's
/// king in one turn. The attacker picks the order of the dice.
///
/// A single king falls to: a piece that reaches it with either die; one
/// piece in two moves (it answers to both dice: a double, for the default
/// map); a drop next to it then a move onto it (same condition); a slider
/// whose one blocker, a piece of its own side, steps away first; the lower
/// piece of a point freed by its top stepping away. A king in a point
/// needs two different pieces reaching it, one per die. Positions where the
/// must-move rule forces something else are not told apart: the search
/// sees those.
pub fn king_capture_rolls(core: &Core, by: Color) -> u32 {
    let Some(ksq) = core.king(by.flip()) else {
        return 0;
    };
    let occ = core.occupied();
    let direct = attackers_to(core, ksq, by);
    // then[x]: dice y such that taking x then y captures.
    let mut then = [0u8; 6];
    if core.points().contains(ksq) {
        let mut masks = [0u8; 16];
        let mut n = 0;
        for sq in direct {
            if let (Some(p), true) = (core.mobile_piece(sq), n < masks.len()) {
                masks[n] = faces(core, p.role);
                n += 1;
            }
        }
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    add_order(&mut then, masks[i], masks[j]);
                }
            }
        }
        // Second capturers that only become free once the first has left:
        // the lower piece of its point, or a slider it was blocking.
        for sq in direct {
            let [Some(bottom), top] = core.stack(sq) else {
                continue;
            };
            let Some(first) = top.or(Some(bottom)) else {
                continue;
            };
            if top.is_some() && Core::reach(bottom, sq, occ.without(sq)).contains(ksq) {
                add_order(&mut then, faces(core, first.role), faces(core, bottom.role));
            }
        }
        for (q, behind) in sliders_behind_one(core, ksq, by, occ) {
            if direct.contains(behind) {
                if let (Some(b), Some(p)) = (core.mobile_piece(behind), core.mobile_piece(q)) {
                    add_order(&mut then, faces(core, b.role), faces(core, p.role));
                }
            }
        }
        return count_rolls(0, &then);
    }
    let mut single = 0u8;
    for sq in direct {
        if let Some(p) = core.mobile_piece(sq) {
            single |= faces(core, p.role);
        }
    }
    let ours = core.pieces(by);
    // One piece, two moves. The squares from which each kind would reach
    // the king are computed once per kind, with the board as it stands
    // (the piece's own square only matters for lines through it, and a
    // piece reaching the king along such a line reaches it directly).
    // Kinds, not pieces, are walked: a kind whose dice are already
    // counted (a second gold, say) or with no piece near enough costs a
    // few bit operations.
    for role in Role::ALL {
        let mut from = core.mobile_of(by, role) & !direct;
        if !from.any() {
            continue;
        }
        let m = faces(core, role);
        if (0..6).all(|x| m & (1 << x) == 0 || then[x] & m == m) {
            continue;
        }
        if !is_slider(role) {
            from &= if role == Role::Knight {
                KNIGHT_BOX[ksq.index()]
            } else {
                // Two steps reach at most two files and two ranks away.
                within_two(ksq)
            };
        }
        if !from.any() {
            continue;
        }
        let r = reverse_reach(role, by, ksq, occ);
        let piece = Piece::new(by, role);
        let target = r & !core.points() & !ksq.bit();
        if from
            .into_iter()
            .any(|sq| (Core::reach(piece, sq, occ) & target).any())
        {
            add_order(&mut then, m, m);
        }
    }
    // A drop, then the dropped piece moves onto the king.
    let hand = core.hand(by);
    if !hand.is_empty() {
        let empty = !occ;
        for role in Role::HAND_ORDER {
            if hand.count(role) > 0 && role != Role::Pawn {
                if (reverse_reach(role, by, ksq, occ) & empty).any() {
                    let m = faces(core, role);
                    add_order(&mut then, m, m);
                }
            } else if hand.count(role) > 0 {
                let spot = reverse_reach(role, by, ksq, occ) & empty & !core.pawn_files(by);
                if spot.any() {
                    let m = faces(core, role);
                    add_order(&mut then, m, m);
                }
            }
        }
    }
    // A slider behind exactly one single piece of its own side, which
    // steps away.
    for (q, behind) in sliders_behind_one(core, ksq, by, occ) {
        if !core.points().contains(behind) {
            if let (Some(b), Some(p)) = (core.mobile_piece(behind), core.mobile_piece(q)) {
                add_order(&mut then, faces(core, b.role), faces(core, p.role));
            }
        }
    }
    // The top of a point steps away; the freed lower piece reaches the king.
    for sq in ours & core.points() {
        let [Some(lower), Some(top)] = core.stack(sq) else {
            continue;
        };
        if Core::reach(lower, sq, occ).contains(ksq) {
            add_order(&mut then, faces(core, top.role), faces(core, lower.role));
        }
    }
    count_rolls(single, &then)
}

/// Sliders of `by` whose line to `ksq` is blocked by exactly one piece of
/// `by`: (slider square, blocker square).
fn sliders_behind_one(
    core: &Core,
    ksq: Square,
    by: Color,
    occ: Bitboard,
) -> impl Iterator<Item = (Square, Square)> + '_ {
    let ours = core.pieces(by);
    let candidates = ours & (rook_pseudo(ksq) | bishop_pseudo(ksq));
    candidates.into_iter().filter_map(move |q| {
        let p = core.mobile_piece(q)?;
        if !is_slider(p.role) || !Core::reach(p, q, Bitboard::EMPTY).contains(ksq) {
            return None;
        }
        let blockers = between(q, ksq) & occ;
        (blockers.count() == 1 && (blockers & ours).any()).then(|| (q, blockers.lsb()))
    })
}

/// Ordered rolls (x, y) for which a die captures alone (`single`) or one
/// of the two orders does (`then`). The 6x6 table of rolls is a 36-bit
/// set, bit `6x + y`.
fn count_rolls(single: u8, then: &[u8; 6]) -> u32 {
    const ROW: u64 = 0x3f;
    const COLUMN: u64 = 1 | 1 << 6 | 1 << 12 | 1 << 18 | 1 << 24 | 1 << 30;
    let mut table = 0u64;
    for (d, &row) in then.iter().enumerate() {
        if single & (1 << d) != 0 {
            table |= ROW << (6 * d) | COLUMN << d;
        }
        let row = u64::from(row);
        if row != 0 {
            table |= row << (6 * d);
            // The other order of the same two dice: transpose the row.
            for y in 0..6 {
                if row & (1 << y) != 0 {
                    table |= 1 << (6 * y + d);
                }
            }
        }
    }
    table.count_ones()
}

/// The capture `by` can expect on its coming roll, in centipawns: per roll
/// of 36, the most valuable single enemy piece (the king aside: its rolls
/// are counted apart) one of `by`'s movable pieces reaches with a die it
/// answers to, averaged. A roll's second capture, recaptures and the
/// must-move rule are left to the search.
pub fn capture_gain(core: &Core, by: Color, values: &[i32; 14]) -> i32 {
    let them = by.flip();
    // Single pieces: a king in a point is out already.
    let targets = core.pieces(them) & !core.points() & !core.mobile_of(them, Role::King);
    if !targets.any() {
        return 0;
    }
    let occ = core.occupied();
    // best[x]: the most valuable target a piece answering to die x + 1
    // takes. Pawns and knights are reached as sets at once.
    let mut best = [0i32; 6];
    for role in Role::ALL {
        if core.mobile_count(by, role) == 0 {
            continue;
        }
        let from = core.mobile_of(by, role);
        let hits = match role {
            Role::Pawn => pawn_attacks_all(by, from) & targets,
            Role::Knight => knight_attacks_all(by, from) & targets,
            _ => {
                let piece = Piece::new(by, role);
                let mut hits = Bitboard::EMPTY;
                for sq in from {
                    // A slider's rays are walked only when they could hit.
                    if !is_slider(role) || (slider_pseudo(role, by, sq) & targets).any() {
                        hits |= Core::reach(piece, sq, occ);
                    }
                }
                hits & targets
            }
        };
        let Some(v) = hits
            .into_iter()
            .filter_map(|t| core.mobile_piece(t))
            .map(|q| values[q.role.index()])
            .max()
        else {
            continue;
        };
        let m = faces(core, role);
        for (x, b) in best.iter_mut().enumerate() {
            if m & (1 << x) != 0 {
                *b = (*b).max(v);
            }
        }
    }
    let mut sum = 0;
    for a in best {
        for b in best {
            sum += a.max(b);
        }
    }
    sum / 36
}

/// Where a slider of `role` on `sq` could go on an empty board: a cheap
/// superset of [`Core::reach`].
#[inline]
fn slider_pseudo(role: Role, by: Color, sq: Square) -> Bitboard {
    match role {
        Role::Lance => lance_pseudo(by, sq),
        Role::Bishop => bishop_pseudo(sq),
        Role::Rook => rook_pseudo(sq),
        Role::Horse => bishop_pseudo(sq) | king_attacks(sq),
        _ => rook_pseudo(sq) | king_attacks(sq),
    }
}

/// Quiet king terms for `c`: whether its king is on top of a point, and
/// its flight squares (at most four).
fn king_shape(core: &Core, c: Color) -> (i8, i8) {
    let Some(ksq) = core.king(c) else {
        return (0, 0);
    };
    if !core.mobile_of(c, Role::King).contains(ksq) {
        return (0, 0);
    }
    let on_top = core.points().contains(ksq) as i8;
    // Empty squares, single own pieces to stack on, single enemies.
    let flights = king_attacks(ksq) & !core.points();
    (on_top, flights.count().min(4) as i8)
}

/// Where one side's pieces (both layers, king aside) stand, by class.
struct Placement {
    /// At distance 1, 2, 3 of the enemy king.
    near_enemy: [[i8; DISTANCES]; CLASSES],
    /// At distance 1, 2, 3 of their own king.
    near_own: [[i8; DISTANCES]; CLASSES],
}

impl Placement {
    fn of(core: &Core, c: Color) -> Placement {
        let mut placement = Placement {
            near_enemy: [[0; DISTANCES]; CLASSES],
            near_own: [[0; DISTANCES]; CLASSES],
        };
        each_placed(core, c, |class, enemy, own| {
            if let Some(d) = enemy {
                placement.near_enemy[class][d] += 1;
            }
            if let Some(d) = own {
                placement.near_own[class][d] += 1;
            }
        });
        placement
    }

    /// What [`Placement::of`] counts, weighed by `p` at once (the engine's
    /// path: no tables filled).
    #[inline(always)]
    fn score(core: &Core, c: Color, p: &Params) -> i32 {
        let mut score = 0;
        each_placed(core, c, |class, enemy, own| {
            if let Some(d) = enemy {
                score += p.attack[class][d];
            }
            if let Some(d) = own {
                score += p.defend[class][d];
            }
        });
        score
    }
}

/// Calls `f(class, distance bucket from the enemy king, from the own king)`
/// for each of `c`'s pieces (both layers, the king aside) within
/// [`DISTANCES`] of either king.
#[inline(always)]
fn each_placed(core: &Core, c: Color, mut f: impl FnMut(usize, Option<usize>, Option<usize>)) {
    let (Some(own), Some(enemy)) = (core.king(c), core.king(c.flip())) else {
        return;
    };
    let (own_row, enemy_row) = (&BUCKET[own.index()], &BUCKET[enemy.index()]);
    let near = NEAR[own.index()] | NEAR[enemy.index()];
    for sq in core.pieces(c) & near {
        let bucket = |row: &[u8; 81]| {
            let b = usize::from(row[sq.index()]);
            (b < DISTANCES).then_some(b)
        };
        let (near_enemy, near_own) = (bucket(enemy_row), bucket(own_row));
        let [bottom, top] = core.stack(sq);
        for p in [bottom, top] {
            let Some(p) = p else { break };
            let class = CLASS[p.role.index() & 15];
            if class != NO_CLASS {
                f(usize::from(class), near_enemy, near_own);
            }
        }
    }
}

/// Per pair of squares, the distance bucket (Chebyshev distance less one:
/// 0 for adjacent squares), [`DISTANCES`] or more when not near.
static BUCKET: [[u8; 81]; 81] = {
    let mut table = [[0; 81]; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let d = chebyshev(i, j);
            table[i][j] = if d == 0 {
                DISTANCES as u8
            } else {
                (d - 1) as u8
            };
            j += 1;
        }
        i += 1;
    }
    table
};

/// Per square, the squares within [`DISTANCES`] of it (itself aside).
static NEAR: [Bitboard; 81] = {
    let mut table = box_table(DISTANCES, DISTANCES);
    let mut i = 0;
    while i < 81 {
        table[i] = Bitboard(table[i].0 & !(1u128 << i));
        i += 1;
    }
    table
};

/// Where a knight must stand to reach a square in two jumps: two files,
/// four ranks.
static KNIGHT_BOX: [Bitboard; 81] = box_table(2, 4);

const fn chebyshev(a: usize, b: usize) -> usize {
    let (fa, ra, fb, rb) = (a / 9, a % 9, b / 9, b % 9);
    let (df, dr) = (fa.abs_diff(fb), ra.abs_diff(rb));
    if df > dr {
        df
    } else {
        dr
    }
}

/// Empty squares next to the enemy king times `c`'s pieces in hand (at
/// most four).
fn drop_room(core: &Core, c: Color) -> i8 {
    let Some(ksq) = core.king(c.flip()) else {
        return 0;
    };
    let hand: u32 = core.hand(c).0.iter().map(|&n| u32::from(n)).sum();
    if hand == 0 {
        return 0;
    }
    let room = (king_attacks(ksq) & !core.occupied()).count();
    (room * hand.min(4)) as i8
}

#[inline]
fn squash(cp: i32, squash: i32) -> i32 {
    let x = cp as i64;
    (WIN as i64 * x / (x.abs() + i64::from(squash.max(1)))) as i32
}

/// Static evaluation for the side to move, which is about to roll,
/// through a cache: a chance node's probe and its roll's full search
/// evaluate the same replies, and each iteration the positions of the
/// last. (2 MB: a quarter of a million entries saved 4.5% of the bench's
/// instructions, 32,768 only 2%.) The key has no dice map in it; the
/// evaluation depends on it.
pub fn evaluate(pos: &Position) -> i32 {
    static CACHE: EvalCache<{ 1 << 18 }> = EvalCache::new();
    let core = pos.core();
    let key = core.key() ^ core.dice_map().fingerprint();
    CACHE.get_or(key, || evaluate_core(core))
}

/// The evaluation's parts for the `eval` debugging command, from the side
/// to move's view: material, king shape, the pieces near the kings and
/// drop room (ours less theirs), the capture expected on the coming roll,
/// and the rolls of 36 on which each side captures the other's king.
pub fn terms(pos: &Position) -> Vec<(&'static str, i32)> {
    let core = pos.core();
    let us = core.side();
    let them = us.flip();
    if core.king(us).is_none() || core.king(them).is_none() {
        return Vec::new();
    }
    let f = Features::of(core);
    vec![
        ("material", f.material(&SHIPPED)),
        ("king shape", f.king_shape(&SHIPPED)),
        ("pieces near the kings, drop room", f.proximity(&SHIPPED)),
        (
            "captures expected on the coming rolls",
            f.captures(&SHIPPED),
        ),
        (
            "king-capture rolls (ours)",
            king_capture_rolls(core, us) as i32,
        ),
        (
            "king-capture rolls (theirs)",
            king_capture_rolls(core, them) as i32,
        ),
    ]
}

/// [`evaluate`] on a bare core (turn generation's scratch copies).
pub fn evaluate_core(core: &Core) -> i32 {
    evaluate_core_with(core, &SHIPPED)
}

/// The evaluation of a bare core with weights `p`.
#[inline(always)]
pub fn evaluate_core_with(core: &Core, p: &Params) -> i32 {
    let us = core.side();
    let them = us.flip();
    match (core.king(us), core.king(them)) {
        (None, _) => return -MAX_EVAL,
        (_, None) => return MAX_EVAL,
        _ => {}
    }
    // Features::of(core).score(p), without filling the tables.
    let material = Features::of_material(core, us).material(p);
    let (our_top, our_flights) = king_shape(core, us);
    let (their_top, their_flights) = king_shape(core, them);
    let shape = i32::from(our_top - their_top) * p.king_on_top
        + i32::from(our_flights - their_flights) * p.king_flight;
    let placement = Placement::score(core, us, p) - Placement::score(core, them, p);
    let room = i32::from(drop_room(core, us) - drop_room(core, them)) * p.drop_room;
    let captures = capture_gain(core, us, &p.values) * p.gain_share / 1000;
    equity(
        material + shape + placement + room + captures,
        king_capture_rolls(core, us) as u8,
        king_capture_rolls(core, them) as u8,
        p,
    )
}
