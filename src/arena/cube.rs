//! The doubling cube in a match (Shogammon with `--cube`; docs/rules/shogammon.md,
//! docs/match.md). Before each roll, when the side to move may double (the
//! cube is centred or its own), its engine is asked `go cube` on the
//! position with the cube clause; on `double`, the other engine is asked
//! `go take` on the same position. A take turns the cube to twice its value
//! and the taker's; a drop ends the game: the doubler wins the cube's
//! value. Cube questions are not charged to the clock; each must be
//! answered within `--search-timeout`.

use std::time::{Duration, Instant};

use super::engine::Engine;
use super::game::{await_bestmove, Answer, Ending, GameSettings};
use super::records::{side_word, Termination};
use crate::chance::{Cube, CubeAction};
use crate::game::Color;

/// What the cube decided before a roll.
pub(super) enum CubeStep {
    /// Play on with this cube.
    Play(Cube),
    /// The game is over (a drop, or an engine's fault).
    End(Ending),
}

/// One side's turn, before its roll.
pub(super) struct CubeTurn<'a> {
    pub(super) settings: &'a GameSettings,
    /// Which engine (0, 1) plays sente and gote.
    pub(super) engines: [usize; 2],
    /// Names of sente and gote.
    pub(super) names: &'a [String; 2],
    /// The `position` command of the current position, without dice.
    pub(super) position: &'a str,
    pub(super) mover: Color,
}

impl CubeTurn<'_> {
    fn name(&self, c: Color) -> String {
        format!("{} ({})", self.names[c.index()], side_word(c))
    }

    /// Asks for a double (if the mover may) and an answer to it.
    pub(super) fn before_roll(&self, slots: &mut [Option<Engine>; 2], cube: Cube) -> CubeStep {
        let mover = self.mover;
        if cube.may_double(mover).is_err() {
            return CubeStep::Play(cube);
        }
        match self.ask(slots, mover, cube, usi::CubeQuery::Double) {
            Err(ending) => CubeStep::End(ending),
            Ok(CubeAction::NoDouble) => CubeStep::Play(cube),
            Ok(CubeAction::Double) => self.answer_double(slots, cube),
            Ok(other) => CubeStep::End(self.wrong_answer(mover, "go cube", other.word())),
        }
    }

    fn answer_double(&self, slots: &mut [Option<Engine>; 2], cube: Cube) -> CubeStep {
        let taker = self.mover.flip();
        match self.ask(slots, taker, cube, usi::CubeQuery::Take) {
            Err(ending) => CubeStep::End(ending),
            Ok(CubeAction::Take) => CubeStep::Play(cube.taken_by(taker)),
            Ok(CubeAction::Drop) => CubeStep::End(Ending {
                winner: Some(self.mover),
                termination: Termination::Drop,
                offender: None,
                illegal: None,
                end_ms: None,
                detail: format!(
                    "{} dropped the double to {}: {} wins {} point(s)",
                    self.name(taker),
                    cube.value() * 2,
                    self.name(self.mover),
                    cube.value()
                ),
            }),
            Ok(other) => CubeStep::End(self.wrong_answer(taker, "go take", other.word())),
        }
    }

    fn wrong_answer(&self, side: Color, question: &str, answer: &str) -> Ending {
        Ending::fault(
            side,
            Termination::IllegalMove,
            format!("{} answered {question} with '{answer}'", self.name(side)),
        )
        .with_illegal(answer)
    }

    /// Sends the position with the cube and `go cube`/`go take` to `side`'s
    /// engine and reads its answer word; a fault ends the game.
    fn ask(
        &self,
        slots: &mut [Option<Engine>; 2],
        side: Color,
        cube: Cube,
        query: usi::CubeQuery,
    ) -> Result<CubeAction, Ending> {
        let s = self.settings;
        let question = format!("go {query}");
        let slot = &mut slots[self.engines[side.index()]];
        let Some(en) = slot.as_mut() else {
            return Err(self.crashed(side, &question));
        };
        let position = format!("{} {}", self.position, cube.to_usi());
        if en.send(&position).and_then(|_| en.send(&question)).is_err() {
            *slot = None;
            return Err(self.crashed(side, &question));
        }
        let deadline = Instant::now() + Duration::from_millis(s.search_timeout_ms);
        match await_bestmove(en, deadline, s.hang_ms) {
            Answer::Crash => {
                *slot = None;
                Err(self.crashed(side, &question))
            }
            Answer::Hang => {
                en.kill();
                *slot = None;
                Err(Ending::fault(
                    side,
                    Termination::Hang,
                    format!("{} never answered {question}", self.name(side)),
                ))
            }
            Answer::Move { stopped: true, .. } => Err(Ending::fault(
                side,
                Termination::TimeForfeit,
                format!(
                    "{} took longer than {} ms over {question}",
                    self.name(side),
                    s.search_timeout_ms
                ),
            )),
            Answer::Move { mv, .. } => {
                CubeAction::parse(&mv).ok_or_else(|| self.wrong_answer(side, &question, &mv))
            }
        }
    }

    fn crashed(&self, side: Color, question: &str) -> Ending {
        Ending::fault(
            side,
            Termination::Crash,
            format!("{} exited before answering {question}", self.name(side)),
        )
    }
}
