//! Turn tokens (docs/rules/shogammon.md, notation): `61:5g5h,7g7f`, `61:7g7f`, `61:pass`.
//! Writing puts the dice in the order they were taken, a lost die in its
//! place; reading accepts both digit orders and lets the moves decide,
//! then explains a refusal in terms of the must-move rule.

use super::movegen::Targets;
use super::position::{Core, Position};
use super::turns::orders;
use super::types::{Step, Turn};
use crate::board::position::Kind;
use crate::board::Square;
use crate::game::{DiceError, GameError, GameName, MoveError, TurnError};
use crate::shogi::position::{dead_square, side_name, zone};
use crate::shogi::types::Role;

/// One step as USI writes it: `7g7f`, `8h2b+`, `P*5e`.
pub fn format_step(step: Step) -> Option<usi::UsiMove> {
    match step {
        Step::Lost => None,
        Step::Board { from, to, promote } => Some(usi::UsiMove::Board {
            from: from.to_usi(),
            to: to.to_usi(),
            suffix: if promote {
                usi::Suffix::Promote
            } else {
                usi::Suffix::None
            },
        }),
        Step::Drop { role, to } => Some(usi::UsiMove::Drop {
            promoted: false,
            letters: vec![role.letter()],
            to: to.to_usi(),
        }),
    }
}

/// A turn token: dice in the order taken, the played moves in order,
/// `pass` when both dice were lost.
pub fn format_turn(turn: Turn) -> usi::Turn {
    let mut moves: Vec<usi::UsiMove> = turn.steps.iter().filter_map(|&s| format_step(s)).collect();
    if moves.is_empty() {
        moves.push(usi::UsiMove::Pass);
    }
    usi::Turn {
        dice: turn.dice,
        moves,
    }
}

fn square(sq: usi::Square) -> Result<Square, MoveError> {
    Square::from_usi(sq).ok_or(MoveError::OffBoard {
        square: sq,
        size: 9,
    })
}

/// `error` in the move `mv` of a turn (the message quotes the move).
fn in_turn(mv: &usi::UsiMove, error: MoveError) -> MoveError {
    MoveError::InTurn {
        mv: mv.clone(),
        error: Box::new(error),
    }
}

/// Reads one move of a turn as a step, checking only its form.
fn read_step(mv: &usi::UsiMove) -> Result<Step, MoveError> {
    match mv {
        usi::UsiMove::Board { from, to, suffix } => {
            let promote = match suffix {
                usi::Suffix::None => false,
                usi::Suffix::Promote => true,
                usi::Suffix::Assign(_) => {
                    return Err(in_turn(
                        mv,
                        MoveError::EqualsSuffix {
                            game: GameName::Shogammon,
                        },
                    ))
                }
            };
            Ok(Step::Board {
                from: square(*from)?,
                to: square(*to)?,
                promote,
            })
        }
        usi::UsiMove::Drop {
            promoted,
            letters,
            to,
        } => {
            let role = match (promoted, letters.as_slice()) {
                (false, [letter]) => Role::from_letter(*letter, false)
                    .filter(|r| *r != Role::King)
                    .ok_or_else(|| in_turn(mv, MoveError::NotDroppable { letter: *letter }))?,
                _ => {
                    return Err(in_turn(
                        mv,
                        MoveError::DropForm {
                            game: GameName::Shogammon,
                        },
                    ))
                }
            };
            Ok(Step::Drop {
                role,
                to: square(*to)?,
            })
        }
        usi::UsiMove::CornerTake { .. } => Err(MoveError::CornerTake { mv: mv.clone() }),
        usi::UsiMove::Pass => Ok(Step::Lost),
    }
}

/// English name of a piece kind, for messages.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Lance => "lance",
        Role::Knight => "knight",
        Role::Silver => "silver",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Gold => "gold",
        Role::King => "king",
        Role::ProPawn => "tokin",
        Role::ProLance => "promoted lance",
        Role::ProKnight => "promoted knight",
        Role::ProSilver => "promoted silver",
        Role::Horse => "horse",
        Role::Dragon => "dragon",
    }
}

fn step_text(step: Step) -> String {
    format_step(step).map_or_else(|| "pass".to_string(), |m| m.to_string())
}

/// Why a step is not a move of a die.
struct Illegal {
    message: String,
    /// The step's piece does not answer to the die at all.
    wrong_die: bool,
}

impl Illegal {
    fn new(message: String) -> Illegal {
        Illegal {
            message,
            wrong_die: false,
        }
    }
}

/// How far a reading of the turn got before it failed, and why.
struct Failure {
    progress: u32,
    /// The reading gave a move to a die its piece does not answer to: the
    /// least likely meaning, so other failures at the same progress win.
    wrong_die: bool,
    message: String,
}

impl Position {
    /// Reads a turn token and checks it against the rules: the dice must be
    /// the roll (when one was given), and some legal way of taking the dice
    /// must play exactly these moves in this order.
    pub fn parse_turn(&self, token: &usi::Turn) -> Result<Turn, GameError> {
        let fail = |reason: TurnError| -> GameError {
            MoveError::IllegalTurn {
                turn: token.clone(),
                reason,
            }
            .into()
        };
        if let Some(reason) = self.finished_reason() {
            return Err(fail(TurnError::Finished(reason)));
        }
        super::dice::check_roll(token.dice).map_err(|e| fail(TurnError::Dice(e)))?;
        let roll = sorted(token.dice);
        if let Some(r) = self.roll() {
            if r != roll {
                return Err(fail(TurnError::Dice(DiceError::NotTheRoll {
                    roll: r,
                    given: token.dice,
                })));
            }
        }
        let mut steps = Vec::with_capacity(2);
        for mv in &token.moves {
            let step = read_step(mv).map_err(|e| fail(TurnError::Step(Box::new(e))))?;
            if step.is_played() {
                steps.push(step);
            }
        }
        // Prefer the digit order as written, so the turn prints back as given.
        let mut candidates = self.all_turns(roll);
        candidates.sort_by_key(|t| t.dice != token.dice);
        let found = candidates
            .into_iter()
            .find(|t| t.played().eq(steps.iter().copied()));
        match found {
            Some(turn) => Ok(turn),
            None => Err(fail(TurnError::Unplayable(self.explain_turn(roll, &steps)))),
        }
    }

    /// Why no legal turn of `roll` plays `steps`: the reading (order of the
    /// dice, which die each move uses) that gets furthest, and where it
    /// breaks.
    fn explain_turn(&self, roll: [u8; 2], steps: &[Step]) -> String {
        let mut best: Option<Failure> = None;
        let mut consider = |f: Failure| {
            let rank = |f: &Failure| (f.progress, !f.wrong_die);
            if best.as_ref().is_none_or(|b| rank(&f) > rank(b)) {
                best = Some(f);
            }
        };
        let mut core = self.core().clone();
        for [a, b] in orders(roll) {
            let attempts: Vec<[Step; 2]> = match steps {
                [] => vec![[Step::Lost, Step::Lost]],
                [s] => vec![[*s, Step::Lost], [Step::Lost, *s]],
                [s, t] => vec![[*s, *t]],
                _ => vec![],
            };
            for attempt in attempts {
                if let Err(f) = core.check_reading([a, b], attempt) {
                    consider(f);
                }
            }
        }
        best.map_or_else(
            || "no legal turn plays these moves".to_string(),
            |f| f.message,
        )
    }
}

fn sorted([a, b]: [u8; 2]) -> [u8; 2] {
    if a >= b {
        [a, b]
    } else {
        [b, a]
    }
}

impl Core {
    /// Checks one reading of a turn: dice taken in the order `dice`, step
    /// `steps[i]` for die `dice[i]` (`Lost`: that die claims no move).
    /// The core is restored.
    fn check_reading(&mut self, dice: [u8; 2], steps: [Step; 2]) -> Result<(), Failure> {
        let [a, b] = dice;
        let [s, t] = steps;
        let mut progress = 0;
        let fail = |progress: u32, message: String| {
            Err(Failure {
                progress,
                wrong_die: false,
                message,
            })
        };
        let refuse = |progress: u32, why: Illegal| {
            Err(Failure {
                progress,
                wrong_die: why.wrong_die,
                message: why.message,
            })
        };

        // The first die.
        let first_undo;
        let mut pending = None;
        match s {
            Step::Lost => {
                if let Some(example) = self.first_die_example(a, b) {
                    return fail(progress, had_a_move(a, example));
                }
                first_undo = None;
            }
            _ => {
                if self.lands_on_enemy_point(s) {
                    let Some(sq) = s.to() else {
                        return fail(progress, "no move".into());
                    };
                    if let Some(why) = self.explain_illegal(s, a, Targets::EnemyPoints) {
                        return refuse(progress, why);
                    }
                    let lift = self.apply_step(s, None);
                    let completes = self.die_has_step(b, Targets::Onto(sq));
                    pending = Core::pending_of(lift, s);
                    if !completes || !t.is_played() || t.to() != Some(sq) {
                        self.revert_step(lift);
                        return fail(
                            progress,
                            format!(
                                "{} lands on {}'s point on {sq} alone: an enemy point is captured only by two different pieces landing on it with the two moves of one turn{}",
                                step_text(s),
                                side_name(self.side().flip()),
                                if completes {
                                    String::new()
                                } else {
                                    format!(", and no other piece answering to die {b} can land there")
                                }
                            ),
                        );
                    }
                    first_undo = Some(lift);
                } else {
                    if let Some(why) = self.explain_illegal(s, a, Targets::Normal) {
                        return refuse(progress, why);
                    }
                    let undo = self.apply_step(s, None);
                    if undo.captured_king() {
                        self.revert_step(undo);
                        return if t.is_played() {
                            fail(
                                progress + 1,
                                format!(
                                    "{} captures the king: the game is over and the other die is not played",
                                    step_text(s)
                                ),
                            )
                        } else {
                            Ok(())
                        };
                    }
                    first_undo = Some(undo);
                }
            }
        }
        progress += 1;

        // The second die, in the position the first left.
        let result = match (t, pending) {
            (Step::Lost, _) => {
                let mut v = Vec::new();
                self.die_steps(b, Targets::Normal, &mut v);
                match v.first() {
                    Some(&example) => fail(progress, had_a_move(b, example)),
                    None => Ok(()),
                }
            }
            (_, Some(_)) => {
                let sq = t.to().unwrap_or_default();
                match self.explain_illegal(t, b, Targets::Onto(sq)) {
                    Some(why) => refuse(progress, why),
                    None => Ok(()),
                }
            }
            _ => match self.explain_illegal(t, b, Targets::Normal) {
                Some(why) => refuse(progress, why),
                None => Ok(()),
            },
        };
        if let Some(undo) = first_undo {
            self.revert_step(undo);
        }
        result
    }

    /// A move the first die `a` has when `b` comes second (normal moves,
    /// or enemy point captures that `b` can complete), if any.
    fn first_die_example(&mut self, a: u8, b: u8) -> Option<Step> {
        let mut v = Vec::new();
        self.die_steps(a, Targets::Normal, &mut v);
        if let Some(&m) = v.first() {
            return Some(m);
        }
        self.die_steps(a, Targets::EnemyPoints, &mut v);
        for first in v {
            let sq = first.to()?;
            let lift = self.apply_step(first, None);
            let completes = self.die_has_step(b, Targets::Onto(sq));
            self.revert_step(lift);
            if completes {
                return Some(first);
            }
        }
        None
    }

    /// Why `step` is not a move of `die` onto `targets` here, or `None` if
    /// it is one.
    fn explain_illegal(&self, step: Step, die: u8, targets: Targets) -> Option<Illegal> {
        let mut legal = Vec::new();
        self.die_steps(die, targets, &mut legal);
        if legal.contains(&step) {
            return None;
        }
        let us = self.side();
        let text = step_text(step);
        let map = self.dice_map();
        let faces = |role: Role| {
            map.faces_of(role)
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        };
        let mut wrong_die = false;
        let message = match step {
            Step::Lost => "no move".to_string(),
            Step::Drop { role, to } => {
                if self.hand(us).count(role) == 0 {
                    format!("{text}: no {} in hand", role_name(role))
                } else if !map.answers(die, role) {
                    wrong_die = true;
                    format!(
                        "{text}: a {} answers to die {}, not {die}",
                        role_name(role),
                        faces(role)
                    )
                } else if self.occupied().contains(to) {
                    format!("{text}: {to} is occupied; drops go only to empty squares")
                } else if dead_square(role, us, to) {
                    format!(
                        "{text}: a {} dropped on {to} could never move",
                        role_name(role)
                    )
                } else if role == Role::Pawn && self.pawn_files(us).contains(to) {
                    format!(
                        "{text}: an unpromoted pawn of yours is already on file {} (nifu)",
                        to.file()
                    )
                } else {
                    format!("{text} is not a legal drop for die {die}")
                }
            }
            Step::Board { from, to, promote } => {
                let [bottom, top] = self.stack(from);
                let Some(piece) = top.or(bottom) else {
                    return Some(Illegal::new(format!("{text}: no piece on {from}")));
                };
                if piece.color != us {
                    return Some(Illegal::new(format!(
                        "{text}: the piece on {from} is {}'s",
                        side_name(piece.color)
                    )));
                }
                let under = match (bottom, top) {
                    (Some(lower), Some(_)) => format!(
                        " (the {} under it cannot move until it leaves)",
                        role_name(lower.role)
                    ),
                    _ => String::new(),
                };
                let name = role_name(piece.role);
                let [to_bottom, to_top] = self.stack(to);
                if !map.answers(die, piece.role) {
                    wrong_die = true;
                    format!(
                        "{text}: the piece that moves from {from} is the {name}{under}, which answers to die {}, not {die}",
                        faces(piece.role)
                    )
                } else if !Core::reach(piece, from, self.occupied()).contains(to) {
                    format!("{text}: the {name} on {from} cannot reach {to}")
                } else if to_top.is_some() && to_bottom.is_some_and(|p| p.color == us) {
                    format!("{text}: {to} is already a point of yours; nothing moves onto it")
                } else if promote
                    && (!piece.role.can_promote()
                        || !(zone(us).contains(from) || zone(us).contains(to)))
                {
                    format!("{text}: the {name} cannot promote on this move")
                } else if !promote && dead_square(piece.role, us, to) {
                    format!("{text}: the {name} must promote on {to}")
                } else if to_top.is_some() {
                    format!(
                        "{text} lands on {}'s point on {to} alone: an enemy point is captured only by two different pieces landing on it with the two moves of one turn",
                        side_name(us.flip())
                    )
                } else {
                    format!("{text} is not a legal move for die {die}")
                }
            }
        };
        Some(Illegal { message, wrong_die })
    }
}

fn had_a_move(die: u8, example: Step) -> String {
    format!(
        "die {die} had a move (for example {}) and was not played",
        step_text(example)
    )
}
