//! Moves as USI writes them in Sigma 4 (docs/rules/sigma4.md): `4e4d`, a capture with
//! its refit `4e4b=JEDF` (`R` first for the royal base; without `=` the
//! base keeps its own stones), a drop `DF*4d`, a corner take `%W`. Reading
//! checks legality and says why a move is not legal.

use super::fits::fits;
use super::movegen::Moves;
use super::position::{own_corners, Position, BASES};
use super::types::{side_name, Base, Move, MoveKind, Square7, Stone, Stones};
use crate::error::Fitting;
use crate::game::{GameError, GameName, MoveError};

/// A move as USI writes it; captures always name the refit.
pub fn format_move(m: Move) -> usi::UsiMove {
    let ft = fits();
    match m.kind() {
        MoveKind::Quiet { from, to } => usi::UsiMove::Board {
            from: from.to_usi(),
            to: to.to_usi(),
            suffix: usi::Suffix::None,
        },
        MoveKind::Capture { from, to, kept } => usi::UsiMove::Board {
            from: from.to_usi(),
            to: to.to_usi(),
            suffix: usi::Suffix::Assign(ft.base(kept).letters().chars().collect()),
        },
        MoveKind::Drop { fit, to } => usi::UsiMove::Drop {
            promoted: false,
            letters: ft.stones(fit).letters().chars().collect(),
            to: to.to_usi(),
        },
        MoveKind::CornerTake(s) => usi::UsiMove::CornerTake { stone: s.letter() },
    }
}

fn square(sq: usi::Square) -> Result<Square7, GameError> {
    Square7::from_usi(sq).ok_or(GameError::Move(MoveError::OffBoard {
        square: sq,
        size: 7,
    }))
}

/// Letters of a refit or drop (no `R`) as a multiset.
fn stones_of(letters: &[char], fitting: Fitting) -> Result<Stones, GameError> {
    if letters.len() > 4 {
        return Err(MoveError::TooManyStones {
            fitting,
            count: letters.len(),
        }
        .into());
    }
    Stones::from_letters(letters).map_err(|letter| MoveError::NotAStone { fitting, letter }.into())
}

impl Position {
    /// Reads a move and checks that it is legal here.
    pub fn parse_usi_move(&self, mv: &usi::UsiMove) -> Result<Move, GameError> {
        let m = self.read_move(mv)?;
        match self.find_legal(m) {
            Some(legal) => Ok(legal),
            None => Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: self.explain_illegal(m),
            }
            .into()),
        }
    }

    /// Turns USI syntax into a move of this game, without the legality check.
    fn read_move(&self, mv: &usi::UsiMove) -> Result<Move, GameError> {
        let us = self.side();
        let ft = fits();
        match mv {
            usi::UsiMove::Board { from, to, suffix } => {
                let (from, to) = (square(*from)?, square(*to)?);
                let Some(u) = self.unit_at(from) else {
                    return Err(MoveError::NoBase {
                        square: from.to_usi(),
                    }
                    .into());
                };
                if u.color != us {
                    return Err(MoveError::NotYourBase {
                        square: from.to_usi(),
                        owner: u.color,
                    }
                    .into());
                }
                let own = ft.base(u.fit);
                let letters = match suffix {
                    usi::Suffix::None => None,
                    usi::Suffix::Promote => return Err(MoveError::PlusSuffix.into()),
                    usi::Suffix::Assign(l) if l.is_empty() => None,
                    usi::Suffix::Assign(l) => Some(l),
                };
                let capture = self.unit_at(to).is_some_and(|v| v.color != us);
                if !capture {
                    if let Some(letters) = letters {
                        let named = self.read_refit(letters, own.royal)?;
                        if named != own {
                            return Err(MoveError::RefitWithoutCapture {
                                letters: letters.iter().collect(),
                                to: to.to_usi(),
                            }
                            .into());
                        }
                    }
                    return Ok(Move::quiet(from, to));
                }
                let kept = match letters {
                    None => own,
                    Some(letters) => self.read_refit(letters, own.royal)?,
                };
                let id = ft.id(kept).ok_or_else(|| MoveError::BaseNotAllowed {
                    fitting: Fitting::Refit,
                    base: kept.to_string(),
                })?;
                Ok(Move::capture(from, to, id))
            }
            usi::UsiMove::Drop {
                promoted,
                letters,
                to,
            } => {
                if *promoted {
                    return Err(MoveError::DropForm {
                        game: GameName::Sigma4,
                    }
                    .into());
                }
                if letters.iter().any(|c| c.eq_ignore_ascii_case(&'R')) {
                    return Err(MoveError::RoyalDrop.into());
                }
                let base = Base::new(stones_of(letters, Fitting::Drop)?, false);
                base.check().map_err(|rule| MoveError::BreaksRule {
                    fitting: Fitting::Drop,
                    base: base.to_string(),
                    rule,
                })?;
                let to = square(*to)?;
                let id = ft.id(base).ok_or_else(|| MoveError::BaseNotAllowed {
                    fitting: Fitting::Drop,
                    base: base.to_string(),
                })?;
                Ok(Move::drop(id, to))
            }
            usi::UsiMove::CornerTake { stone } => {
                let s = Stone::from_letter(*stone)
                    .ok_or(MoveError::CornerTakeNotAStone { stone: *stone })?;
                Ok(Move::corner_take(s))
            }
            usi::UsiMove::Pass => Err(MoveError::NoPass {
                game: GameName::Sigma4,
            }
            .into()),
        }
    }

    /// A refit's letters: the royal base may write its `R` or leave it out;
    /// a plain base may not write one.
    fn read_refit(&self, letters: &[char], royal: bool) -> Result<Base, GameError> {
        let rs = letters
            .iter()
            .filter(|c| c.eq_ignore_ascii_case(&'R'))
            .count();
        if rs > 0 && !royal {
            return Err(MoveError::RoyalInRefit.into());
        }
        if rs > 1 {
            return Err(MoveError::TwoRoyalsInRefit.into());
        }
        let stones: Vec<char> = letters
            .iter()
            .copied()
            .filter(|c| !c.eq_ignore_ascii_case(&'R'))
            .collect();
        let base = Base::new(stones_of(&stones, Fitting::Refit)?, royal);
        base.check().map_err(|rule| MoveError::BreaksRule {
            fitting: Fitting::Refit,
            base: base.to_string(),
            rule,
        })?;
        Ok(base)
    }

    /// Says why a well-formed move is not legal here.
    fn explain_illegal(&self, m: Move) -> String {
        let us = self.side();
        let them = us.flip();
        let ft = fits();
        if self.goal_reached() {
            return format!(
                "the game is over: {}'s royal base reached its goal square",
                side_name(them)
            );
        }
        let check = if self.in_check() {
            "the royal base is in check and this move does not end it"
        } else {
            "it leaves the royal base attacked"
        };
        match m.kind() {
            MoveKind::Quiet { from, to } | MoveKind::Capture { from, to, .. } => {
                let Some(u) = self.unit_at(from) else {
                    return format!("no base on {from}");
                };
                let base = ft.base(u.fit);
                if self.unit_at(to).is_some_and(|v| v.color == us) {
                    return format!("{to} holds an own base");
                }
                if !self.reach_of(from).contains(to) {
                    return format!(
                        "the base [{base}] on {from} cannot move to {to} (its stones do not \
                         reach it, or a landing square on the way is occupied)"
                    );
                }
                if let MoveKind::Capture { kept, .. } = m.kind() {
                    let kept = ft.base(kept);
                    let pool = self.capture_pool(from, to).unwrap_or_default();
                    if !kept.stones.is_subset_of(pool) {
                        return format!(
                            "the refit [{kept}] is not drawn from the pool {pool} (the \
                             capturer's and the captured base's stones)"
                        );
                    }
                    if kept.stones.total() < base.stones.total() {
                        return format!(
                            "the refit [{kept}] keeps {} stones, fewer than the {} the base had",
                            kept.stones.total(),
                            base.stones.total()
                        );
                    }
                }
                if base.royal {
                    "the royal base may not move onto an attacked square, nor pass one with \
                     a repeated W or F step"
                        .to_string()
                } else {
                    check.to_string()
                }
            }
            MoveKind::Drop { fit, to } => {
                let stones = ft.stones(fit);
                if self.bases_in_storage(us) == 0 {
                    format!(
                        "{} has no base in storage (all {BASES} are on the board)",
                        side_name(us)
                    )
                } else if !stones.is_subset_of(self.storage(us)) {
                    format!(
                        "{}'s storage does not hold the stones {stones}",
                        side_name(us)
                    )
                } else if self.unit_at(to).is_some() {
                    format!("{to} is occupied")
                } else {
                    check.to_string()
                }
            }
            MoveKind::CornerTake(s) => {
                let corners = own_corners(them);
                if (self.bases(us) & corners).is_empty() {
                    let names: Vec<String> = corners.map(|c| c.to_string()).collect();
                    format!(
                        "a corner take needs a base of {} on {}",
                        side_name(us),
                        names.join(" or ")
                    )
                } else if self.storage(them).count(s) == 0 {
                    format!("{}'s storage holds no '{}'", side_name(them), s.letter())
                } else {
                    check.to_string()
                }
            }
        }
    }
}

/// Every legal move as text, sorted (tests and debugging).
pub fn legal_move_texts(pos: &Position) -> Vec<String> {
    let mut list = Moves::new();
    pos.generate_legal(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| format_move(m).to_string()).collect();
    v.sort();
    v
}
