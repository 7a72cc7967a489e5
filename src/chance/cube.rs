//! The doubling cube of a game with dice, as in backgammon (Shogammon's is
//! optional: docs/rules/shogammon.md), money play without gammons: a game
//! is worth the cube's value to the winner.
//!
//! - [`Cube`]: value and owner. It starts centred at 1. A side may double
//!   when the cube is centred or its own, before rolling its dice; the
//!   opponent takes (and owns the cube at twice the value) or drops (and
//!   loses the current value at once).
//! - The engine's decisions: its pre-roll score
//!   ([`crate::chance::pre_roll`]) becomes a win probability through
//!   [`win_probability`], a logistic; it doubles at
//!   [`DOUBLE_THRESHOLD`] or more and takes when its own chance is at least
//!   [`TAKE_THRESHOLD`]. With no gammons a position is never "too good to
//!   double": doubling a sure win only cashes it sooner.

use crate::chance::score::{DECIDED, WIN};
use crate::game::{Color, CubeError, GameError};

/// The largest cube value: no double beyond it (keeps values in range
/// however long two engines keep redoubling).
pub const MAX_VALUE: u32 = 64;

/// Double when the own win probability is at least this (a common money
/// play doubling point for a live cube without gammons).
pub const DOUBLE_THRESHOLD: f64 = 0.68;

/// Take when the own win probability is at least this: dropping costs 1
/// for sure, taking costs 2 with probability 1-p and wins 2 with p, so
/// taking is better once `2p - 2(1-p) >= -1`, that is p >= 1/4.
pub const TAKE_THRESHOLD: f64 = 0.25;

/// Scale of the logistic in [`win_probability`], in score units: fitted
/// to self-play results (`shogammon-selfplay --calibrate`, docs/tuning.md:
/// 500 games, 36,847 pre-roll scores of the shipped evaluation).
pub const LOGISTIC_SCALE: f64 = 3916.0;

/// The cube's value and who owns it (`None`: centred).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cube {
    value: u32,
    owner: Option<Color>,
}

impl Default for Cube {
    fn default() -> Self {
        Cube::centred()
    }
}

impl Cube {
    /// The cube at the start of a game: centred, value 1.
    pub const fn centred() -> Cube {
        Cube {
            value: 1,
            owner: None,
        }
    }

    /// A cube as a protocol clause or a record gives it: the value is a
    /// power of two up to [`MAX_VALUE`], centred exactly when it is 1.
    pub fn new(value: u32, owner: Option<Color>) -> Result<Cube, GameError> {
        if !value.is_power_of_two() || value > MAX_VALUE {
            return Err(CubeError::Value {
                value,
                max: MAX_VALUE,
            }
            .into());
        }
        match (value, owner) {
            (1, Some(_)) => Err(CubeError::CentredOwned.into()),
            (v, None) if v > 1 => Err(CubeError::TakenUnowned { value: v }.into()),
            _ => Ok(Cube { value, owner }),
        }
    }

    /// From the `position ... cube V O` clause.
    pub fn from_usi(state: usi::CubeState) -> Result<Cube, GameError> {
        Cube::new(state.value, state.owner.map(Color::from_usi))
    }

    /// The `cube V O` clause.
    pub fn to_usi(self) -> usi::CubeState {
        usi::CubeState {
            value: self.value,
            owner: self.owner.map(Color::to_usi),
        }
    }

    pub fn value(self) -> u32 {
        self.value
    }

    pub fn owner(self) -> Option<Color> {
        self.owner
    }

    /// Whether `side` may offer a double now (before its roll): the cube is
    /// centred or its own, and below [`MAX_VALUE`].
    pub fn may_double(self, side: Color) -> Result<(), String> {
        match self.owner {
            Some(owner) if owner != side => Err("the opponent owns the cube".to_string()),
            _ if self.value >= MAX_VALUE => {
                Err(format!("the cube is at its maximum value {MAX_VALUE}"))
            }
            _ => Ok(()),
        }
    }

    /// The cube after `taker` took a double: twice the value, the taker's.
    pub fn taken_by(self, taker: Color) -> Cube {
        Cube {
            value: (self.value * 2).min(MAX_VALUE),
            owner: Some(taker),
        }
    }
}

impl std::fmt::Display for Cube {
    /// `1 (centred)`, `2 (owned by gote)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.owner {
            None => write!(f, "{} (centred)", self.value),
            Some(Color::Black) => write!(f, "{} (owned by sente)", self.value),
            Some(Color::White) => write!(f, "{} (owned by gote)", self.value),
        }
    }
}

/// The win probability of the side a score belongs to:
/// `1 / (1 + exp(-score / LOGISTIC_SCALE))`, with decided scores (a forced
/// win or loss within the search) exactly 1 or 0.
///
/// Scores are meant as equities (× 10000), whose linear reading
/// `(1 + s/10000)/2` is itself a win probability; the logistic's scale is
/// measured instead of assumed, so the cube follows what the games say.
pub fn win_probability(score: i32) -> f64 {
    if score >= DECIDED {
        return 1.0;
    }
    if score <= -DECIDED {
        return 0.0;
    }
    let s = f64::from(score.clamp(-WIN, WIN));
    1.0 / (1.0 + (-s / LOGISTIC_SCALE).exp())
}

/// Whether a side with win probability `p` (before its roll) doubles.
pub fn should_double(p: f64) -> bool {
    p >= DOUBLE_THRESHOLD
}

/// Whether a side offered a double, with win probability `p`, takes.
pub fn should_take(p: f64) -> bool {
    p >= TAKE_THRESHOLD
}

/// An answer to a cube question, as `bestmove` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeAction {
    Double,
    NoDouble,
    Take,
    Drop,
}

impl CubeAction {
    /// The `bestmove` word.
    pub fn word(self) -> &'static str {
        match self {
            CubeAction::Double => "double",
            CubeAction::NoDouble => "nodouble",
            CubeAction::Take => "take",
            CubeAction::Drop => "drop",
        }
    }

    pub fn parse(word: &str) -> Option<CubeAction> {
        [
            CubeAction::Double,
            CubeAction::NoDouble,
            CubeAction::Take,
            CubeAction::Drop,
        ]
        .into_iter()
        .find(|a| a.word() == word)
    }
}

/// The engine's answer to `go cube` (the side to move, `mover`, may
/// double) or `go take` (the other side answers `mover`'s double), from
/// the mover's pre-roll score. Returns the answer and the answering side's
/// win probability.
pub fn decide(
    query: usi::CubeQuery,
    cube: Cube,
    mover: Color,
    mover_score: i32,
) -> (CubeAction, f64) {
    match query {
        usi::CubeQuery::Double => {
            let p = win_probability(mover_score);
            let double = cube.may_double(mover).is_ok() && should_double(p);
            let action = if double {
                CubeAction::Double
            } else {
                CubeAction::NoDouble
            };
            (action, p)
        }
        usi::CubeQuery::Take => {
            let p = win_probability(-mover_score);
            let action = if should_take(p) {
                CubeAction::Take
            } else {
                CubeAction::Drop
            };
            (action, p)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_follow_the_logistic() {
        assert!((win_probability(0) - 0.5).abs() < 1e-9);
        assert_eq!(win_probability(DECIDED), 1.0);
        assert_eq!(win_probability(-WIN), 0.0);
        let scale = LOGISTIC_SCALE as i32;
        let p = win_probability(scale);
        assert!((p - 1.0 / (1.0 + (-1.0f64).exp())).abs() < 1e-3, "{p}");
        assert!((win_probability(-scale) + p - 1.0).abs() < 1e-9);
        assert!(win_probability(DECIDED - 1) > 0.9);
    }

    #[test]
    fn decisions_at_the_thresholds() {
        assert!(!should_double(0.5));
        assert!(!should_double(0.679));
        assert!(should_double(0.68));
        assert!(should_double(0.99), "no gammons: never too good");
        assert!(should_take(0.25));
        assert!(should_take(0.6));
        assert!(!should_take(0.249));
        // From scores: a clear edge doubles, and the other side drops
        // what the doubler wins four times in five.
        let big = 6000;
        assert!(should_double(win_probability(big)));
        assert!(!should_take(win_probability(-big)));
        assert!(!should_double(win_probability(500)));
        assert!(should_take(win_probability(-500)));
    }

    #[test]
    fn decisions_from_scores_respect_ownership() {
        let centred = Cube::centred();
        let (a, p) = decide(usi::CubeQuery::Double, centred, Color::Black, 7000);
        assert_eq!(a, CubeAction::Double);
        assert!(p > 0.8);
        let theirs = centred.taken_by(Color::White);
        let (a, _) = decide(usi::CubeQuery::Double, theirs, Color::Black, 7000);
        assert_eq!(a, CubeAction::NoDouble, "the opponent owns the cube");
        let (a, _) = decide(usi::CubeQuery::Double, centred, Color::Black, 0);
        assert_eq!(a, CubeAction::NoDouble);
        // The taker's view is the mover's negated.
        let (a, p) = decide(usi::CubeQuery::Take, centred, Color::Black, 7000);
        assert_eq!(a, CubeAction::Drop);
        assert!(p < 0.25);
        let (a, _) = decide(usi::CubeQuery::Take, centred, Color::Black, 1000);
        assert_eq!(a, CubeAction::Take);
        for a in [
            CubeAction::Double,
            CubeAction::NoDouble,
            CubeAction::Take,
            CubeAction::Drop,
        ] {
            assert_eq!(CubeAction::parse(a.word()), Some(a));
        }
        assert_eq!(CubeAction::parse("maybe"), None);
    }

    #[test]
    fn ownership_and_values() {
        let c = Cube::centred();
        assert_eq!((c.value(), c.owner()), (1, None));
        assert!(c.may_double(Color::Black).is_ok() && c.may_double(Color::White).is_ok());
        let c = c.taken_by(Color::White);
        assert_eq!((c.value(), c.owner()), (2, Some(Color::White)));
        assert!(c.may_double(Color::Black).is_err());
        assert!(c.may_double(Color::White).is_ok());
        let top = Cube::new(MAX_VALUE, Some(Color::Black)).unwrap();
        assert!(top.may_double(Color::Black).is_err());
        let value = |value| Err(GameError::Cube(CubeError::Value { value, max: 64 }));
        assert_eq!(Cube::new(3, Some(Color::Black)), value(3));
        assert_eq!(Cube::new(0, None), value(0));
        assert_eq!(
            Cube::new(1, Some(Color::Black)),
            Err(CubeError::CentredOwned.into())
        );
        assert_eq!(
            Cube::new(2, None),
            Err(CubeError::TakenUnowned { value: 2 }.into())
        );
        assert_eq!(Cube::new(128, Some(Color::Black)), value(128));
        let state = usi::CubeState {
            value: 4,
            owner: Some(usi::Side::White),
        };
        assert_eq!(Cube::from_usi(state).unwrap().to_usi(), state);
        assert_eq!(c.to_string(), "2 (owned by gote)");
    }
}
