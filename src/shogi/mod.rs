//! Standard shogi (docs/rules/shogi.md).

pub mod bench;
pub mod eval;
pub mod kifu;
pub mod movegen;
pub mod position;
pub mod rules;
pub mod see;
pub mod tune;
pub mod types;

pub use movegen::Moves;
pub use position::{Position, STARTPOS_SFEN};
pub use types::{Move, Piece, Role};

use crate::board::position::{Kind, PackedMove};
use crate::board::Square;
use crate::game::{
    Color, Evaluate, FamilyRules, Game, GameError, GameName, MoveError, NoChance, Rules,
    SearchHooks,
};

/// What shogi has beyond moves on a board (its entry in the game registry).
pub const CAPABILITIES: crate::registry::Capabilities = crate::registry::Capabilities {
    aliases: &["standard"],
    entering_king: true,
    bench: bench::BENCH,
    tuned_evaluation: true,
    records: Some(kifu::RECORDS),
    ..crate::registry::Capabilities::PLAIN
};

impl Game for Position {
    type Move = Move;
    type Moves = Moves;
    type Chance = NoChance;
    const VARIANT: &'static str = "shogi";
    crate::shogi_family_game!();
}

impl SearchHooks for Position {
    crate::shogi_family_search_hooks!();

    /// Measured in shogi (docs/strength.md, "The mate guard"); Mortal
    /// Shogi's solver works too, but the guard is not measured there yet.
    const MATE_GUARD: bool = true;

    /// Quiet checks are many where drops reach the king; reduced a ply
    /// less than other quiet moves (docs/strength.md, "Checks reduced").
    const CHECK_REDUCTION: Option<i32> = Some(1);
}

impl crate::board::mate1::MateMoves for Position {
    type Role = Role;
    const MATING_DROPS: &'static [Role] = &[
        Role::Gold,
        Role::Silver,
        Role::Rook,
        Role::Bishop,
        Role::Lance,
        Role::Knight,
    ];

    fn drop_move(role: Role, to: Square) -> Move {
        Move::drop(role, to)
    }

    fn push_moves(list: &mut Moves, us: Color, role: Role, from: Square, to: Square) {
        movegen::push_piece::<false>(list, us, role, from, to.bit());
    }
}

impl FamilyRules for Position {
    fn can_declare_win(&self, rules: &Rules) -> bool {
        Position::can_declare_win(self, rules)
    }
}

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        match self.nnue() {
            Some(nnue) => nnue.evaluate(self.side()),
            None => eval::evaluate(self),
        }
    }

    fn set_net(&mut self, net: Option<&crate::nnue::NetHandle>) {
        Position::set_net(self, net.cloned());
    }

    /// The built-in evaluation's terms; none with a net (it has no
    /// breakdown, and `eval = N` is then the net's value).
    fn evaluation_terms(&self) -> Vec<(&'static str, i32)> {
        if self.nnue().is_some() {
            return Vec::new();
        }
        crate::board::eval::terms(self)
    }
}

/// A move as USI writes it: `7g7f`, `8h2b+`, `P*5e`.
pub fn format_move(m: Move) -> usi::UsiMove {
    if m.is_drop() {
        usi::UsiMove::Drop {
            promoted: false,
            letters: vec![m.dropped().letter()],
            to: m.to().to_usi(),
        }
    } else {
        usi::UsiMove::Board {
            from: m.from().to_usi(),
            to: m.to().to_usi(),
            suffix: if m.is_promotion() {
                usi::Suffix::Promote
            } else {
                usi::Suffix::None
            },
        }
    }
}

impl Position {
    /// Says why a well-formed move is not legal here.
    fn explain_illegal(&self, m: Move, mv: &usi::UsiMove) -> GameError {
        let to = m.to();
        let reason = if m.is_drop() {
            self.drop_refusal(m.dropped(), to)
        } else {
            let flipped = Move::board(m.from(), to, !m.is_promotion());
            if self.is_legal(flipped) {
                if m.is_promotion() {
                    "this piece cannot promote on this move".to_string()
                } else {
                    "this piece must promote here".to_string()
                }
            } else {
                "the piece cannot go there, or the king would be left in check".to_string()
            }
        };
        MoveError::Illegal {
            mv: display_move(mv),
            reason,
        }
        .into()
    }
}

/// A board move of `p` as USI input asks it: `+` promotes.
fn board_move(p: Piece, from: Square, to: Square, suffix: &usi::Suffix) -> Result<Move, GameError> {
    let promote = match suffix {
        usi::Suffix::None => false,
        usi::Suffix::Promote => true,
        usi::Suffix::Assign(_) => {
            return Err(MoveError::EqualsSuffix {
                game: GameName::Shogi,
            }
            .into())
        }
    };
    if promote && !p.role.can_promote() {
        return Err(MoveError::CannotPromote {
            piece: p.to_token(),
            from: Some(from.to_usi()),
        }
        .into());
    }
    Ok(Move::board(from, to, promote))
}

/// The kind a drop names: one unpromoted piece, not the king.
fn drop_role(promoted: bool, letters: &[char]) -> Result<Role, GameError> {
    match (promoted, letters) {
        (false, [letter]) => Role::from_letter(*letter, false)
            .filter(|r| *r != Role::King)
            .ok_or(MoveError::NotDroppable { letter: *letter }.into()),
        _ => Err(MoveError::DropForm {
            game: GameName::Shogi,
        }
        .into()),
    }
}

fn display_move(mv: &usi::UsiMove) -> String {
    match mv {
        usi::UsiMove::Board { from, to, suffix } => format!(
            "{}{}{}{}{}",
            from.file,
            (b'a' + from.rank) as char,
            to.file,
            (b'a' + to.rank) as char,
            if *suffix == usi::Suffix::Promote {
                "+"
            } else {
                ""
            }
        ),
        usi::UsiMove::Drop { letters, to, .. } => format!(
            "{}*{}{}",
            letters.iter().collect::<String>(),
            to.file,
            (b'a' + to.rank) as char
        ),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests;
