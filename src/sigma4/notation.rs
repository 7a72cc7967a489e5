//! Moves as USI writes them in Sigma 4 (docs/rules/sigma4.md): `4e4d`, a capture with
//! its refit `4e4b=JEDF` (`R` first for the royal base; without `=` the
//! base keeps its own stones), a drop `DF*4d`, a corner take `%W`. Reading
//! checks legality and says why a move is not legal.

use super::fits::fits;
use super::movegen::Moves;
use super::position::{own_corners, Position, BASES};
use super::types::{side_name, Base, Move, MoveKind, Square7, Stone, Stones};
use crate::game::{game_error, GameError};

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
    Square7::from_usi(sq).ok_or_else(|| {
        GameError(format!(
            "square {}{} is off the 7x7 board (files 1-7, ranks a-g)",
            sq.file,
            (b'a' + sq.rank) as char
        ))
    })
}

/// Letters of a refit or drop (no `R`) as a multiset.
fn stones_of(letters: &[char], what: &str) -> Result<Stones, GameError> {
    if letters.len() > 4 {
        return game_error(format!(
            "{what}: a base holds 1 to 4 stones, not {}",
            letters.len()
        ));
    }
    Stones::from_letters(letters).map_err(|c| {
        GameError(format!(
            "{what}: '{c}' is not a stone letter (J Z C E N D F W)"
        ))
    })
}

impl Position {
    /// Reads a move and checks that it is legal here.
    pub fn parse_usi_move(&self, mv: &usi::UsiMove) -> Result<Move, GameError> {
        let m = self.read_move(mv)?;
        match self.find_legal(m) {
            Some(legal) => Ok(legal),
            None => Err(GameError(format!(
                "illegal move {mv}: {}",
                self.explain_illegal(m)
            ))),
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
                    return game_error(format!("no base on {from}"));
                };
                if u.color != us {
                    return game_error(format!(
                        "the base on {from} is {}'s, it is {} to move",
                        side_name(u.color),
                        side_name(us)
                    ));
                }
                let own = ft.base(u.fit);
                let letters =
                    match suffix {
                        usi::Suffix::None => None,
                        usi::Suffix::Promote => return game_error(
                            "Sigma 4 has no promotion ('+'); a capture names its refit after '='",
                        ),
                        usi::Suffix::Assign(l) if l.is_empty() => None,
                        usi::Suffix::Assign(l) => Some(l),
                    };
                let capture = self.unit_at(to).is_some_and(|v| v.color != us);
                if !capture {
                    if let Some(letters) = letters {
                        let named = self.read_refit(letters, own.royal)?;
                        if named != own {
                            return game_error(format!(
                                "'={}' names a refit, but only a capture refits a base \
                                 ({to} holds no enemy base)",
                                letters.iter().collect::<String>()
                            ));
                        }
                    }
                    return Ok(Move::quiet(from, to));
                }
                let kept = match letters {
                    None => own,
                    Some(letters) => self.read_refit(letters, own.royal)?,
                };
                let id = ft.id(kept).ok_or_else(|| {
                    GameError(format!("the refit [{kept}] is not an allowed base"))
                })?;
                Ok(Move::capture(from, to, id))
            }
            usi::UsiMove::Drop {
                promoted,
                letters,
                to,
            } => {
                if *promoted {
                    return game_error("a Sigma 4 drop names stones, without '+'");
                }
                if letters.iter().any(|c| c.eq_ignore_ascii_case(&'R')) {
                    return game_error("the royal base is never dropped ('R' in a drop)");
                }
                let base = Base::new(stones_of(letters, "drop")?, false);
                base.check().map_err(|e| {
                    GameError(format!("the dropped base [{base}] breaks a rule: {e}"))
                })?;
                let to = square(*to)?;
                let id = ft
                    .id(base)
                    .ok_or_else(|| GameError(format!("[{base}] is not an allowed base")))?;
                Ok(Move::drop(id, to))
            }
            usi::UsiMove::CornerTake { stone } => {
                let s = Stone::from_letter(*stone).ok_or_else(|| {
                    GameError(format!("'%{stone}': '{stone}' is not a stone letter"))
                })?;
                Ok(Move::corner_take(s))
            }
            usi::UsiMove::Pass => game_error("Sigma 4 has no pass"),
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
            return game_error("'R' in a refit, but the capturing base is not the royal base");
        }
        if rs > 1 {
            return game_error("a refit names 'R' at most once");
        }
        let stones: Vec<char> = letters
            .iter()
            .copied()
            .filter(|c| !c.eq_ignore_ascii_case(&'R'))
            .collect();
        let base = Base::new(stones_of(&stones, "refit")?, royal);
        base.check()
            .map_err(|e| GameError(format!("the refit [{base}] breaks a rule: {e}")))?;
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
