//! The linear evaluation shared by standard shogi and Mortal Shogi
//! (docs/tuning.md): the feature code, written once over [`EvalPosition`],
//! with each game supplying its pieces, its [`Layout`] of weights and its
//! tuned weights (`src/shogi/eval.rs`, `src/mortal/eval.rs`).
//!
//! Every feature is counted for each side from its own point of view (a
//! gote square is mirrored by the 180-degree rotation), and the evaluation
//! is the weighted sum of the side to move's features minus the
//! opponent's, so a position and its colour-flipped mirror score the same.
//! The features:
//!
//! - material on the board, by kind;
//! - pieces in hand: per kind the count plus steps for the first, second
//!   and third piece (so value can diminish with the count);
//! - piece-square tables per kind, from the owner's view;
//! - king neighbourhoods: each piece's place in a 5x5 window (files folded)
//!   around its own king (defence) and around the enemy king (attack), by
//!   a class of kinds the game chooses;
//! - mobility of the sliders (lance, bishop, rook, horse, dragon);
//! - king safety: the enemy's attacks on the 3x3 king zone (once, twice,
//!   squares only the king defends), on the 5x5 ring, the king's escape
//!   squares, checking drops the enemy's hand can make (safe ones, and ones
//!   its pieces support), and how many enemy pieces bear on the zone;
//! - threats to pieces: pawns and minors attacking more valuable pieces,
//!   loose pieces attacked, two threats at once (the side to move's and
//!   the opponent's weighted apart).
//!
//! [`features`] is generic over a [`FeatureSink`]: the evaluation sums the
//! weights directly, the tuner (`src/tune`) records the feature vector, so
//! both always see the same features.

use super::attacks::{
    bishop_attacks, gold_attacks, king_attacks, knight_attacks, lance_attacks, lance_pseudo,
    pawn_attacks, rook_attacks, silver_attacks,
};
use super::position::{Board, Kind};
use super::{Bitboard, Square};
use crate::game::Color;
use std::sync::atomic::{AtomicU64, Ordering};

/// What the feature code needs from a game and a position of it.
pub trait EvalPosition {
    /// The game's kinds, which carry its tables ([`EvalKind`]).
    type Role: EvalKind;
    const LAYOUT: Layout;
    /// The shipped weights ([`Layout::len`] of them).
    const WEIGHTS: &'static [i32];

    fn key(&self) -> u64;
    fn side(&self) -> Color;
    fn occupied(&self) -> Bitboard;
    fn pieces(&self, c: Color) -> Bitboard;
    fn pieces_of(&self, c: Color, role: Self::Role) -> Bitboard;
    fn king(&self, c: Color) -> Option<Square>;
    fn hand_count(&self, c: Color, kind: usize) -> u8;
}

/// A game's kinds as the model sees them; with them, every position of
/// the shogi family's [`Board`] is an [`EvalPosition`].
pub trait EvalKind: Kind {
    /// Non-king roles, the pawn first.
    const BOARD_ROLES: &'static [Self];
    const LAYOUT: Layout;
    const WEIGHTS: &'static [i32];
    /// Material plus piece-square weight per role and square (role * 81 +
    /// square), from [`piece_square_table`] of the shipped weights.
    const PIECE_SQUARE: &'static [i32];
    /// The material-only values (the evaluation before the model, kept for
    /// move ordering and as the tuner's baseline): on the board by role
    /// index, in hand by hand kind.
    const VALUES: &'static [i32];
    const HAND_VALUES: &'static [i32];
    /// The game's cache of shipped-weight evaluations.
    const CACHE: &'static EvalCache;
    /// The class of each non-king role in the king-neighbourhood tables,
    /// by role index.
    const KING_CLASS: &'static [usize];
    /// The mobility slot of each role (lance, bishop, rook, horse, dragon:
    /// 0..5; `None` for the others), by role index.
    const MOBILITY_SLOT: &'static [Option<usize>];
    /// How each role attacks, by role index (the same squares as
    /// [`Kind::attacks`]; a test checks it).
    const MOVERS: &'static [Mover];
}

/// How a kind attacks. The evaluation looks it up once per kind and then
/// runs one loop per way of moving, instead of matching on the kind for
/// every piece and every attack on a king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Pawn,
    Lance,
    Knight,
    Silver,
    /// The gold and every kind that moves like one.
    Gold,
    Bishop,
    Rook,
    Horse,
    Dragon,
    King,
}

impl Mover {
    /// Squares a piece of `c` moving so attacks from `sq`.
    #[inline(always)]
    pub fn attacks(self, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        match self {
            Mover::Pawn => pawn_attacks(c, sq),
            Mover::Lance => lance_attacks(c, sq, occ),
            Mover::Knight => knight_attacks(c, sq),
            Mover::Silver => silver_attacks(c, sq),
            Mover::Gold => gold_attacks(c, sq),
            Mover::Bishop => bishop_attacks(sq, occ),
            Mover::Rook => rook_attacks(sq, occ),
            Mover::Horse => bishop_attacks(sq, occ) | king_attacks(sq),
            Mover::Dragon => rook_attacks(sq, occ) | king_attacks(sq),
            Mover::King => king_attacks(sq),
        }
    }
}

/// A king's lines, slid once per evaluation: every question "from where
/// would this kind check the king" (board pieces moving, pieces dropped)
/// is answered from them.
#[derive(Clone, Copy)]
struct KingLines {
    square: Square,
    rook: Bitboard,
    bishop: Bitboard,
}

impl KingLines {
    #[inline(always)]
    fn new(square: Square, occ: Bitboard) -> KingLines {
        KingLines {
            square,
            rook: rook_attacks(square, occ),
            bishop: bishop_attacks(square, occ),
        }
    }

    /// Squares from which a `mover` of `c` attacks the king: where the
    /// same kind of the king's side would attack from the king's square.
    #[inline(always)]
    fn checks(&self, mover: Mover, c: Color) -> Bitboard {
        let (d, k) = (c.flip(), self.square);
        match mover {
            Mover::Pawn => pawn_attacks(d, k),
            // The rook's slide along the lance's one direction.
            Mover::Lance => self.rook & lance_pseudo(d, k),
            Mover::Knight => knight_attacks(d, k),
            Mover::Silver => silver_attacks(d, k),
            Mover::Gold => gold_attacks(d, k),
            Mover::Bishop => self.bishop,
            Mover::Rook => self.rook,
            Mover::Horse => self.bishop | king_attacks(k),
            Mover::Dragon => self.rook | king_attacks(k),
            Mover::King => king_attacks(k),
        }
    }
}

/// The [`EvalKind`] tables of a game whose eval module names them alike:
/// `LAYOUT`, `NUM_FEATURES`, `WEIGHTS` (shipped), `VALUES` and
/// `HAND_VALUES` (material-only); the piece-square table and the cache
/// follow from them.
#[macro_export]
macro_rules! eval_kind_tables {
    () => {
        const LAYOUT: $crate::board::eval::Layout = LAYOUT;
        const WEIGHTS: &'static [i32] = &WEIGHTS;
        const PIECE_SQUARE: &'static [i32] = &$crate::board::eval::piece_square_table::<
            NUM_FEATURES,
            { Self::NUM * 81 },
        >(&LAYOUT, &WEIGHTS);
        const VALUES: &'static [i32] = &VALUES;
        const HAND_VALUES: &'static [i32] = &HAND_VALUES;
        const CACHE: &'static $crate::board::eval::EvalCache = {
            static CACHE: $crate::board::eval::EvalCache = $crate::board::eval::EvalCache::new();
            &CACHE
        };
    };
}

impl<R: EvalKind, M, X, const ROLES: usize, const KINDS: usize> EvalPosition
    for Board<R, M, X, ROLES, KINDS>
{
    type Role = R;
    const LAYOUT: Layout = R::LAYOUT;
    const WEIGHTS: &'static [i32] = R::WEIGHTS;

    #[inline(always)]
    fn key(&self) -> u64 {
        Board::key(self)
    }

    #[inline(always)]
    fn side(&self) -> Color {
        Board::side(self)
    }

    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        Board::occupied(self)
    }

    #[inline(always)]
    fn pieces(&self, c: Color) -> Bitboard {
        Board::pieces(self, c)
    }

    #[inline(always)]
    fn pieces_of(&self, c: Color, role: R) -> Bitboard {
        Board::pieces_of(self, c, role)
    }

    #[inline(always)]
    fn king(&self, c: Color) -> Option<Square> {
        Board::king(self, c)
    }

    #[inline(always)]
    fn hand_count(&self, c: Color, kind: usize) -> u8 {
        self.hand(c).0[kind]
    }
}

/// Where each feature group starts in a game's weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Board material, by role index (the king's slot stays unused).
    pub material: usize,
    /// Per hand kind [`HAND_STEPS`] features: the count, and 1 for holding
    /// at least one, two, three.
    pub hand: usize,
    /// Piece-square tables: role * 81 + square from the owner's view.
    pub pst: usize,
    /// A piece near its own king: class * [`WINDOW_CELLS`] + window cell.
    pub king_own: usize,
    /// A piece near the enemy king: class * [`WINDOW_CELLS`] + window cell.
    pub king_enemy: usize,
    /// Squares each slider reaches (not counting own-occupied squares).
    pub mobility: usize,
    /// Enemy king-zone squares (the 8 around the king) the side attacks.
    pub zone_attacked: usize,
    /// ... attacks at least twice (king excluded).
    pub zone_attacked_twice: usize,
    /// ... attacks while only the enemy king defends them.
    pub zone_weak: usize,
    /// Squares of the 5x5 ring around the enemy king the side attacks.
    pub ring_attacked: usize,
    /// The enemy king has 0, 1, 2 escape squares (one-hot).
    pub escapes: usize,
    /// Per hand kind held: squares the piece could be dropped on to give
    /// check that no enemy piece but the king defends.
    pub safe_check_drops: usize,
    /// Per hand kind held: checking drop squares next to the enemy king
    /// that the side's pieces support.
    pub supported_check_drops: usize,
    /// Zone squares attacked times the side's non-pawn hand pieces (at
    /// most 4).
    pub zone_times_hand: usize,
    /// Weak zone squares times the side's non-pawn hand pieces (at most 4).
    pub weak_times_hand: usize,
    /// Squares a board piece of the side can move to (without promoting)
    /// to give check: all of them, then the safe ones (no enemy piece but
    /// the king defends them, and next to the king a second attacker of
    /// the side supports them).
    pub board_checks: usize,
    /// 1, 2, 3, 4 or more of the side's pieces attack the enemy king zone
    /// (one-hot).
    pub zone_attackers: usize,
    /// The scale of the quadratic king-danger term ([`king_danger`]): not
    /// a feature, one weight.
    pub king_danger: usize,
    /// Threats to pieces ([`THREATS`] features), first those of the side
    /// to move, then the same features of the opponent: the side to move
    /// can act on its threats, the opponent's must be answered, so each
    /// has its own weights.
    pub threats: usize,
    /// Number of weights.
    pub len: usize,
}

/// Hand features per kind.
pub const HAND_STEPS: usize = 4;
/// Cells of a king window: 5 ranks times 3 folded file distances.
pub const WINDOW_CELLS: usize = 15;
/// Slider kinds with a mobility feature.
pub const MOBILITY_SLOTS: usize = 5;
/// Threat features per side ([`threat_features`]).
pub const THREATS: usize = 6;
/// A role whose material-only value is this or more is a major piece
/// (bishop, rook and their promotions) in the threat features.
const MAJOR_VALUE: i32 = 700;

impl Layout {
    /// The layout for a game with `roles` roles (king included), `hand_kinds`
    /// hand kinds and `king_classes` king-neighbourhood classes.
    pub const fn new(roles: usize, hand_kinds: usize, king_classes: usize) -> Layout {
        let material = 0;
        let hand = material + roles;
        let pst = hand + hand_kinds * HAND_STEPS;
        let king_own = pst + roles * 81;
        let king_enemy = king_own + king_classes * WINDOW_CELLS;
        let mobility = king_enemy + king_classes * WINDOW_CELLS;
        let safety = mobility + MOBILITY_SLOTS;
        let safe_check_drops = safety + 7;
        let supported_check_drops = safe_check_drops + hand_kinds;
        let zone_times_hand = supported_check_drops + hand_kinds;
        let board_checks = zone_times_hand + 2;
        let zone_attackers = board_checks + 2;
        Layout {
            material,
            hand,
            pst,
            king_own,
            king_enemy,
            mobility,
            zone_attacked: safety,
            zone_attacked_twice: safety + 1,
            zone_weak: safety + 2,
            ring_attacked: safety + 3,
            escapes: safety + 4,
            safe_check_drops,
            supported_check_drops,
            zone_times_hand,
            weak_times_hand: zone_times_hand + 1,
            board_checks,
            zone_attackers,
            king_danger: zone_attackers + 4,
            threats: zone_attackers + 5,
            len: zone_attackers + 5 + 2 * THREATS,
        }
    }

    /// Where each feature group starts, with its name (the tuner prints and
    /// regularises by group).
    pub const fn groups(&self) -> [(&'static str, usize); 19] {
        [
            ("material", self.material),
            ("hand", self.hand),
            ("pst", self.pst),
            ("king_own", self.king_own),
            ("king_enemy", self.king_enemy),
            ("mobility", self.mobility),
            ("zone_attacked", self.zone_attacked),
            ("zone_attacked_twice", self.zone_attacked_twice),
            ("zone_weak", self.zone_weak),
            ("ring_attacked", self.ring_attacked),
            ("escapes", self.escapes),
            ("safe_check_drops", self.safe_check_drops),
            ("supported_check_drops", self.supported_check_drops),
            ("zone_times_hand", self.zone_times_hand),
            ("weak_times_hand", self.weak_times_hand),
            ("board_checks", self.board_checks),
            ("zone_attackers", self.zone_attackers),
            ("king_danger", self.king_danger),
            ("threats", self.threats),
        ]
    }
}

/// The material-only evaluation as weights of `layout`: the board value of
/// each role and the count weight of each hand kind, everything else zero
/// (the tuner starts from it).
pub fn material_weights<P: EvalPosition>() -> Vec<i32> {
    let layout = P::LAYOUT;
    let mut w = vec![0; layout.len];
    w[layout.material..layout.material + P::Role::VALUES.len()].copy_from_slice(P::Role::VALUES);
    for (k, &v) in P::Role::HAND_VALUES.iter().enumerate() {
        w[layout.hand + k * HAND_STEPS] = v;
    }
    w
}

/// Material-only board value of a role (move ordering).
#[inline]
pub fn value<R: EvalKind>(role: R) -> i32 {
    R::VALUES[role.index()]
}

/// Material-only hand value of a hand kind (0 for kinds no hand holds).
#[inline]
pub fn hand_value<R: EvalKind>(role: R) -> i32 {
    R::HAND_VALUES.get(role.index()).copied().unwrap_or(0)
}

/// Material balance from `c`'s point of view (the old, material-only
/// evaluation).
pub fn material<P: EvalPosition>(pos: &P, c: Color) -> i32 {
    let mut score = 0;
    for &role in P::Role::BOARD_ROLES {
        let diff =
            pos.pieces_of(c, role).count() as i32 - pos.pieces_of(c.flip(), role).count() as i32;
        score += diff * P::Role::VALUES[role.index()];
    }
    for (kind, &v) in P::Role::HAND_VALUES.iter().enumerate() {
        let diff = pos.hand_count(c, kind) as i32 - pos.hand_count(c.flip(), kind) as i32;
        score += diff * v;
    }
    score
}

/// The material-only evaluation for the side to move (what the engine
/// used before the tuned evaluation; the tuner plays against it).
pub fn material_eval<P: EvalPosition>(pos: &P) -> i32 {
    material(pos, pos.side())
}

/// Material folded into the piece-square tables: `roles * 81` entries.
pub const fn piece_square_table<const N: usize, const R: usize>(
    layout: &Layout,
    w: &[i32; N],
) -> [i32; R] {
    let mut t = [0; R];
    let mut i = 0;
    while i < R {
        t[i] = w[layout.material + i / 81] + w[layout.pst + i];
        i += 1;
    }
    t
}

/// Receives feature counts: `index` into the weights, `count` signed (+
/// for the side to move, - for the opponent).
pub trait FeatureSink {
    fn add(&mut self, index: usize, count: i32);

    /// A king-safety feature (the quadratic danger term sums these by side).
    #[inline(always)]
    fn add_safety(&mut self, index: usize, count: i32) {
        self.add(index, count);
    }

    /// One piece: its material feature and its piece-square feature.
    #[inline(always)]
    fn piece(&mut self, material: usize, square: usize, sign: i32) {
        self.add(material, sign);
        self.add(square, sign);
    }
}

/// Divides the square of an attack sum in [`king_danger`].
pub const DANGER_DIVISOR: i64 = 1 << 16;

/// The quadratic king-danger term of one side's attack on the enemy king:
/// `attack` is the weighted sum of that side's king-safety features (the
/// linear part), `scale` the layout's `king_danger` weight. A linear sum
/// cannot say that attackers, weak squares and checking drops together
/// are worth far more than apart; the square does, so a mating attack
/// outweighs the material the defender has won.
#[inline(always)]
pub fn king_danger(scale: i32, attack: i32) -> i32 {
    if attack <= 0 || scale == 0 {
        return 0;
    }
    let a = i64::from(attack);
    (i64::from(scale) * a * a / DANGER_DIVISOR) as i32
}

/// The king-safety features' weighted sums by side: the side to move's
/// attack (features counted positive) and the opponent's (negative).
#[derive(Clone, Copy, Default)]
struct AttackSums([i32; 2]);

impl AttackSums {
    #[inline(always)]
    fn add(&mut self, count: i32, value: i32) {
        // Safety counts are never negative, so the sign tells the side.
        if count > 0 {
            self.0[0] += value;
        } else {
            self.0[1] -= value;
        }
    }

    /// The danger term from the side to move's view.
    #[inline(always)]
    fn danger(&self, scale: i32) -> i32 {
        king_danger(scale, self.0[0]) - king_danger(scale, self.0[1])
    }
}

/// Sums weights given at run time as features arrive.
struct Scorer<'a> {
    weights: &'a [i32],
    score: i32,
    attacks: AttackSums,
}

impl FeatureSink for Scorer<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        self.score += self.weights[index] * count;
    }

    #[inline(always)]
    fn add_safety(&mut self, index: usize, count: i32) {
        let value = self.weights[index] * count;
        self.score += value;
        self.attacks.add(count, value);
    }
}

/// Sums a game's shipped weights, with material folded into the
/// piece-square tables.
struct Shipped<P> {
    score: i32,
    attacks: AttackSums,
    game: std::marker::PhantomData<P>,
}

impl<P: EvalPosition> FeatureSink for Shipped<P> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        self.score += P::WEIGHTS[index] * count;
    }

    #[inline(always)]
    fn add_safety(&mut self, index: usize, count: i32) {
        let value = P::WEIGHTS[index] * count;
        self.score += value;
        self.attacks.add(count, value);
    }

    #[inline(always)]
    fn piece(&mut self, _material: usize, square: usize, sign: i32) {
        self.score += P::Role::PIECE_SQUARE[square - P::LAYOUT.pst] * sign;
    }
}

/// A small direct-mapped cache of evaluations keyed by the position key
/// (quiescence search often evaluates a position twice): the key's high
/// half checks the entry, the score sits in the low half. Shared by all
/// search threads; a stale entry only costs a recomputation. `N`, the
/// number of entries, is a power of two.
pub struct EvalCache<const N: usize = 32768>([AtomicU64; N]);

impl<const N: usize> EvalCache<N> {
    #[allow(clippy::new_without_default)]
    pub const fn new() -> EvalCache<N> {
        assert!(N.is_power_of_two());
        EvalCache([const { AtomicU64::new(0) }; N])
    }

    /// The cached score of the position with `key`, or `evaluate()`'s,
    /// which is then kept.
    #[inline]
    pub fn get_or(&self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &self.0[key as usize & (N - 1)];
        let entry = slot.load(Ordering::Relaxed);
        if entry >> 32 == key >> 32 {
            return entry as u32 as i32;
        }
        let score = evaluate();
        slot.store((key >> 32) << 32 | score as u32 as u64, Ordering::Relaxed);
        score
    }
}

/// Static evaluation for the side to move, centipawns, with the game's
/// shipped weights, through its cache.
pub fn evaluate<P: EvalPosition>(pos: &P) -> i32 {
    P::Role::CACHE.get_or(pos.key(), || evaluate_uncached(pos))
}

/// The evaluation with the shipped weights, not cached.
pub fn evaluate_uncached<P: EvalPosition>(pos: &P) -> i32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("lzcnt")
        {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { evaluate_bit_instructions(pos) };
        }
    }
    shipped_score(pos)
}

/// The same code, compiled to use the CPU's population count and bit scan
/// instructions (the default x86-64 target has neither, and the
/// evaluation counts many bitboards).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,lzcnt")]
fn evaluate_bit_instructions<P: EvalPosition>(pos: &P) -> i32 {
    shipped_score(pos)
}

#[inline(always)]
fn shipped_score<P: EvalPosition>(pos: &P) -> i32 {
    let mut sink = Shipped::<P> {
        score: 0,
        attacks: AttackSums::default(),
        game: std::marker::PhantomData,
    };
    features(pos, &mut sink);
    sink.score + sink.attacks.danger(P::WEIGHTS[P::LAYOUT.king_danger])
}

/// The evaluation with other weights (the tuner's checks and matches).
pub fn evaluate_with<P: EvalPosition>(pos: &P, weights: &[i32]) -> i32 {
    assert_eq!(weights.len(), P::LAYOUT.len, "weights of another layout");
    let mut scorer = Scorer {
        weights,
        score: 0,
        attacks: AttackSums::default(),
    };
    features(pos, &mut scorer);
    scorer.score + scorer.attacks.danger(weights[P::LAYOUT.king_danger])
}

/// The shipped evaluation split into its main terms, for the `eval`
/// debugging command: material (board and hand), piece-square tables, the
/// king neighbourhoods, slider mobility and king safety (every attack and
/// escape feature, and the quadratic danger term). They add up to
/// [`evaluate_with`] of the shipped weights.
pub fn terms<P: EvalPosition>(pos: &P) -> Vec<(&'static str, i32)> {
    struct PerFeature(Vec<i32>);
    impl FeatureSink for PerFeature {
        fn add(&mut self, index: usize, count: i32) {
            self.0[index] += count;
        }
    }
    let layout = P::LAYOUT;
    let mut counts = PerFeature(vec![0; layout.len]);
    features(pos, &mut counts);
    let sum =
        |range: std::ops::Range<usize>| -> i32 { range.map(|i| P::WEIGHTS[i] * counts.0[i]).sum() };
    let mut terms = vec![
        ("material", sum(layout.material..layout.pst)),
        ("piece-square", sum(layout.pst..layout.king_own)),
        ("king neighbourhoods", sum(layout.king_own..layout.mobility)),
        ("mobility", sum(layout.mobility..layout.zone_attacked)),
        ("threats", sum(layout.threats..layout.len)),
    ];
    // King safety includes the quadratic danger term, which does not split
    // by feature: it is what the other terms leave of the total.
    let rest: i32 = terms.iter().map(|t| t.1).sum();
    terms.push(("king safety", evaluate_with(pos, P::WEIGHTS) - rest));
    terms
}

// ---- geometry ----------------------------------------------------------------

/// A square as its owner sees it: gote's board is rotated 180 degrees.
#[inline(always)]
fn relative(c: Color, sq: Square) -> usize {
    match c {
        Color::Black => sq.index(),
        Color::White => 80 - sq.index(),
    }
}

const OUTSIDE: u8 = u8::MAX;

/// `[king][piece]` (both relative squares): the cell of the 5x5 window
/// around the king the piece stands in, files folded (distance 0..=2) and
/// ranks from two in front of the king to two behind; `OUTSIDE` if none.
static KING_WINDOW: [[u8; 81]; 81] = king_window_table();

const fn king_window_table() -> [[u8; 81]; 81] {
    let mut t = [[OUTSIDE; 81]; 81];
    let mut k = 0;
    while k < 81 {
        let mut p = 0;
        while p < 81 {
            let df = (p / 9) as i32 - (k / 9) as i32;
            let dr = (p % 9) as i32 - (k % 9) as i32;
            let df = if df < 0 { -df } else { df };
            if df <= 2 && dr >= -2 && dr <= 2 && !(df == 0 && dr == 0) {
                t[k][p] = ((dr + 2) * 3 + df) as u8;
            }
            p += 1;
        }
        k += 1;
    }
    t
}

/// The 5x5 square around each square, less the 3x3 one.
static RING: [Bitboard; 81] = ring_table();

const fn ring_table() -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut k = 0;
    while k < 81 {
        let mut bb = 0u128;
        let mut p: usize = 0;
        while p < 81 {
            let df = (p / 9) as i32 - (k / 9) as i32;
            let dr = (p % 9) as i32 - (k % 9) as i32;
            let (adf, adr) = (if df < 0 { -df } else { df }, if dr < 0 { -dr } else { dr });
            if adf <= 2 && adr <= 2 && (adf == 2 || adr == 2) {
                bb |= 1u128 << p;
            }
            p += 1;
        }
        t[k] = Bitboard(bb);
        k += 1;
    }
    t
}

// ---- features ----------------------------------------------------------------

/// What the piece pass learns about one side's pieces.
#[derive(Clone, Copy, Default)]
struct Attacks {
    /// Squares attacked by at least one piece other than the king.
    once: Bitboard,
    /// ... by at least two.
    twice: Bitboard,
    /// Pieces attacking the enemy king zone.
    zone_attackers: i32,
    /// Squares from which a board piece (as it moves there, unpromoted)
    /// would check the enemy king, that one of the side's pieces reaches.
    checks: Bitboard,
    /// Squares the side's pawns attack.
    pawn: Bitboard,
    /// Squares its pawns and minor pieces (neither major nor king) attack.
    lesser: Bitboard,
    /// Where its minor pieces stand (not pawns, majors or the king).
    minors: Bitboard,
    /// Where its major pieces stand.
    majors: Bitboard,
    /// Squares its king attacks.
    king: Bitboard,
    /// The enemy king's lines, if there is an enemy king.
    enemy_king: Option<KingLines>,
}

/// Feeds every feature of `pos` to `sink`, from the side to move's view.
#[inline(always)]
pub fn features<P: EvalPosition, S: FeatureSink>(pos: &P, sink: &mut S) {
    let us = pos.side();
    let them = us.flip();
    let occ = pos.occupied();
    let att_us = piece_features(pos, us, 1, occ, sink);
    let att_them = piece_features(pos, them, -1, occ, sink);
    hand_features(pos, us, 1, sink);
    hand_features(pos, them, -1, sink);
    safety_features(pos, us, 1, &att_us, &att_them, occ, sink);
    safety_features(pos, them, -1, &att_them, &att_us, occ, sink);
    threat_features(pos, us, 1, &att_us, &att_them, sink);
    threat_features(pos, them, -1, &att_them, &att_us, sink);
}

/// The king window of a side without a king: every square outside.
static NO_WINDOW: [u8; 81] = [OUTSIDE; 81];

/// Where a piece of one kind stands: its material, piece-square and king
/// window features.
struct Placement<'a> {
    c: Color,
    sign: i32,
    material: usize,
    table: usize,
    own_cells: usize,
    enemy_cells: usize,
    own_window: &'a [u8; 81],
    enemy_window: &'a [u8; 81],
}

impl Placement<'_> {
    #[inline(always)]
    fn feed<S: FeatureSink>(&self, sink: &mut S, sq: Square) {
        let r = relative(self.c, sq);
        sink.piece(self.material, self.table + r, self.sign);
        let cell = self.own_window[r];
        if cell != OUTSIDE {
            sink.add(self.own_cells + cell as usize, self.sign);
        }
        let cell = self.enemy_window[r];
        if cell != OUTSIDE {
            sink.add(self.enemy_cells + cell as usize, self.sign);
        }
    }
}

/// Material, piece-square, king-neighbourhood and mobility features of
/// `c`'s pieces; returns its attacks.
#[inline(always)]
fn piece_features<P: EvalPosition, S: FeatureSink>(
    pos: &P,
    c: Color,
    sign: i32,
    occ: Bitboard,
    sink: &mut S,
) -> Attacks {
    let own = pos.pieces(c);
    let own_king = pos.king(c).map(|k| relative(c, k));
    let enemy_king_square = pos.king(c.flip());
    let enemy_zone = enemy_king_square.map_or(Bitboard::EMPTY, king_attacks);
    let own_window = own_king.map_or(&NO_WINDOW, |k| &KING_WINDOW[k]);
    let enemy_window = enemy_king_square.map_or(&NO_WINDOW, |k| &KING_WINDOW[relative(c, k)]);
    let mut out = Attacks {
        enemy_king: enemy_king_square.map(|k| KingLines::new(k, occ)),
        ..Attacks::default()
    };
    let mut mobility = [0i32; MOBILITY_SLOTS];
    let lines = out.enemy_king;
    let checks_from = |mover: Mover| match &lines {
        Some(lines) => lines.checks(mover, c) & !own,
        None => Bitboard::EMPTY,
    };

    // Pawns attack the square in front: all at once, no two the same.
    let pawns = pos.pieces_of(c, P::Role::PAWN);
    let pawn_attacks = match c {
        Color::Black => Bitboard(pawns.0 >> 1),
        Color::White => Bitboard(pawns.0 << 1),
    };
    out.once = pawn_attacks;
    out.pawn = pawn_attacks;
    out.king = pos.king(c).map_or(Bitboard::EMPTY, king_attacks);
    out.lesser = pawn_attacks;
    out.zone_attackers = (pawn_attacks & enemy_zone).count() as i32;
    out.checks = pawn_attacks & checks_from(Mover::Pawn);

    let layout = &P::LAYOUT;
    // One copy of the body per kind: `BOARD_ROLES[$i]` is a constant, so
    // every per-kind table lookup below folds away.
    const { assert!(P::Role::BOARD_ROLES.len() <= 16) };
    macro_rules! for_each_role {
        ($($i:literal)*) => {$(
            'role: {
                if $i >= P::Role::BOARD_ROLES.len() {
                    break 'role;
                }
                let role = P::Role::BOARD_ROLES[$i];
                let bb = pos.pieces_of(c, role);
                if bb.is_empty() {
                    break 'role;
                }
                let material = layout.material + role.index();
                let table = layout.pst + role.index() * 81;
                let class = P::Role::KING_CLASS[role.index()] * WINDOW_CELLS;
                let place = Placement {
                    c,
                    sign,
                    material,
                    table,
                    own_cells: layout.king_own + class,
                    enemy_cells: layout.king_enemy + class,
                    own_window,
                    enemy_window,
                };
                if role == P::Role::PAWN {
                    for sq in bb {
                        place.feed(sink, sq);
                    }
                    break 'role;
                }
                let major = P::Role::VALUES[role.index()] >= MAJOR_VALUE;
                if major {
                    out.majors |= bb;
                } else {
                    out.minors |= bb;
                }
                let mover = P::Role::MOVERS[role.index()];
                let checking = checks_from(mover);
                let slot = P::Role::MOBILITY_SLOT[role.index()];
                // `mover` is a constant here, so its match in `attacks` folds
                // away and no piece matches on its kind.
                for sq in bb {
                    place.feed(sink, sq);
                    let a = mover.attacks(c, sq, occ);
                    out.twice |= out.once & a;
                    out.once |= a;
                    if !major {
                        out.lesser |= a;
                    }
                    out.zone_attackers += (a & enemy_zone).any() as i32;
                    out.checks |= a & checking;
                    if let Some(s) = slot {
                        mobility[s] += (a & !own).count() as i32;
                    }
                }
            }
        )*};
    }
    for_each_role!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    for (s, &m) in mobility.iter().enumerate() {
        if m != 0 {
            sink.add(layout.mobility + s, sign * m);
        }
    }
    if let Some(k) = own_king {
        sink.add(layout.pst + P::Role::KING.index() * 81 + k, sign);
    }
    out
}

/// Hand features of `c`.
#[inline(always)]
fn hand_features<P: EvalPosition, S: FeatureSink>(pos: &P, c: Color, sign: i32, sink: &mut S) {
    for k in 0..P::Role::HAND_ORDER.len() {
        let n = pos.hand_count(c, k);
        if n == 0 {
            continue;
        }
        let base = P::LAYOUT.hand + k * HAND_STEPS;
        sink.add(base, sign * n as i32);
        sink.add(base + 1, sign);
        if n >= 2 {
            sink.add(base + 2, sign);
            if n >= 3 {
                sink.add(base + 3, sign);
            }
        }
    }
}

/// King-safety features of `c` attacking the other side's king.
#[inline(always)]
fn safety_features<P: EvalPosition, S: FeatureSink>(
    pos: &P,
    c: Color,
    sign: i32,
    ours: &Attacks,
    theirs: &Attacks,
    occ: Bitboard,
    sink: &mut S,
) {
    let d = c.flip();
    let Some(lines) = &ours.enemy_king else {
        return;
    };
    let ek = lines.square;
    let layout = &P::LAYOUT;
    let zone = king_attacks(ek);
    let attacked = ours.once | ours.king;
    let defended = theirs.once;
    let zone_attacked = (attacked & zone).count() as i32;
    let weak = (attacked & zone & !defended).count() as i32;
    if zone_attacked != 0 {
        sink.add_safety(layout.zone_attacked, sign * zone_attacked);
        let twice = (ours.twice & zone).count() as i32;
        if twice != 0 {
            sink.add_safety(layout.zone_attacked_twice, sign * twice);
        }
        if weak != 0 {
            sink.add_safety(layout.zone_weak, sign * weak);
        }
    }
    let ring = (attacked & RING[ek.index()]).count() as i32;
    if ring != 0 {
        sink.add_safety(layout.ring_attacked, sign * ring);
    }
    let escapes = (zone & !pos.pieces(d) & !attacked).count() as usize;
    if escapes < 3 {
        sink.add_safety(layout.escapes + escapes, sign);
    }
    if (0..P::Role::HAND_ORDER.len()).any(|k| pos.hand_count(c, k) != 0) {
        let empty = !occ;
        let support = zone & empty & ours.once;
        let mut non_pawns = 0;
        // One copy per hand kind, as for the pieces on the board: the
        // kind's way of checking folds to a constant.
        const { assert!(P::Role::HAND_ORDER.len() <= 8) };
        macro_rules! for_each_hand_kind {
            ($($k:literal)*) => {$(
                'kind: {
                    let k = $k;
                    if k >= P::Role::HAND_ORDER.len() {
                        break 'kind;
                    }
                    let n = pos.hand_count(c, k);
                    if n == 0 {
                        break 'kind;
                    }
                    if P::Role::from_index(k) != P::Role::PAWN {
                        non_pawns += n as i32;
                    }
                    // A piece dropped where the same kind of the defender would attack
                    // the king from gives check.
                    let checks = lines.checks(P::Role::MOVERS[k], c) & empty;
                    let safe = (checks & !defended).count() as i32;
                    if safe != 0 {
                        sink.add_safety(layout.safe_check_drops + k, sign * safe);
                    }
                    let supported = (checks & support).count() as i32;
                    if supported != 0 {
                        sink.add_safety(layout.supported_check_drops + k, sign * supported);
                    }
                }
            )*};
        }
        for_each_hand_kind!(0 1 2 3 4 5 6 7);
        let non_pawns = non_pawns.min(4);
        if non_pawns != 0 {
            if zone_attacked != 0 {
                sink.add_safety(layout.zone_times_hand, sign * zone_attacked * non_pawns);
            }
            if weak != 0 {
                sink.add_safety(layout.weak_times_hand, sign * weak * non_pawns);
            }
        }
    }
    let checks = ours.checks.count() as i32;
    if checks != 0 {
        sink.add_safety(layout.board_checks, sign * checks);
        let safe = ours.checks & !defended & (!zone | ours.twice);
        let safe = safe.count() as i32;
        if safe != 0 {
            sink.add_safety(layout.board_checks + 1, sign * safe);
        }
    }
    if ours.zone_attackers > 0 {
        sink.add_safety(
            layout.zone_attackers + ours.zone_attackers.min(4) as usize - 1,
            sign,
        );
    }
}

/// Threats of `c` to the other side's pieces: non-pawn pieces its pawns
/// attack, majors its pawns or minors attack, pieces it attacks that
/// nothing defends (pawns, minors, majors), and whether two or more
/// non-pawn pieces are so threatened at once (a fork). The side to move's
/// threats and the opponent's have separate weights.
#[inline(always)]
fn threat_features<P: EvalPosition, S: FeatureSink>(
    pos: &P,
    c: Color,
    sign: i32,
    ours: &Attacks,
    theirs: &Attacks,
    sink: &mut S,
) {
    let d = c.flip();
    let attacked = ours.once | ours.king;
    let defended = theirs.once | theirs.king;
    let hanging = attacked & !defended;
    let pieces = theirs.minors | theirs.majors;
    let by_pawn = pieces & ours.pawn;
    let major_by_lesser = theirs.majors & ours.lesser;
    let counts = [
        by_pawn.count(),
        major_by_lesser.count(),
        (pos.pieces_of(d, P::Role::PAWN) & hanging).count(),
        (theirs.minors & hanging).count(),
        (theirs.majors & hanging).count(),
        u32::from(((pieces & hanging) | by_pawn | major_by_lesser).count() >= 2),
    ];
    let base = P::LAYOUT.threats + if sign > 0 { 0 } else { THREATS };
    for (i, &n) in counts.iter().enumerate() {
        if n != 0 {
            sink.add(base + i, sign * n as i32);
        }
    }
}

/// Checks a game's [`EvalKind::MOVERS`] against its kinds' own attacks, and
/// the king lines' checking squares against the kinds' attacks from the
/// king: every role, colour and square, on a few occupancies.
#[cfg(test)]
pub(crate) fn assert_movers_match<R: EvalKind>() {
    let occupancies = [
        Bitboard::EMPTY,
        Bitboard(0x0001_0204_0810_2040_8102_0408_1020_4081) & Bitboard::ALL,
        Bitboard(0x1f0f_0703_0100_f0e0_c080_8421_0842_1084) & Bitboard::ALL,
    ];
    for occ in occupancies {
        for sq in Square::all() {
            let lines = KingLines::new(sq, occ);
            for c in [Color::Black, Color::White] {
                for i in 0..R::MOVERS.len() {
                    let role = R::from_index(i);
                    let mover = R::MOVERS[i];
                    assert_eq!(
                        mover.attacks(c, sq, occ),
                        role.attacks(c, sq, occ),
                        "{role:?} {sq}"
                    );
                    let by_role = role.attacks(c.flip(), sq, occ);
                    assert_eq!(lines.checks(mover, c), by_role, "{role:?} checks {sq}");
                }
            }
        }
    }
}
