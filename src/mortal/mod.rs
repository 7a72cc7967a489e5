//! Mortal Shogi (docs/rules/mortal.md): shogi where a
//! captured piece steps down one kind before it goes to hand (a captured
//! pawn leaves the game), and a pawn, knight, lance or silver promotes to a
//! higher piece of its choice up to gold.

pub mod bench;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod rules;
pub mod see;
pub mod tune;
pub mod types;

pub use movegen::Moves;
pub use position::Position;
pub use types::{Move, Piece, Role};

use crate::board::position::{Kind, PackedMove};
use crate::board::Square;
use crate::game::{
    Color, Evaluate, FamilyRules, Game, GameError, GameName, MoveError, NoChance, Rules,
    SearchHooks,
};
use position::dead_square;

/// What Mortal Shogi has beyond moves on a board (its entry in the game registry).
pub const CAPABILITIES: crate::registry::Capabilities = crate::registry::Capabilities {
    entering_king: true,
    bench: bench::BENCH,
    tuned_evaluation: true,
    ..crate::registry::Capabilities::PLAIN
};

impl Game for Position {
    type Move = Move;
    type Moves = Moves;
    type Chance = NoChance;
    const VARIANT: &'static str = "mortal";
    crate::shogi_family_game!();
}

impl SearchHooks for Position {
    crate::shogi_family_search_hooks!();
}

impl crate::board::mate1::MateMoves for Position {
    type Role = Role;
    const MATING_DROPS: &'static [Role] = &[
        Role::Gold,
        Role::Silver,
        Role::Horse,
        Role::Rook,
        Role::Bishop,
        Role::Lance,
        Role::Knight,
    ];

    fn drop_move(role: Role, to: Square) -> Move {
        Move::drop(role, to)
    }

    fn push_moves(list: &mut Moves, us: Color, role: Role, from: Square, to: Square) {
        movegen::push_moves(list, us, role, from, to);
    }
}

impl FamilyRules for Position {
    fn can_declare_win(&self, rules: &Rules) -> bool {
        Position::can_declare_win(self, rules)
    }
}

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn evaluation_terms(&self) -> Vec<(&'static str, i32)> {
        crate::board::eval::terms(self)
    }
}

/// A move as docs/rules/mortal.md writes it: `7g7f`, `8h2b+` (rook or bishop
/// promoting), `2d2c=N` (a minor naming its new kind), `+B*5e`.
pub fn format_move(m: Move) -> usi::UsiMove {
    if m.is_drop() {
        let role = m.dropped();
        return usi::UsiMove::Drop {
            promoted: role.is_promoted(),
            letters: vec![role.letter()],
            to: m.to().to_usi(),
        };
    }
    let suffix = match m.promotion() {
        None => usi::Suffix::None,
        Some(new) if new.is_promoted() => usi::Suffix::Promote,
        Some(new) => usi::Suffix::Assign(vec![new.letter()]),
    };
    usi::UsiMove::Board {
        from: m.from().to_usi(),
        to: m.to().to_usi(),
        suffix,
    }
}

/// A board move of `p` as USI input asks it: no suffix, `+` for a rook or
/// bishop, `=X` for a minor naming its new kind.
fn board_move(p: Piece, from: Square, to: Square, suffix: &usi::Suffix) -> Result<Move, GameError> {
    Ok(Move::board(from, to, read_promotion(p.role, suffix)?))
}

/// The promotion a suffix asks of a `role` piece, if the notation allows it
/// (whether this move may promote is the legality check's business).
fn read_promotion(role: Role, suffix: &usi::Suffix) -> Result<Option<Role>, GameError> {
    match suffix {
        usi::Suffix::None => Ok(None),
        usi::Suffix::Promote => plus_promotion(role).map(Some),
        usi::Suffix::Assign(letters) => match letters.as_slice() {
            // A bare `=` is an explicit "no promotion" (Fairy-Stockfish's form).
            [] => Ok(None),
            [letter] => named_promotion(role, *letter).map(Some),
            _ => Err(MoveError::PromotionLetters.into()),
        },
    }
}

/// `+`: only a rook or a bishop promotes this way.
fn plus_promotion(role: Role) -> Result<Role, GameError> {
    match role {
        Role::Bishop => Ok(Role::Horse),
        Role::Rook => Ok(Role::Dragon),
        r if r.promotions().is_empty() => Err(MoveError::CannotPromote {
            piece: token(r),
            from: None,
        }
        .into()),
        r => Err(MoveError::PromoteByName {
            piece: token(r),
            choices: choices(r, "="),
        }
        .into()),
    }
}

/// `=X`: a pawn, knight, lance or silver names the kind it becomes.
fn named_promotion(role: Role, letter: char) -> Result<Role, GameError> {
    let allowed = role.promotions();
    match Role::from_letter(letter, false) {
        Some(new) if allowed.contains(&new) => Ok(new),
        _ if allowed.is_empty() => Err(MoveError::CannotPromote {
            piece: token(role),
            from: None,
        }
        .into()),
        _ if role.is_major() => Err(MoveError::PromoteByPlus { piece: token(role) }.into()),
        _ => Err(MoveError::PromotionChoice {
            piece: token(role),
            to: letter,
            choices: choices(role, ""),
        }
        .into()),
    }
}

/// `role` as a token, for messages.
fn token(role: Role) -> usi::PieceToken {
    Piece::new(Color::Black, role).to_token()
}

/// The kinds `role` may promote to, each after `prefix`: `=N, =L, =S, =G`.
fn choices(role: Role, prefix: &str) -> String {
    let names: Vec<String> = role
        .promotions()
        .iter()
        .map(|r| format!("{prefix}{}", r.name()))
        .collect();
    names.join(", ")
}

/// The kind a drop names, if a Mortal hand can hold it.
fn drop_role(promoted: bool, letters: &[char]) -> Result<Role, GameError> {
    let [letter] = letters else {
        return Err(MoveError::DropForm {
            game: GameName::Mortal,
        }
        .into());
    };
    let piece = usi::PieceToken {
        side: usi::Side::Black,
        promoted,
        letter: *letter,
    };
    match Role::from_letter(*letter, promoted) {
        Some(Role::King) => Err(MoveError::KingDrop.into()),
        Some(Role::Dragon) => Err(MoveError::DragonDrop { piece }.into()),
        Some(role) => Ok(role),
        None => Err(MoveError::UnknownPiece {
            game: GameName::Mortal,
            piece,
        }
        .into()),
    }
}

impl Position {
    /// Says why a well-formed move is not legal here.
    fn explain_illegal(&self, m: Move, mv: &usi::UsiMove) -> GameError {
        MoveError::Illegal {
            mv: mv.to_string(),
            reason: self.refusal(m),
        }
        .into()
    }

    fn refusal(&self, m: Move) -> String {
        let us = self.side();
        let to = m.to();
        if m.is_drop() {
            return self.drop_refusal(m.dropped(), to);
        }
        let mut list = Moves::new();
        self.generate_legal(&mut list);
        let from = m.from();
        let goes_there = list
            .iter()
            .any(|l| !l.is_drop() && l.from() == from && l.to() == to);
        let role = self.piece_at(from).map_or(Role::King, |p| p.role);
        match m.promotion() {
            _ if !goes_there => {
                "the piece cannot go there, or the king would be left in check".to_string()
            }
            Some(new) if dead_square(new, us, to) => {
                format!("a '{}' on {to} could never move", new.name())
            }
            Some(_) => "it neither enters, leaves nor stays in the promotion zone".to_string(),
            None => format!(
                "a '{}' on {to} could never move, so it must promote",
                role.name()
            ),
        }
    }
}

#[cfg(test)]
mod tests;
