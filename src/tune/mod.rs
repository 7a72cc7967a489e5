//! Texel tuning of the shogi, Mortal Shogi and Sigma 4 evaluations
//! (docs/tuning.md).
//!
//! - [`selfplay`]: training data from in-process self-play of the
//!   material-only engine ([`Material`]), quiet positions labelled with the
//!   game's result;
//! - [`label`]: the positions of a data file searched again, deeper,
//!   their scores replaced;
//! - [`records`]: the quiet positions of recorded games (against other
//!   engines) as data lines for `label`;
//! - [`texel`]: fits the sigmoid scale K, then the weights by Adam on the
//!   mean squared error between `sigmoid(K * eval)` and the result, with L2
//!   regularisation;
//! - [`weights`]: writes the tuned weights as the Rust source the engine
//!   ships (`src/shogi/eval_weights.rs`, `src/mortal/eval_weights.rs`) and
//!   reads such a file back;
//! - [`matches`](mod@matches): paired games of the tuned evaluation against the
//!   material-only one at a fixed node budget, with an Elo estimate.
//!
//! Everything is generic over [`Tunable`], which the three games implement
//! (the two board games through [`BoardTunable`]).

pub mod label;
pub mod matches;
pub mod records;
pub mod selfplay;
pub mod texel;
pub mod weights;

#[cfg(test)]
mod tests;

use crate::board::eval::{self as model, EvalPosition, FeatureSink, HAND_STEPS};
use crate::game::{Color, Evaluate, FamilyRules, Game, GameError, Outcome, Rules, SearchHooks};

/// Runs a generic job with a tunable game's type (the registry picks the
/// game: [`crate::registry::Variant::tune`]).
pub trait WithTunable {
    type Output;
    fn run<P: Tunable>(self) -> Self::Output;
}

/// A game whose evaluation is a linear model the tuner fits: its features,
/// their groups, its weights and a reference evaluation to start from.
/// The board games get all of it from [`crate::board::eval`] (through
/// [`BoardTunable`]); Sigma 4 has its own model (`crate::sigma4::eval`).
pub trait Tunable: SearchHooks {
    /// Number of weights.
    const NUM_FEATURES: usize;
    /// Where the shipped weights live, from the repository root.
    const WEIGHTS_PATH: &'static str;
    /// The reference evaluation, side to move's view: the material-only
    /// one (board games) or the hand-set one (Sigma 4). Matches and
    /// `gen --player material` play it.
    fn material_eval(&self) -> i32;
    /// The reference evaluation expressed as weights of the model: the
    /// tuner's default start and the centre of its prior.
    fn material_weights() -> Vec<i32>;
    /// Feature groups: name and first index, in index order.
    fn groups() -> Vec<(&'static str, usize)>;
    /// Named index ranges of the weights file (by default the groups).
    fn sections() -> Vec<(String, usize, usize)> {
        let groups = Self::groups();
        (0..groups.len())
            .map(|g| {
                let end = groups.get(g + 1).map_or(Self::NUM_FEATURES, |&(_, s)| s);
                (groups[g].0.to_string(), groups[g].1, end)
            })
            .collect()
    }
    /// Feeds the features of this position (side to move's view).
    fn features<S: FeatureSink>(&self, sink: &mut S);
    /// The weights the engine ships.
    fn shipped_weights() -> &'static [i32];
    /// The evaluation with the given weights.
    fn evaluate_with(&self, weights: &[i32]) -> i32;
    /// The engine's evaluation without its cache (speed measurements).
    fn evaluate_uncached(&self) -> i32;
    /// Weights whose prior pull is scaled by `--material-l2` (material).
    fn is_material(index: usize) -> bool;
    /// The quadratic king-danger term's weights, if the model has one.
    fn danger_term() -> texel::DangerTerm {
        texel::DangerTerm::default()
    }
    /// No material has changed hands (an opening for a pair of games).
    fn is_level(&self) -> bool {
        self.material_eval() == 0
    }
    /// A random legal start other than the standard one, where the game
    /// begins with a setup (`None`: the standard start only).
    fn random_start(rng: &mut Rng) -> Option<Self> {
        let _ = rng;
        None
    }
}

/// A board game evaluated by the model of [`crate::board::eval`]: all of
/// [`Tunable`] comes from there but where the weights live and the piece
/// names.
pub trait BoardTunable: SearchHooks + EvalPosition {
    /// Where the shipped weights live, from the repository root.
    const WEIGHTS_PATH: &'static str;
    /// Piece names for the rows of the piece-square section, by role index.
    const ROLE_NAMES: &'static [&'static str];
}

impl<P: BoardTunable> Tunable for P {
    const NUM_FEATURES: usize = <P as EvalPosition>::LAYOUT.len;
    const WEIGHTS_PATH: &'static str = <P as BoardTunable>::WEIGHTS_PATH;

    fn material_eval(&self) -> i32 {
        model::material_eval(self)
    }
    fn material_weights() -> Vec<i32> {
        model::material_weights::<Self>()
    }
    fn groups() -> Vec<(&'static str, usize)> {
        <Self as EvalPosition>::LAYOUT.groups().to_vec()
    }
    /// The groups, with the piece-square tables split by piece (81
    /// squares each).
    fn sections() -> Vec<(String, usize, usize)> {
        let groups = Self::groups();
        let pst = <Self as EvalPosition>::LAYOUT.pst;
        let mut out = Vec::new();
        for (g, &(name, start)) in groups.iter().enumerate() {
            let end = groups.get(g + 1).map_or(Self::NUM_FEATURES, |&(_, s)| s);
            if start == pst {
                for (r, role) in P::ROLE_NAMES.iter().enumerate() {
                    let a = start + r * 81;
                    out.push((format!("pst {role}"), a, a + 81));
                }
            } else {
                out.push((name.to_string(), start, end));
            }
        }
        out
    }
    fn features<S: FeatureSink>(&self, sink: &mut S) {
        model::features(self, sink)
    }
    fn shipped_weights() -> &'static [i32] {
        <Self as EvalPosition>::WEIGHTS
    }
    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        model::evaluate_with(self, weights)
    }
    fn evaluate_uncached(&self) -> i32 {
        model::evaluate_uncached(self)
    }
    /// The material and hand-count weights (not the hand steps): the
    /// regularisation pulls them towards the classic material values.
    fn is_material(index: usize) -> bool {
        let l = <Self as EvalPosition>::LAYOUT;
        (l.material..l.hand).contains(&index)
            || ((l.hand..l.pst).contains(&index) && (index - l.hand).is_multiple_of(HAND_STEPS))
    }
    fn danger_term() -> texel::DangerTerm {
        let l = <Self as EvalPosition>::LAYOUT;
        texel::DangerTerm {
            from: l.zone_attacked,
            to: l.king_danger,
            scale: l.king_danger,
        }
    }
}

/// How a game played to its end came out, once it has: the winner's colour
/// (`None` for a draw) when the rules end it or the side to move may
/// declare a win; `None` while it goes on.
pub(crate) fn decided<G: SearchHooks>(pos: &G, rules: &Rules) -> Option<Option<Color>> {
    let stm = pos.side_to_move();
    if let Some(o) = pos.outcome(rules) {
        return Some(match o {
            Outcome::Win(_) => Some(stm),
            Outcome::Loss(_) => Some(stm.flip()),
            Outcome::Draw(_) => None,
        });
    }
    pos.can_declare_win(rules).then_some(Some(stm))
}

/// The sparse feature vector of a position: `(index, count)` pairs sorted
/// by index, the side to move's counts (positive) before the opponent's
/// (negative), each summed, zeros dropped.
pub fn feature_vector<P: Tunable>(pos: &P) -> Vec<(u16, i16)> {
    struct Collect(Vec<(u16, i16)>);
    impl FeatureSink for Collect {
        fn add(&mut self, index: usize, count: i32) {
            self.0.push((index as u16, count as i16));
        }
    }
    let mut c = Collect(Vec::with_capacity(256));
    pos.features(&mut c);
    let mut v = c.0;
    v.sort_unstable_by_key(|&(i, n)| (i, n < 0));
    let mut out: Vec<(u16, i16)> = Vec::with_capacity(v.len());
    for (i, n) in v {
        match out.last_mut() {
            // The two sides' counts stay apart: the king-danger term
            // squares each side's attack separately.
            Some(last) if last.0 == i && (last.1 < 0) == (n < 0) => last.1 += n,
            _ => out.push((i, n)),
        }
    }
    out.retain(|&(_, n)| n != 0);
    out
}

/// A game played with the material-only evaluation: the engine as it was
/// before the tuned evaluation, kept for self-play data and for matches.
#[derive(Clone)]
pub struct Material<P>(pub P);

/// The [`Game`], [`FamilyRules`] and [`SearchHooks`] of a wrapper
/// `W(P, ...)` that only changes the evaluation: they are all `P`'s
/// (search must see the same game). `$wrap` turns a `P` into a `W`.
macro_rules! delegate_game {
    ($wrapper:ident, $wrap:expr) => {
        impl<P: Tunable> Game for $wrapper<P> {
            type Move = P::Move;
            type Moves = P::Moves;
            type Chance = P::Chance;
            const VARIANT: &'static str = P::VARIANT;

            fn startpos() -> Self {
                $wrap(P::startpos())
            }
            fn from_sfen(sfen: &usi::Sfen) -> Result<Self, GameError> {
                P::from_sfen(sfen).map($wrap)
            }
            fn to_sfen(&self) -> usi::Sfen {
                self.0.to_sfen()
            }
            fn side_to_move(&self) -> Color {
                self.0.side_to_move()
            }
            fn move_number(&self) -> u32 {
                self.0.move_number()
            }
            fn key(&self) -> u64 {
                Game::key(&self.0)
            }
            fn generate_legal(&self, moves: &mut Self::Moves) {
                self.0.generate_legal(moves)
            }
            fn do_move(&mut self, m: Self::Move) {
                self.0.do_move(m)
            }
            fn undo_move(&mut self) {
                self.0.undo_move()
            }
            fn parse_move(&self, token: &usi::MoveToken) -> Result<Self::Move, GameError> {
                self.0.parse_move(token)
            }
            fn format_move(&self, m: Self::Move) -> usi::MoveToken {
                self.0.format_move(m)
            }
            fn in_check(&self) -> bool {
                self.0.in_check()
            }
            fn outcome(&self, rules: &Rules) -> Option<Outcome> {
                self.0.outcome(rules)
            }
            fn repetition(&self) -> Option<Outcome> {
                self.0.repetition()
            }
            fn display(&self) -> String {
                self.0.display()
            }
        }

        impl<P: Tunable> FamilyRules for $wrapper<P> {
            fn can_declare_win(&self, rules: &Rules) -> bool {
                self.0.can_declare_win(rules)
            }
            fn choose_setup(
                &self,
                seed: u64,
                option: &dyn Fn(&str) -> Option<String>,
            ) -> Option<String> {
                self.0.choose_setup(seed, option)
            }
        }

        impl<P: Tunable> SearchHooks for $wrapper<P> {
            const HISTORY_SIZE: usize = P::HISTORY_SIZE;
            const PIECE_TO_SIZE: usize = P::PIECE_TO_SIZE;
            const CHECK_REDUCTION: Option<i32> = P::CHECK_REDUCTION;
            const ROOT_QUIESCENCE_PROBES: bool = P::ROOT_QUIESCENCE_PROBES;

            fn is_tactical(&self, m: Self::Move) -> bool {
                self.0.is_tactical(m)
            }
            fn order_score(&self, m: Self::Move) -> i32 {
                self.0.order_score(m)
            }
            fn see_ge(&self, m: Self::Move, threshold: i32) -> bool {
                self.0.see_ge(m, threshold)
            }
            fn history_index(&self, m: Self::Move) -> usize {
                self.0.history_index(m)
            }
            fn piece_to_index(&self, m: Self::Move) -> usize {
                self.0.piece_to_index(m)
            }
            fn generate_tactical(&self, moves: &mut Self::Moves) -> bool {
                self.0.generate_tactical(moves)
            }
            fn gives_check(&mut self, m: Self::Move) -> bool {
                self.0.gives_check(m)
            }
            fn keep_from_pruning(&mut self, m: Self::Move) -> bool {
                self.0.keep_from_pruning(m)
            }
            fn checking_moves(&mut self, legal: &Self::Moves, out: &mut Vec<Self::Move>) {
                self.0.checking_moves(legal, out)
            }
            fn mate_in_one(&mut self) -> bool {
                self.0.mate_in_one()
            }
            fn structure_keys(&self) -> Option<[u64; 2]> {
                self.0.structure_keys()
            }
            fn do_null_move(&mut self) -> bool {
                self.0.do_null_move()
            }
            fn undo_null_move(&mut self) {
                self.0.undo_null_move()
            }
        }
    };
}

pub(crate) use delegate_game;

delegate_game!(Material, Material);

impl<P: Tunable> Evaluate for Material<P> {
    fn evaluate(&self) -> i32 {
        self.0.material_eval()
    }
}

/// The material-only engine with a small pseudo-random term per position
/// (fixed by the position's key and a seed): self-play for training data
/// uses it so that games do not all repeat the same moves or shuffle into
/// early repetition draws, as a pure material evaluation, blind to
/// everything quiet, does.
#[derive(Clone)]
pub struct Noisy<P>(pub P, pub u64, pub i32, pub Player);

/// Which evaluation a self-play engine plays with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Player {
    /// The material-only evaluation (the weights' starting point).
    #[default]
    Material,
    /// The shipped evaluation: games whose attacks are played, so the
    /// king-safety terms see real mating attacks.
    Shipped,
}

delegate_game!(Noisy, |p| Noisy(p, 0, 0, Player::Material));

impl<P: Tunable> Evaluate for Noisy<P> {
    fn evaluate(&self) -> i32 {
        let noise = if self.2 > 0 {
            let h = Rng::new(Game::key(&self.0) ^ self.1).next_u64();
            (h % (2 * self.2 as u64 + 1)) as i32 - self.2
        } else {
            0
        };
        let eval = match self.3 {
            Player::Material => self.0.material_eval(),
            Player::Shipped => Evaluate::evaluate(&self.0),
        };
        eval + noise
    }
}

/// The colour-flipped mirror of a position: the board rotated 180
/// degrees, every piece and hand changing sides, the other side to move.
/// Its evaluation must equal the original's.
pub fn flip_sfen(sfen: &usi::Sfen) -> usi::Sfen {
    let flip_side = |s: usi::Side| match s {
        usi::Side::Black => usi::Side::White,
        usi::Side::White => usi::Side::Black,
    };
    let flip_token = |t: &usi::PieceToken| usi::PieceToken {
        side: flip_side(t.side),
        ..*t
    };
    let board = sfen
        .board
        .iter()
        .rev()
        .map(|row| {
            row.iter()
                .rev()
                .map(|cell| match cell {
                    usi::Cell::Piece(t) => usi::Cell::Piece(flip_token(t)),
                    usi::Cell::Base { side, stones } => usi::Cell::Base {
                        side: flip_side(*side),
                        stones: stones.clone(),
                    },
                    other => other.clone(),
                })
                .collect()
        })
        .collect();
    let hand = sfen
        .hand
        .iter()
        .map(|e| usi::HandEntry {
            count: e.count,
            piece: flip_token(&e.piece),
        })
        .collect();
    usi::Sfen {
        board,
        side: flip_side(sfen.side),
        hand,
        move_number: sfen.move_number,
    }
}

/// A small, fast, seeded generator (SplitMix64) for openings and sampling.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// The colour-flipped mirror of `pos` (the evaluation's symmetry tests).
#[cfg(test)]
pub fn flipped<G: SearchHooks>(pos: &G) -> G {
    G::from_sfen(&flip_sfen(&pos.to_sfen())).expect("the mirror of a legal position is legal")
}

/// Positions from `games` random games of up to `plies` plies each
/// (captures, drops and promotions included), reproducible from `seed`;
/// each rebuilt from its SFEN, so without history.
#[cfg(test)]
pub fn random_positions<G: SearchHooks>(games: u32, plies: u32, seed: u64) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = G::startpos();
        for _ in 0..plies {
            if !random_opening(&mut p, 1, &mut rng) {
                break;
            }
            out.push(G::from_sfen(&p.to_sfen()).expect("a played position is legal"));
        }
    }
    out
}

/// Plays `plies` uniformly random legal moves; `false` if the game ended
/// (no legal move) on the way.
pub fn random_opening<G: SearchHooks>(pos: &mut G, plies: u32, rng: &mut Rng) -> bool {
    for _ in 0..plies {
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return false;
        }
        let m = moves[rng.below(moves.len())];
        pos.do_move(m);
    }
    true
}
